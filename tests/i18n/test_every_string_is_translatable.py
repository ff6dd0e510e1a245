"""No visible text escapes the catalogs: every screen is rendered in a pseudo-language whose
every translation is marked (tests/i18n/conftest.py), and any word left outside the marks is
text that no translator could ever reach.

What may stay as it is: the players' names, numbers and card faces, the app's name, and the
identifiers of the sheet format shown as code (option and field names).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings

from rules.cards import DECKS
from scoresheet.referee.rulings import OTHER_SUIT_NAMES
from tests.i18n.conftest import CLOSE, OPEN
from tests.i18n.crawl import pages, player_names, visible

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("guards_off")]

URL = re.compile(r"https?://\S+|/[sv]/[\w-]+/\S*")
MARKED = re.compile(re.escape(OPEN) + "[^" + re.escape(OPEN + CLOSE) + "]*" + re.escape(CLOSE))
WORD = re.compile(r"[^\W\d_]{2,}")  # two letters or more, in any script
# Words that are not language: the app's name, units, each language's own name (the choice of
# the printout's language lists them so that anybody finds theirs), the crawler's device name.
NOT_WORDS = {"Lístek", "Kč", "PDF", "JSON", "CSV", "craw", "crawler", "Pseudo",
             *(name for _code, name in settings.LANGUAGES)}
# The cards as they are printed and named at home: the short faces on the cards (Т, Sv, O), and
# a suit's names on other decks, shown beside its name in the page's language.
NOT_WORDS |= {r.short for deck in DECKS.values() for r in deck.ranks}
NOT_WORDS |= {f.name for deck in DECKS.values() for f in deck.suits}
NOT_WORDS |= {n for suits in OTHER_SUIT_NAMES.values() for names in suits.values() for n in names}


def leftovers(text: str, names: set[str]) -> list[str]:
    text = URL.sub(" ", text)
    while True:
        stripped = MARKED.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    return [w for w in WORD.findall(text) if w not in names and w not in NOT_WORDS]


def test_every_visible_text_of_every_screen_comes_from_a_catalog(client: Any, in_pseudo: None
                                                                ) -> None:
    found: dict[str, set[str]] = {}
    names = {word for name in player_names() for word in WORD.findall(name)}
    marked = 0
    for url, html in pages(client):
        text, attributes = visible(html)
        marked += text.count(OPEN)
        for piece in [text, *attributes]:
            words = leftovers(piece, names)
            if words:
                context = piece if len(piece) < 160 else " ".join(words)
                found.setdefault(context[:160], set()).add(url.split("?")[0][-40:])
    assert marked > 5000  # the crawl read the pages' texts (in the pseudo-language)
    report = [f"{text!r} on {sorted(urls)[:2]}" for text, urls in sorted(found.items())]
    assert report == [], f"{len(report)} untranslatable texts:\n" + "\n".join(report[:40])
