"""A player's own page: every evening and sheet, competition points, money, games declared and
won, renoncs, his season rank, and home games linked to him (hand count: tests/club/helpers.py).
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoresheet.club import season
from scoresheet.club.models import Member
from scoresheet.sheets import services
from tests.club.helpers import (
    LATE,
    PLAYERS,
    hand_count,
    make_club,
    new_evening,
    play_evening,
    run_season,
    seats_by_evening,
)

pytestmark = pytest.mark.django_db


def test_a_players_numbers_agree_with_the_hand_count() -> None:
    club, s = run_season()
    expected = hand_count(s)
    seats = seats_by_evening(s)
    table = season.season_table(s)
    for name in PLAYERS:
        m = Member.objects.get(club=club, name=name)
        numbers = season.player_numbers(m)
        hand = expected[name]
        assert len(numbers.evenings) == hand["played"], name
        assert [x.rank for _r, x, _s in numbers.evenings] == [
            r for r in hand["rank"] if r is not None], name
        assert numbers.points == sum(c for c in hand["crowns"] if c is not None), name
        assert numbers.money == sum(x for x in hand["money"] if x is not None), name
        assert len(numbers.sheets) == hand["played"]  # one round an evening: one sheet
        # he declared a won hra from seat 1 and a lost one from seat 2 (helpers.DEALS)
        at = [e[name][1] for e in seats if name in e]
        won, lost = at.count(1), at.count(2)
        contracts = {c.contract: (c.played, c.won) for c in numbers.contracts}
        assert contracts == ({"hra": (won + lost, won)} if won + lost else {}), name
        assert numbers.renoncs == 0
        assert table.line_of(m.pk) is not None


def test_the_player_page_shows_his_evenings_sheets_and_season_rank(client: Client) -> None:
    club, s = run_season()
    m = Member.objects.get(club=club, name=LATE)
    line = season.season_table(s).line_of(m.pk)
    assert line is not None and line.rank is not None
    hand = hand_count(s)[LATE]
    body = client.get(reverse("club_player", args=[m.view_token])).content.decode()
    assert f"<h1>{LATE}</h1>" in body
    assert f"Rank {line.rank} of 12." in body
    assert f"Season points: <strong>{hand['season']}</strong>" in body
    assert body.count("Round 1, table") == 2  # his two evenings' sheets
    sheets = re.findall(r'href="/v/([\w-]+)/"', body)
    assert len(sheets) == 2
    assert "Večer 2" in body and "Večer 3" in body and "Večer 1" not in body


def test_a_home_sheet_linked_to_a_player_counts_in_his_statistics(client: Client) -> None:
    club, s = run_season()
    m = Member.objects.get(club=club, name="Anna")
    before = season.player_numbers(m)
    sheet = services.create_sheet(
        ruleset="marias", options={}, players=["Anička", "Petr", "Olga"], first_dealer=0,
        entries=[{"type": "deal", "game": "suit", "trump": "bells", "announced": [],
                  "card_points": 60, "marriages": {"declarer": [], "defence": []},
                  "declarer": 0},
                 {"type": "renonc", "seat": 0, "kind": 6, "played_out": False}])
    url = reverse("club_home_link", args=[club.admin_token])
    # a name not on the sheet is refused, nothing linked
    response = client.post(url, {"home-member": m.pk, "home-link": f"https://x/v/{sheet.view_token}/",
                                 "home-name_on_sheet": "Anna"})
    assert response.status_code == 400 and m.home_sheets.count() == 0
    response = client.post(url, {"home-member": m.pk, "home-link": f"https://x/v/{sheet.view_token}/",
                                 "home-name_on_sheet": "anička"})
    assert response.status_code == 302
    after = season.player_numbers(m)
    assert after.renoncs == before.renoncs + 1
    hra = {c.contract: c for c in after.contracts}["hra"]
    old = {c.contract: c for c in before.contracts}.get("hra")
    assert (hra.played, hra.won) == ((old.played if old else 0) + 1, (old.won if old else 0) + 1)
    loaded = services.load(sheet)
    assert after.money == before.money + loaded.scored.totals[0]
    body = client.get(reverse("club_player", args=[m.view_token])).content.decode()
    assert "Home games" in body and sheet.view_token in body
    # a tournament table is not a home game
    tb_sheet = s.evenings.first().tournament.round_set.get().tables.first().sheet
    response = client.post(url, {"home-member": m.pk, "home-link": f"/v/{tb_sheet.view_token}/",
                                 "home-name_on_sheet": tb_sheet.players[0]})
    assert response.status_code == 400


def test_the_player_page_costs_the_same_queries_after_three_evenings(client: Client) -> None:
    club, s = make_club()
    play_evening(new_evening(s, list(club.members.all())))
    m = Member.objects.get(club=club, name="Anna")
    url = reverse("club_player", args=[m.view_token])
    client.get(url)
    with CaptureQueriesContext(connection) as one:
        client.get(url)
    for _ in range(2):
        play_evening(new_evening(s, list(club.members.all())))
    client.get(url)
    with CaptureQueriesContext(connection) as three:
        body = client.get(url).content.decode()
    assert len(three.captured_queries) == len(one.captured_queries)
    assert body.count("Round 1, table") == 3


def test_an_unknown_player_link_is_not_found(client: Client) -> None:
    assert client.get(reverse("club_player", args=["nope"])).status_code == 404




def test_a_new_players_page_says_he_has_not_played_yet(client: Client) -> None:
    club, _s = make_club()
    from scoresheet.club import logic

    m = logic.add_member(club, name="Zdena", team="Sokol")
    body = client.get(reverse("club_player", args=[m.view_token])).content.decode()
    assert "<h1>Zdena</h1>" in body and "No evening played yet." in body
    assert "Season points" not in body


def test_the_players_page_keeps_each_games_points_and_contracts_apart(client: Client) -> None:
    from scoresheet.club import logic
    from scoresheet.tournament import logic as tournaments
    from tests.club.helpers import make_club, play_evening
    from tests.tournament.helpers import play

    club, marias = make_club()
    play_evening(logic.create_evening(marias, name="", rounds=1, table_size=4,
                                      deals_per_round=2, premium=False,
                                      members=logic.active(club)))
    tisic = logic.create_season(club, name="Tisíc zima", ruleset="tisic", rule="points")
    three = list(logic.active(club))[:3]
    ev = logic.create_evening(tisic, name="", rounds=1, table_size=3, deals_per_round=1,
                              premium=False, members=three)
    r = tournaments.draw(ev.tournament, seed=1)
    tournaments.start(r)
    (tb,) = r.tables.select_related("sheet", "scorer")
    # the seat 0 declares 100 and makes it, seat 1 writes 20: places 1, 2, 3 -> 3, 2, 1 points
    play(tb, [{"type": "deal", "declarer": 0, "contract": 100, "points": [100, 20, 0],
               "marriages": [[], [], []]}])
    tournaments.close(tb, signed_name=tb.scorer.name)
    first = tournaments.table_players(tb)[0]
    m = Member.objects.get(club=club, name=first.name)
    numbers = season.player_numbers(m)
    by_game = {g.game: g for g in numbers.games}
    assert set(by_game) == {"marias", "thousand"}
    assert by_game["thousand"].points == 3.0 and by_game["thousand"].evenings == 1
    marias_points = by_game["marias"].points
    assert {c.contract for c in by_game["thousand"].contracts} == {"100"}
    assert "100" not in {c.contract for c in by_game["marias"].contracts}
    html = client.get(reverse("club_player", args=[m.view_token])).content.decode()
    assert "Points (Mariáš)" in html and "Points (Thousand)" in html
    assert re.search(r"Points \(Thousand\)</dt><dd class=\"game-points\">3</dd>", html)
    assert f'Points (Mariáš)</dt><dd class="game-points">{int(marias_points)}</dd>' in html
    assert "<dt>Competition points</dt>" not in html  # never the two added together
