"""Issue 26: a tournament evening with no paper backup, in a real Chromium at 360 px (the
director's and the scorers' phones) and at 1920 px (the director's laptop, the wall).

Each test is one of the issue's numbered problems and failed before its fix.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from scoresheet.tournament import logic
from scoresheet.tournament.models import Table, Tournament
from tests.tournament.helpers import NAMES, deal_for, play

# a director taps faster than any table: the guards (tests/protect/) are not what this tests
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("guards_off")]

SIZES = {"phone": {"width": 360, "height": 740}, "desk": {"width": 1920, "height": 1080}}


@pytest.fixture(params=sorted(SIZES))
def screen(request: Any, chromium: Any) -> Any:
    """The director's browser: a phone at 360 px or a laptop at 1920 px."""
    context = chromium.new_context(viewport=SIZES[request.param], locale="en")
    context.set_default_timeout(10_000)
    yield context
    context.close()


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width}px wide"


def create(page: Any, base: str, *, ruleset: str, name: str, players: int, table_size: int,
           rounds: int = 1, deals: int | None = None, premium: bool = False) -> Tournament:
    page.goto(base + "/t/new/")
    page.fill("#id_name", name)
    page.check(f"input[name=ruleset][value={ruleset}]")
    page.fill("#id_rounds", str(rounds))
    page.check(f"input[name=table_size][value='{table_size}']")
    if deals is not None:
        page.fill("#id_deals_per_round", str(deals))
    page.fill("#id_players_text", "\n".join(NAMES[:players]))
    if premium:
        page.check("#id_use_premium")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    return Tournament.objects.get(name=name)


# --------------------------------------------------------------------------- 1: house rules


@pytest.mark.parametrize("ruleset", ["tisic", "binokel"])
def test_1_a_thousand_or_binokel_tournament_plays_its_own_presets_rules(
    live_server: Any, screen: Any, ruleset: str
) -> None:
    """The new-tournament form opens on Mariáš; tapping another variant and creating without
    "Show this variant's rules" once gave every table Mariáš's posted fields (Thousand rounded
    37 to 35, Binokel lost its Dapp)."""
    page = screen.new_page()
    t = create(page, live_server.url, ruleset=ruleset, name="Čtvrtek", players=6, table_size=3)
    assert t.ruleset == ruleset
    assert t.options == {}
    rules_box = page.locator("#rules-in-force")
    rules_box.locator("summary").click()
    expect(rules_box).to_contain_text("Every table plays the variant as it is.")
    expect(rules_box.locator("mark")).to_have_count(0)
    if ruleset == "binokel":
        expect(rules_box).to_contain_text("Dapp")
    else:
        expect(rules_box).to_contain_text("Bid step: 10")
    no_sideways_scroll(page)


def test_1_without_javascript_the_other_presets_fields_are_not_taken(
    live_server: Any, chromium: Any
) -> None:
    context = chromium.new_context(viewport=SIZES["phone"], java_script_enabled=False,
                                   locale="en")
    page = context.new_page()
    t = create(page, live_server.url, ruleset="tisic", name="Bez skriptů", players=6,
               table_size=3)
    assert t.options == {}
    expect(page.locator("#rules-in-force")).to_contain_text("Every table plays the variant")
    context.close()


def test_1_house_rules_typed_for_the_shown_preset_are_kept_and_marked(
    live_server: Any, screen: Any
) -> None:
    page = screen.new_page()
    page.goto(live_server.url + "/t/new/")
    page.check("input[name=ruleset][value=tisic]")
    # the preset's own fields have come (the default preset's have a bid step too: a value
    # chosen before the swap lands would be swapped away)
    expect(page.locator("input[name=options_for]")).to_have_value("tisic")
    expect(page.locator("#id_opt_bid_step")).to_be_attached()
    expect(page.locator("#id_use_premium")).to_have_count(0)  # premium points are Mariáš's
    page.locator("details.options summary").click()
    page.select_option("#id_opt_bid_step", "5")
    t = create_after_typing(page, name="Tisíc s pětkami", players=6)
    assert t.options == {"bid_step": 5}
    box = page.locator("#rules-in-force")
    box.locator("summary").click()
    expect(box.locator("mark")).to_have_text(["5"])
    expect(box).to_contain_text("variant: 10")


def test_1_a_preset_tapped_before_htmx_arrived_gets_its_house_rules_when_it_does(
    live_server: Any, screen: Any
) -> None:
    # a quick thumb on a slow phone: the preset is chosen while htmx is still on its way
    page = screen.new_page()
    page.route(re.compile(r"htmx[^/]*\.js"), lambda route: route.abort())
    page.goto(live_server.url + "/t/new/")
    page.check("input[name=ruleset][value=tisic]")
    expect(page.locator("#id_opt_bid_step")).to_have_count(0)  # nothing swapped without htmx
    htmx = page.evaluate("document.querySelector('script[data-later]').dataset.later")
    page.unroute(re.compile(r"htmx[^/]*\.js"))
    page.evaluate("""(url) => { const s = document.createElement("script");
                                s.src = url; document.head.appendChild(s); }""",
                  htmx.split(" ")[0])
    expect(page.locator("#id_opt_bid_step")).to_be_attached()  # Tisíc's own house rules
    expect(page.locator("input[name=ruleset][value=tisic]")).to_be_checked()


def create_after_typing(page: Any, *, name: str, players: int) -> Tournament:
    page.fill("#id_name", name)
    page.fill("#id_rounds", "1")
    page.check("input[name=table_size][value='3']")
    page.fill("#id_players_text", "\n".join(NAMES[:players]))
    no_sideways_scroll(page)
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    return Tournament.objects.get(name=name)


# --------------------------------------------------------------------------- 2: one winner


def bk_deal(declarer: int, bid: int, melds: list[int], points: list[int]) -> dict[str, Any]:
    return {"type": "deal", "declarer": declarer, "bid": bid, "trump": "hearts",
            "melds": melds, "points": points}


def draw_and_start(page: Any, *, number: int = 1, seed: str = "7") -> None:
    if number == 1:
        page.fill("#seed-new", seed)
        page.get_by_role("button", name="Draw round 1").click()
    else:
        page.get_by_role("button", name="Draw the next round").click()
    page.get_by_role("button", name=f"Start round {number}").click()
    expect(page.locator(".messages")).to_contain_text(f"Round {number} started")


def test_2_the_standings_put_first_whom_the_table_sheet_names_the_winner(
    live_server: Any, screen: Any
) -> None:
    """Binokel: the declarer who reaches 100 wins though a defender has more (the sheet says
    "… wins: reached 100 as declarer"); the standings once placed the defender first."""
    page = screen.new_page()
    t = create(page, live_server.url, ruleset="binokel", name="Binokel", players=3,
               table_size=3)
    draw_and_start(page)
    tb = Table.objects.select_related("sheet").get(round__tournament=t)
    # seat 1 gets 95, seat 0 85, then seat 0 declares and reaches 100 (seat 1 ends on 105)
    play(tb, [bk_deal(1, 15, [0, 70, 0], [0, 25, 0]),
              bk_deal(0, 15, [60, 0, 0], [25, 0, 0]),
              bk_deal(0, 15, [0, 0, 0], [15, 10, 0])])
    winner = tb.sheet.players[0]
    page.goto(live_server.url + f"/s/{tb.sheet.edit_token}/")
    expect(page.locator("body")).to_contain_text(f"{winner} wins")
    page.goto(live_server.url + f"/t/{t.director_token}/")
    first = page.locator("table.standings tbody tr").first
    expect(first).to_contain_text(winner)
    expect(first.locator("td.num strong")).to_have_text("3")
    second = page.locator("table.standings tbody tr").nth(1)
    expect(second).to_contain_text(tb.sheet.players[1])
    expect(second.locator("td.num strong")).to_have_text("2")
    no_sideways_scroll(page)


# --------------------------------------------------------------------------- 3: stopped deal


def test_3_a_deal_stopped_by_a_renonc_is_a_deal_of_the_round(
    live_server: Any, screen: Any
) -> None:
    """docs/rules/marias.md#stopped-deal: "it is a deal of the round like any other"; the
    director's page once said "1 of 2" after two deals and signing was refused."""
    page = screen.new_page()
    t = create(page, live_server.url, ruleset="marias", name="Renonc", players=3,
               table_size=3, deals=2)
    draw_and_start(page)
    tb = Table.objects.select_related("sheet", "scorer").get(round__tournament=t)
    stopped = {"type": "renonc", "seat": 0, "kind": 1,
               "deal": {"declarer": 2, "game": "suit", "trump": "acorns", "announced": []}}
    play(tb, [deal_for(3, 0), stopped])
    page.reload()
    expect(page.locator("#table-1")).to_contain_text("2 of 2 deals")
    page.goto(live_server.url + f"/s/{tb.sheet.edit_token}/")
    page.get_by_role("link", name="Sign and close the table").click()
    expect(page.locator("body")).to_contain_text("2 of 2 deals")
    page.fill("#id_name", tb.scorer.name)
    page.check("#id_confirm")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Sign and close the table").click()
    expect(page.locator(".tournament-table")).to_contain_text("Closed and signed by")


# --------------------------------------------------------------------------- 4: printed sheets


def test_4_each_printed_table_sheet_carries_its_round_table_premium_points_and_big_games(
    live_server: Any, screen: Any
) -> None:
    """Seed 004 II.1: "Zapisovatel je povinen hry bodované 50 a více body zapsat na stolový
    lístek a je povinen se na stolový lístek čitelně podepsat". The appended sheets once showed
    premium points 0, a "Result" in crowns only, a "Winner" by money and no heading."""
    page = screen.new_page()
    t = create(page, live_server.url, ruleset="marias", name="Tisk", players=3, table_size=3,
               deals=2, premium=True)
    draw_and_start(page)
    tb = Table.objects.select_related("sheet", "scorer").get(round__tournament=t)
    play(tb, [{"type": "deal", "declarer": 1, "game": "durch", "result": "won"},
              deal_for(3, 1)])
    logic.close(tb, signed_name=tb.scorer.name)
    declarer = tb.sheet.players[1]
    page.reload()
    page.get_by_role("link", name="Results to print").click()
    page.get_by_role("link", name="Table 1").click()
    expect(page.locator(".table-heading")).to_have_text("Tisk — round 1, table 1")
    results = page.locator(".table-results")
    expect(results.locator("thead")).to_contain_text("Premium points")
    expect(results.locator("thead")).to_contain_text("Competition points")
    line = results.locator("tbody tr", has_text=declarer)
    expect(line.locator("td").nth(2)).to_have_text("60")  # durch: 60 premium points
    expect(page.locator("tr.flagged")).to_have_count(1)
    expect(page.locator("tr.flagged th.no")).to_contain_text("1")
    expect(page.locator(".flagged-list")).to_contain_text("row 1")
    expect(page.locator(".verdict")).to_have_count(0)  # no "Winner" by money
    expect(page.locator(".signature")).to_contain_text(tb.scorer.name)
    no_sideways_scroll(page)
    # the PDF appends the very same sheet
    response = page.request.get(live_server.url + f"/t/{t.director_token}/results.pdf",
                                timeout=120_000)
    assert response.status == 200
    text = pdf_text(response.body())
    assert "Tisk — round 1, table 1" in text
    assert "Competition points" in text and "row 1" in text


def pdf_text(data: bytes) -> str:
    import subprocess

    done = subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True)
    return done.stdout.decode("utf-8")


# --------------------------------------------------------------------------- 5: never wiped


DURCH = {"type": "deal", "declarer": 1, "game": "durch", "result": "won"}


def test_5_a_table_writing_never_wipes_what_the_director_is_typing(
    live_server: Any, screen: Any
) -> None:
    page = screen.new_page()
    t = create(page, live_server.url, ruleset="marias", name="Psaní", players=6, table_size=3,
               deals=2, premium=True)
    draw_and_start(page)
    one, two = Table.objects.select_related("sheet", "scorer").filter(
        round__tournament=t).order_by("number")
    play(one, [DURCH, deal_for(3, 1)])
    logic.close(one, signed_name=one.scorer.name)
    play(two, [DURCH])
    page.reload()
    # the director starts a reopen reason at table 1 and a review at table 2 ...
    reopen = page.locator("#table-1 details.reopen")
    reopen.locator("summary").click()
    reopen.locator("input[name=reason]").fill("Cyril counted the talon wrongly")
    review = page.locator("#table-2 form:has(input[name=note])")
    review.locator("input[name=winnable][value=no]").check()
    review.locator("input[name=note]").fill("Bohouš says the ace was")
    # ... while table 2 writes its next deal: the live part refreshes within seconds
    play(two, [deal_for(3, 1)])
    expect(page.locator("#table-2")).to_contain_text("2 of 2 deals", timeout=15_000)
    expect(page.locator("#table-2")).to_contain_text("waiting for the scorer's signature")
    expect(reopen).to_have_attribute("open", "")
    expect(reopen.locator("input[name=reason]")).to_have_value("Cyril counted the talon wrongly")
    expect(review.locator("input[name=winnable][value=no]")).to_be_checked()
    expect(review.locator("input[name=note]")).to_have_value("Bohouš says the ace was")
    no_sideways_scroll(page)
    # and what was typed is what is sent
    review.get_by_role("button", name="Mark reviewed").click()
    expect(page.locator(".messages")).to_contain_text("Marked as reviewed")
    assert two.reviews.get().note == "Bohouš says the ace was"


# --------------------------------------------------------------------------- 6: earlier rounds


def test_6_earlier_rounds_keep_their_sheets_reviews_and_reopening(
    live_server: Any, screen: Any
) -> None:
    page = screen.new_page()
    t = create(page, live_server.url, ruleset="marias", name="Dvě kola", players=3,
               table_size=3, rounds=2, deals=1, premium=True)
    draw_and_start(page)
    first = Table.objects.select_related("sheet", "scorer").get(round__tournament=t)
    play(first, [DURCH])
    logic.close(first, signed_name=first.scorer.name)
    page.reload()
    draw_and_start(page, number=2)
    earlier = page.locator("#round-1")
    expect(earlier).to_be_visible()
    earlier.locator("> summary").click()
    table = page.locator("#round-1-table-1")
    expect(table).to_contain_text("closed and signed")
    expect(table.get_by_role("link", name="Sheet")).to_have_attribute(
        "href", f"/s/{first.sheet.edit_token}/")
    # the referee reviews round 1's big game after round 2 started
    table.locator("input[name=winnable][value=yes]").check()
    table.get_by_role("button", name="Mark reviewed").click()
    expect(page.locator(".messages")).to_contain_text("Marked as reviewed")
    page.locator("#round-1 > summary").click()
    expect(page.locator("#round-1-table-1")).to_contain_text("could be won")
    # and reopens it: the reopened table is shown, not lost
    page.locator("#round-1-table-1 details.reopen summary").click()
    page.locator("#round-1-table-1 input[name=reason]").fill("The durch was lost")
    page.locator("#round-1-table-1").get_by_role("button", name="Reopen").click()
    expect(page.locator(".messages")).to_contain_text("open again")
    expect(page.locator("#round-1")).to_have_attribute("open", "")
    expect(page.locator("#round-1-table-1")).to_contain_text("waiting for the scorer's signature")
    no_sideways_scroll(page)


# --------------------------------------------------------------------------- 7: the referee


def premium_of(page: Any, name: str) -> Any:
    return page.locator("#t-live table.standings tbody tr", has_text=name).locator("td").nth(3)


def test_7_could_not_be_won_takes_the_points_and_the_referee_can_correct_it(
    live_server: Any, screen: Any
) -> None:
    """Seed 004 IV.6: "aktér dostane prémiové body pouze pokud rozhodčí rozhodne, že byla hra
    teoreticky vyhratelná"; the form says "No: no premium points"."""
    page = screen.new_page()
    t = create(page, live_server.url, ruleset="marias", name="Rozhodčí", players=3,
               table_size=3, deals=2, premium=True)
    draw_and_start(page)
    tb = Table.objects.select_related("sheet").get(round__tournament=t)
    play(tb, [DURCH, deal_for(3, 1)])
    declarer = tb.sheet.players[1]
    page.reload()
    expect(premium_of(page, declarer)).to_have_text("60")
    table = page.locator("#table-1")
    table.locator("input[name=winnable][value=no]").check()
    table.locator("input[name=note]").fill("The talon held both aces")
    table.get_by_role("button", name="Mark reviewed").click()
    expect(page.locator(".messages")).to_contain_text("Marked as reviewed")
    expect(page.locator("#table-1")).to_contain_text("could not be won: no premium points")
    expect(premium_of(page, declarer)).to_have_text("0")
    # the referee corrects it
    page.locator("#table-1 details.review-change > summary").click()
    form = page.locator("#table-1 details.review-change form")
    expect(form.locator("input[name=winnable][value=no]")).to_be_checked()
    expect(form.locator("input[name=note]")).to_have_value("The talon held both aces")
    form.locator("input[name=winnable][value=yes]").check()
    form.locator("input[name=note]").fill("Both aces were in hand after all")
    form.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#table-1")).to_contain_text("reviewed (could be won)")
    expect(premium_of(page, declarer)).to_have_text("60")
    history = page.locator("ul.history")
    expect(history).to_contain_text("row 1, could not be won")
    expect(history).to_contain_text("row 1, could be won (a correction)")
    no_sideways_scroll(page)


# --------------------------------------------------------------------------- 8: the draw


def sign_round(t: Tournament, number: int, entries: Any) -> None:
    for tb in Table.objects.select_related("sheet", "scorer").filter(
            round__tournament=t, round__number=number):
        play(tb, entries(tb))
        logic.close(tb, signed_name=tb.scorer.name)


def test_8_club_mates_apart_and_the_fewest_repeats_shown(live_server: Any, screen: Any) -> None:
    """Twelve at tables of four: round 3 once repeated 6 pairs for every seed, where 3 is the
    least the numbers force."""
    page = screen.new_page()
    page.goto(live_server.url + "/t/new/")
    page.fill("#id_name", "Kluby")
    page.check("input[name=ruleset][value=marias]")
    page.fill("#id_rounds", "3")
    page.check("input[name=table_size][value='4']")
    page.fill("#id_deals_per_round", "1")
    page.fill("#id_players_text", "\n".join(
        f"{n}, KM Brno" if i < 3 else f"{n}, Sokol Tišnov" if i < 6 else n
        for i, n in enumerate(NAMES[:12])))
    page.check("#id_separate_clubs")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    t = Tournament.objects.get(name="Kluby")
    expect(page.locator(".draw-method")).to_contain_text("club-mates apart in round 1")
    for number in (1, 2, 3):
        if number == 1:
            page.fill("#seed-new", "4")
            page.get_by_role("button", name="Draw round 1").click()
            expect(page.locator(".repeats")).to_have_text(
                "Round 1: nobody has sat together yet.")
            for tb in Table.objects.filter(round__tournament=t):
                clubs = [s.player.club for s in tb.seats.select_related("player")]
                assert clubs.count("KM Brno") == 1 and clubs.count("Sokol Tišnov") == 1
        else:
            page.get_by_role("button", name="Draw the next round").click()
            expect(page.locator(".repeats")).to_have_text(
                "3 pairs of players at these tables have sat together before.")
        no_sideways_scroll(page)
        page.get_by_role("button", name=f"Start round {number}").click()
        sign_round(t, number, lambda tb: [deal_for(4, 0)])
        page.reload()
    expect(page.locator("ul.history")).to_contain_text("Round drawn")


def test_8_winner_stays_second_moves_one_table_third_two(
    live_server: Any, screen: Any
) -> None:
    page = screen.new_page()
    page.goto(live_server.url + "/t/new/")
    page.fill("#id_name", "Stěhování")
    page.check("input[name=ruleset][value=marias]")
    page.fill("#id_rounds", "2")
    page.check("input[name=table_size][value='4']")
    page.fill("#id_deals_per_round", "1")
    page.fill("#id_players_text", "\n".join(NAMES[:16]))
    page.check("input[name=draw_method][value=move]")
    page.check("#id_use_premium")
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    t = Tournament.objects.get(name="Stěhování")
    expect(page.locator(".draw-method")).to_contain_text("the winner of each table stays")
    draw_and_start(page)
    sign_round(t, 1, lambda tb: [DURCH])  # seat 2 wins a durch at every table
    winners = {tb.number: tb.sheet.players[1] for tb in Table.objects.filter(
        round__tournament=t, round__number=1).select_related("sheet")}
    page.reload()
    page.get_by_role("button", name="Draw the next round").click()
    expect(page.locator(".repeats")).to_have_text(
        "0 pairs of players at these tables have sat together before.")
    for number, name in winners.items():
        expect(page.locator(".t-table").nth(number - 1)).to_contain_text(name)
    no_sideways_scroll(page)


# --------------------------------------------------------------------------- 9: stale tabs


def test_9_a_stale_tab_is_refused_and_told_what_is_new(
    live_server: Any, screen: Any, chromium: Any
) -> None:
    """A swap from a stale tab was once applied to a re-drawn arrangement with a success
    message, and "Start round 1" on a stale tab started a draw the director never saw."""
    page = screen.new_page()
    t = create(page, live_server.url, ruleset="marias", name="Dvě okna", players=8,
               table_size=4, deals=1)
    page.fill("#seed-new", "11")
    page.get_by_role("button", name="Draw round 1").click()
    # a second tab, without scripts (it does not refresh itself), shows this draw
    old = chromium.new_context(viewport=page.viewport_size, java_script_enabled=False,
                               locale="en")
    stale_tab = old.new_page()
    stale_tab.goto(live_server.url + f"/t/{t.director_token}/")
    expect(stale_tab.locator(".seed")).to_have_text("11")
    # the first tab draws again
    page.fill("#seed-again", "12")
    page.get_by_role("button", name="Draw again").click()
    expect(page.locator(".seed")).to_have_text("12")
    drawn = list(Table.objects.filter(round__tournament=t).order_by("number").values_list(
        "seats__player__name", flat=True))
    # the stale tab swaps, then starts: both refused, nothing changed
    stale_tab.select_option("#id_first", index=0)
    stale_tab.select_option("#id_second", index=7)
    stale_tab.get_by_role("button", name="Swap", exact=True).click()
    message = stale_tab.locator(".messages")
    expect(message).to_contain_text("The tournament changed since this page was shown, so "
                                     "nothing was done. What is new: round 1: Round drawn.")
    assert list(Table.objects.filter(round__tournament=t).order_by("number").values_list(
        "seats__player__name", flat=True)) == drawn
    expect(stale_tab.locator(".seed")).to_have_text("12")  # and it shows the new draw
    page.get_by_role("button", name="Draw again").click()  # the other tab: seed by lot
    stale_tab.get_by_role("button", name="Start round 1").click()
    expect(stale_tab.locator(".messages")).to_contain_text("The tournament changed")
    assert not t.round_set.filter(started__isnull=False).exists()
    no_sideways_scroll(stale_tab)
    # a tab that refreshed itself acts on what it shows
    page.reload()
    page.get_by_role("button", name="Start round 1").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 started")
    tb = Table.objects.select_related("sheet", "scorer").filter(round__tournament=t).first()
    play(tb, [deal_for(4, 0)])
    logic.close(tb, signed_name=tb.scorer.name)  # the tournament changes elsewhere ...
    expect(page.locator("#table-1")).to_contain_text("closed and signed", timeout=15_000)
    page.locator("#table-1 details.reopen summary").click()
    page.locator("#table-1 input[name=reason]").fill("A row was missed")
    page.locator("#table-1").get_by_role("button", name="Reopen").click()
    expect(page.locator(".messages")).to_contain_text("Table 1 is open again.")
    old.close()


# --------------------------------------------------------------------------- 10: come and go


def test_10_late_arrival_withdrawal_and_a_name_corrected_each_in_the_history(
    live_server: Any, screen: Any
) -> None:
    page = screen.new_page()
    t = create(page, live_server.url, ruleset="marias", name="Příchody", players=6,
               table_size=3, rounds=3, deals=1)  # two tables of three
    draw_and_start(page)
    bye = t.players.get(name="Bohouš")  # he leaves after round 1
    sign_round(t, 1, lambda tb: [deal_for(3, 0)])
    page.reload()
    admin = page.locator("#players-admin")
    admin.locator("summary").click()
    # a late arrival (spaces typed twice are one), a withdrawal, a name corrected
    admin.locator("#arrive-form input[name=name]").fill("  Zdeněk   Nový ")
    admin.locator("#arrive-form input[name=club]").fill("KM Brno")
    admin.get_by_role("button", name="Add the player").click()
    expect(page.locator(".messages")).to_contain_text(
        "Zdeněk Nový joins the tournament: seated from the next draw.")
    page.locator("#players-admin summary").click()
    page.select_option("#withdraw-player", label=bye.name)
    page.get_by_role("button", name="Withdraw the player").click()
    expect(page.locator(".messages")).to_contain_text(f"{bye.name} has withdrawn")
    page.locator("#players-admin summary").click()
    page.select_option("#rename-player", label="Anna")
    page.fill("#rename_name", "Anna Malá")
    page.get_by_role("button", name="Correct the name").click()
    expect(page.locator(".messages")).to_contain_text("Anna is now Anna Malá.")
    # the same name again (spacing and case aside) is refused
    page.locator("#players-admin summary").click()
    page.locator("#arrive-form input[name=name]").fill("anna  malá")
    page.get_by_role("button", name="Add the player").click()
    expect(page.locator(".messages")).to_contain_text("is on the list twice")
    history = page.locator("ul.history")
    expect(history).to_contain_text("A player arrived late: Zdeněk Nový")
    expect(history).to_contain_text(f"A player withdrew: {bye.name}")
    expect(history).to_contain_text("A name was corrected: Anna → Anna Malá")
    # round 2: the newcomer is seated, the one who left is not, and gets no bye points
    page.get_by_role("button", name="Draw the next round").click()
    live = page.locator("#t-live")
    expect(live.locator(".t-tables")).to_contain_text("Zdeněk Nový")
    expect(live.locator(".t-tables")).not_to_contain_text(bye.name)
    expect(live).not_to_contain_text("Bye this round")  # 6 - 1 + 1: two tables of three
    page.get_by_role("button", name="Start round 2").click()
    sign_round(t, 2, lambda tb: [deal_for(3, 0)])
    page.reload()
    line = page.locator("table.standings tbody tr", has_text=bye.name)
    expect(line).to_contain_text("withdrew")
    expect(line.locator("td").nth(-1)).to_have_text("–")  # round 2: not played, no bye
    no_sideways_scroll(page)


# --------------------------------------------------------------------------- 11: round length


def test_11_a_deal_beyond_the_rounds_count_is_refused(live_server: Any, screen: Any) -> None:
    page = screen.new_page()
    t = create(page, live_server.url, ruleset="marias", name="Délka", players=3,
               table_size=3, deals=2)
    draw_and_start(page)
    tb = Table.objects.select_related("sheet").get(round__tournament=t)
    play(tb, [deal_for(3, 0)])
    page.goto(live_server.url + f"/s/{tb.sheet.edit_token}/")
    expect(page.locator(".round-deals")).to_have_text("1 of 2 deals")
    play(tb, [deal_for(3, 1)])
    page.reload()
    expect(page.locator(".round-deals")).to_have_text(
        "All 2 deals of the round are written: the table plays no more in this round.")
    page.get_by_role("link", name="+ Deal").click()
    page.check("#id_declarer_1")
    page.check("#id_trump_1")
    page.check("#id_card_points_6")
    page.get_by_role("button", name="Write it down").click()
    expect(page.locator(".alert.error")).to_contain_text(
        "This round has 2 deals and all of them are written")
    no_sideways_scroll(page)
    tb.sheet.refresh_from_db()
    assert tb.sheet.entries.count() == 2
    page.goto(live_server.url + f"/t/{t.director_token}/")
    expect(page.locator("#table-1")).to_contain_text("2 of 2 deals")
    expect(page.locator("body")).not_to_contain_text("3 of 2 deals")


# --------------------------------------------------------------------------- 12: seating


def test_12_who_sits_where_as_soon_as_the_round_is_drawn(
    live_server: Any, screen: Any, chromium: Any
) -> None:
    page = screen.new_page()
    t = create(page, live_server.url, ruleset="marias", name="Kde sedím", players=7,
               table_size=3, deals=1)
    page.fill("#seed-new", "5")
    page.get_by_role("button", name="Draw round 1").click()
    seats = {s.player.name: (s.table.number if s.table else None, (s.position or 0) + 1)
             for s in t.round_set.get().seats.select_related("player", "table")}
    expected = [f"{name} " + (f"table {tb}, seat {seat}" if tb else "bye")
                for name, (tb, seat) in sorted(seats.items(), key=lambda kv: kv[0].casefold())]
    # a player's phone, before the round starts
    phone_context = chromium.new_context(viewport=SIZES["phone"], locale="en")
    phone = phone_context.new_page()
    phone.goto(live_server.url + f"/tv/{t.view_token}/")
    box = phone.locator("#seating-box")
    expect(box).to_have_attribute("open", "")
    expect(box.locator("li")).to_have_text(expected)
    no_sideways_scroll(phone)
    # the wall
    wall_context = chromium.new_context(viewport=SIZES["desk"], locale="en")
    wall = wall_context.new_page()
    wall.goto(live_server.url + f"/tv/{t.view_token}/wall/")
    expect(wall.locator(".wall-seating li")).to_have_text(expected)
    # printable
    page.get_by_role("link", name="Who sits where (to print)").click()
    expect(page.locator("h2")).to_have_text("Round 1: who sits where")
    expect(page.locator("#seating li")).to_have_text(expected)
    no_sideways_scroll(page)
    phone_context.close()
    wall_context.close()


# --------------------------------------------------------------------------- 13: the wall


FORTY = [f"{first} {last}" for last in ("Novák", "Svoboda", "Dvořák", "Černý")
         for first in ("Jan", "Petr", "Josef", "Pavel", "Jiří", "Martin", "Tomáš", "Jaroslav",
                       "Miroslav", "Zdeněk")]


def fits(page: Any) -> None:
    size = page.evaluate("[document.scrollingElement.scrollWidth,"
                         " document.scrollingElement.scrollHeight]")
    assert size[0] <= page.viewport_size["width"], f"{size[0]}px wide"
    assert size[1] <= page.viewport_size["height"], f"{size[1]}px high"


def test_13_forty_players_fit_the_wall_with_a_clock_and_final(
    live_server: Any, chromium: Any
) -> None:
    desk = chromium.new_context(viewport=SIZES["desk"], locale="en")
    director = desk.new_page()
    director.goto(live_server.url + "/t/new/")
    director.fill("#id_name", "Velký večer")
    director.check("input[name=ruleset][value=marias]")
    director.fill("#id_rounds", "1")
    director.check("input[name=table_size][value='4']")
    director.fill("#id_deals_per_round", "1")
    director.fill("#id_players_text", "\n".join(f"{n}, KM Brno" for n in FORTY))
    director.get_by_role("button", name="Create the tournament").click()
    director.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    t = Tournament.objects.get(name="Velký večer")
    wall = desk.new_page()
    wall.goto(live_server.url + f"/tv/{t.view_token}/wall/")
    fits(wall)
    director.fill("#seed-new", "40")
    director.get_by_role("button", name="Draw round 1").click()
    expect(wall.locator(".wall-seating li")).to_have_count(40, timeout=10_000)
    fits(wall)
    director.get_by_role("button", name="Start round 1").click()
    director.fill("#clock-minutes", "45")
    director.get_by_role("button", name="Start the clock").click()
    expect(director.locator(".clock-state")).to_contain_text("The round clock runs until")
    expect(wall.locator(".wall-tables li")).to_have_count(10, timeout=10_000)
    expect(wall.locator(".wall-clock .clock-left")).to_have_text(
        re.compile(r"^(45:00|44:[0-5]\d)$"))
    label = wall.locator(".wall-tables li strong").first
    assert float(label.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 32
    expect(wall.locator("table.standings tbody tr")).to_have_count(40)
    fits(wall)
    sign_round(t, 1, lambda tb: [deal_for(4, 0)])
    expect(wall.locator(".wall-standings h2")).to_have_text("Final standings", timeout=10_000)
    expect(wall.locator(".wall-clock")).to_have_count(0)
    fits(wall)
    # the same wall on a phone: nothing wider than the screen
    phone = chromium.new_context(viewport=SIZES["phone"], locale="en").new_page()
    phone.goto(live_server.url + f"/tv/{t.view_token}/wall/")
    no_sideways_scroll(phone)
    phone.goto(live_server.url + "/t/new/")
    no_sideways_scroll(phone)
    phone.context.close()
    desk.close()


# --------------------------------------------------------------------------- a club night


def test_14_a_club_night_closes_late_tables_ranks_only_who_played_swaps_safely_and_imports(
    live_server: Any, screen: Any, tmp_path: Any
) -> None:
    page = screen.new_page()
    t = create(page, live_server.url, ruleset="marias", name="Klubový večer", players=8,
               table_size=4, rounds=2, deals=2)
    draw_and_start(page)
    admin = page.locator("#players-admin")
    # a late arrival during round 1: listed apart, with no rank and no points
    admin.locator("summary").click()
    admin.locator("#arrive-form input[name=name]").fill("Zdena")
    admin.get_by_role("button", name="Add the player").click()
    expect(page.locator(".messages")).to_contain_text("Zdena joins the tournament")
    expect(page.locator("p.apart")).to_contain_text(
        "No deal played yet, so no rank and no points: Zdena")
    expect(page.locator("table.standings")).not_to_contain_text("Zdena")
    # table 1 plays its round and signs; table 2 has one of two deals when the time is up
    first, second = Table.objects.select_related("sheet", "scorer").filter(
        round__tournament=t).order_by("number")
    play(first, [deal_for(4, 0), deal_for(4, 1)])
    logic.close(first, signed_name=first.scorer.name)
    play(second, [deal_for(4, 0)])
    page.reload()
    table2 = page.locator("#table-2")
    table2.locator("details.close-as-it-stands summary").click()
    table2.locator("input[name=reason]").fill("time is up")
    table2.get_by_role("button", name="Close this table as it stands").click()
    expect(page.locator(".messages")).to_contain_text("Table 2 is closed as it stands")
    expect(page.locator("#table-2 .state")).to_have_text("closed by the director as it stood")
    expect(page.locator("ul.history")).to_contain_text(
        "Table closed by the director as it stood (1 deal played): “time is up”")
    # a name corrected after round 1's sheets were written
    page.locator("#players-admin summary").click()
    page.select_option("#rename-player", label="Anna")
    page.fill("#rename_name", "Anna Malá")
    page.get_by_role("button", name="Correct the name").click()
    expect(page.locator(".messages")).to_contain_text("Anna is now Anna Malá.")
    # round 2 is drawn; then a drawn player leaves: the swap no longer offers him
    page.get_by_role("button", name="Draw the next round").click()
    expect(page.get_by_role("button", name="Start round 2")).to_be_visible()
    gone = t.players.get(name="Bohouš")
    page.locator("#players-admin summary").click()
    page.select_option("#withdraw-player", label=gone.name)
    page.get_by_role("button", name="Withdraw the player").click()
    expect(page.locator(".messages")).to_contain_text(f"{gone.name} has withdrawn")
    swap_first = page.locator("select[name=first] option")
    expect(swap_first.filter(has_text="Zdena")).to_have_count(1)  # seated now
    expect(swap_first.filter(has_text=gone.name)).to_have_count(0)
    no_sideways_scroll(page)
    # the evening's file imports back, old names on the old sheets and all
    data = page.request.get(live_server.url + f"/t/{t.director_token}/tournament.json").body()
    backup = tmp_path / "klubovy-vecer.json"
    backup.write_bytes(data)
    page.goto(live_server.url + "/t/import/")
    page.set_input_files("input[type=file]", str(backup))
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".messages")).to_contain_text("Tournament imported.")
    copy = Tournament.objects.exclude(pk=t.pk).get()
    assert logic.export(copy)["round_list"] == logic.export(t)["round_list"]


def test_15_a_twelve_player_wall_with_its_clock_fits_a_phone(
    live_server: Any, chromium: Any
) -> None:
    t = logic.create_tournament(
        name="Páteční mariáš u Zlatého tygra", ruleset="marias", options={}, rounds=3,
        table_size=4, deals_per_round=8, premium={},
        players=[logic.NewPlayer(name=n + " Marešová-Nováková"[: 40 - len(n)], club="KM Brno")
                 for n in NAMES[:12]])
    r = logic.draw(t, seed=12)
    logic.start(r)
    logic.start_clock(r, 45)
    for tb in r.tables.select_related("sheet"):
        play(tb, [deal_for(4, 0, card_points=30), deal_for(4, 1)])
    phone = chromium.new_context(viewport=SIZES["phone"], locale="en").new_page()
    phone.goto(live_server.url + f"/tv/{t.view_token}/wall/")
    expect(phone.locator(".wall-clock .clock-left")).to_be_visible()
    widest = phone.evaluate(
        "Math.max(...[...document.querySelectorAll('body *')].map("
        "e => e.getBoundingClientRect().right))")
    over = phone.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right"
        " > 360).map(e => e.tagName + '.' + e.className + ':' + e.getBoundingClientRect().right"
        " + ':' + getComputedStyle(e).overflow).slice(0, 12)")
    assert widest <= 360, f"something ends at {widest}px: {over}"
    no_sideways_scroll(phone)
    for tb in r.tables.select_related("sheet", "scorer"):
        play(tb, [deal_for(4, i) for i in range(2, 8)])
        logic.close(tb, signed_name=tb.scorer.name)
    phone.reload()
    no_sideways_scroll(phone)
    phone.context.close()


def test_15_another_game_on_the_new_tournament_form_brings_its_own_tables_and_deals(
    live_server: Any, screen: Any
) -> None:
    page = screen.new_page()
    page.goto(live_server.url + "/t/new/")
    page.check("input[name=ruleset][value=marias]")
    page.check("input[name=table_size][value='4']")
    page.fill("#id_deals_per_round", "8")
    page.fill("#id_rounds", "2")
    page.check("input[name=ruleset][value=binokel]")
    # Binokel is played at three, each round to the end of the game: nothing of Mariáš stays
    expect(page.locator("input[name=table_size][value='3']")).to_be_checked()
    expect(page.locator("#id_deals_per_round")).to_have_value("")
    expect(page.locator("#id_rounds")).to_have_value("2")  # what is not the game's stays
    page.fill("#id_name", "Binokel u Krone")
    page.fill("#id_players_text", "\n".join(NAMES[:6]))
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    t = Tournament.objects.get(name="Binokel u Krone")
    assert (t.table_size, t.deals_per_round, t.rounds) == (3, None, 2)
    no_sideways_scroll(page)
