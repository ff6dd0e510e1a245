"""The table gives a long name a short one for its column head, on a phone at 360 px: every
phone's head shows it, the history keeps it with the renames, and two players cannot share one.
Two long names alike get heads of their own without it."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import quiet_deals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Vladimir Vladimirovich", "Vladimir Petrovich", "Sasha"]


def fits(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def heads(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#live-head th.player .name").all_inner_texts()]


def test_the_table_sets_a_short_name_that_every_phone_shows_in_the_head(
        live_server: Any, phone: Any, second_phone: Any, make_sheet: Any, shot: Any) -> None:
    sheet = make_sheet(players=NAMES, entries=quiet_deals(2))
    watcher = second_phone.new_page()
    watcher.goto(live_server.url + reverse("sheet_read", args=[sheet.view_token]))
    page = phone.new_page()
    page.goto(live_server.url + reverse("sheet", args=[sheet.edit_token]))
    # two long names alike: heads of their own, never the same "Vlad…"
    assert len(set(heads(page))) == 3
    assert fits(page)

    page.get_by_role("link", name="Players", exact=True).click()
    page.get_by_label("Short name of Vladimir Vladimirovich in the column head").fill("Vova")
    page.get_by_label("Short name of Vladimir Petrovich in the column head").fill("vova")
    page.get_by_role("button", name="Save the names").click()
    expect(page.locator(".short-name-field .error")).to_have_text(
        "Another player already has this short name: each column needs its own.")
    assert fits(page)
    shot(page, "short-names-form")
    page.get_by_label("Short name of Vladimir Petrovich in the column head").fill("Volodya")
    page.get_by_role("button", name="Save the names").click()
    expect(page.locator('#live-head abbr[title="Vladimir Vladimirovich"]')).to_have_text("Vova")
    assert heads(page) == ["Vova", "Volodya", "Sasha"]
    assert fits(page)
    expect(watcher.locator('#live-head abbr[title="Vladimir Petrovich"]')).to_have_text(
        "Volodya", timeout=15_000)

    page.goto(live_server.url + reverse("sheet_history", args=[sheet.edit_token]))
    history = page.locator("ol.history")
    expect(history).to_contain_text(
        "Short name of Vladimir Vladimirovich in the column head: Vova")
    expect(history).to_contain_text("Short name of Vladimir Petrovich in the column head: Volodya")
    assert fits(page)
