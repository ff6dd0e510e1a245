"""Rows typed offline that the server refuses, in a real Chromium at 360 px (docs/offline.md):
the form shown afterwards is the sheet as the server has it, the rows held behind a refused one
say what really happened, and no sentence is said twice on the page.

Czech Tisíc (seed 000): the deal passes to the dealer's right and the obligation (50) is on the
dealer's right, so with Jana, Karel, Petr and Jana dealing first:

  deal 1  Jana deals, Petr has the obligation
  deal 2  Petr deals, Karel has the obligation
  deal 3  Karel deals, Jana has the obligation

  T1  Petr plays 50 with 50, made: Jana 30, Karel 40, Petr +50      (written)
  T2  Karel plays 50; card points 30 + 40 + 90 = 160, not 120          (refused)
  T3  Jana plays 50 with 50: Karel 40, Petr 30                        (held behind T2)
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from scoresheet.protect.device import unsigned
from scoresheet.sheets import services
from scoresheet.sheets.views.access import DEVICE_COOKIE
from tests.conftest import deal, new_key

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

READY = "html[data-offline=ready]"  # static/js/offline.js: the worker keeps the sheet's forms
BEHIND = ("A row before this one was refused, so this one was not written: check it and write "
          "it again, or discard it.")
OTHER_PHONE = "Another phone changed the sheet"
HOLDER = "{} has the obligation this deal: 50 unless somebody bids more."


def open_sheet(page: Any, url: str) -> None:
    page.goto(url)
    page.locator(READY).wait_for(state="attached", timeout=15_000)


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def new_deal_form(page: Any) -> None:
    page.get_by_role("link", name="+ Deal").click()
    page.wait_for_url(re.compile(r"/entries/new/deal/(\?at=\d+)?(#.*)?$"))


def form_shows(page: Any, *, row: int, dealer: str, holder: str, holder_seat: int) -> None:
    """The form's row number, dealer and obligation holder; typing the obligation (50) as the
    contract picks the holder as the declarer."""
    expect(page.locator("h1")).to_contain_text(f"Row {row}")
    expect(page.locator(".totals-strip .deals")).to_contain_text(dealer)
    expect(page.locator(".totals-strip .deals")).to_have_count(1)
    expect(page.locator("#holder-line")).to_have_text(HOLDER.format(holder))
    expect(page.locator("label.choice.holder")).to_have_text(holder)
    page.fill("#id_contract", "50")
    expect(page.locator(f"#id_declarer_{holder_seat}")).to_be_checked()
    expect(page.locator("input[name=declarer]:checked")).to_have_count(1)


def write_points(page: Any, points: tuple[int, int, int]) -> None:
    for seat, value in enumerate(points):
        page.fill(f"#id_points_{seat}", str(value))
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/(#e\d+)?$"))


def said_once(page: Any) -> None:
    """No sentence of the page's messages, alerts and pending rows is said twice."""
    texts = page.locator(".messages li, .alert:visible, .pending-why, #offline-banner:visible")
    sentences = [s.strip() for t in texts.all_inner_texts()
                 for s in re.split(r"(?<=[.!?])\s+", " ".join(t.split())) if s.strip()]
    assert len(sentences) == len(set(sentences)), sentences


def test_after_a_refused_row_the_form_is_the_sheet_as_the_server_has_it(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(ruleset="tisic", players=["Jana", "Karel", "Petr"])
    page = phone.new_page()
    sheet_url = f"{live_server.url}/s/{sheet.edit_token}/"
    open_sheet(page, sheet_url)

    phone.set_offline(True)
    new_deal_form(page)
    form_shows(page, row=1, dealer="Jana", holder="Petr", holder_seat=2)
    write_points(page, (30, 40, 50))  # T1
    # the form kept on the phone counts T1 as dealt: Petr deals, Karel has the obligation
    new_deal_form(page)
    form_shows(page, row=2, dealer="Petr", holder="Karel", holder_seat=1)
    assert no_sideways_scroll(page)
    write_points(page, (30, 40, 90))  # T2: 160 card points, a slip of the finger
    new_deal_form(page)
    form_shows(page, row=3, dealer="Karel", holder="Jana", holder_seat=0)
    write_points(page, (50, 40, 30))  # T3
    expect(page.locator("tr.pending")).to_have_count(3)

    phone.set_offline(False)
    expect(page.locator("tr.pending.status-refused")).to_have_count(1, timeout=15_000)
    held = page.locator("tr.pending.status-conflict")
    expect(held).to_have_count(1)
    expect(held).to_contain_text(BEHIND)
    body = page.locator("body").inner_text()
    assert body.count(BEHIND) == 1
    assert OTHER_PHONE not in body  # nobody else wrote anything
    said_once(page)
    assert no_sideways_scroll(page)
    sheet.refresh_from_db()
    assert sheet.entries.count() == 1  # T1 only

    # online: the form is the server's, and the refused and held rows are not counted
    new_deal_form(page)
    form_shows(page, row=2, dealer="Petr", holder="Karel", holder_seat=1)
    page.get_by_role("link", name="Back to the sheet").click()
    page.locator(READY).wait_for(state="attached", timeout=15_000)

    # offline: the form kept on the phone says the same
    phone.set_offline(True)
    new_deal_form(page)
    form_shows(page, row=2, dealer="Petr", holder="Karel", holder_seat=1)
    assert no_sideways_scroll(page)


def test_rows_refused_for_the_same_reason_say_it_once(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(ruleset="tisic", players=["Jana", "Karel", "Petr"])
    page = phone.new_page()
    open_sheet(page, f"{live_server.url}/s/{sheet.edit_token}/")
    phone.set_offline(True)
    for _ in range(3):  # three slips of the finger: 160 card points each
        new_deal_form(page)
        page.fill("#id_contract", "50")
        write_points(page, (30, 40, 90))
    expect(page.locator("tr.pending")).to_have_count(3)

    phone.set_offline(False)
    refused = page.locator("tr.pending.status-refused")
    expect(refused).to_have_count(1, timeout=15_000)
    objection = refused.locator(".pending-why").inner_text()
    assert objection and objection != BEHIND
    held = page.locator("tr.pending.status-conflict")
    expect(held).to_have_count(2)
    assert page.locator("body").inner_text().count(BEHIND) == 1  # said on the first held row
    said_once(page)

    # the player sends a held row as it is: refused for the same reason
    held.first.get_by_role("button", name="Enter it anyway").click()
    expect(refused).to_have_count(2, timeout=15_000)
    expect(held).to_have_count(1)
    body = page.locator("body").inner_text()
    assert body.count(objection) == 1
    assert body.count(BEHIND) == 1
    assert OTHER_PHONE not in body
    said_once(page)
    sheet.refresh_from_db()
    assert sheet.entries.count() == 0


def test_a_change_this_phone_made_itself_is_not_blamed_on_another_phone(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(ruleset="tisic", players=["Jana", "Karel", "Petr"])
    page = phone.new_page()
    open_sheet(page, f"{live_server.url}/s/{sheet.edit_token}/")
    device = unsigned(next(c["value"] for c in phone.cookies() if c["name"] == DEVICE_COOKIE))
    assert device is not None  # the id the site signed into the phone's cookie
    phone.set_offline(True)
    new_deal_form(page)
    page.fill("#id_contract", "50")
    write_points(page, (30, 40, 50))  # T1, kept on the phone
    # meanwhile this same phone (another tab, still online) writes another deal 1: Petr plays
    # 50 and Jana took 40, Karel 30
    services.add_entry(sheet.pk, revision=0, key=new_key(), entry=deal(2, 50, [40, 30, 50]),
                       device=services.Device(id=device, user_agent="another tab"))

    phone.set_offline(False)
    held = page.locator("tr.pending.status-conflict")
    expect(held).to_have_count(1, timeout=15_000)
    expect(held).to_contain_text("The sheet changed since this row was typed, so it was not "
                                 "written.")
    expect(page.locator("#live tbody tr.kind-deal:not(.pending)")).to_have_count(1)  # reloaded
    assert OTHER_PHONE not in page.locator("body").inner_text()
    said_once(page)
    sheet.refresh_from_db()
    assert sheet.entries.count() == 1


def test_a_form_open_while_the_rows_are_sent_becomes_the_servers(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    """The connection returns while the next row's form, kept on the phone, is open and nothing
    is typed in it: T1 is written, T2 refused, and the form shows the sheet as the server has it
    (row 2, Petr deals, Karel has the obligation), not row 3 after both."""
    sheet = make_sheet(ruleset="tisic", players=["Jana", "Karel", "Petr"])
    page = phone.new_page()
    open_sheet(page, f"{live_server.url}/s/{sheet.edit_token}/")
    phone.set_offline(True)
    new_deal_form(page)
    page.fill("#id_contract", "50")
    write_points(page, (30, 40, 50))  # T1
    new_deal_form(page)
    page.fill("#id_contract", "50")
    write_points(page, (30, 40, 90))  # T2, refused when it arrives
    new_deal_form(page)
    expect(page.locator("h1")).to_contain_text("Row 3")
    expect(page.locator("#holder-line")).to_have_text(HOLDER.format("Jana"))

    phone.set_offline(False)
    expect(page.locator("h1")).to_contain_text("Row 2", timeout=15_000)
    form_shows(page, row=2, dealer="Petr", holder="Karel", holder_seat=1)
    sheet.refresh_from_db()
    assert sheet.entries.count() == 1
