"""A write's idempotency key is kept on the change it made (one row written per change, not
two), and the upgrade that moved it there keeps every key already used: a phone that sent a
deal before the upgrade and sends it again after it gets "already written", not a second row."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoresheet.sheets import services
from scoresheet.sheets.models import Entry, EntryChange
from tests.sheets.helpers import THREE_DEALS, deal

pytestmark = pytest.mark.postgres

PHONE = services.Device(id="phone", user_agent="pytest")
BEFORE = [("scoresheet", "0007_sheet_identity")]
AFTER = [("scoresheet", "0008_write_key_on_the_change")]  # the upgrade; the code runs on the
# latest schema (the sheet's later columns: 0010's short names)
LATEST = [("scoresheet", "0010_sheet_short_names")]


def migrate(target: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)


@pytest.fixture
def back_to_the_latest_schema() -> Iterator[None]:
    """Going back to ``BEFORE`` unapplies every migration after it, of every app (the cost
    budgets' table, the sheet's events...): the test database is migrated to the latest state
    again afterwards, whatever the test did, for the tests that follow it."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("back_to_the_latest_schema")
def test_a_key_used_before_the_upgrade_still_answers_its_retry_after_it(make_sheet) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    fourth = deal(1, 100, [50, 50, 20])
    key = uuid.uuid4().hex
    first = services.add_entry(sheet.pk, revision=3, key=key, device=PHONE, entry=fourth)
    assert first.revision == 4 and not first.replayed

    migrate(BEFORE)  # the schema before: the key lives in its own table
    with connection.cursor() as cursor:
        cursor.execute("SELECT key, revision, action, position FROM scoresheet_writekey "
                       "WHERE sheet_id = %s", [sheet.pk])
        assert cursor.fetchall() == [(key, 4, "add", 3)]
    migrate(AFTER)
    migrate(LATEST)

    assert list(EntryChange.objects.filter(sheet=sheet).exclude(key=None)
                .values_list("revision", "key")) == [(4, key)]
    again = services.add_entry(sheet.pk, revision=3, key=key, device=PHONE, entry=fourth)
    assert again.replayed and again.revision == 4 and again.position == 3
    with pytest.raises(services.KeyReused):  # the same key names that deal, nothing else
        services.add_entry(sheet.pk, revision=4, key=key, device=PHONE,
                           entry=deal(2, 100, [60, 40, 20]))
    assert Entry.objects.filter(sheet=sheet).count() == 4


@pytest.mark.django_db
def test_a_change_is_written_with_its_key_and_no_other_row(make_sheet) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    key = uuid.uuid4().hex
    services.add_entry(sheet.pk, revision=3, key=key, device=PHONE,
                       entry=deal(1, 100, [50, 50, 20]))
    change = EntryChange.objects.get(sheet=sheet, revision=4)
    assert (change.key, change.action, change.position) == (key, "add", 3)
    assert "scoresheet_writekey" not in connection.introspection.table_names()
