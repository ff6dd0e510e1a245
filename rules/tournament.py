"""A tournament evening, the pure parts: the draw, premium points and the standings.

No Django here (docs/tournament.md explains the evening these functions serve):

- :func:`table_layout` and :func:`draw_round` seat the players of one round by lot from a seed,
  so the same seed, players and earlier rounds always give the same draw (the draw is
  auditable: anyone can redo it), and they keep players who already met apart as far as the
  numbers allow (docs/tournament.md#the-draw says how well).
- :class:`PremiumTable` and :func:`sheet_premium`: the premium points (*prémiové body*) of a
  Mariáš table sheet, seed 004 article II "Bodování voleného mariáše", with the deals the
  referee must look at (>= 50 premium points, II.1 and IV.6; renonc claims).
- :func:`table_standing` and :func:`standings`: competition points per table, per round and
  overall (Mariáš: whole crowns + premium points, seed 004 article V; Thousand and Binokel:
  placement points), with the documented tie-breaks.

Players are plain ints (the tournament's player numbers), seats are indexes into a table.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import marias
from .engine import Sheet, score
from .errors import RulesError

PlayerId = int
Pair = tuple[PlayerId, PlayerId]

# --------------------------------------------------------------------------- the draw

MIN_TABLE = 3  # every game needs three at a table (docs/tournament.md#tables)
EXACT_BUDGET = 400_000  # steps of the exhaustive search before the heuristic's draw is kept
DRAW_ATTEMPTS = 24  # random starts of the search; the best one is kept (tournament.md#the-draw)
MAX_SEED = 999_999  # seeds are shown as six digits, easy to read out and to type


class DrawError(RulesError):
    """The players cannot be seated (too few for one table, a size the game does not play)."""


@dataclass(frozen=True, kw_only=True)
class Draw:
    """One round's seating by lot.

    ``tables``: per table, the players in seat (playing) order; ``scorers``: per table, the
    player who keeps and signs its sheet; ``byes``: players who sit this round out.
    """

    seed: int
    tables: tuple[tuple[PlayerId, ...], ...]
    scorers: tuple[PlayerId, ...]
    byes: tuple[PlayerId, ...] = ()

    def repeats(self, met: Mapping[Pair, int]) -> int:
        """How many pairs at this round's tables had already sat together."""
        return sum(1 for table in self.tables for pair in _pairs(table) if met.get(pair, 0))


def _pairs(table: Sequence[PlayerId]) -> list[Pair]:
    return [(a, b) if a < b else (b, a) for a, b in itertools.combinations(table, 2)]


def met_pairs(rounds: Sequence[Sequence[Sequence[PlayerId]]]) -> dict[Pair, int]:
    """How often each pair of players sat at one table in ``rounds`` (lists of tables)."""
    met: dict[Pair, int] = {}
    for tables in rounds:
        for table in tables:
            for pair in _pairs(table):
                met[pair] = met.get(pair, 0) + 1
    return met


def table_layout(players: int, size: int, sizes: Sequence[int]) -> tuple[list[int], int]:
    """The table sizes of a round and the number of byes.

    ``size`` is the tournament's table size, ``sizes`` the player counts the game allows.  When
    the game also plays with fewer (Mariáš and Thousand with 3 when the size is 4) the players
    left over make tables of 3; otherwise they sit the round out (byes).

    >>> table_layout(12, 4, (3, 4)), table_layout(13, 4, (3, 4)), table_layout(10, 3, (3,))
    (([4, 4, 4], 0), ([4, 3, 3, 3], 0), ([3, 3, 3], 1))
    """
    if size not in sizes:
        raise DrawError(f"the game is not played {size} at a table", code="draw_size",
                        params={"size": size})
    smallest = min([s for s in sizes if MIN_TABLE <= s <= size], default=size)
    if players < smallest:
        raise DrawError(f"{players} players cannot fill a table of {smallest}",
                        code="draw_too_few", params={"players": players, "size": smallest})
    if smallest == size:
        return [size] * (players // size), players % size
    tables = -(-players // size)  # as few tables as possible, all full when the numbers allow
    while tables * smallest > players:
        tables -= 1
    seated = min(players, tables * size)
    big, rest = divmod(seated - tables * smallest, size - smallest)
    layout = [size] * big + [smallest] * (tables - big)
    if rest:  # only when the sizes are more than one apart: the first small table takes it
        layout[big] += rest
    return layout, players - seated


REPEAT_WEIGHT = 1_000_000  # a pair meeting again outweighs any spreading of the meetings


def _weight(times: int) -> int:
    """What seating a pair that already met ``times`` times costs: first the number of pairs
    who meet again (issue 26.8: the fewest repeated pairs), then, among seatings with as few,
    the square of their meetings (a third meeting weighs more than two second ones)."""
    return REPEAT_WEIGHT + times * times if times else 0


def _cost(table: Sequence[PlayerId], met: Mapping[Pair, int]) -> int:
    """The cost of the pairs at ``table`` (:func:`_weight`)."""
    return sum(_weight(met.get(p, 0)) for p in _pairs(table))


def _improve(tables: list[list[PlayerId]], met: Mapping[Pair, int]) -> int:
    """Swap players between tables while a swap lowers the cost; returns the final cost."""
    costs = [_cost(t, met) for t in tables]
    improved = True
    while improved:
        improved = False
        for ti, tj in itertools.combinations(range(len(tables)), 2):
            a_table, b_table = tables[ti], tables[tj]
            for ai in range(len(a_table)):
                for bi in range(len(b_table)):
                    a, b = a_table[ai], b_table[bi]
                    a_table[ai], b_table[bi] = b, a
                    ca, cb = _cost(a_table, met), _cost(b_table, met)
                    if ca + cb < costs[ti] + costs[tj]:
                        costs[ti], costs[tj] = ca, cb
                        improved = True
                    else:
                        a_table[ai], b_table[bi] = a, b
    return sum(costs)


def _tables_from(order: Sequence[PlayerId], layout: Sequence[int]) -> list[list[PlayerId]]:
    tables, start = [], 0
    for n in layout:
        tables.append(list(order[start:start + n]))
        start += n
    return tables


def _search(seated: Sequence[PlayerId], layout: Sequence[int], met: Mapping[Pair, int],
            rng: random.Random) -> list[tuple[int, list[list[PlayerId]]]]:
    """Random starts improved by swaps: (cost, tables), stopping at the first draw of cost 0."""
    found = []
    for _attempt in range(DRAW_ATTEMPTS):
        order = list(seated)
        rng.shuffle(order)
        tables = _tables_from(order, layout)
        cost = _improve(tables, met) if met else 0
        found.append((cost, tables))
        if cost == 0:
            break
    return found


class _OutOfBudget(Exception):
    pass


def _exact(seated: Sequence[PlayerId], layout: Sequence[int], met: Mapping[Pair, int],
           rng: random.Random, bound: int, budget: int = EXACT_BUDGET
           ) -> tuple[int, list[list[PlayerId]]] | None:
    """The seating of least cost below ``bound`` by an exhaustive search (branch and bound:
    the lowest unseated player opens the next table, whose other seats are chosen among the
    players after him; a branch is cut as soon as its cost reaches the best found).  The
    players are taken in an order drawn from ``rng``, so among equally good seatings the seed
    decides.  None when none is cheaper than ``bound``; raises :class:`_OutOfBudget` after
    ``budget`` steps (the field is too large to search it all)."""
    order = list(seated)
    rng.shuffle(order)
    n = len(order)
    w = [[_weight(met.get((a, b) if a < b else (b, a), 0)) for b in order] for a in order]
    left = Counter(layout)
    free = [True] * n
    best: list[Any] = [bound, None]
    steps = [0]
    tables: list[list[int]] = []

    def place(cost: int) -> None:
        first = next((i for i in range(n) if free[i]), None)
        if first is None:
            best[0], best[1] = cost, [list(t) for t in tables]
            return
        for size in sorted((s for s, c in left.items() if c), reverse=True):
            left[size] -= 1
            free[first] = False
            grow([first], size, first + 1, cost)
            free[first] = True
            left[size] += 1

    def grow(table: list[int], size: int, start: int, cost: int) -> None:
        steps[0] += 1
        if steps[0] > budget:
            raise _OutOfBudget
        if len(table) == size:
            tables.append(table)
            place(cost)
            tables.pop()
            return
        for j in range(start, n):
            if not free[j]:
                continue
            more = cost + sum(w[j][k] for k in table)
            if more >= best[0]:
                continue
            free[j] = False
            table.append(j)
            grow(table, size, j + 1, more)
            table.pop()
            free[j] = True

    place(0)
    if best[1] is None:
        return None
    return best[0], [[order[i] for i in t] for t in best[1]]


def _best_tables(seated: Sequence[PlayerId], layout: Sequence[int], met: Mapping[Pair, int],
                 rng: random.Random, *, lookahead: bool) -> list[list[PlayerId]]:
    found = _search(seated, layout, met, rng)
    least = min(cost for cost, _ in found)
    if least > 0:
        try:
            exact = _exact(seated, layout, met, random.Random(rng.random()), least)
        except _OutOfBudget:
            exact = None
        if exact is not None:
            return exact[1]
    least = min(cost for cost, _ in found)
    best = [tables for cost, tables in found if cost == least]
    if least == 0 or not lookahead or len(best) == 1:
        return best[0]
    ahead = random.Random(rng.random())

    def next_cost(tables: list[list[PlayerId]]) -> int:
        after = dict(met)
        for pair in (p for t in tables for p in _pairs(t)):
            after[pair] = after.get(pair, 0) + 1
        return min(cost for cost, _ in _search(seated, layout, after, ahead))

    return min(best, key=next_cost)


METHOD_LOT = "lot"  # by lot, the fewest repeated pairs
METHOD_MOVE = "move"  # winner stays, second moves one table on, third two, ...
METHOD_SEEDED = "seeded"  # by the standings: the first players together, and so on
METHODS = (METHOD_LOT, METHOD_MOVE, METHOD_SEEDED)


def _fit(tables: list[list[PlayerId]], layout: Sequence[int],
         extra: Sequence[PlayerId]) -> list[list[PlayerId]]:
    """``tables`` brought to the sizes of ``layout`` (in order): the players ``extra`` (new to
    the round: back from a bye, arrived late) fill the seats left, and a table with too many
    gives its last players to the next table with room."""
    tables = [list(t) for t in tables][:len(layout)]
    while len(tables) < len(layout):
        tables.append([])
    spill: list[PlayerId] = []
    for t, want in zip(tables, layout, strict=True):
        while len(t) > want:
            spill.append(t.pop())
    waiting = [*spill, *extra]
    for t, want in zip(tables, layout, strict=True):
        while len(t) < want and waiting:
            t.append(waiting.pop(0))
    return tables


def move_tables(previous: Sequence[Sequence[PlayerId]], layout: Sequence[int],
                seated: Sequence[PlayerId]) -> list[list[PlayerId]]:
    """The Czech clubs' moving (issue 26.8): at each table of the round before (``previous``,
    in table order, each table's players in the order of their result there, the winner
    first) the winner stays, the second moves one table on, the third two, the fourth three
    (round the tables), so that players of one table meet no more while there are at least as
    many tables as seats at one.  Only the players in ``seated`` play this round.

    >>> move_tables([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]],
    ...             [4, 4, 4, 4], range(1, 17))
    [[1, 8, 11, 14], [2, 5, 12, 15], [3, 6, 9, 16], [4, 7, 10, 13]]
    """
    playing = set(seated)
    count = len(layout)
    tables: list[list[PlayerId]] = [[] for _ in range(count)]
    placed: set[PlayerId] = set()
    for t, table in enumerate(previous[:count]):
        for place, player in enumerate(p for p in table if p in playing):
            tables[(t + place) % count].append(player)
            placed.add(player)
    return _fit(tables, layout, [p for p in seated if p not in placed])


def seeded_tables(ranking: Sequence[PlayerId], layout: Sequence[int],
                  seated: Sequence[PlayerId]) -> list[list[PlayerId]]:
    """Seeding by the standings (issue 26.8): the first players of the standings at table 1,
    the next at table 2, and so on (those not in ``ranking`` last).

    >>> seeded_tables([3, 1, 2, 6, 5, 4], [3, 3], [1, 2, 3, 4, 5, 6])
    [[3, 1, 2], [6, 5, 4]]
    """
    playing = set(seated)
    order = [p for p in ranking if p in playing]
    order += [p for p in seated if p not in set(order)]
    return _tables_from(order, layout)


def draw_round(
    players: Sequence[PlayerId],
    *,
    seed: int,
    size: int,
    sizes: Sequence[int],
    earlier: Sequence[Sequence[Sequence[PlayerId]]] = (),
    byes_so_far: Mapping[PlayerId, int] | None = None,
    scored_so_far: Mapping[PlayerId, int] | None = None,
    rounds_left: int = 1,
    clubs: Mapping[PlayerId, str] | None = None,
    method: str = METHOD_LOT,
    previous: Sequence[Sequence[PlayerId]] = (),
    ranking: Sequence[PlayerId] = (),
) -> Draw:
    """Seat ``players`` by lot from ``seed`` (docs/tournament.md#the-draw).

    ``earlier``: the tables of the rounds already played, so that table-mates meet again as
    seldom as the numbers allow (the search keeps the draw with the fewest repeated pairs of
    :data:`DRAW_ATTEMPTS` random starts, each improved by swaps; with ``rounds_left`` > 1, of
    the draws with the fewest repeats it keeps the one that leaves the next round the fewest).
    Byes go to players with the fewest byes so far, scorers to the players who kept a sheet the
    fewest times, each by lot among equals.  Seats at each table are drawn last.

    ``clubs`` (player -> club): in the first round, players of one club are kept apart as if
    they had met.  ``method``: :data:`METHOD_LOT` as above; :data:`METHOD_MOVE` moves the
    players of ``previous`` (:func:`move_tables`); :data:`METHOD_SEEDED` seats them by
    ``ranking`` (:func:`seeded_tables`); either of the two draws by lot when it has nothing to
    go by (the first round).

    >>> d = draw_round(range(1, 13), seed=7, size=4, sizes=(3, 4))
    >>> sorted(len(t) for t in d.tables), d.byes
    ([4, 4, 4], ())
    >>> d == draw_round(range(1, 13), seed=7, size=4, sizes=(3, 4))
    True
    """
    ids = sorted(set(players))
    if len(ids) != len(players):
        raise DrawError("a player is listed twice", code="draw_duplicate")
    layout, bye_count = table_layout(len(ids), size, sizes)
    rng = random.Random(seed)
    met = met_pairs(earlier)
    byes: list[PlayerId] = []
    if bye_count:
        had = byes_so_far or {}
        pool = list(ids)
        rng.shuffle(pool)
        pool.sort(key=lambda p: had.get(p, 0))  # stable: by lot among equals
        byes = sorted(pool[:bye_count])
    seated = [p for p in ids if p not in byes]
    if method == METHOD_MOVE and previous:
        best = move_tables(previous, layout, seated)
    elif method == METHOD_SEEDED and ranking:
        best = seeded_tables(ranking, layout, seated)
    else:
        avoid = dict(met)
        if clubs and not earlier:
            for a, b in itertools.combinations(seated, 2):
                if clubs.get(a) and clubs.get(a) == clubs.get(b):
                    avoid[(a, b) if a < b else (b, a)] = 1
        best = _best_tables(seated, layout, avoid, rng, lookahead=rounds_left > 1)
    kept = scored_so_far or {}
    scorers: list[PlayerId] = []
    for table in best:
        rng.shuffle(table)  # the seats, by lot
        fewest = min(kept.get(p, 0) for p in table)
        scorers.append(rng.choice([p for p in table if kept.get(p, 0) == fewest]))
    return Draw(seed=seed, tables=tuple(tuple(t) for t in best), scorers=tuple(scorers),
                byes=tuple(byes))


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh seed for a draw (shown to the room, so it can be checked)."""
    return (rng or random.SystemRandom()).randint(1, MAX_SEED)


# --------------------------------------------------------------------------- premium points

TRUMP_BANDS = (4, 5, 6, 7)  # trumps held: "4 or fewer", 5, 6, "7 or more"
PREMIUM_FLAG = marias.PREMIUM_FLAG  # 50: the scorer writes the game down, the referee may look


@dataclass(frozen=True, kw_only=True)
class PremiumTable:
    """The premium points of a tournament (docs/tournament.md#premium-points).

    Seed 004 says how they are earned (a won announced sedma by the trumps its announcer held,
    a sto by the trumps of the side that announced it, fleked games only to the fleking
    player) but gives no values: the default below is this project's own, shaped after the
    seed's tariff (betl : durch = 1 : 2, red doubles) and after its rule that fewer trumps
    make the harder game.  ``seven`` and ``hundred`` give the points by trumps held, in the
    bands of :data:`TRUMP_BANDS`.
    """

    seven: tuple[int, int, int, int] = (50, 30, 20, 10)
    hundred: tuple[int, int, int, int] = (60, 40, 30, 20)
    betl: int = 30
    durch: int = 60
    red_factor: int = 2

    def __post_init__(self) -> None:
        for name in ("seven", "hundred"):
            values = getattr(self, name)
            if len(values) != len(TRUMP_BANDS) or any(
                    not isinstance(v, int) or not 0 <= v <= marias.MAX_PREMIUM
                    for v in values):
                raise DrawError(f"premium {name}: four whole numbers 0..{marias.MAX_PREMIUM}",
                                code="premium_bad", params={"field": name})
        for name in ("betl", "durch"):
            value = getattr(self, name)
            if not isinstance(value, int) or not 0 <= value <= marias.MAX_PREMIUM:
                raise DrawError(f"premium {name}: a whole number 0..{marias.MAX_PREMIUM}",
                                code="premium_bad", params={"field": name})
        if self.red_factor not in (1, 2):
            raise DrawError("premium red_factor: 1 or 2", code="premium_bad",
                            params={"field": "red_factor"})

    def by_trumps(self, values: Sequence[int], trumps: int | None) -> int:
        """Points of a band; an unknown count scores as the easiest band (7 or more)."""
        if trumps is None:
            return values[-1]
        for band, points in zip(TRUMP_BANDS, values, strict=True):
            if trumps <= band:
                return points
        return values[-1]

    def to_json(self) -> dict[str, Any]:
        return {"seven": list(self.seven), "hundred": list(self.hundred), "betl": self.betl,
                "durch": self.durch, "red_factor": self.red_factor}

    @classmethod
    def from_json(cls, raw: Any) -> PremiumTable:
        if not isinstance(raw, Mapping):
            raise DrawError("the premium table must be an object", code="premium_bad",
                            params={"field": "premium"})
        known = {"seven", "hundred", "betl", "durch", "red_factor"}
        extra = sorted(set(raw) - known)
        if extra:
            raise DrawError(f"the premium table has no {extra[0]!r}", code="premium_bad",
                            params={"field": extra[0]})
        values: dict[str, Any] = {}
        for name in ("seven", "hundred"):
            if name in raw:
                seq = raw[name]
                if not isinstance(seq, list | tuple) or len(seq) != len(TRUMP_BANDS):
                    raise DrawError(f"premium {name}: four numbers", code="premium_bad",
                                    params={"field": name})
                values[name] = tuple(seq)
        for name in ("betl", "durch", "red_factor"):
            if name in raw:
                values[name] = raw[name]
        return cls(**values)


# what the deal form asks: the trumps of the announcer (sedma) or of his side (sto)
TRUMP_KEYS = ("seven", "hundred", "seven_against", "hundred_against")


@dataclass(frozen=True, kw_only=True)
class DealPremium:
    """The premium points one deal earns, and why the referee may want to see it."""

    entry: int  # index of the deal on the sheet
    points: Mapping[int, int]  # seat -> premium points
    worth: int  # what the deal's won announced games are worth (before a renonc)
    renonc: bool = False  # a renonc was claimed on this deal
    withheld: bool = False  # >= 50 with a renonc: only if the referee finds it winnable
    unwinnable: bool = False  # the referee found it could not be won: no premium points

    @property
    def flagged(self) -> bool:
        """The referee looks at it: worth 50 or more, or a renonc was claimed (IV.6)."""
        return self.worth >= PREMIUM_FLAG or self.renonc


@dataclass(frozen=True, kw_only=True)
class SheetPremium:
    per_seat: tuple[int, ...]
    deals: tuple[DealPremium, ...] = ()

    @property
    def flagged(self) -> tuple[DealPremium, ...]:
        return tuple(d for d in self.deals if d.flagged)


def trumps_of(raw: Mapping[str, Any]) -> dict[str, int]:
    """The trumps held that the deal form wrote into the entry's ``meta`` (engine-ignored)."""
    meta = raw.get("meta")
    held = meta.get("trumps") if isinstance(meta, Mapping) else None
    if not isinstance(held, Mapping):
        return {}
    return {k: v for k, v in held.items()
            if k in TRUMP_KEYS and isinstance(v, int) and not isinstance(v, bool)}


# the ledger lines of announced games: (premium table, trumps key)
PREMIUM_LINES: dict[str, tuple[str, str]] = {
    "sedma": ("seven", "seven"),
    "sto": ("hundred", "hundred"),
    "sedma_proti": ("seven", "seven_against"),
    "sto_proti": ("hundred", "hundred_against"),
    "betl": ("betl", ""),
    "durch": ("durch", ""),
}


def deal_premium(deal: marias.Deal, options: marias.MariasOptions, table: PremiumTable,
                 trumps: Mapping[str, int], *, defence: Sequence[int] = ()
                 ) -> tuple[dict[int, int], int]:
    """Premium points of a deal: (seat -> points, what its games that earned points are worth).

    Who earns them is the engine's (:func:`rules.marias.premium_awards`, by the sheet's options):
    the side that announced a game and won it, each of its players in full ("Body za vyhrané
    hlášené bodované hry přísluší každému aktérovi v plné výši"): the declarer for his sedma,
    sto, betl, durch; the defenders (``defence``: the seats playing against him, not the one
    sitting out) for a sedma or sto announced against him.  A fleked game that its announcer
    loses earns its points for the player who gave the first flek only ("Body za flekované hry
    přísluší pouze flekujícímu hráči"); one its announcer wins costs that player minus points,
    the game's points for each flek level he pays for (II.15).  Sedma and sto count by the
    trumps held (``trumps``: of the announcer for a sedma, of the side for a sto, "trumfy u
    spolu hrajících hráčů se nesčítají ... U vyšších bodovaných hlášených her (stovek) se ...
    sčítají"); red (hearts) multiplies by ``red_factor``.
    """
    plan = marias.plan(deal, options)
    red = table.red_factor if deal.trump == marias.RED else 1
    points: dict[int, int] = {}
    worth = 0
    counted: set[str] = set()
    for award in marias.premium_awards(deal, plan.announced, defence, options):
        line = PREMIUM_LINES.get(str(award.what))
        if line is None:
            continue  # the plain hra is not an announced premium game
        kind, trumps_key = line
        if kind in ("seven", "hundred"):
            values = table.seven if kind == "seven" else table.hundred
            value = table.by_trumps(values, trumps.get(trumps_key)) * red
        else:
            value = table.betl if kind == "betl" else table.durch
        if not value:
            continue
        points[award.seat] = points.get(award.seat, 0) + award.times * value
        if award.times > 0 and award.what not in counted:
            counted.add(award.what)
            worth += value
    return points, worth


def sheet_premium(sheet: Sheet, table: PremiumTable,
                  winnable: Mapping[int, bool] | None = None, *,
                  unwinnable_earns_nothing: bool = False) -> SheetPremium:
    """The premium points of every seat of a Mariáš sheet (seed 004 II and IV.5-6).

    A renonc entry refers to the deal before it: the player who made it earns nothing on that
    deal (IV.5), though minus points he got for a flek stay.  When the deal is worth 50 or more,
    the others' points count only once the referee found the game winnable (``winnable[entry
    index of the deal]``, IV.6).

    ``unwinnable_earns_nothing`` (tournaments of edition 2): a deal the referee found could
    not be won earns no premium points, renonc or not ("aktér dostane prémiové body pouze
    pokud rozhodčí rozhodne, že byla hra teoreticky vyhratelná", IV.6; the review form says
    "No: no premium points"); minus points for a flek stay, as after a renonc.
    """
    if sheet.game != marias.MariasGame.name:
        raise DrawError("premium points belong to Mariáš", code="premium_game")
    scored = score(sheet)  # the sheet must be valid before its deals are counted
    options: marias.MariasOptions = sheet.rules
    engine = sheet.engine
    totals = [0] * sheet.n
    deals: list[DealPremium] = []
    winnable = winnable or {}
    for index, raw in enumerate(sheet.entries):
        entry = engine.parse_entry(raw, sheet)
        if isinstance(entry, marias.Deal):
            dealer = scored.rows_of(index)[0].dealer
            out = dealer if sheet.n == max(marias.PLAYERS) else None  # the pauzírák
            defence = [s for s in range(sheet.n) if s not in (entry.declarer, out)]
            points, worth = deal_premium(entry, options, table, trumps_of(raw), defence=defence)
            deals.append(DealPremium(entry=index, points=points, worth=worth))
        elif isinstance(entry, marias.Renonc) and entry.deal is not None:
            # a deal stopped by a renonc has no card result: no premium is earned on it, and the
            # referee looks at it like every renonc claim (marias.md#stopped-deal)
            deals.append(DealPremium(entry=index, points={}, worth=0, renonc=True))
        elif isinstance(entry, marias.Renonc) and deals and deals[-1].entry == index - 1:
            last = deals[-1]
            # the offender has no claim to points (IV.5); his minus points stay
            points = {s: p for s, p in last.points.items() if s != entry.seat or p < 0}
            withheld = last.worth >= PREMIUM_FLAG and not winnable.get(last.entry, False)
            deals[-1] = DealPremium(entry=last.entry, points={} if withheld else points,
                                    worth=last.worth, renonc=True, withheld=withheld)
    if unwinnable_earns_nothing:
        deals = [DealPremium(entry=d.entry, points={s: p for s, p in d.points.items() if p < 0},
                             worth=d.worth, renonc=d.renonc, withheld=d.withheld,
                             unwinnable=True)
                 if winnable.get(d.entry) is False else d for d in deals]
    for d in deals:
        for seat, p in d.points.items():
            totals[seat] += p
    return SheetPremium(per_seat=tuple(totals), deals=tuple(deals))


# --------------------------------------------------------------------------- standings

PLACEMENT_POINTS = (3.0, 2.0, 1.0, 0.0)  # 1st..4th at a table (tournament.md#standings)
BYE_PLACEMENT = 2.0  # a bye in Thousand or Binokel: the middle place at a table of three
SCORING_MONEY = "money"  # Mariáš: whole crowns + premium points (seed 004 article V)
SCORING_PLACES = "places"  # Thousand, Binokel: placement points per table


@dataclass(frozen=True, kw_only=True)
class Seat:
    """One player's result at one table (or his bye) in one round."""

    player: PlayerId
    points: float  # competition points: crowns + premium, or placement points
    score: int = 0  # the table's total: haléře (Mariáš) or game points
    premium: int = 0
    place: float = 0.0  # 1 = first at the table; shared places are averaged (2.5)
    bye: bool = False


def placement(totals: Sequence[int], winner: int | None = None) -> list[tuple[float, float]]:
    """(place, placement points) per seat; tied seats share the places and their points.

    ``winner``: the seat the table sheet names the winner of the game (the game's own rule:
    a Binokel declarer who reaches the target, Thousand's tie-break).  He is first alone, the
    others follow by their totals, so the standings never contradict the sheet.

    >>> placement([500, 1000, 200])
    [(2.0, 2.0), (1.0, 3.0), (3.0, 1.0)]
    >>> placement([700, 700, 100, 0])
    [(1.5, 2.5), (1.5, 2.5), (3.0, 1.0), (4.0, 0.0)]
    >>> placement([115, 116, 40], winner=0)
    [(1.0, 3.0), (2.0, 2.0), (3.0, 1.0)]
    >>> placement([1010, 1010, 600], winner=1)
    [(2.0, 2.0), (1.0, 3.0), (3.0, 1.0)]
    """
    if winner is not None and not 0 <= winner < len(totals):
        winner = None
    order = sorted(range(len(totals)), key=lambda s: (s != winner, -totals[s]))
    out: list[tuple[float, float]] = [(0.0, 0.0)] * len(totals)
    i = 0
    while i < len(order):
        j = i
        while (j + 1 < len(order) and totals[order[j + 1]] == totals[order[i]]
               and winner not in (order[i], order[j + 1])):
            j += 1
        places = range(i, j + 1)
        place = sum(p + 1 for p in places) / len(places)
        points = sum(PLACEMENT_POINTS[p] for p in places) / len(places)
        for k in places:
            out[order[k]] = (place, points)
        i = j + 1
    return out


def table_standing(scoring: str, players: Sequence[PlayerId], totals: Sequence[int],
                   premium: Sequence[int] = (), winner: int | None = None) -> list[Seat]:
    """The competition points of one table's players, in seat order (``winner``: the seat the
    table sheet names the winner, first alone; see :func:`placement`)."""
    places = placement(totals, winner)
    out = []
    for seat, player in enumerate(players):
        place, points = places[seat]
        if scoring == SCORING_MONEY:
            extra = premium[seat] if premium else 0
            out.append(Seat(player=player, points=float(marias.round_crowns(totals[seat]) + extra),
                            score=totals[seat], premium=extra, place=place))
        else:
            out.append(Seat(player=player, points=points, score=totals[seat], place=place))
    return out


def bye_seat(scoring: str, player: PlayerId) -> Seat:
    """A bye: 0 in Mariáš (a table's money sums to zero), the middle place otherwise."""
    return Seat(player=player, points=0.0 if scoring == SCORING_MONEY else BYE_PLACEMENT,
                bye=True)


@dataclass(frozen=True, kw_only=True)
class Standing:
    """One line of the standings: a player's rank (shared ranks repeat) and sums."""

    rank: int
    player: PlayerId
    points: float
    premium: int
    score: int
    wins: int  # first places (shared ones too)
    best: float  # the best single round
    rounds: tuple[float | None, ...] = field(default=())  # points per round, None: not played


def absent(rounds: Sequence[Sequence[Seat]], players: Sequence[PlayerId]) -> list[PlayerId]:
    """The players of ``players`` who had no place (a table or a bye) in any of ``rounds``."""
    seated = {s.player for seats in rounds for s in seats}
    return [p for p in players if p not in seated]


def standings(scoring: str, rounds: Sequence[Sequence[Seat]],
              players: Sequence[PlayerId]) -> list[Standing]:
    """Every player's total over ``rounds`` and his rank (docs/tournament.md#tie-breaks).

    Ordered by competition points; ties broken by premium points then money (Mariáš) or by
    first places then game points (Thousand, Binokel); then the best single round.  Players
    equal on all of these share the rank.

    A player with no place in any of ``rounds`` (a late arrival with no round left, a player
    who withdrew before their first round) played nothing: they get no line, so no rank and no
    points (:func:`absent` names them).  Before any round is played, everyone has a line.
    """
    if rounds:
        gone = set(absent(rounds, players))
        players = [p for p in players if p not in gone]
    per: dict[PlayerId, list[float | None]] = {p: [None] * len(rounds) for p in players}
    sums: dict[PlayerId, list[float]] = {p: [0.0, 0.0, 0.0, 0.0] for p in players}
    for r, seats in enumerate(rounds):
        for s in seats:
            if s.player not in per:
                continue
            per[s.player][r] = s.points
            acc = sums[s.player]
            acc[0] += s.points
            acc[1] += s.premium
            acc[2] += s.score
            acc[3] += 1 if (s.place and s.place < 2 and not s.bye) else 0

    def best(p: PlayerId) -> float:
        played = [x for x in per[p] if x is not None]
        return max(played) if played else 0.0

    def key(p: PlayerId) -> tuple[float, ...]:
        pts, prem, money, wins = sums[p]
        if scoring == SCORING_MONEY:
            return (-pts, -prem, -money, -best(p))
        return (-pts, -wins, -money, -best(p))

    ordered = sorted(players, key=lambda p: (key(p), p))
    out: list[Standing] = []
    for i, p in enumerate(ordered):
        rank = out[-1].rank if out and key(ordered[i - 1]) == key(p) else i + 1
        pts, prem, money, wins = sums[p]
        out.append(Standing(rank=rank, player=p, points=pts, premium=int(prem), score=int(money),
                            wins=int(wins), best=best(p), rounds=tuple(per[p])))
    return out
