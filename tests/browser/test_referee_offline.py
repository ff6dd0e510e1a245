"""The referee in the pocket, offline from the start of a deal, in a real Chromium at 360 px
(docs/offline.md): the phone's own engine (Pyodide) previews each deal as it is typed, refuses
an impossible one at once (it is not kept), totals the sheet with the rows not sent yet, and
when the connection returns both good rows are stored once, with the same totals.

Czech Tisíc (seed 000): with Jana, Karel, Petr and Jana dealing first, Petr holds the
obligation (50) of the first deal, Karel that of the second.  Card points count as they are
(multiples of 5), the declarer who makes the contract scores it:

  T1  Petr plays 50, made; card points 30 / 40 / 50   -> Jana 30, Karel 40, Petr 50
  T2  Karel plays 50; card points 30 + 40 + 90 = 160: a deal has 120         (refused)
  T3  Karel plays 50, made; card points 40 / 50 / 30  -> Jana 70, Karel 90, Petr 80
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_offline_refused import READY, new_deal_form, no_sideways_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REFEREE = "html[data-referee=ready]"  # static/js/offline.js: the phone's engine has loaded
IMPOSSIBLE = "Not possible: Card points add up to 160, a deal has 120."


def type_deal(page: Any, points: tuple[int, int, int]) -> None:
    page.locator(REFEREE).wait_for(state="attached", timeout=120_000)
    page.fill("#id_contract", "50")  # the obligation: picks its holder as the declarer
    for seat, value in enumerate(points):
        page.fill(f"#id_points_{seat}", str(value))


def write_it(page: Any) -> None:
    page.get_by_role("button", name="Write it down").click()


def totals(page: Any) -> list[str]:
    return [" ".join(t.split()) for t in
            page.locator("#live-totals td").all_inner_texts()]


def test_offline_the_phone_previews_refuses_and_totals_deals_then_sends_the_good_ones_once(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(ruleset="tisic", players=["Jana", "Karel", "Petr"])
    page = phone.new_page()
    sheet_url = f"{live_server.url}/s/{sheet.edit_token}/"
    page.goto(sheet_url)
    page.locator(READY).wait_for(state="attached", timeout=15_000)
    # the engine comes after the page, and says when it is ready
    page.locator(REFEREE).wait_for(state="attached", timeout=120_000)
    expect(page.locator("#referee-ready")).to_contain_text("The offline referee is ready")

    phone.set_offline(True)
    new_deal_form(page)
    type_deal(page, (30, 40, 50))  # T1
    expect(page.locator("#preview")).to_contain_text("Petr 0 → 50 (+50)")
    write_it(page)
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))
    expect(page.locator("tr.pending")).to_have_count(1)

    new_deal_form(page)
    type_deal(page, (30, 40, 90))  # T2: a slip of the finger
    expect(page.locator("#preview .objection")).to_have_text(IMPOSSIBLE)
    write_it(page)
    # refused at once, on the form: nothing kept
    expect(page.locator("#preview .objection")).to_have_text(IMPOSSIBLE)
    assert "/entries/new/deal/" in page.url
    assert no_sideways_scroll(page)
    page.get_by_role("link", name="Back to the sheet").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))
    expect(page.locator("tr.pending")).to_have_count(1)

    new_deal_form(page)
    type_deal(page, (40, 50, 30))  # T3: Karel holds the obligation now
    expect(page.locator("#preview")).to_contain_text("Karel 40 → 90 (+50)")
    write_it(page)
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))
    expect(page.locator("tr.pending")).to_have_count(2)
    page.locator(REFEREE).wait_for(state="attached", timeout=120_000)
    unsent = page.locator("tr.pending-totals")
    expect(unsent).to_contain_text("With the rows not sent yet")
    expect(unsent.locator("td.unsent")).to_have_text(["70", "90", "80"])
    assert no_sideways_scroll(page)

    phone.set_offline(False)
    expect(page.locator("tr.pending")).to_have_count(0, timeout=20_000)
    expect(page.locator("#live-totals td")).to_have_text(["70", "90", "80"], timeout=10_000)
    sheet.refresh_from_db()
    entries = [e.data for e in sheet.entries.order_by("position")]
    assert [e["points"] for e in entries] == [[30, 40, 50], [40, 50, 30]]
    assert [e["declarer"] for e in entries] == [2, 1]
    assert totals(page) == ["70", "90", "80"]


def test_a_watcher_who_lost_the_signal_reads_when_the_table_was_last_updated_at_its_top(
    live_server: Any, second_phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(ruleset="tisic", players=["Jana", "Karel", "Petr"])
    page = second_phone.new_page()
    page.goto(f"{live_server.url}/v/{sheet.view_token}/")
    page.locator(READY).wait_for(state="attached", timeout=15_000)
    page.locator("html[data-pocket=ready]").wait_for(state="attached", timeout=30_000)
    updated = page.evaluate("""(() => {
      const when = JSON.parse(localStorage.getItem("listek.updated"))[location.pathname];
      return new Date(when).toLocaleTimeString("en", {hour: "2-digit", minute: "2-digit"});
    })()""")

    second_phone.set_offline(True)
    line = page.locator("#live > #stale-table")
    expect(line).to_have_text(re.compile(r"^Not updated since \d\d?:\d\d( [AP]M)?\.$"))
    assert line.inner_text() == f"Not updated since {updated}."  # when the page last heard
    # at the top of the table, and the scorer's sentence at the end of the page is not shown
    assert page.evaluate("document.querySelector('#stale-table').nextElementSibling"
                         ".classList.contains('table-wrap')")
    expect(page.locator("#offline-banner")).to_be_hidden()
    assert no_sideways_scroll(page)

    second_phone.set_offline(False)
    expect(line).to_have_count(0)
