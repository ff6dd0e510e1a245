"""The tournament load test: 100 players (``--players``, up to 400) at Mariáš tables of four
entering deals at once, with players watching their table sheets, the wall page and the
director's page polling, on two app instances (two gunicorn masters) sharing one database, with
the limits as shipped.  Every phone comes from one address (loopback), as every phone of a
tournament hall comes from the hall's one address.

The tournament is created, drawn and started through its web forms.  Each table has its
scorer's phone (enters deals, corrects one now and then, like scripts/loadtest.py) and two
players' phones watching the sheet's read link; WALLS wall pages and the director's page poll
every 3 seconds.  Phones go to either instance.  Afterwards, for every table:

* the database holds whole writes only (revision, history, write keys and entries agree);
* no deal was lost and none duplicated: the stored deals are exactly the acknowledged ones, in
  the order the server acknowledged them, from the phones' own log;
* the standings the server exports (CSV, money per player) are what the rules engine gives for
  the phones' log;
* no honest phone was refused: not one 429 or 503 (every phone here is honest).

Prints p50/p95/p99 per request kind, and the CPU each kind cost the server (its
``Server-Timing`` header, ``LISTEK_SERVER_TIMING``).  Exits non-zero on any problem.  Loopback
only; duration and requests are capped.  Run through ``bash scripts/load --tournament
[--players N]`` (SQLite, then PostgreSQL).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import random
import re
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

from loadtest import (  # noqa: E402
    MAX_DURATION,
    MAX_REQUESTS,
    POLL_SECONDS,
    Budget,
    LoadPhone,
    Stop,
    latencies,
    percentile,
    print_latencies,
)

from tests.protect.live import (  # noqa: E402
    Databases,
    Phone,
    Server,
    _json,
    assert_whole,
    collectstatic,
    production_env,
)

SHEET_LINK = re.compile(r'href="/s/([\w-]+)/"')
READ_LINK = re.compile(r'href="/v/([\w-]+)/"')
PLAYERS = 100  # --players
MOST_PLAYERS = 400  # the app's maximum for one tournament
SEATS = 4  # Mariáš: three play, the dealer sits out
DEALS = 200  # the most a round may have: the round never ends during the load


def marias_deal(k: int, card_points: int) -> tuple[int, dict[str, str]]:
    """Deal k (0-based) of a four-seat sheet whose first dealer is seat 0: the seat after the
    dealer plays hra in bells with ``card_points``."""
    declarer = (k + 1) % SEATS
    return declarer, {"declarer": str(declarer), "game": "suit", "trump": "bells",
                      "card_points": str(card_points)}


CPU: list[tuple[str, float]] = []  # (kind, server CPU ms) of every answer


def cpu_of(kind: str, reply: Any) -> None:
    """Note what the answer says it cost the server's CPU (``Server-Timing: cpu;dur=ms``)."""
    found = re.search(r"cpu;dur=([\d.]+)", (reply.headers or {}).get("server-timing", "")) \
        if reply is not None else None
    if found:
        CPU.append((kind, float(found[1])))


class ScorerPhone(LoadPhone):
    """A table's scorer: Mariáš deals instead of Thousand ones."""

    def call(self, kind: str, method: str, path: str, data: dict[str, str] | None = None,
             headers: dict[str, str] | None = None) -> Any:
        reply = super().call(kind, method, path, data, headers)
        cpu_of(kind, reply)
        return reply

    def deal(self, position: int, *, correcting: bool) -> tuple[int, list[int], dict[str, str]]:
        points = self.rng.choice([60, 30, 80] if correcting else [60, 30])
        declarer, data = marias_deal(position, points)
        return declarer, [points], data


@dataclass
class Watcher:
    """A page that only polls: a player's read link, the wall page or the director's page."""

    port: int
    kind: str
    path: str  # with {mark}: the revision or fingerprint the page last showed
    budget: Budget
    rng: random.Random
    timings: list[tuple[str, float, int]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def run(self) -> None:
        phone = Phone(self.port, user_agent=f"listek-load {self.kind}")
        mark = ""
        time.sleep(self.rng.uniform(0, POLL_SECONDS))
        try:
            while True:
                if not self.budget.take():
                    return
                started = time.perf_counter()
                try:
                    reply = phone.get(self.path.format(mark=mark), headers={"HX-Request": "true"})
                except OSError as exc:
                    self.errors.append(repr(exc))
                    self.timings.append((self.kind, time.perf_counter() - started, 0))
                    continue
                self.timings.append((self.kind, reply.seconds, reply.status))
                cpu_of(self.kind, reply)
                if reply.status == 200:
                    found = re.search(r'\?(?:v|rev)=([\w-]+)"', reply.text)
                    mark = found[1] if found else ""
                time.sleep(POLL_SECONDS)
                if time.monotonic() >= self.budget.deadline:
                    return
        except Stop:
            return


def create_tournament(port: int) -> tuple[str, str]:
    """Create, draw and start the tournament through its forms; (director, players) tokens."""
    director = Phone(port)
    director.get("/t/new/")
    names = "\n".join(f"Player {i:03d}, Club {i % 7}" for i in range(1, PLAYERS + 1))
    reply = director.post("/t/new/", {
        "name": "Load evening", "ruleset": "marias", "rounds": "1", "table_size": "4",
        "deals_per_round": str(DEALS), "players_text": names})
    assert reply.status == 302, (reply.status, reply.text[:2000])
    token = reply.location.rstrip("/").split("/")[-1]

    def revision() -> str:  # every director's form carries the revision its page showed
        found = re.search(r'name="revision" value="(\d+)"', director.get(f"/t/{token}/").text)
        assert found, "no revision on the director's page"
        return found[1]

    assert director.post(f"/t/{token}/draw/", {"seed": "4242",
                                               "revision": revision()}).status == 302
    assert director.post(f"/t/{token}/start/", {"revision": revision()}).status == 302
    page = director.get(f"/t/{token}/").text
    assert "Start round 1" not in page, "the round did not start"
    view = re.search(r'href="/tv/([\w-]+)/wall/"', page)
    assert view, "no wall link on the director's page"
    return token, view[1]


def verify(db: Any, port: int, token: str, phones: list[ScorerPhone]) -> tuple[list[str],
                                                                            list[dict[str, Any]]]:
    """Problems of one table, and the deals the phones' log says it holds."""
    problems: list[str] = []
    stored = assert_whole(db, token)
    acked = [a for p in phones for a in p.acked]
    revisions = dict(db.rows(
        "SELECT key, revision FROM scoresheet_entrychange WHERE sheet_id = %s AND key IS NOT NULL",
        [stored.sheet_id]))
    if set(stored.keys) - {a.key for a in acked}:
        problems.append(f"{token}: writes stored that no phone saw acknowledged")
    if [a for a in acked if a.action == "add" and a.key not in revisions]:
        problems.append(f"{token}: acknowledged deals lost")
    replay: list[dict[str, Any]] = []
    for a in sorted((a for a in acked if a.key in revisions), key=lambda a: revisions[a.key]):
        entry = {"declarer": a.declarer, "card_points": a.points[0]}
        if a.action == "add":
            replay.insert(a.position, entry)
        elif a.position < len(replay):
            replay[a.position] = entry
    got = [{"declarer": e["declarer"], "card_points": e["card_points"]} for e in stored.entries]
    if got != replay:
        problems.append(f"{token}: the stored deals differ from the phones' log")
    adds = sum(1 for a in acked if a.action == "add")
    if len(stored.entries) != adds:
        problems.append(f"{token}: {len(stored.entries)} deals stored, {adds} entered")
    return problems, replay


def main() -> int:
    global PLAYERS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=180.0)
    parser.add_argument("--players", type=int, default=PLAYERS,
                        help=f"players, four at a table (at most {MOST_PLAYERS})")
    parser.add_argument("--think", type=float, default=4.0,
                        help="mean seconds a scorer waits between two writes")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers per instance")
    parser.add_argument("--walls", type=int, default=3, help="wall pages polling")
    parser.add_argument("--watchers", type=int, default=2, help="players watching per table")
    parser.add_argument("--max-requests", type=int, default=300_000)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    duration = min(args.duration, MAX_DURATION)
    PLAYERS = max(SEATS, min(MOST_PLAYERS, args.players // SEATS * SEATS))

    import rules

    workdir = Path(tempfile.mkdtemp(prefix="listek-tload-"))
    databases = Databases(workdir, os.environ.get("DATABASE_URL"))
    db = databases.new()
    # the limits as shipped: nothing lifted
    env = production_env(db.url, collectstatic(), LISTEK_SERVER_TIMING="true")
    servers = [Server(env, workdir=workdir, workers=args.workers).start() for _ in range(2)]
    ports = [s.port for s in servers]
    print(f"tournament load: {databases.kind}, {PLAYERS} players at {PLAYERS // SEATS} tables, "
          f"{duration:.0f} s, two gunicorn instances x {args.workers} workers")
    try:
        director, view = create_tournament(ports[0])
        page = Phone(ports[1]).get(f"/t/{director}/").text
        tokens = list(dict.fromkeys(SHEET_LINK.findall(page)))
        reads = list(dict.fromkeys(READ_LINK.findall(Phone(ports[1]).get(f"/tv/{view}/").text)))
        assert len(tokens) == PLAYERS // SEATS == len(reads), (len(tokens), len(reads))
        budget = Budget(deadline=time.monotonic() + duration,
                        max_requests=min(args.max_requests, MAX_REQUESTS))
        rng = random.Random(args.seed)
        scorers = {t: [ScorerPhone(ports[i % 2], t, 0, budget, args.think,
                                   random.Random(rng.random()))]
                   for i, t in enumerate(tokens)}
        watchers = [Watcher(ports[(i + w) % 2], "watch", f"/v/{r}/table?rev={{mark}}", budget,
                            random.Random(rng.random()))
                    for i, r in enumerate(reads) for w in range(args.watchers)]
        watchers += [Watcher(ports[w % 2], "wall", f"/tv/{view}/wall/?v={{mark}}", budget,
                             random.Random(rng.random())) for w in range(args.walls)]
        watchers.append(Watcher(ports[0], "director", f"/t/{director}/live?v={{mark}}", budget,
                                random.Random(rng.random())))
        threads = [threading.Thread(target=p.run, daemon=True)
                   for p in [*(p for ps in scorers.values() for p in ps), *watchers]]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=duration + 120)
        elapsed = time.monotonic() - started
        problems: list[str] = []
        logs: dict[str, list[dict[str, Any]]] = {}
        for t in tokens:
            found, logs[t] = verify(db, ports[0], t, scorers[t])
            problems += found
        # the standings the server exports are what the engine gives for the phones' log
        money: dict[str, int] = defaultdict(int)
        for t in tokens:
            names = _json(db.rows("SELECT players FROM scoresheet_sheet WHERE edit_token = %s",
                                  [t])[0][0])
            doc = {"format": rules.FORMAT, "game": "marias", "ruleset": "marias", "options": {},
                   "players": names, "first_dealer": 0,
                   "entries": [{"type": "deal", "game": "suit", "trump": "bells",
                                "announced": [], **e} for e in logs[t]]}
            for name, total in zip(names, rules.score(rules.load(doc)).totals, strict=True):
                money[name] += total
        exported = Phone(ports[1]).get(f"/tv/{view}/standings.csv").text
        rows = list(csv.reader(io.StringIO(exported)))
        header = rows[1] if rows and len(rows[0]) == 1 else rows[0]
        body = rows[2:] if rows and len(rows[0]) == 1 else rows[1:]
        col = header.index("Money (Kč)")
        shown = {r[1]: round(float(r[col]) * 100) for r in body}
        if shown != {n: money.get(n, 0) for n in shown} or len(shown) != PLAYERS:
            problems.append("the exported standings differ from the phones' log")
    finally:
        for s in servers:
            s.stop()

    everyone: list[Any] = [p for ps in scorers.values() for p in ps] + watchers
    timings = [x for p in everyone for x in p.timings]
    latency, statuses = latencies(timings)
    acked = sum(len(p.acked) for ps in scorers.values() for p in ps)
    deals = sum(len(v) for v in logs.values())
    if not acked:
        problems.append("no write was acknowledged: nothing was measured")
    errors = sum(1 for _k, _s, status in timings if status >= 500)
    if errors:
        problems.append(f"{errors} answers were server errors (5xx)")
    refused = sum(1 for _k, _s, status in timings if status in (429, 503))
    if refused:
        problems.append(f"{refused} requests of honest phones were refused (429 or 503)")
    cpu: dict[str, list[float]] = defaultdict(list)
    for kind, ms in CPU:
        cpu[kind].append(ms)
    cpu_ms = {kind: {"n": len(v), "mean": round(sum(v) / len(v), 1),
                     "p50": round(percentile(v, 50), 1), "p99": round(percentile(v, 99), 1),
                     "total_s": round(sum(v) / 1000, 1)}
              for kind, v in sorted(cpu.items())}
    result = {
        "database": databases.kind, "players": PLAYERS, "tables": len(tokens),
        "instances": 2, "walls": args.walls, "watchers": len(watchers),
        "seconds": round(elapsed, 1), "requests": len(timings),
        "requests_per_second": round(len(timings) / elapsed, 1),
        "writes_acknowledged": acked, "deals_stored": deals,
        "latency_ms": latency,
        "server_cpu_ms": cpu_ms,
        "statuses": statuses,
        "client_errors": sum(len(p.errors) for p in everyone),
        "problems": problems,
        "verdict": "OK" if not problems else "FAILED",
    }
    print_latencies(latency)
    print(f"server CPU per request: {'kind':9} {'n':>7} {'mean ms':>8} {'p50 ms':>8} "
          f"{'p99 ms':>8} {'total s':>8}")
    for kind, row in cpu_ms.items():
        print(f"server CPU per request: {kind:9} {row['n']:>7} {row['mean']:>8} {row['p50']:>8} "
              f"{row['p99']:>8} {row['total_s']:>8}")
    print(f"throughput: {result['requests_per_second']} requests/s; {acked} writes "
          f"acknowledged, {deals} deals stored at {len(tokens)} tables")
    print("statuses:", ", ".join(f"{k}: {v}" for k, v in result["statuses"].items()))
    for problem in problems[:20]:
        print("PROBLEM", problem)
    print("integrity: OK (no deal lost, none duplicated, the standings are the engine's)"
          if not problems else f"integrity: FAILED ({len(problems)} problems)")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
