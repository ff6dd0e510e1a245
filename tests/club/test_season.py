"""The season table: placement points by the evening's rank, the best 2 of 3 evenings, a
minimum of evenings, the late arrival and the player who left, teams (tests/club/helpers.py has
the hand count)."""

from __future__ import annotations

import itertools

import pytest

from scoresheet.club import logic, season
from scoresheet.club.models import Member, Rule
from tests.club.helpers import (
    EVENING_SUMS,
    LATE,
    LEAVES,
    PLAYERS,
    hand_count,
    run_season,
    seats_by_evening,
)

pytestmark = pytest.mark.django_db


def test_the_evenings_are_drawn_as_the_hand_count_assumes() -> None:
    _club, s = run_season()
    sizes = [sorted(seats.values()) for seats in seats_by_evening(s)]
    assert [len(x) for x in sizes] == [11, 12, 11]
    assert sorted({size for size, _seat in sizes[0]}) == [3, 4]
    assert sum(1 for size, _seat in sizes[1] if size == 3) == 0
    assert LATE not in seats_by_evening(s)[0] and LEAVES not in seats_by_evening(s)[2]


def test_the_season_table_agrees_with_the_hand_count() -> None:
    _club, s = run_season()
    table = season.season_table(s)
    expected = hand_count(s)
    by_name = {x.name: x for x in table.lines}
    assert set(by_name) == set(PLAYERS)
    for name in PLAYERS:
        line, hand = by_name[name], expected[name]
        assert line.values == [None if p is None else float(p) for p in hand["points"]], name
        assert line.total == hand["season"], name
        assert line.played == hand["played"], name
        assert line.money == sum(m for m in hand["money"] if m is not None), name
    # every evening hands out the placement points worked out by hand
    for i, size in enumerate((11, 12, 11)):
        assert sum(x.values[i] or 0 for x in table.lines) == EVENING_SUMS[size]
        assert sum(
            (x.values[i] is not None) for x in table.lines) == size
    # money changes hands: the season's sum is zero
    assert sum(x.money for x in table.lines) == 0


def test_ranks_follow_the_totals_and_equal_totals_share_a_rank() -> None:
    _club, s = run_season()
    table = season.season_table(s)
    ranked = [x for x in table.lines if x.rank is not None]
    assert len(ranked) == 12  # everyone played at least 2 evenings
    for a, b in itertools.pairwise(ranked):
        assert (a.total, a.best) >= (b.total, b.best)
        assert (a.rank == b.rank) == ((a.total, a.best) == (b.total, b.best))
    assert ranked[0].rank == 1


def test_only_the_best_evenings_count_and_the_rest_are_struck() -> None:
    _club, s = run_season()
    table = season.season_table(s)
    for x in table.lines:
        played = [v for v in x.values if v is not None]
        assert sum(x.counted) == min(2, len(played))
        dropped = [v for v, c in zip(x.values, x.counted, strict=True) if v is not None and not c]
        kept = [v for v, c in zip(x.values, x.counted, strict=True) if c]
        assert all(d <= min(kept) for d in dropped)


def test_a_player_with_too_few_evenings_is_listed_unranked_at_the_end() -> None:
    _club, s = run_season()
    s.min_evenings = 3
    s.save()
    table = season.season_table(s)
    unranked = [x.name for x in table.lines if x.rank is None]
    assert sorted(unranked) == sorted([LATE, LEAVES])
    assert [x.name for x in table.lines[-2:]] == unranked


def test_competition_points_summed_is_the_other_rule() -> None:
    _club, s = run_season()
    s.rule, s.best_of = Rule.POINTS, None
    s.save()
    table = season.season_table(s)
    expected = hand_count(s)
    for x in table.lines:
        assert x.total == sum(c for c in expected[x.name]["crowns"] if c is not None), x.name


def test_teams_sum_their_players_points_per_evening() -> None:
    _club, s = run_season()
    table = season.season_table(s)
    lines = {x.name: x for x in table.lines}
    teams = {t.team: t for t in table.teams}
    assert set(teams) == {"KM Brno", "Sokol"}
    for team, members in (("KM Brno", ["Anna", "Bohouš"]), ("Sokol", ["Cyril", "Dana"])):
        for i in range(3):
            assert teams[team].values[i] == sum(lines[m].values[i] or 0 for m in members)
        assert teams[team].total == sum(teams[team].values)


def test_the_table_follows_a_deal_corrected_after_signing() -> None:
    _club, s = run_season()
    before = season.season_table(s)
    ev = s.evenings.order_by("-created").first()
    assert ev is not None
    from scoresheet.tournament import logic as tournaments

    tb = ev.tournament.round_set.get().tables.order_by("number").first()
    tournaments.reopen(tb, reason="wrong deal")
    from scoresheet.sheets import services
    from tests.tournament.helpers import services_key

    sheet = tb.sheet
    sheet.refresh_from_db()
    services.delete_entry(sheet.pk, revision=sheet.revision, position=0, key=services_key(),
                          device=services.Device())
    after = season.season_table(s)
    assert after.fingerprint != before.fingerprint
    assert not after.complete


def test_a_member_who_left_stays_in_the_table_and_is_not_offered_again() -> None:
    club, s = run_season()
    karel = Member.objects.get(club=club, name=LEAVES)
    assert karel.left is not None
    assert karel not in logic.active(club)
    assert season.season_table(s).line_of(karel.pk) is not None


def test_the_last_evenings_list_is_offered_in_one_tap() -> None:
    _club, s = run_season()
    names = sorted(Member.objects.get(pk=pk).name for pk in logic.last_players(s))
    assert names == sorted(set(PLAYERS) - {LEAVES})


def test_an_evening_counts_once_its_first_round_has_started() -> None:
    from tests.club.helpers import make_club, new_evening

    club, s = make_club()
    ev = new_evening(s, list(club.members.all()))
    table = season.season_table(s)
    assert table.lines == [] and not table.complete
    from scoresheet.tournament import logic as tournaments

    tournaments.start(tournaments.draw(ev.tournament, seed=5))
    table = season.season_table(s)
    assert len(table.lines) == 11 and not table.complete
    assert all(x.values == [12.0] for x in table.lines)  # nothing played yet: all share rank 1
