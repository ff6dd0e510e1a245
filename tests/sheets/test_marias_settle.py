"""Settling up a Mariáš sheet (/s/<token>/settle/ and /v/<token>/settle/).

Totals, whole crowns and premium points are the hand-worked ones of the golden sheets
(tests/golden/marias/*.json, meta "expected" and "working").
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest
from django.urls import reverse

from scoresheet.sheets.models import Sheet
from tests.sheets.golden_docs import GOLDEN, golden
from tests.sheets.helpers import HX, page, text

EVENING = golden(GOLDEN / "marias" / "evening_four_players_pauzirak.json")
THREE = golden(GOLDEN / "marias" / "evening_three_players.json")
TEN_HALER = golden(GOLDEN / "marias" / "ten_haler_house_rules.json")


def from_golden(make_sheet: Any, doc: dict[str, Any]) -> Sheet:
    return make_sheet(ruleset="marias", players=doc["players"], first_dealer=doc["first_dealer"],
                      options=doc["options"], entries=doc["entries"],
                      edition=doc.get("edition"))


def settle_url(sheet: Sheet) -> str:
    return reverse("marias_settle", args=[sheet.edit_token])


def transfers(html: str) -> list[tuple[str, str, int]]:
    """(payer, payee, haléře) of every transfer the page lists."""
    found = re.findall(
        r'<li class="transfer"><span class="who"><b>([^<]+)</b> → <b>([^<]+)</b>:</span> '
        r'<span class="amt">(-?[\d.]+) Kč</span>', html)
    return [(a, b, int(Decimal(amount) * 100)) for a, b, amount in found]


def payments(html: str) -> str:
    """The list of payments as it reads (no space before a colon or a bracket)."""
    listed = text(html[html.index('<ol class="transfers">'):html.index("</ol>")])
    return re.sub(r"\s+([:)])", r"\1", re.sub(r"\(\s+", "(", listed)).replace("\xa0", " ")


def final_column(html: str, css: str) -> list[str]:
    table = html[html.index('<table class="final">'):html.index("</table>")]
    return re.findall(rf'<td class="num {css}">([^<]+)</td>', table)


def squared(doc: dict[str, Any], paid: list[tuple[str, str, int]]) -> list[int]:
    balance = dict(zip(doc["players"], doc["meta"]["expected"]["totals"], strict=True))
    for payer, payee, amount in paid:
        balance[payer] += amount
        balance[payee] -= amount
    return list(balance.values())


@pytest.mark.parametrize("doc", [EVENING, THREE, TEN_HALER], ids=["four", "three", "ten"])
def test_the_transfers_square_the_money_in_the_fewest_payments(client, make_sheet, doc):
    sheet = from_golden(make_sheet, doc)
    response = client.get(settle_url(sheet))
    assert response.status_code == 200
    paid = transfers(page(response))
    assert squared(doc, paid) == [0] * len(doc["players"])
    # no subset of these balances squares by itself: one payment fewer than players with money
    assert len(paid) == sum(1 for t in doc["meta"]["expected"]["totals"] if t) - 1
    assert all(amount > 0 for _payer, _payee, amount in paid)


def test_players_whose_balances_cancel_settle_between_themselves(client, make_sheet):
    # Two deals of three players, first dealer Anna (hand-worked from the tariff):
    # 1. Bohouš plays hra in bells with 60: won, 0.20 from Anna and Cyril -> [-20, 40, -20];
    # 2. Cyril plays hra in bells with 60: won, 0.20 from Anna and Bohouš -> [-40, 20, 20].
    # Anna owes 0.40, Bohouš and Cyril get 0.20 each: two payments.
    # 3. Anna plays hra in bells with 60: won, 0.20 from Bohouš and Cyril -> [0, 0, 0].
    hra = {"type": "deal", "game": "suit", "trump": "bells", "announced": [],
           "card_points": 60, "marriages": {"declarer": [], "defence": []}}
    sheet = make_sheet(ruleset="marias", players=["Anna", "Bohouš", "Cyril"], first_dealer=0,
                       entries=[{**hra, "declarer": 1}, {**hra, "declarer": 2}])
    html = page(client.get(settle_url(sheet)))
    assert sorted(transfers(html)) == [("Anna", "Bohouš", 20), ("Anna", "Cyril", 20)]
    sheet = make_sheet(ruleset="marias", players=["Anna", "Bohouš", "Cyril"], first_dealer=0,
                       entries=[{**hra, "declarer": 1}, {**hra, "declarer": 2},
                                {**hra, "declarer": 0}])
    html = page(client.get(settle_url(sheet)))
    assert transfers(html) == []
    assert "Nobody owes anybody anything." in text(html)


def test_the_final_table_rounds_to_whole_crowns_half_away_from_zero(client, make_sheet):
    # ten_haler_house_rules: 18.50 -> 19 Kč, 15.20 -> 15 Kč, -33.70 -> -34 Kč; premium points
    # (the table's own: sedma_red 20, betl 30, ...) 30, 20, 0; results 49, 35, -34.  Games won:
    # Anna the hra of deal 1 and the betl of deal 4; Bohouš hra and sedma in hearts in deal 2
    # (his durch of deal 6 was decided by Cyril's renonc, its premium withdrawn); Cyril the hra
    # of deal 3 (60 + 20 + 20 = 100 against 30).
    sheet = from_golden(make_sheet, TEN_HALER)
    html = page(client.get(settle_url(sheet)))
    assert final_column(html, "money") == ["18.50 Kč", "15.20 Kč", "-33.70 Kč"]
    assert final_column(html, "crowns") == ["19 Kč", "15 Kč", "-34 Kč"]
    table = text(html[html.index('<table class="final">'):html.index("</table>")])
    assert "Anna hra 1, betl 1 18.50 Kč 19 Kč 30 49" in table
    assert "Bohouš hra ♥ 1, sedma ♥ 1 15.20 Kč 15 Kč 20 35" in table
    # each transfer also in whole crowns: Cyril pays Anna 18.50 (19) and Bohouš 15.20 (15)
    words = payments(html)
    assert "Cyril → Anna: 18.50 Kč (19 Kč in whole crowns)" in words
    assert "Cyril → Bohouš: 15.20 Kč (15 Kč in whole crowns)" in words


def test_whole_crowns_in_czech(client, make_sheet):
    sheet = from_golden(make_sheet, TEN_HALER)
    html = page(client.get(settle_url(sheet), HTTP_ACCEPT_LANGUAGE="cs"))
    assert final_column(html, "money") == ["18,50 Kč", "15,20 Kč", "-33,70 Kč"]
    assert final_column(html, "crowns") == ["19 Kč", "15 Kč", "-34 Kč"]


@pytest.mark.parametrize(("language", "first"), [
    # found: "Cyril platí Anna 18,50 Kč", "Cyril платит Anna …" (two nominatives: who pays?),
    # pl "Cyril płaci → Anna" (verb and arrow)
    ("cs", "Cyril → Anna: 18,50 Kč (v celých korunách 19 Kč)"),
    ("ru", "Cyril → Anna: 18,50 Kč (в целых кронах 19 Kč)"),
    ("pl", "Cyril → Anna: 18,50 Kč (19 Kč w pełnych koronach)"),
    ("de", "Cyril → Anna: 18,50 Kč (19 Kč in ganzen Kronen)"),
    ("en", "Cyril → Anna: 18.50 Kč (19 Kč in whole crowns)"),
])
def test_a_payment_reads_payer_arrow_payee_in_every_language(client, make_sheet, language,
                                                             first):
    sheet = from_golden(make_sheet, TEN_HALER)
    html = page(client.get(settle_url(sheet), HTTP_ACCEPT_LANGUAGE=language))
    said = payments(html)
    assert first in said
    assert not re.search(r"platí|платит|płaci|zahlt|pays", said)


def test_premium_points_agreed_at_the_end_count_in_the_final_table(client, make_sheet):
    # evening_three_players: Anna won the betl of deal 3, Bohouš the hra of deal 1, Cyril hra
    # and sedma in deal 2 and the sto of deal 5 (70 + the trump marriage 40 = 110).  With betl 30
    # and sto 40: Anna -4.20 -> -4 Kč + 30 = 26, Bohouš -2.40 -> -2 Kč + 0 = -2,
    # Cyril 6.60 -> 7 Kč + 40 = 47.
    sheet = from_golden(make_sheet, THREE)
    html = page(client.get(settle_url(sheet)))
    assert "Premium" not in html[html.index('<table class="final">'):html.index("</table>")]
    html = page(client.get(settle_url(sheet), {"premium_betl": "30", "premium_sto": "40"}))
    table = text(html[html.index('<table class="final">'):html.index("</table>")])
    assert "Premium Result" in table
    assert "Anna betl 1 -4.20 Kč -4 Kč 30 26" in table
    assert "Bohouš hra 1 -2.40 Kč -2 Kč 0 -2" in table
    assert "Cyril hra 1, sedma 1, sto 1 6.60 Kč 7 Kč 40 47" in table


def test_a_premium_table_the_engine_refuses_is_said_on_the_page(client, make_sheet):
    sheet = from_golden(make_sheet, THREE)
    response = client.get(settle_url(sheet), {"premium_betl": "-5"})
    assert response.status_code == 200
    assert "betl must be at least 0" in text(page(response))


def test_the_fragment_is_the_settle_part_only_and_204_while_nothing_changed(
    client, make_sheet, write
):
    sheet = from_golden(make_sheet, {**THREE, "entries": THREE["entries"][:1]})
    fragment = client.get(settle_url(sheet), **HX)
    html = page(fragment)
    assert fragment.status_code == 200
    assert "<html" not in html and html.lstrip().startswith('<section id="settle"')
    assert f'hx-get="{settle_url(sheet)}?rev={sheet.revision}"' in html
    assert client.get(settle_url(sheet), {"rev": sheet.revision}, **HX).status_code == 204
    write(sheet, THREE["entries"][1])  # another phone writes deal 2: -> [-80, -20, 100]
    changed = client.get(settle_url(sheet), {"rev": sheet.revision - 1}, **HX)
    assert changed.status_code == 200
    assert sorted(transfers(page(changed))) == [("Anna", "Cyril", 80), ("Bohouš", "Cyril", 20)]


def test_the_full_page_links_back_to_the_sheet_and_polls(client, make_sheet):
    sheet = from_golden(make_sheet, EVENING)
    html = page(client.get(settle_url(sheet)))
    assert "<html" in html and 'id="settle"' in html and 'hx-trigger="every 5s"' in html
    assert f'href="{reverse("sheet", args=[sheet.edit_token])}"' in html
    assert reverse("marias_settle_read", args=[sheet.view_token]) in html


def test_the_read_only_link_settles_up_without_showing_the_edit_link(client, make_sheet):
    sheet = from_golden(make_sheet, EVENING)
    response = client.get(reverse("marias_settle_read", args=[sheet.view_token]))
    html = page(response)
    assert response.status_code == 200
    assert squared(EVENING, transfers(html)) == [0, 0, 0, 0]
    assert sheet.edit_token not in html
    assert f'href="{reverse("sheet_read", args=[sheet.view_token])}"' in html
    fragment = client.get(reverse("marias_settle_read", args=[sheet.view_token]), **HX)
    assert "<html" not in page(fragment) and 'id="settle"' in page(fragment)


def test_tokens_cannot_be_swapped_and_other_games_have_no_settle_up(client, make_sheet):
    sheet = from_golden(make_sheet, EVENING)
    assert client.get(reverse("marias_settle", args=[sheet.view_token])).status_code == 404
    assert client.get(reverse("marias_settle_read", args=[sheet.edit_token])).status_code == 404
    thousand = make_sheet()
    assert client.get(settle_url(thousand)).status_code == 404
    assert client.post(settle_url(sheet)).status_code == 405


def test_the_sheet_page_links_to_settle_up_for_mariáš_only(client, make_sheet):
    sheet = from_golden(make_sheet, EVENING)
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert f'href="{settle_url(sheet)}"' in html
    html = page(client.get(reverse("sheet_read", args=[sheet.view_token])))
    assert f'href="{reverse("marias_settle_read", args=[sheet.view_token])}"' in html
    assert "Settle up" not in page(client.get(reverse("sheet", args=[make_sheet().edit_token])))


def test_the_count_is_of_deals_played_a_stopped_deal_included(client, make_sheet):
    from tests.browser.test_settle_count import COUNT, PLAYERS, SHEET

    sheet = make_sheet(ruleset="marias", players=PLAYERS, first_dealer=0, entries=SHEET)
    assert COUNT in text(page(client.get(settle_url(sheet))))
    one = make_sheet(ruleset="marias", players=PLAYERS, first_dealer=0, entries=SHEET[:1])
    said = text(page(client.get(settle_url(one))))
    assert "After 1 deal played (a deal stopped by a renonc counts as one)." in said
    assert "not a deal" not in said
