"""The cache every app server shares (scoresheet/sheets/cache.py): Django's database cache whose
write
is one upsert, with Django's own culling every so many writes, on SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoresheet.sheets import cache as shared
from scoresheet.sheets.cache import SharedCache

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def fresh(**options: int) -> SharedCache:
    store = SharedCache(settings.CACHE_TABLE, {"OPTIONS": options, "KEY_PREFIX": "test"})
    store.clear()
    store._writes = 1  # past the first write of a process (which culls)
    return store


def rows() -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {settings.CACHE_TABLE}")
        return int(cursor.fetchone()[0])


def test_a_value_is_written_with_one_statement_and_read_back() -> None:
    store = fresh()
    with CaptureQueriesContext(connection) as ctx:
        store.set("row", {"html": "<tr>", "n": 3})
    assert len(ctx.captured_queries) == 1
    assert "COUNT" not in ctx.captured_queries[0]["sql"].upper()
    assert store.get("row") == {"html": "<tr>", "n": 3}
    store.set("row", [1, 2])  # written again: the new value, one row
    assert store.get("row") == [1, 2]
    assert rows() == 1


def test_an_expired_value_is_not_read_and_a_value_without_timeout_stays(monkeypatch) -> None:
    store = fresh()
    store.set("brief", "x", timeout=1)
    store.set("kept", "y", timeout=None)
    assert store.get("brief") == "x"
    later = timezone.now() + timedelta(seconds=3)  # expiry is kept to the second
    # the clock Django's database cache reads expiry by, moved on instead of waiting
    monkeypatch.setattr("django.core.cache.backends.db.tz_now", lambda: later)
    assert store.get("brief") is None
    assert store.get("kept") == "y"


def test_the_table_is_culled_by_djangos_own_write_every_so_many_writes(monkeypatch) -> None:
    monkeypatch.setattr(shared, "CULL_EVERY", 5)
    store = fresh(MAX_ENTRIES=4, CULL_FREQUENCY=2)
    store._writes = 0  # a process's first write is Django's: it counts the table
    for n in range(5):
        store.set(f"k{n}", n)
    assert rows() == 5  # writes 2 to 5 only wrote: one more than MAX_ENTRIES
    store.set("k5", 5)  # write 6 is Django's again: 5 > 4, half of them go, then k5 is written
    assert rows() == 4
    assert store.get("k5") == 5
