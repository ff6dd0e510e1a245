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
