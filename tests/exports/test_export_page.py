"""The page that gathers every way out of the phone, reached from the sheet page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.exports import documents as exports
from tests.sheets.golden_docs import golden_named
from tests.sheets.helpers import THREE_DEALS


@pytest.mark.django_db
def test_export_page_through_the_edit_link_offers_everything(
    client: Client, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    token = sheet.edit_token
    html = client.get(reverse("export", args=[token])).content.decode()
    for name in ("export_json", "export_csv", "print", "pdf", "mail"):
        assert reverse(name, args=[token]) in html
    assert f'action="{reverse("export_settings", args=[token])}"' in html
    assert "<script" not in html.split("</head>")[1]  # works without JavaScript


@pytest.mark.django_db
def test_export_page_through_the_read_only_link_never_shows_the_edit_link(
    client: Client, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    html = client.get(reverse("export_read", args=[sheet.view_token])).content.decode()
    for name in ("export_json_read", "export_csv_read", "print_read", "pdf_read"):
        assert reverse(name, args=[sheet.view_token]) in html
    assert sheet.edit_token not in html
    assert 'name="in_stats"' not in html


@pytest.mark.django_db
def test_export_page_asks_for_the_scorer_only_where_the_scorer_signs(
    client: Client, make_sheet: Any
) -> None:
    thousand = make_sheet(entries=THREE_DEALS)
    marias = make_sheet(ruleset="marias")
    assert 'name="scorer"' not in client.get(
        reverse("export", args=[thousand.edit_token])).content.decode()
    assert 'name="scorer"' in client.get(
        reverse("export", args=[marias.edit_token])).content.decode()


@pytest.mark.django_db
def test_export_settings_refuse_a_scorer_name_too_long(client: Client, make_sheet: Any) -> None:
    sheet = make_sheet(ruleset="marias")
    response = client.post(reverse("export_settings", args=[sheet.edit_token]),
                           {"in_stats": "on", "scorer": "x" * 41})
    assert response.status_code == 400
    sheet.refresh_from_db()
    assert sheet.scorer == ""


@pytest.mark.django_db
@pytest.mark.parametrize("read", [False, True])
def test_the_sheet_page_links_to_the_export_page(client: Client, make_sheet: Any,
                                                 read: bool) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    if read:
        html = client.get(reverse("sheet_read", args=[sheet.view_token])).content.decode()
        assert reverse("export_read", args=[sheet.view_token]) in html
    else:
        html = client.get(reverse("sheet", args=[sheet.edit_token])).content.decode()
        assert reverse("export", args=[sheet.edit_token]) in html


@pytest.mark.django_db
def test_home_links_to_the_statistics_and_the_import(client: Client) -> None:
    html = client.get(reverse("home")).content.decode()
    assert reverse("stats") in html and reverse("import") in html


@pytest.mark.django_db
def test_a_finished_sheet_offers_to_mail_it(client: Client) -> None:
    finished = exports.import_sheet(golden_named("ru/barrel-win"))  # Anna has won
    html = client.get(reverse("sheet", args=[finished.edit_token])).content.decode()
    assert reverse("mail", args=[finished.edit_token]) in html
    html = client.get(reverse("sheet_read", args=[finished.view_token])).content.decode()
    assert finished.edit_token not in html
