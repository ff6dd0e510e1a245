"""A replay reads and writes the usual Mariáš deal in one step (rules/marias.py
``MariasGame.fast_path``: ``_direct_deal``, whose rows write their marks, ledger and notes when
first read); every other entry goes the general way (``parse_deal``, ``MariasGame.deal``).  Both
must write exactly the same sheet: rows, deltas, totals, marks, ledgers, notes (code, params and
text), the bookkeeping a renonc and the premium points read, and the same problems for a wrong
entry (docs/rules/marias.md#payment)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules import marias
from rules.bench import generated_sheet
from rules.engine import _replay

from .strategies_marias import marias_doc, marias_options, marias_sheets

EXAMPLES = 400

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 120), st.sampled_from((
        "hearts", "won", "lost", "suit", "betl", "durch", "declarer", "defence", "x", 1.0, [],
        ["seven"], ["hundred", "seven"], ["seven", "seven"], ["ten"], [[1]], {},
        {"declarer": ["hearts"]}, {"defence": ["bells", "bells"]}, {"declarer": "hearts"},
        {"game": 1}, {"game": 5}, {"game": 6}, {"seven": 2}, {"game": [1]}, {"game": [1, 0, 2]},
        {"game": [0, 1]}, {"game": [2, 0, 1, 0, 2]}, {"betl": 1}, {"hundred_against": 1},
        {"game": True}, {"x": 1}, {"game": (1,)})),
)
# values a table could well write in each field, right or wrong for the deal they land in
PLAUSIBLE: dict[str, st.SearchStrategy[Any]] = {
    "declarer": st.integers(0, 3),
    "sitting_out": st.integers(0, 3),
    "game": st.sampled_from(("suit", "betl", "durch")),
    "trump": st.sampled_from(("hearts", "bells", "leaves", "acorns")),
    "announced": st.sampled_from(([], ["seven"], ["hundred"], ["hundred", "seven"])),
    "against": st.sampled_from(([], ["seven"], ["hundred"], ["seven", "hundred"])),
    # the last trick's 10 points are checked at 0, 10, 80 and 90
    "card_points": st.sampled_from((0, 10, 80, 90)) | st.integers(0, 9).map(lambda x: x * 10),
    "marriages": st.fixed_dictionaries({}, optional={
        "declarer": st.lists(st.sampled_from(("hearts", "bells", "leaves")), unique=True),
        "defence": st.lists(st.sampled_from(("bells", "leaves", "acorns")), unique=True)}),
    "seven": st.sampled_from(("won", "lost")),
    "seven_against": st.sampled_from(("won", "lost")),
    "silent_seven": st.sampled_from(("declarer", "defence")),
    "result": st.sampled_from(("won", "lost")),
    "fleks": st.dictionaries(st.sampled_from(("game", "seven", "betl", "durch",
                                              "seven_against", "hundred_against")),
                             st.integers(0, 5), max_size=2),
    "first_flek_by": st.integers(0, 3) | st.dictionaries(
        st.sampled_from(("game", "seven", "betl")), st.integers(0, 3), max_size=2),
    "flek_by": st.dictionaries(st.sampled_from(("game", "seven", "betl", "durch")),
                               st.lists(st.integers(0, 3), max_size=5), max_size=2),
}
FIELDS = ("declarer", "sitting_out", "game", "trump", "announced", "card_points", "marriages",
          "seven", "silent_seven", "result", "fleks", "first_flek_by", "against",
          "seven_against", "flek_by", "type", "bogus")


@st.composite
def loose_deal(draw: st.DrawFn, n: int) -> dict[str, Any]:
    """A deal whose every field is drawn on its own from what a table could write: often
    valid, often wrong in one small way (a seven against the card points, a flek-giver on the
    wrong side, a flek beyond the table) -- where a direct path could wrongly accept a deal."""
    seat = st.integers(0, n - 1)
    game = draw(st.sampled_from(("suit", "suit", "suit", "betl", "durch")))
    entry: dict[str, Any] = {"type": "deal", "declarer": draw(seat), "game": game}
    maybe = st.booleans().map(lambda x: not x) | st.just(False)  # mostly the right way
    suit = game == "suit"
    if draw(st.booleans()) and n == 4:
        entry["sitting_out"] = draw(seat)
    if suit != draw(maybe):
        entry["trump"] = draw(PLAUSIBLE["trump"])
    if suit != draw(maybe):
        entry["card_points"] = draw(PLAUSIBLE["card_points"])
    if suit and draw(st.booleans()) or draw(maybe):
        entry["announced"] = draw(PLAUSIBLE["announced"])
    if draw(maybe):
        entry["against"] = draw(PLAUSIBLE["against"])
    if suit and draw(st.booleans()) or draw(maybe):
        entry["marriages"] = draw(PLAUSIBLE["marriages"])
    for key in ("seven", "silent_seven", "seven_against"):
        if draw(st.booleans()):
            entry[key] = draw(PLAUSIBLE[key])
    if (not suit) != draw(maybe):
        entry["result"] = draw(PLAUSIBLE["result"])
    comps = ["game", "seven"] if suit else [game]
    fleks: dict[str, int] = draw(st.dictionaries(st.sampled_from(comps), st.integers(0, 5),
                                                 max_size=2))
    written = bool(fleks) or draw(st.booleans())
    if written:
        entry["fleks"] = fleks
    style = draw(st.sampled_from(("none", "first", "list", "list")))
    if style == "first":
        entry["first_flek_by"] = draw(seat)
    elif style == "list":
        entry["flek_by"] = {c: draw(st.lists(seat, min_size=level, max_size=level)
                                    | st.lists(seat, max_size=5))
                            for c, level in fleks.items() if level}
    return entry


@st.composite
def loose_sheets(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.sampled_from((3, 4)))
    entries = draw(st.lists(loose_deal(n) | st.just({"type": "misdeal"}), max_size=8))
    return marias_doc(entries, players=n, options=draw(marias_options()),
                      first_dealer=draw(st.integers(0, n - 1)),
                      edition=draw(st.sampled_from((None, 1, 2, 3))))


@contextmanager
def general_path_only() -> Iterator[None]:
    """Every deal read by parse_deal and settled by MariasGame.deal: the one-step path
    (MariasGame.fast_path) declines every entry."""
    with mock.patch.object(marias, "_quick_deal", lambda raw, n: None), \
            mock.patch.object(marias, "_direct_deal", lambda table, state, index, raw: None):
        yield


def everything(doc: dict[str, Any]) -> Any:
    """All a replay shows and keeps, with every problem it finds (the replay goes on past a
    wrong entry, as the sheet's problems do)."""
    try:
        sheet = rules.load(copy.deepcopy(doc))
    except rules.RulesError as exc:
        return ("sheet", exc.code, exc.params, str(exc))
    found: list[rules.RulesError] = []
    scored = _replay(sheet, found)
    state = scored.state
    assert isinstance(state, marias.MariasState)
    rows = [(row, row.to_json(), [(n.code, n.params, n.text) for n in row.notes])
            for row in scored.rows]
    return (rows, state.totals, state.dealer, state.deals, state.misdeals, state.wins,
            state.minus, state.last, state.applied,
            [(p.entry, p.code, p.params, str(p), type(p)) for p in found])


def assert_same_both_ways(doc: dict[str, Any]) -> None:
    direct = everything(doc)
    with general_path_only():
        general = everything(doc)
    assert direct == general


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(marias_sheets(), st.sampled_from((None, 1, 2, 3)))
def test_the_direct_path_writes_what_the_general_settlement_writes(
        doc: dict[str, Any], edition: int | None) -> None:
    if edition is not None:
        doc["edition"] = edition  # the earlier editions' defaults: each pays his own fleks ...
    assert_same_both_ways(doc)


@settings(max_examples=EXAMPLES * 2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(marias_sheets(max_entries=8), st.data())
def test_a_changed_field_gives_the_same_row_or_problem_on_either_path(
        doc: dict[str, Any], data: st.DataObject) -> None:
    """A valid sheet with a field or two of its deals written otherwise, as a table could."""
    for entry in doc["entries"]:
        if entry["type"] == "deal" and data.draw(st.booleans()):
            key = data.draw(st.sampled_from(sorted(PLAUSIBLE)))
            entry[key] = data.draw(PLAUSIBLE[key])
    assert_same_both_ways(doc)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(marias_sheets(max_entries=8), st.data())
def test_junk_in_a_field_gives_the_same_problem_on_either_path(
        doc: dict[str, Any], data: st.DataObject) -> None:
    if not doc["entries"]:
        return
    index = data.draw(st.integers(0, len(doc["entries"]) - 1))
    doc["entries"][index][data.draw(st.sampled_from(FIELDS))] = data.draw(JUNK)
    assert_same_both_ways(doc)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(loose_sheets())
def test_a_deal_written_any_which_way_is_judged_the_same_on_either_path(
        doc: dict[str, Any]) -> None:
    assert_same_both_ways(doc)


@settings(max_examples=EXAMPLES // 2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(marias_sheets(max_entries=8), st.data())
def test_a_renonc_that_stopped_a_deal_is_the_same_on_either_path(
        doc: dict[str, Any], data: st.DataObject) -> None:
    """A renonc entry that carries the stopped deal's announcement (marias.md#stopped-deal)."""
    deals = [i for i, e in enumerate(doc["entries"]) if e["type"] == "deal"]
    if not deals:
        return
    index = data.draw(st.sampled_from(deals))
    deal = {k: v for k, v in doc["entries"][index].items() if k in marias.STOPPED_DEAL_KEYS}
    doc["entries"][index] = {"type": "renonc", "seat": data.draw(st.integers(0, 3)),
                             "kind": data.draw(st.integers(1, 12)), "deal": deal}
    assert_same_both_ways(doc)


@pytest.mark.parametrize(("options", "edition"), [
    ({}, 3), ({"payment_cap": 100}, 3), ({"premium_points": {"hra": 10, "betl": 50}}, 3),
    ({}, 1), ({"stake": 10, "pauzirak_pays": False}, 2)])
def test_the_usual_deal_goes_the_direct_way(options: dict[str, Any], edition: int) -> None:
    """The benchmark's sheet (suit games, betl and durch, fleked by one defender and the
    declarer's re) is written by the direct path, deal by deal, and equals the general one."""
    bench = generated_sheet("marias", 300)
    sheet = rules.Sheet(game="marias", ruleset="marias", edition=edition, options=options,
                        players=bench.players, entries=bench.entries)
    taken = []
    direct = marias._direct_deal

    def counting(*args: Any) -> Any:
        row = direct(*args)
        taken.append(row is not None)
        return row

    with mock.patch.object(marias, "_direct_deal", counting):
        scored = rules.score(sheet)
    assert len(taken) == 300 and all(taken)
    assert all(marias._quick_deal(raw, 3) == marias.parse_deal(raw, 3) for raw in sheet.entries)
    with general_path_only():
        general = rules.score(sheet.with_entries(sheet.entries))
    assert scored.rows == general.rows
    assert [[n.text for n in r.notes] for r in scored.rows] == [
        [n.text for n in r.notes] for r in general.rows]
    assert scored.state == general.state


SUIT = {"type": "deal", "declarer": 1, "game": "suit", "trump": "bells", "card_points": 50}
BETL = {"type": "deal", "declarer": 1, "game": "betl", "result": "won"}
# deals a direct path could take for usual ones, each wrong (or unusual) in one way
UNUSUAL_DEALS = {
    "the lost seven took the last trick without its 10 points": {
        **SUIT, "announced": ["seven"], "seven": "lost", "card_points": 90},
    "the won seven took the last trick without its 10 points": {
        **SUIT, "announced": ["seven"], "seven": "won", "card_points": 0},
    "the declarer's silent seven without the last trick": {
        **SUIT, "silent_seven": "declarer", "card_points": 0},
    "the defence's silent seven without the last trick": {
        **SUIT, "silent_seven": "defence", "card_points": 90},
    "a silent seven beside the announced one": {
        **SUIT, "announced": ["seven"], "seven": "won", "silent_seven": "declarer"},
    "an announced seven without its result": {**SUIT, "announced": ["seven"]},
    "a seven result without the announcement": {**SUIT, "seven": "won"},
    "one marriage on both sides": {
        **SUIT, "marriages": {"declarer": ["hearts"], "defence": ["leaves", "hearts"]}},
    "a suit game without trumps": {**SUIT, "trump": None},
    "a suit game without card points": {**SUIT, "card_points": None},
    "a suit game written as won": {**SUIT, "result": "won"},
    "a betl without its result": {**BETL, "result": None},
    "a betl with trumps": {**BETL, "trump": "hearts"},
    "a betl with card points": {**BETL, "card_points": 40},
    "a betl with marriages": {**BETL, "marriages": {"defence": ["bells"]}},
    "a betl with a seven": {**BETL, "seven": "won"},
    "a betl with a silent seven": {**BETL, "silent_seven": "defence"},
    "a betl with the seven announced": {**BETL, "announced": ["seven"]},
    "a flek on a component not played": {**SUIT, "fleks": {"seven": 1}, "flek_by": {
        "seven": [2]}},
    "a flek beyond the table's highest": {**SUIT, "fleks": {"game": 5}, "flek_by": {
        "game": [2]}},
    "more flek-givers than fleks": {**SUIT, "fleks": {"game": 1}, "flek_by": {"game": [2, 1]}},
    "the re given by a defender": {**SUIT, "fleks": {"game": 2}, "flek_by": {"game": [2, 0]}},
    "the flek given by the declarer": {**SUIT, "fleks": {"game": 1}, "flek_by": {"game": [1]}},
    "the first flek-giver is the declarer": {**SUIT, "fleks": {"game": 1}, "first_flek_by": 1},
    "a fleked game with no flek-giver": {**SUIT, "fleks": {"game": 1}},
    "the first flek-givers as a map": {**SUIT, "fleks": {"game": 1}, "first_flek_by": {
        "game": 2}},
    "no flek-giver listed for a component, the first one written": {
        **SUIT, "fleks": {"game": 1}, "flek_by": {"game": []}, "first_flek_by": 1},
    "both defenders flek": {**SUIT, "fleks": {"game": 3}, "flek_by": {"game": [2, 1, 0]}},
    "a seven against the declarer": {**SUIT, "against": ["seven"], "seven_against": "lost"},
    "a hundred against the declarer": {**SUIT, "against": ["hundred"], "card_points": 0},
    "a seven against result without the announcement": {**SUIT, "seven_against": "won"},
    "three players, one sitting out": {**SUIT, "sitting_out": 0},
}


@pytest.mark.parametrize("options", [{}, {"payment_cap": 100}, {"flek_liability": "each"},
                                     {"max_fleks": 2, "premium_points": {"hra": 10}}])
@pytest.mark.parametrize("edition", [1, 3])
@pytest.mark.parametrize("case", sorted(UNUSUAL_DEALS))
def test_an_unusual_or_wrong_deal_is_judged_the_same_on_either_path(
        case: str, edition: int, options: dict[str, Any]) -> None:
    entry = {k: v for k, v in UNUSUAL_DEALS[case].items() if v is not None}
    doc = marias_doc([entry, {**SUIT, "declarer": 2}], options=options, edition=edition)
    assert_same_both_ways(doc)


@pytest.mark.parametrize("entry", [
    {**SUIT, "declarer": 0, "sitting_out": 1},  # the dealer (seat 0) sits out, not seat 1
    {**SUIT, "declarer": 0},  # the pauzírák cannot declare
    {**SUIT, "fleks": {"game": 1}, "flek_by": {"game": [0]}},  # the pauzírák does not flek
    {**SUIT, "fleks": {"game": 1}, "flek_by": {"game": [2]}, "sitting_out": 0},
])
def test_the_pauzirak_is_judged_the_same_on_either_path(entry: dict[str, Any]) -> None:
    assert_same_both_ways(marias_doc([entry], players=4))


def test_a_copy_or_pickle_of_a_direct_row_is_the_general_row() -> None:
    """A row and record of the direct path write their marks, ledger and notes when first
    read; a copy or pickle of them (a saved state, the data a sheet keeps per revision) is the
    plain row and record the general path writes, every field written."""
    sheet = generated_sheet("marias", 60)
    scored = rules.score(sheet)
    with general_path_only():
        general = rules.score(sheet.with_entries(sheet.entries))
    assert all(type(row) is marias._WrittenRow for row in scored.rows)
    for kept in (pickle.loads(pickle.dumps(scored.rows)), copy.deepcopy(scored.rows)):
        assert all(type(row) is rules.Row for row in kept)
        assert list(kept) == list(general.rows) == list(scored.rows)
        assert [[n.text for n in row.notes] for row in kept] == [
            [n.text for n in row.notes] for row in general.rows]
    state = scored.state
    assert isinstance(state, marias.MariasState)
    assert type(state.last) is marias._WrittenRecord
    last = pickle.loads(pickle.dumps(state.last))
    assert type(last) is marias.DealRecord
    other = general.state
    assert isinstance(other, marias.MariasState) and other.last is not None
    assert last == state.last == other.last
    assert last.ledger and last.charges == other.last.charges
    # the saved state goes on as the replay does: a renonc on the last deal, then a deal
    renonc = {"type": "renonc", "seat": (last.declarer + 1) % 3, "kind": 1}
    after, rows = rules.advance(sheet, rules.saved(state), renonc)
    whole = rules.score(sheet.append(renonc))
    assert rows == whole.rows[-len(rows):] and after.totals == whole.state.totals
