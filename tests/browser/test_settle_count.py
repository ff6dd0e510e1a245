"""Settle-up says what its count counts, on a phone at 360 px: a deal stopped by a renonc is a
deal played, as a tournament counts it (docs/rules/marias.md#stopped-deal); a renonc row of its
own is a row of the sheet but no deal."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.test_review_flow import fits_the_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Jarda", "Pepa", "Franta")
FRANTA_WINS_HRA = {"type": "deal", "declarer": 2, "game": "suit", "trump": "acorns",
                   "announced": [], "card_points": 60}
LATE_RENONC = {"type": "renonc", "seat": 0, "kind": 1, "played_out": True}  # fee only
STOPPED = {"type": "renonc", "seat": 1, "kind": 1,
           "deal": {"declarer": 0, "game": "suit", "trump": "hearts", "announced": []}}
SHEET = [FRANTA_WINS_HRA, LATE_RENONC, STOPPED]  # 3 rows: 2 deals played, 1 renonc row
COUNT = ("After 2 deals played (a deal stopped by a renonc counts as one). 1 row of the sheet "
         "is not a deal: a renonc or a misdeal written on its own.")


def test_settle_up_counts_a_stopped_deal_as_a_deal_and_says_so(
        live_server: Any, phone: Any, make_sheet: Any, shot: Any) -> None:
    sheet = make_sheet(ruleset="marias", players=PLAYERS, first_dealer=0, entries=SHEET)
    page = phone.new_page()
    page.goto(live_server.url + reverse("marias_settle", args=[sheet.edit_token]))
    expect(page.locator("#settle p").first).to_have_text(COUNT)
    assert fits_the_phone(page)
    shot(page, "settle-count")
