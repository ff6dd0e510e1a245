"""Every club page in the five languages: translated, with decimal commas where the language
writes them, and no English sentence of ours left on a Czech, German, Polish or Russian page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.club.models import Member
from tests.club.helpers import run_season

pytestmark = pytest.mark.django_db

ENGLISH = ("Season points", "Evenings played", "Add to the register", "New evening",
           "Competition points", "Games declared", "Placement points", "Read-only",
           "Players from the register", "Teams", "Rank")
WORDS = {"cs": "Body sezóny", "de": "Saisonpunkte", "pl": "Punkty sezonu", "ru": "Очки сезона",
         "en": "Season points"}


@pytest.mark.parametrize("language", ["en", "cs", "de", "pl", "ru"])
def test_the_club_pages_speak_the_chosen_language(client: Client, language: str) -> None:
    club, s = run_season()
    m = Member.objects.get(club=club, name="Anna")
    client.get(reverse("choose_language", args=[language]))
    pages = [reverse("club_new"), reverse("club_import"), reverse("club", args=[club.admin_token]),
             reverse("club_member", args=[club.admin_token, m.pk]),
             reverse("club_evening_new", args=[club.admin_token, s.pk]),
             reverse("club_view", args=[club.view_token]),
             reverse("club_season", args=[club.view_token, s.pk]),
             reverse("club_season_wall", args=[club.view_token, s.pk]),
             reverse("club_player", args=[m.view_token])]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        assert f'lang="{language}"' in body, url
        if language != "en":
            left = [w for w in ENGLISH if f">{w}" in body or f" {w} " in body]
            assert left == [], (url, left)
    season_page = client.get(reverse("club_season", args=[club.view_token, s.pk]))
    body = season_page.content.decode()
    assert WORDS[language] in body
    assert (">0.80<" if language == "en" else ">0,80<") in body
    csv_text = client.get(reverse("club_season_csv", args=[club.view_token, s.pk])
                          ).content.decode()
    assert WORDS[language] in csv_text.splitlines()[0]
