"""The Thousand family, as docs/rules/thousand.md explains it.

Four presets share one game class; everything that differs between them is an option:
``ru`` (Тысяча), ``tisic`` (Czech Tisíc), ``pl`` (Tysiąc) and ``one-thousand``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum, unique
from typing import Any, ClassVar

from . import parse
from .aliases import Points, Seat
from .engine import (
    Entry,
    Game,
    Note,
    Outcome,
    Row,
    Sheet,
    State,
    register,
)
from .errors import IllegalEntry, InvalidEntry, InvalidSheet, OptionConflict
from .options import OBLIGATION_HELP, check_obligations, option

# Card points: A 11, 10 10, K 4, Q 3, J 2, nine 0 -- the deck holds 120 (thousand.md#card-points).
CARD_POINTS = 120
SUITS = ("hearts", "diamonds", "clubs", "spades")
ACES = "aces"  # four aces declared like a marriage (ace_marriage, thousand.md#ace-marriage)
MAX_PENALTY = 1000  # the largest custom penalty a row may write
MAX_BID = 10_000  # what an entry's contract may say at all (the table's maximum is checked later)
MARRIAGE_COUNTS = (3, 4)  # marriages in one hand: 3 -> barrel, 4 -> the game (thousand.md#3-4)


@unique
class Rounding(StrEnum):
    """How defenders' points are written (thousand.md#rounding)."""

    NEAREST_5 = "nearest_5"
    TENS_HALF_UP = "tens_half_up"
    NONE = "none"


@unique
class BarrelMode(StrEnum):
    CAP = "cap"
    DECLARER_ONLY = "declarer_only"


@unique
class WinnerRule(StrEnum):
    DECLARER_FIRST = "declarer_first"
    HIGHEST = "highest"


@unique
class Revoke(StrEnum):
    REPLAY = "replay"
    PENALTY = "penalty"


@unique
class DarkSeat(StrEnum):
    ON_HUNDRED = "on_hundred"  # only the seat after the dealer
    ANY = "any"


@unique
class OpeningSeat(StrEnum):
    AFTER_DEALER = "after_dealer"  # the seat after the dealer holds the opening bid (ru)
    BEFORE_DEALER = "before_dealer"  # the seat on the dealer's right, with play clockwise (tisic)
    ANY = "any"  # a random seat opens (one-thousand): anybody may play from the opening bid


@unique
class DealPasses(StrEnum):
    """Where the deal goes after a deal (docs/rules/ 1, thousand.md#dealer)."""

    NEXT = "next"  # the next column
    PREVIOUS = "previous"  # the previous column: the obligation holder deals next (tisic)


@unique
class Bolt(StrEnum):
    """What makes a bolt (thousand.md#bolts)."""

    TOOK_NOTHING = "took_nothing"  # seed 001 "не взял ничего": no card point and no marriage
    WROTE_ZERO = "wrote_zero"  # a deal written as 0 (a jack, 2 points rounded down, included)


@unique
class BarrelFailures(StrEnum):
    """What ``barrel_resets_after`` counts (thousand.md#barrel)."""

    EVERY_END = "every_end"  # every barrel that ends without a win (seed 001 "неудачных бочек")
    FALLS = "falls"  # only falls off the barrel (deals run out, knocked off)


@unique
class Kind(StrEnum):
    """Entry types of docs/format.md, and the engine's own row kinds."""

    DEAL = "deal"
    CONCESSION = "concession"
    REDEAL = "redeal"
    PENALTY = "penalty"
    BOMB = "bomb"
    MARRIAGES_IN_HAND = "marriages_in_hand"
    # rows the engine adds by itself
    BOLTS = "bolts"
    RESET_555 = "reset_555"
    BARREL_FALL = "barrel_fall"
    BARREL_RESET = "barrel_reset"
    BARREL_KNOCK_OFF = "barrel_knock_off"


@unique
class PenaltyReason(StrEnum):
    REVOKE = "revoke"
    CUT_NINES = "cut_nines"
    CUSTOM = "custom"


def _choices(enum: type[StrEnum]) -> tuple[str, ...]:
    return tuple(m.value for m in enum)


@dataclass(frozen=True, kw_only=True)
class ThousandOptions:
    """Every option of the Thousand family.  A preset hides those it does not offer (``unused``)."""

    # -- fixed traits of a preset (not options a table can change)
    player_choices: tuple[int, ...] = (3,)
    unused: frozenset[str] = frozenset()
    aliases: Mapping[str, str] = field(default_factory=dict)
    redeal_reasons: tuple[str, ...] = ("misdeal",)
    opening_word: str = "hundred"  # what the table calls the opening bid: hundred, obligation

    # -- options
    players: int = option(help="players at the table; with 4 the dealer sits out", choices=(3, 4))
    marriages: Mapping[str, int] = option(
        help="points of a declared marriage (K+Q) per suit", keys=SUITS, min=0, max=500
    )
    ace_marriage: int = option(
        help="four aces declared like a marriage (no trump change); 0 = off", choices=(0, 200)
    )
    opening_bid: int = option(
        help="the bid the seat after the dealer holds automatically (tisic: the obligation)",
        choices=(50, 60, 80, 100),
    )
    opening_seat: str = option(
        help="who holds the opening bid: the seat after the dealer, the seat before him (on "
        "his right, tisic), or any seat",
        choices=_choices(OpeningSeat),
    )
    deal_passes: str = option(
        help="where the deal goes after each deal: the next or the previous column",
        choices=_choices(DealPasses),
    )
    bid_step: int = option(help="contracts go up in steps of", choices=(5, 10))
    max_contract: int = option(help="the highest contract", min=120, max=1000)
    over_120_needs_marriage: bool = option(
        help="warn when a contract over 120 is played without declaring a marriage"
    )
    rounding: str = option(help="how defenders' points are written", choices=_choices(Rounding))
    concession: bool = option(help="the declarer may give up after seeing the talon")
    concession_defender_points: int | str = option(
        help="what each defender writes when the declarer gives up",
        choices=(40, 60, "half_contract"),
    )
    bolt_limit: int = option(help="bolts (a deal scoring 0) that cost a penalty; 0 = off", min=0,
                             max=10)
    bolt: str = option(
        help="a bolt is a deal in which a defender took nothing (no card point, no marriage), "
        "or any deal he writes as 0",
        choices=_choices(Bolt),
    )
    bolt_penalty: int = option(help="points lost at the bolt limit", min=0, max=1000)
    bolts_consecutive: bool = option(
        help="bolts must come in a row (a scoring deal resets the count)"
    )
    unplayed_deal_breaks_bolts: bool = option(
        help="with bolts in a row, a deal not played out (given up, a bomb, three marriages in "
        "hand) also resets the count: nobody took a bolt in it"
    )
    reset_555: bool = option(help="a total of exactly 555 or -555 becomes 0")
    barrel_at: int = option(help="the barrel; 0 = no barrel", choices=(0, 800, 880, 900))
    barrel_mode: str = option(
        help="cap: totals stop at the barrel (Russian); declarer_only: over it only a made "
        "contract counts (Polish)",
        choices=_choices(BarrelMode),
    )
    barrel_deals: int = option(help="deals a player may sit on the barrel", min=1, max=10)
    barrel_fall_penalty: int = option(help="points lost when falling off the barrel", min=0,
                                      max=1000)
    barrel_resets_after: int = option(
        help="the failed barrel that resets the total to 0; 0 = never", min=0, max=10
    )
    barrel_failures: str = option(
        help="what counts as a failed barrel: every barrel that ends without a win, or only a "
        "fall after the deals run out",
        choices=_choices(BarrelFailures),
    )
    barrel_jump: bool = option(
        help="a made contract may take the declarer from below the barrel straight to the "
        "target; off: it stops at the barrel"
    )
    barrel_knock_off: bool = option(
        help="climbing onto the barrel knocks off a player already there"
    )
    dark: bool = option(help="a contract may be played dark (blind) and counts double")
    dark_seat: str = option(help="who may play dark", choices=_choices(DarkSeat))
    dark_min_total: int | None = option(
        help="dark needs a total above this", min=0, max=1000
    )
    dark_min_contract: int = option(help="the lowest dark contract", min=60, max=1000)
    redeal_same_dealer: bool = option(help="after a redeal the same player deals again")
    revoke: str = option(
        help="a revoke: replay the deal, or a penalty row", choices=_choices(Revoke)
    )
    revoke_penalty: int = option(help="what the revoking player loses", min=0, max=1000)
    revoke_compensation: int = option(help="what every other player gains after a revoke",
                                      min=0, max=1000)
    revoke_ends_deal: bool = option(
        help="a revoke penalty ends the deal: it counts as played and the deal passes on"
    )
    replay_same_dealer: bool = option(
        help="a deal replayed after a revoke is dealt again by the same dealer (off: like any "
        "other redeal)"
    )
    cut_nines_penalty: int = option(
        help="penalty for cutting a nine to the bottom three times in a row; 0 = off",
        min=0, max=1000,
    )
    marriages_in_hand: bool = option(
        help="3 marriages in one hand put a player on the barrel, 4 win the game"
    )
    bombs_per_player: int = option(
        help="bombs (giving up before play: 0 for him, the others score) per player; 0 = off",
        min=0, max=5,
    )
    bomb_points: int = option(help="what each other player writes after a bomb", min=0, max=200)
    target: int = option(help="the game is won at", min=100, max=10000)
    target_strict: bool = option(help="the target must be exceeded, not only reached")
    must_follow: bool = option(help=OBLIGATION_HELP["must_follow"])
    must_beat: bool = option(help=OBLIGATION_HELP["must_beat"])
    must_trump: bool = option(help=OBLIGATION_HELP["must_trump"])
    must_overtrump: bool = option(help=OBLIGATION_HELP["must_overtrump"])
    beat_when_trumped: bool = option(help=OBLIGATION_HELP["beat_when_trumped"])
    winner: str = option(
        help="declarer_first: the declarer over the target wins; highest: the highest total",
        choices=_choices(WinnerRule),
    )

    def __post_init__(self) -> None:
        check_obligations(self)
        if self.players not in self.player_choices:
            allowed = " or ".join(map(str, self.player_choices))
            raise OptionConflict(
                f"option players: this ruleset is played by {allowed} players",
                code="option_players", params={"option": "players", "allowed": allowed})
        if self.opening_bid > self.max_contract:
            raise OptionConflict("option opening_bid: higher than max_contract",
                                 code="option_opening_bid", params={"option": "opening_bid"})
        if self.barrel_at and self.barrel_at >= self.target:
            raise OptionConflict("option barrel_at: the barrel must be below the target",
                                 code="option_barrel_at", params={"option": "barrel_at"})
        gap = self.target - self.barrel_at
        if self.barrel_at and self.barrel_mode == BarrelMode.CAP and gap > self.max_contract:
            raise OptionConflict(
                "option target: from the barrel the target must be reachable with one contract "
                f"(target - barrel_at = {gap} > max_contract {self.max_contract})",
                code="option_target", params={"option": "target", "gap": gap,
                                              "max": self.max_contract},
            )

    def marriage_value(self, suit: str) -> Points:
        if suit == ACES:
            return self.ace_marriage
        return self.marriages[suit]


RU = ThousandOptions(
    player_choices=(3, 4),
    redeal_reasons=("four_nines", "hand_under_14", "prikup_two_nines", "prikup_under_3",
                    "misdeal"),
    unused=frozenset({"target_strict", "bombs_per_player", "bomb_points"}),
    players=3,
    marriages={"hearts": 100, "diamonds": 80, "clubs": 60, "spades": 40},
    ace_marriage=0,
    opening_bid=100,
    opening_seat=OpeningSeat.AFTER_DEALER,  # seed 001 "Игрок, сидящий слева от раздающего"
    deal_passes=DealPasses.NEXT,
    bid_step=5,
    max_contract=300,
    over_120_needs_marriage=True,
    rounding=Rounding.NEAREST_5,
    concession=True,
    concession_defender_points=60,
    bolt_limit=3,
    bolt=Bolt.TOOK_NOTHING,  # seed 001 "Если игрок не взял ничего ... болтом"
    bolt_penalty=120,
    bolts_consecutive=True,
    # docs/rules/ 1.1: "points credited to it by another seat's concession count as scoring (it
    # took no bolt that deal)"; seed 001 "три "болта" подряд" (edition 4)
    unplayed_deal_breaks_bolts=True,
    reset_555=True,
    barrel_at=880,
    barrel_mode=BarrelMode.CAP,
    barrel_deals=3,
    barrel_fall_penalty=120,
    barrel_resets_after=0,
    barrel_failures=BarrelFailures.EVERY_END,  # seed 001 "после 3 неудачных бочек"
    barrel_jump=False,  # seed 001 "по достижении ... 880 очков, все лишние очки обрезаются"
    barrel_knock_off=False,
    dark=True,
    dark_seat=DarkSeat.ON_HUNDRED,
    dark_min_total=240,
    dark_min_contract=120,
    redeal_same_dealer=True,
    revoke=Revoke.PENALTY,
    revoke_penalty=120,
    revoke_compensation=0,
    revoke_ends_deal=False,
    replay_same_dealer=True,
    cut_nines_penalty=120,
    marriages_in_hand=True,
    bombs_per_player=0,
    bomb_points=60,
    target=1000,
    target_strict=False,
    winner=WinnerRule.DECLARER_FIRST,
    # seed 001: "Обязателен снос масти, если нет масти, обязателен снос козыря. Перебивать не
    # обязательно."
    must_follow=True,
    must_beat=False,
    must_trump=True,
    must_overtrump=False,
    beat_when_trumped=False,  # docs/rules/arbiter.md: false in every preset
)

TISIC = dataclasses.replace(
    RU,
    player_choices=(3,),
    redeal_reasons=("misdeal",),
    opening_word="obligation",
    aliases={"obligation": "opening_bid"},
    unused=frozenset({
        "ace_marriage", "over_120_needs_marriage", "concession", "concession_defender_points",
        "bolt_limit", "bolt_penalty", "bolts_consecutive", "unplayed_deal_breaks_bolts",
        "reset_555", "barrel_at", "barrel_mode", "barrel_deals", "barrel_fall_penalty",
        "barrel_resets_after", "barrel_knock_off", "dark", "dark_seat", "dark_min_total",
        "dark_min_contract",
        "redeal_same_dealer", "cut_nines_penalty", "marriages_in_hand", "bombs_per_player",
        "bomb_points", "bolt", "barrel_failures", "barrel_jump",
    }),
    marriages={"clubs": 100, "spades": 80, "diamonds": 60, "hearts": 40},
    opening_bid=50,
    # seed 000: "hráč po jeho levé ruce kope karty a po pravé ruce má povinnost. Hraje se běžně
    # ve směru hodinových ručiček." and "Hráč který měl povinnost míchá a rozdává."
    opening_seat=OpeningSeat.BEFORE_DEALER,
    deal_passes=DealPasses.PREVIOUS,
    bid_step=10,
    max_contract=400,  # 120 card points + every marriage (100 + 80 + 60 + 40)
    over_120_needs_marriage=False,
    rounding=Rounding.TENS_HALF_UP,
    concession=False,
    bolt_limit=0,
    reset_555=False,
    barrel_at=0,
    dark=False,
    redeal_same_dealer=False,
    revoke_penalty=100,
    revoke_compensation=60,
    revoke_ends_deal=True,  # the penalty takes the place of the deal: the obligation moves on
    cut_nines_penalty=0,
    marriages_in_hand=False,
    target_strict=True,
    # seed 000: "Přiznávat barvy a to vždy ... Je povinné přebíjet karty tou silnejší. Když nemá
    # člověk silnejší stejné barvy tak musí užít trumf."
    must_beat=True,
    must_overtrump=True,
    # Seed 000 "Zároveň musí jít nutně "přes"" is silent on a trick already trumped: no duty to
    # beat then, the Mariáš convention the game grew from (docs/rules/arbiter.md); a table may set
    # it.
    beat_when_trumped=False,
)

PL = dataclasses.replace(
    RU,
    redeal_reasons=("four_nines", "misdeal"),
    unused=frozenset({"target_strict", "dark_seat", "dark_min_total", "dark_min_contract"}),
    bid_step=10,
    max_contract=360,
    rounding=Rounding.TENS_HALF_UP,
    barrel_at=800,
    barrel_mode=BarrelMode.DECLARER_ONLY,
    reset_555=False,
    dark=False,
    bolt_limit=0,
    bombs_per_player=1,
)

ONE_THOUSAND = dataclasses.replace(
    RU,
    player_choices=(3,),
    redeal_reasons=("misdeal",),
    opening_seat=OpeningSeat.ANY,
    unused=frozenset({
        "opening_seat", "bolt", "barrel_failures", "barrel_jump",
        "ace_marriage", "concession", "concession_defender_points", "bolt_limit",
        "bolt_penalty", "bolts_consecutive", "unplayed_deal_breaks_bolts", "reset_555",
        "barrel_at", "barrel_mode", "barrel_deals", "barrel_fall_penalty",
        "barrel_resets_after", "barrel_knock_off",
        "dark_seat", "dark_min_total", "redeal_same_dealer", "cut_nines_penalty",
        "marriages_in_hand", "bombs_per_player", "bomb_points", "target_strict",
    }),
    bid_step=10,
    max_contract=300,
    rounding=Rounding.NONE,
    concession=False,
    bolt_limit=0,
    reset_555=False,
    barrel_at=0,
    dark=True,
    dark_seat=DarkSeat.ANY,
    dark_min_total=None,
    dark_min_contract=100,
    redeal_same_dealer=False,
    cut_nines_penalty=0,
    marriages_in_hand=False,
    winner=WinnerRule.HIGHEST,
    must_trump=False,  # seed 003: "if they don't have one, they can play any card"
)

PRESETS: dict[str, ThousandOptions] = {
    "ru": RU,
    "tisic": TISIC,
    "pl": PL,
    "one-thousand": ONE_THOUSAND,
}

# Rules edition 1 (docs/format.md#editions): how the engine played before its rules were
# corrected to follow the seed texts.  A preset's edition-1 default is this value where it
# differs from the preset's own.
EDITION_1: Mapping[str, Mapping[str, Any]] = {
    name: {
        "opening_seat": preset.opening_seat if preset.opening_seat == OpeningSeat.ANY
        else OpeningSeat.AFTER_DEALER,
        "deal_passes": DealPasses.NEXT,
        "max_contract": 340 if name == "tisic" else preset.max_contract,
        "revoke_ends_deal": False,
        "replay_same_dealer": False,
        "bolt": Bolt.WROTE_ZERO,
        "barrel_failures": BarrelFailures.FALLS,
        "barrel_jump": True,
    }
    for name, preset in PRESETS.items()
}
# Rules editions 2 and 3: a deal not played out (a concession, a bomb, three marriages in hand,
# a revoke penalty that ends the deal) neither counted nor reset a run of bolts; edition 4 resets
# it (docs/rules/ 1.1 ``bolts_consecutive``: "points credited to it by another seat's concession
# count as scoring (it took no bolt that deal)").
BEFORE_EDITION_4: Mapping[str, Any] = {"unplayed_deal_breaks_bolts": False}


# --------------------------------------------------------------------------- entries


@dataclass(frozen=True, kw_only=True, init=False)
class Deal(Entry):
    kind: ClassVar[str] = Kind.DEAL
    declarer: Seat
    contract: Points
    points: tuple[Points, ...]
    marriages: tuple[tuple[str, ...], ...]
    dark: bool = False

    def __init__(self, *, declarer: Seat, contract: Points, points: tuple[Points, ...],
                 marriages: tuple[tuple[str, ...], ...], dark: bool = False) -> None:
        # what the generated __init__ does, without a setattr per field: one deal per entry
        own = self.__dict__
        own["declarer"] = declarer
        own["contract"] = contract
        own["points"] = points
        own["marriages"] = marriages
        own["dark"] = dark


DEAL_KEYS = ("declarer", "contract", "points", "marriages", "dark")
# what a deal without marriages says, per table size
NO_MARRIAGES: Mapping[int, list[list[str]]] = {n: [[]] * n for n in (3, 4)}


@dataclass(frozen=True, kw_only=True)
class Concession(Entry):
    kind: ClassVar[str] = Kind.CONCESSION
    declarer: Seat
    contract: Points


@dataclass(frozen=True, kw_only=True)
class Redeal(Entry):
    kind: ClassVar[str] = Kind.REDEAL
    reason: str


@dataclass(frozen=True, kw_only=True)
class Penalty(Entry):
    kind: ClassVar[str] = Kind.PENALTY
    seat: Seat
    reason: str
    amount: Points | None = None


@dataclass(frozen=True, kw_only=True)
class Bomb(Entry):
    kind: ClassVar[str] = Kind.BOMB
    declarer: Seat


@dataclass(frozen=True, kw_only=True)
class MarriagesInHand(Entry):
    kind: ClassVar[str] = Kind.MARRIAGES_IN_HAND
    seat: Seat
    count: int


# --------------------------------------------------------------------------- arithmetic


def round_defender(points: Points, rounding: str) -> Points:
    """A defender's written score (thousand.md#rounding).

    >>> round_defender(42, "nearest_5"), round_defender(43, "nearest_5")
    (40, 45)
    >>> round_defender(34, "tens_half_up"), round_defender(35, "tens_half_up")
    (30, 40)
    """
    add, step = ROUNDING_STEPS.get(rounding, (0, 0))
    return ((points + add) // step) * step if step else points


# Rounding as (add, step): a defender writes ((points + add) // step) * step.
ROUNDING_STEPS: Mapping[str, tuple[int, int]] = {
    Rounding.NEAREST_5: (2, 5),
    Rounding.TENS_HALF_UP: (5, 10),
}


def concession_points(rules: ThousandOptions, contract: Points) -> Points:
    """What each defender writes when the declarer concedes (thousand.md#concession)."""
    value = rules.concession_defender_points
    if value == "half_contract":
        return round_defender(contract // 2, rules.rounding)
    assert isinstance(value, int)
    return value


@dataclass(kw_only=True)
class ThousandState(State):
    bolts: list[int]
    on_barrel: list[bool]
    barrel_deals: list[int]
    falls: list[int]
    bombs: list[int]


class Thousand(Game):
    """The game class of the Thousand family."""

    name: ClassVar[str] = "thousand"
    presets: ClassVar[Mapping[str, Any]] = PRESETS
    entry_kinds: ClassVar[tuple[str, ...]] = (
        Kind.DEAL, Kind.CONCESSION, Kind.REDEAL, Kind.PENALTY, Kind.BOMB, Kind.MARRIAGES_IN_HAND,
    )
    deal_total: ClassVar[int] = CARD_POINTS

    def player_counts(self, rules: Any) -> tuple[int, ...]:
        return tuple(rules.player_choices)

    def edition_defaults(self, ruleset: str, edition: int) -> Mapping[str, Any]:
        old: dict[str, Any] = {}
        if edition == 1:
            old.update(EDITION_1[ruleset])
        if edition < 4:
            old.update(BEFORE_EDITION_4)
        preset = PRESETS[ruleset]
        return {k: v for k, v in old.items() if getattr(preset, k) != v}

    def verify_sheet(self, sheet: Sheet, rules: Any) -> None:
        """The ``players`` option, when a sheet gives it, must match the names."""
        if "players" in sheet.options and sheet.options["players"] != sheet.n:
            raise InvalidSheet(
                f"option players is {sheet.options['players']} but {sheet.n} players are named",
                code="bad_options",
                params={"option": "players", "value": sheet.options["players"], "count": sheet.n},
            )

    # ---------------------------------------------------------------- parsing

    def prepare(self, sheet: Sheet) -> _Table:
        return _Table(sheet)

    def parse_entry(self, raw: Mapping[str, Any], sheet: Sheet) -> Entry:
        kind = raw.get("type")
        if kind == "deal":
            return self.parse_deal(raw, sheet)
        kind = self.entry_kind(raw)
        n = sheet.n
        rules: ThousandOptions = sheet.rules
        if kind == Kind.CONCESSION:
            parse.only_keys(raw, ("declarer", "contract"))
            return Concession(
                declarer=parse.get_seat(raw, "declarer", n),
                contract=parse.get_int(raw, "contract", lo=0, hi=MAX_BID),
            )
        if kind == Kind.REDEAL:
            parse.only_keys(raw, ("reason",))
            return Redeal(reason=parse.get_choice(raw, "reason", self.redeal_reasons(rules)))
        if kind == Kind.PENALTY:
            parse.only_keys(raw, ("seat", "reason", "amount"))
            reason = parse.get_choice(raw, "reason", _choices(PenaltyReason))
            amount = None
            if reason == PenaltyReason.CUSTOM:
                amount = parse.get_int(raw, "amount", lo=-MAX_PENALTY, hi=MAX_PENALTY)
                if amount == 0:
                    raise InvalidEntry("amount of a custom penalty must not be 0",
                                       code="bad_field",
                                       params={"field": "amount", "rule": "amount_zero"})
            elif "amount" in raw:
                raise InvalidEntry(
                    f"amount is set by the table's options for a {reason} penalty",
                    code="bad_field",
                    params={"field": "amount", "rule": "amount_fixed", "reason": reason},
                )
            return Penalty(seat=parse.get_seat(raw, "seat", n), reason=reason, amount=amount)
        if kind == Kind.BOMB:
            parse.only_keys(raw, ("declarer",))
            return Bomb(declarer=parse.get_seat(raw, "declarer", n))
        parse.only_keys(raw, ("seat", "count"))
        count = parse.get_int(raw, "count", lo=3, hi=4)
        return MarriagesInHand(seat=parse.get_seat(raw, "seat", n), count=count)

    @staticmethod
    def parse_deal(raw: Mapping[str, Any], sheet: Sheet) -> Deal:
        """A deal entry.  The usual entry is checked at once; anything else is read by the
        field readers of :mod:`rules.parse`, which say what is wrong."""
        n = sheet.n
        table: _Table = sheet.prepared
        if not raw.keys() <= table.deal_keys:
            parse.only_keys(raw, DEAL_KEYS)
        raw_m = raw.get("marriages")
        if raw_m is None:
            marriages: tuple[tuple[str, ...], ...] = ((),) * n
        elif raw_m == NO_MARRIAGES.get(n):
            marriages = ((),) * n
        else:
            if raw_m.__class__ is not list or len(raw_m) != n:
                raise InvalidEntry(
                    f"marriages must be a list of {n} lists, one per player",
                    code="bad_field",
                    params={"field": "marriages", "rule": "marriages_lists", "length": n},
                )
            suits = table.suits
            marriages = tuple(
                () if m == [] else parse.get_str_list({"marriages": m}, "marriages", suits)
                for m in raw_m
            )
        declarer = raw.get("declarer")
        if declarer.__class__ is not int or not 0 <= declarer < n:
            declarer = parse.get_seat(raw, "declarer", n)
        contract = raw.get("contract")
        if contract.__class__ is not int or not 0 <= contract <= MAX_BID:
            contract = parse.get_int(raw, "contract", lo=0, hi=MAX_BID)
        points = raw.get("points")
        if points.__class__ is list and len(points) == n:
            points = tuple(points)
            for got in points:
                if got.__class__ is not int or not 0 <= got <= CARD_POINTS:
                    points = parse.get_int_list(raw, "points", n, lo=0, hi=CARD_POINTS)
                    break
        else:
            points = parse.get_int_list(raw, "points", n, lo=0, hi=CARD_POINTS)
        dark = raw.get("dark")
        if dark is None:
            dark = False
        elif dark.__class__ is not bool:
            dark = parse.get_bool(raw, "dark")
        return Deal(declarer=declarer, contract=contract, points=points, marriages=marriages,
                    dark=dark)

    @staticmethod
    def redeal_reasons(rules: ThousandOptions) -> tuple[str, ...]:
        reasons = rules.redeal_reasons
        if rules.revoke == Revoke.REPLAY:
            reasons = (*reasons, "revoke")
        return reasons

    def kinds_for(self, rules: ThousandOptions) -> tuple[str, ...]:
        """The entry kinds this table's options allow (drives the sheet's buttons)."""
        kinds = [Kind.DEAL.value]
        if rules.concession:
            kinds.append(Kind.CONCESSION.value)
        if rules.bombs_per_player:
            kinds.append(Kind.BOMB.value)
        if rules.marriages_in_hand:
            kinds.append(Kind.MARRIAGES_IN_HAND.value)
        kinds += [Kind.REDEAL.value, Kind.PENALTY.value]
        return tuple(kinds)

    # ---------------------------------------------------------------- replay

    def start(self, sheet: Sheet) -> State:
        n = sheet.n
        return ThousandState(
            n=n,
            totals=[0] * n,
            dealer=sheet.first_dealer,
            bolts=[0] * n,
            on_barrel=[False] * n,
            barrel_deals=[0] * n,
            falls=[0] * n,
            bombs=[0] * n,
        )

    def apply(self, state: State, index: int, entry: Entry, sheet: Sheet) -> None:
        assert isinstance(state, ThousandState)
        turn = _Turn(state, index, sheet.prepared)
        if isinstance(entry, Deal):
            turn.deal(entry)
        elif isinstance(entry, Concession):
            turn.concession(entry)
        elif isinstance(entry, Redeal):
            turn.redeal(entry)
        elif isinstance(entry, Penalty):
            turn.penalty(entry)
        elif isinstance(entry, Bomb):
            turn.bomb(entry)
        elif isinstance(entry, MarriagesInHand):
            turn.marriages_in_hand(entry)
        turn.close()

    # ---------------------------------------------------------------- questions

    @staticmethod
    def sitting_out(state: State) -> Seat | None:
        """With four players the dealer sits the deal out."""
        return state.dealer if state.n == 4 else None

    def opening_holder(self, rules: Any, dealer: Seat, n: int) -> Seat | None:
        """Who holds the opening bid when ``dealer`` deals (thousand.md#dealer): "on the
        hundred" (ru, the seat after the dealer) or the obligation (tisic, the seat on the
        dealer's right: before him in playing order); None when any seat may open."""
        if rules.opening_seat == OpeningSeat.AFTER_DEALER:
            return (dealer + 1) % n
        if rules.opening_seat == OpeningSeat.BEFORE_DEALER:
            return (dealer - 1) % n
        return None

    def first_bidder(self, state: State, rules: ThousandOptions) -> Seat:
        """The seat that holds the opening bid this deal (the seat after the dealer when any
        seat may open)."""
        holder = self.opening_holder(rules, state.dealer, state.n)
        return (state.dealer + 1) % state.n if holder is None else holder

    def next_dealer(self, rules: ThousandOptions, dealer: Seat, n: int) -> Seat:
        """Who deals after ``dealer`` (option ``deal_passes``)."""
        return (dealer + (-1 if rules.deal_passes == DealPasses.PREVIOUS else 1)) % n

    def min_contract(self, state: State, rules: ThousandOptions, declarer: Seat) -> Points:
        """The lowest contract ``declarer`` may play now (thousand.md#contracts)."""
        low = rules.opening_bid
        holder = self.opening_holder(rules, state.dealer, state.n)
        if holder is not None and declarer != holder:
            low += rules.bid_step
        if (
            isinstance(state, ThousandState)
            and rules.barrel_at
            and rules.barrel_mode == BarrelMode.CAP
            and state.on_barrel[declarer]
        ):
            low = max(low, rules.target - state.totals[declarer])
        return low

    def verify_contract(
        self, state: State, rules: ThousandOptions, declarer: Seat, contract: Points,
        *, dark: bool = False, names: Sequence[str] = (),
    ) -> None:
        """Raise :class:`IllegalEntry` unless ``declarer`` may play ``contract`` now."""
        out = self.sitting_out(state)
        if declarer == out:
            raise IllegalEntry(
                "the declarer sits this deal out (with four players the dealer does not play)",
                code="declarer_sitting_out", params={"field": "declarer", "seat": declarer},
            )
        if dark and not rules.dark:
            raise IllegalEntry("this table does not play dark",
                               code="dark_off", params={"field": "dark"})
        low = self.min_contract(state, rules, declarer)
        if dark:
            low = max(low, rules.dark_min_contract)
        if contract < low:
            on_barrel = isinstance(state, ThousandState) and state.on_barrel[declarer]
            holder = self.opening_holder(rules, state.dealer, state.n)
            params: dict[str, Any] = {"field": "contract", "contract": contract, "low": low}
            if on_barrel and rules.barrel_mode == BarrelMode.CAP:
                params["reason"] = "barrel"
                why = ("a player on the barrel must bid at least what he needs to reach the "
                       "target")
            elif dark and low == rules.dark_min_contract:
                params["reason"] = "dark"
                why = "a dark contract is at least that"
            elif holder is not None and declarer != holder:
                # "Petr has the obligation this deal: only Petr may play 50; Anna and Jana must
                # bid at least 60."
                others = [s for s in range(state.n)
                          if s not in (holder, self.sitting_out(state))]
                params.update(reason=rules.opening_word, seat=holder, seats=others,
                              opening=rules.opening_bid)
                who = names[holder] if names else f"seat {holder}"
                rest = [names[o] if names else f"seat {o}" for o in others]
                rest_text = (", ".join(rest[:-1]) + " and " + rest[-1]) if len(rest) > 1 else (
                    "".join(rest))
                held = ("has the obligation" if rules.opening_word == "obligation"
                        else "sits on the hundred")
                raise IllegalEntry(
                    f"{who} {held} this deal: only {who} may play {rules.opening_bid}; "
                    f"{rest_text} must bid at least {low}",
                    code="contract_low", params=params,
                )
            else:
                params["reason"] = "opening"
                why = f"bidding opens at {low}"
            raise IllegalEntry(
                f"contract {contract} is below the lowest possible {low}: {why}",
                code="contract_low", params=params,
            )
        if contract > rules.max_contract:
            raise IllegalEntry(
                f"contract {contract} is above the highest contract {rules.max_contract}",
                code="contract_high", params={"field": "contract", "contract": contract,
                                              "high": rules.max_contract},
            )
        if contract % rules.bid_step:
            raise IllegalEntry(
                f"contract {contract} is not a multiple of the bidding step {rules.bid_step}",
                code="contract_step", params={"field": "contract", "step": rules.bid_step,
                                              "contract": contract},
            )

    def can_contract(
        self, state: State, rules: ThousandOptions, declarer: Seat, contract: Points
    ) -> bool:
        try:
            self.verify_contract(state, rules, declarer, contract)
        except IllegalEntry:
            return False
        return True


THOUSAND = Thousand()
register(THOUSAND)


# --------------------------------------------------------------------------- one entry


class _Table:
    """A sheet's rules as its replay reads them for every entry, worked out once per sheet
    (:attr:`Sheet.prepared`)."""

    def __init__(self, sheet: Sheet) -> None:
        rules: ThousandOptions = sheet.rules
        self.rules = rules
        self.names = sheet.players
        self.suits = SUITS + ((ACES,) if rules.ace_marriage else ())
        self.values = {**rules.marriages, ACES: rules.ace_marriage}  # marriage_value, as a dict
        self.cap = rules.barrel_mode == BarrelMode.CAP
        # a total at or over the barrel is marked "barrel" (the Polish barrel)
        self.over_barrel = rules.barrel_mode == BarrelMode.DECLARER_ONLY and rules.barrel_at
        self.took_nothing = rules.bolt == Bolt.TOOK_NOTHING
        self.round_add, self.round_step = ROUNDING_STEPS.get(rules.rounding, (0, 0))
        self.warn_no_marriage = rules.over_120_needs_marriage
        self.barrel = rules.barrel_at  # 0: no barrel, nothing to settle
        self.cap_barrel = bool(rules.barrel_at) and self.cap  # after_played has work to do
        self.dealer_step = -1 if rules.deal_passes == DealPasses.PREVIOUS else 1
        # opening_holder as the holder's place after the dealer (None: any seat may open)
        self.holder_step = {OpeningSeat.AFTER_DEALER: 1,
                            OpeningSeat.BEFORE_DEALER: -1}.get(OpeningSeat(rules.opening_seat))
        self.deal_keys = frozenset((*DEAL_KEYS, "type", "meta"))  # parse.only_keys
        self.finish_at = rules.target + (1 if rules.target_strict else 0)  # finish has work


class _Turn:
    """Applies one entry: verifies it, then writes its row and the engine's rows."""

    __slots__ = (
        "advanced",
        "dealer",
        "ended",
        "index",
        "names",
        "out",
        "rules",
        "state",
        "table",
    )

    def __init__(self, state: ThousandState, index: int, table: _Table) -> None:
        self.state = state
        self.index = index
        self.table = table
        self.rules = table.rules
        self.names = table.names
        self.dealer = state.dealer
        self.out = state.dealer if state.n == 4 else None  # THOUSAND.sitting_out
        self.advanced = False
        self.ended: list[Seat] = []  # seats whose barrel a row ended without a win

    def close(self) -> None:
        """Draw the underline after the last row of an entry that completed a round."""
        st = self.state
        if self.advanced and st.deals % st.n == 0 and st.rows:
            st.rows[-1] = st.rows[-1].ending_round()

    # ------------------------------------------------------------ helpers

    def playing(self) -> list[Seat]:
        return [s for s in range(self.state.n) if s != self.out]

    def seat_check(self, seat: Seat, field_name: str, what: str) -> None:
        if seat == self.out:
            raise IllegalEntry(
                f"{self.names[seat]} sits this deal out and cannot {what}",
                code="seat_sitting_out", params={"field": field_name, "seat": seat,
                                                 "action": what},
            )

    def note(self, code: str, text: str, *args: Any, **params: Any) -> Note:
        """A note; ``text`` is a ``%`` template of ``args`` when they are given (made when it is
        read)."""
        return Note(code=code, text=text, params=params, args=args or None)

    def settle(self, proposed: Sequence[Points], made: Seat | None,
               notes: list[Note]) -> tuple[list[Points], list[Seat]]:
        """Apply the barrel to proposed changes; return the deltas and the seats that climbed."""
        rules, st = self.rules, self.state
        deltas = list(proposed)
        climbed: list[Seat] = []
        if not rules.barrel_at:
            return deltas, climbed
        for s, d in enumerate(proposed):
            t = st.totals[s]
            if rules.barrel_mode == BarrelMode.DECLARER_ONLY:
                if t >= rules.barrel_at and d > 0 and s != made:
                    deltas[s] = 0
                    notes.append(self.note(
                        "barrel_blocked",
                        f"{self.names[s]} is at {t}, over the barrel: only a made contract "
                        f"counts ({d} not added)", seat=s, points=d, total=t))
                continue
            if st.on_barrel[s]:
                if d > 0 and s != made:
                    deltas[s] = 0
                    notes.append(self.note(
                        "barrel_blocked",
                        f"{self.names[s]} is on the barrel: {d} not added", seat=s, points=d))
                continue
            new = t + d
            if d > 0 and new >= rules.target and (s != made or not rules.barrel_jump):
                deltas[s] = rules.barrel_at - t
                climbed.append(s)
                if s == made:  # barrel_jump off: seed 001 "все лишние очки обрезаются"
                    notes.append(self.note(
                        "barrel_stop",
                        f"{self.names[s]} stops at the barrel ({rules.barrel_at}) and must win "
                        "from there", seat=s, barrel=rules.barrel_at))
                else:
                    notes.append(self.note(
                        "barrel_capped",
                        f"{self.names[s]} stops at the barrel ({rules.barrel_at}): only a made "
                        "contract reaches the target", seat=s, barrel=rules.barrel_at))
            elif d > 0 and rules.barrel_at <= new < rules.target:
                deltas[s] = rules.barrel_at - t
                climbed.append(s)
                notes.append(self.note(
                    "barrel_on", f"{self.names[s]} climbs onto the barrel at {rules.barrel_at}",
                    seat=s, barrel=rules.barrel_at))
        return deltas, climbed

    def write(self, kind: str, deltas: Sequence[Points], marks: list[list[str]], *,
              auto: bool = False, declarer: Seat | None = None, contract: str = "",
              notes: Sequence[Note] = (), advance: bool = False) -> None:
        """Append one row (and a 555 reset row if it lands a total on +-555)."""
        st, rules = self.state, self.rules
        totals, on_barrel, n = st.totals, st.on_barrel, st.n
        for s in range(n):
            totals[s] += deltas[s]
        if True in on_barrel:
            for s, d in enumerate(deltas):
                if on_barrel[s] and (d < 0 or totals[s] >= rules.target):
                    on_barrel[s] = False
                    st.barrel_deals[s] = 0
                    if d < 0:
                        self.ended.append(s)
        if advance:
            st.deals += 1
            self.advanced = True
        over_barrel = self.table.over_barrel
        if over_barrel or True in on_barrel:
            for s in range(n):
                over = over_barrel and totals[s] >= rules.barrel_at
                if (on_barrel[s] or over) and "barrel" not in marks[s]:
                    marks[s].append("barrel")
        st.rows.append(Row(
            entry=self.index, kind=kind, deltas=tuple(deltas), totals=tuple(totals),
            dealer=self.dealer, marks=tuple(map(tuple, marks)), auto=auto,
            declarer=declarer, sitting_out=self.out, contract=contract, notes=tuple(notes),
        ))
        if rules.reset_555 and (555 in totals or -555 in totals):
            hit = [s for s in range(n) if abs(totals[s]) == 555]
            self.write(
                Kind.RESET_555, [-totals[s] if s in hit else 0 for s in range(n)],
                [["reset_555"] if s in hit else [] for s in range(n)], auto=True,
                notes=[self.note("reset_555", "%s lands on 555: back to 0", self.names[s],
                                 seat=s) for s in hit],
            )

    def empty_marks(self) -> list[list[str]]:
        return [[] for _ in range(self.state.n)]

    def climb(self, climbed: Sequence[Seat]) -> None:
        for s in climbed:
            self.state.on_barrel[s] = True
            self.state.barrel_deals[s] = 0

    def after_played(self, climbed: Sequence[Seat]) -> None:
        """Barrel bookkeeping after a played deal: knock-offs, deals on the barrel, falls."""
        st, rules = self.state, self.rules
        if not rules.barrel_at or rules.barrel_mode != BarrelMode.CAP:
            return
        if rules.barrel_knock_off and climbed:
            for s in range(st.n):
                if st.on_barrel[s] and s not in climbed:
                    self.fall(s, Kind.BARREL_KNOCK_OFF, "is knocked off the barrel by "
                              + ", ".join(self.names[c] for c in climbed), by=list(climbed))
        for s in range(st.n):
            if st.on_barrel[s] and s not in climbed and s != self.out:
                st.barrel_deals[s] += 1
                if st.barrel_deals[s] >= rules.barrel_deals:
                    self.fall(s, Kind.BARREL_FALL,
                              f"falls off the barrel after {rules.barrel_deals} deals",
                              deals=rules.barrel_deals)

    def fall(self, seat: Seat, kind: str, why: str, **why_params: Any) -> None:
        """``why_params``: what ``why`` says, for the note's params (its ``cause`` is ``kind``)."""
        st, rules = self.state, self.rules
        st.on_barrel[seat] = False
        st.barrel_deals[seat] = 0
        st.falls[seat] += 1
        target_total = rules.barrel_at - rules.barrel_fall_penalty
        text = f"{self.names[seat]} {why}: {target_total}"
        cause = kind
        if rules.barrel_resets_after and st.falls[seat] == rules.barrel_resets_after:
            kind, target_total = Kind.BARREL_RESET, 0
            text = f"{self.names[seat]} {why} for the {st.falls[seat]}. time: back to 0"
        deltas = [0] * st.n
        deltas[seat] = target_total - st.totals[seat]
        marks = self.empty_marks()
        marks[seat].append("penalty")
        self.write(kind, deltas, marks, auto=True,
                   notes=[self.note(kind, text, seat=seat, total=target_total, cause=cause,
                                    falls=st.falls[seat], **why_params)])

    def failed_barrels(self) -> None:
        """``barrel_failures`` every_end: a barrel that a failed contract, a concession or a
        penalty ended counts like a fall towards ``barrel_resets_after`` (seed 001 "после 3
        неудачных бочек")."""
        st, rules = self.state, self.rules
        ended, self.ended = self.ended, []
        if rules.barrel_failures != BarrelFailures.EVERY_END:
            return
        for seat in ended:
            st.falls[seat] += 1
            if not rules.barrel_resets_after or st.falls[seat] != rules.barrel_resets_after:
                continue
            deltas = [0] * st.n
            deltas[seat] = -st.totals[seat]
            marks = self.empty_marks()
            marks[seat].append("penalty")
            self.write(Kind.BARREL_RESET, deltas, marks, auto=True, notes=[self.note(
                "barrel_reset",
                f"{self.names[seat]} fails on the barrel for the {st.falls[seat]}. time: back "
                "to 0", seat=seat, total=0, cause="barrel_failed", falls=st.falls[seat])])

    def finish(self, declarer: Seat | None) -> None:
        """Decide the end of the game after an entry (thousand.md#end-of-game)."""
        st, rules = self.state, self.rules
        top = max(st.totals)
        if top < rules.target or (rules.target_strict and top == rules.target):
            return
        over = [s for s in range(st.n) if (
            st.totals[s] > rules.target if rules.target_strict else st.totals[s] >= rules.target
        )]
        if not over:
            return
        ref = declarer if declarer is not None else 0
        order = sorted(over, key=lambda s: (s - ref) % st.n)
        if rules.winner == WinnerRule.DECLARER_FIRST and declarer in over:
            winner = declarer
            reason = f"reached {rules.target} as declarer"
            code = "declarer_reached"
        else:
            best = max(st.totals[s] for s in over)
            tied = [s for s in order if st.totals[s] == best]
            winner = tied[0]
            reason = (f"highest total over {rules.target}" if len(over) > 1
                      else f"reached {rules.target}")
            code = "highest" if len(over) > 1 else "reached"
        st.outcome = Outcome(winner=winner, reason=reason, code=code,
                             params={"target": rules.target, "total": st.totals[winner]})

    def count_bolts(self, bolted: Sequence[bool], declarer: Seat) -> None:
        st, rules = self.state, self.rules
        limit = rules.bolt_limit
        bolts = st.bolts
        if not limit or (True not in bolted and not any(bolts)):
            return  # nothing to count, nothing to reset
        hit: list[Seat] = []
        on_barrel, cap, out = st.on_barrel, self.table.cap, self.out
        for s in range(st.n):
            if s == out or (on_barrel[s] and cap):
                continue
            if s == declarer or not bolted[s]:
                if rules.bolts_consecutive:
                    bolts[s] = 0
                continue
            bolts[s] += 1
            if bolts[s] >= limit:
                bolts[s] = 0
                hit.append(s)
        for s in hit:
            deltas = [0] * st.n
            deltas[s] = -rules.bolt_penalty
            marks = self.empty_marks()
            marks[s].append("penalty")
            self.write(Kind.BOLTS, deltas, marks, auto=True, notes=[self.note(
                "bolts", "%s has %s bolts: -%s", self.names[s], rules.bolt_limit,
                rules.bolt_penalty, seat=s, penalty=rules.bolt_penalty, limit=rules.bolt_limit)])

    def break_bolts(self) -> None:
        """A deal not played out (a concession, a bomb, three marriages in hand, a revoke
        penalty that ends the deal): nobody took a bolt in it, so with bolts in a row every
        seat that plays it starts its count again (thousand.md#bolts-болт; edition 4).  Call it
        before the dealer moves on (the seat sitting out is this deal's)."""
        st, rules = self.state, self.rules
        if not (rules.bolt_limit and rules.bolts_consecutive
                and rules.unplayed_deal_breaks_bolts and any(st.bolts)):
            return
        on_barrel, cap, out = st.on_barrel, self.table.cap, self.out
        for s in range(st.n):
            if s != out and not (on_barrel[s] and cap):  # on the barrel no bolt is counted
                st.bolts[s] = 0

    # ------------------------------------------------------------ entries

    def deal(self, e: Deal) -> None:
        """Verify a played deal, then write its row and what follows from it."""
        self.verify_deal(e)
        st, table = self.state, self.table
        d = e.declarer
        marks, proposed, bolted, notes = self.scored_deal(e)
        made = marks[d][0] == "made"  # (the declarer's first mark: made or failed)
        if table.barrel:
            deltas, climbed = self.settle(proposed, d if made else None, notes)
            self.climb(climbed)
        else:
            deltas, climbed = proposed, []
        self.write(Kind.DEAL, deltas, marks, declarer=d,
                   contract=f"{e.contract} dark" if e.dark else str(e.contract), notes=notes,
                   advance=True)
        if self.ended:
            self.failed_barrels()
        self.count_bolts(bolted, d)
        if table.cap_barrel:
            self.after_played(climbed)
        st.dealer = (st.dealer + table.dealer_step) % st.n  # next_dealer
        if max(st.totals) >= table.finish_at:
            self.finish(d)

    def verify_deal(self, e: Deal) -> None:
        """Raise :class:`IllegalEntry` unless the deal can be written now."""
        st, table, names = self.state, self.table, self.names
        rules = table.rules
        n, out, d, points, marriages = st.n, self.out, e.declarer, e.points, e.marriages
        contract, dark = e.contract, e.dark
        # The usual contract is checked at once (min_contract off the barrel); anything else by
        # verify_contract, which says what is wrong.
        holder_step = table.holder_step
        low = rules.opening_bid
        if holder_step is not None and d != (st.dealer + holder_step) % n:
            low += rules.bid_step
        if (dark or d == out or not low <= contract <= rules.max_contract
                or contract % rules.bid_step or st.on_barrel[d]):
            THOUSAND.verify_contract(st, rules, d, contract, dark=dark, names=names)
        total = sum(points)
        if total != CARD_POINTS:
            raise IllegalEntry(
                f"card points add up to {total}, a deal has {CARD_POINTS}",
                code="points_sum", params={"field": "points", "sum": total,
                                           "total": CARD_POINTS},
            )
        if out is not None and (points[out] or marriages[out]):
            raise IllegalEntry(
                f"{names[out]} sits this deal out: no points and no marriages",
                code="sitting_out_scores", params={"field": "points", "seat": out},
            )
        if any(marriages):
            self.verify_marriages(marriages)
        if dark:
            self.verify_dark(d)

    def verify_marriages(self, marriages: Sequence[Sequence[str]]) -> None:
        """A marriage is declared once per deal."""
        names = self.names
        owners: dict[str, Seat] = {}
        for s, suits in enumerate(marriages):
            for suit in suits:
                if suit in owners:
                    raise IllegalEntry(
                        f"the {suit} marriage is declared by {names[owners[suit]]} and "
                        f"{names[s]}; a marriage is declared once per deal",
                        code="marriage_twice", params={"field": "marriages", "suit": suit,
                                                       "first": owners[suit], "second": s},
                    )
                owners[suit] = s

    def scored_deal(self, e: Deal) -> tuple[list[list[str]], list[Points], list[bool],
                                            list[Note]]:
        """A verified deal's marks, the changes it proposes (before the barrel), the defenders
        who took a bolt, and its notes (thousand.md#scoring)."""
        st, table, names = self.state, self.table, self.names
        rules = table.rules
        n, out, d, points, marriages = st.n, self.out, e.declarer, e.points, e.marriages
        contract, dark = e.contract, e.dark
        values = table.values
        marks: list[list[str]] = [[] for _ in range(n)]
        raw_decl = points[d] + sum(values[m] for m in marriages[d])
        made = raw_decl >= contract
        stake = 2 * contract if dark else contract
        proposed = [0] * n
        bolted = [False] * n
        proposed[d] = stake if made else -stake
        marks[d].append("made" if made else "failed")
        if dark:
            marks[d].append("dark")
        notes = [Note(
            code="made" if made else "failed", text="%s %s %s with %s: %s%s",
            args=(names[d], "makes" if made else "fails", contract, raw_decl,
                  "+" if made else "-", stake),
            params={"seat": d, "contract": contract, "raw": raw_decl, "delta": proposed[d]})]
        if table.warn_no_marriage and contract > CARD_POINTS and not marriages[d]:
            marks[d].append("warning")
            notes.append(self.note(
                "no_marriage", "%s played %s without declaring a marriage", names[d],
                contract, seat=d, contract=contract))
        add, step, took_nothing = table.round_add, table.round_step, table.took_nothing
        on_barrel = st.on_barrel
        for s in range(n):
            if s in (d, out):
                continue
            got, shown = points[s], marriages[s]
            raw = got + sum(values[m] for m in shown) if shown else got
            written = proposed[s] = (raw + add) // step * step if step else raw  # round_defender
            if written != raw:
                notes.append(Note(code="rounded", text="%s %s -> %s", args=(names[s], raw, written),
                                  params={"seat": s, "raw": raw, "written": written}))
            # seed 001 "Если игрок не взял ничего": no card point and no marriage
            bolt = bolted[s] = not got and not shown if took_nothing else written == 0
            if bolt and rules.bolt_limit and not (on_barrel[s] and table.cap):
                marks[s].append("bolt")
        return marks, proposed, bolted, notes

    def verify_dark(self, declarer: Seat) -> None:
        st, rules, names = self.state, self.rules, self.names
        if not rules.dark:
            raise IllegalEntry("this table does not play dark",
                               code="dark_off", params={"field": "dark"})
        first = THOUSAND.first_bidder(st, rules)
        if rules.dark_seat == DarkSeat.ON_HUNDRED and declarer != first:
            raise IllegalEntry(
                f"only {names[first]}, on the hundred, may play dark",
                code="dark_seat", params={"field": "dark", "seat": first})
        if rules.dark_min_total is not None and st.totals[declarer] <= rules.dark_min_total:
            raise IllegalEntry(
                f"dark needs a total above {rules.dark_min_total}; {names[declarer]} has "
                f"{st.totals[declarer]}", code="dark_total",
                params={"field": "dark", "min": rules.dark_min_total, "seat": declarer,
                        "total": st.totals[declarer]})
        if rules.barrel_at and rules.barrel_mode == BarrelMode.CAP and any(st.on_barrel):
            raise IllegalEntry("no dark contract while somebody is on the barrel",
                               code="dark_barrel", params={"field": "dark"})

    def next_dealer(self) -> None:
        self.state.dealer = THOUSAND.next_dealer(self.rules, self.state.dealer, self.state.n)

    def concession(self, e: Concession) -> None:
        st, rules, names = self.state, self.rules, self.names
        if not rules.concession:
            raise IllegalEntry("this ruleset has no concession: the contract is played",
                               code="no_concession", params={"field": "type"})
        THOUSAND.verify_contract(st, rules, e.declarer, e.contract, names=names)
        credit = concession_points(rules, e.contract)
        proposed = [0] * st.n
        marks = self.empty_marks()
        proposed[e.declarer] = -e.contract
        marks[e.declarer].append("conceded")
        for s in self.playing():
            if s != e.declarer:
                proposed[s] = credit
        notes = [self.note("conceded", f"{names[e.declarer]} gives up {e.contract}: "
                           f"-{e.contract}, the others +{credit}", seat=e.declarer,
                           contract=e.contract, credit=credit)]
        deltas, climbed = self.settle(proposed, None, notes)
        self.climb(climbed)
        self.write(Kind.CONCESSION, deltas, marks, declarer=e.declarer,
                   contract=f"{e.contract}", notes=notes, advance=True)
        self.break_bolts()
        self.failed_barrels()
        self.after_played(climbed)
        self.next_dealer()
        self.finish(e.declarer)

    def redeal(self, e: Redeal) -> None:
        st, rules = self.state, self.rules
        advance = not rules.redeal_same_dealer
        if e.reason == "revoke" and rules.replay_same_dealer:
            # seed 000 "hra se opakuje": the same dealer deals again, the obligation stays
            advance = False
        self.write(Kind.REDEAL, [0] * st.n, self.empty_marks(), contract="",
                   notes=[self.note("redeal", f"redeal: {e.reason.replace('_', ' ')}",
                                    reason=e.reason)], advance=advance)
        if advance:
            self.next_dealer()

    def penalty(self, e: Penalty) -> None:
        st, rules, names = self.state, self.rules, self.names
        proposed = [0] * st.n
        if e.reason == PenaltyReason.REVOKE:
            if rules.revoke == Revoke.REPLAY:
                raise IllegalEntry(
                    "this table replays a revoked deal: write a redeal with the reason revoke",
                    code="revoke_replay", params={"field": "reason"})
            self.seat_check(e.seat, "seat", "revoke")
            proposed[e.seat] = -rules.revoke_penalty
            for s in self.playing():
                if s != e.seat:
                    proposed[s] = rules.revoke_compensation
            text = (f"{names[e.seat]} revoked: -{rules.revoke_penalty}"
                    + (f", the others +{rules.revoke_compensation}"
                       if rules.revoke_compensation else ""))
            amounts = {"penalty": rules.revoke_penalty,
                       "compensation": rules.revoke_compensation}
        elif e.reason == PenaltyReason.CUT_NINES:
            if not rules.cut_nines_penalty:
                raise IllegalEntry("this table has no penalty for cutting nines",
                                   code="cut_nines_off", params={"field": "reason"})
            proposed[e.seat] = -rules.cut_nines_penalty
            text = f"{names[e.seat]} cut a nine three times: -{rules.cut_nines_penalty}"
            amounts = {"penalty": rules.cut_nines_penalty}
        else:
            assert e.amount is not None
            proposed[e.seat] = e.amount
            text = f"{names[e.seat]}: {e.amount:+d}"
            amounts = {"amount": e.amount}
        marks = self.empty_marks()
        marks[e.seat].append("penalty")
        notes = [self.note(f"penalty_{e.reason}", text, seat=e.seat, **amounts)]
        deltas, climbed = self.settle(proposed, None, notes)
        self.climb(climbed)
        # revoke_ends_deal: the penalty takes the place of the deal, which counts as played
        ends_deal = e.reason == PenaltyReason.REVOKE and rules.revoke_ends_deal
        self.write(Kind.PENALTY, deltas, marks, contract="", notes=notes, advance=ends_deal)
        self.failed_barrels()
        if ends_deal:
            self.break_bolts()
            self.after_played(climbed)
            self.next_dealer()
        self.finish(e.seat)

    def bomb(self, e: Bomb) -> None:
        st, rules, names = self.state, self.rules, self.names
        if not rules.bombs_per_player:
            raise IllegalEntry("this table plays no bombs", code="bomb_off",
                               params={"field": "type"})
        self.seat_check(e.declarer, "declarer", "bomb")
        if st.bombs[e.declarer] >= rules.bombs_per_player:
            raise IllegalEntry(
                f"{names[e.declarer]} has used all {rules.bombs_per_player} bomb(s) of the game",
                code="bombs_used", params={"field": "declarer", "seat": e.declarer,
                                           "count": rules.bombs_per_player})
        proposed = [0] * st.n
        for s in self.playing():
            if s != e.declarer:
                proposed[s] = rules.bomb_points
        marks = self.empty_marks()
        marks[e.declarer].append("bomb")
        notes = [self.note("bomb", f"{names[e.declarer]} bombs: 0, the others "
                           f"+{rules.bomb_points}", seat=e.declarer, points=rules.bomb_points)]
        deltas, climbed = self.settle(proposed, None, notes)
        st.bombs[e.declarer] += 1
        self.climb(climbed)
        self.write(Kind.BOMB, deltas, marks, declarer=e.declarer, contract="bomb",
                   notes=notes, advance=True)
        self.break_bolts()
        self.after_played(climbed)
        self.next_dealer()
        self.finish(e.declarer)

    def marriages_in_hand(self, e: MarriagesInHand) -> None:
        st, rules, names = self.state, self.rules, self.names
        if not rules.marriages_in_hand:
            raise IllegalEntry("this table does not play marriages in hand",
                               code="marriages_in_hand_off", params={"field": "type"})
        self.seat_check(e.seat, "seat", "hold the cards")
        marks = self.empty_marks()
        if e.count == 4:
            marks[e.seat].append("made")
            self.write(Kind.MARRIAGES_IN_HAND, [0] * st.n, marks, declarer=e.seat,
                       contract="4 marriages", advance=True, notes=[self.note(
                           "four_marriages", f"{names[e.seat]} holds four marriages: the game",
                           seat=e.seat)])
            st.outcome = Outcome(winner=e.seat, reason="four marriages in one hand",
                                 code="four_marriages", params={})
            return
        if not rules.barrel_at:
            raise IllegalEntry("three marriages in hand need a barrel to climb onto",
                               code="no_barrel", params={"field": "count"})
        if st.totals[e.seat] >= rules.barrel_at:
            raise IllegalEntry(f"{names[e.seat]} is already at the barrel",
                               code="already_barrel", params={"field": "seat", "seat": e.seat})
        credit = concession_points(rules, rules.opening_bid)
        proposed = [0] * st.n
        for s in self.playing():
            if s != e.seat:
                proposed[s] = credit
        notes = [self.note("three_marriages", f"{names[e.seat]} holds three marriages: onto "
                           f"the barrel, the others +{credit}", seat=e.seat, credit=credit)]
        deltas, climbed = self.settle(proposed, None, notes)
        deltas[e.seat] = rules.barrel_at - st.totals[e.seat]
        if rules.barrel_mode == BarrelMode.CAP:
            climbed.append(e.seat)
        self.climb(climbed)
        self.write(Kind.MARRIAGES_IN_HAND, deltas, marks, declarer=e.seat,
                   contract="3 marriages", notes=notes, advance=True)
        self.break_bolts()
        self.after_played(climbed)
        self.next_dealer()
        self.finish(e.seat)
