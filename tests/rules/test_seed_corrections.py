"""The rules as the seed texts write them (rules edition 2), one test per rule, each citing its
seed line; and the same sheets under edition 1, which stored sheets keep."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rules
from rules.thousand import THOUSAND

from .thousand_helpers import custom, deal, problem, sheet, totals

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def concession(declarer: int, contract: int) -> dict[str, object]:
    return {"type": "concession", "declarer": declarer, "contract": contract}


def revoke(seat: int) -> dict[str, object]:
    return {"type": "penalty", "seat": seat, "reason": "revoke"}


def redeal(reason: str) -> dict[str, object]:
    return {"type": "redeal", "reason": reason}


def dealers(s: rules.Sheet) -> list[int | None]:
    return [r.dealer for r in rules.score(s).rows]


# ------------------------------------------------------------------- 1. the Czech obligation


def test_tisic_obligation_lies_with_the_seat_on_the_dealers_right() -> None:
    """Seed 000: "hráč po jeho levé ruce kope karty a po pravé ruce má povinnost. Hraje se běžně
    ve směru hodinových ručiček." Anna deals; play runs clockwise, so the seat on her right is
    the one before her in playing order: Vera."""
    assert THOUSAND.opening_holder(sheet("tisic").rules, 0, 3) == 2
    assert rules.problems(sheet("tisic", [deal(2, 50, [10, 10, 100])])) == []
    refused = problem(sheet("tisic", [deal(1, 50, [10, 100, 10])]))
    assert refused.code == "contract_low"
    assert refused.params["seat"] == 2 and refused.params["seats"] == [0, 1]
    assert str(refused).endswith(
        "Vera has the obligation this deal: only Vera may play 50; Anna and Boris must bid at "
        "least 60")
    assert rules.problems(sheet("tisic", [deal(1, 60, [10, 100, 10])])) == []


def test_tisic_obligation_holder_deals_next() -> None:
    """Seed 000: "Se povinnost posouvá o jednoho. Hráč který měl povinnost míchá a rozdává." The
    deal passes to the previous column, and the obligation with it."""
    entries = [deal(2, 50, [10, 10, 100]), deal(1, 50, [10, 100, 10]),
               deal(0, 50, [100, 10, 10]), deal(2, 50, [10, 10, 100])]
    s = sheet("tisic", entries)
    assert dealers(s) == [0, 2, 1, 0]
    assert rules.problems(s) == []


def test_tisic_obligation_of_edition_1_stays_with_the_seat_after_the_dealer() -> None:
    entries = [deal(1, 50, [10, 100, 10]), deal(2, 50, [10, 10, 100])]
    s = sheet("tisic", entries, edition=1)
    assert rules.problems(s) == [] and dealers(s) == [0, 1]


# ------------------------------------------------------------------- 2. the maximum contract


def test_tisic_max_contract_is_400_all_four_marriages_and_every_card_point() -> None:
    """Seed 000 sets no cap: 120 card points + křížová 100 + listová 80 + kulová 60 + srdcová 40
    = 400 can be made."""
    every = [[], [], ["clubs", "spades", "diamonds", "hearts"]]
    s = sheet("tisic", [deal(2, 400, [0, 0, 120], every)])
    assert totals(s) == [0, 0, 400]
    assert problem(sheet("tisic", [deal(2, 410, [0, 0, 120], every)])).code == "contract_high"
    assert problem(sheet("tisic", [deal(2, 400, [0, 0, 120], every)], edition=1)).code == (
        "contract_high")


# ------------------------------------------------------------------- 3. revoke


def test_tisic_revoke_replay_deals_again_with_the_same_dealer_and_obligation() -> None:
    """Seed 000 "Nepřizná-li někdo barvu ... buď se hra opakuje": nothing is written, the same
    dealer deals again and the obligation stays."""
    s = sheet("tisic", [redeal("revoke"), deal(2, 50, [10, 10, 100])], revoke="replay")
    assert dealers(s) == [0, 0] and totals(s) == [10, 10, 50]
    # a misdeal still passes the deal on (redeal_same_dealer false)
    assert dealers(sheet("tisic", [redeal("misdeal"), deal(1, 50, [10, 100, 10])])) == [0, 2]
    # edition 1: the replayed deal passed on like any redeal
    old = sheet("tisic", [redeal("revoke"), deal(2, 50, [10, 10, 100])], revoke="replay",
                edition=1)
    assert dealers(old) == [0, 1]


def test_tisic_revoke_penalty_counts_as_the_deal_and_the_obligation_moves_on() -> None:
    """Seed 000 "ten kdo hru zmrvil upíše povinnost (100 bodů) a ostatním hráčů se připíše po 60
    bodech": the deal counts as played, so the next deal has the next dealer."""
    s = sheet("tisic", [revoke(1), deal(1, 50, [10, 100, 10])])
    assert totals(s) == [60 + 10, -100 + 50, 60 + 10]
    assert dealers(s) == [0, 2]
    # edition 1: the penalty row did not move the deal
    assert dealers(sheet("tisic", [revoke(1), deal(1, 50, [10, 100, 10])], edition=1)) == [0, 0]


# ------------------------------------------------------------------- 5. the barrel


def test_ru_barrel_cuts_a_made_contract_that_would_pass_it() -> None:
    """Seed 001 "по достижении 900 (или 880) очков, все лишние очки обрезаются ... Он может
    выиграть игру только при одном условии: что он возьмёт контракт": 780 + 220 stops at 880;
    from the barrel 120 wins."""
    two = [[], ["hearts", "diamonds"], []]
    s = sheet("ru", [custom(1, 780), deal(1, 220, [0, 110, 10], two)])
    scored = rules.score(s)
    assert scored.totals[1] == 880 and scored.outcome is None
    assert "barrel" in scored.rows[-1].marks[1]
    assert [n.code for n in scored.rows[-1].notes if n.params.get("seat") == 1][-1] == (
        "barrel_stop")
    won = rules.score(s.append(deal(1, 120, [10, 90, 20], [[], ["hearts"], []])))
    assert won.totals[1] == 1000 and won.outcome is not None and won.outcome.winner == 1


def test_ru_barrel_jump_option_lets_a_made_contract_pass_the_barrel() -> None:
    two = [[], ["hearts", "diamonds"], []]
    for s in (sheet("ru", [custom(1, 780), deal(1, 220, [0, 110, 10], two)], barrel_jump=True),
              sheet("ru", [custom(1, 780), deal(1, 220, [0, 110, 10], two)], edition=1)):
        scored = rules.score(s)
        assert scored.totals[1] == 1000 and scored.outcome and scored.outcome.winner == 1


# ------------------------------------------------------------------- 6. bolts


def test_ru_bolt_is_a_deal_in_which_the_defender_took_nothing() -> None:
    """Seed 001 "Если игрок не взял ничего -- он ставит себе знак "прочерк", именуемый
    "болтом"": a defender with a jack (2 points, written 0) took something; three such deals
    cost nothing. Three deals with nothing cost the bolt penalty."""
    jack = [deal(1, 100, [2, 98, 20], [[], ["hearts"], []]),
            deal(2, 100, [2, 18, 100], [[], [], ["diamonds"]]),
            deal(1, 105, [2, 98, 20], [[], ["hearts"], []])]
    assert totals(sheet("ru", jack)) == [0, 225, 140]
    nothing = [deal(1, 100, [0, 100, 20], [[], ["hearts"], []]),
               deal(2, 100, [0, 20, 100], [[], [], ["diamonds"]]),
               deal(1, 105, [0, 100, 20], [[], ["hearts"], []])]
    s = sheet("ru", nothing)
    assert totals(s) == [-120, 225, 140]
    assert rules.score(s).rows[-1].kind == "bolts"
    # edition 1: a deal written as 0 was a bolt, the jack included
    assert totals(sheet("ru", jack, edition=1)) == [-120, 225, 140]


# ------------------------------------------------------------------- 7. failed barrels


FAILED_BARRELS = [
    custom(1, 900),  # Boris: 900 stops at the barrel, 880
    deal(1, 120, [60, 60, 0]),  # on the hundred and on the barrel: 60 < 120, -120 -> 760 (1)
    custom(1, 200),  # back onto the barrel
    concession(1, 120),  # gives up: -120 -> 760 (2); Anna and Vera +60
    custom(1, 200),  # the third barrel
    deal(0, 100, [80, 20, 20], [["hearts"], [], []]),
    deal(2, 105, [20, 20, 80], [[], [], ["diamonds"]]),
    deal(0, 105, [80, 20, 20], [["hearts"], [], []]),  # Boris's third deal: he falls (3)
]


def test_ru_barrel_resets_after_counts_every_barrel_that_ends_without_a_win() -> None:
    """Seed 001 "Есть настройка "бочки", сбрасывающая на нуль после 3 неудачных бочек": a
    failed contract, a concession and a fall after three deals are three failed barrels."""
    s = sheet("ru", FAILED_BARRELS, barrel_resets_after=3)
    # Anna: 60 + 60 + 100 + 20 + 105 = 345; Vera: 0 + 60 + 20 + 105 + 20 = 205
    assert totals(s) == [345, 0, 205]
    assert rules.score(s).rows[-1].kind == "barrel_reset"
    # a failed contract on the third barrel resets at once
    third = [*FAILED_BARRELS[:5], deal(1, 120, [60, 60, 0])]
    assert totals(sheet("ru", third, barrel_resets_after=3))[1] == 0


def test_ru_barrel_failures_falls_counts_only_the_falls() -> None:
    s = sheet("ru", FAILED_BARRELS, barrel_resets_after=3, barrel_failures="falls")
    assert totals(s) == [345, 760, 205]  # the first fall: 880 - 120
    assert totals(sheet("ru", FAILED_BARRELS, barrel_resets_after=3, edition=1)) == (
        [345, 760, 205])


# ------------------------------------------------------------------- 14. players' words


def test_a_table_that_does_not_play_dark_is_told_so_not_a_minimum() -> None:
    refused = problem(sheet("tisic", [deal(2, 50, [10, 10, 100], dark=True)]))
    assert refused.code == "dark_off"
    assert str(refused).endswith("this table does not play dark")


# ------------------------------------------------------------------- the golden sheets


def test_golden_tisic_obligation_passes_to_the_previous_column() -> None:
    path = GOLDEN / "tisic" / "obligation-on-the-dealers-right.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert dealers(rules.load(doc)) == doc["meta"]["dealers"]


@pytest.mark.parametrize("ruleset", ["ru", "tisic", "pl", "one-thousand"])
def test_every_thousand_preset_names_the_holder_of_the_opening_bid(ruleset: str) -> None:
    o = sheet(ruleset).rules
    holders = [THOUSAND.opening_holder(o, dealer, 3) for dealer in range(3)]
    expected = {"ru": [1, 2, 0], "pl": [1, 2, 0], "tisic": [2, 0, 1],
                "one-thousand": [None, None, None]}[ruleset]
    assert holders == expected
