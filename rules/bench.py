"""``python -m rules bench``: replay long generated sheets and report deals per second.

Every preset has its sheet, generated deterministically (a fixed seed).  The ``ru`` sheet is valid
under the ``ru`` preset with the barrel off and the target raised so that 1,000 deals fit into one
game; every deal is a real played deal (made and failed contracts, rounding, bolts and their
penalties, 555 resets).  The other presets' sheets are drawn at random and kept where the engine
accepts each entry and the game goes on.  Rates are CPU time of the replay alone; making the
sheet (its header checked, its options read) is reported on its own.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from .engine import Sheet, State, advance, game_of, saved, score, start
from .errors import RulesError

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


# Every other preset: entries drawn at random and kept when the engine accepts them and the game
# goes on (the engine judges each one on the state before it, as a table would enter it).
RULESET_OPTIONS: dict[str, dict[str, Any]] = {
    "tisic": {"target": 10_000},
    "pl": {"barrel_at": 0, "target": 10_000},
    "one-thousand": {"target": 10_000},
    "marias": {},
    "binokel": {"target": 1000},
}
PLAYERS = {"thousand": ("Anna", "Boris", "Vera"), "marias": ("Anna", "Bohouš", "Cyril"),
           "binokel": ("Anna", "Bea", "Cem")}


def _thousand_entry(rng: random.Random, rules: Any, state: State) -> dict[str, Any]:
    """A played Thousand deal: a contract made or failed, the card points split at random."""
    n = state.n
    leader = max(range(n), key=lambda s: state.totals[s])
    # the leader plays and fails now and then, so that 1,000 deals fit into one game
    fails = state.totals[leader] > 3000 and rng.random() < 0.5
    declarer = leader if fails else rng.randrange(n)
    contract = rng.choice(range(rules.opening_bid, 160, rules.bid_step))
    made = not fails and rng.random() < 0.45
    decl = rng.randint(min(contract, 120), 120) if made else rng.randint(0, 40)
    rest = 120 - decl
    a = rng.randint(0, rest)
    points = [0] * n
    points[declarer] = decl
    points[(declarer + 1) % n] = a
    points[(declarer + 2) % n] = rest - a
    marriages: list[list[str]] = [[] for _ in range(n)]
    if contract > 120 and made:
        marriages[declarer] = [max(rules.marriages, key=rules.marriages.get)]
    return {"type": "deal", "declarer": declarer, "contract": contract, "points": points,
            "marriages": marriages}


MARIAS_SUITS = ("hearts", "bells", "leaves", "acorns")


def _marias_entry(rng: random.Random, rules: Any, state: State) -> dict[str, Any]:
    """A played Mariáš deal: a suit game with its announcements, betl or durch; some fleked."""
    declarer = rng.randrange(state.n)
    defenders = [s for s in range(state.n) if s != declarer]
    game = rng.choice(("suit", "suit", "suit", "betl", "durch"))
    entry: dict[str, Any] = {"type": "deal", "declarer": declarer, "game": game}
    if game == "suit":
        points = rng.randrange(10) * 10
        announced = rng.sample(("seven", "hundred"), rng.randrange(3))
        owners = [rng.choice((None, "declarer", "defence")) for _ in MARIAS_SUITS]
        entry.update(trump=rng.choice(MARIAS_SUITS), announced=announced, card_points=points,
                     marriages={side: [s for s, o in zip(MARIAS_SUITS, owners, strict=True)
                                       if o == side] for side in ("declarer", "defence")})
        comps = ["game"]
        if "seven" in announced:
            entry["seven"] = rng.choice(("won", "lost"))
            comps.append("seven")
        else:
            entry["silent_seven"] = rng.choice((None, "declarer", "defence"))
    else:
        entry["result"] = rng.choice(("won", "lost"))
        comps = [game]
    fleks = {c: rng.choice((0, 0, 1, 2)) for c in comps}
    entry["fleks"] = fleks
    given = {c: [rng.choice(defenders) if k % 2 == 0 else declarer for k in range(level)]
             for c, level in fleks.items() if level}
    if given:
        entry["flek_by"] = given
    return entry


def _binokel_entry(rng: random.Random, rules: Any, state: State) -> dict[str, Any]:
    """A played Binokel deal (now and then a concession or a redeal)."""
    if rng.random() < 0.05:
        return {"type": "redeal", "reason": "misdeal"}
    leader = max(range(state.n), key=lambda s: state.totals[s])
    fails = state.totals[leader] > 300 and rng.random() < 0.6
    declarer = leader if fails else rng.randrange(state.n)
    melds = [rng.choice((0, 2, 4, 6, 10, 14, 20)) for _ in range(state.n)]
    bid = rng.randint(15, 40) if not fails else rng.randint(40, 60)
    if rng.random() < 0.05:
        return {"type": "concession", "declarer": declarer, "bid": bid, "melds": melds}
    a = rng.randint(0, 25)
    b = rng.randint(0, 25 - a)
    points = [a, b, 25 - a - b]
    rng.shuffle(points)
    return {"type": "deal", "declarer": declarer, "bid": bid,
            "trump": rng.choice(("hearts", "bells", "leaves", "acorns")),
            "melds": melds, "points": points}


CANDIDATES = {"thousand": _thousand_entry, "marias": _marias_entry, "binokel": _binokel_entry}


def generated_sheet(ruleset: str, deals: int, seed: int = 1) -> Sheet:
    """A valid sheet of ``ruleset`` with ``deals`` entries that does not end the game."""
    game = game_of(ruleset)
    sheet = Sheet(game=game.name, ruleset=ruleset, options=RULESET_OPTIONS[ruleset],
                  players=PLAYERS[game.name], first_dealer=0)
    candidate, rules = CANDIDATES[game.name], sheet.rules
    rng = random.Random(seed)
    state = saved(start(sheet))
    entries: list[dict[str, Any]] = []
    for _ in range(200 * deals):
        if len(entries) == deals:
            return sheet.with_entries(entries)
        raw = candidate(rng, rules, state)
        try:
            after, _rows = advance(sheet, state, raw, len(entries))
        except RulesError:
            continue
        if after.outcome is None:
            entries.append(raw)
            state = after
    raise RuntimeError(f"no valid benchmark sheet of {ruleset} found")


def bench_sheet(ruleset: str, deals: int) -> Sheet:
    return valid_thousand_sheet(deals) if ruleset == "ru" else generated_sheet(ruleset, deals)


def fresh_sheet(sheet: Sheet) -> Sheet:
    """``sheet`` made again from its fields: its header checked and its options read anew."""
    return Sheet(game=sheet.game, ruleset=sheet.ruleset, edition=sheet.edition,
                 options=sheet.options, players=sheet.players, first_dealer=sheet.first_dealer,
                 entries=sheet.entries, meta=sheet.meta)


def header_microseconds(sheet: Sheet, repeat: int = 200) -> float:
    """What making ``sheet`` costs (its header checked, its options read, what the game reads
    of them for every entry worked out): paid once per sheet, whatever its length, and kept by
    a server process for every request on a sheet with the same header."""
    begin = time.process_time()
    for _ in range(repeat):
        fresh_sheet(sheet).prepared  # noqa: B018 (made when first read)
    return round((time.process_time() - begin) / repeat * 1e6, 1)


def time_sheet(sheet: Sheet, repeat: int) -> dict[str, Any]:
    """Replay ``sheet`` ``repeat`` times; the best and median rates.

    Each replay is what a request does with a sheet: its entries on the header the process
    keeps (made once, outside the time: :func:`header_microseconds`), replayed from the start.
    Each one starts after a collection, so that it does not pay for the garbage of what ran
    before it; its own collections are in its time.  The clock stops when the replay returns
    its rows, before they are freed: a request uses them (writes them, keeps them) and frees
    them after its response, and freeing a thousand rows is not replaying them.
    """
    deals = len(sheet.entries)
    header = fresh_sheet(sheet)  # nothing kept from the run that made the sheet
    header.prepared  # noqa: B018 (made when first read)
    timings = []
    for _ in range(repeat):
        replayed = header.with_entries(sheet.entries)
        gc.collect()
        begin = time.process_time()
        scored = score(replayed)
        timings.append(time.process_time() - begin)
        del scored  # freed outside the time
    best, median = min(timings), statistics.median(timings)
    return {
        "best_seconds": round(best, 6),
        "median_seconds": round(median, 6),
        "deals_per_second_best": round(deals / best),
        "deals_per_second_median": round(deals / median),
        "microseconds_per_deal_median": round(median / deals * 1e6, 2),
    }


BENCH_RULESETS = ("ru", "tisic", "pl", "one-thousand", "marias", "binokel")


def run(*, deals: int = 1000, repeat: int = 5,
        rulesets: Sequence[str] = BENCH_RULESETS) -> dict[str, Any]:
    """Replay a generated sheet of every preset ``repeat`` times (interleaved: one replay of each
    in turn); report the best and median rates of each, and what making the sheet itself costs
    (``sheet_microseconds``, outside the rates).  The top-level rates are ``ru``'s."""
    sheets = {name: bench_sheet(name, deals) for name in rulesets}
    rounds = [{name: time_sheet(sheet, 1) for name, sheet in sheets.items()}
              for _ in range(repeat)]
    per: dict[str, Any] = {}
    for name, sheet in sheets.items():
        seconds = [r[name]["best_seconds"] for r in rounds]
        best, median = min(seconds), statistics.median(seconds)
        per[name] = {
            "deals_per_second_best": round(deals / best),
            "deals_per_second_median": round(deals / median),
            "microseconds_per_deal_median": round(median / deals * 1e6, 2),
            "rows": len(score(sheet).rows),
            "sheet_microseconds": header_microseconds(sheet),
        }
    first = per[rulesets[0]]
    return {
        "sheet": f"{rulesets[0]}, {deals} deals, {first['rows']} rows with the engine's own",
        "repeat": repeat,
        "deals_per_second_best": first["deals_per_second_best"],
        "deals_per_second_median": first["deals_per_second_median"],
        "microseconds_per_deal_median": first["microseconds_per_deal_median"],
        "per_ruleset": per,
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
        start = time.process_time()
        for deal in parsed:
            review(deal)
        timings.append(time.process_time() - start)
    whole = time.process_time()
    for d in docs:
        review(read_deal(d)).to_json()
    with_json = time.process_time() - whole
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
