"""Property test of the arbiter over random deals of every ruleset and every obligation set.

For any situation: some card may always be played, every card called legal passes verify_play,
every other card of the hand fails it with a trick rule, and the legal cards keep the
obligations in force (checked against who would win the trick, not against the arbiter's code).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.arbiter import (
    OBLIGATIONS,
    TRICK_RULES,
    Broken,
    IllegalPlay,
    TrumpRule,
    Turn,
    can_play,
    judge_json,
    legal_cards,
    trick_rules,
    trick_winner,
    verify_play,
)
from rules.cards import Card, Rank

TRICK_RULE_BREACHES = {
    Broken.FOLLOW_SUIT,
    Broken.BEAT,
    Broken.TRUMP,
    Broken.OVERTRUMP,
    Broken.SEVEN_TOO_EARLY,
}


@st.composite
def turns(draw: st.DrawFn) -> Turn:
    ruleset = draw(st.sampled_from(sorted(TRICK_RULES)))
    # Any consistent set of obligations a table could choose.
    follow = draw(st.booleans())
    beat = follow and draw(st.booleans())
    trump = follow and draw(st.booleans())
    overtrump = trump and draw(st.booleans())
    beat_trumped = beat and draw(st.booleans())
    rules = trick_rules(
        ruleset,
        {"must_follow": follow, "must_beat": beat, "must_trump": trump,
         "must_overtrump": overtrump, "beat_when_trumped": beat_trumped},
    )
    contract = draw(st.sampled_from(rules.contracts))
    deal = draw(st.permutations(rules.deck.cards()))
    in_hand = draw(st.integers(1, rules.tricks))
    in_trick = draw(st.integers(0, 2))
    suits = st.sampled_from(rules.deck.suit_names)
    if contract.trump is TrumpRule.NONE:
        trump_suit = None
    elif contract.trump is TrumpRule.NAMED:
        trump_suit = draw(suits)
    else:
        trump_suit = draw(st.none() | suits)
    return Turn(
        rules=rules,
        contract=contract.name,
        trump=trump_suit,
        hand=tuple(deal[:in_hand]),
        trick=tuple(deal[in_hand : in_hand + in_trick]),
        tricks_done=draw(st.integers(0, rules.tricks - 1)),
        announced_seven=contract.seven and draw(st.booleans()),
    )


def wins(turn: Turn, card: Card) -> bool:
    """Would ``card`` hold the trick if played now?"""
    trick = [*turn.trick, card]
    return trick_winner(trick, turn.trump, turn.terms.order) == len(trick) - 1


def beats_led(turn: Turn, card: Card) -> bool:
    """Would ``card`` hold the trick if no trump had been played to it (it goes over every card
    of the led suit already there)?"""
    led = turn.trick[0].suit
    trick = [c for c in turn.trick if c.suit == led] + [card]
    return trick_winner(trick, None, turn.terms.order) == len(trick) - 1


def announced_seven(turn: Turn, card: Card) -> bool:
    return turn.announced_seven and card == Card(rank=Rank.SEVEN, suit=turn.trump or card.suit)


@settings(max_examples=settings().max_examples * 2, deadline=None)  # cheap: search wider
@given(turns())
def test_some_card_is_always_legal_and_every_legal_card_passes_verify(turn: Turn) -> None:
    legal = legal_cards(turn)
    assert legal
    assert [c for c in turn.hand if c in legal] == list(legal)  # hand order, from the hand
    for card in turn.hand:
        if card in legal:
            verify_play(turn, card)
            assert can_play(turn, card)
        else:
            assert not can_play(turn, card)
            with pytest.raises(IllegalPlay) as refused:  # not in legal_cards: refused as well
                verify_play(turn, card)
            assert refused.value.broken in TRICK_RULE_BREACHES


@settings(max_examples=settings().max_examples * 2, deadline=None)  # cheap: search wider
@given(turns())
def test_legal_cards_keep_the_obligations_in_force(turn: Turn) -> None:
    rules, legal = turn.rules, legal_cards(turn)
    plain = [c for c in legal if not announced_seven(turn, c)]
    if not turn.trick or not rules.must_follow:
        # Leading, or no obligations: every card but an announced seven kept back.
        assert set(plain) == {c for c in turn.hand if not announced_seven(turn, c)}
        return
    led = turn.trick[0].suit
    holding = [c for c in turn.hand if c.suit == led]
    if holding:
        assert all(c.suit == led for c in legal)
        trumped = turn.trump not in (None, led) and any(c.suit == turn.trump for c in turn.trick)
        if (rules.must_beat and (not trumped or rules.beat_when_trumped)
                and any(beats_led(turn, c) for c in holding)):
            assert all(beats_led(turn, c) for c in legal)
        if rules.must_beat and not trumped:  # untrumped: beating the led suit wins the trick
            assert all(beats_led(turn, c) == wins(turn, c) for c in holding)
        return
    trumps = [c for c in turn.hand if c.suit == turn.trump]
    if rules.must_trump and trumps:
        assert all(c.suit == turn.trump for c in legal)
        if rules.must_overtrump and any(wins(turn, c) for c in trumps):
            assert all(wins(turn, c) for c in legal)


@settings(max_examples=settings().max_examples // 2, deadline=None)
@given(turns(), st.data())
def test_json_verdict_agrees_with_the_typed_answer(turn: Turn, data: st.DataObject) -> None:
    card = data.draw(st.sampled_from(turn.hand))
    options = {o: getattr(turn.rules, o) for o in OBLIGATIONS}
    name = next(n for n in TRICK_RULES if trick_rules(n, options) == turn.rules)
    question: dict[str, Any] = {
        "ruleset": name,
        "options": options,
        "contract": turn.terms.name.value,
        "trump": turn.trump,
        "trick": [str(c) for c in turn.trick],
        "hand": [str(c) for c in turn.hand],
        "card": str(card),
        "tricks_done": turn.tricks_done,
        "announced_seven": turn.announced_seven,
    }
    verdict = judge_json(question)
    assert verdict["legal"] is can_play(turn, card)
    assert verdict["legal_cards"] == [str(c) for c in legal_cards(turn)]
