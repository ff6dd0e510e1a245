"""A renonc that stopped the deal being played (docs/rules/marias.md#stopped-deal).

Seed 004 IV.1: "Strana, která udělala uznaný renonc (vyjma C8), okamžikem uznání při všech
sehrávkách prohrála, netrvá-li protistrana na dohrávce." -- the deal is decided the moment the
renonc is acknowledged, so a renonc entry may carry the deal's announcement (``deal``) instead of
following a deal written with a card result.  IV.4: "Hráč, který se dopustil renoncu, po kterém
nenásleduje dohrávka, platí základní sazbu hry + paušál." -- the game and the fee.

The deal: three players, Anna deals, Bohouš (seat 1) declares hra in acorns, fleked once by Cyril
(hra 20 x 2 = 40 per defender).  Worked by hand (edition 1, renonc_fee 2 Kč):
- Cyril (a defender) did not follow suit (kind 1): he pays Bohouš for the whole defence, 40 x 2 =
  80, and 2 Kč to each other player: Anna +200, Bohouš +80 +200 = +280, Cyril -80 -400 = -480;
- Bohouš (the declarer) has a wrong talon (kind 7): he loses hra at flek to each defender, 40
  each, and pays 2 Kč to each: Anna +240, Bohouš -80 -400 = -480, Cyril +240.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import rules

from .strategies_marias import (
    DECLARER_KINDS,
    DEFENDER_KINDS,
    PAUZIRAK_KINDS,
    deal_entry,
    marias_doc,
    marias_options,
)

ANNOUNCEMENT = {"declarer": 1, "game": "suit", "trump": "acorns", "announced": [],
                "fleks": {"game": 1}, "first_flek_by": 2}
# what the result fields of a played deal are (a stopped deal has none of them)
RESULT_KEYS = ("card_points", "marriages", "seven", "silent_seven", "result", "seven_against")


def stopped(seat: int, kind: int, deal: dict[str, Any] | None = None,
            **extra: Any) -> dict[str, Any]:
    return {"type": "renonc", "seat": seat, "kind": kind, "deal": deal or ANNOUNCEMENT, **extra}


def scored(*entries: dict[str, Any], players: int = 3, **kw: Any) -> rules.Scored:
    doc = marias_doc(list(entries), players=players, edition=1, **kw)
    assert rules.problems(doc) == []
    return rules.score(rules.load(doc))


def problems(*entries: dict[str, Any], players: int = 3) -> list[str]:
    return [str(p) for p in rules.problems(marias_doc(list(entries), players=players,
                                                      edition=1))]


def test_seed_iv_1_a_defender_who_stops_the_deal_pays_the_declarer_for_the_defence() -> None:
    row = scored(stopped(2, 1)).rows[-1]
    assert row.deltas == (200, 280, -480)
    assert row.kind == "renonc"
    assert row.contract == "hra; renonc 1"
    assert "renonc" in row.marks[2] and "won" in row.marks[1]
    assert not any(p.what.startswith("void:") for p in row.ledger)  # nothing played to cancel


def test_seed_iv_4_a_declarer_who_stops_the_deal_pays_the_game_and_the_fee() -> None:
    row = scored(stopped(1, 7)).rows[-1]
    assert row.deltas == (240, -480, 240)
    assert "lost" in row.marks[1]
    fees = [p for p in row.ledger if p.what == "renonc_fee"]
    assert [(p.payer, p.payee, p.amount) for p in fees] == [(1, 0, 200), (1, 2, 200)]


def test_a_stopped_deal_is_a_deal_of_the_round_the_dealer_moves_on() -> None:
    after = scored(stopped(2, 1))
    assert after.dealer == 1
    assert after.rows[-1].dealer == 0
    # three deals make the round: the third, stopped, is underlined like a played one
    deal = {"type": "deal", "declarer": 0, "game": "betl", "result": "won"}
    three = scored(deal, {**deal, "declarer": 2}, stopped(0, 1, {"declarer": 1, "game": "durch"}))
    assert three.rows[-1].round_end


def test_a_renonc_after_a_stopped_deal_costs_only_its_fee() -> None:
    """Seed 004 IV.1: the deal was already lost at the first renonc."""
    row = scored(stopped(2, 1), {"type": "renonc", "seat": 1, "kind": 3}).rows[-1]
    assert row.deltas == (200, -400, 200)
    assert [n.code for n in row.notes][:2] == ["renonc", "renonc_decided"]


def test_played_out_needs_the_result_seed_iv_3() -> None:
    """IV.3: a play-out is paid "as if there was no renonc": the result is needed."""
    assert problems(stopped(2, 1, played_out=True)) == [
        "entry 0: The deal was played out, so its result counts: write the deal with its card "
        "points or result first, then the renonc"]


def test_renonc_8_does_not_stop_the_deal_seed_iv_1_except_c8() -> None:
    assert problems(stopped(2, 8)) == [
        "entry 0: Renonc 8 (broke the order of approving and fleking) does not decide the deal, "
        "which is played on: write the deal with its card points or result first, then the "
        "renonc"]


@pytest.mark.parametrize("key", RESULT_KEYS)
def test_a_stopped_deal_has_no_card_result(key: str) -> None:
    value: Any = {"card_points": 40, "marriages": {"declarer": [], "defence": []}}.get(key, "won")
    found = problems(stopped(2, 1, {**ANNOUNCEMENT, key: value}))
    assert len(found) == 1 and f"leave out {key}" in found[0]


def test_the_announcement_is_verified_like_a_deal() -> None:
    assert problems(stopped(2, 1, {**ANNOUNCEMENT, "trump": None})) == [
        "entry 0: A suit game names its trumps"]
    # with four players the dealer (Anna) sits out: she cannot declare
    assert "pauzírák" in problems(stopped(2, 1, {**ANNOUNCEMENT, "declarer": 0}), players=4)[0]
    # the offender is checked against the stopped deal: renonc 10 is not the declarer's
    assert "Renonc 10" in problems(stopped(1, 10))[0]


def test_renonc_12_stops_only_a_suit_game() -> None:
    assert "renonc 12 is for suit games" in problems(
        stopped(1, 12, {"declarer": 1, "game": "betl"}))[0]


def test_a_renonc_without_a_deal_still_refers_to_the_deal_before() -> None:
    """Documents written before stay as they were: ``deal`` is optional."""
    deal = {"type": "deal", **ANNOUNCEMENT, "card_points": 60}
    row = scored(deal, {"type": "renonc", "seat": 2, "kind": 1}).rows[-1]
    assert row.contract == "renonc 1"
    assert row.deltas == (240, 200, -440)  # the played hra cancelled, then as above


# --------------------------------------------------------------------------- the property


def announcement_of(deal: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in deal.items() if k != "type" and k not in RESULT_KEYS}


@st.composite
def stopped_sheets(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """A few played deals, then a deal with a made-up result and a deciding renonc on it (not
    played out); and the same sheet with that deal stopped by the renonc instead."""
    n = draw(st.sampled_from((3, 4)))
    options = draw(marias_options())
    first = draw(st.integers(0, n - 1))
    dealer = first
    entries: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 3))):
        entries.append(draw(deal_entry(n, dealer, options)))
        dealer = (dealer + 1) % n
    deal = draw(deal_entry(n, dealer, options))  # its result: any the table could make up
    out = dealer if n == 4 else None
    seat = draw(st.sampled_from(range(n)))
    kinds = (DECLARER_KINDS if seat == deal["declarer"] else
             PAUZIRAK_KINDS if seat == out else DEFENDER_KINDS)
    kinds = tuple(k for k in kinds if k != 8 and (k != 12 or deal["game"] == "suit"))
    kind = draw(st.sampled_from(kinds))
    pair = [*entries, deal, {"type": "renonc", "seat": seat, "kind": kind, "played_out": False}]
    alone = [*entries,
             {"type": "renonc", "seat": seat, "kind": kind, "deal": announcement_of(deal)}]
    edition = draw(st.sampled_from((1, None)))
    return (marias_doc(pair, players=n, options=options, first_dealer=first, edition=edition),
            marias_doc(alone, players=n, options=options, first_dealer=first, edition=edition))


@settings(max_examples=settings().max_examples * 3 // 2, deadline=None)
@given(stopped_sheets())
def test_a_stopped_deal_settles_as_any_result_and_its_renonc(
        docs: tuple[dict[str, Any], dict[str, Any]]) -> None:
    """Seed 004 IV.1: the renonc decides the deal whatever the cards would have said."""
    pair_doc, alone_doc = docs
    assume(rules.problems(pair_doc) == [])  # drawn for the latest edition; edition 1 may refuse
    assert rules.problems(alone_doc) == []
    pair, alone = rules.score(rules.load(pair_doc)), rules.score(rules.load(alone_doc))
    assert alone.totals == pair.totals
    assert alone.dealer == pair.dealer
    # the premium the deal's made-up result would earn is withdrawn by the renonc
    assert [{k: v for k, v in w.items() if v} for w in pair.state.wins] == (  # type: ignore
        alone.state.wins)  # type: ignore[attr-defined]
    row = alone.rows[-1]
    assert sum(row.deltas) == 0
    assert sum(p.amount for p in row.ledger if p.payer == 0) - sum(
        p.amount for p in row.ledger if p.payee == 0) == -row.deltas[0]
    assert row.round_end == pair.rows[-2].round_end


def test_python_m_rules_check_and_score_read_a_stopped_deal(tmp_path: Any,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    import json

    from rules.cli import main

    good = tmp_path / "good.json"
    good.write_text(json.dumps(marias_doc([stopped(2, 1)], edition=1)))
    assert main(["check", str(good)]) == 0
    capsys.readouterr()
    assert main(["score", str(good)]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == [200, 280, -480]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(marias_doc([stopped(2, 1, {**ANNOUNCEMENT, "card_points": 60})],
                                         edition=1)))
    assert main(["check", str(bad)]) == 1
    assert "A renonc stopped this deal, so it has no result: leave out card_points" in (
        capsys.readouterr().err)
