"""``bash scripts/run --table``, as a newcomer starts it for the table: it says what it is doing,
listens on this machine's address on the local network (never only the loopback), prints that
link with a QR code and what offline needs; a second phone (its own browser context) opens the
sheet's read link through the printed link and follows a new deal written by the scorer's
phone; a mistyped address shows the app's own page, not Django's debug page.

The table's machine is a network namespace this test makes (``ip netns``) with one network
interface besides its loopback: a veth pair whose other end stays here, as a phone on the same
Wi-Fi would be.  ``scripts/run --table`` runs inside it and finds that interface's address by
itself (``manage.py table_link --address``); the browsers reach it through the veth pair, so
nothing here talks to any host but the two ends of a link the test made.
"""

from __future__ import annotations

import ipaddress
import os
import re
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.test_write_path import type_deal

pytestmark = [pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"Phones on the same Wi-Fi open: (http://\S+)")
SERVING = re.compile(r"Serving Lístek at (http://\S+) ")
STARTUP_SECONDS = 600  # a first collectstatic on a busy machine; never a timing assertion


NAMESPACE_NET = ipaddress.ip_network("198.18.71.0/30")  # the test's own link, no one else's
HERE, THERE = (str(a) for a in NAMESPACE_NET.hosts())


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


@pytest.fixture
def table_machine() -> Iterator[str]:
    """A network namespace with a veth link to this one: the name to run the table's server in."""
    name = f"listek-table-{os.getpid()}"
    here, there = f"lt{os.getpid() % 100000}a", f"lt{os.getpid() % 100000}b"
    ip("netns", "add", name)
    try:
        ip("link", "add", here, "type", "veth", "peer", "name", there)
        ip("link", "set", there, "netns", name)
        ip("addr", "add", f"{HERE}/{NAMESPACE_NET.prefixlen}", "dev", here)
        ip("link", "set", here, "up")
        ip("-n", name, "addr", "add", f"{THERE}/{NAMESPACE_NET.prefixlen}", "dev", there)
        ip("-n", name, "link", "set", there, "up")
        ip("-n", name, "link", "set", "lo", "up")
        yield name
    finally:
        subprocess.run(["ip", "link", "del", here], capture_output=True, check=False)
        subprocess.run(["ip", "netns", "del", name], capture_output=True, check=False)


@pytest.fixture
def table_run(tmp_path: Path, table_machine: str) -> Iterator[dict[str, Any]]:
    """``bash scripts/run --table`` in the table's namespace, on a database of its own; its
    output kept as it comes."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DJANGO_", "DATABASE_", "LISTEK_"))}
    env |= {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'table.sqlite3'}",
        "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
        "DJANGO_SECRET_KEY": "table-run-" + "x1y2z3w4" * 8,
        "LISTEK_PORT": "8000",
        "PYTHONUNBUFFERED": "1",
    }
    log = tmp_path / "run.log"
    with log.open("w") as out:
        run = subprocess.Popen(["ip", "netns", "exec", table_machine, "bash", "scripts/run",
                                "--table"], cwd=ROOT, env=env, stdout=out,
                               stderr=subprocess.STDOUT, start_new_session=True)
    try:
        yield {"process": run, "log": log, "env": env}
    finally:
        os.killpg(run.pid, signal.SIGTERM)
        run.wait(timeout=30)


def wait_until_serving(table_run: dict[str, Any]) -> str:
    """The printed link, once the server answers on it."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        assert table_run["process"].poll() is None, table_run["log"].read_text()
        text = table_run["log"].read_text()
        link, serving = LINK.search(text), SERVING.search(text)
        if link and serving:
            parts = urlsplit(link.group(1))
            try:
                socket.create_connection((parts.hostname, parts.port), timeout=2).close()
                return link.group(1)
            except OSError:
                pass
        time.sleep(0.5)
    raise AssertionError("scripts/run --table did not start: " + table_run["log"].read_text())


def make_sheet_there(table_run: dict[str, Any]) -> tuple[str, str]:
    """A Russian Thousand sheet (Anna, Boris, Vera) in the run's own database."""
    code = ("from scoresheet.sheets import services; "
            "s = services.create_sheet(ruleset='ru', options={}, players=['Anna', 'Boris', "
            "'Vera'], first_dealer=0, entries=[], owner=None); "
            "print(s.edit_token, s.view_token)")
    made = subprocess.run([str(ROOT / ".venv/bin/python"), "manage.py", "shell", "-c", code],
                          cwd=ROOT, env=table_run["env"], capture_output=True, text=True,
                          check=True)
    edit, view = made.stdout.split()[-2:]
    return edit, view


def test_the_table_run_serves_the_phones_on_the_wifi_through_the_printed_link(
        table_run: dict[str, Any], phone: Any, second_phone: Any, shot: Any) -> None:
    link = wait_until_serving(table_run)
    host = urlsplit(link).hostname
    assert host == THERE  # found by the run itself: the one interface that is not the loopback
    said = table_run["log"].read_text()
    assert "== Setting up" in said and "== Preparing the database" in said  # progress
    assert "▄" in said or "█" in said  # the QR code, drawn in the terminal
    assert "Offline use needs a secure origin" in said and "docs/deployment.md" in said

    edit, view = make_sheet_there(table_run)
    watcher = second_phone.new_page()
    watcher.goto(f"{link}v/{view}/")
    expect(watcher.locator("#live-head")).to_contain_text("Boris")
    expect(watcher.locator("#live tbody tr.kind-deal")).to_have_count(0)

    scorer = phone.new_page()
    scorer.goto(f"{link}s/{edit}/")
    type_deal(scorer, 1, (30, 75, 15))  # Boris plays 120 with 75: he goes down
    scorer.get_by_role("button", name="Write it down").click()
    scorer.wait_for_url(re.compile(r"#e0$"))
    # the second phone follows by itself
    expect(watcher.locator("#live tbody tr.kind-deal")).to_have_count(1, timeout=15_000)
    expect(watcher.locator("#live tfoot td")).to_have_text(["30", "-120", "15"])
    assert watcher.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(watcher, "table-run-watcher")

    # a mistyped address: the app's own page, never Django's debug page with its URL list
    answer = watcher.goto(f"{link}v/{view}/entries/new/deal/")
    assert answer is not None and answer.status == 404
    expect(watcher.locator("h1")).to_have_text("Not found")
    assert "URLconf" not in watcher.content()
    assert watcher.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
