"""The referee's own words: the verdict on a card and the duties of a trick, in the page's
language.  The words every area shares (the engine's objections and notes, option labels, card
and suit names) are the core's (:mod:`scoresheet.sheets.words`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext_lazy as _

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


# The help of the Mariáš options the rules page says in crowns (rulings.MONEY_OPTIONS): the
# core's help says "in haléře", as a table types them on the new-sheet form.
MONEY_HELP: dict[str, Any] = {
    "payment_cap": _("the most one player pays another for one deal; 0 = no cap"),
    "stake": _(
        "the price of one hra; the whole tariff scales with it (%(amount)s = the tournament "
        "tariff)"
    ),
    "joined_cap": _(
        "the payment cap of a deal in which both defenders flek; used only at a table with a "
        "payment cap"
    ),
    "misdeal_fee": _("what a second or later misdeal costs, paid to every other player"),
    "renonc_fee": _("the flat fee of renonc kinds 1–11, paid to every other player"),
    "renonc_talon_fee": _("the flat fee of renonc 12 (an ace or ten in the talon)"),
    "tariff": _(
        "what each paying player pays at the tournament stake: hra, sedma, sto, betl, durch (in "
        "hearts the first three double)"
    ),
}


# The letters a card's rank is printed with, per deck and per page language: the letters the
# players of that language read on such cards (docs/translating.md, "Card letters").  One
# alphabet per page: a Russian page reads В Д К Т, no other page reads Cyrillic, and a Czech page
# never reads the English J, Q, A.  Ranks missing here are their numbers (7, 8, 9, 10).
_CZECH_SUITED = {  # the 32-card German-suited pack (Mariáš, Tisíc)
    "cs": {"J": "S", "Q": "Sv", "K": "K", "A": "E"},
    "de": {"J": "U", "Q": "O", "K": "K", "A": "A"},
    "pl": {"J": "N", "Q": "W", "K": "K", "A": "A"},
    "ru": {"J": "У", "Q": "О", "K": "К", "A": "Т"},
    "en": {"J": "S", "Q": "Sv", "K": "K", "A": "E"},  # English tables keep the Czech names
}
RANK_LETTERS: dict[str, dict[str, dict[str, str]]] = {
    "thousand24": {
        "cs": {"J": "Kl", "Q": "D", "K": "K", "A": "E"},
        "de": {"J": "B", "Q": "D", "K": "K", "A": "A"},
        "pl": {"J": "W", "Q": "D", "K": "K", "A": "A"},
        "ru": {"J": "В", "Q": "Д", "K": "К", "A": "Т"},
        "en": {"J": "J", "Q": "Q", "K": "K", "A": "A"},
    },
    "tisic32": _CZECH_SUITED,
    "marias32": _CZECH_SUITED,
    "binokel48": {
        "cs": {"J": "S", "Q": "Sv", "K": "K", "A": "E"},
        "de": {"J": "U", "Q": "O", "K": "K", "A": "A"},
        "pl": {"J": "N", "Q": "W", "K": "K", "A": "A"},
        "ru": {"J": "У", "Q": "О", "K": "К", "A": "Т"},
        "en": {"J": "U", "Q": "O", "K": "K", "A": "A"},  # English tables keep the German names
    },
}


def rank_letter(deck: str, rank: str, language: str | None = None) -> str:
    """The letter of a rank ("J", "Q", "K", "A", or a number) as the page's reader reads it on
    a card of ``deck``."""
    code = (language or get_language() or "en").split("-")[0]
    letters = RANK_LETTERS.get(deck, {})
    return letters.get(code, letters.get("en", {})).get(rank, rank)
