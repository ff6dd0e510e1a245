"""Hypothesis strategies for valid Binokel sheets.

Options are drawn from the table's house rules; every entry is built from what a hand can really
show (the meld calculator) and a split of the deal's trick points, so every sheet is valid by
construction.  Drawing stops at the entry that ends the game.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import rules
from rules.binokel import BinokelOptions, Melds, Suit, score_melds
from rules.binokel_melds import MELD_KEYS, can_meld

NAMES = ("Anna", "Bea", "Cem")


@st.composite
def binokel_options(draw: st.DrawFn) -> dict[str, Any]:
    """A table's overrides of the ``binokel`` preset (RULES.md §3)."""
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["scale"] = 10
    if draw(st.booleans()):
        options["fail_multiplier"] = 2
    if draw(st.booleans()):
        options["keep_trump_nines"] = True
    if draw(st.booleans()):
        options["keep_meld_min_points"] = draw(st.integers(0, 4))
    if draw(st.integers(0, 3)) == 0:
        options["declarer_needs_trump_pair"] = True
    if draw(st.integers(0, 3)) == 0:
        options["all_pass"] = "first_must_bid"
    if draw(st.integers(0, 3)) == 0:
        options["redeal_five_nines"] = False
    if draw(st.integers(0, 3)) == 0:
        options["concede"] = False
    if draw(st.integers(0, 3)) == 0:
        options["dapp"] = False
    if draw(st.booleans()):
        options["target"] = draw(st.sampled_from((60, 100, 150)))
    return options


@st.composite
def melds(
    draw: st.DrawFn, o: BinokelOptions, *, declarer: bool, nines_left: int
) -> tuple[Melds, int]:
    """What one player shows, and its points under ``o``."""
    needs_pair = declarer and o.declarer_needs_trump_pair
    counts = {
        "pair": draw(st.integers(0, 2)),
        "trump_pair": draw(st.integers(1 if needs_pair else 0, 1)),
        "family": draw(st.integers(0, 1)),
        "trump_family": draw(st.integers(0, 1)),
        "binokel": draw(st.integers(0, 1)),
        "four_aces": draw(st.integers(0, 1)),
        "four_kings": draw(st.integers(0, 1)),
        "four_obers": draw(st.integers(0, 1)),
        "four_unters": draw(st.integers(0, 1)),
        "diss": draw(st.integers(0, min(2, nines_left))),
    }
    if not counts["binokel"] and draw(st.integers(0, 5)) == 0:
        counts["double_binokel"] = 1
    hand = o.hand_size(declarer=declarer)
    # Drop melds from the end of the list until one hand can hold the rest.
    for key in reversed(MELD_KEYS):
        shown = Melds(**counts)
        if can_meld(shown, hand_size=hand, needs_trump_pair=needs_pair):
            break
        if key != "trump_pair" or not needs_pair:
            counts[key] = 0
    shown = Melds(**counts)
    return shown, score_melds(o, shown, declarer=declarer)


@st.composite
def trick_points(draw: st.DrawFn, o: BinokelOptions) -> list[int]:
    """A split of the deal's trick points over the three seats."""
    whole = o.deal_points
    a = draw(st.integers(0, whole))
    b = draw(st.integers(0, whole - a))
    split = [a, b, whole - a - b]
    order = draw(st.permutations(range(3)))
    return [split[i] * o.scale for i in order]


@st.composite
def binokel_sheets(draw: st.DrawFn, max_entries: int = 15) -> rules.Sheet:
    options = draw(binokel_options())
    sheet = rules.Sheet(
        game="binokel",
        ruleset="binokel",
        edition=draw(st.sampled_from(rules.EDITIONS)),
        options=options,
        players=NAMES,
        first_dealer=draw(st.integers(0, 2)),
    )
    o: BinokelOptions = sheet.rules
    kinds = ["deal", "deal", "deal", "redeal"] + (["concession"] if o.concede else [])
    reasons = ["misdeal"]
    if o.redeal_five_nines:
        reasons.append("five_nines")
    if o.all_pass == "redeal":
        reasons.append("all_pass")
    for _ in range(draw(st.integers(1, max_entries))):
        kind = draw(st.sampled_from(kinds))
        entry: dict[str, Any]
        if kind == "redeal":
            entry = {"type": "redeal", "reason": draw(st.sampled_from(reasons))}
        else:
            declarer = draw(st.integers(0, 2))
            top = min(o.max_bid // o.scale, o.opening_bid + 25)
            bid = draw(st.integers(o.opening_bid, top)) * o.scale
            shown: list[Melds] = []
            points: list[int] = []
            for seat in range(3):
                left = 2 - sum(m.diss for m in shown)
                m, p = draw(melds(o, declarer=seat == declarer, nines_left=left))
                shown.append(m)
                points.append(p)
            entry = {"type": kind, "declarer": declarer, "bid": bid, "melds": points}
            if kind == "deal":
                entry["trump"] = draw(st.sampled_from([s.value for s in Suit]))
                entry["points"] = draw(trick_points(o))
                if any(m.diss for m in shown) and draw(st.booleans()):
                    entry["trump_nines"] = [m.diss for m in shown]
        sheet = sheet.append(entry)
        if rules.score(sheet).outcome is not None:
            break
    return sheet
