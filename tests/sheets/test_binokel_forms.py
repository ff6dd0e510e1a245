"""The Binokel entry forms: deal, concession, redeal, and the meld calculator.

Every number below is worked out by hand from docs/rules/binokel.md (preset binokel, scale 1:
25 trick points a deal, opening bid 15, concession bonus 3, target 100; meld values pair 2,
trump pair 4, family 10, trump family 15, Binokel 4, Doppelbinokel 30, four aces 10, four kings 8,
four Obers 6, four Unters 4, Diss 1).  Players Anna, Bea, Cem; Anna deals first.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from scoresheet.sheets.models import Entry, Sheet
from tests.sheets.helpers import HX, page, text, write_fields

pytestmark = pytest.mark.django_db

PLAYERS = ("Anna", "Bea", "Cem")

# The docs' example: Bea bids 18 in hearts; melds 4, 12, 2; tricks 7, 8 and Cem the rest 10.
# Bea 12 + 8 = 20 >= 18: made, +20; Anna 4 + 7 = 11; Cem 2 + 10 = 12.
BEA_18 = {"declarer": "1", "bid": "18", "trump": "hearts", "melds_0": "4", "melds_1": "12",
          "melds_2": "2", "points_0": "7", "points_1": "8"}


def binokel(make_sheet: Any, edition: int | None = None, **options: Any) -> Sheet:
    sheet: Sheet = make_sheet(ruleset="binokel", players=PLAYERS, options=options,
                              edition=edition)
    return sheet


def new_url(sheet: Sheet, kind: str = "deal") -> str:
    return reverse("entry_new", args=[sheet.edit_token, kind])


def form_of(client: Any, sheet: Sheet, kind: str = "deal") -> dict[str, str]:
    return write_fields(page(client.get(new_url(sheet, kind))))


def entries(sheet: Sheet) -> list[dict[str, Any]]:
    return list(Entry.objects.filter(sheet=sheet).order_by("position")
                .values_list("data", flat=True))


def block(html: str, element_id: str) -> str:
    """The text of the element with ``element_id`` (up to its closing tag, no nesting)."""
    match = re.search(rf'id="{element_id}"[^>]*>(.*?)</(div|p)>', html, re.S)
    assert match, f"no #{element_id} in the page"
    return text(match.group(1)).strip()


def post(client: Any, sheet: Sheet, data: dict[str, Any], kind: str = "deal", **extra: Any) -> Any:
    return client.post(new_url(sheet, kind), {**form_of(client, sheet, kind), **data}, **extra)


def preview(client: Any, sheet: Sheet, data: dict[str, Any], kind: str = "deal") -> str:
    response = post(client, sheet, {**data, "preview": "1"}, kind, **HX)
    assert response.status_code == 200
    assert "<html" not in page(response)  # the fragment only
    return text(page(response))


# --------------------------------------------------------------------------- the pages


def test_deal_form_has_seat_buttons_trumps_and_a_calculator_per_seat(client, make_sheet):
    sheet = binokel(make_sheet)
    response = client.get(new_url(sheet))
    html = page(response)
    assert response.status_code == 200 and "<html" in html
    for seat in range(3):
        assert f'name="declarer" value="{seat}"' in html
        assert f'name="melds_{seat}"' in html and f'name="points_{seat}"' in html
        for kind in ("pair", "trump_family", "binokel", "double_binokel", "four_aces", "diss"):
            assert f'name="calc_{seat}_{kind}"' in html
            assert f'name="tap" value="{seat}:{kind}:+"' in html
            assert f'name="tap" value="{seat}:{kind}:-"' in html
    for suit in ("hearts", "diamonds", "clubs", "spades"):
        assert f'name="trump" value="{suit}"' in html
    assert 'name="nines_0"' not in html  # only under keep_trump_nines
    words = text(html)
    assert "Trumpf-Familie 15" in words and "Doppelbinokel 30" in words and "Diss 1" in words
    assert "they are the rest of 25" in words
    assert 'placeholder="15"' not in html  # no grey opening bid that looks filled in
    assert 'action="' + new_url(sheet) + '"' in html  # works without JavaScript


def test_scale_10_shows_its_own_values(client, make_sheet):
    sheet = binokel(make_sheet, scale=10)
    words = text(page(client.get(new_url(sheet))))
    # every value times ten: a trump family is 150, a deal 250 trick points, the opening bid 150
    assert "Trumpf-Familie 150" in words and "Paar 20" in words
    assert "they are the rest of 250" in words


def test_the_sheet_offers_deal_concession_and_redeal(client, make_sheet):
    sheet = binokel(make_sheet)
    words = text(page(client.get(reverse("sheet", args=[sheet.edit_token]))))
    assert "+ Deal" in words and "+ Concession" in words and "+ Redeal" in words


def test_a_table_without_going_off_is_not_offered_a_concession(client, make_sheet):
    sheet = binokel(make_sheet, concede=False)
    words = text(page(client.get(reverse("sheet", args=[sheet.edit_token]))))
    assert "+ Deal" in words and "+ Concession" not in words
    data = {"declarer": "2", "bid": "20", "melds_0": "10"}
    response = post(client, sheet, data, "concession")
    assert response.status_code == 400
    assert "This table does not allow going off after the Dapp" in text(page(response))
    assert entries(sheet) == []


# --------------------------------------------------------------------------- deals


def test_preview_of_a_deal_fills_in_the_last_trick_points(client, make_sheet):
    sheet = binokel(make_sheet)
    words = preview(client, sheet, BEA_18)
    assert "Cem: 10 (the rest of the deal)" in words  # 25 - 7 - 8
    assert "Bea made 18: melds 12 + tricks 8 = 20" in words
    assert "Anna 0 → 11 (+11)" in words and "Bea 0 → 20 (+20)" in words
    assert "Cem 0 → 12 (+12)" in words
    assert entries(sheet) == []


def test_preview_of_a_deal_shows_the_engines_objection(client, make_sheet):
    sheet = binokel(make_sheet)
    words = preview(client, sheet, {**BEA_18, "bid": "14"})
    assert "Not possible: Bid 14 is below the opening bid 15" in words


def test_preview_says_who_loses_melds_without_a_trick_point(client, make_sheet):
    sheet = binokel(make_sheet)
    # Cem takes none of the 25: Anna 10, Bea 15.  Cem's 2 meld points are lost: Cem writes 0.
    words = preview(client, sheet, {**BEA_18, "points_0": "10", "points_1": "15"})
    assert "Cem: 0 (the rest of the deal)" in words
    assert "Cem took 0 trick points, fewer than 1, and loses 2 meld points" in words
    assert "Cem 0 → 0" in words


def test_writing_a_deal_stores_the_format_entry(client, make_sheet):
    sheet = binokel(make_sheet)
    response = post(client, sheet, BEA_18)
    assert response.status_code == 302
    assert entries(sheet) == [{"type": "deal", "declarer": 1, "bid": 18, "trump": "hearts",
                               "melds": [4, 12, 2], "points": [7, 8, 10]}]
    words = text(page(client.get(response["Location"])))
    assert "18 ♥" in words
    assert "Total 11 20 12" in words


def test_a_blank_meld_field_is_nothing_melded(client, make_sheet):
    sheet = binokel(make_sheet)
    assert post(client, sheet, {**BEA_18, "melds_0": "", "melds_2": ""}).status_code == 302
    assert entries(sheet)[0]["melds"] == [0, 12, 0]


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        ({"declarer": ""}, "", "Who played? Tap a name."),
        ({"declarer": "3"}, "", "Who played? Tap one of the buttons."),
        ({"bid": ""}, "", "Type the bid."),
        ({"bid": "a lot"}, "", "Bid: type a whole number, digits only."),
        ({"trump": ""}, "", "Trumps: tap one."),
        ({"trump": "acorns"}, "", "Trumps: tap one of the buttons."),
        ({"melds_0": "four"}, "calc-out-0", "Melds of Anna: type a whole number, digits only."),
        ({"melds_2": "-2"}, "calc-out-2", "Melds of Cem: at least 0."),
        ({"points_0": "seven"}, "", "Trick points of Anna: type a whole number, digits only."),
        ({"points_1": "-8"}, "", "Trick points of Bea: at least 0."),
        ({"points_0": ""}, "", "Type the trick points of every player but one."),
        ({"calc_1_pair": "two"}, "calc-out-1", "Paar of Bea: type a whole number, digits only."),
        ({"calc_1_diss": "-1"}, "calc-out-1",
         "Diss of Bea: at least 0."),
        ({"calc_0_binokel": "10"}, "calc-out-0",
         "Binokel of Anna: at most 9."),
    ],
)
def test_bad_input_is_refused_on_its_field(client, make_sheet, change, where, message):
    sheet = binokel(make_sheet)
    response = post(client, sheet, {**BEA_18, **change})
    html = page(response)
    assert response.status_code == 400
    assert message in (block(html, where) if where else text(html))
    assert entries(sheet) == []


def test_nine_trump_nines_typed_are_refused_on_their_field(client, make_sheet):
    sheet = binokel(make_sheet, keep_trump_nines=True)
    response = post(client, sheet, {**BEA_18, "nines_2": "many"})
    assert response.status_code == 400
    assert "Trump nines of Cem: type a whole number, digits only." in text(page(response))


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        ({"bid": "14"}, "bid", "Bid 14 is below the opening bid 15"),
        # 25 trick points + the best melds of the 15 cards the declarer keeps, 70 = 95
        ({"bid": "96"}, "bid", "Bid 96 is more than a declarer can ever score (95: "
                               "25 trick points and 70 in melds)"),
        # 15 cards show at most 70; the message names the player
        ({"melds_0": "71"}, "calc-out-0",
         "Anna melds 71, more than one hand can show (at most 70)"),
        # 7 + 8 + 11 = 26
        ({"points_2": "11"}, "points", "Trick points add up to 26, a deal has 25"),
    ],
)
def test_the_engines_objection_is_shown_on_its_field(client, make_sheet, change, where, message):
    sheet = binokel(make_sheet)
    response = post(client, sheet, {**BEA_18, **change})
    html = page(response)
    assert response.status_code == 400
    if where == "bid":
        bid = html[html.index('contract-field has-error"'):]
        assert message in text(bid[:bid.index("</div>")])
    elif where == "points":
        assert 'class="points binokel has-error"' in html
        assert message in text(html)
    else:
        assert message in block(html, where)
    assert entries(sheet) == []


def test_scale_10_refuses_melds_no_set_of_melds_adds_up_to(client, make_sheet):
    sheet = binokel(make_sheet, scale=10)
    # every meld is a multiple of 10 at scale 10; tricks 70 + 80 + 100 = 250
    data = {**BEA_18, "bid": "180", "melds_0": "45", "melds_1": "120", "melds_2": "20",
            "points_0": "70", "points_1": "80"}
    response = post(client, sheet, data)
    assert response.status_code == 400
    assert ("Anna melds 45, not a multiple of 10: no set of melds adds up to that"
            in block(page(response), "calc-out-0"))


# --------------------------------------------------------------------------- the meld calculator


def calc(seat: int, **counts: int) -> dict[str, str]:
    return {f"calc_{seat}_{kind}": str(count) for kind, count in counts.items()}


def test_the_calculator_works_out_the_melds_and_keeps_the_counts(client, make_sheet):
    sheet = binokel(make_sheet)
    # Bea: trump pair 4 + four kings 8 = 12; Anna: a Binokel 4; Cem types 2.
    data = {**BEA_18, "melds_0": "", "melds_1": "", **calc(0, binokel=1),
            **calc(1, trump_pair=1, four_kings=1)}
    words = preview(client, sheet, data)
    assert "Bea made 18: melds 12 + tricks 8 = 20" in words
    assert post(client, sheet, data).status_code == 302
    assert entries(sheet) == [{
        "type": "deal", "declarer": 1, "bid": 18, "trump": "hearts", "melds": [4, 12, 2],
        "points": [7, 8, 10],
        "meta": {"melds_shown": [{"binokel": 1}, {"trump_pair": 1, "four_kings": 1}, {}]},
    }]


def test_correcting_a_deal_shows_the_calculator_as_it_was(client, make_sheet):
    sheet = binokel(make_sheet)
    data = {**BEA_18, "melds_1": "", **calc(1, trump_pair=1, four_kings=1)}
    assert post(client, sheet, data).status_code == 302
    edit = reverse("entry_edit", args=[sheet.edit_token, 0])
    html = page(client.get(edit))
    assert 'name="calc_1_trump_pair" value="1"' in html
    assert 'name="calc_1_four_kings" value="1"' in html
    assert '<input type="number" name="melds_1" inputmode' in html  # blank: the calculator counts
    assert 'name="melds_0" value="4"' in html
    assert block(html, "calc-out-1") == "Meld calculator says 12"
    # Sent back as it is, nothing changes.
    unchanged = {**write_fields(html), **data}
    response = client.post(edit, unchanged, follow=True)
    assert "Row 1 is unchanged." in text(page(response))


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ({"binokel": 3}, "3 Binokels: the deck holds only two Obers of spades and two Unters of "
                         "diamonds"),
        ({"binokel": 2}, "Two Binokels are a Doppelbinokel: tap Doppelbinokel instead"),
        ({"binokel": 1, "double_binokel": 1},
         "A Binokel beside a Doppelbinokel needs a third Ober of spades"),
        ({"trump_pair": 3}, "3 × trump pair: one hand can show at most 2"),
        ({"pair": 5, "family": 2}, "5 pairs and 2 families need 7 King-Ober couples outside "
                                   "trumps; the deck has 6"),
        # two trump families and a family are 15 cards, a Diss makes 16: too many for Anna
        ({"trump_family": 2, "family": 1, "diss": 1},
         "These melds need at least 16 different cards; the hand holds 15"),
    ],
)
def test_the_calculator_refuses_what_no_hand_can_show(client, make_sheet, counts, message):
    sheet = binokel(make_sheet)
    data = {**BEA_18, "melds_0": "", **calc(0, **counts)}
    response = post(client, sheet, data)
    assert response.status_code == 400
    assert message in block(page(response), "calc-out-0")  # on Anna's meld field
    assert entries(sheet) == []


def test_the_declarer_melds_from_the_15_cards_he_keeps(client, make_sheet):
    """Seed 002: the declarer "nimmt ... den Dapp auf ... drückt ... drei Karten", then "Melden":
    16 cards of melds are too many for him as for anybody."""
    sheet = binokel(make_sheet)
    data = {**BEA_18, "melds_1": "", **calc(1, trump_family=2, family=1, diss=1)}
    response = post(client, sheet, data)
    assert response.status_code == 400
    assert "at least 16 different cards" in block(page(response), "calc-out-1")
    assert entries(sheet) == []


def test_a_sheet_of_edition_1_lets_the_declarer_meld_from_hand_and_dapp(client, make_sheet):
    sheet = binokel(make_sheet, edition=1)
    # 15 + 3 cards: 15 + 15 + 10 + 1 = 41; Bea 41 + 8 = 49 >= 18.
    data = {**BEA_18, "melds_1": "", **calc(1, trump_family=2, family=1, diss=1)}
    assert post(client, sheet, data).status_code == 302
    assert entries(sheet)[0]["melds"] == [4, 41, 2]


def test_a_declarer_without_a_trump_pair_is_refused_where_the_table_wants_one(
    client, make_sheet
):
    sheet = binokel(make_sheet, declarer_needs_trump_pair=True)
    by_calculator = {**BEA_18, "melds_1": "", **calc(1, four_kings=1, four_obers=1)}
    response = post(client, sheet, by_calculator)
    assert response.status_code == 400
    assert ("At this table the declarer must show a trump pair"
            in block(page(response), "calc-out-1"))
    # typed: 2 is less than a trump pair is worth
    response = post(client, sheet, {**BEA_18, "melds_1": "2"})
    assert response.status_code == 400
    assert ("The declarer melds 2, less than a trump pair (4); at this table a declarer without "
            "a trump pair must go off" in block(page(response), "calc-out-1"))
    assert entries(sheet) == []


def test_calculator_and_typed_number_must_agree(client, make_sheet):
    sheet = binokel(make_sheet)
    response = post(client, sheet, {**BEA_18, **calc(1, trump_pair=1)})  # 4, typed 12
    assert response.status_code == 400
    assert ("The calculator says 4, the number typed is 12: clear one of them."
            in block(page(response), "calc-out-1"))


def test_a_plus_without_javascript_counts_and_shows_the_page_again(client, make_sheet):
    sheet = binokel(make_sheet)
    # Who played and trumps are not chosen yet: a tap is not a write, so nothing is missing.
    data = {**BEA_18, "declarer": "", "trump": "", "melds_0": "", **calc(0, binokel=1),
            "tap": "0:binokel:+"}
    response = post(client, sheet, data)
    html = page(response)
    assert response.status_code == 200 and "<html" in html
    assert 'name="calc_0_binokel" value="2"' in html
    assert "Two Binokels are a Doppelbinokel" in block(html, "calc-out-0")
    assert 'name="bid" value="18"' in html  # the rest of the form is kept
    assert "This field is required" not in html
    assert entries(sheet) == []


def test_a_minus_counts_down_to_nothing_and_not_below(client, make_sheet):
    sheet = binokel(make_sheet)
    data = {**BEA_18, **calc(2, pair=1), "melds_2": "", "tap": "2:pair:-"}
    html = page(post(client, sheet, data))
    assert 'name="calc_2_pair" value="0"' in html
    assert block(html, "calc-out-2") == ""
    html = page(post(client, sheet, {**data, "calc_2_pair": "0"}))
    assert 'name="calc_2_pair" value="0"' in html
    assert entries(sheet) == []


def test_a_post_naming_an_unknown_button_writes_nothing(client, make_sheet):
    sheet = binokel(make_sheet)
    response = post(client, sheet, {**BEA_18, "tap": "7:trumps:+"})
    assert response.status_code == 200
    assert entries(sheet) == []


def test_htmx_tap_and_recalculation_answer_with_the_seats_sum(client, make_sheet):
    sheet = binokel(make_sheet)
    data = {**BEA_18, "melds_1": "", **calc(1, trump_pair=1), "tap": "1:four_kings:+"}
    html = page(post(client, sheet, data, **HX))
    # htmx picks the count box and the seat's sum out of the page (hx-select, hx-select-oob)
    assert 'id="id_calc_1_four_kings"' in html and 'name="calc_1_four_kings" value="1"' in html
    assert block(html, "calc-out-1").startswith("Meld calculator says 12")
    assert block(html, "calc-end-1") == "Bea melds 12"
    assert 'hx-trigger="load"' in html  # then asks for the preview again
    typed = {**BEA_18, "melds_1": "", **calc(1, trump_pair=1, four_kings=1), "recalculate": "1"}
    html = page(post(client, sheet, typed, **HX))
    assert block(html, "calc-out-1") == "Meld calculator says 12"
    assert entries(sheet) == []


def test_keep_trump_nines_takes_the_diss_count_from_the_calculator(client, make_sheet):
    sheet = binokel(make_sheet, keep_trump_nines=True)
    # Cem shows a pair and two Diss (2 + 2 = 4) but takes no trick point: Anna 10, Bea 15.
    # He loses his melds but keeps the Diss: 2 x 1 = 2.  Anna 4 + 10 = 14; Bea 12 + 15 = 27.
    data = {**BEA_18, "melds_2": "", **calc(2, pair=1, diss=2), "points_0": "10",
            "points_1": "15"}
    words = preview(client, sheet, data)
    assert "Cem took 0 trick points, fewer than 1, and loses 2 meld points" in words
    assert "Cem keeps 2 for trump nines" in words
    assert "Cem 0 → 2 (+2)" in words and "Bea 0 → 27 (+27)" in words
    response = post(client, sheet, {**data, "nines_2": "1"})
    assert response.status_code == 400
    assert ("The calculator shows 2 trump nines, the number typed is 1: clear one of them."
            in text(page(response)))
    assert post(client, sheet, data).status_code == 302
    assert entries(sheet)[0]["trump_nines"] == [0, 0, 2]


# --------------------------------------------------------------------------- concession, redeal


def test_concession_page_preview_and_write(client, make_sheet):
    sheet = binokel(make_sheet)
    html = page(client.get(new_url(sheet, "concession")))
    assert "<html" in html and 'name="trump"' not in html and 'name="points_0"' not in html
    assert 'name="calc_0_binokel"' in html
    # Cem goes off at 20: -20.  Anna 10 + 3 = 13, Bea a Binokel 4 + 3 = 7.
    data = {"declarer": "2", "bid": "20", "melds_0": "10", **calc(1, binokel=1), "melds_2": "2"}
    words = preview(client, sheet, data, "concession")
    assert "Cem went off at 20; the others score their melds + 3" in words
    assert "Anna 0 → 13 (+13)" in words and "Cem 0 → -20 (-20)" in words
    assert post(client, sheet, data, "concession").status_code == 302
    assert entries(sheet) == [{"type": "concession", "declarer": 2, "bid": 20,
                               "melds": [10, 4, 2], "meta": {"melds_shown": [{}, {"binokel": 1},
                                                                             {}]}}]


def test_the_declarer_who_goes_off_owes_no_trump_pair(client, make_sheet):
    sheet = binokel(make_sheet, declarer_needs_trump_pair=True)
    data = {"declarer": "2", "bid": "20", **calc(2, four_kings=1)}
    assert post(client, sheet, data, "concession").status_code == 302
    assert entries(sheet)[0]["melds"] == [0, 0, 8]


def test_concession_bad_input(client, make_sheet):
    sheet = binokel(make_sheet)
    response = post(client, sheet, {"declarer": "", "bid": "twenty"}, "concession")
    words = text(page(response))
    assert response.status_code == 400
    assert "Who goes off? Tap a name." in words
    assert "Bid: type a whole number, digits only." in words
    response = post(client, sheet, {"declarer": "0", "bid": "12"}, "concession")
    assert "Bid 12 is below the opening bid 15" in text(page(response))
    assert entries(sheet) == []


def test_redeal_offers_the_reasons_the_table_allows(client, make_sheet):
    sheet = binokel(make_sheet)
    html = page(client.get(new_url(sheet, "redeal")))
    assert "<html" in html
    for reason in ("five_nines", "all_pass", "misdeal"):
        assert f'value="{reason}"' in html
    words = preview(client, sheet, {"reason": "misdeal"}, "redeal")
    assert "dealt again: misdeal" in words
    assert post(client, sheet, {"reason": "bad_luck"}, "redeal").status_code == 400
    assert post(client, sheet, {"reason": "five_nines"}, "redeal").status_code == 302
    assert entries(sheet) == [{"type": "redeal", "reason": "five_nines"}]
    strict = binokel(make_sheet, redeal_five_nines=False, all_pass="first_must_bid")
    html = page(client.get(new_url(strict, "redeal")))
    assert 'value="misdeal"' in html
    assert 'value="five_nines"' not in html and 'value="all_pass"' not in html


# --------------------------------------------------------------------------- a whole game


def test_a_whole_game_through_the_web_ends_with_the_banner(client, make_sheet):
    sheet = binokel(make_sheet)
    sheet_url = reverse("sheet", args=[sheet.edit_token])

    def write(kind: str, data: dict[str, Any]) -> str:
        response = post(client, sheet, data, kind)
        assert response.status_code == 302, text(page(response))
        return text(page(client.get(sheet_url)))

    # 1. Anna deals.  Bea 30 in hearts: trump family 15 + four aces 10 = 25; Anna a
    #    Doppelbinokel 30; tricks 5, 15, Cem 25 - 20 = 5.  Bea 25 + 15 = 40 >= 30: +40;
    #    Anna 30 + 5 = 35; Cem 5.  Totals 35 / 40 / 5.
    words = write("deal", {"declarer": "1", "bid": "30", "trump": "hearts",
                           **calc(1, trump_family=1, four_aces=1), **calc(0, double_binokel=1),
                           "points_0": "5", "points_1": "15"})
    assert "Total 35 40 5" in words
    # 2. Bea deals.  Cem goes off at 20: -20; Anna 10 + 3 = 13, Bea a Binokel 4 + 3 = 7.
    #    Totals 48 / 47 / -15.
    words = write("concession", {"declarer": "2", "bid": "20", "melds_0": "10",
                                 **calc(1, binokel=1), "melds_2": "2"})
    assert "Total 48 47 -15" in words
    # 3. Cem deals: misdeal, dealt again.  Nothing changes; every seat has dealt once.
    words = write("redeal", {"reason": "misdeal"})
    assert "Total 48 47 -15" in words
    # 4. Anna deals.  Anna 40 in diamonds: trump family 15 + Binokel 4 + four Unters 4 = 23;
    #    tricks 20, 3, Cem 2.  Anna 23 + 20 = 43 >= 40: +43 -> 91; Bea 3 -> 50; Cem 2 -> -13.
    words = write("deal", {"declarer": "0", "bid": "40", "trump": "diamonds",
                           **calc(0, trump_family=1, binokel=1, four_unters=1),
                           "points_0": "20", "points_1": "3"})
    assert "Total 91 50 -13" in words
    assert "Game over" not in words
    # 5. Bea deals.  Anna 20 in spades: trump pair 4 + four aces 10 = 14; tricks 10, 10, Cem 5.
    #    Anna 14 + 10 = 24 >= 20: +24 -> 115 >= 100, and she declared: she wins.
    #    Bea 10 -> 60; Cem 5 -> -8.
    words = write("deal", {"declarer": "0", "bid": "20", "trump": "spades",
                           **calc(0, trump_pair=1, four_aces=1),
                           "points_0": "10", "points_1": "10"})
    assert "Total 115 60 -8" in words
    assert "Game over Anna wins: reached 100 as declarer" in words
    assert "+ Deal" not in words
    html = page(client.get(sheet_url))
    assert re.findall(r'<span class="c">([^<]+)</span>', html) == [
        "30 ♥", "20 off", "40 ♦", "20 ♠"]
    # nothing can be added after the winning row (a form kept from before the end)
    response = client.post(new_url(sheet), {**write_fields(html), **BEA_18})
    assert response.status_code == 400
    assert "The game is already over" in text(page(response))
    assert len(entries(sheet)) == 5


def test_the_history_says_what_a_binokel_row_held(client, make_sheet):
    sheet = binokel(make_sheet)
    assert post(client, sheet, BEA_18).status_code == 302
    words = text(page(client.get(reverse("entry_history", args=[sheet.edit_token, 0]))))
    assert "Bea 18 ♥; melds 4/12/2; tricks 7/8/10" in words
