"""Mariáš settlement: the tariff, fleks, red, silent seven and hundred, the pauzírák, the flek
liability and the payment cap (docs/rules/marias.md).  Amounts are worked out from the seed's
tariff in haléře: hra 20, sedma 40, sto 80, betl 300, durch 600; hearts double suit games.

These sheets play the first rules edition (every sheet stored before the corrections of
test_marias_seed.py), so they also check that such sheets keep their totals.
"""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules import marias
from rules.engine import Row, Scored

from .strategies_marias import marias_doc


def suit(declarer: int = 1, trump: str = "acorns", announced: tuple[str, ...] = (),
         card_points: int = 60, decl: tuple[str, ...] = (), defence: tuple[str, ...] = (),
         **extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "type": "deal", "declarer": declarer, "game": "suit", "trump": trump,
        "announced": list(announced), "card_points": card_points,
        "marriages": {"declarer": list(decl), "defence": list(defence)},
    }
    entry.update(extra)
    return entry


def play(*entries: dict[str, Any], players: int = 3, options: dict[str, Any] | None = None,
         first_dealer: int = 0) -> Scored:
    doc = marias_doc(list(entries), players=players, options=options, first_dealer=first_dealer,
                     edition=1)
    assert rules.problems(doc) == []
    return rules.score(rules.load(doc))


def only_row(*entries: dict[str, Any], **kw: Any) -> Row:
    return play(*entries, **kw).rows[-1]


def paid_by(row: Row, seat: int) -> dict[str, int]:
    """What ``seat`` pays per ledger word in ``row`` (negative: receives)."""
    out: dict[str, int] = {}
    for p in row.ledger:
        if p.payer == seat:
            out[p.what] = out.get(p.what, 0) + p.amount
        if p.payee == seat:
            out[p.what] = out.get(p.what, 0) - p.amount
    return out


# ------------------------------------------------------------------ the tariff, line by line

# (seed line, entry, haléře each defender pays the declarer who wins everything)
TARIFF_LINES = [
    ("1 hra", suit(), 20),
    ("2 sedma", suit(announced=("seven",), seven="won"), 20 + 40),
    ("3 hra cervena", suit(trump="hearts"), 40),
    ("4 sedma cervena", suit(trump="hearts", announced=("seven",), seven="won"), 40 + 80),
    ("5 sto", suit(announced=("hundred",), decl=("acorns",)), 80),
    ("6 sto a sedma", suit(announced=("hundred", "seven"), decl=("acorns",), seven="won"), 120),
    ("7 sto cervenych", suit(trump="hearts", announced=("hundred",), decl=("hearts",)), 160),
    ("8 sto a sedma cervenych", suit(trump="hearts", announced=("hundred", "seven"),
                                     decl=("hearts",), seven="won"), 240),
    ("9 betl", {"type": "deal", "declarer": 1, "game": "betl", "result": "won"}, 300),
    ("10 durch", {"type": "deal", "declarer": 1, "game": "durch", "result": "won"}, 600),
    ("hra a sedma", suit(announced=("seven",), seven="won"), 60),
    ("hra a sedma cervena", suit(trump="hearts", announced=("seven",), seven="won"), 120),
]


@pytest.mark.parametrize(("line", "entry", "each"), TARIFF_LINES,
                         ids=[t[0] for t in TARIFF_LINES])
def test_tariff_line_is_paid_by_each_defender(line: str, entry: dict[str, Any],
                                              each: int) -> None:
    row = only_row(entry)
    assert row.deltas == (-each, 2 * each, -each)


def test_tariff_sedma_line_is_forty_haler_on_its_own() -> None:
    # hra lost (30 card points against 60), sedma won: the two lines go opposite ways
    row = only_row(suit(card_points=30, announced=("seven",), seven="won"))
    assert paid_by(row, 0) == {"hra": -20, "sedma": 40}
    assert row.deltas == (-20, 40, -20)


def test_tariff_table_as_data_matches_the_seed() -> None:
    table = {line.name: line.amount for line in marias.tariff_table(rules.preset("marias"))}
    assert table == {
        "hra": 20, "sedma": 40, "hra červená": 40, "sedma červená": 80, "sto": 80,
        "sto a sedma": 120, "sto červených": 160, "sto a sedma červených": 240, "betl": 300,
        "durch": 600, "hra a sedma": 60, "hra a sedma červená": 120, "tichá sedma": 20,
        "tichá sedma červená": 40,
    }
    numbered = [line.number for line in marias.tariff_table() if line.number is not None]
    assert numbered == list(range(1, 11))


def test_stake_scales_every_line_of_the_tariff() -> None:
    opts = {"stake": 10}
    assert only_row(suit(), options=opts).deltas == (-10, 20, -10)
    betl = {"type": "deal", "declarer": 1, "game": "betl", "result": "lost"}
    assert only_row(betl, options=opts).deltas == (150, -300, 150)
    table = marias.tariff_table(rules.load(marias_doc([], options=opts)).rules)
    assert [line.amount for line in table][:4] == [10, 20, 20, 40]


def test_tariff_is_editable_per_sheet() -> None:
    opts = {"tariff": {"betl": 400}}
    betl = {"type": "deal", "declarer": 1, "game": "betl", "result": "won"}
    assert only_row(betl, options=opts).deltas == (-400, 800, -400)
    assert only_row(suit(), options=opts).deltas == (-20, 40, -20)  # the rest stays


def test_tariff_that_is_not_whole_halere_at_the_stake_is_refused() -> None:
    found = rules.problems(marias_doc([], options={"stake": 5, "tariff": {"hra": 30}}))
    assert len(found) == 1
    assert "tariff: hra 30 at stake 5 is 7.5 haléře" in found[0].message


def test_silent_seven_must_stay_whole_halere() -> None:
    found = rules.problems(marias_doc([], options={"tariff": {"sedma": 50}, "stake": 10}))
    assert "silent seven" in found[0].message


# ------------------------------------------------------------------ hra and sto


def test_hra_is_won_by_more_card_points_and_marriages_than_the_defence() -> None:
    # 40 + trump marriage 40 = 80 against 50 + 20 = 70
    row = only_row(suit(card_points=40, decl=("acorns",), defence=("bells",)))
    assert "won" in row.marks[1]
    assert row.deltas == (-20, 40, -20)


def test_hra_is_lost_when_the_defence_has_more() -> None:
    # 30 + 20 = 50 against 60
    row = only_row(suit(card_points=30, decl=("bells",)))
    assert "lost" in row.marks[1]
    assert row.deltas == (20, -40, 20)


def test_sto_replaces_the_hra_and_needs_a_hundred() -> None:
    # 50 + trump marriage 40 = 90 < 100: sto lost, though the hra would be won
    row = only_row(suit(card_points=50, decl=("acorns",), announced=("hundred",)))
    assert paid_by(row, 0) == {"sto": -80}
    assert row.contract == "sto"


def test_sto_counts_only_the_trump_marriage_by_default() -> None:
    # 70 + 20 + 20 = 110 with every marriage, but only 70 with the trump one (none)
    entry = suit(card_points=70, decl=("bells", "leaves"), announced=("hundred",))
    assert "lost" in only_row(entry).marks[1]
    row = only_row(entry, options={"hundred_counts": "all_own_marriages"})
    assert "won" in row.marks[1]
    assert row.deltas == (-80, 160, -80)


# ------------------------------------------------------------------ fleks


@pytest.mark.parametrize(("level", "factor"), [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16), (5, 32)],
                         ids=["none", "flek", "re", "tutti", "boty", "kalhoty"])
def test_each_flek_level_doubles_the_component(level: int, factor: int) -> None:
    row = only_row(suit(fleks={"game": level}), options={"max_fleks": 5})
    assert row.deltas == (-20 * factor, 40 * factor, -20 * factor)
    assert all(p.level == level for p in row.ledger)
    assert ("fleked" in row.marks[1]) == (level > 0)


def test_fleks_are_per_component() -> None:
    # hra ♥ at re: 40 x 4 = 160; sedma ♥ unfleked: 80
    row = only_row(suit(trump="hearts", announced=("seven",), seven="won",
                        fleks={"game": 2, "seven": 0}))
    assert paid_by(row, 2) == {"hra": 160, "sedma": 80}


def test_flek_levels_as_data_follow_max_fleks() -> None:
    sheet = rules.load(marias_doc([], options={"max_fleks": 5}))
    assert marias.flek_levels(sheet.rules)[-1] == (5, "kalhoty", 32)
    assert [lv for lv, _, _ in marias.flek_levels()] == [0, 1, 2, 3, 4]


# ------------------------------------------------------------------ red


def test_red_doubles_the_suit_game() -> None:
    plain = only_row(suit(trump="leaves"))
    red = only_row(suit(trump="hearts"))
    assert red.deltas == tuple(2 * d for d in plain.deltas)
    assert "red" in red.marks[1]
    assert red.contract == "hra ♥"


def test_red_doubles_the_announced_seven_and_the_silent_seven() -> None:
    seven = only_row(suit(trump="hearts", card_points=30, announced=("seven",), seven="lost"))
    assert paid_by(seven, 1) == {"hra": 80, "sedma": 160}
    silent = only_row(suit(trump="hearts", silent_seven="declarer"))
    assert paid_by(silent, 0) == {"hra": 40, "silent_seven": 40}


def test_betl_and_durch_are_never_doubled() -> None:
    row = only_row({"type": "deal", "declarer": 2, "game": "durch", "result": "lost"})
    assert row.deltas == (600, 600, -1200)
    assert "red" not in row.marks[2]


# ------------------------------------------------------------------ silent seven and hundred


def test_silent_seven_for_the_declarer_is_half_the_sedma() -> None:
    row = only_row(suit(silent_seven="declarer"))
    assert paid_by(row, 0) == {"hra": 20, "silent_seven": 20}
    assert row.deltas == (-40, 80, -40)
    assert "silent_seven" in row.marks[1]


def test_silent_seven_against_the_declarer_is_paid_by_him() -> None:
    row = only_row(suit(silent_seven="defence"))
    assert paid_by(row, 1) == {"hra": -40, "silent_seven": 40}
    assert row.deltas == (0, 0, 0)
    assert "silent_seven_against" in row.marks[1]


def test_silent_hundred_doubles_the_fleked_hra() -> None:
    # 60 + trump marriage 40 = 100 without announcing sto: hra 20 x flek 2 x 2 = 80
    row = only_row(suit(decl=("acorns",), fleks={"game": 1}))
    assert paid_by(row, 0) == {"silent_hundred": 80}
    assert "silent_hundred" in row.marks[1]


def test_silent_hundred_counts_as_the_table_counts_sto() -> None:
    entry = suit(card_points=70, decl=("bells", "leaves"))  # 70 + 40 = 110, no trump marriage
    assert paid_by(only_row(entry), 0) == {"hra": 20}
    row = only_row(entry, options={"hundred_counts": "all_own_marriages"})
    assert paid_by(row, 0) == {"silent_hundred": 40}


def test_no_silent_hundred_when_the_hundred_was_announced() -> None:
    row = only_row(suit(decl=("acorns",), announced=("hundred",)))
    assert paid_by(row, 0) == {"sto": 80}
    assert "silent_hundred" not in row.marks[1]


# ------------------------------------------------------------------ the pauzírák


def test_pauzirak_pays_with_the_defence_by_default() -> None:
    # four players, Anna deals and sits out; Bohouš wins hra: three payers of 20
    row = only_row(suit(), players=4)
    assert row.deltas == (-20, 60, -20, -20)
    assert row.sitting_out == 0
    assert "pauzirak" in row.marks[0]


def test_pauzirak_is_paid_when_the_declarer_loses() -> None:
    row = only_row({"type": "deal", "declarer": 3, "game": "betl", "result": "lost"}, players=4)
    assert row.deltas == (300, 300, 300, -900)


def test_pauzirak_pays_nothing_when_the_table_turns_it_off() -> None:
    row = only_row(suit(), players=4, options={"pauzirak_pays": False})
    assert row.deltas == (0, 40, -20, -20)
    assert "pauzirak" in row.marks[0]


def test_pauzirak_is_the_dealer_of_each_deal() -> None:
    scored = play(suit(declarer=1), suit(declarer=2), suit(declarer=3), suit(declarer=0),
                  suit(declarer=1), players=4, first_dealer=2)
    assert [r.sitting_out for r in scored.rows] == [2, 3, 0, 1, 2]
    assert [r.dealer for r in scored.rows] == [2, 3, 0, 1, 2]


# ------------------------------------------------------------------ flek liability


def fleked_red_hra(won: bool) -> dict[str, Any]:
    # hra ♥ at re (40 x 4 = 160 each), first flek by Cyril (seat 2); 4 players, Anna sits out
    return suit(card_points=60 if won else 30, trump="hearts", fleks={"game": 2},
                first_flek_by=2)


def test_flek_liability_each_defender_pays_its_own_fleks() -> None:
    row = only_row(fleked_red_hra(True), players=4)
    assert row.deltas == (-160, 480, -160, -160)


def test_flek_liability_first_flek_giver_pays_the_doubling_for_the_whole_defence() -> None:
    row = only_row(fleked_red_hra(True), players=4, options={"flek_liability": "fleking_player"})
    # each pays the base 40; Cyril also (4 - 1) x 40 x 3 payers = 360
    assert row.deltas == (-40, 480, -400, -40)
    assert sorted((p.payer, p.amount, p.level) for p in row.ledger) == [
        (0, 40, 0), (2, 40, 0), (2, 360, 2), (3, 40, 0)]
    assert "first_flek" in row.marks[2]


def test_flek_liability_first_flek_giver_receives_the_doubling_when_the_declarer_loses() -> None:
    row = only_row(fleked_red_hra(False), players=4, options={"flek_liability": "fleking_player"})
    assert row.deltas == (40, -480, 400, 40)


def test_flek_liability_per_component_flek_givers() -> None:
    # 3 players; hra at flek by Anna, sedma at flek by Cyril; the declarer Bohouš wins both
    entry = suit(announced=("seven",), seven="won", fleks={"game": 1, "seven": 1},
                 first_flek_by={"game": 0, "seven": 2})
    row = only_row(entry, options={"flek_liability": "fleking_player"})
    # hra: 20 each + Anna (2-1) x 20 x 2 = 40; sedma: 40 each + Cyril (2-1) x 40 x 2 = 80
    assert row.deltas == (-100, 240, -140)


# ------------------------------------------------------------------ the payment cap


def test_payment_cap_limits_what_one_player_pays_another() -> None:
    durch = {"type": "deal", "declarer": 1, "game": "durch", "result": "won", "fleks": {"durch": 1}}
    row = only_row(durch, options={"payment_cap": 500})
    # 1200 each, capped at 500: Bohouš hands 700 back to each
    assert row.deltas == (-500, 1000, -500)
    assert paid_by(row, 0) == {"durch": 1200, "cap": -700}
    assert "capped" in row.marks[1]


def test_payment_cap_applies_to_the_declarer_paying_each_defender() -> None:
    durch = {"type": "deal", "declarer": 1, "game": "durch", "result": "lost"}
    row = only_row(durch, players=4, options={"payment_cap": 250})
    assert row.deltas == (250, -750, 250, 250)


def test_payment_cap_nets_the_components_of_one_deal() -> None:
    # sedma ♥ at boty won (80 x 16 = 1280), hra ♥ lost (40): each pays 1240, capped at 1000
    entry = suit(trump="hearts", card_points=30, announced=("seven",), seven="won",
                 fleks={"seven": 4})
    row = only_row(entry, options={"payment_cap": 1000})
    assert row.deltas == (-1000, 2000, -1000)


def test_payment_cap_with_the_first_flek_giver_caps_his_share() -> None:
    entry = suit(trump="hearts", fleks={"game": 4}, first_flek_by=2)
    row = only_row(entry, options={"payment_cap": 500, "flek_liability": "fleking_player"})
    # hra ♥ 40; Cyril pays 40 + 15 x 40 x 2 = 1240, capped at 500; Anna pays 40
    assert row.deltas == (-40, 540, -500)


# ------------------------------------------------------------------ the sheet


def test_contract_column_names_the_game() -> None:
    rows = play(suit(), suit(declarer=2, announced=("seven",), seven="won"),
                suit(declarer=0, trump="hearts", announced=("hundred", "seven"), seven="won",
                     decl=("hearts",)),
                {"type": "deal", "declarer": 1, "game": "betl", "result": "won"}).rows
    assert [r.contract for r in rows] == ["hra", "sedma", "sto a sedma ♥", "betl"]


def test_a_round_ends_after_every_player_has_dealt() -> None:
    rows = play(*[suit(declarer=(i + 1) % 3) for i in range(6)]).rows
    assert [r.round_end for r in rows] == [False, False, True, False, False, True]


def test_the_sheet_shows_the_running_balance_in_haler() -> None:
    scored = play(suit(), {"type": "deal", "declarer": 2, "game": "betl", "result": "lost"})
    assert [r.totals for r in scored.rows] == [(-20, 40, -20), (280, 340, -620)]
    assert scored.outcome is None


def test_notes_say_what_happened_in_words() -> None:
    row = only_row(suit(trump="hearts", fleks={"game": 1}))
    assert row.notes[0].text == "Bohouš wins hra ♥ at flek (x2): 0.80 Kč from each of 2"
    assert row.notes[0].code == "won"
    assert row.notes[0].params["amount"] == 80
