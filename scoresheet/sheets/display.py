"""The scored sheet laid out like the paper sheet: what the templates (and print, export) show.

Everything here is read off the engine's replay; nothing is computed that the engine does not say.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

import rules
from scoresheet.sheets.gameforms import kind_label
from scoresheet.sheets.models import Action, EntryChange
from scoresheet.sheets.words import (
    choice_label,
    contract_label,
    game_label,
    mark_label,
    note_text,
    option_label,
    outcome_reason,
    preset_label,
)


@dataclass(frozen=True, kw_only=True)
class Mark:
    code: str
    short: str
    long: str


@dataclass(frozen=True, kw_only=True)
class Cell:
    seat: int
    delta: int
    total: int
    marks: tuple[Mark, ...]
    dealer: bool
    declarer: bool
    out: bool


@dataclass(frozen=True, kw_only=True)
class RowView:
    entry: int  # index of the entry (docs/format.md), 0-based
    number: int  # what the sheet prints in its first column: entry + 1
    first: bool  # the first row of its entry (the engine may add rows after it)
    kind: str
    kind_label: str
    contract: str
    declarer: str
    cells: tuple[Cell, ...]
    auto: bool
    round_end: bool
    notes: tuple[str, ...]
    ledger: tuple[rules.Payment, ...] = ()  # Mariáš: who pays whom (templates/sheets/marias/)
    remark: str = ""  # the note the table wrote beside the row (meta.note), on its first row


@dataclass(frozen=True, kw_only=True)
class Sum:
    """One player's total under the sheet, with the classes that mark it: ``winner``,
    ``leader`` (the one player ahead while the game goes on), ``negative``."""

    total: int
    classes: str


# A name longer than this is shortened in a column's head to its shortest distinct beginning
# ("Jarom…"), never shorter than SHORT_FROM letters: four columns fit a phone 360 px wide.  On
# paper a column holds PAPER_NAME letters.
SHORT_NAME = 7
PAPER_NAME = 18
SHORT_FROM = 4
ELLIPSIS = "…"


def short_names(names: Sequence[str], longest: int = SHORT_NAME) -> tuple[str, ...]:
    """Each name as a column's head shows it: whole when short, else its shortest beginning that
    no other name of the sheet starts with (Jaroslav, Jaromírek, Jaroslava, Miroslav ->
    "Jaroslav", "Jarom…", "Jaroslava", "Miro…"); a name that begins another stays whole."""
    out = []
    for i, name in enumerate(names):
        others = [n.casefold() for j, n in enumerate(names) if j != i]
        folded = name.casefold()
        short = name
        if len(name) > longest:
            for length in range(SHORT_FROM, len(name) - 1):
                if name[length - 1].isalpha() and not any(
                        o.startswith(folded[:length]) for o in others):
                    short = name[:length].rstrip() + ELLIPSIS
                    break
        out.append(short)
    return tuple(out)


SHORT_CHOSEN = 8  # at most this many letters in a short name the table chooses


def heads_of(names: Sequence[str], chosen: Sequence[str] = ()) -> tuple[str, ...]:
    """Each player's column head: the short name the table chose for the player, else the
    shortest distinct beginning of the name (:func:`short_names`)."""
    auto = short_names(names)
    picked = [str(c).strip() if isinstance(c, str) else "" for c in chosen]
    picked += [""] * (len(names) - len(picked))
    return tuple(p or a for p, a in zip(picked, auto, strict=False))


@dataclass(frozen=True, kw_only=True)
class SheetView:
    game: str
    game_label: str
    ruleset: str
    preset_label: str
    players: tuple[str, ...]
    rows: tuple[RowView, ...]
    totals: tuple[int, ...]
    leader: int | None
    winner: int | None
    outcome: str
    next_dealer: int
    finished: bool
    differences: tuple[tuple[str, str], ...]
    entry_count: int
    next_holder: int | None = None  # who holds the opening bid of the next deal (Thousand)
    holder_mark: Mark | None = None  # what the sheet calls him: the obligation, on the hundred
    chosen: tuple[str, ...] = ()  # the short names the table chose ("": none chosen)

    @property
    def heads(self) -> tuple[tuple[str, str], ...]:
        """(whole name, as the column's head shows it) of every player."""
        return tuple(zip(self.players, heads_of(self.players, self.chosen), strict=True))

    @property
    def sums(self) -> tuple[Sum, ...]:
        """The totals row as shown."""
        return tuple(Sum(total=total, classes=_sum_classes(seat, total, self))
                     for seat, total in enumerate(self.totals))


def _sum_classes(seat: int, total: int, view: SheetView) -> str:
    classes = ["sum"]
    if seat == view.winner:
        classes.append("winner")
    elif seat == view.leader and not view.finished and total > 0:
        classes.append("leader")
    if total < 0:
        classes.append("negative")
    return " ".join(classes)


Holder = Callable[[int | None], "tuple[int, str] | None"]


def holder_of(document: rules.Sheet) -> Holder:
    """For a dealer, the seat that holds the opening bid of his deal and the mark that says so
    (Thousand: the obligation, "on the hundred"), as the engine says; None for other games."""
    word = getattr(document.rules, "opening_word", "")

    def holder(dealer: int | None) -> tuple[int, str] | None:
        if dealer is None:
            return None
        seat = document.engine.opening_holder(document.rules, dealer, document.n)
        return None if seat is None else (seat, word)

    return holder


def row_view(row: rules.Row, players: Sequence[str], first: bool, game: str = "",
             holder: Holder | None = None, *, notes: bool = True) -> RowView:
    """``notes=False``: the row's notes are left out (the sheet's table does not show them, so
    it does not pay for putting them into words); ``holder`` (:func:`holder_of`) marks who held
    the opening bid of the deal."""
    held = holder(row.dealer) if holder is not None and first and not row.auto else None
    cells = tuple(
        Cell(
            seat=seat,
            delta=row.deltas[seat],
            total=row.totals[seat],
            marks=tuple(Mark(code=m, short=s, long=t) for m in row.marks[seat]
                        for s, t in [mark_label(m)])
            + ((_mark(held[1]),) if held is not None and held[0] == seat else ()),
            dealer=row.dealer == seat,
            declarer=row.declarer == seat,
            out=row.sitting_out == seat,
        )
        for seat in range(len(players))
    )
    return RowView(
        entry=row.entry,
        number=row.entry + 1,
        first=first,
        kind=row.kind,
        kind_label=str(kind_label(row.kind)),
        contract=contract_label(row.contract),
        declarer=players[row.declarer] if row.declarer is not None else "",
        cells=cells,
        auto=row.auto,
        round_end=row.round_end,
        notes=tuple(note_text(n, game=game, players=players) for n in row.notes) if notes
        else (),
        ledger=row.ledger,
    )


def _mark(code: str) -> Mark:
    short, long = mark_label(code)
    return Mark(code=code, short=short, long=long)


def rows_view(
    rows: Sequence[rules.Row], players: Sequence[str], game: str = "",
    holder: Holder | None = None,
) -> tuple[RowView, ...]:
    """The rows as the sheet shows them; ``game`` puts the row notes into the page's words;
    ``holder`` (:func:`holder_of`) marks who held the opening bid of each deal."""
    seen: set[int] = set()
    out = []
    for row in rows:
        out.append(row_view(row, players, row.entry not in seen, game, holder))
        seen.add(row.entry)
    return tuple(out)


def outcome_text(outcome: rules.Outcome | None, players: Sequence[str]) -> str:
    if outcome is None:
        return ""
    return _("%(name)s wins: %(reason)s") % {
        "name": players[outcome.winner],
        "reason": outcome_reason(outcome.code, outcome.params, outcome.reason),
    }


def format_value(value: Any) -> str:
    """An option's value in words: yes/no, "to the nearest 5", "hearts 100, spades 40"."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Mapping):
        return ", ".join(f"{choice_label(k)} {v}" for k, v in value.items())
    if isinstance(value, str):
        return choice_label(value)
    return str(value)


def sheet_view(document: rules.Sheet, scored: rules.Scored, *, row_count: int | None = None,
               entry_count: int | None = None, chosen: Sequence[str] = ()) -> SheetView:
    """The sheet as shown.  With ``row_count`` (the rows are rendered elsewhere: the sheet page
    keeps them per revision) the view has no rows, only their number."""
    players = document.players
    totals = scored.totals
    best = max(totals) if totals else 0
    leaders = [s for s, t in enumerate(totals) if t == best]
    differences = rules.differences(document.base_rules, document.rules)
    has_rows = bool(scored.rows) if row_count is None else row_count > 0
    holder = holder_of(document)
    upcoming = holder(scored.dealer)
    return SheetView(
        game=document.game,
        game_label=game_label(document.game),
        ruleset=document.ruleset,
        preset_label=preset_label(document.ruleset),
        players=players,
        rows=rows_view(scored.rows, players, document.game, holder) if row_count is None else (),
        totals=totals,
        leader=leaders[0] if len(leaders) == 1 and has_rows else None,
        winner=scored.outcome.winner if scored.outcome else None,
        outcome=outcome_text(scored.outcome, players),
        next_dealer=scored.dealer,
        finished=scored.outcome is not None,
        differences=tuple((option_label(k), format_value(v)) for k, v in differences.items()),
        entry_count=len(document.entries) if entry_count is None else entry_count,
        next_holder=upcoming[0] if upcoming else None,
        holder_mark=_mark(upcoming[1]) if upcoming else None,
        chosen=tuple(chosen),
    )


def action_label(action: str) -> str:
    labels: dict[str, str] = {
        Action.ADD: _("entered"),
        Action.EDIT: _("corrected"),
        Action.DELETE: _("deleted"),
        Action.UNDO: _("undo"),
        Action.REDO: _("redo"),
    }
    return str(labels.get(action, action))


def change_label(change: EntryChange | None) -> str:
    """What undoing or redoing ``change`` concerns, e.g. "row 5 (deal)"."""
    if change is None:
        return ""
    data = change.after if change.after is not None else change.before
    kind = data.get("type", "") if isinstance(data, dict) else ""
    return _("row %(number)s (%(kind)s)") % {
        "number": change.position + 1,
        "kind": kind_label(kind) if kind else "",
    }
