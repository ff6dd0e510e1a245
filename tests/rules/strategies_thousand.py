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
        out = THOUSAND.sitting_out(state)
        playing = [s for s in range(n) if s != out]
        kind = draw(st.sampled_from(kinds))
        entry: dict[str, Any]
        if kind in ("deal", "concession"):
            declarer = draw(st.sampled_from(playing))
            contract = _fit_contract(state, o, declarer, draw(st.integers(50, 200)))
            if kind == "concession":
                entry = {"type": "concession", "declarer": declarer, "contract": contract}
            else:
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
                entry = {"type": "deal", "declarer": declarer, "contract": contract,
                         "points": points, "marriages": marriages}
        elif kind == "redeal":
            entry = {"type": "redeal",
                     "reason": draw(st.sampled_from(THOUSAND.redeal_reasons(o)))}
        elif kind == "penalty":
            reason = "custom" if o.revoke == "replay" else draw(
                st.sampled_from(("custom", "revoke")))
            entry = {"type": "penalty", "seat": draw(st.sampled_from(playing)), "reason": reason}
            if reason == "custom":
                entry["amount"] = draw(st.sampled_from((-50, -10, 20)))
        elif kind == "bomb":
            left = [s for s in playing if state.bombs[s] < o.bombs_per_player]
            if not left:
                continue
            entry = {"type": "bomb", "declarer": draw(st.sampled_from(left))}
        else:
            seat = draw(st.sampled_from(playing))
            if state.totals[seat] >= o.barrel_at or draw(st.integers(0, 9)):
                continue
            entry = {"type": "marriages_in_hand", "seat": seat, "count": 3}
        sheet = sheet.append(entry)
    return sheet
