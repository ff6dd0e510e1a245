"""The app with a way to stop a write half-way, for the fault tests only (never deployed).

A request carrying the header ``X-Listek-Stall: <file>`` stops inside the write transaction,
after the entry rows were written and before the revision, the history and the write key are:
the worker writes its process id into <file> and sleeps, so that the test can kill it there.
``X-Listek-Stall-After-Commit: 1`` sleeps once the write is committed instead.
``X-Listek-Slow-Statement: 1`` runs one statement that takes a minute in the database
(PostgreSQL's ``pg_sleep``) at the same place, inside the write transaction.
``X-Listek-Show-Statement-Timeout: 1`` answers with the header ``X-Listek-Statement-Timeout``:
PostgreSQL's ``statement_timeout`` of the connection that served the request.
"""

from __future__ import annotations

import importlib
import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from django.db import connection, transaction

from scoresheet.wsgi import application as django_application  # sets Django up first

services = importlib.import_module("scoresheet.sheets.services")  # only once the apps are loaded

STALL_SECONDS = 60  # longer than any test waits: the worker is killed before it wakes
_local = threading.local()
_real_push = services._push


def _stalling_push(sheet: Any, change: Any) -> Any:
    # called by every write (appended or replayed) after its entry rows are written
    marker = getattr(_local, "marker", None)
    if marker:
        Path(marker).write_text(str(os.getpid()))
        time.sleep(STALL_SECONDS)
    if getattr(_local, "slow", None):  # a statement the database works on for a minute
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_sleep(%s)", [STALL_SECONDS])
    if getattr(_local, "after", None):  # stalls once the write is committed
        transaction.on_commit(lambda: time.sleep(STALL_SECONDS))
    return _real_push(sheet, change)


services._push = _stalling_push


def application(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    _local.marker = environ.get("HTTP_X_LISTEK_STALL")
    _local.after = environ.get("HTTP_X_LISTEK_STALL_AFTER_COMMIT")
    _local.slow = environ.get("HTTP_X_LISTEK_SLOW_STATEMENT")
    answer = start_response
    if environ.get("HTTP_X_LISTEK_SHOW_STATEMENT_TIMEOUT"):
        def answer(status: str, headers: list[tuple[str, str]], *args: Any) -> Any:
            # asked of the connection that served the request (still open: it is closed
            # when the response is)
            with connection.cursor() as cursor:
                cursor.execute("SHOW statement_timeout")
                (limit,) = cursor.fetchone()
            return start_response(status, [*headers, ("X-Listek-Statement-Timeout", limit)],
                                  *args)
    try:
        return django_application(environ, answer)  # type: ignore[no-any-return]
    finally:
        _local.marker = _local.after = _local.slow = None
