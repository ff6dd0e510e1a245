"""The print view looks like the paper sheet: columns, underlines between rounds, totals, winner;
for Mariáš the scorer's name, a signature line and the deals worth >= 50 premium points."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.exports import documents as exports
from tests.sheets.golden_docs import golden_named
from tests.sheets.helpers import THREE_DEALS, text


def print_page(client: Client, sheet: Any, size: str | None = None, *, read: bool = False) -> str:
    name, token = ("print_read", sheet.view_token) if read else ("print", sheet.edit_token)
    url = reverse(name, args=[token]) + (f"?size={size}" if size else "")
    response = client.get(url)
    assert response.status_code == 200
    return str(response.content.decode())


@pytest.mark.django_db
def test_print_view_has_the_players_columns_and_the_contract_column(
    client: Client, make_sheet: Any
) -> None:
    html = print_page(client, make_sheet(entries=THREE_DEALS))
    heads = re.findall(r'<th class="player" scope="col">([^<]*)</th>', html)
    assert heads == ["Anna", "Boris", "Vera"]
    assert re.findall(r'<td class="contract">(\d+)', html) == ["120", "100", "100"]


@pytest.mark.django_db
def test_print_view_underlines_the_end_of_each_round(client: Client, make_sheet: Any) -> None:
    # helpers.THREE_DEALS: three players, everyone has dealt after the third deal -> one line
    html = print_page(client, make_sheet(entries=THREE_DEALS + THREE_DEALS[:1]))
    rows = re.findall(r'<tr class="([^"]*)">\s*<th class="no" scope="row">(\d*)', html)
    assert [number for cls, number in rows if "round-end" in cls] == ["3"]


@pytest.mark.django_db
def test_print_view_shows_the_totals_and_the_winner(client: Client) -> None:
    sheet = exports.import_sheet(golden_named("ru/barrel-win"))
    html = print_page(client, sheet)
    sums = re.findall(r'<td class="sum[^"]*">([^<]*)</td>', html)
    assert sums == ["1000", "295", "150"]  # the golden sheet's hand-worked totals
    assert '<td class="sum winner">1000</td>' in html
    verdict = text(re.search(r'<p class="verdict">(.*?)</p>', html, re.S).group(1))
    assert verdict.strip().startswith("Anna wins")
    assert verdict.count("Anna") == 1  # the winner is named once, not "Winner: Anna — Anna wins"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("asked", "size"), [("a4", "A4"), ("a5", "A5"), ("letter", "A4"), (None, "A4")]
)
def test_print_view_is_laid_out_for_a4_or_a5(
    client: Client, make_sheet: Any, asked: str | None, size: str
) -> None:
    html = print_page(client, make_sheet(entries=THREE_DEALS), asked)
    assert f"css/print-{size.lower()}.css" in html
    assert f"size-{size.lower()}" in html


@pytest.mark.django_db
def test_print_view_works_without_javascript_and_on_a_phone(
    client: Client, make_sheet: Any
) -> None:
    html = print_page(client, make_sheet(entries=THREE_DEALS), read=True)
    assert "<script" not in html
    assert 'name="viewport" content="width=device-width' in html
    assert "css/print.css" in html


@pytest.mark.django_db
def test_print_view_of_marias_has_the_scorer_a_signature_line_and_the_flagged_deal(
    client: Client,
) -> None:
    # ten_haler_house_rules: entry 5 is a durch won at re worth 60 premium points (>= 50):
    # the sixth row of the sheet carries the flag.
    sheet = exports.import_sheet(golden_named("marias/ten_haler_house_rules"))
    sheet.scorer = "Žofie"
    sheet.save()
    html = print_page(client, sheet, "a5")
    assert re.findall(r'scope="row">(\d+)<span class="flag"', html) == ["6"]
    page = text(html)
    assert "Deals worth 50 premium points or more: row 6" in page
    assert "Scorer Žofie" in page and "Signature" in page
    # the final table: whole crowns and premium points of the file's hand-worked meta
    assert "Anna 18.50 Kč 19 30 49" in page


@pytest.mark.django_db
def test_print_view_of_thousand_has_no_signature_line(client: Client, make_sheet: Any) -> None:
    html = print_page(client, make_sheet(entries=THREE_DEALS))
    assert 'class="signature"' not in html


@pytest.mark.django_db
def test_print_view_escapes_names(client: Client, make_sheet: Any) -> None:
    html = print_page(client, make_sheet(players=["<b>Anna</b>", "Boris", "Vera"],
                                         entries=THREE_DEALS))
    assert "<b>Anna" not in html and "&lt;b&gt;Anna" in html
