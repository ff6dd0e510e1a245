"""A Mariáš deal entry is read at once when every field is plainly right, and by the field readers
otherwise (rules.marias.parse_deal): both readers give the same deal, and the quick one never
accepts what the field readers refuse."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import marias
from rules.errors import RulesError

from .strategies_marias import deal_entry, marias_options
from .test_marias_properties import JUNK

FIELDS = ("declarer", "sitting_out", "game", "trump", "announced", "card_points", "marriages",
          "seven", "silent_seven", "result", "fleks", "first_flek_by", "against",
          "seven_against", "flek_by", "surprise")


@st.composite
def entries(draw: st.DrawFn) -> tuple[dict[str, Any], int]:
    n = draw(st.sampled_from((3, 4)))
    entry = draw(deal_entry(n, draw(st.integers(0, n - 1)), draw(marias_options())))
    return entry, n


@given(entries())
def test_a_valid_deal_is_read_at_once_as_the_field_readers_read_it(
        drawn: tuple[dict[str, Any], int]) -> None:
    entry, n = drawn
    quick = marias._plain_deal(entry, n)
    careful = marias._read_deal(entry, n)
    if isinstance(entry.get("first_flek_by"), dict):
        assert quick is None  # a first flek-giver per component goes to the field readers
    else:
        assert quick == careful
        assert quick.__dict__ == careful.__dict__  # every field, none more
    assert marias.parse_deal(entry, n) == careful


@given(entries(), st.sampled_from(FIELDS), JUNK | st.sampled_from(
    (True, False, 1.0, 10.5, -1, 4, ["seven", "seven"], ["hearts", "hearts"], ("seven",),
     {"declarer": ("hearts",)}, {"game": True}, {"game": [0, True]}, {"game": 6})))
def test_junk_in_a_field_is_never_read_at_once_when_the_field_readers_refuse_it(
        drawn: tuple[dict[str, Any], int], key: str, junk: Any) -> None:
    entry, n = drawn
    bad = copy.deepcopy(entry)
    bad[key] = junk
    quick = marias._plain_deal(bad, n) if bad.keys() <= marias._DEAL_KEYSET else None
    refused: RulesError | None = None
    try:
        careful = marias._read_deal(bad, n)
    except RulesError as exc:
        refused = exc
    if refused is None:
        assert quick is None or quick == careful
        assert marias.parse_deal(bad, n) == careful
        return
    assert quick is None
    with pytest.raises(RulesError) as again:
        marias.parse_deal(bad, n)
    assert (again.value.code, again.value.params) == (refused.code, refused.params)


@pytest.mark.parametrize(("key", "value", "field"), [
    ("declarer", True, "declarer"),  # a boolean is no seat, though True == 1
    ("card_points", 40.0, "card_points"),  # nor a float card points, though 40.0 == 40
    ("card_points", False, "card_points"),
    ("announced", ("seven",), "announced"),  # a list, not a tuple
    ("marriages", {"declarer": ["hearts", "hearts"]}, "marriages.declarer"),
    ("fleks", {"game": True}, "fleks.game"),
])
def test_a_value_equal_to_a_plain_one_is_still_refused(key: str, value: Any, field: str) -> None:
    entry: dict[str, Any] = {"type": "deal", "declarer": 1, "game": "suit", "trump": "bells",
                             "card_points": 40, "fleks": {"game": 0}}
    entry[key] = value
    assert marias._plain_deal(entry, 3) is None
    with pytest.raises(RulesError) as refused:
        marias.parse_deal(entry, 3)
    assert refused.value.params["field"] == field
