"""What one-line texts and imported documents may hold.

* :func:`text_problem` and :class:`SingleLineValidator`: names and every other one-line text
  refuse control characters, line breaks and lone surrogates.
* :func:`document_problem` walks a whole imported document without recursion: too deep a
  nesting, a NUL, a lone surrogate or a control character in any string or key is refused.
* What a database stores, checked before anything is written (issue 27): :func:`read_json`
  refuses NaN and Infinity, :func:`read_moment` a time zone PostgreSQL does not store (it
  stores offsets up to ±15:59), :func:`column_range` is the range of an integer column.
"""

from __future__ import annotations

import json
import math
import unicodedata
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.dateparse import parse_datetime
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext as _

MAX_DEPTH = 32  # arrays and objects inside each other in an imported document (it needs 5)
# Categories no one-line text holds: control characters (C0, DEL, C1: NUL, tab, CR, LF...),
# lone surrogates (only a JSON escape can make one), line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be a name or another one-line text (None: it can)."""
    for char in value:
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            if char in "\r\n\u2028\u2029":
                return _("A line break cannot be part of it.")
            return _("It contains a control character (U+%(code)04X), which cannot be part of "
                     "it.") % {"code": ord(char)}
    return None


@deconstructible
class SingleLineValidator:
    """A form field's validator: :func:`text_problem` as a ValidationError."""

    code = "single_line"

    def __call__(self, value: Any) -> None:
        problem = text_problem(str(value))
        if problem is not None:
            raise ValidationError(problem, code=self.code)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SingleLineValidator)

    def __hash__(self) -> int:
        return hash(self.code)


def document_problem(doc: Any, *, max_depth: int = MAX_DEPTH) -> tuple[str, str] | None:
    """The first reason the parsed JSON ``doc`` cannot be imported at all, as (code, English
    message), or None.  Iterative: a document nested thousands of levels deep is refused
    without recursion."""
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > max_depth:
                return ("too_deep", f"the document is nested more than {max_depth} levels deep")
            items = list(value.items()) if isinstance(value, dict) else [(None, v) for v in value]
            for key, item in items:
                if key is not None and _bad_string(key):
                    return ("bad_text", "a key holds a control character or a lone surrogate")
                stack.append((item, depth + 1))
        elif isinstance(value, str) and _bad_string(value):
            return ("bad_text", "a text holds a control character, a line break or a lone "
                                "surrogate")
    return None


def _bad_string(value: str) -> bool:
    return any(unicodedata.category(c) in REFUSED_CATEGORIES for c in value)


# --------------------------------------------------------------------------- what a database stores

# PostgreSQL reads a time zone of at most 15 hours 59 minutes (and 59 seconds) from UTC; Python
# reads up to 23:59.  A moment beyond is refused rather than stored somewhere else in time.
MAX_OFFSET = timedelta(hours=16)


class NotFinite(ValueError):
    """A JSON text holds NaN, Infinity or a number too large for a float (``1e999``)."""

    def __init__(self, value: str) -> None:
        super().__init__(f"{value} is not a number JSON allows")
        self.value = value


def _constant(name: str) -> Any:
    raise NotFinite(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotFinite(text)
    return value


def read_json(text: str) -> Any:
    """``json.loads`` of a file to import, refusing NaN, Infinity and ``1e999`` with
    :class:`NotFinite` (no database stores them in a JSON column: PostgreSQL refuses the row)."""
    return json.loads(text, parse_constant=_constant, parse_float=_finite_float)


class MomentProblem(StrEnum):
    """Why a text is not a moment a database stores."""

    FORMAT = "format"  # not an ISO date and time with its time zone, or out of the calendar
    OFFSET = "offset"  # a time zone 16:00 hours or more from UTC


def read_moment(value: object) -> datetime | MomentProblem:
    """An ISO date and time with its time zone as the same moment in UTC, or why it is not one
    a database stores: no time zone, a time zone 16:00 or more from UTC (PostgreSQL refuses
    it), a moment that leaves the calendar in UTC (year 1 at +15:00)."""
    if not isinstance(value, str):
        return MomentProblem.FORMAT
    try:
        moment = parse_datetime(value)
    except ValueError:
        return MomentProblem.FORMAT
    if moment is None:
        return MomentProblem.FORMAT
    offset = moment.utcoffset()
    if offset is None:
        return MomentProblem.FORMAT
    if abs(offset) >= MAX_OFFSET:
        return MomentProblem.OFFSET
    try:
        return moment.astimezone(UTC)
    except (ValueError, OverflowError):
        return MomentProblem.FORMAT


def column_range(model: type[models.Model], field: str) -> tuple[int, int]:
    """The integers an integer column of ``model`` stores on every database Lístek runs on
    (PostgreSQL's ranges; SQLite would store more): a PositiveSmallIntegerField 0..32767."""
    column = model._meta.get_field(field)
    assert isinstance(column, models.Field)
    kind = column.get_internal_type()
    low, high = BaseDatabaseOperations.integer_field_ranges[kind]
    return int(low), int(high)
