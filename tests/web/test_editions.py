"""The rules edition of a stored sheet: set once, kept for ever, carried by export and import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

import rules
from scoresheet import exports, services
from scoresheet.models import Sheet
from tests.web.helpers import THREE_DEALS, page, text

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
BEFORE = [("scoresheet", "0003_sheet_print_language")]
AFTER = [("scoresheet", "0004_sheet_rules_edition")]


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_every_stored_sheet_the_first_edition() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    doc = json.loads((GOLDEN / "ru" / "barrel-win.json").read_text(encoding="utf-8"))
    stored = old.get_model("scoresheet", "Sheet").objects.create(
        game=doc["game"], ruleset=doc["ruleset"], options=doc["options"],
        players=doc["players"], first_dealer=doc["first_dealer"], edit_token="e" * 32,
        view_token="v" * 32,
    )
    for position, entry in enumerate(doc["entries"]):
        old.get_model("scoresheet", "Entry").objects.create(
            sheet_id=stored.id, position=position, data=entry)
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    sheet = Sheet.objects.get(id=stored.id)
    assert sheet.edition == 1
    # the totals worked out by hand under the rules it was stored with
    assert list(services.load(sheet).scored.totals) == doc["meta"]["expected"]["totals"]


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
