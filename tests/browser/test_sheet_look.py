"""The sheet and its pages as a player sees them at 360 x 740: the dark theme, readable per-deal
numbers, the legend, colours that do not lie, who played, the rematch, the sticky bar, sharing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from scoresheet.sheets.models import Sheet
from tests.conftest import deal
from tests.sheets.helpers import THREE_DEALS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIN = deal(1, 120, [30, 75, 15], {1: ["hearts"]})  # Boris makes 120 (+120); twice: 240 >= 200


def rgb(page: Any, selector: str, prop: str = "color") -> tuple[int, ...]:
    value = page.eval_on_selector(selector, f"e => getComputedStyle(e)['{prop}']")
    return tuple(int(v) for v in re.findall(r"\d+", value)[:3])


def luminance(colour: tuple[int, ...]) -> float:
    def channel(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_dark_theme_follows_the_phone_and_the_toggle_is_remembered(
    live_server: Any, chromium: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    context = chromium.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                   has_touch=True, locale="en", color_scheme="dark")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if "Content Security" in m.text
                else None)
        page.goto(f"{live_server.url}/s/{sheet.edit_token}/")
        dark_paper = rgb(page, "body", "backgroundColor")
        assert luminance(dark_paper) < 0.05  # the phone says dark: the page is dark
        assert contrast(rgb(page, "body"), dark_paper) >= 7
        # the per-deal +/- numbers: bigger than 12 px and readable on the sheet's paper
        size = page.eval_on_selector("#live tbody td.cell .delta",
                                     "e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 13.5
        paper = rgb(page, ".table-wrap", "backgroundColor")
        for delta in (".delta.up", ".delta.down"):
            assert contrast(rgb(page, f"#live {delta}"), paper) >= 4.5, delta

        page.get_by_role("link", name="Light theme").click()  # the toggle in the bar
        page.wait_for_url(re.compile(rf"/s/{sheet.edit_token}/$"))
        assert luminance(rgb(page, "body", "backgroundColor")) > 0.8
        page.goto(f"{live_server.url}/")  # remembered on every page
        assert luminance(rgb(page, "body", "backgroundColor")) > 0.8
        expect(page.get_by_role("link", name="Dark theme")).to_be_visible()
        expect(page.get_by_role("link", name="Light theme")).to_be_hidden()
        assert not errors  # nothing was refused by the Content-Security-Policy
    finally:
        context.close()


def test_the_light_theme_numbers_are_readable(live_server: Any, phone: Any,
                                              make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/")
    assert luminance(rgb(page, "body", "backgroundColor")) > 0.8
    # the sheet's head and foot are on their light paper (not see-through)
    for part in ("#live thead th", "#live tfoot td"):
        assert page.eval_on_selector(part, "e => getComputedStyle(e).backgroundColor") not in (
            "rgba(0, 0, 0, 0)", "transparent"), part
        assert luminance(rgb(page, part, "backgroundColor")) > 0.75, part
    paper = rgb(page, ".table-wrap", "backgroundColor")
    size = page.eval_on_selector("#live .delta", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 13.5
    for delta in (".delta.up", ".delta.down"):
        assert contrast(rgb(page, f"#live {delta}"), paper) >= 4.5, delta
    # the form's strip marks the dealer in words, never with the leader's green on a total
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/entries/new/deal/")
    green = rgb(page, ".totals-strip .deals small")
    assert rgb(page, ".totals-strip .deals b") != green


def test_the_sheet_explains_itself_and_offers_a_rematch_after_the_game(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(options={"target": 200, "barrel_at": 0}, entries=[WIN])
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/")
    expect(page.locator("#live .legend")).to_contain_text("dealt this row")
    expect(page.locator("#live tbody td.contract").first).to_contain_text("Boris")
    # row 2 is the winning one; the form is still open on the phone and it is sent
    page.get_by_role("link", name="+ Deal").click()
    page.check("#id_declarer_1")
    page.fill("#id_contract", "120")
    page.fill("#id_points_0", "30")
    page.fill("#id_points_1", "75")
    page.check("#id_marriages_1_0")
    page.get_by_role("button", name="Write it down").click()
    expect(page.locator(".banner")).to_contain_text("Game over")
    expect(page.get_by_role("link", name="+ Deal")).to_have_count(0)
    expect(page.locator("form.entry")).to_have_count(0)
    # the back button brings no form to write on either
    page.go_back()
    expect(page.locator("form.entry")).to_have_count(0)
    expect(page.locator("main")).to_contain_text("The game is over")

    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))
    new = Sheet.objects.exclude(pk=sheet.pk).get()
    assert page.url.endswith(f"/s/{new.edit_token}/")
    assert new.players == ["Anna", "Boris", "Vera"] and new.options == sheet.options
    expect(page.locator("thead th.deals-next")).to_contain_text("Vera")  # Anna, Boris dealt
    expect(page.get_by_role("link", name="+ Deal")).to_be_visible()


COVERED = """() => {
  const bar = document.querySelector(".submit").getBoundingClientRect();
  const hidden = [];
  document.querySelectorAll("form.entry .seat-row, form.entry .seat-row input").forEach(e => {
    const r = e.getBoundingClientRect();
    const overlap = Math.min(r.bottom, bar.bottom, innerHeight) - Math.max(r.top, bar.top, 0);
    if (overlap > 0 && Math.min(r.right, bar.right) > Math.max(r.left, bar.left)) {
      hidden.push(e.id || e.querySelector(".seat-name")?.textContent.trim());
    }
  });
  return hidden;
}"""


@pytest.mark.parametrize("players", [["Anna", "Boris", "Vera"], ["Anna", "Boris", "Vera", "Gleb"]])
def test_the_write_it_down_bar_never_hides_the_last_players_fields(
    live_server: Any, phone: Any, make_sheet: Any, players: list[str]
) -> None:
    """A scorer types top to bottom with the thumb; at 740 px nothing he must see or tap next
    may lie under the "Write it down" button."""
    sheet = make_sheet(players=players)
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/entries/new/deal/")
    assert page.evaluate(COVERED) == []
    page.tap("#id_declarer_1")
    page.tap("#id_contract")
    page.keyboard.type("120")
    for seat, points in enumerate(("30", "75", "15")[: len(players) - 1]):
        page.tap(f"#id_points_{seat + (len(players) == 4)}")
        page.keyboard.type(points)
        page.wait_for_timeout(400)  # the preview arrives
        assert page.evaluate(COVERED) == [], seat
    page.mouse.wheel(0, 200)  # and as he scrolls on
    page.wait_for_timeout(200)
    assert page.evaluate(COVERED) == []


def test_share_and_copy_link_beside_the_qr(live_server: Any, chromium: Any,
                                           make_sheet: Any) -> None:
    sheet = make_sheet()
    context = chromium.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                   has_touch=True, locale="en")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    # the phone's share sheet (Web Share API): what it was given is kept to be checked
    context.add_init_script("navigator.share = function (data) {"
                            " window.sharedWith = data; return Promise.resolve(); };")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/s/{sheet.edit_token}/share/")
        view_url = f"{live_server.url}/v/{sheet.view_token}/"
        box = page.locator("section.share").first
        box.get_by_role("button", name="Share").click()
        assert page.evaluate("window.sharedWith.url") == view_url
        box.get_by_role("button", name="Copy link").click()
        expect(box.locator(".copied")).to_have_text("Link copied")
        assert page.evaluate("navigator.clipboard.readText()") == view_url
    finally:
        context.close()


def test_without_the_web_share_api_only_copy_link_is_offered(live_server: Any, phone: Any,
                                                             make_sheet: Any) -> None:
    sheet = make_sheet()
    page = phone.new_page()
    page.add_init_script("delete Navigator.prototype.share;")
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/share/")
    box = page.locator("section.share").first
    expect(box.get_by_role("button", name="Copy link")).to_be_visible()
    expect(box.get_by_role("button", name="Share")).to_be_hidden()
