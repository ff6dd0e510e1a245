"""The trick arbiter: every obligation of every preset, legal and illegal (RULES.md §4)."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.arbiter import (
    Broken,
    IllegalPlay,
    Turn,
    can_play,
    judge_json,
    legal_cards,
    read_card,
    trick_rules,
    verify_play,
)
from rules.cards import Suit
from rules.errors import IllegalEntry


def ask(ruleset: str, **question: Any) -> dict[str, Any]:
    """The verdict on a question; ``tricks_done`` 1 unless given (marriages are allowed)."""
    question.setdefault("tricks_done", 1)
    return judge_json({"ruleset": ruleset, **question})


# The obligations table of RULES.md §4, written out again here:
#                 follow, beat,  trump, overtrump
TABLE = {
    "tisic": (True, True, True, True),
    "ru": (True, False, True, False),
    "pl": (True, False, True, False),
    "one-thousand": (True, False, False, False),
    "marias": (True, True, True, True),
    "binokel": (True, True, True, True),
}
FOLLOW, BEAT, TRUMP, OVERTRUMP = range(4)

# Suits to build the same situation in every deck: led, trump, a third suit.
SUITS = {
    "thousand": ("spades", "hearts", "clubs"),
    "marias": ("leaves", "hearts", "acorns"),
    "binokel": ("spades", "hearts", "clubs"),
}
GAME = {"tisic": "thousand", "ru": "thousand", "pl": "thousand", "one-thousand": "thousand",
        "marias": "marias", "binokel": "binokel"}


def situation(ruleset: str, trick: list[str], hand: list[str], card: str) -> dict[str, Any]:
    """Fill L (led), T (trump) and O (other suit) into card templates such as ``K-L``."""
    led, trump, other = SUITS[GAME[ruleset]]

    def fill(text: str) -> str:
        rank, suit = text.split("-")
        return f"{rank}-{ {'L': led, 'T': trump, 'O': other}[suit] }"

    return ask(
        ruleset,
        trump=trump,
        trick=[fill(c) for c in trick],
        hand=[fill(c) for c in hand],
        card=fill(card),
    )


def expect(verdict: dict[str, Any], obliged: bool, broken: str) -> None:
    if obliged:
        assert verdict["legal"] is False
        assert verdict["broken"] == broken
    else:
        assert verdict["legal"] is True
        assert verdict["broken"] is None


@pytest.mark.parametrize("ruleset", TABLE)
def test_follow_suit_when_holding_the_led_suit(ruleset: str) -> None:
    v = situation(ruleset, ["9-L"], ["K-L", "A-O"], "A-O")
    expect(v, TABLE[ruleset][FOLLOW], "follow_suit")
    assert situation(ruleset, ["9-L"], ["K-L", "A-O"], "K-L")["legal"] is True


@pytest.mark.parametrize("ruleset", TABLE)
def test_beat_the_led_card_when_able(ruleset: str) -> None:
    v = situation(ruleset, ["Q-L"], ["K-L", "J-L"], "J-L")
    expect(v, TABLE[ruleset][BEAT], "beat")
    assert situation(ruleset, ["Q-L"], ["K-L", "J-L"], "K-L")["legal"] is True


@pytest.mark.parametrize("ruleset", TABLE)
def test_void_in_the_led_suit_must_trump(ruleset: str) -> None:
    v = situation(ruleset, ["9-L"], ["J-T", "A-O"], "A-O")
    expect(v, TABLE[ruleset][TRUMP], "trump")
    assert situation(ruleset, ["9-L"], ["J-T", "A-O"], "J-T")["legal"] is True


@pytest.mark.parametrize("ruleset", TABLE)
def test_overtrump_a_trump_in_the_trick_when_able(ruleset: str) -> None:
    v = situation(ruleset, ["9-L", "Q-T"], ["K-T", "J-T", "A-O"], "J-T")
    expect(v, TABLE[ruleset][OVERTRUMP], "overtrump")
    assert situation(ruleset, ["9-L", "Q-T"], ["K-T", "J-T", "A-O"], "K-T")["legal"] is True


@pytest.mark.parametrize("ruleset", TABLE)
def test_void_in_both_led_suit_and_trumps_plays_any_card(ruleset: str) -> None:
    v = situation(ruleset, ["9-L", "Q-T"], ["A-O", "9-O"], "9-O")
    other = SUITS[GAME[ruleset]][2]
    assert v["legal"] is True
    assert v["legal_cards"] == [f"A-{other}", f"9-{other}"]


@pytest.mark.parametrize("ruleset", TABLE)
def test_any_card_may_be_led(ruleset: str) -> None:
    v = situation(ruleset, [], ["9-L", "K-T", "A-O"], "9-L")
    assert v["legal"] is True
    assert len(v["legal_cards"]) == 3


# --------------------------------------------------------------------------- beating


def test_tisic_must_go_over_the_highest_card_of_the_trick_not_only_the_led_one() -> None:
    # 7 8 9 J Q K 10 A: Q beats the led J but not the K already played; only A beats K.
    v = ask("tisic", trump=None, trick=["J-spades", "K-spades"], hand=["Q-spades", "A-spades"],
            card="Q-spades")
    assert v["broken"] == "beat"
    assert v["legal_cards"] == ["A-spades"]


def test_tisic_ten_ranks_above_the_king() -> None:
    v = ask("tisic", trick=["9-clubs", "K-clubs"], hand=["Q-clubs", "10-clubs"], card="Q-clubs")
    assert v["broken"] == "beat"
    assert v["legal_cards"] == ["10-clubs"]


def test_tisic_cannot_beat_then_any_card_of_the_led_suit() -> None:
    v = ask("tisic", trick=["K-clubs", "A-clubs"], hand=["Q-clubs", "10-clubs", "9-hearts"],
            card="Q-clubs")
    assert v["legal"] is True
    assert v["legal_cards"] == ["Q-clubs", "10-clubs"]


def test_ru_has_no_obligation_to_beat() -> None:
    v = ask("ru", trick=["J-spades"], hand=["A-spades", "9-spades"], card="9-spades")
    assert v["legal"] is True
    assert v["legal_cards"] == ["A-spades", "9-spades"]


def test_no_obligation_to_beat_the_led_suit_in_a_trumped_trick() -> None:
    # Seed 002: after a trump, the third player follows suit but need not beat the ten.
    v = ask("binokel", trump="hearts", trick=["10-clubs", "Q-hearts"],
            hand=["A-clubs", "9-clubs", "K-hearts"], card="9-clubs")
    assert v["legal"] is True
    assert v["legal_cards"] == ["A-clubs", "9-clubs"]


def test_trumps_led_must_be_beaten_as_the_led_suit() -> None:
    v = ask("tisic", trump="hearts", trick=["K-hearts"], hand=["A-hearts", "9-hearts"],
            card="9-hearts")
    assert v["broken"] == "beat"
    assert ask("ru", trump="hearts", trick=["K-hearts"], hand=["A-hearts", "9-hearts"],
               card="9-hearts")["legal"] is True


# --------------------------------------------------------------------------- trumping


def test_tisic_trump_already_played_and_void_must_overtrump() -> None:
    v = ask("tisic", trump="hearts", trick=["A-spades", "9-hearts"],
            hand=["Q-hearts", "J-hearts", "8-hearts", "9-clubs"], card="8-hearts")
    assert v["broken"] == "overtrump"
    assert v["legal_cards"] == ["Q-hearts", "J-hearts"]


def test_tisic_trump_already_played_unable_to_overtrump_must_still_trump() -> None:
    v = ask("tisic", trump="hearts", trick=["A-spades", "10-hearts"],
            hand=["8-hearts", "9-clubs"], card="9-clubs")
    assert v["broken"] == "trump"
    assert v["legal_cards"] == ["8-hearts"]


def test_ru_trump_already_played_any_trump_will_do() -> None:
    v = ask("ru", trump="hearts", trick=["A-spades", "K-hearts"],
            hand=["9-hearts", "A-hearts", "9-clubs"], card="9-hearts")
    assert v["legal"] is True
    assert v["legal_cards"] == ["9-hearts", "A-hearts"]


def test_one_thousand_void_may_discard_instead_of_trumping() -> None:
    v = ask("one-thousand", trump="hearts", trick=["A-spades"], hand=["9-hearts", "9-clubs"],
            card="9-clubs")
    assert v["legal"] is True


def test_thousand_before_any_marriage_there_is_no_trump_to_play() -> None:
    v = ask("tisic", trump=None, trick=["A-spades"], hand=["A-hearts", "9-clubs"], card="9-clubs")
    assert v["legal"] is True
    assert v["legal_cards"] == ["A-hearts", "9-clubs"]


# --------------------------------------------------------------------------- Mariáš


def test_marias_suit_game_ten_ranks_above_the_spodek() -> None:
    v = ask("marias", contract="suit", trump="hearts", trick=["10-bells"],
            hand=["J-bells", "9-bells"], card="9-bells")
    assert v["legal"] is True
    assert v["legal_cards"] == ["J-bells", "9-bells"]


@pytest.mark.parametrize("contract", ["betl", "durch"])
def test_marias_betl_and_durch_order_puts_the_ten_under_the_spodek(contract: str) -> None:
    v = ask("marias", contract=contract, trump=None, trick=["10-bells"],
            hand=["J-bells", "9-bells"], card="9-bells")
    assert v["broken"] == "beat"
    assert v["legal_cards"] == ["J-bells"]


@pytest.mark.parametrize("contract", ["betl", "durch"])
def test_marias_betl_and_durch_have_no_trump_to_play_when_void(contract: str) -> None:
    v = ask("marias", contract=contract, trick=["9-bells"], hand=["7-hearts", "A-acorns"],
            card="A-acorns")
    assert v["legal"] is True
    assert v["legal_cards"] == ["7-hearts", "A-acorns"]


def test_marias_betl_must_still_follow_suit() -> None:
    v = ask("marias", contract="betl", trick=["9-bells"], hand=["7-bells", "A-acorns"],
            card="A-acorns")
    assert v["broken"] == "follow_suit"


def test_marias_suit_game_void_must_overtrump_the_trump_in_the_trick() -> None:
    v = ask("marias", contract="suit", trump="acorns", trick=["A-bells", "J-acorns"],
            hand=["9-acorns", "K-acorns", "A-leaves"], card="9-acorns")
    assert v["broken"] == "overtrump"
    assert v["legal_cards"] == ["K-acorns"]


# --------------------------------------------------------------------------- the seven


def seven(**question: Any) -> dict[str, Any]:
    return ask("marias", contract="suit", trump="hearts", announced_seven=True, **question)


def test_announced_seven_may_not_be_led_before_the_last_trick() -> None:
    v = seven(tricks_done=3, hand=["7-hearts", "A-hearts", "9-bells"], card="7-hearts")
    assert v["broken"] == "seven_too_early"
    assert v["legal_cards"] == ["A-hearts", "9-bells"]


def test_announced_seven_may_not_trump_before_the_last_trick() -> None:
    v = seven(tricks_done=2, trick=["9-bells"], hand=["7-hearts", "8-hearts", "10-leaves"],
              card="7-hearts")
    assert v["broken"] == "seven_too_early"
    assert v["legal_cards"] == ["8-hearts"]


def test_announced_seven_is_played_in_the_last_trick() -> None:
    v = seven(tricks_done=9, trick=["A-hearts"], hand=["7-hearts"], card="7-hearts")
    assert v["legal"] is True


def test_announced_seven_must_follow_suit_when_it_is_the_only_card_allowed() -> None:
    v = seven(tricks_done=4, trick=["A-hearts"], hand=["7-hearts", "9-bells"], card="9-bells")
    assert v["broken"] == "follow_suit"
    assert v["legal_cards"] == ["7-hearts"]


def test_unannounced_trump_seven_may_be_played_any_time() -> None:
    v = ask("marias", contract="suit", trump="hearts", tricks_done=0,
            hand=["7-hearts", "A-hearts"], card="7-hearts")
    assert v["legal"] is True


def test_seven_of_another_suit_is_not_the_announced_seven() -> None:
    v = seven(tricks_done=0, hand=["7-bells", "7-hearts", "A-hearts"], card="7-bells")
    assert v["legal"] is True


# --------------------------------------------------------------------------- marriages


def test_tisic_marriage_declared_when_leading_after_the_first_trick_makes_trump() -> None:
    v = ask("tisic", trump="spades", tricks_done=1, hand=["Q-clubs", "K-clubs", "9-hearts"],
            card="Q-clubs", declare_marriage=True)
    assert v["legal"] is True
    assert v["trump"] == "clubs"


def test_tisic_no_marriage_before_the_first_trick_is_complete() -> None:
    v = ask("tisic", tricks_done=0, hand=["Q-clubs", "K-clubs"], card="Q-clubs",
            declare_marriage=True)
    assert v["broken"] == "marriage_too_early"
    assert v["trump"] is None


def test_ru_marriage_may_be_declared_on_the_first_lead() -> None:
    v = ask("ru", tricks_done=0, hand=["Q-hearts", "K-hearts"], card="K-hearts",
            declare_marriage=True)
    assert v["legal"] is True
    assert v["trump"] == "hearts"


@pytest.mark.parametrize("ruleset", ["tisic", "ru", "pl", "one-thousand"])
def test_thousand_marriage_only_when_leading(ruleset: str) -> None:
    v = ask(ruleset, trick=["9-clubs"], hand=["Q-clubs", "K-clubs"], card="Q-clubs",
            declare_marriage=True)
    assert v["broken"] == "marriage_not_leading"
    # The same card without a declaration is a plain, legal play.
    assert ask(ruleset, trick=["9-clubs"], hand=["Q-clubs", "K-clubs"],
               card="Q-clubs")["legal"] is True


def test_marriage_needs_the_partner_in_hand() -> None:
    v = ask("ru", hand=["Q-clubs", "K-spades"], card="Q-clubs", declare_marriage=True)
    assert v["broken"] == "marriage_incomplete"


def test_marriage_is_declared_with_a_king_or_queen_only() -> None:
    v = ask("ru", hand=["J-clubs", "Q-clubs", "K-clubs"], card="J-clubs", declare_marriage=True)
    assert v["broken"] == "marriage_incomplete"


def test_marias_marriage_announced_while_following_suit() -> None:
    v = ask("marias", contract="suit", trump="leaves", trick=["9-acorns"],
            hand=["K-acorns", "Q-acorns"], card="K-acorns", declare_marriage=True)
    assert v["legal"] is True
    assert v["trump"] == "leaves"  # a Mariáš marriage does not change trumps


def test_marias_marriage_card_must_still_follow_suit() -> None:
    v = ask("marias", contract="suit", trump="leaves", trick=["9-bells"],
            hand=["K-acorns", "Q-acorns", "7-bells"], card="K-acorns", declare_marriage=True)
    assert v["broken"] == "follow_suit"


# --------------------------------------------------------------------------- Binokel twins


def test_binokel_equal_card_does_not_beat_so_any_card_of_the_suit() -> None:
    v = ask("binokel", trump="hearts", trick=["10-clubs"], hand=["10-clubs", "K-clubs"],
            card="K-clubs")
    assert v["legal"] is True
    assert v["legal_cards"] == ["10-clubs", "K-clubs"]


def test_binokel_stichzwang_with_a_higher_card() -> None:
    v = ask("binokel", trump="hearts", trick=["10-clubs"],
            hand=["A-clubs", "10-clubs", "9-clubs"], card="10-clubs")
    assert v["broken"] == "beat"
    assert v["legal_cards"] == ["A-clubs"]


def test_binokel_twin_trump_does_not_overtrump_the_first_one() -> None:
    v = ask("binokel", trump="hearts", trick=["K-clubs", "10-hearts"],
            hand=["10-hearts", "A-hearts", "9-hearts"], card="10-hearts")
    assert v["broken"] == "overtrump"
    assert v["legal_cards"] == ["A-hearts"]


def test_binokel_twins_in_hand_are_both_listed() -> None:
    v = ask("binokel", trump="hearts", trick=["9-clubs"], hand=["A-clubs", "9-spades", "A-clubs"],
            card="A-clubs")
    assert v["legal"] is True
    assert v["legal_cards"] == ["A-clubs", "A-clubs"]


def test_binokel_twin_of_a_card_in_the_trick_may_be_in_hand() -> None:
    v = ask("binokel", trump="hearts", trick=["A-clubs"], hand=["A-clubs"], card="A-clubs")
    assert v["legal"] is True


# --------------------------------------------------------------------------- any game


def test_card_not_in_hand_is_not_played() -> None:
    v = ask("tisic", hand=["9-clubs"], card="A-clubs")
    assert v["broken"] == "not_in_hand"
    assert v["legal_cards"] == ["9-clubs"]


def test_illegal_verdict_cites_the_rule_and_explains_with_the_cards() -> None:
    v = ask("tisic", trump="hearts", trick=["A-spades", "10-spades"],
            hand=["K-spades", "9-hearts", "Q-clubs"], card="9-hearts")
    assert v["broken"] == "follow_suit"
    assert v["rule"].startswith("Follow suit")
    assert v["ref"] == "docs/rules/arbiter.md#follow-suit"
    assert "K-spades" in v["message"] and "spades were led" in v["message"]


def test_legal_verdict_cites_the_obligations_in_force() -> None:
    assert ask("one-thousand", hand=["9-clubs"], card="9-clubs")["rule"] == (
        "You must follow suit; otherwise any card."
    )
    assert "overtrump" in ask("tisic", hand=["9-clubs"], card="9-clubs")["rule"]
    assert "trump" not in ask("marias", contract="betl", hand=["9-bells"], card="9-bells")["rule"]


# --------------------------------------------------------------------------- typed API


def turn(ruleset: str, trump: Suit | None, trick: list[str], hand: list[str]) -> Turn:
    deck = trick_rules(ruleset).deck
    return Turn(
        rules=trick_rules(ruleset),
        trump=trump,
        trick=tuple(read_card(c, deck) for c in trick),
        hand=tuple(read_card(c, deck) for c in hand),
        tricks_done=1,
    )


def test_verify_play_raises_illegal_play_citing_the_broken_rule() -> None:
    t = turn("tisic", Suit.HEARTS, ["Q-spades"], ["K-spades", "J-spades"])
    with pytest.raises(IllegalPlay) as caught:
        verify_play(t, read_card("J-spades"))
    assert isinstance(caught.value, IllegalEntry)
    assert caught.value.broken is Broken.BEAT
    assert caught.value.code == "beat"
    assert caught.value.rule.text.startswith("Beat:")
    assert caught.value.message == "J-spades does not beat Q-spades: you hold K-spades, which does"


def test_can_play_and_legal_cards_agree_with_verify_play() -> None:
    t = turn("ru", Suit.HEARTS, ["Q-spades"], ["K-hearts", "J-clubs"])
    assert can_play(t, read_card("K-hearts")) is True
    assert can_play(t, read_card("J-clubs")) is False
    verify_play(t, read_card("K-hearts"))
    assert [str(c) for c in legal_cards(t)] == ["K-hearts"]


# --------------------------------------------------------------------------- options


def test_table_may_oblige_beating_in_ru() -> None:
    v = ask("ru", options={"must_beat": True}, trick=["J-spades"], hand=["A-spades", "9-spades"],
            card="9-spades")
    assert v["broken"] == "beat"


def test_table_may_drop_the_trump_obligation_in_marias() -> None:
    v = ask("marias", options={"must_trump": False, "must_overtrump": False}, trump="hearts",
            trick=["9-bells"], hand=["7-hearts", "A-acorns"], card="A-acorns")
    assert v["legal"] is True


def test_trick_rules_apply_overrides_and_keep_the_preset() -> None:
    assert trick_rules("ru", {"must_overtrump": True}).must_overtrump is True
    assert trick_rules("ru").must_overtrump is False


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"must_bet": True}, "unknown option 'must_bet'"),
        ({"must_beat": "yes"}, "must_beat: must be true or false"),
        ({"must_follow": False}, "must_beat needs must_follow"),
    ],
)
def test_bad_obligation_overrides_are_refused_naming_options(
    options: dict[str, Any], words: str
) -> None:
    with pytest.raises(ValueError, match="options: ") as caught:
        trick_rules("tisic", options)
    assert words in str(caught.value)


def test_overtrumping_needs_the_trump_obligation() -> None:
    with pytest.raises(ValueError, match="must_overtrump needs must_trump"):
        trick_rules("one-thousand", {"must_overtrump": True})


def test_unknown_ruleset_is_refused_naming_ruleset() -> None:
    with pytest.raises(ValueError, match="ruleset: unknown ruleset 'skat'"):
        trick_rules("skat")


def test_sheet_options_of_the_ruleset_are_checked_and_have_no_bearing_on_tricks() -> None:
    assert trick_rules("ru", {"barrel_at": 900}) == trick_rules("ru")
    with pytest.raises(ValueError, match="options: option barrel_at: 5000 is not one of"):
        trick_rules("ru", {"barrel_at": 5000})


def test_trick_obligations_are_options_of_the_sheets_ruleset() -> None:
    """RULES.md §4: a table's house rule of trick play is stored on its sheet like any option,
    and the referee of that sheet judges by it."""
    for ruleset in ("ru", "tisic", "pl", "one-thousand", "marias", "binokel"):
        names = {s.name for s in rules.specs(rules.preset(ruleset))}
        assert {"must_follow", "must_beat", "must_trump", "must_overtrump"} <= names
    sheet = rules.Sheet(game="thousand", ruleset="ru", options={"must_beat": True},
                        players=("Anna", "Boris", "Vera"))
    assert sheet.rules.must_beat is True
    assert trick_rules("ru", sheet.options, edition=sheet.edition).must_beat is True
    # a contradiction is refused when the sheet is made
    with pytest.raises(rules.InvalidSheet, match="must_overtrump needs must_trump"):
        rules.Sheet(game="thousand", ruleset="ru", players=("Anna", "Boris", "Vera"),
                    options={"must_trump": False, "must_overtrump": True})


# --------------------------------------------------------------------------- docs


def test_every_cited_rule_has_its_section_in_the_arbiter_docs() -> None:
    import re
    from pathlib import Path

    from rules.arbiter import DOCS, RULES

    text = (Path(__file__).resolve().parents[2] / DOCS).read_text(encoding="utf-8")
    titles = re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE)
    anchors = {
        re.sub(r"[^a-z0-9 -]", "", title.strip().lower()).replace(" ", "-")
        for title in titles if "{#" not in title
    }
    # a heading that keeps its anchor when its words change: "Obligations per preset {#arbiter-
    # obligations-per-ruleset}" (the rules page prefixes every anchor with its document's name)
    anchors |= {found.removeprefix("arbiter-") for title in titles
                for found in re.findall(r"\{#([a-z0-9-]+)\}", title)}
    cited = {rule.ref.split("#")[1] for rule in RULES.values()} | {"obligations-per-ruleset"}
    assert cited <= anchors
    for broken in Broken:
        assert f"`{broken.value}`" in text


def test_doctests_of_the_arbiter_and_the_cards() -> None:
    import doctest

    from rules import arbiter, cards

    for module in (arbiter, cards):
        result = doctest.testmod(module)
        assert result.attempted > 0
        assert result.failed == 0


# --------------------------------------------------------------------------- beat_when_trumped

# Seed 000: "Platí povinnost přiznávat barvu! A to za všech okolností. ... Zároveň musí jít
# nutně "přes" (přebít vyšší hodnotou)." It is silent on a trick already trumped: by default
# (RULES.md §4, option beat_when_trumped false) a player who follows suit need not go over the
# led suit's highest card once a trump is in the trick; a table that reads the seed literally
# sets the option.  Tisíc, hearts trumps: Anna leads the king of spades, Boris, void, trumps
# with the nine of hearts; Vera holds the ace and the nine of spades.
TRUMPED_TISIC = {"trump": "hearts", "trick": ["K-spades", "9-hearts"],
                 "hand": ["A-spades", "9-spades", "Q-hearts"]}


def test_tisic_by_default_a_trumped_trick_need_not_be_beaten_in_the_led_suit() -> None:
    assert trick_rules("tisic").beat_when_trumped is False
    v = ask("tisic", card="9-spades", **TRUMPED_TISIC)
    assert v["legal"] is True
    assert v["legal_cards"] == ["A-spades", "9-spades"]  # follow suit still; the trump may not


def test_tisic_with_beat_when_trumped_the_led_suit_must_still_be_beaten() -> None:
    v = ask("tisic", options={"beat_when_trumped": True}, card="9-spades", **TRUMPED_TISIC)
    assert v["legal"] is False
    assert v["broken"] == "beat"
    assert v["legal_cards"] == ["A-spades"]
    assert "even when the trick has been trumped" in v["rule"]
    assert v["message"] == "9-spades does not beat K-spades: you hold A-spades, which does"
    ok = ask("tisic", options={"beat_when_trumped": True}, card="A-spades", **TRUMPED_TISIC)
    assert ok["legal"] is True


def test_beat_when_trumped_asks_nothing_when_the_led_suit_cannot_be_beaten() -> None:
    v = ask("tisic", options={"beat_when_trumped": True}, trump="hearts",
            trick=["A-spades", "9-hearts"], hand=["10-spades", "9-spades"], card="9-spades")
    assert v["legal"] is True
    assert v["legal_cards"] == ["10-spades", "9-spades"]


def test_beat_when_trumped_leaves_an_untrumped_trick_as_it_was() -> None:
    for options in ({}, {"beat_when_trumped": True}):
        v = ask("tisic", options=options, trump="hearts", trick=["K-spades"],
                hand=["A-spades", "9-spades"], card="9-spades")
        assert v["broken"] == "beat"
        assert "nobody has trumped" in v["rule"]


def test_beat_when_trumped_is_an_option_of_every_preset_off_by_default() -> None:
    """RULES.md §4: "Option `beat_when_trumped` (default false in every preset)"; Binokel's seed
    002 says so itself: "Er muss die angespielte Zehn jedoch nicht stechen, weil die höchste
    Karte im Stich jetzt eine Trumpfkarte ist"."""
    for ruleset in TABLE:
        assert rules.preset(ruleset).beat_when_trumped is False
        assert "beat_when_trumped" in {s.name for s in rules.specs(rules.preset(ruleset))}
        assert trick_rules(ruleset).beat_when_trumped is False
    sheet = rules.Sheet(game="thousand", ruleset="tisic", options={"beat_when_trumped": True},
                        players=("Anna", "Boris", "Vera"))
    assert trick_rules("tisic", sheet.options, edition=sheet.edition).beat_when_trumped is True


def test_binokel_and_marias_tables_may_set_it_too() -> None:
    on = {"beat_when_trumped": True}
    assert ask("binokel", options=on, trump="hearts", trick=["10-clubs", "Q-hearts"],
               hand=["A-clubs", "9-clubs", "K-hearts"], card="9-clubs")["broken"] == "beat"
    assert ask("marias", options=on, trump="hearts", trick=["K-leaves", "7-hearts"],
               hand=["A-leaves", "8-leaves"], card="8-leaves")["broken"] == "beat"
    assert ask("marias", trump="hearts", trick=["K-leaves", "7-hearts"],
               hand=["A-leaves", "8-leaves"], card="8-leaves")["legal"] is True


def test_beat_when_trumped_needs_the_duty_to_beat() -> None:
    with pytest.raises(ValueError, match="beat_when_trumped needs must_beat"):
        trick_rules("ru", {"beat_when_trumped": True})
    assert trick_rules("ru", {"must_beat": True, "beat_when_trumped": True}).beat_when_trumped
    with pytest.raises(rules.InvalidSheet, match="beat_when_trumped needs must_beat"):
        rules.Sheet(game="thousand", ruleset="ru", options={"beat_when_trumped": True},
                    players=("Anna", "Boris", "Vera"))
