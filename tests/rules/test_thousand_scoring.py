"""The arithmetic of one Thousand deal and the options that change it (RULES.md 1)."""

from __future__ import annotations

import pytest

import rules
from tests.rules.thousand_helpers import custom, deal, problem, sheet, totals

# first_dealer 0: deal 0 is dealt by Anna (0) and Boris (1) sits on the hundred.


def test_made_contract_scores_plus_contract_and_defenders_their_points() -> None:
    s = sheet("ru", [deal(1, 100, [20, 80, 20], [[], ["diamonds"], []])])
    assert totals(s) == [20, 100, 20]
    assert rules.score(s).rows[0].marks == ((), ("made",), ())


def test_one_point_short_fails_the_contract() -> None:
    s = sheet("ru", [deal(1, 100, [10, 99, 11])])
    assert totals(s) == [10, -100, 10]
    assert "failed" in rules.score(s).rows[0].marks[1]


def test_only_the_declarers_raw_sum_is_compared_not_rounded() -> None:
    # 98 would round to 100 for a defender; the declarer's 98 < 100 fails.
    s = sheet("ru", [deal(1, 100, [11, 98, 11])])
    assert totals(s)[1] == -100


@pytest.mark.parametrize(
    ("rounding", "expected"),
    [("nearest_5", [40, -100, 45]), ("tens_half_up", [40, -100, 40]), ("none", [42, -100, 43])],
)
def test_rounding_of_defender_points(rounding: str, expected: list[int]) -> None:
    s = sheet("ru", [deal(1, 100, [42, 35, 43])], rounding=rounding)
    assert totals(s) == expected


def test_tens_half_up_rounds_35_up_and_34_down() -> None:
    s = sheet("tisic", [deal(1, 60, [34, 51, 35])])
    assert totals(s) == [30, -60, 40]


def test_defender_marriage_is_added_before_rounding() -> None:
    s = sheet("ru", [deal(1, 100, [22, 80, 18], [["spades"], ["hearts"], []])])
    # Anna 22 + 40 = 62 -> 60; Vera 18 -> 20
    assert totals(s) == [60, 100, 20]


def test_marriage_values_option_changes_what_a_marriage_is_worth() -> None:
    entries = [deal(1, 110, [60, 0, 60], [[], ["hearts"], []])]
    assert totals(sheet("ru", entries))[1] == -110  # 0 + 100 < 110
    raised = sheet("ru", entries, marriages={"hearts": 120})
    assert totals(raised)[1] == 110


def test_czech_marriage_order_clubs_are_worth_100() -> None:
    s = sheet("tisic", [deal(1, 100, [60, 0, 60], [[], ["clubs"], []])])
    assert totals(s)[1] == 100
    s = sheet("tisic", [deal(1, 100, [60, 0, 60], [[], ["hearts"], []])])
    assert totals(s)[1] == -100  # hearts are 40 in Tisíc


def test_ace_marriage_off_rejects_declared_aces() -> None:
    s = sheet("ru", [deal(1, 200, [20, 40, 60], [[], ["aces"], []])])
    assert problem(s).params["field"] == "marriages"


def test_ace_marriage_200_counts_for_the_declarer() -> None:
    s = sheet("ru", [deal(1, 200, [20, 40, 60], [[], ["aces"], []])], ace_marriage=200)
    assert totals(s) == [20, 200, 60]


def test_dark_contract_counts_double_when_made() -> None:
    s = sheet("ru", [custom(1, 250), deal(1, 120, [0, 120, 0], dark=True)])
    assert totals(s) == [0, 490, 0]
    assert rules.score(s).rows[1].marks[1] == ("made", "dark", "bolt")[:2]


def test_dark_contract_counts_double_when_failed() -> None:
    s = sheet("ru", [custom(1, 250), deal(1, 120, [60, 40, 20], dark=True)])
    assert totals(s) == [60, 10, 20]


def test_dark_off_rejects_a_dark_contract() -> None:
    s = sheet("ru", [custom(1, 250), deal(1, 120, [0, 120, 0], dark=True)], dark=False)
    assert problem(s).code == "dark_off"


def test_dark_needs_a_total_above_240() -> None:
    s = sheet("ru", [custom(1, 240), deal(1, 120, [0, 120, 0], dark=True)])
    assert problem(s).code == "dark_total"


def test_dark_min_total_option_lowers_the_condition() -> None:
    s = sheet("ru", [custom(1, 50), deal(1, 120, [0, 120, 0], dark=True)], dark_min_total=0)
    assert totals(s) == [0, 290, 0]


def test_dark_only_for_the_seat_on_the_hundred() -> None:
    s = sheet("ru", [custom(2, 250), deal(2, 120, [0, 0, 120], dark=True)])
    assert problem(s).code == "dark_seat"


def test_dark_seat_any_lets_another_seat_play_dark() -> None:
    s = sheet("ru", [custom(2, 250), deal(2, 120, [0, 0, 120], dark=True)], dark_seat="any")
    assert totals(s) == [0, 0, 490]


def test_dark_min_contract_rejects_a_lower_dark_contract() -> None:
    s = sheet("ru", [custom(1, 250), deal(1, 110, [0, 120, 0], dark=True)])
    assert problem(s).code == "contract_low"
    s = sheet("ru", [custom(1, 250), deal(1, 110, [0, 120, 0], dark=True)],
              dark_min_contract=100)
    assert totals(s) == [0, 470, 0]


def test_blind_in_one_thousand_any_seat_from_100_double() -> None:
    s = sheet("one-thousand", [deal(2, 100, [10, 5, 105], dark=True)])
    assert totals(s) == [10, 5, 200]


def test_one_thousand_defenders_are_not_rounded() -> None:
    s = sheet("one-thousand", [deal(0, 100, [101, 7, 12])])
    assert totals(s) == [100, 7, 12]


def test_over_120_without_marriage_is_warned_not_rejected() -> None:
    s = sheet("ru", [deal(1, 125, [0, 120, 0])])
    assert totals(s) == [0, -125, 0]
    assert "warning" in rules.score(s).rows[0].marks[1]


def test_over_120_needs_marriage_off_gives_no_warning() -> None:
    s = sheet("ru", [deal(1, 125, [0, 120, 0])], over_120_needs_marriage=False)
    assert "warning" not in rules.score(s).rows[0].marks[1]


def test_concession_declarer_loses_contract_defenders_write_60() -> None:
    s = sheet("ru", [{"type": "concession", "declarer": 1, "contract": 110}])
    assert totals(s) == [60, -110, 60]
    assert rules.score(s).rows[0].marks[1] == ("conceded",)


@pytest.mark.parametrize(("value", "credit"), [(40, 40), (60, 60), ("half_contract", 55)])
def test_concession_defender_points_option(value: object, credit: int) -> None:
    s = sheet("ru", [{"type": "concession", "declarer": 1, "contract": 110}],
              concession_defender_points=value)
    assert totals(s) == [credit, -110, credit]


def test_tisic_has_no_concession() -> None:
    s = sheet("tisic", [{"type": "concession", "declarer": 1, "contract": 60}])
    assert problem(s).code == "no_concession"


def test_concession_option_off_rejects_concession() -> None:
    s = sheet("ru", [{"type": "concession", "declarer": 1, "contract": 100}], concession=False)
    assert problem(s).code == "no_concession"
