"""Words the pages show for the engine's stable codes: marks, presets, games, objections.

The engine speaks English and gives every message a stable ``code`` with its ``params``; here the
codes the pages show get translatable texts.  A code without an entry falls back to the engine's
English message, so a new game works before its words are added here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

# The short badge and its explanation for each mark of RULES.md / FORMAT.md.
MARKS: dict[str, tuple[Any, Any]] = {
    "made": (_("made"), _("the declarer made the contract")),
    "failed": (_("failed"), _("the declarer failed the contract")),
    "bolt": (_("bolt"), _("a deal without a single point")),
    "barrel": (_("barrel"), _("on the barrel")),
    "dark": (_("dark"), _("played dark (blind): counts double")),
    "conceded": (_("gave up"), _("the declarer gave up after seeing the talon")),
    "reset_555": (_("555"), _("landed on 555: back to 0")),
    "penalty": (_("penalty"), _("a penalty")),
    "bomb": (_("bomb"), _("a bomb: the deal was abandoned")),
    "warning": (_("!"), _("played over 120 without declaring a marriage")),
    "fleked": (_("flek"), _("fleked")),
}

GAMES: dict[str, Any] = {
    "thousand": _("Thousand"),
    "marias": _("Mariáš"),
    "binokel": _("Binokel"),
}

PRESETS: dict[str, Any] = {
    "ru": _("Тысяча — Russian, with barrel, bolts and 555"),
    "tisic": _("Tisíc — Czech, 32 cards, obligation"),
    "pl": _("Tysiąc — Polish, barrel at 800, bombs"),
    "one-thousand": _("One Thousand — 24 cards, blind bidding"),
    "marias": _("Volený mariáš — money, fleks"),
    "binokel": _("Binokel — three players with a Dapp"),
}

# Objections of the engine, by code.  ``%(name)s`` takes the error's params.
ERRORS: dict[str, Any] = {
    "finished": _("The game is already over: nothing can be added after the winning row."),
    "points_sum": _("Card points add up to %(sum)s, a deal has %(total)s."),
    "player_twice": _("Two players have the same name."),
    "unknown_field": _("This entry has a field the game does not know: %(field)s."),
}


# The end of a game, by the outcome's code.
OUTCOMES: dict[str, Any] = {
    "declarer_reached": _("reached %(target)s as declarer"),
    "reached": _("reached %(target)s"),
    "highest": _("highest total over %(target)s"),
}


def rejection_text(error: Any) -> str:
    """A refused write's objection (a :class:`scoresheet.services.Rejected`), in the player's
    words; when it is about a later row than the one written, the text says which."""
    text = engine_message(error.code, error.params, error.message)
    if error.elsewhere and error.entry is not None:
        return str(_("Row %(number)s would no longer be right: %(text)s")) % {
            "number": error.entry + 1,
            "text": text,
        }
    return text


def outcome_reason(code: str, params: Mapping[str, Any], reason: str) -> str:
    """Why the game ended, translated when the code is known; the engine's words otherwise."""
    template = OUTCOMES.get(code)
    if template is None:
        return reason
    try:
        return str(template) % dict(params)
    except (KeyError, TypeError, ValueError):
        return reason


def mark_label(mark: str) -> tuple[str, str]:
    """The badge text and its explanation for a mark code."""
    short, long = MARKS.get(mark, (mark.replace("_", " "), mark.replace("_", " ")))
    return str(short), str(long)


def game_label(game: str) -> str:
    return str(GAMES.get(game, game.capitalize()))


def preset_label(ruleset: str) -> str:
    return str(PRESETS.get(ruleset, ruleset))


def engine_message(code: str, params: Mapping[str, Any], message: str) -> str:
    """A translated text for an engine objection; the engine's English when there is none."""
    template = ERRORS.get(code)
    if template is None:
        return message[:1].upper() + message[1:]
    try:
        return str(template) % dict(params)
    except (KeyError, TypeError, ValueError):
        return message[:1].upper() + message[1:]
