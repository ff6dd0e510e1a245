"""Cards, decks and card orders of the three games (rules/cards.py)."""

from __future__ import annotations

import pytest

from rules.arbiter import TRICK_RULES, trick_winner
from rules.cards import (
    ACE_TEN_ORDER,
    DECKS,
    GAME_SUITS,
    NATURAL_ORDER,
    Card,
    DeckName,
    Rank,
    Suit,
    parse_card,
    parse_suit,
)
from rules.errors import InvalidEntry


def c(text: str) -> Card:
    rank, suit = text.split("-")
    return Card(rank=Rank(rank), suit=Suit(suit))


@pytest.mark.parametrize(
    ("deck", "size"),
    [
        (DeckName.THOUSAND, 24),  # RULES.md §1: ru, pl, one-thousand, 9 to A
        (DeckName.TISIC, 32),  # RULES.md §1.2: 7 to A
        (DeckName.MARIAS, 32),  # RULES.md §2
        (DeckName.BINOKEL, 48),  # RULES.md §3: 9 to A, twice
    ],
)
def test_deck_sizes(deck: DeckName, size: int) -> None:
    assert DECKS[deck].size == size
    assert len(DECKS[deck].cards()) == size


@pytest.mark.parametrize(
    ("ruleset", "deck"),
    [("ru", DeckName.THOUSAND), ("pl", DeckName.THOUSAND), ("one-thousand", DeckName.THOUSAND),
     ("tisic", DeckName.TISIC), ("marias", DeckName.MARIAS), ("binokel", DeckName.BINOKEL)],
)
def test_each_ruleset_plays_its_deck(ruleset: str, deck: DeckName) -> None:
    assert TRICK_RULES[ruleset].deck.name is deck


def test_suit_names_per_game_follow_format() -> None:
    assert GAME_SUITS["thousand"] == ("hearts", "diamonds", "clubs", "spades")
    assert GAME_SUITS["binokel"] == ("hearts", "diamonds", "clubs", "spades")
    assert GAME_SUITS["marias"] == ("hearts", "bells", "leaves", "acorns")


def test_local_suit_names() -> None:
    marias = DECKS[DeckName.MARIAS]
    assert [marias.face(s).name for s in GAME_SUITS["marias"]] == ["srdce", "kule", "listy",
                                                                   "žaludy"]
    binokel = DECKS[DeckName.BINOKEL]
    assert {s: binokel.face(s).name for s in GAME_SUITS["binokel"]} == {
        Suit.HEARTS: "Herz", Suit.DIAMONDS: "Eckstein", Suit.CLUBS: "Kreuz", Suit.SPADES: "Schippe"
    }
    # Seed 000 (Tisíc): žaludy are the clubs, listy the spades.
    tisic = DECKS[DeckName.TISIC]
    assert tisic.face(Suit.CLUBS).name == "žaludy"
    assert tisic.face(Suit.SPADES).name == "listy"


def test_every_suit_has_a_symbol_and_a_colour() -> None:
    for deck in DECKS.values():
        for face in deck.suits:
            assert len(face.symbol) == 1
            assert face.colour
    assert DECKS[DeckName.BINOKEL].label(c("10-hearts")) == "10♥"
    assert DECKS[DeckName.BINOKEL].label(c("Q-clubs")) == "O♣"


def test_ace_ten_order_puts_the_ten_between_king_and_ace() -> None:
    assert DECKS[DeckName.TISIC].order(ACE_TEN_ORDER) == tuple(
        Rank(r) for r in ("7", "8", "9", "J", "Q", "K", "10", "A")
    )
    assert DECKS[DeckName.BINOKEL].order(ACE_TEN_ORDER) == tuple(
        Rank(r) for r in ("9", "J", "Q", "K", "10", "A")
    )


def test_betl_and_durch_order_is_the_natural_one() -> None:
    assert DECKS[DeckName.MARIAS].order(NATURAL_ORDER) == tuple(
        Rank(r) for r in ("7", "8", "9", "10", "J", "Q", "K", "A")
    )


def test_parse_card_reads_rank_dash_suit() -> None:
    assert parse_card("10-hearts", DECKS[DeckName.THOUSAND]) == c("10-hearts")
    assert parse_card("Q-acorns", DECKS[DeckName.MARIAS]) == c("Q-acorns")
    assert str(c("10-hearts")) == "10-hearts"


@pytest.mark.parametrize("text", ["10hearts", "1-hearts", "10-harts", "10-bells", "", None])
def test_parse_card_refuses_what_is_not_a_card_of_the_deck(text: object) -> None:
    with pytest.raises(InvalidEntry) as caught:
        parse_card(text, DECKS[DeckName.THOUSAND], field="hand")
    assert caught.value.message.startswith(f"hand: {text!r} ")
    assert caught.value.params["field"] == "hand"


def test_parse_suit_knows_only_the_game_suits() -> None:
    assert parse_suit("leaves", DECKS[DeckName.MARIAS]) is Suit.LEAVES
    with pytest.raises(InvalidEntry, match="trump: 'spades' is not a suit of this game"):
        parse_suit("spades", DECKS[DeckName.MARIAS])


def test_trick_winner_highest_of_led_suit_without_trump() -> None:
    assert trick_winner([c("9-clubs"), c("A-hearts"), c("10-clubs")], None, ACE_TEN_ORDER) == 2


def test_trick_winner_highest_trump() -> None:
    trick = [c("A-clubs"), c("9-hearts"), c("J-hearts")]
    assert trick_winner(trick, Suit.HEARTS, ACE_TEN_ORDER) == 2


def test_trick_winner_binokel_first_of_two_equal_cards() -> None:
    assert trick_winner([c("K-clubs"), c("10-hearts"), c("10-hearts")], Suit.HEARTS,
                        ACE_TEN_ORDER) == 1


def test_trick_winner_betl_order() -> None:
    assert trick_winner([c("10-bells"), c("J-bells")], None, NATURAL_ORDER) == 1
    assert trick_winner([c("10-bells"), c("J-bells")], None, ACE_TEN_ORDER) == 0
