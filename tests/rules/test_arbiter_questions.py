"""Malformed arbiter questions are refused with a message naming the field (FORMAT.md)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.arbiter import judge_json
from rules.errors import InvalidEntry

GOOD: dict[str, Any] = {
    "game": "thousand",
    "ruleset": "tisic",
    "options": {},
    "trump": "hearts",
    "trick": ["A-spades"],
    "hand": ["K-spades", "9-hearts"],
    "card": "K-spades",
    "declare_marriage": False,
    "tricks_done": 1,
    "announced_seven": False,
}

# Tisíc deals 10 cards to a hand (RULES.md §1.2).
ELEVEN_CARDS = ["7-clubs", "8-clubs", "9-clubs", *(f"{r}-hearts" for r in "789JQKA"), "10-hearts"]


def refused(**changes: Any) -> str:
    question = {k: v for k, v in {**GOOD, **changes}.items() if v is not ...}
    with pytest.raises(InvalidEntry) as caught:
        judge_json(question)
    return caught.value.message


def test_the_well_formed_question_is_answered() -> None:
    assert judge_json(GOOD)["legal"] is True


def test_optional_fields_have_defaults() -> None:
    v = judge_json({"ruleset": "ru", "hand": ["9-clubs"], "card": "9-clubs"})
    assert v == {
        "legal": True,
        "broken": None,
        "rule": "You must follow suit; with no card of the led suit, trump; otherwise any card.",
        "ref": "docs/rules/arbiter.md#obligations-per-ruleset",
        "message": "9-clubs may be played",
        "legal_cards": ["9-clubs"],
        "trump": None,
    }


def test_question_must_be_an_object() -> None:
    with pytest.raises(InvalidEntry, match="question: must be a JSON object"):
        judge_json(["tisic"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"ruleset": ...}, "ruleset: is missing"),
        ({"ruleset": "skat"}, "ruleset: unknown ruleset 'skat'"),
        ({"game": "marias"}, "game: ruleset tisic is a thousand ruleset, not 'marias'"),
        ({"options": ["must_beat"]}, "options: must be an object"),
        ({"options": {"must_beat": 1}}, "options: option must_beat: must be true or false"),
        ({"hand": ...}, "hand: is missing"),
        ({"hand": "K-spades"}, "hand: must be a list of cards"),
        ({"hand": []}, "hand: is empty"),
        ({"hand": ["11-spades"]}, "hand: '11-spades' has no rank"),
        ({"hand": ["K-bells"]}, "hand: 'K-bells' has no suit of this game"),
        ({"hand": ["Kspades"]}, "hand: 'Kspades' is not a card"),
        ({"hand": [13]}, "hand: 13 is not a card"),
        ({"hand": ["K-spades", "K-spades"]}, "hand: K-spades is there 2 times; the deck holds it"),
        ({"hand": ["A-spades"]}, "hand: A-spades is also in the trick"),
        ({"hand": ELEVEN_CARDS}, "hand: holds 11 cards; a hand has at most 10"),
        ({"trick": "A-spades"}, "trick: must be a list of cards"),
        ({"trick": ["A-spades", "A-spades"]}, "trick: A-spades is there 2 times"),
        ({"trick": ["A-spades", "9-clubs", "9-diamonds"]}, "trick: holds 3 cards"),
        ({"card": ...}, "card: is missing"),
        ({"card": "Z-spades"}, "card: 'Z-spades' has no rank"),
        ({"trump": "bells"}, "trump: 'bells' is not a suit of this game"),
        ({"contract": "betl"}, "contract: 'betl' is not played in this game (known: suit)"),
        ({"contract": 3}, "contract: must be a name"),
        ({"tricks_done": 10}, "tricks_done: must be 0..9 (a deal has 10 tricks), not 10"),
        ({"tricks_done": -1}, "tricks_done: must be 0..9"),
        ({"tricks_done": "2"}, "tricks_done must be a whole number"),
        ({"declare_marriage": "yes"}, "declare_marriage must be true or false"),
        ({"announced_seven": True}, "announced_seven: there is no announced seven in thousand"),
        ({"colour": "red"}, "colour: unknown field"),
    ],
)
def test_malformed_question_names_the_field(changes: dict[str, Any], words: str) -> None:
    assert words in refused(**changes)


def test_a_card_outside_a_24_card_deck_is_refused() -> None:
    with pytest.raises(InvalidEntry, match=r"hand: '7-hearts' is not in this deck \(ranks 9 10"):
        judge_json({"ruleset": "ru", "hand": ["7-hearts"], "card": "7-hearts"})


def test_binokel_holds_every_card_twice_but_not_three_times() -> None:
    base = {"ruleset": "binokel", "trump": "hearts", "card": "A-clubs"}
    assert judge_json({**base, "hand": ["A-clubs", "A-clubs"]})["legal"] is True
    with pytest.raises(InvalidEntry, match="hand: A-clubs is also in the trick; the deck holds "
                                           "it 2 times"):
        judge_json({**base, "trick": ["A-clubs"], "hand": ["A-clubs", "A-clubs"]})


def test_marias_suit_game_needs_its_trump() -> None:
    with pytest.raises(InvalidEntry, match="trump: marias names its trump before the first trick"):
        judge_json({"ruleset": "marias", "contract": "suit", "hand": ["7-bells"],
                    "card": "7-bells"})


def test_marias_betl_has_no_trump_and_no_seven_and_no_marriages() -> None:
    base = {"ruleset": "marias", "contract": "betl", "hand": ["K-bells", "Q-bells"],
            "card": "K-bells"}
    with pytest.raises(InvalidEntry, match="trump: betl is played without trumps"):
        judge_json({**base, "trump": "hearts"})
    with pytest.raises(InvalidEntry, match="announced_seven: there is no announced seven in "
                                           "marias betl"):
        judge_json({**base, "announced_seven": True})
    with pytest.raises(InvalidEntry, match="declare_marriage: marriages are not declared with a "
                                           "card in marias betl"):
        judge_json({**base, "declare_marriage": True})


def test_binokel_marriages_are_melded_not_declared_with_a_card() -> None:
    with pytest.raises(InvalidEntry, match=r"declare_marriage: .* in binokel"):
        judge_json({"ruleset": "binokel", "trump": "hearts", "hand": ["K-clubs", "Q-clubs"],
                    "card": "K-clubs", "declare_marriage": True})


def test_cards_are_read_in_either_case_and_written_back_canonically() -> None:
    v = judge_json({"ruleset": "ru", "trump": "Hearts", "hand": ["q-CLUBS", "a-hearts"],
                    "card": " Q-clubs ", "trick": ["9-clubs"]})
    assert v["legal"] is True
    assert v["legal_cards"] == ["Q-clubs"]
