"""An import is judged completely first, then stored whole or refused with every problem."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db.models import Model
from django.test import Client
from django.urls import reverse

from scoresheet.exports import documents as exports
from scoresheet.sheets.models import Entry, EntryChange, Sheet
from tests.sheets.golden_docs import (
    CORRUPTIONS,
    FILES,
    FINISHED,
    FINISHED_IDS,
    IDS,
    after_the_end,
    corrupted,
    golden_named,
)

STORED: tuple[type[Model], ...] = (Sheet, Entry, EntryChange)


def nothing_stored() -> bool:
    return all(not model.objects.exists() for model in STORED)


@pytest.mark.django_db
@pytest.mark.parametrize("how", list(CORRUPTIONS))
@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_a_corrupted_document_is_refused_with_its_problems_and_stores_nothing(
    path: Path, how: str
) -> None:
    doc, where = corrupted(path, how)
    with pytest.raises(exports.ImportRefused) as refused:
        exports.import_sheet(doc)
    found = {p.entry for p in refused.value.problems}
    assert where <= found
    assert nothing_stored()


@pytest.mark.django_db
@pytest.mark.parametrize("path", FINISHED, ids=FINISHED_IDS)
def test_an_entry_after_the_winning_row_is_refused(path: Path) -> None:
    doc = after_the_end(path)
    with pytest.raises(exports.ImportRefused) as refused:
        exports.import_sheet(doc)
    last = len(doc["entries"]) - 1
    assert [(p.entry, p.code) for p in refused.value.problems] == [(last, "finished")]
    assert nothing_stored()


@pytest.mark.django_db
def test_every_problem_is_listed_not_only_the_first() -> None:
    doc, where = corrupted(FILES[0], "two-broken-entries")
    problems = exports.import_problems(doc)
    assert len(problems) >= 2
    assert {p.entry for p in problems} >= where


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"{not json", "not_json"),
        ("\ufeffRow,Dealer,Anna\r\n1,Anna,120\r\n".encode(), "table_file"),
        (b"Row;Dealer;Anna\r\n1;Anna;120\r\n", "table_file"),
        (b"\xff\xfe\x00garbage", "not_utf8"),
        (b'{"format": NaN}', "not_finite"),  # named: NaN and Infinity (issue 27)
        (b"[" * 100_000 + b"]" * 100_000, "too_deep"),
        (b" " * (exports.MAX_IMPORT_BYTES + 1), "too_large"),
    ],
    ids=["broken", "csv", "csv-semicolons", "not-utf8", "nan", "deep", "too-large"],
)
def test_a_file_that_is_no_json_document_is_refused(data: bytes, code: str) -> None:
    with pytest.raises(exports.ImportRefused) as refused:
        exports.read_document(data)
    assert [p.code for p in refused.value.problems] == [code]


def test_a_byte_order_mark_is_allowed_before_the_document() -> None:
    doc = golden_named("ru/barrel-win")
    data = "\ufeff".encode() + json.dumps(doc).encode()
    assert exports.read_document(data) == doc


@pytest.mark.django_db
def test_the_import_page_lists_every_problem_and_stores_nothing(client: Client) -> None:
    doc, _where = corrupted(FILES[0], "two-broken-entries")
    last = len(doc["entries"]) - 1
    upload = SimpleUploadedFile("sheet.json", json.dumps(doc).encode(), "application/json")
    response = client.post(reverse("import"), {"file": upload})
    html = response.content.decode()
    assert response.status_code == 400
    assert "entry 0:" in html and f"entry {last}:" in html
    assert nothing_stored()


@pytest.mark.django_db
def test_the_import_page_refuses_an_empty_form(client: Client) -> None:
    response = client.post(reverse("import"), {"text": "  "})
    assert response.status_code == 400
    assert nothing_stored()


def _failing_history(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("the disk is full")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_failure_while_storing_leaves_nothing_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    """All or nothing: the sheet and its entries are rolled back when the history fails."""
    monkeypatch.setattr(EntryChange.objects, "bulk_create", _failing_history)
    with pytest.raises(RuntimeError):
        exports.import_sheet(golden_named("ru/four-players"))
    assert nothing_stored()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_refused_import_leaves_the_other_sheets_as_they_were() -> None:
    kept = exports.import_sheet(golden_named("ru/barrel-win"))
    doc, _where = corrupted(FILES[0], "unknown-entry-type")
    with pytest.raises(exports.ImportRefused):
        exports.import_sheet(doc)
    assert list(Sheet.objects.values_list("pk", flat=True)) == [kept.pk]
    assert Entry.objects.count() == len(golden_named("ru/barrel-win")["entries"])


@pytest.mark.django_db
def test_a_file_that_is_no_sheet_is_refused_in_words_about_the_file(client: Client) -> None:
    upload = SimpleUploadedFile("notes.txt", b"hello", "text/plain")
    html = client.post(reverse("import"), {"file": upload}).content.decode()
    assert ("<li>This file is not a sheet file. Only the sheet file (.json) that Lístek exports "
            "imports back") in html
    assert "sheet:" not in html and "JSON document" not in html
    assert nothing_stored()


# --------------------------------------------------------------------------- short names


def _page_of(client: Client, sheet: Sheet) -> str:
    return client.get(reverse("sheet", args=[sheet.edit_token])).content.decode()


@pytest.mark.postgres
@pytest.mark.django_db
def test_the_short_names_of_the_column_heads_survive_export_and_import(
    client: Client, make_sheet: Any
) -> None:
    from scoresheet.sheets.display import heads_of

    sheet = make_sheet(players=["Vladimír Novák", "Vladimír Dvořák", "Pepa"])
    sheet.short_names = ["Vláďa N", "Vláďa D", ""]
    sheet.save(update_fields=["short_names"])
    exported = client.get(reverse("export_json", args=[sheet.edit_token])).content
    assert json.loads(exported)["meta"]["listek"]["short_names"] == ["Vláďa N", "Vláďa D", ""]
    upload = SimpleUploadedFile("sheet.json", exported, "application/json")
    response = client.post(reverse("import"), {"file": upload, "copy": "on"})
    assert response.status_code == 302, response.content.decode()[-1500:]
    copy = Sheet.objects.exclude(pk=sheet.pk).get()
    assert heads_of(copy.player_names, copy.short_names) == ("Vláďa N", "Vláďa D", "Pepa")
    assert heads_of(copy.player_names, copy.short_names) == heads_of(
        sheet.player_names, sheet.short_names)
    assert ">Vláďa N<" in _page_of(client, copy) and ">Vláďa D<" in _page_of(client, copy)


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_file_without_short_names_imports_with_the_heads_worked_out_from_the_names() -> None:
    doc = golden_named("ru/barrel-win")
    assert "short_names" not in json.dumps(doc)
    sheet = exports.import_sheet(doc)
    assert sheet.short_names == []


@pytest.mark.postgres
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("short_names", "words"),
    [("Vláďa", "The short names for the column heads must be one text per player"),
     (["A", "B"], "The short names for the column heads must be one text per player"),
     (["A", 7, "C"], "The short names for the column heads must be one text per player"),
     (["Vladimírek", "", ""], "“Vladimírek” is too long for a column head: a short name "
                              "has at most 8 letters."),
     (["Vláďa", "vláďa", ""], "Two players have the same short name “vláďa”: each column "
                              "needs its own.")],
    ids=["not-a-list", "too-few", "not-a-text", "too-long", "twice"],
)
def test_a_bad_short_name_in_a_file_is_refused_in_words_and_nothing_is_stored(
    client: Client, short_names: Any, words: str
) -> None:
    doc = golden_named("ru/barrel-win")
    doc["meta"] = {"listek": {"short_names": short_names}}
    upload = SimpleUploadedFile("sheet.json", json.dumps(doc).encode(), "application/json")
    response = client.post(reverse("import"), {"file": upload})
    html = response.content.decode()
    assert response.status_code == 400
    assert words in html
    assert "meta.listek" not in html and "short_names" not in html
    assert nothing_stored()
