"""A sheet exported from this site and imported again: recognised by the identity its export
carries, stored again only when asked, counted once in the statistics, finished when it was."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

from scoresheet.exports import documents as exports
from scoresheet.exports import stats
from scoresheet.sheets.models import Sheet
from tests.sheets.golden_docs import golden_named
from tests.sheets.helpers import THREE_DEALS, page


def post_import(client: Client, text: str, **extra: str) -> Any:
    return client.post(reverse("import"), {"text": text, **extra})


@pytest.mark.django_db
def test_the_export_carries_the_sheets_own_identity(make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    facts = json.loads(exports.export_json(sheet))["meta"]["listek"]
    assert uuid.UUID(facts["id"]) == sheet.uid
    assert Sheet.objects.exclude(pk=sheet.pk).filter(uid=sheet.uid).count() == 0


@pytest.mark.django_db
def test_importing_a_sheet_already_here_asks_before_storing_a_copy(
    client: Client, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    text = exports.export_json(sheet)
    html = page(post_import(client, text))
    # named by its players and day, never "sheet 49" (issue 24)
    day = date_format(timezone.localtime(sheet.created), "DATE_FORMAT")
    assert f"This sheet is already here (Anna, Boris and Vera, {day}) — import a copy?" in html
    assert f"sheet {sheet.pk}" not in html
    assert Sheet.objects.count() == 1  # nothing stored yet
    # this phone never opened the sheet: no link to it
    assert sheet.edit_token not in html and sheet.view_token not in html
    answer = post_import(client, text, copy="True")
    assert answer.status_code == 302
    copy = Sheet.objects.exclude(pk=sheet.pk).get()
    assert copy.origin == sheet.uid and copy.identity == sheet.identity
    assert copy.entries.count() == 3


@pytest.mark.django_db
def test_the_question_links_the_sheet_when_this_phone_knows_it(
    client: Client, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    client.get(reverse("home"))  # a phone that keeps its cookies...
    client.get(reverse("sheet", args=[sheet.edit_token]))  # ...keeps the sheet
    html = page(post_import(client, exports.export_json(sheet)))
    assert f'href="{reverse("sheet", args=[sheet.edit_token])}"' in html


@pytest.mark.django_db
def test_a_copy_exported_and_imported_again_is_still_recognised(
    client: Client, make_sheet: Any
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    copy = exports.import_sheet(json.loads(exports.export_json(sheet)))
    sheet.delete()  # only the copy is left here
    html = page(post_import(client, exports.export_json(copy)))
    assert "This sheet is already here (Anna, Boris and Vera, " in html


@pytest.mark.django_db
def test_a_sheet_from_elsewhere_is_imported_without_a_question(client: Client) -> None:
    doc = golden_named("ru/barrel-win")
    doc["meta"] = {"listek": {"id": str(uuid.uuid4())}}
    response = post_import(client, json.dumps(doc))
    assert response.status_code == 302
    assert Sheet.objects.count() == 1


@pytest.mark.django_db
def test_an_identity_that_is_not_one_is_a_problem() -> None:
    doc = golden_named("ru/barrel-win")
    doc["meta"] = {"listek": {"id": "sheet 7"}}
    with pytest.raises(exports.ImportRefused) as refused:
        exports.import_sheet(doc)
    assert [p.code for p in refused.value.problems] == ["bad_meta"]


@pytest.mark.django_db
def test_statistics_never_count_one_sheet_twice(make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    exports.import_sheet(json.loads(exports.export_json(sheet)))
    exports.import_sheet(json.loads(exports.export_json(sheet)))
    found = stats.collect(Sheet.objects.all())
    assert Sheet.objects.count() == 3
    assert found.sheets == 1
    anna = next(p for p in found.players if p.name == "Anna")
    assert (anna.played, anna.made) == (1, 1)  # THREE_DEALS: Anna makes 100 once


@pytest.mark.django_db
def test_an_import_keeps_the_original_finish_time() -> None:
    original = exports.import_sheet(golden_named("ru/barrel-win"))
    finished = timezone.now() - timedelta(days=40, hours=3)
    Sheet.objects.filter(pk=original.pk).update(finished=finished)
    original.refresh_from_db()
    again = exports.import_sheet(json.loads(exports.export_json(original)))
    assert again.finished == finished
    again.refresh_from_db()
    assert again.finished == finished
