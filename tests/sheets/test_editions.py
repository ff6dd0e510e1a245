"""The rules edition of a stored sheet: set once, kept for ever, carried by export and import."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from django.apps import apps as django_apps
from django.db import connection, models
from django.test import Client
from django.urls import reverse

import rules
from scoresheet.exports import documents as exports
from scoresheet.sheets import services
from scoresheet.sheets.models import Sheet
from tests.sheets.helpers import THREE_DEALS, page, text

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_every_stored_sheet_the_first_edition() -> None:
    """A sheet stored before editions existed has no edition (the column the migration adds is
    empty): the migration's data step gives it edition 1, and it replays to the totals worked
    out by hand under the old rules."""
    migration = importlib.import_module("scoresheet.sheets.migrations.0004_sheet_rules_edition")
    doc = json.loads((GOLDEN / "ru" / "bolts-and-555.json").read_text(encoding="utf-8"))
    assert doc["edition"] == 1  # its totals change under edition 2 (a jump and a jack's bolt)
    sheet = services.create_sheet(ruleset="ru", options={}, players=doc["players"],
                                  first_dealer=doc["first_dealer"], entries=doc["entries"],
                                  edition=1)
    field = Sheet._meta.get_field("edition")
    empty = models.PositiveSmallIntegerField(null=True)
    empty.set_attributes_from_name("edition")
    empty.model = Sheet
    with connection.schema_editor() as editor:
        editor.alter_field(Sheet, field, empty)  # the column as the migration's first step adds it
    try:
        with connection.cursor() as cursor:
            cursor.execute("UPDATE scoresheet_sheet SET edition = NULL")
        migration.first_edition_for_stored_sheets(django_apps, None)
        with connection.cursor() as cursor:
            cursor.execute("SELECT edition FROM scoresheet_sheet WHERE id = %s", [sheet.id])
            assert cursor.fetchone() == (1,)
    finally:
        with connection.schema_editor() as editor:
            editor.alter_field(Sheet, empty, field)
    stored = Sheet.objects.get(id=sheet.id)
    assert stored.edition == 1
    assert list(services.load(stored).scored.totals) == doc["meta"]["expected"]["totals"]


@pytest.mark.django_db
def test_a_new_sheet_plays_the_latest_edition() -> None:
    sheet = services.create_sheet(ruleset="ru", options={}, players=["Anna", "Boris", "Vera"],
                                  first_dealer=0)
    assert sheet.edition == rules.EDITION
    assert services.sheet_document(sheet)["edition"] == rules.EDITION


@pytest.mark.django_db
def test_export_writes_the_edition_and_import_keeps_it() -> None:
    sheet = services.create_sheet(ruleset="ru", options={}, players=["Anna", "Boris", "Vera"],
                                  first_dealer=0, entries=THREE_DEALS, edition=1)
    doc = services.sheet_document(sheet)
    assert doc["edition"] == 1
    again = exports.import_sheet(json.loads(json.dumps(doc)))
    assert again.edition == 1
    # a document from before editions names none: it plays the latest
    del doc["edition"]
    assert exports.import_sheet(doc).edition == rules.EDITION


@pytest.mark.django_db
def test_an_import_with_an_unknown_edition_is_refused_and_stores_nothing() -> None:
    sheet = services.create_sheet(ruleset="ru", options={}, players=["Anna", "Boris", "Vera"],
                                  first_dealer=0, entries=THREE_DEALS)
    doc = services.sheet_document(sheet) | {"edition": 99}
    with pytest.raises(exports.ImportRefused) as refused:
        exports.import_sheet(doc)
    assert [p.code for p in refused.value.problems] == ["bad_edition"]
    assert Sheet.objects.count() == 1


@pytest.mark.django_db
def test_the_rules_page_says_which_edition_the_sheet_plays(client: Client) -> None:
    old = services.create_sheet(ruleset="ru", options={}, players=["Anna", "Boris", "Vera"],
                                first_dealer=0, edition=1)
    new = services.create_sheet(ruleset="ru", options={}, players=["Anna", "Boris", "Vera"],
                                first_dealer=0)
    old_page = text(page(client.get(reverse("table_rules", args=[old.edit_token]))))
    new_page = text(page(client.get(reverse("table_rules", args=[new.edit_token]))))
    assert "earlier rules (edition 1)" in old_page and "totals never change" in old_page
    assert f"current rules (edition {rules.EDITION})" in new_page
    assert "earlier rules" not in new_page
