"""The deal review: from the tricks in play order, judge every card of a finished deal.

Seed 004 art. II.8: "Při důvodném podezření na renonc lze po sehrávce požádat o shlédnutí všech
zdvihů i talonu" — after play, anyone may ask to see every trick and the talon.  From the tricks in
order the whole deal is known: a player's hand when he played a card is every card he played from
that trick on (and, in a partial review, the cards he still holds).  So every card can be judged by
the trick arbiter (:mod:`rules.arbiter`) against the hand the player really had, and a broken
obligation is *proven* by the later card that shows he held what he denied (docs/rules/arbiter.md,
"The deal review").

A review answers, per trick, its winner and for each card legal or the rule it broke with the proof
card; the card points of every player and side, the marriages declared, and every inconsistency of
the cards (one twice, one missing, a trick or a talon of the wrong size).

>>> r = review_json({"ruleset": "marias", "players": ["Anna", "Boris", "Vera"], "declarer": 0,
...     "trump": "hearts", "tricks": [["A-bells", "7-hearts", "8-bells"],
...                                   ["9-leaves", "10-leaves", "A-leaves"],
...                                   ["K-acorns", "10-bells", "7-acorns"]]})
>>> [(f["trick"], f["seat"], f["broken"], f["proof"]["card"]) for f in r["findings"]]
[(1, 1, 'follow_suit', '10-bells')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum, unique
from types import MappingProxyType
from typing import Any

from . import arbiter
from .aliases import JSON
from .arbiter import Broken, ContractName, IllegalPlay, MarriageRule, TrickRules, Turn
from .cards import Card, Rank, Suit, parse_card, parse_suit
from .errors import InvalidEntry, InvalidSheet, RulesError

PLAYERS_IN_TRICK = arbiter.PLAYERS_IN_TRICK
DOCS = "docs/rules/arbiter.md"


@unique
class Problem(StrEnum):
    """An inconsistency of the cards laid out (docs/format.md, ``problem``).  Values are stable."""

    CARD_TWICE = "card_twice"  # a card shown more often than the pack holds it
    CARD_MISSING = "card_missing"  # a complete deal in which a card of the pack never appears
    TRICK_SIZE = "trick_size"  # a trick of more or fewer than three cards
    TALON_SIZE = "talon_size"  # a talon (discards, Dapp) of the wrong number of cards
    HAND_LEFT = "hand_left"  # cards still in a hand after the last trick of the deal
    TRICK_WINNER = "trick_winner"  # a trick recorded as taken by another seat than its cards say


# Offences the review proves beyond the arbiter's (the talon, after play; the lead)
TALON_ACE_TEN = "talon_ace_ten"
LEAD_OUT_OF_TURN = "lead_out_of_turn"  # seed 004 art. III.3 "nesprávné vynesení"
UNDETERMINED = "undetermined"  # a renonc proven, which rule it broke not yet


@dataclass(frozen=True, kw_only=True)
class DealShape:
    """What a deal of a ruleset is made of, beyond the trick rules: the talon and the points.

    ``talon``: cards that are not played (Thousand's discards, Mariáš's talon, Binokel's Dapp laid
    off); they count for the declarer.  ``values``: card points per rank; ``last_trick``: the
    bonus of the last trick's winner.  ``talon_no_ace_ten``: the contracts in which an ace or a
    ten may not be laid into the talon.
    """

    talon: int
    values: Mapping[Rank, int]
    last_trick: int = 0
    talon_no_ace_ten: frozenset[ContractName] = frozenset()
    talon_option: str = ""  # a bool option of the sheet that takes the talon away when false
    scale_option: str = ""  # an int option of the sheet that multiplies every point
    no_points: frozenset[ContractName] = frozenset()  # contracts played for tricks, not points
    # "none"/"all": the tricks the declarer must take in a contract played for the tricks
    goals: Mapping[ContractName, str] = field(default_factory=lambda: MappingProxyType({}))

    def total(self, rules: TrickRules) -> int:
        """The card points of the whole pack plus the last trick (the deal's total)."""
        return sum(self.values.get(c.rank, 0) for c in rules.deck.cards()) + self.last_trick


_THOUSAND_VALUES = MappingProxyType({Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
                                     Rank.JACK: 2})  # docs/rules/thousand.md
_RU_SHAPE = DealShape(talon=0, values=_THOUSAND_VALUES)  # the talon is handed out (seed 001)

SHAPES: Mapping[str, DealShape] = MappingProxyType(
    {
        "ru": _RU_SHAPE,
        "pl": _RU_SHAPE,
        # seed 003: the declarer "discards 3" (they count for him)
        "one-thousand": DealShape(talon=3, values=_THOUSAND_VALUES),
        # docs/rules/thousand.md#3-tisic--czech-tisíc: lays off 2, never an ace or a ten; they count
        # for him
        "tisic": DealShape(talon=2, values=_THOUSAND_VALUES,
                           talon_no_ace_ten=frozenset({ContractName.SUIT})),
        # docs/rules/marias.md: aces and tens 10, the last trick 10 (90); seed 004 art. III.12
        # betl and durch are played for the tricks (seed 004 art. II.16: betl "pouští všechny
        # zdvihy", durch "všechny zdvihy uhrává"), not for card points
        "marias": DealShape(talon=2, values=MappingProxyType({Rank.ACE: 10, Rank.TEN: 10}),
                            last_trick=10, talon_no_ace_ten=frozenset({ContractName.SUIT}),
                            no_points=frozenset({ContractName.BETL, ContractName.DURCH}),
                            goals=MappingProxyType({ContractName.BETL: "none",
                                                    ContractName.DURCH: "all"})),
        # seed 002: A, 10, K one point each, the last trick one; the laid-off Dapp counts
        "binokel": DealShape(talon=3, values=MappingProxyType({Rank.ACE: 1, Rank.TEN: 1,
                                                               Rank.KING: 1}),
                             last_trick=1, talon_option="dapp", scale_option="scale"),
    }
)
"""Ruleset name -> the shape of its deal (the talon, the card points)."""


def deal_shape(ruleset: str, options: Mapping[str, Any] | None = None,
               edition: int | None = None) -> DealShape:
    """The deal shape of ``ruleset`` under the sheet's ``options`` and rules ``edition``
    (Binokel: Dapp, scale)."""
    shape = SHAPES[ruleset]
    if not (shape.talon_option or shape.scale_option):
        return shape
    from .engine import EDITION, resolve_rules

    try:
        game_rules = resolve_rules(ruleset, EDITION if edition is None else edition,
                                   options or {})
    except InvalidSheet as exc:
        raise InvalidEntry(f"options: {exc.message}", code=exc.code,
                           params={"field": "options", **exc.params}) from None
    talon = shape.talon
    if shape.talon_option and not getattr(game_rules, shape.talon_option):
        talon = 0
    scale = int(getattr(game_rules, shape.scale_option)) if shape.scale_option else 1
    return DealShape(
        talon=talon,
        values=MappingProxyType({r: v * scale for r, v in shape.values.items()}),
        last_trick=shape.last_trick * scale,
        talon_no_ace_ten=shape.talon_no_ace_ten,
        no_points=shape.no_points,
        goals=shape.goals,
    )


# What a proven offence writes on the sheet, per game (docs/format.md entries).  Mariáš, seed 004
# art. III: 1 "nepřiznání barvy" (a trump not played is a colour not confessed), 2 "nepřebití
# nižší karty", 3 "nesprávné vynesení" (a lead out of turn), 7 "nesprávný počet karet v talonu",
# 11 "porušení bodů B/13" (the seven), 12 "eso nebo desítka v talonu".  Thousand: the revoke
# penalty row (a lead out of turn breaks the order of play as a revoke breaks a trick rule).
_REVOKE: JSON = {"type": "penalty", "reason": "revoke"}
PENALTIES: Mapping[str, Mapping[str, JSON]] = MappingProxyType(
    {
        "marias": {
            Broken.FOLLOW_SUIT: {"type": "renonc", "kind": 1},
            Broken.TRUMP: {"type": "renonc", "kind": 1},
            Broken.BEAT: {"type": "renonc", "kind": 2},
            Broken.OVERTRUMP: {"type": "renonc", "kind": 2},
            Broken.SEVEN_TOO_EARLY: {"type": "renonc", "kind": 11},
            LEAD_OUT_OF_TURN: {"type": "renonc", "kind": 3},
            TALON_ACE_TEN: {"type": "renonc", "kind": 12},
            Problem.TALON_SIZE: {"type": "renonc", "kind": 7},
        },
        "thousand": {
            Broken.FOLLOW_SUIT: _REVOKE,
            Broken.BEAT: _REVOKE,
            Broken.TRUMP: _REVOKE,
            Broken.OVERTRUMP: _REVOKE,
            LEAD_OUT_OF_TURN: _REVOKE,
        },
    }
)


# --------------------------------------------------------------------------- the deal


@dataclass(frozen=True, kw_only=True)
class Play:
    """One card played: by whom, in which trick, and whether it declared a marriage."""

    seat: int
    card: Card
    marriage: bool = False
    trick: int = 0  # 0-based
    index: int = 0  # 0-based position in the whole deal


@dataclass(frozen=True, kw_only=True)
class Deal:
    """A deal as laid out for review (docs/format.md, "The deal review")."""

    ruleset: str
    rules: TrickRules
    shape: DealShape
    players: tuple[str, ...]
    declarer: int
    leader: int
    sitting_out: int | None = None
    contract: ContractName = ContractName.SUIT
    trump: Suit | None = None
    seven_by: int | None = None
    tricks: tuple[tuple[tuple[Card, bool], ...], ...] = ()
    talon: tuple[Card, ...] | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None  # cards still held after the tricks given
    leaders: tuple[int | None, ...] = ()  # per trick, who led it as recorded (None: as the cards)
    winners: tuple[int | None, ...] = ()  # per trick, who took it as recorded (None: as the cards)

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.players)) if s != self.sitting_out)

    @property
    def deal_tricks(self) -> int:
        """Tricks in a whole deal: the pack less the talon, dealt to the three who play."""
        return (self.rules.deck.size - self.shape.talon) // PLAYERS_IN_TRICK


@dataclass(frozen=True, kw_only=True)
class Proof:
    """Where the card that proves an offence is: a later trick, a hand, the talon."""

    card: Card
    place: str  # "trick", "hand" (still held), "talon"
    trick: int | None = None  # 1-based, when place is "trick"
    seat: int | None = None  # who played or holds it

    def to_json(self) -> JSON:
        out: JSON = {"card": str(self.card), "place": self.place}
        if self.trick is not None:
            out["trick"] = self.trick
        if self.seat is not None:
            out["seat"] = self.seat
        return out


@dataclass(frozen=True, kw_only=True)
class Finding:
    """A proven offence or an inconsistency of the cards."""

    kind: str  # "offence" | "inconsistency"
    code: str  # a Broken value, talon_ace_ten, or a Problem value
    message: str
    trick: int | None = None  # 1-based
    seat: int | None = None
    card: Card | None = None
    proof: Proof | None = None
    rule: str = ""
    ref: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)
    penalty: Mapping[str, Any] | None = None
    candidates: tuple[str, ...] = ()  # an undetermined offence: the rules it may have broken

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind}
        if self.kind == "offence":
            out["broken"] = self.code
            if self.candidates:
                out["candidates"] = list(self.candidates)
        else:
            out["problem"] = self.code
        out["trick"] = self.trick
        out["seat"] = self.seat
        out["card"] = None if self.card is None else str(self.card)
        out["proof"] = None if self.proof is None else self.proof.to_json()
        out["message"] = self.message
        if self.rule:
            out["rule"] = self.rule
            out["ref"] = self.ref
        out["params"] = dict(self.params)
        out["penalty"] = None if self.penalty is None else dict(self.penalty)
        return out


@dataclass(frozen=True, kw_only=True)
class Pending:
    """A marriage declared whose partner card has not been shown yet: neither sound nor false."""

    trick: int  # 1-based
    seat: int
    card: Card
    partner: Card

    def to_json(self) -> JSON:
        return {"what": "marriage", "trick": self.trick, "seat": self.seat,
                "card": str(self.card), "partner": str(self.partner)}


@dataclass(frozen=True, kw_only=True)
class CardVerdict:
    play: Play
    broken: tuple[str, ...] = ()  # what this card broke (empty: legal)


@dataclass(frozen=True, kw_only=True)
class TrickReview:
    number: int  # 1-based
    leader: int
    trump: Suit | None
    cards: tuple[CardVerdict, ...]
    winner: int | None  # None while the trick is not complete
    points: int
    recorded_winner: int | None = None  # who took it as recorded, when given

    def to_json(self) -> JSON:
        return {
            "recorded_winner": self.recorded_winner,
            "number": self.number,
            "leader": self.leader,
            "trump": None if self.trump is None else self.trump.value,
            "cards": [
                {"seat": v.play.seat, "card": str(v.play.card), "marriage": v.play.marriage,
                 "legal": not v.broken, "broken": list(v.broken)}
                for v in self.cards
            ],
            "winner": self.winner,
            "points": self.points,
        }


@dataclass(frozen=True, kw_only=True)
class Review:
    """The review of a deal: every trick, every finding, the card points and marriages."""

    deal: Deal
    tricks: tuple[TrickReview, ...]
    findings: tuple[Finding, ...]
    complete: bool  # every trick of the deal is there
    card_points: tuple[int, ...]  # per seat (the seat sitting out 0)
    talon: tuple[Card, ...]  # as given, or the unseen cards of a complete deal
    talon_inferred: bool
    talon_points: int
    last_trick: int | None  # the seat that took the last trick of a complete deal
    marriages: tuple[tuple[Suit, ...], ...]  # per seat, declared and valid, in order
    trump: Suit | None  # after the last trick reviewed
    next_seat: int | None  # who plays the next card (None when complete or stopped)
    stopped: bool = False  # the cards could not be followed further (a wrong trick size)
    pending: tuple[Pending, ...] = ()  # marriages waiting for their partner card
    tricks_taken: tuple[int, ...] = ()  # per seat
    result: str | None = None  # betl/durch: "won"/"lost" for the declarer once the tricks say

    @property
    def points_count(self) -> bool:
        """Whether this deal is played for card points (not betl or durch)."""
        return self.deal.contract not in self.deal.shape.no_points

    @property
    def offences(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.kind == "offence")

    @property
    def sides(self) -> tuple[int, int]:
        decl = self.card_points[self.deal.declarer]
        return decl, sum(self.card_points) - decl

    @property
    def total(self) -> int:
        return self.deal.shape.total(self.deal.rules)

    def to_json(self) -> JSON:
        declarer, defence = self.sides
        return {
            "complete": self.complete,
            "tricks": [t.to_json() for t in self.tricks],
            "findings": [f.to_json() for f in self.findings],
            "card_points": list(self.card_points),
            "sides": {"declarer": declarer, "defence": defence},
            "talon": [str(c) for c in self.talon],
            "talon_inferred": self.talon_inferred,
            "talon_points": self.talon_points,
            "last_trick": self.last_trick,
            "marriages": [[s.value for s in m] for m in self.marriages],
            "trump": None if self.trump is None else self.trump.value,
            "next_seat": self.next_seat,
            "total": self.total if self.points_count else 0,
            "pending": [p.to_json() for p in self.pending],
            "tricks_taken": list(self.tricks_taken),
            "result": self.result,
        }


# --------------------------------------------------------------------------- reviewing


def _next(deal: Deal, seat: int) -> int:
    active = deal.active
    return active[(active.index(seat) + 1) % len(active)]


def _where(seat: int, plays_by: Sequence[Play], card: Card, after: int,
           hand: Sequence[Card]) -> Proof | None:
    """Where a card of this player's hand after play ``after`` shows up: a later trick, or held."""
    for p in plays_by:
        if p.index > after and p.card == card:
            return Proof(card=card, place="trick", trick=p.trick + 1, seat=seat)
    if card in hand:
        return Proof(card=card, place="hand", seat=seat)
    return None


def _partner_proof(deal: Deal, plays: Sequence[Play], play: Play,
                   talon: Sequence[Card]) -> Proof | None:
    """Where the other card of a falsely declared marriage really was."""
    partner_rank = {Rank.KING: Rank.QUEEN, Rank.QUEEN: Rank.KING}.get(play.card.rank)
    if partner_rank is None:
        return None
    partner = Card(rank=partner_rank, suit=play.card.suit)
    later_own = [p for p in plays if p.card == partner and p.seat == play.seat
                 and p.index > play.index]
    if later_own:  # a twin of Binokel: he held one after all (cannot happen there: no marriages)
        return None
    for p in plays:
        if p.card == partner and (p.seat != play.seat or p.index < play.index):
            return Proof(card=partner, place="trick", trick=p.trick + 1, seat=p.seat)
    if partner in talon:
        return Proof(card=partner, place="talon")
    if deal.hands is not None:
        for seat, hand in enumerate(deal.hands):
            if partner in hand and seat != play.seat:
                return Proof(card=partner, place="hand", seat=seat)
    return None


def _offence(deal: Deal, play: Play, broken: str, message: str, params: Mapping[str, Any],
             proof: Proof | None) -> Finding:
    rule = arbiter.rule_of(Broken(broken), params) if broken in set(Broken) else None
    return Finding(
        kind="offence", code=broken, message=message, trick=play.trick + 1, seat=play.seat,
        card=play.card, proof=proof, rule="" if rule is None else rule.text,
        ref="" if rule is None else rule.ref, params=params,
        penalty=PENALTIES.get(deal.rules.game, {}).get(broken),
    )


def _count_problems(deal: Deal, plays: Sequence[Play], talon: Sequence[Card],
                    complete: bool) -> list[Finding]:
    deck = deal.rules.deck
    seen: Counter[Card] = Counter(p.card for p in plays)
    seen.update(talon)
    for hand in deal.hands or ():
        seen.update(hand)
    found: list[Finding] = []
    for card, n in seen.items():
        if n > deck.copies:
            places = [p.trick + 1 for p in plays if p.card == card]
            found.append(Finding(
                kind="inconsistency", code=Problem.CARD_TWICE, card=card,
                trick=places[1] if len(places) > 1 else (places[0] if places else None),
                message=f"{card} is shown {n} times, but the pack holds it "
                        + ("once" if deck.copies == 1 else f"{deck.copies} times"),
                params={"card": str(card), "count": n, "copies": deck.copies,
                        "tricks": places, "in_talon": talon.count(card)},
            ))
    if complete:
        missing = Counter(deck.cards()) - seen
        for card, n in missing.items():
            found.append(Finding(
                kind="inconsistency", code=Problem.CARD_MISSING, card=card,
                message=f"{card} is in no trick and not in the talon",
                params={"card": str(card), "count": n},
            ))
    return found


LEAD_RULE = ("The order of play: the winner of a trick leads the next one; a lead by anyone else "
             "is out of turn.")
LEAD_REF = f"{DOCS}#the-order-of-play"


@dataclass(kw_only=True)
class _Layout:
    """Phase 1: who played which card, who led and took each trick, the trump in force."""

    plays: list[Play] = field(default_factory=list)
    leaders: list[int] = field(default_factory=list)
    trumps: list[Suit | None] = field(default_factory=list)  # the trump deciding each trick
    trump_at: list[Suit | None] = field(default_factory=list)  # in force at each card
    winners: list[int | None] = field(default_factory=list)  # as the cards say
    findings: list[Finding] = field(default_factory=list)
    trump: Suit | None = None
    stopped: bool = False
    next_seat: int = 0


def _recorded(values: Sequence[int | None], t: int) -> int | None:
    return values[t] if t < len(values) else None


def _trick_size_problem(trick: Sequence[Any], t: int, last_given: bool) -> Finding | None:
    size = len(trick)
    if size == PLAYERS_IN_TRICK or (0 < size < PLAYERS_IN_TRICK and last_given):
        return None
    return Finding(
        kind="inconsistency", code=Problem.TRICK_SIZE, trick=t + 1,
        message=f"trick {t + 1} holds {size} cards; a trick has {PLAYERS_IN_TRICK}",
        params={"trick": t + 1, "count": size, "size": PLAYERS_IN_TRICK},
    )


def _lead_out_of_turn(deal: Deal, lay: _Layout, t: int, led: Card, rightful: int,
                      by: int) -> Finding:
    """Trick ``t`` (0-based) recorded as led by ``by`` while ``rightful`` took the one before."""
    before = lay.plays[len(lay.plays) - PLAYERS_IN_TRICK:]
    took = next((p.card for p in before if p.seat == rightful), before[0].card)
    return Finding(
        kind="offence", code=LEAD_OUT_OF_TURN, trick=t + 1, seat=by, card=led,
        proof=Proof(card=took, place="trick", trick=t, seat=rightful),
        message=f"trick {t + 1} was led by seat {by}; seat {rightful} took trick {t} and leads",
        rule=LEAD_RULE, ref=LEAD_REF, params={"card": str(led), "leader": rightful},
        penalty=PENALTIES.get(deal.rules.game, {}).get(LEAD_OUT_OF_TURN),
    )


def _lay_out(deal: Deal) -> _Layout:
    """Seat every card: the recorded leader (or the winner of the trick before) leads."""
    terms = deal.rules.contract(deal.contract.value)
    lay = _Layout(trump=deal.trump)
    rightful = _recorded(deal.leaders, 0)
    rightful = deal.leader if rightful is None else rightful
    for t, trick in enumerate(deal.tricks):
        problem = _trick_size_problem(trick, t, t == len(deal.tricks) - 1)
        if problem is not None:
            lay.findings.append(problem)
            lay.stopped = True
            lay.next_seat = rightful
            return lay
        seat = _recorded(deal.leaders, t) if t else None
        if seat is not None and seat != rightful and seat != deal.sitting_out:
            lay.findings.append(_lead_out_of_turn(deal, lay, t, trick[0][0], rightful, seat))
        else:
            seat = rightful
        lay.leaders.append(seat)
        cards: list[Card] = []
        for card, marriage in trick:
            if (marriage and not cards and terms.marriage is MarriageRule.LEADING
                    and card.rank in (Rank.KING, Rank.QUEEN)):
                lay.trump = card.suit  # "trump!" on a led K or Q: the table plays on with it
            lay.trump_at.append(lay.trump)
            lay.plays.append(Play(seat=seat, card=card, marriage=marriage, trick=t,
                                  index=len(lay.plays)))
            cards.append(card)
            seat = _next(deal, seat)
        lay.trumps.append(lay.trump)
        if len(cards) < PLAYERS_IN_TRICK:
            lay.winners.append(None)
            rightful = seat
            continue
        won = lay.plays[len(lay.plays) - PLAYERS_IN_TRICK
                        + arbiter.trick_winner(cards, lay.trump, terms.order)].seat
        lay.winners.append(won)
        rightful = won
        gathered = _recorded(deal.winners, t)
        if gathered is not None and gathered != won:  # the table played on with who gathered it
            lay.findings.append(Finding(
                kind="inconsistency", code=Problem.TRICK_WINNER, trick=t + 1, seat=gathered,
                message=f"trick {t + 1} is recorded as taken by seat {gathered}; "
                        f"its cards give it to seat {won}",
                params={"trick": t + 1, "recorded": gathered, "winner": won},
            ))
            rightful = gathered
    between_tricks = not lay.winners or lay.winners[-1] is not None
    nxt = _recorded(deal.leaders, len(deal.tricks)) if between_tricks else None
    lay.next_seat = rightful if nxt is None or nxt == deal.sitting_out else nxt
    return lay


@dataclass(frozen=True, kw_only=True)
class _Knowledge:
    """Phase 2: what is known of each hand: every card played later, the cards still held,
    and the cards nobody has shown (which any hand not wholly known may hold)."""

    by_seat: Mapping[int, Sequence[Play]]
    held: Mapping[int, tuple[Card, ...]]
    unseen: Counter[Card]
    complete: bool

    def hand(self, play: Play) -> tuple[Card, ...]:
        return (tuple(q.card for q in self.by_seat[play.seat] if q.index >= play.index)
                + self.held[play.seat])


def _knowledge(deal: Deal, lay: _Layout) -> _Knowledge:
    by_seat: dict[int, list[Play]] = {s: [] for s in deal.active}
    for p in lay.plays:
        by_seat[p.seat].append(p)
    held = {s: (deal.hands[s] if deal.hands is not None and s < len(deal.hands) else ())
            for s in deal.active}
    full = sum(1 for w in lay.winners if w is not None)
    unseen = Counter(deal.rules.deck.cards()) - Counter(p.card for p in lay.plays)
    unseen -= Counter(deal.talon or ())
    for hand in deal.hands or ():
        unseen -= Counter(hand)
    return _Knowledge(by_seat=by_seat, held=held, unseen=unseen,
                      complete=not lay.stopped and full == deal.deal_tricks)


def _talon_findings(deal: Deal, lay: _Layout,
                    know: _Knowledge) -> tuple[tuple[Card, ...], bool, list[Finding]]:
    """Phase 3: the talon (as given, or the cards nobody played in a complete deal) and what is
    wrong with it or with the count of the cards."""
    rules, shape = deal.rules, deal.shape
    talon: tuple[Card, ...] = deal.talon or ()
    inferred = False
    if deal.talon is None and know.complete and shape.talon:
        unseen = tuple((Counter(rules.deck.cards())
                        - Counter(p.card for p in lay.plays)).elements())
        if len(unseen) == shape.talon:
            talon, inferred = unseen, True
    found: list[Finding] = []
    if deal.talon is not None and len(deal.talon) != shape.talon:
        # renonc 7 only when the cards account for the pack; else the talon was mistyped
        shown = Counter(p.card for p in lay.plays) + Counter(deal.talon)
        for hand in deal.hands or ():
            shown.update(hand)
        proven = shown == Counter(rules.deck.cards())
        found.append(Finding(
            kind="inconsistency", code=Problem.TALON_SIZE, seat=deal.declarer,
            message=f"the talon holds {len(deal.talon)} cards; it has {shape.talon}",
            params={"count": len(deal.talon), "size": shape.talon, "proven": proven},
            penalty=PENALTIES.get(rules.game, {}).get(Problem.TALON_SIZE) if proven else None,
        ))
    if know.complete and deal.hands is not None and any(know.held.values()):
        found.append(Finding(
            kind="inconsistency", code=Problem.HAND_LEFT,
            message="every trick of the deal is there, yet a hand still holds cards",
            params={},
        ))
    found.extend(_count_problems(deal, lay.plays, talon, know.complete))
    if deal.contract in shape.talon_no_ace_ten:
        found.extend(Finding(
            kind="offence", code=TALON_ACE_TEN, seat=deal.declarer, card=card,
            proof=Proof(card=card, place="talon"),
            message=f"{card} was laid into the talon: no ace or ten may be",
            params={"card": str(card)},
            penalty=PENALTIES.get(rules.game, {}).get(TALON_ACE_TEN),
        ) for card in talon if card.rank in (Rank.ACE, Rank.TEN))
    return talon, inferred, found


def _illegal(turn: Turn, card: Card, *, marriage: bool = False) -> IllegalPlay | None:
    try:
        arbiter.verify_play(turn, card, declare_marriage=marriage)
    except IllegalPlay as exc:
        return exc
    return None


_MARRIAGE_BROKEN = (Broken.MARRIAGE_NOT_LEADING, Broken.MARRIAGE_TOO_EARLY,
                    Broken.MARRIAGE_INCOMPLETE)


class _Judge:
    """Phase 4: every card against the hand its player is known to have held.

    A card is an offence only when the cards prove it: illegal against the cards he is known to
    have held, and against every hand he may have held besides (one unseen card more each);
    which rule it broke is named once every such hand agrees.  A marriage whose partner card
    may still be in his hand waits (:class:`Pending`)."""

    def __init__(self, deal: Deal, lay: _Layout, know: _Knowledge,
                 talon: Sequence[Card]) -> None:
        self.deal, self.lay, self.know, self.talon = deal, lay, know, talon
        self.findings: list[Finding] = []
        self.pending: list[Pending] = []
        self.marriages: dict[int, list[Suit]] = {s: [] for s in deal.active}
        self.verdicts: list[CardVerdict] = []

    def known(self, play: Play, hand: Sequence[Card]) -> bool:
        return (self.deal.hands is not None or not self.know.unseen
                or len(hand) >= self.deal.deal_tricks - play.trick)

    def turn(self, play: Play, in_trick: Sequence[Card], hand: Sequence[Card]) -> Turn | None:
        try:
            return Turn(rules=self.deal.rules, contract=self.deal.contract,
                        trump=self.lay.trump_at[play.index], trick=tuple(in_trick),
                        hand=tuple(hand), tricks_done=play.trick,
                        announced_seven=self.deal.seven_by == play.seat)
        except InvalidEntry:
            return None  # the cards shown cannot be (a card twice): judged no further

    def kinds(self, play: Play, in_trick: Sequence[Card], hand: Sequence[Card],
              first: IllegalPlay) -> set[str] | None:
        """The rules ``play`` may have broken over every hand he may have held (None: one of
        them makes it legal, so nothing is proven)."""
        kinds = {first.broken.value}
        if self.known(play, hand):
            return kinds
        for extra in self.know.unseen:
            turn = self.turn(play, in_trick, (*hand, extra))
            exc = None if turn is None else _illegal(turn, play.card)
            if exc is None:
                return None
            kinds.add(exc.broken.value)
        return kinds

    def trick_rule(self, play: Play, in_trick: Sequence[Card], hand: Sequence[Card],
                   turn: Turn) -> str | None:
        exc = _illegal(turn, play.card)
        if exc is None:
            return None
        kinds = self.kinds(play, in_trick, hand, exc)
        if kinds is None:
            return None
        held_card = exc.params.get("held")
        proof = None
        if isinstance(held_card, str):
            proof = _where(play.seat, self.know.by_seat[play.seat],
                           parse_card(held_card, self.deal.rules.deck), play.index,
                           self.know.held[play.seat])
        if len(kinds) == 1:
            self.findings.append(_offence(self.deal, play, exc.broken.value, exc.message,
                                          exc.params, proof))
            return exc.broken.value
        table = PENALTIES.get(self.deal.rules.game, {})
        fees = {repr(table.get(k)) for k in kinds}
        self.findings.append(Finding(
            kind="offence", code=UNDETERMINED, trick=play.trick + 1, seat=play.seat,
            card=play.card, proof=proof, candidates=tuple(sorted(kinds)),
            message=f"{play.card} broke a rule of trick play; which one the cards still to come "
                    "will show",
            params={"card": str(play.card)},
            penalty=table.get(exc.broken.value) if len(fees) == 1 else None,
        ))
        return UNDETERMINED

    def marriage(self, play: Play, hand: Sequence[Card], turn: Turn) -> str | None:
        exc = _illegal(turn, play.card, marriage=True)
        if exc is None or exc.broken not in _MARRIAGE_BROKEN:
            if play.card.suit not in self.marriages[play.seat]:
                self.marriages[play.seat].append(play.card.suit)
            return None
        proof = None
        if exc.broken is Broken.MARRIAGE_INCOMPLETE:
            proof = _partner_proof(self.deal, self.lay.plays, play, self.talon)
            partner = exc.params.get("partner")
            if (proof is None and isinstance(partner, str) and not self.known(play, hand)
                    and parse_card(partner, self.deal.rules.deck) in self.know.unseen):
                self.pending.append(Pending(trick=play.trick + 1, seat=play.seat,
                                            card=play.card,
                                            partner=parse_card(partner, self.deal.rules.deck)))
                return None
        self.findings.append(_offence(self.deal, play, exc.broken.value, exc.message,
                                      exc.params, proof))
        return exc.broken.value

    def card(self, play: Play, in_trick: Sequence[Card]) -> CardVerdict:
        if not in_trick and not play.marriage and not (
                self.deal.seven_by == play.seat and play.card.rank is Rank.SEVEN):
            return CardVerdict(play=play)  # a lead obliges nothing but a declaration, the seven
        hand = self.know.hand(play)
        turn = self.turn(play, in_trick, hand)
        if turn is None:
            return CardVerdict(play=play)
        broken = [b for b in (self.trick_rule(play, in_trick, hand, turn),
                              self.marriage(play, hand, turn) if play.marriage else None) if b]
        return CardVerdict(play=play, broken=tuple(broken))

    def run(self) -> None:
        in_trick: list[Card] = []
        for p in self.lay.plays:
            if p.index and p.trick != self.lay.plays[p.index - 1].trick:
                in_trick = []
            self.verdicts.append(self.card(p, in_trick))
            in_trick.append(p.card)


def _result(deal: Deal, winners: Sequence[int | None], complete: bool) -> str | None:
    """Betl and durch: won or lost for the declarer, once the tricks taken decide it."""
    goal = deal.shape.goals.get(deal.contract)
    if goal is None:
        return None
    mine = [w == deal.declarer for w in winners if w is not None]
    if (goal == "none" and any(mine)) or (goal == "all" and not all(mine)):
        return "lost"
    return "won" if complete else None


def review(deal: Deal) -> Review:
    """Judge every card of ``deal`` against the hand its player really held."""
    lay = _lay_out(deal)
    know = _knowledge(deal, lay)
    talon, inferred, talon_found = _talon_findings(deal, lay, know)
    judge = _Judge(deal, lay, know, talon)
    judge.run()
    # ---- card points (none in a contract played for the tricks)
    shape = deal.shape
    counts = deal.contract not in shape.no_points
    points = [0] * len(deal.players)
    taken = [0] * len(deal.players)
    trick_reviews: list[TrickReview] = []
    start = 0
    for t, leader in enumerate(lay.leaders):
        judged = tuple(judge.verdicts[start:start + len(deal.tricks[t])])
        start += len(judged)
        value = sum(shape.values.get(v.play.card.rank, 0) for v in judged) if counts else 0
        winner = lay.winners[t]
        if winner is not None:
            points[winner] += value
            taken[winner] += 1
        trick_reviews.append(TrickReview(number=t + 1, leader=leader, trump=lay.trumps[t],
                                         cards=judged, winner=winner, points=value,
                                         recorded_winner=_recorded(deal.winners, t)))
    last = lay.winners[-1] if know.complete and lay.winners else None
    if last is not None and counts:
        points[last] += shape.last_trick
    talon_points = sum(shape.values.get(c.rank, 0) for c in talon) if counts else 0
    points[deal.declarer] += talon_points
    findings = lay.findings + talon_found + judge.findings
    findings.sort(key=lambda f: (f.trick if f.trick is not None else 0))
    return Review(
        deal=deal, tricks=tuple(trick_reviews), findings=tuple(findings),
        complete=know.complete, card_points=tuple(points), talon=talon, talon_inferred=inferred,
        talon_points=talon_points, last_trick=last,
        marriages=tuple(tuple(judge.marriages.get(s, ())) for s in range(len(deal.players))),
        trump=lay.trump, next_seat=None if know.complete or lay.stopped else lay.next_seat,
        stopped=lay.stopped, pending=tuple(judge.pending), tricks_taken=tuple(taken),
        result=_result(deal, lay.winners, know.complete),
    )


# --------------------------------------------------------------------------- JSON

DEAL_KEYS = (
    "game", "ruleset", "edition", "options", "players", "sitting_out", "declarer", "leader",
    "contract", "trump", "seven", "tricks", "leaders", "winners", "talon", "hands", "meta",
)


def _bad(field_name: str, why: str, rule: str, **values: Any) -> InvalidEntry:
    return InvalidEntry(f"{field_name}: {why}", code="bad_field",
                        params={"field": field_name, "why": why, "rule": rule, **values})


def _seat(raw: Mapping[str, Any], key: str, n: int, *, required: bool) -> int | None:
    value = raw.get(key)
    if value is None:
        if required:
            raise _bad(key, "is missing: give a seat number", "missing")
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise _bad(key, f"must be a seat 0..{n - 1}", "seat", max=n - 1, value=value)
    return int(value)


def _play(value: Any, rules: TrickRules, where: str) -> tuple[Card, bool]:
    if isinstance(value, Mapping):
        extra = sorted(set(value) - {"card", "marriage"})
        if extra:
            raise _bad(where, f"unknown field {extra[0]!r} (known: card, marriage)",
                       "review_card_field")
        marriage = value.get("marriage", False)
        if not isinstance(marriage, bool):
            raise _bad(where, "marriage must be true or false", "review_marriage_bool")
        return parse_card(value.get("card"), rules.deck, field=where), marriage
    return parse_card(value, rules.deck, field=where), False


def _card_list(value: Any, rules: TrickRules, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _bad(where, "must be a list of cards such as [\"10-hearts\"]", "card_list")
    return tuple(parse_card(v, rules.deck, field=where) for v in value)


def _read_rules(raw: Mapping[str, Any]) -> tuple[str, int | None, TrickRules, DealShape]:
    """The ruleset, edition and options: the rules that judge the deal."""
    ruleset = raw.get("ruleset")
    if not isinstance(ruleset, str) or ruleset not in SHAPES:
        raise _bad("ruleset", f"must be one of {', '.join(SHAPES)}", "review_ruleset",
                   known=", ".join(SHAPES))
    edition = None
    if raw.get("edition") is not None:
        from .engine import check_edition

        try:
            edition = check_edition(raw["edition"])
        except InvalidSheet as exc:
            raise InvalidEntry(f"edition: {exc.message}", code=exc.code,
                               params={"field": "edition", **exc.params}) from None
    rules = arbiter.trick_rules(ruleset, raw.get("options"), edition=edition)
    game = raw.get("game")
    if game is not None and game != rules.game:
        raise _bad("game", f"ruleset {ruleset} is a {rules.game} ruleset, not {game!r}", "game",
                   ruleset=ruleset, game=rules.game)
    return ruleset, edition, rules, deal_shape(ruleset, raw.get("options"), edition)


def _read_players(raw: Mapping[str, Any]) -> tuple[tuple[str, ...], int | None, int, int]:
    """The players, who sits out, the declarer and the first leader."""
    players_raw = raw.get("players", 3)
    if isinstance(players_raw, list) and all(isinstance(p, str) for p in players_raw):
        players = tuple(players_raw)
    elif isinstance(players_raw, int) and not isinstance(players_raw, bool):
        players = tuple(f"seat {i}" for i in range(players_raw))
    else:
        raise _bad("players", "must be the players' names or their number", "review_players")
    n = len(players)
    if n not in (3, 4):
        raise _bad("players", "a deal is played by 3 players, or 4 with one sitting out",
                   "review_player_count", count=n)
    sitting_out = _seat(raw, "sitting_out", n, required=n == 4)
    if n == 3 and sitting_out is not None:
        raise _bad("sitting_out", "only a fourth player sits out", "review_sitting_out")
    declarer = _seat(raw, "declarer", n, required=True)
    assert declarer is not None
    leader = _seat(raw, "leader", n, required=False)
    leader = declarer if leader is None else leader
    for key, s in (("declarer", declarer), ("leader", leader)):
        if s == sitting_out:
            raise _bad(key, "sits out this deal", "review_sits_out")
    return players, sitting_out, declarer, leader


def _read_contract(raw: Mapping[str, Any], rules: TrickRules,
                   n: int) -> tuple[arbiter.Contract, Suit | None, int | None]:
    """The contract, the named trump and who announced the seven."""
    contract_raw = raw.get("contract")
    if contract_raw is not None and not isinstance(contract_raw, str):
        raise _bad("contract", "must be a name such as suit, betl or durch", "contract_name")
    contract = rules.contract(contract_raw)
    trump_raw = raw.get("trump")
    trump = None if trump_raw is None else parse_suit(trump_raw, rules.deck, field="trump")
    try:  # the arbiter's own objections to the trump (missing in Mariáš, given in betl)
        Turn(rules=rules, contract=contract.name, trump=trump,
             hand=(Card(rank=rules.deck.rank_names[0], suit=rules.deck.suit_names[0]),))
    except InvalidEntry as exc:
        if exc.params.get("field") == "trump":
            raise
    seven_by = _seat(raw, "seven", n, required=False)
    if seven_by is not None and not contract.seven:
        raise _bad("seven", "there is no announced seven in this game", "review_no_seven")
    return contract, trump, seven_by


def _read_tricks(raw: Mapping[str, Any], rules: TrickRules, shape: DealShape,
                 contract: arbiter.Contract) -> tuple[tuple[tuple[Card, bool], ...], ...]:
    tricks_raw = raw.get("tricks", [])
    if not isinstance(tricks_raw, list) or not all(isinstance(t, list) for t in tricks_raw):
        raise _bad("tricks", "must be a list of tricks, each a list of cards", "review_tricks")
    tricks = tuple(
        tuple(_play(c, rules, f"tricks[{t}]") for c in trick)
        for t, trick in enumerate(tricks_raw)
    )
    for t, trick in enumerate(tricks):
        for card, marriage in trick:
            if marriage and contract.marriage is MarriageRule.NONE:
                raise _bad(f"tricks[{t}]", f"{card}: marriages are not declared with a card in "
                           "this game", "review_no_marriage", card=str(card))
    most = (rules.deck.size - shape.talon) // PLAYERS_IN_TRICK
    if len(tricks) > most:
        raise _bad("tricks", f"holds {len(tricks)} tricks; a deal has {most}",
                   "review_too_many_tricks", count=len(tricks), most=most)
    return tricks


def _per_trick(raw: Mapping[str, Any], key: str, n: int, tricks: int) -> tuple[int | None, ...]:
    """``leaders`` / ``winners``: per trick a seat, or null where the cards decide."""
    value = raw.get(key)
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > tricks:
        raise _bad(key, f"must be a list of at most {tricks} seats or nulls, one per trick",
                   "review_per_trick", most=tricks)
    return tuple(_seat({key: v}, key, n, required=False) for v in value)


def _read_cards(raw: Mapping[str, Any], rules: TrickRules,
                n: int) -> tuple[tuple[Card, ...] | None, tuple[tuple[Card, ...], ...] | None]:
    """The talon and the hands still held, when given."""
    talon = None if raw.get("talon") is None else _card_list(raw["talon"], rules, "talon")
    hands_raw = raw.get("hands")
    if hands_raw is None:
        return talon, None
    if not isinstance(hands_raw, list) or len(hands_raw) != n:
        raise _bad("hands", f"must be {n} lists of cards, one per player", "review_hands",
                   count=n)
    return talon, tuple(_card_list(h, rules, f"hands[{i}]") for i, h in enumerate(hands_raw))


def read_deal(raw: Any) -> Deal:
    """A docs/format.md deal-review document -> :class:`Deal`; raises InvalidEntry naming the
    field."""
    if not isinstance(raw, Mapping):
        raise InvalidEntry("deal: must be a JSON object", code="not_object")
    extra = sorted(set(raw) - set(DEAL_KEYS))
    if extra:
        raise InvalidEntry(f"{extra[0]}: unknown field (known: {', '.join(DEAL_KEYS)})",
                           code="unknown_field", params={"field": extra[0]})
    ruleset, _edition, rules, shape = _read_rules(raw)
    players, sitting_out, declarer, leader = _read_players(raw)
    contract, trump, seven_by = _read_contract(raw, rules, len(players))
    tricks = _read_tricks(raw, rules, shape, contract)
    talon, hands = _read_cards(raw, rules, len(players))
    return Deal(
        ruleset=ruleset, rules=rules, shape=shape, players=players, declarer=declarer,
        leader=leader, sitting_out=sitting_out, contract=contract.name, trump=trump,
        seven_by=seven_by, tricks=tricks, talon=talon, hands=hands,
        leaders=_per_trick(raw, "leaders", len(players), len(tricks) + 1),
        winners=_per_trick(raw, "winners", len(players), len(tricks)),
    )


def review_json(raw: Any) -> JSON:
    """Review a docs/format.md deal document; raises InvalidEntry naming a malformed field."""
    return review(read_deal(raw)).to_json()


__all__ = [
    "PENALTIES",
    "SHAPES",
    "TALON_ACE_TEN",
    "Deal",
    "DealShape",
    "Finding",
    "Play",
    "Problem",
    "Proof",
    "Review",
    "RulesError",
    "TrickReview",
    "deal_shape",
    "read_deal",
    "review",
    "review_json",
]
