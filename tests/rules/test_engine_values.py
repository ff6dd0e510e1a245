"""The engine's results stay values however they are made: a note whose English is made when it
is read, a row, a sheet copied with other entries."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

import rules
from rules import marias
from rules.bench import bench_sheet, generated_sheet, thousand_sheet


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


def row_values(rows: tuple[rules.Row, ...]) -> list[object]:
    """What a page reads of each row: every field, the notes' code, params and English, the
    row's ``repr`` (the types of its values too) and its JSON."""
    return [([getattr(row, f.name) for f in dataclasses.fields(row)],
             [(n.code, n.params, n.text) for n in row.notes], repr(row), row.to_json())
            for row in rows]


@pytest.mark.parametrize("ruleset", ["marias", "ru", "binokel"])
def test_a_row_whose_marks_and_notes_are_written_when_read_copies_as_the_row_written(
        ruleset: str) -> None:
    """A Mariáš deal's row writes its marks and notes when they are first read (``Row``'s
    ``parts``).  Read or not, a copy or pickle of it is a plain row with every field written,
    equal to the row and showing (``repr``, JSON, notes) what the row shows."""
    sheet = bench_sheet(ruleset, 60)
    unread = rules.score(sheet).rows
    if ruleset == "marias":
        assert all("_parts" in row.__dict__ for row in unread if row.kind == "deal")
    kept = [pickle.loads(pickle.dumps(unread)), copy.deepcopy(unread)]
    assert all("_parts" not in row.__dict__ for rows in kept for row in rows)
    read = rules.score(sheet.with_entries(sheet.entries)).rows
    shown = row_values(read)  # every part written now
    assert all("_parts" not in row.__dict__ for row in read)
    fresh = rules.score(sheet.with_entries(sheet.entries)).rows
    assert [repr(row) for row in fresh] == [v[2] for v in shown]
    fresh = rules.score(sheet.with_entries(sheet.entries)).rows
    assert [row.to_json() for row in fresh] == [v[3] for v in shown]
    for rows in (*kept, unread, pickle.loads(pickle.dumps(read))):
        assert all(type(row) is rules.Row for row in rows)
        assert rows == read and read == rows
        assert row_values(rows) == shown


def test_a_row_made_with_parts_asks_for_them_once_and_only_when_read() -> None:
    calls: list[int] = []

    def parts() -> tuple[tuple[tuple[str, ...], ...], tuple[rules.Note, ...]]:
        calls.append(1)
        return (("made",), ()), (rules.Note(code="made", text="made"),)

    row = rules.Row(entry=0, kind="deal", deltas=(1, -1), totals=(1, -1), dealer=0,
                    parts=parts)
    assert row.deltas == (1, -1) and not calls
    assert row.marks == (("made",), ()) and row.notes[0].text == "made"
    assert row.notes == (rules.Note(code="made", text="made"),) and calls == [1]
    assert row == rules.Row(entry=0, kind="deal", deltas=(1, -1), totals=(1, -1), dealer=0,
                            marks=(("made",), ()), notes=(rules.Note(code="made", text="made"),))
    with pytest.raises(AttributeError):
        row.nothing  # type: ignore[attr-defined]  # noqa: B018


def test_a_pickled_marias_state_goes_on_as_the_replay_does() -> None:
    """The saved state a sheet keeps per revision holds the record of the last deal (what a
    renonc on it reads): pickled, it is the same record, and a renonc and a deal judged on it
    give the rows and totals of a full replay."""
    sheet = generated_sheet("marias", 60)
    scored = rules.score(sheet)
    state = scored.state
    assert isinstance(state, marias.MariasState) and state.last is not None
    kept = pickle.loads(pickle.dumps(rules.saved(state)))
    assert kept == rules.saved(state)
    last = kept.last
    assert last is not None and last == state.last and last.ledger and last.charges
    renonc = {"type": "renonc", "seat": (last.declarer + 1) % 3, "kind": 1}
    after, rows = rules.advance(sheet, kept, renonc)
    whole = rules.score(sheet.append(renonc))
    assert rows == whole.rows[-len(rows):] and after.totals == whole.state.totals
    deal = sheet.entries[0]
    later, more = rules.advance(sheet.append(renonc), after, deal)
    again = rules.score(sheet.append(renonc).append(deal))
    assert more == again.rows[-len(more):] and later.totals == again.state.totals


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
