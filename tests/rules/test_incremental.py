"""Judging entry by entry from a saved state gives what a full replay gives, for every game.

The web app keeps the engine's state after the last entry of each revision and judges an
appended entry with ``rules.advance`` (a correction replays from the changed entry with
``rules.resume``); these properties hold that this never differs from ``rules.score``.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.errors import RulesError

from .strategies_binokel import binokel_sheets
from .strategies_marias import marias_sheets
from .strategies_thousand import thousand_sheets

# Five times the profile's examples per game (a thousand in the "ci" profile: 3,000 sheets in all),
# each judged entry by entry.
MANY = settings(max_examples=settings().max_examples * 5, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SOME = settings(deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def as_sheet(value: Any) -> rules.Sheet:
    return value if isinstance(value, rules.Sheet) else rules.load(value)


def any_sheet() -> st.SearchStrategy[rules.Sheet]:
    return st.one_of(thousand_sheets(), marias_sheets(), binokel_sheets()).map(as_sheet)


def incremental(sheet: rules.Sheet) -> tuple[list[rules.Row], rules.State]:
    """Every entry judged on the saved state of the entries before it."""
    state = rules.saved(rules.start(sheet))
    rows: list[rules.Row] = []
    for index, raw in enumerate(sheet.entries):
        before = rules.saved(state)
        state, new = rules.advance(sheet, state, raw, index)
        assert rules.saved(before) == before  # the state it started from is untouched
        rows.extend(new)
    return rows, state


def assert_same(sheet: rules.Sheet) -> None:
    full = rules.score(sheet)
    rows, state = incremental(sheet)
    assert rows == list(full.rows)
    assert tuple(state.totals) == full.totals
    assert state.outcome == full.outcome
    assert state.dealer == full.dealer
    assert state.rows == []
    assert rules.saved(full.state) == state  # every piece of the game's own bookkeeping


@MANY
@given(thousand_sheets())
def test_thousand_entry_by_entry_equals_full_replay(sheet: rules.Sheet) -> None:
    assert_same(sheet)


@MANY
@given(marias_sheets())
def test_marias_entry_by_entry_equals_full_replay(doc: dict[str, Any]) -> None:
    assert_same(rules.load(doc))


@MANY
@given(binokel_sheets())
def test_binokel_entry_by_entry_equals_full_replay(sheet: rules.Sheet) -> None:
    assert_same(sheet)


@SOME
@given(any_sheet(), st.data())
def test_replay_from_a_corrected_entry_equals_full_replay(sheet: rules.Sheet,
                                                          data: st.DataObject) -> None:
    """A correction of entry k replays from the state before k: the same rows from k on."""
    first = data.draw(st.integers(0, len(sheet.entries)))
    state = rules.saved(rules.start(sheet))
    for index in range(first):
        state, _rows = rules.advance(sheet, state, sheet.entries[index], index)
    full = rules.score(sheet)
    part = rules.resume(sheet, state, first)
    assert list(part.rows) == [r for r in full.rows if r.entry >= first]
    assert (part.totals, part.outcome, part.dealer) == (full.totals, full.outcome, full.dealer)


@SOME
@given(any_sheet(), any_sheet(), st.data())
def test_an_appended_entry_is_refused_exactly_when_a_full_replay_refuses_it(
    sheet: rules.Sheet, other: rules.Sheet, data: st.DataObject
) -> None:
    """Entries taken from another random sheet (often illegal here): same verdict, same row."""
    if not other.entries:
        return
    raw = data.draw(st.sampled_from(other.entries))
    _rows, state = incremental(sheet)
    refused: RulesError | None = None
    try:
        full = rules.score(sheet.append(raw))
    except RulesError as error:
        refused = error
    if refused is not None:
        with pytest.raises(RulesError) as got:  # advance refuses what score refuses
            rules.advance(sheet, state, raw)
        assert (got.value.code, got.value.entry, got.value.params) == (
            refused.code, refused.entry, refused.params)
        return
    after, rows = rules.advance(sheet, state, raw)
    assert list(rows) == [r for r in full.rows if r.entry == len(sheet.entries)]
    assert tuple(after.totals) == full.totals and after.outcome == full.outcome


@SOME
@given(thousand_sheets())
def test_a_row_ending_a_round_is_the_row_with_the_underline_and_nothing_else(
    sheet: rules.Sheet,
) -> None:
    import dataclasses

    for row in rules.score(sheet).rows:
        ended = row.ending_round()
        assert ended == dataclasses.replace(row, round_end=True)
        assert all(getattr(ended, f.name) == getattr(row, f.name)
                   for f in dataclasses.fields(row) if f.name != "round_end")
        assert ended.round_end and ended is not row
