"""The task worker yields the CPU to the web workers (scoresheet/protect/priority.py): when a
queued task starts, the process running it lowers its priority to nice 19 and to the CPU's idle
time (``SCHED_IDLE``); a task run inside a request (the immediate backend) leaves the web
worker's priority alone.  Each case runs in a process of its own, so that the test runner keeps
its priority."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.protect.live import REPO

SCRIPT = """
import os, django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")
django.setup()
from django_tasks.backends.immediate import ImmediateBackend
from django_tasks.signals import task_started
from django_tasks_db import DatabaseBackend
before = os.nice(0)
task_started.send_robust(sender={backend}, task_result=None)  # (the log receiver fails on None)
print(before, os.nice(0), os.sched_getscheduler(0))
"""


def run(backend: str) -> tuple[int, int, int]:
    """The niceness before and after a task started, and the scheduling policy after."""
    done = subprocess.run([sys.executable, "-c", SCRIPT.format(backend=backend)], cwd=REPO,
                          capture_output=True, text=True, timeout=120, check=True)
    before, after, policy = done.stdout.split()[-3:]
    return int(before), int(after), int(policy)


def test_a_queued_task_lowers_the_worker_to_nice_19_and_to_idle_time() -> None:
    before, after, policy = run("DatabaseBackend")
    assert before < 19  # (this machine's test runner is not at the lowest priority already)
    assert after == 19
    assert policy == os.SCHED_IDLE  # a waking web worker takes its CPU at once


def test_a_task_run_inside_a_request_keeps_the_web_workers_priority() -> None:
    before, after, policy = run("ImmediateBackend")
    assert after == before
    assert policy == os.SCHED_OTHER


def test_a_worker_in_a_session_of_its_own_lowers_its_sessions_share_too(tmp_path, monkeypatch):
    from scoresheet.protect import priority

    group = tmp_path / "autogroup"
    monkeypatch.setattr(priority, "AUTOGROUP", group)
    monkeypatch.setattr(priority, "leads_its_session", lambda: True)
    priority.in_its_own_group(19)
    assert group.read_text() == "19\n"


def test_a_worker_in_the_session_of_whoever_started_it_leaves_that_group_alone(tmp_path,
                                                                              monkeypatch):
    # (a worker started by scripts/run shares the web server's session: lowering the group
    # would lower the web server too; its own nice already weighs against it there)
    from scoresheet.protect import priority

    group = tmp_path / "autogroup"
    monkeypatch.setattr(priority, "AUTOGROUP", group)
    monkeypatch.setattr(priority, "leads_its_session", lambda: False)
    priority.in_its_own_group(19)
    assert not group.exists()
    assert priority.leads_its_session() is (os.getsid(0) == os.getpid())
