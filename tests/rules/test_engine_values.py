"""The engine's results stay values however they are made: a note whose English is made when it
is read, a row, a sheet copied with other entries."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

import rules
from rules.bench import thousand_sheet


def test_a_note_made_from_a_template_is_the_note_given_its_text() -> None:
    later = rules.Note(code="made", text="%s makes %s with %s: %s%s",
                       args=("Anna", 120, 130, "+", 120), params={"seat": 0})
    given = rules.Note(code="made", text="Anna makes 120 with 130: +120", params={"seat": 0})
    assert later.text == "Anna makes 120 with 130: +120"
    assert later == given
    assert repr(later) == repr(given)


def test_a_template_note_differs_from_a_note_with_other_words() -> None:
    later = rules.Note(code="rounded", text="%s %s -> %s", args=("Boris", 42, 40))
    assert later != rules.Note(code="rounded", text="Boris 43 -> 45")
    assert later != rules.Note(code="rounded", text="Boris 42 -> 40", params={"seat": 1})


def test_a_player_name_with_a_percent_sign_is_written_as_it_is() -> None:
    note = rules.Note(code="rounded", text="%s %s -> %s", args=("100% Vera", 42, 40))
    assert note.text == "100% Vera 42 -> 40"


def test_a_note_is_immutable() -> None:
    note = rules.Note(code="redeal", text="redeal: misdeal")
    with pytest.raises(dataclasses.FrozenInstanceError):
        note.code = "other"  # type: ignore[misc]


def test_a_note_pickles_and_copies_as_the_same_value() -> None:
    note = rules.Note(code="made", text="%s makes %s", args=("Anna", 100), params={"seat": 0})
    assert pickle.loads(pickle.dumps(note)) == note
    assert copy.deepcopy(note) == note and copy.copy(note) == note


def test_a_scored_sheet_pickles_to_the_same_rows() -> None:
    scored = rules.score(thousand_sheet(40))
    again = pickle.loads(pickle.dumps(scored.rows))
    assert again == scored.rows
    assert [n.text for r in again for n in r.notes] == [n.text for r in scored.rows
                                                         for n in r.notes]


def test_a_row_is_a_frozen_dataclass_with_every_field() -> None:
    row = rules.score(thousand_sheet(3)).rows[0]
    assert dataclasses.replace(row) == row
    assert dataclasses.replace(row, round_end=True) == row.ending_round()
    with pytest.raises(dataclasses.FrozenInstanceError):
        row.kind = "other"  # type: ignore[misc]


def test_a_sheet_with_other_entries_keeps_its_rules_and_replays_its_own_entries() -> None:
    sheet = thousand_sheet(30)
    shorter = sheet.with_entries(sheet.entries[:10])
    assert shorter.rules == rules.resolve_rules("ru", sheet.edition, sheet.options)
    assert len(shorter.entries) == 10 and len(sheet.entries) == 30
    assert rules.score(shorter).rows == rules.score(sheet).rows[:len(rules.score(shorter).rows)]


def test_a_sheet_reads_its_own_options_not_the_presets() -> None:
    sheet = thousand_sheet(3)
    assert sheet.rules.target == 10_000 and rules.preset("ru").target == 1000
    plain = rules.Sheet(game="thousand", ruleset="ru", players=("A", "B", "C"))
    assert plain.rules == rules.preset("ru")
