"""Mariáš as seed 004 writes it: announcements against the declarer (II.20), the silent hundred
for either side, a flek beyond the table (III), rule II.15 in full and the silent seven that must
agree with the card points (docs/rules/marias.md).  Each test quotes the seed line it follows.

Three players unless said: Anna (0) deals the first deal, Bohouš (1) declares, Cyril (2) and,
with four, Dana (3) defend; with four players Anna sits the first deal out as the pauzírák.
Amounts in haléře from the seed's tariff: hra 20, sedma 40, sto 80 (hearts double them).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import marias
from rules.engine import Row

from .strategies_marias import marias_doc


def suit(declarer: int = 1, trump: str = "acorns", card_points: int = 60,
         decl: tuple[str, ...] = (), defence: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "type": "deal", "declarer": declarer, "game": "suit", "trump": trump, "announced": [],
        "card_points": card_points, "marriages": {"declarer": list(decl),
                                                  "defence": list(defence)},
    }
    entry.update(extra)
    return entry


def row(*entries: dict[str, Any], players: int = 3, options: dict[str, Any] | None = None,
        edition: int | None = None) -> Row:
    doc = marias_doc(list(entries), players=players, options=options, edition=edition)
    assert rules.problems(doc) == []
    scored = rules.score(rules.load(doc))
    for r in scored.rows:
        assert sum(r.deltas) == 0
    return scored.rows[-1]


def problems(*entries: dict[str, Any], players: int = 3, options: dict[str, Any] | None = None,
             edition: int | None = None) -> list[str]:
    doc = marias_doc(list(entries), players=players, options=options, edition=edition)
    return [str(p) for p in rules.problems(doc)]


# ------------------------------------------------------------- 8. announcements against (II.20)
# seed 004 II.20: "Sedma, sto  i  sto + sedm proti lze hlásit."


def test_sedma_proti_won_the_declarer_pays_each_paying_seat() -> None:
    """II.20 "Sedma ... proti lze hlásit": Bohouš 40 < 50, hra lost (20 to each); Cyril's seven
    against took the last trick: sedma 40 to each.  Bohouš -120, Anna +60, Cyril +60."""
    r = row(suit(card_points=40, against=["seven"], seven_against="won"))
    assert r.deltas == (60, -120, 60)
    assert r.contract == "hra, sedma proti"
    assert "seven_against_won" in r.marks[1]


def test_sedma_proti_lost_each_paying_seat_pays_the_declarer() -> None:
    """II.20: the seven against is lost like the declarer's own (sides swapped): Bohouš wins hra
    60 > 30 (20 from each) and the sedma proti (40 from each): +120."""
    r = row(suit(card_points=60, against=["seven"], seven_against="lost"))
    assert r.deltas == (-60, 120, -60)
    assert [p.what for p in r.ledger].count("sedma_proti") == 2


def test_sto_proti_replaces_the_hra_and_is_fleked_by_the_declarer() -> None:
    """II.20 "sto ... proti lze hlásit": the defence counts 80 + its trump marriage 40 = 120
    >= 100 and wins sto (80) at flek, given by Bohouš: 160 to each; no hra is paid."""
    r = row(suit(card_points=10, defence=("acorns",), against=["hundred"],
                 fleks={"hundred_against": 1}))
    assert r.deltas == (160, -320, 160)
    assert {p.what for p in r.ledger} == {"sto_proti"}
    assert "hundred_against_won" in r.marks[1]


def test_sto_proti_missed_the_defence_pays_the_sto() -> None:
    """II.20: the defence's 50 + trump marriage 40 = 90 < 100: the defence loses sto, 80 from
    each of its seats to Bohouš."""
    r = row(suit(card_points=40, defence=("acorns",), against=["hundred"]))
    assert r.deltas == (-80, 160, -80)


def test_sto_a_sedma_proti_red_with_the_pauzirak() -> None:
    """II.20 "sto + sedm proti lze hlásit", in hearts (I.7, I.8: red doubles): sto 160 and
    sedma 80 won by the defence; Bohouš pays 240 to each of Cyril, Dana and the pauzírák Anna."""
    r = row(suit(trump="hearts", card_points=0, defence=("hearts",),
                 against=["hundred", "seven"], seven_against="won"), players=4)
    assert r.deltas == (240, -720, 240, 240)
    assert r.contract == "hra ♥, sto a sedma proti"


def test_silent_hundred_of_the_defence_doubles_the_hra_it_wins() -> None:
    """I: "Tiché sto zvyšuje hodnotu vyflekované hry 2x" — for either side: the defence has
    80 + trump marriage 40 = 120 unannounced; the hra Bohouš loses at flek (20 x 2) is doubled:
    80 to each."""
    r = row(suit(card_points=10, defence=("acorns",), fleks={"game": 1}, flek_by={"game": [2]}))
    assert r.deltas == (80, -160, 80)
    assert "silent_hundred_against" in r.marks[1]
    assert [n.code for n in r.notes][-1] == "silent_hundred_defence"


def test_silent_hundred_of_the_defence_did_not_count_in_the_first_edition() -> None:
    r = row(suit(card_points=10, defence=("acorns",), fleks={"game": 1}), edition=1)
    assert r.deltas == (40, -80, 40)


def test_the_same_announcement_by_both_sides_is_refused() -> None:
    """II.13: the seven is announced by the one who holds it; so is a hundred by one side."""
    assert problems(suit(announced=["seven"], seven="won", against=["seven"],
                         seven_against="won")) == [
        "entry 0: Bohouš announced the seven, so the defence cannot announce the seven against "
        "him"]
    assert problems(suit(announced=["hundred"], against=["hundred"])) == [
        "entry 0: Bohouš announced the hundred, so the defence cannot announce the hundred "
        "against him"]


def test_announcements_against_need_their_result_and_a_suit_game() -> None:
    assert problems(suit(against=["seven"])) == [
        "entry 0: The defence announced the seven against Bohouš: write whether it was won or "
        "lost"]
    assert problems({"type": "deal", "declarer": 1, "game": "betl", "result": "won",
                     "against": ["seven"]}) == [
        "entry 0: The defence announces against a suit game only, not against betl"]


def test_renonc_by_the_declarer_loses_the_announcements_against_too() -> None:
    """IV.1 "Strana, která udělala uznaný renonc ... při všech sehrávkách prohrála": Bohouš's
    renonc 1 loses the hra (20) and the sedma proti (40) to each: the deal's row +120 for
    Bohouš is cancelled, he pays 60 to each and the fee 200 to each."""
    doc = marias_doc([suit(card_points=60, against=["seven"], seven_against="lost"),
                      {"type": "renonc", "seat": 1, "kind": 1}])
    scored = rules.score(rules.load(doc))
    assert scored.rows[-1].deltas == (60 + 60 + 200, -120 - 120 - 400, 60 + 60 + 200)


# ------------------------------------------------------------- 9. a flek beyond the table (III)
# seed 004 III: "Renoncem není: ... 3. flek nad rámec bodovací tabulky, jako poslední platí vždy
# ten, který je ještě v tabulce uveden"


def test_flek_beyond_the_table_is_not_a_renonc_and_pays_the_last_level() -> None:
    """III "Renoncem není 3.": a table up to re; the hra won at tutti is paid at re (x4): 20
    from Anna, and Cyril, who gave the flek, 20 + (4 - 1) x 20 x 2 = 140 (II.15)."""
    r = row(suit(fleks={"game": 3}, flek_by={"game": [2]}), options={"max_fleks": 2})
    assert r.deltas == (-20, 160, -140)
    each = row(suit(fleks={"game": 3}), options={"max_fleks": 2, "flek_liability": "each"})
    assert each.deltas == (-80, 160, -80)
    assert "over_table" in r.marks[1]
    assert "over_table" in [n.code for n in r.notes]


def test_flek_beyond_a_table_without_fleks_pays_unfleked() -> None:
    r = row(suit(fleks={"game": 1}), options={"max_fleks": 0})
    assert r.deltas == (-20, 40, -20)


def test_flek_beyond_the_table_was_refused_in_the_first_edition() -> None:
    assert problems(suit(fleks={"game": 3}), options={"max_fleks": 2}, edition=1) == [
        "entry 0: game is at level 3 (tutti), this table allows at most 2 (re)"]


# ------------------------------------------------------------- 10. rule II.15 in full
# seed 004 II.15: "Hráč, který dá první, případně třetí a další flek na hru, za kterou jsou
# minusové body, platí za všechny (kromě částky za aktérem ohlášenou neflekovanou hru – tuto
# částku za sebe platí spoluhráč a pauzírující hráč), včetně otočení protihráče po svém
# posledním fleku ... V případě zapojení třetího hráče do flekování neplatí pauzírující hráč.
# Jeho podíl na platbě se rozdělí rovným dílem mezi oba dva flekující hráče (v tomto případě se
# posouvá hranice limitu platby na 150,-Kč od každého)."


def test_ii15_is_the_default_of_the_tournament_preset() -> None:
    assert rules.preset("marias").flek_liability == "fleking_player"
    assert rules.preset("marias", 1).flek_liability == "each"


def test_ii15_first_flek_giver_pays_for_all_when_the_declarer_wins() -> None:
    """II.15 "platí za všechny (kromě částky za ... neflekovanou hru ...)": hra 20 won at re
    with four players: Cyril, Dana, Anna pay 20 each; Cyril, who gave the flek, pays the
    doubling (4 - 1) x 20 x 3 = 180 more."""
    r = row(suit(fleks={"game": 2}, flek_by={"game": [2]}), players=4)
    assert r.deltas == (-20, 240, -200, -20)
    assert "first_flek" in r.marks[2]


def test_ii15_each_paying_seat_receives_its_own_fleked_amount_when_the_declarer_loses() -> None:
    """II.15 makes only the flek-giver *pay* for all: Bohouš loses hra 30 < 60 at re (x4), 80
    to each of Cyril, Dana and Anna."""
    r = row(suit(card_points=30, fleks={"game": 2}, flek_by={"game": [2]}), players=4)
    assert r.deltas == (80, -240, 80, 80)


def test_ii15_first_flek_giver_was_also_paid_for_all_in_the_first_edition() -> None:
    r = row(suit(card_points=30, fleks={"game": 2}, first_flek_by=2), players=4,
            options={"flek_liability": "fleking_player"}, edition=1)
    assert r.deltas == (20, -240, 200, 20)


def test_ii15_third_player_joins_the_fleking_the_pauzirak_pays_nothing() -> None:
    """II.15 "V případě zapojení třetího hráče do flekování neplatí pauzírující hráč. Jeho
    podíl ... se rozdělí rovným dílem mezi oba dva flekující hráče": hra 20 won at tutti (x8);
    Cyril gave the flek, Bohouš re, Dana the tutti.  Cyril carries steps 1-2 (flek and the re
    after it): (1 + 2) x 20 x 3 = 180; Dana step 3: 4 x 20 x 3 = 240; each pays his own 20 and
    half of Anna's 20.  Cyril 210, Dana 270, Anna 0; Bohouš +480 = 3 x 160."""
    r = row(suit(fleks={"game": 3}, flek_by={"game": [2, 1, 3]}), players=4)
    assert r.deltas == (0, 480, -210, -270)
    assert [n.code for n in r.notes] == ["won", "flek_joined", "pauzirak_spared"]


def test_ii15_third_player_joining_raises_the_payment_limit_to_150_kc() -> None:
    """II.15 "posouvá hranice limitu platby na 150,-Kč od každého": at a table capped at 2 Kč,
    Dana's 2.70 for the deal above stands; alone, Cyril's flek would be capped at 2 Kč."""
    joined = row(suit(fleks={"game": 3}, flek_by={"game": [2, 1, 3]}), players=4,
                 options={"payment_cap": 200})
    assert joined.deltas == (0, 480, -210, -270)
    alone = row(suit(fleks={"game": 3}, flek_by={"game": [2]}), players=4,
                options={"payment_cap": 200})
    # Cyril would pay 20 + 7 x 20 x 3 = 440, capped at 200
    assert alone.deltas == (-20, 240, -200, -20)


def test_ii15_the_tap_per_level_says_who_gave_each_flek() -> None:
    assert problems(suit(fleks={"game": 2}, flek_by={"game": [2, 2]})) == [
        "entry 0: The re on game is given by the declarer Bohouš, not by Cyril"]
    assert problems(suit(fleks={"game": 1}, flek_by={"game": [2, 1]})) == [
        "entry 0: game is fleked 1 times, and 2 flek-givers are written"]
    assert problems(suit(fleks={"game": 1})) == [
        "entry 0: game is fleked and at this table the first flek-giver pays the doubling for "
        "the whole defence: write who gave the flek"]


def test_ii15_first_flek_by_of_older_documents_still_loads() -> None:
    """FORMAT: ``first_flek_by`` names the giver of the first flek, as before."""
    old = row(suit(fleks={"game": 3}, first_flek_by=2), players=4)
    new = row(suit(fleks={"game": 3}, flek_by={"game": [2]}), players=4)
    assert old.deltas == new.deltas == (-20, 480, -440, -20)


# ------------------------------------------------------------- 11. silent sevens and card points
# seed 004 I: "Tichá sedma má poloviční sazbu sedmy hlášené" — the trump seven took the last
# trick, which is worth 10 card points to the side that took it.


def test_impossible_silent_seven_of_the_declarer_is_refused() -> None:
    assert problems(suit(card_points=0, silent_seven="declarer")) == [
        "entry 0: With the silent seven Bohouš took the last trick: his card points are at "
        "least 10, not 0"]


def test_impossible_silent_seven_of_the_defence_is_refused() -> None:
    assert problems(suit(card_points=90, silent_seven="defence")) == [
        "entry 0: With the silent seven the defence took the last trick: Bohouš has at most "
        "80 card points, not 90"]


def test_announced_sevens_agree_with_the_card_points_too() -> None:
    assert problems(suit(card_points=90, announced=["seven"], seven="lost")) == [
        "entry 0: With the lost seven the defence took the last trick: Bohouš has at most 80 "
        "card points, not 90"]
    assert problems(suit(card_points=90, against=["seven"], seven_against="won")) == [
        "entry 0: With the won seven against him the defence took the last trick: Bohouš has "
        "at most 80 card points, not 90"]


def test_silent_sevens_were_not_checked_in_the_first_edition() -> None:
    assert problems(suit(card_points=0, silent_seven="declarer"), edition=1) == []


# ------------------------------------------------------------- money stays zero-sum


@st.composite
def deal_against_and_joined(draw: st.DrawFn) -> dict[str, Any]:
    """A four-player deal with announcements against and both defenders fleking."""
    against = draw(st.lists(st.sampled_from(("seven", "hundred")), min_size=1, unique=True))
    points = draw(st.integers(0, 8)) * 10
    level = draw(st.integers(3, 5))
    givers = [draw(st.sampled_from((2, 3))) if k % 2 == 0 else 1 for k in range(level)]
    givers[2] = 5 - givers[0]  # the other defender gives the tutti: the third player joins
    entry = suit(trump=draw(st.sampled_from(marias.SUITS)), card_points=points,
                 defence=tuple(draw(st.lists(st.sampled_from(marias.SUITS), unique=True))),
                 against=against, fleks={"game": level} if "hundred" not in against else {
                     "hundred_against": draw(st.integers(0, 5))})
    if "seven" in against:
        entry["seven_against"] = draw(st.sampled_from(("won", "lost")))
        entry["fleks"]["seven_against"] = draw(st.integers(0, 5))
    if "hundred" not in against:
        entry["flek_by"] = {"game": givers}
    return entry


@settings(deadline=None)
@given(deal_against_and_joined(), st.sampled_from((0, 100, 2000)), st.booleans())
def test_money_stays_zero_sum_with_announcements_against_and_third_player_fleks(
        deal: dict[str, Any], cap: int, pauzirak_pays: bool) -> None:
    doc = marias_doc([deal, {"type": "renonc", "seat": 2, "kind": 1}], players=4,
                     options={"payment_cap": cap, "pauzirak_pays": pauzirak_pays})
    assert rules.problems(doc) == []
    scored = rules.score(rules.load(doc))
    for r in scored.rows:
        assert sum(r.deltas) == 0
        assert list(r.deltas) == marias.net(r.ledger, 4)
    assert sum(scored.totals) == 0


@pytest.mark.parametrize("edition", [1, 2])
def test_stored_sheets_of_the_old_defaults_keep_their_totals(edition: int) -> None:
    """A sheet made under the old defaults (edition 1): the fleked hra lost to the defence's
    silent hundred, a seven against nobody and fleks without a giver; its totals as they were."""
    entries = [suit(card_points=10, defence=("acorns",), fleks={"game": 2}),
               suit(declarer=2, card_points=0, silent_seven="declarer")]
    doc = marias_doc(entries, edition=edition)
    if edition == 1:
        # hra lost at re: 80 to each; Cyril's hra lost 20 each + silent seven won 20 from each
        assert list(rules.score(rules.load(doc)).totals) == [80, -160, 80]
    else:
        assert len(rules.problems(doc)) == 2
