"""Premium points on the Mariáš pages: the deal notes of rule II.15's minus points and of the
defence's points, and the settle-up page's final table with them.

The numbers are the hand-worked ones of tests/golden/marias/premium_points_minus_and_defence.json
(meta "working"): premium points Anna 90, Bohouš -20, Cyril -20, Dana 20.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import translation

import rules
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.words import note_text
from tests.sheets.golden_docs import GOLDEN, golden
from tests.sheets.helpers import page, text

PREMIUM = golden(GOLDEN / "marias" / "premium_points_minus_and_defence.json")


def premium_sheet(make_sheet: Any, entries: int | None = None) -> Sheet:
    doc = PREMIUM
    return make_sheet(ruleset="marias", players=doc["players"], first_dealer=doc["first_dealer"],
                      options=doc["options"], entries=doc["entries"][:entries],
                      edition=doc["edition"])


def notes(entries: int, language: str) -> list[list[str]]:
    """The notes of every row as the entry form's preview says them (messages.note_text)."""
    doc = {**PREMIUM, "entries": PREMIUM["entries"][:entries]}
    scored = rules.score(rules.load(doc))
    with translation.override(language):
        return [[note_text(n, game="marias", players=doc["players"]) for n in row.notes]
                for row in scored.rows]


def test_the_deal_says_who_gets_minus_points_for_the_flek() -> None:
    """Seed 004 II.15 "a v tomto rozsahu dostane rovněž minusové body": deal 1, Cyril's flek
    on Bohouš's won sedma at re; deal 4, Cyril joins Bohouš's fleking at tutti."""
    said = notes(4, "en")
    assert "Bohouš earns 20 premium points" in said[0]
    assert "Cyril gets -40 premium points for the flek on sedma" in said[0]
    assert ("Bohouš gets -80 premium points for the flek on sedma ♥, up to the tutti with which "
            "the third player joined") in said[3]


def test_the_defence_and_the_flek_giver_earn_their_points_in_czech() -> None:
    """"Body za vyhrané hlášené bodované hry přísluší každému aktérovi v plné výši. Body za
    flekované hry přísluší pouze flekujícímu hráči": deal 2 the defence's sedma proti, deal 3
    Anna's flek on Dana's lost betl."""
    said = notes(3, "cs")
    assert "Anna získává prémiové body: 20" in said[1]
    assert "Dana získává prémiové body: 20" in said[1]
    assert "Anna: flek na prohranou hru (betl), prémiové body: 30" in said[2]


def test_the_sheet_marks_the_seat_with_minus_points(client, make_sheet):
    sheet = premium_sheet(make_sheet, entries=1)
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert 'title="minus premium points for a flek"' in html


def test_the_final_table_counts_minus_points(client, make_sheet):
    """Article V: crowns + premium points.  Anna 22.60 -> 23 Kč + 90 = 113; Bohouš 5 Kč - 20 =
    -15; Cyril 6.60 -> 7 Kč - 20 = -13; Dana -34.20 -> -34 Kč + 20 = -14."""
    sheet = premium_sheet(make_sheet)
    html = page(client.get(reverse("marias_settle", args=[sheet.edit_token])))
    table = text(html[html.index('<table class="final">'):html.index("</table>")])
    assert "22.60 Kč 23 Kč 90 113" in table
    assert "Bohouš hra 1, sedma 1, sto 1 minus for fleks: sedma ♥ ×2 5.00 Kč 5 Kč -20 -15" in table
    assert "minus for fleks: sedma ×2, sto ×1 6.60 Kč 7 Kč -20 -13" in table
    assert "-34.20 Kč -34 Kč 20 -14" in table
