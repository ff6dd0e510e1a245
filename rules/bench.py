"""``python -m rules bench``: replay long generated sheets and report deals per second.

The sheet is generated deterministically (a fixed seed), valid under the ``ru`` preset with the
barrel off and the target raised so that 1,000 deals fit into one game.  Every deal is a real
played deal (made and failed contracts, rounding, bolts and their penalties, 555 resets).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from .engine import Sheet, score

BENCH_OPTIONS = {"barrel_at": 0, "target": 10_000}


def thousand_sheet(deals: int, seed: int = 1) -> Sheet:
    """A valid ``ru`` sheet of ``deals`` played deals that does not end the game."""
    rng = random.Random(seed)
    players = ("Anna", "Boris", "Vera")
    entries: list[dict[str, Any]] = []
    for i in range(deals):
        declarer = (i + 1) % 3  # the seat after the dealer: may play from the opening bid
        contract = rng.choice((100, 105, 110, 120, 130, 150))
        made = rng.random() < 0.45
        # a made contract over 120 needs the hearts marriage (100) on top of the cards
        decl = rng.randint(min(contract, 120), 120) if made else rng.randint(40, 95)
        rest = 120 - decl
        a = rng.randint(0, rest)
        points = [0, 0, 0]
        points[declarer] = decl
        points[(declarer + 1) % 3] = a
        points[(declarer + 2) % 3] = rest - a
        marriages: list[list[str]] = [[], [], []]
        if contract > 120 and made:
            marriages[declarer] = ["hearts"]
        entries.append({
            "type": "deal", "declarer": declarer, "contract": contract,
            "points": points, "marriages": marriages,
        })
    return Sheet(game="thousand", ruleset="ru", options=BENCH_OPTIONS, players=players,
                 first_dealer=0, entries=tuple(entries))


def valid_thousand_sheet(deals: int) -> Sheet:
    """The first seed whose sheet replays without a problem and without ending the game."""
    for seed in range(1, 1000):
        sheet = thousand_sheet(deals, seed)
        try:
            scored = score(sheet)
        except ValueError:
            continue
        if scored.outcome is None:
            return sheet
    raise RuntimeError("no valid benchmark sheet found")


def run(*, deals: int = 1000, repeat: int = 5) -> dict[str, Any]:
    """Replay the generated sheet ``repeat`` times; report the best and median rates."""
    sheet = valid_thousand_sheet(deals)
    timings = []
    for _ in range(repeat):
        fresh = sheet.with_entries(sheet.entries)  # no cached options between runs
        start = time.perf_counter()
        scored = score(fresh)
        timings.append(time.perf_counter() - start)
    best, median = min(timings), statistics.median(timings)
    return {
        "sheet": f"ru, {deals} deals, {len(scored.rows)} rows with the engine's own",
        "repeat": repeat,
        "best_seconds": round(best, 6),
        "median_seconds": round(median, 6),
        "deals_per_second_best": round(deals / best),
        "deals_per_second_median": round(deals / median),
        "microseconds_per_deal_median": round(median / deals * 1e6, 2),
    }
