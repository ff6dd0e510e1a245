"""The Binokel meld calculator (docs/rules/binokel.md, "Melds").

The player taps what they show -- so many pairs, a trump family, a Binokel, four aces, a Diss
-- as a :class:`Melds` of counts; :func:`meld_points` turns it into points under the sheet's meld
values, after :func:`verify_melds` has checked that one hand of the 48-card double deck can hold
it.  :data:`MELD_INFO` describes every meld kind as data for the web form.

>>> values = dict(DEFAULT_MELD_VALUES)
>>> meld_points(Melds(trump_pair=1, binokel=1, diss=1), values, hand_size=15)
9
>>> can_meld(Melds(binokel=3), hand_size=15)
False

The deck (seed 002): four suits, in each the ranks A 10 K O U 9, every card twice (48 cards).
A hand is 15 cards (16 without a Dapp); the declarer also picks up the 3 Dapp cards, so what he
shows may use 18.

How cards may be shared (docs/rules/binokel.md "Melds"): one card may serve melds of *different*
kinds -- the Ober of spades can be in a spade pair, a Binokel and four Obers at once -- but never
two melds of the same kind.  A family (A 10 K O U of a suit) already holds that suit's pair, so
its King and Ober do not also count as a pair; a pair beside a family needs the second King and
Ober of the suit.  A Doppelbinokel (both spade Obers and both diamond Unters) replaces the two
Binokels it is made of.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum, unique
from functools import lru_cache
from typing import Any

from .errors import IllegalEntry, InvalidEntry
from .parse import get_int, only_keys

# --------------------------------------------------------------------------- the deck


@unique
class Suit(StrEnum):
    """A Binokel suit by its stored name (docs/format.md): Herz, Eckstein/Karo, Kreuz, Schippe."""

    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"


SUIT_SYMBOLS: Mapping[Suit, str] = {
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
    Suit.SPADES: "♠",
}
SUIT_NAMES: Mapping[Suit, str] = {  # what a Swabian table calls them
    Suit.HEARTS: "Herz",
    Suit.DIAMONDS: "Eckstein",
    Suit.CLUBS: "Kreuz",
    Suit.SPADES: "Schippe",
}

COPIES = 2  # every card is in the deck twice (seed 002: 48 cards, A 10 K O U 9 in four suits)
SIDE_SUITS = 3  # suits that are not trump
HAND = 15  # cards dealt to each player with a Dapp (seed 002)
HAND_NO_DAPP = 16  # ... and without one
DAPP = 3  # cards in the Dapp; the declarer picks them up before he shows his melds
BINOKEL_OBER = Suit.SPADES  # a Binokel is the Ober of spades (Schippe) ...
BINOKEL_UNTER = Suit.DIAMONDS  # ... with the Unter of diamonds (Eckstein)


# --------------------------------------------------------------------------- meld kinds


@unique
class MeldKind(StrEnum):
    """A meld a player can show; the values are the keys of the ``melds`` option."""

    PAIR = "pair"
    TRUMP_PAIR = "trump_pair"
    FAMILY = "family"
    TRUMP_FAMILY = "trump_family"
    BINOKEL = "binokel"
    DOUBLE_BINOKEL = "double_binokel"
    FOUR_ACES = "four_aces"
    FOUR_KINGS = "four_kings"
    FOUR_OBERS = "four_obers"
    FOUR_UNTERS = "four_unters"
    DISS = "diss"


@dataclass(frozen=True, kw_only=True)
class MeldInfo:
    """One meld kind as the form shows it."""

    kind: MeldKind
    name: str  # the German name players use at the table
    english: str
    cards: str  # what has to be shown
    most: int  # the most melds of this kind one hand can show
    default: int  # the seed's value at scale 1 (docs/rules/binokel.md table)


MELD_INFO: tuple[MeldInfo, ...] = (
    MeldInfo(
        kind=MeldKind.PAIR,
        name="Paar",
        english="pair",
        cards="King and Ober of a suit that is not trump",
        most=SIDE_SUITS * COPIES,
        default=2,
    ),
    MeldInfo(
        kind=MeldKind.TRUMP_PAIR,
        name="Trumpf-Paar",
        english="trump pair",
        cards="King and Ober of trumps",
        most=COPIES,
        default=4,
    ),
    MeldInfo(
        kind=MeldKind.FAMILY,
        name="Familie",
        english="family",
        cards="A, 10, K, O and U of a suit that is not trump",
        most=SIDE_SUITS * COPIES,
        default=10,
    ),
    MeldInfo(
        kind=MeldKind.TRUMP_FAMILY,
        name="Trumpf-Familie",
        english="trump family",
        cards="A, 10, K, O and U of trumps",
        most=COPIES,
        default=15,
    ),
    MeldInfo(
        kind=MeldKind.BINOKEL,
        name="Binokel",
        english="Binokel",
        cards="Ober of spades and Unter of diamonds",
        most=1,  # two of them are a Doppelbinokel
        default=4,
    ),
    MeldInfo(
        kind=MeldKind.DOUBLE_BINOKEL,
        name="Doppelbinokel",
        english="double Binokel",
        cards="both Obers of spades and both Unters of diamonds",
        most=1,
        default=30,
    ),
    MeldInfo(
        kind=MeldKind.FOUR_ACES,
        name="4 Asse",
        english="four aces",
        cards="an ace of every suit",
        most=COPIES,
        default=10,
    ),
    MeldInfo(
        kind=MeldKind.FOUR_KINGS,
        name="4 Könige",
        english="four kings",
        cards="a King of every suit",
        most=COPIES,
        default=8,
    ),
    MeldInfo(
        kind=MeldKind.FOUR_OBERS,
        name="4 Ober",
        english="four Obers",
        cards="an Ober of every suit",
        most=COPIES,
        default=6,
    ),
    MeldInfo(
        kind=MeldKind.FOUR_UNTERS,
        name="4 Unter",
        english="four Unters",
        cards="an Unter of every suit",
        most=COPIES,
        default=4,
    ),
    MeldInfo(
        kind=MeldKind.DISS,
        name="Diss",
        english="trump nine",
        cards="a nine of trumps",
        most=COPIES,
        default=1,
    ),
)
MELD_KEYS: tuple[str, ...] = tuple(m.kind.value for m in MELD_INFO)
DEFAULT_MELD_VALUES: Mapping[str, int] = {m.kind.value: m.default for m in MELD_INFO}
_MOST: Mapping[str, int] = {m.kind.value: m.most for m in MELD_INFO}


# --------------------------------------------------------------------------- what was shown


@dataclass(frozen=True, kw_only=True)
class Melds:
    """How many melds of each kind one player shows (the counts the player taps)."""

    pair: int = 0
    trump_pair: int = 0
    family: int = 0
    trump_family: int = 0
    binokel: int = 0
    double_binokel: int = 0
    four_aces: int = 0
    four_kings: int = 0
    four_obers: int = 0
    four_unters: int = 0
    diss: int = 0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidEntry(
                    f"{f.name} must be a count of 0 or more, not {value!r}",
                    code="bad_meld_count",
                    params={"kind": f.name, "count": value},
                )

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Melds:
        """Counts from a JSON object keyed by meld kind; absent kinds are 0."""
        only_keys(raw, MELD_KEYS)
        return cls(**{k: get_int(raw, k, lo=0, default=0) for k in MELD_KEYS})

    def to_json(self) -> dict[str, int]:
        return {k: v for k in MELD_KEYS if (v := self.count(k))}

    def count(self, kind: str) -> int:
        value: int = getattr(self, MeldKind(kind).value)
        return value


# --------------------------------------------------------------------------- the cards behind it

# One suit's pairs and families, (families, extra pairs): a suit has two King-Ober couples, a
# family uses one of them, so families + pairs <= 2 in a suit.
_SUIT_SEQUENCES: tuple[tuple[int, int], ...] = tuple(
    (f, p) for f in range(COPIES + 1) for p in range(COPIES + 1 - f)
)


def _suit_cards(
    suit: Suit, trump: Suit, families: int, pairs: int, melds: Melds, binokel_cards: int
) -> int:
    """Distinct cards of ``suit`` the melds need: per card, the most any one meld kind uses."""
    aces = max(families, melds.four_aces)
    tens = families
    kings = max(families + pairs, melds.four_kings)
    obers = max(families + pairs, melds.four_obers, binokel_cards if suit == BINOKEL_OBER else 0)
    unters = max(families, melds.four_unters, binokel_cards if suit == BINOKEL_UNTER else 0)
    nines = melds.diss if suit == trump else 0
    return aces + tens + kings + obers + unters + nines


def cards_needed(melds: Melds, trump: Suit) -> int:
    """The fewest distinct cards a hand needs to show ``melds`` with ``trump`` as trumps.

    The side-suit pairs and families are spread over the three other suits in the way that needs
    the fewest cards.  Counts beyond what the deck holds are reported by :func:`verify_melds`;
    here they give a number no hand reaches.
    """
    binokel_cards = melds.binokel + COPIES * melds.double_binokel
    side = [s for s in Suit if s != trump]
    trump_cards = _suit_cards(
        trump, trump, melds.trump_family, melds.trump_pair, melds, binokel_cards
    )
    best = COPIES * 6 * len(Suit)  # more than the deck's 48 cards: no spread fits
    for spread in itertools.product(_SUIT_SEQUENCES, repeat=SIDE_SUITS):
        if sum(f for f, _ in spread) != melds.family or sum(p for _, p in spread) != melds.pair:
            continue
        cards = trump_cards + sum(
            _suit_cards(s, trump, f, p, melds, binokel_cards)
            for s, (f, p) in zip(side, spread, strict=True)
        )
        best = min(best, cards)
    return best


def _reject(message: str, code: str, **params: Any) -> IllegalEntry:
    return IllegalEntry(message, code=code, params=params)


def verify_melds(
    melds: Melds,
    *,
    hand_size: int,
    trump: Suit | None = None,
    needs_trump_pair: bool = False,
) -> None:
    """Raise :class:`IllegalEntry` unless one hand of ``hand_size`` cards can show ``melds``.

    ``trump`` None: any trump suit will do.  ``needs_trump_pair``: the declarer under the option
    ``declarer_needs_trump_pair`` must show a trump pair (a trump family holds one).
    The rejections, in this order (docs/rules/binokel.md "Impossible melds"): more than two
    Binokels (the deck has two of each card), two Binokels (they are a Doppelbinokel), a Binokel
    beside a Doppelbinokel (a third Ober of spades), more of a kind than one hand can show
    (:data:`MELD_INFO` ``most``), more side-suit pairs + families than the six King-Ober couples
    outside trumps, more trump pairs + trump families than the two couples of trumps, a declarer
    without a trump pair when he needs one, and melds that need more different cards than the
    hand holds.
    """
    if melds.binokel > 2:
        raise _reject(
            f"{melds.binokel} Binokels: the deck holds only two Obers of spades "
            "and two Unters of diamonds",
            "too_many_binokels",
            count=melds.binokel,
        )
    if melds.binokel == 2:
        raise _reject(
            "two Binokels are a Doppelbinokel: tap Doppelbinokel instead",
            "two_binokels",
        )
    if melds.binokel and melds.double_binokel:
        raise _reject(
            "a Binokel beside a Doppelbinokel needs a third Ober of spades",
            "binokel_and_double",
        )
    for kind in MELD_KEYS:
        count, most = melds.count(kind), _MOST[kind]
        if count > most:
            raise _reject(
                f"{count} × {kind.replace('_', ' ')}: one hand can show at most {most}",
                "too_many_melds",
                kind=kind,
                count=count,
                most=most,
            )
    if melds.pair + melds.family > SIDE_SUITS * COPIES:
        raise _reject(
            f"{melds.pair} pairs and {melds.family} families need "
            f"{melds.pair + melds.family} King-Ober couples outside trumps; "
            f"the deck has {SIDE_SUITS * COPIES}",
            "too_many_couples",
            pairs=melds.pair,
            families=melds.family,
        )
    if melds.trump_pair + melds.trump_family > COPIES:
        raise _reject(
            f"{melds.trump_pair} trump pairs and {melds.trump_family} trump families need "
            f"{melds.trump_pair + melds.trump_family} King-Ober couples of trumps; "
            f"the deck has {COPIES}",
            "too_many_trump_couples",
            pairs=melds.trump_pair,
            families=melds.trump_family,
        )
    if needs_trump_pair and melds.trump_pair + melds.trump_family == 0:
        raise _reject(
            "at this table the declarer must show a trump pair",
            "needs_trump_pair",
        )
    suits = (trump,) if trump is not None else tuple(Suit)
    need = min(cards_needed(melds, t) for t in suits)
    if need > hand_size:
        raise _reject(
            f"these melds need at least {need} different cards; the hand holds {hand_size}",
            "hand_too_small",
            need=need,
            hand=hand_size,
        )


def can_meld(
    melds: Melds,
    *,
    hand_size: int,
    trump: Suit | None = None,
    needs_trump_pair: bool = False,
) -> bool:
    """Whether :func:`verify_melds` accepts ``melds``."""
    try:
        verify_melds(melds, hand_size=hand_size, trump=trump, needs_trump_pair=needs_trump_pair)
    except IllegalEntry:
        return False
    return True


def meld_points(
    melds: Melds,
    values: Mapping[str, int],
    *,
    hand_size: int,
    trump: Suit | None = None,
    needs_trump_pair: bool = False,
) -> int:
    """The points of ``melds`` under ``values`` (meld kind -> points as written on the sheet).

    Raises :class:`IllegalEntry` for melds one hand cannot show (:func:`verify_melds`).
    """
    verify_melds(melds, hand_size=hand_size, trump=trump, needs_trump_pair=needs_trump_pair)
    return sum(melds.count(k) * values[k] for k in MELD_KEYS)


# --------------------------------------------------------------------------- bounds for the sheet


def meld_step(values: Mapping[str, int]) -> int:
    """Every meld total is a multiple of this (the greatest common divisor of the values)."""
    step = math.gcd(*(values[k] for k in MELD_KEYS))
    return step or 1


def max_meld_points(values: Mapping[str, int], hand_size: int) -> int:
    """The most meld points one hand of ``hand_size`` cards can show under ``values``."""
    return _max_meld_points(tuple(values[k] for k in MELD_KEYS), hand_size)


@lru_cache(maxsize=64)
def _max_meld_points(value_tuple: tuple[int, ...], hand_size: int) -> int:
    v = dict(zip(MELD_KEYS, value_tuple, strict=True))
    best = 0
    # Hearts and clubs play the same part (neither holds a Binokel card), so three trumps suffice.
    for trump in (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES):
        for aces, kings, obers, unters, diss in itertools.product(range(COPIES + 1), repeat=5):
            for binokel, double in ((0, 0), (1, 0), (0, 1)):
                melds = Melds(
                    four_aces=aces,
                    four_kings=kings,
                    four_obers=obers,
                    four_unters=unters,
                    diss=diss,
                    binokel=binokel,
                    double_binokel=double,
                )
                base = sum(melds.count(k) * v[k] for k in MELD_KEYS)
                binokel_cards = binokel + COPIES * double
                # most[c] = the best pair/family points using exactly c cards over suits so far
                most: dict[int, int] = {0: 0}
                for suit in Suit:
                    is_trump = suit == trump
                    fam = v["trump_family"] if is_trump else v["family"]
                    pair = v["trump_pair"] if is_trump else v["pair"]
                    options = [
                        (
                            _suit_cards(suit, trump, f, p, melds, binokel_cards),
                            f * fam + p * pair,
                        )
                        for f, p in _SUIT_SEQUENCES
                    ]
                    nxt: dict[int, int] = {}
                    for used, pts in most.items():
                        for cards, gain in options:
                            c = used + cards
                            if c <= hand_size and nxt.get(c, -1) < pts + gain:
                                nxt[c] = pts + gain
                    most = nxt
                if most:
                    best = max(best, base + max(most.values()))
    return best
