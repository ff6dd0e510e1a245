"""Names that stay apart on a long sheet, at 360 px in Czech (issue 24, point 6): the name row
stays in view while the sheet scrolls, "Součet" is not clipped, badges are readable (>= 12 px),
and nothing scrolls sideways."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.conftest import quiet_deals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Jaroslav", "Jaroslava", "Miroslav"]


def test_a_long_sheet_keeps_its_names_in_view_and_its_words_whole(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(players=NAMES, entries=quiet_deals(40))
    page = phone.new_page()
    page.goto(f"{live_server.url}/i18n/cs/?next={reverse('sheet', args=[sheet.edit_token])}")
    heads = page.locator("table.sheet thead th.player")
    assert heads.all_inner_texts()[0].startswith("Jaroslav")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # scrolled down to the last rows, the names are still at the top of the screen
    page.locator("table.sheet tbody tr").last.scroll_into_view_if_needed()
    assert page.evaluate("scrollY") > 1000
    box = heads.first.bounding_box()
    assert box is not None and -1 <= box["y"] <= 2, box

    # the totals' label fits its column, in Czech
    label = page.locator("table.sheet tfoot th.contract")
    assert label.inner_text().strip() == "Součet"
    assert label.evaluate("e => e.scrollWidth <= e.clientWidth")

    # the badges are readable
    sizes = page.eval_on_selector_all(
        "table.sheet .badge", "es => es.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 12
