"""JSON export and import of a whole sheet (FORMAT.md): the round trip of every golden sheet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

import rules
from scoresheet.exports import documents as exports
from scoresheet.sheets import services
from scoresheet.sheets.models import Entry, EntryChange, Sheet
from tests.conftest import PLAYERS
from tests.sheets.golden_docs import FILES, IDS, expected, golden, golden_named
from tests.sheets.helpers import THREE_DEALS

HEADER_KEYS = ("format", "game", "ruleset", "options", "players", "first_dealer")


def totals_and_winner(sheet: Sheet) -> tuple[list[int], int | None]:
    scored = services.load(sheet).scored
    return list(scored.totals), scored.outcome.winner if scored.outcome else None


@pytest.mark.django_db
@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_export_then_import_gives_the_same_sheet_for_every_golden_sheet(path: Path) -> None:
    doc = golden(path)
    first = exports.import_sheet(doc)
    exported = json.loads(exports.export_json(first))
    second = exports.import_sheet(exported)

    again = exports.export_document(second)
    for key in HEADER_KEYS:
        assert again[key] == doc[key]
    assert again["entries"] == doc["entries"]
    totals, winner = totals_and_winner(second)
    assert totals == expected(doc)["totals"]
    assert winner == expected(doc).get("winner")
    assert Entry.objects.filter(sheet=second).count() == len(doc["entries"])


@pytest.mark.django_db
@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_an_imported_sheet_has_the_history_of_every_entry(path: Path) -> None:
    sheet = exports.import_sheet(golden(path))
    changes = list(EntryChange.objects.filter(sheet=sheet).order_by("revision"))
    assert [c.revision for c in changes] == list(range(1, len(changes) + 1))
    assert [c.after for c in changes] == golden(path)["entries"]
    assert sheet.revision == len(changes)


@pytest.mark.django_db
def test_export_keeps_the_statistics_choice_the_scorer_and_the_start(make_sheet: Any) -> None:
    sheet = make_sheet(ruleset="marias", players=["Žofie", "Łukasz", "Пётр"])
    sheet.in_stats = False
    sheet.scorer = "Jürgen"
    sheet.save()
    doc = json.loads(exports.export_json(sheet))
    assert doc["meta"]["listek"]["in_stats"] is False
    copy = exports.import_sheet(doc)
    assert (copy.in_stats, copy.scorer, copy.created) == (False, "Jürgen", sheet.created)
    assert copy.players == ["Žofie", "Łukasz", "Пётр"]


@pytest.mark.django_db
def test_export_writes_names_as_letters_not_escapes(make_sheet: Any) -> None:
    sheet = make_sheet(players=["Žofie", "Łukasz", "Пётр"])
    text = exports.export_json(sheet)
    assert "Пётр" in text and "\\u" not in text


@pytest.mark.django_db
def test_export_is_a_document_the_engine_accepts(make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    doc = json.loads(exports.export_json(sheet))
    assert rules.problems(doc) == []
    assert list(rules.score(rules.load(doc)).totals) == [170, 185, -80]  # helpers.THREE_DEALS


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["export_json", "export_json_read"])
def test_export_download_through_either_link(client: Client, make_sheet: Any, name: str) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    token = sheet.edit_token if name == "export_json" else sheet.view_token
    response = client.get(reverse(name, args=[token]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    assert "listek-ru-" in response["Content-Disposition"]
    doc = json.loads(response.content.decode())
    assert doc["players"] == list(PLAYERS)
    assert doc["entries"] == THREE_DEALS


@pytest.mark.django_db
def test_export_of_a_wrong_token_is_not_found(client: Client, make_sheet: Any) -> None:
    sheet = make_sheet()
    assert client.get(reverse("export_json", args=[sheet.view_token])).status_code == 404
    assert client.get(reverse("export_json_read", args=[sheet.edit_token])).status_code == 404


@pytest.mark.django_db
def test_import_page_stores_an_uploaded_golden_sheet_and_opens_it(client: Client) -> None:
    doc = golden_named("ru/barrel-win")
    upload = json.dumps(doc).encode()
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = client.post(
        reverse("import"), {"file": SimpleUploadedFile("sheet.json", upload, "application/json")}
    )
    sheet = Sheet.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("sheet", args=[sheet.edit_token])
    assert totals_and_winner(sheet) == ([1000, 295, 150], 0)  # the file's hand-worked meta
    home = client.get(reverse("home")).content.decode()
    assert sheet.edit_token in home  # the phone that imported it keeps it in its list


@pytest.mark.django_db
def test_import_page_takes_a_pasted_document(client: Client) -> None:
    doc = golden_named("tisic/revoke-declarer-first")
    response = client.post(reverse("import"), {"text": json.dumps(doc, ensure_ascii=False)})
    assert response.status_code == 302
    assert totals_and_winner(Sheet.objects.get()) == ([1020, 390, 1050], 0)


@pytest.mark.django_db
def test_import_page_shows_the_form(client: Client) -> None:
    html = client.get(reverse("import")).content.decode()
    assert 'type="file"' in html and 'enctype="multipart/form-data"' in html


@pytest.mark.django_db
def test_an_imported_sheet_belongs_to_the_account_that_imported_it(
    client: Client, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("anna", password="pw-anna-1234")
    client.force_login(user)
    client.post(reverse("import"), {"text": json.dumps(golden_named("pl/defender-passes-target"))})
    sheet = Sheet.objects.get()
    assert sheet.owner == user and user in sheet.keepers.all()
