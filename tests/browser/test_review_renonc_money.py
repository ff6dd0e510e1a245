"""A renonc proven by "Review a deal" in the deal being played (not on the sheet yet) is charged
to that deal, on a phone at 360 px, by tapping only (docs/rules/marias.md#stopped-deal).

The sheet (preset marias, three players, Jarda deals first), in haléře:

1. Franta plays hra in acorns (♣) with 60 card points: won, 0.20 from each defender ->
   [-20, -20, +40].
2. Jarda plays hra in hearts (red: 0.40 a defender).  In trick 3 Pepa does not follow bells and
   the review proves it with his Sv♦ in trick 4 (renonc 1).  The defence loses the deal at once:
   Pepa pays Jarda for both defenders, 0.40 x 2 = 0.80, and the renonc fee 2.00 to each other
   player: [+280, -480, +200] -> Jarda 2.60, Pepa -5.00, Franta 2.40.

Charged against row 1 instead (the last deal on the sheet), it would cancel Franta's won hra and
never charge Jarda's: 2.00 / -4.40 / 2.40.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.test_review_flow import fits_the_phone, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Jarda", "Pepa", "Franta")
FRANTA_WINS_HRA = {"type": "deal", "declarer": 2, "game": "suit", "trump": "acorns",
                   "announced": [], "card_points": 60}
TRICKS = (
    ("A-hearts", "J-hearts", "7-bells"),
    ("10-hearts", "9-bells", "7-leaves"),
    ("A-bells", "K-leaves", "8-bells"),  # Pepa throws a leaf on the bells led ...
    ("10-bells", "Q-bells", "8-leaves"),  # ... and plays bells the next trick: renonc proven
)


def totals(page: Any) -> list[str]:
    return [re.sub(r"\s+", " ", t) for t in page.locator("tfoot td").all_inner_texts()]


def test_a_renonc_proven_in_the_deal_being_played_costs_that_deal(
        live_server: Any, phone: Any, make_sheet: Any, shot: Any) -> None:
    sheet = make_sheet(ruleset="marias", players=PLAYERS, first_dealer=0,
                       entries=[FRANTA_WINS_HRA])
    page = phone.new_page()
    page.goto(live_server.url + reverse("sheet", args=[sheet.edit_token]))
    assert totals(page) == ["-0.20 Kč", "-0.20 Kč", "0.40 Kč"]

    page.get_by_role("link", name="Was it legal?").first.tap()
    page.get_by_role("link", name="Review a deal").tap()
    page.locator("fieldset", has_text="Who played the contract?").locator(
        "label", has_text="Jarda").tap()
    page.locator("fieldset", has_text="Trump").locator("label", has_text="♥").tap()
    page.get_by_role("button", name="Start laying out the tricks").tap()
    for card in (c for trick in TRICKS for c in trick):
        tap(page, card)
    finding = page.locator(".finding.offence")
    finding.get_by_text("Trick 3: Pepa — did not follow suit").wait_for()
    assert fits_the_phone(page)
    finding.get_by_role("link", name="What does it cost?").tap()

    # "In which deal?": the deal reviewed, which is not on the sheet yet
    being_played = page.locator("label", has_text="The deal being played").locator("input")
    expect(being_played).to_be_checked()
    expect(page.get_by_role("button", name="Write it on the sheet")).to_have_count(0)
    assert fits_the_phone(page)
    shot(page, "review-renonc-deal-being-played")
    page.get_by_role("link", name="Write that deal, stopped by the renonc").tap()

    # the stopped deal's form knows what the review knew: who played, the game, the trumps
    expect(page.locator("#id_stopped")).to_be_checked()
    expect(page.locator("#id_declarer_0")).to_be_checked()  # Jarda
    expect(page.locator("input[name=game][value=suit]")).to_be_checked()
    expect(page.locator("input[name=trump][value=hearts]")).to_be_checked()
    expect(page.locator("#id_renonc_seat_1")).to_be_checked()  # Pepa
    expect(page.locator("input[name=renonc_kind][value='1']")).to_be_checked()
    preview = page.locator("#preview")
    preview.get_by_text("Pepa → Jarda 0.80 Kč").wait_for()
    assert page.locator(".field .error:visible").count() == 0
    expect(page.locator("#fixing-note")).to_be_hidden()
    assert fits_the_phone(page)
    shot(page, "review-renonc-stopped-form")
    page.get_by_role("button", name="Write it down").tap()
    page.wait_for_url(re.compile(r"#e1$"))

    assert totals(page) == ["2.60 Kč", "-5.00 Kč", "2.40 Kč"]
    expect(page.locator("#e0 summary")).to_contain_text("Franta")  # row 1 is as it was



STOPPED_FORM = "?stopped=1&renonc_seat=1&renonc_kind=1"  # Pepa, renonc 1; nobody picked yet
READY = "html[data-offline=ready]"  # static/js/offline.js: the worker keeps the sheet's forms


def test_a_field_corrected_after_a_refusal_loses_its_old_error(
        live_server: Any, phone: Any, make_sheet: Any, shot: Any) -> None:
    sheet = make_sheet(ruleset="marias", players=PLAYERS, first_dealer=0,
                       entries=[FRANTA_WINS_HRA])
    page = phone.new_page()
    page.goto(live_server.url + reverse("entry_new", args=[sheet.edit_token, "deal"])
              + STOPPED_FORM)
    page.get_by_role("button", name="Write it down").tap()
    declarer = page.locator(".field", has=page.locator("#id_declarer_0"))
    expect(declarer.locator(".error")).to_contain_text("Tap a name")
    expect(page.locator("#form-summary")).to_contain_text("Tap a name")

    page.locator("label:has(#id_declarer_0)").tap()  # Jarda: the error above is answered
    expect(page.locator("#preview")).to_contain_text("A suit game names its trumps")
    expect(declarer.locator(".error")).to_have_count(0)
    expect(page.locator("#form-summary")).to_have_count(0)
    expect(page.locator("#fixing-note")).to_be_hidden()
    assert fits_the_phone(page)
    shot(page, "stopped-form-error-answered")

    page.get_by_role("button", name="Write it down").tap()  # refused again, for the trumps
    trumps = page.locator(".field", has=page.locator("input[name=trump]").first)
    expect(trumps.locator(".error")).to_contain_text("A suit game names its trumps")
    expect(declarer.locator(".error")).to_have_count(0)
    expect(page.locator("#fixing-note")).to_be_hidden()  # the phone is online
    expect(page.locator("#fixing-note-online")).to_be_hidden()


def test_a_refused_row_opened_in_the_form_online_does_not_speak_of_the_phone_queue(
        live_server: Any, phone: Any, make_sheet: Any) -> None:
    sheet = make_sheet(ruleset="marias", players=PLAYERS, first_dealer=0,
                       entries=[FRANTA_WINS_HRA])
    page = phone.new_page()
    page.goto(live_server.url + reverse("sheet", args=[sheet.edit_token]))
    page.locator(READY).wait_for(state="attached", timeout=15_000)
    page.goto(live_server.url + reverse("entry_new", args=[sheet.edit_token, "deal"])
              + STOPPED_FORM)
    page.locator(READY).wait_for(state="attached", timeout=15_000)
    phone.set_offline(True)
    page.get_by_role("button", name="Write it down").tap()  # nobody picked: kept on the phone
    page.wait_for_url(re.compile(r"/s/[\w-]+/(#.*)?$"))
    phone.set_offline(False)
    refused = page.locator("tr.pending.status-refused")
    expect(refused).to_have_count(1, timeout=15_000)
    refused.locator("[data-pending-action=fix]").tap()
    page.wait_for_url(re.compile(r"#fix-"))
    expect(page.locator("#fixing-note-online")).to_be_visible()
    expect(page.locator("#fixing-note-online")).to_have_text(
        "This row was not written. Correct it and tap “Write it down”.")
    expect(page.locator("#fixing-note")).to_be_hidden()
    assert fits_the_phone(page)
