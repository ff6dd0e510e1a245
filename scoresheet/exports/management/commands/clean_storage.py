"""``manage.py clean_storage [--schedule]``: delete what storage no longer needs now (expired
sessions, stale cache rows, old PDFs and finished tasks, rate-limit counts whose window is over),
or with ``--schedule`` queue the periodic cleanup for the task worker unless one is waiting
(scripts/run and scripts/serve-production do so before they start the worker)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoresheet.exports import tasks


class Command(BaseCommand):
    help = "Delete expired sessions, stale cache rows, old PDFs and tasks; or queue the cleanup."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--schedule", action="store_true",
                            help="queue the periodic cleanup for the task worker instead")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["schedule"]:
            queued = tasks.schedule_cleanup()
            self.stdout.write("cleanup queued" if queued else "cleanup already queued")
            return
        gone = tasks.clean()
        self.stdout.write(", ".join(f"{k}: {v}" for k, v in gone.items()))
