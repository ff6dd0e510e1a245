"""Entering a row (/s/<token>/entries/new/<kind>/): the form, its live preview, the write."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import unquote

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.sheets.models import Entry, EntryChange, Sheet
from tests.conftest import deal
from tests.sheets.helpers import HX, THREE_DEALS, page, text, write_fields


def new_url(sheet: Sheet, kind: str = "deal") -> str:
    return reverse("entry_new", args=[sheet.edit_token, kind])


def form_of(client, sheet: Sheet, kind: str = "deal") -> dict[str, str]:
    return write_fields(page(client.get(new_url(sheet, kind))))


# Deal 1 of helpers.THREE_DEALS as the form sends it: Vera's points left for the form to fill.
BORIS_120 = {"declarer": "1", "contract": "120", "points_0": "30", "points_1": "75",
             "marriages_1": ["hearts"]}


def entries(sheet: Sheet) -> list[dict]:
    rows = Entry.objects.filter(sheet=sheet).order_by("position")
    return list(rows.values_list("data", flat=True))


# --------------------------------------------------------------------------- the page


def test_deal_form_has_a_button_per_player_and_marriage(client, make_sheet):
    sheet = make_sheet()
    html = page(client.get(new_url(sheet)))
    for seat, name in enumerate(["Anna", "Boris", "Vera"]):
        assert f'<span>{name}</span>' in html
        assert f'name="declarer" value="{seat}"' in html
        assert f'name="points_{seat}"' in html
        assert f'name="marriages_{seat}" value="hearts"' in html
    assert "♥ 100" in html and "♦ 80" in html and "♣ 60" in html and "♠ 40" in html
    assert 'inputmode="numeric"' in html
    assert 'name="dark"' in html  # ru plays dark
    assert 'hx-post="' in html and 'hx-trigger="input delay:300ms, change"' in html
    assert 'action="' + new_url(sheet) + '"' in html  # works without JavaScript too
    assert write_fields(html)["revision"] == "0"


def test_deal_form_of_a_table_without_dark_has_no_dark_switch(client, make_sheet):
    sheet = make_sheet(ruleset="tisic")
    assert 'name="dark"' not in page(client.get(new_url(sheet)))


def test_unknown_row_kind_is_404(client, make_sheet):
    sheet = make_sheet()
    assert client.get(new_url(sheet, "trick")).status_code == 404


def test_read_only_token_cannot_open_or_post_the_form(client, make_sheet):
    sheet = make_sheet()
    url = reverse("entry_new", args=[sheet.view_token, "deal"])
    assert client.get(url).status_code == 404
    assert client.post(url, {**BORIS_120, "revision": "0", "key": "k" * 32}).status_code == 404
    assert entries(sheet) == []


# --------------------------------------------------------------------------- preview (htmx)


def test_preview_says_what_the_row_will_do_before_anything_is_saved(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS[:2])
    data = {**form_of(client, sheet), "preview": "1", "declarer": "0", "contract": "100",
            "points_0": "70", "points_1": "43", "marriages_0": ["diamonds"]}
    response = client.post(new_url(sheet), data, **HX)
    html = text(page(response))
    assert response.status_code == 200
    assert "Anna makes 100 with 150: +100" in html
    assert "Boris 43 -> 45" in html  # rounded to the nearest 5 (RULES.md 1.1)
    assert "Vera: 7 (the rest of the deal)" in html  # 120 - 70 - 43
    assert "Anna 70 → 170 (+100)" in html and "Vera -85 → -80 (+5)" in html
    # the 7 also appears beside Vera's empty input (an out-of-band swap), the others are cleared
    assert '<output class="fill" id="fill-2" hx-swap-oob="true">7</output>' in page(response)
    assert '<output class="fill" id="fill-0" hx-swap-oob="true"></output>' in page(response)
    assert "<html" not in page(response)
    assert len(entries(sheet)) == 2  # a preview writes nothing
    assert Sheet.objects.get(pk=sheet.pk).revision == 2


def test_preview_shows_the_engines_objection(client, make_sheet):
    sheet = make_sheet()
    data = {**form_of(client, sheet), "preview": "1", "declarer": "1", "contract": "120",
            "points_0": "30", "points_1": "80", "points_2": "15"}
    html = text(page(client.post(new_url(sheet), data, **HX)))
    assert "Not possible: Card points add up to 125, a deal has 120." in html


def test_preview_of_a_half_typed_form_says_what_is_missing(client, make_sheet):
    sheet = make_sheet()
    data = {**form_of(client, sheet), "preview": "1", "points_0": "30"}
    html = text(page(client.post(new_url(sheet), data, **HX)))
    assert "Still missing: Who played?, Contract" in html


def test_preview_warns_when_another_phone_wrote_meanwhile(client, make_sheet, write):
    sheet = make_sheet()
    fields = form_of(client, sheet)
    write(sheet, THREE_DEALS[0])
    data = {**fields, "preview": "1", "declarer": "2", "contract": "100", "points_0": "40",
            "points_1": "20"}
    html = text(page(client.post(new_url(sheet), data, **HX)))
    assert "Another phone changed the sheet meanwhile" in html


# --------------------------------------------------------------------------- writing


def test_writing_a_deal_stores_the_format_entry_and_shows_the_row(client, make_sheet):
    sheet = make_sheet()
    response = client.post(new_url(sheet), {**form_of(client, sheet), **BORIS_120})
    assert response.status_code == 302
    assert response["Location"] == reverse("sheet", args=[sheet.edit_token]) + "#e0"
    # the last defender's points are the rest of 120: 120 - 30 - 75 = 15
    assert entries(sheet) == [{
        "type": "deal", "declarer": 1, "contract": 120, "points": [30, 75, 15],
        "marriages": [[], ["hearts"], []],
    }]
    sheet.refresh_from_db()
    assert sheet.revision == 1
    html = text(page(client.get(response["Location"])))
    assert "Row 1 written." in html
    assert "120 +120" in html


def test_every_write_is_recorded_in_the_history_with_its_device(client, make_sheet):
    sheet = make_sheet()
    client.post(new_url(sheet), {**form_of(client, sheet), **BORIS_120},
                HTTP_USER_AGENT="Mozilla/5.0 (Linux; Android 14) Chrome/126")
    change = EntryChange.objects.get(sheet=sheet)
    assert change.action == "add" and change.before is None
    assert change.after["points"] == [30, 75, 15]
    assert len(change.device) == 16 and "Android" in change.user_agent
    # the cookie holds the id and the site's signature of it (scoresheet/protect/device.py)
    assert client.cookies["listek_device"].value.split(":")[0] == change.device


@pytest.mark.postgres
def test_double_submit_enters_the_deal_once(client, make_sheet):
    sheet = make_sheet()
    data = {**form_of(client, sheet), **BORIS_120}
    first = client.post(new_url(sheet), data)
    second = client.post(new_url(sheet), data)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert len(entries(sheet)) == 1
    assert Sheet.objects.get(pk=sheet.pk).revision == 1


@pytest.mark.postgres
def test_a_retry_after_another_phone_wrote_is_still_entered_once(client, make_sheet, write):
    sheet = make_sheet()
    data = {**form_of(client, sheet), **BORIS_120}
    assert client.post(new_url(sheet), data).status_code == 302
    write(sheet, THREE_DEALS[1])  # another phone adds row 2
    retry = client.post(new_url(sheet), data)  # the first phone's retry of its lost answer
    assert retry.status_code == 302
    assert [e["declarer"] for e in entries(sheet)] == [1, 2]


@pytest.mark.postgres
def test_a_write_against_an_old_revision_is_refused_with_the_current_sheet(
    client, make_sheet, write
):
    sheet = make_sheet()
    fields = form_of(client, sheet)
    write(sheet, THREE_DEALS[0])  # another phone writes row 1 while this one types
    data = {**fields, "declarer": "2", "contract": "100", "points_0": "40", "points_1": "20"}
    response = client.post(new_url(sheet), data)
    html = page(response)
    assert response.status_code == 409
    assert "Another phone changed the sheet while you were typing" in html
    assert "Nothing was saved" in html
    assert 'id="e0"' in html  # the current sheet, with the other phone's row
    assert write_fields(html)["revision"] == "1"  # ready to send again
    assert write_fields(html)["key"] != fields["key"]
    assert 'name="contract" value="100"' in html  # what was typed is kept
    assert len(entries(sheet)) == 1


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"declarer": ""}, "declarer", "Who played? Tap a name."),
        ({"declarer": "7"}, "declarer", "Who played? Tap one of the buttons."),
        ({"contract": ""}, "contract", "Type the contract."),
        ({"contract": "a lot"}, "contract", "Contract: type a whole number, digits only."),
        ({"points_0": "thirty"}, "points_0", "Anna: type a whole number, digits only."),
        ({"points_0": ""}, "points_0", "Type the card points of every player but one."),
        ({"marriages_1": ["trumps"]}, "marriages_1",
         "Marriages of Boris: tap one of the buttons."),
    ],
)
def test_bad_input_is_refused_on_its_field(client, make_sheet, change, field, message):
    sheet = make_sheet()
    response = client.post(new_url(sheet), {**form_of(client, sheet), **BORIS_120, **change})
    html = page(response)
    assert response.status_code == 400
    assert message in html
    assert entries(sheet) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"revision": ""}, "This form is damaged"),
        ({"revision": "-1"}, "This form is damaged"),
        ({"key": ""}, "This form is damaged"),
        ({"key": "short"}, "This form is damaged"),
        ({"key": "not a key!" * 3}, "This form is damaged"),
    ],
)
def test_a_damaged_revision_or_key_is_refused(client, make_sheet, change, message):
    sheet = make_sheet()
    response = client.post(new_url(sheet), {**form_of(client, sheet), **BORIS_120, **change})
    assert response.status_code == 400
    assert message in page(response)
    assert entries(sheet) == []


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        # Anna does not hold the opening bid after Anna's deal: she must outbid 100 (105 at ru);
        # the refusal names who sits on the hundred (seed 001 "Игрок, сидящий слева от
        # раздающего ... Это называется "сидеть на сотне"").
        ({"declarer": "0", "points_0": "75", "points_1": "30", "contract": "100"}, "contract",
         "Boris sits on the hundred this deal: only Boris may play 100; Anna and Vera must bid "
         "at least 105"),
        ({"contract": "123"}, "contract", "not a multiple of the bidding step 5"),
        ({"contract": "305"}, "contract", "above the highest contract 300"),
        ({"points_2": "20"}, "points", "Card points add up to 125, a deal has 120."),
        ({"marriages_0": ["hearts"]}, "marriages", "a marriage is declared once per deal"),
        ({"dark": "on"}, "dark", "Dark needs a total above 240; Boris has 0"),
    ],
)
def test_the_engines_objection_is_shown_and_nothing_written(
    client, make_sheet, change, field, message
):
    sheet = make_sheet()
    response = client.post(new_url(sheet), {**form_of(client, sheet), **BORIS_120, **change})
    html = page(response)
    assert response.status_code == 400
    # the objection sits in the block of the field the engine names
    block = {"contract": 'contract-field has-error"', "dark": 'contract-field has-error"',
             "points": 'class="points has-error"', "marriages": 'class="points has-error"'}
    assert block[field] in html
    assert message in html
    assert entries(sheet) == []


def test_nothing_can_be_added_after_the_winning_row(client, make_sheet):
    win = deal(1, 120, [30, 75, 15], {1: ["hearts"]})
    sheet = make_sheet(options={"target": 200, "barrel_at": 0}, entries=[win, win])
    # a form kept from before the end (its revision and key as any form on the page carries)
    fields = write_fields(page(client.get(reverse("sheet", args=[sheet.edit_token]))))
    response = client.post(new_url(sheet), {**fields, **BORIS_120})
    assert response.status_code == 400
    assert "The game is already over" in page(response)


def test_after_the_game_no_entry_form_opens(client, make_sheet):
    win = deal(1, 120, [30, 75, 15], {1: ["hearts"]})
    sheet = make_sheet(options={"target": 200, "barrel_at": 0}, entries=[win, win])
    response = client.get(new_url(sheet))
    assert response.status_code == 200
    assert "The game is over: nothing more can be written" in text(page(response))
    assert 'name="contract"' not in page(response)
    assert reverse("rematch", args=[sheet.edit_token]) in page(response)


# --------------------------------------------------------------------------- other kinds


def test_concession_writes_minus_the_contract_and_60_for_each_defender(client, make_sheet):
    sheet = make_sheet()
    data = {**form_of(client, sheet, "concession"), "declarer": "1", "contract": "110"}
    assert client.post(new_url(sheet, "concession"), data).status_code == 302
    assert entries(sheet) == [{"type": "concession", "declarer": 1, "contract": 110}]
    html = text(page(client.get(reverse("sheet", args=[sheet.edit_token]))))
    # ru: the declarer writes -110, each defender 60 (concession_defender_points)
    assert "Total 60 -110 60" in html


def test_redeal_offers_the_presets_reasons(client, make_sheet):
    sheet = make_sheet()
    html = page(client.get(new_url(sheet, "redeal")))
    assert 'value="four_nines"' in html and 'value="prikup_under_3"' in html
    data = {**write_fields(html), "reason": "four_nines"}
    assert client.post(new_url(sheet, "redeal"), data).status_code == 302
    assert entries(sheet) == [{"type": "redeal", "reason": "four_nines"}]
    bad = client.post(new_url(sheet, "redeal"), {**form_of(client, sheet, "redeal"),
                                                 "reason": "bad_luck"})
    assert bad.status_code == 400


def test_penalty_custom_amount(client, make_sheet):
    sheet = make_sheet()
    data = {**form_of(client, sheet, "penalty"), "seat": "2", "reason": "custom",
            "amount": "-50"}
    assert client.post(new_url(sheet, "penalty"), data).status_code == 302
    assert entries(sheet) == [{"type": "penalty", "seat": 2, "reason": "custom", "amount": -50}]
    bad = {**form_of(client, sheet, "penalty"), "seat": "2", "reason": "custom", "amount": "x"}
    assert client.post(new_url(sheet, "penalty"), bad).status_code == 400


def test_bomb_at_the_polish_table(client, make_sheet):
    sheet = make_sheet(ruleset="pl")
    data = {**form_of(client, sheet, "bomb"), "declarer": "1"}
    assert client.post(new_url(sheet, "bomb"), data).status_code == 302
    html = text(page(client.get(reverse("sheet", args=[sheet.edit_token]))))
    # pl: the bomber writes 0, each other seat bomb_points 60
    assert "Total 60 0 60" in html


def test_with_four_players_the_dealer_sits_out_and_writes_nothing(client, make_sheet):
    # ru with 4 players: Anna deals and sits out (RULES.md 1.1), Boris holds 100.  Boris plays
    # 120 with 75 + hearts 100; Vera 30; Dana's 15 is the rest of 120; Anna writes 0.
    sheet = make_sheet(players=["Anna", "Boris", "Vera", "Dana"], options={"players": 4})
    html = page(client.get(new_url(sheet)))
    assert "Anna <small>(sits out)</small>" in html
    data = {**write_fields(html), "declarer": "1", "contract": "120", "points_1": "75",
            "points_2": "30", "marriages_1": ["hearts"]}
    assert client.post(new_url(sheet), data).status_code == 302
    assert entries(sheet)[0]["points"] == [0, 75, 30, 15]
    sheet_html = text(page(client.get(reverse("sheet", args=[sheet.edit_token]))))
    assert "Total 0 120 30 15" in sheet_html


def test_marriages_in_hand_count_is_a_button(client, make_sheet):
    sheet = make_sheet()
    html = page(client.get(new_url(sheet, "marriages_in_hand")))
    assert 'name="count" value="3"' in html and 'name="count" value="4"' in html
    bad = {**write_fields(html), "seat": "0", "count": "5"}
    assert client.post(new_url(sheet, "marriages_in_hand"), bad).status_code == 400


# --------------------------------------------------------------------------- the same form again


def test_the_deal_button_makes_the_form_at_the_revision_the_sheet_page_showed(client, make_sheet,
                                                                              write):
    sheet = make_sheet()
    link = reverse("entry_new", args=[sheet.edit_token, "deal"]) + "?at=0"
    assert link in page(client.get(reverse("sheet", args=[sheet.edit_token])))
    write(sheet, THREE_DEALS[0])
    assert write_fields(page(client.get(link)))["revision"] == "0"
    assert write_fields(page(client.get(new_url(sheet))))["revision"] == "1"
    # a revision the sheet never had is not believed
    assert write_fields(page(client.get(new_url(sheet) + "?at=9")))["revision"] == "1"
    # nor one that is no plain number (str.isdigit() holds for "²", which int() refuses)
    assert write_fields(page(client.get(new_url(sheet) + "?at=%C2%B2")))["revision"] == "1"


def test_back_and_write_again_answers_already_written_with_a_link(client, make_sheet):
    sheet = make_sheet()
    link = new_url(sheet) + "?at=0"
    assert client.post(link, {**form_of(client, sheet), **BORIS_120}).status_code == 302
    # Back reloads the form: made at revision 0 again, with a new key; the same deal is sent
    again = client.post(link, {**write_fields(page(client.get(link))), **BORIS_120})
    html = page(again)
    assert again.status_code == 409
    assert "Already written as row 1" in text(html)
    assert f'href="{reverse("sheet", args=[sheet.edit_token])}#e0"' in html
    assert len(entries(sheet)) == 1
    # "See row 1" is the main button; writing it again is the second choice (issue 24)
    assert re.search(r'<a class="button primary" href="[^"]*#e0">See row 1</a>', html)
    assert re.search(r'<button type="submit" class="secondary big">Write it down anyway', html)


def test_another_deal_from_an_old_form_shows_what_was_written_and_asks(client, make_sheet):
    sheet = make_sheet()
    link = new_url(sheet) + "?at=0"
    old = write_fields(page(client.get(link)))
    assert client.post(link, {**form_of(client, sheet), **BORIS_120}).status_code == 302
    other = {"declarer": "2", "contract": "100", "points_0": "40", "points_1": "20"}
    asked = client.post(link, {**old, **other})
    html = page(asked)
    assert asked.status_code == 409
    assert "Written since your form was made: Row 1 written: Deal — Boris 120" in text(html)
    assert "Write it down anyway" in html
    assert len(entries(sheet)) == 1
    # the player looked and writes it: the form now carries the current revision
    assert client.post(link, {**write_fields(html), **other}).status_code == 302
    assert [e["declarer"] for e in entries(sheet)] == [1, 2]


def test_the_phones_queue_gets_the_rows_page_and_a_lost_answer_is_confirmed_once(
    client, make_sheet
):
    sheet = make_sheet()
    data = {**form_of(client, sheet), **BORIS_120}
    first = client.post(new_url(sheet), data, HTTP_X_LISTEK_QUEUE="1")
    again = client.post(new_url(sheet), data, HTTP_X_LISTEK_QUEUE="1")  # the answer was lost
    target = reverse("sheet", args=[sheet.edit_token]) + "#e0"
    assert first.status_code == again.status_code == 204
    assert first["X-Listek-Written"] == again["X-Listek-Written"] == target
    assert len(entries(sheet)) == 1
    shown = text(page(client.get(target)))
    assert shown.count("Row 1 written.") == 2  # once per answer: the first one never arrived


# --------------------------------------------------------------------------- the phone's queue


def test_a_refused_queued_row_says_why_in_a_header_the_queue_reads(client, make_sheet):
    sheet = make_sheet()
    data = {**form_of(client, sheet), **BORIS_120, "contract": "a lot"}
    response = client.post(new_url(sheet), data, HTTP_X_LISTEK_QUEUE="1")
    assert response.status_code == 400
    assert unquote(response["X-Listek-Objection"]) == (
        "Contract: type a whole number, digits only.")
    assert response["X-Listek-Revision"] == str(sheet.revision)
    assert "X-Listek-Already" not in response
    # a page asked by a player (no queue) carries none of them
    assert "X-Listek-Objection" not in client.post(new_url(sheet), data)


def test_a_queued_row_written_before_says_so_and_the_sheets_revision(client, make_sheet):
    sheet = make_sheet()
    data = {**form_of(client, sheet), **BORIS_120}
    assert client.post(new_url(sheet), data).status_code == 302  # written; its answer lost
    # the same row again from the queue, under another key: the sheet has it as row 1 already
    again = client.post(new_url(sheet), {**data, "key": "0" * 32}, HTTP_X_LISTEK_QUEUE="1")
    assert again.status_code == 409
    assert unquote(again["X-Listek-Already"]) == (
        "Already written as row 1: nothing was written again.")
    assert again["X-Listek-Revision"] == "1"
    assert len(entries(sheet)) == 1


def test_a_queued_row_behind_a_change_from_another_phone_gets_the_revision_now(
    client, make_sheet
):
    sheet = make_sheet()
    data = {**form_of(client, sheet), **BORIS_120}
    other_phone = Client()  # its own device cookie
    other = {**form_of(other_phone, sheet), **BORIS_120, "declarer": "2"}
    assert other_phone.post(new_url(sheet), other).status_code == 302  # its row, first
    changed = client.post(new_url(sheet), data, HTTP_X_LISTEK_QUEUE="1")
    assert changed.status_code == 409
    assert changed["X-Listek-Revision"] == "1"
    assert changed["X-Listek-By"] == "other"
    assert "X-Listek-Already" not in changed
    assert "Another phone changed the sheet" in unquote(changed["X-Listek-Objection"])
    assert [e["declarer"] for e in entries(sheet)] == [2]


def test_a_queued_row_behind_this_phones_own_change_never_blames_another_phone(
    client, make_sheet
):
    sheet = make_sheet()
    data = {**form_of(client, sheet), **BORIS_120}
    own = {**form_of(client, sheet), **BORIS_120, "declarer": "2"}  # another tab, same phone
    assert client.post(new_url(sheet), own).status_code == 302
    changed = client.post(new_url(sheet), data, HTTP_X_LISTEK_QUEUE="1")
    assert changed.status_code == 409
    assert changed["X-Listek-By"] == "this"
    objection = unquote(changed["X-Listek-Objection"])
    assert "Another phone" not in objection
    assert objection.startswith("The sheet was changed on this phone while this form was "
                                "open. Nothing was saved.")
    assert "change 1" not in objection and "change 0" not in objection
    assert "Row 1 written: Deal — Vera 120" in objection  # what was written, in words
    # the page a player reads (no queue) says the same, and no header
    shown = client.post(new_url(sheet), data)
    assert shown.status_code == 409 and "X-Listek-By" not in shown
    assert "The sheet was changed on this phone" in text(page(shown))
    assert "Another phone" not in text(page(shown))
    assert [e["declarer"] for e in entries(sheet)] == [2]


def test_a_new_rows_form_says_who_deals_after_each_waiting_deal_as_the_engine_passes_it(
    client, make_sheet
):
    # tisic: the deal passes to the dealer's right (Jana 0 -> Petr 2 -> Karel 1), and the
    # obligation is on the dealer's right: Petr when Jana deals, Karel when Petr deals ...
    sheet = make_sheet(ruleset="tisic", players=["Jana", "Karel", "Petr"])
    html = page(client.get(new_url(sheet)))
    assert 'data-dealers="[0, 2, 1]"' in html
    turns = re.search(r'data-turns="([^"]*)"', html)
    assert turns is not None
    by_dealer = json.loads(unescape(turns.group(1)))
    assert {d: t["holder"] for d, t in by_dealer.items()} == {"0": 2, "1": 0, "2": 1}
    assert by_dealer["2"]["text"] == (
        "Karel has the obligation this deal: 50 unless somebody bids more.")
    # ru: the deal passes to the left (Anna 0 -> Boris 1 -> Vera 2)
    assert 'data-dealers="[0, 1, 2]"' in page(client.get(new_url(make_sheet())))
    # Binokel: to the previous column (seed 002, play runs counter-clockwise)
    binokel = make_sheet(ruleset="binokel")
    assert 'data-dealers="[0, 2, 1]"' in page(client.get(new_url(binokel)))
    assert "data-turns" not in page(client.get(new_url(binokel)))  # nobody holds a bid there


def test_the_preview_of_a_stale_form_blames_another_phone_only_for_its_writes(
    client, make_sheet, write
):
    sheet = make_sheet()
    stale = {**form_of(client, sheet), **BORIS_120, "preview": "1"}  # made at revision 0
    own = {**form_of(client, sheet), **BORIS_120, "declarer": "2"}
    assert client.post(new_url(sheet), own).status_code == 302  # this phone, another tab
    words = text(page(client.post(new_url(sheet), stale, **HX)))
    assert "The sheet changed on this phone meanwhile: reload before you write this row." in words
    assert "Another phone" not in words
    write(sheet, THREE_DEALS[1])  # now another phone writes too
    words = text(page(client.post(new_url(sheet), stale, **HX)))
    assert "Another phone changed the sheet meanwhile: reload before you write this row." in words
    assert "on this phone" not in words
