"""Small builders for Thousand sheets in tests."""

from __future__ import annotations

from typing import Any

import rules

NAMES = ("Anna", "Boris", "Vera", "Gleb")


def sheet(ruleset: str = "ru", entries: list[dict[str, Any]] | None = None, *,
          players: int = 3, first_dealer: int = 0, edition: int = rules.EDITION,
          **options: Any) -> rules.Sheet:
    if players != 3:
        options["players"] = players
    return rules.Sheet(game="thousand", ruleset=ruleset, edition=edition, options=options,
                       players=NAMES[:players], first_dealer=first_dealer,
                       entries=tuple(entries or ()))


def deal(declarer: int, contract: int, points: list[int],
         marriages: list[list[str]] | None = None, *, dark: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "deal", "declarer": declarer, "contract": contract,
                           "points": points}
    if marriages is not None:
        out["marriages"] = marriages
    if dark:
        out["dark"] = True
    return out


def custom(seat: int, amount: int) -> dict[str, Any]:
    """A custom penalty row: a quick way to put a total where a test needs it."""
    return {"type": "penalty", "seat": seat, "reason": "custom", "amount": amount}


def totals(s: rules.Sheet) -> list[int]:
    return list(rules.score(s).totals)


def problem(s: rules.Sheet) -> rules.RulesError:
    found = rules.problems(s)
    assert found, "expected a problem"
    return found[0]
