"""Binokel rules, one test per rule and option (RULES.md §3, docs/rules/binokel.md)."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.binokel import BINOKEL, BinokelOptions

NAMES = ("Anna", "Bea", "Cem")


def sheet(entries: list[dict[str, Any]] | None = None, *, first_dealer: int = 0,
          edition: int = rules.EDITION, **options: Any) -> rules.Sheet:
    return rules.Sheet(game="binokel", ruleset="binokel", edition=edition, options=options,
                       players=NAMES, first_dealer=first_dealer, entries=tuple(entries or ()))


def deal(declarer: int, bid: int, melds: list[int], points: list[int], trump: str = "hearts",
         **extra: Any) -> dict[str, Any]:
    return {"type": "deal", "declarer": declarer, "bid": bid, "trump": trump, "melds": melds,
            "points": points, **extra}


def concession(declarer: int, bid: int, melds: list[int]) -> dict[str, Any]:
    return {"type": "concession", "declarer": declarer, "bid": bid, "melds": melds}


def redeal(reason: str) -> dict[str, Any]:
    return {"type": "redeal", "reason": reason}


def rows(s: rules.Sheet) -> list[rules.Row]:
    return list(rules.score(s).rows)


def problem(s: rules.Sheet) -> rules.RulesError:
    found = rules.problems(s)
    assert found, "expected a problem"
    return found[0]


# --------------------------------------------------------------------------- the preset


def test_preset_binokel_is_registered_for_three_players() -> None:
    assert rules.rulesets()["binokel"].name == "binokel"
    with pytest.raises(rules.InvalidSheet, match="played by 3 players"):
        rules.Sheet(game="binokel", ruleset="binokel", players=("A", "B", "C", "D"))


def test_preset_defaults_are_those_of_the_rule_table() -> None:
    o = BINOKEL
    assert (o.scale, o.opening_bid, o.fail_multiplier, o.concede, o.concede_bonus) == (
        1, 15, 1, True, 3)
    assert (o.keep_meld_min_points, o.keep_trump_nines, o.declarer_needs_trump_pair) == (
        1, False, False)
    assert (o.redeal_five_nines, o.all_pass, o.target, o.dapp) == (True, "redeal", 100, True)
    assert dict(o.melds) == {
        "pair": 2, "trump_pair": 4, "family": 10, "trump_family": 15, "binokel": 4,
        "double_binokel": 30, "four_aces": 10, "four_kings": 8, "four_obers": 6,
        "four_unters": 4, "diss": 1,
    }


def test_every_option_of_the_rule_table_can_be_overridden() -> None:
    names = {s.name for s in rules.specs(BINOKEL)}
    assert names == {
        "scale", "dapp", "opening_bid", "melds", "fail_multiplier", "concede", "concede_bonus",
        "keep_meld_min_points", "keep_trump_nines", "declarer_needs_trump_pair",
        "redeal_five_nines", "all_pass", "target", "melds_after_discard", "deal_passes",
        "must_follow", "must_beat", "must_trump", "must_overtrump", "beat_when_trumped",
    }


@pytest.mark.parametrize(
    ("options", "word"),
    [
        ({"scale": 5}, "scale"),
        ({"melds": {"rundgang": 24}}, "rundgang"),
        ({"melds": {"pair": -1}}, "pair"),
        ({"all_pass": "shrug"}, "all_pass"),
        ({"bid_step": 2}, "bid_step"),  # a fixed trait of the game, not an option
        ({"deal_points": 30}, "deal_points"),
    ],
)
def test_unknown_options_and_values_out_of_range_are_errors(options: dict[str, Any],
                                                            word: str) -> None:
    with pytest.raises(rules.InvalidSheet, match=word):
        sheet(**options)


def test_scale_10_multiplies_the_point_options() -> None:
    o: BinokelOptions = sheet(scale=10).rules
    assert (o.deal_total, o.opening, o.goal, o.bonus, o.keep_min) == (250, 150, 1000, 30, 10)
    assert o.meld_values["double_binokel"] == 300


def test_editing_one_meld_value_keeps_the_others() -> None:
    o: BinokelOptions = sheet(melds={"binokel": 6}).rules
    assert o.melds["binokel"] == 6 and o.melds["double_binokel"] == 30


# --------------------------------------------------------------------------- one deal


def test_declarer_who_reaches_the_bid_scores_melds_plus_tricks() -> None:
    [row] = rows(sheet([deal(1, 18, [4, 12, 2], [7, 8, 10])]))
    assert row.deltas == (11, 20, 12)
    assert row.marks == ((), ("made",), ())


def test_declarer_exactly_at_the_bid_makes_it() -> None:
    [row] = rows(sheet([deal(0, 20, [10, 0, 0], [10, 7, 8])]))
    assert row.deltas[0] == 20 and row.marks[0] == ("made",)


def test_declarer_one_point_short_writes_minus_the_bid() -> None:
    [row] = rows(sheet([deal(0, 21, [10, 0, 0], [10, 7, 8])]))
    assert row.deltas == (-21, 7, 8)
    assert row.marks[0] == ("failed",)


def test_fail_multiplier_multiplies_the_missed_bid() -> None:
    [row] = rows(sheet([deal(0, 21, [10, 0, 0], [10, 7, 8])], fail_multiplier=2))
    assert row.deltas[0] == -42


def test_defenders_score_melds_plus_tricks_whatever_the_declarer_does() -> None:
    [row] = rows(sheet([deal(2, 30, [6, 4, 2], [9, 6, 10])]))
    assert row.deltas == (15, 10, -30)


def test_contract_column_shows_bid_and_trump_symbol() -> None:
    texts = [r.contract for r in rows(sheet([
        deal(0, 18, [0, 0, 0], [20, 3, 2], trump="hearts"),
        deal(1, 16, [0, 0, 0], [3, 20, 2], trump="spades"),
        concession(2, 17, [0, 0, 0]),
    ]))]
    assert texts == ["18 ♥", "16 ♠", "17 off"]


# --------------------------------------------------------------------------- keeping melds


def test_player_without_trick_points_loses_its_melds() -> None:
    [row] = rows(sheet([deal(0, 15, [4, 12, 6], [13, 12, 0])]))
    assert row.deltas == (17, 24, 0)
    assert row.marks[2] == ("melds_lost",)


def test_keep_meld_min_points_raised_takes_melds_below_it() -> None:
    [row] = rows(sheet([deal(0, 15, [4, 12, 6], [20, 3, 2])], keep_meld_min_points=3))
    assert row.deltas == (24, 15, 2)
    assert row.marks == (("made",), (), ("melds_lost",))


def test_keep_meld_min_points_zero_never_takes_melds() -> None:
    [row] = rows(sheet([deal(0, 15, [4, 12, 6], [13, 12, 0])], keep_meld_min_points=0))
    assert row.deltas == (17, 24, 6)


def test_keep_meld_min_points_is_in_the_scale() -> None:
    # scale 10, keep_meld_min_points 2 -> 20 trick points needed; 10 are not enough
    [row] = rows(sheet([deal(0, 150, [40, 120, 60], [170, 70, 10])], scale=10,
                       keep_meld_min_points=2))
    assert row.deltas == (210, 190, 10)


def test_declarer_who_loses_his_melds_can_fail() -> None:
    # 0 trick points (even the Dapp held none): his 20 in melds are gone, 0 < 15
    [row] = rows(sheet([deal(0, 15, [20, 0, 0], [0, 12, 13])]))
    assert row.deltas == (-15, 12, 13)
    assert row.marks[0] == ("melds_lost", "failed")


def test_keep_trump_nines_keeps_the_diss_of_a_defender_without_trick_points() -> None:
    entry = deal(0, 15, [4, 0, 7], [13, 12, 0], trump_nines=[0, 0, 2])
    [row] = rows(sheet([entry], keep_trump_nines=True))
    assert row.deltas == (17, 12, 2)
    assert row.marks[2] == ("melds_lost", "nines_kept")


def test_without_keep_trump_nines_the_diss_is_lost_too() -> None:
    entry = deal(0, 15, [4, 0, 7], [13, 12, 0], trump_nines=[0, 0, 2])
    [row] = rows(sheet([entry]))
    assert row.deltas == (17, 12, 0)


def test_keep_trump_nines_does_not_help_the_declarer() -> None:
    entry = deal(0, 15, [5, 0, 0], [0, 12, 13], trump_nines=[1, 0, 0])
    [row] = rows(sheet([entry], keep_trump_nines=True))
    assert row.deltas[0] == -15


def test_only_two_trump_nines_exist() -> None:
    entry = deal(0, 15, [5, 2, 1], [13, 12, 0], trump_nines=[1, 1, 1])
    assert "trump nines add up to 3" in problem(sheet([entry])).message


def test_trump_nines_are_part_of_the_melds() -> None:
    entry = deal(0, 15, [5, 0, 1], [13, 12, 0], trump_nines=[0, 0, 2])
    assert problem(sheet([entry])).code == "trump_nines_melds"


# --------------------------------------------------------------------------- validation


def test_trick_points_must_add_up_to_25() -> None:
    p = problem(sheet([deal(0, 15, [0, 0, 0], [10, 10, 4])]))
    assert p.message == "trick points add up to 24, a deal has 25"
    assert p.entry == 0


def test_trick_points_at_scale_10_add_up_to_250_in_tens() -> None:
    assert rules.problems(sheet([deal(0, 150, [0, 0, 0], [150, 60, 40])], scale=10)) == []
    assert "a deal has 250" in problem(
        sheet([deal(0, 150, [0, 0, 0], [15, 6, 4])], scale=10)).message
    assert problem(sheet([deal(0, 150, [0, 0, 0], [155, 55, 40])], scale=10)).code == (
        "points_step")


def test_bid_below_the_opening_bid_is_rejected() -> None:
    assert problem(sheet([deal(0, 14, [0, 0, 0], [20, 3, 2])])).message == (
        "bid 14 is below the opening bid 15")


def test_opening_bid_option_lowers_the_first_bid() -> None:
    assert rules.problems(sheet([deal(0, 12, [0, 0, 0], [20, 3, 2])], opening_bid=12)) == []


def test_bids_at_scale_10_start_at_150_and_go_in_tens() -> None:
    assert problem(sheet([deal(0, 140, [0, 0, 0], [200, 30, 20])], scale=10)).code == (
        "bid_too_low")
    assert problem(sheet([deal(0, 155, [0, 0, 0], [200, 30, 20])], scale=10)).code == "bid_step"
    assert rules.problems(sheet([deal(0, 160, [0, 0, 0], [200, 30, 20])], scale=10)) == []


def test_bid_beyond_what_any_declarer_can_score_is_rejected() -> None:
    # 25 trick points + 70, the best melds of the 15 cards the declarer keeps
    assert BINOKEL.max_bid == 95
    assert rules.problems(sheet([deal(0, 95, [0, 0, 0], [20, 3, 2])])) == []
    assert problem(sheet([deal(0, 96, [0, 0, 0], [20, 3, 2])])).code == "bid_too_high"


def test_bid_beyond_edition_1_melds_of_18_cards_is_rejected() -> None:
    # edition 1: 25 trick points + 83, the best melds of 18 cards (hand and Dapp)
    assert rules.problems(sheet([deal(0, 108, [0, 0, 0], [20, 3, 2])], edition=1)) == []
    assert problem(sheet([deal(0, 109, [0, 0, 0], [20, 3, 2])], edition=1)).code == (
        "bid_too_high")


def test_melds_beyond_one_hand_are_rejected() -> None:
    # every hand melds from 15 cards: at most 70 in melds, the declarer's included
    assert rules.problems(sheet([deal(0, 15, [70, 70, 0], [20, 3, 2])])) == []
    assert problem(sheet([deal(0, 15, [0, 71, 0], [20, 3, 2])])).code == "melds_too_high"
    assert problem(sheet([deal(0, 15, [71, 0, 0], [20, 3, 2])])).code == "melds_too_high"


def test_melds_of_edition_1_let_the_declarer_meld_from_18_cards() -> None:
    assert rules.problems(sheet([deal(0, 15, [83, 70, 0], [20, 3, 2])], edition=1)) == []
    assert problem(sheet([deal(0, 15, [84, 0, 0], [20, 3, 2])], edition=1)).code == (
        "melds_too_high")


def test_without_a_dapp_every_hand_is_sixteen_cards() -> None:
    o: BinokelOptions = sheet(dapp=False).rules
    assert o.max_melds(declarer=True) == o.max_melds(declarer=False) == 75
    assert problem(sheet([deal(0, 15, [76, 0, 0], [20, 3, 2])], dapp=False)).code == (
        "melds_too_high")


def test_melds_at_scale_10_are_multiples_of_10() -> None:
    assert problem(sheet([deal(0, 150, [45, 0, 0], [200, 30, 20])], scale=10)).code == (
        "melds_step")


def test_edited_meld_values_change_what_a_meld_total_can_be() -> None:
    # all values even: an odd meld total cannot be shown
    even = {"diss": 2, "trump_family": 16}
    assert problem(sheet([deal(0, 15, [3, 0, 0], [20, 3, 2])], melds=even)).code == "melds_step"


def test_malformed_entries_are_invalid_with_the_field_named() -> None:
    bad = [
        {"type": "deal", "declarer": 0, "bid": 15, "melds": [0, 0, 0], "points": [25, 0, 0]},
        deal(0, 15, [0, 0], [25, 0, 0]),
        deal(0, 15, [0, 0, 0], [25, 0, 0], trump="bells"),
        deal(5, 15, [0, 0, 0], [25, 0, 0]),
        {**deal(0, 15, [0, 0, 0], [25, 0, 0]), "dark": True},
        {"type": "bomb", "declarer": 0},
    ]
    found = rules.problems(sheet(bad))
    assert [p.entry for p in found] == [0, 1, 2, 3, 4, 5]
    assert all(isinstance(p, rules.InvalidEntry) for p in found)
    assert [w in p.message for p, w in zip(found, ["trump", "melds", "trump", "declarer",
                                                   "dark", "type"], strict=True)] == [True] * 6


# --------------------------------------------------------------------------- trump pair


def test_declarer_needs_trump_pair_rejects_a_deal_without_one() -> None:
    s = sheet([deal(0, 15, [2, 0, 0], [20, 3, 2])], declarer_needs_trump_pair=True)
    assert problem(s).code == "needs_trump_pair"


def test_declarer_needs_trump_pair_accepts_trump_pair_melds() -> None:
    s = sheet([deal(0, 15, [4, 0, 0], [20, 3, 2])], declarer_needs_trump_pair=True)
    assert rules.problems(s) == []


def test_declarer_needs_no_trump_pair_by_default() -> None:
    assert rules.problems(sheet([deal(0, 15, [0, 0, 0], [20, 3, 2])])) == []


def test_declarer_without_trump_pair_may_still_go_off() -> None:
    s = sheet([concession(0, 15, [0, 4, 0])], declarer_needs_trump_pair=True)
    assert rules.problems(s) == []


# --------------------------------------------------------------------------- concession


def test_concession_costs_the_bid_and_gives_the_others_melds_plus_bonus() -> None:
    [row] = rows(sheet([concession(1, 17, [4, 12, 2])]))
    assert row.deltas == (7, -17, 5)
    assert row.marks == ((), ("conceded",), ())


def test_concession_is_not_multiplied_by_the_fail_multiplier() -> None:
    [row] = rows(sheet([concession(1, 17, [4, 12, 2])], fail_multiplier=2))
    assert row.deltas[1] == -17


def test_concede_bonus_is_in_the_scale() -> None:
    [row] = rows(sheet([concession(0, 150, [0, 40, 0])], scale=10, concede_bonus=5))
    assert row.deltas == (-150, 90, 50)


def test_concede_off_forbids_going_off() -> None:
    assert problem(sheet([concession(0, 15, [0, 0, 0])], concede=False)).code == (
        "no_concession")


def test_concession_bid_is_checked_like_a_deal() -> None:
    assert problem(sheet([concession(0, 13, [0, 0, 0])])).code == "bid_too_low"


# --------------------------------------------------------------------------- redeals and dealer


def test_redeal_scores_nothing_and_says_why() -> None:
    [row] = rows(sheet([redeal("five_nines")]))
    assert row.deltas == (0, 0, 0) and row.totals == (0, 0, 0)
    assert row.notes[0].code == "redeal" and "five nines" in row.notes[0].text


def test_redeal_five_nines_off_rejects_that_reason() -> None:
    assert problem(sheet([redeal("five_nines")], redeal_five_nines=False)).code == (
        "no_five_nines_redeal")


def test_all_pass_redeal_allows_a_redeal_when_everybody_passed() -> None:
    assert rules.problems(sheet([redeal("all_pass")])) == []


def test_all_pass_first_must_bid_forbids_that_redeal() -> None:
    s = sheet([redeal("all_pass")], all_pass="first_must_bid")
    assert problem(s).code == "no_all_pass_redeal"
    # ... the player left of the dealer plays the opening bid instead
    assert rules.problems(sheet([deal(1, 15, [0, 0, 0], [15, 5, 5])],
                                all_pass="first_must_bid")) == []


def test_misdeal_is_always_a_reason_to_redeal() -> None:
    assert rules.problems(sheet([redeal("misdeal")], redeal_five_nines=False,
                                all_pass="first_must_bid")) == []


def test_unknown_redeal_reason_is_invalid() -> None:
    assert isinstance(problem(sheet([redeal("bored")])), rules.InvalidEntry)


def test_dealer_moves_one_seat_per_deal_redeals_included() -> None:
    # the previous column every time (seed 002: "links vom letzten Geber", counter-clockwise)
    s = sheet([redeal("misdeal"), deal(0, 15, [0, 0, 0], [20, 3, 2]), redeal("all_pass"),
               concession(1, 15, [0, 0, 0])], first_dealer=2)
    assert [r.dealer for r in rows(s)] == [2, 1, 0, 2]
    assert rules.score(s).dealer == 1


def test_deal_passes_next_moves_the_deal_to_the_next_column() -> None:
    entries = [redeal("misdeal"), deal(0, 15, [0, 0, 0], [20, 3, 2]), redeal("all_pass")]
    for s in (sheet(entries, first_dealer=2, deal_passes="next"),
              sheet(entries, first_dealer=2, edition=1)):
        assert [r.dealer for r in rows(s)] == [2, 0, 1]
        assert rules.score(s).dealer == 2


def test_round_ends_after_every_third_deal() -> None:
    s = sheet([redeal("misdeal")] * 7)
    assert [r.round_end for r in rows(s)] == [False, False, True, False, False, True, False]


# --------------------------------------------------------------------------- end of the game


def _up(seat: int, amount: int) -> list[dict[str, Any]]:
    """One deal that puts ``amount`` (25..108) on ``seat``: all 25 trick points and melds."""
    melds = [amount - 25 if s == seat else 0 for s in range(3)]
    return [deal(seat, 15, melds, [25 if s == seat else 0 for s in range(3)])]


def test_declarer_reaching_the_target_wins() -> None:
    s = sheet([*_up(0, 85), deal(0, 15, [0, 0, 0], [15, 5, 5])])
    scored = rules.score(s)
    assert scored.totals == (100, 5, 5)
    assert scored.outcome is not None and scored.outcome.winner == 0
    assert scored.outcome.reason == "reached 100 as declarer"


def test_when_several_reach_the_target_the_declarer_wins_even_if_lower() -> None:
    s = sheet([*_up(1, 95), *_up(0, 85), deal(0, 15, [0, 0, 0], [15, 10, 0])])
    scored = rules.score(s)
    assert scored.totals == (100, 105, 0)
    assert scored.outcome is not None and scored.outcome.winner == 0


def test_a_defender_reaching_the_target_alone_wins() -> None:
    s = sheet([*_up(1, 90), deal(0, 15, [0, 0, 0], [15, 10, 0])])
    scored = rules.score(s)
    assert scored.totals == (15, 100, 0)
    assert scored.outcome is not None and scored.outcome.winner == 1
    assert scored.outcome.reason == "reached 100 with the highest total"


def test_of_two_defenders_past_the_target_the_higher_wins() -> None:
    s = sheet([*_up(1, 90), *_up(2, 92), deal(0, 15, [0, 0, 0], [5, 10, 10])])
    scored = rules.score(s)
    assert scored.totals == (-15, 100, 102)  # the declarer missed 15
    assert scored.outcome is not None and scored.outcome.winner == 2


def test_two_defenders_level_on_top_play_on() -> None:
    s = sheet([*_up(1, 90), *_up(2, 90), deal(0, 15, [0, 0, 0], [5, 10, 10])])
    scored = rules.score(s)
    assert scored.totals == (-15, 100, 100)
    assert scored.outcome is None
    assert scored.rows[-1].notes[-1].code == "tie"
    after = rules.score(s.append(deal(1, 15, [0, 0, 0], [0, 20, 5])))
    assert after.outcome is not None and after.outcome.winner == 1


def test_a_concession_can_end_the_game_for_a_defender() -> None:
    s = sheet([*_up(2, 95), concession(0, 15, [0, 0, 2])])
    scored = rules.score(s)
    assert scored.totals == (-15, 3, 100)
    assert scored.outcome is not None and scored.outcome.winner == 2


def test_target_is_in_the_scale() -> None:
    s = sheet([deal(0, 150, [500, 0, 0], [250, 0, 0]), deal(0, 150, [0, 0, 0], [240, 10, 0])],
              scale=10)
    scored = rules.score(s)
    assert scored.totals == (990, 10, 0) and scored.outcome is None
    s = s.append(deal(0, 150, [0, 0, 0], [200, 10, 40]))
    assert rules.score(s).outcome is not None


def test_target_option_shortens_the_game() -> None:
    scored = rules.score(sheet([deal(0, 15, [20, 0, 0], [20, 3, 2])], target=40))
    assert scored.outcome is not None and scored.outcome.winner == 0


def test_an_entry_after_the_end_is_a_problem() -> None:
    s = sheet([deal(0, 15, [20, 0, 0], [20, 3, 2]), redeal("misdeal")], target=40)
    p = problem(s)
    assert (p.entry, p.message) == (1, "game already finished")


def test_a_rejected_entry_leaves_the_sheet_as_it_was() -> None:
    s = sheet([deal(0, 15, [0, 0, 0], [20, 3, 2]), deal(1, 15, [0, 0, 0], [1, 1, 1]),
               deal(2, 15, [0, 0, 0], [2, 3, 20])])
    found = rules.problems(s)
    assert [p.entry for p in found] == [1]
    scored = rules.score(s.with_entries([s.entries[0], s.entries[2]]))
    assert scored.totals == (22, 6, 22)
