"""The error pages with DEBUG off (400, 403, 404, 429, 500, 503): each in the reader's language,
with the site's header and a way back, never Django's bare English "Not Found"."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, override_settings

from tests.sheets.helpers import text

pytestmark = pytest.mark.django_db

LANGUAGES = ("cs", "de", "en", "pl", "ru")
# the 404 in each language (found: "Not Found — The requested resource was not found on this
# server." in every language)
NOT_FOUND = {
    "cs": "Tady nic není",
    "de": "Hier ist nichts",
    "en": "There is nothing at this link",
    "pl": "Pod tym linkiem nic nie ma",
    "ru": "По этой ссылке ничего нет",
}
BACK = {"cs": "Zpět na úvod", "de": "Zurück zur Startseite", "en": "Back to the start page",
        "pl": "Wróć na stronę główną", "ru": "На главную"}


def get(language: str, url: str, **extra: Any) -> tuple[int, str]:
    client = Client(HTTP_ACCEPT_LANGUAGE=language, raise_request_exception=False)
    response = client.get(url, **extra)
    return response.status_code, response.content.decode()


def assert_the_sites_page(language: str, html: str) -> None:
    assert f'<html lang="{language}">' in html
    assert '<header class="bar"><a class="brand" href="/">Lístek</a></header>' in html
    assert f'<a href="/">{BACK[language]}</a>' in html
    assert "Not Found" not in html and "Server Error (500)" not in html


@pytest.mark.parametrize("language", LANGUAGES)
@override_settings(DEBUG=False, ROOT_URLCONF="tests.protect.error_urls")
def test_a_link_that_leads_nowhere_says_so_in_the_readers_language(language: str) -> None:
    status, html = get(language, "/s/no-such-sheet-at-all-here/")
    assert status == 404
    assert_the_sites_page(language, html)
    assert NOT_FOUND[language] in text(html)


@pytest.mark.parametrize("language", LANGUAGES)
@override_settings(DEBUG=False, ROOT_URLCONF="tests.protect.error_urls")
def test_400_403_500_503_are_the_sites_pages_in_the_readers_language(language: str) -> None:
    for url, status, extra in (("/forbidden/", 403, {}), ("/broken/", 500, {}),
                               ("/locked/", 503, {}),
                               ("/", 400, {"HTTP_USER_AGENT": "a\x00b"})):
        got, html = get(language, url, **extra)
        assert got == status, url
        assert_the_sites_page(language, html)


@pytest.mark.parametrize("language", ["cs", "de", "pl", "ru"])
@override_settings(DEBUG=False, ROOT_URLCONF="tests.protect.error_urls")
def test_no_error_page_speaks_english_to_another_language(language: str) -> None:
    english = ("Not found", "Refused", "Server error", "Not saved", "Not understood",
               "Back to the start page", "nothing was saved", "Nothing was saved")
    for url, extra in (("/s/nothing-here-at-all-x/", {}), ("/forbidden/", {}), ("/broken/", {}),
                       ("/locked/", {}), ("/", {"HTTP_USER_AGENT": "a\x00b"})):
        _status, html = get(language, url, **extra)
        shown = text(html)
        assert [e for e in english if e in shown] == [], (url, shown)
