"""Every text field of every tournament form refuses control characters as the sheet forms do,
so a tournament's own export always imports again (issue 27).

Before, a tournament name, a player's name or club, a reopening's reason or a review's note could
hold a control character; the export then held it and the import refused the tournament's own
file.  Marked ``postgres``: the same tests run on PostgreSQL.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from scoresheet.sheets.models import Entry
from scoresheet.tournament import logic
from scoresheet.tournament.models import Event, Review, Table, Tournament
from tests.sheets.helpers import page
from tests.tournament.helpers import NAMES, make_tournament, play_round

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]
# NUL never reaches a form: the guard (scoresheet/protect/guard.py) refuses the whole request.
REFUSALS = ("control character", "line break", "cannot be typed (NUL)")
CONTROL = ["\x00", "\x01", "\x07", "\x1b[31m", "\x7f", "\x85", "\u2028", "\t", "\r", "\x0b"]


@pytest.fixture(autouse=True)
def no_rate_limit(settings: Any) -> None:
    settings.RATELIMIT_ENABLED = False


def refused_in_words(response: Any) -> bool:
    return any(words in page(response) for words in REFUSALS)


def new_tournament(client: Client, **extra: str) -> Any:
    data = {"name": "Pátek v hospodě", "ruleset": "marias", "options_shown": "",
            "rounds": "2", "table_size": "4", "deals_per_round": "2",
            "players_text": "\n".join(NAMES[:8]), **extra}
    return client.post(reverse("tournament_new"), data)


def reimport(client: Client, t: Tournament) -> Tournament:
    """The tournament's own export, imported through the page: it must be accepted whole."""
    text = client.get(reverse("tournament_json", args=[t.director_token])).content
    upload = SimpleUploadedFile("t.json", text, content_type="application/json")
    response = client.post(reverse("tournament_import"), {"file": upload})
    assert response.status_code == 302, page(response)[-2000:]
    copy = Tournament.objects.exclude(pk=t.pk).order_by("-pk").first()
    assert copy is not None
    assert logic.export(copy) == json.loads(text)
    return copy


@pytest.mark.parametrize("char", CONTROL)
def test_a_tournament_name_with_a_control_character_is_refused(
    client: Client, char: str
) -> None:
    response = new_tournament(client, name=f"Pátek{char}v hospodě")
    assert response.status_code == 400
    assert refused_in_words(response)
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("char", [c for c in CONTROL if c not in "\r"])
@pytest.mark.parametrize("where", ["name", "club"])
def test_a_player_or_club_with_a_control_character_is_refused(
    client: Client, char: str, where: str
) -> None:
    line = f"Ja{char}na, KM Brno" if where == "name" else f"Jana, KM{char}Brno"
    response = new_tournament(client, players_text="\n".join([line, *NAMES[1:8]]))
    assert response.status_code == 400
    assert "Line 1 of the list of players" in page(response) or char == "\x00"
    assert refused_in_words(response)
    assert not Tournament.objects.exists()


def test_players_on_lines_ended_by_crlf_are_still_welcome(client: Client) -> None:
    response = new_tournament(client, players_text="\r\n".join(NAMES[:8]) + "\r\n")
    assert response.status_code == 302
    assert [p.name for p in Tournament.objects.get().players.all()] == NAMES[:8]


@pytest.fixture
def closed_table(db: None) -> tuple[Tournament, Table]:
    t = make_tournament(8, rounds=2, deals=2)
    logic.start(logic.draw(t, seed=5))
    play_round(t)
    tb = Table.objects.select_related("scorer", "sheet").filter(round__tournament=t).first()
    assert tb is not None
    return t, tb


def rev(t: Tournament) -> str:
    """The revision a director's page shows now (every director's form carries it)."""
    return str(Tournament.objects.get(pk=t.pk).revision)


@pytest.mark.parametrize("char", CONTROL)
def test_a_reopening_reason_with_a_control_character_is_refused(
    client: Client, closed_table: tuple[Tournament, Table], char: str
) -> None:
    t, tb = closed_table
    url = reverse("tournament_reopen", args=[t.director_token, tb.pk])
    response = client.post(url, {"reason": f"wrong{char}row", "revision": rev(t)}, follow=True)
    assert refused_in_words(response)
    tb.refresh_from_db()
    assert tb.closed is not None
    assert not Event.objects.filter(action="reopen").exists()


@pytest.mark.parametrize("char", CONTROL)
def test_a_review_note_with_a_control_character_is_refused(
    client: Client, closed_table: tuple[Tournament, Table], char: str
) -> None:
    t, tb = closed_table
    uid = Entry.objects.filter(sheet_id=tb.sheet_id).first().uid
    url = reverse("tournament_review", args=[t.director_token, tb.pk])
    response = client.post(url, {"entry": str(uid), "winnable": "yes", "note": f"o{char}k",
                                 "revision": rev(t)}, follow=True)
    assert refused_in_words(response)
    assert not Review.objects.exists()


@pytest.mark.parametrize("char", CONTROL)
def test_a_signature_with_a_control_character_is_refused(
    client: Client, closed_table: tuple[Tournament, Table], char: str
) -> None:
    _t, tb = closed_table
    logic.reopen(tb, reason="recount")
    sheet = tb.sheet
    response = client.post(reverse("table_close", args=[sheet.edit_token]),
                           {"name": tb.scorer.name[:1] + char + tb.scorer.name[1:],
                            "confirm": "on"})
    assert response.status_code == 400
    assert refused_in_words(response)
    tb.refresh_from_db()
    assert tb.closed is None


def test_a_tournament_made_through_its_forms_imports_again(
    client: Client, closed_table: tuple[Tournament, Table]
) -> None:
    t, tb = closed_table
    uid = Entry.objects.filter(sheet_id=tb.sheet_id).first().uid
    review = reverse("tournament_review", args=[t.director_token, tb.pk])
    assert client.post(review, {"entry": str(uid), "winnable": "no", "revision": rev(t),
                                "note": "n" * 300}).status_code == 302
    reopen = reverse("tournament_reopen", args=[t.director_token, tb.pk])
    assert client.post(reopen, {"reason": "<b>\u202e' \"r" * 30,
                                "revision": rev(t)}).status_code == 302
    assert Review.objects.count() == 1 and not Table.objects.get(pk=tb.pk).closed
    reimport(client, t)


form_text = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=90)


@hypothesis_settings(max_examples=hypothesis_settings().max_examples // 8,  # requests
                     deadline=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture,
                                            HealthCheck.too_slow])
@given(name=form_text, player=form_text, club=form_text)
def test_whatever_the_new_tournament_form_accepts_imports_again(
    client: Client, db: None, name: str, player: str, club: str
) -> None:
    Tournament.objects.all().delete()
    players = [f"{player}, {club}", *NAMES[1:8]]
    response = new_tournament(client, name=name, players_text="\n".join(players))
    if response.status_code != 302:
        assert response.status_code == 400
        assert not Tournament.objects.exists()
        return
    reimport(client, Tournament.objects.get())
