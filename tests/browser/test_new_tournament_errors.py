"""The new tournament at phone size: a wrong field is named at the top, and the first wrong
field has the focus and is on screen, with no sideways scroll."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoresheet.tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_first_wrong_field_is_focused_and_in_view_at_360_px(
    live_server: Any, phone: Any
) -> None:
    page = phone.new_page()
    assert page.viewport_size["width"] == 360
    page.goto(live_server.url + reverse("tournament_new"))
    page.fill("#id_name", "Pátek v hospodě")
    page.fill("#id_deals_per_round", "2")
    page.fill("#id_players_text", "")  # the list of players is forgotten
    page.get_by_role("button", name="Create the tournament").click()

    expect(page.locator("#form-errors")).to_contain_text(
        "The tournament cannot start yet: one thing to put right.")
    expect(page.locator("#form-errors a")).to_have_text("Type the players, one a line.")
    assert page.evaluate("document.activeElement.id") == "id_players_text"
    box = page.locator("#id_players_text").bounding_box()
    viewport = page.viewport_size
    assert box is not None
    assert box["y"] >= 0 and box["y"] + min(box["height"], 40) <= viewport["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert not Tournament.objects.exists()

    # the link of the summary leads to the field
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#form-errors a").click()
    box = page.locator("#id_players_text").bounding_box()
    assert box is not None and 0 <= box["y"] < viewport["height"]
