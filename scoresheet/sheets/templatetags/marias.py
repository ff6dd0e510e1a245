"""Template tags for money games and the Mariáš ledger (``{% load marias %}``).

``amount`` writes a number as the game's sheet does (Kč for Mariáš, plain points otherwise), so
the shared templates can use it for every game.  ``marias_ledger`` shows a row's itemised ledger
(engine :class:`rules.Payment` lines: who pays whom, for which component, at which flek level)
as a ``<details>`` that opens on tap without JavaScript.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules import marias as engine
from scoresheet.sheets.gameforms.marias import flek_word
from scoresheet.sheets.paper import format_amount, format_number, paper_of

register = template.Library()

# What each ledger line pays for (engine.Line values), in the table's words.
WHAT_LABELS: dict[str, Any] = {
    engine.Line.HRA: gettext_lazy("hra"),
    engine.Line.STO: gettext_lazy("sto (the hundred)"),
    engine.Line.SEDMA: gettext_lazy("sedma (the seven)"),
    engine.Line.SILENT_SEVEN: gettext_lazy("silent seven"),
    engine.Line.SILENT_HUNDRED: gettext_lazy("hra with a silent hundred"),
    engine.Line.BETL: gettext_lazy("betl"),
    engine.Line.DURCH: gettext_lazy("durch"),
    engine.Line.CAP: gettext_lazy("over the payment cap, handed back"),
    engine.Line.RENONC_FEE: gettext_lazy("renonc fee"),
    engine.Line.MISDEAL_FEE: gettext_lazy("misdeal fee"),
}


@register.filter
def amount(value: Any, game: str) -> str:
    """A delta or a total as the game's sheet writes it: "12.40 Kč" (localized), or "120"."""
    if not isinstance(value, int):
        return str(value)
    return format_amount(value, paper_of(game))


@register.filter
def signed_amount(value: Any, game: str) -> str:
    """Like ``amount`` with a "+" before a gain."""
    text = amount(value, game)
    return f"+{text}" if isinstance(value, int) and value > 0 else text


@register.filter
def cell_amount(value: Any, game: str) -> str:
    """A sheet cell without its unit: "12.40" (crowns, localized) for Mariáš, "120" otherwise."""
    if not isinstance(value, int):
        return str(value)
    return format_number(value, paper_of(game))


@register.filter
def signed_cell_amount(value: Any, game: str) -> str:
    """Like ``cell_amount`` with a "+" before a gain."""
    if not isinstance(value, int):
        return str(value)
    return format_number(value, paper_of(game), sign=True)


@register.filter
def unit(game: str) -> str:
    """The unit of a game's sheet: "Kč" for a money game, "" for points."""
    return _("Kč") if paper_of(game).money else ""


# The same when hearts are trumps: the game as the table calls it (seed 004's tariff lines).
RED_WHAT_LABELS: dict[str, Any] = {
    engine.Line.HRA: gettext_lazy("hra červená"),
    engine.Line.STO: gettext_lazy("sto červených"),
    engine.Line.SEDMA: gettext_lazy("sedma červená"),
    engine.Line.SILENT_SEVEN: gettext_lazy("tichá sedma červená"),
}


@register.filter
def ledger_what(what: str, red: bool = False) -> str:
    """The words for a ledger line's ``what`` (the red game's name when hearts are trumps); a
    cancelled line (``void:...``) says so."""
    labels = {**WHAT_LABELS, **RED_WHAT_LABELS} if red else WHAT_LABELS
    if what.startswith(engine.VOID):
        inner = what.removeprefix(engine.VOID)
        return _("cancelled: %(what)s") % {"what": labels.get(inner, inner)}
    return str(labels.get(what, what.replace("_", " ")))


@register.filter
def flek_label(level: int) -> str:
    """A flek level with its factor: "re ×4"; "" for no flek."""
    if not level:
        return ""
    return f"{flek_word(level)} ×{engine.flek_factor(level)}"


@dataclass(frozen=True, kw_only=True)
class LedgerLine:
    payer: str
    payee: str
    amount: str
    what: str
    level: str
    void: bool
    doubling: str = ""  # "0.80 × 2 = 1.60": the unfleked price times the flek factor


def ledger_lines(payments: Sequence[Any], players: Sequence[str], game: str,
                 red: bool = False) -> list[LedgerLine]:
    """The engine's payment lines with names and money in words."""
    paper = paper_of(game)
    out = []
    for p in payments:
        factor = engine.flek_factor(p.level)
        doubling = ""
        if p.level and p.amount % factor == 0:
            doubling = f"{format_number(p.amount // factor, paper)} × {factor} = " + format_number(
                p.amount, paper)
        out.append(LedgerLine(
            payer=players[p.payer],
            payee=players[p.payee],
            amount=format_amount(p.amount, paper),
            what=ledger_what(p.what, red),
            level=flek_label(p.level),
            void=p.what.startswith(engine.VOID),
            doubling=doubling,
        ))
    return out


def ledger_sums(payments: Sequence[Any], game: str, red: bool = False) -> list[str]:
    """How a component adds up over the players who pay it (or whom it is paid to): the price,
    the flek factor and the number of players, "hra červená: 0.40 × 2 × 3 = 2.40 Kč"."""
    paper = paper_of(game)
    groups: dict[tuple[str, int, int, str, int], int] = {}
    for p in payments:
        if p.what.startswith(engine.VOID) or p.what not in WHAT_LABELS:
            continue
        for side, seat in (("to", p.payee), ("from", p.payer)):
            key = (p.what, p.level, p.amount, side, seat)
            groups[key] = groups.get(key, 0) + 1
    out = []
    seen: set[tuple[str, int]] = set()
    for (what, level, amount, _side, _seat), count in groups.items():
        if count < 2 or (what, level) in seen:
            continue
        seen.add((what, level))
        factor = engine.flek_factor(level)
        parts = [format_number(amount // factor if amount % factor == 0 else amount, paper)]
        if level and amount % factor == 0:
            parts.append(str(factor))
        parts.append(str(count))
        out.append(_("%(what)s: %(sum)s = %(total)s") % {
            "what": ledger_what(what, red), "sum": " × ".join(parts),
            "total": format_amount(amount * count, paper)})
    return out


@register.inclusion_tag("sheets/marias/_ledger.html")
def marias_ledger(row: Any, players: Sequence[str], game: str = "marias",
                  opened: bool = False) -> dict[str, Any]:
    """A row's ledger: the contract (or the row kind) opens the list of payments, with the
    arithmetic of the doubling (flek factor, the number of players who pay)."""
    payments = getattr(row, "ledger", ())
    red = "♥" in str(getattr(row, "contract", "") or "")
    return {
        "row": row,
        "lines": ledger_lines(payments, players, game, red),
        "sums": ledger_sums(payments, game, red),
        "opened": opened,
    }
