"""Mariáš entries are judged in a player's words, naming the field and the rule
(docs/rules/marias.md).  Three players unless said: Anna deals the first deal."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.errors import IllegalEntry, InvalidEntry

from .strategies_marias import marias_doc


def suit(**extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"type": "deal", "declarer": 1, "game": "suit", "trump": "bells",
                             "announced": [], "card_points": 60}
    entry.update(extra)
    return entry


def betl(**extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"type": "deal", "declarer": 1, "game": "betl", "result": "won"}
    entry.update(extra)
    return entry


def problems(*entries: dict[str, Any], players: int = 3,
             options: dict[str, Any] | None = None, edition: int | None = None) -> list[str]:
    return [str(p) for p in rules.problems(marias_doc(list(entries), players=players,
                                                      options=options, edition=edition))]


@pytest.mark.parametrize("points", [55, 95, -10, 100])
def test_card_points_are_0_to_90_in_tens(points: int) -> None:
    assert problems(suit(card_points=points)) == [
        f"entry 0: Card points must be 0..90 in tens (aces, tens and the last trick count 10 "
        f"each), not {points}"]


@pytest.mark.parametrize("points", [0, 10, 90])
def test_card_points_from_nothing_to_everything_are_fine(points: int) -> None:
    assert problems(suit(card_points=points)) == []


def test_sto_only_in_a_suit_game() -> None:
    assert problems(betl(announced=["hundred"])) == [
        "entry 0: Sto (the hundred) is announced only in a suit game, not in betl"]


def test_seven_only_in_a_suit_game() -> None:
    assert problems(betl(game="durch", announced=["seven"])) == [
        "entry 0: A seven is announced only in a suit game, not in durch"]


def test_seven_result_only_when_a_seven_was_announced() -> None:
    assert problems(suit(seven="won")) == [
        "entry 0: A seven is won or lost only when it was announced; a trump seven that took "
        "the last trick unannounced is a silent seven"]


def test_announced_seven_needs_its_result() -> None:
    assert problems(suit(announced=["seven"])) == [
        "entry 0: Bohouš announced the seven: write whether it was won or lost"]


def test_announced_seven_is_not_silent() -> None:
    assert problems(suit(announced=["seven"], seven="lost", silent_seven="defence")) == [
        "entry 0: The seven was announced, so it is not silent"]


def test_betl_has_no_trumps_card_points_marriages_or_seven() -> None:
    assert problems(betl(trump="hearts")) == ["entry 0: Betl has no trumps"]
    assert problems(betl(card_points=30)) == [
        "entry 0: Betl is won or lost by tricks, not card points"]
    assert problems(betl(marriages={"declarer": ["hearts"]})) == [
        "entry 0: Marriages do not count in betl"]
    assert problems(betl(silent_seven="declarer")) == ["entry 0: Betl has no trump seven"]


def test_betl_and_durch_need_their_result() -> None:
    assert problems(betl(game="durch", result=None)) == [
        "entry 0: Write whether the declarer won or lost the durch"]


def test_suit_game_is_decided_by_card_points_not_a_result() -> None:
    assert problems(suit(result="won")) == [
        "entry 0: Only betl and durch are written as won or lost; a suit game is decided by "
        "its card points"]


def test_suit_game_names_trumps_and_card_points() -> None:
    assert problems(suit(trump=None)) == ["entry 0: A suit game names its trumps"]
    assert problems(suit(card_points=None)) == [
        "entry 0: Write Bohouš's card points (0..90, the last trick included)"]


def test_each_marriage_once_per_deal() -> None:
    assert problems(suit(marriages={"declarer": ["hearts"], "defence": ["hearts"]})) == [
        "entry 0: The hearts marriage is written for both sides; each marriage is declared once "
        "per deal"]


def test_flek_levels_within_the_limit_in_the_first_edition() -> None:
    """The first edition refused a flek beyond the table (the seed accepts it: see
    test_marias_seed.py)."""
    assert problems(suit(fleks={"game": 5}), edition=1) == [
        "entry 0: game is at level 5 (kalhoty), this table allows at most 4 (boty)"]
    assert problems(suit(fleks={"game": 5}), options={"max_fleks": 5}, edition=1) == []
    assert problems(suit(fleks={"game": 1}), options={"max_fleks": 0}, edition=1) == [
        "entry 0: game is at level 1 (flek), this table plays without fleks"]


def test_fleks_only_on_components_of_the_deal() -> None:
    assert problems(suit(fleks={"seven": 1}, flek_by={"seven": [2]})) == [
        "entry 0: seven is not played in this deal, so it cannot be fleked"]
    assert problems(betl(fleks={"durch": 1}, first_flek_by=2)) == [
        "entry 0: durch is not played in this deal, so it cannot be fleked"]


def test_first_flek_is_given_by_a_defender() -> None:
    assert problems(suit(fleks={"game": 1}, first_flek_by=1)) == [
        "entry 0: The flek on game is given by a defender, not by Bohouš (the declarer)"]
    assert problems(suit(fleks={"game": 1}, first_flek_by=0), players=4) == [
        "entry 0: The flek on game is given by a defender, not by Anna (the pauzírák)"]


def test_first_flek_giver_is_needed_when_he_pays_for_the_defence() -> None:
    found = problems(suit(fleks={"game": 1}), options={"flek_liability": "fleking_player"})
    assert found == [
        "entry 0: game is fleked and at this table the first flek-giver pays the doubling for "
        "the whole defence: write who gave the flek"]
    assert problems(suit(fleks={"game": 1}), options={"flek_liability": "each"}) == []


def test_the_declarer_is_not_the_pauzirak() -> None:
    assert problems(suit(declarer=0), players=4) == [
        "entry 0: Anna deals this deal and sits it out as the pauzírák, so cannot declare"]


def test_sitting_out_is_the_dealer() -> None:
    assert problems(suit(sitting_out=0), players=4) == []
    assert problems(suit(sitting_out=2), players=4) == [
        "entry 0: Anna deals this deal and so sits it out as the pauzírák, not Cyril"]


def test_nobody_sits_out_with_three_players() -> None:
    assert problems(suit(sitting_out=0)) == ["entry 0: With three players nobody sits out"]


def test_malformed_fields_are_named() -> None:
    assert problems(suit(game="solo")) == [
        "entry 0: game must be one of suit, betl, durch, not 'solo'"]
    assert problems(suit(trump="clubs")) == [
        "entry 0: trump must be one of hearts, bells, leaves, acorns, not 'clubs'"]
    assert problems(suit(declarer=3)) == [
        "entry 0: declarer must be a seat number 0..2, not 3"]
    assert problems(suit(fleks={"game": "re"})) == [
        "entry 0: fleks.game must be a whole number, not 're'"]
    assert problems(suit(marriages={"declarer": ["spades"]})) == [
        "entry 0: marriages.declarer must hold only hearts, bells, leaves, acorns, not 'spades'"]
    assert problems(suit(bid=60)) == ["entry 0: unknown field 'bid' for a deal entry"]


def test_malformed_is_invalid_and_against_the_rules_is_illegal() -> None:
    found = rules.problems(marias_doc([suit(card_points=55), suit(seven="won")]))
    assert [type(p) for p in found] == [InvalidEntry, IllegalEntry]
    assert found[0].params["field"] == "card_points"
    assert found[1].params["field"] == "seven"


def test_every_problem_of_a_sheet_at_once() -> None:
    found = problems(suit(card_points=55), betl(), suit(declarer=7), betl())
    assert [f.split(":")[0] for f in found] == ["entry 0", "entry 2"]


@pytest.mark.parametrize(("options", "text"), [
    ({"max_fleks": 6}, "option max_fleks: must be at most 5"),
    ({"flek_liability": "pauzirak"}, "option flek_liability: 'pauzirak' is not one of each, "
                                     "fleking_player"),
    ({"tariff": {"kalhoty": 5}}, "option tariff: unknown key 'kalhoty'"),
    ({"premium_points": {"sedma": -1}}, "option premium_points: sedma must be at least 0"),
    ({"players": 4}, "unknown option 'players'"),
])
def test_options_out_of_range_are_refused(options: dict[str, Any], text: str) -> None:
    found = problems(options=options)
    assert len(found) == 1
    assert text in found[0]


def test_five_players_are_refused() -> None:
    doc = marias_doc([], players=4)
    doc["players"].append("Eva")
    assert [str(p) for p in rules.problems(doc)] == [
        "sheet: this ruleset is played by 3 or 4 players, not 5"]
