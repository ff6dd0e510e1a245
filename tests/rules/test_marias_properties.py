"""Property tests of the Mariáš engine over random valid sheets (docs/rules/marias.md)."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import marias
from rules.errors import RulesError

from .strategies_marias import marias_sheets


@settings(deadline=None)
@given(marias_sheets())
def test_random_valid_sheets_settle_every_deal_to_zero(doc: dict[str, Any]) -> None:
    assert rules.problems(doc) == []
    sheet = rules.load(doc)
    assert rules.dump(sheet) == {**doc, "edition": rules.EDITION}  # dump names the edition
    scored = rules.score(sheet)
    n = len(doc["players"])
    assert len(scored.rows) == len(doc["entries"])
    balance = [0] * n
    for row in scored.rows:
        # every ledger sums to zero and is exactly the row's deltas
        assert sum(row.deltas) == 0
        assert list(row.deltas) == marias.net(row.ledger, n)
        assert all(p.amount > 0 and p.payer != p.payee for p in row.ledger)
        for s, amount in enumerate(row.deltas):
            balance[s] += amount
        assert list(row.totals) == balance
    # score agrees with the sum of the ledgers; Mariáš never ends by points
    assert list(scored.totals) == balance
    assert scored.outcome is None
    # replay is deterministic
    assert rules.score(rules.load(rules.dump(sheet))).to_json() == scored.to_json()


@settings(deadline=None)
@given(marias_sheets())
def test_final_result_rounds_the_money_and_settling_up_squares_it(doc: dict[str, Any]) -> None:
    sheet = rules.load(doc)
    scored = rules.score(sheet)
    result = marias.final_result(scored, sheet.rules)
    assert [r.money for r in result] == list(scored.totals)
    assert all(abs(r.money - 100 * r.crowns) <= 50 for r in result)
    balance = list(scored.totals)
    transfers = marias.settle_up(balance)
    for t in transfers:
        assert t.amount > 0
        balance[t.payer] += t.amount
        balance[t.payee] -= t.amount
    assert balance == [0] * len(balance)
    assert len(transfers) <= max(0, sum(1 for x in scored.totals if x) - 1)


# Corruptions that make an entry invalid whatever the sheet around it.
CORRUPTIONS: tuple[tuple[str, Any], ...] = (
    ("type", "bogus"),
    ("zzz", 1),
    ("declarer", 7),
    ("declarer", "Anna"),
    ("seat", -1),
    ("card_points", 95),
    ("card_points", 55),
    ("card_points", "sixty"),
    ("fleks", {"game": 9}),
    ("fleks", {"hra": 1}),
    ("fleks", [1]),
    ("kind", 13),
    ("kind", 0),
    ("game", "solo"),
    ("trump", "clubs"),
    ("announced", ["ten"]),
    ("marriages", {"declarer": ["spades"]}),
    ("marriages", ["hearts"]),
    ("first_flek_by", 9),
    ("played_out", "yes"),
)


@settings(deadline=None)
@given(marias_sheets(max_entries=10), st.data())
def test_a_corrupt_entry_is_reported_naming_it(doc: dict[str, Any], data: st.DataObject) -> None:
    if not doc["entries"]:
        return
    index = data.draw(st.integers(0, len(doc["entries"]) - 1))
    key, value = data.draw(st.sampled_from(CORRUPTIONS))
    bad = copy.deepcopy(doc)
    bad["entries"][index][key] = value
    found = rules.problems(bad)
    assert any(p.entry == index for p in found)
    assert all(isinstance(p, RulesError) and str(p).startswith("entry ") for p in found)


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=5)
    | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=6,
)
FIELDS = ("type", "declarer", "sitting_out", "game", "trump", "announced", "card_points",
          "marriages", "seven", "silent_seven", "result", "fleks", "first_flek_by", "seat",
          "kind", "played_out")


@settings(deadline=None)
@given(marias_sheets(max_entries=8), st.data())
def test_junk_in_any_field_gives_problems_never_a_traceback(
    doc: dict[str, Any], data: st.DataObject
) -> None:
    if not doc["entries"]:
        return
    index = data.draw(st.integers(0, len(doc["entries"]) - 1))
    bad = copy.deepcopy(doc)
    bad["entries"][index][data.draw(st.sampled_from(FIELDS))] = data.draw(JUNK)
    found = rules.problems(bad)  # must not raise
    assert all(isinstance(p, RulesError) and p.entry is not None for p in found)
    if not found:
        scored = rules.score(rules.load(bad))
        assert all(sum(r.deltas) == 0 for r in scored.rows)
