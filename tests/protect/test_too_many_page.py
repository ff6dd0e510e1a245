"""The "Too many requests" page (429, scoresheet/protect/ratelimit.py ``too_many``): the app's
stylesheet, in the page's language (its cookie or Accept-Language), when to try again in words
(the plural of the seconds), Retry-After, and the way back; to htmx only the sentences."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings

from scoresheet.protect import ratelimit
from tests.conftest import quiet_deals
from tests.sheets.helpers import text

pytestmark = pytest.mark.django_db

# the clock stands 57 s into a 60-s window: 3 seconds to wait
NOW = 60 * 16_667 + 57.0
WAIT_3 = {
    "cs": "Počkejte 3 sekundy a zkuste to znovu.",
    "de": "Warte 3 Sekunden und versuche es erneut.",
    "en": "Wait 3 seconds and try again.",
    "pl": "Poczekaj 3 sekundy i spróbuj ponownie.",
    "ru": "Подождите 3 секунды и попробуйте снова.",
}
WHY = {
    "cs": "Váš telefon si v krátké době vyžádal víc tisků, souborů nebo statistik",
    "de": "Dein Handy hat in kurzer Zeit mehr Ausdrucke, Dateien oder Statistiken angefordert",
    "en": "Your phone asked for more printouts, files or statistics than its share",
    "pl": "Twój telefon zażądał w krótkim czasie więcej wydruków, plików lub statystyk",
    "ru": "Ваш телефон за короткое время запросил больше распечаток, файлов или статистик",
}
BACK = {"cs": "Zpět na lístek", "de": "Zurück zum Zettel", "en": "Back to the sheet",
        "pl": "Wróć do zapisu", "ru": "Назад к листу"}


@pytest.fixture(autouse=True)
def late_in_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratelimit.time, "time", lambda: NOW)


def refused_export(client: Client, token: str, **headers: str) -> Any:
    link = f"/v/{token}/export.csv"
    client.get("/")  # the phone's device cookie: its limit is its own from now on
    assert client.get(link, **headers).status_code == 200
    return client.get(link, **headers)


@pytest.mark.parametrize("language", sorted(WAIT_3))
@override_settings(RATELIMIT_HEAVY=1, RATELIMIT_CLIENT=1000)
def test_the_page_says_why_when_and_where_back_in_the_pages_language(
    make_sheet, language: str
) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    client = Client(REMOTE_ADDR=f"203.0.113.{100 + sorted(WAIT_3).index(language)}")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    refused = refused_export(client, sheet.view_token)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "3"
    html = refused.content.decode()
    assert f'<html lang="{language}">' in html
    assert re.search(r'<link rel="stylesheet" href="[^"]*css/app[^"]*\.css"', html)
    said = text(html)
    assert WHY[language] in said and WAIT_3[language] in said
    assert f'<a href="/v/{sheet.view_token}/">{BACK[language]}</a>' in html
    assert 'role="alert"' in html and "Cache-Control" in refused


@override_settings(RATELIMIT_HEAVY=1, RATELIMIT_CLIENT=1000)
def test_accept_language_is_the_pages_language_without_a_cookie(make_sheet) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    refused = refused_export(Client(REMOTE_ADDR="203.0.113.110"), sheet.view_token,
                             HTTP_ACCEPT_LANGUAGE="pl")
    assert WAIT_3["pl"] in text(refused.content.decode())


@override_settings(RATELIMIT_HEAVY=1, RATELIMIT_CLIENT=1000)
def test_htmx_gets_only_the_sentences_with_the_status_and_retry_after(make_sheet) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    refused = refused_export(Client(REMOTE_ADDR="203.0.113.111"), sheet.view_token,
                             HTTP_HX_REQUEST="true")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "3"
    body = refused.content.decode()
    assert "<html" not in body and body.startswith('<p class="alert error" role="alert">')
    assert WHY["en"] in body and WAIT_3["en"] in body


@override_settings(RATELIMIT_CLIENT=1)
def test_a_refusal_elsewhere_leads_home(db: None) -> None:
    client = Client(REMOTE_ADDR="203.0.113.112")
    data = {"ruleset": "ru", "player_0": "A", "player_1": "B", "player_2": "C",
            "first_dealer": "0"}
    assert client.post("/new/", data).status_code == 302
    refused = client.post("/new/", data)
    assert refused.status_code == 429
    assert '<a href="/">Home</a>' in refused.content.decode()
    assert "Wait 3 seconds and try again." in text(refused.content.decode())
