"""Heavy work runs in the task worker, not in a web worker (scoresheet/exports/tasks.py): a
request for a PDF only queues it and answers "preparing your PDF…"; the worker
(``manage.py db_worker``, started here as scripts/serve-production starts it) makes it; the
same link then answers the PDF from storage.  Concurrency is the number of task workers, by
construction; mail is sent by the worker too."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from scoresheet.protect.priority import WORKER_NICE
from tests.protect.live import (
    HOST,
    PYTHON,
    REPO,
    Database,
    Databases,
    PgCluster,
    Phone,
    Server,
    TaskWorker,
    deal_fields,
    free_port,
    manage,
    production_env,
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
        assert reply.status == 202 and "No printer is running" in reply.text
        assert f'href="/s/{token}/print/"' in reply.text  # where the table prints meanwhile
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
    # a worker runs now: another PDF is "being prepared", not "no printer is running"
    assert "Preparing your PDF" in phone.get(f"{url}?size=a5").text


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
    said = phone.get(reply.location).text  # asked while no worker runs: it waits for one
    assert "No mail sender is running at the moment" in said and "being sent" not in said
    assert "stays in the queue and goes out as soon as a mail sender runs" in said
    assert tasks(server_db) == [("scoresheet.exports.tasks.send_sheet_mail", "READY")]
    worker = start_worker(server_db)
    wait_for(lambda: tasks(server_db)[0][1] == "SUCCESSFUL", timeout=120)
    assert "To: anna@example.org" in worker.log()  # the console backend prints it


def _moment(value: object) -> datetime:
    if isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value))


def printers(db: Database) -> int:
    return int(db.value("SELECT count(*) FROM listek_exports_printer"))


def ask_for_pdf_and_mail(phone: Phone, token: str) -> str:
    url = f"/s/{token}/sheet.pdf"
    assert phone.get(url).status == 202
    phone.get(f"/s/{token}/mail/")
    assert phone.post(f"/s/{token}/mail/", {"addresses": "anna@example.org",
                                            "size": "a4"}).status == 302
    return url


@pytest.mark.postgres
def test_the_task_worker_outlives_a_database_restart_and_makes_what_was_queued(
    pg_cluster: PgCluster, prod_dir: Path, start_server: Callable[..., Server],
    start_worker: Callable[..., TaskWorker],
) -> None:
    db = Databases(prod_dir, pg_cluster.url).new()
    server = start_server(db, LISTEK_TASKS="database")
    phone = Phone(server.port)
    token = sheet_with_deals(phone)
    worker = start_worker(db)
    assert worker.process is not None
    wait_for(lambda: printers(db) == 1)  # connected, and waiting for work
    os.kill(worker.process.pid, signal.SIGSTOP)  # held, so that the work waits for it
    try:
        url = ask_for_pdf_and_mail(phone, token)
        pg_cluster.stop()  # the database goes away under the worker's open connection
    finally:
        os.kill(worker.process.pid, signal.SIGCONT)
    time.sleep(5)  # five seconds without a database, the work queued
    pg_cluster.start()
    assert worker.process.poll() is None, worker.log()  # it waited for the database
    pdf = wait_for(lambda: (r := phone.get(url)).status == 200 and r, timeout=300)
    assert pdf.headers["content-type"] == "application/pdf", worker.log()
    wait_for(lambda: sorted(s for _, s in tasks(db)) == ["SUCCESSFUL", "SUCCESSFUL"],
             timeout=300)
    assert "To: anna@example.org" in worker.log()  # the console backend prints the mail
    assert "the database cannot be reached" in worker.log()
    assert worker.process.poll() is None


def production_venv(tmp_path: Path) -> Path:
    """What scripts/serve-production runs, made of this test run's own environment: its
    python and gunicorn, marked installed for the lock file as it is."""
    import hashlib

    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    for name, target in (("python", PYTHON), ("gunicorn", PYTHON.parent / "gunicorn")):
        script = venv / "bin" / name
        script.write_text(f'#!/bin/sh\nexec "{target}" "$@"\n')
        script.chmod(0o755)
    lock = (REPO / "requirements/production.txt").read_bytes()
    (venv / f".installed-{hashlib.sha1(lock).hexdigest()[:12]}").touch()  # noqa: S324
    return venv


def task_workers_of(session: int) -> list[int]:
    """The task workers started by scripts/serve-production (its session)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if os.getsid(int(entry.name)) != session:
                continue
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"manage.py" in command and any(part.endswith(b"_worker") for part in command):
            found.append(int(entry.name))
    return sorted(found)


def test_a_task_worker_that_dies_is_started_again_and_the_web_server_keeps_answering(
    server_db: Database, static_root: Path, tmp_path: Path,
) -> None:
    port = free_port()
    env = production_env(server_db.url, static_root, LISTEK_TASKS="database",
                         LISTEK_PRODUCTION_VENV=str(production_venv(tmp_path)),
                         LISTEK_BIND=f"{HOST}:{port}", LISTEK_WORKERS="1",
                         LISTEK_TASK_WORKERS="1", LISTEK_SKIP_MIGRATE="1")
    log = tmp_path / "serve-production.log"
    with log.open("wb") as out:
        script = subprocess.Popen(["bash", "scripts/serve-production"], cwd=REPO, env=env,
                                  stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        phone = Phone(port, timeout=10)

        def answers() -> bool:
            try:
                return phone.get("/").status == 200
            except OSError:
                return False

        wait_for(answers, timeout=180)
        first = wait_for(lambda: task_workers_of(script.pid), timeout=60)
        wait_for(lambda: printers(server_db) == 1, timeout=60)
        os.kill(first[0], signal.SIGKILL)  # out of memory, say
        wait_for(lambda: (w := task_workers_of(script.pid)) and w != first, timeout=60)
        for _ in range(5):
            assert answers(), log.read_text()[-3000:]
        assert script.poll() is None
        # the new worker does the work
        token = sheet_with_deals(phone)
        url = f"/s/{token}/sheet.pdf"
        phone.get(url)
        pdf = wait_for(lambda: (r := phone.get(url)).status == 200 and r, timeout=300)
        assert pdf.headers["content-type"] == "application/pdf"
        assert "a task worker ended" in log.read_text()
    finally:
        if script.poll() is None:
            os.kill(script.pid, signal.SIGTERM)
            try:
                script.wait(timeout=40)
            except subprocess.TimeoutExpired:
                os.killpg(script.pid, signal.SIGKILL)
                script.wait(timeout=15)
    # stopped as a whole: no task worker is left behind
    assert task_workers_of(script.pid) == []


def test_a_poisoned_task_fails_alone_and_the_worker_goes_on(
    server_db: Database, static_root: Path, start_server: Callable[..., Server],
    start_worker: Callable[..., TaskWorker],
) -> None:
    server = start_server(server_db, LISTEK_TASKS="database")
    phone = Phone(server.port)
    token = sheet_with_deals(phone)
    # a task whose arguments make it raise (as a queue written by an older release could)
    env = production_env(server_db.url, static_root, LISTEK_TASKS="database")
    manage(env, "shell", "-c", "from scoresheet.exports.tasks import render_sheet_pdf; "
           "render_sheet_pdf.enqueue('poison', 'not a sheet', 'a4', None, '')")
    worker = start_worker(server_db)
    wait_for(lambda: [s for _, s in tasks(server_db)] == ["FAILED"], timeout=300)
    url = f"/s/{token}/sheet.pdf"
    phone.get(url)
    pdf = wait_for(lambda: (r := phone.get(url)).status == 200 and r, timeout=300)
    assert pdf.headers["content-type"] == "application/pdf", worker.log()
    assert worker.process is not None and worker.process.poll() is None
