"""The live table (/s/<token>/table, /v/<token>/table): watchers poll it with their revision."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import quiet_deals
from tests.sheets.helpers import HX, THREE_DEALS, page


def test_table_answers_204_when_nothing_changed(client, make_sheet, django_assert_num_queries):
    sheet = make_sheet(entries=THREE_DEALS)
    url = reverse("sheet_read_table", args=[sheet.view_token])
    client.get(url + "?rev=0")  # the session exists from now on
    # the revision of one row, nothing else: no session, no entries, and no read of the phone's
    # cost budget (scoresheet/protect/budget.py reads it only for a poll that sends rows; a 204
    # costs less than BUDGET_FREE_MS and is not written down either)
    with django_assert_num_queries(1):
        response = client.get(url + "?rev=3", **HX)
    assert response.status_code == 204
    assert response.content == b""


@pytest.mark.postgres
def test_table_sends_the_new_rows_after_a_change(client, make_sheet, write):
    sheet = make_sheet(entries=THREE_DEALS)
    url = reverse("sheet_read_table", args=[sheet.view_token])
    write(sheet, quiet_deals(4)[3])  # row 4: Anna deals again, Boris holds 100 and fails
    response = client.get(url + "?rev=3", **HX)
    html = page(response)
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="live"')
    assert 'id="e3"' in html
    assert "?rev=4" in html  # the next poll asks with the new revision
    assert sheet.edit_token not in html  # the read-only table links nowhere to write


def test_table_without_a_revision_sends_the_fragment(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.get(reverse("sheet_read_table", args=[sheet.view_token]))
    assert response.status_code == 200
    assert "<html" not in page(response)


def test_edit_table_keeps_the_edit_links(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    html = page(client.get(reverse("sheet_table", args=[sheet.edit_token]) + "?rev=2", **HX))
    assert reverse("entry_edit", args=[sheet.edit_token, 2]) in html
    assert reverse("undo", args=[sheet.edit_token]) in html


def test_table_of_an_unknown_sheet_is_404(client, db):
    assert client.get(reverse("sheet_read_table", args=["nope" * 8]) + "?rev=0").status_code == 404
    assert client.get(reverse("sheet_table", args=["nope" * 8])).status_code == 404


def test_table_with_a_bad_revision_parameter_sends_the_fragment(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.get(reverse("sheet_read_table", args=[sheet.view_token]) + "?rev=abc",
                          **HX)
    html = page(response)
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<section id="live"')  # the live table, every row in it
    assert all(f'id="e{n}"' in html for n in range(3))
    assert "?rev=3" in html  # the next poll asks with the sheet's revision
