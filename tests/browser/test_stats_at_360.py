"""The statistics on a phone, in every language: a card per player where every number stands
under its own label (money and points apart), the caption above, nothing wider than 360 px."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoresheet.exports import documents as exports
from scoresheet.sheets import services
from tests.browser.test_no_overflow import LONG_NAMES, OVERFLOW
from tests.playwright_fixtures import PHONE
from tests.sheets.golden_docs import golden_named

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "cs", "de", "pl", "ru")
# each number cell: its label (the ::before) and its value, as the phone shows them
CELLS = """() => [...document.querySelectorAll("table.stats tbody td")].map(td => [
  getComputedStyle(td, "::before").content.replace(/^"|"$/g, ""), td.innerText.trim()])"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_number_has_its_label_and_nothing_overflows(
    live_server: Any, chromium: Any, language: str
) -> None:
    sheets = []
    for name in ("marias/evening_three_players", "ru/four-players"):
        doc = golden_named(name)
        doc.pop("meta", None)
        doc["players"] = list(LONG_NAMES[: len(doc["players"])])
        sheets.append(exports.import_sheet(doc, device=services.Device(id="stats")))
    context = chromium.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                                   has_touch=True, locale=language, service_workers="block")
    try:
        page = context.new_page()
        page.goto(live_server.url + reverse("home"))  # a phone that has been here
        for sheet in sheets:  # this phone opens them: the statistics count them
            page.goto(live_server.url + reverse("sheet_read", args=[sheet.view_token]))
        page.goto(live_server.url + reverse("stats"))
        assert page.viewport_size["width"] == 360
        assert page.locator("table.stats caption").is_visible()
        cells = page.evaluate(CELLS)
        assert len(cells) == 4 * 7  # four long names, seven numbers each
        for label, value in cells:
            assert label and label != "none", (language, value)
            assert value
        assert page.evaluate(OVERFLOW) == []
    finally:
        context.close()
