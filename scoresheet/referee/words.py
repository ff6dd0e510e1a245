"""The referee's own words: the verdict on a card and the duties of a trick, in the page's
language.  The words every area shares (the engine's objections and notes, option labels, card
and suit names) are the core's (:mod:`scoresheet.sheets.words`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from scoresheet.sheets.words import card_word

LEGAL: dict[str, Any] = {
    "plain": _("%(card)s may be played"),
    "marriage": _("%(card)s may be played and declares the %(suit_name)s marriage"),
    "trump": _(
        "%(card)s may be played and declares the %(suit_name)s marriage: %(suit_name)s are "
        "trumps from now on"
    ),
}
OBLIGATIONS: dict[tuple[str, ...], Any] = {
    (): _("Any card may be played."),
    ("follow",): _("You must follow suit; otherwise any card."),
    ("follow", "beat"): _(
        "You must follow suit; beat the highest card of the led suit when able; otherwise any "
        "card."
    ),
    ("follow", "trump"): _(
        "You must follow suit; with no card of the led suit, trump; otherwise any card."
    ),
    ("follow", "trump", "overtrump"): _(
        "You must follow suit; with no card of the led suit, trump and overtrump when able; "
        "otherwise any card."
    ),
    ("follow", "beat", "trump"): _(
        "You must follow suit; beat the highest card of the led suit when able; with no card of "
        "the led suit, trump; otherwise any card."
    ),
    ("follow", "beat", "trump", "overtrump"): _(
        "You must follow suit; beat the highest card of the led suit when able; with no card of "
        "the led suit, trump and overtrump when able; otherwise any card."
    ),
}


def card_name(deck: str, rank: str, suit: str) -> str:
    """A card's full name: "туз червы", "eso srdce", in the page's language."""
    return pgettext("a card: its rank, then its suit", "%(rank)s %(suit)s") % {
        "rank": card_word(deck, rank), "suit": card_word(deck, suit)}
