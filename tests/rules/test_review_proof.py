"""Issue #25: the review shows a finding only when the cards prove it, with the rule it proves;
who led each trick is part of the deal.  The examples of the issue, worked out by hand."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

from rules.review import review_json
from tests.rules.test_review import MARIAS_TRICKS, NAMES, M, marias_deal

# --------------------------------------------------------------------------- pending marriages

# Тысяча (ru): Anna leads Д♣ as a marriage in trick 1 and shows К♣ only in trick 4.  Trumps are
# clubs from her "trump!" on (the card order 9 J Q K 10 A, RULES.md §1).
RU_TRICKS: list[list[Any]] = [
    [M("Q-clubs"), "9-clubs", "9-diamonds"],   # 1 Anna (Vera has no club)
    ["A-hearts", "9-hearts", "10-hearts"],     # 2 Anna
    ["A-spades", "9-spades", "10-spades"],     # 3 Anna
    ["K-clubs", "J-clubs", "10-diamonds"],     # 4 Anna: the king shows the marriage was sound
]


def ru_deal(tricks: list[list[Any]]) -> dict[str, Any]:
    return {"ruleset": "ru", "players": NAMES, "declarer": 0, "tricks": tricks}


def test_a_russian_trick_1_marriage_waits_for_its_king_and_accuses_no_one() -> None:
    for cut in range(1, 4):  # after tricks 1, 2 and 3 the king has not been shown
        r = review_json(ru_deal(copy.deepcopy(RU_TRICKS[:cut])))
        assert r["findings"] == []
        assert r["pending"] == [{"what": "marriage", "trick": 1, "seat": 0, "card": "Q-clubs",
                                 "partner": "K-clubs"}]
        assert r["marriages"] == [[], [], []]
        assert r["trump"] == "clubs"  # the table plays on with it
    r = review_json(ru_deal(copy.deepcopy(RU_TRICKS)))
    assert r["findings"] == [] and r["pending"] == []
    assert r["marriages"] == [["clubs"], [], []]


def test_a_marriage_is_false_once_its_partner_shows_up_elsewhere() -> None:
    tricks = copy.deepcopy(RU_TRICKS)
    tricks[3] = ["J-clubs", "K-clubs", "10-diamonds"]  # Boris holds the king: Anna's was false
    tricks[0][1] = "9-clubs"
    r = review_json(ru_deal(tricks))
    found = [(f["trick"], f["seat"], f["broken"], f["proof"]) for f in r["findings"]
             if f["broken"] == "marriage_incomplete"]
    assert found == [(1, 0, "marriage_incomplete",
                      {"card": "K-clubs", "place": "trick", "trick": 4, "seat": 1})]
    assert r["pending"] == []


def test_a_marias_marriage_announced_in_trick_6_waits_for_the_queen_in_trick_9() -> None:
    # the issue's example: K♥ announced in trick 6, the queen only in trick 9 (Anna leads both)
    tricks = copy.deepcopy(MARIAS_TRICKS)
    tricks[6][0], tricks[8][0] = "8-hearts", "Q-hearts"
    for cut in (6, 7, 8):
        r = review_json(marias_deal(tricks=copy.deepcopy(tricks[:cut]), talon=None))
        assert r["findings"] == []
        assert [(p["trick"], p["card"], p["partner"]) for p in r["pending"]] == [
            (6, "K-hearts", "Q-hearts")]
    r = review_json(marias_deal(tricks=copy.deepcopy(tricks[:9]), talon=None))
    assert r["findings"] == [] and r["pending"] == [] and r["marriages"][0] == ["hearts"]
    assert review_json(marias_deal(tricks=tricks))["card_points"] == [90, 0, 0]


def test_the_cli_accuses_no_one_on_a_partial_deal_without_hands(tmp_path: Any) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(ru_deal(copy.deepcopy(RU_TRICKS[:2]))), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "rules", "review", str(path)],
                         capture_output=True, text=True, check=True)
    r = json.loads(out.stdout)
    assert r["findings"] == [] and len(r["pending"]) == 1


# --------------------------------------------------------------------------- the kind, once proven

# Mariáš, hearts trump, Anna leads.  In trick 2 Boris throws K-acorns on the bells led.  Trick 3
# shows he held a trump (8-hearts): a renonc is proven — he either kept a bell back or did not
# trump — but not which.  Trick 4 shows Q-bells: he did not follow suit (seed 004 art. III.1
# "nepřiznání barvy").
KIND_TRICKS: list[list[str]] = [
    ["A-leaves", "7-leaves", "8-leaves"],      # 1 Anna
    ["A-bells", "K-acorns", "9-bells"],        # 2 Anna; Boris's K-acorns is the renonc
    ["10-leaves", "8-hearts", "9-leaves"],     # 3 Boris trumps
    ["Q-bells", "10-bells", "7-hearts"],       # 4 Boris leads Q-bells: he held a bell in trick 2
]


def kind_deal(n: int) -> dict[str, Any]:
    return {"ruleset": "marias", "players": NAMES, "declarer": 0, "trump": "hearts",
            "tricks": copy.deepcopy(KIND_TRICKS[:n])}


def test_a_renonc_is_proven_before_its_kind_and_named_once_the_cards_show_it() -> None:
    assert review_json(kind_deal(2))["findings"] == []  # nothing of Boris's hand shown yet
    r = review_json(kind_deal(3))
    [f] = r["findings"]
    assert (f["trick"], f["seat"], f["card"], f["broken"]) == (2, 1, "K-acorns", "undetermined")
    assert f["candidates"] == ["follow_suit", "trump"]
    assert f["proof"] == {"card": "8-hearts", "place": "trick", "trick": 3, "seat": 1}
    assert f["penalty"] == {"type": "renonc", "kind": 1}  # either way kind 1 (seed 004 III.1)
    r = review_json(kind_deal(4))
    [f] = r["findings"]
    assert (f["trick"], f["broken"], f["proof"]["card"]) == (2, "follow_suit", "Q-bells")
    assert "candidates" not in f


# --------------------------------------------------------------------------- who led each trick

LEAD_TRICKS: list[list[str]] = [
    ["A-hearts", "J-hearts", "7-bells"],       # 1 Anna
    ["10-hearts", "9-bells", "7-leaves"],      # 2 Anna
    ["A-bells", "J-bells", "8-bells"],         # 3 Anna
    ["K-leaves", "9-leaves", "A-leaves"],      # 4 led by Boris, Vera, Anna: out of turn
]
HANDS = [["K-hearts"], ["10-leaves"], ["K-bells"]]  # what each still holds


def test_a_lead_out_of_turn_is_renonc_3_against_the_leader_and_nothing_else() -> None:
    # seed 004 art. III.3: "nesprávné vynesení"
    r = review_json(marias_deal(tricks=copy.deepcopy(LEAD_TRICKS), talon=None, hands=HANDS,
                                leaders=[None, None, None, 1]))
    assert [(f["trick"], f["seat"], f["broken"], f["card"], f["penalty"])
            for f in r["findings"]] == [
        (4, 1, "lead_out_of_turn", "K-leaves", {"type": "renonc", "kind": 3})]
    # the proof: Anna took trick 3 (with A-bells), so Anna was to lead trick 4
    assert r["findings"][0]["proof"] == {"card": "A-bells", "place": "trick", "trick": 3,
                                         "seat": 0}
    assert r["tricks"][3]["leader"] == 1
    assert [c["seat"] for c in r["tricks"][3]["cards"]] == [1, 2, 0]


def test_without_the_leaders_the_same_cards_accuse_the_innocent() -> None:
    # what issue #25 reported: laid out from Anna, trick 4 gives renoncs against players who
    # revoked nothing; with the leader recorded, none (the test above)
    r = review_json(marias_deal(tricks=copy.deepcopy(LEAD_TRICKS), talon=None, hands=HANDS))
    # Vera's 9-leaves is taken for Boris's, and his 10-leaves "proves" he did not beat
    assert [(f["trick"], f["seat"], f["broken"]) for f in r["findings"]] == [(4, 1, "beat")]


def test_a_trick_recorded_for_the_wrong_winner_is_a_data_error_at_that_trick() -> None:
    tricks = [*copy.deepcopy(LEAD_TRICKS[:2]), ["Q-leaves", "10-leaves", "A-leaves"]]
    r = review_json(marias_deal(tricks=tricks, talon=None, winners=[None, 1]))
    assert [(f["kind"], f["problem"], f["trick"], f["params"]) for f in r["findings"]] == [
        ("inconsistency", "trick_winner", 2, {"trick": 2, "recorded": 1, "winner": 0})]
    assert r["tricks"][2]["leader"] == 1  # the table played on with who gathered it
    assert r["tricks"][1]["winner"] == 0 and r["tricks"][1]["recorded_winner"] == 1


def test_a_wrongly_gathered_trick_no_longer_moves_a_100_marriage() -> None:
    # Тысяча: Anna's A♠ takes trick 1, but Boris gathered it and led trick 2 with "trump!" on
    # К♥ (hearts, 100); he shows Д♥ in trick 3.  Laid out from the cards alone, every card of
    # tricks 2 and 3 is seated wrongly and the 100 goes to Anna; with who gathered trick 1
    # recorded, it is Boris's.
    tricks = [["A-spades", "9-spades", "10-spades"], [M("K-hearts"), "9-hearts", "10-hearts"],
              ["J-diamonds", "Q-hearts", "9-diamonds"]]
    plain = review_json(ru_deal(copy.deepcopy(tricks)))
    assert plain["marriages"] == [["hearts"], [], []]  # what the issue reported
    r = review_json({**ru_deal(copy.deepcopy(tricks)), "winners": [1]})
    assert [(f["kind"], f.get("problem"), f["trick"]) for f in r["findings"]] == [
        ("inconsistency", "trick_winner", 1)]
    assert r["marriages"] == [[], ["hearts"], []]
    assert [t["leader"] for t in r["tricks"]] == [0, 1, 0]


def test_leaders_and_winners_are_checked_as_seats() -> None:
    import pytest

    from rules import InvalidEntry

    with pytest.raises(InvalidEntry, match="leaders"):
        review_json(marias_deal(leaders=[None, 5]))
    with pytest.raises(InvalidEntry, match="winners"):
        review_json(marias_deal(winners="Anna"))


# --------------------------------------------------------------------------- betl and durch


def test_a_betl_shows_no_card_points_and_is_lost_once_the_declarer_takes_a_trick() -> None:
    # betl, the natural order 7 8 9 10 J Q K A (RULES.md §4): Anna, the declarer, leads 7-hearts
    # and Vera takes trick 1; Vera leads 7-bells and Anna, with no other bell, takes it with A.
    tricks = [["7-hearts", "8-hearts", "9-hearts"], ["7-bells", "A-bells", "8-bells"]]
    doc = {"ruleset": "marias", "players": NAMES, "declarer": 0, "contract": "betl",
           "tricks": tricks[:1]}
    r = review_json(doc)
    assert r["card_points"] == [0, 0, 0] and r["total"] == 0 and r["tricks"][0]["points"] == 0
    assert r["tricks_taken"] == [0, 0, 1] and r["result"] is None  # not decided yet
    r = review_json({**doc, "tricks": tricks})
    assert r["tricks_taken"] == [1, 0, 1] and r["result"] == "lost"


# Tisíc, the issue's own example: Boris throws 9♦ on the hearts led in trick 3.  Trick 4 shows
# his 8♣ (a trump since Anna's clubs marriage in trick 2): a renonc is proven, but not whether he
# kept a heart back or did not trump; trick 5 shows Sp♥ — he did not follow suit.
TISIC_TRICKS: list[list[Any]] = [
    ["A-spades", "7-spades", "8-spades"],      # 1 Anna
    [M("K-clubs"), "7-clubs", "9-clubs"],      # 2 Anna: clubs are trump
    ["A-hearts", "9-diamonds", "7-hearts"],    # 3 Anna; Boris's 9♦ is the renonc
    ["A-diamonds", "8-clubs", "7-diamonds"],   # 4 Boris trumps with 8♣
    ["J-hearts", "8-hearts", "10-hearts"],     # 5 Boris leads Sp♥: he held a heart in trick 3
]


def test_tisic_the_kind_is_not_guessed_from_the_first_card_shown() -> None:
    def at(n: int) -> dict[str, Any]:
        return review_json({"ruleset": "tisic", "players": NAMES, "declarer": 0,
                            "tricks": copy.deepcopy(TISIC_TRICKS[:n])})

    assert at(3)["findings"] == []
    [f] = at(4)["findings"]  # what the page used to call "nezatrumfování" here
    assert (f["trick"], f["seat"], f["broken"], f["candidates"]) == (
        3, 1, "undetermined", ["follow_suit", "trump"])
    assert f["proof"] == {"card": "8-clubs", "place": "trick", "trick": 4, "seat": 1}
    assert f["penalty"] == {"type": "penalty", "reason": "revoke"}  # the same either way
    [f] = at(5)["findings"]
    assert (f["trick"], f["broken"], f["proof"]["card"], f["proof"]["trick"]) == (
        3, "follow_suit", "J-hearts", 5)
