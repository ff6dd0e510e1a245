"""Undo survives a lost answer as a written row does (issue 24, point 8): the phone sends it
again once, with the same key, and the sheet is undone once, never twice, and the player never
sees the browser's error page."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoresheet.sheets.models import EntryChange
from tests.sheets.helpers import THREE_DEALS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


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
