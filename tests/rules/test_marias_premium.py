"""Premium points as seed 004 gives them (docs/rules/marias.md#premium): the minus points of rule
II.15, the points of a fleked game for the fleking player only, and the defence's won
announcements against the declarer.  Each test quotes the seed line it follows.

Seed 004, "Bodování voleného mariáše" (after II.20): "Body za vyhrané hlášené bodované hry
přísluší každému aktérovi v plné výši. Body za flekované hry přísluší pouze flekujícímu hráči."
Seed 004 II.15: "Hráč, který dá první, případně třetí a další flek na hru, za kterou jsou minusové
body, platí za všechny ..., včetně otočení protihráče po svém posledním fleku, a v tomto rozsahu
dostane rovněž minusové body. ... Minusové body dostává pouze hráč, který dal první (popř. i třetí
a další fleky) v rozsahu do fleku, kterým se do flekování zapojil třetí hráč."

Anna (0) deals the first deal, Bohouš (1) declares, Cyril (2) and, with four, Dana (3) defend;
with four players Anna sits the first deal out as the pauzírák.  The table's premium points:
sedma 20, sedma ♥ 40, sto 40, sto ♥ 80, betl 30, durch 60 (the sheet's own table is typed by the
players; these are the numbers the tests work with).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import marias
from rules import tournament as tn
from rules.engine import Row, Scored, Sheet

from .strategies_marias import marias_doc, marias_sheets

POINTS = {"sedma": 20, "sedma_red": 40, "sto": 40, "sto_red": 80, "betl": 30, "durch": 60}


def suit(declarer: int = 1, trump: str = "acorns", card_points: int = 60,
         **extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "type": "deal", "declarer": declarer, "game": "suit", "trump": trump, "announced": [],
        "card_points": card_points, "marriages": {"declarer": [], "defence": []}}
    entry.update(extra)
    return entry


def sedma(**extra: Any) -> dict[str, Any]:
    return suit(announced=["seven"], seven="won", **extra)


def scored(*entries: dict[str, Any], players: int = 3, edition: int | None = None,
           options: dict[str, Any] | None = None) -> tuple[Sheet, Scored]:
    doc = marias_doc(list(entries), players=players, edition=edition,
                     options={"premium_points": POINTS, **(options or {})})
    assert rules.problems(doc) == []
    sheet = rules.load(doc)
    return sheet, rules.score(sheet)


def premium(*entries: dict[str, Any], players: int = 3, edition: int | None = None,
            options: dict[str, Any] | None = None) -> list[int]:
    sheet, s = scored(*entries, players=players, edition=edition, options=options)
    return [r.premium for r in marias.final_result(s, sheet.rules)]


def last_row(*entries: dict[str, Any], players: int = 3) -> Row:
    return scored(*entries, players=players)[1].rows[-1]


# --------------------------------------------------------------- (a) minus points of rule II.15


def test_ii15_first_flek_giver_gets_minus_points_when_the_declarer_wins() -> None:
    """II.15 "a v tomto rozsahu dostane rovněž minusové body": Bohouš wins the sedma (20) that
    Cyril fleked: Bohouš +20 in full, Cyril -20 for his one flek level; Anna, who did not
    flek, nothing."""
    assert premium(sedma(fleks={"seven": 1}, flek_by={"seven": [2]})) == [0, 20, -20]


def test_ii15_minus_points_cover_the_re_after_his_flek() -> None:
    """II.15 "včetně otočení protihráče po svém posledním fleku": at re Cyril answers for the
    flek and Bohouš's re: 2 levels x 20 = -40; at tutti, all his: 3 x 20 = -60."""
    assert premium(sedma(fleks={"seven": 2}, flek_by={"seven": [2]})) == [0, 20, -40]
    assert premium(sedma(fleks={"seven": 3}, flek_by={"seven": [2]})) == [0, 20, -60]


def test_ii15_minus_points_stop_at_the_flek_with_which_the_third_player_joined() -> None:
    """II.15 "Minusové body dostává pouze hráč, který dal první ... v rozsahu do fleku, kterým se
    do flekování zapojil třetí hráč": Cyril flek, Bohouš re, Dana tutti: Cyril -40 (flek and
    re), Dana nothing though she pays for the tutti."""
    entry = sedma(fleks={"seven": 3}, flek_by={"seven": [2, 1, 3]})
    assert premium(entry, players=4) == [0, 20, -40, 0]
    row = last_row(entry, players=4)
    minus = [n for n in row.notes if n.code.startswith("premium_flek_minus")]
    assert [(n.code, n.text) for n in minus] == [(
        "premium_flek_minus_joined", "Cyril gets -40 premium points for the flek on sedma, up "
        "to the tutti with which the third player joined")]
    assert "premium_minus" in row.marks[2] and "premium_minus" not in row.marks[3]


def test_ii15_a_later_flek_of_the_first_giver_after_the_join_costs_him_no_minus_points() -> None:
    """II.15 "(popř. i třetí a další fleky) v rozsahu do fleku, kterým se ... zapojil třetí
    hráč": Cyril flek, Bohouš re, Dana tutti, Bohouš boty, Cyril kalhoty: Cyril's kalhoty comes
    after Dana joined, so he still has -40 only."""
    entry = sedma(fleks={"seven": 5}, flek_by={"seven": [2, 1, 3, 1, 2]})
    assert premium(entry, players=4, options={"max_fleks": 5}) == [0, 20, -40, 0]


def test_ii15_minus_points_are_said_in_the_deal_notes() -> None:
    row = last_row(sedma(fleks={"seven": 1}, flek_by={"seven": [2]}))
    texts = [n.text for n in row.notes if n.code.startswith("premium")]
    assert texts == ["Bohouš earns 20 premium points",
                     "Cyril gets -20 premium points for the flek on sedma"]
    assert "premium" in row.marks[1] and "premium_minus" in row.marks[2]


def test_ii15_a_game_without_premium_points_gives_no_minus_points() -> None:
    """II.15 "na hru, za kterou jsou minusové body": the hra earns nothing at this table, so a
    flek on a won hra costs no premium points."""
    assert premium(suit(fleks={"game": 2}, flek_by={"game": [2]})) == [0, 0, 0]


def test_ii15_the_declarer_who_fleked_a_won_sedma_proti_gets_its_minus_points() -> None:
    """II.15 speaks of the player who gives the first flek: on the defence's sedma proti that is
    the declarer ("Sedma ... proti lze hlásit", II.20).  Cyril's seven against wins at re:
    Anna and Cyril +20 each, Bohouš -40 (flek and re)."""
    entry = suit(card_points=40, against=["seven"], seven_against="won",
                 fleks={"seven_against": 2})
    assert premium(entry) == [20, -40, 20]


# --------------------------------------------------------------- (b) fleked games: the flek-giver


def test_points_of_a_fleked_game_go_to_the_fleking_player_only() -> None:
    """"Body za flekované hry přísluší pouze flekujícímu hráči": Bohouš loses the sedma Cyril
    fleked: Cyril earns its 20, Dana (the other defender) and Anna (sitting out) nothing."""
    entry = suit(announced=["seven"], seven="lost", card_points=40,
                 fleks={"seven": 1}, flek_by={"seven": [2]})
    assert premium(entry, players=4) == [0, 0, 20, 0]
    row = last_row(entry, players=4)
    assert [n.text for n in row.notes if n.code == "premium_flek"] == [
        "Cyril gave the flek on the lost sedma and earns 20 premium points"]


def test_points_of_a_fleked_game_at_any_level_are_the_games_points_once() -> None:
    """"v plné výši": the lost betl at re earns Cyril the betl's 30, not a multiple."""
    entry = {"type": "deal", "declarer": 1, "game": "betl", "result": "lost",
             "fleks": {"betl": 2}, "flek_by": {"betl": [2]}}
    assert premium(entry) == [0, 0, 30]


def test_an_unfleked_lost_game_earns_nobody_points() -> None:
    assert premium(suit(announced=["seven"], seven="lost", card_points=40)) == [0, 0, 0]


def test_the_declarer_who_fleked_a_lost_sto_proti_earns_its_points() -> None:
    """"pouze flekujícímu hráči": the defence announced sto proti and reached 60 (its marriage
    in bells is not in trumps); Bohouš had fleked it, so he earns the sto's 40."""
    entry = suit(card_points=30, against=["hundred"], fleks={"hundred_against": 1},
                 marriages={"declarer": [], "defence": ["bells"]})
    assert premium(entry) == [0, 40, 0]


# --------------------------------------------------------------- (c) the defence's announcements


def test_a_won_sedma_proti_earns_each_defender_its_points_in_full() -> None:
    """"Body za vyhrané hlášené bodované hry přísluší každému aktérovi v plné výši": Cyril and
    Dana's sedma proti in hearts won: 40 each; Anna sits out: nothing; Bohouš nothing."""
    entry = suit(trump="hearts", card_points=40, against=["seven"], seven_against="won")
    assert premium(entry, players=4) == [0, 0, 40, 40]
    row = last_row(entry, players=4)
    assert [n.text for n in row.notes if n.code == "premium"] == [
        "Cyril earns 40 premium points", "Dana earns 40 premium points"]


def test_a_won_sto_proti_earns_each_defender_its_points_in_full() -> None:
    """II.20 "sto ... proti lze hlásit": the defence counts 80 + its trump marriage 40: sto
    won, 40 for Anna and for Cyril (three at the table)."""
    entry = suit(card_points=10, against=["hundred"],
                 marriages={"declarer": [], "defence": ["acorns"]})
    assert premium(entry) == [40, 0, 40]


# --------------------------------------------------------------- editions and renonc


def test_the_first_edition_keeps_premium_points_for_the_declarers_won_games_only() -> None:
    """Stored sheets (edition 1) keep what they showed: no minus points, no points for the
    defence or for a flek that came off."""
    deals = [sedma(fleks={"seven": 1}, first_flek_by=2),
             suit(declarer=2, card_points=40, against=["seven"], seven_against="won"),
             suit(declarer=0, announced=["seven"], seven="lost", card_points=40,
                  fleks={"seven": 1}, first_flek_by=1)]
    assert premium(*deals, edition=1) == [0, 20, 0]
    # the same deals under the latest rules: Bohouš +20, Cyril -20; the defence's sedma proti
    # won, Anna and Bohouš +20 each; Bohouš's flek on Anna's lost sedma: +20
    assert premium(*deals) == [20, 60, -20]


def test_edition_2_sheets_keep_the_defence_and_flek_giver_points_without_minus_points() -> None:
    """Sheets stored under edition 2 (their tournament standings already gave the defence and
    the flek-giver their points) keep what they showed: only the minus points of II.15 are new,
    from edition 3 on."""
    deals = [sedma(fleks={"seven": 1}, first_flek_by=2),
             suit(declarer=2, card_points=40, against=["seven"], seven_against="won"),
             suit(declarer=0, announced=["seven"], seven="lost", card_points=40,
                  fleks={"seven": 1}, first_flek_by=1)]
    # Bohouš +20 for his sedma, Cyril no minus; Anna and Bohouš +20 for the sedma proti;
    # Bohouš +20 for his flek on Anna's lost sedma
    assert premium(*deals, edition=2) == [20, 60, 0]
    assert premium(*deals, edition=3) == [20, 60, -20]


def test_the_options_decide_each_part_on_their_own() -> None:
    entry = sedma(fleks={"seven": 1}, flek_by={"seven": [2]})
    assert premium(entry, options={"premium_flek_minus": False}) == [0, 20, 0]
    against = suit(card_points=40, against=["seven"], seven_against="won")
    assert premium(against, options={"premium_defence": False}) == [0, 0, 0]
    lost = suit(announced=["seven"], seven="lost", card_points=40, fleks={"seven": 1},
                flek_by={"seven": [2]})
    assert premium(lost, options={"premium_flek_giver": False}) == [0, 0, 0]


def test_a_renonc_that_decides_the_deal_withdraws_its_minus_points_too() -> None:
    """The deal's premium points, plus and minus, fall away with the deal (marias.md#renonc)."""
    sheet, s = scored(sedma(fleks={"seven": 1}, flek_by={"seven": [2]}),
                      {"type": "renonc", "seat": 1, "kind": 1})
    assert [r.premium for r in marias.final_result(s, sheet.rules)] == [0, 0, 0]
    assert marias.premium_tally(s) == [{}, {}, {}]
    assert marias.minus_tally(s) == [{}, {}, {}]


def test_the_final_table_counts_minus_points_with_a_premium_table_typed_at_the_end() -> None:
    """The tally keeps the flek levels, so a table typed at the end counts them (article V:
    "Výsledek hráče ... tvoří součet prémiových bodů a finančního výsledku")."""
    doc = marias_doc([sedma(fleks={"seven": 2}, flek_by={"seven": [2]})])
    sheet = rules.load(doc)
    s = rules.score(sheet)
    assert marias.premium_tally(s) == [{}, {"hra": 1, "sedma": 1}, {}]
    assert marias.minus_tally(s) == [{}, {}, {"sedma": 2}]
    typed = rules.with_overrides(sheet.rules, {"premium_points": {"sedma": 30}})
    # money: hra 20 from each; sedma 40 x 4 at re: each 40, Cyril (4 - 1) x 40 x 2 = 240 more;
    # Bohouš 3.60 -> 4 Kč + 30; Cyril -3.00 -> -3 Kč - 2 x 30; Anna -0.60 -> -1 Kč
    assert [(r.money, r.premium, r.total) for r in marias.final_result(s, typed)] == [
        (-60, 0, -1), (360, 30, 34), (-300, -60, -63)]


# --------------------------------------------------------------- the tournament's premium table


def test_tournament_minus_points_count_by_the_trumps_of_the_won_sedma() -> None:
    """II.15 in a tournament: Bohouš's sedma with 5 trumps (30 points) won at re after Cyril's
    flek: Bohouš +30, Cyril -60."""
    entry = sedma(fleks={"seven": 2}, flek_by={"seven": [2]}, meta={"trumps": {"seven": 5}})
    doc = rules.load(marias_doc([entry]))
    assert tn.sheet_premium(doc, tn.PremiumTable()).per_seat == (0, 30, -60)


def test_tournament_a_renonc_keeps_the_offenders_minus_points() -> None:
    """IV.5 "hráč, který se dopustil renoncu, nemá nárok na body": Cyril's renonc (kind 8,
    which does not decide the deal) takes nothing from him but his claim; his minus points
    stay."""
    entry = sedma(fleks={"seven": 1}, flek_by={"seven": [2]}, meta={"trumps": {"seven": 5}})
    doc = rules.load(marias_doc([entry, {"type": "renonc", "seat": 2, "kind": 8}]))
    assert tn.sheet_premium(doc, tn.PremiumTable()).per_seat == (0, 30, -30)


def test_tournament_standing_adds_minus_points_to_the_crowns() -> None:
    """Article V: crowns + premium points; -60 premium points and 3.00 Kč lost: -3 - 60."""
    seats = tn.table_standing(tn.SCORING_MONEY, [7, 8, 9], [-60, 360, -300], [0, 30, -60])
    assert [s.points for s in seats] == [-1.0, 34.0, -63.0]


# --------------------------------------------------------------- property


@st.composite
def premium_deal(draw: st.DrawFn) -> dict[str, Any]:
    """A four-player suit game or betl/durch, fleked by either defender, maybe announced
    against; Anna sits out."""
    game = draw(st.sampled_from(("suit", "suit", "betl", "durch")))
    level = draw(st.integers(0, 5))
    givers = [draw(st.sampled_from((2, 3))) if k % 2 == 0 else 1 for k in range(level)]
    if game != "suit":
        entry: dict[str, Any] = {"type": "deal", "declarer": 1, "game": game,
                                 "result": draw(st.sampled_from(("won", "lost")))}
        comp = game
    else:
        points = draw(st.integers(1, 8)) * 10
        entry = suit(trump=draw(st.sampled_from(marias.SUITS)), card_points=points)
        announced = draw(st.lists(st.sampled_from(("seven", "hundred")), unique=True))
        entry["announced"] = announced
        if "seven" in announced:
            entry["seven"] = draw(st.sampled_from(("won", "lost")))
        if "seven" not in announced and draw(st.booleans()):
            entry["against"] = ["seven"]
            entry["seven_against"] = draw(st.sampled_from(("won", "lost")))
            entry["fleks"] = {"seven_against": draw(st.integers(0, 5))}
        comp = "seven" if "seven" in announced else "game"
    if level:
        entry.setdefault("fleks", {})[comp] = level
        entry["flek_by"] = {comp: givers}
    return entry


@settings(deadline=None)
@given(premium_deal())
def test_premium_points_of_a_deal_are_consistent(entry: dict[str, Any]) -> None:
    """Minus points only for the seat that gave the first flek (the declarer on the defence's
    announcements), never more than the game's points times the levels it was fleked; plus
    points only for the side that announced and won, or for the first flek-giver; the one
    sitting out never gets any."""
    doc = marias_doc([entry], players=4, options={"premium_points": POINTS, "max_fleks": 5})
    if rules.problems(doc):
        return
    sheet = rules.load(doc)
    plan = marias.plan(marias.parse_deal(entry, 4), sheet.rules)
    awards = marias.premium_awards(marias.parse_deal(entry, 4), plan.announced, (2, 3),
                                   sheet.rules)
    for c in plan.announced:
        mine = [a for a in awards if a.what == c.what]
        first = 1 if c.against else (c.givers[0] if c.givers else None)
        for a in mine:
            if a.times < 0:
                assert a.seat == first and c.won != c.against
                assert -a.times <= c.level
            elif a.why == marias.Why.FLEK:
                assert a.seat == first and c.won == c.against and c.level
            else:
                assert a.times == 1 and c.won != c.against
                assert a.seat in ((2, 3) if c.against else (1,))
    s = rules.score(sheet)
    got = [r.premium for r in marias.final_result(s, sheet.rules)]
    assert got[0] == 0  # Anna sits out
    worst = -sum(POINTS.get(a.key, 0) * c.level for c in plan.announced for a in awards
                 if a.what == c.what and a.times < 0)
    assert sum(p for p in got if p < 0) >= worst


@settings(deadline=None)
@given(marias_sheets(max_entries=10))
def test_the_sheet_and_the_tournament_agree_on_who_earns_premium_points(
        doc: dict[str, Any]) -> None:
    """The same awards counted twice: with the sheet's own table and with a tournament table of
    the same values whatever the trumps, every seat has the same premium points (a sheet
    without renonc claims, where the tournament holds points back for the referee)."""
    doc["entries"] = [e for e in doc["entries"] if e["type"] != "renonc"]
    doc["options"]["premium_points"] = POINTS
    if rules.problems(doc):
        return
    sheet = rules.load(doc)
    own = [r.premium for r in marias.final_result(rules.score(sheet), sheet.rules)]
    flat = tn.PremiumTable(seven=(20, 20, 20, 20), hundred=(40, 40, 40, 40), betl=30, durch=60)
    assert list(tn.sheet_premium(sheet, flat).per_seat) == own


def test_tournament_a_renonc_that_stopped_the_next_deal_leaves_the_deal_before_alone() -> None:
    """IV.5 takes the offender's points of the deal his renonc was made in: Bohouš's renonc
    stopped Cyril's hra (the next deal, written with the renonc), so Bohouš keeps the 30 of his
    sedma (5 trumps) of the deal before."""
    entry = sedma(meta={"trumps": {"seven": 5}})
    stopped = {"type": "renonc", "seat": 1, "kind": 1,
               "deal": {"declarer": 2, "game": "suit", "trump": "acorns", "announced": []}}
    doc = rules.load(marias_doc([entry, stopped]))
    assert tn.sheet_premium(doc, tn.PremiumTable()).per_seat == (0, 30, 0)
