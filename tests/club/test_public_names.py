"""A player the club shows by initials only is shown by initials on his evening's public
tournament pages too — the players' page, the wall, the seating list, the standings CSV, the
results printout and the table card — while the director's page keeps the whole name.  The
tournament app reads the names through its own hook (scoresheet/tournament/names.py), which the
club registers: it never imports the club."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.club import logic
from scoresheet.club.models import Evening, Member
from scoresheet.tournament import logic as tournaments
from scoresheet.tournament import names
from scoresheet.tournament.models import Tournament
from tests.club.helpers import DEALS
from tests.tournament.helpers import play

pytestmark = pytest.mark.django_db

PRIVATE = "Jana Nováková"
SHOWN = "J. N."  # docs/season.md: the first letter of each part of the name, with a dot
OTHERS = ["Petr Svoboda", "Anna", "Bohouš"]


def evening(*, initials_only: bool = True) -> Evening:
    club = logic.create_club(name="KM Brno")
    for name in [PRIVATE, *OTHERS]:
        logic.add_member(club, name=name)
    jana = Member.objects.get(club=club, name=PRIVATE)
    logic.edit_member(jana, name=PRIVATE, nickname="", team="", initials_only=initials_only,
                      has_left=False)
    s = logic.create_season(club, name="Liga", ruleset="marias", rule="points")
    ev = logic.create_evening(s, name="Večer", rounds=1, table_size=4, deals_per_round=2,
                              premium=False, members=list(club.members.all()))
    r = tournaments.draw(ev.tournament, seed=1)
    tournaments.start(r)
    tb = r.tables.select_related("sheet", "scorer").get()
    play(tb, DEALS)
    tournaments.close(tb, signed_name=tb.scorer.name)
    return ev


def public_pages(client: Client, t: Tournament) -> dict[str, str]:
    tb = t.round_set.get().tables.get()
    pages = {
        "players": reverse("tournament_view", args=[t.view_token]),
        "live": reverse("tournament_view_live", args=[t.view_token]),
        "wall": reverse("tournament_wall", args=[t.view_token]),
        "seating": reverse("tournament_seating", args=[t.view_token]),
        "csv": reverse("tournament_csv", args=[t.view_token]),
        "results": reverse("tournament_results", args=[t.director_token]),
        "card": reverse("tournament_card", args=[t.director_token, tb.pk]) + "?format=html",
    }
    out = {}
    for name, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, name
        out[name] = b"".join(response.streaming_content).decode() if response.streaming \
            else response.content.decode()
    return out


def test_public_tournament_pages_show_the_initials_and_the_directors_page_the_name(
    client: Client
) -> None:
    t = evening().tournament
    for name, html in public_pages(client, t).items():
        assert SHOWN in html, name
        assert "Nováková" not in html, name
        for other in OTHERS:  # the others keep their names
            assert other in html, (name, other)
    director = client.get(reverse("tournament", args=[t.director_token])).content.decode()
    assert PRIVATE in director and f">{SHOWN}<" not in director
    # the CSV's line: rank, the initials, no club, points
    csv_text = public_pages(client, t)["csv"]
    assert any(line.split(",")[1] == SHOWN for line in csv_text.splitlines()[1:])


def test_the_name_comes_back_when_the_club_shows_it_again(client: Client) -> None:
    ev = evening()
    t = ev.tournament
    wall = reverse("tournament_wall", args=[t.view_token])
    assert "Nováková" not in client.get(wall).content.decode()
    jana = Member.objects.get(name=PRIVATE)
    logic.edit_member(jana, name=PRIVATE, nickname="", team="", initials_only=False,
                      has_left=False)
    # the wall is kept under the tournament's fingerprint and the public names: not stale
    assert PRIVATE in client.get(wall).content.decode()


def test_a_tournament_that_is_no_clubs_evening_shows_the_names(client: Client) -> None:
    ev = evening(initials_only=False)
    assert names.public_names(ev.tournament) == {}
    t = tournaments.create_tournament(
        name="Open", ruleset="marias", options={}, rounds=1, table_size=4, deals_per_round=2,
        premium=None, players=[tournaments.NewPlayer(name=n) for n in [PRIVATE, *OTHERS]])
    assert names.public_names(t) == {}
    tournaments.start(tournaments.draw(t, seed=1))
    page = client.get(reverse("tournament_view", args=[t.view_token])).content.decode()
    assert PRIVATE in page


def test_the_hook_gives_the_initials_of_the_name_the_evening_is_played_under() -> None:
    ev = evening()
    player = ev.tournament.players.get(name=PRIVATE)
    assert names.public_names(ev.tournament) == {player.pk: SHOWN}


@pytest.mark.parametrize("page", ["tournament_wall", "tournament_view_live"])
def test_an_open_public_page_redraws_when_the_club_hides_a_name(client: Client,
                                                                page: str) -> None:
    t = evening(initials_only=False).tournament
    url = reverse(page, args=[t.view_token])
    html = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert PRIVATE in html
    found = re.search(r'\?v=([\w-]+)"', html)
    assert found is not None
    polled = f"{url}?v={found[1]}"
    assert client.get(polled, HTTP_HX_REQUEST="true").status_code == 204  # nothing new
    jana = Member.objects.get(name=PRIVATE)
    logic.edit_member(jana, name=PRIVATE, nickname="", team="", initials_only=True,
                      has_left=False)
    response = client.get(polled, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert SHOWN in response.content.decode() and "Nováková" not in response.content.decode()


def test_the_public_page_does_not_link_the_sheet_of_a_table_with_a_player_shown_by_initials(
    client: Client
) -> None:
    # the table's sheet shows the names as written: its players open it from their table card
    t = evening().tournament
    sheet = t.round_set.get().tables.get().sheet
    public = client.get(reverse("tournament_view", args=[t.view_token])).content.decode()
    assert sheet.view_token not in public
    assert "watch its sheet and confirm the result from their table card" in public
    director = client.get(reverse("tournament", args=[t.director_token])).content.decode()
    assert sheet.edit_token in director  # the director keeps the table's sheet
    # a table whose players are all shown by name keeps its link
    shown = evening(initials_only=False).tournament
    open_sheet = shown.round_set.get().tables.get().sheet
    public = client.get(reverse("tournament_view", args=[shown.view_token])).content.decode()
    assert open_sheet.view_token in public
