"""The only code that writes a sheet's entries: every write is one transaction.

A write names the revision it was made against and an idempotency key.  Inside one transaction
it locks the sheet row, recognises a key it has already seen (the write is then not repeated and
the first result is returned), refuses a write made against another revision (:class:`Conflict`),
lets the engine judge the whole sheet as it would stand after the change (:class:`Rejected`), and
then stores the entries, one history row, the key and the next revision together.

Other features (import/export, print, statistics) read sheets through :func:`sheet_document`
and :func:`scored`, and create them through :func:`create_sheet`.
"""

from __future__ import annotations

import copy
import json
import re
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

import rules
from scoresheet.sheets import derived, governing
from scoresheet.sheets.models import (
    KEY_LENGTH,
    Action,
    Entry,
    EntryChange,
    Sheet,
    SheetAction,
    SheetEvent,
)
from scoresheet.sheets.reading import (
    MAX_NOTE,
    engine_sheet,
    entries_of,
    note_of,
    undo_state,
    with_note,
)
from scoresheet.sheets.validators import text_problem

KEY_PATTERN = re.compile(rf"^[A-Za-z0-9_-]{{8,{KEY_LENGTH}}}$")


# --------------------------------------------------------------------------- values


@dataclass(frozen=True, kw_only=True)
class Device:
    """Who is writing: the device cookie, its browser, the account if logged in."""

    id: str = ""
    user_agent: str = ""
    user_id: int | None = None

    @classmethod
    def from_parts(
        cls, device_id: str, user_agent: str, user: AbstractBaseUser | AnonymousUser | None
    ) -> Device:
        uid = user.pk if user is not None and user.is_authenticated else None
        return cls(id=device_id[:KEY_LENGTH], user_agent=user_agent[:200], user_id=uid)


@dataclass(frozen=True, kw_only=True)
class WriteResult:
    """What a write did.  ``replayed``: the key had been used, so nothing new was written."""

    sheet: Sheet
    action: Action
    revision: int
    position: int | None
    replayed: bool = False


class WriteError(Exception):
    """Base of the refusals of a write; nothing was written."""


class Conflict(WriteError):
    """The write was made against an older (or newer) revision of the sheet."""

    def __init__(self, *, given: int, current: int) -> None:
        super().__init__(f"the sheet is at revision {current}, the write was made against {given}")
        self.given = given
        self.current = current


class KeyReused(Conflict):
    """The idempotency key was already used for another write (another entry, another row,
    another action): this write was *not* made.  A Conflict, so that every form answers it as
    one (nothing saved, send again with a fresh form)."""


class AlreadyWritten(Conflict):
    """An append made against an older revision whose entry was written since, as ``position``.

    Typically the same form sent again (the browser's Back and a reload, then "Write it down"):
    nothing is written a second time.
    """

    def __init__(self, *, given: int, current: int, position: int) -> None:
        super().__init__(given=given, current=current)
        self.position = position


class Rejected(WriteError):
    """The engine refuses the sheet as it would stand after the write.

    ``entry`` is the index of the entry the engine objects to, numbered as on the sheet before
    the write (it may be a later entry than the one written: an edit may make a later row
    impossible), ``changed`` the index of the entry written (None when the write removed one),
    ``field`` the entry field the engine names.
    """

    def __init__(self, error: rules.RulesError, *, changed: int | None = None) -> None:
        super().__init__(error.message)
        self.error = error
        self.code = error.code
        self.message = error.message
        self.params: dict[str, Any] = dict(error.params)
        self.entry = error.entry
        self.changed = changed

    @property
    def field(self) -> str | None:
        value = self.params.get("field")
        return value if isinstance(value, str) else None

    @property
    def elsewhere(self) -> bool:
        """The objection is about another entry than the one written."""
        return self.entry is not None and self.entry != self.changed


class Closed(Rejected):
    """The sheet is a tournament table closed by its scorer's signature (docs/tournament.md)."""

    def __init__(self) -> None:
        super().__init__(rules.IllegalEntry("the sheet is closed", code="sheet_closed"))


class EveningClosed(Closed):
    """The sheet is an evening closed on its own page (a game without an end): reopen it
    to write again."""

    def __init__(self) -> None:
        Rejected.__init__(self, rules.IllegalEntry("the evening is closed",
                                                   code="evening_closed"))


class NothingToUndo(WriteError):
    pass


class NothingToRedo(WriteError):
    pass


class NoSuchEntry(WriteError):
    def __init__(self, position: int) -> None:
        super().__init__(f"the sheet has no entry {position}")
        self.position = position


class BadKey(WriteError):
    pass


@dataclass(kw_only=True)
class Loaded:
    """A sheet with its entries and its replay, as the pages need it.

    Loaded by :func:`load_tail` (to write at the end of the sheet), ``document`` has no entries,
    ``scored`` no rows, ``entries`` is read only when used, and ``tail`` is the derived data
    of the sheet's revision.
    """

    sheet: Sheet
    entries: Sequence[Entry]
    document: rules.Sheet
    scored: rules.Scored
    tail: derived.Derived | None = None


class _LazyEntries(Sequence[Entry]):
    """The entries of a sheet, read from the database only when one is asked for."""

    def __init__(self, sheet: Sheet, length: int) -> None:
        # (not ``count``: that is Sequence.count, which a list of entries must keep)
        self.sheet, self.length = sheet, length
        self.rows: list[Entry] | None = None

    def __len__(self) -> int:
        return self.length

    def _all(self) -> list[Entry]:
        if self.rows is None:
            self.rows = entries_of(self.sheet)
        return self.rows

    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]

    def __iter__(self) -> Any:
        return iter(self._all())


# --------------------------------------------------------------------------- reading


def document_of(sheet: Sheet, entries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The docs/format.md document of ``sheet`` with ``entries``."""
    return {
        "format": rules.FORMAT,
        "game": sheet.game,
        "ruleset": sheet.ruleset,
        "edition": sheet.edition,
        "options": copy.deepcopy(dict(sheet.options)),
        "players": list(sheet.players),
        "first_dealer": sheet.first_dealer,
        "entries": [copy.deepcopy(dict(e)) for e in entries],
    }


def sheet_document(sheet: Sheet, entries: Sequence[Entry] | None = None) -> dict[str, Any]:
    """The sheet as a docs/format.md document (what export writes and import reads)."""
    rows = entries_of(sheet) if entries is None else entries
    return document_of(sheet, [e.data for e in rows])


def load(sheet: Sheet) -> Loaded:
    """The sheet, its entries and the engine's replay of them (one query: the entries)."""
    entries = entries_of(sheet)
    document = engine_sheet(sheet, [e.data for e in entries])
    return Loaded(sheet=sheet, entries=entries, document=document, scored=rules.score(document))


def load_tail(sheet: Sheet) -> Loaded:
    """The sheet as a form that appends to it needs it: the derived data of its revision (from
    the cache; one replay on a miss), no entry read."""
    data = derived.current(sheet)
    return Loaded(sheet=sheet, entries=_LazyEntries(sheet, data.entries),
                  document=derived.header(sheet), scored=data.scored(), tail=data)


def preview_append(loaded: Loaded, entry: Mapping[str, Any]) -> tuple[rules.Scored,
                                                                      list[rules.Row]]:
    """What appending ``entry`` would do, judged on the saved state; raises :class:`Rejected`."""
    assert loaded.tail is not None
    index = loaded.tail.entries
    try:
        state, rows = rules.advance(loaded.document, loaded.tail.state, dict(entry), index)
    except rules.RulesError as exc:
        raise Rejected(exc, changed=index) from None
    scored = rules.Scored(rows=rows, totals=tuple(state.totals), outcome=state.outcome,
                          dealer=state.dealer, state=state)
    return scored, list(rows)


def _stacks(log: Sequence[tuple[int, str]]) -> tuple[list[int], list[int]]:
    """Replay a history into the undo and redo stacks (revisions of changes): what the stacks
    the sheet keeps must always equal (tests), and how migration 0005 filled them.

    A new change clears the redo stack; an undo moves the top of the undo stack to the redo
    stack; a redo moves it back.
    """
    undo_stack: list[int] = []
    redo_stack: list[int] = []
    for revision, action in log:
        if action == Action.UNDO:
            undo_stack.pop()
            redo_stack.append(revision)
        elif action == Action.REDO:
            redo_stack.pop()
            undo_stack.append(revision)
        else:
            undo_stack.append(revision)
            redo_stack.clear()
    return undo_stack, redo_stack


def preview(
    sheet: Sheet,
    entries: Sequence[Mapping[str, Any]],
    entry: Mapping[str, Any],
    *,
    position: int | None = None,
    insert: bool = False,
) -> tuple[rules.Scored, list[rules.Row]]:
    """What adding ``entry`` (or putting it at ``position``: in place of the entry there, or
    before it with ``insert``) would do; raises :class:`Rejected`."""
    new_entries = list(entries)
    if position is None:
        index = len(new_entries)
        new_entries.append(dict(entry))
    elif insert:
        if not 0 <= position <= len(new_entries):
            raise NoSuchEntry(position)
        index = position
        new_entries.insert(position, dict(entry))
    else:
        if not 0 <= position < len(new_entries):
            raise NoSuchEntry(position)
        index = position
        new_entries[position] = dict(entry)
    try:
        scored = _judge(sheet, new_entries, changed=index)
    except Rejected as error:
        if insert and error.entry is not None and error.entry > index:
            error.entry -= 1  # name the row as it is numbered on the sheet the user sees
        raise
    return scored, list(scored.rows_of(index))


def _judge(
    sheet: Sheet, entries: Sequence[Mapping[str, Any]], *, changed: int | None
) -> rules.Scored:
    try:
        return rules.score(engine_sheet(sheet, entries))
    except rules.RulesError as exc:
        raise Rejected(exc, changed=changed) from None


# --------------------------------------------------------------------------- creating


def create_sheet(
    *,
    ruleset: str,
    options: Mapping[str, Any],
    players: Sequence[str],
    first_dealer: int,
    edition: int | None = None,
    owner: Any = None,
    entries: Sequence[Mapping[str, Any]] = (),
    device: Device | None = None,
) -> Sheet:
    """Create a sheet after the engine accepted its header (and its entries, for an import).

    Raises :class:`rules.RulesError` (an ``InvalidSheet`` for the header) when it does not.
    Imported entries are recorded in the history as added at revision 1..n.
    """
    game = rules.game_of(ruleset)
    doc = {
        "format": rules.FORMAT,
        "game": game.name,
        "ruleset": ruleset,
        "edition": rules.EDITION if edition is None else edition,
        "options": dict(options),
        "players": [p.strip() if isinstance(p, str) else p for p in players],
        "first_dealer": first_dealer,
        "entries": [dict(e) for e in entries],
    }
    document = rules.load(doc)
    scored = rules.score(document)
    now = timezone.now()
    user = owner if owner is not None and owner.is_authenticated else None
    device = device or Device()
    with transaction.atomic():
        sheet = Sheet.objects.create(
            game=document.game,
            ruleset=document.ruleset,
            edition=document.edition,
            options=dict(document.options),
            players=list(document.players),
            first_dealer=document.first_dealer,
            owner=user,
            created=now,
            updated=now,
            finished=now if scored.outcome is not None else None,
            revision=len(document.entries),
            undo_top=len(document.entries),
        )
        if user is not None:
            sheet.keepers.add(user)
        made = Entry.objects.bulk_create(
            Entry(sheet=sheet, position=i, data=dict(e)) for i, e in enumerate(document.entries)
        )
        EntryChange.objects.bulk_create(
            EntryChange(
                sheet=sheet,
                revision=i + 1,
                entry_uid=e.uid,
                action=Action.ADD,
                position=i,
                before=None,
                after=e.data,
                below=i,
                at=now,
                device=device.id,
                user_agent=device.user_agent,
                user_id=device.user_id,
            )
            for i, e in enumerate(made)
        )
    return sheet


# --------------------------------------------------------------------------- writing


def add_entry(
    sheet_id: int, *, revision: int, key: str, device: Device, entry: Mapping[str, Any],
    known: derived.Derived | None = None,
) -> WriteResult:
    """Append ``entry`` to the sheet: judged on the saved state of the sheet's revision (no
    replay) when the cache has it (or the caller, as ``known``), else on a replay."""

    def change(locked: Sheet, entries: list[Entry]) -> _Change:
        return _Change(
            action=Action.ADD,
            uid=uuid.uuid4(),
            position=len(entries),
            before=None,
            after=dict(entry),
        )

    return _write(sheet_id, revision=revision, key=key, device=device, make=change,
                  append=entry, known=known, intent=_Intent(action=Action.ADD, entry=entry))


def insert_entry(
    sheet_id: int,
    *,
    revision: int,
    key: str,
    device: Device,
    position: int,
    entry: Mapping[str, Any],
) -> WriteResult:
    """Put ``entry`` at ``position`` (the later entries move down one place); every later row
    is replayed, and a later row the insertion breaks is refused, named."""

    def change(locked: Sheet, entries: list[Entry]) -> _Change:
        return _Change(
            action=Action.ADD,
            uid=uuid.uuid4(),
            position=position,
            before=None,
            after=dict(entry),
        )

    return _write(sheet_id, revision=revision, key=key, device=device, make=change,
                  intent=_Intent(action=Action.ADD, position=position, entry=entry))


def update_entry(
    sheet_id: int,
    *,
    revision: int,
    key: str,
    device: Device,
    position: int,
    entry: Mapping[str, Any],
) -> WriteResult:
    """Replace the entry at ``position``; every later row is replayed."""

    def change(locked: Sheet, entries: list[Entry]) -> _Change:
        old = _entry_at(entries, position)
        return _Change(
            action=Action.EDIT,
            uid=old.uid,
            position=position,
            before=old.data,
            after=dict(entry),
        )

    return _write(sheet_id, revision=revision, key=key, device=device, make=change,
                  intent=_Intent(action=Action.EDIT, position=position, entry=entry))


def delete_entry(
    sheet_id: int, *, revision: int, key: str, device: Device, position: int
) -> WriteResult:
    """Remove the entry at ``position``; the later entries move up one place."""

    def change(locked: Sheet, entries: list[Entry]) -> _Change:
        old = _entry_at(entries, position)
        return _Change(
            action=Action.DELETE, uid=old.uid, position=position, before=old.data, after=None
        )

    return _write(sheet_id, revision=revision, key=key, device=device, make=change,
                  intent=_Intent(action=Action.DELETE, position=position))


def step_key(key: str, step: int) -> str:
    """The key of the ``step``-th write of a request that makes several (the first keeps the
    request's own key): a request sent again replays every step it already made."""
    return key if step == 0 else f"{key[:56]}-{step}"


def delete_entries(
    sheet_id: int, *, revision: int, key: str, device: Device, positions: Sequence[int]
) -> WriteResult:
    """Remove the entries at ``positions``, one change each in the order given (each position
    as the sheet stands after the ones before it): all of them or, when the engine refuses one
    step, none.  Undo brings them back one by one."""
    if not positions:
        raise ValueError("nothing to delete")
    result: WriteResult | None = None
    with transaction.atomic():
        for step, position in enumerate(positions):
            result = delete_entry(sheet_id, revision=revision + step,
                                  key=step_key(key, step), device=device, position=position)
    assert result is not None
    return result


def deletion_works(document: rules.Sheet, positions: Sequence[int]) -> bool:
    """Whether the sheet without the entries at ``positions`` (indexes of the sheet as it is)
    is one the engine accepts."""
    gone = set(positions)
    kept = [e for i, e in enumerate(document.entries) if i not in gone]
    try:
        rules.score(document.with_entries(kept))
    except rules.RulesError:
        return False
    return True


def undo(sheet_id: int, *, revision: int, key: str, device: Device) -> WriteResult:
    """Revert the latest change that is not undone yet."""

    def change(locked: Sheet, entries: list[Entry]) -> _Change:
        target = undo_state(locked).undo
        if target is None:
            raise NothingToUndo("there is nothing to undo")
        return _inverse(target, Action.UNDO)

    return _write(sheet_id, revision=revision, key=key, device=device, make=change,
                  intent=_Intent(action=Action.UNDO))


def redo(sheet_id: int, *, revision: int, key: str, device: Device) -> WriteResult:
    """Apply again the change the latest undo reverted (if nothing was written since)."""

    def change(locked: Sheet, entries: list[Entry]) -> _Change:
        target = undo_state(locked).redo
        if target is None:
            raise NothingToRedo("there is nothing to redo")
        return _inverse(target, Action.REDO)

    return _write(sheet_id, revision=revision, key=key, device=device, make=change,
                  intent=_Intent(action=Action.REDO))


@dataclass(frozen=True, kw_only=True)
class _Intent:
    """What a write asks for, to tell a retry (the same write again) from a reused key."""

    action: Action
    position: int | None = None
    entry: Mapping[str, Any] | None = None


@dataclass(frozen=True, kw_only=True)
class _Change:
    action: Action
    uid: uuid.UUID
    position: int
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reverts: EntryChange | None = None


def _inverse(target: EntryChange, action: Action) -> _Change:
    return _Change(
        action=action,
        uid=target.entry_uid,
        position=target.position,
        before=target.after,
        after=target.before,
        reverts=target,
    )


def _entry_at(entries: Sequence[Entry], position: int) -> Entry:
    if not 0 <= position < len(entries):
        raise NoSuchEntry(position)
    return entries[position]


def check_key(key: str) -> str:
    if not isinstance(key, str) or not KEY_PATTERN.match(key):
        raise BadKey("the write key must be 8 to 64 letters, digits, - or _")
    return key


def _write(
    sheet_id: int,
    *,
    revision: int,
    key: str,
    device: Device,
    make: Any,
    intent: _Intent,
    append: Mapping[str, Any] | None = None,
    known: derived.Derived | None = None,
) -> WriteResult:
    check_key(key)
    try:
        with transaction.atomic():
            return _write_locked(sheet_id, revision=revision, key=key, device=device, make=make,
                                 intent=intent, append=append, known=known)
    except IntegrityError:
        # Two writes raced past the checks (a database without row locks): the first one
        # committed.  The same key is the same write; another key was made against an old sheet.
        seen = EntryChange.objects.select_related("sheet").filter(sheet_id=sheet_id,
                                                                  key=key).first()
        if seen is not None:
            return _replayed(seen, intent, given=revision)
        current = Sheet.objects.filter(pk=sheet_id).values_list("revision", flat=True).first()
        raise Conflict(given=revision, current=current or 0) from None


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Two entries are the same content (compared as the JSON they are stored as)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def written_since(sheet: Sheet, revision: int, entry: Mapping[str, Any]) -> int | None:
    """The position of a row on the sheet with ``entry``'s content written after ``revision``.

    Only rows added or changed since that revision count: an equal row that was already on the
    sheet when the form was made is another deal that happened to end the same way.
    """
    uids = set(
        EntryChange.objects.filter(sheet=sheet, revision__gt=revision)
        .exclude(after__isnull=True)
        .values_list("entry_uid", flat=True)
    )
    if not uids:
        return None
    for row in Entry.objects.filter(sheet=sheet, uid__in=uids).order_by("position"):
        if _same(row.data, entry):
            return row.position
    return None


def changes_since(sheet: Sheet, revision: int) -> list[EntryChange]:
    """The changes written to the sheet after ``revision``, oldest first."""
    return list(EntryChange.objects.filter(sheet=sheet, revision__gt=revision).order_by("revision"))


def _replayed(seen: EntryChange, intent: _Intent, *, given: int) -> WriteResult:
    """What the first write of ``seen``'s key did, if ``intent`` asks for the same; else
    :class:`KeyReused` (the key names another write, this one is not made)."""
    same = (
        seen.action == intent.action
        and (intent.position is None or intent.position == seen.position)
        and (intent.entry is None or _plain(intent.entry) == seen.after)
    )
    if not same:
        raise KeyReused(given=given, current=seen.sheet.revision)
    return WriteResult(
        sheet=seen.sheet,
        action=Action(seen.action),
        revision=seen.revision,
        position=seen.position,
        replayed=True,
    )


def _plain(entry: Mapping[str, Any]) -> Any:
    """An entry as the database gives it back (JSON: tuples become lists)."""
    return json.loads(json.dumps(dict(entry)))


def _write_locked(
    sheet_id: int, *, revision: int, key: str, device: Device, make: Any, intent: _Intent,
    append: Mapping[str, Any] | None,
    known: derived.Derived | None,
) -> WriteResult:
    sheet = Sheet.objects.select_for_update().get(pk=sheet_id)
    if sheet.revision != revision:
        # A request sent again (its answer lost) comes with the revision it was made at, which
        # its first write moved on: its key is on that change.  At the sheet's own revision no
        # change can hold the key yet, and a key used twice there meets the unique constraint.
        seen = EntryChange.objects.filter(sheet=sheet, key=key).first()
        if seen is not None:
            seen.sheet = sheet
            return _replayed(seen, intent, given=revision)
    if sheet.closed is not None:
        raise _closed(sheet)
    if sheet.revision != revision:
        if append is not None and revision < sheet.revision:
            position = written_since(sheet, revision, append)
            if position is not None:
                raise AlreadyWritten(given=revision, current=sheet.revision, position=position)
        raise Conflict(given=revision, current=sheet.revision)
    if known is None or known.revision != sheet.revision:  # (derived data never changes)
        known = derived.cached(sheet, sheet.revision, guarded=True)
    if append is not None and known is None:  # a cold cache: one replay of the sheet as it is
        data = [e.data for e in entries_of(sheet)]
        known = derived.replayed(sheet.revision, len(data), _judge(sheet, data, changed=None),
                                 None, notes=derived.notes_of(data), names=tuple(sheet.players))
    if append is not None and known is not None:
        # An appended entry: judged on the saved state, nothing replayed, no entry read.
        appended = dict(append)
        change = _Change(action=Action.ADD, uid=uuid.uuid4(), position=known.entries,
                         before=None, after=appended)
        try:
            state, rows = rules.advance(derived.header(sheet), known.state, appended,
                                        change.position)
        except rules.RulesError as exc:
            raise Rejected(exc, changed=change.position) from None
        _store(sheet, (), change)  # at the end: no entry read, none moved
        after = derived.appended(known, state, rows, note=note_of(appended))
    else:
        entries = entries_of(sheet)
        change = make(sheet, entries)
        new_data = _apply([e.data for e in entries], entries, change)
        removed = change.after is None
        inserted = change.before is None and change.position < len(entries)
        try:
            scored = _judge(sheet, new_data, changed=None if removed else change.position)
        except Rejected as error:
            if removed and error.entry is not None and error.entry >= change.position:
                error.entry += 1  # name the row as it is numbered on the sheet the user sees
            if inserted and error.entry is not None and error.entry > change.position:
                error.entry -= 1
            raise
        _store(sheet, entries, change)
        after = derived.replayed(sheet.revision + 1, len(new_data), scored, known,
                                 notes=derived.notes_of(new_data), names=tuple(sheet.players))

    now = timezone.now()
    sheet.revision += 1
    sheet.updated = now
    sheet.finished = (sheet.finished or now) if after.state.outcome is not None else None
    below = _push(sheet, change)
    EntryChange.objects.create(
        sheet=sheet,
        revision=sheet.revision,
        entry_uid=change.uid,
        action=change.action,
        position=change.position,
        before=change.before,
        after=change.after,
        reverts=change.reverts,
        below=below,
        at=now,
        device=device.id,
        user_agent=device.user_agent,
        user_id=device.user_id,
        key=key,
    )
    sheet.save(update_fields=["revision", "updated", "finished", "undo_top", "redo_top"])
    transaction.on_commit(lambda: derived.store(sheet, after))
    return WriteResult(
        sheet=sheet, action=change.action, revision=sheet.revision, position=change.position
    )


def _push(sheet: Sheet, change: _Change) -> int:
    """Move the sheet's undo and redo stacks for the change written at ``sheet.revision``;
    returns the revision below it on the stack it goes on (see :func:`_stacks`)."""
    if change.action == Action.UNDO:
        assert change.reverts is not None
        below = sheet.redo_top
        sheet.undo_top, sheet.redo_top = change.reverts.below, sheet.revision
    elif change.action == Action.REDO:
        assert change.reverts is not None
        below = sheet.undo_top
        sheet.undo_top, sheet.redo_top = sheet.revision, change.reverts.below
    else:
        below = sheet.undo_top
        sheet.undo_top, sheet.redo_top = sheet.revision, 0
    return below


def _apply(
    data: list[dict[str, Any]], entries: Sequence[Entry], change: _Change
) -> list[dict[str, Any]]:
    """The entries' data after ``change`` (checks that the change fits the sheet)."""
    out = list(data)
    if change.before is None:
        if change.after is None or not 0 <= change.position <= len(out):
            raise NoSuchEntry(change.position)
        out.insert(change.position, change.after)
        return out
    entry = _entry_at(entries, change.position)
    if entry.uid != change.uid:
        raise NoSuchEntry(change.position)
    if change.after is None:
        del out[change.position]
    else:
        out[change.position] = change.after
    return out


def _store(sheet: Sheet, entries: Sequence[Entry], change: _Change) -> None:
    """Write ``change`` to the entry rows, keeping positions 0..n-1 without ever a duplicate."""
    if change.before is not None and change.after is not None:
        Entry.objects.filter(sheet=sheet, uid=change.uid).update(data=change.after)
        return
    later = Entry.objects.filter(sheet=sheet, position__gte=change.position)
    if change.after is None:
        Entry.objects.filter(sheet=sheet, uid=change.uid).delete()
        _shift(later.exclude(uid=change.uid), -1)
        return
    if change.position < len(entries):
        _shift(later, +1)
    Entry.objects.create(sheet=sheet, uid=change.uid, position=change.position, data=change.after)


def _shift(rows: Any, by: int) -> None:
    """Move ``rows`` by ``by`` places in two steps, so the unique (sheet, position) never clashes.

    Step one moves them out of the way to negative-free high numbers, step two to their place.
    """
    offset = 1_000_000_000
    ids = list(rows.values_list("id", flat=True))
    if not ids:
        return
    Entry.objects.filter(id__in=ids).update(position=F("position") + offset)
    Entry.objects.filter(id__in=ids).update(position=F("position") - offset + by)


# --------------------------------------------------------------------------- a row's note


class BadNote(WriteError):
    """A note a row cannot hold: too long, or a control character or a line break."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


def note_problem(note: str) -> BadNote | None:
    """Why ``note`` cannot be a row's note (None: it can)."""
    if len(note.strip()) > MAX_NOTE:
        return BadNote(f"a note holds at most {MAX_NOTE} characters", code="note_long")
    problem = text_problem(note)
    if problem is not None:
        return BadNote(problem, code="note_text")
    return None


def set_note(
    sheet_id: int, *, revision: int, key: str, device: Device, position: int, note: str
) -> WriteResult:
    """Write ``note`` beside the row at ``position`` ("" removes it): an edit of the entry
    (``meta.note``), kept in the history and undone like any correction.  The engine ignores
    an entry's meta, so no total and no judgement changes."""
    problem = note_problem(note)
    if problem is not None:
        raise problem

    def change(locked: Sheet, entries: list[Entry]) -> _Change:
        old = _entry_at(entries, position)
        return _Change(action=Action.EDIT, uid=old.uid, position=position, before=old.data,
                       after=with_note(old.data, note))

    return _write(sheet_id, revision=revision, key=key, device=device, make=change,
                  intent=_Intent(action=Action.EDIT, position=position))


# --------------------------------------------------------------------------- the sheet itself


@dataclass(frozen=True, kw_only=True)
class EventResult:
    """What a write to the sheet itself did (a rename, a closing, a reopening)."""

    sheet: Sheet
    action: SheetAction
    revision: int
    replayed: bool = False


class Governed(WriteError):
    """The sheet is kept by an app built on the core (a tournament's table sheet): its names
    and its closing are that app's (scoresheet/sheets/governing.py)."""


class BadNames(WriteError):
    """The new names cannot be the sheet's: ``code`` and ``params`` as the engine's objection
    to a sheet's header (``player_twice``, ``player_name_long``...), or ``player_text`` for a
    control character (``problem`` says which, in the page's language)."""

    def __init__(self, message: str, *, code: str, params: Mapping[str, Any],
                 problem: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.params = dict(params)
        self.problem = problem

    @property
    def seat(self) -> int | None:
        seat = self.params.get("seat")
        return seat if isinstance(seat, int) else None


class NotOpenEnded(WriteError):
    """Only a game without an end (no target: Mariáš) is closed by hand; others end by the
    engine's judgement."""


class AlreadyClosed(WriteError):
    pass


class NotClosed(WriteError):
    pass


def open_ended(sheet: Sheet) -> bool:
    """The sheet's game has no end the engine decides: its rules set no target to reach (a
    Mariáš evening goes on until the table stops)."""
    return getattr(derived.header(sheet).rules, "target", None) is None


def closable(sheet: Sheet) -> bool:
    """The sheet page offers "Close the evening" (or "Reopen the evening")."""
    return open_ended(sheet) and not governing.governed(sheet)


def closed_by_evening(sheet: Sheet) -> bool:
    """The sheet is closed, and its closing was the evening's (not a tournament's signature)."""
    if sheet.closed is None:
        return False
    last = (SheetEvent.objects.filter(sheet=sheet, action__in=[SheetAction.CLOSE,
                                                               SheetAction.REOPEN])
            .order_by("-revision").values_list("action", flat=True).first())
    return last == SheetAction.CLOSE


def _closed(sheet: Sheet) -> Closed:
    return EveningClosed() if closed_by_evening(sheet) else Closed()


def rename_players(
    sheet_id: int, *, revision: int, key: str, device: Device, players: Sequence[str],
    short: Sequence[str] | None = None,
) -> EventResult:
    """Correct the players' names (in seat order) after the start, and the short names the
    column heads show (``short``: one per seat, "" for none; None leaves them as they are).
    Checked as the names of a new sheet are (the engine's header check: a name each, at most
    its length, no two the same; no control character); a short name has at most
    SHORT_CHOSEN letters and no two are the same.  The totals never change.  The history keeps
    both lists."""
    names = [str(p).strip() for p in players]
    shorts = None if short is None else [str(s).strip() for s in short]
    for seat, name in enumerate([*names, *(shorts or [])]):
        problem = text_problem(name)
        if problem is not None:
            raise BadNames("a name holds a control character", code="player_text",
                           params={"seat": seat % len(names)}, problem=problem)
    if shorts is not None:
        _check_short_names(shorts, len(names))

    def change(sheet: Sheet) -> tuple[Any, Any]:
        if governing.governed(sheet):
            raise Governed("the tournament keeps this sheet's names")
        if sheet.closed is not None:
            raise _closed(sheet)
        old = list(sheet.players)
        if len(names) != len(old):
            raise BadNames("one name per player", code="player_count",
                           params={"count": len(names), "allowed": str(len(old))})
        header = document_of(sheet, [])
        header["players"] = names
        try:
            rules.load(header)
        except rules.RulesError as error:
            raise BadNames(error.message, code=error.code, params=error.params) from None
        sheet.players = names
        before: dict[str, Any] = {"players": old}
        after: dict[str, Any] = {"players": names}
        old_short = list(sheet.short_names or [])
        if shorts is not None and (any(shorts) or any(old_short)):
            before["short_names"], after["short_names"] = old_short, shorts
            sheet.short_names = shorts if any(shorts) else []
        return before, after

    return _write_event(sheet_id, revision=revision, key=key, device=device,
                        action=SheetAction.RENAME, make=change,
                        fields=["players", "short_names"],
                        intent={"players": names, "short_names": shorts})


def _check_short_names(shorts: Sequence[str], count: int) -> None:
    from scoresheet.sheets.display import SHORT_CHOSEN

    if len(shorts) != count:
        raise BadNames("one short name per player", code="player_count",
                       params={"count": len(shorts), "allowed": str(count)})
    seen: set[str] = set()
    for seat, short in enumerate(shorts):
        if len(short) > SHORT_CHOSEN:
            raise BadNames("a short name is too long", code="short_name_long",
                           params={"seat": seat, "max": SHORT_CHOSEN, "name": short})
        if short and short.casefold() in seen:
            raise BadNames("two players have the same short name", code="short_name_twice",
                           params={"seat": seat, "name": short})
        seen.add(short.casefold())


def close_evening(sheet_id: int, *, revision: int, key: str, device: Device) -> EventResult:
    """Draw the final line under an evening of a game without an end: the sheet counts as
    finished (the list of sheets shows it so) and takes no more rows until it is reopened."""

    def change(sheet: Sheet) -> tuple[Any, Any]:
        if governing.governed(sheet):
            raise Governed("the tournament closes this sheet")
        if not open_ended(sheet):
            raise NotOpenEnded("the game ends by its own rules")
        if sheet.closed is not None:
            raise AlreadyClosed("the evening is already closed")
        now = timezone.now()
        sheet.closed = sheet.finished = now
        return None, {"closed": now.isoformat()}

    return _write_event(sheet_id, revision=revision, key=key, device=device,
                        action=SheetAction.CLOSE, make=change, fields=["closed", "finished"])


def reopen_evening(sheet_id: int, *, revision: int, key: str, device: Device) -> EventResult:
    """Open a closed evening again: rows may be written again, the list shows it playing."""

    def change(sheet: Sheet) -> tuple[Any, Any]:
        if governing.governed(sheet):
            raise Governed("only the tournament director reopens a table sheet")
        if sheet.closed is None:
            raise NotClosed("the evening is not closed")
        before = {"closed": sheet.closed.isoformat()}
        sheet.closed = None
        sheet.finished = None  # (only a game without an end is closed as an evening)
        return before, None

    return _write_event(sheet_id, revision=revision, key=key, device=device,
                        action=SheetAction.REOPEN, make=change, fields=["closed", "finished"])


def _same_intent(after: Any, intent: Mapping[str, Any]) -> bool:
    """Whether a change's ``after`` is what ``intent`` asks for (a key of the intent that is
    None, or absent from ``after`` while asking for nothing, asks for no change)."""
    if not isinstance(after, Mapping):
        return False
    for name, value in intent.items():
        if value is None:
            continue
        if (after[name] != value) if name in after else any(value):
            return False
    return True


def _write_event(
    sheet_id: int, *, revision: int, key: str, device: Device, action: SheetAction, make: Any,
    fields: Sequence[str], intent: Any = None,
) -> EventResult:
    """One change to the sheet itself, in one transaction: the lock, a key seen before (the
    first result again), the revision, ``make`` (which changes the locked sheet and returns
    the history's before and after, or raises), then the sheet, one event and the next
    revision together."""
    check_key(key)
    try:
        with transaction.atomic():
            sheet = Sheet.objects.select_for_update().get(pk=sheet_id)
            seen = SheetEvent.objects.filter(sheet=sheet, key=key).first()
            if seen is not None:
                if seen.action != action or (intent is not None and not _same_intent(
                        seen.after, intent)):
                    raise KeyReused(given=revision, current=sheet.revision)
                return EventResult(sheet=sheet, action=action, revision=seen.revision,
                                   replayed=True)
            if sheet.revision != revision:
                raise Conflict(given=revision, current=sheet.revision)
            before, after = make(sheet)
            now = timezone.now()
            sheet.revision += 1
            sheet.updated = now
            SheetEvent.objects.create(
                sheet=sheet, revision=sheet.revision, action=action, before=before, after=after,
                at=now, device=device.id, user_agent=device.user_agent, user_id=device.user_id,
                key=key,
            )
            sheet.save(update_fields=["revision", "updated", *fields])
    except IntegrityError:
        # two writes raced past the lock (a database without row locks): the first committed
        current = Sheet.objects.filter(pk=sheet_id).values_list("revision", flat=True).first()
        raise Conflict(given=revision, current=current or 0) from None
    return EventResult(sheet=sheet, action=action, revision=sheet.revision)
