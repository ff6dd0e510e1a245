"""The referee in a real browser at phone size: open it from a sheet, judge a trick, record the
penalty the offence costs, and read the table's rules."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.playwright_fixtures import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# RULES.md §1.2 (tisic): follow suit always.  Spades are led (A, then 10); the player holds the
# king of spades but plays the nine of hearts: not legal, and only K-spades could be played.
TRICK = ["lead-A-spades-0", "second-10-spades-0"]
HAND = ["hand-K-spades-0", "hand-9-hearts-0", "hand-Q-clubs-0"]
PLAYED = "card-9-hearts-0"


def fits_the_phone(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def pick_the_trick(page: Any) -> None:
    page.check("#trump-hearts")
    page.check(f"#{TRICK[0]}")
    page.locator("details.q-second summary").click()
    page.check(f"#{TRICK[1]}")
    for card in HAND:
        page.check(f"#{card}")
    page.check(f"#{PLAYED}")


def test_judge_a_trick_and_record_the_penalty(live_server: Any, phone: Any, shot: Any,
                                              make_sheet: Any) -> None:
    sheet = make_sheet(ruleset="tisic")
    page = phone.new_page()
    refused: list[str] = []  # what the Content-Security-Policy blocked (inline style, script)
    page.on("console", lambda m: refused.append(m.text)
            if "Content Security Policy" in m.text else None)
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/")

    # one tap from the sheet
    page.locator("a.referee-link").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/referee/$"))
    assert fits_the_phone(page)
    pick_the_trick(page)
    # hearts (srdce) are red, spades (listy) black: the colours of rules/cards.py
    colour = "e => getComputedStyle(e).color"
    assert page.eval_on_selector(f"#{PLAYED} + span", colour) == "rgb(192, 38, 45)"
    assert page.eval_on_selector("#card-K-spades-0 + span", colour) == "rgb(22, 22, 22)"
    shot(page, "referee-question")
    page.get_by_role("button", name="Judge this card").click()

    # htmx swaps the verdict in and the address becomes the shareable question
    verdict = page.locator("#verdict")
    verdict.get_by_text("Not legal: did not follow suit.").wait_for()
    assert "must play one" in verdict.inner_text()
    assert verdict.locator(".card-chip").all_inner_texts() == ["K♠"]
    assert "card=9-hearts" in page.url and "lead=A-spades" in page.url
    assert fits_the_phone(page)
    shot(page, "referee-verdict")

    # what it costs at this table (tisic: -100 for the offender, +60 for each other player)
    verdict.get_by_role("link", name="What does it cost?").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/penalty/"))
    page.check("#id_seat_0")
    page.check("#id_reason_0")
    page.locator("#result").get_by_text("Anna -100, Boris +60, Vera +60").wait_for()
    assert fits_the_phone(page)
    shot(page, "referee-penalty")
    page.get_by_role("button", name="Write it on the sheet").click()

    # back on the sheet with the penalty row
    page.wait_for_url(re.compile(r"/s/[\w-]+/#e0$"))
    assert page.locator("tfoot td").all_inner_texts() == ["-100", "60", "60"]
    page.get_by_text("Written on the sheet as row 1.").wait_for()

    # the table's rules, one tap away too
    page.get_by_role("link", name="Rules").first.click()
    page.get_by_role("heading", name="The rules of this table").wait_for()
    assert page.locator("#house-rules tbody tr").count() > 5
    assert page.get_by_role("button", name="Print").is_visible()
    shot(page, "referee-rules")
    assert fits_the_phone(page)
    assert refused == []


def test_the_referee_works_without_javascript(live_server: Any, chromium: Any,
                                              make_sheet: Any) -> None:
    sheet = make_sheet(ruleset="tisic")
    context = chromium.new_context(viewport=PHONE, java_script_enabled=False, locale="en")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/v/{sheet.view_token}/referee/")
        page.check(f"#{TRICK[0]}")
        for card in HAND:
            page.check(f"#{card}")
        page.check(f"#{PLAYED}")
        page.check("#trump-hearts")
        page.get_by_role("button", name="Judge this card").click()
        page.wait_for_url(re.compile(r"card=9-hearts"))
        assert "Not legal: did not follow suit." in page.locator("#verdict").inner_text()
        # the picked cards stay picked on the answer page
        assert page.is_checked(f"#{PLAYED}") and page.is_checked(f"#{HAND[0]}")
    finally:
        context.close()
