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


NOTE_KEY = "note"  # an entry's note: meta.note (docs/format.md)
MAX_NOTE = 200  # characters in a row's note


def note_of(entry: Any) -> str:
    """The note written beside a row (``meta.note``), "" for none; the engine never reads it."""
    meta = entry.get("meta") if isinstance(entry, Mapping) else None
    note = meta.get(NOTE_KEY) if isinstance(meta, Mapping) else None
    return note if isinstance(note, str) else ""


def with_note(entry: Mapping[str, Any], note: str) -> dict[str, Any]:
    """``entry`` with ``note`` as its note (none when ``note`` is empty); its other meta kept."""
    out = dict(entry)
    meta = dict(out["meta"]) if isinstance(out.get("meta"), Mapping) else {}
    note = note.strip()
    if note:
        meta[NOTE_KEY] = note
    else:
        meta.pop(NOTE_KEY, None)
    if meta:
        out["meta"] = meta
    else:
        out.pop("meta", None)
    return out
