"""Issue #25 in a real browser at 360 px: a Russian deal laid out card by card with a "trump!"
in trick 1 shows no alert while the king is not shown (a neutral note instead), and none at
all once it is; then a lead out of turn is recorded on the page and judged."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.test_review_flow import fits_the_phone, tap
from tests.rules.test_review_proof import RU_TRICKS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_russian_trick_1_marriage_waits_for_its_king_and_a_wrong_lead_is_judged(
        live_server: Any, phone: Any, shot: Any, make_sheet: Any) -> None:
    sheet = make_sheet(ruleset="ru")
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/review/?declarer=0")
    page.get_by_text("Trick 1 of 8: Anna plays").wait_for()
    # a card button is at least 44 px on its short side
    box = page.locator("button[name=c]").first.bounding_box()
    assert box is not None and min(box["width"], box["height"]) >= 44
    assert fits_the_phone(page)

    for t, trick in enumerate(RU_TRICKS):
        for card in trick:
            tap(page, card)
            # no alert of any kind until something is proven
            assert page.locator("[role=alert]").count() == 0
            note = page.locator(".pending-note")
            if t < 3:
                assert note.inner_text() == ("Trick 1, Anna: marriage declared — waiting for "
                                             "K♣.")
        if t == 0:
            assert fits_the_phone(page)
            shot(page, "review-marriage-pending")
    # the king of clubs in trick 4: the marriage is sound, the note is gone, nobody accused
    assert page.locator(".pending-note").count() == 0
    assert page.locator(".finding").count() == 0

    # Boris leads trick 5 although Anna took trick 4: the page records it
    page.get_by_text("Someone else led trick 5?").tap()
    page.get_by_role("button", name="Boris led trick 5 out of turn").tap()
    page.get_by_text("Trick 5 of 8: Boris plays").wait_for()
    assert re.search(r"(nl|lead)=5-1", page.url)  # the address bar follows: a reload keeps it
    for card in ("J-hearts", "Q-hearts", "K-hearts"):  # Boris, Vera, Anna
        tap(page, card)
    finding = page.locator(".finding.offence")
    finding.get_by_text("Trick 5: Boris — led out of turn").wait_for()
    assert "Proof: Anna took trick 4 (K♣) and was to lead." in finding.inner_text()
    assert finding.get_by_role("link", name="What does it cost?").count() == 1
    assert "lead=5-1" in page.url
    assert fits_the_phone(page)
    shot(page, "review-lead-out-of-turn")
    page.reload()  # the query holds the whole state, the recorded lead included
    page.locator(".finding.offence").get_by_text("Trick 5: Boris — led out of turn").wait_for()


def test_a_renonc_called_mid_play_is_proven_by_the_hands_shown(
        live_server: Any, phone: Any, shot: Any, make_sheet: Any) -> None:
    from tests.referee.test_review_page import MARIAS_ROW
    from tests.rules.test_review import MARIAS_TRICKS

    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    tricks = [list(t) for t in MARIAS_TRICKS[:3]]
    tricks[2][1] = "K-leaves"  # Boris throws a leaf on the bells led; Vera calls the renonc
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/{sheet.edit_token}/review/?deal=0")
    page.get_by_text("Trick 1 of 10: Anna plays").wait_for()
    for card in [c for t in tricks for c in t]:
        tap(page, card)
    assert page.locator("[role=alert]").count() == 0  # nothing of Boris's bells shown yet
    page.get_by_role("link", name="Play stopped here (a claim, a called renonc)").tap()
    page.get_by_text("Tick the cards each player still holds").wait_for()
    assert page.locator("button[name=c]").count() == 0
    boris = page.locator("fieldset", has_text="Boris holds")
    box = boris.locator("label.card").first.bounding_box()
    assert box is not None and min(box["width"], box["height"]) >= 44
    assert fits_the_phone(page)
    for code in ("J-bells", "Q-bells", "K-bells"):
        boris.locator(f'input[value="1-{code}"]').check()
    page.get_by_role("button", name="Judge with these hands").tap()
    finding = page.locator(".finding.offence")
    finding.get_by_text("Trick 3: Boris — did not follow suit").wait_for()
    assert "Proof: Boris still holds S♦." in finding.inner_text()
    assert fits_the_phone(page)
    shot(page, "review-claim-hands")
