"""Nothing wider than the screen: every page, in every language, with long names, at 360 px.

The pages are those the translation crawl visits (tests/i18n/crawl.py): the sheet of every game
through both links, each entry form, a correction, the delete page, the histories, sharing,
export, print (on a phone), mail, the referee with a verdict, the penalty result, the rules
page, the Mariáš settle-up, the home, new-sheet, import, statistics (with the money column),
account and offline pages.  The players have the longest names a table is likely to type.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from scoresheet.exports import documents as exports
from scoresheet.sheets import services
from tests.i18n.crawl import sheet_urls, site_urls
from tests.playwright_fixtures import PHONE
from tests.sheets.golden_docs import golden_named

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "cs", "de", "pl", "ru")
SHEETS = (  # one of every game and preset
    "ru/four-players",
    "tisic/revoke-declarer-first",
    "pl/bomb-declarer-only-barrel",
    "one-thousand/blind-highest-wins",
    "marias/evening_four_players_pauzirak",
    "marias/premium_points_minus_and_defence",  # the final table with minus points
    "binokel/scale1_house_rules",
)
LONG_NAMES = (  # 20 to 24 letters, hyphens, no space to break at
    "Maximilian-Alexander", "Wilhelmina-Charlotte", "Bartholomäus-Friedrich",
    "Константин-Владимирович",
)

# What is wider than the screen: the page itself, or any box whose content is wider than it
# (a table cut off at the edge, or scrolled sideways inside its frame).  A name cut with "…"
# on purpose and the one-pixel boxes of screen-reader text are not.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
    (typeof e.className === "string" && e.className.trim()
      ? "." + e.className.trim().replace(/\\s+/g, ".") : "");
  if (document.documentElement.scrollWidth > width) {
    found.push("page " + document.documentElement.scrollWidth);
  }
  for (const e of document.querySelectorAll("body *")) {
    const style = getComputedStyle(e);
    const box = e.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden") continue;
    if (style.textOverflow === "ellipsis") continue;
    if (box.right > width + 1 && style.position !== "fixed") {
      found.push(name(e) + " ends at " + Math.round(box.right));
    } else if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX) &&
               e.scrollWidth > e.clientWidth + 1) {
      found.push(name(e) + " holds " + e.scrollWidth + " in " + e.clientWidth);
    }
  }
  return found.slice(0, 5);
}"""


def long_named(name: str) -> Any:
    doc = golden_named(name)
    doc.pop("meta", None)
    doc["players"] = list(LONG_NAMES[: len(doc["players"])])
    return exports.import_sheet(doc, device=services.Device(id="overflow"))


def urls(sheets: list[Any]) -> Iterator[str]:
    for sheet in sheets:
        yield from sheet_urls(sheet)
    yield from site_urls()  # after the sheets: statistics count the sheets this phone opened
    yield "/stats/?game=marias"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_is_wider_than_the_screen(
    live_server: Any, chromium: Any, language: str
) -> None:
    sheets = [long_named(name) for name in SHEETS]
    context = chromium.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                                   has_touch=True, locale=language, service_workers="block")
    wide: dict[str, list[str]] = {}
    try:
        page = context.new_page()
        for url in urls(sheets):
            response = page.goto(live_server.url + url)
            assert response is not None and response.status in (200, 400), url
            # what opens on a tap (the edit link, a row's ledger, the options) is open too
            page.evaluate("document.querySelectorAll('main details').forEach(d => d.open = true)")
            found = page.evaluate(OVERFLOW)
            if found:
                wide[url] = found
    finally:
        context.close()
    assert wide == {}


def test_the_live_preview_of_a_deal_with_a_long_name_fits_and_its_button_takes_the_tap(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    # The preview says every player's "name before → after (±change)"; with a long name the
    # name wraps, never the numbers, and nothing lies over "Write it down".
    from django.urls import reverse

    from scoresheet.sheets.models import Entry

    sheet = make_sheet(players=["Maximiliána Vondráčková-Novotná", "Boris", "Vera"])
    page = phone.new_page()
    page.goto(live_server.url + reverse("entry_new", args=[sheet.edit_token, "deal"]))
    page.check("#id_declarer_1")
    page.fill("#id_contract", "100")
    page.fill("#id_points_0", "50")
    page.fill("#id_points_1", "20")
    page.locator("#preview .change").first.wait_for()
    assert page.evaluate(OVERFLOW) == []
    page.get_by_role("button", name="Write it down").click(timeout=5_000)
    page.wait_for_url(lambda url: "#e0" in url)
    assert Entry.objects.filter(sheet=sheet).count() == 1
