"""Validation of a Thousand deal: contracts, card points, marriages, seats (RULES.md 1)."""

from __future__ import annotations

import pytest

import rules
from tests.rules.thousand_helpers import custom, deal, problem, sheet, totals


def test_card_points_must_add_up_to_120() -> None:
    err = problem(sheet("ru", [deal(1, 100, [20, 80, 15])]))
    assert err.entry == 0
    assert str(err) == "entry 0: card points add up to 115, a deal has 120"


def test_negative_card_points_are_rejected() -> None:
    assert problem(sheet("ru", [deal(1, 100, [-5, 105, 20])])).params["field"] == "points"


def test_a_marriage_is_declared_once_per_deal() -> None:
    err = problem(sheet("ru", [deal(1, 100, [20, 80, 20], [["hearts"], ["hearts"], []])]))
    assert err.code == "marriage_twice"


def test_seat_on_the_hundred_may_play_the_opening_bid() -> None:
    assert totals(sheet("ru", [deal(1, 100, [10, 100, 10])])) == [10, 100, 10]


def test_another_seat_must_outbid_the_hundred() -> None:
    err = problem(sheet("ru", [deal(2, 100, [10, 10, 100])]))
    assert err.code == "contract_low"
    assert totals(sheet("ru", [deal(2, 105, [10, 5, 105])])) == [10, 5, 105]


@pytest.mark.parametrize(("opening", "ok"), [(100, False), (80, True)])
def test_opening_bid_option_sets_the_lowest_contract(opening: int, ok: bool) -> None:
    s = sheet("ru", [deal(1, 80, [10, 100, 10])], opening_bid=opening)
    assert (rules.problems(s) == []) is ok


def test_tisic_obligation_alias_raises_the_lowest_contract() -> None:
    # first dealer Anna: Vera, on her right (before her in playing order), has the obligation
    s = sheet("tisic", [deal(2, 60, [10, 10, 100])], obligation=100)
    assert problem(s).code == "contract_low"
    assert rules.problems(sheet("tisic", [deal(2, 50, [10, 10, 100])])) == []


@pytest.mark.parametrize(("step", "ok"), [(5, True), (10, False)])
def test_bid_step_option(step: int, ok: bool) -> None:
    s = sheet("ru", [deal(1, 105, [10, 100, 10])], bid_step=step)
    assert (rules.problems(s) == []) is ok


@pytest.mark.parametrize(("high", "ok"), [(300, False), (400, True)])
def test_max_contract_option(high: int, ok: bool) -> None:
    s = sheet("ru", [deal(1, 305, [0, 120, 0], [[], ["hearts", "diamonds"], []])],
              max_contract=high)
    assert (rules.problems(s) == []) is ok


def test_declarer_must_be_a_seat() -> None:
    assert problem(sheet("ru", [deal(3, 100, [10, 100, 10])])).params["field"] == "declarer"


def test_unknown_field_is_named() -> None:
    err = problem(sheet("ru", [{**deal(1, 100, [10, 100, 10]), "bonus": 5}]))
    assert "bonus" in err.message


def test_wrong_type_is_named() -> None:
    err = problem(sheet("ru", [{**deal(1, 100, [10, 100, 10]), "contract": "100"}]))
    assert err.params["field"] == "contract"


def test_unknown_entry_type_is_named() -> None:
    err = problem(sheet("ru", [{"type": "betl"}]))
    assert err.code == "bad_type"


def test_players_option_four_makes_the_dealer_sit_out() -> None:
    s = sheet("ru", [deal(1, 100, [0, 100, 10, 10])], players=4)
    scored = rules.score(s)
    assert scored.rows[0].sitting_out == 0
    assert list(scored.totals) == [0, 100, 10, 10]


def test_the_dealer_sitting_out_cannot_declare() -> None:
    s = sheet("ru", [deal(0, 100, [100, 0, 10, 10])], players=4)
    assert problem(s).code == "declarer_sitting_out"


def test_the_dealer_sitting_out_writes_no_points() -> None:
    s = sheet("ru", [deal(1, 100, [10, 100, 0, 10])], players=4)
    assert problem(s).code == "sitting_out_scores"


def test_three_players_option_has_no_one_sitting_out() -> None:
    assert rules.score(sheet("ru", [deal(1, 100, [10, 100, 10])])).rows[0].sitting_out is None


def test_tisic_is_played_by_exactly_three() -> None:
    with pytest.raises(rules.InvalidSheet):
        sheet("tisic", [], players=4)
    with pytest.raises(rules.InvalidSheet):
        sheet("tisic", [], players=3, players_=4)  # unknown option name


def test_unknown_option_and_bad_value_are_errors_not_replaced() -> None:
    with pytest.raises(rules.InvalidSheet, match="barrel_at"):
        sheet("ru", [], barrel_at=850)
    with pytest.raises(rules.InvalidSheet, match="unknown option"):
        sheet("tisic", [], barrel_at=880)  # Tisíc has no barrel


def test_entry_after_the_end_of_the_game_is_a_problem() -> None:
    s = sheet("ru", [custom(1, 780), deal(1, 100, [10, 100, 10]),
                     deal(1, 120, [0, 120, 0]), deal(2, 100, [10, 10, 100])])
    err = problem(s)
    assert err.entry == 3
    assert err.message == "game already finished"


def test_problems_reports_every_bad_entry_at_once() -> None:
    s = sheet("ru", [deal(1, 100, [20, 80, 15]), deal(1, 100, [10, 100, 10]),
                     deal(2, 101, [10, 10, 100])])
    assert [p.entry for p in rules.problems(s)] == [0, 2]


def test_options_that_do_not_go_together_are_refused_with_a_code() -> None:
    with pytest.raises(rules.InvalidSheet) as above:
        sheet("ru", [], barrel_at=900, target=900)
    assert above.value.code == "option_barrel_at"
    with pytest.raises(rules.InvalidSheet) as far:
        sheet("ru", [], target=1500)
    assert far.value.code == "option_target"
    assert far.value.params == {"option": "target", "gap": 620, "max": 300}
