"""What a tournament file may hold, checked whole before anything is written (issue 27).

:func:`read` turns an uploaded file into JSON (UTF-8, bounded, no NaN or Infinity, not nested
too deeply); :func:`check` walks the document of :func:`scoresheet.tournament.logic.export` and
lists every problem at once: a value of the wrong type, an integer outside its database column
(or outside the rule of its field), a text longer than its column or holding a control
character, a moment PostgreSQL does not store, a player's number nobody has, a review of a row
the sheet does not have, a table sheet the engine refuses.  Each problem names its field as a
path in the file (positions in a list counted from 1, as players count): ``round_list[2]
.tables[1].reviews[1].row``.  Only a document without problems reaches the database.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from datetime import datetime
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

import rules
from rules import tournament as draw_rules
from scoresheet.exports.documents import Problem as SheetProblem
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.validators import (
    MAX_DEPTH,
    REFUSED_CATEGORIES,
    MomentProblem,
    NotFinite,
    column_range,
    read_json,
    read_moment,
)
from scoresheet.tournament.models import (
    CURRENT_EDITION,
    Action,
    Event,
    Player,
    Review,
    Round,
    Table,
    Tournament,
)

MAX_IMPORT_BYTES = 5_000_000
MAX_LISTED = 20  # problems shown at once: the first ones of a file that is wrong everywhere
EXPORT_FORMAT = "listek-tournament/1"
MAX_ROUNDS = 20  # a tournament's rounds (the new-tournament form's limit too)
MAX_DEALS = 200  # deals per round

TEXTS: dict[str, Any] = {
    # the file as a whole
    "too_large": _("The file is larger than %(mb)s MB. Nothing was imported."),
    "not_json": _("The file is not a JSON document in UTF-8, so it is not a tournament file. "
                  "Nothing was imported."),
    "not_finite": _("The file holds %(value)s, a number JSON does not allow: “NaN” and "
                    "“Infinity” cannot be imported. Nothing was imported."),
    "too_deep": _("The file is nested more than %(max)s levels deep. Nothing was imported."),
    "not_object": _("The file must hold one object: a tournament exported by Lístek. Nothing "
                    "was imported."),
    # one field
    "missing": _("“%(field)s” is missing."),
    "object": _("“%(field)s” must be an object (fields in curly brackets)."),
    "list": _("“%(field)s” must be a list (values in square brackets)."),
    "integer": _("“%(field)s” must be a whole number from %(min)s to %(max)s."),
    "text": _("“%(field)s” must be a text of at most %(max)s characters."),
    "empty": _("“%(field)s” must not be empty."),
    "boolean": _("“%(field)s” must be “true” or “false”."),
    "moment": _("“%(field)s” must be a date and time with its time zone, such as "
                "2026-05-01T18:00:00+02:00."),
    "offset": _("“%(field)s” has a time zone too far from UTC: a time zone can be at most "
                "15:59 hours from UTC."),
    "choice": _("“%(field)s” must be one of: %(allowed)s."),
    "format": _("“%(field)s” must be “%(format)s”: this is not a tournament file of Lístek."),
    "player": _("“%(field)s” must be a player's number from 1 to %(max)s."),
    "numbering": _("The players in “%(field)s” must be numbered from 1 to %(count)s, each "
                   "once."),
    "twice": _("“%(field)s” repeats %(value)s: each value may appear only once."),
    "no_rows": _("“%(field)s” names a row, but the table has no sheet with rows."),
    "line_break": _("“%(field)s” contains a line break, which cannot be part of it."),
    "control": _("“%(field)s” contains a control character (U+%(code)04X), which cannot be "
                 "part of it."),
    "key": _("A name of a field in “%(field)s” contains a control character or a line "
             "break."),
    "top_key": _("A name of a field of the file contains a control character or a line break."),
    "sheet_players": _("“%(field)s” must name the table's %(count)s players in their seat "
                       "order, each once."),
    "sheet": _("The sheet in “%(field)s” was refused (%(where)s): %(problem)s"),
}


@dataclass(frozen=True)
class DocumentProblem:
    """One reason a tournament file is refused: the field (a path in the file) and the rule."""

    code: str
    field: str = ""
    params: Mapping[str, Any] = dataclass_field(default_factory=dict)

    @property
    def text(self) -> str:
        """The problem in the active language."""
        return str(TEXTS[self.code]) % {"field": self.field, **self.params}

    def __str__(self) -> str:
        return f"{self.field or 'file'}: {self.code}"


class DocumentRefused(Exception):
    """The file was not imported; ``problems`` lists the reasons (at most :data:`MAX_LISTED`)."""

    def __init__(self, problems: list[DocumentProblem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems[:MAX_LISTED]


def refused(code: str, **params: Any) -> DocumentRefused:
    return DocumentRefused([DocumentProblem(code, "", params)])


# --------------------------------------------------------------------------- reading the file


def read(data: bytes) -> Any:
    """The JSON document of an uploaded tournament file, or :class:`DocumentRefused`."""
    if len(data) > MAX_IMPORT_BYTES:
        raise refused("too_large", mb=MAX_IMPORT_BYTES // 1_000_000)
    try:
        doc = read_json(data.decode("utf-8-sig"))
    except NotFinite as exc:
        raise refused("not_finite", value=exc.value) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise refused("not_json") from None
    if _too_deep(doc):
        raise refused("too_deep", max=MAX_DEPTH)
    return doc


def _too_deep(doc: Any) -> bool:
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                return True
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict)
                                                  else value))
    return False


# --------------------------------------------------------------------------- checking it

MISSING = object()


def path(parent: str, key: str | int) -> str:
    """The field's name in problems: keys joined by dots, list positions from 1 in brackets."""
    if isinstance(key, int):
        return f"{parent}[{key + 1}]"
    return f"{parent}.{key}" if parent else key


def _length(model: type[models.Model], name: str) -> int:
    column = model._meta.get_field(name)
    assert isinstance(column, models.CharField) and column.max_length is not None
    return int(column.max_length)


@dataclass
class Checker:
    """Walks a document, keeping the problems found and the values read."""

    problems: list[DocumentProblem] = dataclass_field(default_factory=list)

    def add(self, code: str, where: str, /, **params: Any) -> None:
        self.problems.append(DocumentProblem(code, where, params))

    def get(self, obj: Mapping[str, Any], key: str, where: str, *,
            required: bool = True) -> Any:
        if key in obj:
            return obj[key]
        if required:
            self.add("missing", path(where, key))
        return MISSING

    def mapping(self, value: Any, where: str, *, null: bool = False) -> Mapping[str, Any] | None:
        if value is MISSING or (value is None and null):
            return None
        if not isinstance(value, Mapping):
            self.add("object", where)
            return None
        return value

    def array(self, value: Any, where: str) -> list[Any]:
        if value is MISSING:
            return []
        if not isinstance(value, list):
            self.add("list", where)
            return []
        return value

    def integer(self, value: Any, where: str, low: int, high: int, *,
                null: bool = False) -> int | None:
        if value is MISSING or (value is None and null):
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.add("integer", where, min=low, max=high)
            return None
        return int(value)

    def column(self, value: Any, where: str, model: type[models.Model], name: str, *,
               null: bool = False) -> int | None:
        low, high = column_range(model, name)
        return self.integer(value, where, low, high, null=null)

    def text(self, value: Any, where: str, max_length: int, *, empty: bool = True) -> str | None:
        if value is MISSING:
            return None
        if not isinstance(value, str) or len(value) > max_length:
            self.add("text", where, max=max_length)
            return None
        if not empty and not value.strip():
            self.add("empty", where)
            return None
        return value

    def boolean(self, value: Any, where: str) -> None:
        if value is not MISSING and not isinstance(value, bool):
            self.add("boolean", where)

    def moment(self, value: Any, where: str, *, null: bool = False) -> datetime | None:
        if value is MISSING or (value is None and null):
            return None
        read_value = read_moment(value)
        if read_value is MomentProblem.OFFSET:
            self.add("offset", where)
        elif isinstance(read_value, MomentProblem):
            self.add("moment", where)
        else:
            return read_value
        return None

    def player(self, value: Any, where: str, count: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= count:
            self.add("player", where, max=count)
            return None
        return int(value)

    def once(self, values: list[tuple[Any, str]]) -> None:
        """Each value of ``values`` (value, its field) at most once."""
        seen: set[Any] = set()
        for value, where in values:
            if value is None:
                continue
            if value in seen:
                self.add("twice", where, value=value)
            seen.add(value)

    def texts(self, doc: Any) -> None:
        """Every text and key of the whole document: no control character, no line break."""
        stack: list[tuple[Any, str]] = [(doc, "")]
        while stack:
            value, where = stack.pop()
            if isinstance(value, Mapping):
                if any(_bad(k) for k in value):
                    self.add("key" if where else "top_key", where)
                stack.extend((v, path(where, str(k))) for k, v in reversed(list(value.items())))
            elif isinstance(value, list):
                stack.extend((v, path(where, i)) for i, v in reversed(list(enumerate(value))))
            elif isinstance(value, str):
                bad = next((c for c in value
                            if unicodedata.category(c) in REFUSED_CATEGORIES), None)
                if bad is not None and bad in "\r\n\u2028\u2029":
                    self.add("line_break", where)
                elif bad is not None:
                    self.add("control", where, code=ord(bad))


def _bad(key: Any) -> bool:
    return any(unicodedata.category(c) in REFUSED_CATEGORIES for c in str(key))


def check(doc: Any) -> None:
    """Raise :class:`DocumentRefused` with every problem of ``doc``, or return: then the whole
    document can be written (the engine's and the draw's own rules still apply, each with its
    own words: a player at two tables, a scorer who does not sit at his table)."""
    if not isinstance(doc, Mapping):
        raise refused("not_object")
    c = Checker()
    fmt = c.get(doc, "format", "")
    if fmt is not MISSING and fmt != EXPORT_FORMAT:
        c.add("format", "format", format=EXPORT_FORMAT)
        raise DocumentRefused(c.problems)  # not a tournament file: nothing else to say
    c.texts(doc)
    c.text(c.get(doc, "name", ""), "name", _length(Tournament, "name"))
    c.text(c.get(doc, "game", "", required=False), "game", _length(Tournament, "game"))
    c.text(c.get(doc, "ruleset", ""), "ruleset", _length(Tournament, "ruleset"))
    c.mapping(c.get(doc, "options", "", required=False), "options", null=True)
    c.mapping(c.get(doc, "premium", "", required=False), "premium", null=True)
    c.integer(c.get(doc, "rounds", ""), "rounds", 1, min(MAX_ROUNDS,
                                                          column_range(Tournament, "rounds")[1]))
    c.column(c.get(doc, "table_size", ""), "table_size", Tournament, "table_size")
    c.integer(c.get(doc, "deals_per_round", "", required=False), "deals_per_round", 1,
              MAX_DEALS, null=True)
    # written only when they differ from the old defaults (docs/tournament.md)
    c.integer(c.get(doc, "edition", "", required=False), "edition", 1, CURRENT_EDITION)
    method = c.get(doc, "draw_method", "", required=False)
    if method is not MISSING and method not in draw_rules.METHODS:
        c.add("choice", "draw_method", allowed=", ".join(draw_rules.METHODS))
    c.boolean(c.get(doc, "separate_clubs", "", required=False), "separate_clubs")
    listed = c.array(c.get(doc, "players", ""), "players")
    _players(c, listed)
    for i, raw in enumerate(c.array(c.get(doc, "history", "", required=False), "history")):
        _event(c, raw, path("history", i))
    rounds = c.array(c.get(doc, "round_list", ""), "round_list")
    numbers = []
    for i, raw in enumerate(rounds):
        where = path("round_list", i)
        numbers.append((_round(c, raw, where, len(listed)), path(where, "number")))
    c.once(numbers)
    if c.problems:
        raise DocumentRefused(c.problems)
    for i, raw in enumerate(rounds):
        for j, table in enumerate(raw["tables"]):
            _engine(c, table.get("sheet"), path(path(path("round_list", i), "tables"), j))
    if c.problems:
        raise DocumentRefused(c.problems)


def _players(c: Checker, listed: list[Any]) -> dict[int, str]:
    """The players' names by number (empty when the numbering is wrong)."""
    names: dict[int, str] = {}
    ok = True
    for i, raw in enumerate(listed):
        where = path("players", i)
        p = c.mapping(raw, where)
        if p is None:
            ok = False
            continue
        number = c.column(c.get(p, "number", where), path(where, "number"), Player, "number")
        name = c.text(c.get(p, "name", where), path(where, "name"), _length(Player, "name"),
                      empty=False)
        c.text(c.get(p, "club", where, required=False), path(where, "club"),
               _length(Player, "club"))
        c.boolean(c.get(p, "withdrawn", where, required=False), path(where, "withdrawn"))
        if number is None or name is None:
            ok = False
        else:
            names[number] = name.strip()
    if ok and sorted(names) != list(range(1, len(listed) + 1)):
        c.add("numbering", "players", count=len(listed))
    return names


def _event(c: Checker, raw: Any, where: str) -> None:
    h = c.mapping(raw, where)
    if h is None:
        return
    action = c.get(h, "action", where)
    allowed = [a.value for a in Action]
    if action is not MISSING and action not in allowed:
        c.add("choice", path(where, "action"), allowed=", ".join(allowed))
    c.column(c.get(h, "round", where, required=False), path(where, "round"), Event,
             "round_number", null=True)
    c.column(c.get(h, "table", where, required=False), path(where, "table"), Event,
             "table_number", null=True)
    c.mapping(c.get(h, "detail", where, required=False), path(where, "detail"), null=True)
    c.moment(c.get(h, "at", where), path(where, "at"))


def _round(c: Checker, raw: Any, where: str, count: int) -> int | None:
    r = c.mapping(raw, where)
    if r is None:
        return None
    number = c.column(c.get(r, "number", where), path(where, "number"), Round, "number")
    c.column(c.get(r, "seed", where), path(where, "seed"), Round, "seed")
    c.moment(c.get(r, "started", where, required=False), path(where, "started"), null=True)
    for k, n in enumerate(c.array(c.get(r, "byes", where, required=False), path(where, "byes"))):
        c.player(n, path(path(where, "byes"), k), count)
    for j, table in enumerate(c.array(c.get(r, "tables", where), path(where, "tables"))):
        _table(c, table, path(path(where, "tables"), j), count)
    return number


def _table(c: Checker, raw: Any, where: str, count: int) -> None:
    tb = c.mapping(raw, where)
    if tb is None:
        return
    c.column(c.get(tb, "number", where, required=False), path(where, "number"), Table, "number")
    seated = [c.player(n, path(path(where, "players"), k), count)
              for k, n in enumerate(c.array(c.get(tb, "players", where), path(where, "players")))]
    c.player(c.get(tb, "scorer", where), path(where, "scorer"), count)
    c.moment(c.get(tb, "closed", where, required=False), path(where, "closed"), null=True)
    c.text(c.get(tb, "signed_by", where, required=False), path(where, "signed_by"),
           _length(Table, "signed_by"))
    confirmed = c.array(c.get(tb, "confirmed", where, required=False), path(where, "confirmed"))
    c.once([(c.player(n, path(path(where, "confirmed"), k), count),
             path(path(where, "confirmed"), k)) for k, n in enumerate(confirmed)])
    sheet = c.mapping(c.get(tb, "sheet", where, required=False), path(where, "sheet"), null=True)
    rows = 0
    if sheet is not None:
        rows = _sheet(c, sheet, path(where, "sheet"), seated)
    reviews = c.array(c.get(tb, "reviews", where, required=False), path(where, "reviews"))
    seen = []
    for k, raw_review in enumerate(reviews):
        at = path(path(where, "reviews"), k)
        rv = c.mapping(raw_review, at)
        if rv is None:
            continue
        row = c.get(rv, "row", at)
        if row is not MISSING and rows == 0:
            c.add("no_rows", path(at, "row"))
        elif row is not MISSING:
            seen.append((c.integer(row, path(at, "row"), 0, rows - 1), path(at, "row")))
        c.boolean(c.get(rv, "winnable", at), path(at, "winnable"))
        c.text(c.get(rv, "note", at, required=False), path(at, "note"), _length(Review, "note"))
    c.once(seen)


def _sheet(c: Checker, sheet: Mapping[str, Any], where: str, seated: list[int | None]) -> int:
    """Check the table's sheet's own fields; the number of its rows (entries)."""
    # a sheet keeps the names it was played under: a name corrected later is not on it
    # (docs/tournament.md#players), so only the count and the seat order are the table's
    written = sheet.get("players")
    if None not in seated and (
            not isinstance(written, list) or len(written) != len(seated)
            or not all(isinstance(n, str) and n.strip() for n in written)
            or len({n.strip().casefold() for n in written}) != len(written)):
        c.add("sheet_players", path(where, "players"), count=len(seated))
    c.text(c.get(sheet, "ruleset", where), path(where, "ruleset"), _length(Sheet, "ruleset"))
    c.mapping(c.get(sheet, "options", where, required=False), path(where, "options"), null=True)
    c.column(c.get(sheet, "first_dealer", where, required=False), path(where, "first_dealer"),
             Sheet, "first_dealer")
    c.column(c.get(sheet, "edition", where, required=False), path(where, "edition"), Sheet,
             "edition", null=True)
    meta = c.mapping(c.get(sheet, "meta", where, required=False), path(where, "meta"), null=True)
    if meta is not None:
        c.text(c.get(meta, "scorer", path(where, "meta"), required=False),
               path(path(where, "meta"), "scorer"), _length(Sheet, "scorer"))
    entries = c.array(c.get(sheet, "entries", where, required=False), path(where, "entries"))
    return len(entries)


def _engine(c: Checker, sheet: Any, where: str) -> None:
    """The engine's judgement of a table's sheet, as the sheet import has it."""
    if not isinstance(sheet, Mapping):
        return
    doc = {key: value for key, value in sheet.items() if key != "meta"}
    players = [p if isinstance(p, str) else "?" for p in doc.get("players") or []]
    game = doc.get("game") if isinstance(doc.get("game"), str) else ""
    for error in rules.problems(doc)[:3]:
        problem = SheetProblem.from_error(error, str(game), players)
        c.add("sheet", path(where, "sheet"), where=problem.where, problem=problem.text)
