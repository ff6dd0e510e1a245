"""Derived data of a sheet, kept per revision in Django's cache.

Everything the sheet page shows follows from (entries, options), and so from (sheet, revision).
Derived data is therefore immutable: what was computed for revision 7 of a sheet stays true for
ever, and is never invalidated.  Kept in the cache (settings.CACHES, shared by every worker):

* ``Derived``: the engine's saved state after the last entry (to judge an appended entry without
  a replay), and for each row of the sheet its entry, a digest of what it shows, the revision
  it last changed at and the revision it first appeared at (so a watcher one revision behind
  gets only the rows that changed);
* the rendered rows of each revision, per language and per link (edit or read-only).

Correctness never depends on the cache: every miss (an evicted entry, a dummy cache, a cache
that fails) rebuilds from the database, with at most one replay of the sheet per request.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import hashlib
import json
import logging
import re
import zlib
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.db import connection, transaction
from django.template.loader import get_template
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

import rules
from scoresheet.sheets import gzipped
from scoresheet.sheets.display import Cell, Holder, RowView, row_view
from scoresheet.sheets.models import Entry, Sheet
from scoresheet.sheets.paper import Paper, format_number, paper_of
from scoresheet.sheets.reading import engine_sheet, entries_of, note_of, undo_state

log = logging.getLogger(__name__)

LEDGER_TEMPLATE = "sheets/marias/_ledger.html"
FRESH_MAX = 50  # rows changed at one revision kept with its derived data to be rendered from
INDENT = re.compile(r"\n\s+")


def digested_files() -> list[Path]:
    """What the rows are made by: the engine's source, the sheet template, the code that writes
    the rows and their translations."""
    here = Path(__file__).resolve().parent
    base = here.parents[1]  # the repository: scoresheet/sheets/ is two folders down
    files = [*sorted((base / "rules").glob("*.py")), base / "templates" / "sheets" / "sheet.html",
             base / "templates" / "sheets" / "marias" / "_ledger.html",
             *(here / name for name in ("derived.py", "gzipped.py", "display.py", "paper.py",
                                        "words.py", "templatetags/marias.py")),
             *sorted(base.glob("locale/*/LC_MESSAGES/django.mo"))]  # the rows' words
    return files


def _code_digest() -> str:
    """A digest of :func:`digested_files`: cached data made by other code (before a deploy) is
    never read back."""
    crc = 0
    for path in digested_files():
        try:
            crc = zlib.crc32(path.read_bytes(), crc)
        except OSError:
            crc = zlib.crc32(str(path).encode(), crc)
    return f"{crc:08x}"


CODE = _code_digest()


# --------------------------------------------------------------------------- the cache


def sheet_key(sheet: Sheet) -> str:
    """The sheet's part of every key: its id and a digest of its secret token (an id alone may
    be reused by a database that was reset; the token never is)."""
    token = hashlib.blake2s(sheet.edit_token.encode(), digest_size=6).hexdigest()
    return f"{CODE}:{sheet.pk}.{token}"


def _get(key: str, *, guarded: bool = False) -> Any:
    """``guarded``: inside a write's transaction, where a failing read must not break the
    write around it (a savepoint)."""
    try:
        if guarded and connection.in_atomic_block:
            with transaction.atomic():
                return cache.get(key)
        return cache.get(key)
    except Exception:  # a cache that fails is a miss
        log.warning("cache read failed", exc_info=True)
        return None


def _get_many(keys: Sequence[str]) -> dict[str, Any]:
    try:
        return cache.get_many(keys)
    except Exception:
        log.warning("cache read failed", exc_info=True)
        return {}


def _set(key: str, value: Any) -> None:
    try:
        cache.set(key, value)
    except Exception:  # a cache that fails only costs the next request a rebuild
        log.warning("cache write failed", exc_info=True)


# --------------------------------------------------------------------------- derived data


INDEX = "I"  # array type of row entries and revisions: unsigned, 32 bits
DIGEST = "Q"  # of digests: unsigned, 64 bits
OFFSET = "Q"  # of where each rendered row ends in the table's text


def digest(row: rules.Row, note: str = "") -> int:
    """What a row shows, as one number: two rows with the same digest render the same.
    ``note``: the note written beside the row's entry (meta.note; the engine never sees it)."""
    text = repr((row.entry, row.kind, row.deltas, row.totals, row.dealer, row.marks, row.auto,
                 row.declarer, row.sitting_out, row.contract, row.round_end, row.ledger,
                 tuple((n.code, n.text, sorted(n.params.items())) for n in row.notes), note))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


@dataclass(frozen=True, kw_only=True)
class Derived:
    """What a sheet at one revision derives from its entries (see the module's docstring)."""

    revision: int
    entries: int
    state: rules.State  # the saved state after the last entry (its rows list is empty)
    # Per row, as arrays (a 1,000-row sheet's four are read and written with every deal: as
    # arrays they pickle as their bytes, not as 4,000 integers; INDEX / DIGEST below):
    row_entries: array[int]  # the entry it belongs to
    digests: array[int]  # what it shows
    versions: array[int]  # the revision it last changed at
    born: array[int]  # the revision it first appeared at
    stable: int  # at every revision from this one on, the rows line up with these, index by index
    fresh: Mapping[int, rules.Row] = field(default_factory=dict)  # the rows changed at `revision`
    # the notes written beside rows (meta.note), by entry; the names the rows were made with
    notes: Mapping[int, str] = field(default_factory=dict)
    names: tuple[str, ...] = ()
    # every row, when this object was just built by a replay (never kept in the cache): what a
    # cold cache renders from without a second replay in the same request
    replayed: tuple[rules.Row, ...] | None = field(default=None, compare=False)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["replayed"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self.state.totals)

    def scored(self) -> rules.Scored:
        """The replay's summary (no rows): totals, outcome, next dealer and the state."""
        return rules.Scored(rows=(), totals=self.totals, outcome=self.state.outcome,
                            dealer=self.state.dealer, state=self.state)

    def changed_since(self, revision: int) -> tuple[list[int], list[int]] | None:
        """(rows changed in place, rows added) since ``revision``; None when the rows do not
        line up with those of ``revision`` (a row was removed or moved): then the whole table."""
        if not self.stable <= revision <= self.revision:
            return None
        if not any(b <= revision for b in self.born[:1]):
            return None  # the table was empty then: its "no rows yet" line goes with a reload
        changed = [i for i, v in enumerate(self.versions) if v > revision
                   and self.born[i] <= revision]
        added = [i for i, b in enumerate(self.born) if b > revision]
        return changed, added


def header(sheet: Sheet) -> rules.Sheet:
    """The engine's sheet without entries: players, options.  Immutable, and the same for every
    sheet with the same players and rules: kept per process (with the rules it resolved), so
    that a request does not check and resolve the options again."""
    return _header(json.dumps([sheet.game, sheet.ruleset, sheet.edition, sheet.options,
                               list(sheet.players), sheet.first_dealer], sort_keys=True))


@functools.lru_cache(maxsize=256)
def _header(described: str) -> rules.Sheet:
    game, ruleset, edition, options, players, first_dealer = json.loads(described)
    return rules.load({"format": rules.FORMAT, "game": game, "ruleset": ruleset,
                       "edition": edition, "options": options, "players": players,
                       "first_dealer": first_dealer, "entries": []})


def notes_of(entries: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """The notes written beside rows (meta.note), by the index of their entry."""
    return {i: note for i, e in enumerate(entries) if (note := note_of(e))}


def _row_note(row: rules.Row, index: int, row_entries: Sequence[int],
              notes: Mapping[int, str]) -> str:
    """The note a row shows: its entry's, on the entry's first row only."""
    if index > 0 and row_entries[index - 1] == row.entry:
        return ""
    return notes.get(row.entry, "")


def _digests(rows: Sequence[rules.Row], notes: Mapping[int, str]) -> array[int]:
    row_entries = [r.entry for r in rows]
    return array(DIGEST, [digest(r, _row_note(r, i, row_entries, notes))
                          for i, r in enumerate(rows)])


def _rebuilt(revision: int, entries: int, scored: rules.Scored,
             previous: Derived | None, *, notes: Mapping[int, str],
             names: tuple[str, ...]) -> Derived:
    """Derived data from a full replay; rows that show what they showed in ``previous`` (the
    revision before) keep their versions.  Renamed players (``names``) change what every row
    shows: then nothing is kept from ``previous``."""
    rows = scored.rows
    digests = _digests(rows, notes)
    entries_of = array(INDEX, [r.entry for r in rows])
    if previous is not None and previous.revision == revision - 1 and previous.names == names:
        # a note written, changed or removed adds or drops a line under its row: the rows no
        # longer line up with the previous revision's (a watcher then gets the whole table)
        same_layout = previous.row_entries == entries_of[:len(previous.row_entries)] and (
            previous.notes == {e: n for e, n in notes.items() if e < previous.entries})
        versions = []
        born = []
        for i, d in enumerate(digests):
            if same_layout and i < len(previous.digests):
                versions.append(previous.versions[i] if previous.digests[i] == d else revision)
                born.append(previous.born[i])
            else:
                versions.append(revision)
                born.append(revision)
        stable = previous.stable if same_layout else revision
    else:
        versions = [revision] * len(rows)
        born = [revision] * len(rows)
        stable = revision
    fresh = {i: rows[i] for i, v in enumerate(versions) if v == revision}
    if len(fresh) > FRESH_MAX:  # a cold start: the rendered rows are kept instead
        fresh = {}
    return Derived(revision=revision, entries=entries,
                   state=rules.saved(scored.state), row_entries=entries_of, digests=digests,
                   versions=array(INDEX, versions), born=array(INDEX, born), stable=stable,
                   fresh=fresh, notes=dict(notes), names=names,
                   replayed=rows)


def appended(previous: Derived, state: rules.State, rows: Sequence[rules.Row],
             note: str = "") -> Derived:
    """The next revision's data after an entry was appended (``note``: the note written beside
    it): nothing replayed."""
    revision = previous.revision + 1
    start = len(previous.row_entries)
    new = len(rows)
    notes = dict(previous.notes)
    if note and rows:
        notes[rows[0].entry] = note
    return Derived(
        revision=revision, entries=previous.entries + 1, state=state,
        row_entries=previous.row_entries + array(INDEX, [r.entry for r in rows]),
        digests=previous.digests + array(DIGEST, [digest(r, note if i == 0 else "")
                                                  for i, r in enumerate(rows)]),
        versions=previous.versions + array(INDEX, [revision]) * new,
        born=previous.born + array(INDEX, [revision]) * new,
        stable=previous.stable,
        fresh={start + i: r for i, r in enumerate(rows)},
        notes=notes, names=previous.names,
    )


def replayed(revision: int, entries: int, scored: rules.Scored,
             previous: Derived | None, *, notes: Mapping[int, str],
             names: tuple[str, ...]) -> Derived:
    """The revision's data from a full replay (a correction, a deletion, an undo)."""
    return _rebuilt(revision, entries, scored, previous, notes=notes, names=names)


def key(sheet: Sheet, revision: int) -> str:
    return f"d:{sheet_key(sheet)}:{revision}"


def cached(sheet: Sheet, revision: int, *, guarded: bool = False) -> Derived | None:
    found = _get(key(sheet, revision), guarded=guarded)
    return found if isinstance(found, Derived) and found.revision == revision else None


def store(sheet: Sheet, derived: Derived) -> None:
    _set(key(sheet, derived.revision), derived)


def current(sheet: Sheet, found: Mapping[str, Any] | None = None) -> Derived:
    """The derived data of ``sheet`` at its revision: from the cache (or from ``found``, what
    :func:`prefetch` read), or rebuilt (one query for the entries, one replay) and kept.
    ``sheet.revision`` is moved on to the revision the entries were read at when a write came
    in meanwhile."""
    derived_key = key(sheet, sheet.revision)
    if found is not None and derived_key in found:
        hit = found[derived_key]
        if isinstance(hit, Derived) and hit.revision == sheet.revision:
            return hit
    else:
        hit = cached(sheet, sheet.revision)
        if hit is not None:
            return hit
    consistent = False
    for _attempt in range(3):
        entries = list(Entry.objects.filter(sheet=sheet).order_by("position")
                       .values_list("data", flat=True))
        now = Sheet.objects.filter(pk=sheet.pk).values_list("revision", flat=True).first()
        if now is None:
            raise Sheet.DoesNotExist
        if now == sheet.revision:
            consistent = True  # read between two reads of the same revision: they are its
            break
        sheet.revision = now  # a write came in: read again, at the revision it made
        newer = cached(sheet, now)
        if newer is not None:
            return newer
    document = engine_sheet(sheet, entries)
    scored = rules.score(document)
    built = _rebuilt(sheet.revision, len(entries), scored, cached(sheet, sheet.revision - 1),
                     notes=notes_of(entries), names=tuple(sheet.players))
    if consistent:
        store(sheet, built)
    return built


def all_rows(sheet: Sheet, derived: Derived) -> tuple[tuple[rules.Row, ...], bool]:
    """Every row of the sheet (one replay): what a cold cache renders from.  The flag says
    whether they are the rows of ``derived`` (a write may have come in since): only then may
    what is rendered from them be kept under its revision."""
    if derived.replayed is not None:
        return derived.replayed, True
    entries = [e.data for e in entries_of(sheet)]
    rows = rules.score(engine_sheet(sheet, entries)).rows
    same = array(INDEX, [r.entry for r in rows]) == derived.row_entries and (
        _digests(rows, notes_of(entries)) == derived.digests)
    return rows, same


# --------------------------------------------------------------------------- rendered rows


@dataclass(frozen=True, kw_only=True)
class RowContext:
    """What a rendered row depends on besides the row itself."""

    sheet: Sheet
    can_edit: bool
    page_url: str
    players: tuple[str, ...]
    game: str
    holder: Holder | None = None  # who held the opening bid of a deal (display.holder_of)

    @property
    def mode(self) -> str:
        return "e" if self.can_edit else "v"


def row_views(rows: Sequence[rules.Row], indices: Iterable[int], row_entries: Sequence[int],
              ctx: RowContext, notes: Mapping[int, str] | None = None) -> dict[int, RowView]:
    """Each row as shown; ``notes``: what the table wrote beside rows (by entry)."""
    out = {}
    for i, row in zip(indices, rows, strict=True):
        first = i == 0 or row_entries[i - 1] != row.entry
        # the table shows none of the engine's notes; the note written beside the row it does
        view = row_view(row, ctx.players, first, ctx.game, ctx.holder, notes=False)
        remark = notes.get(row.entry, "") if notes and first else ""
        out[i] = dataclasses.replace(view, remark=remark) if remark else view
    return out


def render_rows(views: Mapping[int, RowView], row_entries: Sequence[int],
                ctx: RowContext) -> dict[int, str]:
    """Each row's HTML (:func:`row_html`)."""
    if not views:
        return {}
    words = RowWords(correct=escape(_("correct this row")), dealt=escape(_("dealt this row")))
    return {i: row_html(view, i - bisect.bisect_left(row_entries, view.entry), ctx, words)
            for i, view in views.items()}


@dataclass(frozen=True)
class RowWords:
    """The words every row repeats, translated and escaped once per batch of rows."""

    correct: str
    dealt: str


def row_html(row: RowView, sub: int, ctx: RowContext, words: RowWords) -> str:
    """One row of the sheet's table (``<tr>``), every text escaped.  ``sub``: the row's place in
    its entry (0 for the row of the entry itself; the engine may add rows after it).

    A small function rather than a template: the page renders a row in a few microseconds
    instead of about 150 (docs/performance.md); tests/sheets/test_row_html.py holds it to the
    markup of the row as the template wrote it."""
    out = [f'<tr id="e{row.entry}']
    if not row.first:
        out.append(f"-{sub}")
    out.append(f'" class="row kind-{escape(row.kind)}')
    if row.auto:
        out.append(" auto")
    if row.round_end:
        out.append(" round-end")
    out.append('">\n<th class="no" scope="row">\n')
    if row.first:
        if ctx.can_edit:
            out.append(f'<a href="{escape(ctx.page_url)}entries/{row.entry}/edit/" '
                       f'title="{words.correct}">{row.number}</a>\n')
        else:
            out.append(f"{row.number}\n")
    out.append('</th>\n<td class="contract">\n')
    out.append(_contract_html(row, ctx))
    out.append("\n</td>\n")
    paper = paper_of(ctx.game)
    out.extend(_cell_html(cell, paper, words) for cell in row.cells)
    out.append("</tr>")
    if row.remark:  # the note written beside the row: a line of its own under it
        out.append(f'<tr id="e{row.entry}-note" class="row-note"><td></td>'
                   f'<td colspan="{len(row.cells) + 1}">{escape(row.remark)}</td></tr>')
    return "".join(out)


def _contract_html(row: RowView, ctx: RowContext) -> str:
    """The contract column: a Mariáš ledger, the contract and its declarer, or the row's kind."""
    if row.ledger:
        return _ledger_html(row, ctx)
    if row.contract:
        out = f'<span class="c">{escape(row.contract)}</span>'
        if row.declarer:
            out += f'<span class="played-by">{escape(row.declarer)}</span>'
        return out
    return f'<span class="k">{escape(row.kind_label)}</span>'


def _cell_html(cell: Cell, paper: Paper, words: RowWords) -> str:
    """One player's cell: the running total, the change, the dealer's dot, the marks."""
    out = ['<td class="cell']
    if cell.declarer:
        out.append(" declarer")
    if cell.out:
        out.append(" out")
    if cell.dealer:
        out.append(" dealer")
    out.append(f'">\n<span class="total">{escape(format_number(cell.total, paper))}</span>\n')
    if cell.delta:
        out.append(f'<span class="delta {"up" if cell.delta > 0 else "down"}">'
                   f"{escape(format_number(cell.delta, paper, sign=True))}</span>\n")
    if cell.dealer:
        out.append(f'<span class="dealer-dot" title="{words.dealt}">\u25cf</span>\n')
    if cell.marks:
        out.append('<span class="marks">')
        for mark in cell.marks:
            out.append(f'<span class="badge m-{escape(mark.code)}" '
                       f'title="{escape(str(mark.long))}">{escape(str(mark.short))}</span>')
        out.append("</span>\n")
    out.append("</td>\n")
    return "".join(out)


def _ledger_html(row: RowView, ctx: RowContext) -> str:
    """A Mariáš row's ledger: its own template (templates/sheets/marias/_ledger.html), as the entry
    form shows it too."""
    from scoresheet.sheets.templatetags.marias import marias_ledger

    context = marias_ledger(row, ctx.players, ctx.game)
    return INDENT.sub("\n", get_template(LEDGER_TEMPLATE).render(context)).strip()


def _rows_key(sheet: Sheet, ctx: RowContext | str, revision: int) -> str:
    mode = ctx if isinstance(ctx, str) else ctx.mode
    return f"t:{sheet_key(sheet)}:{translation.get_language()}:{mode}:{revision}"


def _undo_key(sheet: Sheet) -> str:
    return f"u:{sheet_key(sheet)}:{translation.get_language()}:{sheet.undo_top}:{sheet.redo_top}"


def prefetch(sheet: Sheet, *, can_edit: bool) -> dict[str, Any]:
    """What a page of ``sheet`` at its revision reads from the cache, in one read: the derived
    data, the rendered rows and (edit link) what undo and redo would revert."""
    keys = [key(sheet, sheet.revision), _rows_key(sheet, "e" if can_edit else "v", sheet.revision)]
    if can_edit and (sheet.undo_top or sheet.redo_top):
        keys.append(_undo_key(sheet))
    got = _get_many(keys)
    return {k: got.get(k) for k in keys}  # a key read and missed is not read again


def undo_labels(sheet: Sheet, found: Mapping[str, Any] | None = None) -> tuple[str, str]:
    """What undo and redo would revert now, in the players' words ("" when nothing): the
    changes at the tops of the sheet's two stacks never change, so their labels are kept."""
    if not (sheet.undo_top or sheet.redo_top):
        return "", ""
    undo_key = _undo_key(sheet)
    hit = found[undo_key] if found is not None and undo_key in found else _get(undo_key)
    if isinstance(hit, tuple) and len(hit) == 2 and all(isinstance(t, str) for t in hit):
        return hit[0], hit[1]
    from scoresheet.sheets.display import change_label

    state = undo_state(sheet)
    labels = (change_label(state.undo), change_label(state.redo))
    _set(undo_key, labels)
    return labels


def _fresh_key(sheet: Sheet, ctx: RowContext, index: int, version: int) -> str:
    return f"r:{sheet_key(sheet)}:{translation.get_language()}:{ctx.mode}:{index}:{version}"


@dataclass(frozen=True)
class TableRows:
    """The rendered rows of one revision, in one language, for one link: their text compressed
    once (what every page of that revision sends, scoresheet/sheets/gzipped.py) and where each row
    ends in it."""

    body: gzipped.Deflated
    ends: array[int]

    @classmethod
    def join(cls, html: Sequence[str]) -> TableRows:
        ends = []
        at = 0
        for part in html:
            at += len(part)
            ends.append(at)
        return cls(body=gzipped.Deflated.compress("".join(html)), ends=array(OFFSET, ends))

    def text(self) -> str:
        return self.body.text()

    def parts(self) -> list[str]:
        text = self.text()
        starts = (0, *self.ends[:-1])
        return [text[a:b] for a, b in zip(starts, self.ends, strict=True)] if self.ends else []


def table_rows(derived: Derived, ctx: RowContext,
               prefetched: Mapping[str, Any] | None = None) -> TableRows:
    """The rendered rows of the sheet at ``derived.revision``: from the cache (or from what
    :func:`prefetch` read), else the previous revision's rows with the changed ones rendered,
    else all rendered (one replay).  Kept per revision, language and link."""
    sheet = ctx.sheet
    rows_key = _rows_key(sheet, ctx, derived.revision)
    if prefetched is not None and rows_key in prefetched:
        found = prefetched[rows_key]
    else:
        found = _get(rows_key)
    if isinstance(found, TableRows) and len(found.ends) == len(derived.versions):
        return found
    html: list[str] | None = None
    previous = _get(_rows_key(sheet, ctx, derived.revision - 1))
    if (isinstance(previous, TableRows) and derived.stable <= derived.revision - 1
            and len(previous.ends) <= len(derived.versions)
            and all(derived.born[i] < derived.revision for i in range(len(previous.ends)))
            and set(derived.fresh) == {i for i, v in enumerate(derived.versions)
                                       if v == derived.revision}):
        html = previous.parts() + [""] * (len(derived.versions) - len(previous.ends))
        for i, text in fresh_rows(derived, ctx, sorted(derived.fresh)).items():
            html[i] = text
    if html is None:
        rows, same = all_rows(sheet, derived)
        if not same:  # a write came in meanwhile: show its rows, keep nothing
            entries = tuple(r.entry for r in rows)
            views = row_views(rows, range(len(rows)), entries, ctx,
                              notes_of([e.data for e in entries_of(sheet)]))
            return TableRows.join(list(render_rows(views, entries, ctx).values()))
        views = row_views(rows, range(len(rows)), derived.row_entries, ctx, derived.notes)
        rendered = render_rows(views, derived.row_entries, ctx)
        html = [rendered[i] for i in range(len(rows))]
    made = TableRows.join(html)
    _set(_rows_key(sheet, ctx, derived.revision), made)
    return made


def fresh_rows(derived: Derived, ctx: RowContext, indices: Sequence[int]) -> dict[int, str]:
    """The rendered rows ``indices`` (rows that changed at some revision), each kept in the
    cache under its index and version, so that every watching phone gets them rendered once."""
    keys = {i: _fresh_key(ctx.sheet, ctx, i, derived.versions[i]) for i in indices}
    found = _get_many(list(keys.values()))
    out = {i: found[k] for i, k in keys.items() if isinstance(found.get(k), str)}
    missing = [i for i in indices if i not in out]
    if missing:
        keep = True
        if all(i in derived.fresh for i in missing):
            rows = [derived.fresh[i] for i in missing]
        else:
            every, keep = all_rows(ctx.sheet, derived)
            if not keep:
                raise Moved
            rows = [every[i] for i in missing]
        views = row_views(rows, missing, derived.row_entries, ctx, derived.notes)
        for i, text in render_rows(views, derived.row_entries, ctx).items():
            out[i] = text
            _set(keys[i], text)
    return out


class Moved(Exception):
    """The sheet moved on while its rows were being rendered: start again from the new one."""


def cached_text(key: str) -> str | None:
    found = _get(key)
    return found if isinstance(found, str) else None


def keep_text(key: str, text: str) -> None:
    _set(key, text)


def safe_join(parts: Iterable[str]) -> SafeString:
    return mark_safe("".join(parts))  # noqa: S308 (each part was rendered by the template)
