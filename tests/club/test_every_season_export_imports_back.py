"""Every season file the app writes imports back equal: Hypothesis keeps a random club season
(a register with name fixes, players who leave and come back, merged duplicates; evenings made
from the register with newcomers, late arrivals through the club, and every action of a
tournament evening, tables closed as they stand and reopened, swaps refused in words among
them: tests/tournament/random_evening.py), exports it, imports the file into a new
club and exports that: the same file, but for the register's new line numbers."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from scoresheet.club import logic
from scoresheet.club.models import Club, Member, Season
from scoresheet.tournament import logic as tournaments
from tests.club.helpers import make_club, play_evening
from tests.tournament.random_evening import act, names

pytestmark = pytest.mark.django_db
EXAMPLES = max(hypothesis_settings().max_examples // 4, 5)


def renumbered(doc: dict[str, Any]) -> Any:
    """The season file with its register lines numbered 1, 2, … in their order."""
    doc = json.loads(json.dumps(doc))
    number = {line["id"]: i for i, line in enumerate(doc["register"], start=1)}
    for line in doc["register"]:
        line["id"] = number[line["id"]]
    for ev in doc["evenings"]:
        ev["players"] = {n: number[m] for n, m in ev["players"].items()}
    return doc


def imports_back_equal(season: Season) -> None:
    doc = renumbered(logic.export_season(season))
    club = logic.import_season(json.loads(json.dumps(doc)))
    assert renumbered(logic.export_season(club.seasons.get())) == doc


def test_a_season_with_a_name_corrected_on_an_evening_imports_back_equal() -> None:
    club, season = make_club()
    first = logic.create_evening(season, name="", rounds=1, table_size=4, deals_per_round=2,
                                 premium=False, members=logic.active(club))
    play_evening(first)
    second = logic.create_evening(season, name="", rounds=1, table_size=4, deals_per_round=2,
                                  premium=False, members=logic.active(club))
    play_evening(second)
    t = second.tournament
    tournaments.rename(t, t.players.get(name="Dana"), "Dana Horká-Malá")
    imports_back_equal(season)


def _register_action(club: Club, data: st.DataObject) -> None:
    members = list(club.members.filter(merged_into__isnull=True))
    action = data.draw(st.sampled_from(["add", "edit", "merge"]), label="register")
    try:
        if action == "add":
            logic.add_member(club, name=data.draw(names, label="member"))
        elif action == "edit" and members:
            m = data.draw(st.sampled_from(members), label="edited")
            logic.edit_member(m, name=data.draw(st.sampled_from([m.name, "Nový " + m.name]),
                                                label="name"),
                              nickname=m.nickname, team=data.draw(
                                  st.sampled_from(["", "A", "B"]), label="team"),
                              initials_only=data.draw(st.booleans(), label="initials"),
                              has_left=data.draw(st.booleans(), label="left"))
        elif action == "merge" and len(members) >= 2:
            keep, duplicate = data.draw(st.lists(st.sampled_from(members), min_size=2,
                                                 max_size=2, unique_by=lambda m: m.pk),
                                        label="merged")
            logic.merge(keep, duplicate)
    except logic.ClubError:
        pass


@hypothesis_settings(max_examples=EXAMPLES, deadline=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture,
                                            HealthCheck.too_slow,
                                            HealthCheck.data_too_large])
@given(data=st.data())
def test_every_season_export_imports_back_equal(data: st.DataObject) -> None:
    club = logic.create_club(name=data.draw(names, label="club"))
    for name in data.draw(st.lists(names, min_size=3, max_size=9,
                                   unique_by=lambda s: " ".join(s.split()).casefold()),
                          label="register"):
        with contextlib.suppress(logic.ClubError):
            logic.add_member(club, name=name)
    ruleset = data.draw(st.sampled_from(["marias", "tisic", "binokel"]), label="game")
    season = logic.create_season(club, name=data.draw(names, label="season"), ruleset=ruleset,
                                 rule=data.draw(st.sampled_from(["points", "places"]),
                                                label="rule"),
                                 places=[12, 10, 8, 7, 6, 5, 4], best_of=None, min_evenings=0)
    size = 4 if ruleset == "marias" else 3
    for _ in range(data.draw(st.integers(1, 3), label="evenings")):
        for _ in range(data.draw(st.integers(0, 3), label="register actions")):
            _register_action(club, data)
        members = logic.active(club)
        chosen = data.draw(st.lists(st.sampled_from(members), unique_by=lambda m: m.pk,
                                    max_size=len(members)), label="ticked") if members else []
        newcomers = data.draw(st.lists(names, max_size=2), label="newcomers")
        try:
            evening = logic.create_evening(
                season, name="", rounds=data.draw(st.integers(1, 2), label="rounds"),
                table_size=size, deals_per_round=data.draw(st.integers(1, 2), label="deals"),
                premium=data.draw(st.booleans(), label="premium"), members=chosen,
                newcomers=[logic.Newcomer(name=n) for n in newcomers])
        except (logic.ClubError, tournaments.TournamentError):
            continue

        def late(name: str, evening: Any = evening) -> None:
            member = (data.draw(st.sampled_from(list(club.members.all())), label="who")
                      if data.draw(st.booleans(), label="from the register") else None)
            with contextlib.suppress(logic.ClubError):
                logic.add_late_arrival(evening, member=member, name=name)

        for _ in range(data.draw(st.integers(0, 25), label="actions")):
            act(evening.tournament, data, late_arrival=late)
    imports_back_equal(Season.objects.get(pk=season.pk))
    assert Member.objects.exists()
