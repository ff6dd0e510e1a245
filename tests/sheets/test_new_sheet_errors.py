"""The new-sheet form says what is wrong where the eye is (issue 24, point 3): a summary at the
top, the first wrong field focused, the players' words instead of Django's "This field is
required.", and a house-rule conflict named in words with a fix that starts the sheet."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from scoresheet.sheets.models import Sheet
from tests.sheets.helpers import page, text
from tests.sheets.test_new_sheet import NAMES, create


def summary(html: str) -> str:
    found = re.search(r'<div class="alert error error-summary"[^>]*>(.*?)</div>', html, re.S)
    assert found, "no error summary at the top of the form"
    return text(found.group(1))


def test_empty_names_are_asked_for_in_words_at_the_top_and_the_first_is_focused(client, db):
    response = create(client, player_0="", player_1="", player_2="")
    assert response.status_code == 400
    html = page(response)
    said = summary(html)
    assert "The sheet cannot start yet: 3 things to put right." in said
    assert "Type the first player's name." in said
    assert "This field is required" not in text(html)
    assert 'href="#id_player_0"' in html
    assert re.search(r'<input[^>]*name="player_0"[^>]*autofocus', html)
    assert not re.search(r'<input[^>]*name="player_1"[^>]*autofocus', html)


def test_a_target_the_barrel_cannot_reach_is_named_in_words_with_its_fixes(client, db):
    response = create(client, opt_target="1500")
    assert response.status_code == 400
    html = page(response)
    said = text(html)
    # the barrel of ru is 800, 880 or 900 (or none): no barrel reaches 1,500 in one contract
    assert ("To play to 1,500, raise the highest contract to 620 or play without the barrel."
            in said)
    assert "barrel_at" not in said and "max_contract" not in said and "target -" not in said
    assert "Target:" in summary(html)
    assert re.search(r'<input[^>]*name="opt_target"[^>]*autofocus', html)
    assert 'name="fix" value="opt_barrel_at=0"' in html
    assert 'name="fix" value="opt_max_contract=620"' in html
    assert Sheet.objects.count() == 0


def test_the_offered_fix_starts_the_sheet(client, db):
    response = create(client, opt_target="1500", fix="opt_max_contract=620")
    assert response.status_code == 302
    sheet = Sheet.objects.get()
    assert sheet.options == {"target": 1500, "max_contract": 620}
    assert sheet.players == list(NAMES.values())


def test_a_fix_cannot_change_anything_but_a_house_rule(client, db):
    response = create(client, opt_target="1500", fix="player_0=Mallory")
    assert response.status_code == 400
    assert Sheet.objects.count() == 0


def test_the_fix_is_said_with_the_numbers_of_the_page_language(db):
    client = Client(HTTP_ACCEPT_LANGUAGE="cs")
    said = text(page(create(client, opt_target="1500")))
    assert re.search(r"Chcete-li hrát do 1\s500, zvyšte nejvyšší závazek na 620", said)


def test_the_first_dealer_is_asked_for_in_words(client, db):
    html = page(client.post(reverse("new_sheet"), {"ruleset": "ru", **NAMES}))
    assert "Tap who deals first." in summary(html)
