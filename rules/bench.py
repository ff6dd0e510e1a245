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


# --------------------------------------------------------------------------- the deal review

REVIEW_RULESETS = ("ru", "tisic", "one-thousand", "marias", "binokel")


def legal_deal(ruleset: str, rng: random.Random, *, options: dict[str, Any] | None = None,
               tricks: int | None = None) -> dict[str, Any]:
    """A deal review document of a randomly dealt deal played by the ruleset's obligations.

    The pack is shuffled and dealt; the talon (never an ace or a ten where that is forbidden)
    goes aside; every card is drawn at random from the cards the arbiter allows; marriages are
    declared at random when they may be, and an announced seven is kept for the last trick.
    ``tricks`` stops after that many tricks and gives the hands still held (a partial review).
    """
    from . import arbiter
    from .cards import Card, Rank
    from .review import PLAYERS_IN_TRICK, deal_shape

    rules = arbiter.trick_rules(ruleset, options)
    shape = deal_shape(ruleset, options)
    contract = rng.choice(rules.contracts)
    pack = list(rules.deck.cards())
    rng.shuffle(pack)
    talon: list[Card] = []
    if shape.talon:
        allowed = [c for c in pack if contract.name not in shape.talon_no_ace_ten
                   or c.rank not in (Rank.ACE, Rank.TEN)]
        talon = allowed[: shape.talon]
        for c in talon:
            pack.remove(c)
    per_hand = len(pack) // PLAYERS_IN_TRICK
    hands = [pack[i * per_hand:(i + 1) * per_hand] for i in range(PLAYERS_IN_TRICK)]
    declarer = rng.randrange(PLAYERS_IN_TRICK)
    trump = None
    if contract.trump is arbiter.TrumpRule.NAMED:
        trump = rng.choice(rules.deck.suit_names)
    seven_by = None
    if contract.seven and trump is not None and rng.random() < 0.5:
        seven = Card(rank=Rank.SEVEN, suit=trump)
        owner = next((s for s in range(PLAYERS_IN_TRICK) if seven in hands[s]), None)
        seven_by = owner
    played: list[list[Any]] = []
    seat = declarer
    total = per_hand if tricks is None else min(tricks, per_hand)
    for t in range(total):
        trick: list[Card] = []
        out: list[Any] = []
        for _ in range(PLAYERS_IN_TRICK):
            s = (seat + len(trick)) % PLAYERS_IN_TRICK
            turn = arbiter.Turn(rules=rules, contract=contract.name, trump=trump,
                                trick=tuple(trick), hand=tuple(hands[s]), tricks_done=t,
                                announced_seven=seven_by == s)
            card = rng.choice(arbiter.legal_cards(turn))
            marriage = (contract.marriage is not arbiter.MarriageRule.NONE
                        and card.rank in (Rank.KING, Rank.QUEEN) and rng.random() < 0.7
                        and arbiter.can_play(turn, card, declare_marriage=True))
            if marriage and contract.marriage is arbiter.MarriageRule.LEADING:
                trump = card.suit
            hands[s].remove(card)
            trick.append(card)
            out.append({"card": str(card), "marriage": True} if marriage else str(card))
        played.append(out)
        seat = (seat + arbiter.trick_winner(trick, trump, contract.order)) % PLAYERS_IN_TRICK
    doc: dict[str, Any] = {
        "ruleset": ruleset, "players": ["Anna", "Boris", "Vera"], "declarer": declarer,
        "contract": contract.name.value, "trump": None if contract.trump is
        arbiter.TrumpRule.BY_MARRIAGE else (None if trump is None else trump.value),
        "seven": seven_by, "tricks": played, "talon": [str(c) for c in talon],
    }
    if options:
        doc["options"] = options
    if tricks is not None and tricks < per_hand:
        doc["hands"] = [[str(c) for c in h] for h in hands]
    return doc


def run_review(*, deals: int = 1000, repeat: int = 5, seed: int = 1) -> dict[str, Any]:
    """Review ``deals`` generated legal deals (every game in turn) and report reviews per second."""
    from .review import read_deal, review

    rng = random.Random(seed)
    docs = [legal_deal(REVIEW_RULESETS[i % len(REVIEW_RULESETS)], rng) for i in range(deals)]
    parsed = [read_deal(d) for d in docs]
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        for deal in parsed:
            review(deal)
        timings.append(time.perf_counter() - start)
    whole = time.perf_counter()
    for d in docs:
        review(read_deal(d)).to_json()
    with_json = time.perf_counter() - whole
    best, median = min(timings), statistics.median(timings)
    return {
        "deals": f"{deals} generated legal deals of {', '.join(REVIEW_RULESETS)} in turn",
        "repeat": repeat,
        "best_seconds": round(best, 6),
        "median_seconds": round(median, 6),
        "reviews_per_second_best": round(deals / best),
        "reviews_per_second_median": round(deals / median),
        "reviews_per_second_with_json": round(deals / with_json),
        "microseconds_per_review_median": round(median / deals * 1e6, 1),
    }
