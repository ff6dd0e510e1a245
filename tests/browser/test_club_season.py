"""A club's season in a real browser, without JavaScript, on a 360 px phone: the club created
from the home page, 11 players typed on the register, a season counting placement points (best
2 of the evenings, 2 evenings to be ranked), three evenings made from the register — the second
with the last evening's list in one tap and a late arrival added on the club's evening page
once its tournament exists, the third after a player left — and then the season table, the
players' pages and the CSV checked against the hand count of tests/club/helpers.py, and the
season table in the five languages.

The draw, the deals and the signatures go through the tournament app's own functions, as the
director's and the scorers' phones would (tests/browser/test_tournament_flow.py drives those
pages).
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from scoresheet.club.models import Club, Evening, Member, Season
from tests.club.helpers import LATE, LEAVES, PLAYERS, TEAMS, hand_count, play_evening

# a director taps faster than any table: the guards (tests/protect/) are not what this tests
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("guards_off")]

PHONE = {"width": 360, "height": 740}
# the season table's header and an amount of crowns in each language (decimal comma but en)
LANGUAGES = {"en": ("Season points", ">0.80<"), "cs": ("Body sezóny", ">0,80<"),
             "de": ("Saisonpunkte", ">0,80<"), "pl": ("Punkty sezonu", ">0,80<"),
             "ru": ("Очки сезона", ">0,80<")}


def no_sideways_scroll(page: Any) -> None:
    page.wait_for_load_state()  # (a page asked for by a click may still be on its way)
    width = page.evaluate("(document.scrollingElement || document.documentElement).scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width}px wide"


def new_evening(page: Any, base: str, club: Club, season: Season, *, last: bool,
                newcomers: str = "", late: str = "") -> Evening:
    page.goto(base + f"/club/{club.admin_token}/")
    page.get_by_role("link", name="New evening").click()
    if last:
        page.get_by_role("link", name="Tick the last evening’s players").click()
    else:
        for box in page.locator(".register-pick input[type=checkbox]").all():
            box.check()
    page.fill("#id_rounds", "1")
    page.fill("#id_deals_per_round", "2")
    if newcomers:
        page.fill("#id_newcomers", newcomers)
    no_sideways_scroll(page)
    before = set(Evening.objects.values_list("pk", flat=True))
    page.get_by_role("button", name="Create the evening’s tournament").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    ev = Evening.objects.exclude(pk__in=before).select_related("tournament").get()
    assert page.url.endswith(f"/t/{ev.tournament.director_token}/")
    if late:  # he comes when the evening's tournament exists: the club's evening page adds him
        page.goto(base + f"/club/{club.admin_token}/")
        page.get_by_role("link", name=ev.tournament.name, exact=True).click()
        page.fill("#id_arrive-name", late)
        no_sideways_scroll(page)
        page.get_by_role("button", name="Add to the evening").click()
        expect(page.locator(".messages")).to_contain_text(
            f"{late} joins the tournament: seated from the next draw.")
        assert ev.entrants.filter(member__name=late, player__name=late).exists()
    play_evening(ev)
    return ev


def test_a_three_evening_season_of_twelve_players_without_javascript(
    live_server: Any, chromium: Any, shot: Any
) -> None:
    base = live_server.url
    context = chromium.new_context(viewport=PHONE, java_script_enabled=False, locale="en")
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(base + "/")
    page.get_by_role("link", name="A club: its players, seasons and a season table").click()
    page.fill("#id_name", "KM Brno mariáš")
    page.get_by_role("button", name="Create the club").click()
    page.wait_for_url(re.compile(r"/club/[\w-]{20,}/$"))  # not /club/new/
    club = Club.objects.get()
    admin = page.url

    for name in PLAYERS:  # everyone but the late arrival, typed on the register
        if name == LATE:
            continue
        page.fill("#id_member-name", name)
        if name in TEAMS:
            page.fill("#id_member-team", TEAMS[name])
        page.get_by_role("button", name="Add to the register").click()
        expect(page.locator(".messages")).to_contain_text(f"{name} is on the register.")
    # a name twice is refused with a sentence, and nothing is added
    page.fill("#id_member-name", "anna")
    page.get_by_role("button", name="Add to the register").click()
    expect(page.locator(".alert.error")).to_contain_text("already on the register")
    assert Member.objects.count() == 11
    no_sideways_scroll(page)

    page.goto(admin)
    page.locator("summary", has_text="New season").click()
    page.fill("#id_season-name", "Liga 2026")
    page.check("input[name=season-rule][value=places]")
    page.fill("#id_season-best_of", "2")
    page.fill("#id_season-min_evenings", "2")
    page.get_by_role("button", name="Create the season").click()
    page.wait_for_url(re.compile(r"/seasons/\d+/evening/$"))
    season = Season.objects.get()
    assert (season.rule, season.places, season.best_of, season.min_evenings) == (
        "places", [12, 10, 8, 7, 6, 5, 4, 3, 2, 1], 2, 2)
    # the form offers today as the season's first day; its end stays open
    assert (season.start, season.end) == (timezone.localdate(), None)

    new_evening(page, base, club, season, last=False)
    new_evening(page, base, club, season, last=True, late=LATE)
    # Karel leaves the club: his line stays, the next evening does not offer him
    page.goto(admin)
    page.get_by_role("link", name=LEAVES, exact=True).click()
    page.check("#id_has_left")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("The register is saved.")
    page.goto(admin)
    page.get_by_role("link", name="New evening").click()
    expect(page.locator(".register-pick")).not_to_contain_text(LEAVES)
    new_evening(page, base, club, season, last=True)
    page.goto(admin)
    shot(page, "club-03-club-page", full_page=True)

    expected = hand_count(season)
    # the season table, from the club's read link
    page.goto(base + f"/cv/{club.view_token}/")
    page.get_by_role("link", name="Liga 2026").click()
    rows = page.locator("table.season tbody tr")
    expect(rows.first).to_be_visible()
    no_sideways_scroll(page)
    expect(rows).to_have_count(12)
    shown: dict[str, tuple[str, str, str]] = {}
    for i in range(12):
        cells = rows.nth(i).locator("td")
        name = cells.nth(1).inner_text().split("\n")[0].strip()
        name = re.sub(r"\s+(KM Brno|Sokol)$", "", name)
        shown[name] = (cells.nth(0).inner_text(), cells.nth(2).inner_text(),
                       cells.nth(3).inner_text())
    assert set(shown) == set(PLAYERS)
    for name, hand in expected.items():
        assert shown[name][1:] == (str(hand["season"]), str(hand["played"])), name
    totals = sorted(((h["season"], n) for n, h in expected.items()), key=lambda x: -x[0])
    assert shown[totals[0][1]][0] == "1"
    assert "Provisional" not in page.content()
    shot(page, "club-01-season-table", full_page=True)

    # the CSV agrees
    href = page.get_by_role("link", name="Season table (CSV)").get_attribute("href")
    body = page.request.get(base + href).text()
    table = {r[1]: r for r in list(csv.reader(io.StringIO(body)))[1:]}
    for name, hand in expected.items():
        assert (table[name][3], table[name][4]) == (str(hand["season"]), str(hand["played"]))
        money = sum(m for m in hand["money"] if m is not None)
        assert table[name][6] == f"{money / 100:.2f}", name

    # the players' pages: the late arrival and the one who left
    for name in (LATE, LEAVES):
        m = Member.objects.get(name=name)
        hand = expected[name]
        page.goto(base + f"/cp/{m.view_token}/")
        expect(page.locator("h1")).to_have_text(name)
        if name == LATE:
            shot(page, "club-02-player", full_page=True)
        expect(page.locator(".season-rank")).to_contain_text(f"Season points: {hand['season']}")
        expect(page.locator(".evening-rank")).to_have_text(
            [str(r) for r in hand["rank"] if r is not None])
        no_sideways_scroll(page)

    # the club's pages in five languages, at 360 px
    season_url = base + f"/cv/{club.view_token}/seasons/{season.pk}/"
    late = Member.objects.get(name=LATE)
    late_evening = min(late.entries.values_list("evening_id", flat=True))
    others = [admin, base + f"/cp/{late.view_token}/",
              base + f"/club/{club.admin_token}/seasons/{season.pk}/evening/?last=1",
              base + f"/club/{club.admin_token}/members/{late.pk}/",
              base + f"/club/{club.admin_token}/seasons/{season.pk}/dates/",
              base + f"/club/{club.admin_token}/evenings/{late_evening}/"]
    for code, (header, amount) in LANGUAGES.items():
        page.goto(season_url)
        page.locator(f"a.lang[hreflang={code}]").click()
        expect(page.locator("html")).to_have_attribute("lang", code)
        expect(page.locator("table.season thead")).to_contain_text(header)
        assert amount in page.content(), code
        no_sideways_scroll(page)
        for url in others:
            page.goto(url)
            expect(page.locator("html")).to_have_attribute("lang", code)
            no_sideways_scroll(page)
    context.close()
