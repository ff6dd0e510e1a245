"""Renonc (the 12 kinds of seed 004) and misdeals (docs/rules/marias.md#renonc, #misdeal).

The deal under most renonc tests: three players, Anna deals, Bohouš (seat 1) wins hra in acorns
at flek (20 x 2 = 40 from each defender), first flek by Cyril.  Its row: [-40, +80, -40].

These sheets play the first rules edition (every sheet stored before the corrections of
test_marias_seed.py), so they also check that such sheets keep their totals.
"""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules import marias
from rules.engine import Row, Scored

from .strategies_marias import marias_doc

DEAL = {"type": "deal", "declarer": 1, "game": "suit", "trump": "acorns", "announced": [],
        "card_points": 60, "fleks": {"game": 1}, "first_flek_by": 2}


def renonc(seat: int, kind: int, played_out: bool = False) -> dict[str, Any]:
    return {"type": "renonc", "seat": seat, "kind": kind, "played_out": played_out}


def play(*entries: dict[str, Any], players: int = 3,
         options: dict[str, Any] | None = None) -> Scored:
    doc = marias_doc(list(entries), players=players, options=options, edition=1)
    assert rules.problems(doc) == []
    return rules.score(rules.load(doc))


def problems(*entries: dict[str, Any], players: int = 3,
             options: dict[str, Any] | None = None) -> list[str]:
    return [str(p) for p in rules.problems(marias_doc(list(entries), players=players,
                                                      options=options, edition=1))]


def last(*entries: dict[str, Any], **kw: Any) -> Row:
    return play(*entries, **kw).rows[-1]


# Renonc row deltas worked out by hand:
# - a defender (Cyril) offends: the deal's lines are cancelled (+40 to Anna and Cyril, -80 to
#   Bohouš), Cyril pays Bohouš for the whole defence (40 x 2 = 80) and 2 Kč to each other:
#   Anna +40 +200 = +240, Bohouš -80 +80 +200 = +200, Cyril +40 -80 -400 = -440;
# - the declarer (Bohouš) offends: cancelled (-80 / +40 / +40), he loses hra at flek (40 to
#   each) and pays the fee to each: Anna +40 +40 +200 = +280, Bohouš -80 -80 -400 = -560;
# - kind 8 costs only the fee; kind 12 costs 10 Kč to each.
DEFENDER_LOSES = (240, 200, -440)
DECLARER_LOSES = (280, -560, 280)
KINDS = [
    (1, 2, DEFENDER_LOSES),
    (2, 2, DEFENDER_LOSES),
    (3, 2, DEFENDER_LOSES),
    (4, 2, DEFENDER_LOSES),
    (5, 2, DEFENDER_LOSES),
    (6, 2, DEFENDER_LOSES),
    (7, 1, DECLARER_LOSES),
    (8, 2, (200, 200, -400)),
    (9, 1, DECLARER_LOSES),
    (10, 2, DEFENDER_LOSES),
    (11, 1, DECLARER_LOSES),
    (12, 1, (40 + 40 + 1000, -80 - 80 - 2000, 40 + 40 + 1000)),
]


@pytest.mark.parametrize(("kind", "seat", "deltas"), KINDS, ids=[f"kind_{k[0]}" for k in KINDS])
def test_renonc_kind_costs_its_fee_and_decides_the_deal(kind: int, seat: int,
                                                        deltas: tuple[int, ...]) -> None:
    row = last(DEAL, renonc(seat, kind))
    assert row.deltas == deltas
    assert row.entry == 1
    assert row.kind == "renonc"
    assert "renonc" in row.marks[seat]
    assert sum(p.amount for p in row.ledger if p.what == "renonc_fee") == (
        2000 if kind == 12 else 400)


def test_renonc_by_the_declarer_in_play_also_loses_the_deal() -> None:
    assert last(DEAL, renonc(1, 1)).deltas == DECLARER_LOSES


def test_renonc_row_cancels_the_deal_lines_and_writes_the_loss() -> None:
    row = last(DEAL, renonc(2, 1))
    lines = sorted((p.payer, p.payee, p.amount, p.what, p.level) for p in row.ledger)
    assert lines == [
        (1, 0, 40, "void:hra", 1),
        (1, 2, 40, "void:hra", 1),
        (2, 0, 200, "renonc_fee", 0),
        (2, 1, 80, "hra", 1),
        (2, 1, 200, "renonc_fee", 0),
    ]
    assert list(play(DEAL, renonc(2, 1)).totals) == [200, 280, -480]


def test_renonc_7_is_paid_only_up_to_re() -> None:
    # hra at tutti: 20 x 8 = 160 each; renonc 7 by the declarer loses it at re: 80 each
    deal = dict(DEAL, fleks={"game": 3})
    row = last(deal, renonc(1, 7))
    assert row.deltas == (160 + 80 + 200, -320 - 160 - 400, 160 + 80 + 200)


def test_renonc_defender_pays_for_the_whole_defence_with_the_pauzirak() -> None:
    # four players, Anna deals and sits out: three payers; Cyril pays Bohouš 3 x 40
    row = last(DEAL, renonc(2, 3), players=4)
    assert row.deltas == (40 + 200, -120 + 120 + 200, 40 - 120 - 600, 40 + 200)


def test_renonc_by_the_pauzirak_loses_for_the_defence() -> None:
    # the pauzírák Anna signals (6): she pays Bohouš for the three payers and the fee to all
    row = last(DEAL, renonc(0, 6), players=4)
    assert row.deltas == (40 - 120 - 600, -120 + 120 + 200, 40 + 200, 40 + 200)


def test_renonc_fee_is_paid_to_the_pauzirak_too() -> None:
    row = last(DEAL, renonc(2, 8), players=4)
    assert row.deltas == (200, 200, -600, 200)


def test_renonc_pauzirak_cannot_commit_a_renonc_of_play() -> None:
    found = problems(DEAL, renonc(0, 1), players=4)
    assert found == ["entry 1: Renonc 1 (did not follow suit) is committed by a player "
                     "of the deal, and Anna is the pauzírák of that deal"]


def test_renonc_of_the_talon_is_the_declarers() -> None:
    assert problems(DEAL, renonc(2, 12)) == [
        "entry 1: Renonc 12 (an ace or a ten in the talon) is committed by the declarer, "
        "and Cyril is a defender of that deal"]
    assert problems(DEAL, renonc(1, 10))[0].startswith("entry 1: Renonc 10")


def test_renonc_12_is_not_a_renonc_in_betl_or_durch() -> None:
    betl = {"type": "deal", "declarer": 1, "game": "betl", "result": "won"}
    assert problems(betl, renonc(1, 12)) == [
        "entry 1: An ace or a ten may lie in the talon in betl; renonc 12 is for suit "
        "games"]


def test_renonc_played_out_costs_only_the_fee() -> None:
    row = last(DEAL, renonc(2, 1, played_out=True))
    assert row.deltas == (200, 200, -400)
    assert not any(p.what.startswith("void:") for p in row.ledger)


def test_renonc_after_the_deal_was_decided_costs_only_the_fee() -> None:
    scored = play(DEAL, renonc(2, 1), renonc(1, 5))
    assert scored.rows[2].deltas == (200, -400, 200)
    assert scored.rows[2].notes[1].code == "renonc_decided"


def test_renonc_by_the_declarer_follows_the_flek_liability() -> None:
    # tournament liability: the declarer loses hra at flek; Cyril, the first flek-giver, gets
    # the doubling for both payers (20 x 1 x 2 = 40), Anna only her base 20
    scored = play(DEAL, renonc(1, 9), options={"flek_liability": "fleking_player"})
    assert scored.rows[0].deltas == (-20, 80, -60)
    assert scored.rows[1].deltas == (20 + 20 + 200, -80 - 80 - 400, 60 + 60 + 200)


def test_renonc_cancels_silent_seven_and_silent_hundred() -> None:
    # hra with a silent hundred (40 each) and a silent seven (20 each): renonc by Cyril;
    # he pays Bohouš the plain hra for both (20 x 2)
    deal = dict(DEAL, fleks={}, first_flek_by=None, marriages={"declarer": ["acorns"]},
                silent_seven="declarer")
    scored = play(deal, renonc(2, 2))
    assert scored.rows[0].deltas == (-60, 120, -60)
    assert list(scored.totals) == [0 + 200, 40 + 200, -40 - 400]


def test_renonc_withdraws_the_premium_points_of_the_deal() -> None:
    opts = {"premium_points": {"betl": 60}}
    betl = {"type": "deal", "declarer": 1, "game": "betl", "result": "won"}
    scored = play(betl, renonc(1, 4), options=opts)
    assert "premium" in scored.rows[0].marks[1]
    sheet = rules.load(marias_doc([betl, renonc(1, 4)], options=opts))
    assert [r.premium for r in marias.final_result(scored, sheet.rules)] == [0, 0, 0]


def test_renonc_refers_to_a_deal_that_exists() -> None:
    assert problems(renonc(1, 1)) == [
        "entry 0: a renonc refers to the deal right before it, and there is none (a misdeal in "
        "between ends the time to claim it)"]


def test_renonc_after_a_misdeal_has_no_deal_to_refer_to() -> None:
    found = problems(DEAL, {"type": "misdeal"}, renonc(2, 1))
    assert len(found) == 1
    assert found[0].startswith("entry 2: a renonc refers to the deal right before it")


def test_renonc_after_an_invalid_deal_is_refused_too() -> None:
    bad = dict(DEAL, card_points=55)
    found = problems(DEAL, bad, renonc(2, 1))
    assert [f.split(":")[0] for f in found] == ["entry 1", "entry 2"]
    assert "entry 1 before it is not valid" in found[1]


def test_renonc_kind_must_be_one_of_the_twelve() -> None:
    assert problems(DEAL, renonc(2, 13)) == ["entry 1: kind must be at most 12, not 13"]


# ------------------------------------------------------------------ misdeals


def test_misdeal_the_first_per_player_is_free() -> None:
    row = last({"type": "misdeal", "seat": 0})
    assert row.deltas == (0, 0, 0)
    assert row.marks[0] == ("misdeal", "free")


def test_misdeal_fee_from_the_second_on_to_every_other_player() -> None:
    scored = play({"type": "misdeal"}, {"type": "misdeal"}, {"type": "misdeal"}, players=4)
    assert [r.deltas for r in scored.rows] == [
        (0, 0, 0, 0), (-600, 200, 200, 200), (-600, 200, 200, 200)]
    assert list(scored.totals) == [-1200, 400, 400, 400]


def test_misdeal_fee_follows_the_option() -> None:
    scored = play({"type": "misdeal"}, {"type": "misdeal"}, options={"misdeal_fee": 500})
    assert list(scored.totals) == [-1000, 500, 500]


def test_misdeal_free_one_is_counted_per_player() -> None:
    # Anna misdeals, then deals; Bohouš misdeals: both free; Bohouš again: 2 Kč to each
    deal = {"type": "deal", "declarer": 2, "game": "betl", "result": "won"}
    scored = play({"type": "misdeal"}, deal, {"type": "misdeal", "seat": 1},
                  {"type": "misdeal", "seat": 1})
    assert [r.deltas for r in scored.rows][2:] == [(0, 0, 0), (200, -400, 200)]


def test_misdeal_the_same_dealer_deals_again() -> None:
    deal = {"type": "deal", "declarer": 1, "game": "betl", "result": "won"}
    scored = play({"type": "misdeal"}, deal, {"type": "misdeal"}, deal)
    assert [r.dealer for r in scored.rows] == [0, 0, 1, 1]


def test_misdeal_is_the_dealers() -> None:
    assert problems({"type": "misdeal", "seat": 2}) == [
        "entry 0: Anna deals now, so only Anna can misdeal, not Cyril"]
