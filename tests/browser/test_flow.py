"""A table's evening in a real browser at phone size: start, play to the end, correct, watch."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SUITS = ("hearts", "diamonds", "clubs", "spades")  # the order of the marriage buttons


def start_sheet(page: Any, base: str, shot: Any) -> None:
    """Start a ru sheet for Anna, Boris, Vera (Anna deals), target 300, no barrel."""
    page.goto(base + "/")
    page.get_by_role("link", name="+ New sheet").click()
    page.fill("#id_player_0", "Anna")
    page.fill("#id_player_1", "Boris")
    page.fill("#id_player_2", "Vera")
    page.check("#id_first_dealer_0")
    shot(page, "01-new-sheet")
    page.locator("details.options summary").click()
    page.fill("#id_opt_target", "300")
    page.select_option("#id_opt_barrel_at", "0")
    page.locator("#id_opt_barrel_at").scroll_into_view_if_needed()
    shot(page, "01-house-rules")
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))


def enter_deal(
    page: Any,
    shot: Any,
    *,
    declarer: int,
    contract: int,
    points: dict[int, int],
    marriages: dict[int, list[str]] | None = None,
    preview: str,
    name: str = "",
    filled: tuple[int, int] | None = None,
) -> None:
    """Tap "+ Deal", the declarer, type the contract and all but one player's points."""
    page.get_by_role("link", name="+ Deal").click()
    page.check(f"#id_declarer_{declarer}")
    page.fill("#id_contract", str(contract))
    for seat, value in points.items():
        page.fill(f"#id_points_{seat}", str(value))
    for seat, suits in (marriages or {}).items():
        for suit in suits:
            page.check(f"#id_marriages_{seat}_{SUITS.index(suit)}")
    page.locator("#preview").get_by_text(preview).wait_for()
    if filled:  # the empty input shows the rest of the deal's card points
        expect(page.locator(f"#fill-{filled[0]}")).to_have_text(str(filled[1]))
    if name:
        shot(page, name, full_page=True)
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/#e\d+$"))


def totals(page: Any) -> str:
    return " ".join(page.locator("tfoot td").all_inner_texts())


def test_a_whole_game_is_entered_corrected_and_watched(
    live_server: Any, phone: Any, second_phone: Any, shot: Any
) -> None:
    page = phone.new_page()
    start_sheet(page, live_server.url, shot)
    assert page.locator("thead .name").all_inner_texts() == ["Anna", "Boris", "Vera"]

    # 1. Anna deals; Boris plays 120 with 75 + hearts 100: made.  Vera's 15 is filled in.
    enter_deal(page, shot, declarer=1, contract=120, points={0: 30, 1: 75},
               marriages={1: ["hearts"]}, preview="Boris makes 120 with 175: +120",
               name="02-deal-form-preview", filled=(2, 15))
    assert totals(page) == "30 120 15"
    # 2. Boris deals; Vera holds 100 and takes 60: failed, -100.
    enter_deal(page, shot, declarer=2, contract=100, points={0: 40, 1: 20},
               preview="Vera fails 100 with 60: -100")
    assert totals(page) == "70 140 -85"
    # 3. Vera deals; Anna holds 100 with 70 + diamonds 80; Boris 43 is written 45, Vera 7 -> 5.
    enter_deal(page, shot, declarer=0, contract=100, points={0: 70, 1: 43},
               marriages={0: ["diamonds"]}, preview="Boris 43 -> 45")
    assert totals(page) == "170 185 -80"
    assert "round-end" in (page.locator("#e2").get_attribute("class") or "")
    shot(page, "03-sheet-after-a-round")

    # The other phone opens the read-only link from the share page.
    page.get_by_role("link", name="Share").click()
    view_url = page.locator(".share .url a").first.inner_text()
    shot(page, "04-share", full_page=True)
    page.go_back()
    watcher = second_phone.new_page()
    watcher.goto(view_url)
    assert totals(watcher) == "170 185 -80"
    watcher.evaluate("window.notReloaded = true")

    # 4. Anna deals; Boris plays 120 and makes it: 185 + 120 = 305 >= 300, he wins.
    enter_deal(page, shot, declarer=1, contract=120, points={0: 30, 1: 75},
               marriages={1: ["hearts"]}, preview="Boris makes 120 with 175: +120")
    banner = page.locator(".banner")
    assert "Boris wins: reached 300 as declarer" in banner.inner_text()
    assert totals(page) == "200 305 -65"
    assert page.get_by_role("link", name="+ Deal").count() == 0
    shot(page, "05-game-over", full_page=True)
    watcher.locator(".banner").wait_for(timeout=8_000)  # arrives by polling, no reload
    # only the new row came (out of band), appended once, with the totals under it
    assert watcher.locator("#live table.sheet > tbody > tr").count() == 4
    assert watcher.locator("#e3 td.cell .total").all_inner_texts() == ["200", "305", "-65"]
    expect(watcher.locator("tfoot")).to_contain_text("305")

    # Correct row 2: Anna took 35 and Boris 25 (Vera 60 as before).
    page.locator("#e1 th.no a").click()
    page.fill("#id_points_0", "35")
    page.fill("#id_points_1", "25")
    page.locator("#preview").get_by_text("Totals at the end of the sheet").wait_for()
    assert "Boris 305 → 310" in page.locator("#preview").inner_text()
    shot(page, "06-correct-row")
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_url(re.compile(r"#e1$"))
    # Rows 3 and 4 are replayed on top: Anna 35 + 100 + 30 = 165 + 30; Boris 25 + 45 + 120.
    assert totals(page) == "195 310 -65"
    assert page.locator("#e1 td.cell .total").all_inner_texts() == ["65", "145", "-85"]

    # The watcher sees the corrected totals within a few seconds, without reloading.
    expect(watcher.locator("tfoot")).to_contain_text("195", timeout=8_000)
    assert totals(watcher) == "195 310 -65"
    assert watcher.locator("#e1 td.cell .total").all_inner_texts() == ["65", "145", "-85"]
    assert watcher.locator("#live table.sheet > tbody > tr").count() == 4
    assert watcher.evaluate("window.notReloaded") is True
    assert watcher.locator("a[href*='/edit/']").count() == 0
    shot(watcher, "07-watcher", full_page=True)

    # The history of row 2 shows both versions.
    page.locator("#e1 th.no a").click()
    page.get_by_role("link", name="History of this row").click()
    history = page.locator(".history").inner_text()
    assert "corrected" in history and "40/20/60" in history and "35/25/60" in history
    shot(page, "08-history")

    # The home page lists the sheet among the finished ones on this phone.
    page.get_by_role("link", name="Lístek").click()
    finished = page.locator("section.finished")
    assert "Anna · Boris · Vera" in finished.inner_text()
    shot(page, "10-home")


def test_undo_in_the_browser_and_a_conflict_between_two_phones(
    live_server: Any, phone: Any, second_phone: Any, shot: Any
) -> None:
    page = phone.new_page()
    start_sheet(page, live_server.url, shot)
    edit_url = page.url
    enter_deal(page, shot, declarer=1, contract=120, points={0: 30, 1: 75},
               marriages={1: ["hearts"]}, preview="Boris makes 120 with 175: +120")
    # A second keeper opens the deal form, then the first phone writes row 2 meanwhile.
    other = second_phone.new_page()
    other.goto(edit_url)
    other.get_by_role("link", name="+ Deal").click()
    enter_deal(page, shot, declarer=2, contract=100, points={0: 40, 1: 20},
               preview="Vera fails 100 with 60: -100")
    other.check("#id_declarer_2")
    other.fill("#id_contract", "100")
    other.fill("#id_points_0", "40")
    other.fill("#id_points_1", "20")
    other.get_by_text("Another phone changed the sheet meanwhile").wait_for()
    other.get_by_role("button", name="Write it down").click()
    # both keepers typed the same deal: the second one is told where it already is
    other.get_by_text("Already written as row 2").wait_for()
    shot(other, "09-conflict", full_page=True)
    assert totals(page) == "70 140 -85"

    page.get_by_role("button", name="Undo").click()
    page.get_by_text("Undone: row 2 (Deal).").wait_for()
    assert totals(page) == "30 120 15"
    page.get_by_role("button", name="Redo").click()
    page.get_by_text("Redone: row 2 (Deal).").wait_for()
    assert totals(page) == "70 140 -85"


def test_the_sheet_works_without_javascript(live_server: Any, chromium: Any, shot: Any) -> None:
    context = chromium.new_context(viewport={"width": 360, "height": 740},
                                   java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/new/?ruleset=tisic")
        assert page.locator("#id_opt_revoke").count() == 1
        page.fill("#id_player_0", "Anna")
        page.fill("#id_player_1", "Boris")
        page.fill("#id_player_2", "Vera")
        page.get_by_role("button", name="Start the sheet").click()
        page.get_by_role("link", name="+ Deal").click()
        # tisic: Boris holds the obligation of 50 after Anna's deal; clubs are worth 100.
        page.check("#id_declarer_1")
        page.fill("#id_contract", "120")
        page.fill("#id_points_0", "30")
        page.fill("#id_points_1", "75")
        page.check("#id_marriages_1_2")
        page.get_by_role("button", name="Write it down").click()
        assert totals(page) == "30 120 20"  # Vera's 15 is the rest of 120, to tens: 20
        page.get_by_role("button", name="Undo").click()
        assert page.locator("tbody tr.empty").count() == 1
    finally:
        context.close()
