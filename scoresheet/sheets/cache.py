"""The cache all app servers share: Django's database cache, writing a value with one statement.

Django's ``DatabaseCache.set`` counts the whole cache table before every write (to decide
whether to cull it), then reads the key and inserts or updates it in a savepoint: five
statements, and the count grows with the table.  What Lístek writes there is derived data keyed
by revision (``scoresheet/sheets/derived.py``), once after each write of a sheet, so that count was
a
third of a deal's database work.  This backend writes with one upsert and leaves the culling to
Django's own ``set`` once every ``CULL_EVERY`` writes of a process (and at its first), so the
table still never grows far past ``MAX_ENTRIES``.  Reading, adding, touching, deleting and
``createcachetable`` are Django's.
"""

from __future__ import annotations

import base64
import pickle
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction

CULL_EVERY = 200  # writes of one process between two counts of the table


class SharedCache(DatabaseCache):
    _table: str  # the table's name (DatabaseCache sets it; its stubs do not say so)

    def __init__(self, table: str, params: dict[str, Any]) -> None:
        super().__init__(table, params)
        self._writes = 0

    def set(self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT,
            version: int | None = None) -> None:
        self._writes += 1
        if self._writes % CULL_EVERY == 1:  # Django's own write: counts, culls, then writes
            super().set(key, value, timeout, version)
            return
        key = self.make_and_validate_key(key, version=version)
        seconds = self.get_backend_timeout(timeout)
        if seconds is None:
            expires = datetime.max
        else:
            expires = datetime.fromtimestamp(seconds, tz=UTC if settings.USE_TZ else None)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        quote = connection.ops.quote_name
        table, column_key, column_value, column_expires = (
            quote(self._table), quote("cache_key"), quote("value"), quote("expires"))
        pickled = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
        sql = (
            f"INSERT INTO {table} ({column_key}, {column_value}, {column_expires}) "  # noqa: S608
            f"VALUES (%s, %s, %s) ON CONFLICT ({column_key}) DO UPDATE SET "
            f"{column_value} = excluded.{column_value}, "
            f"{column_expires} = excluded.{column_expires}"
        )
        params = [key, pickled,
                  connection.ops.adapt_datetimefield_value(expires.replace(microsecond=0))]
        if connection.in_atomic_block:  # a failed write must not break the transaction around it
            with transaction.atomic(using=db), connection.cursor() as cursor:
                cursor.execute(sql, params)
        else:
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
