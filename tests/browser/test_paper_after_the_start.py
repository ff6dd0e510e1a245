"""What a paper sheet allows after the start, on a phone 360 px wide: a misspelled name
corrected (a watching phone sees the new name by itself), a note under a row (a long one wraps,
nothing scrolls sideways), and the Mariáš evening closed with its final money, then listed as
finished.

Money: the golden evening of three (tests/golden/marias/evening_three_players.json, meta
"expected"): Anna -4.20, Bohouš -2.40, Cyril +6.60 Kč."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.sheets.golden_docs import GOLDEN, golden

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EVENING = golden(GOLDEN / "marias" / "evening_three_players.json")
LONG_NOTE = ("Bohouš left at 22:30 and Cyril dealt for him until the end of the evening, "
             "everyone agreed at the table")


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_rename_note_and_close_at_360_px(live_server: Any, phone: Any, second_phone: Any,
                                         make_sheet: Any) -> None:
    doc = EVENING
    sheet = make_sheet(ruleset="marias", players=doc["players"],
                       first_dealer=doc["first_dealer"], options=doc["options"],
                       entries=doc["entries"], edition=doc.get("edition"))
    sheet_url = f"{live_server.url}{reverse('sheet', args=[sheet.edit_token])}"
    watcher = second_phone.new_page()
    watcher.goto(f"{live_server.url}{reverse('sheet_read', args=[sheet.view_token])}")
    expect(watcher.locator("#live-head")).to_contain_text("Bohouš")

    page = phone.new_page()
    page.goto(sheet_url)
    no_sideways_scroll(page)

    # a misspelled name corrected on the players' page
    page.get_by_role("link", name="Players", exact=True).click()
    no_sideways_scroll(page)
    page.get_by_label("Bohouš", exact=True).fill("Bohuslav")
    page.get_by_role("button", name="Save the names").click()
    expect(page.locator(".messages, [role=status]").first).to_be_visible()
    # (a long name is shortened in its column's head, whole in its title)
    expect(page.locator('#live-head abbr[title="Bohuslav"]')).to_have_count(1)
    expect(page.locator("#live-totals")).to_contain_text("6.60")  # the money as before
    # the watching phone gets the new name by itself (its poll sees the new revision)
    expect(watcher.locator('#live-head abbr[title="Bohuslav"]')).to_have_count(1,
                                                                              timeout=15_000)

    # a note under row 2, written without typing the deal again
    page.goto(f"{live_server.url}{reverse('entry_note', args=[sheet.edit_token, 1])}")
    no_sideways_scroll(page)
    page.get_by_label("Note").fill(LONG_NOTE)
    page.get_by_role("button", name="Save the note").click()
    note = page.locator("#e1-note")
    expect(note).to_contain_text("Cyril dealt for him")
    box = note.bounding_box()
    assert box is not None and box["width"] <= 360 and box["height"] > 20, box  # it wraps
    no_sideways_scroll(page)
    expect(watcher.locator("#e1-note")).to_contain_text("Cyril dealt", timeout=15_000)

    # the evening closed, after a confirmation that shows the final money
    page.get_by_role("link", name="Close the evening").click()
    expect(page.locator("h1")).to_have_text("Close the evening?")
    expect(page.locator(".settlement")).to_contain_text("+6.60 Kč")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Close the evening").click()
    expect(page.locator(".banner.evening-closed")).to_contain_text("The evening is closed")
    expect(page.locator(".new-rows")).to_have_count(0)
    no_sideways_scroll(page)
    expect(watcher.locator(".banner.evening-closed")).to_be_visible(timeout=15_000)

    # the list of sheets shows it finished, with each player's money
    page.goto(f"{live_server.url}/")
    finished = page.locator("section.sheets.finished")
    expect(finished).to_contain_text("Bohuslav")
    expect(finished.locator(".settlement")).to_contain_text("Cyril +6.60 Kč")
    no_sideways_scroll(page)

    # and the history says what happened, in whole sentences
    page.goto(f"{live_server.url}{reverse('sheet_history', args=[sheet.edit_token])}")
    expect(page.locator("ol.history")).to_contain_text("Name changed: Bohouš → Bohuslav")
    expect(page.locator("ol.history")).to_contain_text("evening closed")
    no_sideways_scroll(page)
