"""Storage has limits: the periodic cleanup (scoresheet/exports/tasks.py) deletes expired
sessions, expired cache rows, PDFs and finished tasks older than settings.KEEP_DAYS and rate
counts whose window is over, keeps everything else, and queues its own next run."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.core.management import call_command
from django.test import override_settings
from django.utils import timezone

from scoresheet.exports import tasks
from scoresheet.exports.models import Rendered
from scoresheet.protect.models import Hit
from tests.conftest import quiet_deals

pytestmark = pytest.mark.postgres


@override_settings(KEEP_DAYS=7)
def test_the_cleanup_deletes_what_is_old_and_keeps_the_rest(make_sheet) -> None:
    now = timezone.now()
    for days in (-1, 1):  # one session expired yesterday, one expires tomorrow
        store = SessionStore()
        store["x"] = days
        store.set_expiry(now + timedelta(days=days))
        store.save()
    cache.set("old", 1, timeout=1)
    cache.set("young", 1, timeout=3600)
    sheet = make_sheet(entries=quiet_deals(1))
    Rendered.objects.create(key="old", sheet=sheet, revision=0, started=now - timedelta(days=8),
                            content=b"%PDF")
    Rendered.objects.create(key="young", sheet=sheet, revision=1, started=now, content=b"%PDF")
    Hit.objects.create(bucket="over", slot=int(now.timestamp()) - 10, count=3)
    Hit.objects.create(bucket="current", slot=int(now.timestamp()) + 50, count=3)

    gone = tasks.clean(now + timedelta(seconds=5))
    assert gone["sessions"] == 1 and Session.objects.count() == 1
    assert gone["cache"] >= 1 and cache.get("young") == 1
    assert list(Rendered.objects.values_list("key", flat=True)) == ["young"]
    assert list(Hit.objects.values_list("bucket", flat=True)) == ["current"]


@override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_the_cleanup_is_queued_once_and_queues_its_next_run(db: None) -> None:
    from django_tasks_db.models import DBTaskResult

    call_command("clean_storage", "--schedule")
    call_command("clean_storage", "--schedule")  # already waiting: not queued twice
    [waiting] = DBTaskResult.objects.all()
    assert waiting.task_path == "scoresheet.exports.tasks.clean_storage"
    waiting.delete()
    tasks.clean_storage.call()  # as the worker runs it: it queues the next, an hour later
    [following] = DBTaskResult.objects.all()
    delay = (following.run_after - timezone.now()).total_seconds()
    assert tasks.CLEAN_EVERY - 60 <= delay <= tasks.CLEAN_EVERY


@override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_a_cleanup_that_fails_still_queues_the_next_one(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django_tasks_db.models import DBTaskResult

    def fails(now: object = None) -> dict[str, int]:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(tasks, "clean", fails)
    with pytest.raises(RuntimeError):
        tasks.clean_storage.call()  # as the worker runs it, and it fails
    [following] = DBTaskResult.objects.all()
    assert following.task_path == "scoresheet.exports.tasks.clean_storage"
    assert following.status == "READY"
    delay = (following.run_after - timezone.now()).total_seconds()
    assert tasks.CLEAN_EVERY - 60 <= delay <= tasks.CLEAN_EVERY
