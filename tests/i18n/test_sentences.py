"""Sentences, not glued fragments (issue 24, point 1): each sentence the table read wrong, said
right, in the language it was found in.

A name never needs a grammatical case or a gender: the game comes first and the payers are
counted ("hra ♥: Šárka vyhrává 0,20 Kč od každého ze 2 ostatních"), lists are joined per language
("Anna a Vera"), every count goes through ngettext, and no player "hrál/grał/играл".
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import polib
import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

import rules
from rules.cards import DECKS, DeckName, parse_card
from scoresheet.referee.rulings import card_view, relabel, suit_view
from scoresheet.sheets import words
from tests.sheets.helpers import THREE_DEALS, page, text

MARIAS = ["Šárka", "Přemysl", "Bob"]


def marias_note(code: str, language: str, **params: Any) -> str:
    note = rules.Note(code=code, text="", params=params)
    with translation.override(language):
        return words.note_text(note, game="marias", players=MARIAS)


def test_czech_names_the_game_first_and_counts_the_payers() -> None:
    # found: "Šárka vyhrává hra: 0,20 Kč od každého z hráčů 2"
    said = marias_note("won", "cs", seat=0, component="hra", level=0, amount=20, payers=2,
                       red=False)
    assert said == "hra: Šárka vyhrává 0,20 Kč od každého ze 2 ostatních"


def test_polish_says_who_loses_without_a_case_and_counts_the_payers() -> None:
    # found: "Bob przegrywa hra ♥ … dla: 2"
    said = marias_note("lost", "pl", seat=2, component="hra", level=0, amount=40, payers=2,
                       red=True)
    assert said == "hra ♥: Bob przegrywa i płaci 0,40 Kč każdemu z 2 pozostałych"


@pytest.mark.parametrize(("count", "cs", "ru"), [
    (1, "od druhého hráče", "со второго игрока"),
    (3, "od každého ze 3 ostatních", "с каждого из 3 остальных"),
    (5, "od každého z 5 ostatních", "с каждого из 5 остальных"),
])
def test_the_payers_are_counted_with_the_plural_of_each_language(
    count: int, cs: str, ru: str
) -> None:
    for language, said in (("cs", cs), ("ru", ru)):
        with translation.override(language):
            assert words.payers_words(count)["payers_from"] == said


def test_a_player_who_sits_out_has_no_gender() -> None:
    said = marias_note("pauzirak_spared", "en", seat=2, first=0, second=1, first_amount=10,
                       second_amount=10)
    assert "his" not in said.split()
    assert said.startswith("Bob sits out and pays nothing; in that place Šárka pays")


def test_the_renonc_row_says_the_game_once() -> None:
    # found: "Renonc v řádku 10: … hra hra ♥"
    with translation.override("cs"):
        contract = words.contract_label("hra ♥")
        said = gettext("A renonc in row %(number)s: %(declarer)s played %(contract)s.") % {
            "number": 10, "declarer": "Šárka", "contract": contract}
    assert said == "Renonc v řádku 10 – Šárka: hra ♥."


RENONC_ROW = "A renonc in row %(number)s: %(declarer)s played %(contract)s."
RENONC_PROVEN = ("A renonc by %(name)s in trick %(trick)s is proven; which rule it broke is "
                 "settled by the cards still to come.")


@pytest.mark.parametrize(("language", "row", "proven"), [
    # found: "aktér Šárka", "rozgrywający Šárka" (a man's word before a woman's name), "hráče
    # Šárka" (a name that would need the genitive): the name stands before a colon
    ("cs", "Renonc v řádku 10 – Šárka: hra.",
     "Šárka: renonc ve štychu 3 je prokázán; které pravidlo porušuje, rozhodnou karty, které "
     "teprve přijdou."),
    ("pl", "Renons w wierszu 10 – Šárka: hra.",
     "Šárka: renons w lewie 3 jest udowodniony; którą zasadę łamie, rozstrzygną karty, które "
     "jeszcze przyjdą."),
    ("ru", "Ренонс в строке 10 – Šárka: hra.",
     "Šárka: ренонс во взятке 3 доказан; какое правило нарушено, решат карты, которые ещё "
     "придут."),
    ("de", "Renonc in Zeile 10 – Šárka: hra.",
     "Šárka: Renonc im Stich 3 ist bewiesen; welche Regel er bricht, entscheiden die Karten, die "
     "noch kommen."),
])
def test_a_renonc_names_the_player_before_a_colon(language: str, row: str, proven: str) -> None:
    with translation.override(language):
        assert gettext(RENONC_ROW) % {
            "number": 10, "declarer": "Šárka", "contract": "hra"} == row
        assert gettext(RENONC_PROVEN) % {"name": "Šárka", "trick": 3} == proven


# A player's role or "player" itself right before a name: the name would need the role's case
# and gender ("aktér Šárka", "hráče Šárka", "rozgrywający Šárka", "игрока Šárka").
NOUN_BEFORE_NAME = re.compile(
    r"(aktér|hráč\w*|rozgrywając\w*|gracz\w*|разыгрывающ\w*|игрок\w*)\s+(—\s+)?%\(\w+\)s")


@pytest.mark.parametrize("language", ["cs", "pl", "ru"])
def test_no_renonc_or_flek_sentence_glues_a_name_after_a_noun(language: str) -> None:
    catalog = polib.pofile(str(Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES"
                               / "django.po"))
    found = [entry.msgstr for entry in catalog
             if re.search(r"renonc|is given by the declarer", entry.msgid, re.I)
             and NOUN_BEFORE_NAME.search(entry.msgstr)]
    assert found == []


@pytest.mark.parametrize(("language", "joined"), [
    ("cs", "Anna, Boris a Vera"), ("de", "Anna, Boris und Vera"), ("pl", "Anna, Boris i Vera"),
    ("ru", "Anna, Boris и Vera"), ("en", "Anna, Boris and Vera"),
])
def test_lists_of_names_are_joined_in_the_page_language(language: str, joined: str) -> None:
    with translation.override(language):
        assert words.join_names(["Anna", "Boris", "Vera"]) == joined


def test_a_binokel_bid_is_not_called_a_meld_in_czech() -> None:
    # found: the Binokel bid labelled "hlášku" (a marriage, in Czech)
    with translation.override("cs"):
        assert "hlášk" not in gettext("Type the bid.")


@pytest.mark.parametrize(("language", "said"), [
    ("cs", ["Počkejte 1 sekundu", "Počkejte 3 sekundy", "Počkejte 5 sekund",
            "Počkejte 22 sekund"]),  # (Czech counts 2-4 only, not 22-24)
    ("pl", ["Poczekaj 1 sekundę", "Poczekaj 3 sekundy", "Poczekaj 5 sekund",
            "Poczekaj 22 sekundy"]),
    ("ru", ["Подождите 1 секунду", "Подождите 3 секунды", "Подождите 5 секунд",
            "Подождите 22 секунды"]),
    ("de", ["Warte 1 Sekunde ", "Warte 3 Sekunden", "Warte 5 Sekunden",
            "Warte 22 Sekunden"]),
    ("en", ["Wait 1 second ", "Wait 3 seconds", "Wait 5 seconds", "Wait 22 seconds"]),
])
def test_seconds_to_wait_take_the_plural_of_their_number(language: str, said: list[str]) -> None:
    # found: "Počkejte 3 sekund" (the 429 pages, scoresheet/protect/ratelimit.py)
    from scoresheet.protect.ratelimit import wait_sentence

    with translation.override(language):
        sentences = [wait_sentence(n) for n in (1, 3, 5, 22)]
    for sentence, start in zip(sentences, said, strict=True):
        assert sentence.startswith(start), sentence


# A past tense that says the player is a man, after a player's name (cs hrál, pl grał, ru играл).
GENDERED_PAST = {
    "cs": re.compile(r"%\(\w*name\)s(?:\s+\S+){0,2}?\s+\w+(?:al|il|el|ál|ěl|yl|ul)\b"),
    "pl": re.compile(r"%\(\w*name\)s(?:\s+\S+){0,2}?\s+\w+(?:ał|ił|ył|ął)\b"),
    "ru": re.compile(r"%\(\w*name\)s(?:\s+\S+){0,2}?\s+\w+(?:ал|ил|ел|ял|ыл|ёл)\b"),
}


@pytest.mark.parametrize("language", sorted(GENDERED_PAST))
def test_no_player_is_given_a_gendered_past_tense(language: str) -> None:
    catalog = polib.pofile(str(Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES"
                               / "django.po"))
    found = [entry.msgstr for entry in catalog
             if entry.msgstr and GENDERED_PAST[language].search(entry.msgstr)]
    assert found == []


@pytest.mark.django_db
def test_the_sheet_legend_does_not_say_deals_twice(client: Client, make_sheet: Any) -> None:
    # found: "deals deals next"
    sheet = make_sheet(entries=THREE_DEALS)
    said = text(page(client.get(reverse("sheet", args=[sheet.edit_token]))))
    assert "deals deals" not in said
    assert re.search(r"deals\s*: the next dealer", said)


@pytest.mark.django_db
def test_the_russian_print_header_names_the_game_once(make_sheet: Any) -> None:
    # found: "Тысяча Тысяча —" in the Russian PDF header
    sheet = make_sheet(entries=THREE_DEALS)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    html = page(client.get(reverse("print", args=[sheet.edit_token])))
    heading = text(re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)).strip()
    assert heading.startswith("Тысяча — русская")
    assert "Тысяча Тысяча" not in heading


@pytest.mark.django_db
def test_what_is_still_missing_names_the_points_not_the_player(
    client: Client, make_sheet: Any
) -> None:
    # found: "Still missing: …, Anna" (meaning Anna's card points)
    sheet = make_sheet()
    url = reverse("entry_new", args=[sheet.edit_token, "deal"])
    response = client.post(url, {"declarer": "0", "contract": "120"})
    assert response.status_code == 400
    said = text(response.content.decode())
    assert re.search(r"Still missing: Card points of Anna\b", said)


@pytest.mark.parametrize(("language", "label", "second"), [
    ("en", "K♠", "K"), ("de", "K♠", "K"), ("ru", "К♠", "К"),
])
def test_the_referee_writes_a_russian_decks_cards_as_the_reader_reads_them(
    language: str, label: str, second: str
) -> None:
    # found: the English referee said "you hold К♠" (a Cyrillic K)
    deck = DECKS[DeckName.THOUSAND]
    with translation.override(language):
        view = card_view(deck, parse_card("K-spades", deck))
        assert (view.label, view.rank) == (label, second)  # one alphabet: no second letter
        assert relabel("you hold K-spades", deck) == f"you hold {label}"


def test_german_binokel_names_each_suit_once() -> None:
    # found: "Eckstein · Karo" on one screen
    deck = DECKS[DeckName.BINOKEL]
    with translation.override("de"):
        names = [suit_view(deck, face).names for face in deck.suits]
    assert sorted(names) == ["Eckstein", "Herz", "Kreuz", "Schippe"]


# The placeholders that hold a player's name, as typed (so always in the nominative, of unknown
# gender): checked in the sources (scoresheet/, templates/) where each text is filled in.  Not in
# the list because they hold something else: %(first)s/%(second)s (table numbers), %(led_name)s
# and %(suit_name)s (a suit), %(partner)s (a card), %(who)s in "by %(who)s" (a role such as "the
# declarer"), %(defence)s (points).
NAME_PLACEHOLDERS = (
    "name", "names", "by_names", "declarer", "declarer_name", "dealer_name", "first_name",
    "second_name", "flek_by_name", "payer", "payer_name", "payee", "payee_name", "winner",
    "recorded", "player",
)

# The words after which a name would need a case other than the nominative: "player" in the
# genitive, dative or instrumental, and the prepositions that govern a case.
CASE_WORDS = {
    "cs": ("hráč", "hráče", "hráči", "hráčem", "hráčů", "proti", "od", "pro", "u", "k", "ke",
           "s", "se", "ze"),
    "pl": ("gracza", "graczowi", "graczem", "graczy", "przeciw", "przeciwko", "od", "dla", "u",
           "z", "ze", "przez"),
    "ru": ("игрока", "игроку", "игроком", "игроков", "против", "от", "для", "у", "с", "со", "к",
           "ко"),
}


def name_after_a_case_word(language: str) -> re.Pattern[str]:
    # word-bounded: not the end of a longer word, nor the "s" that ends a placeholder ("%(x)s")
    words = "|".join(CASE_WORDS[language])
    names = "|".join(NAME_PLACEHOLDERS)
    return re.compile(rf"(?<![\w)])(?:{words})\s+%\((?:{names})\)s", re.IGNORECASE)


@pytest.mark.parametrize(("language", "found"), [
    ("cs", "Hra hráče %(name)s je vyhraná."),
    ("cs", "Štych 3 patří hráči %(winner)s."),
    ("cs", "Obrana hlásí sedmu proti %(name)s"),
    ("cs", "%(by_names)s shazuje ze sudu hráče %(name)s"),
    ("pl", "Gra gracza %(name)s jest wygrana."),
    ("pl", "zrzucenie z beczki przez %(by_names)s"),
    ("ru", "Игра игрока %(name)s выиграна."),
    ("ru", "Доказательство: у %(name)s до сих пор %(card)s."),
    ("ru", "%(payer)s платит игроку %(payee)s"),
])
def test_the_check_finds_a_name_after_a_noun_or_preposition(language: str, found: str) -> None:
    assert name_after_a_case_word(language).search(found)


@pytest.mark.parametrize(("language", "said"), [
    ("cs", "%(name)s: hra je vyhraná."),
    ("cs", "Od teď trumfy: %(symbol)s %(name)s."),  # a suit's name after its symbol
    ("cs", "Hraje %(name)s a obrana hlásí sedmu proti: zapište, zda byla uhrána"),
    ("pl", "podpis: %(name)s"),
    ("ru", "взятку %(trick)s берёт %(name)s"),
    ("ru", "Ренонс в строке %(number)s – %(declarer)s: %(contract)s."),
])
def test_the_check_lets_a_name_in_the_nominative_pass(language: str, said: str) -> None:
    assert not name_after_a_case_word(language).search(said)


@pytest.mark.parametrize("language", sorted(CASE_WORDS))
def test_no_name_stands_after_a_noun_or_preposition_that_needs_a_case(language: str) -> None:
    # found: "hra hráče Šárka", "patří hráči Šárka", "Gra gracza Šárka", "у игрока Šárka"
    catalog = polib.pofile(str(Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES"
                               / "django.po"))
    check = name_after_a_case_word(language)
    found = [said for entry in catalog
             for said in [entry.msgstr, *entry.msgstr_plural.values()]
             if said and check.search(said)]
    assert found == []


# The same past tense right before a name ("Podepsal %(name)s", "Zamknął i podpisał %(name)s",
# "Закрыл и подписал %(name)s", "kterou hrál %(name)s"): it says the player is a man.
PAST_BEFORE_NAME = {
    "cs": r"(?:al|il|el|ál|ěl|yl|ul)a?",
    "pl": r"(?:ał|ił|ył|ął|ała|iła|yła|ęła)",
    "ru": r"(?:ал|ил|ел|ял|ыл|ёл)а?",
}


@pytest.mark.parametrize("language", sorted(PAST_BEFORE_NAME))
def test_no_gendered_past_tense_stands_before_a_name(language: str) -> None:
    names = "|".join(NAME_PLACEHOLDERS)
    check = re.compile(rf"\b\w+{PAST_BEFORE_NAME[language]}\s+%\((?:{names})\)s")
    assert check.search({"cs": "Podepsal %(name)s.", "pl": "Zamknął i podpisał %(name)s.",
                         "ru": "Закрыл и подписал %(name)s."}[language])
    catalog = polib.pofile(str(Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES"
                               / "django.po"))
    found = [said for entry in catalog
             for said in [entry.msgstr, *entry.msgstr_plural.values()]
             if said and check.search(said)]
    assert found == []


@pytest.mark.parametrize(("language", "msgid", "params", "said"), [
    ("cs", "%(name)s's contract is won.", {"name": "Šárka"}, "Šárka: hra je vyhraná."),
    ("pl", "%(name)s's contract is lost.", {"name": "Šárka"}, "Šárka: gra jest przegrana."),
    ("ru", "%(name)s's contract is won.", {"name": "Šárka"}, "Šárka: игра выиграна."),
    ("cs", "Trick %(trick)s is written as taken by %(recorded)s, but its cards give it to "
     "%(winner)s: check the cards of that trick.", {"trick": 3, "recorded": "Bob",
                                                    "winner": "Šárka"},
     "Štych 3 je zapsán tak, že ho bere Bob, ale podle karet ho bere Šárka: zkontrolujte "
     "karty toho štychu."),
    ("ru", "%(payer)s → %(payee)s: %(amount)s", {"payer": "Bob", "payee": "Šárka",
                                                   "amount": "13,20 Kč"},
     "Bob → Šárka: 13,20 Kč"),
    ("pl", "Signed by %(name)s.", {"name": "Šárka"}, "Podpis: Šárka."),
    ("de", "The %(flek)s on %(component_name)s is given by the declarer %(declarer_name)s, "
     "not by %(name)s", {"flek": "Re", "component_name": "hra", "declarer_name": "Šárka",
                         "name": "Bob"},
     "Das Re auf hra gibt Šárka (Alleinspieler), nicht Bob"),
])
def test_a_name_stands_as_the_subject_or_before_a_colon(
    language: str, msgid: str, params: dict[str, Any], said: str
) -> None:
    # found: "Hra hráče Šárka je vyhraná", "patří hráči Šárka", "platit игроку Šárka",
    # "Podpisał Šárka", "gibt der Spieler Šárka"
    with translation.override(language):
        assert gettext(msgid) % params == said
