"""The deal review in a real browser at phone size (360 px, touch): from a Mariáš sheet's row,
lay out the ten tricks card by card, see the renonc proven as soon as the proving card is
played, write the renonc and fill the row from the review."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.playwright_fixtures import PHONE
from tests.rules.test_review import MARIAS_TRICKS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MARIAS_ROW = {"type": "deal", "declarer": 0, "game": "suit", "trump": "hearts", "announced": [],
              "card_points": 60}


def fits_the_phone(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def tap(page: Any, card: Any) -> None:
    """Tap one card of the picker (ticking "declares a marriage" first for a marriage)."""
    marriage = isinstance(card, dict)
    code = card["card"] if marriage else card
    if marriage:
        page.locator("input[name=m]").check()
    before = page.locator("ol.tricks .played").count()
    page.locator(f'button[name=c][value="{code}"]').tap()
    page.wait_for_function("n => document.querySelectorAll('ol.tricks .played').length === n",
                           arg=before + 1)


def test_review_a_marias_deal_find_the_renonc_and_write_it(live_server: Any, phone: Any,
                                                           shot: Any, make_sheet: Any) -> None:
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    tricks = [list(t) for t in MARIAS_TRICKS]
    tricks[2][1], tricks[6][1] = "K-leaves", "J-bells"  # Boris keeps a bell back in trick 3
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/")

    # from the sheet's row to its review
    page.locator('a[href$="entries/0/edit/"]').first.tap()
    page.get_by_role("link", name="Review this deal trick by trick").tap()
    page.wait_for_url(re.compile(r"/review/\?deal=0$"))
    page.get_by_text("Trick 1 of 10: Anna plays").wait_for()
    assert fits_the_phone(page)

    played = [c for trick in tricks for c in trick]
    for card in played[:9]:
        tap(page, card)
    # trick 3: Boris did not follow bells, but nobody has seen his bells yet
    assert page.locator(".finding").count() == 0
    # undo the last card and play it again
    page.get_by_role("link", name="Undo the last card").tap()
    page.get_by_text("Trick 3 of 10: Vera plays").wait_for()
    tap(page, played[8])
    for card in played[9:11]:  # trick 4: Boris follows with the queen of bells
        tap(page, card)
    finding = page.locator(".finding.offence")
    finding.get_by_text("Trick 3: Boris — did not follow suit").wait_for()
    assert "Proof: Boris played Sv♦ in trick 4." in finding.inner_text()
    assert fits_the_phone(page)
    shot(page, "review-renonc")
    for card in played[11:]:
        tap(page, card)
    page.get_by_text("Card points from the tricks").wait_for()
    assert fits_the_phone(page)
    shot(page, "review-done", full_page=True)
    review_url = page.url

    # the renonc, priced at its kind and offender, written on the sheet
    finding.get_by_role("link", name="What does it cost?").tap()
    page.wait_for_url(re.compile(r"/penalty/\?.*kind=1"))
    page.locator("#result .cost-line").wait_for()
    page.get_by_role("button", name="Write it on the sheet").tap()
    page.wait_for_url(re.compile(r"/s/[\w-]+/#e1$"))

    # and the row filled from the review: Anna took all 90 and declared the hearts marriage
    page.goto(review_url)
    page.get_by_role("link", name="Fill row 1 from the review").tap()
    page.get_by_text("filled in from the review").wait_for()
    assert page.locator("input[name=card_points]:checked").input_value() == "90"
    assert page.locator('input[name=marriages_declarer][value=hearts]').is_checked()
    assert fits_the_phone(page)
    page.get_by_role("button", name="Save the correction").tap()
    page.wait_for_url(re.compile(r"/s/[\w-]+/#e0$"))
    page.get_by_text("Row 1 corrected").wait_for()


def test_the_review_works_without_javascript(live_server: Any, chromium: Any,
                                             make_sheet: Any) -> None:
    sheet = make_sheet(ruleset="ru")
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en",
                                   java_script_enabled=False)
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/s/{sheet.edit_token}/review/")
        page.locator("input[name=declarer][value='0']").check()
        page.get_by_role("button", name="Start laying out the tricks").tap()
        page.get_by_text("Trick 1 of 8: Anna plays").wait_for()
        page.locator("input[name=m]").check()  # "trump!" with the king of hearts
        for code in ("K-hearts", "9-hearts", "9-clubs"):
            page.locator(f'button[name=c][value="{code}"]').tap()
            page.wait_for_load_state()
        page.get_by_text("Trick 2 of 8: Anna plays").wait_for()
        assert page.locator('button[name=c][value="K-hearts"]').is_disabled()
        assert "(marriage)" in page.locator("ol.tricks").inner_text()
        assert fits_the_phone(page)
        page.get_by_role("link", name="Undo the last card").tap()
        page.get_by_text("Trick 1 of 8: Vera plays").wait_for()
    finally:
        context.close()


def test_long_names_fit_the_phone(live_server: Any, phone: Any, make_sheet: Any) -> None:
    names = ["Maximiliána Wolkensteinová", "Bartholomäus Zuckerbäcker", "Вероника Константинова"]
    sheet = make_sheet(ruleset="marias", players=names, entries=[{**MARIAS_ROW}])
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/review/?deal=0&setup=1")
    page.get_by_text("Who played the contract?").wait_for()
    assert fits_the_phone(page)
    played = "&".join(f"p={c}" for c in ["A-bells", "K-leaves", "8-bells", "10-bells", "Q-bells"])
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/review/?deal=0&declarer=0&trump=hearts"
              f"&contract=suit&{played}")
    page.locator(".finding.offence").wait_for()
    assert fits_the_phone(page)
