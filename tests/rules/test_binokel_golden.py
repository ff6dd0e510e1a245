"""The Binokel golden games, checked line by line against the hand working in their meta.

tests/rules/test_golden.py replays every golden sheet to its final totals and winner; here every
working line "N (dealer X): ... totals a, b, c" is also compared with row N of the scored sheet.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import rules

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "binokel"
FILES = sorted(GOLDEN.glob("*.json"))
LINE = re.compile(r"^(\d+) \(dealer (\w+)\):.*totals (-?\d+), (-?\d+), (-?\d+)")


def test_binokel_has_golden_games_at_both_scales() -> None:
    scales = [json.loads(p.read_text(encoding="utf-8"))["options"].get("scale", 1) for p in FILES]
    assert len(FILES) >= 3
    assert {1, 10} <= set(scales)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_worked_line_matches_its_row(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    scored = rules.score(rules.load(doc))
    checked = 0
    for line in doc["meta"]["working"]:
        match = LINE.match(line)
        if match is None:
            continue
        index, dealer = int(match[1]), match[2]
        [row] = scored.rows_of(index)
        assert doc["players"][row.dealer] == dealer, line
        assert list(row.totals) == [int(match[i]) for i in (3, 4, 5)], line
        checked += 1
    assert checked == len(doc["entries"])
