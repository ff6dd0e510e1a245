"""The referee's view-model helpers (scoresheet/referee/rulings.py): cards, rule texts, offences."""

from __future__ import annotations

from django.utils import translation

import rules
from rules import arbiter
from rules.cards import DECKS, DeckName, parse_card
from scoresheet.referee import rulings as referee


def test_rule_texts_shown_are_the_arbiters_own_words():
    # The page keeps translatable copies of docs/rules/arbiter.md's rule texts; in English
    # they must say exactly what the engine cites.
    with translation.override("en"):
        for broken, rule in arbiter.RULES.items():
            assert str(referee.RULE_TEXTS[broken]) == rule.text
    assert set(referee.BROKEN_LABELS) == set(arbiter.Broken)


def test_the_card_grid_holds_every_card_of_each_deck():
    # RULES.md: Thousand 24 cards (9 to A), Tisíc and Mariáš 32 (7 to A), Binokel 48 (twice).
    sizes = {DeckName.THOUSAND: 24, DeckName.TISIC: 32, DeckName.MARIAS: 32,
             DeckName.BINOKEL: 48}
    for name, size in sizes.items():
        deck = DECKS[name]
        grid = referee.card_grid(deck, twins=True)
        assert sum(len(row.cards) for row in grid) == size
        assert [row.suit for row in grid] == [s.value for s in deck.suit_names]
    binokel = referee.card_grid(DECKS[DeckName.BINOKEL])
    assert sum(len(row.cards) for row in binokel) == 24  # one button per card to lead or play


def test_binokel_twins_are_two_buttons_of_one_card():
    hearts = referee.card_grid(DECKS[DeckName.BINOKEL], twins=True)[0]
    aces = [c for c in hearts.cards if c.code == "A-hearts"]
    assert [c.copy for c in aces] == [0, 1]
    assert {c.label for c in aces} == {"A♥"}


def test_suit_rows_carry_the_local_names_and_the_other_names():
    marias = {row.suit: row for row in referee.card_grid(DECKS[DeckName.MARIAS])}
    assert (marias["hearts"].name, marias["bells"].name, marias["leaves"].name,
            marias["acorns"].name) == ("srdce", "kule", "listy", "žaludy")
    assert "zelené" in marias["leaves"].names
    binokel = {row.suit: row for row in referee.card_grid(DECKS[DeckName.BINOKEL])}
    assert (binokel["hearts"].name, binokel["spades"].name, binokel["clubs"].name,
            binokel["diamonds"].name) == ("Herz", "Schippe", "Kreuz", "Eckstein")
    thousand = {row.suit: row for row in referee.card_grid(DECKS[DeckName.THOUSAND])}
    assert thousand["hearts"].names == "hearts · kier"  # no Cyrillic off Russian pages


def test_card_buttons_show_one_alphabet_the_pages_letters_of_the_deck():
    deck = DECKS[DeckName.MARIAS]
    queen = referee.card_view(deck, parse_card("Q-acorns", deck))
    assert (queen.short, queen.rank, queen.rank_differs) == ("Sv", "Sv", False)
    assert queen.name == "svršek žaludy"
    ten = referee.card_view(deck, parse_card("10-bells", deck))
    assert ten.rank_differs is False


def test_cards_in_the_engines_sentences_are_written_as_the_deck_prints_them():
    deck = DECKS[DeckName.TISIC]
    assert referee.relabel("9-hearts does not follow suit: you hold K-spades", deck) == (
        "9♥ does not follow suit: you hold K♠"
    )
    assert referee.relabel("7-bells is not in this deck", DECKS[DeckName.THOUSAND]) == (
        "7-bells is not in this deck"
    )


def test_rule_references_point_into_the_rules_page():
    assert referee.doc_anchor("docs/rules/arbiter.md#beat") == "arbiter-beat"
    assert referee.doc_anchor("docs/rules/arbiter.md") == "arbiter"


def test_the_question_asks_only_what_the_rulesets_play_needs():
    thousand = referee.asks(arbiter.trick_rules("ru"))
    assert (thousand.contracts, thousand.no_trump, thousand.marriage, thousand.seven) == (
        False, True, True, False)
    marias = referee.asks(arbiter.trick_rules("marias"))
    assert (marias.contracts, marias.no_trump, marias.marriage, marias.seven) == (
        True, True, True, True)
    binokel = referee.asks(arbiter.trick_rules("binokel"))
    assert (binokel.no_trump, binokel.marriage, binokel.twins) == (False, False, True)


def test_the_penalty_rows_offered_are_the_games_own():
    def kinds(ruleset):
        return referee.offence_kinds(rules.load({
            "format": rules.FORMAT, "game": rules.game_of(ruleset).name, "ruleset": ruleset,
            "options": {}, "players": ["A", "B", "C"], "first_dealer": 0, "entries": []}))

    # FORMAT.md: Thousand writes "penalty" rows, Mariáš "renonc" rows, Binokel neither.
    assert kinds("tisic") == ["penalty"]
    assert kinds("marias") == ["renonc"]
    assert kinds("binokel") == []


def test_a_card_that_does_not_beat_in_a_trumped_trick_cites_the_tables_rule():
    # beat_when_trumped: the rule shown is the one the arbiter cites, in the page's language.
    verdict = arbiter.judge_json({
        "ruleset": "tisic", "options": {"beat_when_trumped": True}, "trump": "hearts",
        "trick": ["K-spades", "9-hearts"], "hand": ["A-spades", "9-spades"],
        "card": "9-spades", "tricks_done": 1})
    assert verdict["rule"] == arbiter.BEAT_WHEN_TRUMPED_RULE.text
    with translation.override("en"):
        assert referee.rule_text(arbiter.Broken.BEAT, "", trumped=True) == verdict["rule"]
        assert referee.rule_text(arbiter.Broken.BEAT, "") == arbiter.RULES[
            arbiter.Broken.BEAT].text
    with translation.override("cs"):
        assert referee.rule_text(arbiter.Broken.BEAT, "", trumped=True).startswith(
            "Přebít i ve štychu s trumfem")
