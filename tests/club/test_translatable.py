"""Every club screen's text comes from the catalogs and is translated: the club's templates
write no word outside a translation tag, every visible word of every club page is marked in the
pseudo-language, and no English sentence of the catalogs shows on a Czech, German, Polish or
Russian club page (the checks of tests/i18n, run over the club's pages)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import polib
import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoresheet.club import logic
from scoresheet.club.models import Member
from tests.club.helpers import PLAYERS, run_season
from tests.i18n.conftest import OPEN, in_pseudo, pseudo_locale  # noqa: F401  (fixtures)
from tests.i18n.crawl import visible
from tests.i18n.test_every_string_is_translatable import WORD, leftovers
from tests.i18n.test_pages import TRANSLATED, english_sentences
from tests.i18n.test_templates import words_outside

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("guards_off")]

TEMPLATES = Path(settings.BASE_DIR) / "templates"


@pytest.fixture(scope="session")
def extracted() -> polib.POFile:
    """The English catalog as committed: tests/i18n/test_catalogs.py proves it holds exactly the
    sources' texts, and reading it spares a second makemessages run racing the first one."""
    return polib.pofile(str(Path(settings.LOCALE_PATHS[0]) / "en" / "LC_MESSAGES" /
                            "django.po"))
CLUB_WORDS = {"KM", "Brno", "Liga", "Sokol", "Večer", "mariáš", "Bench"}  # the data's own names


CLUB_TEMPLATES = [*sorted((TEMPLATES / "club").glob("*.html")), TEMPLATES / "sheets" / "home.html"]


@pytest.mark.parametrize("path", CLUB_TEMPLATES, ids=lambda p: p.name)
def test_a_club_template_writes_every_word_through_a_translation(path: Path) -> None:
    assert words_outside(path.read_text(encoding="utf-8")) == []


def club_pages(client: Client) -> Iterator[tuple[str, str]]:
    club, s = run_season()
    m = Member.objects.get(club=club, name="Anna")
    logic.edit_member(m, name="Anna", nickname="Anička", team="KM Brno", initials_only=False,
                      has_left=False)
    admin = club.admin_token
    yield "new", client.get(reverse("club_new")).content.decode()
    yield "new refused", client.post(reverse("club_new"), {"name": ""}).content.decode()
    yield "import", client.get(reverse("club_import")).content.decode()
    bad = SimpleUploadedFile("x.json", json.dumps({"format": "x"}).encode())
    yield "import refused", client.post(reverse("club_import"), {"file": bad}).content.decode()
    yield "club", client.get(reverse("club", args=[admin])).content.decode()
    yield "member refused", client.post(reverse("club_member_add", args=[admin]),
                                        {"member-name": "anna"}).content.decode()
    yield "season refused", client.post(reverse("club_season_new", args=[admin]), {
        "season-name": "X", "season-ruleset": "marias", "season-rule": "places",
        "season-places": "1, 2", "season-best_of": "1", "season-min_evenings": "3",
    }).content.decode()
    yield "merge refused", client.post(reverse("club_merge", args=[admin]), {
        "merge-keep": m.pk, "merge-duplicate": m.pk}).content.decode()
    yield "home refused", client.post(reverse("club_home_link", args=[admin]), {
        "home-member": m.pk, "home-link": "nothing", "home-name_on_sheet": "Anna"}
    ).content.decode()
    yield "member", client.get(reverse("club_member", args=[admin, m.pk])).content.decode()
    yield "evening", client.get(reverse("club_evening_new", args=[admin, s.pk]) + "?last=1"
                                ).content.decode()
    yield "evening refused", client.post(reverse("club_evening_new", args=[admin, s.pk]), {
        "rounds": "1", "table_size": "4", "deals_per_round": "2", "newcomers": "Zdena"}
    ).content.decode()
    yield "read", client.get(reverse("club_view", args=[club.view_token])).content.decode()
    yield "season", client.get(reverse("club_season", args=[club.view_token, s.pk])
                               ).content.decode()
    yield "wall", client.get(reverse("club_season_wall", args=[club.view_token, s.pk])
                             ).content.decode()
    yield "player", client.get(reverse("club_player", args=[m.view_token])).content.decode()
    ev = s.evenings.order_by("created", "id").first()
    assert ev is not None
    yield "evening players", client.get(reverse("club_evening", args=[admin, ev.pk])
                                        ).content.decode()
    yield "arrival refused", client.post(reverse("club_evening_arrive", args=[admin, ev.pk]),
                                         {}).content.decode()
    yield "arrival taken", client.post(reverse("club_evening_arrive", args=[admin, ev.pk]),
                                       {"arrive-name": "Anna"}).content.decode()
    yield "dates refused", client.post(reverse("club_season_period", args=[admin, s.pk]), {
        "start": "2026-09-01", "end": "2026-08-01"}).content.decode()
    # a period the evenings are outside of: the season page and the dates page say so
    start = timezone.localdate() + timedelta(days=1)
    s = logic.set_period(s, start=start, end=start + timedelta(days=200))
    yield "dates", client.get(reverse("club_season_period", args=[admin, s.pk])
                              ).content.decode()
    yield "season dated", client.get(reverse("club_season", args=[club.view_token, s.pk])
                                     ).content.decode()
    yield "evening outside", client.post(reverse("club_evening_new", args=[admin, s.pk]), {
        "rounds": "1", "table_size": "4", "deals_per_round": "2", "members": [m.pk]}
    ).content.decode()


def test_every_visible_text_of_every_club_page_comes_from_a_catalog(
    client: Any, in_pseudo: None  # noqa: F811
) -> None:
    names = {w for n in PLAYERS for w in WORD.findall(n)} | CLUB_WORDS | {"Anička"}
    found: dict[str, set[str]] = {}
    marked = 0
    for name, html in club_pages(client):
        text, attributes = visible(html)
        marked += text.count(OPEN)
        for piece in [text, *attributes]:
            words = leftovers(piece, names)
            if words:
                found.setdefault(" ".join(words)[:160], set()).add(name)
    assert marked > 300
    assert found == {}


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_sentence_on_a_club_page(language: str, extracted: polib.POFile) -> None:
    sentences = english_sentences(extracted)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    found: dict[str, str] = {}
    for name, html in club_pages(client):
        assert f'lang="{language}"' in html, name
        text, attributes = visible(html)
        page_text = " ".join(" ".join([text, *attributes]).split())
        for sentence in sentences:
            if sentence in page_text and sentence not in found:
                found[sentence] = name
    assert found == {}
