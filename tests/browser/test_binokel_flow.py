"""Binokel in a real browser at phone size: deals entered with the meld calculator's + and −.

The deals (preset binokel, scale 1: 25 trick points a deal; meld values of docs/rules/binokel.md):

1. Anna deals.  Bea bids 30 in hearts and shows a trump family (15) and four aces (10) = 25;
   Anna shows a Doppelbinokel (30); Cem nothing.  Tricks: Anna 5, Bea 15, Cem the rest 25 - 20 = 5.
   Bea 25 + 15 = 40 >= 30: made, +40.  Anna 30 + 5 = 35, Cem 0 + 5 = 5.  Totals 35 / 40 / 5.
2. Bea deals.  Cem bids 20 in spades and shows a trump pair (4); Anna a family (10, typed as
   meld points); Bea a Binokel (4, its count typed).  Tricks: Anna 10, Bea 8, Cem the rest 7.
   Cem 4 + 7 = 11 < 20: failed, -20.  Anna 10 + 10 = 20, Bea 4 + 8 = 12.  Totals 55 / 52 / -15.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start_binokel(page: Any, base: str) -> None:
    page.goto(base + "/new/?ruleset=binokel")
    page.fill("#id_player_0", "Anna")
    page.fill("#id_player_1", "Bea")
    page.fill("#id_player_2", "Cem")
    page.check("#id_first_dealer_0")
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))


def tap(page: Any, name: str, meld: str, more: bool = True, times: int = 1) -> None:
    """Tap a calculator's + (or −) of ``name``'s ``meld`` (the name the table uses)."""
    label = f"{name}: one {meld} {'more' if more else 'less'}"
    for _ in range(times):
        page.get_by_role("button", name=label).click()


def totals(page: Any) -> str:
    return " ".join(page.locator("tfoot td").all_inner_texts())


def test_binokel_deals_are_entered_with_the_meld_calculator(
    live_server: Any, phone: Any, shot: Any
) -> None:
    page = phone.new_page()
    start_binokel(page, live_server.url)
    assert page.locator("thead .name").all_inner_texts() == ["Anna", "Bea", "Cem"]

    # Deal 1: Bea 30 in hearts.
    page.get_by_role("link", name="+ Deal").click()
    page.check("#id_declarer_1")
    page.fill("#id_bid", "30")
    page.check("#id_trump_0")
    page.get_by_text("Meld calculator: what Bea shows").click()
    tap(page, "Bea", "Trumpf-Familie")
    page.locator("#calc-out-1").get_by_text("Meld calculator says 15").wait_for()
    tap(page, "Bea", "4 Asse")
    page.locator("#calc-out-1").get_by_text("Meld calculator says 25").wait_for()
    assert page.locator("#calc-end-1").inner_text() == "Bea melds 25"
    assert page.input_value("#id_calc_1_four_aces") == "1"

    # Cem taps Binokel three times: the deck has only two; then back to nothing.
    page.get_by_text("Meld calculator: what Cem shows").click()
    tap(page, "Cem", "Binokel", times=3)
    page.locator("#calc-out-2").get_by_text("3 Binokels: the deck holds only two").wait_for()
    page.goto(page.url.split("#")[0] + "#seat-2")  # scroll Cem's seat to the top; no reload
    shot(page, "binokel-02-meld-calculator-refuses")
    tap(page, "Cem", "Binokel", more=False)
    page.locator("#calc-out-2").get_by_text("Two Binokels are a Doppelbinokel").wait_for()
    tap(page, "Cem", "Binokel", more=False, times=2)
    expect(page.locator("#id_calc_2_binokel")).to_have_value("0")
    expect(page.locator("#calc-out-2")).to_have_text("")

    page.get_by_text("Meld calculator: what Anna shows").click()
    tap(page, "Anna", "Doppelbinokel")
    page.locator("#calc-out-0").get_by_text("Meld calculator says 30").wait_for()
    page.fill("#id_points_0", "5")
    page.fill("#id_points_1", "15")
    preview = page.locator("#preview")
    preview.get_by_text("Bea made 30: melds 25 + tricks 15 = 40").wait_for()
    assert "Cem: 5 (the rest of the deal)" in preview.inner_text()
    for name in ("Anna", "Bea", "Cem"):  # fold the calculators: the whole form on one picture
        page.get_by_text(f"Meld calculator: what {name} shows").click()
    shot(page, "binokel-01-deal-form", full_page=True)
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/#e0$"))
    assert totals(page) == "35 40 5"

    # Deal 2: Cem 20 in spades fails; Anna's family is typed as a number.
    page.get_by_role("link", name="+ Deal").click()
    page.check("#id_declarer_2")
    page.fill("#id_bid", "20")
    page.check("#id_trump_3")
    page.fill("#id_melds_0", "10")
    page.fill("#id_points_0", "10")
    page.fill("#id_points_1", "8")
    preview = page.locator("#preview")
    preview.get_by_text("Cem missed 20 with melds 0 + tricks 7 = 7").wait_for()
    # Bea's Binokel is typed into its count box; the seat's sum follows.
    page.get_by_text("Meld calculator: what Bea shows").click()
    page.fill("#id_calc_1_binokel", "1")
    page.locator("#calc-out-1").get_by_text("Meld calculator says 4").wait_for()
    # Cem's trump pair is tapped last: the tap brings the preview up to date as well.
    page.get_by_text("Meld calculator: what Cem shows").click()
    tap(page, "Cem", "Trumpf-Paar")
    page.locator("#calc-out-2").get_by_text("Meld calculator says 4").wait_for()
    preview.get_by_text("Cem missed 20 with melds 4 + tricks 7 = 11").wait_for()
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/#e1$"))
    assert totals(page) == "55 52 -15"
    assert page.locator("#e1 .c").inner_text() == "20 ♠"
    shot(page, "binokel-03-sheet", full_page=True)


def test_the_meld_calculator_works_without_javascript(
    live_server: Any, chromium: Any, shot: Any
) -> None:
    context = chromium.new_context(viewport={"width": 360, "height": 740},
                                   java_script_enabled=False)
    try:
        page = context.new_page()
        start_binokel(page, live_server.url)
        page.get_by_role("link", name="+ Deal").click()
        # The docs' example: Bea 18 in hearts with a trump pair and four kings (12).
        page.check("#id_declarer_1")
        page.fill("#id_bid", "18")
        page.check("#id_trump_0")
        page.get_by_text("Meld calculator: what Bea shows").click()
        tap(page, "Bea", "Trumpf-Paar")  # a submit button: the page comes back
        assert page.input_value("#id_calc_1_trump_pair") == "1"
        assert page.input_value("#id_bid") == "18"  # what was typed is kept
        tap(page, "Bea", "4 Könige")
        assert page.locator("#calc-out-1").inner_text() == "Meld calculator says 12"
        page.fill("#id_melds_0", "4")
        page.fill("#id_melds_2", "2")
        page.fill("#id_points_0", "7")
        page.fill("#id_points_1", "8")
        page.get_by_role("button", name="Write it down").click()
        # Anna 4 + 7 = 11; Bea 12 + 8 = 20 >= 18; Cem 2 + (25 - 15 = 10) = 12.
        assert totals(page) == "11 20 12"
    finally:
        context.close()
