"""The trick arbiter: was that card legal, and which cards may be played (docs/rules/arbiter.md).

The arbiter judges one card played to a trick from what a player can tell the table: the
ruleset, the trump (if any), the cards already in the trick in order, the player's hand and the
card.  It answers *legal*, or which obligation the card breaks, with the rule in the project's
words (docs/rules/arbiter.md).  It keeps no state: each question carries what it needs.

The obligations of a preset are data: the options ``must_follow``, ``must_beat``,
``must_trump``, ``must_overtrump`` and ``beat_when_trumped`` of a :class:`TrickRules`, which a
table may override.

>>> rules = trick_rules("tisic")
>>> turn = Turn(rules=rules, trump=Suit.HEARTS,
...             trick=(read_card("A-spades"), read_card("10-spades")),
...             hand=(read_card("K-spades"), read_card("9-hearts"), read_card("Q-clubs")))
>>> can_play(turn, read_card("9-hearts"))
False
>>> [str(c) for c in legal_cards(turn)]
['K-spades']
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from types import MappingProxyType
from typing import Any

from . import options as opts
from .aliases import JSON
from .cards import (
    ACE_TEN_ORDER,
    DECKS,
    NATURAL_ORDER,
    Card,
    Deck,
    DeckName,
    Rank,
    Suit,
    parse_card,
    parse_suit,
)
from .errors import IllegalEntry, InvalidEntry, InvalidSheet
from .parse import get_bool, get_int

PLAYERS_IN_TRICK = 3  # every preset plays tricks of three (a fourth player sits the deal out)
DOCS = "docs/rules/arbiter.md"


# --------------------------------------------------------------------------- vocabulary


@unique
class Broken(StrEnum):
    """Which rule an illegal play breaks (docs/format.md, ``broken``).  Values are stable."""

    FOLLOW_SUIT = "follow_suit"
    BEAT = "beat"
    TRUMP = "trump"
    OVERTRUMP = "overtrump"
    MARRIAGE_NOT_LEADING = "marriage_not_leading"
    MARRIAGE_TOO_EARLY = "marriage_too_early"
    MARRIAGE_INCOMPLETE = "marriage_incomplete"
    SEVEN_TOO_EARLY = "seven_too_early"
    NOT_IN_HAND = "not_in_hand"


@unique
class ContractName(StrEnum):
    """What kind of deal is played (the question's ``contract``; Mariáš: docs/rules/marias.md)."""

    SUIT = "suit"  # a game with (possibly changing) trumps
    BETL = "betl"  # Mariáš: the declarer takes no trick, no trumps
    DURCH = "durch"  # Mariáš: the declarer takes every trick, no trumps


@unique
class TrumpRule(StrEnum):
    """Where the trump of a deal comes from."""

    # Thousand: no trump until a marriage is declared (docs/rules/thousand.md)
    BY_MARRIAGE = "by_marriage"
    NAMED = "named"  # named before the first trick (Mariáš suit games, Binokel)
    NONE = "none"  # Mariáš betl and durch have no trumps (docs/rules/arbiter.md)


@unique
class MarriageRule(StrEnum):
    """How a marriage (K+Q of one suit) is declared during play."""

    NONE = "none"  # no declaration with a card (Binokel melds before play; betl, durch)
    LEADING = "leading"  # Thousand: by leading its K or Q, which makes that suit trump
    ANY_PLAY = "any_play"  # Mariáš: announced with the first of the pair played, led or not


@dataclass(frozen=True, kw_only=True)
class Contract:
    """What a kind of deal changes in trick play: trumps, card order, marriages, the seven."""

    name: ContractName
    trump: TrumpRule
    order: tuple[Rank, ...]  # lowest first; the deck keeps the ranks it holds
    marriage: MarriageRule
    seven: bool  # an announced seven is kept for the last trick (seed 004, art. II.13)


@dataclass(frozen=True, kw_only=True)
class TrickRules:
    """The trick obligations of a ruleset (docs/rules/arbiter.md) and the traits of its play.

    The ``must_*`` fields and ``beat_when_trumped`` are options a table may override; the others
    are fixed traits.
    """

    must_follow: bool = opts.option(help=opts.OBLIGATION_HELP["must_follow"])
    must_beat: bool = opts.option(help=opts.OBLIGATION_HELP["must_beat"])
    must_trump: bool = opts.option(help=opts.OBLIGATION_HELP["must_trump"])
    must_overtrump: bool = opts.option(help=opts.OBLIGATION_HELP["must_overtrump"])
    beat_when_trumped: bool = opts.option(help=opts.OBLIGATION_HELP["beat_when_trumped"])
    game: str
    deck: Deck
    contracts: tuple[Contract, ...]  # the first one is meant when a question names none
    marriage_after_first_trick: bool  # no declaration before the first trick is complete
    tricks: int  # tricks in a deal = cards in a hand when play starts (the most, if it varies)

    def __post_init__(self) -> None:
        if self.must_beat and not self.must_follow:
            raise ValueError("must_beat needs must_follow: only a player who follows suit beats")
        if self.must_trump and not self.must_follow:
            raise ValueError("must_trump needs must_follow: trumping is what a void player does")
        if self.must_overtrump and not self.must_trump:
            raise ValueError("must_overtrump needs must_trump: only a player who trumps overtrumps")
        if self.beat_when_trumped and not self.must_beat:
            raise ValueError("beat_when_trumped needs must_beat: it extends the duty to beat")
        if not self.contracts:
            raise ValueError("a ruleset plays at least one contract")
        if len({c.name for c in self.contracts}) != len(self.contracts):
            raise ValueError("a contract appears twice")
        if self.tricks < 1:
            raise ValueError("a deal has at least one trick")

    def contract(self, name: str | None = None) -> Contract:
        """The contract called ``name`` (the first one for ``None``); InvalidEntry if unknown."""
        if name is None:
            return self.contracts[0]
        for c in self.contracts:
            if c.name.value == name:
                return c
        known = ", ".join(c.name for c in self.contracts)
        raise InvalidEntry(
            f"contract: {name!r} is not played in this game (known: {known})",
            code="bad_contract",
            params={"field": "contract", "contract": name, "known": known},
        )


# --------------------------------------------------------------------------- the presets

# Thousand: the trump comes from declared marriages, declared by leading (docs/rules/thousand.md).
THOUSAND_PLAY = Contract(
    name=ContractName.SUIT,
    trump=TrumpRule.BY_MARRIAGE,
    order=ACE_TEN_ORDER,  # docs/rules/thousand.md#3-tisic--czech-tisíc: 7 8 9 J Q K 10 A
    marriage=MarriageRule.LEADING,
    seven=False,
)
# Mariáš: suit games with a named trump, marriages announced with a card, the seven
# (docs/rules/marias.md, seed 004 art. II.13); betl and durch without trumps in the natural order
# (docs/rules/arbiter.md).
MARIAS_SUIT = Contract(
    name=ContractName.SUIT,
    trump=TrumpRule.NAMED,
    order=ACE_TEN_ORDER,
    marriage=MarriageRule.ANY_PLAY,
    seven=True,
)
MARIAS_BETL = Contract(
    name=ContractName.BETL,
    trump=TrumpRule.NONE,
    order=NATURAL_ORDER,  # docs/rules/arbiter.md: 7 8 9 10 U O K A
    marriage=MarriageRule.NONE,
    seven=False,
)
MARIAS_DURCH = dataclasses.replace(MARIAS_BETL, name=ContractName.DURCH)
# Binokel: the declarer names trump before play, melds are shown before play
# (docs/rules/binokel.md).
BINOKEL_PLAY = Contract(
    name=ContractName.SUIT,
    trump=TrumpRule.NAMED,
    order=ACE_TEN_ORDER,  # seed 002: A 10 K O U 9
    marriage=MarriageRule.NONE,
    seven=False,
)

# Tricks per deal (docs/rules/thousand.md, marias.md, binokel.md): ru and pl 8 (24 cards, 7 each
# + 3, the declarer hands one card to each defender, seed 001 "8 взяток"); one-thousand 7; tisic
# and marias 10 (32 cards, 10 each + 2); binokel 16 without the Dapp, 15 with it.
TRICKS_RU = 8
TRICKS_ONE_THOUSAND = 7
TRICKS_32_CARDS = 10
TRICKS_BINOKEL_MOST = 16

_RU_LIKE = TrickRules(
    game="thousand",
    must_follow=True,
    must_beat=False,  # seed 001: "Перебивать не обязательно"
    must_trump=True,  # seed 001: "если нет масти, обязателен снос козыря"
    must_overtrump=False,
    beat_when_trumped=False,
    deck=DECKS[DeckName.THOUSAND],
    contracts=(THOUSAND_PLAY,),
    marriage_after_first_trick=False,
    tricks=TRICKS_RU,
)

TRICK_RULES: Mapping[str, TrickRules] = MappingProxyType(
    {
        "ru": _RU_LIKE,
        "tisic": TrickRules(
            game="thousand",
            must_follow=True,
            # docs/rules/thousand.md#3-tisic--czech-tisíc, seed 000: "musí jít nutně přes"
            must_beat=True,
            must_trump=True,
            must_overtrump=True,
            beat_when_trumped=False,  # docs/rules/arbiter.md: false in every preset
            deck=DECKS[DeckName.TISIC],
            contracts=(THOUSAND_PLAY,),
            marriage_after_first_trick=True,  # docs/rules/thousand.md#3-tisic--czech-tisíc
            tricks=TRICKS_32_CARDS,
        ),
        "pl": _RU_LIKE,
        "one-thousand": dataclasses.replace(
            _RU_LIKE,
            must_trump=False,  # seed 003: "if they don't have one, they can play any card"
            tricks=TRICKS_ONE_THOUSAND,
        ),
        "marias": TrickRules(
            game="marias",
            must_follow=True,
            must_beat=True,
            must_trump=True,
            must_overtrump=True,
            beat_when_trumped=False,  # docs/rules/arbiter.md: false in every preset
            deck=DECKS[DeckName.MARIAS],
            contracts=(MARIAS_SUIT, MARIAS_BETL, MARIAS_DURCH),
            marriage_after_first_trick=False,
            tricks=TRICKS_32_CARDS,
        ),
        "binokel": TrickRules(
            game="binokel",
            must_follow=True,
            must_beat=True,  # seed 002: Stichzwang
            must_trump=True,
            must_overtrump=True,
            beat_when_trumped=False,  # docs/rules/arbiter.md: false in every preset
            deck=DECKS[DeckName.BINOKEL],
            contracts=(BINOKEL_PLAY,),
            marriage_after_first_trick=False,
            tricks=TRICKS_BINOKEL_MOST,
        ),
    }
)
"""Ruleset name -> its trick rules, from the obligations table of docs/rules/arbiter.md."""

OBLIGATIONS = opts.OBLIGATIONS


def _sheet_preset(ruleset: str, edition: int | None = None) -> Any | None:
    """The score sheet's preset of ``ruleset`` (as of ``edition``; the latest when None), or
    None when no game registers it."""
    from .engine import EDITION, preset

    try:
        return preset(ruleset, EDITION if edition is None else edition)
    except InvalidSheet:
        return None


def trick_rules(
    ruleset: str, overrides: Mapping[str, Any] | None = None, *, edition: int | None = None
) -> TrickRules:
    """The trick rules of ``ruleset`` with the table's overrides of the ``must_*`` options.

    The ``must_*`` options are options of the ruleset's score sheet (docs/rules/arbiter.md): a
    sheet's own value, from ``overrides`` (the sheet's options, of its rules ``edition``), is what
    its referee judges by.  Other option names are accepted only when they are options of the
    ruleset's score sheet; they are checked and have no bearing on a trick.
    Raises :class:`InvalidEntry` naming ``ruleset`` or ``options``.

    >>> trick_rules("ru", {"must_beat": True}).must_beat
    True
    >>> trick_rules("ru", {"must_bet": True})
    Traceback (most recent call last):
    ...
    rules.errors.InvalidEntry: sheet: options: unknown option 'must_bet'
    """
    base = TRICK_RULES.get(ruleset) if isinstance(ruleset, str) else None
    if base is None:
        known = ", ".join(TRICK_RULES)
        raise InvalidEntry(
            f"ruleset: unknown ruleset {ruleset!r} (known: {known})",
            code="unknown_ruleset",
            params={"field": "ruleset", "ruleset": ruleset},
        )
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, Mapping):
        raise InvalidEntry(
            "options: must be an object of option names and values",
            code="bad_options",
            params={"field": "options"},
        )
    try:
        sheet_preset = _sheet_preset(ruleset, edition)
        if sheet_preset is None:
            ours = {k: v for k, v in overrides.items() if k in OBLIGATIONS}
            others = [k for k in overrides if k not in OBLIGATIONS]
            if others:
                raise InvalidSheet(f"unknown option {others[0]!r}", code="unknown_option",
                                   params={"option": others[0]})
            return opts.with_overrides(base, ours)
        sheet_rules = opts.with_overrides(sheet_preset, overrides)
        return dataclasses.replace(
            base, **{name: getattr(sheet_rules, name) for name in OBLIGATIONS})
    except InvalidSheet as exc:
        raise InvalidEntry(
            f"options: {exc.message}", code=exc.code, params={"field": "options", **exc.params}
        ) from None
    except ValueError as exc:  # the trick rules' own check (TrickRules.__post_init__)
        raise InvalidEntry(f"options: {exc}", code="bad_options",
                           params={"field": "options"}) from None


# --------------------------------------------------------------------------- the rules' words


@dataclass(frozen=True, kw_only=True)
class Rule:
    """One rule of trick play as the arbiter cites it."""

    broken: Broken
    text: str
    ref: str  # where docs/rules/arbiter.md explains it


def _rule(broken: Broken, anchor: str, text: str) -> Rule:
    return Rule(broken=broken, text=text, ref=f"{DOCS}#{anchor}")


RULES: Mapping[Broken, Rule] = MappingProxyType(
    {
        r.broken: r
        for r in (
            _rule(
                Broken.FOLLOW_SUIT,
                "follow-suit",
                "Follow suit: if you hold a card of the suit that was led, you must play one.",
            ),
            _rule(
                Broken.BEAT,
                "beat",
                "Beat: following suit in a trick nobody has trumped, you must play a card of "
                "the led suit higher than every card of it already in the trick, if you hold "
                "one. An equal card does not beat: of two equal cards the first played ranks "
                "higher.",
            ),
            _rule(
                Broken.TRUMP,
                "trump",
                "Trump: if you hold no card of the suit led but hold a trump, you must play a "
                "trump.",
            ),
            _rule(
                Broken.OVERTRUMP,
                "overtrump",
                "Overtrump: when you must trump a trick that already holds a trump, you must "
                "play a higher trump if you hold one; if you hold none, any trump will do.",
            ),
            _rule(
                Broken.MARRIAGE_NOT_LEADING,
                "marriages",
                "A marriage is declared only by the player who leads: he leads its king or "
                "queen to an empty trick and says 'trump'.",
            ),
            _rule(
                Broken.MARRIAGE_TOO_EARLY,
                "marriages",
                "No marriage may be declared before the first trick of the deal is complete.",
            ),
            _rule(
                Broken.MARRIAGE_INCOMPLETE,
                "marriages",
                "A marriage is the king and the queen of one suit: you declare it by playing "
                "one of them while the other is still in your hand.",
            ),
            _rule(
                Broken.SEVEN_TOO_EARLY,
                "the-announced-seven",
                "Whoever announced the seven keeps the trump seven for the last trick and may "
                "not play it earlier, unless it is the only card the trick obligations allow.",
            ),
            _rule(
                Broken.NOT_IN_HAND,
                "not-in-hand",
                "You can only play a card you hold.",
            ),
        )
    }
)


# The rule a card breaks when it does not beat in a trick already trumped (beat_when_trumped).
BEAT_WHEN_TRUMPED_RULE = _rule(
    Broken.BEAT,
    "beat",
    "Beat, even in a trumped trick: following suit, you must play a card of the led suit higher "
    "than every card of it already in the trick, if you hold one, even when the trick has been "
    "trumped (this table's rule). An equal card does not beat: of two equal cards the first "
    "played ranks higher.",
)


def rule_of(broken: Broken, params: Mapping[str, Any]) -> Rule:
    """The rule a breach with ``params`` breaks: not beating in a trumped trick cites
    :data:`BEAT_WHEN_TRUMPED_RULE`, anything else its rule of :data:`RULES`."""
    return BEAT_WHEN_TRUMPED_RULE if params.get("trumped") else RULES[broken]


OBLIGATION_WORDS = {
    "follow": "follow suit",
    "beat": "beat the highest card of the led suit when able",
    "trump": "with no card of the led suit, trump",
    "overtrump": "and overtrump when able",
}


def obligation_parts(rules: TrickRules, contract: Contract) -> list[str]:
    """The obligations in force for ``contract``, as keys of OBLIGATION_WORDS, in order."""
    parts: list[str] = []
    if rules.must_follow:
        parts.append("follow")
    if rules.must_beat:
        parts.append("beat")
    if contract.trump is not TrumpRule.NONE:
        if rules.must_trump:
            parts.append("trump")
        if rules.must_overtrump:
            parts.append("overtrump")
    return parts


def obligations_text(rules: TrickRules, contract: Contract) -> str:
    """The obligations in force, in one sentence (what a legal verdict cites)."""
    parts = [OBLIGATION_WORDS[p] for p in obligation_parts(rules, contract)]
    if not parts:
        return "Any card may be played."
    return "You must " + "; ".join(parts).replace("; and", " and") + "; otherwise any card."


# --------------------------------------------------------------------------- a turn to play


@dataclass(frozen=True, kw_only=True)
class Turn:
    """The moment a player is to play: rules, contract, trump, the trick so far, his hand.

    ``tricks_done`` is the number of complete tricks before this one; ``announced_seven`` says
    this player announced the seven.  Raises :class:`InvalidEntry` naming the field when the
    situation cannot happen.
    """

    rules: TrickRules
    contract: ContractName | None = None
    trump: Suit | None = None
    trick: tuple[Card, ...] = ()
    hand: tuple[Card, ...]
    tricks_done: int = 0
    announced_seven: bool = False

    def __post_init__(self) -> None:
        self._check_trump()
        self._check_sizes()
        self._check_cards()
        rules, terms = self.rules, self.terms
        if not 0 <= self.tricks_done < rules.tricks:
            raise _bad(
                "tricks_done",
                f"must be 0..{rules.tricks - 1} (a deal has {rules.tricks} tricks), "
                f"not {self.tricks_done}",
                "tricks_done", max=rules.tricks - 1, tricks=rules.tricks, value=self.tricks_done,
            )
        if self.announced_seven and not terms.seven:
            raise _bad("announced_seven", f"there is no announced seven in {_contract_words(self)}",
                       "no_seven", game=rules.game, contract=terms.name.value)

    def _check_trump(self) -> None:
        """The trump is a suit of the deck, named where the contract names one, else none."""
        rules, terms = self.rules, self.terms
        if self.trump is not None and self.trump not in rules.deck.suit_names:
            raise _bad("trump", f"{self.trump} is not a suit of {rules.game}", "trump_suit",
                       suit=self.trump.value, game=rules.game)
        if terms.trump is TrumpRule.NONE and self.trump is not None:
            raise _bad("trump", f"{terms.name} is played without trumps; trump must be null",
                       "trump_none", contract=terms.name.value)
        if terms.trump is TrumpRule.NAMED and self.trump is None:
            raise _bad("trump", f"{rules.game} names its trump before the first trick",
                       "trump_named", game=rules.game)

    def _check_sizes(self) -> None:
        """The trick is not complete yet; the hand holds a card, and no more than a deal has."""
        rules = self.rules
        if len(self.trick) >= PLAYERS_IN_TRICK:
            raise _bad(
                "trick",
                f"holds {len(self.trick)} cards, but a trick is complete with "
                f"{PLAYERS_IN_TRICK}; give the cards before this one",
                "trick_full", count=len(self.trick), most=PLAYERS_IN_TRICK,
            )
        if not self.hand:
            raise _bad("hand", "is empty: a player with no card has nothing to play", "hand_empty")
        if len(self.hand) > rules.tricks:
            raise _bad("hand", f"holds {len(self.hand)} cards; a hand has at most {rules.tricks}",
                       "hand_size", count=len(self.hand), most=rules.tricks)

    def _check_cards(self) -> None:
        """Every card of the trick and the hand is of the deck, and none more often than it."""
        rules, deck = self.rules, self.rules.deck
        for name, cards in (("trick", self.trick), ("hand", self.hand)):
            for c in cards:
                if c.suit not in deck.suit_names or c.rank not in deck.rank_names:
                    raise _bad(name, f"{c} is not a card of the {rules.game} deck",
                               "not_in_deck", card=str(c), game=rules.game)
        in_trick, in_hand = Counter(self.trick), Counter(self.hand)
        times = "once" if deck.copies == 1 else f"{deck.copies} times"
        for c, n in (in_trick + in_hand).items():
            if n <= deck.copies:
                continue
            for name, count in (("trick", in_trick[c]), ("hand", in_hand[c])):
                if count > deck.copies:
                    raise _bad(name, f"{c} is there {count} times; the deck holds it {times}",
                               "card_count", card=str(c), count=count, copies=deck.copies)
            raise _bad("hand", f"{c} is also in the trick; the deck holds it {times}",
                       "card_twice", card=str(c), copies=deck.copies)

    @property
    def terms(self) -> Contract:
        """The contract played (the ruleset's first one when none is named)."""
        return self.rules.contract(None if self.contract is None else self.contract.value)

    @property
    def led(self) -> Suit | None:
        return self.trick[0].suit if self.trick else None

    @property
    def last_trick(self) -> bool:
        return self.tricks_done == self.rules.tricks - 1


def _contract_words(turn: Turn) -> str:
    terms = turn.terms
    if len(turn.rules.contracts) == 1:
        return turn.rules.game
    return f"{turn.rules.game} {terms.name}" + (" games" if terms.name is ContractName.SUIT else "")


def _bad(field: str, why: str, rule: str, **values: Any) -> InvalidEntry:
    """``rule`` and ``values``: what ``why`` says, for the web layer's translations."""
    return InvalidEntry(
        f"{field}: {why}", code="bad_field", params={"field": field, "why": why, "rule": rule,
                                                     **values}
    )


def _rank(turn: Turn, c: Card) -> int:
    return turn.terms.order.index(c.rank)


def trick_winner(trick: Sequence[Card], trump: Suit | None, order: Sequence[Rank]) -> int:
    """Index of the card that holds ``trick`` so far: the highest trump, else the highest card
    of the led suit; of two equal cards the first played (Binokel, docs/rules/binokel.md).

    >>> twins = [Card(rank=Rank.ACE, suit=Suit.CLUBS), Card(rank=Rank.ACE, suit=Suit.CLUBS)]
    >>> trick_winner(twins, Suit.HEARTS, ACE_TEN_ORDER)
    0
    """
    if not trick:
        raise ValueError("an empty trick has no winner")
    best = 0
    for i, c in enumerate(trick[1:], start=1):
        top = trick[best]
        if c.suit == top.suit:
            if order.index(c.rank) > order.index(top.rank):
                best = i
        elif trump is not None and c.suit == trump:
            best = i
    return best


# --------------------------------------------------------------------------- judging


@dataclass(frozen=True, kw_only=True)
class _Breach:
    broken: Broken
    why: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)  # what ``why`` quotes


def _trumped(turn: Turn) -> bool:
    """A trump was played to a trick of another suit."""
    return (
        turn.trump is not None
        and turn.led != turn.trump
        and any(c.suit == turn.trump for c in turn.trick)
    )


def _highest(turn: Turn, cards: Sequence[Card]) -> Card:
    return max(cards, key=lambda c: _rank(turn, c))  # max keeps the first of equal cards


def _trick_breach(turn: Turn, card: Card) -> _Breach | None:
    """The trick obligation (follow, beat, trump, overtrump) ``card`` breaks, if any."""
    rules, led = turn.rules, turn.led
    if led is None or not rules.must_follow:
        return None
    same = [c for c in turn.hand if c.suit == led]
    if same:
        if card.suit != led:
            return _Breach(
                broken=Broken.FOLLOW_SUIT,
                why=f"{card} does not follow suit: {led} were led and you hold {same[0]}",
                params={"card": str(card), "led": led.value, "held": str(same[0])},
            )
        trumped = rules.must_beat and _trumped(turn)
        # beat_when_trumped: the duty to beat holds in a trick already trumped too
        # (docs/rules/arbiter.md)
        if rules.must_beat and (not trumped or rules.beat_when_trumped):
            top = _highest(turn, [c for c in turn.trick if c.suit == led])
            beaters = [c for c in same if _rank(turn, c) > _rank(turn, top)]
            if beaters and _rank(turn, card) <= _rank(turn, top):
                said = {"card": str(card), "top": str(top), "held": str(beaters[0])}
                return _Breach(
                    broken=Broken.BEAT,
                    why=f"{card} does not beat {top}: you hold {beaters[0]}, which does",
                    params={**said, "trumped": True} if trumped else said,
                )
        return None
    trump = turn.trump
    trumps = [c for c in turn.hand if c.suit == trump]
    if trump is None or not rules.must_trump or not trumps:
        return None
    if card.suit != trump:
        return _Breach(
            broken=Broken.TRUMP,
            why=f"{card} is not a trump: you hold no {led}, so you must trump, "
            f"and you hold {trumps[0]}",
            params={"card": str(card), "led": led.value, "held": str(trumps[0])},
        )
    played = [c for c in turn.trick if c.suit == trump]
    if rules.must_overtrump and played:
        top = _highest(turn, played)
        over = [c for c in trumps if _rank(turn, c) > _rank(turn, top)]
        if over and _rank(turn, card) <= _rank(turn, top):
            return _Breach(
                broken=Broken.OVERTRUMP,
                why=f"{card} does not beat the trump {top} in the trick: "
                f"you hold {over[0]}, which does",
                params={"card": str(card), "top": str(top), "held": str(over[0])},
            )
    return None


def _is_announced_seven(turn: Turn, card: Card) -> bool:
    return (
        turn.announced_seven
        and turn.trump is not None
        and card == Card(rank=Rank.SEVEN, suit=turn.trump)
    )


def _seven_breach(turn: Turn, card: Card) -> _Breach | None:
    """The announced seven played before the last trick while another card could be played."""
    if not _is_announced_seven(turn, card) or turn.last_trick:
        return None
    others = [c for c in turn.hand if c != card and _trick_breach(turn, c) is None]
    if not others:
        return None  # the obligations leave nothing else: the seven must go (and is lost)
    return _Breach(
        broken=Broken.SEVEN_TOO_EARLY,
        why=f"{card} is your announced seven: keep it for the last trick "
        f"(this is trick {turn.tricks_done + 1} of {turn.rules.tricks}); you may play {others[0]}",
        params={"card": str(card), "trick": turn.tricks_done + 1, "tricks": turn.rules.tricks,
                "held": str(others[0])},
    )


_PARTNER = {Rank.KING: Rank.QUEEN, Rank.QUEEN: Rank.KING}


def _marriage_breach(turn: Turn, card: Card) -> _Breach | None:
    """What is wrong with declaring a marriage with ``card``, if anything."""
    terms = turn.terms
    if terms.marriage is MarriageRule.NONE:
        raise _bad(
            "declare_marriage",
            f"marriages are not declared with a card in {_contract_words(turn)}",
            "no_marriage", game=turn.rules.game, contract=terms.name.value,
        )
    if terms.marriage is MarriageRule.LEADING and turn.trick:
        return _Breach(
            broken=Broken.MARRIAGE_NOT_LEADING,
            why=f"a marriage is declared only when leading, and the trick already holds "
            f"{', '.join(str(c) for c in turn.trick)}",
            params={"trick": [str(c) for c in turn.trick]},
        )
    if turn.rules.marriage_after_first_trick and turn.tricks_done == 0:
        return _Breach(
            broken=Broken.MARRIAGE_TOO_EARLY,
            why="no marriage may be declared in the first trick of the deal",
        )
    partner_rank = _PARTNER.get(card.rank)
    if partner_rank is None:
        return _Breach(
            broken=Broken.MARRIAGE_INCOMPLETE,
            why=f"{card} is neither a king nor a queen, so it declares no marriage",
            params={"card": str(card)},
        )
    partner = Card(rank=partner_rank, suit=card.suit)
    if partner not in turn.hand:
        return _Breach(
            broken=Broken.MARRIAGE_INCOMPLETE,
            why=f"{card} declares a marriage only with {partner} in your hand",
            params={"card": str(card), "partner": str(partner)},
        )
    return None


class IllegalPlay(IllegalEntry):
    """A card played against a rule of trick play; ``broken`` and ``rule`` say which."""

    def __init__(self, message: str, *, broken: Broken, card: Card,
                 details: Mapping[str, Any] | None = None) -> None:
        rule = RULES[broken]
        super().__init__(
            message,
            code=broken.value,
            params={**(details or {}), "card": str(card), "broken": broken.value,
                    "rule": rule.text},
        )
        self.broken = broken
        self.rule = rule
        self.card = card


def _check_card(turn: Turn, card: Card) -> None:
    deck = turn.rules.deck
    if card.suit not in deck.suit_names or card.rank not in deck.rank_names:
        raise _bad("card", f"{card} is not a card of the {turn.rules.game} deck", "not_in_deck",
                   card=str(card), game=turn.rules.game)


def _breach(turn: Turn, card: Card, declare_marriage: bool) -> _Breach | None:
    _check_card(turn, card)
    if card not in turn.hand:
        return _Breach(broken=Broken.NOT_IN_HAND, why=f"{card} is not in your hand",
                       params={"card": str(card)})
    if declare_marriage:
        found = _marriage_breach(turn, card)
        if found is not None:
            return found
    return _trick_breach(turn, card) or _seven_breach(turn, card)


def verify_play(turn: Turn, card: Card, *, declare_marriage: bool = False) -> None:
    """Raise :class:`IllegalPlay` citing the rule when ``card`` may not be played.

    ``declare_marriage``: the card is played as a marriage declaration ("trump!").  Raises
    :class:`InvalidEntry` when the card is not of the deck or the game has no such declaration.
    """
    found = _breach(turn, card, declare_marriage)
    if found is not None:
        raise IllegalPlay(found.why, broken=found.broken, card=card, details=found.params)


def can_play(turn: Turn, card: Card, *, declare_marriage: bool = False) -> bool:
    """Whether ``card`` may be played (drives the buttons)."""
    return _breach(turn, card, declare_marriage) is None


def legal_cards(turn: Turn) -> tuple[Card, ...]:
    """Every card of the hand that may be played, in hand order (twins listed twice).

    Never empty: when the obligations leave nothing else, the announced seven may go early.
    """
    return tuple(c for c in turn.hand if _breach(turn, c, False) is None)


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """The arbiter's answer about one card."""

    legal: bool
    broken: Broken | None
    rule: str
    ref: str
    message: str
    legal_cards: tuple[Card, ...]
    trump: Suit | None  # the trump after this play (a declared marriage changes it)
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)  # what message quotes

    def to_json(self) -> JSON:
        return {
            "legal": self.legal,
            "broken": None if self.broken is None else self.broken.value,
            "rule": self.rule,
            "ref": self.ref,
            "message": self.message,
            "legal_cards": [str(c) for c in self.legal_cards],
            "trump": None if self.trump is None else self.trump.value,
        }


def judge(turn: Turn, card: Card, *, declare_marriage: bool = False) -> Verdict:
    """The verdict on ``card``: legal or the broken rule, and the cards that may be played."""
    found = _breach(turn, card, declare_marriage)
    allowed = legal_cards(turn)
    if found is not None:
        rule = rule_of(found.broken, found.params)
        return Verdict(
            legal=False,
            broken=found.broken,
            rule=rule.text,
            ref=rule.ref,
            message=found.why,
            legal_cards=allowed,
            trump=turn.trump,
            params=found.params,
        )
    trump = turn.trump
    message = f"{card} may be played"
    if declare_marriage:
        message += f" and declares the {card.suit} marriage"
        if turn.terms.marriage is MarriageRule.LEADING:
            trump = card.suit
            message += f": {card.suit} are trumps from now on"
    return Verdict(
        legal=True,
        broken=None,
        rule=obligations_text(turn.rules, turn.terms),
        ref=f"{DOCS}#obligations-per-ruleset",
        message=message,
        legal_cards=allowed,
        trump=trump,
        params={"card": str(card), "marriage": declare_marriage,
                "trump_change": declare_marriage and turn.terms.marriage is MarriageRule.LEADING,
                "obligations": obligation_parts(turn.rules, turn.terms)},
    )


# --------------------------------------------------------------------------- JSON

QUESTION_KEYS = (
    "game",
    "ruleset",
    "options",
    "contract",
    "trump",
    "trick",
    "hand",
    "card",
    "declare_marriage",
    "tricks_done",
    "announced_seven",
    "meta",
)


def _cards(raw: Mapping[str, Any], key: str, deck: Deck, *, required: bool) -> tuple[Card, ...]:
    value = raw.get(key)
    if value is None:
        if required:
            raise _bad(key, "is missing: give a list of cards such as [\"10-hearts\"]", "missing")
        return ()
    if not isinstance(value, list):
        raise _bad(key, "must be a list of cards such as [\"10-hearts\"]", "card_list")
    return tuple(parse_card(v, deck, field=key) for v in value)


def read_question(question: Any) -> tuple[Turn, Card, bool]:
    """A docs/format.md arbiter question -> (turn, card, declare_marriage); raises InvalidEntry."""
    if not isinstance(question, Mapping):
        raise InvalidEntry("question: must be a JSON object", code="not_object")
    extra = sorted(set(question) - set(QUESTION_KEYS))
    if extra:
        raise InvalidEntry(
            f"{extra[0]}: unknown field (known: {', '.join(QUESTION_KEYS)})",
            code="unknown_field",
            params={"field": extra[0]},
        )
    if "ruleset" not in question:
        raise _bad("ruleset", f"is missing (one of {', '.join(TRICK_RULES)})", "missing")
    rules = trick_rules(question["ruleset"], question.get("options"))
    game = question.get("game")
    if game is not None and game != rules.game:
        raise _bad("game", f"ruleset {question['ruleset']} is a {rules.game} ruleset, not {game!r}",
                   "game", ruleset=str(question["ruleset"]), game=rules.game)
    contract_raw = question.get("contract")
    if contract_raw is not None and not isinstance(contract_raw, str):
        raise _bad("contract", "must be a name such as suit, betl or durch", "contract_name")
    contract = rules.contract(contract_raw).name
    trump_raw = question.get("trump")
    trump = None if trump_raw is None else parse_suit(trump_raw, rules.deck, field="trump")
    if "card" not in question or question["card"] is None:
        raise _bad("card", "is missing: the card played, such as \"10-hearts\"", "missing")
    turn = Turn(
        rules=rules,
        contract=contract,
        trump=trump,
        trick=_cards(question, "trick", rules.deck, required=False),
        hand=_cards(question, "hand", rules.deck, required=True),
        tricks_done=get_int(question, "tricks_done", default=0),
        announced_seven=get_bool(question, "announced_seven"),
    )
    card = parse_card(question["card"], rules.deck, field="card")
    return turn, card, get_bool(question, "declare_marriage")


def judge_json(question: Mapping[str, Any]) -> JSON:
    """Answer a docs/format.md arbiter question with a verdict document.

    Raises :class:`InvalidEntry` (a ``ValueError``) naming the field of a malformed question.

    >>> v = judge_json({"ruleset": "tisic", "trump": "hearts", "trick": ["A-spades", "10-spades"],
    ...                 "hand": ["K-spades", "9-hearts", "Q-clubs"], "card": "9-hearts"})
    >>> v["legal"], v["broken"], v["legal_cards"]
    (False, 'follow_suit', ['K-spades'])
    """
    turn, card, declare = read_question(question)
    return judge(turn, card, declare_marriage=declare).to_json()


def read_card(text: str, deck: Deck | None = None) -> Card:
    """A card from ``RANK-suit`` text (any deck that has it when ``deck`` is None).

    >>> read_card("Q-acorns")
    Card(rank=<Rank.QUEEN: 'Q'>, suit=<Suit.ACORNS: 'acorns'>)
    """
    if deck is not None:
        return parse_card(text, deck)
    error: InvalidEntry | None = None
    for d in DECKS.values():
        try:
            return parse_card(text, d)
        except InvalidEntry as exc:
            error = exc
    assert error is not None
    raise error
