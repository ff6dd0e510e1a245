"""Sheets that something built on the core keeps (a tournament's table sheets): their players'
names are the tournament's record and their closing is the scorer's signature, so the core's
own renaming and closing of an evening refuse them.

An app says which sheets it keeps through ``EntryExtension.governs``
(:mod:`scoresheet.sheets.extensions`); the one writer (:mod:`scoresheet.sheets.services`) asks
here, without knowing the app.
"""

from __future__ import annotations

from collections.abc import Callable

from scoresheet.sheets.models import Sheet

_CHECKS: list[Callable[[Sheet], bool]] = []


def add(check: Callable[[Sheet], bool]) -> None:
    _CHECKS.append(check)


def governed(sheet: Sheet) -> bool:
    """True when an app built on the core keeps this sheet's names and its closing."""
    return any(check(sheet) for check in _CHECKS)
