"""A delete refused because a later row would be wrong offers the ways that work, each one tap,
on a phone at 360 px.

Russian Thousand (Anna, Boris, Vera; Anna deals first): deleting row 2 makes row 3 the second
deal, where Vera sits on the hundred and Anna, who played 100, would have had to bid 105
(tests/sheets/test_entry_delete.py).  Row 1 alone is a right sheet: Boris +120 (75 + ♥ 100),
Anna 30, Vera 15.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.test_review_flow import fits_the_phone
from tests.sheets.helpers import THREE_DEALS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def totals(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("tfoot td").all_inner_texts()]


def refuse_deleting_row_2(page: Any, url: str, token: str) -> None:
    page.goto(url + reverse("entry_delete", args=[token, 1]))
    page.get_by_role("button", name="Delete this row").tap()
    expect(page.locator(".alert.error")).to_contain_text("Row 3 would no longer be right")
    assert fits_the_phone(page)


def test_a_refused_delete_offers_deleting_both_rows_in_one_tap(
        live_server: Any, phone: Any, make_sheet: Any, shot: Any) -> None:
    sheet = make_sheet(ruleset="ru", entries=THREE_DEALS)
    page = phone.new_page()
    refuse_deleting_row_2(page, live_server.url, sheet.edit_token)
    ways = page.locator(".ways-forward")
    expect(ways.get_by_role("link", name="Correct row 3 first")).to_be_visible()
    expect(ways.get_by_role("button", name="Delete rows 2 to 3, the last one first")
           ).to_be_visible()
    shot(page, "delete-ways-forward")
    ways.get_by_role("button", name="Delete row 2 and row 3").tap()
    page.wait_for_url(re.compile(r"/s/[\w-]+/(#.*)?$"))
    expect(page.locator(".messages")).to_contain_text("2 rows deleted.")
    assert totals(page) == ["30", "120", "15"]
    assert sheet.entries.count() == 1


def test_a_refused_delete_offers_deleting_from_the_end_and_correcting_the_later_row(
        live_server: Any, phone: Any, make_sheet: Any) -> None:
    sheet = make_sheet(ruleset="ru", entries=THREE_DEALS)
    page = phone.new_page()
    refuse_deleting_row_2(page, live_server.url, sheet.edit_token)
    page.locator(".ways-forward").get_by_role("link", name="Correct row 3 first").tap()
    expect(page.locator("h1")).to_contain_text("Correct row 3")
    refuse_deleting_row_2(page, live_server.url, sheet.edit_token)
    page.locator(".ways-forward").get_by_role(
        "button", name="Delete rows 2 to 3, the last one first").tap()
    page.wait_for_url(re.compile(r"/s/[\w-]+/(#.*)?$"))
    assert totals(page) == ["30", "120", "15"]
    assert sheet.entries.count() == 1
