"""Undo, redo and delete survive a lost answer as a written row does: the phone sends the same
form again once, with the same key, the sheet changes once, never twice, and the player never
sees the browser's error page (static/js/offline.js, sendAgainIfLost)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoresheet.sheets.models import EntryChange
from tests.playwright_fixtures import PHONE
from tests.sheets.helpers import THREE_DEALS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def dropping_the_first_answer(sent: list[str]) -> Any:
    """A route handler: the first request reaches the server, its answer never reaches the
    phone; every later one goes through.  ``sent`` collects the bodies."""

    def handle(route: Any) -> None:
        sent.append(route.request.post_data or "")
        if len(sent) == 1:
            route.fetch()  # the server does it...
            route.abort("connectionreset")  # ...and its answer is lost
        else:
            route.continue_()

    return handle


@pytest.fixture
def routed_phone(chromium: Any) -> Any:
    """A phone whose requests Playwright's routes see all of (no service worker between)."""
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                   has_touch=True, locale="en", service_workers="block")
    context.set_default_timeout(15_000)
    yield context
    context.close()


def no_error_page(page: Any) -> None:
    assert not page.url.startswith("chrome-error:"), page.url
    expect(page.locator("#live")).to_be_visible()


def test_undo_with_the_answer_dropped_resends_once(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    page = phone.new_page()
    sheet_url = live_server.url + reverse("sheet", args=[sheet.edit_token])
    page.goto(sheet_url)
    sent: list[str] = []

    def drop_the_first_answer(route: Any) -> None:
        sent.append(route.request.post_data or "")
        if len(sent) == 1:
            route.fetch()  # the server undoes the row...
            route.abort("connectionreset")  # ...and its answer never reaches the phone
        else:
            route.continue_()

    page.route("**/undo/", drop_the_first_answer)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("table.sheet tbody tr")).to_have_count(2)
    assert page.url.startswith(sheet_url)
    assert len(sent) == 2 and sent[0] == sent[1]  # sent again once, with the same key
    undone = EntryChange.objects.filter(sheet=sheet, action="undo")
    assert undone.count() == 1
    sheet.refresh_from_db()
    assert sheet.entries.count() == 2


def test_redo_with_the_answer_dropped_resends_once(
    live_server: Any, routed_phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    page = routed_phone.new_page()
    sheet_url = live_server.url + reverse("sheet", args=[sheet.edit_token])
    page.goto(sheet_url)
    page.get_by_role("button", name="Undo").click()  # row 3 goes, with its answer
    expect(page.locator("table.sheet tbody tr")).to_have_count(2)
    sheet.refresh_from_db()
    undone_at = sheet.revision
    sent: list[str] = []
    page.route("**/redo/", dropping_the_first_answer(sent))
    page.get_by_role("button", name="Redo").click()
    expect(page.locator("table.sheet tbody tr")).to_have_count(3)  # row 3 is back, once
    no_error_page(page)
    assert page.url.startswith(sheet_url)
    assert len(sent) == 2 and sent[0] == sent[1]  # sent again once, with the same key
    assert EntryChange.objects.filter(sheet=sheet, action="redo").count() == 1
    sheet.refresh_from_db()
    assert sheet.entries.count() == 3
    assert sheet.revision == undone_at + 1  # one change: the redo, not two


def test_delete_with_the_answer_dropped_resends_once(
    live_server: Any, routed_phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    page = routed_phone.new_page()
    sheet_url = live_server.url + reverse("sheet", args=[sheet.edit_token])
    # the last row: deleting an earlier one would leave row 2's obligation wrong (refused)
    delete_url = live_server.url + reverse("entry_delete", args=[sheet.edit_token, 2])
    sent: list[str] = []
    page.route("**/entries/2/delete/", lambda route: (
        route.continue_() if route.request.method != "POST"
        else dropping_the_first_answer(sent)(route)))
    page.goto(delete_url)
    page.get_by_role("button", name="Delete this row").click()
    page.wait_for_url(sheet_url)
    no_error_page(page)
    expect(page.locator(".messages")).to_have_text("Row 3 deleted.")
    expect(page.locator("table.sheet tbody tr")).to_have_count(2)
    assert len(sent) == 2 and sent[0] == sent[1]  # sent again once, with the same key
    # deleted once: rows 1 and 2 stay as they were
    assert EntryChange.objects.filter(sheet=sheet, action="delete").count() == 1
    sheet.refresh_from_db()
    assert [e.data["declarer"] for e in sheet.entries.order_by("position")] == [1, 2]
