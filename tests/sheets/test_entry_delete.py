"""Deleting a row (/s/<token>/entries/<pos>/delete/): later rows move up and are replayed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoresheet.sheets.models import Entry, EntryChange, Sheet
from tests.conftest import deal
from tests.sheets.helpers import THREE_DEALS, page, text, write_fields


def delete_url(sheet: Sheet, pos: int) -> str:
    return reverse("entry_delete", args=[sheet.edit_token, pos])


def stored(sheet: Sheet) -> list[dict]:
    rows = Entry.objects.filter(sheet=sheet).order_by("position")
    return list(rows.values_list("data", flat=True))


def test_delete_asks_first_and_shows_the_row(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.get(delete_url(sheet, 1))
    html = page(response)
    assert response.status_code == 200
    assert "Delete row 2?" in html
    assert "-85" in text(html)  # row 2 as the sheet shows it: Vera at -85
    assert write_fields(html)["revision"] == "3"
    assert len(stored(sheet)) == 3


# Three ru deals whose contracts (120) outbid the opening 100 from any seat, so that any of
# them may be deleted: Boris +120 (75 + hearts 100), Anna 30, Vera 15 -> 30 / 120 / 15;
# Vera +120 (60 + clubs 60), Anna 40, Boris 20 -> 70 / 140 / 135; Anna +120 (70 + diamonds 80),
# Boris 43 -> 45, Vera 7 -> 5 -> 190 / 185 / 140.
OUTBID = [
    deal(1, 120, [30, 75, 15], {1: ["hearts"]}),
    deal(2, 120, [40, 20, 60], {2: ["clubs"]}),
    deal(0, 120, [70, 43, 7], {0: ["diamonds"]}),
]


@pytest.mark.postgres
def test_deleting_a_row_moves_the_later_rows_up_and_replays_them(client, make_sheet):
    sheet = make_sheet(entries=OUTBID)
    html = page(client.get(delete_url(sheet, 0)))
    response = client.post(delete_url(sheet, 0), write_fields(html))
    assert response.status_code == 302
    assert stored(sheet) == OUTBID[1:]
    assert list(Entry.objects.filter(sheet=sheet).values_list("position", flat=True)) == [0, 1]
    # Replayed without Boris's row: Vera +120, Anna 40, Boris 20 -> 40 / 20 / 120; then
    # Anna +120, Boris 45, Vera 5 -> 160 / 65 / 125.
    page_html = text(page(client.get(reverse("sheet", args=[sheet.edit_token]))))
    assert "Row 1 deleted." in page_html
    assert "Total 160 65 125" in page_html


def test_delete_that_breaks_a_later_row_is_refused(client, make_sheet):
    # Removing row 2 makes row 3 the second deal: Boris deals it and Vera holds the hundred,
    # so Anna (who played 100) would have had to outbid it (105 at ru).
    sheet = make_sheet(entries=THREE_DEALS)
    html = page(client.get(delete_url(sheet, 1)))
    response = client.post(delete_url(sheet, 1), write_fields(html))
    assert response.status_code == 400
    assert ("Row 3 would no longer be right: Vera sits on the hundred this deal: only Vera may "
            "play 100; Anna and Boris must bid at least 105") in text(page(response))
    assert stored(sheet) == THREE_DEALS


@pytest.mark.postgres
def test_deleting_the_last_row(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    form = write_fields(page(client.get(delete_url(sheet, 2))))
    response = client.post(delete_url(sheet, 2), form)
    assert response.status_code == 302
    assert stored(sheet) == THREE_DEALS[:2]
    change = EntryChange.objects.filter(sheet=sheet).latest("revision")
    assert change.action == "delete" and change.after is None and change.before == THREE_DEALS[2]


@pytest.mark.postgres
def test_double_submit_deletes_one_row(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    form = write_fields(page(client.get(delete_url(sheet, 2))))
    assert client.post(delete_url(sheet, 2), form).status_code == 302
    assert client.post(delete_url(sheet, 2), form).status_code == 302  # the same tap again
    assert stored(sheet) == THREE_DEALS[:2]
    assert Sheet.objects.get(pk=sheet.pk).revision == 4


@pytest.mark.postgres
def test_delete_against_an_old_revision_is_refused(client, make_sheet, write):
    sheet = make_sheet(entries=THREE_DEALS[:2])
    form = write_fields(page(client.get(delete_url(sheet, 1))))
    write(sheet, THREE_DEALS[2])
    response = client.post(delete_url(sheet, 1), form)
    assert response.status_code == 409
    assert "Nothing was deleted" in page(response)
    assert 'id="e2"' in page(response)
    assert stored(sheet) == THREE_DEALS


def test_a_delete_behind_this_phones_own_change_does_not_blame_another_phone(client,
                                                                           make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    form = write_fields(page(client.get(delete_url(sheet, 1))))  # an open tab, at change 3
    other_tab = write_fields(page(client.get(delete_url(sheet, 2))))
    assert client.post(delete_url(sheet, 2), other_tab).status_code == 302  # change 4
    response = client.post(delete_url(sheet, 1), form)
    assert response.status_code == 409
    said = text(page(response))
    assert "The sheet was changed on this phone before your delete arrived" in said
    assert "Another phone" not in said
    assert stored(sheet) == THREE_DEALS[:2]


def test_delete_with_a_damaged_form_is_refused(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.post(delete_url(sheet, 2), {"revision": "3", "key": "?"})
    assert response.status_code == 400
    assert len(stored(sheet)) == 3


def test_delete_of_a_missing_row_is_404(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    assert client.get(delete_url(sheet, 3)).status_code == 404


def test_the_read_only_link_cannot_delete(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    url = reverse("entry_delete", args=[sheet.view_token, 2])
    assert client.post(url, {"revision": "3", "key": "k" * 32}).status_code == 404
    assert len(stored(sheet)) == 3


def test_a_refused_delete_offers_the_ways_that_work(client, make_sheet):
    # Deleting row 2 would make row 3 wrong (above).  Row 3 can be corrected first; rows 3 and
    # 2 can be deleted from the end; and the sheet without both (row 1 alone) is right, so both
    # can go at once.
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.post(delete_url(sheet, 1), write_fields(page(client.get(delete_url(sheet,
                                                                                       1)))))
    html = page(response)
    said = text(html)
    assert response.status_code == 400
    assert "Any of these works instead." in said
    assert f'href="{reverse("entry_edit", args=[sheet.edit_token, 2])}"' in html
    assert "Correct row 3 first" in said
    assert "Delete rows 2 to 3, the last one first" in said
    assert "Delete row 2 and row 3" in said
    assert 'name="then" value="end-3"' in html and 'name="then" value="also-2"' in html
    assert "Delete this row" not in said  # the way that does not work is not offered again


@pytest.mark.postgres
@pytest.mark.parametrize("then", ["end-3", "also-2"])
def test_deleting_from_the_end_or_both_rows_deletes_them_once(client, make_sheet, then):
    sheet = make_sheet(entries=THREE_DEALS)
    form = write_fields(page(client.get(delete_url(sheet, 1)))) | {"then": then}
    response = client.post(delete_url(sheet, 1), form)
    assert response.status_code == 302
    assert stored(sheet) == THREE_DEALS[:1]
    assert "2 rows deleted." in text(page(client.get(reverse("sheet",
                                                             args=[sheet.edit_token]))))
    again = client.post(delete_url(sheet, 1), form)  # the answer was lost: sent again
    assert again.status_code == 302
    assert stored(sheet) == THREE_DEALS[:1]
    sheet.refresh_from_db()
    assert sheet.revision == 5  # two changes, each undone on its own
    assert [c.before for c in EntryChange.objects.filter(sheet=sheet, revision__gt=3)
            .order_by("revision")] == [THREE_DEALS[2], THREE_DEALS[1]]


def test_a_delete_of_both_rows_that_the_engine_refuses_deletes_nothing(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    form = write_fields(page(client.get(delete_url(sheet, 0)))) | {"then": "also-1"}
    response = client.post(delete_url(sheet, 0), form)
    # without rows 1 and 2, row 3 is the first deal: Anna deals it, Boris holds the hundred
    assert response.status_code == 400
    assert stored(sheet) == THREE_DEALS
    sheet.refresh_from_db()
    assert sheet.revision == 3
