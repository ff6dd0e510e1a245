"""A sheet leaves the phone as a file and comes back: the JSON document, CSV, and the import.

Export writes the docs/format.md document of a sheet
(:func:`scoresheet.sheets.services.sheet_document`)
with the app's own facts under ``meta.listek``.  Import reads such a document (or any valid
docs/format.md document, a golden sheet for instance), lets the engine list *every* problem with
:func:`rules.problems`, and then stores the sheet with all its entries and their history in one
transaction — or refuses it with the whole list and stores nothing.

CSV is one line per row of the scored sheet (the engine's rows: its own penalty rows too), a
column per player with the running total like the paper sheet, a column per player with the
row's change, and a last line with the totals.  Numbers are plain numbers that any spreadsheet in
any language reads as numbers: points, or for Mariáš crowns with two decimals after a point
("8.40"; the header says "[Kč]").  The contract is two columns: its number ("120"), and what goes
with it ("dark", "♥", or the game's name when it has no number: "betl").
"""

from __future__ import annotations

import csv
import io
import json
import re
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.formats import get_format
from django.utils.translation import gettext as _

import rules
from rules.engine import MAX_NAME
from scoresheet.sheets import reading, services
from scoresheet.sheets.gameforms import kind_label
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.paper import crowns, paper_of, winner_of
from scoresheet.sheets.validators import (
    MAX_DEPTH,
    MomentProblem,
    NotFinite,
    document_problem,
    read_json,
    read_moment,
)
from scoresheet.sheets.words import contract_label, engine_message, mark_label, note_text

# the app's facts in a document's meta (docs/format.md: the engine ignores meta)
META_KEY = "listek"
MAX_IMPORT_BYTES = 2_000_000  # a 5000-entry sheet (rules.engine.MAX_ENTRIES) is about 1 MB
CSV_BOM = "\ufeff"  # tells spreadsheets the file is UTF-8 (Czech, Polish, Russian names)
FORMULA_STARTS = "=+-@\t\r"  # a text cell starting so is a formula
# A formula may also start after any separator a spreadsheet may split a cell at (a comma, a
# semicolon in Czech, German, Polish or Russian Excel, a tab, a line end), behind spaces or a
# quote: `x;=1+1;y` is three cells, one of them a formula, where ";" separates.
FORMULA_AFTER = re.compile(r'(^|[,;\t\r\n])([ "]*)(?=[=+\-@\t\r])')
MONEY_COLUMN = "%(name)s [h]"
CONTRACT_WITH_FLAGS = re.compile(r"^(?P<number>\d+)(?:\s+(?:dark|off|[♥♦♣♠]))*$")


# --------------------------------------------------------------------------- problems


# Problems of the file as a whole (it is no sheet document at all): said without a "where".
FILE_CODES = frozenset({"too_large", "not_utf8", "not_json", "table_file", "not_finite",
                        "too_deep"})


@dataclass(frozen=True, kw_only=True)
class Problem:
    """One reason an import is refused: where (entry index or the sheet) and why."""

    entry: int | None
    code: str
    message: str  # the engine's English words
    text: str  # the same in the active language, for the page

    def __str__(self) -> str:
        where = "sheet" if self.entry is None else f"entry {self.entry}"
        return f"{where}: {self.message}"

    @property
    def where(self) -> str:
        """Where the problem is, or "" when it is about the file as a whole."""
        if self.code in FILE_CODES:
            return ""
        if self.entry is None:
            return _("sheet")
        return _("entry %(number)s") % {"number": self.entry}

    @classmethod
    def from_error(cls, error: rules.RulesError, game: str = "",
           players: Sequence[str] = ()) -> Problem:
        return cls(
            entry=error.entry,
            code=error.code,
            message=error.message,
            text=engine_message(error.code, error.params, error.message, game=game,
                                players=players),
        )


class ImportRefused(Exception):
    """The document was not stored; ``problems`` lists every reason at once."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = tuple(problems)


def _sheet_problem(message: str, code: str, **params: Any) -> Problem:
    return Problem.from_error(rules.InvalidSheet(message, code=code, params=params))


# --------------------------------------------------------------------------- JSON export


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def export_document(sheet: Sheet, entries: Sequence[Any] | None = None) -> dict[str, Any]:
    """The docs/format.md document of ``sheet`` with the app's facts under ``meta.listek``."""
    doc = services.sheet_document(sheet, entries)
    doc["meta"] = {
        META_KEY: {
            "id": str(sheet.identity),
            "exported": _iso(timezone.now()),
            "created": _iso(sheet.created),
            "finished": _iso(sheet.finished),
            "closed": _iso(sheet.closed) if services.closed_by_evening(sheet) else None,
            "revision": sheet.revision,
            "in_stats": sheet.in_stats,
            "scorer": sheet.scorer,
            # the column heads the table chose, one per seat ("": worked out from the name)
            "short_names": _short_names_of(sheet),
        }
    }
    return doc


def _short_names_of(sheet: Sheet) -> list[str]:
    chosen = [str(s) for s in (sheet.short_names or [])]
    if not any(chosen):
        return []
    return (chosen + [""] * len(sheet.players))[:len(sheet.players)]


def export_json(sheet: Sheet) -> str:
    """The exported document as UTF-8 text, names as written (not escaped), one entry a line."""
    doc = export_document(sheet)
    entries = doc.pop("entries")
    meta = doc.pop("meta")
    head = json.dumps(doc, ensure_ascii=False, indent=2)[:-2]
    lines = [json.dumps(e, ensure_ascii=False, sort_keys=False) for e in entries]
    body = ",\n    ".join(lines)
    entries_text = f'"entries": [\n    {body}\n  ]' if lines else '"entries": []'
    meta_text = json.dumps(meta, ensure_ascii=False, indent=2).replace("\n", "\n  ")
    return f'{head},\n  {entries_text},\n  "meta": {meta_text}\n}}\n'


def filename(sheet: Sheet, extension: str, variant: str = "") -> str:
    """An ASCII file name: the preset, the day the sheet was started, its number, and the
    variant (the paper size of a PDF: an A4 and an A5 printout do not overwrite each other)."""
    day = timezone.localtime(sheet.created).date().isoformat()
    tail = f"-{variant}" if variant else ""
    return f"listek-{sheet.ruleset}-{day}-{sheet.pk}{tail}.{extension}"


# --------------------------------------------------------------------------- CSV export


def _text(value: str) -> str:
    """A text cell that a spreadsheet shows as text, never runs as a formula: a ``'`` before
    every formula start at the beginning and after every separator (:data:`FORMULA_AFTER`)."""
    return FORMULA_AFTER.sub(r"\1\2'", value)


def contract_columns(contract: str) -> tuple[str, str]:
    """The contract as two cells: its number, and the rest in the page's language
    ("120 dark" -> "120", "naslepo"; "betl" -> "", "betl")."""
    label = contract_label(contract)
    found = CONTRACT_WITH_FLAGS.match(contract)
    if not found:
        return "", label
    number = found.group("number")
    return number, label.replace(number, "", 1).strip()


def csv_dialect() -> tuple[str, str]:
    """The separator of the cells and the decimal mark, as a spreadsheet of the page's
    language reads them: where the decimal mark is a comma (cs, de, pl, ru), the cells are
    separated by semicolons, so that Excel opens the file into columns."""
    decimal = str(get_format("DECIMAL_SEPARATOR"))
    return (";" if decimal == "," else ","), decimal


def csv_rows(document: rules.Sheet, scored: rules.Scored) -> list[list[str]]:
    """The CSV table: a header, one line per scored row, the totals line."""
    paper = paper_of(document.game)
    players = document.players
    _separator, decimal = csv_dialect()

    def number(value: int) -> str:
        return f"{crowns(value):.2f}".replace(".", decimal) if paper.money else str(value)

    money = [_("%(name)s [%(unit)s]") % {"name": p, "unit": _("Kč")} for p in players]
    totals_head = money if paper.money else list(players)
    header = [
        "#",
        _("kind"),
        _("contract"),
        _("contract flags"),
        _("declarer"),
        _("dealer"),
        *totals_head,
        *[_("%(column)s +/-") % {"column": c} for c in totals_head],
        _("marks"),
        _("notes"),
    ]
    out = [[_text(h) for h in header]]
    for row in scored.rows:
        marks = "; ".join(
            f"{players[seat]}: {', '.join(mark_label(m)[0] for m in seat_marks)}"
            for seat, seat_marks in enumerate(row.marks)
            if seat_marks
        )
        out.append([
            str(row.entry + 1),
            _text(str(kind_label(row.kind))),
            *[_text(cell) for cell in contract_columns(row.contract)],
            _text(players[row.declarer] if row.declarer is not None else ""),
            _text(players[row.dealer] if row.dealer is not None else ""),
            *[number(t) for t in row.totals],
            *[number(d) for d in row.deltas],
            _text(marks),
            _text(" / ".join(note_text(n, game=document.game, players=players)
                             for n in row.notes)),
        ])
    winner = winner_of(scored, paper)
    verdict = _("%(name)s wins") % {"name": players[winner]} if winner is not None else ""
    out.append([
        "",
        _text(_("total")),
        "",
        "",
        "",
        "",
        *[number(t) for t in scored.totals],
        *["" for _seat in players],
        "",
        _text(verdict),
    ])
    return out


def export_csv(document: rules.Sheet, scored: rules.Scored) -> str:
    """The CSV text, UTF-8 with a byte-order mark, CRLF line ends; comma-separated, or
    semicolon-separated where the page's language writes a decimal comma (:func:`csv_dialect`)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=csv_dialect()[0], lineterminator="\r\n")
    writer.writerows(csv_rows(document, scored))
    return CSV_BOM + buffer.getvalue()


# --------------------------------------------------------------------------- import


def read_document(data: bytes | str) -> Any:
    """Parse an uploaded file: UTF-8 (a byte-order mark is allowed) JSON of bounded size."""
    if len(data) > MAX_IMPORT_BYTES:
        raise ImportRefused([_sheet_problem(
            f"the file is larger than {MAX_IMPORT_BYTES // 1_000_000} MB",
            "too_large", limit=MAX_IMPORT_BYTES, mb=MAX_IMPORT_BYTES // 1_000_000)])
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ImportRefused([_sheet_problem(
                "the file is not UTF-8 text", "not_utf8")]) from None
    data = data.removeprefix(CSV_BOM)
    try:
        return read_json(data)
    except NotFinite as exc:  # NaN, Infinity, 1e999: no database stores them
        raise ImportRefused([_sheet_problem(
            f"the file holds {exc.value}, a number JSON does not allow", "not_finite",
            value=exc.value)]) from None
    except RecursionError:
        raise ImportRefused([_sheet_problem(
            f"the document is nested more than {MAX_DEPTH} levels deep", "too_deep",
            max=MAX_DEPTH)]) from None
    except ValueError as exc:
        if looks_like_a_table(data):  # the CSV export, or another spreadsheet's file
            raise ImportRefused([_sheet_problem(
                "a table of rows (CSV), not a sheet file: only the sheet file (.json) imports "
                "back", "table_file")]) from None
        raise ImportRefused([_sheet_problem(
            f"not a JSON document: {exc}", "not_json")]) from None


def looks_like_a_table(text: str) -> bool:
    """Whether a file that is no JSON document reads as a table of rows (the CSV export): its
    first line holds cells separated by commas, semicolons or tabs."""
    first = text.lstrip().partition("\n")[0]
    return not first.startswith(("{", "[")) and any(sep in first for sep in ",;\t")


@dataclass(frozen=True, kw_only=True)
class AppFacts:
    """What an export keeps under ``meta.listek`` that import restores."""

    in_stats: bool = True
    scorer: str = ""
    created: datetime | None = None
    finished: datetime | None = None
    closed: datetime | None = None  # an evening closed by hand (a game without an end)
    identity: uuid.UUID | None = None  # the exported sheet's (``id``)
    short_names: tuple[str, ...] = ()  # the column heads the table chose (``short_names``)


def app_facts(doc: Any) -> tuple[AppFacts, list[Problem]]:
    """Read ``meta.listek`` of a document; a wrong value is a problem, a missing one a default."""
    meta = doc.get("meta") if isinstance(doc, Mapping) else None
    facts = meta.get(META_KEY) if isinstance(meta, Mapping) else None
    if facts is None:
        return AppFacts(), []
    if not isinstance(facts, Mapping):
        return AppFacts(), [_sheet_problem(
            f"meta.{META_KEY} must be an object", "bad_meta", key=META_KEY)]
    found: list[Problem] = []
    in_stats = facts.get("in_stats", True)
    if not isinstance(in_stats, bool):
        found.append(_sheet_problem(
            f"meta.{META_KEY}.in_stats must be true or false", "bad_meta", key="in_stats"))
        in_stats = True
    scorer = facts.get("scorer", "")
    if not isinstance(scorer, str) or len(scorer) > MAX_NAME:
        found.append(_sheet_problem(
            f"meta.{META_KEY}.scorer must be a name of at most {MAX_NAME} characters",
            "bad_meta", key="scorer", max=MAX_NAME))
        scorer = ""
    moments: dict[str, datetime | None] = {}
    for key in ("created", "finished", "closed"):
        raw = facts.get(key)
        moment = None
        if raw is not None:
            read = read_moment(raw)
            if read is MomentProblem.OFFSET:
                offset = _offset_text(str(raw))
                found.append(_sheet_problem(
                    f"the time zone {offset} of meta.{META_KEY}.{key} is too far from UTC: a "
                    "time zone can be at most 15:59 hours from UTC", "bad_offset", key=key,
                    offset=offset))
            elif isinstance(read, MomentProblem):
                found.append(_sheet_problem(
                    f"meta.{META_KEY}.{key} must be a date and time with its time zone",
                    "bad_meta", key=key))
            else:
                moment = read
        moments[key] = moment
    identity = None
    raw_id = facts.get("id")
    if raw_id is not None:
        try:
            identity = uuid.UUID(raw_id) if isinstance(raw_id, str) else None
        except ValueError:
            identity = None
        if identity is None:
            found.append(_sheet_problem(
                f"meta.{META_KEY}.id must be the sheet's identity (a UUID)", "bad_meta", key="id"))
    players = doc.get("players")
    shorts, short_found = _read_short_names(facts.get("short_names", []),
                                            len(players) if isinstance(players, list) else 0)
    found += short_found
    return AppFacts(in_stats=in_stats, scorer=scorer.strip(), created=moments["created"],
                    finished=moments["finished"], closed=moments["closed"],
                    identity=identity, short_names=shorts), found


def _read_short_names(raw: Any, count: int) -> tuple[tuple[str, ...], list[Problem]]:
    """``meta.listek.short_names``: none (an empty list), or one text per player, each at most
    SHORT_CHOSEN letters ("" for a head worked out from the name), no two the same, as the
    rename form takes them."""
    from scoresheet.sheets.display import SHORT_CHOSEN

    if raw is None or raw == []:
        return (), []
    if (not isinstance(raw, list) or len(raw) != count
            or not all(isinstance(s, str) for s in raw)):
        return (), [_sheet_problem(
            "meta.listek.short_names must be one text per player, in seat order",
            "bad_short_names")]
    shorts = tuple(s.strip() for s in raw)
    found: list[Problem] = []
    seen: set[str] = set()
    for short in shorts:
        if len(short) > SHORT_CHOSEN:
            found.append(_sheet_problem(
                f"the short name {short!r} is longer than {SHORT_CHOSEN} letters",
                "short_name_long", name=short, max=SHORT_CHOSEN))
        elif short and short.casefold() in seen:
            found.append(_sheet_problem(
                f"two players have the same short name {short!r}", "short_name_twice",
                name=short))
        seen.add(short.casefold())
    return (() if found or not any(shorts) else shorts), found


def already_here(doc: Any) -> Sheet | None:
    """The sheet of this site that ``doc`` was exported from (or an earlier import of it)."""
    identity = app_facts(doc)[0].identity
    if identity is None:
        return None
    return (Sheet.objects.filter(uid=identity).first()
            or Sheet.objects.filter(origin=identity).order_by("pk").first())


def _offset_text(raw: str) -> str:
    """The time zone at the end of an ISO date and time ("+16:00"), as written."""
    found = re.search(r"[+-]\d{2}(?::?\d{2}(?::?\d{2}(?:\.\d+)?)?)?$", raw)
    return found.group(0) if found else raw


def import_problems(doc: Any) -> list[Problem]:
    """Every problem of a document at once: the engine's, then those of ``meta.listek``.

    A document nested too deeply or holding a text no sheet may hold (a NUL, a lone surrogate,
    a control character, a line break: scoresheet/protect/guard.py) has that one problem only."""
    hostile = document_problem(doc)
    if hostile is not None:
        code, message = hostile
        return [_sheet_problem(message, code, max=MAX_DEPTH)]
    game = doc.get("game") if isinstance(doc, dict) else None
    players = doc.get("players") if isinstance(doc, dict) else None
    names = [p if isinstance(p, str) else "?" for p in players] if isinstance(players, list) else []
    found = [Problem.from_error(e, game if isinstance(game, str) else "", names)
             for e in rules.problems(doc)]
    found += app_facts(doc)[1]
    found += note_problems(doc)
    return found


def note_problems(doc: Any) -> list[Problem]:
    """The notes written beside rows (``meta.note`` of an entry): a text of at most
    ``MAX_NOTE`` characters, as the sheet's own note form takes (control characters are the
    hostile-text check's)."""
    entries = doc.get("entries") if isinstance(doc, Mapping) else None
    found: list[Problem] = []
    for index, entry in enumerate(entries if isinstance(entries, list) else ()):
        meta = entry.get("meta") if isinstance(entry, Mapping) else None
        if not isinstance(meta, Mapping) or reading.NOTE_KEY not in meta:
            continue
        note = meta[reading.NOTE_KEY]
        if not isinstance(note, str):
            error = rules.InvalidEntry("meta.note must be a text", code="bad_note",
                                       params={"max": reading.MAX_NOTE}, entry=index)
        elif len(note.strip()) > reading.MAX_NOTE:
            error = rules.InvalidEntry(
                f"meta.note holds at most {reading.MAX_NOTE} characters", code="bad_note",
                params={"max": reading.MAX_NOTE}, entry=index)
        else:
            continue
        found.append(Problem.from_error(error))
    return found


def import_sheet(
    doc: Any,
    *,
    owner: AbstractBaseUser | AnonymousUser | None = None,
    device: services.Device | None = None,
) -> Sheet:
    """Store ``doc`` as a new sheet with its entries and history, or raise :class:`ImportRefused`.

    One transaction: the document is judged first (every problem at once); only a document
    without any problem is stored, and a failure while storing leaves nothing behind.
    """
    with transaction.atomic():
        found = import_problems(doc)
        if found:
            raise ImportRefused(found)
        facts, _found = app_facts(doc)
        sheet = services.create_sheet(
            ruleset=doc["ruleset"],
            edition=doc.get("edition"),
            options=doc.get("options", {}),
            players=doc["players"],
            first_dealer=doc.get("first_dealer", 0),
            owner=owner,
            entries=doc.get("entries", []),
            device=device,
        )
        sheet.in_stats = facts.in_stats
        sheet.scorer = facts.scorer
        sheet.origin = facts.identity
        sheet.short_names = list(facts.short_names)
        fields = ["in_stats", "scorer", "origin", "short_names"]
        if facts.created is not None and facts.created <= sheet.created:
            sheet.created = facts.created
            fields.append("created")
        # a finished sheet keeps the time it was finished at, not the time of the import
        if sheet.finished is not None and facts.finished is not None and (
            facts.finished <= sheet.finished
        ):
            sheet.finished = facts.finished
            fields.append("finished")
        # an evening closed by hand stays closed (only a game without an end is closed so)
        if facts.closed is not None and sheet.finished is None and services.open_ended(sheet):
            sheet.closed = sheet.finished = facts.closed
            fields += ["closed", "finished"]
        sheet.save(update_fields=fields)
    return sheet
