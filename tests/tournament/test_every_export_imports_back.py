"""Every tournament file the app writes imports back equal, whatever the evening went through:
Hypothesis plays random evenings (three games; draws, swaps, deals and their corrections,
signing, closing a table as it stands and reopening it, reviews and their corrections, late
arrivals, withdrawals, swaps refused in words for a player with no place in the round, name
corrections before and after a table's sheet was written) and exports each one, imports the
file and exports the copy: the two files are the same.  The thorough profile (CI) plays 100
evenings, the developer's 10 (tests/conftest.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from scoresheet.tournament import logic
from scoresheet.tournament.models import Tournament
from tests.tournament.helpers import make_tournament, play_round
from tests.tournament.random_evening import act, new_tournament

pytestmark = pytest.mark.django_db
EXAMPLES = max(hypothesis_settings().max_examples // 2, 5)


def as_file(doc: dict[str, Any]) -> Any:
    return json.loads(json.dumps(doc))


def test_a_tournament_with_a_name_corrected_after_its_first_round_imports_back_equal() -> None:
    t = make_tournament(8, rounds=2, deals=2)
    logic.start(logic.draw(t, seed=5))
    play_round(t)
    lida = t.players.get(name="Anna")
    logic.rename(t, lida, "Anna Marešová-Nová")
    logic.start(logic.draw(t, seed=6))
    play_round(t)
    doc = as_file(logic.export(t))
    sheets = [tb["sheet"]["players"] for r in doc["round_list"] for tb in r["tables"]]
    # the first round's sheet keeps the name it was played under; the second has the new one
    assert any("Anna" in names for names in sheets[:2])
    assert any("Anna Marešová-Nová" in names for names in sheets[2:])
    copy = logic.import_tournament(doc)
    assert as_file(logic.export(copy)) == doc
    assert [s.points for s in logic.standings(copy).overall] == [
        s.points for s in logic.standings(t).overall]


@hypothesis_settings(max_examples=EXAMPLES, deadline=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture,
                                            HealthCheck.too_slow,
                                            HealthCheck.data_too_large])
@given(data=st.data())
def test_every_tournament_export_imports_back_equal(data: st.DataObject) -> None:
    t = new_tournament(data)
    for _ in range(data.draw(st.integers(0, 40), label="actions")):
        act(t, data)
    t = Tournament.objects.get(pk=t.pk)
    doc = as_file(logic.export(t))
    copy = logic.import_tournament(doc)
    assert as_file(logic.export(copy)) == doc
