"""The new-tournament form says what is wrong as the new-sheet form does: a summary at the top
that links to each wrong field in the players' words, the first wrong field focused (without
JavaScript: ``autofocus``), and none of Django's own texts in any language."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext

from scoresheet.tournament.models import Tournament
from tests.sheets.helpers import page, text
from tests.tournament.helpers import NAMES

pytestmark = pytest.mark.django_db

LANGUAGES = ("cs", "de", "en", "pl", "ru")
# Django's own texts, which the form must never show (each in the page's language).
DJANGO_TEXTS = ("This field is required.", "Enter a whole number.",
                "Select a valid choice. %(value)s is not one of the available choices.")


def post(client: Client, **changed: str) -> str:
    data = {"name": "Pátek v hospodě", "ruleset": "marias", "options_shown": "",
            "rounds": "2", "table_size": "4", "deals_per_round": "2",
            "players_text": "\n".join(NAMES[:8])}
    data.update(changed)
    response = client.post(reverse("tournament_new"), data)
    assert response.status_code == 400
    return page(response)


def summary(html: str) -> str:
    found = re.search(r'<div class="alert error error-summary"[^>]*>(.*?)</div>', html, re.S)
    assert found, "no error summary at the top of the form"
    return text(found.group(1))


def test_empty_fields_are_named_in_words_at_the_top_and_the_first_is_focused(client):
    html = post(client, name="", rounds="", players_text="")
    said = summary(html)
    assert "The tournament cannot start yet: 3 things to put right." in said
    # in the order of the page: the name, the rounds, the players
    assert (said.index("Type the name of the tournament.")
            < said.index("Type how many rounds the tournament has.")
            < said.index("Type the players, one a line."))
    for anchor in ("id_name", "id_rounds", "id_players_text"):
        assert f'href="#{anchor}"' in html
    assert re.search(r'<input[^>]*name="name"[^>]*autofocus', html)
    assert not re.search(r'<input[^>]*name="rounds"[^>]*autofocus', html)
    assert not re.search(r'<textarea[^>]*name="players_text"[^>]*autofocus', html)
    assert Tournament.objects.count() == 0


def test_a_wrong_number_names_its_field_and_says_what_to_type(client):
    html = post(client, rounds="abc", deals_per_round="0")
    said = summary(html)
    assert "Rounds: Type a whole number, digits only." in said
    assert "Deals per round: Type 1 or more." in said
    assert re.search(r'<input[^>]*name="rounds"[^>]*autofocus', html)
    assert not re.search(r'<input[^>]*name="deals_per_round"[^>]*autofocus', html)


def test_too_few_players_is_put_on_the_list_of_players(client):
    html = post(client, players_text="Anna\nBohouš")
    said = summary(html)
    assert "2 players are too few: a table needs 3." in said
    assert 'href="#id_players_text"' in html
    assert re.search(r'<textarea[^>]*name="players_text"[^>]*autofocus', html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_default_django_text_in_any_language(language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    html = post(client, name="", rounds="x", table_size="9", draw_method="nonsense",
                players_text="", opt_misdeal_fee="many")
    shown = text(html)
    with translation.override(language):
        django_said = [gettext(t).split("%(value)s")[0] for t in DJANGO_TEXTS]
        summary_head = ngettext("The tournament cannot start yet: one thing to put right.",
                                "The tournament cannot start yet: %(n)s things to put right.", 6)
    for said in django_said:
        assert said not in shown, f"{language}: {said!r}"
    assert 'class="alert error error-summary"' in html
    assert summary_head.split("%(n)s")[0].strip() in shown
