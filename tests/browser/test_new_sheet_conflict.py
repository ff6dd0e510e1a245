"""A table that wants to play to 1,500 is not stuck (issue 24, point 3), in a real browser at
phone size: the house rules that clash are named in words where the eye is, and the offered fix
starts the sheet."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoresheet.sheets.models import Sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def in_view_above_the_bar(page: Any, selector: str) -> bool:
    """The element is on screen and not hidden behind the sticky "Start the sheet" bar."""
    box = page.locator(selector).bounding_box()
    bar = page.locator(".submit").bounding_box()
    viewport = page.viewport_size
    if box is None or bar is None or viewport is None:
        return False
    bottom = min(bar["y"], viewport["height"])
    return box["y"] >= 0 and box["y"] + box["height"] <= bottom


def test_the_target_1500_conflict_shows_in_view_and_its_fix_starts_the_sheet(
    live_server: Any, phone: Any
) -> None:
    page = phone.new_page()
    assert page.viewport_size["width"] == 360
    page.goto(live_server.url + reverse("new_sheet"))
    for seat, name in enumerate(("Anna", "Boris", "Vera")):
        page.fill(f"#id_player_{seat}", name)
    page.locator("details.options summary").click()
    page.fill("#id_opt_target", "1500")
    page.get_by_role("button", name="Start the sheet").click()

    error = page.locator(".option .error")
    expect(error).to_contain_text(
        "To play to 1,500, raise the highest contract to 620 or play without the barrel.")
    expect(page.locator("#form-errors")).to_contain_text("The sheet cannot start yet")
    # the wrong field has the focus, and its error and its fixes are in view
    assert page.evaluate("document.activeElement.id") == "id_opt_target"
    assert in_view_above_the_bar(page, ".option .error")
    fix = page.get_by_role("button", name="Raise the highest contract to 620 and start")
    fix.scroll_into_view_if_needed()
    assert in_view_above_the_bar(page, ".fixes")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scroll
    assert not Sheet.objects.exists()

    fix.click()
    page.wait_for_url("**/s/**")
    sheet = Sheet.objects.get()
    assert sheet.options == {"target": 1500, "max_contract": 620}
    assert sheet.players == ["Anna", "Boris", "Vera"]
    expect(page.locator("h1")).to_contain_text("Russian Thousand")
