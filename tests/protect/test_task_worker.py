"""Heavy work runs in the task worker, not in a web worker (scoresheet/exports/tasks.py): a
request for a PDF only queues it and answers "preparing your PDF…"; the worker
(``manage.py db_worker``, started here as scripts/serve-production starts it) makes it; the
same link then answers the PDF from storage.  Concurrency is the number of task workers, by
construction; mail is sent by the worker too."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from scoresheet.protect.priority import WORKER_NICE
from tests.protect.live import (
    Database,
    Phone,
    Server,
    TaskWorker,
    deal_fields,
    quiet_deal,
    wait_for,
)

pytestmark = pytest.mark.postgres
TASKS = "django_tasks_database_dbtaskresult"


def sheet_with_deals(phone: Phone, deals: int = 3) -> str:
    token = phone.new_sheet()
    for k in range(deals):
        url = f"/s/{token}/entries/new/deal/"
        declarer, points = quiet_deal(k)
        reply = phone.post(url, {**phone.write_fields(url), **deal_fields(declarer, points)})
        assert reply.status in (200, 302), reply.text[:300]
    return token


def tasks(db: Database) -> list[tuple[str, str]]:
    return [(str(r[0]), str(r[1])) for r in db.rows(f"SELECT task_path, status FROM {TASKS}")]


def test_a_pdf_is_queued_by_the_request_and_made_by_the_worker(
    server_db: Database, start_server: Callable[..., Server],
    start_worker: Callable[..., TaskWorker],
) -> None:
    server = start_server(server_db, LISTEK_TASKS="database")
    phone = Phone(server.port)
    token = sheet_with_deals(phone)
    url = f"/s/{token}/sheet.pdf"
    for _ in range(3):  # no worker yet: asked three times, queued once, made never
        reply = phone.get(url)
        assert reply.status == 202 and "Preparing your PDF" in reply.text
        assert int(reply.headers["retry-after"]) >= 1
    assert tasks(server_db) == [("scoresheet.exports.tasks.render_sheet_pdf", "READY")]
    worker = start_worker(server_db)
    pdf = wait_for(lambda: (r := phone.get(url)).status == 200 and r, timeout=120)
    assert pdf.headers["content-type"] == "application/pdf", worker.log()
    assert tasks(server_db) == [("scoresheet.exports.tasks.render_sheet_pdf", "SUCCESSFUL")]
    polled = phone.get(url, headers={"HX-Request": "true"})  # the waiting page's poll
    assert polled.status == 200 and "Open the PDF" in polled.text
    # started without `nice` (as a systemd unit or by hand), the worker lowered its own CPU
    # priority before its first task: the PDF was made below the web workers
    assert worker.process is not None
    assert niceness(worker.process.pid) == WORKER_NICE


def niceness(pid: int) -> int:
    """The niceness of a process's main thread (field 19 of /proc/<pid>/stat)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[16])


def test_one_worker_makes_one_pdf_at_a_time_whatever_the_requests(
    server_db: Database, start_server: Callable[..., Server],
    start_worker: Callable[..., TaskWorker],
) -> None:
    server = start_server(server_db, LISTEK_TASKS="database", workers=3)
    phone = Phone(server.port)
    urls = [f"/s/{sheet_with_deals(phone, 2)}/sheet.pdf?size={size}"
            for _ in range(2) for size in ("a4", "a5")]
    for url in urls:
        assert phone.get(url).status == 202
    start_worker(server_db)
    for url in urls:
        wait_for(lambda url=url: phone.get(url).status == 200, timeout=180)
    spans = sorted((_moment(a), _moment(b)) for a, b in server_db.rows(
        f"SELECT started_at, finished_at FROM {TASKS}"))
    assert len(spans) == 4
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert end <= start  # one worker: never two renderings at once


def test_mail_is_sent_by_the_worker(
    server_db: Database, start_server: Callable[..., Server],
    start_worker: Callable[..., TaskWorker],
) -> None:
    server = start_server(server_db, LISTEK_TASKS="database")
    phone = Phone(server.port)
    token = sheet_with_deals(phone)
    phone.get(f"/s/{token}/mail/")
    reply = phone.post(f"/s/{token}/mail/", {"addresses": "anna@example.org", "size": "a4"})
    assert reply.status == 302
    assert "being sent to 1 address" in phone.get(reply.location).text
    assert tasks(server_db) == [("scoresheet.exports.tasks.send_sheet_mail", "READY")]
    worker = start_worker(server_db)
    wait_for(lambda: tasks(server_db)[0][1] == "SUCCESSFUL", timeout=120)
    assert "To: anna@example.org" in worker.log()  # the console backend prints it


def _moment(value: object) -> datetime:
    if isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value))
