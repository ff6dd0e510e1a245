"""The sheet and the deal form name who holds the opening bid of each deal: the Czech obligation
(seed 000: "po pravé ruce má povinnost"), the Russian "on the hundred" (seed 001: "Игрок,
сидящий слева от раздающего ... сидеть на сотне")."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoresheet.sheets.models import Entry, Sheet
from tests.conftest import deal
from tests.sheets.helpers import page, text, write_fields

pytestmark = pytest.mark.django_db

CZECH = ("Jana", "Karel", "Petr")


def new_url(sheet: Sheet) -> str:
    return reverse("entry_new", args=[sheet.edit_token, "deal"])


def entries(sheet: Sheet) -> list[dict]:
    return list(Entry.objects.filter(sheet=sheet).order_by("position").values_list("data",
                                                                                  flat=True))


def post(client, sheet: Sheet, data: dict[str, str]):
    form = write_fields(page(client.get(new_url(sheet))))
    return client.post(new_url(sheet), {**form, **data})


def test_deal_form_names_the_obligation_holder_on_the_dealers_right(client, make_sheet):
    # Jana deals; Petr, on her right (before her in playing order), has the obligation.
    sheet = make_sheet(ruleset="tisic", players=CZECH)
    html = page(client.get(new_url(sheet)))
    assert "Petr has the obligation this deal: 50 unless somebody bids more." in text(html)
    assert 'data-opening="50"' in html and 'data-holder="2"' in html


def test_the_obligation_contract_without_a_declarer_is_played_by_the_holder(client, make_sheet):
    sheet = make_sheet(ruleset="tisic", players=CZECH)
    response = post(client, sheet, {"contract": "50", "points_0": "30", "points_1": "40"})
    assert response.status_code == 302
    assert entries(sheet) == [deal(2, 50, [30, 40, 50])]


def test_a_higher_contract_still_asks_who_played(client, make_sheet):
    sheet = make_sheet(ruleset="tisic", players=CZECH)
    response = post(client, sheet, {"contract": "60", "points_0": "30", "points_1": "40"})
    assert response.status_code == 400
    assert entries(sheet) == []


def test_the_refusal_names_the_holder_and_the_others(client, make_sheet):
    sheet = make_sheet(ruleset="tisic", players=CZECH)
    response = post(client, sheet, {"declarer": "0", "contract": "50", "points_0": "60",
                                    "points_1": "40"})
    assert response.status_code == 400
    assert ("Petr has the obligation this deal: only Petr may play 50; Jana and Karel must bid "
            "at least 60") in text(page(response))


def test_the_sheet_marks_the_holder_of_every_deal_and_of_the_next(client, make_sheet):
    # Jana deals (Petr has the obligation), then Petr deals (Karel has it).
    sheet = make_sheet(ruleset="tisic", players=CZECH,
                       entries=[deal(2, 50, [30, 40, 50]), deal(1, 50, [40, 50, 30])])
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    rows = re.findall(r'<tr id="e\d+".*?</tr>', html, flags=re.S)
    holders = [[i for i, cell in enumerate(re.findall(r'<td class="cell.*?</td>', row, re.S))
                if "m-obligation" in cell] for row in rows]
    assert holders == [[2], [1]]
    assert 'title="had the obligation this deal"' in html
    # the next deal: Karel deals, Jana has the obligation
    head = re.search(r"<thead>.*?</thead>", html, flags=re.S)
    assert head is not None
    names = re.findall(r'<th class="player.*?</th>', head.group(0), flags=re.S)
    assert "holder-next" in names[0] and "deals" in names[1]


def test_the_russian_form_names_who_sits_on_the_hundred(client, make_sheet):
    sheet = make_sheet()  # ru, Anna deals: Boris sits on the hundred
    html = page(client.get(new_url(sheet)))
    assert "Boris sits on the hundred this deal: 100 unless somebody bids more." in text(html)
    response = post(client, sheet, {"contract": "100", "points_0": "10", "points_1": "100"})
    assert response.status_code == 302
    assert entries(sheet)[0]["declarer"] == 1


def test_a_sheet_of_edition_1_keeps_the_old_holder(client, make_sheet):
    sheet = make_sheet(ruleset="tisic", players=CZECH, edition=1)
    assert "Karel has the obligation this deal" in text(page(client.get(new_url(sheet))))
