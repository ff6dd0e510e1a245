"""Tournament pages write numbers as the page's language does: a decimal comma in cs (half
points, money), a point in en; the sign and the money format are the sheet's own
(``scoresheet.sheets.paper.format_number``), and the CSV keeps its decimal point."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation

from rules import tournament as draw_rules
from scoresheet.tournament import logic
from scoresheet.tournament.printouts import lines
from tests.tournament.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


def standings_cells(language: str) -> list[list[str]]:
    """The number cells of each line of the standings, as the page shows them."""
    t = make_tournament(8, rounds=2)
    anna, bohous = t.players.order_by("pk")[:2]
    st = logic.Standings(tournament=t, players={p.pk: p for p in t.players.all()}, rounds=[],
                         overall=[
        # a shared second place at a table (2.5) and a second round: 4.5 points, +12.50 Kč
        draw_rules.Standing(rank=1, player=anna.pk, points=4.5, premium=12, score=1250,
                            wins=0, best=2.5, rounds=(2.5, 2.0)),
        # a bye in round 1, then a round lost: -6 points, -6.40 Kč
        draw_rules.Standing(rank=2, player=bohous.pk, points=-6.0, premium=0, score=-640,
                            wins=0, best=-6.0, rounds=(None, -6.0)),
    ])
    with translation.override(language):
        html = render_to_string("tournament/_standings.html",
                                {"lines": lines(st), "standings": st, "money": True})
    rows = re.findall(r"<tr><td>.*?</tr>", html, re.S)
    return [re.findall(r'<td class="num[^"]*">(?:<strong>)?([^<]*)', row) for row in rows]


def test_the_standings_in_czech_write_a_decimal_comma():
    # points, premium points, money (Kč), then the points of each round
    assert standings_cells("cs") == [["4,5", "12", "12,50", "2,5", "2"],
                                     ["-6", "0", "-6,40", "–", "-6"]]


def test_the_standings_in_english_write_a_decimal_point():
    assert standings_cells("en") == [["4.5", "12", "12.50", "2.5", "2"],
                                     ["-6", "0", "-6.40", "–", "-6"]]


def test_the_csv_keeps_its_decimal_point_in_every_language():
    t = make_tournament(8, rounds=1, deals=2)
    logic.start(logic.draw(t, seed=1))
    play_round(t)
    client = Client(HTTP_ACCEPT_LANGUAGE="cs")
    body = client.get(reverse("tournament_csv", args=[t.view_token])).content.decode()
    money = re.findall(r"-?\d+[.,]\d\d\b", body)
    assert money and all("." in m for m in money), body
