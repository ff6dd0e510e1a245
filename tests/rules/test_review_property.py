"""Property tests of the deal review over random deals of every game.

A deal dealt from the shuffled pack and played by random legal cards under the ruleset's
obligations gives no finding, and its card points add up to the deck's total (RULES.md: 120 in
Thousand, 90 in Mariáš, 25 x scale in Binokel).  The same deal cut after one trick whose last card
is swapped for an illegal one of that player's hand gives exactly that finding, at that trick, and
the proof card is one he held that he could have played.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import arbiter
from rules.bench import REVIEW_RULESETS, legal_deal
from rules.cards import parse_card
from rules.review import read_deal, review, review_json

TOTALS = {"ru": 120, "tisic": 120, "one-thousand": 120, "marias": 90, "binokel": 25}
OBLIGATION_SETS = [
    {},  # the preset's own
    {"must_follow": True, "must_beat": True, "must_trump": True, "must_overtrump": True},
    {"must_follow": True, "must_beat": False, "must_trump": False, "must_overtrump": False},
]


def _card(play: Any) -> str:
    return play["card"] if isinstance(play, dict) else str(play)


@settings(deadline=None)
@given(st.sampled_from(REVIEW_RULESETS), st.integers(0, 2**32), st.sampled_from(OBLIGATION_SETS))
def test_a_legal_deal_has_no_finding_and_its_card_points_add_up(
    ruleset: str, seed: int, obligations: dict[str, bool]
) -> None:
    doc = legal_deal(ruleset, random.Random(seed), options=obligations or None)
    r = review_json(doc)
    assert r["findings"] == []
    assert r["complete"] is True
    if doc.get("contract") in ("betl", "durch"):  # played for the tricks: no card points
        assert r["card_points"] == [0, 0, 0] and r["total"] == 0
        taken = r["tricks_taken"][doc["declarer"]]
        assert r["result"] == ("won" if taken == (0 if doc["contract"] == "betl" else 10)
                               else "lost")
        return
    assert r["result"] is None
    assert sum(r["card_points"]) == r["total"] == TOTALS[ruleset]
    assert r["sides"]["declarer"] + r["sides"]["defence"] == TOTALS[ruleset]


@settings(deadline=None)
@given(st.sampled_from(REVIEW_RULESETS), st.integers(0, 2**32), st.integers(0, 20),
       st.randoms(use_true_random=False))
def test_one_illegal_card_gives_exactly_that_finding_at_that_trick(
    ruleset: str, seed: int, cut: int, pick: random.Random
) -> None:
    rng = random.Random(seed)
    probe = legal_deal(ruleset, random.Random(seed))
    t = cut % len(probe["tricks"])
    doc = legal_deal(ruleset, rng, tricks=t + 1)
    doc.setdefault("hands", [[], [], []])
    deal = read_deal(doc)
    played = review(deal)
    last = played.tricks[t].cards[-1].play
    hand = [last.card, *(parse_card(c, deal.rules.deck) for c in doc["hands"][last.seat])]
    turn = arbiter.Turn(rules=deal.rules, contract=deal.contract,
                        trump=played.tricks[t].trump, trick=tuple(
                            v.play.card for v in played.tricks[t].cards[:-1]),
                        hand=tuple(hand), tricks_done=t,
                        announced_seven=deal.seven_by == last.seat)
    illegal = [c for c in hand if not arbiter.can_play(turn, c)]
    if not illegal:
        return  # every card of that hand was legal: nothing to swap in
    wrong = pick.choice(illegal)
    try:
        arbiter.verify_play(turn, wrong)
    except arbiter.IllegalPlay as exc:
        expected = exc.broken.value
    # swap: the illegal card is played, the legal one stays in the hand
    doc["tricks"][t][-1] = str(wrong)
    mine = doc["hands"][last.seat]
    mine.remove(str(wrong))
    mine.append(str(last.card))
    r = review_json(doc)
    assert [(f["trick"], f["seat"], f["broken"]) for f in r["findings"]] == [
        (t + 1, last.seat, expected)
    ]
    proof = r["findings"][0]["proof"]
    assert proof["place"] == "hand" and proof["seat"] == last.seat
    held = parse_card(proof["card"], deal.rules.deck)
    assert held in hand and held != wrong
    led = turn.trick[0].suit if turn.trick else None
    if expected in ("follow_suit", "beat"):  # he held the suit led (and a card that beats)
        assert held.suit == led
    if expected in ("trump", "overtrump"):  # he held a trump (and one that overtrumps)
        assert held.suit == turn.trump
    if expected in ("beat", "overtrump", "seven_too_early"):  # that card was his way out
        assert arbiter.can_play(turn, held)
    assert _card(doc["tricks"][t][-1]) == r["findings"][0]["card"]
