"""A renonc called in the middle of a deal, recorded on a phone (360 px, touch) without a made-up
card result (docs/rules/marias.md#stopped-deal; seed 004 IV.1: the side that made the renonc lost
"at the moment it was acknowledged").

The sheet (preset marias, latest rules: the first flek-giver is written; three players, Anna
deals first), in haléře:

1. Anna deals.  Anna plays hra in leaves with 30 card points: lost, 0.20 to each defender ->
   [-40, +20, +20].
2. Bohouš deals.  Cyril announces sedma in hearts (red: hra 0.40, sedma 0.80), Anna gives a flek
   on the seven (0.80 x 2 = 1.60).  Mid-play Bohouš does not follow suit (renonc 1): he loses the
   deal for the defence and pays Cyril for both defenders, (0.40 + 1.60) x 2 = 4.00, and the fee
   2.00 to each other player: [+200, -800, +600] -> [160, -780, 620].
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

THREE = ("Anna", "Bohouš", "Cyril")
LOST_HRA = {"type": "deal", "declarer": 0, "game": "suit", "trump": "leaves", "announced": [],
            "card_points": 30}
HEARTS = 0  # the first suit button


def totals(page: Any) -> list[str]:
    return [re.sub(r"\s+", " ", t) for t in page.locator("tfoot td").all_inner_texts()]


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_renonc_in_the_deal_being_played_is_written_without_card_points(
    live_server: Any, phone: Any, make_sheet: Any, shot: Any
) -> None:
    sheet = make_sheet(ruleset="marias", players=THREE, first_dealer=0, entries=[LOST_HRA])
    page = phone.new_page()
    page.goto(live_server.url + reverse("sheet", args=[sheet.edit_token]))
    assert totals(page) == ["-0.40 Kč", "0.20 Kč", "0.20 Kč"]

    # "Renonc!" -- the renonc form says which deal it refers to; the deal being played is the
    # other choice
    page.get_by_role("link", name="+ Renonc").tap()
    expect(page.locator(".refers")).to_contain_text("A renonc in row 1: Anna played hra.")
    expect(page.locator("#id_deal_0")).to_be_checked()  # the last written deal, as before
    page.locator("label:has(#id_deal_1)").tap()  # the deal being played
    page.get_by_role("button", name="Write it down").tap()
    expect(page.locator("#id_stopped")).to_be_checked()
    expect(page.locator(".m-card_points")).to_be_hidden()  # no card points to make up
    expect(page.locator(".m-marriages")).to_be_hidden()

    # what was announced and fleked, and who made which renonc: a tap each
    page.locator("label:has(#id_declarer_2)").tap()
    page.locator(f"label:has(#id_trump_{HEARTS})").tap()
    page.locator("label:has(#id_announced_0)").tap()  # sedma
    page.locator(".ladder.c-seven [data-flek-up]").tap()
    page.locator("label:has(#id_flek_by_seven_1_0)").tap()  # Anna gave the flek
    page.locator("label:has(#id_renonc_seat_1)").tap()  # Bohouš
    page.locator("label:has(#id_renonc_kind_0)").tap()  # 1. did not follow suit
    preview = page.locator("#preview")
    preview.get_by_text("Bohouš → Cyril 3.20 Kč").wait_for()
    expect(preview).to_contain_text("Bohouš 0.20 Kč → -7.80 Kč (-8.00 Kč)")
    no_sideways_scroll(page)
    shot(page, "marias-renonc-mid-deal-form")
    page.get_by_role("button", name="Write it down").tap()
    page.wait_for_url(re.compile(r"#e1$"))

    assert totals(page) == ["1.60 Kč", "-7.80 Kč", "6.20 Kč"]
    row = page.locator("#e1")
    expect(row.locator("summary")).to_contain_text("sedma ♥, stopped by renonc 1")
    expect(row.locator("summary")).to_contain_text("Cyril")
    row.locator("summary").tap()
    pop = row.locator(".ledger-pop")
    expect(pop).to_contain_text("Bohouš → Cyril 0.80 Kč hra červená")
    expect(pop).to_contain_text("Bohouš → Cyril 3.20 Kč sedma červená · flek ×2")
    expect(pop).not_to_contain_text("cancelled")  # nothing was played, nothing to cancel
    no_sideways_scroll(page)
    shot(page, "marias-renonc-mid-deal-sheet")
    row.locator("summary").tap()
    expect(pop).to_be_hidden()

    # the next deal is a deal like any other: the form opens without the renonc
    page.get_by_role("link", name="+ Deal").tap()
    expect(page.locator("#id_stopped")).not_to_be_checked()
    expect(page.locator(".m-card_points")).to_be_visible()


def test_without_javascript_the_calculator_leads_to_the_stopped_deal(
    live_server: Any, chromium: Any, make_sheet: Any
) -> None:
    """The penalty calculator, asked about the deal being played, opens the deal form with the
    renonc filled in; with no script at all, the same deal as above is written."""
    sheet = make_sheet(ruleset="marias", players=THREE, first_dealer=0, entries=[LOST_HRA])
    context = chromium.new_context(viewport={"width": 360, "height": 740}, locale="en",
                                   java_script_enabled=False, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(live_server.url + reverse("penalty", args=[sheet.edit_token]) + "?type=renonc")
    expect(page.locator("#id_deal_1")).to_be_checked()  # the last deal on the sheet, row 1
    page.check("#id_deal_0")  # the deal being played
    page.check("#id_seat_1")  # Bohouš
    page.select_option("#id_kind", "1")
    page.get_by_role("button", name="Show what it costs").click()
    page.get_by_role("link", name="Write that deal, stopped by the renonc").click()
    expect(page.locator("#id_stopped")).to_be_checked()
    expect(page.locator("#id_renonc_seat_1")).to_be_checked()
    expect(page.locator(".m-card_points")).to_be_hidden()
    page.check("#id_declarer_2")
    page.check(f"#id_trump_{HEARTS}")
    page.check("#id_announced_0")
    page.check("#id_flek_seven_1")
    page.check("#id_flek_by_seven_1_0")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"#e1$"))
    assert totals(page) == ["1.60 Kč", "-7.80 Kč", "6.20 Kč"]
    context.close()
