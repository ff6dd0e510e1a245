"""Mariáš and the referee at the table, in a real browser at phone size: "What does it cost?"
opens the calculator on the verdict's renonc, the costs say gains as gains, and a row's ledger
names the game as played with the arithmetic of its doubling.

The ledger (tests/golden/marias/evening_four_players_pauzirak.json, deal 2, worked by hand with
the tariff of docs/rules/marias.md): Bohouš plays sedma in hearts.  Hearts are trumps, so the hra
is the red hra, 2 x 0.20 = 0.40, lost to each of 3; the seven is red too, 2 x 0.40 = 0.80, won at
flek (x2): 0.80 x 2 = 1.60 from each of 3, 4.80 in all.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.sheets.golden_docs import golden_named

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOUR = ("Anna", "Bohouš", "Cyril", "Dana")


def test_the_ledger_names_the_red_game_and_shows_the_doubling_on_tap(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    evening = golden_named("marias/evening_four_players_pauzirak")
    sheet = make_sheet(ruleset="marias", players=FOUR, first_dealer=3,
                       entries=evening["entries"][:2], edition=evening["edition"])
    page = phone.new_page()
    page.goto(live_server.url + reverse("sheet", args=[sheet.edit_token]))
    ledger = page.locator("#e1 details.ledger")
    expect(ledger.locator(".ledger-pop")).to_be_hidden()
    ledger.locator("summary").click()
    pop = ledger.locator(".ledger-pop")
    expect(pop).to_be_visible()
    expect(pop).to_contain_text("Bohouš → Anna 0.40 Kč hra červená")
    expect(pop).to_contain_text("Anna → Bohouš 1.60 Kč sedma červená · flek ×2 (0.80 × 2 = 1.60)")
    expect(pop.locator(".ledger-sums")).to_contain_text("hra červená: 0.40 × 3 = 1.20 Kč")
    expect(pop.locator(".ledger-sums")).to_contain_text("sedma červená: 0.80 × 2 × 3 = 4.80 Kč")


def test_what_does_it_cost_opens_on_the_verdicts_renonc_and_says_gains_as_gains(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    evening = golden_named("marias/evening_four_players_pauzirak")
    sheet = make_sheet(ruleset="marias", players=FOUR, first_dealer=3,
                       entries=evening["entries"][:1], edition=evening["edition"])
    page = phone.new_page()
    # the spodek of hearts led, the player holds a heart and plays a bell: not following suit
    question = {"contract": "suit", "trump": "acorns", "lead": "J-hearts",
                "hand": ["7-hearts", "A-bells"], "card": "A-bells"}
    page.goto(live_server.url + reverse("referee", args=[sheet.edit_token]) + "?"
              + urlencode(question, doseq=True))
    expect(page.locator("#verdict")).to_contain_text("Not legal")
    page.get_by_role("link", name="What does it cost?").click()
    kind = page.locator("#id_kind")
    expect(kind).to_have_value("1")  # renonc 1: did not follow suit
    page.locator("#id_seat_1").check()  # Bohouš
    result = page.locator("#result table.costs")
    expect(result).to_be_visible()
    rows = {row.locator("th").inner_text(): row.locator("td").first.inner_text()
            for row in result.locator("tbody tr").all()}
    assert rows["Bohouš"].startswith("pays ")
    assert all(rows[name].startswith(("gets ", "nothing")) for name in FOUR if name != "Bohouš")
    assert any(rows[name].startswith("gets ") for name in FOUR)
