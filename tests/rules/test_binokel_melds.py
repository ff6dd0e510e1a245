"""The Binokel meld calculator (docs/rules/binokel.md "Melds" and "Impossible melds")."""

from __future__ import annotations

import dataclasses
import doctest

import pytest

import rules
import rules.binokel_melds as bm
from rules.binokel import BINOKEL, BinokelOptions, meld_form, score_melds
from rules.binokel_melds import (
    DEFAULT_MELD_VALUES,
    Melds,
    Suit,
    can_meld,
    cards_needed,
    max_meld_points,
    meld_points,
    meld_step,
    verify_melds,
)

VALUES = dict(DEFAULT_MELD_VALUES)


def points(melds: Melds, hand: int = 15, trump: Suit | None = None) -> int:
    return meld_points(melds, VALUES, hand_size=hand, trump=trump)


def rejection(melds: Melds, hand: int = 15, **kw: object) -> rules.IllegalEntry:
    with pytest.raises(rules.IllegalEntry) as info:
        verify_melds(melds, hand_size=hand, **kw)  # type: ignore[arg-type]
    return info.value


def test_the_calculator_examples_run() -> None:
    assert doctest.testmod(bm).failed == 0


@pytest.mark.parametrize(
    ("melds", "value"),
    [
        (Melds(pair=1), 2),
        (Melds(trump_pair=1), 4),
        (Melds(family=1), 10),
        (Melds(trump_family=1), 15),
        (Melds(binokel=1), 4),
        (Melds(double_binokel=1), 30),
        (Melds(four_aces=1), 10),
        (Melds(four_kings=1), 8),
        (Melds(four_obers=1), 6),
        (Melds(four_unters=1), 4),
        (Melds(diss=1), 1),
    ],
)
def test_each_meld_is_worth_its_seed_value(melds: Melds, value: int) -> None:
    assert points(melds) == value


def test_melds_add_up() -> None:
    # 2 pairs 4 + trump family 15 + Binokel 4 + four obers 6 + 2 Diss 2 = 31
    assert points(Melds(pair=2, trump_family=1, binokel=1, four_obers=1, diss=2)) == 31


def test_scale_10_multiplies_every_meld_value() -> None:
    o: BinokelOptions = rules.Sheet(game="binokel", ruleset="binokel", options={"scale": 10},
                                    players=("A", "B", "C")).rules
    assert score_melds(o, Melds(trump_pair=1, binokel=1, diss=1), declarer=False) == 90


def test_edited_meld_values_are_used() -> None:
    o: BinokelOptions = rules.Sheet(game="binokel", ruleset="binokel",
                                    options={"melds": {"double_binokel": 50}},
                                    players=("A", "B", "C")).rules
    assert score_melds(o, Melds(double_binokel=1, pair=1), declarer=False) == 52


def test_meld_form_lists_every_kind_with_its_value_on_the_sheet() -> None:
    o: BinokelOptions = rules.Sheet(game="binokel", ruleset="binokel", options={"scale": 10},
                                    players=("A", "B", "C")).rules
    form = meld_form(o)
    assert [f.kind for f in form] == list(DEFAULT_MELD_VALUES)
    by_kind = {f.kind: f for f in form}
    assert by_kind["trump_family"].value == 150
    assert by_kind["binokel"].name == "Binokel" and by_kind["binokel"].most == 1
    assert by_kind["diss"].most == 2


# --------------------------------------------------------------------------- impossible melds


def test_three_binokels_do_not_exist() -> None:
    e = rejection(Melds(binokel=3))
    assert e.code == "too_many_binokels" and "only two Obers of spades" in e.message


def test_two_binokels_are_a_doppelbinokel() -> None:
    assert rejection(Melds(binokel=2)).code == "two_binokels"


def test_a_binokel_beside_a_doppelbinokel_needs_a_third_ober() -> None:
    assert rejection(Melds(binokel=1, double_binokel=1)).code == "binokel_and_double"


@pytest.mark.parametrize(
    "melds",
    [
        Melds(double_binokel=2),
        Melds(trump_pair=3),
        Melds(trump_family=3),
        Melds(pair=7),
        Melds(family=7),
        Melds(four_aces=3),
        Melds(four_kings=3),
        Melds(four_obers=3),
        Melds(four_unters=3),
        Melds(diss=3),
    ],
)
def test_more_of_a_kind_than_the_deck_holds_is_rejected(melds: Melds) -> None:
    assert rejection(melds, 18).code == "too_many_melds"


def test_side_pairs_and_families_share_six_king_ober_couples() -> None:
    assert can_meld(Melds(pair=4, family=2), hand_size=18)
    e = rejection(Melds(pair=5, family=2), 18)
    assert e.code == "too_many_couples" and "the deck has 6" in e.message


def test_a_trump_pair_beside_two_trump_families_needs_a_third_trump_king() -> None:
    assert rejection(Melds(trump_pair=1, trump_family=2), 18).code == "too_many_trump_couples"


def test_a_family_holds_its_pair_so_a_pair_beside_it_needs_the_second_king_and_ober() -> None:
    assert cards_needed(Melds(family=1, pair=1), Suit.HEARTS) == 7
    assert cards_needed(Melds(trump_family=1, trump_pair=1), Suit.HEARTS) == 7


def test_one_card_serves_melds_of_different_kinds() -> None:
    # the Ober of spades is in the spade pair, the Binokel and the four Obers:
    # K♠ O♠ U♦ + O♥ O♦ O♣ = 6 cards
    assert cards_needed(Melds(pair=1, binokel=1, four_obers=1), Suit.HEARTS) == 6


def test_a_trump_pair_in_spades_shares_its_ober_with_the_binokel() -> None:
    melds = Melds(trump_pair=1, binokel=1)
    assert cards_needed(melds, Suit.SPADES) == 3
    assert cards_needed(melds, Suit.HEARTS) == 4


def test_melds_needing_more_cards_than_a_defenders_hand_are_rejected() -> None:
    # two trump families (10 cards) + a family (5) = 15 cards: a defender's whole hand
    full = Melds(trump_family=2, family=1)
    assert can_meld(full, hand_size=15)
    more = Melds(trump_family=2, family=1, diss=1)  # the trump nine is a 16th card
    e = rejection(more, 15)
    assert e.code == "hand_too_small" and "at least 16 different cards" in e.message


def test_the_declarer_melds_from_the_15_cards_he_keeps() -> None:
    """Seed 002: the declarer "nimmt ... den Dapp auf ... drückt ... drei Karten", and only then
    "Melden": his melds are judged on 15 cards, like everybody's."""
    more = Melds(trump_family=2, family=1, diss=1)  # 16 cards
    for declarer in (True, False):
        with pytest.raises(rules.IllegalEntry):
            score_melds(BINOKEL, more, declarer=declarer)


def test_melds_after_discard_off_lets_the_declarer_meld_from_hand_and_dapp() -> None:
    options = dataclasses.replace(BINOKEL, melds_after_discard=False)
    more = Melds(trump_family=2, family=1, diss=1)
    assert score_melds(options, more, declarer=True) == 41  # 2 x 15 + 10 + 1
    with pytest.raises(rules.IllegalEntry):
        score_melds(options, more, declarer=False)


def test_twenty_cards_are_beyond_even_the_declarer() -> None:
    assert rejection(Melds(trump_family=2, family=2), 18).code == "hand_too_small"


def test_the_trump_suit_decides_whether_melds_fit() -> None:
    # trump diamonds: the trump families hold both Unters of diamonds, the Doppelbinokel needs
    # only the two spade Obers on top: 12 cards.  Trump hearts: 14 cards.
    melds = Melds(trump_family=2, double_binokel=1)
    assert cards_needed(melds, Suit.DIAMONDS) == 12
    assert cards_needed(melds, Suit.HEARTS) == 14
    assert can_meld(melds, hand_size=12, trump=Suit.DIAMONDS)
    assert not can_meld(melds, hand_size=12, trump=Suit.HEARTS)
    assert can_meld(melds, hand_size=12)  # trump not known yet: some trump fits


def test_the_declarer_who_needs_a_trump_pair_must_show_one() -> None:
    assert rejection(Melds(pair=2), needs_trump_pair=True).code == "needs_trump_pair"
    assert can_meld(Melds(trump_family=1), hand_size=15, needs_trump_pair=True)
    o = rules.Sheet(game="binokel", ruleset="binokel",
                    options={"declarer_needs_trump_pair": True}, players=("A", "B", "C")).rules
    with pytest.raises(rules.IllegalEntry):
        score_melds(o, Melds(pair=1), declarer=True)
    assert score_melds(o, Melds(pair=1), declarer=False) == 2


def test_counts_are_whole_numbers_of_zero_or_more() -> None:
    with pytest.raises(rules.InvalidEntry):
        Melds(pair=-1)
    with pytest.raises(rules.InvalidEntry):
        Melds(diss=True)


def test_counts_read_from_json_reject_unknown_kinds() -> None:
    assert Melds.from_json({"pair": 2, "diss": 1}) == Melds(pair=2, diss=1)
    assert Melds(pair=2, diss=1).to_json() == {"pair": 2, "diss": 1}
    with pytest.raises(rules.InvalidEntry, match="rundgang"):
        Melds.from_json({"rundgang": 1})


# --------------------------------------------------------------------------- bounds


def test_best_melds_of_18_cards_are_worth_83() -> None:
    # trump diamonds: A 10 K O U U of diamonds, A 10 K O U O of spades, K O A of hearts and of
    # clubs = 18 cards: trump family 15 + family 10 + 2 pairs 4 + Doppelbinokel 30
    # + four aces 10 + four kings 8 + four obers 6 = 83
    best = Melds(trump_family=1, family=1, pair=2, double_binokel=1, four_aces=1, four_kings=1,
                 four_obers=1)
    assert cards_needed(best, Suit.DIAMONDS) == 18
    assert points(best, 18, Suit.DIAMONDS) == 83
    assert max_meld_points(VALUES, 18) == 83


def test_best_melds_of_15_cards_are_worth_70() -> None:
    # trump spades: both spade families 30 hold both spade Obers; + U♦ U♦ Doppelbinokel 30;
    # + A♥ A♦ A♣ four aces 10 = 15 cards, 70
    best = Melds(trump_family=2, double_binokel=1, four_aces=1)
    assert cards_needed(best, Suit.SPADES) == 15
    assert points(best, 15, Suit.SPADES) == 70
    assert max_meld_points(VALUES, 15) == 70


def test_best_melds_of_16_cards_are_worth_75() -> None:
    assert max_meld_points(VALUES, 16) == 75


def test_best_melds_follow_edited_values() -> None:
    # with Diss worth 40, two of them (2 cards) beat anything else two cards could add
    assert max_meld_points({**VALUES, "diss": 40}, 15) > 70 + 40


def test_meld_totals_are_multiples_of_the_common_divisor_of_the_values() -> None:
    assert meld_step(VALUES) == 1
    assert meld_step({k: v * 10 for k, v in VALUES.items()}) == 10
    assert meld_step(dict.fromkeys(VALUES, 0)) == 1
