"""Bolts, 555, the barrel in both modes, penalties, bombs, marriages in hand (RULES.md 1.1-1.3)."""

from __future__ import annotations

import pytest

import rules
from tests.rules.thousand_helpers import custom, deal, problem, sheet, totals

REVOKE = {"type": "penalty", "seat": 0, "reason": "revoke"}
BOMB0 = {"type": "bomb", "declarer": 0}

# Three deals in which Anna (seat 0) takes no card: dealers 0, 1, 2.
THREE_BOLTS = [deal(1, 100, [0, 100, 20]), deal(2, 100, [0, 20, 100]),
               deal(1, 105, [0, 110, 10])]


def test_bolt_limit_three_bolts_cost_120() -> None:
    scored = rules.score(sheet("ru", THREE_BOLTS))
    assert list(scored.totals) == [-120, 225, 130]
    auto = [r for r in scored.rows if r.auto]
    assert [(r.kind, r.deltas, r.entry) for r in auto] == [("bolts", (-120, 0, 0), 2)]
    assert "bolt" in scored.rows[0].marks[0]


def test_bolt_limit_zero_switches_bolts_off() -> None:
    assert totals(sheet("ru", THREE_BOLTS, bolt_limit=0)) == [0, 225, 130]


def test_bolt_penalty_option() -> None:
    assert totals(sheet("ru", THREE_BOLTS, bolt_penalty=200))[0] == -200


SCATTERED = [deal(1, 100, [0, 100, 20]), deal(2, 100, [10, 10, 100]),
             deal(1, 105, [0, 110, 10]), deal(1, 100, [0, 100, 20])]


def test_bolts_consecutive_a_scoring_deal_resets_the_count() -> None:
    assert totals(sheet("ru", SCATTERED))[0] == 10


def test_bolts_not_consecutive_count_over_the_whole_game() -> None:
    assert totals(sheet("ru", SCATTERED, bolts_consecutive=False))[0] == 10 - 120


def test_reset_555_sets_the_total_to_zero() -> None:
    scored = rules.score(sheet("ru", [custom(1, 455), deal(1, 100, [10, 100, 10])]))
    assert list(scored.totals) == [10, 0, 10]
    assert scored.rows[-1].kind == "reset_555" and scored.rows[-1].auto
    assert scored.rows[-1].deltas == (0, -555, 0)


def test_reset_555_also_for_minus_555() -> None:
    assert totals(sheet("ru", [custom(1, -455), deal(1, 100, [10, 90, 20])]))[1] == 0


def test_reset_555_off_keeps_555() -> None:
    assert totals(sheet("ru", [custom(1, 455), deal(1, 100, [10, 100, 10])],
                        reset_555=False))[1] == 555


ON_BARREL = [custom(1, 780), deal(1, 100, [10, 100, 10])]  # Boris climbs to 880


def test_barrel_climbing_sets_the_total_to_the_barrel() -> None:
    scored = rules.score(sheet("ru", [custom(1, 790), deal(1, 100, [10, 100, 10])]))
    assert scored.totals[1] == 880
    assert "barrel" in scored.rows[-1].marks[1]


def test_barrel_defender_points_are_not_added() -> None:
    s = sheet("ru", [*ON_BARREL, deal(2, 100, [10, 10, 100])])
    assert totals(s) == [20, 880, 110]


def test_barrel_declarer_must_bid_what_he_needs() -> None:
    assert problem(sheet("ru", [*ON_BARREL, deal(1, 115, [0, 120, 0])])).code == "contract_low"


def test_barrel_win_by_a_made_contract() -> None:
    scored = rules.score(sheet("ru", [*ON_BARREL, deal(1, 120, [0, 120, 0])]))
    assert scored.totals[1] == 1000
    assert scored.outcome is not None and scored.outcome.winner == 1


def test_barrel_failed_contract_takes_the_seat_off() -> None:
    s = sheet("ru", [*ON_BARREL, deal(1, 120, [20, 90, 10]), deal(0, 100, [100, 10, 10])])
    assert totals(s)[1] == 880 - 120 + 10


def test_defender_cannot_pass_the_barrel() -> None:
    s = sheet("ru", [custom(0, 860), deal(1, 100, [60, 50, 10])])
    assert totals(s)[0] == 880


def test_barrel_jump_option_lets_a_declarer_jump_from_below_the_barrel_to_the_target() -> None:
    s = sheet("ru", [custom(1, 870), deal(1, 200, [0, 120, 0], [[], ["hearts"], []])],
              barrel_jump=True)
    scored = rules.score(s)
    assert scored.totals[1] == 1070 and scored.outcome and scored.outcome.winner == 1


FALL = [*ON_BARREL, deal(2, 100, [10, 10, 100]), deal(0, 100, [100, 10, 10]),
        deal(2, 105, [10, 5, 105])]


def test_barrel_deals_three_then_the_seat_falls_off() -> None:
    scored = rules.score(sheet("ru", FALL))
    assert list(scored.totals) == [130, 760, 225]
    assert scored.rows[-1].kind == "barrel_fall"


def test_barrel_deals_option_four_keeps_the_seat_on() -> None:
    assert totals(sheet("ru", FALL, barrel_deals=4))[1] == 880


def test_barrel_fall_penalty_option() -> None:
    assert totals(sheet("ru", FALL, barrel_fall_penalty=100))[1] == 780


def test_barrel_resets_after_the_nth_fall() -> None:
    assert totals(sheet("ru", FALL, barrel_resets_after=1))[1] == 0


def test_barrel_at_zero_means_no_barrel() -> None:
    s = sheet("ru", [*ON_BARREL, deal(2, 100, [10, 10, 100])], barrel_at=0)
    assert totals(s)[1] == 890


def test_barrel_at_900() -> None:
    s = sheet("ru", [custom(1, 790), deal(1, 100, [10, 100, 10])], barrel_at=900)
    assert totals(s)[1] == 890
    s = sheet("ru", [custom(1, 800), deal(1, 100, [10, 100, 10])], barrel_at=900)
    assert totals(s)[1] == 900


def test_barrel_knock_off_throws_the_seat_already_there_off() -> None:
    entries = [*ON_BARREL, custom(0, 820), deal(2, 100, [60, 10, 50], [[], [], ["diamonds"]])]
    assert totals(sheet("ru", entries)) == [880, 880, 110]
    scored = rules.score(sheet("ru", entries, barrel_knock_off=True))
    assert list(scored.totals) == [880, 760, 110]
    assert scored.rows[-1].kind == "barrel_knock_off"


def test_declarer_only_barrel_drops_defender_points_over_800() -> None:
    s = sheet("pl", [custom(0, 800), deal(1, 100, [30, 80, 10], [[], ["hearts"], []])])
    assert totals(s) == [800, 100, 10]


def test_declarer_only_barrel_does_not_cap() -> None:
    s = sheet("pl", [custom(1, 790), deal(1, 100, [10, 100, 10])])
    assert totals(s)[1] == 890


def test_declarer_only_barrel_counts_a_made_contract() -> None:
    s = sheet("pl", [custom(0, 900), deal(0, 110, [110, 0, 10])], first_dealer=2)
    scored = rules.score(s)
    assert scored.totals[0] == 1010 and scored.outcome and scored.outcome.winner == 0


def test_barrel_mode_cap_for_pl_caps_again() -> None:
    s = sheet("pl", [custom(1, 790), deal(1, 100, [10, 100, 10])], barrel_mode="cap",
              barrel_at=880)
    assert totals(s)[1] == 880


def test_revoke_penalty_ru_costs_120() -> None:
    assert totals(sheet("ru", [REVOKE])) == [-120, 0, 0]


def test_czech_revoke_costs_100_and_pays_60_to_each_other() -> None:
    assert totals(sheet("tisic", [REVOKE])) == [-100, 60, 60]


def test_revoke_penalty_and_compensation_options() -> None:
    s = sheet("tisic", [REVOKE], revoke_penalty=120, revoke_compensation=40)
    assert totals(s) == [-120, 40, 40]


def test_revoke_replay_writes_a_redeal_not_a_penalty() -> None:
    assert problem(sheet("tisic", [REVOKE], revoke="replay")).code == "revoke_replay"
    s = sheet("tisic", [{"type": "redeal", "reason": "revoke"}], revoke="replay")
    assert totals(s) == [0, 0, 0]


def test_cut_nines_penalty() -> None:
    s = sheet("ru", [{"type": "penalty", "seat": 2, "reason": "cut_nines"}])
    assert totals(s) == [0, 0, -120]
    s = sheet("ru", [{"type": "penalty", "seat": 2, "reason": "cut_nines"}],
              cut_nines_penalty=0)
    assert problem(s).code == "cut_nines_off"


def test_redeal_reason_must_be_one_of_the_presets() -> None:
    assert problem(sheet("pl", [{"type": "redeal", "reason": "hand_under_14"}])).params[
        "field"] == "reason"
    assert rules.problems(sheet("ru", [{"type": "redeal", "reason": "hand_under_14"}])) == []


@pytest.mark.parametrize(("same", "dealer_after"), [(True, 0), (False, 1)])
def test_redeal_same_dealer_option(same: bool, dealer_after: int) -> None:
    s = sheet("ru", [{"type": "redeal", "reason": "misdeal"}], redeal_same_dealer=same)
    assert rules.score(s).dealer == dealer_after


def test_penalty_rows_do_not_move_the_dealer() -> None:
    assert rules.score(sheet("ru", [REVOKE])).dealer == 0


def test_every_third_deal_draws_the_underline() -> None:
    s = sheet("ru", [deal(1, 100, [10, 100, 10]), REVOKE, deal(2, 100, [10, 10, 100]),
                     deal(0, 100, [100, 10, 10]), deal(1, 100, [10, 100, 10])])
    assert [r.round_end for r in rules.score(s).rows] == [False, False, False, True, False]


def test_polish_bomb_writes_zero_and_60_to_each_other() -> None:
    scored = rules.score(sheet("pl", [BOMB0]))
    assert list(scored.totals) == [0, 60, 60]
    assert "bomb" in scored.rows[0].marks[0]


def test_bombs_per_player_one_means_one_bomb_a_game() -> None:
    s = sheet("pl", [BOMB0, deal(2, 100, [10, 10, 100]), BOMB0])
    assert problem(s).code == "bombs_used"
    assert totals(sheet("pl", [BOMB0, deal(2, 100, [10, 10, 100]), BOMB0],
                        bombs_per_player=2)) == [10, 130, 220]


def test_bombs_off_in_ru() -> None:
    assert problem(sheet("ru", [BOMB0])).code == "bomb_off"


def test_bomb_points_option() -> None:
    assert totals(sheet("pl", [BOMB0], bomb_points=40)) == [0, 40, 40]


def test_three_marriages_in_hand_put_the_seat_on_the_barrel() -> None:
    s = sheet("ru", [{"type": "marriages_in_hand", "seat": 0, "count": 3}])
    assert totals(s) == [880, 60, 60]


def test_four_marriages_in_hand_win_the_game() -> None:
    scored = rules.score(sheet("ru", [{"type": "marriages_in_hand", "seat": 2, "count": 4}]))
    assert scored.outcome is not None and scored.outcome.winner == 2


def test_marriages_in_hand_off() -> None:
    s = sheet("ru", [{"type": "marriages_in_hand", "seat": 0, "count": 3}],
              marriages_in_hand=False)
    assert problem(s).code == "marriages_in_hand_off"


def test_target_option_and_reaching_it_exactly() -> None:
    s = sheet("ru", [custom(1, 400), deal(1, 100, [10, 100, 10])], target=500, barrel_at=0)
    scored = rules.score(s)
    assert scored.outcome and scored.outcome.winner == 1


def test_tisic_target_must_be_exceeded() -> None:
    s = sheet("tisic", [custom(1, 440), deal(1, 60, [10, 100, 10])], target=500)
    assert rules.score(s).outcome is None
    s = sheet("tisic", [custom(1, 440), deal(1, 60, [10, 100, 10])], target=500,
              target_strict=False)
    assert rules.score(s).outcome is not None


TIE = [custom(0, 480), custom(1, 430), deal(1, 80, [40, 80, 0])]


def test_winner_declarer_first_over_target_wins_even_when_lower() -> None:
    scored = rules.score(sheet("tisic", TIE, target=500))
    assert list(scored.totals) == [520, 510, 0]
    assert scored.outcome and scored.outcome.winner == 1


def test_winner_highest_takes_the_highest_total() -> None:
    scored = rules.score(sheet("tisic", TIE, target=500, winner="highest"))
    assert scored.outcome and scored.outcome.winner == 0


def test_one_thousand_declarer_wins_a_tie() -> None:
    s = sheet("one-thousand", [custom(0, 950), custom(1, 900),
                               deal(1, 100, [50, 70, 0], [[], ["hearts"], []])])
    scored = rules.score(s)
    assert list(scored.totals) == [1000, 1000, 0]
    assert scored.outcome and scored.outcome.winner == 1
