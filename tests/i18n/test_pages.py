"""The pages speak the reader's language: the browser's (Accept-Language) by default, and none
of them shows an English sentence of the catalogs in Czech, German, Polish or Russian.

Fails until every text is translated (tests/i18n/test_catalogs.py says which are missing).
"""

from __future__ import annotations

import re
from typing import Any

import polib
import pytest
from django.conf import settings
from django.test import Client

from tests.i18n.crawl import pages, visible

pytestmark = pytest.mark.django_db

TRANSLATED = [code for code, _name in settings.LANGUAGES if code != "en"]
FEW = ("ru/bolts-and-555", "marias/ten_haler_house_rules", "binokel/scale1_house_rules")
PLACEHOLDER = re.compile(r"%(\([^)]*\))?[sd]|<[^>]*>")


def english_sentences(extracted: polib.POFile) -> list[str]:
    """The catalog's texts that are sentences (four words or more), cut at their placeholders:
    none of them may show on a page in another language."""
    out = []
    for entry in extracted:
        for piece in PLACEHOLDER.split(entry.msgid):
            if piece and len(piece.split()) >= 4:
                out.append(" ".join(piece.split()))
    return sorted(set(out), key=len, reverse=True)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_browser_language_is_the_pages_language(language: str, compiled: None) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")
    html = client.get("/").content.decode()
    assert f'<html lang="{language}">' in html


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_sentence_shows_in_another_language(
    language: str, compiled: None, extracted: polib.POFile
) -> None:
    sentences = english_sentences(extracted)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    found: dict[str, str] = {}
    for url, html in pages(client, FEW):
        text, attributes = visible(html)
        page_text = " ".join([text, *attributes])
        page_text = " ".join(page_text.split())
        for sentence in sentences:
            if sentence in page_text and sentence not in found:
                found[sentence] = url
    report = [f"  {s[:80]!r} on {u[-40:]}" for s, u in sorted(found.items())]
    assert report == [], (
        f"{language}: {len(report)} English sentences on the pages; the first 20:\n"
        + "\n".join(report[:20])
    )


def test_the_check_would_see_an_english_sentence(compiled: None, extracted: polib.POFile
                                                 ) -> None:
    sentences = english_sentences(extracted)
    assert "Use your browser’s Print command (Ctrl+P) to print this page." in sentences
    client: Any = Client(HTTP_ACCEPT_LANGUAGE="en")
    html = client.get("/").content.decode()
    text = " ".join(visible(html)[0].split())
    assert any(s in text for s in sentences)
