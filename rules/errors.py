"""The engine's small exception tree.

Every error carries a player-readable English ``message``, a stable ``code`` (so the web layer
can translate it) and the ``params`` that were put into the message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class RulesError(ValueError):
    """Something about a sheet or an entry is not acceptable."""

    def __init__(
        self,
        message: str,
        *,
        code: str = "error",
        params: Mapping[str, Any] | None = None,
        entry: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.params: dict[str, Any] = dict(params or {})
        self.entry = entry

    def at(self, entry: int) -> RulesError:
        """The same error, located at entry ``entry`` of a sheet."""
        self.entry = entry
        return self

    def __str__(self) -> str:
        where = "sheet" if self.entry is None else f"entry {self.entry}"
        return f"{where}: {self.message}"


class OptionConflict(ValueError):
    """Options that do not go together, found by a preset's ``__post_init__``.

    :func:`rules.options.with_overrides` turns it into an :class:`InvalidSheet` with the same
    ``code`` and ``params``.
    """

    def __init__(self, message: str, *, code: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})


class InvalidSheet(RulesError):
    """The sheet document itself is malformed (format, game, ruleset, options, players)."""


class InvalidEntry(RulesError):
    """An entry is malformed: a missing field, a wrong type, an unknown value."""


class IllegalEntry(RulesError):
    """An entry is well formed but breaks a rule of the game."""
