"""Czech Tisíc in a real browser at 360 px: the form and the sheet name who has the obligation
(seed 000: "po pravé ruce má povinnost"), and typing the obligation picks him as the declarer.

1. Jana deals; Petr, on her right, has the obligation and plays 50 with 50: +50.  Jana 30, Karel
   40.  Totals 30 / 40 / 50.  Petr deals next ("Hráč který měl povinnost míchá a rozdává").
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_typing_the_obligation_picks_its_holder_on_a_phone(
    live_server: Any, phone: Any, shot: Any
) -> None:
    page = phone.new_page()
    page.goto(live_server.url + "/new/?ruleset=tisic")
    page.fill("#id_player_0", "Jana")
    page.fill("#id_player_1", "Karel")
    page.fill("#id_player_2", "Petr")
    page.check("#id_first_dealer_0")
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))
    assert page.locator("thead .holder-next").count() == 1
    expect(page.locator("thead th.player").nth(2).locator(".holder-next")).to_have_text("oblig.")

    page.get_by_role("link", name="+ Deal").click()
    expect(page.locator("#holder-line")).to_have_text(
        "Petr has the obligation this deal: 50 unless somebody bids more.")
    expect(page.locator("#id_declarer_2")).not_to_be_checked()
    page.locator("#id_contract").tap()
    page.fill("#id_contract", "50")
    expect(page.locator("#id_declarer_2")).to_be_checked()
    page.fill("#id_points_0", "30")
    page.fill("#id_points_1", "40")
    page.locator("#preview").get_by_text("Petr makes 50 with 50: +50").wait_for()
    assert no_sideways_scroll(page)
    shot(page, "tisic-obligation-form", full_page=True)
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/#e\d+$"))

    assert " ".join(page.locator("tfoot td").all_inner_texts()) == "30 40 50"
    expect(page.locator("#e0 td.cell").nth(2).locator(".m-obligation")).to_have_count(1)
    # Petr deals next; Karel, on his right, has the obligation
    expect(page.locator("thead th.player").nth(2).locator(".dealer-next")).to_have_count(1)
    expect(page.locator("thead th.player").nth(1).locator(".holder-next")).to_have_count(1)
    assert no_sideways_scroll(page)
    shot(page, "tisic-obligation-sheet", full_page=True)
