"""A player who comes after the evening's tournament was made: the club's evening page adds
him (a register line, or a new name that joins the register) through the tournament's own
arrival, links him to his register line, and the season table counts his evening.

The evening: seven register players, two rounds at tables of four, Mariáš, the two deals of
tests/club/helpers.py at every table.  Round 1 is drawn for the seven (a table of 4 and one of
3); Lída arrives while it is played, so round 2 seats eight at two tables of 4.  By the hand
count of helpers.py a seat at a table of 4 makes (in haléře) seat 0: 0, seat 1: +80,
seat 2: -80, seat 3: 0, which is 0, +1, -1, 0 competition points (whole crowns).  Lída's
round 1 counts 0 (she was not there: not a bye), so her evening and, with the season counting
the competition points added up, her season are the points of her round-2 seat.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.club import logic, season
from scoresheet.club.models import Club, Entrant, Evening, Member, Season
from scoresheet.tournament import logic as tournaments
from scoresheet.tournament.models import Action, Event, Player, Seat
from tests.club.helpers import DEALS, DEALS_AT_3
from tests.tournament.helpers import NAMES, play

pytestmark = pytest.mark.django_db

SEVEN = NAMES[:7]
LATE = "Lída"
# competition points of a seat at a table of 4 (the hand count above)
POINTS_AT_4 = {0: 0, 1: 1, 2: -1, 3: 0}


def club_with_evening() -> tuple[Club, Season, Evening]:
    club = logic.create_club(name="KM Brno")
    for name in [*SEVEN, LATE]:
        logic.add_member(club, name=name)
    s = logic.create_season(club, name="Liga", ruleset="marias", rule="points")
    ev = logic.create_evening(
        s, name="Večer 1", rounds=2, table_size=4, deals_per_round=2, premium=False,
        members=[m for m in club.members.all() if m.name != LATE])
    return club, s, ev


def play_current_round(ev: Evening, seed: int) -> None:
    t = ev.tournament
    r = tournaments.draw(t, seed=seed)
    tournaments.start(r)
    for tb in r.tables.select_related("sheet", "scorer"):
        play(tb, DEALS if len(tb.sheet.players) == 4 else DEALS_AT_3)
        tournaments.close(tb, signed_name=tb.scorer.name)


def test_a_register_player_arrives_through_the_tournaments_own_arrival() -> None:
    club, s, ev = club_with_evening()
    play_current_round(ev, seed=7)  # round 1: the seven
    lida = Member.objects.get(club=club, name=LATE)
    entrant = logic.add_late_arrival(ev, member=lida)
    # the tournament's own path: a player numbered after the others, its history says so
    player = Player.objects.get(tournament=ev.tournament, name=LATE)
    assert player.number == 8 and entrant.player == player and entrant.member == lida
    assert Event.objects.filter(tournament=ev.tournament, action=Action.ARRIVE,
                                detail__player=LATE).count() == 1
    play_current_round(ev, seed=11)  # round 2: eight at two tables of 4
    seat = Seat.objects.get(round__number=2, player=player)
    assert Seat.objects.filter(table=seat.table).count() == 4
    # the draw of seed 11 seats her at seat 1 of a table of 4: +0,80 Kč, 1 point (round 1: 0)
    assert seat.position == 1 and POINTS_AT_4[1] == 1
    table = season.season_table(s)
    line = table.line_of(lida.pk)
    assert line is not None
    assert (line.values, line.total, line.played, line.money) == ([1.0], 1.0, 1, 80)
    # her page counts the evening
    numbers = season.player_numbers(lida)
    assert [r.evening for r, _line, _s in numbers.evenings] == [ev.pk]
    # the eight lines of the season add up to what the two rounds handed out: money is zero
    assert len(table.lines) == 8 and sum(x.money for x in table.lines) == 0


def test_a_typed_newcomer_joins_the_register_and_the_evening() -> None:
    club, _s, ev = club_with_evening()
    entrant = logic.add_late_arrival(ev, name="  Zdena Malá ", team="Sokol")
    m = Member.objects.get(club=club, name="Zdena Malá")
    assert (m.team, entrant.member) == ("Sokol", m)
    assert ev.tournament.players.get(name="Zdena Malá").club == "Sokol"


def test_a_refused_arrival_stores_nothing() -> None:
    club, _s, ev = club_with_evening()
    anna = Member.objects.get(club=club, name="Anna")
    before = (Member.objects.count(), Player.objects.count(), Entrant.objects.count())
    with pytest.raises(logic.ClubError) as refused:
        logic.add_late_arrival(ev, member=anna)  # she plays already
    assert refused.value.code == "already_playing"
    with pytest.raises(logic.ClubError) as refused:
        logic.add_late_arrival(ev, name="anna")  # the register has her
    assert refused.value.code == "name_taken"
    with pytest.raises(logic.ClubError) as refused:
        logic.add_late_arrival(ev, name="")
    assert refused.value.code == "name_empty"
    assert (Member.objects.count(), Player.objects.count(), Entrant.objects.count()) == before


def test_the_evening_page_adds_a_late_arrival_without_javascript(client: Client) -> None:
    club, _s, ev = club_with_evening()
    page = client.get(reverse("club_evening", args=[club.admin_token, ev.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    lida = Member.objects.get(club=club, name=LATE)
    # the register players not at the evening are offered, the ones playing are not
    assert f'<option value="{lida.pk}">{LATE}</option>' in html
    anna = Member.objects.get(club=club, name="Anna")
    assert f'<option value="{anna.pk}">' not in html
    # the club's page links the evening
    assert reverse("club_evening", args=[club.admin_token, ev.pk]) in client.get(
        reverse("club", args=[club.admin_token])).content.decode()
    url = reverse("club_evening_arrive", args=[club.admin_token, ev.pk])
    response = client.post(url, {"arrive-member": lida.pk})
    assert response.status_code == 302
    assert ev.entrants.filter(member=lida, player__name=LATE).exists()
    page = client.get(response["Location"])
    assert "Lída joins the tournament: seated from the next draw." in page.content.decode()
    # a new name typed joins the register too
    assert client.post(url, {"arrive-name": "Zdena", "arrive-team": ""}).status_code == 302
    assert ev.entrants.filter(member__name="Zdena", player__name="Zdena").exists()


@pytest.mark.parametrize(("data", "says"), [
    ({}, "Pick the player from the register or type a new player’s name."),
    ({"arrive-name": "Anna"}, "“Anna” is already on the register"),
    ({"arrive-member": "LIDA", "arrive-name": "Zdena"}, "Select a valid choice."),
    ({"arrive-name": "x" * 41}, "at most 40 characters"),
])
def test_the_evening_page_refuses_bad_input_and_stores_nothing(client: Client, data: dict[str, str],
                                                              says: str) -> None:
    club, _s, ev = club_with_evening()
    before = (Member.objects.count(), Player.objects.count(), Entrant.objects.count())
    response = client.post(reverse("club_evening_arrive", args=[club.admin_token, ev.pk]), data)
    assert response.status_code == 400
    assert says in response.content.decode().replace("&#x27;", "'")
    assert (Member.objects.count(), Player.objects.count(), Entrant.objects.count()) == before


def test_picking_a_register_player_and_typing_a_name_is_refused(client: Client) -> None:
    club, _s, ev = club_with_evening()
    lida = Member.objects.get(club=club, name=LATE)
    response = client.post(reverse("club_evening_arrive", args=[club.admin_token, ev.pk]),
                           {"arrive-member": lida.pk, "arrive-name": "Zdena"})
    assert response.status_code == 400
    assert "not both" in response.content.decode()
    assert not ev.entrants.filter(member=lida).exists()


def test_a_late_arrival_with_no_round_left_gets_no_rank_no_points_and_no_evening(
        client: Client) -> None:
    # a placement-points season of one-round evenings; Lída and Anna are of one team
    club = logic.create_club(name="KM Brno")
    for name in SEVEN:
        logic.add_member(club, name=name, team="Lípa B" if name == "Anna" else "")
    lida = logic.add_member(club, name=LATE, team="Lípa B")
    s = logic.create_season(club, name="Zima", ruleset="marias", rule="places",
                            places=[12, 10, 8, 7, 6, 5, 4])
    ev = logic.create_evening(s, name="Večer 1", rounds=1, table_size=4, deals_per_round=2,
                              premium=False,
                              members=[m for m in club.members.all() if m.name != LATE])
    t = ev.tournament
    tournaments.start(tournaments.draw(t, seed=7))
    logic.add_late_arrival(ev, member=lida)  # the only round is being played: none left
    for tb in t.round_set.get().tables.select_related("sheet", "scorer"):
        play(tb, DEALS if len(tb.sheet.players) == 4 else DEALS_AT_3)
        tournaments.close(tb, signed_name=tb.scorer.name)
    st = tournaments.standings(t)
    assert st.complete
    # the seven who played are ranked; she is listed apart, with no rank and no points
    assert len(st.overall) == 7 and LATE not in {st.players[x.player].name for x in st.overall}
    assert [p.name for p in st.apart] == [LATE]
    table = season.season_table(s)
    assert table.line_of(lida.pk) is None  # no placement points, the evening not played
    anna = table.line_of(Member.objects.get(club=club, name="Anna").pk)
    assert anna is not None
    (team,) = table.teams
    assert (team.team, team.total) == ("Lípa B", anna.total)  # nothing for the team from her
    assert season.player_numbers(lida).evenings == []
    # "tick the last evening's players" does not tick her
    assert lida.pk not in logic.last_players(s)
    # the pages and the CSV list her apart
    html = client.get(reverse("tournament_view", args=[t.view_token])).content.decode()
    assert "No deal played yet, so no rank and no points:" in html
    csv = client.get(reverse("tournament_csv", args=[t.view_token])
                     ).content.decode("utf-8-sig").splitlines()
    assert csv[-1].startswith(f",{LATE},")


def test_a_late_arrival_with_no_round_left_is_told_so_not_seated_from_the_next_draw(
        client: Client) -> None:
    club, _s, ev = club_with_evening()  # two rounds
    url = reverse("club_evening_arrive", args=[club.admin_token, ev.pk])
    t = ev.tournament
    play_current_round(ev, seed=7)  # round 1: a round is left to draw
    page = client.get(client.post(url, {"arrive-name": "Zdena"})["Location"])
    assert "Zdena joins the tournament: seated from the next draw." in page.content.decode()
    seated_help = "They join the evening’s tournament and are seated from the next draw"
    none_left = ("Every round is drawn: a player added now has no round left to play, so is "
                 "listed apart, with no rank and no points.")
    html = client.get(reverse("club_evening", args=[club.admin_token, ev.pk])).content.decode()
    assert seated_help in html and none_left not in html
    play_current_round(ev, seed=11)  # round 2, the last: no draw is left
    html = client.get(reverse("club_evening", args=[club.admin_token, ev.pk])).content.decode()
    assert none_left in html and seated_help not in html  # said before anyone is added
    response = client.post(url, {"arrive-member": Member.objects.get(name=LATE).pk})
    assert response.status_code == 302
    html = client.get(response["Location"]).content.decode()
    assert ("Lída joins the tournament but has no round left to play: listed apart, with no "
            "rank and no points.") in html
    assert "Lída joins the tournament: seated from the next draw" not in html
    # and so the standings do: apart, unranked
    assert [p.name for p in tournaments.standings(t).apart] == [LATE]


def test_a_late_arrival_typed_with_the_name_of_a_player_who_has_left_offers_to_bring_back(
        client: Client) -> None:
    club, _s, ev = club_with_evening()
    lida = Member.objects.get(club=club, name=LATE)
    logic.edit_member(lida, name=LATE, nickname="", team="", initials_only=False,
                      has_left=True)
    page = client.get(reverse("club_evening", args=[club.admin_token, ev.pk])).content.decode()
    assert f'<option value="{lida.pk}">' not in page  # not offered while she has left
    before = (Member.objects.count(), Player.objects.count(), Entrant.objects.count())
    response = client.post(reverse("club_evening_arrive", args=[club.admin_token, ev.pk]),
                           {"arrive-name": "lída"})
    html = response.content.decode()
    assert response.status_code == 400
    assert (Member.objects.count(), Player.objects.count(), Entrant.objects.count()) == before
    assert ("“Lída” is on the register, marked as having left the club. Bring the player back "
            "rather than adding a second line.") in html
    # the same button as on the register and the new evening's page, back to this evening
    back = reverse("club_member_back", args=[club.admin_token, lida.pk])
    assert f'action="{back}"' in html and "Bring “Lída” back" in html
    assert f'<input type="hidden" name="evening" value="{ev.pk}">' in html
    response = client.post(back, {"evening": ev.pk})
    assert response["Location"] == reverse("club_evening", args=[club.admin_token, ev.pk])
    lida.refresh_from_db()
    assert lida.left is None
    page = client.get(response["Location"]).content.decode()
    assert ("Lída is back on the register: pick the name under “A late arrival” to add to "
            "the evening.") in page
    assert f'<option value="{lida.pk}">{LATE}</option>' in page  # offered now: one tap adds her
    assert client.post(reverse("club_evening_arrive", args=[club.admin_token, ev.pk]),
                       {"arrive-member": lida.pk}).status_code == 302
    assert ev.entrants.filter(member=lida).exists()
    assert Member.objects.filter(club=club).count() == before[0]  # no second line


def test_bringing_back_from_another_clubs_evening_goes_back_to_the_register(
        client: Client) -> None:
    club, _s, _ev = club_with_evening()
    _other, _s2, elsewhere = club_with_evening()
    lida = Member.objects.get(club=club, name=LATE)
    logic.edit_member(lida, name=LATE, nickname="", team="", initials_only=False,
                      has_left=True)
    response = client.post(reverse("club_member_back", args=[club.admin_token, lida.pk]),
                           {"evening": elsewhere.pk})
    assert response["Location"] == reverse("club", args=[club.admin_token])
