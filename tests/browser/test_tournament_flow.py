"""A Mariáš tournament in a real browser: 12 players, 3 rounds, tables of 4, from creation to the
printed results — the director at 360 px, the wall page on a 1920 px screen.

Every table plays the round's 4 deals: at table 1 of round 1 the scorer types the first deal on
his phone (Bohouš... whoever was drawn to seat 2 plays a hra in bells with 60 of 90 and wins it);
the other deals are entered through the service layer as the other scorers' phones would.
Every scorer signs on the page, a player confirms on his own phone.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from scoresheet.tournament.models import Player, Table, Tournament
from tests.tournament.helpers import NAMES, deal_for, play

# a director taps faster than any table: the guards (tests/protect/) are not what this tests
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("guards_off")]

WALL = {"width": 1920, "height": 1080}


def varied(n: int, index: int, salt: int) -> dict[str, Any]:
    """A hra won with 60 or, now and then, lost with 30: the standings then differ."""
    return deal_for(n, index, card_points=30 if (index + salt) % 3 == 0 else 60)


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width}px wide"


def test_a_twelve_player_three_round_marias_tournament_from_creation_to_results(
    live_server: Any, phone: Any, second_phone: Any, chromium: Any, shot: Any
) -> None:
    base = live_server.url
    director = phone.new_page()
    director.goto(base + "/")
    director.get_by_role("link", name="Run a tournament: many tables, seats by lot").click()
    director.fill("#id_name", "Páteční mariáš")
    director.check("input[name=ruleset][value=marias]")
    director.fill("#id_rounds", "3")
    director.check("input[name=table_size][value='4']")
    director.fill("#id_deals_per_round", "4")
    director.fill("#id_players_text", "\n".join(
        f"{n}, KM Brno" if i % 4 == 0 else n for i, n in enumerate(NAMES[:12])))
    director.check("#id_use_premium")
    no_sideways_scroll(director)
    director.get_by_role("button", name="Create the tournament").click()
    director.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    t = Tournament.objects.get()
    assert t.players.count() == 12 and t.premium is not None

    wall_context = chromium.new_context(viewport=WALL, locale="en")
    wall = wall_context.new_page()
    wall.goto(base + f"/tv/{t.view_token}/wall/")
    assert float(wall.locator("h1").evaluate("h => parseFloat(getComputedStyle(h).fontSize)")) >= 48
    expect(wall.locator(".wall-qr svg")).to_be_visible()

    for number in (1, 2, 3):
        if number == 1:
            director.fill("#seed-new", "2026")
            director.get_by_role("button", name="Draw round 1").click()
            expect(director.locator(".seed")).to_have_text("2026")
        else:
            director.get_by_role("button", name="Draw the next round").click()
        expect(director.locator("#t-live")).to_contain_text(f"Round {number}: the draw")
        no_sideways_scroll(director)
        if number == 1:
            shot(director, "tournament-01-draw", full_page=True)
        director.get_by_role("button", name=f"Start round {number}").click()
        expect(director.locator("#t-live")).to_contain_text(f"Round {number}")
        tables = list(Table.objects.filter(round__tournament=t, round__number=number)
                      .select_related("sheet", "scorer").order_by("number"))
        assert len(tables) == 3
        scorer = phone.new_page()
        first = tables[0]
        scorer.goto(base + f"/s/{first.sheet.edit_token}/")
        expect(scorer.locator(".tournament-table")).to_contain_text(
            f"table 1, round {number}")
        no_sideways_scroll(scorer)
        if number == 1:  # the scorer types the first deal on his phone
            scorer.get_by_role("link", name="+ Deal").click()
            # the trumps held are asked for the games that use them only (issue 26.14)
            expect(scorer.locator(".trumps-held")).to_be_hidden()
            scorer.locator("label:has(input[name=announced][value=seven])").click()
            expect(scorer.locator(".trumps-held .t-trumps_seven")).to_be_visible()
            expect(scorer.locator(".trumps-held .t-trumps_hundred")).to_be_hidden()
            scorer.locator("label:has(input[name=announced][value=seven])").click()
            expect(scorer.locator(".trumps-held")).to_be_hidden()
            scorer.check("#id_declarer_1")
            scorer.check("#id_trump_1")
            scorer.check("#id_card_points_6")
            scorer.get_by_role("button", name="Write it down").click()
            scorer.wait_for_url(re.compile(r"#e0$"))
            # the wall shows it within seconds
            expect(wall.locator(".wall-tables li").first).to_contain_text("1/4", timeout=10_000)
            play(first, [varied(4, i, number) for i in range(1, 4)])
        else:
            play(first, [varied(4, i, number) for i in range(4)])
        for tb in tables[1:]:
            play(tb, [varied(len(tb.sheet.players), i, number + tb.number) for i in range(4)])
        for tb in tables:  # every scorer signs on the sheet's page
            scorer.goto(base + f"/s/{tb.sheet.edit_token}/")
            scorer.get_by_role("link", name="Sign and close the table").click()
            scorer.fill("#id_name", tb.scorer.name)
            scorer.check("#id_confirm")
            no_sideways_scroll(scorer)
            scorer.get_by_role("button", name="Sign and close the table").click()
            expect(scorer.locator(".tournament-table")).to_contain_text("Closed and signed by")
            expect(scorer.get_by_role("link", name="+ Deal")).to_have_count(0)
        # a player confirms on their own phone, with their own link (the read link only says how)
        player = second_phone.new_page()
        player.goto(base + f"/v/{first.sheet.view_token}/")
        player.get_by_role("link", name="Confirm the result").click()
        expect(player.locator("#id_player")).to_have_count(0)
        own = Player.objects.get(tournament=first.round.tournament, name=first.sheet.players[0])
        player.goto(base + f"/p/{own.token}/")
        player.get_by_role("button", name="I confirm this sheet").click()
        expect(player.locator(".messages")).to_contain_text("your confirmation is kept")
        director.reload()
        expect(director.locator("#t-live")).to_contain_text("every table signed")
        expect(wall.locator(".wall-tables li.closed")).to_have_count(3, timeout=10_000)

    expect(director.locator("#t-live")).to_contain_text("The tournament is over")
    no_sideways_scroll(director)
    shot(director, "tournament-02-director", full_page=True)
    shot(wall, "tournament-03-wall")
    director.get_by_role("link", name="Results to print").click()
    expect(director.locator("h1")).to_have_text("Páteční mariáš")
    expect(director.locator("table.standings tbody tr")).to_have_count(12)
    assert "Provisional" not in director.content()
    no_sideways_scroll(director)
    pdf = director.request.get(base + director.get_by_role(
        "link", name="PDF with every table's signed sheet").get_attribute("href"),
        timeout=120_000)  # ten documents rendered on a shared machine
    assert pdf.status == 200 and pdf.body().startswith(b"%PDF")
    wall_context.close()


def test_the_directors_basic_flow_works_without_javascript(
    live_server: Any, chromium: Any
) -> None:
    base = live_server.url
    context = chromium.new_context(viewport={"width": 360, "height": 740},
                                   java_script_enabled=False, locale="en")
    page = context.new_page()
    page.goto(base + "/t/new/")
    page.fill("#id_name", "Bez skriptů")
    page.check("input[name=ruleset][value=marias]")
    page.fill("#id_rounds", "1")
    page.check("input[name=table_size][value='3']")
    page.fill("#id_deals_per_round", "1")
    page.fill("#id_players_text", "\n".join(NAMES[:7]))  # two tables of three and a bye
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    t = Tournament.objects.get()
    page.get_by_role("button", name="Draw round 1").click()
    expect(page.locator("body")).to_contain_text("Bye this round:")
    page.select_option("#id_first", index=0)
    page.select_option("#id_second", index=6)
    page.get_by_role("button", name="Swap", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("swapped places")
    page.get_by_role("button", name="Start round 1").click()
    for tb in Table.objects.filter(round__tournament=t).select_related("sheet", "scorer"):
        play(tb, [deal_for(3, 0)])
        page.goto(base + f"/s/{tb.sheet.edit_token}/close/")
        page.fill("#id_name", tb.scorer.name)
        page.check("#id_confirm")
        page.get_by_role("button", name="Sign and close the table").click()
        expect(page.locator(".tournament-table")).to_contain_text("Closed and signed by")
    page.goto(base + f"/t/{t.director_token}/")
    expect(page.locator("body")).to_contain_text("The tournament is over")
    page.get_by_role("link", name="Results to print").click()
    expect(page.locator("table.standings tbody tr")).to_have_count(7)
    context.close()
