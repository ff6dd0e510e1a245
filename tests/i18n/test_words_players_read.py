"""The words a player reads, class by class: no gendered past tense or agreeing adjective on a
player, every count with its language's plural, no case error from a label glued after a
preposition, no developer word, one alphabet of card letters per page, German "du", one word per
concept.  Each sentence below was read wrong at a table once; the checks also sweep the catalogs
so that the class, not only the sentence, is gone.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext

from scoresheet.referee.rulings import PENALTY_REASON_LABELS
from scoresheet.sheets.gameforms.marias import RENONC_TEXTS


def catalog(language: str) -> polib.POFile:
    return polib.pofile(str(Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES"
                            / "django.po"))


def said(language: str, msgid: str) -> str:
    with translation.override(language):
        return gettext(msgid)


# -- no gendered past tense or agreeing adjective on a player ---------------------------------

# A man's past tense: cs "hrál, zapsal, sejmul, zkontroloval", pl "grał, zapisał, wziął,
# sprawdziłem", ru "играл, ответил, зашёл, записал".
MANS_PAST = {
    "cs": re.compile(r"\b\w+(al|ál|il|ul|el|ěl|yl|ýl|ol)\b"),
    "pl": re.compile(r"\b(?!stół\b)\w+(ał|ił|ył|ął|ół|ełem|ałem|iłem|ołem)\b"),
    "ru": re.compile(r"\b\w+(ал|ял|ил|ел|ёл|ул|ыл)\b"),
}
# past tenses whose subject is a thing (the renonc, the table) and words that only end like one
NOT_A_PLAYER = {"pravidel", "правил", "zastavil", "odehrál", "zapisovatel", "przerwał", "zagrał",
                "остановил"}
# texts shown right after a player's name, or said of a player whose gender nobody knows
ABOUT_A_PLAYER = [
    *(str(text) for text in RENONC_TEXTS.values()),
    *(str(text) for text in PENALTY_REASON_LABELS.values()),
    "took nothing", "wrote 0", "played the game",
    "reached %(target)s as declarer", "reached %(target)s with the highest total",
    "%(name)s wins: reached %(target)s as declarer",
    "%(name)s wins: reached %(target)s with the highest total",
    "the renonc stopped the deal of %(name)s before its end: no card points count",
    "I checked the sheet: it is what the table played.",
    "Your name, as the scorer drawn for this table",
    "They join the register too.",
]


@pytest.mark.parametrize("language", sorted(MANS_PAST))
def test_nothing_said_of_a_player_is_a_mans_past_tense(language: str) -> None:
    # found: ru "Dana: 6. подавал знаки партнёру", cs "Вера: třikrát sejmul devítku dospod",
    # "(hrál: Šárka)", the legend "hrál hru / grał rozdanie / играл кон", bolt "zapsal 0",
    # the scorer's "Lístek jsem zkontroloval / Sprawdziłem kartę / Я проверил лист"
    found = [(msgid, m.group(0)) for msgid in ABOUT_A_PLAYER
             for m in MANS_PAST[language].finditer(said(language, msgid))
             if m.group(0) not in NOT_A_PLAYER]
    assert found == []


@pytest.mark.parametrize(("language", "msgid", "text"), [
    ("ru", "signalled to a partner", "знаки партнёру"),
    ("ru", "did not follow suit", "масть не поддержана"),
    ("cs", "cut a nine to the bottom three times", "devítka třikrát sejmutá dospod"),
    ("cs", "played the game", "hraje hru (aktér)"),
    ("pl", "played the game", "rozgrywający"),
    ("ru", "played the game", "разыгрывающий"),
    ("cs", "wrote 0", "zapsáno 0"),
    ("cs", "%(name)s wins: reached %(target)s as declarer", "%(name)s vyhrává: %(target)s ve "
     "vlastní hře"),
    ("pl", "%(name)s wins: reached %(target)s as declarer", "%(name)s wygrywa: %(target)s we "
     "własnej grze"),
    ("ru", "I checked the sheet: it is what the table played.", "Лист проверен: он "
     "соответствует сыгранному за столом."),
])
def test_a_player_is_spoken_of_in_nouns_or_the_present(language: str, msgid: str,
                                                       text: str) -> None:
    assert said(language, msgid) == text


def test_english_gives_no_player_a_gender() -> None:
    # found: "4. played before his turn", "He joins … Add him to the evening"
    english = [str(text) for text in RENONC_TEXTS.values()] + ABOUT_A_PLAYER
    assert [t for t in english if re.search(r"\b(he|his|him)\b", t, re.I)] == []


# -- every count with its plural; no case error from a label glued after a preposition -------

@pytest.mark.parametrize(("language", "one", "few", "many"), [
    # found: pl "4 rozdań na rundę", ru "4 раздач за тур" (a count outside ngettext)
    ("pl", "1 rozdanie na rundę", "4 rozdania na rundę", "5 rozdań na rundę"),
    ("ru", "1 раздача за тур", "4 раздачи за тур", "5 раздач за тур"),
    ("cs", "1 rozdání na kolo", "4 rozdání na kolo", "5 rozdání na kolo"),
    ("de", "1 Spiel pro Runde", "4 Spiele pro Runde", "5 Spiele pro Runde"),
])
def test_the_deals_of_a_round_are_counted_with_their_plural(language: str, one: str, few: str,
                                                            many: str) -> None:
    with translation.override(language):
        counted = [ngettext("%(n)s deal a round", "%(n)s deals a round", n) % {"n": n}
                   for n in (1, 4, 5)]
    assert counted == [one, few, many]


def test_the_director_counts_the_deals_of_a_round_through_ngettext() -> None:
    template = (Path(settings.BASE_DIR) / "templates" / "tournament" / "director.html").read_text()
    assert "{{ n }} deals a round{% endblocktranslate %}" in template
    assert "{% blocktranslate count n=tournament.deals_per_round %}" in template


# A label, a kind or a device glued after a preposition that needs a case: pl "po Rozdanie",
# "z telefon ab40", ru "после Раздача", de "von Handy", "von der Alleinspieler".
GLUED = {
    "pl": ("before", "after", "from", "phone"),
    "ru": ("before", "after", "from", "phone"),
    "de": ("before", "after", "from", "phone"),
    "cs": ("before", "after", "from", "phone"),
}


@pytest.mark.parametrize("language", sorted(GLUED))
def test_the_history_says_whole_sentences(language: str, client, make_sheet) -> None:
    from django.urls import reverse

    from tests.sheets.helpers import THREE_DEALS, page

    sheet = make_sheet(entries=THREE_DEALS)
    template = (Path(settings.BASE_DIR) / "templates" / "sheets" / "history.html").read_text()
    for fragment in GLUED[language]:
        assert f'{{% translate "{fragment}" %}}' not in template
    html = page(client.get(reverse("sheet_history", args=[sheet.edit_token]),
                           HTTP_ACCEPT_LANGUAGE=language))
    phone = {"pl": "z telefonu ", "ru": "с телефона ", "de": "vom Handy ",
             "cs": "z telefonu "}[language]
    assert phone in html


@pytest.mark.parametrize(("language", "msgid", "params", "text"), [
    ("pl", "now: %(what)s", {"what": "Rozdanie — Борис 170"}, "teraz: Rozdanie — Борис 170"),
    ("ru", "now: %(what)s", {"what": "Раздача — Борис 170"}, "стало: Раздача — Борис 170"),
    ("de", "result %(result)s", {"result": "gewonnen"}, "Ergebnis: gewonnen"),
    ("de", "by %(who)s", {"who": "der Alleinspieler"}, "wer: der Alleinspieler"),
    ("de", "Which renonc?", {}, "Welcher Renonc?"),
    ("de", "Who made the renonc?", {}, "Wer hat den Renonc gemacht?"),
    # found: cs "Анна a Борис musí hádat aspoň 105" (hádat: to guess, or to quarrel)
    ("cs", "%(name)s sits on the hundred this deal: only %(name)s may play %(opening)s; "
     "%(names)s must bid at least %(low)s", {"name": "Вера", "opening": 100,
                                             "names": "Анна a Борис", "low": 105},
     "Вера v této hře sedí na stovce: jen Вера smí hrát 100; Анна a Борис musí licitovat "
     "aspoň 105"),
])
def test_a_case_or_an_agreement_once_wrong_is_right(language: str, msgid: str,
                                                    params: dict[str, object],
                                                    text: str) -> None:
    with translation.override(language):
        assert gettext(msgid) % params == text


@pytest.mark.parametrize("language", ["cs", "de", "pl", "ru"])
def test_the_renonc_and_the_bid_have_one_gender_and_one_verb(language: str) -> None:
    found = [entry.msgstr for entry in catalog(language) if re.search(
        r"\b(die|eine|Welche) Renonc|hádat|von der Alleinspieler", entry.msgstr)]
    assert found == []


# -- no developer or English words -------------------------------------------------------------

ENGINE_QUOTES = (  # engine sentences once quoted in English on the rules pages
    "sto (the hundred) is announced", "With the silent seven", "so the defence cannot announce",
    "is given by the declarer", "flat fees are outside", "refers to the deal right before it",
    "premium points for the flek", "trick points add up to",
)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["cs", "de", "pl", "ru", "en"])
def test_the_rules_pages_say_variant_and_quote_the_engine_in_the_pages_language(
    language: str, client, make_sheet
) -> None:
    from django.urls import reverse

    import rules
    from tests.i18n.crawl import visible

    found = []
    for ruleset in rules.rulesets():
        sheet = make_sheet(ruleset=ruleset, players=["Šárka", "Přemysl", "Dana"])
        response = client.get(reverse("table_rules", args=[sheet.edit_token]),
                              HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200
        html = response.content.decode()
        shown = " ".join(visible(html)[0].split())
        body = " ".join(re.sub(r"<[^>]+>", " ", html).split())  # the rules' own text too
        found += [(ruleset, w) for w in re.findall(r"\b[Pp]resets?\b|[Пп]ресет\w*", shown + body)]
        if language != "en":
            found += [(ruleset, q) for q in ENGINE_QUOTES if q in body]
    assert found == []


# -- card letters: one alphabet per page, the page's letters of the deck -----------------------

CYRILLIC = re.compile("[\u0400-\u04ff]")
DECK_OF = {"ru": "thousand24", "pl": "thousand24", "one-thousand": "thousand24",
           "tisic": "tisic32", "marias": "marias32", "binokel": "binokel48"}


def test_czech_mariáš_reads_7_8_9_10_s_sv_k_e() -> None:
    from rules.cards import DECKS, DeckName
    from scoresheet.referee.rulings import card_grid

    with translation.override("cs"):
        row = card_grid(DECKS[DeckName.MARIAS])[0]
    assert sorted(c.short for c in row.cards) == sorted(["7", "8", "9", "10", "S", "Sv", "K",
                                                         "E"])


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["cs", "de", "pl", "ru", "en"])
def test_the_card_buttons_read_one_alphabet_the_pages_own(language: str, client,
                                                          make_sheet) -> None:
    # found: Cyrillic В/Д/К/Т under J/Q/K/A on cs/pl/de/en pages of the 24-card games, English
    # J/Q/A under Sp/Sv/E on Czech Mariáš cards, "К♠" in the proof above "K♠" in the tricks
    from django.urls import reverse

    import rules

    found = []
    for ruleset in rules.rulesets():
        sheet = make_sheet(ruleset=ruleset, players=["Šárka", "Přemysl", "Dana"])
        html = client.get(reverse("referee", args=[sheet.edit_token]),
                          HTTP_ACCEPT_LANGUAGE=language).content.decode()
        letters = re.findall(r'<span class="ink-[\w-]+"><b>([^<]*)</b><i>[^<]*</i>'
                             r'(?:<small>([^<]*)</small>)?', html)
        assert letters, ruleset
        shown = {big for big, _small in letters} | {small for _big, small in letters if small}
        if language != "ru":
            found += [(ruleset, s) for s in shown if CYRILLIC.search(s)]
        else:
            found += [(ruleset, s) for s in shown if re.fullmatch(r"[JQA]|Sp|Sv", s)]
        if language == "cs":
            found += [(ruleset, s) for s in shown if s in ("J", "Q", "A")]
        found += [(ruleset, f"second letter {small}") for _big, small in letters if small]
    assert found == []


# -- German says "du" ----------------------------------------------------------------------------

def test_german_always_says_du() -> None:
    # found: "Geben Sie den Namen des ersten Spielers ein." beside "Gib … ein", "Berichtigen Sie
    # einen falsch geschriebenen Namen.", "Sie können den Abend später wieder öffnen.", "Ihr
    # Telefon hat … Warten Sie 51 Sekunden", "Laden Sie die Seite neu und senden Sie es noch
    # einmal."
    formal = re.compile(r"\b\w+(en|ern|eln) Sie\b|\bIhnen\b|(?<![.:!?„] )(?<!^)\b(Sie|Ihr\w*)\b")
    found = [text for entry in catalog("de") if not entry.obsolete
             for text in [entry.msgstr, *entry.msgstr_plural.values()]
             if formal.search(text.replace("\n", " "))]
    assert found == []


@pytest.mark.parametrize(("msgid", "text"), [
    ("Type the first player's name.", "Gib den Namen des ersten Spielers ein."),
    ("Who are you?", "Wer bist du?"),
])
def test_german_speaks_to_the_player_as_du(msgid: str, text: str) -> None:
    assert said("de", msgid) == text


# -- one word per concept ------------------------------------------------------------------------

# (language, what the msgid says, a word that must not stand for it); the glossary's word is in
# docs/translating.md ("One word per concept")
BANNED_SYNONYMS = [
    # found: pl "karta" (a playing card), "kartka", "arkusz" beside "zapis"
    ("pl", r"\bsheets?\b",
     r"\b([Kk]art(a|ę|y|cie|ą|ka|kę|ki|ce|ką|ek|kach)|[Aa]rkusz\w*)\b(?! kalk)"),
    # found: de "Blatt" (a hand of cards) beside "Zettel"
    ("de", r"\bsheets?\b", r"\bBl(a|ä)tt\w*"),
    # found: de "dunkel" where the glossary says "blind"
    ("de", r"\b[Dd]ark\b", r"\b[Dd]unkel\b"),
    # found: cs "hláška" (a marriage) for the opening bid, "List" for the sheet
    ("cs", r"\bbid\b", r"\bhlášk\w*|\bhláška\b"),
    ("cs", r"\bsheets?\b", r"\bList\b"),
]


@pytest.mark.parametrize(("language", "concept", "banned"), BANNED_SYNONYMS)
def test_one_word_per_concept_in_the_catalogs(language: str, concept: str, banned: str) -> None:
    found = [entry.msgstr or entry.msgstr_plural.get(0) for entry in catalog(language)
             if not entry.obsolete and re.search(concept, entry.msgid)
             and not re.search(r"\b(deck|pack|cards?|melds?|marriages?)\b", entry.msgid)
             and any(re.search(banned, text) for text in
                     [entry.msgstr, *entry.msgstr_plural.values()])]
    assert found == []


@pytest.mark.parametrize(("language", "banned"), [
    ("pl", r"\b[Aa]rkusz\w*\b(?! kalk)"), ("de", r"\b[Dd]unkel\b"), ("cs", r"\b[Zz]dvih\w*"),
])
def test_one_word_per_concept_on_the_rules_pages(language: str, banned: str) -> None:
    # found: pl rules "Arkusz zachowuje zasady…", de "dunkel", cs Mariáš "zdvih" beside "štych"
    folder = Path(settings.BASE_DIR) / "docs" / "rules" / language
    found = [(path.name, m.group(0)) for path in sorted(folder.glob("*.md"))
             for m in re.finditer(banned, path.read_text())]
    assert found == []
