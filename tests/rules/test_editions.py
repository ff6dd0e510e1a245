"""Rules editions: a sheet stored under the old defaults replays to the totals it showed.

A rule fix changes what a *new* sheet scores; a sheet already stored keeps the edition it was
created under (FORMAT.md ``edition``), and the engine resolves its rules as: the preset, then that
edition's defaults, then the sheet's own options.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rules
from rules import engine

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
# Golden sheets worked out by hand before editions existed, under edition 1's rules: those that
# name edition 1 (their totals change under edition 2) and those that name none.


def _first_edition(path: Path) -> bool:
    return json.loads(path.read_text(encoding="utf-8")).get("edition", 1) == 1


FILES = [p for p in sorted(GOLDEN.rglob("*.json")) if _first_edition(p)]


def _ids(paths: list[Path]) -> list[str]:
    return [f"{p.parent.parent.name}/{p.parent.name}/{p.name}" for p in paths]


@pytest.mark.parametrize("path", FILES, ids=_ids(FILES))
def test_sheet_stored_under_the_old_defaults_keeps_its_totals(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    # A golden sheet worked out before editions existed names none: it was scored under the first.
    doc["edition"] = 1
    expected = doc["meta"]["expected"]
    sheet = rules.load(doc)
    assert rules.problems(sheet) == []
    scored = rules.score(sheet)
    assert list(scored.totals) == expected["totals"]
    assert (scored.outcome.winner if scored.outcome else None) == expected.get("winner")


def test_a_document_without_an_edition_plays_the_latest() -> None:
    doc = {"format": rules.FORMAT, "game": "thousand", "ruleset": "ru", "options": {},
           "players": ["Anna", "Boris", "Vera"], "first_dealer": 0, "entries": []}
    sheet = rules.load(doc)
    assert sheet.edition == rules.EDITION
    assert rules.dump(sheet)["edition"] == rules.EDITION


def test_dump_always_writes_the_edition_and_load_keeps_it() -> None:
    doc = {"format": rules.FORMAT, "game": "thousand", "ruleset": "tisic", "edition": 1,
           "options": {}, "players": ["Jana", "Karel", "Petra"], "first_dealer": 0,
           "entries": []}
    assert rules.dump(rules.load(doc)) == doc
    assert rules.load(doc).with_entries([]).edition == 1


@pytest.mark.parametrize("edition", [0, rules.EDITION + 1, "1", True, None, 1.0])
def test_an_unknown_edition_is_refused(edition: object) -> None:
    doc = {"format": rules.FORMAT, "game": "thousand", "ruleset": "ru", "edition": edition,
           "options": {}, "players": ["Anna", "Boris", "Vera"], "first_dealer": 0,
           "entries": []}
    found = rules.problems(doc)
    assert [p.code for p in found] == ["bad_edition"]


def test_the_rules_resolve_preset_then_edition_then_the_sheets_options() -> None:
    """Every game's edition-1 defaults are real options of its presets, and a table's own option
    wins over its edition's default."""
    for name, game in engine.rulesets().items():
        old = game.edition_defaults(name, 1)
        base = rules.preset(name, 1)
        for option, value in old.items():
            assert getattr(base, option) == value
            spec = {s.name: s for s in rules.specs(base)}.get(option)
            if spec is None:
                continue  # a fixed trait of the preset that the table cannot change
            flipped = rules.preset(name, rules.EDITION)
            latest = getattr(flipped, option)
            latest = str(latest) if isinstance(latest, str) else latest  # as JSON gives it
            chosen = engine.resolve_rules(name, 1, {option: latest})
            assert getattr(chosen, option) == latest
        assert game.edition_defaults(name, rules.EDITION) == {}
