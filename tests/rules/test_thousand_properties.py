"""Properties of every Thousand preset over random valid sheets (Hypothesis)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from tests.rules.strategies_thousand import thousand_sheets

FAST = settings(max_examples=settings().max_examples // 4, deadline=None)  # whole sheets


@FAST
@given(thousand_sheets())
def test_replay_is_deterministic(sheet: rules.Sheet) -> None:
    assert rules.score(sheet).to_json() == rules.score(sheet).to_json()


@FAST
@given(thousand_sheets())
def test_check_accepts_what_score_scores(sheet: rules.Sheet) -> None:
    assert rules.problems(rules.dump(sheet)) == []


@FAST
@given(thousand_sheets())
def test_running_totals_are_the_sum_of_the_deltas(sheet: rules.Sheet) -> None:
    scored = rules.score(sheet)
    running = [0] * sheet.n
    for row in scored.rows:
        running = [a + b for a, b in zip(running, row.deltas, strict=True)]
        assert list(row.totals) == running
    assert list(scored.totals) == running


@FAST
@given(thousand_sheets())
def test_card_points_of_every_deal_add_up_to_120(sheet: rules.Sheet) -> None:
    for entry in sheet.entries:
        if entry["type"] == "deal":
            assert sum(entry["points"]) == 120


@FAST
@given(thousand_sheets())
def test_dump_load_round_trips(sheet: rules.Sheet) -> None:
    doc = rules.dump(sheet)
    again = json.loads(json.dumps(doc))
    assert rules.dump(rules.load(again)) == doc
    assert rules.load(again) == sheet


def _corrupt(doc: dict[str, Any], index: int, how: str) -> dict[str, Any]:
    entry = doc["entries"][index]
    if how == "points_off" and entry["type"] == "deal":
        entry["points"][0] += 1
    elif how == "drop_key":
        entry.pop(sorted(k for k in entry if k != "type")[0], None) if len(entry) > 1 else None
        entry["type"] = entry.get("type", "deal")
        if len(entry) == 1:
            entry["type"] = "nonsense"
    elif how == "wrong_type":
        key = sorted(entry)[0]
        entry[key] = {"nested": [1, 2]}
    else:
        entry["type"] = "nonsense"
    return doc


@FAST
@given(thousand_sheets(max_entries=15), st.data())
def test_corrupted_entries_are_rejected_with_a_problem_naming_the_entry(
    sheet: rules.Sheet, data: st.DataObject
) -> None:
    if not sheet.entries:
        return
    index = data.draw(st.integers(0, len(sheet.entries) - 1))
    how = data.draw(st.sampled_from(["points_off", "drop_key", "wrong_type", "bad_type"]))
    doc = _corrupt(rules.dump(sheet), index, how)
    found = rules.problems(doc)
    if how == "points_off" and sheet.entries[index]["type"] != "deal":
        return
    if how == "drop_key" and sheet.entries[index]["type"] == "redeal":
        return  # dropping nothing but "reason" is caught too, checked below
    assert found, f"{how} at entry {index} was not noticed"
    assert all(isinstance(p, rules.RulesError) for p in found)
    assert found[0].entry == index


@FAST
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=12))
def test_any_json_is_answered_with_problems_never_a_traceback(junk: Any) -> None:
    doc = {"format": "scoresheet/1", "game": "thousand", "ruleset": "ru", "options": {},
           "players": ["A", "B", "C"], "first_dealer": 0, "entries": [junk]}
    found = rules.problems(doc)
    assert found and all(isinstance(p, rules.RulesError) for p in found)
    assert rules.problems(junk) != []


# The deal direction and the holder of the opening bid, written from RULES.md §1 (not from the
# engine's options): tisic of edition 2 passes the deal to the previous column and gives the
# obligation to the seat on the dealer's right (seed 000); every other preset and edition passes
# to the next column, and the seat after the dealer holds the opening bid (one-thousand: any seat).
PASSING = ("deal", "concession", "bomb", "marriages_in_hand")


def _czech_order(sheet: rules.Sheet) -> bool:
    return sheet.ruleset == "tisic" and sheet.edition >= 2


def _expected_dealers(sheet: rules.Sheet) -> list[int]:
    step = -1 if _czech_order(sheet) else 1
    same_after_redeal = sheet.ruleset in ("ru", "pl")
    dealer, out = sheet.first_dealer, []
    for entry in sheet.entries:
        out.append(dealer)
        kind = entry["type"]
        replayed = entry.get("reason") == "revoke" and sheet.edition >= 2
        moves = (
            kind in PASSING
            or (kind == "redeal" and not same_after_redeal and not replayed)
            or (kind == "penalty" and entry["reason"] == "revoke" and _czech_order(sheet))
        )
        if moves:
            dealer = (dealer + step) % sheet.n
    return out


@FAST
@given(thousand_sheets())
def test_the_deal_passes_in_the_presets_direction(sheet: rules.Sheet) -> None:
    scored = rules.score(sheet)
    expected = _expected_dealers(sheet)
    for index in range(len(sheet.entries)):
        assert scored.rows_of(index)[0].dealer == expected[index]


@FAST
@given(thousand_sheets())
def test_only_the_holder_of_the_opening_bid_plays_it(sheet: rules.Sheet) -> None:
    o = sheet.rules
    scored = rules.score(sheet)
    for index, entry in enumerate(sheet.entries):
        if entry["type"] != "deal" or entry["contract"] != o.opening_bid:
            continue
        dealer = scored.rows_of(index)[0].dealer
        assert dealer is not None
        if sheet.ruleset == "one-thousand":
            continue  # a random seat opens: anybody may play the opening bid
        holder = (dealer + (-1 if _czech_order(sheet) else 1)) % sheet.n
        assert entry["declarer"] == holder

