"""The sheet on paper: the print view's context, and the same page as a PDF made by WeasyPrint.

The print view looks like the paper sheet: the players' columns, the contract column, an
underline after every round, the totals, the winner, the progression chart; for a game whose
scorer signs the table sheet (Mariáš) the scorer's name, a signature line and the deals worth
50 premium points or more flagged.  The PDF is the very same template, rendered on the server
with the print stylesheet and DejaVu fonts embedded (Czech, Polish, Russian, German letters).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum, unique
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

import rules
from scoresheet.sheets import extensions, services
from scoresheet.sheets.charts import progression_svg
from scoresheet.sheets.display import (
    PAPER_NAME,
    format_value,
    outcome_text,
    rows_view,
    short_names,
)
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.paper import (
    FLAGGED,
    Paper,
    format_amount,
    format_number,
    paper_of,
    winner_of,
)
from scoresheet.sheets.reading import note_of
from scoresheet.sheets.words import game_label, option_label, preset_label

PRINT_CSS = "css/print.css"
TEMPLATE = "exports/print.html"


@unique
class PaperSize(StrEnum):
    """The sheets a table prints on (stable: used in links)."""

    A4 = "a4"
    A5 = "a5"

    @classmethod
    def from_query(cls, value: object) -> PaperSize:
        """The size asked for in ``?size=``; A4 for anything else."""
        return cls(value) if isinstance(value, str) and value in cls._value2member_map_ else cls.A4

    @property
    def label(self) -> str:
        return self.value.upper()

    @property
    def stylesheet(self) -> str:
        """The static file with this size's ``@page`` rule (a file: the CSP allows no inline
        style)."""
        return f"css/print-{self.value}.css"


@dataclass(frozen=True, kw_only=True)
class PrintCell:
    total: str
    delta: str
    marks: tuple[str, ...]
    dealer: bool
    declarer: bool
    out: bool


@dataclass(frozen=True, kw_only=True)
class PrintRow:
    number: int | None  # printed in the first row of an entry only
    contract: str
    declarer: str
    cells: tuple[PrintCell, ...]
    round_end: bool
    flagged: bool
    auto: bool
    remark: str = ""  # the note the table wrote beside the row (meta.note)


@dataclass(frozen=True, kw_only=True)
class ResultLine:
    name: str
    money: str
    crowns: str
    premium: str
    total: str


@dataclass(frozen=True, kw_only=True)
class PrintSheet:
    """Everything the print template shows."""

    game_label: str
    preset_label: str
    players: tuple[str, ...]
    rows: tuple[PrintRow, ...]
    totals: tuple[str, ...]
    winner: int | None
    winner_name: str
    outcome: str
    differences: tuple[tuple[str, str], ...]
    paper: Paper
    unit: str
    scorer: str
    flagged: tuple[int, ...]  # row numbers of the deals worth >= 50 premium points
    results: tuple[ResultLine, ...]
    settle: tuple[str, ...]
    chart: SafeString
    started: datetime
    printed: datetime
    revision: int
    size: PaperSize
    part: int = 1  # a long sheet is printed in parts of settings.PRINT_PART entries
    parts: int = 1
    first: int = 1  # the entry numbers this part prints
    last: int = 0
    carried: tuple[str, ...] = ()  # the totals before this part's first row (parts 2, 3, ...)
    subtotals: tuple[str, ...] = ()  # the totals after this part's last row (all but the last)
    notes: tuple[tuple[int, str], ...] = ()  # (row number, what an app keeps with it: a proof)

    @property
    def heads(self) -> tuple[tuple[str, str], ...]:
        """(whole name, as the column's head shows it) of every player: whole on paper unless
        very long, then the shortest distinct beginning; never broken mid-word (print.css)."""
        return tuple(zip(self.players, short_names(self.players, PAPER_NAME), strict=True))

    @property
    def heading_game(self) -> str:
        """The game's name before the preset's, unless the preset's name is the game's already
        ("Тысяча — русская…", never "Тысяча Тысяча — русская…")."""
        return "" if self.preset_label.startswith(self.game_label) else self.game_label

    @property
    def last_part(self) -> bool:
        return self.part == self.parts


def parts_of(entries: int) -> int:
    """How many parts a sheet of ``entries`` entries is printed in."""
    size = int(settings.PRINT_PART)
    return max(1, -(-entries // size))


def part_of(value: object, entries: int) -> int:
    """The part asked for in ``?part=`` (1-based); the last one (with the totals, the winner and
    the signature) for anything else."""
    parts = parts_of(entries)
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 6:
        return min(max(int(value), 1), parts)
    return parts


def print_sheet(loaded: services.Loaded, *, size: PaperSize, part: int | None = None) -> PrintSheet:
    """The print view of a loaded sheet: of one part of it when it is longer than
    ``settings.PRINT_PART`` entries (by default the last part)."""
    document, scored, sheet = loaded.document, loaded.scored, loaded.sheet
    paper = paper_of(document.game)
    players = document.players
    entries = len(document.entries)
    parts = parts_of(entries)
    part = parts if part is None else min(max(part, 1), parts)
    first = (part - 1) * int(settings.PRINT_PART) + 1
    last = min(entries, part * int(settings.PRINT_PART))
    rows = []
    # what the apps keep with a row (the deal review's proof of a penalty), under the table
    notes = tuple((i + 1, text) for i in range(first - 1, last)
                  if (text := extensions.summary(loaded.entries[i].data)))
    # the deals flagged on the whole sheet (listed above the signature), from the engine's marks
    flagged = sorted({r.entry + 1 for r in scored.rows
                      if any(FLAGGED in marks for marks in r.marks)})
    before = [r for r in scored.rows if r.entry + 1 < first]
    carried = tuple(format_number(t, paper) for t in before[-1].totals) if before else ()
    inside = [r for r in scored.rows if first <= r.entry + 1 <= last]
    subtotals: tuple[str, ...] = ()
    if part < parts and inside:
        subtotals = tuple(format_number(t, paper) for t in inside[-1].totals)
    # only this part's rows are put into words: a long sheet costs what one part costs
    for row in rows_view(inside, players, document.game):
        is_flagged = any(m.code == FLAGGED for c in row.cells for m in c.marks)
        rows.append(PrintRow(
            number=row.number if row.first else None,
            contract=row.contract or row.kind_label,
            declarer=row.declarer,
            cells=tuple(
                PrintCell(
                    total=format_number(c.total, paper),
                    delta=format_number(c.delta, paper, sign=True) if c.delta else "",
                    marks=tuple(m.short for m in c.marks if m.code != FLAGGED),
                    dealer=c.dealer,
                    declarer=c.declarer,
                    out=c.out,
                )
                for c in row.cells
            ),
            round_end=row.round_end,
            flagged=is_flagged,
            auto=row.auto,
            remark=note_of(loaded.entries[row.entry].data) if row.first else "",
        ))
    winner = winner_of(scored, paper)
    results: tuple[ResultLine, ...] = ()
    if paper.results is not None and scored.rows:
        results = tuple(
            ResultLine(
                name=players[r.seat],
                money=format_amount(r.money, paper),
                crowns=str(r.crowns),
                premium=str(r.premium),
                total=str(r.total),
            )
            for r in paper.results(document, scored)
        )
    settle: tuple[str, ...] = ()
    if paper.settle is not None and scored.rows:
        settle = tuple(
            _("%(payer)s → %(payee)s: %(amount)s") % {
                "payer": players[t.payer],
                "payee": players[t.payee],
                "amount": format_amount(t.amount, paper),
            }
            for t in paper.settle(scored.totals)
        )
    return PrintSheet(
        game_label=game_label(document.game),
        preset_label=preset_label(document.ruleset),
        players=players,
        rows=tuple(rows),
        notes=notes,
        totals=tuple(format_number(t, paper) for t in scored.totals),
        winner=winner,
        winner_name=players[winner] if winner is not None else "",
        outcome=outcome_text(scored.outcome, players),
        differences=tuple(
            (option_label(k), format_value(v))
            for k, v in rules.differences(rules.preset(document.ruleset), document.rules).items()
        ),
        paper=paper,
        unit=_("Kč") if paper.money else _("points"),
        scorer=sheet.scorer,
        flagged=tuple(flagged),
        results=results,
        settle=settle,
        chart=mark_safe(progression_svg(document, scored)),  # noqa: S308  (names are escaped)
        started=sheet.created,
        printed=timezone.now(),
        revision=sheet.revision,
        size=size,
        part=part,
        parts=parts,
        first=first,
        last=last,
        carried=carried,
        subtotals=subtotals,
    )


def print_context(sheet: Sheet, *, size: PaperSize, pdf: bool = False,
                  links: dict[str, str] | None = None, part: int | None = None) -> dict[str, Any]:
    """The print template's context: the sheet, the page size, and whether it becomes a PDF."""
    loaded = services.load(sheet)
    paper = print_sheet(loaded, size=size, part=part)
    return {
        "sheet": sheet,
        "paper": paper,
        "part_links": [(n, f"?size={size.value}&part={n}") for n in range(1, paper.parts + 1)],
        "size": size,
        "sizes": list(PaperSize),
        "pdf": pdf,
        "links": links or {},
    }


def print_html(sheet: Sheet, *, size: PaperSize, pdf: bool = False,
               links: dict[str, str] | None = None, extra: dict[str, Any] | None = None,
               request: HttpRequest | None = None, part: int | None = None) -> str:
    """The printout in the sheet's print language (scoresheet/sheets/languages.py), if it has one;
    ``request`` for a page with a form on it (the CSRF token)."""
    from scoresheet.sheets.languages import printing_in

    with printing_in(sheet):
        context = print_context(sheet, size=size, pdf=pdf, links=links, part=part)
        context.update(extra or {})
        return render_to_string(TEMPLATE, context, request=request)


def _stylesheet(name: str) -> str:
    found = finders.find(name)
    path = found[0] if isinstance(found, list) else found
    if not path:
        raise FileNotFoundError(name)
    return Path(path).read_text(encoding="utf-8")


def render_pdf(html: str, *, size: PaperSize = PaperSize.A4) -> bytes:
    """A PDF of ``html`` with the print stylesheet; nothing is fetched from anywhere.

    The stylesheet is read from the static files (not over the network), and every URL the
    page might name is refused, so rendering never reaches another server.
    """
    from weasyprint import CSS, HTML
    from weasyprint.urls import URLFetcher

    refuse_all = URLFetcher(allowed_protocols=())
    document = HTML(string=html, base_url="about:blank", url_fetcher=refuse_all)
    css = [CSS(string=_stylesheet(name), url_fetcher=refuse_all)
           for name in (PRINT_CSS, size.stylesheet)]
    pdf = document.write_pdf(stylesheets=css)
    if pdf is None:  # only when a target is given
        raise RuntimeError("WeasyPrint wrote no PDF")
    return bytes(pdf)


def make_pdf(sheet: Sheet, *, size: PaperSize, part: int | None) -> bytes:
    """Render the PDF itself (what :func:`scoresheet.exports.pdfstore.sheet_pdf` keeps)."""
    return render_pdf(print_html(sheet, size=size, pdf=True, part=part), size=size)
