"""Whole Mariáš evenings worked out by hand (tests/golden/marias/), replayed to the haléř.

tests/rules/test_golden.py replays every golden sheet to its totals; this file checks what is
particular to Mariáš: the evenings cover three and four players, every row's ledger sums to
zero, and the final result (whole crowns, premium points) where the working gives it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rules
from rules import marias

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "marias"
FILES = sorted(GOLDEN.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def test_golden_evenings_of_three_and_four_players() -> None:
    sizes = [len(load(p)["players"]) for p in FILES]
    assert len(FILES) >= 5
    assert {3, 4} <= set(sizes)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_golden_evening_replays_to_the_haler(path: Path) -> None:
    doc = load(path)
    expected = doc["meta"]["expected"]
    assert len(doc["meta"]["working"]) == len(doc["entries"])
    assert rules.problems(doc) == []
    sheet = rules.load(doc)
    scored = rules.score(sheet)
    assert list(scored.totals) == expected["totals"]
    assert scored.outcome is None
    for row in scored.rows:
        assert list(row.deltas) == marias.net(row.ledger, len(doc["players"]))
        assert sum(row.deltas) == 0
    result = marias.final_result(scored, sheet.rules)
    if "crowns" in expected:
        assert [r.crowns for r in result] == expected["crowns"]
    if "premium" in expected:
        assert [r.premium for r in result] == expected["premium"]
