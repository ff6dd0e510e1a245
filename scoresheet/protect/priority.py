"""Heavy work yields the CPU to the web workers: the task worker (``manage.py db_worker``, which
makes PDFs, table cards, the tournament's results and mail) lowers its own CPU priority to
:data:`WORKER_NICE` before the first task it runs, however it was started (scripts/run,
scripts/serve-production, a systemd unit, the tests' live servers), and on Linux to the CPU's
idle time (``SCHED_IDLE``).  A PDF being made then never competes evenly with a watcher's poll:
the kernel gives a web worker that wakes the CPU at once.

The immediate task backend (the tests' ``LISTEK_TASKS=immediate``) runs a task inside the
request that asked for it: that process is a web worker and keeps its priority.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)
WORKER_NICE = 19  # the lowest priority: the worker runs on what the web workers leave


def below_the_web(target: int = WORKER_NICE) -> int:
    """Lower this process's CPU priority to ``target`` (never raise it: an unprivileged process
    cannot); its niceness afterwards.  On Linux the niceness is the calling thread's, and
    threads started later inherit it: the worker runs its tasks in this (main) thread."""
    current = os.nice(0)
    if current < target:
        current = os.nice(target - current)
        log.info("task worker: CPU priority lowered to nice %s", current)
        in_its_own_group(target)
        only_when_idle()
    return current


def only_when_idle() -> None:
    """Linux's ``SCHED_IDLE``: the worker runs only on a CPU nothing else wants.  Below nice 19:
    a web worker that wakes takes the CPU from it at once (a nice 19 task keeps its slice of a
    few milliseconds first), and the kernel places a waking web worker on a CPU that runs only
    such work as on an idle one.  Allowed to any process (it only lowers); where the system has
    no such policy, nice 19 stays."""
    policy = getattr(os, "SCHED_IDLE", None)
    if policy is None:
        return
    try:
        os.sched_setscheduler(0, policy, os.sched_param(0))
    except OSError:
        return
    log.info("task worker: runs only when the CPU is idle (SCHED_IDLE)")


AUTOGROUP = Path("/proc/self/autogroup")


def in_its_own_group(target: int) -> None:
    """Where Linux groups processes by session (``sched_autogroup``, on by default in most
    desktop and many server kernels), a nice value weighs only against the processes of the
    same session: a worker started in a session of its own (a service, a terminal, the tests'
    live servers) would still share the CPU evenly with the web workers' session.  Its group's
    nice is lowered as well (allowed to the process's owner); where there is no such file (no
    autogroups, another system) there is nothing to lower, and a service manager's own CPU
    weight does it (docs/deployment.md, ``CPUWeight=``).  Only a session leader does so: its
    group is its own; a worker in the session of whoever started it (the web server's, under
    scripts/run) already weighs its nice against them, and must not lower their group."""
    if not leads_its_session():
        return
    try:
        AUTOGROUP.write_text(f"{target}\n", encoding="ascii")
    except OSError:
        return
    log.info("task worker: its session's CPU share lowered to nice %s", target)


def on_task_started(sender: Any, **kwargs: Any) -> None:
    """``task_started``: a backend that queues (the database's) runs its tasks in the task
    worker; the immediate one in the web worker, which keeps its priority."""
    if getattr(sender, "supports_defer", False):
        below_the_web()


def leads_its_session() -> bool:
    """This process began its own session (``setsid``): its scheduling group is its own."""
    try:
        return os.getsid(0) == os.getpid()
    except OSError:
        return False
