"""What the paper sheet of each game shows beyond points: money, the scorer's signature.

Every export (print, PDF, CSV, chart, statistics) reads a sheet through the engine's replay and
asks this table how to write its numbers.  A game is looked up by name; a game not listed writes
plain points, so a new game works in every export before it is added here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _

import rules
from rules import marias

HALER_PER_CROWN = 100  # docs/format.md: amounts of Mariáš are haléře, 1 Kč = 100 h
FLAGGED = "flagged"  # the mark of a deal worth >= 50 premium points (docs/rules/ section 2)
MADE_MARKS = frozenset({"made", "won"})  # the declarer made it (Thousand, Binokel; Mariáš)
FAILED_MARKS = frozenset({"failed", "lost", "conceded"})  # ... failed or gave it up
NUMBER = re.compile(r"-?\d+")


@dataclass(frozen=True, kw_only=True)
class Result:
    """One line of a game's final table (Mariáš: money, whole crowns, premium points)."""

    seat: int
    money: int  # haléře, exact
    crowns: int  # rounded to whole crowns
    premium: int  # premium points
    total: int  # crowns + premium points


@dataclass(frozen=True, kw_only=True)
class Transfer:
    """One payment of settling up at the end: ``payer`` gives ``payee`` ``amount`` haléře."""

    payer: int
    payee: int
    amount: int


def _marias_results(document: rules.Sheet, scored: rules.Scored) -> list[Result]:
    return [
        Result(seat=r.seat, money=r.money, crowns=r.crowns, premium=r.premium, total=r.total)
        for r in marias.final_result(scored, document.rules)
    ]


def _marias_settle(totals: Sequence[int]) -> list[Transfer]:
    return [
        Transfer(payer=t.payer, payee=t.payee, amount=t.amount)
        for t in marias.settle_up(totals)
    ]


@dataclass(frozen=True, kw_only=True)
class Paper:
    """How one game's sheet is written on paper."""

    money: bool = False  # totals are haléře and written as crowns (Mariáš)
    signed: bool = False  # the scorer writes his name and signs the table sheet (seed 004 II.1)
    results: Callable[[rules.Sheet, rules.Scored], list[Result]] | None = None
    settle: Callable[[Sequence[int]], list[Transfer]] | None = None


PAPERS: dict[str, Paper] = {
    "marias": Paper(money=True, signed=True, results=_marias_results, settle=_marias_settle),
}


PLAIN = Paper()  # a game written in plain points (one instance: paper_of runs per cell)


def paper_of(game: str) -> Paper:
    return PAPERS.get(game, PLAIN)


def crowns(haler: int) -> Decimal:
    """Haléře as an exact amount of crowns."""
    return Decimal(haler) / HALER_PER_CROWN


def format_money(haler: int) -> str:
    """Haléře written as crowns in the active language, e.g. "-1,20 Kč" in Czech."""
    return _("%(amount)s Kč") % {
        "amount": number_format(crowns(haler), decimal_pos=2, use_l10n=True)
    }


def format_amount(value: int, paper: Paper) -> str:
    """A delta or a total as the sheet writes it: points, or money for a money game."""
    return format_money(value) if paper.money else str(value)


def format_number(value: int, paper: Paper, *, sign: bool = False) -> str:
    """A sheet cell without its unit: "120", "+15"; money as "-1.20" (crowns, localized)."""
    text = number_format(crowns(value), decimal_pos=2, use_l10n=True) if paper.money else str(
        value
    )
    return f"+{text}" if sign and value > 0 else text


def contract_number(contract: str) -> int | None:
    """The number the contract column shows ("120", "150 dark"), None for "betl" and the like."""
    found = NUMBER.search(contract)
    return int(found.group()) if found else None


def winner_of(scored: rules.Scored, paper: Paper) -> int | None:
    """The winner: the engine's outcome; for a money game (no outcome), the single richest seat.

    A money game has no end by points: the evening is won by the one seat that ends with the
    most money, if it ended in plus and nobody else has as much.
    """
    if scored.outcome is not None:
        return scored.outcome.winner
    if not paper.money or not scored.rows:
        return None
    best = max(scored.totals)
    leaders = [s for s, t in enumerate(scored.totals) if t == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def target_of(options: object) -> int | None:
    """The total that wins the game, in the sheet's own units, when the ruleset has one.

    A ruleset that writes points in a scale gives it as ``goal`` (Binokel: target x scale);
    otherwise ``target`` is already in the sheet's units (Thousand).  Mariáš has none.
    """
    for name in ("goal", "target"):
        value = getattr(options, name, None)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return None


def barrel_of(options: object) -> int | None:
    """The barrel's total when the ruleset plays one (``barrel_at`` > 0)."""
    value = getattr(options, "barrel_at", 0)
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    return None
