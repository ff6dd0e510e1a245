"""The task worker serves its clients in turn (scoresheet/protect/fairqueue.py): a client that
queued a heap of PDFs does not make another client's PDF wait behind all of them."""

from __future__ import annotations

import pytest
from django.test import override_settings

from scoresheet.protect import fairqueue

pytestmark = pytest.mark.postgres
DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture(autouse=True)
def fresh_worker() -> None:
    fairqueue.forget()


def queue(client: str, n: int) -> None:
    from scoresheet.exports import tasks

    tasks.render_sheet_pdf.enqueue(f"{client}-{n}", 1, "a4", None, "",
                                   [[f"cost-device:{client}", "client"]])


def claims(count: int) -> list[str]:
    """The clients of the next ``count`` tasks the worker claims (as ``db_worker`` does)."""
    from django_tasks_db.models import DBTaskResult

    out = []
    for _ in range(count):
        task = DBTaskResult.objects.ready().get_locked()
        assert task is not None
        task.claim("test-worker")
        out.append(fairqueue.client_of(task.args_kwargs).split(":")[1])
    return out


@override_settings(TASKS=DATABASE_TASKS)
def test_an_honest_pdf_waits_only_for_one_task_of_each_client_ahead_of_it(db: None) -> None:
    for n in range(12):  # three flooding clients, four PDFs each, queued first
        queue(f"flood{n % 3}", n)
    queue("honest", 0)
    first = claims(4)
    # each flooding client once (in the order they queued), then the honest table: not after
    # all twelve
    assert first == ["flood0", "flood1", "flood2", "honest"]
    assert claims(9) == ["flood0", "flood1", "flood2"] * 3


@override_settings(TASKS=DATABASE_TASKS)
def test_a_client_served_already_waits_behind_one_never_served(db: None) -> None:
    for n in range(5):
        queue("flood", n)
    assert claims(2) == ["flood", "flood"]  # alone: served in its own order
    queue("honest", 0)  # arrives while the flood's tasks wait
    assert claims(2) == ["honest", "flood"]


def test_a_task_without_a_client_is_the_sites() -> None:
    assert fairqueue.client_of({"args": [3, ["a@example.org"], "a4"], "kwargs": {}}) == ""
    assert fairqueue.client_of({"args": [], "kwargs": {"charge": [["cost-device:x", "client"]]}}
                               ) == "cost-device:x"
