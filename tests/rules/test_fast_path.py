"""A game's fast path (``Game.fast_path``) gives exactly what its general path gives.

The usual entry is judged and written in one step; anything else goes the general way (parse,
verify, apply).  These properties replay random sheets twice -- with the fast path and with it
switched off -- and hold every result equal: the rows (deltas, totals, marks, notes with their
code, params and text), the state after every entry, and every refusal (its code, params and
message), in a full replay, in one that collects every problem and entry by entry.

The entries are drawn to reach what the fast path must leave alone: dark contracts, the barrel
(climbing, sitting on it, falling, the Polish barrel), bolts and their penalty, 555, sitting out
with four players, marriages (twice, unknown, in the wrong hand), concessions, redeals,
penalties, the end of the game, and malformed fields of every kind.
"""

from __future__ import annotations

import contextlib
import copy
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.bench import bench_sheet
from rules.engine import Game, LaterRow
from rules.engine import _replay as replay
from rules.errors import RulesError
from rules.thousand import SUITS

MANY = settings(max_examples=400, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@contextlib.contextmanager
def general_path_only() -> Iterator[None]:
    """Every game without its fast path: each entry parsed, verified and applied."""
    saved = {game: type(game).__dict__.get("fast_path") for game in rules.games().values()}
    try:
        for game in saved:
            type(game).fast_path = Game.fast_path  # type: ignore[method-assign]
        yield
    finally:
        for game, method in saved.items():
            if method is None:
                del type(game).fast_path
            else:
                type(game).fast_path = method  # type: ignore[method-assign]


def refusal(exc: RulesError) -> tuple[Any, ...]:
    return (type(exc).__name__, exc.code, exc.params, exc.entry, str(exc))


def note_values(rows: Any) -> list[Any]:
    """Every row's notes as what a page reads of them (code, params, English text), and every
    row's ``repr`` (the types of its values too: a kind is the same string, not an equal one)."""
    return [([(n.code, n.params, n.text) for n in row.notes], repr(row)) for row in rows]


def judged(sheet: rules.Sheet) -> dict[str, Any]:
    """Everything the engine says about ``sheet``: a full replay (or its first refusal), every
    problem at once, and the sheet judged entry by entry on saved states."""
    out: dict[str, Any] = {}
    try:
        scored = rules.score(sheet)
    except RulesError as exc:
        out["score"] = refusal(exc)
    else:
        out["score"] = (scored.rows, scored.totals, scored.outcome, scored.dealer,
                        rules.saved(scored.state), note_values(scored.rows))
    out["problems"] = [refusal(p) for p in rules.problems(sheet)]
    state = rules.saved(rules.start(sheet))
    steps: list[Any] = []
    for index, raw in enumerate(sheet.entries):
        try:
            state, rows = rules.advance(sheet, state, raw, index)
        except RulesError as exc:
            steps.append(refusal(exc))
        else:
            steps.append((rows, rules.saved(state), note_values(rows)))
    out["steps"] = steps
    return out


def assert_same_both_ways(sheet: rules.Sheet) -> None:
    fast = judged(sheet)
    with general_path_only():
        general = judged(sheet)
    assert fast == general


# --------------------------------------------------------------------------- Thousand

THOUSAND_NAMES = ("Anna", "Boris", "Vera", "Gleb")


def _thousand_options(rng: random.Random, ruleset: str) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if ruleset in ("ru", "pl") and rng.random() < 0.3:
        options["barrel_at"] = 0
        options["target"] = rng.choice((1000, 2000))
    elif ruleset in ("ru", "pl"):
        # the barrel near the start, so that random sheets climb, sit and fall
        options["barrel_at"] = 800 if ruleset == "pl" else rng.choice((800, 880))
        options["target"] = 1000
    if ruleset == "ru":
        if rng.random() < 0.4:
            options["players"] = 4
        if rng.random() < 0.3:
            options["barrel_knock_off"] = True
        if rng.random() < 0.3:
            options["bolts_consecutive"] = False
        if rng.random() < 0.3:
            options["barrel_resets_after"] = rng.choice((1, 2))
        if rng.random() < 0.3:
            options["dark_min_total"] = 0
            options["dark_seat"] = "any"
    if ruleset in ("ru", "pl") and rng.random() < 0.3:
        options["ace_marriage"] = 200
    return options


def _points(rng: random.Random, n: int, playing: list[int]) -> list[Any]:
    points: list[Any] = [0] * n
    left = 120
    for seat in playing[:-1]:
        points[seat] = rng.choice((0, 0, rng.randint(0, left), rng.randint(0, min(left, 30))))
        left -= points[seat]
    points[playing[-1]] = left
    if rng.random() < 0.15:
        return rng.choice((
            [*points[:-1], points[-1] + 5], points[:-1], [True, *points[1:]],
            [float(p) for p in points], [-1, *points[1:]], tuple(points), "120",
        ))
    return points


def _marriages(rng: random.Random, n: int, playing: list[int]) -> Any:
    if rng.random() < 0.5:
        return rng.choice((None, [[] for _ in range(n)], [[]] * n))
    hands: list[list[Any]] = [[] for _ in range(n)]
    for suit in (*SUITS, "aces"):
        if rng.random() < 0.35:
            hands[rng.choice(playing)].append(suit)
    r = rng.random()
    if r < 0.05:
        hands[0].append("hearts")  # declared twice (or twice by one hand)
    elif r < 0.08:
        hands[rng.randrange(n)].append("trumps")
    elif r < 0.10:
        return [tuple(h) for h in hands]
    elif r < 0.12:
        return hands[:-1]
    elif r < 0.14:
        hands[rng.randrange(n)] = "hearts"  # type: ignore[call-overload]
    return hands


def _thousand_entry(rng: random.Random, sheet: rules.Sheet, state: Any) -> dict[str, Any]:
    n = sheet.n
    out = state.dealer if n == 4 else None
    playing = [s for s in range(n) if s != out]
    o = sheet.rules
    r = rng.random()
    if r < 0.05:
        return {"type": "concession", "declarer": rng.choice(playing),
                "contract": rng.choice((100, 110, 120))}
    if r < 0.09:
        return {"type": "redeal", "reason": "misdeal"}
    if r < 0.12:
        return {"type": "penalty", "seat": rng.choice(playing),
                "reason": rng.choice(("revoke", "custom")), "amount": -20}
    if r < 0.14:
        return {"type": "bomb", "declarer": rng.choice(playing)}
    leader = max(playing, key=lambda s: state.totals[s])
    declarer: Any = leader if rng.random() < 0.3 else rng.choice(range(n))
    low = o.opening_bid + (o.bid_step if rng.random() < 0.6 else 0)
    contract: Any = rng.choice((low, low + o.bid_step, 120, 120 + o.bid_step, 150, o.max_contract))
    if rng.random() < 0.08:
        contract = rng.choice((low - o.bid_step, low + 1, o.max_contract + o.bid_step, "100",
                               True, 20_000, -5))
    if rng.random() < 0.04:
        declarer = rng.choice((n, -1, True, "0", None))
    entry: dict[str, Any] = {"type": "deal", "declarer": declarer, "contract": contract,
                             "points": _points(rng, n, playing)}
    marriages = _marriages(rng, n, playing)
    if marriages is not None or rng.random() < 0.5:
        entry["marriages"] = marriages
    r = rng.random()
    if r < 0.08:
        entry["dark"] = True
    elif r < 0.14:
        entry["dark"] = rng.choice((False, None, 0, "yes"))
    elif r < 0.16:
        entry["meta"] = {"at": "21:04"}
    elif r < 0.18:
        entry["trump"] = "hearts"
    elif r < 0.19:
        entry["type"] = "Deal"
    return entry


def thousand_sheet(seed: int) -> rules.Sheet:
    """A random Thousand sheet: entries drawn on the state of a replay with the fast path,
    kept whatever the engine says of them (refused entries stay in: they are judged too)."""
    rng = random.Random(seed)
    ruleset = rng.choice(("ru", "tisic", "pl", "one-thousand"))
    options = _thousand_options(rng, ruleset)
    n = options.get("players", 3)
    sheet = rules.Sheet(game="thousand", ruleset=ruleset, options=options,
                        players=THOUSAND_NAMES[:n], first_dealer=rng.randrange(n),
                        edition=rng.choice(rules.EDITIONS))
    return grown(rng, sheet, _thousand_entry, most=80)


def grown(rng: random.Random, sheet: rules.Sheet,
          draw: Callable[[random.Random, rules.Sheet, Any], dict[str, Any]],
          most: int) -> rules.Sheet:
    """``sheet`` with up to ``most`` entries drawn by ``draw`` on the state of a replay with the
    fast path, kept whatever the engine says of them; sometimes one more after the end."""
    state = rules.saved(rules.start(sheet))
    entries: list[dict[str, Any]] = []
    for index in range(rng.randint(1, most)):
        raw = draw(rng, sheet, state)
        entries.append(raw)
        try:
            state, _rows = rules.advance(sheet, state, raw, index)
        except RulesError:
            continue
        if state.outcome is not None:
            if rng.random() < 0.5:
                entries.append(draw(rng, sheet, state))  # after the end
            break
    return sheet.with_entries(entries)


@MANY
@given(st.integers(0, 2**32))
def test_thousand_fast_path_gives_what_the_general_path_gives(seed: int) -> None:
    assert_same_both_ways(thousand_sheet(seed))


def test_thousand_random_sheets_reach_what_the_fast_path_leaves_to_the_general_one() -> None:
    """The sheets above do reach the barrel, bolts and their penalty, 555, dark, sitting out,
    marriages, concessions, refusals and the end of the game."""
    kinds: set[str] = set()
    marks: set[str] = set()
    codes: set[str] = set()
    for seed in range(300):
        found: list[RulesError] = []
        rows = replay(thousand_sheet(seed), found).rows  # refused entries left out
        codes.update(p.code for p in found)
        kinds.update(r.kind for r in rows)
        marks.update(m for r in rows for seat in r.marks for m in seat)
        codes.update(n.code for r in rows for n in r.notes)
    assert {"deal", "concession", "redeal", "penalty", "bolts", "reset_555", "barrel_fall",
            "bomb"} <= kinds
    assert {"dark", "bolt", "barrel", "warning", "made", "failed"} <= marks
    assert {"marriage_twice", "points_sum", "contract_low", "sitting_out_scores", "finished",
            "bad_field", "unknown_field", "bad_type", "declarer_sitting_out", "barrel_blocked",
            "barrel_on", "barrel_capped"} <= codes


@pytest.mark.parametrize("game", ["thousand", "binokel"])
def test_the_fast_path_takes_the_usual_deal_and_leaves_the_rest(game: str) -> None:
    """The fast path is really used on these sheets, and really declines."""
    said: list[bool] = []
    cls = type(rules.games()[game])
    original = cls.fast_path
    make = thousand_sheet if game == "thousand" else binokel_sheet

    def counting(self: Any, sheet: rules.Sheet) -> Any:
        fast = original(self, sheet)

        def count(state: Any, index: int, raw: Any) -> bool:
            said.append(fast(state, index, raw))
            return said[-1]
        return count

    cls.fast_path = counting  # type: ignore[method-assign]
    try:
        for seed in range(100):
            rules.problems(make(seed))
    finally:
        cls.fast_path = original  # type: ignore[method-assign]
    assert said.count(True) > 1000 and said.count(False) > 300


# --------------------------------------------------------------------------- Binokel

BINOKEL_NAMES = ("Anna", "Bea", "Cem")


def _binokel_options(rng: random.Random) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for name, value, chance in (
        ("scale", 10, 0.3), ("fail_multiplier", 2, 0.3), ("keep_trump_nines", True, 0.4),
        ("keep_meld_min_points", rng.randint(0, 6), 0.5), ("declarer_needs_trump_pair", True, 0.3),
        ("all_pass", "first_must_bid", 0.2), ("concede", False, 0.2), ("dapp", False, 0.3),
        ("melds_after_discard", False, 0.3), ("deal_passes", "next", 0.3),
        ("target", rng.choice((60, 100, 150)), 0.6),
    ):
        if rng.random() < chance:
            options[name] = value
    return options


def _binokel_entry(rng: random.Random, sheet: rules.Sheet, state: Any) -> dict[str, Any]:
    o = sheet.rules
    scale, unit = o.scale, o.meld_unit
    r = rng.random()
    if r < 0.06:
        return {"type": "redeal", "reason": rng.choice(("misdeal", "all_pass", "five_nines"))}
    declarer: Any = rng.randrange(3)
    melds: list[Any] = [unit * rng.choice((0, 0, 1, 2, 3, 5, 10)) for _ in range(3)]
    bid: Any = o.opening + o.step * rng.choice((0, 1, 3, 5, 10, 20, 30))
    if r < 0.12:
        return {"type": "concession", "declarer": declarer, "bid": bid, "melds": melds}
    cut = sorted(rng.randint(0, o.deal_points) for _ in range(2))
    points: list[Any] = [scale * p for p in (cut[0], cut[1] - cut[0], o.deal_points - cut[1])]
    rng.shuffle(points)
    trump: Any = rng.choice(("hearts", "diamonds", "clubs", "spades"))
    r = rng.random()
    if r < 0.03:
        melds[rng.randrange(3)] += 1
    elif r < 0.05:
        melds[rng.randrange(3)] = 10_000
    elif r < 0.07:
        points[0] += scale
    elif r < 0.08 and scale > 1:
        points[0] += 1  # not a whole card point
        points[1] -= 1
    elif r < 0.10:
        bid = rng.choice((o.opening - o.step, bid + 1, o.max_bid + o.step, True, "20", 10**6))
    elif r < 0.12:
        declarer = rng.choice((3, -1, True, None))
    elif r < 0.14:
        trump = rng.choice(("trumps", ["hearts"], None, 1))
    elif r < 0.16:
        melds = rng.choice((melds[:2], tuple(melds), [float(m) for m in melds], [-unit, 0, 0]))
    elif r < 0.18:
        points = rng.choice((points[:2], [True, *points[1:]], "25"))
    entry: dict[str, Any] = {"type": "deal", "declarer": declarer, "bid": bid, "trump": trump,
                             "melds": melds, "points": points}
    r = rng.random()
    if r < 0.08:
        entry["trump_nines"] = [rng.randint(0, 1) for _ in range(3)]
    elif r < 0.10:
        entry["trump_nines"] = None
    elif r < 0.12:
        entry["meta"] = {"at": "21:04"}
    elif r < 0.13:
        entry["dark"] = False
    return entry


def binokel_sheet(seed: int) -> rules.Sheet:
    """A random Binokel sheet, built as :func:`thousand_sheet` is."""
    rng = random.Random(seed)
    sheet = rules.Sheet(game="binokel", ruleset="binokel", options=_binokel_options(rng),
                        players=BINOKEL_NAMES, first_dealer=rng.randrange(3),
                        edition=rng.choice(rules.EDITIONS))
    return grown(rng, sheet, _binokel_entry, most=60)


@MANY
@given(st.integers(0, 2**32))
def test_binokel_fast_path_gives_what_the_general_path_gives(seed: int) -> None:
    assert_same_both_ways(binokel_sheet(seed))


def test_binokel_random_sheets_reach_what_the_fast_path_leaves_to_the_general_one() -> None:
    """Melds lost and kept for trump nines, made and failed bids, concessions, redeals, the
    end of the game and refusals of every kind."""
    marks: set[str] = set()
    codes: set[str] = set()
    for seed in range(300):
        found: list[RulesError] = []
        rows = replay(binokel_sheet(seed), found).rows
        codes.update(p.code for p in found)
        marks.update(m for r in rows for seat in r.marks for m in seat)
        codes.update(n.code for r in rows for n in r.notes)
    assert {"made", "failed", "melds_lost", "nines_kept", "conceded"} <= marks
    assert {"redeal", "won_declarer", "won_highest", "finished", "bad_field",
            "unknown_field", "bid_too_low", "bid_step", "bid_too_high", "melds_too_high",
            "melds_step", "points_total", "points_step", "needs_trump_pair",
            "trump_nines_melds"} <= codes


@pytest.mark.parametrize("ruleset", ["ru", "tisic", "pl", "one-thousand", "marias"])
def test_a_row_written_when_read_copies_and_pickles_as_the_general_row(ruleset: str) -> None:
    """The one-step paths of Thousand and Mariáš write a row's notes (Mariáš: its marks and
    ledger too) when they are first read.  Such a row equals, shows (``repr``) and reads like
    the row written in full; a copy or pickle of it is that plain row."""
    sheet = bench_sheet(ruleset, 120)
    fast = rules.score(sheet).rows
    with general_path_only():
        general = rules.score(sheet.with_entries(sheet.entries)).rows
    assert sum(isinstance(row, LaterRow) for row in fast) > 100
    assert not any(isinstance(row, LaterRow) for row in general)
    for kept in (pickle.loads(pickle.dumps(fast)), copy.deepcopy(fast)):
        assert all(type(row) is rules.Row for row in kept)
        assert kept == general and general == kept
        assert note_values(kept) == note_values(general)
    fresh = rules.score(sheet.with_entries(sheet.entries)).rows  # nothing read yet
    assert [repr(row) for row in fresh] == [repr(row) for row in general]
    assert [row.to_json() for row in fresh] == [row.to_json() for row in general]

