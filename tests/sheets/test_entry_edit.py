"""Correcting an earlier row (/s/<token>/entries/<pos>/edit/): the whole sheet is replayed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoresheet.sheets.models import Entry, EntryChange, Sheet
from tests.conftest import deal
from tests.sheets.helpers import HX, THREE_DEALS, page, text, write_fields


def edit_url(sheet: Sheet, pos: int, kind: str = "") -> str:
    url = reverse("entry_edit", args=[sheet.edit_token, pos])
    return url + (f"?kind={kind}" if kind else "")


def fields(client, sheet: Sheet, pos: int, kind: str = "") -> dict[str, str]:
    return write_fields(page(client.get(edit_url(sheet, pos, kind))))


def data_at(sheet: Sheet, pos: int) -> dict:
    return Entry.objects.get(sheet=sheet, position=pos).data


# Row 1 corrected: Boris played 120 but took only 55 without a marriage (55 < 120: -120);
# Anna 50, Vera 15.  Replayed totals: row 1 50 / -120 / 15; row 2 (Anna +40, Boris +20,
# Vera -100) 90 / -100 / -85; row 3 (Anna +100, Boris 43 -> 45, Vera 7 -> 5) 190 / -55 / -80.
BORIS_FAILS = {"declarer": "1", "contract": "120", "points_0": "50", "points_1": "55",
               "points_2": "15"}


def test_edit_page_is_filled_in_with_the_row(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    html = page(client.get(edit_url(sheet, 2)))
    # above the form: the totals before row 3 and its dealer, Vera
    assert "Anna 70 Boris 140 Vera -85 · deals next" in text(html)
    html = page(client.get(edit_url(sheet, 0)))
    assert "Correct row 1: Deal" in html
    assert 'name="declarer" value="1" id="id_declarer_1" required checked>' in html
    assert 'name="contract" value="120"' in html
    assert 'name="points_1" value="75"' in html
    assert 'name="marriages_1" value="hearts" id="id_marriages_1_0" checked>' in html
    assert 'name="marriages_1" value="diamonds" id="id_marriages_1_1">' in html
    assert reverse("entry_history", args=[sheet.edit_token, 0]) in html
    assert reverse("entry_delete", args=[sheet.edit_token, 0]) in html


def test_edit_page_of_a_missing_row_is_404(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    assert client.get(edit_url(sheet, 3)).status_code == 404
    assert client.post(edit_url(sheet, 7), {}).status_code == 404


def test_edit_preview_shows_the_totals_at_the_end_of_the_sheet(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    data = {**fields(client, sheet, 0), **BORIS_FAILS, "preview": "1"}
    html = text(page(client.post(edit_url(sheet, 0), data, **HX)))
    assert "Boris fails 120 with 55: -120" in html
    assert "Totals at the end of the sheet:" in html
    assert "Anna 170 → 190 (+20)" in html and "Boris 185 → -55 (-240)" in html
    assert Entry.objects.get(sheet=sheet, position=0).data == THREE_DEALS[0]


@pytest.mark.postgres
def test_editing_an_old_row_replays_every_later_row(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.post(edit_url(sheet, 0), {**fields(client, sheet, 0), **BORIS_FAILS})
    assert response.status_code == 302
    assert response["Location"].endswith("#e0")
    assert data_at(sheet, 0)["points"] == [50, 55, 15]
    assert data_at(sheet, 1) == THREE_DEALS[1] and data_at(sheet, 2) == THREE_DEALS[2]
    html = text(page(client.get(response["Location"])))
    assert "Row 1 corrected; every later row was replayed." in html
    assert "90 +40 -100 +20" in html  # row 2 replayed on top of the corrected row 1
    assert "Total 190 -55 -80" in html
    change = EntryChange.objects.filter(sheet=sheet).latest("revision")
    assert change.action == "edit" and change.before == THREE_DEALS[0]
    assert change.after["points"] == [50, 55, 15]


@pytest.mark.postgres
def test_an_edit_that_breaks_a_later_row_is_refused(client, make_sheet):
    # target 200, no barrel: if Boris played 240 and made it (75 + hearts 100 + diamonds 80
    # = 255), he would reach 240 >= 200 in row 1 and win; row 2 could not be written then.
    sheet = make_sheet(options={"target": 200, "barrel_at": 0}, entries=THREE_DEALS[:2])
    data = {**fields(client, sheet, 0), "declarer": "1", "contract": "240", "points_0": "30",
            "points_1": "75", "points_2": "15", "marriages_1": ["hearts", "diamonds"]}
    response = client.post(edit_url(sheet, 0), data)
    html = text(page(response))
    assert response.status_code == 400
    assert "Row 2 would no longer be right: The game is already over" in html
    assert data_at(sheet, 0) == THREE_DEALS[0]
    assert Sheet.objects.get(pk=sheet.pk).revision == 2


@pytest.mark.postgres
def test_an_edit_against_an_old_revision_is_refused(client, make_sheet, write):
    sheet = make_sheet(entries=THREE_DEALS[:2])
    form = fields(client, sheet, 0)
    write(sheet, THREE_DEALS[2])
    response = client.post(edit_url(sheet, 0), {**form, **BORIS_FAILS})
    html = page(response)
    assert response.status_code == 409
    assert "Nothing was saved" in html
    assert 'id="e2"' in html  # the current sheet has the other phone's row 3
    assert write_fields(html)["revision"] == "3"
    assert data_at(sheet, 0) == THREE_DEALS[0]


@pytest.mark.postgres
def test_double_submit_of_a_correction_changes_it_once(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    data = {**fields(client, sheet, 0), **BORIS_FAILS}
    assert client.post(edit_url(sheet, 0), data).status_code == 302
    assert client.post(edit_url(sheet, 0), data).status_code == 302
    assert EntryChange.objects.filter(sheet=sheet, action="edit").count() == 1
    assert Sheet.objects.get(pk=sheet.pk).revision == 4


def test_a_row_can_become_another_kind(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS[:2])
    html = page(client.get(edit_url(sheet, 1)))
    assert edit_url(sheet, 1, "redeal").replace("&", "&amp;") in html
    data = {**fields(client, sheet, 1, "redeal"), "reason": "misdeal"}
    response = client.post(edit_url(sheet, 1, "redeal"), data)
    assert response.status_code == 302
    assert data_at(sheet, 1) == {"type": "redeal", "reason": "misdeal"}


def test_saving_an_unchanged_row_writes_nothing(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    data = {**fields(client, sheet, 1), "declarer": "2", "contract": "100", "points_0": "40",
            "points_1": "20", "points_2": "60", "dark": ""}
    response = client.post(edit_url(sheet, 1), data, follow=True)
    assert "Row 2 is unchanged." in text(page(response))
    assert Sheet.objects.get(pk=sheet.pk).revision == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"contract": "x"}, "Contract: type a whole number, digits only."),
        ({"declarer": "9"}, "Who played? Tap one of the buttons."),
        ({"points_0": "", "points_1": ""}, "Type the card points of every player but one."),
        ({"key": ""}, "This form is damaged"),
    ],
)
def test_bad_input_in_a_correction_is_refused(client, make_sheet, change, message):
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.post(edit_url(sheet, 0), {**fields(client, sheet, 0), **BORIS_FAILS,
                                                **change})
    assert response.status_code == 400
    assert message in page(response)
    assert data_at(sheet, 0) == THREE_DEALS[0]


def test_the_read_only_link_cannot_correct(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    url = reverse("entry_edit", args=[sheet.view_token, 0])
    assert client.get(url).status_code == 404
    assert client.post(url, BORIS_FAILS).status_code == 404


def test_edit_of_a_dark_deal_shows_it_dark(client, make_sheet):
    # one-thousand: anybody may play blind from the opening bid (RULES.md 1.4)
    sheet = make_sheet(ruleset="one-thousand",
                       entries=[deal(1, 120, [30, 75, 15], {1: ["hearts"]}, dark=False)])
    html = page(client.get(edit_url(sheet, 0)))
    assert '<input type="checkbox" name="dark" id="id_dark">' in html
    sheet = make_sheet(ruleset="one-thousand",
                       entries=[deal(1, 120, [30, 75, 15], {1: ["hearts"]}, dark=True)])
    html = page(client.get(edit_url(sheet, 0)))
    assert '<input type="checkbox" name="dark" id="id_dark" checked>' in html
