"""The bounded load test: TABLES tables x PHONES phones entering and correcting deals at once.

Starts its own gunicorn (production settings) on 127.0.0.1 with a fresh database (SQLite, or a
new database on the PostgreSQL server DATABASE_URL names), plays the phones for DURATION
seconds, stops, and checks every sheet:

* the database holds whole writes only (revision, history, write keys and entries agree);
* no deal was lost: every write a phone saw acknowledged is stored, exactly once;
* none duplicated: a write sent again after an error (same key) is stored once;
* every sheet replays (rules engine) to the totals the server shows, from the phones' own log
  of what they sent, put in the order the server acknowledged it.

Prints p50/p95/p99 latency per request kind and the throughput.  Talks to 127.0.0.1 only; the
duration (at most MAX_DURATION s) and the number of requests (at most MAX_REQUESTS) are capped.

Run through scripts/load, which runs it on SQLite and then on PostgreSQL.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.protect.live import (  # noqa: E402
    Databases,
    Phone,
    Server,
    assert_whole,
    collectstatic,
    deal_fields,
    hidden_fields,
    production_env,
    quiet_deal,
    shown_totals,
)

MAX_DURATION = 600.0  # seconds: the load never runs longer, whatever is asked
MAX_REQUESTS = 1_000_000  # requests in all: a second cap, whatever is asked
POLL_SECONDS = 3.0  # the sheet page polls its table this often (scoresheet/sheets/views/sheet.py)
CORRECTION_SHARE = 0.2  # of a phone's writes, the share that corrects an earlier deal
ROW_NUMBER = re.compile(r'data-number="(\d+)"')  # the new row's number on the deal form
RETRIES = 8  # times a phone sends the same form again after a 5xx, a 429 or a lost answer


def server_cpu(master: int) -> float:
    """CPU seconds (user + system) used so far by the gunicorn master ``master`` and its workers
    (Linux /proc; workers that were replaced meanwhile are not counted)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(stat.parent.name), int(fields[1])
        if pid == master or ppid == master:
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


@dataclass
class Budget:
    deadline: float
    max_requests: int
    sent: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self) -> bool:
        with self.lock:
            if self.sent >= self.max_requests or time.monotonic() >= self.deadline:
                return False
            self.sent += 1
            return True


class Stop(Exception):
    pass


@dataclass
class Acked:
    key: str
    action: str  # "add" or "edit"
    position: int
    declarer: int
    points: list[int]


@dataclass
class LoadPhone:
    port: int
    token: str
    seat: int
    budget: Budget
    think: float
    rng: random.Random
    timings: list[tuple[str, float, int]] = field(default_factory=list)
    acked: list[Acked] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    revision: int = 0
    last_poll: float = 0.0

    def __post_init__(self) -> None:
        self.phone = Phone(self.port, user_agent=f"listek-load seat {self.seat}")

    def call(self, kind: str, method: str, path: str, data: dict[str, str] | None = None,
             headers: dict[str, str] | None = None) -> Any:
        if not self.budget.take():
            raise Stop
        started = time.perf_counter()
        try:
            reply = self.phone.request(method, path, data, headers=headers)
        except OSError as exc:
            self.timings.append((kind, time.perf_counter() - started, 0))
            self.errors.append(f"{kind}: {exc!r}")
            return None
        self.timings.append((kind, reply.seconds, reply.status))
        return reply

    def run(self) -> None:
        try:
            # Phones do not all start at one instant: each opens its sheet within the first
            # think time (at most 10 s), as the tables of a club sit down one after another.
            time.sleep(self.rng.uniform(0, min(self.think, 10.0)))
            self.phone.get(f"/s/{self.token}/")
            while True:
                self.maybe_poll()
                if self.rng.random() < CORRECTION_SHARE and self.revision > 0:
                    self.correct()
                else:
                    self.enter()
                self.pause()
        except Stop:
            return

    def pause(self) -> None:
        end = time.monotonic() + self.rng.expovariate(1 / self.think) if self.think else 0
        while time.monotonic() < end:
            self.maybe_poll()
            time.sleep(min(0.2, max(0.0, end - time.monotonic())))
            if time.monotonic() >= self.budget.deadline:
                raise Stop

    def maybe_poll(self) -> None:
        if time.monotonic() - self.last_poll < POLL_SECONDS:
            return
        self.last_poll = time.monotonic()
        reply = self.call("poll", "GET", f"/s/{self.token}/table?rev={self.revision}",
                          headers={"HX-Request": "true"})
        if reply is not None and reply.status == 200:  # htmx swaps in the new table and its rev
            self.revision = revision_of(reply.text)

    def deal(self, position: int, *, correcting: bool) -> tuple[int, list[int], dict[str, str]]:
        """A deal for row ``position``: its declarer, its points as the phones' log keeps them,
        and the deal form's fields.  (scripts/loadtest_tournament.py enters Mariáš deals.)"""
        if correcting:
            declarer, points = quiet_deal(position, declarer_points=self.rng.choice([20, 30]))
        else:
            declarer, points = quiet_deal(position)
        return declarer, points, deal_fields(declarer, points)

    def enter(self) -> None:
        url = f"/s/{self.token}/entries/new/deal/"
        form = self.call("form", "GET", url)
        if form is None or form.status != 200:
            return
        found = ROW_NUMBER.search(form.text)
        if found is None:
            self.errors.append("form: no row number on the deal form")
            return
        position = int(found[1]) - 1
        self.send("add", url, hidden_fields(form.text), position,
                  *self.deal(position, correcting=False))

    def correct(self) -> None:
        sheet = self.call("sheet", "GET", f"/s/{self.token}/")
        if sheet is None or sheet.status != 200:
            return
        rows = [int(n) for n in re.findall(r'id="e(\d+)"', sheet.text)]
        if not rows:
            return
        position = self.rng.choice(rows)
        url = f"/s/{self.token}/entries/{position}/edit/"
        form = self.call("form", "GET", url)
        if form is None or form.status != 200:
            return
        self.send("edit", url, hidden_fields(form.text), position,
                  *self.deal(position, correcting=True))

    def send(self, action: str, url: str, fields: dict[str, str], position: int,
             declarer: int, points: list[int], deal: dict[str, str]) -> None:
        data = {**fields, **deal}
        for _ in range(RETRIES):
            reply = self.call(action, "POST", url, data)
            if reply is not None and reply.status == 302:
                acked = Acked(fields["key"], action, position, declarer, points)
                self.acked.append(acked)
                self.revision = -1  # unknown now: the next poll fetches the table
                page = self.call("sheet", "GET", reply.location or f"/s/{self.token}/")
                if page is not None and page.status == 200:
                    self.revision = revision_of(page.text)
                return
            if reply is not None and reply.status in (400, 409):
                return  # refused or overtaken by another phone: a fresh form next time
            if reply is not None and reply.status == 429:
                time.sleep(min(5.0, float(reply.headers.get("retry-after", "1"))))
            else:
                time.sleep(0.5)  # 5xx or a lost answer: the same form again, same key
        self.errors.append(f"{action}: gave up after {RETRIES} tries")


def revision_of(html: str) -> int:
    """The revision a sheet page or its live table shows (-1: none found)."""
    found = re.search(r'data-revision="(\d+)"', html)
    return int(found[1]) if found else -1


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))
    return ordered[index]


def latencies(timings: list[tuple[str, float, int]]) -> tuple[dict[str, dict[str, float]],
                                                             dict[str, int]]:
    """p50/p95/p99 and mean (ms) per request kind, and the count of each (kind, status)."""
    by_kind: dict[str, list[float]] = defaultdict(list)
    statuses: Counter[str] = Counter()
    for kind, seconds, status in timings:
        by_kind[kind].append(seconds)
        statuses[f"{kind} {status}"] += 1
    table = {kind: {"n": len(v), "p50": round(percentile(v, 50) * 1000, 1),
                    "p95": round(percentile(v, 95) * 1000, 1),
                    "p99": round(percentile(v, 99) * 1000, 1),
                    "mean": round(statistics.fmean(v) * 1000, 1)}
             for kind, v in sorted(by_kind.items())}
    return table, dict(sorted(statuses.items()))


def logged(access_log: Path) -> list[str]:
    try:
        return access_log.read_text().split()
    except OSError:
        return []


def server_latency(lines: list[str]) -> dict[Any, float]:
    """p50/p95/p99 (ms) of the requests' time inside gunicorn's workers (its access log)."""
    values = [int(line) / 1e6 for line in lines if line.isdigit()]
    return {"n": len(values),
            **{q: round(percentile(values, q) * 1000, 1) for q in (50, 95, 99)}}


def print_latencies(table: dict[str, dict[str, float]]) -> None:
    print(f"{'kind':9} {'n':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for kind, row in table.items():
        print(f"{kind:9} {row['n']:>7} {row['p50']:>8} {row['p95']:>8} {row['p99']:>8}")


def _content(entry: dict[str, Any]) -> str:
    return json.dumps([entry.get("declarer"), entry.get("contract"), entry.get("points")])


def verify(db: Any, port: int, token: str, phones: list[LoadPhone]) -> list[str]:
    """What is wrong with one sheet after the load (empty: nothing)."""
    import rules

    problems: list[str] = []
    stored = assert_whole(db, token)
    acked = [a for p in phones for a in p.acked]
    keys = [a.key for a in acked]
    if len(keys) != len(set(keys)):
        problems.append(f"{token}: a key acknowledged twice")
    revisions = dict(db.rows(
        "SELECT key, revision FROM scoresheet_entrychange WHERE sheet_id = %s AND key IS NOT NULL",
        [stored.sheet_id]))
    unacknowledged = set(stored.keys) - set(keys)
    if unacknowledged:
        problems.append(f"{token}: {len(unacknowledged)} writes stored that no phone saw "
                        "acknowledged")
    lost_adds = [a for a in acked if a.action == "add" and a.key not in revisions]
    if lost_adds:
        problems.append(f"{token}: {len(lost_adds)} acknowledged deals lost")
    # A correction that sends what the row already holds is acknowledged without a write (the
    # form says "Row n is unchanged"): it must be a content the row really had at some time.
    versions: dict[int, set[str]] = defaultdict(set)
    for _rev, _action, position, _before, after, _uid in stored.changes:
        if after is not None:
            versions[position].add(_content(after))
    for a in acked:
        sent = _content({"declarer": a.declarer, "contract": 100, "points": a.points})
        if a.action == "edit" and a.key not in revisions and sent not in versions[a.position]:
            problems.append(f"{token}: an acknowledged correction of row {a.position} lost")
    replay: list[dict[str, Any]] = []
    for a in sorted((a for a in acked if a.key in revisions), key=lambda a: revisions[a.key]):
        entry = {"declarer": a.declarer, "contract": 100, "points": a.points}
        if a.action == "add":
            replay.insert(a.position, entry)
        elif a.position < len(replay):
            replay[a.position] = entry
        else:
            problems.append(f"{token}: a correction of row {a.position} before the row")
    got = [{k: e[k] for k in ("declarer", "contract", "points")} for e in stored.entries]
    if got != replay:
        problems.append(f"{token}: the stored deals differ from the phones' log")
    adds = sum(1 for a in acked if a.action == "add")
    if len(stored.entries) != adds:
        problems.append(f"{token}: {len(stored.entries)} deals stored, {adds} entered")
    document = {
        "format": rules.FORMAT, "game": "thousand", "ruleset": "ru", "options": {},
        "players": ["Anna", "Boris", "Vera"], "first_dealer": 0,
        "entries": [{"type": "deal", "marriages": [[], [], []], **e} for e in replay],
    }
    expected = list(rules.score(rules.load(document)).totals)
    shown = shown_totals(Phone(port).get(f"/s/{token}/").text)
    if shown != expected:
        problems.append(f"{token}: the server shows {shown}, the phones' log gives {expected}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=3, help="phones per table")
    parser.add_argument("--duration", type=float, default=180.0, help="seconds of load")
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean seconds a phone waits between two writes")
    parser.add_argument("--workers", type=int, default=5, help="gunicorn workers")
    parser.add_argument("--max-requests", type=int, default=300_000)
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    duration = min(args.duration, MAX_DURATION)
    max_requests = min(args.max_requests, MAX_REQUESTS)

    import os

    workdir = Path(tempfile.mkdtemp(prefix="listek-load-"))
    databases = Databases(workdir, os.environ.get("DATABASE_URL"))
    db = databases.new()
    env = production_env(
        db.url, collectstatic(),
        # Every phone of the load comes from 127.0.0.1 and writes far faster than a table:
        # the limiter still counts every write (its cost is measured), with limits raised.
        LISTEK_RATELIMIT_CLIENT="1000000000", LISTEK_RATELIMIT_SHEET="1000000",
    )
    # each request's time inside gunicorn's worker (microseconds): the server's side of the
    # latency, without the wait of 150 client threads in one process for their turn
    access = workdir / "access.log"
    server = Server(env, workdir=workdir, workers=args.workers,
                    args=["--access-logfile", str(access), "--access-logformat", "%(D)s"]).start()
    print(f"load: {databases.kind}, {args.tables} tables x {args.phones} phones, "
          f"{duration:.0f} s, gunicorn {args.workers} workers on 127.0.0.1:{server.port}")
    try:
        tokens = [Phone(server.port).new_sheet() for _ in range(args.tables)]
        budget = Budget(deadline=time.monotonic() + duration, max_requests=max_requests)
        rng = random.Random(args.seed)
        phones = {t: [LoadPhone(server.port, t, s, budget, args.think,
                                random.Random(rng.random())) for s in range(args.phones)]
                  for t in tokens}
        threads = [threading.Thread(target=p.run, daemon=True)
                   for ps in phones.values() for p in ps]
        started = time.monotonic()
        assert server.process is not None
        cpu_before = server_cpu(server.process.pid)
        log_before = len(logged(access))
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=duration + 120)
        elapsed = time.monotonic() - started
        cpu_seconds = server_cpu(server.process.pid) - cpu_before
        inside = server_latency(logged(access)[log_before:])
        load_average = os.getloadavg()
        problems = [p for t in tokens for p in verify(db, server.port, t, phones[t])]
    finally:
        server.stop()

    everyone = [p for ps in phones.values() for p in ps]
    stored_keys = {k for (k,) in db.rows(
        "SELECT key FROM scoresheet_entrychange WHERE key IS NOT NULL")}
    unchanged = sum(a.key not in stored_keys for p in everyone for a in p.acked)
    timings = [x for p in everyone for x in p.timings]
    latency, statuses = latencies(timings)
    acked = sum(len(p.acked) for p in everyone)
    result = {
        "database": databases.kind, "tables": args.tables, "phones": len(everyone),
        "seconds": round(elapsed, 1), "requests": len(timings),
        "requests_per_second": round(len(timings) / elapsed, 1),
        # the CPU time of gunicorn's workers (the server's work, SQLite included) per request
        "server_cpu_ms_per_request": round(cpu_seconds * 1000 / max(len(timings), 1), 2),
        "load_average_after": [round(x, 2) for x in load_average],
        "writes_acknowledged": acked, "writes_per_second": round(acked / elapsed, 1),
        "latency_ms": latency,
        "all_latency_ms": {q: round(percentile([t for _k, t, _s in timings], q) * 1000, 1)
                           for q in (50, 95, 99)},
        "server_latency_ms": inside,
        "statuses": statuses,
        "client_errors": sum(len(p.errors) for p in everyone),
        "unchanged_corrections": unchanged,
        "problems": problems,
        "verdict": "OK" if not problems else "FAILED",
    }
    print_latencies(latency)
    overall = result["all_latency_ms"]
    print(f"{'all':9} {len(timings):>7} {overall[50]:>8} {overall[95]:>8} {overall[99]:>8}")
    print(f"{'in server':9} {inside['n']:>7} {inside[50]:>8} {inside[95]:>8} {inside[99]:>8}"
          "   (inside gunicorn's workers)")
    print(f"server CPU: {result['server_cpu_ms_per_request']} ms per request; load average "
          f"{' '.join(str(x) for x in result['load_average_after'])}")
    print(f"throughput: {result['requests_per_second']} requests/s, "
          f"{result['writes_per_second']} acknowledged writes/s ({acked} in {elapsed:.0f} s)")
    print("statuses:", ", ".join(f"{k}: {v}" for k, v in result["statuses"].items()))
    print(f"client-side errors (timeouts, resets): {result['client_errors']}")
    for problem in problems[:20]:
        print("PROBLEM", problem)
    print(f"integrity: {result['verdict']} ({len(tokens)} sheets checked: no deal lost, none "
          "duplicated, every sheet replays to the totals it shows)" if not problems
          else f"integrity: FAILED ({len(problems)} problems)")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
