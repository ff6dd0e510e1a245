"""Reading a stored sheet: its entries, the engine's document of it, what undo and redo would
revert.  The one writer (:mod:`scoresheet.sheets.services`) and the derived data
(:mod:`scoresheet.sheets.derived`) both read through here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import rules
from scoresheet.sheets.models import Entry, EntryChange, Sheet


@dataclass(frozen=True, kw_only=True)
class UndoState:
    """The changes an undo or a redo would revert now (None when there is none)."""

    undo: EntryChange | None = None
    redo: EntryChange | None = None


def entries_of(sheet: Sheet) -> list[Entry]:
    return list(Entry.objects.filter(sheet=sheet).order_by("position"))


def engine_sheet(sheet: Sheet, entries: Sequence[Mapping[str, Any]]) -> rules.Sheet:
    # rules.load copies the entries itself: no second deep copy here (issue 8, speed).
    return rules.load({
        "format": rules.FORMAT,
        "game": sheet.game,
        "ruleset": sheet.ruleset,
        "edition": sheet.edition,
        "options": sheet.options,
        "players": list(sheet.players),
        "first_dealer": sheet.first_dealer,
        "entries": list(entries),
    })


def undo_state(sheet: Sheet) -> UndoState:
    """What undo and redo would revert now: the tops of the two stacks the sheet keeps (one
    query, none when both are empty), whatever the length of the history."""
    wanted = [r for r in (sheet.undo_top, sheet.redo_top) if r]
    found = {c.revision: c for c in EntryChange.objects.filter(sheet=sheet, revision__in=wanted)
             } if wanted else {}
    return UndoState(undo=found.get(sheet.undo_top), redo=found.get(sheet.redo_top))
