"""Offline use in a real Chromium (docs/offline.md): deals typed without a connection are kept on
the phone as pending rows and sent, exactly once, when the connection returns; a change another
phone made meanwhile is shown and the player decides.

Every deal is a ru deal at 120 (RULES.md 1.1: anyone may play 120, whoever holds the opening bid),
and every declarer fails it, so the totals are easy to work out by hand (nearest_5 rounding
leaves multiples of 5 alone; no defender writes 0, so no bolt):

  A1  Boris plays 120 with 75: -120; Anna +30, Vera +15
  A2  Vera plays 120 with 60: -120;  Anna +40, Boris +20
  B1  Anna plays 120 with 80: -120;  Boris +25, Vera +15
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

A1 = (1, 120, (30, 75, 15))
A2 = (2, 120, (40, 20, 60))
B1 = (0, 120, (80, 25, 15))
READY = "html[data-offline=ready]"  # static/js/offline.js: the worker controls the page


def open_sheet(page: Any, url: str) -> None:
    """Open the sheet and wait until the service worker controls it and keeps its forms."""
    page.goto(url)
    page.locator(READY).wait_for(state="attached", timeout=15_000)


def type_deal(page: Any, deal: tuple[int, int, tuple[int, int, int]]) -> None:
    declarer, contract, points = deal
    page.get_by_role("link", name="+ Deal").click()
    page.wait_for_url(re.compile(r"/entries/new/deal/(\?at=\d+)?$"))
    page.check(f"#id_declarer_{declarer}")
    page.fill("#id_contract", str(contract))
    for seat, value in enumerate(points):
        page.fill(f"#id_points_{seat}", str(value))
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/(#e\d+)?$"))


def totals(page: Any) -> str:
    return " ".join(page.locator("#live tfoot td").all_inner_texts())


def shows_totals(page: Any, expected: str) -> None:
    """The sheet's totals read ``expected`` (waited for: a row sent through the phone's queue
    may still be on its way when the sheet is shown)."""
    expect(page.locator("#live tfoot td")).to_have_text(expected.split(" "))


def deal_rows(page: Any) -> list[str]:
    """The rows the server wrote (the first row of each entry), without pending ones."""
    return page.locator("#live tbody tr.kind-deal:not(.pending)").all_inner_texts()


def test_two_deals_typed_offline_arrive_once_when_the_connection_returns(
    live_server: Any, phone: Any, second_phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet()
    page = phone.new_page()
    open_sheet(page, f"{live_server.url}/s/{sheet.edit_token}/")

    phone.set_offline(True)
    type_deal(page, A1)
    expect(page.locator("#offline-banner")).to_be_visible()
    expect(page.locator("tr.pending")).to_have_count(1)
    type_deal(page, A2)
    expect(page.locator("tr.pending")).to_have_count(2)
    expect(page.locator("tr.pending").first).to_contain_text("not sent yet")
    assert deal_rows(page) == []  # nothing reached the server

    phone.set_offline(False)
    expect(page.locator("tr.pending")).to_have_count(0, timeout=15_000)
    expect(page.locator("#live tbody tr.kind-deal")).to_have_count(2)
    shows_totals(page, "70 -100 -105")  # A1: 30 -120 15; A2: +40 +20 -120

    watcher = second_phone.new_page()
    watcher.goto(f"{live_server.url}/v/{sheet.view_token}/")
    assert len(deal_rows(watcher)) == 2
    shows_totals(watcher, "70 -100 -105")
    sheet.refresh_from_db()
    assert sheet.entries.count() == 2 and sheet.revision == 2


def test_a_change_made_meanwhile_on_another_phone_is_shown_and_the_player_decides(
    live_server: Any, phone: Any, second_phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet()
    page = phone.new_page()
    open_sheet(page, f"{live_server.url}/s/{sheet.edit_token}/")
    phone.set_offline(True)
    type_deal(page, A1)
    type_deal(page, A2)
    expect(page.locator("tr.pending")).to_have_count(2)

    # meanwhile the other phone, online, writes row 1 (B1): -120 25 15
    other = second_phone.new_page()
    other.goto(f"{live_server.url}/s/{sheet.edit_token}/")
    type_deal(other, B1)
    shows_totals(other, "-120 25 15")

    # back online: nothing of A is written behind the player's back
    phone.set_offline(False)
    conflicts = page.locator("tr.pending.status-conflict")
    expect(conflicts).to_have_count(2, timeout=15_000)
    assert "Another phone changed the sheet meanwhile" in conflicts.first.inner_text()
    expect(page.locator("#live tbody tr.kind-deal:not(.pending)")).to_have_count(1)
    shows_totals(page, "-120 25 15")  # the sheet as it is now, beside the pending rows
    sheet.refresh_from_db()
    assert sheet.entries.count() == 1

    # the player enters both on top of the sheet as it is now
    conflicts.first.get_by_role("button", name="Enter it anyway").click()
    expect(page.locator("tr.pending")).to_have_count(1, timeout=15_000)
    expect(page.locator("#live tbody tr.kind-deal:not(.pending)")).to_have_count(2)
    page.locator("tr.pending").get_by_role("button", name="Enter it anyway").click()
    expect(page.locator("tr.pending")).to_have_count(0, timeout=15_000)
    # B1, then A1: -90 -95 30, then A2: -50 -75 -90
    shows_totals(page, "-50 -75 -90")

    other.reload()
    assert len(deal_rows(other)) == 3
    shows_totals(other, "-50 -75 -90")
    sheet.refresh_from_db()
    assert sheet.entries.count() == 3


def test_a_row_the_player_discards_is_never_written(
    live_server: Any, phone: Any, second_phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet()
    page = phone.new_page()
    open_sheet(page, f"{live_server.url}/s/{sheet.edit_token}/")
    phone.set_offline(True)
    type_deal(page, A1)
    other = second_phone.new_page()
    other.goto(f"{live_server.url}/s/{sheet.edit_token}/")
    type_deal(other, B1)
    phone.set_offline(False)
    pending = page.locator("tr.pending.status-conflict")
    expect(pending).to_have_count(1, timeout=15_000)
    pending.get_by_role("button", name="Discard").click()
    expect(page.locator("tr.pending")).to_have_count(0)
    page.reload()
    expect(page.locator("tr.pending")).to_have_count(0)
    sheet.refresh_from_db()
    assert sheet.entries.count() == 1 and totals(page) == "-120 25 15"


CACHED_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) { urls.push(request.url); }
  }
  return urls;
}"""
CACHED_PAGES = """async () => {
  const bodies = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      bodies.push([request.url, response.headers.get("Cache-Control") || "",
                   await response.text()]);
    }
  }
  return bodies;
}"""


def test_cache_storage_never_holds_a_secret_page_and_offline_entry_still_works(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    from scoresheet.tournament import logic
    from tests.tournament.helpers import make_tournament

    sheet = make_sheet()
    t = make_tournament(12, rounds=1)
    logic.start(logic.draw(t, seed=1))
    page = phone.new_page()
    page.goto(f"{live_server.url}/offline/")  # a page the worker may keep
    open_sheet(page, f"{live_server.url}/s/{sheet.edit_token}/")
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/history/")
    page.goto(f"{live_server.url}/t/{t.director_token}/")
    page.goto(f"{live_server.url}/v/{sheet.view_token}/")
    open_sheet(page, f"{live_server.url}/s/{sheet.edit_token}/")
    urls = page.evaluate(CACHED_URLS)
    assert any(u.endswith("/offline/") for u in urls)  # the cache is used...
    for url, control, body in page.evaluate(CACHED_PAGES):  # ...but never for a secret
        assert "/s/" not in url and "/t/" not in url and "/v/" not in url, url
        assert "no-store" not in control, url
        assert sheet.edit_token not in body and t.director_token not in body, url

    phone.set_offline(True)  # the pages kept in the worker's memory still answer
    type_deal(page, A1)
    expect(page.locator("tr.pending")).to_have_count(1)
    phone.set_offline(False)
    expect(page.locator("tr.pending")).to_have_count(0, timeout=15_000)
    sheet.refresh_from_db()
    assert sheet.entries.count() == 1
    assert not any(sheet.edit_token in body for _, _, body in page.evaluate(CACHED_PAGES))


def test_a_row_sent_at_once_is_not_sent_again_by_the_page_s_own_queue(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    """A page sends the phone's waiting rows a moment after it opens.  A row tapped "Write it
    down" before that moment is on its way already: the queue must not send it a second time
    (the second send was refused as "still sending another change", and the player was taken to
    the sheet with a waiting row instead of the form's own answer)."""
    sheet = make_sheet()
    page = phone.new_page()
    page.clock.install()  # the page's timers run only when the test says so
    held: list[Any] = []  # the row's sends, kept on their way until the test lets them go

    def hold_the_row(route: Any) -> None:
        if route.request.headers.get("x-listek-queue"):  # static/js/offline.js QUEUE_HEADER
            held.append(route)
        else:  # the form's live preview
            route.continue_()

    page.route(re.compile(r"/entries/new/deal/$"), hold_the_row)
    page.goto(live_server.url + reverse("entry_new", args=[sheet.edit_token, "deal"]))
    # nobody tapped as the declarer: the server refuses the row, and says why on the form
    page.fill("#id_contract", "120")
    page.fill("#id_points_0", "30")
    page.fill("#id_points_1", "75")
    page.get_by_role("button", name="Write it down").click()
    for _ in range(100):  # the send leaves in the click's task, or just after
        if held:
            break
        page.wait_for_timeout(20)
    assert len(held) == 1
    page.clock.run_for(2_000)  # the moment the page sends its waiting rows
    page.wait_for_timeout(300)
    assert len(held) == 1, "the row on its way was sent a second time"
    held[0].continue_()
    page.locator("#form-summary").wait_for()
    expect(page.locator("#form-summary")).to_contain_text("Not written yet: 1 thing to fix.")
