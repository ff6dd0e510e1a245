"""The final result of a Mariáš evening: whole crowns, premium points, settling up
(docs/rules/marias.md#premium, #final-result)."""

from __future__ import annotations

import doctest
from typing import Any

import pytest

import rules
from rules import marias

from .strategies_marias import marias_doc

BETL_WON = {"type": "deal", "declarer": 1, "game": "betl", "result": "won"}
SEDMA_RED_WON = {"type": "deal", "declarer": 2, "game": "suit", "trump": "hearts",
                 "announced": ["seven"], "card_points": 60, "seven": "won"}


def scored_sheet(*entries: dict[str, Any], options: dict[str, Any] | None = None,
                 players: int = 3) -> tuple[rules.Scored, rules.Sheet]:
    sheet = rules.load(marias_doc(list(entries), options=options, players=players))
    return rules.score(sheet), sheet


def test_final_result_rounds_money_to_whole_crowns_half_away_from_zero() -> None:
    # hra ♥ a sedma ♥ won by Cyril: 40 + 80 = 120 from each -> Cyril +2.40 Kč; then Bohouš
    # wins hra: Anna -1.20 - 0.20 = -1.40, Bohouš -1.20 + 0.40 = -0.80, Cyril 2.40 - 0.20 = 2.20
    hra = {"type": "deal", "declarer": 1, "game": "suit", "trump": "acorns", "announced": [],
           "card_points": 60}
    scored, sheet = scored_sheet(SEDMA_RED_WON, hra)
    result = marias.final_result(scored, sheet.rules)
    assert [(r.money, r.crowns) for r in result] == [(-140, -1), (-80, -1), (220, 2)]
    assert [r.total for r in result] == [-1, -1, 2]


@pytest.mark.parametrize(("haler", "crowns"), [(0, 0), (49, 0), (50, 1), (149, 1), (150, 2),
                                               (-50, -1), (-49, 0), (-250, -3)])
def test_final_result_crowns(haler: int, crowns: int) -> None:
    assert marias.round_crowns(haler) == crowns


def test_premium_points_are_empty_by_default() -> None:
    scored, sheet = scored_sheet(BETL_WON, SEDMA_RED_WON)
    assert sheet.rules.premium_points == {}
    assert [r.premium for r in marias.final_result(scored, sheet.rules)] == [0, 0, 0]
    assert all("premium" not in m for row in scored.rows for m in row.marks)


def test_premium_points_from_the_sheet_options() -> None:
    scored, sheet = scored_sheet(BETL_WON, SEDMA_RED_WON, BETL_WON,
                                 options={"premium_points": {"betl": 30, "sedma_red": 20}})
    result = marias.final_result(scored, sheet.rules)
    # Bohouš: two betls, 60 points; 2 x (3.00 from each of two) - 1.20 to Cyril = 10.80 Kč
    # -> 11 Kč; Cyril 20 points
    assert [r.premium for r in result] == [0, 60, 20]
    assert (result[1].crowns, result[1].total) == (11, 11 + 60)
    assert "premium" in scored.rows[0].marks[1]


def test_premium_points_filled_in_at_the_end() -> None:
    scored, sheet = scored_sheet(BETL_WON, SEDMA_RED_WON, BETL_WON)
    assert marias.premium_tally(scored) == [{}, {"betl": 2}, {"hra_red": 1, "sedma_red": 1}]
    table = rules.with_overrides(sheet.rules, {"premium_points": {"betl": 25, "hra_red": 1}})
    assert [r.premium for r in marias.final_result(scored, table)] == [0, 50, 1]


def test_premium_needs_the_announced_component_won() -> None:
    lost_seven = dict(SEDMA_RED_WON, seven="lost")
    scored, _ = scored_sheet(lost_seven)
    assert marias.premium_tally(scored) == [{}, {}, {"hra_red": 1}]


def test_deals_worth_fifty_premium_points_are_flagged() -> None:
    scored, _ = scored_sheet(BETL_WON, options={"premium_points": {"betl": 50}})
    assert scored.rows[0].marks[1] == ("won", "premium", "flagged")
    assert scored.rows[0].notes[-1].code == "premium_flag"
    scored, _ = scored_sheet(BETL_WON, options={"premium_points": {"betl": 49}})
    assert "flagged" not in scored.rows[0].marks[1]


def test_settle_up_squares_the_money_in_fewest_transfers() -> None:
    # two pairs cancel each other: two transfers, not three
    transfers = marias.settle_up([500, -300, 300, -500])
    assert sorted((t.payer, t.payee, t.amount) for t in transfers) == [(1, 2, 300), (3, 0, 500)]


def test_settle_up_one_winner_is_paid_by_everybody() -> None:
    transfers = marias.settle_up([-100, 450, -150, -200])
    assert sorted((t.payer, t.payee, t.amount) for t in transfers) == [
        (0, 1, 100), (2, 1, 150), (3, 1, 200)]


def test_settle_up_nothing_to_do_when_square() -> None:
    assert marias.settle_up([0, 0, 0]) == []


def test_settle_up_refuses_money_that_does_not_add_up() -> None:
    with pytest.raises(ValueError, match="add up to 10"):
        marias.settle_up([10, 0, 0])


def test_renonc_kinds_as_data_for_the_form() -> None:
    kinds = marias.renonc_kinds()
    assert [k.number for k in kinds] == list(range(1, 13))
    assert [k.number for k in kinds if k.talon_fee] == [12]
    assert [k.number for k in kinds if not k.decides] == [8]


def test_entry_kinds_of_the_sheet() -> None:
    game = rules.game_of("marias")
    assert game.entry_kinds == ("deal", "renonc", "misdeal")
    assert {s.name for s in rules.specs(rules.preset("marias"))} == {
        "max_fleks", "payment_cap", "stake", "pauzirak_pays", "flek_liability",
        "flek_giver_receives", "joined_cap", "flek_over_table", "defence_silent_hundred",
        "last_trick_check", "hundred_counts", "misdeal_fee", "renonc_fee", "renonc_talon_fee",
        "tariff", "premium_points", "premium_defence", "premium_flek_giver", "premium_flek_minus",
        "must_follow", "must_beat", "must_trump", "must_overtrump", "beat_when_trumped"}


FIRST_EDITION = {
    "max_fleks": 4, "payment_cap": 0, "stake": 20, "pauzirak_pays": True,
    "flek_liability": "each", "flek_giver_receives": True, "joined_cap": 15000,
    "flek_over_table": False, "defence_silent_hundred": False, "last_trick_check": False,
    "hundred_counts": "trump_marriage", "misdeal_fee": 200, "renonc_fee": 200,
    "renonc_talon_fee": 1000,
    "tariff": {"hra": 20, "sedma": 40, "sto": 80, "betl": 300, "durch": 600},
    "premium_points": {}, "premium_defence": False, "premium_flek_giver": False,
    "premium_flek_minus": False, "must_follow": True, "must_beat": True, "must_trump": True,
    "must_overtrump": True, "beat_when_trumped": False}


def test_preset_defaults_are_those_of_the_rules() -> None:
    """RULES.md section 2: the tournament preset plays rule II.15 (flek_liability
    fleking_player, and its minus points), a flek beyond the table, the defence's silent hundred,
    the last-trick check of a seven and the premium points of seed 004's scoring paragraph."""
    assert rules.as_json(rules.preset("marias")) == {
        **FIRST_EDITION, "flek_liability": "fleking_player", "flek_giver_receives": False,
        "flek_over_table": True, "defence_silent_hundred": True, "last_trick_check": True,
        "premium_defence": True, "premium_flek_giver": True, "premium_flek_minus": True}


def test_first_edition_defaults_are_those_every_stored_sheet_was_scored_under() -> None:
    assert rules.as_json(rules.preset("marias", 1)) == FIRST_EDITION


def test_doctests_of_the_public_helpers() -> None:
    result = doctest.testmod(marias)
    assert result.attempted >= 5
    assert result.failed == 0
