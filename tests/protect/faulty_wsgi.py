"""The app with a way to stop a write half-way, for the fault tests only (never deployed).

A request carrying the header ``X-Listek-Stall: <file>`` stops inside the write transaction,
after the entry rows were written and before the revision, the history and the write key are:
the worker writes its process id into <file> and sleeps, so that the test can kill it there.
``X-Listek-Stall-After-Commit: 1`` sleeps once the write is committed instead.
"""

from __future__ import annotations

import importlib
import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from django.db import transaction

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
    if getattr(_local, "after", None):  # stalls once the write is committed
        transaction.on_commit(lambda: time.sleep(STALL_SECONDS))
    return _real_push(sheet, change)


services._push = _stalling_push


def application(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    _local.marker = environ.get("HTTP_X_LISTEK_STALL")
    _local.after = environ.get("HTTP_X_LISTEK_STALL_AFTER_COMMIT")
    try:
        return django_application(environ, start_response)  # type: ignore[no-any-return]
    finally:
        _local.marker = _local.after = None
