"""Export and import in a real browser at phone size: a sheet imported again is recognised, the
CSV reads money in crowns and splits the contract, A4 and A5 PDFs do not overwrite each other."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from scoresheet.exports import documents as exports
from scoresheet.sheets.models import Sheet
from tests.sheets.golden_docs import golden_named
from tests.sheets.helpers import THREE_DEALS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_sheet_imported_again_asks_before_it_is_stored_twice(
    live_server: Any, phone: Any, make_sheet: Any, tmp_path: Path
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    page = phone.new_page()
    page.goto(live_server.url + reverse("sheet", args=[sheet.edit_token]))  # the scorer's sheet
    page.reload()  # a phone that came back with its signed device: it keeps the sheet's link
    page.goto(live_server.url + reverse("export", args=[sheet.edit_token]))
    with page.expect_download() as download:
        page.get_by_role("link", name="Sheet file (JSON)").click()
    saved = tmp_path / "sheet.json"
    download.value.save_as(saved)

    page.goto(live_server.url + reverse("import"))
    page.set_input_files("#id_file", str(saved))
    page.get_by_role("button", name="Import", exact=True).click()
    question = page.get_by_role("alert")
    # this phone keeps the sheet: the question links it
    # named by its players and day, never by a database number ("sheet 49")
    question.get_by_text("This sheet is already here").wait_for()
    assert f"sheet {sheet.pk}" not in question.inner_text()
    link = question.get_by_role("link", name=re.compile(r"^Anna, Boris and Vera, "))
    assert link.get_attribute("href") == reverse("sheet", args=[sheet.edit_token])
    assert Sheet.objects.count() == 1

    page.get_by_role("button", name="Import a copy").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))
    assert Sheet.objects.count() == 2
    assert Sheet.objects.exclude(pk=sheet.pk).get().origin == sheet.uid

    page.goto(live_server.url + reverse("stats"))
    # the sheet and its copy are one game: Anna played once, not twice
    anna = page.locator("tr", has_text="Anna").first
    assert re.search(r"\bAnna\s+1\b", anna.inner_text())


def test_the_csv_has_crowns_with_decimals_and_the_contract_split(
    live_server: Any, phone: Any, tmp_path: Path
) -> None:
    sheet = exports.import_sheet(golden_named("marias/evening_three_players"))
    page = phone.new_page()
    page.goto(live_server.url + reverse("export", args=[sheet.edit_token]))
    with page.expect_download() as download:
        page.get_by_role("link", name="Table (CSV)").click()
    saved = tmp_path / "sheet.csv"
    download.value.save_as(saved)
    header, *rows = list(csv.reader(io.StringIO(saved.read_text(encoding="utf-8-sig"))))
    assert header[2:4] == ["contract", "contract flags"]
    assert header[6].endswith(" [Kč]")
    money = [cell for row in rows for cell in row[6:] if re.fullmatch(r"-?\d+(\.\d+)?", cell)]
    assert money and all(re.fullmatch(r"-?\d+\.\d\d", cell) for cell in money)
    games = {row[3] for row in rows[:-1]}
    assert games & {"hra", "betl", "durch", "sedma", "sto"} or any(
        g.startswith(("hra", "sedma", "sto")) for g in games)


def test_a4_and_a5_pdfs_have_different_file_names(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    page = phone.new_page()
    page.goto(live_server.url + reverse("export", args=[sheet.edit_token]))
    names = []
    for size in ("A4", "A5"):
        href = page.get_by_role("link", name=f"PDF {size}").get_attribute("href")
        response = page.request.get(live_server.url + href)
        assert response.headers["content-type"] == "application/pdf"
        found = re.search(r'filename="([^"]+)"', response.headers["content-disposition"])
        assert found
        names.append(found.group(1))
    assert names[0] != names[1]
    assert names[0].endswith("-a4.pdf") and names[1].endswith("-a5.pdf")


CSV_REFUSED = ("This is a table of rows, like the CSV export, which is made for a spreadsheet: "
               "it holds the sheet as it is shown, not the rows as they were written nor the "
               "table's rules. Only the sheet file (.json) imports back.")


def test_the_csv_export_imported_is_refused_saying_only_the_sheet_file_imports_back(
    live_server: Any, phone: Any, make_sheet: Any, tmp_path: Path
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    page = phone.new_page()
    page.goto(live_server.url + reverse("export", args=[sheet.edit_token]))
    with page.expect_download() as download:
        page.get_by_role("link", name=re.compile(r"CSV")).first.click()
    saved = tmp_path / "sheet.csv"
    download.value.save_as(saved)

    page.goto(live_server.url + reverse("import"))
    page.set_input_files("#id_file", str(saved))
    page.get_by_role("button", name="Import", exact=True).click()
    problems = page.locator(".import-problems li")
    assert problems.all_inner_texts() == [CSV_REFUSED]  # no "sheet:", no "JSON document"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert Sheet.objects.count() == 1
