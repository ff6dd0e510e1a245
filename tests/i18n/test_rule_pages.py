"""The rules pages in every language: docs/rules/<lang>/<game>.md for each English document,
with the same sections, so that the table's rules page and the referee's links work alike in
every language (scoresheet/referee/rulings.py gives a translated heading the English heading's
id)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from scoresheet.referee import rulings as referee

DOCS = referee.DOCS_DIR
ENGLISH = sorted(DOCS.glob("*.md"))
TRANSLATED = ("cs", "de", "pl", "ru")
HEADING = re.compile(r"^(#{1,6})\s", re.M)
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def headings(path: Path) -> list[str]:
    """The heading levels of a Markdown document, in order (code blocks left out)."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return HEADING.findall(text)


def test_the_english_rules_are_there() -> None:
    assert {p.stem for p in ENGLISH} >= {"thousand", "marias", "binokel", "arbiter"}


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_every_rules_document_is_translated_with_the_same_headings(
    english: Path, language: str
) -> None:
    translated = DOCS / language / english.name
    assert translated.is_file(), f"docs/rules/{language}/{english.name} is not written"
    assert headings(translated) == headings(english), (
        f"docs/rules/{language}/{english.name}: {len(headings(translated))} headings, "
        f"the English has {len(headings(english))} (same levels, same order)"
    )


def test_the_rules_page_shows_the_document_of_its_language() -> None:
    with translation.override("en"):
        assert referee.doc_path("thousand") == DOCS / "thousand.md"
    for language in TRANSLATED:
        with translation.override(language):
            wanted = DOCS / language / "thousand.md"
            assert referee.doc_path("thousand") == (wanted if wanted.is_file() else
                                                    DOCS / "thousand.md")


def test_a_translated_heading_keeps_the_english_id() -> None:
    english = '<h2 id="thousand-barrel">Barrel</h2><h3 id="thousand-fall">Fall</h3>'
    translated = '<h2 id="thousand-bochka">Бочка</h2><h3 id="thousand-padenie">Падение</h3>'
    assert referee.english_ids(translated, english) == (
        '<h2 id="thousand-barrel">Бочка</h2><h3 id="thousand-fall">Падение</h3>'
    )
    assert referee.english_ids(translated, english[:40]) == translated  # not the same headings
