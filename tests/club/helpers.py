"""A club season for the tests, and its hand count.

Three Mariáš evenings (one round each, tables of 4, two deals a round) of 12 register players:
Lída arrives late (evening 2 on), Karel leaves after evening 2.  Every table plays the same two
deals, so what a player makes depends only on his seat and the size of his table:

deal 1 (seat 0 deals; at four he sits out): the seat after the dealer plays a hra in bells,
makes 60 of 90 and wins 0,20 Kč from each of the others -- the one who sits out pays and is paid
like the players (seed 004);
deal 2 (seat 1 deals): the seat after him plays a hra and makes only 30: he pays 0,20 Kč to each
of the others.

Worked by hand, in haléře, per seat:

    table of 4:  seat 0: -20 + 20 = 0    seat 1: 60 + 20 = 80    seat 2: -20 - 60 = -80
                 seat 3: -20 + 20 = 0
    table of 3:  seat 0: -20 + 20 = 0    seat 1: 40 + 20 = 60    seat 2: -20 - 40 = -60

An evening of 12 is three tables of 4; an evening of 11 is two of 4 and one of 3.  A player's
competition points are his money in whole crowns (a half crown away from zero, article V):
80 h and 60 h -> 1, 0 -> 0, -60 h and -80 h -> -1.  The evening's rank orders by those points,
then by money in haléře (docs/tournament.md#tie-breaks):

    12 players: 80 h rank 1 (three share it), 0 rank 4 (six), -80 h rank 10 (three)
    11 players: 80 h rank 1 (two), 60 h rank 3, 0 rank 4 (five), -60 h rank 9,
                -80 h rank 10 (two)

The season counts placement points 12, 10, 8, 7, 6, 5, 4, 3, 2, 1 by the evening's rank (ranks
past 10 get none), the best 2 of the evenings, and a player is ranked after 2 evenings:

    rank 1 -> 12, rank 3 -> 8, rank 4 -> 7, rank 9 -> 2, rank 10 -> 1
"""

from __future__ import annotations

from typing import Any

from scoresheet.club import logic
from scoresheet.club.models import Club, Evening, Member, Season
from scoresheet.tournament import logic as tournaments
from scoresheet.tournament.models import Seat
from tests.tournament.helpers import NAMES, deal_for, play

PLAYERS = NAMES[:12]
LATE = "Lída"  # joins at evening 2, after its tournament was made
LEAVES = "Karel"  # leaves the club after evening 2
PLACES = [12, 10, 8, 7, 6, 5, 4, 3, 2, 1]
DEALS = [deal_for(4, 0), deal_for(4, 1, card_points=30)]
DEALS_AT_3 = [deal_for(3, 0), deal_for(3, 1, card_points=30)]

# the hand count above: money per (table size, seat), and per evening size money -> rank
MONEY = {(4, 0): 0, (4, 1): 80, (4, 2): -80, (4, 3): 0, (3, 0): 0, (3, 1): 60, (3, 2): -60}
CROWNS = {80: 1, 60: 1, 0: 0, -60: -1, -80: -1}
RANK = {12: {80: 1, 0: 4, -80: 10}, 11: {80: 1, 60: 3, 0: 4, -60: 9, -80: 10}}
PLACE_POINTS = {1: 12, 3: 8, 4: 7, 9: 2, 10: 1}
# placement points handed out per evening: 12 players 3 x 12 + 6 x 7 + 3 x 1 = 81;
# 11 players 2 x 12 + 8 + 5 x 7 + 2 + 2 x 1 = 71
EVENING_SUMS = {12: 81, 11: 71}
TEAMS = {"Anna": "KM Brno", "Bohouš": "KM Brno", "Cyril": "Sokol", "Dana": "Sokol"}


def make_club() -> tuple[Club, Season]:
    club = logic.create_club(name="KM Brno mariáš")
    for name in PLAYERS:
        if name != LATE:
            logic.add_member(club, name=name, team=TEAMS.get(name, ""))
    season = logic.create_season(club, name="Liga 2026", ruleset="marias", rule="places",
                                 places=PLACES, best_of=2, min_evenings=2)
    return club, season


def play_evening(ev: Evening) -> None:
    """Draw and start the one round, play the two deals at every table, sign every table."""
    t = ev.tournament
    r = tournaments.draw(t, seed=2026)
    tournaments.start(r)
    for tb in r.tables.select_related("sheet", "scorer"):
        n = len(tb.sheet.players)
        play(tb, DEALS if n == 4 else DEALS_AT_3)
        tournaments.close(tb, signed_name=tb.scorer.name)


def new_evening(season: Season, members: list[Member], newcomers: list[str] = ()) -> Evening:
    return logic.create_evening(
        season, name=f"Večer {season.evenings.count() + 1}", rounds=1, table_size=4,
        deals_per_round=2, premium=False, members=members,
        newcomers=[logic.Newcomer(name=n) for n in newcomers])


def run_season() -> tuple[Club, Season]:
    club, season = make_club()
    members = {m.name: m for m in club.members.all()}
    play_evening(new_evening(season, [m for n, m in members.items()]))
    # Lída comes when the second evening's tournament exists already: the club's evening page
    # adds her (logic.add_late_arrival, through the tournament's own arrival) before the draw
    second = new_evening(season, list(members.values()))
    logic.add_late_arrival(second, name=LATE)
    play_evening(second)
    karel = members[LEAVES]
    logic.edit_member(karel, name=karel.name, nickname="", team="", initials_only=False,
                      has_left=True)
    play_evening(new_evening(season, [m for m in logic.active(club)]))
    return club, season


def seats_by_evening(season: Season) -> list[dict[str, tuple[int, int]]]:
    """Per evening: each player's (table size, seat) as drawn."""
    out = []
    for ev in season.evenings.order_by("created", "id"):
        found: dict[str, tuple[int, int]] = {}
        for s in Seat.objects.filter(round__tournament=ev.tournament).select_related(
                "player", "table"):
            size = Seat.objects.filter(table=s.table).count()
            found[s.player.name] = (size, s.position or 0)
        out.append(found)
    return out


def hand_count(season: Season) -> dict[str, dict[str, Any]]:
    """Each player's evenings (money, crowns, rank, placement points) from the hand count."""
    out: dict[str, dict[str, Any]] = {}
    for seats in seats_by_evening(season):
        size = len(seats)
        for name in PLAYERS:
            line = out.setdefault(name, {"money": [], "crowns": [], "rank": [], "points": []})
            if name not in seats:
                for k in line:
                    line[k].append(None)
                continue
            money = MONEY[seats[name]]
            rank = RANK[size][money]
            line["money"].append(money)
            line["crowns"].append(CROWNS[money])
            line["rank"].append(rank)
            line["points"].append(PLACE_POINTS.get(rank, 0))
    for line in out.values():
        played = sorted((p for p in line["points"] if p is not None), reverse=True)
        line["season"] = sum(played[:2])
        line["played"] = len(played)
    return out
