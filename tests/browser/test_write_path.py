"""The write path in a real Chromium at phone size: nothing lost, nothing written twice.

Every sheet starts with three quiet ru deals (tests.conftest.quiet_deals: each round sums to
zero, totals 0 0 0), so Anna deals row 4, Boris row 5, Vera row 6 (the deal passes to the left,
RULES.md 1.1).  The deals typed here are ru deals at 120, failed: the declarer writes -120 and
each defender his card points (multiples of 5, so nearest_5 rounding leaves them alone):

  D4  Boris plays 120 with 75: Anna +30, Boris -120, Vera +15
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from scoresheet.sheets.models import Entry
from tests.conftest import quiet_deals
from tests.playwright_fixtures import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

READY = "html[data-offline=ready]"


def rows_of(sheet: Any) -> list[dict[str, Any]]:
    return list(Entry.objects.filter(sheet=sheet).order_by("position")
                .values_list("data", flat=True))


def type_deal(page: Any, declarer: int, points: tuple[int, int, int]) -> None:
    page.get_by_role("link", name="+ Deal").click()
    page.wait_for_url(re.compile(r"/entries/new/deal/"))
    page.check(f"#id_declarer_{declarer}")
    page.fill("#id_contract", "120")
    for seat, value in enumerate(points):
        page.fill(f"#id_points_{seat}", str(value))


def test_back_and_write_again_never_writes_the_deal_twice(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=quiet_deals(3))
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/")
    type_deal(page, 1, (30, 75, 15))
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/#e3$"))
    expect(page.locator(".messages")).to_contain_text("Row 4 written.")

    page.go_back()  # the form comes back from the server, the browser puts the typing back
    page.wait_for_url(re.compile(r"/entries/new/deal/"))
    assert page.evaluate("performance.getEntriesByType('navigation')[0].type") == "back_forward"
    expect(page.locator("#id_contract")).to_have_value("120")
    page.get_by_role("button", name="Write it down").click()

    alert = page.locator("[data-already]")
    expect(alert).to_contain_text("Already written as row 4")
    assert len(rows_of(sheet)) == 4
    alert.get_by_role("link", name="See row 4").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/#e3$"))
    expect(page.locator("#live tbody tr.kind-deal")).to_have_count(4)


ROW_4_WRITTEN = "Row 4 written: Deal — Boris 100; 50/20/50."


def test_another_deal_from_a_form_made_before_a_write_is_asked_about(
    live_server: Any, phone: Any, make_sheet: Any, write: Any
) -> None:
    sheet = make_sheet(entries=quiet_deals(3))
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/")
    type_deal(page, 1, (30, 75, 15))
    write(sheet, quiet_deals(4)[3])  # another phone writes row 4 meanwhile
    page.get_by_role("button", name="Write it down").click()
    # what the other phone wrote, in players' words: no revisions, no change numbers
    alert = page.locator(".alert.conflict")
    expect(alert).to_contain_text("Another phone changed the sheet while you were typing.")
    expect(alert.locator(".since li")).to_have_text([ROW_4_WRITTEN])
    assert "change 3" not in alert.inner_text() and "change 4" not in alert.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert len(rows_of(sheet)) == 4
    page.get_by_role("button", name="Write it down anyway").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/#e4$"))
    assert [r["declarer"] for r in rows_of(sheet)][3:] == [1, 1]


def test_a_lost_answer_is_kept_as_not_sent_retried_and_confirmed_once(
    live_server: Any, chromium: Any, make_sheet: Any
) -> None:
    """Pub Wi-Fi: the phone thinks it is online, the server writes the deal, the answer is lost;
    then the connection fails outright once more; then it works."""
    sheet = make_sheet(entries=quiet_deals(3))
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                   has_touch=True, locale="en", service_workers="block")
    calls: list[str] = []

    def pub_wifi(route: Any) -> None:
        if route.request.method != "POST" or "preview=1" in (route.request.post_data or ""):
            route.continue_()
            return
        calls.append(route.request.headers.get("x-listek-queue", ""))
        if len(calls) == 1:
            route.fetch()  # the server writes the row ...
            route.abort("connectionreset")  # ... and its answer never arrives
        elif len(calls) == 2:
            route.abort("internetdisconnected")
        else:
            route.continue_()

    try:
        context.route(re.compile(r".*/entries/new/deal/.*"), pub_wifi)
        page = context.new_page()
        page.goto(f"{live_server.url}/s/{sheet.edit_token}/")
        type_deal(page, 1, (30, 75, 15))
        page.get_by_role("button", name="Write it down").click()

        page.wait_for_url(re.compile(r"/s/[\w-]+/$"))  # the sheet, not the browser's error page
        pending = page.locator("tr.pending")
        expect(pending).to_contain_text("not sent yet")
        expect(pending).to_contain_text("Deal")
        expect(pending).to_have_count(0, timeout=20_000)  # sent again, with the same key
        expect(page.locator("#live tbody tr.kind-deal")).to_have_count(4)
        expect(page.locator(".messages li")).to_have_count(1)
        expect(page.locator(".messages")).to_have_text("Row 4 written.")
        assert len(calls) == 3 and all(calls)  # every try went through the queue's path
        assert len(rows_of(sheet)) == 4
        assert rows_of(sheet)[3]["points"] == [30, 75, 15]
    finally:
        context.close()


def test_a_write_that_gets_no_answer_is_kept_after_the_timeout_and_sent_again(
    live_server: Any, chromium: Any, make_sheet: Any
) -> None:
    """The request hangs (no error, no answer): after 15 s the phone stops waiting, keeps the
    row as not sent and sends it again with its key."""
    sheet = make_sheet(entries=quiet_deals(3))
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                   has_touch=True, locale="en", service_workers="block")
    calls: list[Any] = []

    def hang_once(route: Any) -> None:
        if route.request.method != "POST" or "preview=1" in (route.request.post_data or ""):
            route.continue_()
            return
        calls.append(route)
        if len(calls) > 1:
            route.continue_()
        # the first one is never answered

    try:
        context.route(re.compile(r".*/entries/new/deal/.*"), hang_once)
        page = context.new_page()
        page.goto(f"{live_server.url}/s/{sheet.edit_token}/")
        type_deal(page, 1, (30, 75, 15))
        page.get_by_role("button", name="Write it down").click()
        expect(page.get_by_role("button", name="sending…")).to_be_disabled()
        page.wait_for_url(re.compile(r"/s/[\w-]+/$"), timeout=25_000)
        expect(page.locator("tr.pending")).to_have_count(0, timeout=20_000)
        expect(page.locator(".messages")).to_have_text("Row 4 written.")
        assert len(calls) == 2
        assert len(rows_of(sheet)) == 4
    finally:
        context.close()


def test_a_refused_offline_row_is_corrected_in_the_form_and_sent(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=quiet_deals(3))
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/")
    page.locator(READY).wait_for(state="attached", timeout=15_000)

    phone.set_offline(True)
    type_deal(page, 1, (30, 75, 50))  # 155 card points: a slip of the finger
    page.get_by_role("button", name="Write it down").click()
    expect(page.locator("tr.pending")).to_have_count(1)

    # the next form kept on the phone counts the row waiting before it
    page.get_by_role("link", name="+ Deal").click()
    expect(page.locator("h1")).to_contain_text("Row 5")
    expect(page.locator(".totals-strip .deals")).to_contain_text("Boris")
    page.get_by_role("link", name="Back to the sheet").click()

    phone.set_offline(False)
    refused = page.locator("tr.pending.status-refused")
    expect(refused).to_contain_text("refused", timeout=15_000)
    assert rows_of(sheet) == quiet_deals(3)
    refused.get_by_role("button", name="Open in the form").click()
    page.wait_for_url(re.compile(r"#fix-\w+$"))
    expect(page.locator("#fixing-note-online")).to_be_visible()  # online: sent at once
    expect(page.locator("#fixing-note")).to_be_hidden()
    expect(page.locator("#id_points_2")).to_have_value("50")
    expect(page.locator("#id_declarer_1")).to_be_checked()
    page.fill("#id_points_2", "15")
    page.get_by_role("button", name="Write it down").click()

    expect(page.locator("tr.pending")).to_have_count(0, timeout=15_000)
    expect(page.locator("#live tbody tr.kind-deal")).to_have_count(4)
    assert rows_of(sheet)[3]["points"] == [30, 75, 15]
    expect(page.locator("#live tfoot td")).to_have_text(["30", "-120", "15"])

    # offline again: one more row kept, and the form after it is row 6, dealt by Vera
    page.locator(READY).wait_for(state="attached", timeout=15_000)
    phone.set_offline(True)
    type_deal(page, 2, (30, 15, 75))
    expect(page.locator("h1")).to_contain_text("Row 5")
    expect(page.locator(".totals-strip .deals")).to_contain_text("Boris")
    page.get_by_role("button", name="Write it down").click()
    expect(page.locator("tr.pending")).to_have_count(1)
    page.get_by_role("link", name="+ Deal").click()
    expect(page.locator("h1")).to_contain_text("Row 6")
    expect(page.locator(".totals-strip .deals")).to_contain_text("Vera")
