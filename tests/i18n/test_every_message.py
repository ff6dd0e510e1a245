"""Every message of every catalog, rendered with sample data in every language, reads as a
sentence a player can trust (issue 24, "Done when").

Each text (and each plural form, with a count that picks that form) is filled with sample values
of the page's language -- names, money with its unit, a Mariáš game as the sheet writes it -- and
the rendered sentence must not show:

- an untranslated or fuzzy entry, or a placeholder its source does not have (or lost one);
- a snake_case word (an option code or a field name of the sheet file);
- a seat index ("seat 0", "hráčů 2", "0..2": players are named, never numbered);
- a doubled word ("hra hra ♥", "deals deals");
- an English word in a cs, de, pl or ru text, except the card and game names the tables use and
  the words that are the same in that language (the allow-lists below).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

from scoresheet.sheets import words
from scoresheet.sheets.catalogs import bad_placeholders, is_translated
from scoresheet.sheets.paper import format_amount, paper_of

LANGUAGES = [code for code, _name in settings.LANGUAGES]
PLACEHOLDER = re.compile(r"%\((?P<name>[^)]+)\)[-#0 +]*\d*(?:\.\d+)?(?P<type>[sdif])")
TAG = re.compile(r"<[^>]+>|&\w+;|https?://\S+")
WORD = re.compile(r"[^\W\d_]+")
SNAKE = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")
DOUBLED = re.compile(r"(?<!\w)([^\W\d_]+)\s+\1(?!\w)", re.IGNORECASE)
SEAT_WORD = (
    r"seat|player|place|Platz|Spieler\w*|míst\w*|místo|hráč\w*|miejsc\w*|gracz\w*|мест\w*|"
    r"игрок\w*"
)
SEAT_INDEX = re.compile(
    rf"(?<!\w)(?:{SEAT_WORD})\s+(?:č\.\s*|nr\s*|№\s*)?\d(?![\d.,:%])"
    rf"|(?<!\w)(?:{SEAT_WORD})[^\W\d]*(?:\s+[^\W\d]+)?\s+0\s*\.\.\s*\d"
    r"|\(0,\s*1,\s*2",
    re.IGNORECASE,
)

# Sample values: people are named (never numbered), money has its unit, numbers differ.
NAMES = ("Šárka", "Přemysl", "Jaroslava", "Miroslav", "Bohdana")
NAME_KEYS = {
    "name", "payer_name", "payee_name", "declarer_name", "dealer_name", "first_name",
    "second_name", "flek_by_name", "led_name", "partner", "who", "scorer", "payer", "payee",
    "declarer", "first", "second", "winner",
}
LIST_KEYS = {"names", "by_names", "players"}
MONEY_KEYS = {
    "amount_money", "base_money", "extra_money", "first_amount_money", "second_amount_money",
}
NUMBER_KEYS = {
    "count", "n", "number", "deals", "rounds", "tables", "games", "points", "total", "target",
    "barrel", "max", "min", "limit", "penalty", "credit", "compensation", "row", "round",
    "seconds", "minutes", "wait", "raw", "written", "deal", "revision", "step", "size",
    "length", "level", "most", "least", "low", "high", "held", "tricks", "trick", "melds",
    "score", "pairs", "families", "couples", "nines", "falls", "factor", "value", "sum",
    "given", "typed", "counted", "kept", "lost", "played", "needed", "need", "seed", "table",
    "offset", "column", "mb", "top", "bonus", "stake", "worth", "deal_total", "loss", "flag",
    "opening", "limit_value", "known", "printed", "started", "closed", "current", "entry",
    "payers", "a", "b", "c", "d", "f", "m", "r", "w", "gap", "scale", "edition", "parts",
    "part", "hand", "window", "day",
}


@cache
def sample_words(language: str) -> dict[str, str]:
    """The words a template is filled with, as the app says them in ``language``."""
    with translation.override(language):
        contract = words.contract_label("hra ♥")
        return {
            "what": str(words.NOTE_WHAT[("hra", True)]),
            "contract": contract,
            "contract_name": contract,
            "game_name": words.game_label("marias"),
            "game": words.game_label("thousand"),
            "game_label": words.game_label("binokel"),
            "by_names": words.join_names(NAMES[1:3]),
            "names": words.join_names(NAMES[1:4]),
            "players": words.join_names(NAMES[:3]),
            "money": format_amount(1320, paper_of("marias")),
            **words.payers_words(2),
        }


class Sample(dict[str, object]):
    """Sample data for one text: a distinct value per placeholder, ``count`` for the counts."""

    def __init__(self, language: str, count: int) -> None:
        super().__init__()
        self.language, self.count, self.people = language, count, iter(NAMES * 4)

    def __missing__(self, key: str) -> object:
        said = sample_words(self.language)
        value: object
        if key in NAME_KEYS:
            value = next(self.people)
        elif key in said and key not in NUMBER_KEYS:
            value = said[key]
        elif key in MONEY_KEYS:
            value = said["money"]
        elif key in NUMBER_KEYS:
            value = self.count if self.count != 1 or key in {"count", "n"} else 7
        else:
            value = "⟨…⟩"  # no word: a text placeholder whose words are checked elsewhere
        self[key] = value
        return value


def catalog(language: str) -> polib.POFile:
    return polib.pofile(str(Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES"
                            / "django.po"))


def counts_per_form(entry_catalog: polib.POFile) -> dict[int, int]:
    """A count that picks each plural form of the catalog's language."""
    pick = gettext.c2py(entry_catalog.metadata["Plural-Forms"].split("plural=")[1].rstrip(";"))
    found: dict[int, int] = {}
    for n in (1, 2, 5, 21, 0, 11, 3, 100):
        found.setdefault(pick(n), n)
    return found


def rendered(language: str) -> Iterator[tuple[polib.POEntry, str, str]]:
    """(entry, the translation, the translation filled with sample data) for every text."""
    po = catalog(language)
    counts = counts_per_form(po)
    for entry in po:
        if entry.obsolete:
            continue
        forms = (
            [(entry.msgstr_plural.get(i, ""), n) for i, n in sorted(counts.items())]
            if entry.msgid_plural else [(entry.msgstr, 2)]
        )
        for text, count in forms:
            sample = Sample(language, count)
            try:
                filled = text % sample if PLACEHOLDER.search(text) or "%" in text else text
            except (KeyError, TypeError, ValueError) as error:
                filled = f"<cannot be filled: {error!r}>"
            with translation.override(language):  # as the pages show an option's values and
                filled = words.field_in_words(words.choices_in_words(filled))  # a field's name
            yield entry, text, TAG.sub(" ", filled)


def where(entry: polib.POEntry, text: str) -> str:
    context = f"[{entry.msgctxt}] " if entry.msgctxt else ""
    return f"  {context}{entry.msgid[:70]!r}\n      -> {text[:160]!r}"


def failures(found: list[str]) -> str:
    return f"{len(found)} texts:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_translated_and_keeps_its_placeholders(language: str) -> None:
    wrong = [
        where(entry, text) for entry, text, filled in rendered(language)
        if not is_translated(entry) or bad_placeholders(entry) or filled.startswith("<cannot")
    ]
    assert wrong == [], failures(wrong)


# What a sheet file holds, quoted for whoever edits the file: {"game": 1}, ["10-hearts"],
# 'scoresheet/1', “in_stats”, meta.listek.created.  The words around it are the players' words.
QUOTED = re.compile(
    r'"[^"]*"|\'[^\']*\'|“[^”]*”|„[^“”]*[“”]|«[^»]*»|\{[^}]*\}|\[[^\]]*\]|\w+(?:\.\w+)+'
)


def prose(text: str) -> str:
    """The text without what it quotes from a sheet file, and without proper names."""
    return PROPER_NAMES.sub(" ", QUOTED.sub(" ", text))


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_shows_a_code_or_a_field_name(language: str) -> None:
    wrong = [where(entry, filled) for entry, _text, filled in rendered(language)
             if SNAKE.search(prose(filled))]
    assert wrong == [], failures(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_numbers_a_player(language: str) -> None:
    wrong = [where(entry, filled) for entry, _text, filled in rendered(language)
             if SEAT_INDEX.search(filled)]
    assert wrong == [], failures(wrong)


# German says some words twice in good grammar: "ein Feld, das das Spiel nicht kennt".
SAID_TWICE = {"de": {"das", "die", "der", "sie"}}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_says_a_word_twice(language: str) -> None:
    wrong = [where(entry, filled) for entry, _text, filled in rendered(language)
             if any(found.group(1).lower() not in SAID_TWICE.get(language, set())
                    for found in DOUBLED.finditer(filled))]
    assert wrong == [], failures(wrong)


# Words the tables say in every language: the card and game names (Mariáš keeps its Czech
# words, Binokel its German ones), the names of file formats and of the app.
CARD_AND_GAME_NAMES = {
    "hra", "sedma", "sto", "betl", "durch", "flek", "fleks", "re", "tutti", "boty", "kalhoty",
    "renonc", "pauzírák", "talon", "mariáš", "binokel", "doppelbinokel", "dapp", "diss",
    "paar", "familie", "trumpf", "abgehen", "proti", "tichá", "volený", "tisíc", "tysiąc",
    "тысяча", "thousand", "lístek", "listek", "pdf", "csv", "json", "utf", "utc", "uuid", "qr",
    "ctrl", "mail", "offline", "online", "export", "import", "server", "cookies", "bolt",
    "červená", "červených", "haléře", "nul",
}
# Names the app gives as they are: a preset's own name, the example of a player list.
PROPER_NAMES = re.compile(r"One Thousand|Jana Nováková|KM Brno")
# Words that are English and also words of the language itself.
SAME_WORD = {
    "cs": {
        "limit", "minus", "plus", "text", "bonus", "server", "list", "ten", "nul", "max", "disk",
    },
    "de": {
        "was", "hand", "also", "unter", "link", "links", "name", "option", "ober", "rest",
        "fall", "blind", "minus", "plus", "text", "bonus", "partner", "limit", "start",
        "format", "problem", "per", "code", "max", "null", "nul", "sind", "ass", "asse",
        "herz", "kreuz", "zehn", "neun", "könig", "könige", "eckstein", "schippe", "status",
        "app", "falls", "still", "stand",
    },
    "pl": {
        "ten", "same", "moment", "zero", "limit", "minus", "plus", "list", "ober", "unter",
        "problem", "format", "max", "bomb", "nul", "code", "link", "data",
    },
    "ru": set(),
}
ENGLISH_ONLY = re.compile(r"[a-z]")


@cache
def english_words() -> frozenset[str]:
    """The words of the English texts, lower-case, three letters or more."""
    found: set[str] = set()
    for entry in catalog("en"):
        if entry.msgctxt and ("deck" in entry.msgctxt or "meld" in entry.msgctxt):
            continue  # the cards by their own deck's names: Czech, German, Russian words
        for text in (entry.msgid, entry.msgid_plural or ""):
            found.update(w.lower() for w in WORD.findall(TAG.sub(" ", PLACEHOLDER.sub(" ", text)))
                         if len(w) >= 3)
    samples = {w.lower() for n in NAMES for w in WORD.findall(n)}
    return frozenset(found - CARD_AND_GAME_NAMES - samples)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_no_english_word_in_another_language(language: str) -> None:
    english = english_words() - SAME_WORD[language]
    wrong = []
    for entry, _text, filled in rendered(language):
        said = {w for w in WORD.findall(prose(filled)) if w.lower() in english}
        if said:
            wrong.append(where(entry, filled) + f"\n      English: {', '.join(sorted(said))}")
    assert wrong == [], failures(wrong)


def test_the_checks_find_what_the_issue_found() -> None:
    """Each check catches the sentence the table read wrong (issue 24)."""
    assert DOUBLED.search("Renonc v řádku 10: hra hra ♥")
    assert DOUBLED.search("3 deals deals next")
    assert not DOUBLED.search("Anna a Vera")
    assert SEAT_INDEX.search("0,20 Kč od každého z hráčů 2")
    assert SEAT_INDEX.search("seat 0 → 2 → 1 → 0")
    assert SEAT_INDEX.search("first_dealer must be a seat number 0..2")
    assert not SEAT_INDEX.search("2 hráči, 120 bodů")
    assert SNAKE.search("Option target: (target - barrel_at = 620 > max_contract 300)")
    assert not SNAKE.search("sheet-export_v2.json is a file, not a word")
    assert not SNAKE.search(prose('In the file, “in_stats” must be true or false'))
    english = english_words() - SAME_WORD["cs"]
    assert {w for w in WORD.findall("Přemysl je na barrel") if w.lower() in english} == {
        "barrel"}
