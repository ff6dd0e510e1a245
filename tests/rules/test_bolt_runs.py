"""Three bolts in a row (rules edition 4): a deal that is not played out breaks the run.

Seed 001: "Или такое: три "болта" подряд -- штраф, как за нечестную игру." RULES.md 1.1,
``bolts_consecutive``: "a deal in which that seat scores anything resets its count — points
credited to it by another seat's concession count as scoring (it took no bolt that deal)".

Sheets of editions 1 to 3 keep the old count (a concession, a bomb or three marriages in hand
neither counted nor reset a run), so that they replay to the totals they showed.  Every total
below is worked out by hand in the comments, not copied from the engine.
"""

from __future__ import annotations

import pytest

import rules

from .thousand_helpers import deal, sheet, totals


def concession(declarer: int, contract: int) -> dict[str, object]:
    return {"type": "concession", "declarer": declarer, "contract": contract}


# Anna (seat 0): bolt, bolt, +60 by Boris's concession, bolt.  ru, first dealer Anna, the deal
# passes to the next column, the seat after the dealer sits on the hundred (100; others 105).
#   deal 1, dealer Anna: Boris 100 makes with 100: +100; Anna 0 cards: bolt 1; Vera 20.
#       totals 0, 100, 20
#   deal 2, dealer Boris: Vera 100 makes with 100: +100; Anna bolt 2; Boris 20.
#       totals 0, 120, 120
#   deal 3, dealer Vera (Anna on the hundred): Boris gives up 105: -105, Anna +60, Vera +60.
#       totals 60, 15, 180
#   deal 4, dealer Anna: Boris 100 makes with 110: +100; Anna bolt; Vera 10.
#       totals 60, 115, 190
# Edition 4: the concession was a deal in which Anna scored (+60), so her run started again and
# deal 4 is her first bolt of a new run: no penalty, 60.  Editions 1-3: deal 4 was her third bolt
# in a row: -120, so 60 - 120 = -60.
CONCEDED_BETWEEN = [
    deal(1, 100, [0, 100, 20]),
    deal(2, 100, [0, 20, 100]),
    concession(1, 105),
    deal(1, 100, [0, 110, 10]),
]


def test_points_credited_by_a_concession_break_a_run_of_bolts() -> None:
    scored = rules.score(sheet("ru", CONCEDED_BETWEEN))
    assert rules.EDITION == 4
    assert list(scored.totals) == [60, 115, 190]
    assert [r.kind for r in scored.rows if r.auto] == []
    assert "bolt" in scored.rows[-1].marks[0]  # deal 4 is still a bolt, the first of a run


@pytest.mark.parametrize("edition", [1, 2, 3])
def test_a_sheet_of_an_earlier_edition_keeps_counting_through_the_concession(
        edition: int) -> None:
    scored = rules.score(sheet("ru", CONCEDED_BETWEEN, edition=edition))
    assert list(scored.totals) == [-60, 115, 190]
    assert [(r.kind, r.deltas) for r in scored.rows if r.auto] == [("bolts", (-120, 0, 0))]


def test_the_table_may_set_the_old_count_on_a_new_sheet_and_the_new_on_an_old_one() -> None:
    assert totals(sheet("ru", CONCEDED_BETWEEN, unplayed_deal_breaks_bolts=False)) == [
        -60, 115, 190]
    assert totals(sheet("ru", CONCEDED_BETWEEN, edition=3, unplayed_deal_breaks_bolts=True)) == [
        60, 115, 190]


def test_bolts_counted_over_the_whole_game_are_not_reset_by_a_concession() -> None:
    """``bolts_consecutive`` false: "bolts count over the whole game" — the third bolt costs
    120 whatever came between: 60 - 120 = -60."""
    assert totals(sheet("ru", CONCEDED_BETWEEN, bolts_consecutive=False)) == [-60, 115, 190]


# The conceding declarer took no bolt in that deal either (the same as a failed contract, which
# resets the declarer's run): Anna bolt, bolt, Anna gives up 100, bolt.
#   deal 1, dealer Anna: Boris +100, Anna bolt 1, Vera 20             -> 0, 100, 20
#   deal 2, dealer Boris: Vera +100, Anna bolt 2, Boris 20            -> 0, 120, 120
#   deal 3, dealer Vera: Anna (on the hundred) gives up 100: -100, +60, +60 -> -100, 180, 180
#   deal 4, dealer Anna: Boris 100 makes with 110: +100, Anna bolt, Vera 10 -> -100, 280, 190
# Edition 4: Anna's run restarted at her concession: -100.  Edition 3: her third bolt: -220.
DECLARER_CONCEDED_BETWEEN = [
    deal(1, 100, [0, 100, 20]),
    deal(2, 100, [0, 20, 100]),
    concession(0, 100),
    deal(1, 100, [0, 110, 10]),
]


def test_the_conceding_declarer_starts_his_run_again_too() -> None:
    assert totals(sheet("ru", DECLARER_CONCEDED_BETWEEN)) == [-100, 280, 190]
    assert totals(sheet("ru", DECLARER_CONCEDED_BETWEEN, edition=3)) == [-220, 280, 190]


# pl counts no bolts by default (bolt_limit 0); a table that turns them on gets the same rule for
# a bomb, whose credits are the Polish concession's.  pl: steps of 10, rounding to tens.
#   deal 1, dealer Anna: Boris 100 makes with 100: +100, Anna bolt 1, Vera 20 -> 0, 100, 20
#   deal 2, dealer Boris: Vera +100, Anna bolt 2, Boris 20                    -> 0, 120, 120
#   deal 3, dealer Vera: Boris bombs: 0, Anna +60, Vera +60                   -> 60, 120, 180
#   deal 4, dealer Anna: Boris 100 makes with 110: +100, Anna bolt, Vera 10   -> 60, 220, 190
# Edition 4: no penalty (60); edition 3: the third bolt in a row, 60 - 120 = -60.
BOMB_BETWEEN = [
    deal(1, 100, [0, 100, 20]),
    deal(2, 100, [0, 20, 100]),
    {"type": "bomb", "declarer": 1},
    deal(1, 100, [0, 110, 10]),
]


def test_pl_with_bolts_a_bomb_breaks_the_run_as_a_concession_does() -> None:
    assert totals(sheet("pl", BOMB_BETWEEN, bolt_limit=3)) == [60, 220, 190]
    assert totals(sheet("pl", BOMB_BETWEEN, bolt_limit=3, edition=3)) == [-60, 220, 190]
    assert totals(sheet("pl", BOMB_BETWEEN)) == [60, 220, 190]  # bolts off: nothing to count


# Three marriages in hand (ru): Boris climbs onto the barrel, the others get 60 each.
#   deal 1, dealer Anna: Boris +100, Anna bolt 1, Vera 20             -> 0, 100, 20
#   deal 2, dealer Boris: Vera +100, Anna bolt 2, Boris 20            -> 0, 120, 120
#   deal 3, dealer Vera: Boris shows three marriages: 880, Anna +60, Vera +60 -> 60, 880, 180
#   deal 4, dealer Anna: Vera 105 makes with 110: +105, Anna bolt, Boris on the barrel gets
#       nothing as a defender                                          -> 60, 880, 285
# Edition 4: Anna 60; edition 3: 60 - 120 = -60.
MARRIAGES_BETWEEN = [
    deal(1, 100, [0, 100, 20]),
    deal(2, 100, [0, 20, 100]),
    {"type": "marriages_in_hand", "seat": 1, "count": 3},
    deal(2, 105, [0, 10, 110]),
]


def test_three_marriages_in_hand_break_the_run_of_the_others() -> None:
    assert totals(sheet("ru", MARRIAGES_BETWEEN)) == [60, 880, 285]
    assert totals(sheet("ru", MARRIAGES_BETWEEN, edition=3)) == [-60, 880, 285]


def test_a_redeal_or_a_penalty_row_still_neither_counts_nor_resets() -> None:
    """Only deals count: a redeal and a custom penalty row leave the run as it was, in every
    edition (Anna: bolt, bolt, redeal, -10, bolt -> -10 - 120 = -130)."""
    # redeal_same_dealer: Vera deals again after the redeal, Anna on the hundred: Boris bids 105
    entries = [deal(1, 100, [0, 100, 20]), deal(2, 100, [0, 20, 100]),
               {"type": "redeal", "reason": "misdeal"},
               {"type": "penalty", "seat": 0, "reason": "custom", "amount": -10},
               deal(1, 105, [0, 110, 10])]
    assert totals(sheet("ru", entries))[0] == -130
