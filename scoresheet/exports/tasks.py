"""The heavy work, done by the task worker (``manage.py db_worker``), never by a web request:
a sheet's PDF, mail, and the periodic cleanup of what storage keeps.

Django's Tasks framework (the ``django-tasks`` backport, its database backend from
``django-tasks-db``): a request queues a task in the database and answers at once; each worker
runs one task at a time, so as many PDFs are made at once as there are workers, whatever the
number of requests.  The tournament's PDFs are tasks of the tournament app
(scoresheet/tournament/tasks.py), stored the same way (scoresheet/exports/pdfstore.py).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone, translation
from django_tasks import task

from scoresheet.exports import pdfstore
from scoresheet.exports.models import Printer, Rendered
from scoresheet.exports.printing import PaperSize, make_pdf
from scoresheet.protect import budget
from scoresheet.sheets.models import Sheet

log = logging.getLogger(__name__)
CLEAN_EVERY = 3600  # seconds between two cleanups of storage


@contextmanager
def charged(buckets: Sequence[Sequence[str]] | None) -> Iterator[None]:
    """Charge the CPU this block costs to the budgets of the request that asked for the work
    (scoresheet/protect/budget.py): a PDF is paid by whoever asked for it, even if made later."""
    started = time.thread_time()
    try:
        yield
    finally:
        if buckets:
            budget.charge_later([list(b) for b in buckets],
                                (time.thread_time() - started) * 1000)


@task()
def render_sheet_pdf(key: str, sheet_id: int, size: str, part: int | None,
                     language: str, charge: Sequence[Sequence[str]] | None = None) -> None:
    """Make the PDF claimed under ``key`` (scoresheet/exports/pdfstore.py) and keep it."""
    sheet = Sheet.objects.filter(pk=sheet_id).first()
    if sheet is None:  # deleted meanwhile: its claim went with it
        return
    with charged(charge), translation.override(language or None):
        pdf = make_pdf(sheet, size=PaperSize.from_query(size), part=part)
    pdfstore.store(key, pdf)


@task()
def send_sheet_mail(sheet_id: int, addresses: Sequence[str], size: str, link: str,
                    language: str) -> int:
    """Mail the sheet's PDF to each address (scoresheet/exports/mailing.py); how many went."""
    from scoresheet.exports.mailing import send_sheet

    sheet = Sheet.objects.filter(pk=sheet_id).first()
    if sheet is None:
        return 0
    with translation.override(language or None):
        return send_sheet(sheet, list(addresses), size=PaperSize.from_query(size), link=link)


def clean(now: Any = None) -> dict[str, int]:
    """Delete what storage no longer needs: expired sessions, expired rows of the shared cache,
    stored PDFs older than ``settings.KEEP_DAYS`` days (and claims nobody finished), finished
    tasks as old, and the rate limits' counts whose window is over.  Returns what went."""
    from django.contrib.sessions.models import Session
    from django_tasks_db.models import DBTaskResult

    from scoresheet.protect.models import Hit

    now = now or timezone.now()
    old = now - timedelta(days=int(settings.KEEP_DAYS))
    gone: dict[str, int] = {}
    gone["sessions"] = Session.objects.filter(expire_date__lt=now).delete()[0]
    table = connection.ops.quote_name(settings.CACHE_TABLE)
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {table} WHERE expires < %s",  # noqa: S608
                       [connection.ops.adapt_datetimefield_value(now)])
        gone["cache"] = max(0, cursor.rowcount)
    gone["pdfs"] = Rendered.objects.filter(started__lt=old).delete()[0]
    gone["tasks"] = DBTaskResult.objects.finished().filter(finished_at__lt=old).delete()[0]
    gone["counts"] = Hit.objects.filter(slot__lte=int(now.timestamp())).delete()[0]
    gone["printers"] = Printer.objects.filter(seen__lt=old).delete()[0]  # workers long gone
    return gone


@task()
def clean_storage() -> dict[str, int]:
    """The periodic cleanup: the next one queued ``CLEAN_EVERY`` seconds later first (one is
    always waiting while a worker runs: :func:`schedule_cleanup`), so that a cleanup that
    fails does not stop the ones after it; then :func:`clean`."""
    schedule_cleanup(later=True)
    gone = clean()
    log.info("storage cleaned: %s", gone)
    return gone


def schedule_cleanup(*, later: bool = False) -> bool:
    """Queue the cleanup unless one is already waiting; True when one was queued.  Only with
    a backend that queues (the immediate one would run it again and again)."""
    from django_tasks import task_backends
    from django_tasks_db.models import DBTaskResult

    if not task_backends["default"].supports_defer:
        return False
    path = f"{clean_storage.func.__module__}.{clean_storage.func.__qualname__}"
    if DBTaskResult.objects.filter(task_path=path, status="READY").exists():
        return False  # waiting for its time
    delay = CLEAN_EVERY if later else 0
    clean_storage.using(run_after=timezone.now() + timedelta(seconds=delay)).enqueue()
    return True
