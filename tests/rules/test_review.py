"""The deal review, worked out by hand: clean deals of every game give no finding and the card
points of RULES.md; each planted offence gives exactly its finding, at its trick, with the card
that proves it (seed 004 art. II.8: "lze po sehrávce požádat o shlédnutí všech zdvihů i talonu").
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest

from rules import InvalidEntry
from rules.review import review_json

NAMES = ["Anna", "Boris", "Vera"]


def M(card: str) -> dict[str, Any]:  # noqa: N802  (a card played with "trump!" / a marriage)
    return {"card": card, "marriage": True}


# --------------------------------------------------------------------------- Mariáš

# Anna (declarer, hearts trump) lays 7-acorns and 8-acorns into the talon and keeps
# A 10 K Q 9 8 7 of hearts, A-bells, 10-bells, A-leaves.  Boris: J-hearts, K Q J 9 of bells,
# K Q J of leaves, 9 and 10 of acorns.  Vera: 8 7 of bells, 10 9 8 7 of leaves, A K Q J of acorns.
MARIAS_TRICKS: list[list[Any]] = [
    ["A-hearts", "J-hearts", "7-bells"],       # 1 Anna 10
    ["10-hearts", "9-bells", "7-leaves"],      # 2 Anna 10 (Boris has no heart left: any card)
    ["A-bells", "J-bells", "8-bells"],         # 3 Anna 10
    ["10-bells", "Q-bells", "8-leaves"],       # 4 Anna 10 (K does not beat the ten)
    ["A-leaves", "J-leaves", "9-leaves"],      # 5 Anna 10
    [M("K-hearts"), "9-acorns", "J-acorns"],   # 6 Anna 0, the hearts marriage (40)
    ["Q-hearts", "K-leaves", "Q-acorns"],      # 7 Anna 0
    ["9-hearts", "K-bells", "K-acorns"],       # 8 Anna 0
    ["8-hearts", "Q-leaves", "10-leaves"],     # 9 Anna 10
    ["7-hearts", "10-acorns", "A-acorns"],     # 10 Anna 20 + the last trick 10
]


def marias_deal(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "ruleset": "marias", "players": NAMES, "declarer": 0, "contract": "suit",
        "trump": "hearts", "tricks": copy.deepcopy(MARIAS_TRICKS),
        "talon": ["7-acorns", "8-acorns"],
    }
    doc.update(changes)
    return doc


def test_marias_clean_deal_has_no_finding_and_the_declarer_takes_all_90() -> None:
    r = review_json(marias_deal())
    assert r["findings"] == []
    assert r["complete"] is True
    assert [t["winner"] for t in r["tricks"]] == [0] * 10
    # aces and tens 10 each (80) plus the last trick 10 (RULES.md §2)
    assert r["card_points"] == [90, 0, 0]
    assert r["sides"] == {"declarer": 90, "defence": 0}
    assert r["last_trick"] == 0
    assert r["marriages"] == [["hearts"], [], []]
    assert r["total"] == 90


def test_marias_follow_suit_renonc_is_proven_by_the_later_bell() -> None:
    # Boris keeps J-bells back in trick 3 (plays K-leaves) and plays it in trick 7.
    tricks = copy.deepcopy(MARIAS_TRICKS)
    tricks[2][1] = "K-leaves"
    tricks[6][1] = "J-bells"
    r = review_json(marias_deal(tricks=tricks))
    assert [(f["trick"], f["seat"], f["broken"]) for f in r["findings"]] == [(3, 1, "follow_suit")]
    finding = r["findings"][0]
    assert finding["card"] == "K-leaves"
    # his hand after trick 2 held K-bells? no: Q, J and K of bells; the first he plays is Q (t. 4)
    assert finding["proof"] == {"card": "Q-bells", "place": "trick", "trick": 4, "seat": 1}
    assert finding["penalty"] == {"type": "renonc", "kind": 1}  # seed 004 III.1 nepřiznání barvy
    assert r["card_points"] == [90, 0, 0]


def test_marias_beat_renonc_names_the_card_that_would_have_beaten() -> None:
    # trick 1 led by Anna with 9-bells? Use a partial review: Anna leads J-bells, Boris plays
    # 9-bells holding K-bells (seed 004 III.2 nepřebití nižší karty).
    r = review_json({
        "ruleset": "marias", "players": NAMES, "declarer": 0, "trump": "hearts",
        "tricks": [["J-bells", "9-bells", "7-bells"]],
        "hands": [["A-hearts"], ["K-bells"], ["8-bells"]],
    })
    assert [(f["trick"], f["seat"], f["broken"]) for f in r["findings"]] == [(1, 1, "beat")]
    assert r["findings"][0]["proof"] == {"card": "K-bells", "place": "hand", "seat": 1}
    assert r["findings"][0]["penalty"] == {"type": "renonc", "kind": 2}
    assert r["complete"] is False and r["next_seat"] == 0  # Anna's J-bells holds the trick


def test_marias_trump_and_overtrump_renoncs() -> None:
    r = review_json({
        "ruleset": "marias", "players": NAMES, "declarer": 0, "trump": "hearts",
        "tricks": [["A-bells", "8-bells", "7-leaves"],   # Vera holds hearts: must trump
                   ["A-leaves", "K-hearts", "9-hearts"]],  # Vera holds A-hearts: must overtrump
        "hands": [[], [], ["A-hearts"]],
    })
    got = [(f["trick"], f["seat"], f["broken"], f["proof"]["card"]) for f in r["findings"]]
    assert got == [(1, 2, "trump", "9-hearts"), (2, 2, "overtrump", "A-hearts")]
    assert r["findings"][0]["proof"]["trick"] == 2


def test_marias_seven_played_early_breaks_seed_004_ii_13() -> None:
    # "musí zůstat jako poslední trumf a nesmí být vynesena dříve než v posledním zdvihu"
    r = review_json({
        "ruleset": "marias", "players": NAMES, "declarer": 0, "trump": "hearts", "seven": 0,
        "tricks": [["7-hearts", "A-bells", "8-bells"]],
        "hands": [["A-leaves"], [], []],
    })
    assert [(f["trick"], f["seat"], f["broken"]) for f in r["findings"]] == [
        (1, 0, "seven_too_early")
    ]
    assert r["findings"][0]["proof"] == {"card": "A-leaves", "place": "hand", "seat": 0}
    assert r["findings"][0]["penalty"] == {"type": "renonc", "kind": 11}


def test_marias_false_marriage_is_proven_by_where_the_partner_was() -> None:
    tricks = copy.deepcopy(MARIAS_TRICKS)
    tricks[6][1] = M("K-leaves")  # Boris announces leaves with K; Q-leaves is his (trick 9)...
    tricks[3][1] = M("Q-bells")  # ...but K-bells is his too (trick 8): a sound bells marriage
    r = review_json(marias_deal(tricks=tricks))
    assert r["findings"] == []
    assert r["marriages"] == [["hearts"], ["bells", "leaves"], []]
    tricks[1][2] = M("K-acorns")  # Vera announces acorns in trick 2; her Q-acorns is trick 7
    tricks[7][2] = "7-leaves"
    r = review_json(marias_deal(tricks=tricks))
    assert r["findings"] == [] and r["marriages"][2] == ["acorns"]
    r = review_json({
        "ruleset": "marias", "players": NAMES, "declarer": 0, "trump": "hearts",
        "tricks": [["Q-bells", M("K-bells"), "7-bells"]],
        "hands": [[], [], []],
    })
    assert [(f["seat"], f["broken"]) for f in r["findings"]] == [(1, "marriage_incomplete")]
    assert r["findings"][0]["proof"] == {"card": "Q-bells", "place": "trick", "trick": 1,
                                         "seat": 0}
    assert r["marriages"] == [[], [], []]


def test_marias_ace_in_the_talon_is_renonc_12() -> None:
    r = review_json(marias_deal(talon=["A-acorns", "8-acorns"],
                                tricks=[["A-hearts", "J-hearts", "7-bells"]],
                                hands=[[], [], ["7-acorns"]]))
    assert [(f["broken"], f["seat"], f["card"]) for f in r["findings"]] == [
        ("talon_ace_ten", 0, "A-acorns")
    ]
    assert r["findings"][0]["penalty"] == {"type": "renonc", "kind": 12}


def test_marias_betl_beats_in_the_natural_order() -> None:
    # betl: 7 8 9 10 U O K A (RULES.md §4) - the jack beats the ten, so Boris had to play it
    r = review_json({
        "ruleset": "marias", "players": NAMES, "declarer": 0, "contract": "betl",
        "tricks": [["10-bells", "9-bells", "7-bells"]],
        "hands": [[], ["J-bells"], []],
    })
    assert [(f["seat"], f["broken"]) for f in r["findings"]] == [(1, "beat")]
    # in a suit game the ten outranks the jack: no finding
    r = review_json({
        "ruleset": "marias", "players": NAMES, "declarer": 0, "trump": "hearts",
        "tricks": [["10-bells", "9-bells", "7-bells"]],
        "hands": [[], ["J-bells"], []],
    })
    assert r["findings"] == []


def test_marias_durch_winner_in_the_natural_order() -> None:
    r = review_json({
        "ruleset": "marias", "players": NAMES, "declarer": 2, "contract": "durch",
        "tricks": [["10-leaves", "K-leaves", "J-leaves"]],
    })
    assert r["findings"] == [] and r["tricks"][0]["winner"] == 0  # Vera led, Anna's K wins
    assert r["tricks"][0]["leader"] == 2


def test_marias_durch_played_out_clean_declarer_takes_every_trick() -> None:
    # Anna holds A K Q J of hearts, A K Q of bells and of leaves and leads from the top; the
    # natural order (RULES.md §4) lets nobody beat her, and every defender follows when able.
    tricks = [
        ["A-hearts", "10-hearts", "8-hearts"], ["K-hearts", "9-hearts", "7-hearts"],
        ["Q-hearts", "A-acorns", "J-acorns"], ["J-hearts", "K-acorns", "10-acorns"],
        ["A-bells", "J-bells", "8-bells"], ["K-bells", "10-bells", "7-bells"],
        ["Q-bells", "9-bells", "9-acorns"], ["A-leaves", "J-leaves", "9-leaves"],
        ["K-leaves", "10-leaves", "8-leaves"], ["Q-leaves", "Q-acorns", "7-leaves"],
    ]
    r = review_json({"ruleset": "marias", "players": NAMES, "declarer": 0, "contract": "durch",
                     "tricks": tricks, "talon": ["7-acorns", "8-acorns"]})
    assert r["findings"] == [] and r["complete"] is True
    assert [t["winner"] for t in r["tricks"]] == [0] * 10
    assert [t["trump"] for t in r["tricks"]] == [None] * 10
    # durch is played for the tricks: no card points, no last-trick 10 (issue #25 item 5)
    assert r["card_points"] == [0, 0, 0] and r["total"] == 0
    assert r["tricks_taken"] == [10, 0, 0] and r["result"] == "won"


def test_a_one_card_talon_typed_by_mistake_is_a_data_error_not_renonc_7() -> None:
    # issue #25 item 5: 8-acorns is in no trick and not in the talon, so the talon was mistyped
    r = review_json(marias_deal(talon=["7-acorns"]))
    problems = [(f["problem"], f.get("penalty")) for f in r["findings"]]
    assert ("talon_size", None) in problems
    assert ("card_missing", None) in problems  # 8-acorns is nowhere
    assert all(f.get("penalty") is None for f in r["findings"])


def test_marias_a_three_card_talon_the_cards_account_for_is_renonc_7() -> None:
    # seed 004 art. III.7 "nesprávný počet karet v talonu": Anna laid 7-hearts away with the
    # acorns; the five tricks, the hands shown and the talon hold every card of the pack once.
    r = review_json(marias_deal(
        tricks=copy.deepcopy(MARIAS_TRICKS[:5]),
        talon=["7-acorns", "8-acorns", "7-hearts"],
        hands=[["K-hearts", "Q-hearts", "9-hearts", "8-hearts"],
               ["9-acorns", "K-leaves", "K-bells", "Q-leaves", "10-acorns"],
               ["J-acorns", "Q-acorns", "K-acorns", "10-leaves", "A-acorns"]]))
    assert [(f["problem"], f["penalty"]) for f in r["findings"]] == [
        ("talon_size", {"type": "renonc", "kind": 7})]


# --------------------------------------------------------------------------- Thousand

# ru: Anna declares; 8 tricks of 8 cards each (the talon went out), hearts declared in trick 1.
RU_TRICKS: list[list[Any]] = [
    [M("K-hearts"), "9-hearts", "9-clubs"],    # 1 Anna 4, hearts trump from here
    ["A-hearts", "J-hearts", "J-clubs"],       # 2 Anna 15
    ["10-hearts", "J-spades", "Q-clubs"],      # 3 Anna 15
    ["Q-hearts", "Q-spades", "K-clubs"],       # 4 Anna 10
    ["A-spades", "K-spades", "10-clubs"],      # 5 Anna 25
    ["10-spades", "K-diamonds", "A-clubs"],    # 6 Anna 25
    ["9-spades", "10-diamonds", "J-diamonds"],  # 7 Anna 12
    ["9-diamonds", "A-diamonds", "Q-diamonds"],  # 8 Boris 14
]


def ru_deal(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"ruleset": "ru", "players": NAMES, "declarer": 0,
                           "tricks": copy.deepcopy(RU_TRICKS)}
    doc.update(changes)
    return doc


def test_ru_clean_deal_card_points_add_up_to_120() -> None:
    r = review_json(ru_deal())
    assert r["findings"] == []
    assert [t["winner"] for t in r["tricks"]] == [0, 0, 0, 0, 0, 0, 0, 1]
    assert r["card_points"] == [106, 14, 0]
    assert sum(r["card_points"]) == 120
    assert r["marriages"] == [["hearts"], [], []]
    assert [t["trump"] for t in r["tricks"]] == ["hearts"] * 8


def test_ru_a_second_marriage_changes_the_trump_again() -> None:
    # RULES.md §1: a declared marriage "makes that suit trump until the next declaration"
    r = review_json({
        "ruleset": "ru", "players": NAMES, "declarer": 0,
        "tricks": [[M("K-hearts"), "9-hearts", "J-hearts"],
                   [M("Q-diamonds"), "10-hearts", "9-diamonds"],
                   ["A-clubs", "A-hearts", "10-diamonds"]],  # Vera trumps with diamonds
        "hands": [["Q-hearts", "K-diamonds"], [], []],
    })
    assert r["findings"] == []
    assert [t["trump"] for t in r["tricks"]] == ["hearts", "diamonds", "diamonds"]
    assert [t["winner"] for t in r["tricks"]] == [0, 0, 2]  # Boris's A-hearts is no trump now
    assert r["marriages"] == [["hearts", "diamonds"], [], []]
    assert r["card_points"] == [4 + 2 + 3 + 10, 0, 11 + 11 + 10]


def test_ru_revoke_in_trick_1_is_proven_by_the_jack_of_hearts_in_trick_2() -> None:
    tricks = copy.deepcopy(RU_TRICKS)
    tricks[0][1], tricks[2][1] = "J-spades", "9-hearts"
    r = review_json(ru_deal(tricks=tricks))
    assert [(f["trick"], f["seat"], f["broken"]) for f in r["findings"]] == [(1, 1, "follow_suit")]
    assert r["findings"][0]["proof"] == {"card": "J-hearts", "place": "trick", "trick": 2,
                                         "seat": 1}
    assert r["findings"][0]["penalty"] == {"type": "penalty", "reason": "revoke"}


def test_ru_must_trump_after_the_declared_marriage() -> None:
    # seed 001 "если нет масти, обязателен снос козыря": Vera, void in spades, keeps a heart
    r = review_json({
        "ruleset": "ru", "players": NAMES, "declarer": 0,
        "tricks": [[M("K-hearts"), "J-hearts", "9-hearts"],
                   ["A-spades", "9-spades", "K-clubs"]],
        "hands": [["Q-hearts"], [], ["10-hearts"]],
    })
    assert [(f["trick"], f["seat"], f["broken"]) for f in r["findings"]] == [(2, 2, "trump")]
    assert r["findings"][0]["proof"] == {"card": "10-hearts", "place": "hand", "seat": 2}


def test_ru_no_trump_before_a_marriage_so_no_trump_obligation() -> None:
    r = review_json({
        "ruleset": "ru", "players": NAMES, "declarer": 0,
        "tricks": [["A-spades", "9-spades", "K-clubs"]],
        "hands": [[], [], ["9-hearts"]],
    })
    assert r["findings"] == [] and r["trump"] is None


def test_ru_trump_called_with_a_card_that_is_no_king_or_queen() -> None:
    r = review_json({
        "ruleset": "ru", "players": NAMES, "declarer": 0,
        "tricks": [[M("A-hearts"), "9-hearts", "9-clubs"]], "hands": [[], [], []],
    })
    assert [(f["seat"], f["broken"]) for f in r["findings"]] == [(0, "marriage_incomplete")]
    assert r["findings"][0]["proof"] is None and r["trump"] is None


def test_ru_marriage_declared_without_leading() -> None:
    r = review_json({
        "ruleset": "ru", "players": NAMES, "declarer": 0,
        "tricks": [["A-spades", "9-spades", M("K-clubs")]],
        "hands": [[], [], ["Q-clubs"]],
    })
    assert [(f["seat"], f["broken"]) for f in r["findings"]] == [(2, "marriage_not_leading")]
    assert r["marriages"] == [[], [], []] and r["trump"] is None


def test_tisic_marriage_in_the_first_trick_is_too_early_and_must_beat() -> None:
    # RULES.md §1.2: "not before the first trick of the deal is complete"
    r = review_json({
        "ruleset": "tisic", "players": NAMES, "declarer": 0,
        "tricks": [[M("K-clubs"), "9-clubs", "8-clubs"]],
        "hands": [["Q-clubs"], ["A-clubs"], []],
    })
    got = [(f["trick"], f["seat"], f["broken"]) for f in r["findings"]]
    # Boris also had to beat the king with his ace (seed 000: "musí jít nutně přes")
    assert got == [(1, 0, "marriage_too_early"), (1, 1, "beat")]
    # the table played on with clubs as trump, but the marriage does not count
    assert r["marriages"] == [[], [], []]
    r = review_json({
        "ruleset": "tisic", "players": NAMES, "declarer": 0,
        "tricks": [["A-spades", "7-spades", "8-spades"],
                   [M("K-hearts"), "7-hearts", "8-hearts"]],
        "hands": [["Q-hearts"], [], []],
    })
    assert r["findings"] == []
    assert r["marriages"] == [["hearts"], [], []] and r["trump"] == "hearts"


def test_tisic_talon_ace_is_a_finding_and_discards_count_for_the_declarer() -> None:
    r = review_json({
        "ruleset": "tisic", "players": NAMES, "declarer": 1,
        "tricks": [["A-spades", "7-spades", "8-spades"]], "talon": ["10-clubs", "K-clubs"],
        "hands": [[], [], []],
    })
    assert [(f["broken"], f["seat"], f["card"]) for f in r["findings"]] == [
        ("talon_ace_ten", 1, "10-clubs")
    ]
    assert r["card_points"] == [0, 11 + 14, 0]  # Boris led and won A-spades; talon 10 + 4


def test_one_thousand_has_no_trump_obligation() -> None:
    # seed 003: "if they don't have one, they can play any card" - and no duty to trump either
    r = review_json({
        "ruleset": "one-thousand", "players": NAMES, "declarer": 0,
        "tricks": [[M("K-hearts"), "9-hearts", "J-hearts"],
                   ["A-spades", "9-spades", "K-clubs"]],
        "hands": [["Q-hearts"], [], ["10-hearts"]],
    })
    assert r["findings"] == []


def test_thousand_obligations_come_from_the_sheet_options() -> None:
    doc = {
        "ruleset": "ru", "players": NAMES, "declarer": 0,
        "tricks": [["J-spades", "9-spades", "K-clubs"]],
        "hands": [[], ["A-spades"], []],
    }
    assert review_json(doc)["findings"] == []  # ru: "Перебивать не обязательно"
    found = review_json({**doc, "options": {"must_beat": True}})["findings"]
    assert [(f["seat"], f["broken"]) for f in found] == [(1, "beat")]
    for edition in (1, 2):  # a stored sheet's edition is read as the arbiter reads it
        assert review_json({**doc, "edition": edition})["findings"] == []


# --------------------------------------------------------------------------- Binokel


def test_binokel_twins_first_played_wins_and_proof_is_the_later_twin() -> None:
    # seed 002: "Wenn zwei gleiche Karten gespielt werden, gewinnt ... der die Karte zuerst
    # ausgespielt hat."  Boris holds both 10-clubs: the first he plays afterwards is the proof.
    r = review_json({
        "ruleset": "binokel", "players": NAMES, "declarer": 0, "trump": "hearts",
        "tricks": [["A-clubs", "A-clubs", "9-clubs"],
                   ["K-clubs", "9-spades", "Q-clubs"],
                   ["9-clubs", "10-clubs", "J-clubs"]],
        "hands": [[], ["10-clubs"], []],
    })
    assert [t["winner"] for t in r["tricks"]] == [0, 0, 1]
    assert [(f["trick"], f["seat"], f["broken"]) for f in r["findings"]] == [(2, 1, "follow_suit")]
    assert r["findings"][0]["proof"] == {"card": "10-clubs", "place": "trick", "trick": 3,
                                         "seat": 1}
    # A, 10, K one point each: Anna A A + K, Boris 10
    assert r["card_points"] == [3, 1, 0]


def test_binokel_clean_deal_with_the_dapp_adds_up_to_25() -> None:
    # Anna (declarer, hearts) holds both aces and tens of hearts, diamonds and clubs, both aces
    # and a ten of spades; Boris the kings and Obers, Vera the Unters and nines; Anna lays off
    # 10, O and 9 of spades.  She leads from the top; nobody can beat, everybody follows.
    tricks = []
    for suit in ("hearts", "diamonds", "clubs"):
        tricks += [[f"A-{suit}", f"K-{suit}", f"J-{suit}"]] * 2
        tricks += [[f"10-{suit}", f"Q-{suit}", f"9-{suit}"]] * 2
    tricks += [["A-spades", "K-spades", "J-spades"]] * 2 + [["10-spades", "Q-spades", "9-spades"]]
    r = review_json({"ruleset": "binokel", "players": NAMES, "declarer": 0, "trump": "hearts",
                     "tricks": tricks, "talon": ["10-spades", "Q-spades", "9-spades"]})
    assert r["findings"] == [] and r["complete"] is True and len(r["tricks"]) == 15
    # seed 002: A, 10, K one each (23 in the tricks, 1 laid off) and the last trick 1
    assert r["card_points"] == [25, 0, 0] and r["talon_points"] == 1


def test_binokel_stichzwang_and_dapp_points() -> None:
    r = review_json({
        "ruleset": "binokel", "players": NAMES, "declarer": 0, "trump": "hearts",
        "tricks": [["K-clubs", "9-clubs", "J-clubs"]],
        "talon": ["A-spades", "10-spades", "9-spades"],
        "hands": [[], ["A-clubs"], []],
    })
    assert [(f["seat"], f["broken"], f["proof"]["card"]) for f in r["findings"]] == [
        (1, "beat", "A-clubs")
    ]
    assert r["findings"][0]["penalty"] is None  # Binokel writes no penalty row
    assert r["card_points"] == [1 + 2, 0, 0]  # K in the trick; A and 10 laid off count for him


def test_binokel_scale_10_multiplies_the_points() -> None:
    r = review_json({
        "ruleset": "binokel", "players": NAMES, "declarer": 0, "trump": "hearts",
        "options": {"scale": 10}, "tricks": [["K-clubs", "A-clubs", "J-clubs"]],
    })
    assert r["card_points"] == [0, 20, 0] and r["total"] == 250


# --------------------------------------------------------------------------- inconsistencies


def test_a_card_twice_and_a_card_missing() -> None:
    tricks = copy.deepcopy(MARIAS_TRICKS)
    tricks[9][2] = "A-hearts"  # Vera's A-acorns written as A-hearts: twice, and one missing
    r = review_json(marias_deal(tricks=tricks))
    problems = sorted((f["problem"], f["card"]) for f in r["findings"] if f["kind"] != "offence")
    assert problems == [("card_missing", "A-acorns"), ("card_twice", "A-hearts")]
    twice = next(f for f in r["findings"] if f.get("problem") == "card_twice")
    assert twice["params"]["tricks"] == [1, 10]


def test_a_trick_of_two_cards_before_the_last_stops_the_review() -> None:
    r = review_json(marias_deal(tricks=[["A-hearts", "J-hearts"], ["10-hearts", "9-bells",
                                                                   "7-leaves"]]))
    assert [(f["problem"], f["trick"]) for f in r["findings"]] == [("trick_size", 1)]


def test_cards_left_in_a_hand_after_the_last_trick() -> None:
    r = review_json(marias_deal(hands=[["7-acorns"], [], []], talon=["8-acorns", "7-acorns"]))
    assert "hand_left" in [f.get("problem") for f in r["findings"]]


def test_the_talon_of_a_complete_deal_is_inferred_from_the_unseen_cards() -> None:
    r = review_json(marias_deal(talon=None))
    assert r["talon"] == ["7-acorns", "8-acorns"] and r["talon_inferred"] is True
    assert r["findings"] == []


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"ruleset": "skat"}, "ruleset"),
        ({"declarer": 5}, "declarer"),
        ({"trump": None}, "trump"),
        ({"contract": "betl", "trump": "hearts"}, "trump"),
        ({"tricks": [["A-hearts", "7-clubs", "8-bells"]]}, "tricks[0]"),
        ({"tricks": [[M("9-hearts"), "7-bells", "8-bells"]], "contract": "betl", "trump": None},
         "tricks[0]"),
        ({"tricks": [*MARIAS_TRICKS, ["7-acorns", "8-acorns", "9-acorns"]]}, "tricks"),
        ({"colour": "red"}, "colour"),
        ({"edition": 7}, "edition"),
    ],
)
def test_malformed_deals_name_the_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidEntry) as caught:
        review_json(marias_deal(**change))
    assert caught.value.message.startswith(field)


def test_command_line_review(tmp_path: Any) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(ru_deal()), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "rules", "review", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["card_points"] == [106, 14, 0]
    path.write_text(json.dumps({"ruleset": "ru"}), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "rules", "review", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and done.stderr.startswith("deal: declarer")


def test_bench_reports_reviews_per_second() -> None:
    done = subprocess.run([sys.executable, "-m", "rules", "bench", "--review", "--deals", "20",
                           "--repeat", "1"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["reviews_per_second_median"] > 0
