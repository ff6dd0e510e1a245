"""Cards, ranks, suits and decks of the three games (docs/rules/arbiter.md, "Cards").

A card is written ``RANK-suit`` (docs/format.md, "The referee on the command line"): ranks
``7 8 9 10 J Q K A`` (J = spodek/Unter/валет, Q = svršek/Ober/dáma/дама) and the suit names of
the game: ``hearts diamonds clubs spades`` for Thousand and Binokel, ``hearts bells leaves acorns``
for Mariáš.  How a deck shows its suits and ranks to players (local names, symbols, colours) is
data here, for the web to show.

>>> deck = DECKS[DeckName.MARIAS]
>>> card = parse_card("10-bells", deck)
>>> str(card), deck.face(card.suit).name, deck.face(card.suit).symbol
('10-bells', 'kule', '♦')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum, unique
from functools import cached_property
from types import MappingProxyType

from .errors import InvalidEntry


@unique
class Suit(StrEnum):
    """A suit by its stored name (docs/format.md).  Mariáš shares ``hearts`` with the French
    decks."""

    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"
    BELLS = "bells"
    LEAVES = "leaves"
    ACORNS = "acorns"


@unique
class Rank(StrEnum):
    """A rank by its stored name (docs/format.md): J is the spodek/Unter, Q the svršek/Ober/dáma."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"


# Card orders, lowest first, over every rank; a deck keeps the ranks it holds.
# The ten ranks just under the ace: Thousand (docs/rules/thousand.md#3-tisic--czech-tisíc "7 8 9 J Q
# K 10 A", seed 001),
# Mariáš suit games (docs/rules/marias.md) and Binokel (seed 002: "Ass, Zehn, König, Dame, Bube,
# Neun").
ACE_TEN_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
# The natural order of Mariáš betl and durch (docs/rules/arbiter.md: "7 8 9 10 U O K A").
NATURAL_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)


@dataclass(frozen=True, kw_only=True)
class Card:
    """One card.  Binokel holds every card twice; two equal cards are equal values here."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank.value}-{self.suit.value}"


@dataclass(frozen=True, kw_only=True)
class SuitFace:
    """How players of a deck call and see a suit."""

    suit: Suit
    name: str  # the local name players use at the table
    symbol: str  # one character a screen can always show
    colour: str  # a CSS colour word for the symbol


@dataclass(frozen=True, kw_only=True)
class RankFace:
    """How players of a deck call a rank: a short label for a card face and the full word."""

    rank: Rank
    short: str
    name: str


@unique
class DeckName(StrEnum):
    """The decks of the presets (docs/rules/thousand.md, marias.md, binokel.md)."""

    THOUSAND = "thousand24"  # ru, pl, one-thousand: 9 to A
    TISIC = "tisic32"  # tisic: 7 to A
    MARIAS = "marias32"  # marias: 7 to A, German suits
    BINOKEL = "binokel48"  # binokel: 9 to A, every card twice


@dataclass(frozen=True, kw_only=True)
class Deck:
    """A pack of cards: its suits (in the order a hand is sorted), ranks, copies and faces."""

    name: DeckName
    language: str  # the language of the local names (BCP 47)
    suits: tuple[SuitFace, ...]
    ranks: tuple[RankFace, ...]  # lowest first in the ace-ten order
    copies: int = 1  # how many times each card is in the pack (Binokel: 2)

    def __post_init__(self) -> None:
        if len({f.suit for f in self.suits}) != len(self.suits):
            raise ValueError(f"deck {self.name}: a suit appears twice")
        if len({f.rank for f in self.ranks}) != len(self.ranks):
            raise ValueError(f"deck {self.name}: a rank appears twice")
        if self.copies < 1:
            raise ValueError(f"deck {self.name}: copies must be at least 1")

    @cached_property  # asked for every card the arbiter checks: worked out once per deck
    def suit_names(self) -> tuple[Suit, ...]:
        return tuple(f.suit for f in self.suits)

    @cached_property
    def rank_names(self) -> tuple[Rank, ...]:
        return tuple(f.rank for f in self.ranks)

    @property
    def size(self) -> int:
        return len(self.suits) * len(self.ranks) * self.copies

    def face(self, suit: Suit) -> SuitFace:
        for f in self.suits:
            if f.suit == suit:
                return f
        raise KeyError(suit)

    def rank_face(self, rank: Rank) -> RankFace:
        for f in self.ranks:
            if f.rank == rank:
                return f
        raise KeyError(rank)

    def order(self, order: tuple[Rank, ...]) -> tuple[Rank, ...]:
        """``order`` restricted to the ranks of this deck, lowest first."""
        held = set(self.rank_names)
        return tuple(r for r in order if r in held)

    def cards(self) -> tuple[Card, ...]:
        """Every card of the pack, each as many times as the pack holds it."""
        return tuple(
            Card(rank=r.rank, suit=s.suit)
            for s in self.suits
            for r in self.ranks
            for _ in range(self.copies)
        )

    def label(self, card: Card) -> str:
        """A card as players read it, e.g. ``10♥`` or ``O♣``."""
        return f"{self.rank_face(card.rank).short}{self.face(card.suit).symbol}"


def _ranks(*faces: tuple[Rank, str, str]) -> tuple[RankFace, ...]:
    return tuple(RankFace(rank=r, short=s, name=n) for r, s, n in faces)


_RED, _BLACK = "red", "black"

_THOUSAND_SUITS = (
    SuitFace(suit=Suit.HEARTS, name="червы", symbol="♥", colour=_RED),
    SuitFace(suit=Suit.DIAMONDS, name="бубны", symbol="♦", colour=_RED),
    SuitFace(suit=Suit.CLUBS, name="трефы", symbol="♣", colour=_BLACK),
    SuitFace(suit=Suit.SPADES, name="пики", symbol="♠", colour=_BLACK),
)
# Seed 000: "Srdce čili červené, Kule (Káry), Listy (Piky) či zelené, Žaludy (Kříže)".
_TISIC_SUITS = (
    SuitFace(suit=Suit.HEARTS, name="srdce", symbol="♥", colour=_RED),
    SuitFace(suit=Suit.DIAMONDS, name="kule", symbol="♦", colour=_RED),
    SuitFace(suit=Suit.CLUBS, name="žaludy", symbol="♣", colour=_BLACK),
    SuitFace(suit=Suit.SPADES, name="listy", symbol="♠", colour=_BLACK),
)
# German-suited cards: the symbol is the French suit a Czech player calls by the same name
# (kule = káry, listy = piky, žaludy = kříže); the colour is the colour of the printed pip.
_MARIAS_SUITS = (
    SuitFace(suit=Suit.HEARTS, name="srdce", symbol="♥", colour=_RED),
    SuitFace(suit=Suit.BELLS, name="kule", symbol="♦", colour="darkorange"),
    SuitFace(suit=Suit.LEAVES, name="listy", symbol="♠", colour="green"),
    SuitFace(suit=Suit.ACORNS, name="žaludy", symbol="♣", colour="saddlebrown"),
)
_BINOKEL_SUITS = (
    SuitFace(suit=Suit.HEARTS, name="Herz", symbol="♥", colour=_RED),
    SuitFace(suit=Suit.DIAMONDS, name="Eckstein", symbol="♦", colour=_RED),
    SuitFace(suit=Suit.CLUBS, name="Kreuz", symbol="♣", colour=_BLACK),
    SuitFace(suit=Suit.SPADES, name="Schippe", symbol="♠", colour=_BLACK),
)

_CZECH_RANKS = (
    (Rank.SEVEN, "7", "sedma"),
    (Rank.EIGHT, "8", "osma"),
    (Rank.NINE, "9", "devítka"),
    (Rank.JACK, "Sp", "spodek"),
    (Rank.QUEEN, "Sv", "svršek"),
    (Rank.KING, "K", "král"),
    (Rank.TEN, "10", "desítka"),
    (Rank.ACE, "E", "eso"),
)

DECKS: Mapping[DeckName, Deck] = MappingProxyType(
    {
        DeckName.THOUSAND: Deck(
            name=DeckName.THOUSAND,
            language="ru",
            suits=_THOUSAND_SUITS,
            ranks=_ranks(
                (Rank.NINE, "9", "девятка"),
                (Rank.JACK, "В", "валет"),
                (Rank.QUEEN, "Д", "дама"),
                (Rank.KING, "К", "король"),
                (Rank.TEN, "10", "десятка"),
                (Rank.ACE, "Т", "туз"),
            ),
        ),
        DeckName.TISIC: Deck(
            name=DeckName.TISIC, language="cs", suits=_TISIC_SUITS, ranks=_ranks(*_CZECH_RANKS)
        ),
        DeckName.MARIAS: Deck(
            name=DeckName.MARIAS, language="cs", suits=_MARIAS_SUITS, ranks=_ranks(*_CZECH_RANKS)
        ),
        DeckName.BINOKEL: Deck(
            name=DeckName.BINOKEL,
            language="de",
            suits=_BINOKEL_SUITS,
            ranks=_ranks(
                (Rank.NINE, "9", "Neun"),
                (Rank.JACK, "U", "Unter"),
                (Rank.QUEEN, "O", "Ober"),
                (Rank.KING, "K", "König"),
                (Rank.TEN, "10", "Zehn"),
                (Rank.ACE, "A", "Ass"),
            ),
            copies=2,  # docs/rules/binokel.md: 48 cards, every card twice
        ),
    }
)

GAME_SUITS: Mapping[str, tuple[Suit, ...]] = MappingProxyType(
    {
        "thousand": DECKS[DeckName.THOUSAND].suit_names,
        "marias": DECKS[DeckName.MARIAS].suit_names,
        "binokel": DECKS[DeckName.BINOKEL].suit_names,
    }
)
"""The suit names each game's entries use (docs/format.md)."""

_RANK_SPELLINGS: Mapping[str, Rank] = MappingProxyType({r.value.casefold(): r for r in Rank})


def _bad_card(field: str, text: object, why: str, rule: str) -> InvalidEntry:
    """``rule`` names what is wrong (not_card, rank, suit, deck) for the web's translations."""
    return InvalidEntry(
        f"{field}: {text!r} {why}",
        code="bad_card",
        params={"field": field, "card": text, "why": why, "rule": rule},
    )


def parse_card(text: object, deck: Deck, *, field: str = "card") -> Card:
    """Read ``RANK-suit`` (e.g. ``10-hearts``, ``Q-acorns``) as a card of ``deck``.

    Letters may be in either case.  Raises :class:`InvalidEntry` naming ``field`` when the text
    is not a card of this deck.

    >>> parse_card("q-Hearts", DECKS[DeckName.THOUSAND])
    Card(rank=<Rank.QUEEN: 'Q'>, suit=<Suit.HEARTS: 'hearts'>)
    >>> parse_card("7-hearts", DECKS[DeckName.THOUSAND], field="hand")
    Traceback (most recent call last):
    ...
    rules.errors.InvalidEntry: sheet: hand: '7-hearts' is not in this deck (ranks 9 10 J Q K A)
    """
    ranks = " ".join(r.value for r in deck.order(NATURAL_ORDER))
    suits = " ".join(deck.suit_names)
    if not isinstance(text, str):
        raise _bad_card(field, text, "is not a card: write RANK-suit, e.g. 10-hearts", "not_card")
    rank_text, dash, suit_text = text.strip().partition("-")
    if not dash:
        raise _bad_card(field, text, "is not a card: write RANK-suit, e.g. 10-hearts", "not_card")
    rank = _RANK_SPELLINGS.get(rank_text.strip().casefold())
    if rank is None:
        raise _bad_card(field, text, f"has no rank: ranks are {ranks}", "rank")
    suit_key = suit_text.strip().casefold()
    suit = next((s for s in deck.suit_names if s.value == suit_key), None)
    if suit is None:
        raise _bad_card(field, text, f"has no suit of this game: suits are {suits}", "suit")
    if rank not in deck.rank_names:
        raise _bad_card(field, text, f"is not in this deck (ranks {ranks})", "deck")
    return Card(rank=rank, suit=suit)


def parse_suit(text: object, deck: Deck, *, field: str = "trump") -> Suit:
    """Read a suit name of ``deck``; raises :class:`InvalidEntry` naming ``field``."""
    if isinstance(text, str):
        for suit in deck.suit_names:
            if suit.value == text.strip().casefold():
                return suit
    raise InvalidEntry(
        f"{field}: {text!r} is not a suit of this game: suits are {' '.join(deck.suit_names)}",
        code="bad_suit",
        params={"field": field, "suit": text},
    )
