"""CSV: one line per row of the sheet, a column per player, the totals; it reads back the same."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet import exports, services
from tests.web.golden_docs import FILES, IDS, expected, golden
from tests.web.helpers import THREE_DEALS


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
    header, *lines, last = table
    assert len({len(line) for line in table}) == 1  # every line has every column
    assert len(lines) == len(loaded.scored.rows)
    for line, row in zip(lines, loaded.scored.rows, strict=True):
        assert [int(v) for v in line[5 : 5 + n]] == list(row.totals)
        assert [int(v) for v in line[5 + n : 5 + 2 * n]] == list(row.deltas)
        assert int(line[0]) == row.entry + 1
    assert [int(v) for v in last[5 : 5 + n]] == expected(doc)["totals"]  # worked out by hand


@pytest.mark.django_db
def test_csv_has_a_column_per_player_named_after_the_player(make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    loaded = services.load(sheet)
    header, first, second, third, total = read(exports.export_csv(loaded.document, loaded.scored))
    assert header[5:8] == ["Anna", "Boris", "Vera"]
    # helpers.THREE_DEALS, worked by hand: 30/120/15, 70/140/-85, 170/185/-80
    assert first[5:8] == ["30", "120", "15"]
    assert second[8:11] == ["40", "20", "-100"]
    assert third[2:4] == ["100", "Anna"]
    assert total[5:8] == ["170", "185", "-80"]


@pytest.mark.django_db
def test_csv_money_columns_are_haler_and_say_so() -> None:
    doc = golden(next(p for p in FILES if p.parent.name == "marias"))
    loaded = services.load(exports.import_sheet(doc))
    header = read(exports.export_csv(loaded.document, loaded.scored))[0]
    assert header[5] == f"{doc['players'][0]} [h]"


@pytest.mark.django_db
def test_csv_a_name_that_looks_like_a_formula_stays_text(make_sheet: Any) -> None:
    sheet = make_sheet(players=["=HYPERLINK(1)", "+Boris", "@Vera"], entries=THREE_DEALS[:2])
    loaded = services.load(sheet)
    table = read(exports.export_csv(loaded.document, loaded.scored))
    assert table[0][5:8] == ["'=HYPERLINK(1)", "'+Boris", "'@Vera"]
    assert table[1][3] == "'+Boris"  # the declarer column
    assert table[2][10] == "-100"  # numbers stay numbers, a minus sign too (Vera fails 100)
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
    assert table[-1][5:8] == ["170", "185", "-80"]
