"""CSV: one line per row of the sheet, a column per player, the totals; it reads back the same."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoresheet.exports import documents as exports
from scoresheet.sheets import services
from tests.conftest import deal
from tests.sheets.golden_docs import FILES, IDS, expected, golden
from tests.sheets.helpers import THREE_DEALS


def amount(cell: str, money: bool) -> int:
    """A number cell as the engine's integer: points, or crowns with two decimals in haléře."""
    if not money:
        return int(cell)
    assert re.fullmatch(r"-?\d+\.\d\d", cell), cell
    return int(Decimal(cell) * 100)


def read(text: str) -> list[list[str]]:
    assert text.startswith("\ufeff")  # spreadsheets then read the file as UTF-8
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline="")))


@pytest.mark.django_db
@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_csv_reads_back_to_the_same_numbers(path: Path) -> None:
    doc = golden(path)
    loaded = services.load(exports.import_sheet(doc))
    table = read(exports.export_csv(loaded.document, loaded.scored))
    n = len(doc["players"])
    money = doc["game"] == "marias"
    _header, *lines, last = table
    assert len({len(line) for line in table}) == 1  # every line has every column
    assert len(lines) == len(loaded.scored.rows)
    for line, row in zip(lines, loaded.scored.rows, strict=True):
        assert [amount(v, money) for v in line[6 : 6 + n]] == list(row.totals)
        assert [amount(v, money) for v in line[6 + n : 6 + 2 * n]] == list(row.deltas)
        assert int(line[0]) == row.entry + 1
    # worked out by hand
    assert [amount(v, money) for v in last[6 : 6 + n]] == expected(doc)["totals"]


@pytest.mark.django_db
def test_csv_has_a_column_per_player_named_after_the_player(make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    loaded = services.load(sheet)
    header, first, second, third, total = read(exports.export_csv(loaded.document, loaded.scored))
    assert header[6:9] == ["Anna", "Boris", "Vera"]
    # helpers.THREE_DEALS, worked by hand: 30/120/15, 70/140/-85, 170/185/-80
    assert first[6:9] == ["30", "120", "15"]
    assert second[9:12] == ["40", "20", "-100"]
    assert third[2:5] == ["100", "", "Anna"]
    assert total[6:9] == ["170", "185", "-80"]


@pytest.mark.django_db
def test_csv_money_is_in_crowns_with_decimals_and_says_so() -> None:
    doc = golden(next(p for p in FILES if p.parent.name == "marias"))
    loaded = services.load(exports.import_sheet(doc))
    header, *_lines, last = read(exports.export_csv(loaded.document, loaded.scored))
    assert header[6] == f"{doc['players'][0]} [Kč]"
    totals = expected(doc)["totals"]  # haléře, worked out by hand
    assert last[6 : 6 + len(totals)] == [f"{t / 100:.2f}" for t in totals]


@pytest.mark.django_db
def test_csv_contract_is_split_into_the_number_and_its_flags(make_sheet: Any) -> None:
    sheet = make_sheet(options={"dark_min_total": 0},
                       entries=[deal(1, 120, [30, 75, 15], {1: ["hearts"]}),
                                deal(2, 120, [40, 40, 40], dark=True)])
    loaded = services.load(sheet)
    with translation.override("en"):
        _header, plain, dark, _total = read(exports.export_csv(loaded.document, loaded.scored))
    assert plain[2:4] == ["120", ""]
    assert dark[2:4] == ["120", "dark"]


@pytest.mark.django_db
def test_csv_a_game_without_a_number_keeps_its_name_in_the_flags(make_sheet: Any) -> None:
    with translation.override("en"):
        assert exports.contract_columns("betl") == ("", "betl")
        assert exports.contract_columns("300 ♥") == ("300", "♥")
        assert exports.contract_columns("renonc 6") == ("", "renonc 6")
    with translation.override("cs"):
        assert exports.contract_columns("120 dark") == ("120", "naslepo")


@pytest.mark.django_db
def test_csv_a_name_that_looks_like_a_formula_stays_text(make_sheet: Any) -> None:
    sheet = make_sheet(players=["=HYPERLINK(1)", "+Boris", "@Vera"], entries=THREE_DEALS[:2])
    loaded = services.load(sheet)
    table = read(exports.export_csv(loaded.document, loaded.scored))
    assert table[0][6:9] == ["'=HYPERLINK(1)", "'+Boris", "'@Vera"]
    assert table[1][4] == "'+Boris"  # the declarer column
    assert table[2][11] == "-100"  # numbers stay numbers, a minus sign too (Vera fails 100)
    assert all(not cell.startswith(("=", "+", "@")) for line in table for cell in line)


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["export_csv", "export_csv_read"])
def test_csv_download_through_either_link(client: Client, make_sheet: Any, name: str) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    token = sheet.edit_token if name == "export_csv" else sheet.view_token
    response = client.get(reverse(name, args=[token]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith("attachment;")
    table = read(response.content.decode("utf-8"))
    assert table[-1][6:9] == ["170", "185", "-80"]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["cs", "de", "pl", "ru"])
def test_csv_opens_into_columns_where_the_decimal_mark_is_a_comma(language: str) -> None:
    """Czech, German, Polish (and Russian) Excel split a CSV at semicolons and read "13,20" as a
    number: the file for such a page is semicolon-separated, with a decimal comma (issue 24)."""
    doc = golden(next(p for p in FILES if p.parent.name == "marias"))
    loaded = services.load(exports.import_sheet(doc))
    with translation.override(language):
        text = exports.export_csv(loaded.document, loaded.scored)
    table = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""), delimiter=";"))
    header, *_lines, last = table
    assert len({len(line) for line in table}) == 1 and len(header) > 6
    assert header[6] == f"{doc['players'][0]} [Kč]"
    totals = expected(doc)["totals"]
    assert last[6 : 6 + len(totals)] == [f"{t / 100:.2f}".replace(".", ",") for t in totals]


@pytest.mark.django_db
def test_csv_download_follows_the_page_language(make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    url = reverse("export_csv", args=[sheet.edit_token])
    czech = Client(HTTP_ACCEPT_LANGUAGE="cs").get(url).content.decode()
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()
    assert czech.splitlines()[1].startswith("1;") and english.splitlines()[1].startswith("1,")
