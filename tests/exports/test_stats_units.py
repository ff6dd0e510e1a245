"""The statistics never mix units in a cell, and say what every number is: money in Kč in its
own columns, the average contract in points in its own, every tally under its heading (and its
label on a phone), and a caption for the table, in every language."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.exports import documents as exports
from tests.sheets.golden_docs import golden_named
from tests.sheets.helpers import THREE_DEALS, text

LANGUAGES = ("cs", "de", "en", "pl", "ru")
MONEY = re.compile(r"Kč")


def stats_page(make_sheet: Any, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    thousand = make_sheet(entries=THREE_DEALS)
    marias = exports.import_sheet(golden_named("marias/evening_three_players"))
    client.get(reverse("home"))
    for sheet in (thousand, marias):
        client.get(reverse("sheet_read", args=[sheet.view_token]))
    return client.get(reverse("stats")).content.decode()


def rows(html: str) -> dict[str, list[tuple[str, str]]]:
    """Per player: (label, text) of each cell."""
    out = {}
    body = html[html.index("<tbody>"):html.index("</tbody>")]
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        name = text(re.search(r"<th[^>]*>(.*?)</th>", row, re.S).group(1))
        out[name] = [(label, text(cell)) for label, cell in
                     re.findall(r'<td class="n" data-label="([^"]*)">(.*?)</td>', row, re.S)]
    return out


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_cell_mixes_money_and_points_and_every_number_is_labelled(make_sheet, language):
    html = stats_page(make_sheet, language)
    heads = [text(h) for h in re.findall(r'<th scope="col"[^>]*>(.*?)</th>', html, re.S)]
    caption = re.search(r"<caption>(.*?)</caption>", html, re.S)
    assert caption and text(caption.group(1))
    lines = rows(html)
    # Anna, Boris, Vera (Thousand); Anna, Bohouš, Cyril (Mariáš): one Anna, by name
    assert len(lines) == 5
    for cells in lines.values():
        assert len(cells) == 7
        labels = [label for label, _ in cells]
        assert all(labels) and len(set(labels)) == 7
        assert labels == heads[1:]  # each cell's label on a phone is its column's heading
        # played, won, made, failed, average contract: numbers without money
        assert not any(MONEY.search(value) for _, value in cells[:5])
        # what a declared game was worth and the money: in Kč, or nothing ("–")
        for _, value in cells[5:]:
            assert value == "–" or re.fullmatch(r"-?\d+[.,]\d\d Kč", value), value
    # a Mariáš player: his games' worth and money in their own cells (worked in test_stats)
    worth, money = lines["Bohouš"][5][1], lines["Bohouš"][6][1]
    assert worth.replace(",", ".") == "0.90 Kč" and money.replace(",", ".") == "-2.40 Kč"
    assert lines["Bohouš"][4][1] == "–"  # Mariáš's games carry no contract number


@pytest.mark.django_db
def test_the_english_headings_name_each_tally_and_its_unit(make_sheet):
    html = stats_page(make_sheet, "en")
    heads = [text(h) for h in re.findall(r'<th scope="col"[^>]*>(.*?)</th>', html, re.S)]
    assert heads == ["Player", "Games played", "Games won", "Contracts made", "Contracts failed",
                     "Average contract (points)",
                     "A declared game was worth (Kč per opponent, on average)",
                     "Money (Mariáš)"]
    # Boris on the Thousand sheet: played 1, won 0, made 1 (120), failed 0
    assert [v for _, v in rows(html)["Boris"]] == ["1", "0", "1", "0", "120.0", "–", "–"]
