"""``manage.py task_worker``: the task worker (PDFs, mail, the cleanup), with the options of
django-tasks-db's ``db_worker``, that waits for its database instead of ending when it goes
away, and shows it runs (scoresheet/exports/worker.py).  scripts/run and scripts/serve-production
start it; docs/deployment.md, "The task worker"."""

from __future__ import annotations

from typing import Any

from django_tasks_db.management.commands import db_worker

from scoresheet.exports.worker import Heartbeat, SteadyWorker


class Command(db_worker.Command):
    help = "Run the task worker: PDFs, mail and the cleanup; it outlives database restarts."

    def handle(self, *args: Any, **options: Any) -> None:
        heartbeat = Heartbeat(options["worker_id"])
        heartbeat.start()
        original = db_worker.Worker
        db_worker.Worker = SteadyWorker  # type: ignore[misc]
        try:
            super().handle(*args, **options)
        finally:
            db_worker.Worker = original  # type: ignore[misc]
            heartbeat.stop()
