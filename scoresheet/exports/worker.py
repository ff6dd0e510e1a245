"""The task worker that outlives its database: ``manage.py task_worker``.

Django's Tasks worker (``manage.py db_worker`` of django-tasks-db) ends with the first error of
its database: a PostgreSQL restart, a dropped connection or a failover stopped every worker, and
no PDF was made and no mail sent afterwards.  :class:`SteadyWorker` runs the same loop, and when
the database cannot be reached (``OperationalError``, ``InterfaceError``) it closes its
connections, waits (:data:`FIRST_WAIT` seconds, doubled after each failure up to
:data:`LAST_WAIT`) and goes on with new ones.  A task the outage cut off is run again: it was
still marked running in this worker's name, and goes back to the queue.

Each worker writes its own :class:`~scoresheet.exports.models.Printer` row every
:data:`BEAT_EVERY` seconds from a thread of its own (also while a long PDF is made), so a page
that waits for a PDF can tell whether any worker runs at all (:func:`printer_running`).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from datetime import timedelta

from django.db import DatabaseError, InterfaceError, OperationalError, connections
from django.utils import timezone
from django_tasks_db.management.commands.db_worker import Worker

from scoresheet.exports.models import Printer

log = logging.getLogger(__name__)
FIRST_WAIT = 0.5  # seconds before the first new try after the database went away
LAST_WAIT = 10.0  # the longest wait between two tries
BEAT_EVERY = 5.0  # seconds between two signs of life of a worker
BEAT_FRESH = 30.0  # a worker not seen for this long is not running
LOST = (OperationalError, InterfaceError)


def printer_running() -> bool:
    """Whether a task worker has shown itself lately (any worker, on any machine)."""
    since = timezone.now() - timedelta(seconds=BEAT_FRESH)
    return Printer.objects.filter(seen__gte=since).exists()


class Heartbeat(threading.Thread):
    """Writes the worker's :class:`Printer` row every :data:`BEAT_EVERY` seconds."""

    def __init__(self, name: str) -> None:
        super().__init__(name="listek-heartbeat", daemon=True)
        self.worker_name = name
        self.done = threading.Event()

    def beat(self) -> None:
        try:
            Printer.objects.update_or_create(name=self.worker_name,
                                             defaults={"seen": timezone.now()})
        except DatabaseError:
            connections.close_all()  # (this thread's own): new ones next time

    def run(self) -> None:
        while not self.done.is_set():
            self.beat()
            self.done.wait(BEAT_EVERY)
        connections.close_all()

    def stop(self) -> None:
        self.done.set()
        self.join(BEAT_EVERY + 5)
        with contextlib.suppress(DatabaseError):  # else its row grows old and is cleaned away
            Printer.objects.filter(name=self.worker_name).delete()


class SteadyWorker(Worker):
    """django-tasks-db's worker, which waits for its database instead of ending."""

    def run(self) -> None:
        wait = FIRST_WAIT
        while self.running:
            started = time.monotonic()
            try:
                super().run()
                return  # --batch or --max-tasks: done
            except LOST as error:
                if time.monotonic() - started > 2 * LAST_WAIT:
                    wait = FIRST_WAIT  # it had worked for a while: a new outage
                log.warning("the database cannot be reached (%s); trying again in %.1f s",
                            str(error).strip().splitlines()[0] if str(error).strip() else
                            type(error).__name__, wait)
                self.running_task = False
                connections.close_all()
                time.sleep(wait)
                wait = min(wait * 2, LAST_WAIT)
                self.requeue_cut_off()

    def requeue_cut_off(self) -> None:
        """Put back in the queue the task this worker was running when the database went away
        (marked running in its name, and never finished)."""
        from django_tasks_db.models import DBTaskResult

        try:
            DBTaskResult.objects.filter(
                status="RUNNING", worker_ids__contains=[self.worker_id],
            ).update(status="READY", started_at=None)
        except LOST:
            connections.close_all()  # still away: the loop finds out and waits again
        except DatabaseError:  # a database without JSON containment (old SQLite)
            self._requeue_one_by_one()

    def _requeue_one_by_one(self) -> None:
        from django_tasks_db.models import DBTaskResult

        for row in DBTaskResult.objects.filter(status="RUNNING"):
            if self.worker_id in (row.worker_ids or []):
                DBTaskResult.objects.filter(pk=row.pk, status="RUNNING").update(
                    status="READY", started_at=None)
