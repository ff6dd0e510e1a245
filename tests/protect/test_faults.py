"""Faults under writes: a worker killed mid-write, PostgreSQL restarted, SQLite's disk full.

Whatever happens, the app answers with a clear error (503 with Retry-After, never a 500) or the
phone's retry succeeds, and the database never holds half a deal: the sheet's revision, its
history, its write keys and its entries always agree (live.assert_whole).  A write sent again
with the same key after a fault is written exactly once.
"""

from __future__ import annotations

import errno
import os
import signal
import sqlite3
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.protect.live import (
    Database,
    Databases,
    PgCluster,
    Phone,
    Server,
    assert_whole,
    deal_fields,
    quiet_deal,
)

FAULTY_APP = "tests.protect.faulty_wsgi:application"
WAIT = 30.0  # seconds any wait in these tests is bounded by


def next_deal(phone: Phone, token: str) -> dict[str, str]:
    """The form of the next quiet deal, filled in (with its revision and key)."""
    url = f"/s/{token}/entries/new/deal/"
    fields = phone.write_fields(url)
    declarer, points = quiet_deal(len(stored_entries(phone, token)))
    return {**fields, **deal_fields(declarer, points)}


def stored_entries(phone: Phone, token: str) -> list[str]:
    page = phone.get(f"/s/{token}/")
    assert page.status == 200
    return [line for line in page.text.split('id="e')[1:]]


def wait_for(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"waited {WAIT} s for {what}")


# --------------------------------------------------------------------------- a worker killed


@pytest.mark.postgres
def test_a_worker_killed_mid_write_leaves_no_half_deal_and_the_retry_lands_once(
    server_db: Database, start_server: Callable[..., Server], tmp_path: Path
) -> None:
    server = start_server(server_db, app=FAULTY_APP, workers=2)
    phone = Phone(server.port)
    token = phone.new_sheet()
    url = f"/s/{token}/entries/new/deal/"
    assert phone.post(url, next_deal(phone, token)).status == 302
    data = next_deal(phone, token)
    marker = tmp_path / "stalled"
    outcome: list[object] = []

    def send() -> None:
        try:
            outcome.append(phone.post(url, data, headers={"X-Listek-Stall": str(marker)}))
        except OSError as exc:  # the connection dies with the worker
            outcome.append(exc)

    sender = threading.Thread(target=send)
    sender.start()
    wait_for(marker.exists, "the write to stall inside its transaction")
    worker = int(marker.read_text())
    # The entry row is written, the transaction is open: kill the worker there.
    os.kill(worker, signal.SIGKILL)
    sender.join(WAIT)
    assert outcome and not (hasattr(outcome[0], "status") and outcome[0].status < 500)
    s = assert_whole(server_db, token)
    assert s.revision == 1 and len(s.entries) == 1  # no trace of the killed write

    wait_for(lambda: len(server.worker_pids()) == 2 and worker not in server.worker_pids(),
             "the master to replace the killed worker")
    again = phone.post(url, data)  # the phone sends the same form again
    deadline = time.monotonic() + 30
    while again.status == 429 and time.monotonic() < deadline:
        # "still sending another change": the killed write is forgotten within seconds
        time.sleep(float(again.headers["retry-after"]))
        again = phone.post(url, data)
    assert again.status == 302
    assert phone.post(url, data).status == 302  # and once more: recognised, not rewritten
    s = assert_whole(server_db, token)
    assert s.revision == 2 and len(s.entries) == 2 and data["key"] in s.keys


# --------------------------------------------------------------------------- PostgreSQL restarts


class Writer(threading.Thread):
    """A phone that enters deals until told to stop; a 503 or a lost connection makes it send
    the same form again (same key), as the form page does when the player presses again."""

    def __init__(self, port: int, token: str, stop: threading.Event) -> None:
        super().__init__()
        self.phone = Phone(port, timeout=20)
        self.token = token
        self.stop_event = stop
        self.statuses: list[int] = []
        self.unavailable: list[str] = []
        self.acknowledged: list[str] = []
        self.errors: list[BaseException] = []

    def run(self) -> None:
        url = f"/s/{self.token}/entries/new/deal/"
        data: dict[str, str] | None = None
        deadline = time.monotonic() + 4 * WAIT
        while not self.stop_event.is_set() and time.monotonic() < deadline:
            try:
                if data is None:
                    form = self.phone.get(url)
                    if form.status == 503:  # the form page itself: the same clear answer
                        self.statuses.append(form.status)
                        self.unavailable.append(form.text)
                        time.sleep(0.2)
                        continue
                    data = next_deal(self.phone, self.token)
                reply = self.phone.post(url, data)
            except (OSError, AssertionError):  # a page that could not load: try again
                time.sleep(0.2)
                continue
            self.statuses.append(reply.status)
            if reply.status == 302:
                self.acknowledged.append(data["key"])
                data = None
            elif reply.status == 409:
                data = None
            elif reply.status == 503:
                self.unavailable.append(reply.text)
                time.sleep(0.2)
            elif reply.status == 429 and "still sending" in reply.text:
                # a write cut off by the restart is forgotten within seconds: send again
                time.sleep(float(reply.headers.get("retry-after", "1")))
            else:
                self.errors.append(AssertionError(f"{reply.status}: {reply.text[:500]}"))
                data = None


@pytest.mark.postgres
def test_postgres_restarted_during_writes_gets_a_clear_answer_and_loses_nothing(
    pg_cluster: PgCluster, prod_dir: Path, start_server: Callable[..., Server]
) -> None:
    db = Databases(prod_dir, pg_cluster.url).new()
    server = start_server(db, workers=2)
    token = Phone(server.port).new_sheet()
    stop = threading.Event()
    writers = [Writer(server.port, token, stop) for _ in range(3)]
    for w in writers:
        w.start()
    try:
        wait_for(lambda: sum(len(w.acknowledged) for w in writers) >= 3, "the first writes")
        pg_cluster.stop()  # the database goes away while the phones keep writing
        wait_for(lambda: any(w.unavailable for w in writers), "an answer during the outage")
        pg_cluster.start()
        done = sum(len(w.acknowledged) for w in writers)
        wait_for(lambda: sum(len(w.acknowledged) for w in writers) >= done + 3,
                 "writes after the restart")
    finally:
        stop.set()
        for w in writers:
            w.join(WAIT)
        _forget_dead_connections()
    assert [e for w in writers for e in w.errors] == []
    assert all(s in (302, 409, 429, 503) for w in writers for s in w.statuses)
    answers = [t for w in writers for t in w.unavailable]
    assert all("nothing was saved" in t and "not be written twice" in t for t in answers)
    s = assert_whole(db, token)
    acknowledged = [k for w in writers for k in w.acknowledged]
    assert len(acknowledged) == len(set(acknowledged))
    assert set(acknowledged) <= set(s.keys)
    # A write whose answer was lost in the outage may be stored without being acknowledged;
    # it was then sent again with its key and acknowledged as a replay: never twice.
    assert len(s.entries) == s.revision == len(s.keys)


def _forget_dead_connections() -> None:
    """This test process's own Django connections died with the server: open new ones."""
    from django.db import connections

    connections.close_all()


# --------------------------------------------------------------------------- SQLite, disk full


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB tmpfs (needs root, which scripts/test has on this project's machines)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"cannot mount a tmpfs (run as root): {done.stderr}"
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(directory: Path) -> Path:
    """Fill the file system of ``directory`` to the last byte."""
    filler = directory / "filler"
    chunk = b"\0" * 4096
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        while True:
            try:
                os.write(fd, chunk)
            except OSError as exc:
                if exc.errno != errno.ENOSPC:
                    raise  # anything but a full disk is a failure of the test itself
                break
    finally:
        os.close(fd)
    return filler


def test_sqlite_on_a_full_disk_answers_503_keeps_whole_deals_and_recovers(
    databases: Databases, small_disk: Path, start_server: Callable[..., Server]
) -> None:
    db = databases.new(directory=small_disk) if databases.kind == "sqlite" else None
    assert db is not None, "this test runs in the SQLite run"
    # Without the rate limiter's counter the deal's own transaction is the first to need room.
    server = start_server(db, workers=1, LISTEK_RATELIMIT="false")
    phone = Phone(server.port)
    token = phone.new_sheet()
    url = f"/s/{token}/entries/new/deal/"
    for _ in range(2):
        assert phone.post(url, next_deal(phone, token)).status == 302
    # A reader keeps the database open, as a busy server's other workers do: the write-ahead
    # log then stays, and a write that needs room for it fails in the middle of its commit.
    reader = sqlite3.connect(db.path)
    reader.execute("SELECT count(*) FROM scoresheet_entry").fetchall()
    filler = fill(small_disk)
    refused: dict[str, str] | None = None
    written = 2
    for _ in range(300):  # the WAL file reuses its pages for a while; then it must grow
        try:
            data = next_deal(phone, token)
        except AssertionError:  # the form page itself could not be served: also a 503
            continue
        reply = phone.post(url, data)
        assert reply.status in (302, 503), (reply.status, reply.text[:500])
        if reply.status == 503:
            assert reply.headers["x-listek-trouble"] == "disk_full"
            assert "disk" in reply.text and "nothing was saved" in reply.text
            assert reply.headers["retry-after"].isdigit()
            refused = data
            break
        written += 1
    assert refused is not None, "the full disk never refused a write"
    s = assert_whole(db, token)
    assert len(s.entries) == written

    reader.close()
    filler.unlink()  # space again: the same form, sent again, is written once
    assert phone.post(url, refused).status == 302
    assert phone.post(url, refused).status == 302
    s = assert_whole(db, token)
    assert len(s.entries) == written + 1 and s.keys.count(refused["key"]) == 1


# --------------------------------------------------------------------------- the time limit


@pytest.mark.postgres
def test_a_stalled_write_is_stopped_at_the_time_limit_and_the_worker_lives_on(
    server_db: Database, start_server: Callable[..., Server], tmp_path: Path
) -> None:
    """gunicorn for real: a write that would sleep 60 s inside its transaction is stopped after
    LISTEK_REQUEST_TIMEOUT (2 s) with a 503; the worker is not killed, nothing is kept, and
    the same form sent again is written once."""
    server = start_server(server_db, app=FAULTY_APP, workers=1, LISTEK_REQUEST_TIMEOUT=2)
    phone = Phone(server.port)
    token = phone.new_sheet()
    url = f"/s/{token}/entries/new/deal/"
    workers = server.worker_pids()
    data = next_deal(phone, token)
    stalled = phone.post(url, data, headers={"X-Listek-Stall": str(tmp_path / "stalled")})
    assert stalled.status == 503 and stalled.headers.get("retry-after")
    assert "longer than 2 seconds" in stalled.text and "Nothing was saved" in stalled.text
    assert 1.5 < stalled.seconds < 10
    assert server.worker_pids() == workers  # the same worker answered, and lives on
    s = assert_whole(server_db, token)
    assert s.revision == 0 and s.entries == []
    assert phone.post(url, data).status == 302
    s = assert_whole(server_db, token)
    assert s.revision == 1 and len(s.entries) == 1


@pytest.mark.postgres
def test_a_write_stopped_after_its_commit_says_it_was_saved_and_links_to_it(
    server_db: Database, start_server: Callable[..., Server]
) -> None:
    """The time limit fires after the write committed (while its page is made): the 503 says
    that it was saved, not that nothing was, and links to the sheet that shows it."""
    server = start_server(server_db, app=FAULTY_APP, workers=1, LISTEK_REQUEST_TIMEOUT=2)
    phone = Phone(server.port)
    token = phone.new_sheet()
    url = f"/s/{token}/entries/new/deal/"
    data = next_deal(phone, token)
    stopped = phone.post(url, data, headers={"X-Listek-Stall-After-Commit": "1"})
    assert stopped.status == 503 and stopped.headers.get("retry-after")
    assert "Nothing was saved" not in stopped.text
    assert "had already been saved" in stopped.text
    assert f'href="/s/{token}/"' in stopped.text
    s = assert_whole(server_db, token)
    assert s.revision == 1 and data["key"] in s.keys
    assert phone.post(url, data).status == 302  # sent again all the same: not written twice
    s = assert_whole(server_db, token)
    assert s.revision == 1 and len(s.entries) == 1


# --------------------------------------------------------------------------- statement_timeout


@pytest.mark.postgres
@pytest.mark.parametrize("threads", [1, 4], ids=["sync-worker", "threaded-worker"])
def test_postgres_connections_carry_the_request_limit_and_cancel_a_slower_statement_with_503(
    pg_cluster: PgCluster, prod_dir: Path, start_server: Callable[..., Server], threads: int
) -> None:
    """gunicorn for real on PostgreSQL: the connection that serves a request carries
    ``statement_timeout`` at LISTEK_REQUEST_TIMEOUT (scoresheet/wsgi.py), and a statement that
    would take a minute inside a write is cancelled at the limit: the answer is the players'
    503 (nothing was saved, send again), never a 500; the write is rolled back, the database
    works on nothing more, and the same form sent again is written once.  With a threaded
    worker no timer stops the request (signals reach only the main thread): the database's
    own limit is all that stops it."""
    db = Databases(prod_dir, pg_cluster.url).new()
    server = start_server(db, app=FAULTY_APP, workers=1, args=["--threads", str(threads)],
                          LISTEK_REQUEST_TIMEOUT=2)
    phone = Phone(server.port)
    shown = phone.get("/", headers={"X-Listek-Show-Statement-Timeout": "1"})
    assert shown.status == 200 and shown.headers.get("x-listek-statement-timeout") == "2s"
    token = phone.new_sheet()
    url = f"/s/{token}/entries/new/deal/"
    data = next_deal(phone, token)
    slow = phone.post(url, data, headers={"X-Listek-Slow-Statement": "1"})
    assert slow.status == 503 and slow.headers.get("retry-after"), slow.text[:1500]
    assert "longer than 2 seconds" in slow.text and "Nothing was saved" in slow.text
    assert slow.seconds < 30  # (the statement would take 60 s)
    assert db.value("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query "
                    "LIKE %s", ["SELECT pg_sleep%"]) == 0  # the database works on it no more
    s = assert_whole(db, token)
    assert s.revision == 0 and s.entries == []
    assert phone.post(url, data).status == 302
    s = assert_whole(db, token)
    assert s.revision == 1 and len(s.entries) == 1
