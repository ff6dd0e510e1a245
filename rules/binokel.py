"""Binokel for three players with a Dapp, as docs/rules/binokel.md explains it.

Options that are points (opening bid, meld values, the concession bonus, the trick points needed
to keep melds, the target) are given in the seed's counting and multiplied by ``scale``; what is
written on the sheet (bids, meld points, trick points) is in the chosen scale.

>>> from rules import engine
>>> sheet = engine.load({"format": "scoresheet/1", "game": "binokel", "ruleset": "binokel",
...     "options": {}, "players": ["Anna", "Bea", "Cem"], "first_dealer": 0, "entries": [
...     {"type": "deal", "declarer": 1, "bid": 18, "trump": "hearts", "melds": [4, 12, 2],
...      "points": [7, 8, 10]}]})
>>> row = engine.score(sheet).rows[0]
>>> row.deltas, row.marks[1], row.contract
((11, 20, 12), ('made',), '18 ♥')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from functools import cached_property
from typing import Any, ClassVar, cast

from . import engine
from .aliases import Points, Seat
from .binokel_melds import (
    DAPP,
    DEFAULT_MELD_VALUES,
    HAND,
    HAND_NO_DAPP,
    MELD_INFO,
    MELD_KEYS,
    SUIT_SYMBOLS,
    MeldKind,
    Melds,
    Suit,
    max_meld_points,
    meld_points,
    meld_step,
)
from .engine import Entry, Note, Outcome, Row, Sheet, State
from .errors import IllegalEntry
from .options import OBLIGATION_HELP, check_obligations, option
from .parse import get_choice, get_int, get_int_list, get_seat, only_keys

__all__ = [
    "BinokelGame",
    "BinokelOptions",
    "Concession",
    "Deal",
    "MeldField",
    "Melds",
    "Redeal",
    "RedealReason",
    "Suit",
    "meld_form",
    "score_melds",
]

PLAYERS = 3  # docs/rules/binokel.md: Binokel with a Dapp is played by three
DEAL_POINTS = 25  # seed 002: A, 10, K count 1 each (8 of each = 24) + 1 for the last trick
SEATS_PER_ROUND = 3  # the sheet draws an underline when every seat has dealt once
DISS = MeldKind.DISS.value
TRUMP_PAIR = MeldKind.TRUMP_PAIR.value


@unique
class AllPass(StrEnum):
    """What happens when every player passes at once (seed 002, docs/rules/binokel.md
    ``all_pass``)."""

    REDEAL = "redeal"
    FIRST_MUST_BID = "first_must_bid"


@unique
class DealPasses(StrEnum):
    """Where the deal goes after a deal (``deal_passes``: docs/rules/thousand.md and
    docs/rules/binokel.md)."""

    NEXT = "next"  # the next column
    PREVIOUS = "previous"  # seed 002: "links vom letzten Geber", play runs counter-clockwise


@unique
class RedealReason(StrEnum):
    """Why a deal is dealt again (docs/rules/binokel.md "Redeals")."""

    FIVE_NINES = "five_nines"  # a player holds five nines and nothing to meld
    ALL_PASS = "all_pass"  # everybody passed at once
    MISDEAL = "misdeal"  # wrong number of cards, a card shown while dealing


REDEAL_TEXT: Mapping[RedealReason, str] = {
    RedealReason.FIVE_NINES: "a player held five nines and nothing to meld",
    RedealReason.ALL_PASS: "everybody passed",
    RedealReason.MISDEAL: "misdeal",
}


# --------------------------------------------------------------------------- options


@dataclass(frozen=True, kw_only=True)
class BinokelOptions:
    """The ``binokel`` preset (docs/rules/binokel.md).  Point options are in the seed's counting."""

    scale: int = option(
        help="1: A, 10 and K count 1 each (25 a deal); 10: every point is ten (250 a deal)",
        choices=(1, 10),
    )
    dapp: bool = option(
        help="three cards go to the Dapp (15 each); off: 16 cards each and no Dapp",
    )
    melds_after_discard: bool = option(
        help="the declarer melds after laying three cards away, from the 15 he keeps; off: "
        "from his hand and the Dapp (18 cards)",
    )
    deal_passes: str = option(
        help="where the deal goes after each deal: the next or the previous column (the "
        "player left of the last dealer, with play counter-clockwise)",
        choices=tuple(d.value for d in DealPasses),
    )
    opening_bid: int = option(
        help="the lowest bid, times the scale (15 is 150 at scale 10)", min=1, max=100
    )
    melds: Mapping[str, int] = option(
        help="the value of each meld, times the scale",
        keys=MELD_KEYS,
        min=0,
        max=100,
    )
    fail_multiplier: int = option(
        help="a declarer who misses his bid writes minus the bid times this", min=1, max=4
    )
    concede: bool = option(
        help="the declarer may go off after seeing the Dapp: minus the bid, the others score "
        "their melds and the bonus",
    )
    concede_bonus: int = option(
        help="what each other player gets on top of its melds when the declarer goes off, "
        "times the scale",
        min=0,
        max=DEAL_POINTS,
    )
    keep_meld_min_points: int = option(
        help="a player whose tricks hold fewer points than this loses its melds (0: never), "
        "times the scale",
        min=0,
        max=DEAL_POINTS,
    )
    keep_trump_nines: bool = option(
        help="a player (not the declarer) who loses its melds for lack of trick points keeps "
        "its Diss",
    )
    declarer_needs_trump_pair: bool = option(
        help="the declarer must show a trump pair to play the deal; without one he goes off",
    )
    redeal_five_nines: bool = option(
        help="a player with five nines and nothing to meld forces a redeal",
    )
    all_pass: str = option(
        help="when everybody passes at once: redeal, or the player left of the dealer must "
        "play the opening bid",
        choices=tuple(a.value for a in AllPass),
    )
    target: int = option(
        help="the game ends when a total reaches this, times the scale", min=1, max=1000
    )
    must_follow: bool = option(help=OBLIGATION_HELP["must_follow"])
    must_beat: bool = option(help=OBLIGATION_HELP["must_beat"])
    must_trump: bool = option(help=OBLIGATION_HELP["must_trump"])
    must_overtrump: bool = option(help=OBLIGATION_HELP["must_overtrump"])
    beat_when_trumped: bool = option(help=OBLIGATION_HELP["beat_when_trumped"])
    # Fixed traits of the game, not options (no ``help``).
    deal_points: int = DEAL_POINTS
    bid_step: int = 1  # seed 002: "in der Regel in Einerschritten", times the scale

    def __post_init__(self) -> None:
        check_obligations(self)

    # Derived values in the chosen scale -------------------------------------------------

    @cached_property
    def deal_total(self) -> Points:
        """Trick points of one deal: 25 at scale 1, 250 at scale 10."""
        return self.deal_points * self.scale

    @cached_property
    def opening(self) -> Points:
        return self.opening_bid * self.scale

    @cached_property
    def step(self) -> Points:
        return self.bid_step * self.scale

    @cached_property
    def goal(self) -> Points:
        return self.target * self.scale

    @cached_property
    def bonus(self) -> Points:
        return self.concede_bonus * self.scale

    @cached_property
    def keep_min(self) -> Points:
        return self.keep_meld_min_points * self.scale

    @cached_property
    def meld_values(self) -> Mapping[str, Points]:
        """Meld kind -> points as written on the sheet (worked out once: every deal reads it)."""
        return {k: self.melds[k] * self.scale for k in MELD_KEYS}

    @cached_property
    def meld_unit(self) -> Points:
        """Every meld total is a multiple of this (:func:`meld_step` of the values)."""
        return meld_step(self.meld_values)

    @cached_property
    def _max_melds(self) -> tuple[Points, Points]:
        """:meth:`max_melds` of a defender and of the declarer, worked out once."""
        return (max_meld_points(self.meld_values, self.hand_size(declarer=False)),
                max_meld_points(self.meld_values, self.hand_size(declarer=True)))

    def hand_size(self, *, declarer: bool) -> int:
        """Cards a player melds from: 15 with a Dapp (seed 002: the declarer "nimmt ... den
        Dapp auf ... drückt ... drei Karten", then "Melden"), 16 without; the declarer's hand
        and the Dapp (18) when ``melds_after_discard`` is off."""
        if not self.dapp:
            return HAND_NO_DAPP
        return HAND + DAPP if declarer and not self.melds_after_discard else HAND

    def max_melds(self, *, declarer: bool) -> Points:
        return self._max_melds[declarer]

    @cached_property
    def max_bid(self) -> Points:
        """The most a declarer can ever score: every trick point and the best possible melds."""
        return self.deal_total + self.max_melds(declarer=True)


BINOKEL = BinokelOptions(
    scale=1,
    dapp=True,
    melds_after_discard=True,
    deal_passes=DealPasses.PREVIOUS.value,
    opening_bid=15,
    melds=dict(DEFAULT_MELD_VALUES),
    fail_multiplier=1,
    concede=True,
    concede_bonus=3,
    keep_meld_min_points=1,
    keep_trump_nines=False,
    declarer_needs_trump_pair=False,
    redeal_five_nines=True,
    all_pass=AllPass.REDEAL.value,
    target=100,
    # seed 002: "Spieler müssen die angespielte Farbe bedienen ... mit einem Trumpf einstechen
    # ... Außerdem besteht Stichzwang"
    must_follow=True,
    must_beat=True,
    must_trump=True,
    must_overtrump=True,
    # seed 002: "Er muss die angespielte Zehn jedoch nicht stechen, weil die höchste Karte im
    # Stich jetzt eine Trumpfkarte ist"
    beat_when_trumped=False,
)

# Rules edition 1 (docs/format.md#editions): the declarer melded from 18 cards and the deal
# passed to the next column.
EDITION_1: Mapping[str, Any] = {"melds_after_discard": False, "deal_passes": DealPasses.NEXT.value}


# --------------------------------------------------------------------------- the meld form


@dataclass(frozen=True, kw_only=True)
class MeldField:
    """One button row of the meld calculator: a meld kind with its value on this sheet."""

    kind: str
    name: str
    english: str
    cards: str
    value: Points
    most: int


def meld_form(rules: BinokelOptions) -> list[MeldField]:
    """Every meld kind with its value under ``rules`` (times the scale), for the web form."""
    values = rules.meld_values
    return [
        MeldField(
            kind=m.kind.value,
            name=m.name,
            english=m.english,
            cards=m.cards,
            value=values[m.kind.value],
            most=m.most,
        )
        for m in MELD_INFO
    ]


def score_melds(
    rules: BinokelOptions, melds: Melds, *, declarer: bool, trump: Suit | None = None
) -> Points:
    """The meld points of what one player shows, under ``rules``; raises IllegalEntry.

    The declarer melds from his hand and the Dapp; under ``declarer_needs_trump_pair`` he must
    show a trump pair.
    """
    return meld_points(
        melds,
        rules.meld_values,
        hand_size=rules.hand_size(declarer=declarer),
        trump=trump,
        needs_trump_pair=declarer and rules.declarer_needs_trump_pair,
    )


# --------------------------------------------------------------------------- entries


@dataclass(frozen=True, kw_only=True, init=False)
class Deal(Entry):
    """A played deal: the declarer's bid and trumps, meld points and trick points per seat.

    ``trump_nines``: how many trump nines (Diss) each seat's melds hold; only needed for
    ``keep_trump_nines``.
    """

    kind: ClassVar[str] = "deal"
    declarer: Seat
    bid: Points
    trump: Suit
    melds: tuple[Points, ...]
    points: tuple[Points, ...]
    trump_nines: tuple[int, ...] = (0,) * PLAYERS

    def __init__(self, *, declarer: Seat, bid: Points, trump: Suit, melds: tuple[Points, ...],
                 points: tuple[Points, ...], trump_nines: tuple[int, ...] = (0,) * PLAYERS
                 ) -> None:
        # what the generated __init__ does, without a setattr per field: one deal per entry
        own = self.__dict__
        own["declarer"] = declarer
        own["bid"] = bid
        own["trump"] = trump
        own["melds"] = melds
        own["points"] = points
        own["trump_nines"] = trump_nines


@dataclass(frozen=True, kw_only=True)
class Concession(Entry):
    """The declarer goes off (*abgehen*) after seeing the Dapp."""

    kind: ClassVar[str] = "concession"
    declarer: Seat
    bid: Points
    melds: tuple[Points, ...]


@dataclass(frozen=True, kw_only=True)
class Redeal(Entry):
    """The cards are dealt again; nobody scores."""

    kind: ClassVar[str] = "redeal"
    reason: RedealReason


REDEAL_REASONS = tuple(r.value for r in RedealReason)
SUIT_NAMES = tuple(s.value for s in Suit)
SUITS: Mapping[str, Suit] = {s.value: s for s in Suit}  # a suit by its name

# --------------------------------------------------------------------------- verification


def _who(players: Sequence[str], seat: Seat) -> str:
    """A player's name for a message (its seat when the names are not at hand)."""
    return players[seat] if 0 <= seat < len(players) else f"seat {seat}"


def _illegal(message: str, code: str, **params: Any) -> IllegalEntry:
    return IllegalEntry(message, code=code, params=params)


def verify_bid(rules: BinokelOptions, bid: Points) -> None:
    """A bid is at least the opening bid, a whole number of steps, at most what can be made."""
    if bid < rules.opening:
        raise _illegal(
            f"bid {bid} is below the opening bid {rules.opening}",
            "bid_too_low",
            bid=bid,
            opening=rules.opening,
        )
    if bid % rules.step:
        raise _illegal(
            f"bid {bid} is not a multiple of {rules.step}: bids go up in steps of {rules.step}",
            "bid_step",
            bid=bid,
            step=rules.step,
        )
    if bid > rules.max_bid:
        raise _illegal(
            f"bid {bid} is more than a declarer can ever score ({rules.max_bid}: "
            f"{rules.deal_total} trick points and {rules.max_melds(declarer=True)} in melds)",
            "bid_too_high",
            bid=bid,
            most=rules.max_bid,
            deal_total=rules.deal_total,
            melds=rules.max_melds(declarer=True),
        )


def verify_meld_points(rules: BinokelOptions, melds: tuple[Points, ...], declarer: Seat,
                       players: Sequence[str] = ()) -> None:
    """Each seat's meld points are a sum of meld values one hand can reach."""
    step = rules.meld_unit
    for seat, value in enumerate(melds):
        most = rules.max_melds(declarer=seat == declarer)
        if value > most:
            raise _illegal(
                f"melds of {_who(players, seat)} are {value}, more than one hand can show "
                f"(at most {most})",
                "melds_too_high",
                seat=seat,
                melds=value,
                most=most,
            )
        if value % step:
            raise _illegal(
                f"melds of {_who(players, seat)} are {value}, not a multiple of {step}: "
                "no set of melds adds up to that",
                "melds_step",
                seat=seat,
                melds=value,
                step=step,
            )


def verify_trick_points(rules: BinokelOptions, points: tuple[Points, ...],
                        players: Sequence[str] = ()) -> None:
    """Trick points add up to the deal total and come in whole points of the scale."""
    total = sum(points)
    if total != rules.deal_total:
        raise _illegal(
            f"trick points add up to {total}, a deal has {rules.deal_total}",
            "points_total",
            total=total,
            deal_total=rules.deal_total,
        )
    for seat, value in enumerate(points):
        if value % rules.scale:
            raise _illegal(
                f"trick points of {_who(players, seat)} are {value}, not a multiple of "
                f"{rules.scale}: every card point is {rules.scale}",
                "points_step",
                seat=seat,
                points=value,
                scale=rules.scale,
            )


def verify_trump_nines(rules: BinokelOptions, deal: Deal, players: Sequence[str] = ()) -> None:
    """At most two trump nines exist; each is part of its owner's melds."""
    total = sum(deal.trump_nines)
    if total > 2:
        raise _illegal(
            f"trump nines add up to {total}; the deck holds two nines of each suit",
            "trump_nines_total",
            total=total,
        )
    diss = rules.meld_values[DISS]
    for seat, nines in enumerate(deal.trump_nines):
        if nines * diss > deal.melds[seat]:
            raise _illegal(
                f"{_who(players, seat)} melds {deal.melds[seat]} but shows {nines} trump nines "
                f"worth {nines * diss}",
                "trump_nines_melds",
                seat=seat,
                nines=nines,
                melds=deal.melds[seat],
                worth=nines * diss,
            )


def verify_deal(rules: BinokelOptions, deal: Deal, players: Sequence[str] = ()) -> None:
    """Raise :class:`IllegalEntry` unless ``deal`` is a possible played deal under ``rules``."""
    verify_bid(rules, deal.bid)
    verify_meld_points(rules, deal.melds, deal.declarer, players)
    verify_trick_points(rules, deal.points, players)
    verify_trump_nines(rules, deal, players)
    trump_pair = rules.meld_values[TRUMP_PAIR]
    if rules.declarer_needs_trump_pair and deal.melds[deal.declarer] < trump_pair:
        raise _illegal(
            f"the declarer melds {deal.melds[deal.declarer]}, less than a trump pair "
            f"({trump_pair}); at this table a declarer without a trump pair must go off",
            "needs_trump_pair",
            melds=deal.melds[deal.declarer],
            trump_pair=trump_pair,
        )


def verify_concession(rules: BinokelOptions, concession: Concession,
                      players: Sequence[str] = ()) -> None:
    if not rules.concede:
        raise _illegal(
            "this table does not allow going off after the Dapp",
            "no_concession",
        )
    verify_bid(rules, concession.bid)
    verify_meld_points(rules, concession.melds, concession.declarer, players)


def verify_redeal(rules: BinokelOptions, redeal: Redeal) -> None:
    if redeal.reason == RedealReason.FIVE_NINES and not rules.redeal_five_nines:
        raise _illegal(
            "five nines do not force a redeal at this table",
            "no_five_nines_redeal",
        )
    if redeal.reason == RedealReason.ALL_PASS and rules.all_pass != AllPass.REDEAL:
        raise _illegal(
            "at this table, when everybody passes, the player left of the dealer must play the "
            "opening bid",
            "no_all_pass_redeal",
        )


def can_deal(rules: BinokelOptions, deal: Deal) -> bool:
    try:
        verify_deal(rules, deal)
    except IllegalEntry:
        return False
    return True


def can_concede(rules: BinokelOptions, concession: Concession) -> bool:
    try:
        verify_concession(rules, concession)
    except IllegalEntry:
        return False
    return True


def can_redeal(rules: BinokelOptions, redeal: Redeal) -> bool:
    try:
        verify_redeal(rules, redeal)
    except IllegalEntry:
        return False
    return True


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True, kw_only=True, init=False)
class Result:
    """What one deal or concession writes on the sheet."""

    deltas: tuple[Points, ...]
    marks: tuple[tuple[str, ...], ...]
    notes: tuple[Note, ...]

    def __init__(self, *, deltas: tuple[Points, ...], marks: tuple[tuple[str, ...], ...],
                 notes: tuple[Note, ...]) -> None:
        # what the generated __init__ does, without a setattr per field: one per entry
        own = self.__dict__
        own["deltas"] = deltas
        own["marks"] = marks
        own["notes"] = notes


def deal(rules: BinokelOptions, entry: Deal, players: tuple[str, ...]) -> Result:
    """Score a played deal (verify first).  docs/rules/binokel.md "Per deal"."""
    verify_deal(rules, entry, players)
    diss = rules.meld_values[DISS]
    deltas: list[Points] = []
    marks: list[tuple[str, ...]] = []
    notes: list[Note] = []
    for seat in range(PLAYERS):
        melds, tricks = entry.melds[seat], entry.points[seat]
        is_declarer = seat == entry.declarer
        seat_marks: list[str] = []
        kept = melds
        if melds and tricks < rules.keep_min:
            nines = 0 if is_declarer or not rules.keep_trump_nines else entry.trump_nines[seat]
            kept = nines * diss
            seat_marks.append("melds_lost")
            notes.append(
                Note(
                    code="melds_lost",
                    params={"seat": seat, "lost": melds - kept, "min": rules.keep_min,
                            "tricks": tricks},
                    text="%s took %s trick points, fewer than %s, and loses %s meld points",
                    args=(players[seat], tricks, rules.keep_min, melds - kept),
                )
            )
            if kept:
                seat_marks.append("nines_kept")
                notes.append(
                    Note(
                        code="nines_kept",
                        params={"seat": seat, "kept": kept},
                        text="%s keeps %s for trump nines",
                        args=(players[seat], kept),
                    )
                )
        score = kept + tricks
        if not is_declarer:
            deltas.append(score)
        elif score >= entry.bid:
            deltas.append(score)
            seat_marks.append("made")
            notes.append(
                Note(
                    code="made",
                    params={"seat": seat, "bid": entry.bid, "melds": kept, "tricks": tricks},
                    text="%s made %s: melds %s + tricks %s = %s",
                    args=(players[seat], entry.bid, kept, tricks, score),
                )
            )
        else:
            loss = entry.bid * rules.fail_multiplier
            deltas.append(-loss)
            seat_marks.append("failed")
            notes.append(
                Note(
                    code="failed",
                    params={"seat": seat, "bid": entry.bid, "score": score, "loss": loss,
                            "melds": kept, "tricks": tricks},
                    text="%s missed %s with melds %s + tricks %s = %s and writes -%s",
                    args=(players[seat], entry.bid, kept, tricks, score, loss),
                )
            )
        marks.append(tuple(seat_marks))
    return Result(deltas=tuple(deltas), marks=tuple(marks), notes=tuple(notes))


def concession(rules: BinokelOptions, entry: Concession, players: tuple[str, ...]) -> Result:
    """Score a concession (verify first): -bid; the others their melds + the bonus."""
    verify_concession(rules, entry, players)
    deltas = tuple(
        -entry.bid if seat == entry.declarer else entry.melds[seat] + rules.bonus
        for seat in range(PLAYERS)
    )
    marks = tuple(("conceded",) if seat == entry.declarer else () for seat in range(PLAYERS))
    note = Note(
        code="conceded",
        params={"seat": entry.declarer, "bid": entry.bid, "bonus": rules.bonus},
        text="%s went off at %s; the others score their melds + %s",
        args=(players[entry.declarer], entry.bid, rules.bonus),
    )
    return Result(deltas=deltas, marks=marks, notes=(note,))


def outcome(
    rules: BinokelOptions, totals: list[Points], declarer: Seat, players: tuple[str, ...]
) -> tuple[Outcome | None, Note | None]:
    """The end of the game after a deal by ``declarer`` (docs/rules/binokel.md).

    Every total that reached the target competes; the declarer among them wins, else the
    highest total.  Two defenders level on the highest total play on (docs/rules/binokel.md).
    """
    goal = rules.goal
    reached = [s for s in range(PLAYERS) if totals[s] >= goal]
    if not reached:
        return None, None
    if declarer in reached:
        return (
            Outcome(
                winner=declarer,
                reason=f"reached {goal} as declarer",
                code="won_declarer",
                params={"target": goal, "total": totals[declarer]},
            ),
            None,
        )
    top = max(totals[s] for s in reached)
    leaders = [s for s in reached if totals[s] == top]
    if len(leaders) > 1:
        names = " and ".join(players[s] for s in leaders)
        return None, Note(
            code="tie",
            params={"seats": leaders, "total": top},
            text=f"{names} both reached {top}: the game goes on until one leads",
        )
    winner = leaders[0]
    return (
        Outcome(
            winner=winner,
            reason=f"reached {goal} with the highest total",
            code="won_highest",
            params={"target": goal, "total": top},
        ),
        None,
    )


# --------------------------------------------------------------------------- the game


class BinokelGame(engine.Game):
    """Binokel for three (docs/rules/binokel.md)."""

    name: ClassVar[str] = "binokel"
    presets: ClassVar[Mapping[str, Any]] = {"binokel": BINOKEL}
    entry_kinds: ClassVar[tuple[str, ...]] = ("deal", "concession", "redeal")

    def player_counts(self, rules: Any) -> tuple[int, ...]:
        return (PLAYERS,)

    def edition_defaults(self, ruleset: str, edition: int) -> Mapping[str, Any]:
        return EDITION_1 if edition == 1 else {}

    def next_dealer(self, rules: Any, dealer: Seat, n: int) -> Seat:
        """Every deal, redeals included, passes on (seed 002: "Es gibt immer der Spieler, der
        links vom letzten Geber sitzt"; play runs counter-clockwise, so that is the previous
        column)."""
        step = -1 if rules.deal_passes == DealPasses.PREVIOUS else 1
        return (dealer + step) % n

    def parse_entry(self, raw: Mapping[str, Any], sheet: Sheet) -> Entry:
        kind = self.entry_kind(raw)
        n = sheet.n
        if kind == Redeal.kind:
            only_keys(raw, ("reason",))
            reason = get_choice(raw, "reason", REDEAL_REASONS)
            return Redeal(reason=RedealReason(reason))
        if kind == Concession.kind:
            only_keys(raw, ("declarer", "bid", "melds"))
            return Concession(
                declarer=get_seat(raw, "declarer", n),
                bid=get_int(raw, "bid"),
                melds=get_int_list(raw, "melds", n, lo=0),
            )
        only_keys(raw, ("declarer", "bid", "trump", "melds", "points", "trump_nines"))
        nines = (
            get_int_list(raw, "trump_nines", n, lo=0, hi=2)
            if raw.get("trump_nines") is not None
            else (0,) * n
        )
        return Deal(
            declarer=get_seat(raw, "declarer", n),
            bid=get_int(raw, "bid"),
            trump=SUITS[get_choice(raw, "trump", SUIT_NAMES)],
            melds=get_int_list(raw, "melds", n, lo=0),
            points=get_int_list(raw, "points", n, lo=0),
            trump_nines=nines,
        )

    def apply(self, state: State, index: int, entry: Entry, sheet: Sheet) -> None:
        rules = cast(BinokelOptions, sheet.rules)
        players = sheet.players
        dealer = state.dealer
        declarer: Seat | None = None
        contract = ""
        outcome_note: Note | None = None
        won: Outcome | None = None
        if isinstance(entry, Deal):
            result = deal(rules, entry, players)
            declarer, contract = entry.declarer, f"{entry.bid} {SUIT_SYMBOLS[entry.trump]}"
        elif isinstance(entry, Concession):
            result = concession(rules, entry, players)
            declarer, contract = entry.declarer, f"{entry.bid} off"
        elif isinstance(entry, Redeal):
            verify_redeal(rules, entry)
            result = Result(
                deltas=(0,) * PLAYERS,
                marks=((),) * PLAYERS,
                notes=(
                    Note(
                        code="redeal",
                        params={"reason": entry.reason.value},
                        text=f"dealt again: {REDEAL_TEXT[entry.reason]}",
                    ),
                ),
            )
        else:  # parse_entry makes only the three kinds
            raise TypeError(f"not a Binokel entry: {entry!r}")
        # Everything is verified: change the state.
        totals = [t + d for t, d in zip(state.totals, result.deltas, strict=True)]
        if declarer is not None:
            won, outcome_note = outcome(rules, totals, declarer, players)
        state.totals = totals
        state.deals += 1
        notes = result.notes + ((outcome_note,) if outcome_note else ())
        if won is not None:
            notes += (
                Note(
                    code=won.code,
                    params={**won.params, "seat": won.winner},
                    text="%s wins: %s",
                    args=(players[won.winner], won.reason),
                ),
            )
        state.rows.append(
            Row(
                entry=index,
                kind=entry.kind,
                deltas=result.deltas,
                totals=tuple(totals),
                dealer=dealer,
                marks=result.marks,
                declarer=declarer,
                contract=contract,
                round_end=state.deals % SEATS_PER_ROUND == 0,
                notes=notes,
            )
        )
        # every deal, redeals included, passes on
        state.dealer = self.next_dealer(rules, dealer, PLAYERS)
        if won is not None:
            state.outcome = won


engine.register(BinokelGame())
