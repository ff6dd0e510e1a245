"""A form that opens filled in shows what it would do at once, on the GET, without a script:
the misdeal (the dealer is tapped already) and a deal written from its review; an empty form
has nothing to show yet.

The misdeal, worked by hand (docs/rules/marias.md#misdeal): the first misdeal of a player is
free; the second costs the misdeal fee, 2 Kč, to each of the two others: Anna -4.00 Kč,
Bohouš and Cyril +2.00 Kč each."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.referee.test_review_page import cards, review
from tests.rules.test_review import RU_TRICKS
from tests.sheets.helpers import page, text

THREE = ["Anna", "Bohouš", "Cyril"]


def preview_of(html: str) -> str:
    start = html.index('<div id="preview"')  # the preview is the form's last part
    return text(html[start:html.index("</form>", start)]).strip()  # up to the button


def test_the_first_misdeal_shows_at_once_that_it_is_free(client, make_sheet):
    sheet = make_sheet(ruleset="marias", players=THREE, first_dealer=0)
    said = preview_of(page(client.get(reverse("entry_new", args=[sheet.edit_token, "misdeal"]))))
    assert "Anna misdeals for the first time: free, deals again" in said
    assert "Anna 0.00 Kč → 0.00 Kč" in said


def test_a_second_misdeal_shows_its_fee_at_once(client, make_sheet):
    sheet = make_sheet(ruleset="marias", players=THREE, first_dealer=0,
                       entries=[{"type": "misdeal", "seat": 0}])
    said = preview_of(page(client.get(reverse("entry_new", args=[sheet.edit_token, "misdeal"]))))
    assert "Anna misdeals again: pays 2.00 Kč to every other player" in said
    assert "Anna 0.00 Kč → -4.00 Kč" in said
    assert "Bohouš 0.00 Kč → 2.00 Kč" in said and "Cyril 0.00 Kč → 2.00 Kč" in said


def test_a_deal_written_from_its_review_shows_at_once_what_is_left_to_tap(client, make_sheet):
    sheet = make_sheet(ruleset="ru")
    html = page(review(client, sheet, {"declarer": 0, "p": cards(RU_TRICKS)}))
    fill = re.search(r'href="([^"]*)"[^>]*>Write this deal', html).group(1).replace("&amp;", "&")
    # the tricks give the points; the contract is the scorer's to type
    assert preview_of(page(client.get(fill))) == "Still missing: Contract Write it down"


def test_an_empty_form_has_no_preview_yet(client, make_sheet):
    sheet = make_sheet(ruleset="marias", players=THREE, first_dealer=0)
    html = page(client.get(reverse("entry_new", args=[sheet.edit_token, "deal"])))
    assert preview_of(html) == "What this row will do appears here as you type. Write it down"
