"""The glossary, enforced on the pages (docs/translating.md, "The words that never appear" and
"One word per concept"): a crawl of the player-facing page groups in all five languages — home,
new sheet, a sheet of every game in progress and over with its forms, rules, referee, review,
settle-up, print, export, history, statistics, the tournament's pages (director, players, wall,
signing, results), the club's (season, wall, player page), and the error pages — fails on a
forbidden word, an English sentence left on another language's page, a doubled word, or a
glossary term replaced by its banned synonym.

It uses Django's test client (no browser), and each language reads each page once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import polib
import pytest
from django.test import Client
from django.urls import reverse

from tests.i18n.crawl import _Visible, pages, player_names, visible
from tests.i18n.test_pages import english_sentences
from tests.i18n.test_tournament_pages import tournament_pages

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("guards_off")]

LANGUAGES = ("cs", "de", "en", "pl", "ru")
# every game, in progress and over (the goldens are whole games; "cut" keeps their first rows)
OVER = ("ru/bolts-and-555", "tisic/revoke-declarer-first", "pl/bomb-declarer-only-barrel",
        "one-thousand/blind-highest-wins", "marias/evening_four_players_pauzirak",
        "binokel/scale1_house_rules")
IN_PROGRESS = ("ru/barrel-fall-three-marriages", "marias/ten_haler_house_rules")

# Words that never appear on a page, in any language (docs/translating.md)
FORBIDDEN = re.compile(
    r"\b[Pp]resets?\b|\b[Pp]resety?\b|\bpresetu\b|[Пп]ресет\w*"  # the developers' "preset"
    r"|\b[a-z]+_[a-z_]+\b"  # an option's code (snake_case)
    r"|\b[Pp]layer \d\b(?![.,]\d)"  # a numbered player
)
LANGUAGE_NAMES = ("Русский", "Čeština", "Deutsch", "Polski", "English")  # each in its own tongue
# A glossary term replaced by its banned synonym, per page language
BANNED = {
    "cs": re.compile(r"\b[Zz]dvih\w*|\bhádat\b|\bList ještě\b"),
    "de": re.compile(r"\b[Dd]unkel\b|\b\w+(en|ern) Sie\b|\bIhnen\b"),
    "pl": re.compile(r"\b[Aa]rkusz\w*\b(?! kalk)|\b[Kk]art(ka|kę|ce|ki)\b"),
    "ru": re.compile(r"\bнаписал\b|\bиграл кон\b|\bподавал\b"),
    "en": re.compile(r"\bplayed before his turn\b|\bAdd him\b"),
}
# the same word twice ("Herz (Herz)", "hra hra"); numbers and a name said twice aside
DOUBLED = re.compile(r"(?<![\w-])([^\W\d_]{3,})(?:\s+|\s+\()\1(?![\w-])", re.I)
CYRILLIC = re.compile(r"[\u0400-\u04ff]{2,}")


def stored_cut(name: str, rows: int = 3) -> Any:
    """A golden sheet cut after its first rows: a game still in progress."""
    from scoresheet.exports import documents as exports
    from scoresheet.sheets import services
    from tests.sheets.golden_docs import golden_named

    doc = golden_named(name)
    doc.pop("meta", None)
    doc["entries"] = doc["entries"][:rows]
    return exports.import_sheet(doc, device=services.Device(id="crawler"))


def names_stored() -> set[str]:
    """Every player's name stored so far (sheets, club members): names are shown as typed."""
    from scoresheet.club.models import Member
    from scoresheet.sheets.models import Sheet

    names = {str(n) for players in Sheet.objects.values_list("players", flat=True)
             for n in (players or [])}
    return names | set(Member.objects.values_list("name", flat=True))


def without_names(text: str, names: set[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def club_pages(client: Client) -> Iterator[tuple[str, str]]:
    from tests.club.helpers import make_club, new_evening, play_evening

    club, season = make_club()
    evening = new_evening(season, list(club.members.all()))
    play_evening(evening)
    member = club.members.first()
    assert member is not None
    for url in (reverse("club", args=[club.admin_token]),
                reverse("club_view", args=[club.view_token]),
                reverse("club_season", args=[club.view_token, season.pk]),
                reverse("club_season_wall", args=[club.view_token, season.pk]),
                reverse("club_evening", args=[club.admin_token, evening.pk]),
                reverse("club_player", args=[member.view_token]),
                reverse("club_new")):
        response = client.get(url)
        assert response.status_code == 200, url
        yield url, response.content.decode()


def error_pages(client: Client) -> Iterator[tuple[str, str]]:
    response = client.get("/s/no-such-sheet-here/")
    assert response.status_code == 404
    yield "404", response.content.decode()


def every_page(client: Client) -> Iterator[tuple[str, str]]:
    yield from pages(client, OVER)
    for name in IN_PROGRESS:
        sheet = stored_cut(name)
        for url in (reverse("sheet", args=[sheet.edit_token]),
                    reverse("entry_new", args=[sheet.edit_token, "deal"]),
                    reverse("table_rules", args=[sheet.edit_token])):
            yield url, client.get(url).content.decode()
    yield from tournament_pages(client)
    yield from club_pages(client)
    yield from error_pages(client)


def problems(language: str, html: str, names: set[str], sentences: list[str]) -> list[str]:
    text, attributes = visible(html)
    shown = " ".join(" ".join([text, *attributes]).split())
    plain = without_names(shown, (*names, *LANGUAGE_NAMES))
    parser = _Visible()
    parser.feed(html)
    pieces = [without_names(piece, names) for piece in [*parser.texts, *parser.attributes]]
    found = [f"forbidden {m.group(0)!r}" for m in FORBIDDEN.finditer(plain)]
    found += [f"banned {m.group(0)!r}" for m in BANNED[language].finditer(plain)]
    found += [f"doubled {m.group(0)!r}" for piece in pieces for m in DOUBLED.finditer(piece)]
    if language != "ru":
        found += [f"Cyrillic {m.group(0)!r}" for m in CYRILLIC.finditer(plain)]
    if language != "en":
        found += [f"English {s[:60]!r}" for s in sentences if s in plain]
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_keeps_the_glossary(language: str, compiled: None, extracted: polib.POFile,
                                       settings: Any) -> None:
    settings.RATELIMIT_ENABLED = False  # one reader opens 200 pages in a few seconds
    sentences = english_sentences(extracted)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    names = player_names(OVER + IN_PROGRESS)
    report: dict[str, str] = {}
    seen = 0
    for url, html in every_page(client):
        seen += 1
        for problem in problems(language, html, names | names_stored(), sentences):
            report.setdefault(problem, url)
    lines = [f"  {p} on {u[-50:]}" for p, u in sorted(report.items())]
    assert seen > 100
    assert lines == [], f"{language}: {len(lines)} problems; the first 30:\n" + "\n".join(
        lines[:30])


def test_the_crawl_would_see_each_kind_of_problem(extracted: polib.POFile) -> None:
    sentences = english_sentences(extracted)
    page = ("<html><body><p>Binokel — preset binokel</p><p>Herz (Herz)</p><p>barrel_at</p>"
            "<p>120 dunkel</p><p>Сорок</p><p>Use your browser’s Print command (Ctrl+P) to print "
            "this page.</p></body></html>")
    found = " ".join(problems("de", page, set(), sentences))
    for kind in ("forbidden 'preset'", "doubled", "forbidden 'barrel_at'", "banned 'dunkel'",
                 "Cyrillic", "English"):
        assert kind in found, kind
