"""Type aliases shared by the engine."""

from __future__ import annotations

from typing import Any

Seat = int
"""A column of the sheet, 0..n-1 in playing order."""

Points = int
"""Points (Thousand, Binokel) or haléře (Mariáš)."""

JSON = dict[str, Any]
"""A JSON object as loaded by :mod:`json`."""
