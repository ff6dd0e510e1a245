"""Properties of Binokel over random valid sheets (Hypothesis, RULES.md §3)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules.binokel import BinokelOptions
from tests.rules.strategies_binokel import binokel_sheets

FAST = settings(max_examples=settings().max_examples // 7, deadline=None)  # whole sheets


@FAST
@given(binokel_sheets())
def test_replay_is_deterministic(sheet: rules.Sheet) -> None:
    assert rules.score(sheet).to_json() == rules.score(sheet).to_json()


@FAST
@given(binokel_sheets())
def test_check_accepts_what_score_scores(sheet: rules.Sheet) -> None:
    scored = rules.score(sheet)
    assert rules.problems(rules.dump(sheet)) == []
    assert len(scored.rows) == len(sheet.entries)


@FAST
@given(binokel_sheets())
def test_trick_points_of_every_deal_add_up_to_the_deal_total(sheet: rules.Sheet) -> None:
    o: BinokelOptions = sheet.rules
    for entry in sheet.entries:
        if entry["type"] == "deal":
            assert sum(entry["points"]) == 25 * o.scale


@FAST
@given(binokel_sheets())
def test_each_seat_writes_melds_kept_plus_tricks_or_the_lost_bid(sheet: rules.Sheet) -> None:
    o: BinokelOptions = sheet.rules
    diss = o.melds["diss"] * o.scale
    for row, entry in zip(rules.score(sheet).rows, sheet.entries, strict=True):
        if entry["type"] == "redeal":
            assert row.deltas == (0, 0, 0)
            continue
        for seat in range(3):
            marks, delta = row.marks[seat], row.deltas[seat]
            if entry["type"] == "concession":
                bonus = o.concede_bonus * o.scale
                want = -entry["bid"] if seat == entry["declarer"] else entry["melds"][seat] + bonus
                assert delta == want
            elif "failed" in marks:
                assert delta == -entry["bid"] * o.fail_multiplier
            else:
                nines = entry.get("trump_nines", [0, 0, 0])[seat]
                kept = entry["melds"][seat]
                if "melds_lost" in marks:
                    kept = nines * diss if "nines_kept" in marks else 0
                assert delta == kept + entry["points"][seat]
                if seat == entry["declarer"]:
                    assert delta >= entry["bid"]


@FAST
@given(binokel_sheets())
def test_running_totals_are_the_sum_of_the_deltas(sheet: rules.Sheet) -> None:
    scored = rules.score(sheet)
    running = [0, 0, 0]
    for row in scored.rows:
        running = [a + b for a, b in zip(running, row.deltas, strict=True)]
        assert list(row.totals) == running
    assert list(scored.totals) == running


@FAST
@given(binokel_sheets())
def test_dealer_moves_one_seat_per_entry_and_rounds_end_every_third(sheet: rules.Sheet) -> None:
    # the direction of the preset as of the sheet's edition (seed 002: the previous column)
    step = -1 if sheet.rules.deal_passes == "previous" else 1
    assert step == (1 if sheet.edition == 1 else -1)
    for i, row in enumerate(rules.score(sheet).rows):
        assert row.dealer == (sheet.first_dealer + step * i) % 3
        assert row.round_end == ((i + 1) % 3 == 0)


@FAST
@given(binokel_sheets())
def test_the_game_ends_only_at_the_target(sheet: rules.Sheet) -> None:
    o: BinokelOptions = sheet.rules
    scored = rules.score(sheet)
    if scored.outcome is None:
        return
    assert scored.totals[scored.outcome.winner] >= o.target * o.scale


@FAST
@given(binokel_sheets())
def test_dump_load_round_trips(sheet: rules.Sheet) -> None:
    doc = rules.dump(sheet)
    again = json.loads(json.dumps(doc))
    assert rules.dump(rules.load(again)) == doc
    assert rules.load(again) == sheet


def _corruptions(entry: dict[str, Any], scale: int) -> dict[str, Any]:
    """Every corruption that makes ``entry`` invalid, by name -> the corrupted entry."""
    out: dict[str, Any] = {
        "bad_type": {**entry, "type": "bomb"},
        "unknown_field": {**entry, "colour": "red"},
        "nested_value": {**entry, sorted(k for k in entry if k != "type")[0]: {"x": [1]}},
    }
    if entry["type"] == "redeal":
        out["bad_reason"] = {**entry, "reason": "tired"}
        out["no_reason"] = {"type": "redeal"}
        return out
    out["declarer_out_of_range"] = {**entry, "declarer": 3}
    out["bid_below_opening"] = {**entry, "bid": entry["bid"] - 50 * scale}
    out["bid_as_text"] = {**entry, "bid": "eighteen"}
    out["meld_negative"] = {**entry, "melds": [-scale, *entry["melds"][1:]]}
    out["melds_too_short"] = {**entry, "melds": entry["melds"][:2]}
    out["melds_beyond_a_hand"] = {**entry, "melds": [500 * scale, *entry["melds"][1:]]}
    out["no_declarer"] = {k: v for k, v in entry.items() if k != "declarer"}
    if entry["type"] == "deal":
        out["points_off"] = {**entry, "points": [entry["points"][0] + scale, *entry["points"][1:]]}
        out["bad_trump"] = {**entry, "trump": "bells"}
        out["three_trump_nines"] = {**entry, "trump_nines": [2, 1, 0]}
    return out


@FAST
@given(binokel_sheets(max_entries=10), st.data())
def test_corrupted_entries_are_rejected_with_a_problem_naming_the_entry(
    sheet: rules.Sheet, data: st.DataObject
) -> None:
    if not sheet.entries:
        return
    o: BinokelOptions = sheet.rules
    index = data.draw(st.integers(0, len(sheet.entries) - 1))
    doc = rules.dump(sheet)
    choices = _corruptions(doc["entries"][index], o.scale)
    how = data.draw(st.sampled_from(sorted(choices)))
    doc["entries"][index] = choices[how]
    found = rules.problems(doc)
    assert found, f"{how} at entry {index} was not noticed"
    assert all(isinstance(p, rules.RulesError) for p in found)
    assert found[0].entry == index
    with pytest.raises(rules.RulesError) as refused:  # score() refuses it too
        rules.score(rules.load(doc))
    assert refused.value.entry == index


@FAST
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=8), inner, max_size=3),
        max_leaves=12,
    )
)
def test_any_json_entry_is_answered_with_problems_never_a_traceback(junk: Any) -> None:
    doc = {
        "format": "scoresheet/1",
        "game": "binokel",
        "ruleset": "binokel",
        "options": {},
        "players": ["A", "B", "C"],
        "first_dealer": 0,
        "entries": [junk],
    }
    found = rules.problems(doc)
    assert found and all(isinstance(p, rules.RulesError) for p in found)
