"""The rules page and every help text speak to players: options by their label and value, no
source texts, spec files, module paths or JSON terms (those belong in docs/), in every language.

The page shows docs/rules/ whole, except blockquotes (the seed quotes and the notes "For
developers") and code blocks: a document that names an option, a value or a field in the text
players read without a players' word for it fails here, instead of losing the sentence."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

import rules
from scoresheet.sheets.words import PRESETS, choice_label, option_label
from tests.sheets.helpers import page, text

LANGUAGES = [code for code, _name in settings.LANGUAGES]
NOT_FOR_PLAYERS = re.compile(
    r"\b[a-z]+_[a-z_]+\b"  # option codes, field names: max_fleks, flek_liability
    r"|\bseeds?\b|\b\w+\.(?:md|py|json)\b|\brules/\w|\bdocs/\w|\btests/\w|\bJSON\b"
    r"|\bdeltas?\b|\bledger\b|§\s*\d|\bthe engine\b|\bentry form\b|\bpython\b|\bgolden\b"
    r"|\bmeta\.",
    re.I,
)
SPEC_FILES = re.compile(r"\bRULES\b|\bFORMAT\b|\bDESIGN\b")  # capitals: "the rules" is fine
JSON_NULL = re.compile(r"\bnull\b")  # in German "null" is the number: "auf null"


def rules_html(client: Client, sheet: Any, language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page(client.get(reverse("table_rules", args=[sheet.edit_token])))
    main = html[html.index("<main>"):html.index("</main>")]
    return re.sub(r'<section class="share-rules.*?</section>', "", main, flags=re.S)


def rules_text(client: Client, sheet: Any, language: str) -> str:
    # a setting named in a sentence is set off inline: its tags part no words
    html = re.sub(r'<span class="setting">(.*?)</span>', r"\1", rules_html(client, sheet, language))
    return text(html)


def developer_words(words: str, language: str) -> list[str]:
    found = [*NOT_FOR_PLAYERS.finditer(words), *SPEC_FILES.finditer(words)]
    if language != "de":
        found += JSON_NULL.finditer(words)
    return [f"{language}: …{words[max(m.start() - 40, 0):m.end() + 40]}…" for m in found]


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", list(rules.rulesets()))
def test_the_rules_page_speaks_to_players_in_every_language(
    client: Client, make_sheet: Any, ruleset: str
) -> None:
    sheet = make_sheet(ruleset=ruleset, players=["Anna", "Bea", "Cem"])
    found = []
    for language in LANGUAGES:
        found += developer_words(rules_text(client, sheet, language), language)
    assert found == [], "\n".join(found[:40]) + f"\n({len(found)} in all)"


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", list(rules.rulesets()))
def test_every_code_the_documents_quote_reaches_players_as_a_word(
    client: Client, make_sheet: Any, ruleset: str
) -> None:
    # A code span in docs/rules/ is an option, a value or a preset and the page says it by its
    # label; one it has no word for stays a code on the page, and that is a document to fix.
    sheet = make_sheet(ruleset=ruleset, players=["Anna", "Bea", "Cem"])
    left = []
    for language in LANGUAGES:
        html = rules_html(client, sheet, language)
        for article in re.findall(r'<article class="rules-doc".*?</article>', html, re.S):
            left += [f"{language}: {code}" for code in re.findall(r"<code>(.*?)</code>", article)]
    assert left == []


def test_the_test_catches_what_a_document_could_forget() -> None:
    # The check itself: what the page must not say is found, what players say is not.
    assert developer_words("A contract is a multiple of bid_step.", "en")
    assert developer_words("The engine is in rules/thousand.py; seed 000 says so.", "en")
    assert developer_words("See RULES.md §2 and FORMAT.md.", "en")
    assert developer_words("the outcome is null", "cs")
    assert developer_words("The sheet and the entry form name him.", "en")
    assert not developer_words("nach 3 gescheiterten Fässern auf null", "de")
    assert not developer_words("The rules of the game: the sheet and the deal form.", "en")


def label(name: str) -> str:
    return option_label(name)


def preset_name(ruleset: str) -> str:
    return str(PRESETS[ruleset]).split(" — ")[0]


# Sentences players argue over, from docs/rules/thousand.md and its translations: each names
# options and presets, which the page says by their labels, a setting in the quotation marks of
# the page's language.
SENTENCES = {
    "en": lambda: [
        f"A contract is a multiple of “{label('bid_step')}” and at most “{label('max_contract')}”.",
        "The sheet and the deal form name him on every deal.",
        f"Each seat may bomb “{label('bombs_per_player')}” times in a game (1; 0 = no bomb).",
        f"Penalty rows do not move the dealer, except a revoke penalty with "
        f"“{label('revoke_ends_deal')}” ({preset_name('tisic')}): it takes the place of the deal, "
        f"which counts as played.",
        # a formula of options: a sum, said without quotation marks
        f"Any other declarer must have outbid him: at least {label('opening_bid')} + "
        f"{label('bid_step')} ({preset_name('ru')}: 105;",
        # an option and its value: a colon between them
        f"In {preset_name('one-thousand')} a random seat opens (“{label('opening_seat')}”: "
        f"{choice_label('any')}), so any seat may play from 100.",
        # and the document's own colon after them: a dash, never two colons
        f"A table that does not play dark (“{label('dark')}”: off — {preset_name('tisic')}, "
        f"{preset_name('pl')})",
    ],
    "de": lambda: [
        f"Ein Gebot ist ein Vielfaches von „{label('bid_step')}“ und höchstens "
        f"„{label('max_contract')}“.",
        # found: "„Bomben pro Spieler“-mal": a label glued into a word
        f"Jeder Spieler darf in einer Partie so oft bomben, wie die Einstellung "
        f"„{label('bombs_per_player')}“ sagt (1; 0 = keine Bombe).",
        f"Strafzeilen verschieben den Geber nicht, außer der Strafe für einen Regelverstoß mit "
        f"eingeschalteter Einstellung „{label('revoke_ends_deal')}“ ({preset_name('tisic')}): sie "
        f"tritt an die Stelle des "
        f"Spiels, das als gespielt zählt.",
    ],
    "cs": lambda: [
        f"Výše hry je násobek „{label('bid_step')}“ a nejvýš „{label('max_contract')}“.",
    ],
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", list(SENTENCES))
def test_the_rules_players_argue_over_are_on_the_page_with_labels(
    client: Client, make_sheet: Any, language: str
) -> None:
    sheet = make_sheet(ruleset="pl", players=["Anna", "Bea", "Cem"])
    words = rules_text(client, sheet, language)
    with translation.override(language):
        wanted = SENTENCES[language]()
    missing = [sentence for sentence in wanted if sentence not in words]
    assert missing == []
    for code in ("bid_step", "max_contract", "bombs_per_player", "revoke_ends_deal"):
        assert code not in words
