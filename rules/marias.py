"""Mariáš (volený mariáš, the tournament rules of seed 004), as docs/rules/marias.md explains it.

Explained in the project's own words in docs/rules/marias.md; the anchors in the comments below
point there.  Money is kept in haléře (1 Kč = 100 h) as exact integers; only
:func:`final_result` rounds to whole crowns.  Every row carries an itemised ledger of
:class:`~rules.engine.Payment` lines (who pays whom, for which component, at which flek level)
whose sum over the seats is zero.

Mariáš has no end by points: ``score(...).outcome`` stays ``None``.  The evening ends when the
table stops; :func:`final_result` and :func:`settle_up` turn the sheet into the final table.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum, unique
from typing import Any, ClassVar, NamedTuple, TypeVar

from . import parse
from .aliases import Points, Seat
from .engine import (
    Entry,
    Game,
    Note,
    Payment,
    Row,
    Scored,
    Sheet,
    State,
    register,
)
from .errors import IllegalEntry, InvalidEntry, OptionConflict
from .options import OBLIGATION_HELP, check_obligations, option

# --------------------------------------------------------------------------- constants


CARD_POINTS = 90  # aces and tens 10 each, the last trick 10 (marias.md#card-points)
CARD_STEP = 10  # card points come in tens (marias.md#card-points)
MARRIAGE = 20  # a marriage in a plain suit (marias.md#card-points)
TRUMP_MARRIAGE = 40  # the marriage in trumps (marias.md#card-points)
HUNDRED = 100  # sto: the declarer's points counted for the hundred (marias.md#sto)
TARIFF_STAKE = 20  # the tariff is written for the 20-haléř mariáš of seed 004 (marias.md#tariff)
RED_FACTOR = 2  # hearts trumps double every suit-game component (marias.md#red)
FLEK_FACTOR = 2  # every flek level doubles the component (marias.md#fleks)
SILENT_SEVEN_DIVISOR = 2  # a silent seven is worth half the announced sedma (marias.md#silent)
SILENT_HUNDRED_FACTOR = 2  # a silent hundred doubles the (fleked) hra (marias.md#silent)
MAX_FLEK_LEVEL = 5  # kalhoty, the last word of the flek ladder (marias.md#fleks)
LAST_TRICK = 10  # the last trick is worth 10 card points (marias.md#last-trick)
JOINED_CAP = 15_000  # 150 Kč: the payment limit when both defenders flek (seed 004 II.15)
FLEK_NAMES = ("none", "flek", "re", "tutti", "boty", "kalhoty")  # level -> word
RENONC_TALON_KIND = 12  # an ace or ten in the talon (marias.md#renonc)
RENONC_MAX_LEVEL_TALON_COUNT = 2  # renonc 7 is paid only up to re (seed 004 II.9)
PREMIUM_FLAG = 50  # deals worth this many premium points are flagged (seed 004 II.1)
PLAYERS = (3, 4)  # three play; a fourth sits out each deal as the pauzírák (marias.md#players)
MAX_MONEY = 10_000_000  # 100,000 Kč: far beyond any table's amounts
MAX_PREMIUM = 10_000


@unique
class Suit(StrEnum):
    """Mariáš suits (docs/format.md); hearts are the red suit."""

    HEARTS = "hearts"  # srdce, červené
    BELLS = "bells"  # kule
    LEAVES = "leaves"  # listy, zelené
    ACORNS = "acorns"  # žaludy


RED = Suit.HEARTS


@unique
class Kind(StrEnum):
    """Entry types of docs/format.md (also the row kinds)."""

    DEAL = "deal"
    RENONC = "renonc"
    MISDEAL = "misdeal"


# Members named in every deal, read once: in Python 3.11 naming a member through its class
# (``Announce.SEVEN``) goes through the enum metaclass's hook, ten times a global's look-up.
_DEAL = Kind.DEAL


@unique
class Contract(StrEnum):
    """What a deal is played as (``game`` of a deal entry)."""

    SUIT = "suit"
    BETL = "betl"
    DURCH = "durch"


_SUIT_GAME, _BETL, _DURCH = Contract.SUIT, Contract.BETL, Contract.DURCH


@unique
class Announce(StrEnum):
    SEVEN = "seven"
    HUNDRED = "hundred"


_SEVEN, _HUNDRED = Announce.SEVEN, Announce.HUNDRED


@unique
class Result(StrEnum):
    WON = "won"
    LOST = "lost"


_WON, _LOST = Result.WON, Result.LOST


@unique
class Side(StrEnum):
    DECLARER = "declarer"
    DEFENCE = "defence"


_DECLARER, _DEFENCE = Side.DECLARER, Side.DEFENCE


@unique
class Component(StrEnum):
    """The parts of a deal settled separately, each with its own flek level (docs/format.md)."""

    GAME = "game"  # hra, or sto when the hundred is announced
    SEVEN = "seven"
    BETL = "betl"
    DURCH = "durch"
    SEVEN_AGAINST = "seven_against"  # sedma proti, announced by the defence (seed 004 II.20)
    HUNDRED_AGAINST = "hundred_against"  # sto proti: replaces the hra (seed 004 II.20)


_GAME, _SEVEN_COMP, _BETL_COMP = Component.GAME, Component.SEVEN, Component.BETL
_DURCH_COMP, _SEVEN_AGAINST = Component.DURCH, Component.SEVEN_AGAINST
_HUNDRED_AGAINST = Component.HUNDRED_AGAINST


AGAINST = (_SEVEN_AGAINST, _HUNDRED_AGAINST)


@unique
class Line(StrEnum):
    """The ``what`` of a ledger line: the component paid for, or the fee."""

    HRA = "hra"
    STO = "sto"
    SEDMA = "sedma"
    SILENT_SEVEN = "silent_seven"
    SILENT_HUNDRED = "silent_hundred"  # the hra, doubled by a silent hundred
    SEDMA_PROTI = "sedma_proti"  # the seven announced against the declarer
    STO_PROTI = "sto_proti"  # the hundred announced against the declarer
    BETL = "betl"
    DURCH = "durch"
    CAP = "cap"  # the payee hands back what exceeds payment_cap
    RENONC_FEE = "renonc_fee"
    MISDEAL_FEE = "misdeal_fee"


_HRA, _STO, _SEDMA = Line.HRA, Line.STO, Line.SEDMA
_SEDMA_PROTI, _STO_PROTI, _SILENT_SEVEN = Line.SEDMA_PROTI, Line.STO_PROTI, Line.SILENT_SEVEN
_SILENT_HUNDRED, _BETL_LINE, _DURCH_LINE = Line.SILENT_HUNDRED, Line.BETL, Line.DURCH
_CAP = Line.CAP


VOID = "void:"  # prefix of a line that cancels a deal's line after a renonc (marias.md#renonc)


# the seven that took the last trick, as the last-trick objections say it
SEVEN_TEXT = {"silent": "silent seven", "won": "won seven", "lost": "lost seven",
              "against_won": "won seven against him"}


@unique
class FlekLiability(StrEnum):
    """Who carries the doubling of a fleked component (marias.md#flek-liability)."""

    EACH = "each"
    FLEKING_PLAYER = "fleking_player"  # seed 004 II.15


_FLEKING_PLAYER = FlekLiability.FLEKING_PLAYER


@unique
class HundredCounts(StrEnum):
    """Which marriages count towards the hundred (marias.md#sto)."""

    TRUMP_MARRIAGE = "trump_marriage"
    ALL_OWN_MARRIAGES = "all_own_marriages"


_ALL_OWN_MARRIAGES = HundredCounts.ALL_OWN_MARRIAGES


@unique
class Offender(StrEnum):
    """Who can commit a kind of renonc (marias.md#renonc)."""

    PLAYING = "playing"  # the declarer or a defender
    ANYONE = "anyone"  # also the pauzírák
    DECLARER = "declarer"
    NOT_DECLARER = "not_declarer"  # a defender or the pauzírák


def flek_factor(level: int) -> int:
    """What a flek level multiplies by: 1, 2, 4, 8, 16, 32 (marias.md#fleks)."""
    factor: int = FLEK_FACTOR**level
    return factor


def _values(enum: type[StrEnum]) -> tuple[str, ...]:
    return tuple(m.value for m in enum)


SUITS = _values(Suit)
COMPONENTS = _values(Component)
RESULTS = _values(Result)
SIDES = _values(Side)
CONTRACTS = _values(Contract)
ANNOUNCES = _values(Announce)
TARIFF_KEYS = ("hra", "sedma", "sto", "betl", "durch")
PREMIUM_KEYS = ("hra", "hra_red", "sedma", "sedma_red", "sto", "sto_red", "betl", "durch")


# --------------------------------------------------------------------------- options


@dataclass(frozen=True, kw_only=True)
class MariasOptions:
    """Every option of docs/rules/marias.md; the ``marias`` preset holds the defaults."""

    max_fleks: int = option(
        help="the highest flek level: 4 = flek, re, tutti, boty; 5 adds kalhoty; 0 = no fleks",
        min=0, max=MAX_FLEK_LEVEL,
    )
    payment_cap: int = option(
        help="the most one player pays another for one deal, in haléře; 0 = no cap",
        min=0, max=MAX_MONEY,
    )
    stake: int = option(
        help="haléře of one hra; the whole tariff scales with it (20 = the seed's table)",
        min=1, max=10_000,
    )
    pauzirak_pays: bool = option(
        help="with four players the one sitting out (pauzírák) shares in every payment"
    )
    flek_liability: str = option(
        help="each: every defender pays its own fleks; fleking_player: the first flek-giver "
        "pays the doubling for the whole defence",
        choices=_values(FlekLiability),
    )
    flek_giver_receives: bool = option(
        help="with the first flek-giver paying: when the declarer loses a fleked game, the "
        "first flek-giver also receives the doubling for the whole defence (the earlier rules)"
    )
    joined_cap: int = option(
        help="the payment cap of a deal in which both defenders flek, in haléře (150 Kč); "
        "used only at a table with a payment cap",
        min=0, max=MAX_MONEY,
    )
    flek_over_table: bool = option(
        help="a flek beyond the highest flek is accepted and paid at the highest flek"
    )
    defence_silent_hundred: bool = option(
        help="the defence's unannounced hundred doubles the hra it wins, as the declarer's does"
    )
    last_trick_check: bool = option(
        help="a seven that took the last trick must agree with the card points (10 for the "
        "last trick)"
    )
    hundred_counts: str = option(
        help="which of the declarer's marriages count towards sto",
        choices=_values(HundredCounts),
    )
    misdeal_fee: int = option(
        help="what a second or later misdeal costs, paid to every other player, in haléře",
        min=0, max=MAX_MONEY,
    )
    renonc_fee: int = option(
        help="flat fee of renonc kinds 1-11, paid to every other player, in haléře",
        min=0, max=MAX_MONEY,
    )
    renonc_talon_fee: int = option(
        help="flat fee of renonc 12 (an ace or ten in the talon), in haléře",
        min=0, max=MAX_MONEY,
    )
    tariff: Mapping[str, int] = option(
        help="haléře per paying player at stake 20: hra, sedma, sto, betl, durch "
        "(hearts double the first three)",
        keys=TARIFF_KEYS, min=0, max=MAX_MONEY,
    )
    premium_points: Mapping[str, int] = option(
        help="premium points the declarer earns for a won announced game (empty: none)",
        keys=PREMIUM_KEYS, min=0, max=MAX_PREMIUM,
    )
    premium_defence: bool = option(
        help="a sedma or sto announced against the declarer and won earns its premium points "
        "for each player of the defence"
    )
    premium_flek_giver: bool = option(
        help="a fleked game that its side loses earns its premium points for the player who "
        "gave the first flek, and for no one else"
    )
    premium_flek_minus: bool = option(
        help="the player who gave the first flek on a game that its side then wins gets minus "
        "premium points: the game's points for each flek level he pays for"
    )
    # trick obligations of the suit games (the referee page judges by them; docs/rules/arbiter.md)
    must_follow: bool = option(help=OBLIGATION_HELP["must_follow"])
    must_beat: bool = option(help=OBLIGATION_HELP["must_beat"])
    must_trump: bool = option(help=OBLIGATION_HELP["must_trump"])
    must_overtrump: bool = option(help=OBLIGATION_HELP["must_overtrump"])
    beat_when_trumped: bool = option(help=OBLIGATION_HELP["beat_when_trumped"])

    def __post_init__(self) -> None:
        check_obligations(self)
        for key in TARIFF_KEYS:
            if key not in self.tariff:
                raise OptionConflict(f"option tariff: {key} is missing",
                                     code="option_tariff_missing",
                                     params={"option": "tariff", "key": key})
            # the silent seven is half the sedma: it must still be whole haléře
            whole = TARIFF_STAKE * (SILENT_SEVEN_DIVISOR if key == "sedma" else 1)
            if self.tariff[key] * self.stake % whole:
                amount = self.tariff[key] * self.stake / TARIFF_STAKE
                what = "half of it (the silent seven)" if key == "sedma" else "it"
                raise OptionConflict(
                    f"option tariff: {key} {self.tariff[key]} at stake {self.stake} is "
                    f"{amount:g} haléře and {what} must be whole haléře",
                    code="option_tariff_whole",
                    params={"option": "tariff", "key": key, "value": self.tariff[key],
                            "stake": self.stake},
                )

    def amount(self, key: str) -> Points:
        """Haléře of one tariff line at this table's stake (unfleked, not red)."""
        return self.tariff[key] * self.stake // TARIFF_STAKE


MARIAS = MariasOptions(
    max_fleks=4,
    payment_cap=0,
    stake=20,
    pauzirak_pays=True,
    flek_liability=_FLEKING_PLAYER.value,
    flek_giver_receives=False,
    joined_cap=JOINED_CAP,
    flek_over_table=True,
    defence_silent_hundred=True,
    last_trick_check=True,
    hundred_counts=HundredCounts.TRUMP_MARRIAGE.value,
    misdeal_fee=200,
    renonc_fee=200,
    renonc_talon_fee=1000,
    # seed 004 article I, in haléře: hra 0.20, sedma 0.40, sto 0.80, betl 3.00, durch 6.00
    tariff={"hra": 20, "sedma": 40, "sto": 80, "betl": 300, "durch": 600},
    premium_points={},
    premium_defence=True,
    premium_flek_giver=True,
    premium_flek_minus=True,
    must_follow=True,
    must_beat=True,
    must_trump=True,
    must_overtrump=True,
    beat_when_trumped=False,  # docs/rules/arbiter.md: a trumped trick is lost to the trump anyway
)

PRESETS: dict[str, MariasOptions] = {"marias": MARIAS}

# Edition 1: the defaults every sheet stored before the corrections was scored under
# (marias.md#editions).  The preset above holds the latest edition's defaults.
EDITION_1_DEFAULTS: dict[str, Any] = {
    "flek_liability": FlekLiability.EACH.value,  # II.15 was a house rule, not the default
    "flek_giver_receives": True,  # the first flek-giver was also paid the doubling
    "flek_over_table": False,  # a flek beyond max_fleks was refused
    "defence_silent_hundred": False,  # only the declarer's silent hundred counted
    "last_trick_check": False,  # a silent seven was not checked against the card points
    "premium_defence": False,  # only the declarer earned premium points
    "premium_flek_giver": False,  # a fleked game the declarer lost earned no one points
    "premium_flek_minus": False,  # the first flek-giver got no minus points (II.15)
}
# Edition 2 already gave the defence and the flek-giver their premium points (the tournament's
# standings did); the minus points of II.15 came with edition 3.
EDITION_2_DEFAULTS: dict[str, Any] = {
    "premium_flek_minus": False,
}


# --------------------------------------------------------------------------- tables as data


@dataclass(frozen=True, kw_only=True)
class TariffLine:
    """One line of the tariff as the form and the rules page show it."""

    number: int | None  # the seed's numbering (1-10); None for the lines it adds after them
    key: str  # stable: hra, sedma, hra_red, ...
    name: str  # as the seed writes it (Czech)
    amount: Points  # haléře per paying player, unfleked, at this table's stake
    parts: tuple[str, ...]  # the tariff option keys it is made of
    red: bool = False
    silent: bool = False


_TARIFF_LINES: tuple[tuple[int | None, str, str, tuple[str, ...], bool, bool], ...] = (
    (1, "hra", "hra", ("hra",), False, False),
    (2, "sedma", "sedma", ("sedma",), False, False),
    (3, "hra_red", "hra červená", ("hra",), True, False),
    (4, "sedma_red", "sedma červená", ("sedma",), True, False),
    (5, "sto", "sto", ("sto",), False, False),
    (6, "sto_a_sedma", "sto a sedma", ("sto", "sedma"), False, False),
    (7, "sto_red", "sto červených", ("sto",), True, False),
    (8, "sto_a_sedma_red", "sto a sedma červených", ("sto", "sedma"), True, False),
    (9, "betl", "betl", ("betl",), False, False),
    (10, "durch", "durch", ("durch",), False, False),
    (None, "hra_a_sedma", "hra a sedma", ("hra", "sedma"), False, False),
    (None, "hra_a_sedma_red", "hra a sedma červená", ("hra", "sedma"), True, False),
    (None, "silent_seven", "tichá sedma", ("sedma",), False, True),
    (None, "silent_seven_red", "tichá sedma červená", ("sedma",), True, True),
)


def tariff_table(rules: MariasOptions = MARIAS) -> list[TariffLine]:
    """The tariff of seed 004 at this table's stake and tariff, line by line.

    >>> [(line.name, line.amount) for line in tariff_table()][:6]
    [('hra', 20), ('sedma', 40), ('hra červená', 40), ('sedma červená', 80), ('sto', 80), \
('sto a sedma', 120)]
    """
    out = []
    for number, key, name, parts, red, silent in _TARIFF_LINES:
        amount = sum(rules.amount(p) for p in parts) * (RED_FACTOR if red else 1)
        if silent:
            amount //= SILENT_SEVEN_DIVISOR
        out.append(TariffLine(number=number, key=key, name=name, amount=amount, parts=parts,
                              red=red, silent=silent))
    return out


def flek_levels(rules: MariasOptions = MARIAS) -> list[tuple[int, str, int]]:
    """The flek ladder this table allows: (level, word, factor).

    >>> flek_levels()
    [(0, 'none', 1), (1, 'flek', 2), (2, 're', 4), (3, 'tutti', 8), (4, 'boty', 16)]
    """
    return [(lv, FLEK_NAMES[lv], flek_factor(lv)) for lv in range(rules.max_fleks + 1)]


@dataclass(frozen=True, kw_only=True)
class RenoncKind:
    """One of the 12 renonc kinds of seed 004 article III (marias.md#renonc)."""

    number: int
    text: str  # English, the project's words
    cs: str  # the seed's words
    by: Offender
    talon_fee: bool = False  # renonc_talon_fee instead of renonc_fee
    decides: bool = True  # the offending side loses the deal (unless played out)
    max_level: int | None = None  # the loss is paid at most at this flek level
    suit_game_only: bool = False


RENONC_KINDS: tuple[RenoncKind, ...] = (
    RenoncKind(number=1, text="did not follow suit", cs="nepřiznání barvy",
               by=Offender.PLAYING),
    RenoncKind(number=2, text="did not beat a lower card", cs="nepřebití nižší karty",
               by=Offender.PLAYING),
    RenoncKind(number=3, text="led wrongly", cs="nesprávné vynesení", by=Offender.PLAYING),
    RenoncKind(number=4, text="played out of turn", cs="předhození karty",
               by=Offender.PLAYING),
    RenoncKind(number=5, text="cut or shuffled the cards", cs="řezání a míchání karet",
               by=Offender.ANYONE),
    RenoncKind(number=6, text="signalled to a partner", cs="náznaky, signály, ovlivňování",
               by=Offender.ANYONE),
    RenoncKind(number=7, text="wrong number of cards in the talon",
               cs="nesprávný počet karet v talonu", by=Offender.DECLARER,
               max_level=RENONC_MAX_LEVEL_TALON_COUNT),
    RenoncKind(number=8, text="broke the order of approving and fleking",
               cs="nedodržení postupu při schvalování, flekování a točení",
               by=Offender.PLAYING, decides=False),
    RenoncKind(number=9, text="changed or looked into the talon after announcing",
               cs="změna či nahlížení do talonu volícím hráčem", by=Offender.DECLARER),
    RenoncKind(number=10, text="looked at the talon without the right",
               cs="neoprávněné shlédnutí talonu", by=Offender.NOT_DECLARER),
    RenoncKind(number=11, text="broke the rules of the announced seven or played a laid-down "
               "game", cs="porušení bodů B/13, B/17", by=Offender.DECLARER),
    RenoncKind(number=RENONC_TALON_KIND, text="an ace or a ten in the talon",
               cs="eso nebo desítka v talonu", by=Offender.DECLARER, talon_fee=True,
               suit_game_only=True),
)


def renonc_kinds() -> tuple[RenoncKind, ...]:
    """The 12 renonc kinds, in the seed's order (for the form's list)."""
    return RENONC_KINDS


def crowns_text(amount: Points) -> str:
    """Haléře as the sheet writes money.

    >>> crowns_text(120), crowns_text(-5), crowns_text(1000)
    ('1.20 Kč', '-0.05 Kč', '10.00 Kč')
    """
    sign = "-" if amount < 0 else ""
    return f"{sign}{abs(amount) // 100}.{abs(amount) % 100:02d} Kč"


# --------------------------------------------------------------------------- entries


@dataclass(frozen=True, kw_only=True, init=False)
class Deal(Entry):
    """A played deal: a suit game (hra, sedma, sto), betl or durch.

    A frozen dataclass whose ``__init__`` is written out (the generated one sets each field
    through ``object.__setattr__``; a replay makes one deal per entry).
    """

    kind: ClassVar[str] = _DEAL
    declarer: Seat
    game: Contract
    sitting_out: Seat | None = None
    trump: Suit | None = None
    announced: frozenset[Announce] = frozenset()
    card_points: Points | None = None
    marriages_declarer: tuple[Suit, ...] = ()
    marriages_defence: tuple[Suit, ...] = ()
    seven: Result | None = None
    silent_seven: Side | None = None
    result: Result | None = None
    fleks: Mapping[Component, int] = field(default_factory=dict)
    first_flek_by: Mapping[Component, Seat] | Seat | None = None
    against: frozenset[Announce] = frozenset()  # announced by the defence (seed 004 II.20)
    seven_against: Result | None = None  # the defence's seven: won = it took the last trick
    flek_by: Mapping[Component, tuple[Seat, ...]] = field(default_factory=dict)

    def __init__(self, *, declarer: Seat, game: Contract, sitting_out: Seat | None = None,
                 trump: Suit | None = None, announced: frozenset[Announce] = frozenset(),
                 card_points: Points | None = None, marriages_declarer: tuple[Suit, ...] = (),
                 marriages_defence: tuple[Suit, ...] = (),
                 seven: Result | None = None, silent_seven: Side | None = None,
                 result: Result | None = None, fleks: Mapping[Component, int] | None = None,
                 first_flek_by: Mapping[Component, Seat] | Seat | None = None,
                 against: frozenset[Announce] = frozenset(), seven_against: Result | None = None,
                 flek_by: Mapping[Component, tuple[Seat, ...]] | None = None) -> None:
        own = self.__dict__
        own["declarer"] = declarer
        own["game"] = game
        own["sitting_out"] = sitting_out
        own["trump"] = trump
        own["announced"] = announced
        own["card_points"] = card_points
        own["marriages_declarer"] = marriages_declarer
        own["marriages_defence"] = marriages_defence
        own["seven"] = seven
        own["silent_seven"] = silent_seven
        own["result"] = result
        own["fleks"] = {} if fleks is None else fleks
        own["first_flek_by"] = first_flek_by
        own["against"] = against
        own["seven_against"] = seven_against
        own["flek_by"] = {} if flek_by is None else flek_by

    def components(self) -> tuple[Component, ...]:
        """The components this deal plays (each can be fleked)."""
        if self.game == _BETL:
            return (_BETL_COMP,)
        if self.game == _DURCH:
            return (_DURCH_COMP,)
        out = [_HUNDRED_AGAINST if _HUNDRED in self.against
               else _GAME]
        if _SEVEN in self.announced:
            out.append(_SEVEN_COMP)
        if _SEVEN in self.against:
            out.append(_SEVEN_AGAINST)
        return tuple(out)

    def level(self, component: Component) -> int:
        return self.fleks.get(component, 0)

    def flek_giver(self, component: Component) -> Seat | None:
        """Who gave the first flek on ``component`` (None: not written)."""
        listed = self.flek_by.get(component)
        if listed:
            return listed[0]
        by = self.first_flek_by
        if by is None or isinstance(by, int):
            return by
        return by.get(component)

    def givers(self, component: Component, level: int, declarer: Seat) -> tuple[Seat, ...]:
        """Who gave each flek level 1..``level`` of one of the declarer's components.

        A level the entry does not list is given as the level two below it was: the defence
        gives flek, tutti, kalhoty (levels 1, 3, 5), the declarer re and boty (2, 4).  Empty when
        the first flek-giver is not written.
        """
        listed = list(self.flek_by.get(component, ()))
        if not listed:
            first = self.flek_giver(component)
            if first is None:
                return ()
            listed = [first]
        while len(listed) < level:
            listed.append(declarer if len(listed) % 2 else listed[-2])
        return tuple(listed[:level])


@dataclass(frozen=True, kw_only=True)
class Renonc(Entry):
    """A renonc (revoke) in the deal right before this entry, or -- with ``deal`` -- in the deal
    being played, which it stopped before its result (marias.md#stopped-deal)."""

    kind: ClassVar[str] = Kind.RENONC
    seat: Seat
    number: int  # 1..12, RENONC_KINDS
    played_out: bool = False
    deal: Deal | None = None  # the stopped deal's announcement: no card result


@dataclass(frozen=True, kw_only=True)
class Misdeal(Entry):
    """The dealer dealt wrongly and deals again."""

    kind: ClassVar[str] = Kind.MISDEAL
    seat: Seat | None = None  # None: the dealer


_E = TypeVar("_E", bound=StrEnum)
_T = TypeVar("_T")


def _made(cls: type[_T], fields: dict[str, Any]) -> _T:
    """The frozen dataclass ``cls`` (:class:`Deal`, :class:`DealRecord`) whose ``__dict__`` is
    ``fields``, a new dict that names every field: what its written-out ``__init__`` makes,
    without the keyword call's cost, for a caller that has every field at hand."""
    made = object.__new__(cls)
    object.__setattr__(made, "__dict__", fields)
    return made


def _field(key: str, why: str, rule: str, **values: Any) -> InvalidEntry:
    """``rule`` and ``values``: what ``why`` says, for the web layer's translations."""
    return InvalidEntry(f"{key} {why}", code="bad_field",
                        params={"field": key, "why": why, "rule": rule, **values})


def _illegal(key: str, message: str, code: str, **params: Any) -> IllegalEntry:
    return IllegalEntry(message, code=code, params={"field": key, **params})


# What an entry writes in a field, and the member it stands for: read with a dict look-up (an
# enum's call costs several); anything else is read by rules.parse, which says what is wrong.
_SUIT_OF: Mapping[str, Suit] = {s.value: s for s in Suit}
_RESULT_OF: Mapping[str, Result] = {r.value: r for r in Result}
_SIDE_OF: Mapping[str, Side] = {s.value: s for s in Side}
_CONTRACT_OF: Mapping[str, Contract] = {c.value: c for c in Contract}
_ANNOUNCE_OF: Mapping[str, Announce] = {a.value: a for a in Announce}
_COMPONENT_OF: Mapping[str, Component] = {c.value: c for c in Component}
_MARRIAGE_SIDES = frozenset(("declarer", "defence"))
_NOTHING_ANNOUNCED: frozenset[Announce] = frozenset()


def _member(raw: Mapping[str, Any], key: str, members: Mapping[str, _E], *,
            required: bool = False) -> Any:
    """The member ``raw[key]`` names (None when absent and not required); raises for anything
    else, as ``parse.get_choice`` says it."""
    value = raw.get(key)
    if value is None and not required:
        return None
    found = members.get(value) if type(value) is str else None
    if found is not None:
        return found
    return members[parse.get_choice(raw, key, tuple(members))]


def _parse_announced(raw: Mapping[str, Any], key: str) -> frozenset[Announce]:
    value = raw.get(key)
    if value is None or value == []:
        return _NOTHING_ANNOUNCED
    return frozenset(_ANNOUNCE_OF[a] for a in parse.get_str_list(raw, key, ANNOUNCES))


def _parse_marriages(raw: Mapping[str, Any]) -> tuple[tuple[Suit, ...], tuple[Suit, ...]]:
    value = raw.get("marriages")
    if value is None:
        return (), ()
    if not isinstance(value, Mapping):
        raise _field("marriages", 'must be an object like {"declarer": ["hearts"], '
                     '"defence": []}', "marriages_object")
    if not value.keys() <= _MARRIAGE_SIDES:
        extra = sorted(set(value) - _MARRIAGE_SIDES)
        raise _field("marriages", f"knows only declarer and defence, not {extra[0]!r}",
                     "keys", keys="declarer, defence", value=repr(extra[0]))
    sides: list[tuple[Suit, ...]] = []
    for side in ("declarer", "defence"):
        suits = value.get(side)
        if suits is None or suits == []:
            sides.append(())
            continue
        key = f"marriages.{side}"
        sides.append(tuple(_SUIT_OF[s] for s in parse.get_str_list({key: suits}, key, SUITS)))
    return sides[0], sides[1]


def _parse_fleks(raw: Mapping[str, Any]) -> dict[Component, int]:
    value = raw.get("fleks")
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _field("fleks", 'must be an object like {"game": 1, "seven": 0}', "fleks_object")
    out: dict[Component, int] = {}
    for comp, level in value.items():
        member = _COMPONENT_OF.get(comp)
        if member is None:
            raise _field("fleks", f"knows only {', '.join(COMPONENTS)}, not {comp!r}", "keys",
                         keys=", ".join(COMPONENTS), value=repr(comp))
        if type(level) is int and 0 <= level <= MAX_FLEK_LEVEL:
            out[member] = level
        else:
            key = f"fleks.{comp}"
            out[member] = parse.get_int({key: level}, key, lo=0, hi=MAX_FLEK_LEVEL)
    return out


def _parse_flek_by(raw: Mapping[str, Any], n: int) -> Mapping[Component, Seat] | Seat | None:
    value = raw.get("first_flek_by")
    if value is None or isinstance(value, int):
        seat: Seat | None = parse.get_seat(raw, "first_flek_by", n, default=None)
        return seat
    if not isinstance(value, Mapping):
        raise _field("first_flek_by", "must be a seat number, or an object of component: seat",
                     "flek_by_object")
    out: dict[Component, Seat] = {}
    for comp, who in value.items():
        if comp not in COMPONENTS:
            raise _field("first_flek_by",
                         f"knows only {', '.join(COMPONENTS)}, not {comp!r}", "keys",
                         keys=", ".join(COMPONENTS), value=repr(comp))
        key = f"first_flek_by.{comp}"
        out[Component(comp)] = parse.get_seat({key: who}, key, n)
    return out


def _parse_givers(raw: Mapping[str, Any], n: int) -> dict[Component, tuple[Seat, ...]]:
    value = raw.get("flek_by")
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _field("flek_by", 'must be an object like {"game": [1, 0, 2]}: for each '
                     "component, who gave each flek level", "flek_by_levels")
    out: dict[Component, tuple[Seat, ...]] = {}
    for comp, seats in value.items():
        member = _COMPONENT_OF.get(comp)
        if member is None:
            raise _field("flek_by", f"knows only {', '.join(COMPONENTS)}, not {comp!r}", "keys",
                         keys=", ".join(COMPONENTS), value=repr(comp))
        if not isinstance(seats, list) or len(seats) > MAX_FLEK_LEVEL:
            raise _field("flek_by", 'must be an object like {"game": [1, 0, 2]}: for each '
                         "component, who gave each flek level", "flek_by_levels")
        if all(type(s) is int and 0 <= s < n for s in seats):
            out[member] = tuple(seats)
        else:
            out[member] = tuple(
                parse.get_seat({f"flek_by.{comp}": s}, f"flek_by.{comp}", n) for s in seats)
    return out


def _parse_card_points(raw: Mapping[str, Any]) -> Points | None:
    points: Points | None = parse.get_int(raw, "card_points", default=None)
    if points is not None and (not 0 <= points <= CARD_POINTS or points % CARD_STEP):
        raise InvalidEntry(f"Card points must be 0..{CARD_POINTS} in tens (aces, tens and the "
                           f"last trick count 10 each), not {points}", code="bad_field",
                           params={"field": "card_points", "rule": "card_points",
                                   "max": CARD_POINTS, "step": CARD_STEP, "value": points})
    return points


DEAL_KEYS = ("declarer", "sitting_out", "game", "trump", "announced", "card_points",
             "marriages", "seven", "silent_seven", "result", "fleks", "first_flek_by",
             "against", "seven_against", "flek_by")


# A deal stopped by a renonc is written by its announcement alone (marias.md#stopped-deal): what was
# declared and fleked before the renonc, never a card result.
STOPPED_DEAL_KEYS = ("declarer", "sitting_out", "game", "trump", "announced", "fleks",
                     "first_flek_by", "against", "flek_by")


def parse_stopped_deal(raw: Any, n: int) -> Deal:
    """The ``deal`` of a renonc entry: the announcement of the deal the renonc stopped."""
    if not isinstance(raw, Mapping):
        raise _field("deal", 'must be an object like {"declarer": 1, "game": "suit", '
                     '"trump": "hearts"}: the announcement of the deal the renonc stopped',
                     "stopped_deal_object")
    played = sorted(set(raw) & (set(DEAL_KEYS) - set(STOPPED_DEAL_KEYS)))
    if played:
        raise IllegalEntry(
            f"A renonc stopped this deal, so it has no result: leave out {played[0]} (the "
            "renonc decides the deal; a deal that was played out is written with its result, "
            "then the renonc)", code="stopped_result", params={"field": played[0]})
    parse.only_keys(raw, STOPPED_DEAL_KEYS)
    return parse_deal(raw, n)


def parse_deal(raw: Mapping[str, Any], n: int) -> Deal:
    """The typed deal of ``raw``; raises :class:`InvalidEntry` naming the first wrong field.

    An entry whose every field is plainly right (:func:`_plain_deal`) is read at once; any
    other goes through the field readers, which say what is wrong, field by field in the
    order below.  Both give the same deal for an entry they both read."""
    deal = _plain_deal(raw, n) if raw.keys() <= _DEAL_KEYSET else None
    return _read_deal(raw, n) if deal is None else deal


# The plainly right words of a field (None: the field left out), for _plain_deal.
_CONTRACT_WORD: Mapping[Any, Contract] = _CONTRACT_OF
_CONTRACT_WORDS: Mapping[Contract, str] = {c: c.value for c in Contract}  # (.value is slow)
_SUIT_OR_NONE: Mapping[Any, Suit | None] = {None: None, **_SUIT_OF}
_RESULT_OR_NONE: Mapping[Any, Result | None] = {None: None, **_RESULT_OF}
_SIDE_OR_NONE: Mapping[Any, Side | None] = {None: None, **_SIDE_OF}
_ANNOUNCED_OF: Mapping[Any, frozenset[Announce]] = {
    None: _NOTHING_ANNOUNCED, (): _NOTHING_ANNOUNCED,
    **{words: frozenset(_ANNOUNCE_OF[w] for w in words)
       for words in itertools.chain.from_iterable(
           itertools.permutations(ANNOUNCES, k) for k in range(1, len(ANNOUNCES) + 1))}}
_SUITS_OF: Mapping[Any, tuple[Suit, ...]] = {
    None: (), **{words: tuple(_SUIT_OF[w] for w in words)
                 for words in itertools.chain.from_iterable(
                     itertools.permutations(SUITS, k) for k in range(len(SUITS) + 1))}}
_CARD_POINTS_OR_NONE: Mapping[Any, Points | None] = {
    None: None, **{p: p for p in range(0, CARD_POINTS + 1, CARD_STEP)}}
_DEAL_KEYSET = frozenset((*DEAL_KEYS, "type", "meta"))


def _plain_deal(raw: Mapping[str, Any], n: int) -> Deal | None:
    """The deal of an entry whose every field is plainly right, else None (then
    :func:`_read_deal` reads it and says what is wrong)."""
    get = raw.get
    declarer, out, points = get("declarer"), get("sitting_out"), get("card_points")
    announced, against = get("announced"), get("against")
    if (type(declarer) is not int or not 0 <= declarer < n
            or not (out is None or (type(out) is int and 0 <= out < n))
            or not (points is None or type(points) is int)
            or not (announced is None or type(announced) is list)
            or not (against is None or type(against) is list)):
        return None
    fleks = _plain_fleks(get("fleks"))
    given = get("flek_by")
    givers = _NO_GIVERS if given is None else _plain_givers(given, n)
    marriages = _plain_marriages(get("marriages"))
    first = get("first_flek_by")
    if (fleks is None or givers is None or marriages is None
            or not (first is None or (type(first) is int and 0 <= first < n))):
        return None
    try:
        return _made(Deal, {
            "declarer": declarer, "game": _CONTRACT_WORD[get("game")], "sitting_out": out,
            "trump": _SUIT_OR_NONE[get("trump")],
            "announced": _ANNOUNCED_OF[announced if announced is None else tuple(announced)],
            "card_points": _CARD_POINTS_OR_NONE[points],
            "marriages_declarer": marriages[0], "marriages_defence": marriages[1],
            "seven": _RESULT_OR_NONE[get("seven")],
            "silent_seven": _SIDE_OR_NONE[get("silent_seven")],
            "result": _RESULT_OR_NONE[get("result")], "fleks": fleks, "first_flek_by": first,
            "against": _ANNOUNCED_OF[against if against is None else tuple(against)],
            "seven_against": _RESULT_OR_NONE[get("seven_against")], "flek_by": givers})
    except (KeyError, TypeError):  # a word that is not plainly right, or not a word at all
        return None


def _plain_marriages(value: Any) -> tuple[tuple[Suit, ...], tuple[Suit, ...]] | None:
    if value is None:
        return (), ()
    if type(value) is not dict or not value.keys() <= _MARRIAGE_SIDES:
        return None
    declarer, defence = value.get("declarer"), value.get("defence")
    if not ((declarer is None or type(declarer) is list)
            and (defence is None or type(defence) is list)):
        return None
    try:
        return (_SUITS_OF[declarer if declarer is None else tuple(declarer)],
                _SUITS_OF[defence if defence is None else tuple(defence)])
    except (KeyError, TypeError):
        return None


# What a deal that names no flek holds (shared: a Deal's mappings are never changed).
_NO_FLEKS: Mapping[Component, int] = {}
_NO_GIVERS: Mapping[Component, tuple[Seat, ...]] = {}


def _plain_fleks(value: Any) -> Mapping[Component, int] | None:
    if value is None:
        return _NO_FLEKS
    if type(value) is not dict:
        return None
    out: dict[Component, int] = {}
    for comp, level in value.items():
        member = _COMPONENT_OF.get(comp) if type(comp) is str else None
        if member is None or type(level) is not int or not 0 <= level <= MAX_FLEK_LEVEL:
            return None
        out[member] = level
    return out


def _plain_givers(value: Any, n: int) -> Mapping[Component, tuple[Seat, ...]] | None:
    if value is None:
        return _NO_GIVERS
    if type(value) is not dict:
        return None
    out: dict[Component, tuple[Seat, ...]] = {}
    for comp, seats in value.items():
        member = _COMPONENT_OF.get(comp) if type(comp) is str else None
        if (member is None or type(seats) is not list or len(seats) > MAX_FLEK_LEVEL
                or not all(type(s) is int and 0 <= s < n for s in seats)):
            return None
        out[member] = tuple(seats)
    return out


def _read_deal(raw: Mapping[str, Any], n: int) -> Deal:
    """The deal of ``raw`` read field by field; raises naming the first wrong field."""
    parse.only_keys(raw, DEAL_KEYS)
    trump = _member(raw, "trump", _SUIT_OF)
    seven = _member(raw, "seven", _RESULT_OF)
    silent = _member(raw, "silent_seven", _SIDE_OF)
    result = _member(raw, "result", _RESULT_OF)
    seven_against = _member(raw, "seven_against", _RESULT_OF)
    m_decl, m_def = _parse_marriages(raw)
    return Deal(
        declarer=parse.get_seat(raw, "declarer", n),
        game=_member(raw, "game", _CONTRACT_OF, required=True),
        sitting_out=parse.get_seat(raw, "sitting_out", n, default=None),
        trump=trump,
        announced=_parse_announced(raw, "announced"),
        card_points=_parse_card_points(raw),
        marriages_declarer=m_decl,
        marriages_defence=m_def,
        seven=seven,
        silent_seven=silent,
        result=result,
        fleks=_parse_fleks(raw),
        first_flek_by=_parse_flek_by(raw, n),
        against=_parse_announced(raw, "against"),
        seven_against=seven_against,
        flek_by=_parse_givers(raw, n),
    )


# --------------------------------------------------------------------------- settlement


@dataclass(frozen=True, kw_only=True, init=False)
class Charge:
    """One component of a deal as it is settled (marias.md#components)."""

    what: Line
    component: Component | None  # the flek key; None for the silent seven
    base: Points  # haléře per paying player, unfleked (red and silent hundred included)
    level: int  # as paid: at most the table's highest flek (marias.md#fleks)
    won: bool  # by the declarer
    givers: tuple[Seat, ...] = ()  # who gave each flek level, when written
    against: bool = False  # announced by the defence: settled with the sides swapped
    written_level: int | None = None  # the level written, when beyond the table

    def __init__(self, *, what: Line, component: Component | None, base: Points, level: int,
                 won: bool, givers: tuple[Seat, ...] = (), against: bool = False,
                 written_level: int | None = None) -> None:
        own = self.__dict__
        own["what"] = what
        own["component"] = component
        own["base"] = base
        own["level"] = level
        own["won"] = won
        own["givers"] = givers
        own["against"] = against
        own["written_level"] = written_level

    @property
    def value(self) -> Points:
        """Haléře per paying player at the component's flek level."""
        return self.base * flek_factor(self.level)

    @property
    def flek_by(self) -> Seat | None:
        """The first flek-giver."""
        return self.givers[0] if self.givers else None

    def owners(self) -> dict[Seat, tuple[int, int]]:
        """Per flek-giver of the defence: (sum of 2^(k-1) over his steps, his highest level).

        Step k doubles the component from level k-1 to k; it belongs to the giver of level k
        when k is odd (flek, tutti, kalhoty) and to the giver of level k-1 when it is the
        declarer's re or boty after it (seed 004 II.15 "včetně otočení protihráče po svém
        posledním fleku").
        """
        out: dict[Seat, tuple[int, int]] = {}
        for k in range(1, self.level + 1):
            owner = self.givers[k - 1] if k % 2 else self.givers[k - 2]
            factor, _top = out.get(owner, (0, 0))
            out[owner] = (factor + 2 ** (k - 1), k)
        return out

    def joined(self) -> bool:
        """Both defenders gave fleks on it: the third player joined the fleking (II.15)."""
        return len({self.givers[k] for k in range(0, self.level, 2)}) > 1


def _line(charge: Charge, declarer: Seat, seat: Seat, amount: Points, level: int) -> Payment:
    if charge.won:
        return Payment(payer=seat, payee=declarer, amount=amount, what=charge.what, level=level)
    return Payment(payer=declarer, payee=seat, amount=amount, what=charge.what, level=level)


def liable(charge: Charge, rules: MariasOptions) -> bool:
    """Whether the flek-givers carry the doubling of this component (marias.md#flek-liability):
    at a ``fleking_player`` table, for a fleked component of the declarer whose first flek-giver
    is written, when the declarer wins it (and, in the earlier rules, when he loses it)."""
    return (bool(charge.level) and not charge.against and len(charge.givers) >= charge.level
            and rules.flek_liability == _FLEKING_PLAYER
            and (charge.won or rules.flek_giver_receives))


def charge_lines(charge: Charge, declarer: Seat, payers: Sequence[Seat],
                 rules: MariasOptions, pauzirak: Seat | None = None) -> list[Payment]:
    """The ledger lines of one component (marias.md#payment, marias.md#flek-liability).

    Each paying seat settles the value with the declarer.  With ``fleking_player`` liability
    (seed 004 II.15) each pays only the unfleked base and each flek-giver of the defence pays
    the doubling of his steps for every paying seat; when both defenders fleked, the pauzírák
    pays nothing and his base is split between the two.
    """
    level = charge.level
    if not level or not liable(charge, rules):
        value, what = charge.base * FLEK_FACTOR**level, charge.what
        if not value:
            return []
        if charge.won:
            return [Payment(payer=s, payee=declarer, amount=value, what=what, level=level)
                    for s in payers]
        return [Payment(payer=declarer, payee=s, amount=value, what=what, level=level)
                for s in payers]
    owners = charge.owners()
    spared = pauzirak if charge.won and charge.joined() and pauzirak in payers else None
    lines = [_line(charge, declarer, s, charge.base, 0) for s in payers if s != spared]
    if spared is not None:
        first, second = list(owners)[:2]
        half = charge.base // 2
        lines.append(_line(charge, declarer, first, charge.base - half, 0))
        lines.append(_line(charge, declarer, second, half, 0))
    for owner, (factor, top) in owners.items():
        lines.append(_line(charge, declarer, owner, factor * charge.base * len(payers), top))
    return [p for p in lines if p.amount]


def net(lines: Sequence[Payment], n: int) -> list[Points]:
    """What each seat gains (+) or pays (-) by these ledger lines."""
    out = [0] * n
    for p in lines:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


def cap_lines(lines: Sequence[Payment], declarer: Seat, cap: Points) -> list[Payment]:
    """Refunds so that no seat pays another more than ``cap`` for one deal (marias.md#cap)."""
    if not cap:
        return []
    owed: dict[Seat, Points] = {}  # what each other seat pays the declarer, net
    for p in lines:
        if p.payee == declarer:
            owed[p.payer] = owed.get(p.payer, 0) + p.amount
        elif p.payer == declarer:
            owed[p.payee] = owed.get(p.payee, 0) - p.amount
    out = []
    for seat in sorted(owed):
        amount = owed[seat]
        if amount > cap:
            out.append(Payment(payer=declarer, payee=seat, amount=amount - cap, what=_CAP))
        elif -amount > cap:
            out.append(Payment(payer=seat, payee=declarer, amount=-amount - cap, what=_CAP))
    return out


def deal_cap(charges: Sequence[Charge], rules: MariasOptions) -> Points:
    """The payment cap of a deal: raised to ``joined_cap`` when both defenders fleked
    (seed 004 II.15 "posouvá hranice limitu platby na 150,-Kč od každého")."""
    if rules.payment_cap and any(liable(c, rules) and c.joined() for c in charges):
        return max(rules.payment_cap, rules.joined_cap)
    return rules.payment_cap


def settle(charges: Sequence[Charge], declarer: Seat, payers: Sequence[Seat],
           rules: MariasOptions, pauzirak: Seat | None = None) -> list[Payment]:
    """Every game line of a deal, capped (marias.md#payment)."""
    lines: list[Payment] = []
    for charge in charges:
        lines += charge_lines(charge, declarer, payers, rules, pauzirak)
    if not rules.payment_cap:
        return lines  # (no cap, no refunds)
    return lines + cap_lines(lines, declarer, deal_cap(charges, rules))


# The ledger lines of the components paid so far and what they net each seat (_settle), by
# what they depend on; at most _KEPT_LINES kinds (a sheet pays the same few hundred again and
# again).
_LINES: dict[tuple[Any, ...], tuple[tuple[Payment, ...], tuple[Points, ...]]] = {}
_KEPT_LINES = 8192


def _settle(table: _Table, charges: Sequence[Charge], declarer: Seat, payers: tuple[Seat, ...],
            pauzirak: Seat | None) -> tuple[tuple[Payment, ...], tuple[Points, ...]]:
    """:func:`settle` of a deal on ``table``'s sheet, and what it nets each seat (:func:`net`).

    The lines of a component depend on nothing else than the key below, and a :class:`Payment`
    is frozen: a component paid as an earlier one was gets its lines and their net, made by
    :func:`charge_lines` once."""
    rules, n = table.rules, len(table.names)
    liability = table.liability
    lines: list[Payment] = []
    made: tuple[tuple[Payment, ...], tuple[Points, ...]] = ((), (0,) * n)
    for c in charges:
        key = (c.what, c.base, c.level, c.won, c.givers, c.against, declarer, payers, pauzirak,
               n, liability)
        found = _LINES.get(key)
        if found is None:
            paid = tuple(charge_lines(c, declarer, payers, rules, pauzirak))
            found = paid, tuple(net(paid, n))
            if len(_LINES) < _KEPT_LINES:
                _LINES[key] = found
        made = found
        lines += made[0]
    if not rules.payment_cap:
        if len(charges) == 1:
            return made  # (no cap, no refunds)
        ledger = tuple(lines)
    else:
        ledger = tuple(lines + cap_lines(lines, declarer, deal_cap(charges, rules)))
    return ledger, tuple(net(ledger, n))


def hundred_points(deal: Deal, rules: MariasOptions) -> Points:
    """The declarer's points as counted for sto (marias.md#sto)."""
    assert deal.card_points is not None
    if rules.hundred_counts == _ALL_OWN_MARRIAGES:
        return deal.card_points + marriage_points(deal.marriages_declarer, deal.trump)
    return deal.card_points + (TRUMP_MARRIAGE if deal.trump in deal.marriages_declarer else 0)


def defence_hundred_points(deal: Deal, rules: MariasOptions) -> Points:
    """The defence's points as counted for a hundred, the same way as the declarer's
    (marias.md#against)."""
    assert deal.card_points is not None
    own = CARD_POINTS - deal.card_points
    if rules.hundred_counts == _ALL_OWN_MARRIAGES:
        return own + marriage_points(deal.marriages_defence, deal.trump)
    return own + (TRUMP_MARRIAGE if deal.trump in deal.marriages_defence else 0)


def marriage_points(suits: Sequence[Suit], trump: Suit | None) -> Points:
    points = 0
    for s in suits:
        points += TRUMP_MARRIAGE if s == trump else MARRIAGE
    return points


def hra_won(deal: Deal) -> bool:
    """The declarer wins the hra iff his card points and marriages beat the defence's.

    Card points and marriages all come in tens and the deck has 90 card points, so the two
    sums always differ: there is no tie (marias.md#hra).
    """
    assert deal.card_points is not None
    own = deal.card_points + marriage_points(deal.marriages_declarer, deal.trump)
    other = CARD_POINTS - deal.card_points + marriage_points(deal.marriages_defence, deal.trump)
    return own > other


class Plan(NamedTuple):
    """What a deal is worth: the charges as played, and as announced (for a renonc and the
    premium points).  A named tuple: one object per deal."""

    played: tuple[Charge, ...]
    announced: tuple[Charge, ...]
    silent_hundred: Side | None = None


Tariff = tuple[Mapping[str, Points], Mapping[str, Points]]  # (plain, red): key -> haléře


def tariff(rules: MariasOptions) -> Tariff:
    """The haléře of each tariff line at this table's stake: as written and with hearts trumps
    (marias.md#tariff, marias.md#red); read once per sheet (:meth:`MariasGame.prepare`)."""
    plain = {key: rules.amount(key) for key in TARIFF_KEYS}
    return plain, {key: amount * RED_FACTOR for key, amount in plain.items()}


def plan(deal: Deal, rules: MariasOptions, amounts: Tariff | None = None) -> Plan:
    """The components of a verified deal (marias.md#components); ``amounts`` is
    :func:`tariff` of ``rules`` when the caller has it already."""
    plain, red_amounts = tariff(rules) if amounts is None else amounts
    game = deal.game
    top = rules.max_fleks
    if game != _SUIT_GAME:
        betl = game == _BETL
        key = "betl" if betl else "durch"
        c = (_charge(deal, top, _BETL_LINE if betl else _DURCH_LINE,
                     _BETL_COMP if betl else _DURCH_COMP, plain[key], deal.result == _WON),)
        return Plan(played=c, announced=c)
    amount = red_amounts if deal.trump == RED else plain
    against, announced_ = deal.against, deal.announced
    silent_hundred: Side | None = None
    if _HUNDRED in against:
        # the defence's hundred replaces the hra; "won" is the declarer's (marias.md#against)
        first = _charge(deal, top, _STO_PROTI, _HUNDRED_AGAINST, amount["sto"],
                        defence_hundred_points(deal, rules) < HUNDRED)
        played = [first]
    elif _HUNDRED in announced_:
        first = _charge(deal, top, _STO, _GAME, amount["sto"],
                        hundred_points(deal, rules) >= HUNDRED)
        played = [first]
    else:
        first = _charge(deal, top, _HRA, _GAME, amount["hra"], hra_won(deal))
        silent_hundred = _silent_hundred(deal, rules)
        played = [first if silent_hundred is None else _kept_charge(
            _SILENT_HUNDRED, first.component, first.base * SILENT_HUNDRED_FACTOR, first.level,
            first.won, first.givers, first.against, first.written_level)]
    announced = [first]
    if announced_ and _SEVEN in announced_:
        seven = _charge(deal, top, _SEDMA, _SEVEN_COMP, amount["sedma"], deal.seven == _WON)
        played.append(seven)
        announced.append(seven)
    if against and _SEVEN in against:
        seven = _charge(deal, top, _SEDMA_PROTI, _SEVEN_AGAINST, amount["sedma"],
                        deal.seven_against == _LOST)
        played.append(seven)
        announced.append(seven)
    if deal.silent_seven is not None and _SEVEN not in announced_ and _SEVEN not in against:
        played.append(_kept_charge(_SILENT_SEVEN, None, amount["sedma"] // SILENT_SEVEN_DIVISOR,
                                   0, deal.silent_seven == _DECLARER))
    paid = tuple(played)
    # paid as announced unless a silent hundred doubled the hra or a silent seven was added
    same = silent_hundred is None and len(played) == len(announced)
    return Plan(played=paid, announced=paid if same else tuple(announced),
                silent_hundred=silent_hundred)


def _silent_hundred(deal: Deal, rules: MariasOptions) -> Side | None:
    """Whose unannounced hundred doubles the hra (marias.md#silent), if anyone's."""
    if hundred_points(deal, rules) >= HUNDRED:
        return _DECLARER
    if rules.defence_silent_hundred and defence_hundred_points(deal, rules) >= HUNDRED:
        return _DEFENCE
    return None


# The charges and awards made so far, by their fields: both are frozen, so every deal that pays
# or earns one the same way shares it (at most _KEPT kinds of each are kept).
_CHARGES: dict[tuple[Any, ...], Charge] = {}
_AWARDS: dict[tuple[Any, ...], Award] = {}
_KEPT = 4096


def _kept_charge(what: Line, component: Component | None, base: Points, level: int, won: bool,
                 givers: tuple[Seat, ...] = (), against: bool = False,
                 written_level: int | None = None) -> Charge:
    """``Charge(...)`` of these fields, made once."""
    key = (what, component, base, level, won, givers, against, written_level)
    charge = _CHARGES.get(key)
    if charge is None:
        charge = Charge(what=what, component=component, base=base, level=level, won=won,
                        givers=givers, against=against, written_level=written_level)
        if len(_CHARGES) < _KEPT:
            _CHARGES[key] = charge
    return charge


def _charge(deal: Deal, top: int, what: Line, comp: Component, base: Points,
            won: bool) -> Charge:
    """One fleckable component of ``deal`` as it is paid: at most the table's highest flek
    ``top`` (marias.md#fleks)."""
    written = deal.fleks.get(comp, 0)
    against = comp in AGAINST
    if not written:
        found = _CHARGES.get((what, comp, base, 0, won, (), against, None))
        return _kept_charge(what, comp, base, 0, won, (), against) if found is None else found
    level = written if written <= top else top
    return _kept_charge(what, comp, base, level, won,
                        () if against else deal.givers(comp, level, deal.declarer),
                        against, None if written == level else written)


# --------------------------------------------------------------------------- premium points


@unique
class Why(StrEnum):
    """Why a deal gives a seat premium points (marias.md#premium)."""

    WON = "won"  # his side announced the game and won it: each of its players in full
    FLEK = "flek"  # he gave the first flek on a game its announcer then lost
    FLEK_MINUS = "flek_minus"  # he gave the first flek on a game its announcer won (II.15)


_WHY_WON, _WHY_FLEK, _WHY_FLEK_MINUS = Why.WON, Why.FLEK, Why.FLEK_MINUS


class Award(NamedTuple):
    """Premium points one deal gives one seat: ``times`` x the points of the game ``key``."""

    seat: Seat
    key: str  # the premium key of the game: sedma_red, sto, betl ...
    what: Line  # the component (sedma_proti: the seven announced against the declarer)
    times: int  # +1 for a won game or a flek that came off; -levels for minus points
    why: Why
    joined: int | None = None  # minus points: the flek level at which the third player joined


# the premium key of each announced component (red suit games add "_red")
PREMIUM_OF_LINE: dict[Line, str] = {
    _HRA: "hra", _STO: "sto", _SEDMA: "sedma", _SEDMA_PROTI: "sedma",
    _STO_PROTI: "sto", _BETL_LINE: "betl", _DURCH_LINE: "durch"}


def premium_key(charge: Charge, red: bool) -> str | None:
    """The premium key of an announced component: "sedma_red", "betl" (None: earns none)."""
    key = PREMIUM_OF_LINE.get(charge.what)
    if key is None or key in ("betl", "durch") or not red:
        return key
    return key + "_red"


_RED_PREMIUM_OF_LINE: dict[Line, str] = {
    what: key if key in ("betl", "durch") else key + "_red"
    for what, key in PREMIUM_OF_LINE.items()}  # premium_key(charge, red=True), per line


def minus_levels(charge: Charge) -> tuple[int, int | None]:
    """The flek levels the first flek-giver of one of the declarer's components answers for
    with minus points, and the level at which the third player joined (None: he did not).

    Seed 004 II.15: he pays for all his fleks "včetně otočení protihráče po svém posledním
    fleku" and "v tomto rozsahu dostane rovněž minusové body"; when the other defender joins,
    only "v rozsahu do fleku, kterým se do flekování zapojil třetí hráč".  Below the joining
    flek every level is his flek or the declarer's re after it (marias.md#premium).
    """
    first = charge.givers[0]
    joined = next((k + 1 for k in range(0, charge.level, 2) if charge.givers[k] != first), None)
    return (charge.level if joined is None else joined - 1), joined


def premium_awards(deal: Deal, charges: Sequence[Charge], defence: Sequence[Seat],
                   rules: MariasOptions) -> tuple[Award, ...]:
    """Who earns (or loses) premium points for the announced components ``charges`` of a deal
    (marias.md#premium); ``defence`` are the seats playing against the declarer.

    Seed 004 "Body za vyhrané hlášené bodované hry přísluší každému aktérovi v plné výši. Body
    za flekované hry přísluší pouze flekujícímu hráči." and II.15 (the minus points).  Only the
    options decide: ``premium_defence`` (the defence's won announcements), ``premium_flek_giver``
    (a fleked game its announcer lost earns for the first flek-giver only),
    ``premium_flek_minus`` (the first flek-giver's minus points when the announcer wins).
    """
    keys = _RED_PREMIUM_OF_LINE if deal.trump == RED else PREMIUM_OF_LINE
    out: list[Award] = []
    declarer = deal.declarer
    for c in charges:
        key = keys.get(c.what)
        against = c.against
        if key is None or (against and not rules.premium_defence):
            continue
        announcer_won = c.won != against  # ``won`` is the declarer's
        if announcer_won and against:
            out += [_award(s, key, c.what, 1, _WHY_WON) for s in defence]
        elif announcer_won:
            out.append(_award(declarer, key, c.what, 1, _WHY_WON))
        if not c.level:
            continue
        first = declarer if against else c.flek_by
        if first is None:
            continue
        if announcer_won and rules.premium_flek_minus:
            levels, joined = (c.level, None) if c.against else minus_levels(c)
            out.append(_award(first, key, c.what, -levels, _WHY_FLEK_MINUS, joined))
        elif not announcer_won and rules.premium_flek_giver:
            out.append(_award(first, key, c.what, 1, _WHY_FLEK))
    return tuple(out)


def _award(seat: Seat, key: str, what: Line, times: int, why: Why,
           joined: int | None = None) -> Award:
    """``Award(...)`` of these fields, made once (:data:`_AWARDS`)."""
    fields = (seat, key, what, times, why, joined)
    found = _AWARDS.get(fields)
    if found is None:
        found = Award(*fields)
        if len(_AWARDS) < _KEPT:
            _AWARDS[fields] = found
    return found


def award_points(awards: Sequence[Award], points: Mapping[str, int], n: int) -> list[int]:
    """Premium points per seat of these awards with the table ``points`` (key -> points)."""
    out = [0] * n
    for a in awards:
        out[a.seat] += a.times * points.get(a.key, 0)
    return out


def contract_text(deal: Deal) -> str:
    """What the contract column shows: hra, sedma, sto, sto a sedma (♥ for red), betl, durch,
    and after a comma what the defence announced: "hra ♥, sedma proti"."""
    key = (deal.game, deal.trump == RED, deal.announced, deal.against)
    text = _CONTRACT_TEXTS.get(key)
    if text is None:
        text = _CONTRACT_TEXTS[key] = _contract_text(deal)
    return text


# contract_text per (game, red, announced, against): a few dozen texts at most
_CONTRACT_TEXTS: dict[tuple[Contract, bool, frozenset[Announce], frozenset[Announce]], str] = {}


def _contract_text(deal: Deal) -> str:
    if deal.game != _SUIT_GAME:
        return deal.game.value
    seven, hundred = _SEVEN in deal.announced, _HUNDRED in deal.announced
    text = "sto a sedma" if seven and hundred else "sto" if hundred else (
        "sedma" if seven else "hra")
    text = f"{text} ♥" if deal.trump == RED else text
    seven, hundred = _SEVEN in deal.against, _HUNDRED in deal.against
    if seven or hundred:
        proti = "sto a sedma" if seven and hundred else "sto" if hundred else "sedma"
        text = f"{text}, {proti} proti"
    return text


def _as_played(deal: Deal) -> Deal:
    """A stopped deal's announcement with a result filled in, only so that it can be verified
    and planned like a played deal; the renonc that stopped it settles every component anew,
    so the result filled in counts nowhere (marias.md#stopped-deal)."""
    if deal.game != _SUIT_GAME:
        return dataclasses.replace(deal, result=_LOST)
    return dataclasses.replace(
        deal, card_points=0,
        seven=_LOST if _SEVEN in deal.announced else None,
        seven_against=_LOST if _SEVEN in deal.against else None)


# --------------------------------------------------------------------------- replay state


@dataclass(frozen=True, kw_only=True, init=False)
class DealRecord:
    """What a renonc needs to know about the deal before it."""

    index: int
    declarer: Seat
    dealer: Seat
    pauzirak: Seat | None
    payers: tuple[Seat, ...]
    game: Contract
    contract: str
    charges: tuple[Charge, ...]  # the announced components, unfleked hra for a silent hundred
    ledger: tuple[Payment, ...]  # the game lines of the deal as it stands
    awards: tuple[Award, ...]  # its premium points, withdrawn when a renonc decides it
    decided_by: int | None = None  # the renonc entry that decided the deal

    def __init__(self, *, index: int, declarer: Seat, dealer: Seat, pauzirak: Seat | None,
                 payers: tuple[Seat, ...], game: Contract, contract: str,
                 charges: tuple[Charge, ...], ledger: tuple[Payment, ...],
                 awards: tuple[Award, ...], decided_by: int | None = None) -> None:
        own = self.__dict__
        own["index"] = index
        own["declarer"] = declarer
        own["dealer"] = dealer
        own["pauzirak"] = pauzirak
        own["payers"] = payers
        own["game"] = game
        own["contract"] = contract
        own["charges"] = charges
        own["ledger"] = ledger
        own["awards"] = awards
        own["decided_by"] = decided_by


@dataclass(kw_only=True)
class MariasState(State):
    misdeals: list[int]  # per seat, on this sheet
    wins: list[dict[str, int]]  # per seat: premium key -> how many won (marias.md#premium)
    minus: list[dict[str, int]]  # per seat: premium key -> flek levels of minus points (II.15)
    last: DealRecord | None = None  # the deal a renonc may refer to
    applied: int = -1  # index of the last entry applied


def _tally(state: MariasState, awards: Sequence[Award], sign: int) -> None:
    """Count (sign 1) or withdraw (sign -1) a deal's premium awards."""
    for a in awards:
        counts = state.minus[a.seat] if a.why == _WHY_FLEK_MINUS else state.wins[a.seat]
        counts[a.key] = counts.get(a.key, 0) + sign * abs(a.times)


# --------------------------------------------------------------------------- the game


def _refuse_defender(sheet: Sheet, comp: Component, level: int, seat: Seat, d: Seat) -> None:
    """Level ``level`` of ``comp`` is the defence's to give, not the declarer's or the
    pauzírák's (:meth:`MariasGame._verify_givers`)."""
    role = "declarer" if seat == d else "pauzirak"
    names, word = sheet.players, FLEK_NAMES[min(level, MAX_FLEK_LEVEL)]
    raise _illegal("flek_by", f"The {word} on {comp.value} is given by a defender, not "
                   f"by {names[seat]} ({'the declarer' if seat == d else 'the pauzírák'})",
                   "flek_by_defender", seat=seat, role=role, component=comp.value,
                   level=level)


class _Table:
    """What every deal of a sheet reads of its header, worked out once (:meth:`Game.prepare`):
    its options, the players' names, the tariff, and per dealer and declarer who sits out, who
    pays (marias.md#payment) and who plays against the declarer."""

    __slots__ = ("amounts", "liability", "names", "rules", "seats")

    def __init__(self, sheet: Sheet) -> None:
        rules: MariasOptions = sheet.rules
        n = sheet.n
        self.rules = rules
        self.names = sheet.players
        self.amounts = tariff(rules)
        # what charge_lines reads of the options (liable)
        self.liability = (rules.flek_liability, rules.flek_giver_receives)
        seats = []
        for dealer in range(n):
            out = dealer if n == 4 else None
            seats.append(tuple(
                (out,
                 tuple(s for s in range(n) if s != d and (s != out or rules.pauzirak_pays)),
                 tuple(s for s in range(n) if s != d and s != out))
                for d in range(n)))
        self.seats: tuple[tuple[tuple[Seat | None, tuple[Seat, ...], tuple[Seat, ...]], ...],
                          ...] = tuple(seats)


# What betl and durch have not (MariasGame._verify_betl_durch): the field, and why.
NOT_IN_SUIT_GAME = {
    "trump": "{game} has no trumps",
    "card_points": "{game} is won or lost by tricks, not card points",
    "marriages": "marriages do not count in {game}",
    "seven": "a seven is won or lost only in a suit game in which it was announced",
    "silent_seven": "{game} has no trump seven",
}


class MariasGame(Game):
    """Volený mariáš for three, or four with the dealer sitting out as the pauzírák."""

    name: ClassVar[str] = "marias"
    presets: ClassVar[Mapping[str, Any]] = PRESETS
    entry_kinds: ClassVar[tuple[str, ...]] = _values(Kind)

    def edition_defaults(self, ruleset: str, edition: int) -> Mapping[str, Any]:
        """Edition 1 keeps the defaults every sheet stored before the corrections was scored
        under (marias.md#editions)."""
        if edition == 1:
            return EDITION_1_DEFAULTS
        return EDITION_2_DEFAULTS if edition == 2 else {}

    def player_counts(self, rules: Any) -> tuple[int, ...]:
        return PLAYERS

    def kinds_for(self, rules: MariasOptions) -> tuple[str, ...]:
        """The entry kinds a table may write (drives the sheet's buttons)."""
        return self.entry_kinds

    def prepare(self, sheet: Sheet) -> _Table:
        return _Table(sheet)

    def parse_entry(self, raw: Mapping[str, Any], sheet: Sheet) -> Entry:
        n = sheet.n
        if raw.get("type") == _DEAL:
            return parse_deal(raw, n)
        kind = self.entry_kind(raw)
        if kind == Kind.RENONC:
            parse.only_keys(raw, ("seat", "kind", "played_out", "deal"))
            return Renonc(
                seat=parse.get_seat(raw, "seat", n),
                number=parse.get_int(raw, "kind", lo=1, hi=len(RENONC_KINDS)),
                played_out=parse.get_bool(raw, "played_out"),
                deal=parse_stopped_deal(raw["deal"], n) if raw.get("deal") is not None
                else None,
            )
        parse.only_keys(raw, ("seat",))
        return Misdeal(seat=parse.get_seat(raw, "seat", n, default=None))

    def start(self, sheet: Sheet) -> State:
        n = sheet.n
        return MariasState(n=n, totals=[0] * n, dealer=sheet.first_dealer,
                           misdeals=[0] * n, wins=[{} for _ in range(n)],
                           minus=[{} for _ in range(n)])

    def apply(self, state: State, index: int, entry: Entry, sheet: Sheet) -> None:
        assert isinstance(state, MariasState)
        if isinstance(entry, Deal):
            self.deal(state, index, entry, sheet)
        elif isinstance(entry, Renonc):
            self.renonc(state, index, entry, sheet)
        elif isinstance(entry, Misdeal):
            self.misdeal(state, index, entry, sheet)
        state.applied = index

    # ---------------------------------------------------------------- questions

    @staticmethod
    def pauzirak(state: State) -> Seat | None:
        """With four players the dealer sits the deal out (marias.md#players)."""
        return state.dealer if state.n == 4 else None

    @staticmethod
    def payers(state: State, declarer: Seat, rules: MariasOptions) -> tuple[Seat, ...]:
        """The seats that pay the declarer or are paid by him (marias.md#payment)."""
        out = MariasGame.pauzirak(state)
        return tuple(s for s in range(state.n)
                     if s != declarer and (s != out or rules.pauzirak_pays))

    # ---------------------------------------------------------------- deal

    def verify_deal(self, state: State, sheet: Sheet, e: Deal) -> None:
        """Raise :class:`IllegalEntry` unless the deal can stand on the sheet now."""
        rules: MariasOptions = sheet.rules
        names = sheet.players
        out = state.dealer if state.n == 4 else None  # the pauzírák (marias.md#players)
        if e.sitting_out is not None:
            if out is None:
                raise _illegal("sitting_out", "With three players nobody sits out",
                               "no_pauzirak")
            if e.sitting_out != out:
                raise _illegal(
                    "sitting_out", f"{names[out]} deals this deal and so sits it out as the "
                    f"pauzírák, not {names[e.sitting_out]}", "sitting_out_dealer",
                    seat=e.sitting_out, dealer=out)
        if e.declarer == out:
            raise _illegal(
                "declarer", f"{names[e.declarer]} deals this deal and sits it out as the "
                "pauzírák, so cannot declare", "declarer_pauzirak", seat=e.declarer)
        if e.game == _SUIT_GAME:
            self._verify_suit(e, rules, names)
        else:
            self._verify_betl_durch(e)
        self._verify_fleks(state, sheet, e)

    def _verify_suit(self, e: Deal, rules: MariasOptions, names: Sequence[str]) -> None:
        d = names[e.declarer]  # (the messages' words are made only when they refuse)
        if e.trump is None:
            raise _illegal("trump", "A suit game names its trumps", "trump_missing")
        if e.card_points is None:
            raise _illegal("card_points", f"Write {d}'s card points (0..{CARD_POINTS}, the last "
                           "trick included)", "card_points_missing", most=CARD_POINTS,
                           seat=e.declarer)
        if e.result is not None:
            raise _illegal("result", "Only betl and durch are written as won or lost; a suit "
                           "game is decided by its card points", "result_suit")
        both = (sorted(set(e.marriages_declarer) & set(e.marriages_defence))
                if e.marriages_declarer and e.marriages_defence else ())
        if both:
            raise _illegal("marriages", f"The {both[0]} marriage is written for both sides; each "
                           "marriage is declared once per deal", "marriage_twice", suit=both[0])
        announced, against = e.announced, e.against
        seven, seven_against = _SEVEN in announced, _SEVEN in against
        if seven and seven_against:
            raise _illegal("against", f"{d} announced the seven, so the defence cannot announce "
                           "the seven against him", "seven_both", seat=e.declarer)
        if against and _HUNDRED in announced and _HUNDRED in against:
            raise _illegal("against", f"{d} announced the hundred, so the defence cannot "
                           "announce the hundred against him", "hundred_both", seat=e.declarer)
        unannounced = ("A seven is won or lost only when it was announced; a trump seven that "
                       "took the last trick unannounced is a silent seven")
        if seven and e.seven is None:
            raise _illegal("seven", f"{d} announced the seven: write whether it was won or lost",
                           "seven_missing", seat=e.declarer)
        if not seven and e.seven is not None:
            raise _illegal("seven", unannounced, "seven_not_announced")
        if seven_against and e.seven_against is None:
            raise _illegal("seven_against", f"The defence announced the seven against {d}: "
                           "write whether it was won or lost", "seven_against_missing",
                           seat=e.declarer)
        if not seven_against and e.seven_against is not None:
            raise _illegal("seven_against", unannounced, "seven_against_not_announced")
        if e.silent_seven is not None and (seven or seven_against):
            raise _illegal("silent_seven", "The seven was announced, so it is not silent",
                           "silent_seven_announced")
        if rules.last_trick_check and not LAST_TRICK <= e.card_points <= CARD_POINTS - LAST_TRICK:
            self._verify_last_trick(e, names)  # (between, either side may have the last trick)

    @staticmethod
    def _verify_last_trick(e: Deal, names: Sequence[str]) -> None:
        """The side whose seven took the last trick has its 10 card points (seed 004 I)."""
        assert e.card_points is not None
        points, d = e.card_points, names[e.declarer]
        declarer_took = ("silent" if e.silent_seven == _DECLARER else
                         "won" if e.seven == _WON else None)
        defence_took = ("silent" if e.silent_seven == _DEFENCE else
                        "lost" if e.seven == _LOST else
                        "against_won" if e.seven_against == _WON else None)
        if declarer_took is not None and points < LAST_TRICK:
            raise _illegal("card_points", f"With the {SEVEN_TEXT[declarer_took]} {d} took the "
                           f"last trick: his card points are at least {LAST_TRICK}, not {points}",
                           "last_trick_declarer", seat=e.declarer, seven=declarer_took,
                           least=LAST_TRICK, points=points)
        most = CARD_POINTS - LAST_TRICK
        if defence_took is not None and points > most:
            raise _illegal("card_points", f"With the {SEVEN_TEXT[defence_took]} the defence took "
                           f"the last trick: {d} has at most {most} card points, not {points}",
                           "last_trick_defence", seat=e.declarer, seven=defence_took,
                           most=most, points=points)

    def _verify_betl_durch(self, e: Deal) -> None:
        """Betl and durch: no suit game's announcements, trumps, card points or seven."""
        game = _CONTRACT_WORDS[e.game]
        if _HUNDRED in e.announced:
            raise _illegal("announced", f"Sto (the hundred) is announced only in a suit game, "
                           f"not in {game}", "hundred_not_suit", game=game)
        if _SEVEN in e.announced:
            raise _illegal("announced", f"A seven is announced only in a suit game, not in "
                           f"{game}", "seven_not_suit", game=game)
        if e.against:
            raise _illegal("against", f"The defence announces against a suit game only, not "
                           f"against {game}", "against_not_suit", game=game)
        for key, value in (
            ("trump", e.trump), ("card_points", e.card_points),
            ("marriages", e.marriages_declarer or e.marriages_defence or None),
            ("seven", e.seven or e.seven_against), ("silent_seven", e.silent_seven),
        ):
            if value is not None:
                why = NOT_IN_SUIT_GAME[key].format(game=game)
                raise _illegal(key, why[:1].upper() + why[1:], f"{key}_not_suit", game=game)
        if e.result is None:
            raise _illegal("result", f"Write whether the declarer won or lost the {game}",
                           "result_missing", game=game)

    def _verify_fleks(self, state: State, sheet: Sheet, e: Deal) -> None:
        fleks, given, by = e.fleks, e.flek_by, e.first_flek_by
        if not fleks and not given and by is None:
            return  # nothing written of fleks: nothing to check
        rules: MariasOptions = sheet.rules
        comps = e.components()
        for comp, level in fleks.items():
            if comp not in comps:
                raise _illegal("fleks", f"{comp.value} is not played in this deal, so it cannot "
                               "be fleked", "flek_component", component=comp.value,
                               played=[c.value for c in comps])
            if level > rules.max_fleks and not rules.flek_over_table:
                limit = ("this table plays without fleks" if not rules.max_fleks else
                         f"this table allows at most {rules.max_fleks} "
                         f"({FLEK_NAMES[rules.max_fleks]})")
                raise _illegal("fleks", f"{comp.value} is at level {level} "
                               f"({FLEK_NAMES[level]}), {limit}", "flek_limit",
                               component=comp.value, level=level, max=rules.max_fleks)
        if by is None and not given and not any(fleks.values()):
            return  # every component written is played and none fleked: nothing else to check
        firsts = {} if by is None else (
            {c: by for c in comps if c not in AGAINST} if isinstance(by, int) else dict(by))
        for comp in firsts:
            if isinstance(by, Mapping) and comp not in comps:
                raise _illegal("first_flek_by", f"{comp.value} is not played in this deal, so "
                               "it cannot be fleked", "flek_component", component=comp.value,
                               played=[c.value for c in comps])
        for comp, seats in given.items():
            if comp not in comps or len(seats) > e.level(comp):
                raise _illegal("flek_by", f"{comp.value} is fleked {e.level(comp)} times, "
                               f"and {len(seats)} flek-givers are written", "flek_by_levels",
                               component=comp.value, level=e.level(comp), count=len(seats))
        out = state.dealer if state.n == 4 else None  # the pauzírák
        for comp in comps:
            if comp in given:
                seats = given[comp]
            elif comp in firsts:
                seats = (firsts[comp],)
            else:
                seats = ()
            if seats:
                self._verify_givers(sheet, e, comp, seats, out)
            elif (rules.flek_liability == _FLEKING_PLAYER
                    and fleks.get(comp) and rules.max_fleks and comp not in AGAINST):
                raise _illegal(
                    "first_flek_by", f"{comp.value} is fleked and at this table the first "
                    "flek-giver pays the doubling for the whole defence: write who gave the "
                    "flek", "flek_giver_missing", component=comp.value)

    @staticmethod
    def _verify_givers(sheet: Sheet, e: Deal, comp: Component, seats: Sequence[Seat],
                       out: Seat | None) -> None:
        """Each level of ``comp`` (1, 2, ... in ``seats``) is given by the side against its
        announcer: the defence fleks the declarer's components, he gives re; the other way round
        for theirs.  ``out``: the pauzírák."""
        d = e.declarer
        against = comp in AGAINST
        for level, seat in enumerate(seats, start=1):
            if ((level % 2 == 0) != against) and seat != d:  # the declarer's to give
                names, word = sheet.players, FLEK_NAMES[min(level, MAX_FLEK_LEVEL)]
                raise _illegal("flek_by", f"The {word} on {comp.value} is given by the declarer "
                               f"{names[d]}, not by {names[seat]}", "flek_by_declarer",
                               seat=seat, declarer=d, component=comp.value, level=level)
            if ((level % 2 == 0) == against) and seat in (d, out):
                _refuse_defender(sheet, comp, level, seat, d)

    def can_deal(self, state: State, sheet: Sheet, e: Deal) -> bool:
        try:
            self.verify_deal(state, sheet, e)
        except IllegalEntry:
            return False
        return True

    def deal(self, state: MariasState, index: int, e: Deal, sheet: Sheet) -> Row:
        """Verify, then write any deal's row, component by component (marias.md#payment).
        The row's marks and notes are written when first read (:func:`_deal_parts`)."""
        self.verify_deal(state, sheet, e)
        table: _Table = sheet.prepared
        rules = table.rules
        n, d, dealer = state.n, e.declarer, state.dealer
        out, payers, defence = table.seats[dealer][d]
        p = plan(e, rules, table.amounts)
        lines, deltas = _settle(table, p.played, d, payers, out)
        awards = premium_awards(e, p.announced, defence, rules)
        # -- mutate
        if awards:
            _tally(state, awards, 1)
        deals = state.deals = state.deals + 1
        state.dealer = self.next_dealer(rules, dealer, n)
        contract = contract_text(e)
        state.last = _made(DealRecord, {
            "index": index, "declarer": d, "dealer": dealer, "pauzirak": out, "payers": payers,
            "game": e.game, "contract": contract, "charges": p.announced, "ledger": lines,
            "awards": awards, "decided_by": None})
        return _write(state, Row.of_fields({
            "entry": index, "kind": _DEAL, "deltas": deltas, "totals": (), "dealer": dealer,
            "auto": False, "declarer": d, "sitting_out": out, "contract": contract,
            "round_end": deals % n == 0, "ledger": lines},
            _Dealt(e, p, lines, awards, table.names, rules, out, payers)))

    # ---------------------------------------------------------------- renonc

    def verify_renonc(self, state: State, sheet: Sheet, e: Renonc) -> DealRecord:
        """The deal the renonc refers to; raises unless the renonc can be written now.

        With ``e.deal`` that is the deal being played, which the renonc stopped: a record made
        from its announcement alone (:meth:`stopped_record`)."""
        assert isinstance(state, MariasState)
        names = sheet.players
        if e.deal is not None:
            rec: DealRecord | None = self.stopped_record(state, sheet, e)
        else:
            rec = state.last
        if rec is None:
            raise _illegal("type", "a renonc refers to the deal right before it, and there is "
                           "none (a misdeal in between ends the time to claim it)",
                           "renonc_no_deal")
        kind = RENONC_KINDS[e.number - 1]
        role = ("the declarer" if e.seat == rec.declarer else
                "the pauzírák" if e.seat == rec.pauzirak else "a defender")
        allowed = {
            Offender.PLAYING: e.seat != rec.pauzirak,
            Offender.ANYONE: True,
            Offender.DECLARER: e.seat == rec.declarer,
            Offender.NOT_DECLARER: e.seat != rec.declarer,
        }[kind.by]
        if not allowed:
            role_code = ("declarer" if e.seat == rec.declarer else
                         "pauzirak" if e.seat == rec.pauzirak else "defender")
            who = {
                Offender.PLAYING: "a player of the deal",
                Offender.DECLARER: "the declarer",
                Offender.NOT_DECLARER: "another player than the declarer",
            }.get(kind.by, "anyone")
            raise _illegal("seat", f"Renonc {kind.number} ({kind.text}) is committed by "
                           f"{who}, and {names[e.seat]} is {role} of that deal",
                           "renonc_seat", seat=e.seat, kind=kind.number, role=role_code,
                           by=kind.by.value)
        if kind.suit_game_only and rec.game != _SUIT_GAME:
            raise _illegal("kind", f"An ace or a ten may lie in the talon in "
                           f"{rec.game.value}; renonc {kind.number} is for suit games",
                           "renonc_talon_betl", kind=kind.number, game=rec.game.value)
        return rec

    def stopped_record(self, state: MariasState, sheet: Sheet, e: Renonc) -> DealRecord:
        """The deal a renonc stopped, as a renonc on a written deal sees it
        (marias.md#stopped-deal).

        Seed 004 IV.1: the offending side lost "at the moment the renonc is acknowledged", so
        the deal has no card result: its announced components (what :func:`plan` charges as
        announced, which no card result changes) are all the renonc needs, and there are no
        played lines to cancel.  Only a renonc that decides the deal can stop it: with a play-out
        (IV.3) or kind 8 (IV.1 "vyjma C8") the deal goes on to its result."""
        assert e.deal is not None
        kind = RENONC_KINDS[e.number - 1]
        if e.played_out:
            raise _illegal("played_out", "The deal was played out, so its result counts: write "
                           "the deal with its card points or result first, then the renonc",
                           "stopped_played_out")
        if not kind.decides:
            raise _illegal("kind", f"Renonc {kind.number} ({kind.text}) does not decide the "
                           "deal, which is played on: write the deal with its card points or "
                           "result first, then the renonc", "stopped_kind_goes_on",
                           kind=kind.number)
        deal = _as_played(e.deal)
        self.verify_deal(state, sheet, deal)
        rules: MariasOptions = sheet.rules
        out = self.pauzirak(state)
        return DealRecord(index=-1, declarer=deal.declarer, dealer=state.dealer, pauzirak=out,
                          payers=self.payers(state, deal.declarer, rules), game=deal.game,
                          contract=contract_text(deal), charges=plan(deal, rules).announced,
                          ledger=(), awards=())

    def can_renonc(self, state: State, sheet: Sheet, e: Renonc) -> bool:
        try:
            self.verify_renonc(state, sheet, e)
        except IllegalEntry:
            return False
        return True

    def renonc(self, state: MariasState, index: int, e: Renonc, sheet: Sheet) -> Row:
        """Verify, then write the correcting row of the deal before (marias.md#renonc)."""
        if state.applied != index - 1 and e.deal is None:
            raise _illegal("type", f"a renonc must come right after the deal it was made in; "
                           f"entry {index - 1} before it is not valid", "renonc_after_invalid",
                           entry=index - 1)
        rec = self.verify_renonc(state, sheet, e)
        if e.deal is not None:
            rec = dataclasses.replace(rec, index=index)
        rules: MariasOptions = sheet.rules
        names = sheet.players
        n, d, o = state.n, rec.declarer, e.seat
        kind = RENONC_KINDS[e.number - 1]
        fee = rules.renonc_talon_fee if kind.talon_fee else rules.renonc_fee
        marks: list[list[str]] = [[] for _ in range(n)]
        marks[o].append("renonc")
        notes = [Note(code="renonc", text="%s: renonc %s, %s",
                      args=(names[o], kind.number, kind.text),
                      params={"seat": o, "kind": kind.number})]
        lines: list[Payment] = []
        decides = kind.decides and not e.played_out and rec.decided_by is None
        new: list[Payment] = []
        if decides:
            defence_lost = o != d
            charges = [dataclasses.replace(
                c, won=defence_lost,
                level=c.level if kind.max_level is None else min(c.level, kind.max_level),
            ) for c in rec.charges]
            if defence_lost:
                for c in charges:
                    if c.value:
                        new.append(Payment(payer=o, payee=d, amount=c.value * len(rec.payers),
                                           what=c.what, level=c.level))
                new += cap_lines(new, d, rules.payment_cap)
                notes.append(Note(code="renonc_defence", text="%s loses the deal for the "
                                  "defence and pays %s for all of it", args=(names[o], names[d]),
                                  params={"seat": o, "declarer": d}))
            else:
                new = settle(charges, d, rec.payers, rules, rec.pauzirak)
                notes.append(Note(code="renonc_declarer", text="%s loses every component of "
                                  "the deal", args=(names[d],), params={"seat": d}))
            lines += [Payment(payer=p.payee, payee=p.payer, amount=p.amount, what=VOID + p.what,
                              level=p.level) for p in rec.ledger]
            lines += new
            marks[d].append("won" if defence_lost else "lost")
            if kind.max_level is not None and any(c.level > kind.max_level for c in rec.charges):
                notes.append(Note(code="renonc_max_level", text="renonc %s is paid at most at "
                                  "%s", args=(kind.number, FLEK_NAMES[kind.max_level]),
                                  params={"level": kind.max_level, "kind": kind.number}))
        elif e.played_out and kind.decides:
            notes.append(Note(code="renonc_played_out", text="played out: the deal stands as "
                              "written, only the fee is paid", params={}))
        elif rec.decided_by is not None and kind.decides:
            notes.append(Note(code="renonc_decided", text="the deal was already decided by "
                              "the renonc of entry %s: only the fee is paid",
                              args=(rec.decided_by,), params={"entry": rec.decided_by}))
        else:
            notes.append(Note(code="renonc_fee_only", text="renonc %s costs only the fee; the "
                              "deal stands", args=(kind.number,), params={"kind": kind.number}))
        if fee:
            lines += [Payment(payer=o, payee=s, amount=fee, what=Line.RENONC_FEE)
                      for s in range(n) if s != o]
            notes.append(Note(code="renonc_fee", text="%s pays %s to every other player",
                              args=(names[o], _Money(fee)), params={"seat": o, "amount": fee}))
        if rec.pauzirak is not None:
            marks[rec.pauzirak].append("pauzirak")
        contract = f"renonc {kind.number}"
        if e.deal is not None:
            # the deal the renonc stopped: one row for the deal and its renonc
            contract = f"{rec.contract}; {contract}"
            notes.insert(0, Note(code="renonc_stopped", text="a renonc stopped %s's %s: no "
                                 "card result", args=(names[d], rec.contract),
                                 params={"seat": d}))
        # -- mutate
        if decides:
            _tally(state, rec.awards, -1)
            state.last = dataclasses.replace(rec, decided_by=index, ledger=tuple(new), awards=())
        if e.deal is not None:
            state.deals += 1
            state.dealer = self.next_dealer(rules, rec.dealer, n)
        return _write(state, Row(
            entry=index, kind=Kind.RENONC, deltas=tuple(net(lines, n)), totals=(),
            dealer=rec.dealer, marks=tuple(tuple(m) for m in marks), declarer=d,
            sitting_out=rec.pauzirak, contract=contract, ledger=tuple(lines),
            round_end=e.deal is not None and state.deals % n == 0, notes=tuple(notes)))

    # ---------------------------------------------------------------- misdeal

    def verify_misdeal(self, state: State, sheet: Sheet, e: Misdeal) -> Seat:
        """The seat that misdealt (the dealer); raises for another seat."""
        if e.seat is not None and e.seat != state.dealer:
            names = sheet.players
            raise _illegal("seat", f"{names[state.dealer]} deals now, so only "
                           f"{names[state.dealer]} can misdeal, not {names[e.seat]}",
                           "misdeal_not_dealer", seat=e.seat, dealer=state.dealer)
        return state.dealer

    def can_misdeal(self, state: State, sheet: Sheet, e: Misdeal) -> bool:
        try:
            self.verify_misdeal(state, sheet, e)
        except IllegalEntry:
            return False
        return True

    def misdeal(self, state: MariasState, index: int, e: Misdeal, sheet: Sheet) -> Row:
        """Verify, then write the misdeal (marias.md#misdeal): the same dealer deals again."""
        seat = self.verify_misdeal(state, sheet, e)
        rules: MariasOptions = sheet.rules
        names = sheet.players
        n = state.n
        marks: list[list[str]] = [[] for _ in range(n)]
        marks[seat].append("misdeal")
        lines: list[Payment] = []
        if state.misdeals[seat] == 0:
            marks[seat].append("free")
            notes = [Note(code="misdeal_free", text="%s misdeals for the first time: free, "
                          "deals again", args=(names[seat],), params={"seat": seat})]
        else:
            lines = [Payment(payer=seat, payee=s, amount=rules.misdeal_fee, what=Line.MISDEAL_FEE)
                     for s in range(n) if s != seat and rules.misdeal_fee]
            notes = [Note(code="misdeal_fee", text="%s misdeals again: pays %s to every "
                          "other player and deals again", args=(
                              names[seat], _Money(rules.misdeal_fee)),
                          params={"seat": seat, "amount": rules.misdeal_fee,
                                  "count": state.misdeals[seat] + 1})]
        # -- mutate
        state.misdeals[seat] += 1
        state.last = None
        return _write(state, Row(
            entry=index, kind=Kind.MISDEAL, deltas=tuple(net(lines, n)), totals=(),
            dealer=seat, marks=tuple(tuple(m) for m in marks), sitting_out=self.pauzirak(state),
            ledger=tuple(lines), notes=tuple(notes)))


def _write(state: MariasState, row: Row) -> Row:
    """Add the row's deltas to the totals and write them into the row (made just now, seen by
    no one yet), then append it."""
    totals = state.totals
    for s, delta in enumerate(row.deltas):
        totals[s] += delta
    row.__dict__["totals"] = tuple(totals)
    state.rows.append(row)
    return row


class _Dealt:
    """A deal as :meth:`MariasGame.deal` settled it: what its row's marks and notes are written
    from when first read (called: :func:`_deal_parts`)."""

    __slots__ = ("awards", "deal", "ledger", "names", "pauzirak", "payers", "plan", "rules")

    def __init__(self, deal: Deal, plan: Plan, ledger: tuple[Payment, ...],
                 awards: tuple[Award, ...], names: tuple[str, ...], rules: MariasOptions,
                 pauzirak: Seat | None, payers: tuple[Seat, ...]) -> None:
        self.deal = deal
        self.plan = plan
        self.ledger = ledger
        self.awards = awards
        self.names = names
        self.rules = rules
        self.pauzirak = pauzirak
        self.payers = payers

    def __call__(self) -> tuple[tuple[tuple[str, ...], ...], tuple[Note, ...]]:
        return _deal_parts(self)


def _deal_parts(dealt: _Dealt) -> tuple[tuple[tuple[str, ...], ...], tuple[Note, ...]]:
    """The marks and notes of a deal's row (marias.md#payment, marias.md#premium)."""
    e, p, names, out = dealt.deal, dealt.plan, dealt.names, dealt.pauzirak
    d, red = e.declarer, e.trump == RED
    notes: list[Note] = []
    for c in p.played:
        notes += _charge_notes(c, names, d, dealt.payers, dealt.rules, out, red=red)
    if p.silent_hundred == _DECLARER:
        notes.append(Note(code="silent_hundred", text=_SILENT_HUNDRED_TEXT, args=(names[d],),
                          params={"seat": d}))
    elif p.silent_hundred == _DEFENCE:
        notes.append(Note(code="silent_hundred_defence", text=_DEFENCE_HUNDRED_TEXT,
                          args=(names[d],), params={"seat": d}))
    notes += _cap_notes(dealt.ledger, names)
    marks = _deal_marks(e, p, dealt.ledger, len(names))
    notes += _premium_notes(dealt.awards, dealt.rules, names, marks, d, red=red)
    if out is not None:
        marks[out].append("pauzirak")
    return tuple(tuple(m) for m in marks), tuple(notes)


def _deal_marks(e: Deal, p: Plan, ledger: Sequence[Payment], n: int) -> list[list[str]]:
    """The marks of a deal's row before its premium points (:func:`_premium_notes`)."""
    d = e.declarer
    marks: list[list[str]] = [[] for _ in range(n)]
    main = p.played[0]
    marks[d].append("won" if main.won else "lost")
    for c in p.played[1:]:
        if c.what == _SEDMA:
            marks[d].append("seven_won" if c.won else "seven_lost")
        elif c.what == _SEDMA_PROTI:
            marks[d].append("seven_against_lost" if c.won else "seven_against_won")
        else:
            marks[d].append("silent_seven" if c.won else "silent_seven_against")
    if main.what == _STO_PROTI:
        marks[d].append("hundred_against_lost" if main.won else "hundred_against_won")
    if p.silent_hundred is not None:
        marks[d].append(SILENT_HUNDRED_MARK[p.silent_hundred])
    if e.trump == RED:
        marks[d].append("red")
    if any(c.level for c in p.played):
        marks[d].append("fleked")
        for c in p.played:
            if c.level and c.flek_by is not None and "first_flek" not in marks[c.flek_by]:
                marks[c.flek_by].append("first_flek")
    if any(c.written_level is not None for c in p.played):
        marks[d].append("over_table")
    if any(x.what == _CAP for x in ledger):
        marks[d].append("capped")
    return marks


SILENT_HUNDRED_MARK = {_DECLARER: "silent_hundred", _DEFENCE: "silent_hundred_against"}


class _Money(int):
    """Haléře that a note's text shows as the sheet writes money (:func:`crowns_text`), made
    only when the text is read."""

    __slots__ = ()

    def __str__(self) -> str:
        return crowns_text(self)



_AT = tuple(f" at {FLEK_NAMES[lv]} (x{flek_factor(lv)})" if lv else ""
            for lv in range(MAX_FLEK_LEVEL + 1))
_PLAIN_TEXT = "%s %s %s%s: %s %s each of %d"
_LIABLE_TEXT = "%s %s %s%s: %s %s each of %d, and %s %s the doubling %s for the whole defence"
_SILENT_HUNDRED_TEXT = "%s reaches the hundred without announcing it: the hra counts double"
_DEFENCE_HUNDRED_TEXT = ("the defence reaches the hundred without announcing it: %s's lost hra "
                         "counts double")

def _label(what: Line, red: bool) -> str:
    heart = " ♥" if red else ""
    if what == _SILENT_HUNDRED:
        return f"hra{heart} with a silent hundred"
    if what == _SILENT_SEVEN:
        return f"silent seven{heart}"
    if what in (_SEDMA_PROTI, _STO_PROTI):
        return f"{what.value.replace('_', ' ')}{heart}"
    return f"{what.value}{heart}"




def _charge_notes(c: Charge, names: Sequence[str], d: Seat, payers: Sequence[Seat],
                  rules: MariasOptions, out: Seat | None, *, red: bool) -> list[Note]:
    at = _AT[c.level]
    verb = "wins" if c.won else "loses"
    each = "from" if c.won else "to"
    label = _label(c.what, red)
    params: dict[str, Any] = {
        "seat": d, "component": c.what.value, "level": c.level, "amount": c.value,
        "payers": len(payers), "red": red}
    notes: list[Note] = []
    if c.written_level is not None:
        paid = FLEK_NAMES[c.level] if c.level else "no flek"
        notes.append(Note(code="over_table", text="%s was fleked to %s, beyond this table's "
                          "highest flek: paid at %s", args=(
                              label, FLEK_NAMES[c.written_level], paid), params={
                              "component": c.what.value, "red": red,
                              "written": c.written_level, "level": c.level}))
    if not liable(c, rules):
        return [Note(code="won" if c.won else "lost", text=_PLAIN_TEXT, params=params, args=(
            names[d], verb, label, at, _Money(c.value), each, len(payers))), *notes]
    owners = c.owners()
    first = next(iter(owners))
    extra = owners[first][0] * c.base * len(payers)
    params.update(base=c.base, flek_by=first, extra=extra)
    notes.insert(0, Note(code="won" if c.won else "lost", text=_LIABLE_TEXT, params=params,
                         args=(names[d], verb, label, at, _Money(c.base), each, len(payers),
                               names[first], "pays" if c.won else "receives", _Money(extra))))
    if len(owners) > 1:
        second = list(owners)[1]
        factor, top = owners[second]
        second_level = next(k + 1 for k in range(0, c.level, 2) if c.givers[k] == second)
        amount = factor * c.base * len(payers)
        notes.append(Note(code="flek_joined", text="%s joins the fleking at %s and %s the "
                          "doubling from there on, %s", args=(
                              names[second], FLEK_NAMES[second_level],
                              "pays" if c.won else "receives", _Money(amount)),
                          params={"seat": second, "level": second_level, "amount": amount,
                                  "top": top, "won": c.won}))
        if c.won and out is not None and out in payers:
            half = c.base // 2
            notes.append(Note(code="pauzirak_spared", text="%s sits out and pays nothing: %s "
                              "pays %s and %s %s of his share", args=(
                                  names[out], names[first], _Money(c.base - half), names[second],
                                  _Money(half)),
                              params={"seat": out, "first": first, "second": second,
                                      "first_amount": c.base - half, "second_amount": half}))
    return notes


_FLAG_TEXT = (f"worth {PREMIUM_FLAG} premium points or more: the scorer writes it on the table "
              "sheet and signs it")


def _premium_notes(awards: Sequence[Award], rules: MariasOptions, names: Sequence[str],
                   marks: list[list[str]], d: Seat, *, red: bool) -> list[Note]:
    """The premium points of a deal in players' words, and their marks (marias.md#premium)."""
    points = rules.premium_points
    if not points or not awards:
        return []  # nothing to say (the tally still counts them for a table typed at the end)
    notes: list[Note] = []
    earned = award_points([a for a in awards if a.why == _WHY_WON], points, len(names))
    for seat in [d, *(s for s in range(len(names)) if s != d)]:
        if earned[seat]:
            marks[seat].append("premium")
            notes.append(Note(code="premium", text="%s earns %s premium points",
                              args=(names[seat], earned[seat]),
                              params={"seat": seat, "points": earned[seat]}))
    for a in awards:
        value = a.times * points.get(a.key, 0)
        if not value or a.why == _WHY_WON:
            continue
        what = _label(a.what, red)
        params: dict[str, Any] = {"seat": a.seat, "points": value, "component": a.what.value,
                                  "red": red}
        if a.why == _WHY_FLEK:
            if "premium" not in marks[a.seat]:
                marks[a.seat].append("premium")
            notes.append(Note(code="premium_flek", text="%s gave the flek on the lost %s and "
                              "earns %s premium points", args=(names[a.seat], what, value),
                              params=params))
            continue
        marks[a.seat].append("premium_minus")
        text = "%s gets %s premium points for the flek on %s"
        if a.joined is None:
            notes.append(Note(code="premium_flek_minus", text=text,
                              args=(names[a.seat], value, what), params=params))
        else:
            params["level"] = a.joined
            notes.append(Note(code="premium_flek_minus_joined", text=text + ", up to the %s "
                              "with which the third player joined",
                              args=(names[a.seat], value, what, FLEK_NAMES[a.joined]),
                              params=params))
    worth = sum(points.get(a.key, 0) for a in _games(awards))
    if worth >= PREMIUM_FLAG:
        marks[d].append("flagged")
        notes.append(Note(code="premium_flag", text=_FLAG_TEXT,
                          params={"points": worth, "flag": PREMIUM_FLAG}))
    return notes


def _games(awards: Sequence[Award]) -> list[Award]:
    """One award per game that earned points (a game the defence won counts once)."""
    seen: set[Line] = set()
    out = []
    for a in awards:
        if a.times > 0 and a.what not in seen:
            seen.add(a.what)
            out.append(a)
    return out


def _cap_notes(lines: Sequence[Payment], names: Sequence[str]) -> list[Note]:
    return [Note(code="cap", text="payment cap: %s hands %s back to %s", args=(
                 names[p.payer], _Money(p.amount), names[p.payee]),
                 params={"payer": p.payer, "payee": p.payee, "amount": p.amount})
            for p in lines if p.what == _CAP]


MARIAS_GAME = register(MariasGame())


# --------------------------------------------------------------------------- final result


@dataclass(frozen=True, kw_only=True)
class PlayerResult:
    """One line of the final table (seed 004 article V)."""

    seat: Seat
    money: Points  # haléře, exact
    crowns: int  # money rounded to whole crowns, halves away from zero
    premium: int  # premium points
    total: int  # crowns + premium points: the competition result


def round_crowns(haler: Points) -> int:
    """Haléře to whole crowns, a half crown away from zero (marias.md#final-result).

    >>> round_crowns(149), round_crowns(150), round_crowns(-150), round_crowns(-149)
    (1, 2, -2, -1)
    """
    sign = -1 if haler < 0 else 1
    return sign * ((abs(haler) + 50) // 100)


def premium_tally(scored: Scored) -> list[dict[str, int]]:
    """Per seat, how many premium-eligible games it won (premium key -> count): its own side's
    won announced games, and the lost games it fleked where the table counts those."""
    return [{k: v for k, v in w.items() if v} for w in _state(scored).wins]


def minus_tally(scored: Scored) -> list[dict[str, int]]:
    """Per seat, the minus points it got for fleks (seed 004 II.15) as premium key -> the flek
    levels it answers for: each level costs the game's premium points once."""
    return [{k: v for k, v in m.items() if v} for m in _state(scored).minus]


def _state(scored: Scored) -> MariasState:
    state = scored.state
    if not isinstance(state, MariasState):
        raise TypeError("the premium tally needs a scored Mariáš sheet")
    return state


def final_result(scored: Scored, rules: MariasOptions) -> list[PlayerResult]:
    """The final table: money, whole crowns, premium points and their sum per player.

    ``rules`` gives the premium points: the sheet's own options, or the same options with a
    ``premium_points`` table the players fill in at the end (money does not depend on it).
    """
    tally, minus = premium_tally(scored), minus_tally(scored)
    points = rules.premium_points
    out = []
    for seat, money in enumerate(scored.totals):
        crowns = round_crowns(money)
        premium = (sum(count * points.get(k, 0) for k, count in tally[seat].items())
                   - sum(levels * points.get(k, 0) for k, levels in minus[seat].items()))
        out.append(PlayerResult(seat=seat, money=money, crowns=crowns, premium=premium,
                                total=crowns + premium))
    return out


@dataclass(frozen=True, kw_only=True)
class Transfer:
    """One payment of the settling up: ``payer`` gives ``payee`` ``amount``."""

    payer: Seat
    payee: Seat
    amount: Points


def settle_up(totals: Sequence[Points]) -> list[Transfer]:
    """The fewest transfers that square the money (totals sum to zero).

    Seats whose balances cancel each other within a group are settled inside that group, so
    the number of transfers is the number of non-zero seats minus the number of such groups.

    >>> settle_up([300, -100, -200, 0])
    [Transfer(payer=2, payee=0, amount=200), Transfer(payer=1, payee=0, amount=100)]
    """
    if sum(totals) != 0:
        raise ValueError(f"the totals add up to {sum(totals)}, not 0")
    open_seats = [s for s, t in enumerate(totals) if t]
    groups = _zero_groups(open_seats, totals)
    out: list[Transfer] = []
    for group in groups:
        bal = {s: totals[s] for s in group}
        while any(bal.values()):
            debtor = min(bal, key=lambda s: (bal[s], s))
            creditor = max(bal, key=lambda s: (bal[s], -s))
            amount = min(-bal[debtor], bal[creditor])
            out.append(Transfer(payer=debtor, payee=creditor, amount=amount))
            bal[debtor] += amount
            bal[creditor] -= amount
    return out


_EXACT_SETTLE_LIMIT = 12  # seats with money: beyond this, one group (n - 1 transfers at most)


def _zero_groups(seats: Sequence[Seat], totals: Sequence[Points]) -> list[list[Seat]]:
    """Split ``seats`` (whose balances sum to zero) into as many zero-sum groups as possible."""
    if not seats:
        return []
    if len(seats) > _EXACT_SETTLE_LIMIT:
        return [list(seats)]
    memo: dict[int, list[list[Seat]] | None] = {0: []}

    def total(mask: int) -> Points:
        return sum(totals[s] for i, s in enumerate(seats) if mask >> i & 1)

    def best(mask: int) -> list[list[Seat]] | None:
        if mask in memo:
            return memo[mask]
        low = mask & -mask  # the group of the lowest seat left
        rest = mask ^ low
        found: list[list[Seat]] | None = None
        sub = rest
        while True:
            group = sub | low
            if total(group) == 0:
                tail = best(mask ^ group)
                if tail is not None and (found is None or len(tail) + 1 > len(found)):
                    found = [[s for i, s in enumerate(seats) if group >> i & 1], *tail]
            if sub == 0:
                break
            sub = (sub - 1) & rest
        memo[mask] = found
        return found

    return best((1 << len(seats)) - 1) or [list(seats)]
