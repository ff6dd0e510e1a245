"""Hypothesis strategies for valid Thousand sheets of every preset.

Entries are drawn freely and then fitted to the sheet as it stands (a contract at least the
lowest one the engine allows now), so every generated sheet is valid by construction.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import rules
from rules.thousand import SUITS, THOUSAND, ThousandOptions, ThousandState

PRESETS = ("ru", "tisic", "pl", "one-thousand")
NAMES = ("Anna", "Boris", "Vera", "Gleb")


def _fit_contract(state: ThousandState, o: ThousandOptions, declarer: int, want: int) -> int:
    low = THOUSAND.min_contract(state, o, declarer)
    low = -(-low // o.bid_step) * o.bid_step
    return min(max(low, want - want % o.bid_step), o.max_contract)


@st.composite
def thousand_sheets(draw: st.DrawFn, max_entries: int = 25) -> rules.Sheet:
    ruleset = draw(st.sampled_from(PRESETS))
    options: dict[str, Any] = {}
    if ruleset == "ru" and draw(st.booleans()):
        options["players"] = 4
    o0: ThousandOptions = rules.preset(ruleset)
    if not o0.barrel_at and draw(st.booleans()):
        options["target"] = draw(st.sampled_from((1000, 1500, 2000)))
    if draw(st.integers(0, 3)) == 0:
        options["revoke"] = "replay"  # a revoke is then a redeal that keeps the dealer
    n = options.get("players", 3)
    sheet = rules.Sheet(game="thousand", ruleset=ruleset, options=options, players=NAMES[:n],
                        first_dealer=draw(st.integers(0, n - 1)),
                        edition=draw(st.sampled_from(rules.EDITIONS)))
    o: ThousandOptions = sheet.rules
    assert o0.opening_bid == o.opening_bid
    kinds = THOUSAND.kinds_for(o)
    for _ in range(draw(st.integers(0, max_entries))):
        scored = rules.score(sheet)
        if scored.outcome is not None:
            break
        state = scored.state
        assert isinstance(state, ThousandState)
        entry = _entry(draw, draw(st.sampled_from(kinds)), state, o, n)
        if entry is not None:
            sheet = sheet.append(entry)
    return sheet


def _entry(draw: st.DrawFn, kind: str, state: ThousandState, o: ThousandOptions,
           n: int) -> dict[str, Any] | None:
    """One entry of ``kind`` that the sheet takes in ``state`` (None: none this time)."""
    out = THOUSAND.sitting_out(state)
    playing = [s for s in range(n) if s != out]
    if kind in ("deal", "concession"):
        declarer = draw(st.sampled_from(playing))
        contract = _fit_contract(state, o, declarer, draw(st.integers(50, 200)))
        if kind == "concession":
            return {"type": "concession", "declarer": declarer, "contract": contract}
        return _played_deal(draw, declarer, contract, playing, n)
    if kind == "redeal":
        return {"type": "redeal", "reason": draw(st.sampled_from(THOUSAND.redeal_reasons(o)))}
    if kind == "penalty":
        reason = "custom" if o.revoke == "replay" else draw(
            st.sampled_from(("custom", "revoke")))
        entry: dict[str, Any] = {"type": "penalty", "seat": draw(st.sampled_from(playing)),
                                 "reason": reason}
        if reason == "custom":
            entry["amount"] = draw(st.sampled_from((-50, -10, 20)))
        return entry
    if kind == "bomb":
        left = [s for s in playing if state.bombs[s] < o.bombs_per_player]
        return {"type": "bomb", "declarer": draw(st.sampled_from(left))} if left else None
    seat = draw(st.sampled_from(playing))
    if state.totals[seat] >= o.barrel_at or draw(st.integers(0, 9)):
        return None
    return {"type": "marriages_in_hand", "seat": seat, "count": 3}


def _played_deal(draw: st.DrawFn, declarer: int, contract: int, playing: list[int],
                 n: int) -> dict[str, Any]:
    cuts = sorted(draw(st.lists(st.integers(0, 120), min_size=len(playing) - 1,
                                max_size=len(playing) - 1)))
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, 120], strict=True)]
    points = [0] * n
    for seat, share in zip(playing, shares, strict=True):
        points[seat] = share
    marriages: list[list[str]] = [[] for _ in range(n)]
    for suit in SUITS:
        owner = draw(st.sampled_from([None, *playing]))
        if owner is not None:
            marriages[owner].append(suit)
    return {"type": "deal", "declarer": declarer, "contract": contract, "points": points,
            "marriages": marriages}
