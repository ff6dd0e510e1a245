"""The web benchmark: server time and bytes, all measured in one run, in one process.

Every request goes through Django's WSGI handler with the production settings (DEBUG off,
every middleware, whitenoise's hashed and compressed static files, the rate limiter counting),
exactly as gunicorn calls it, minus the network.  Measured:

* the server time of an empty Django view (the floor every request pays);
* entering a deal on a 200-deal sheet (the POST), and the POST with the page it redirects to;
* rendering that 200-deal sheet: the full page, and the htmx partial (the live table);
* the bytes sent for the first page load (the page, its style sheet and scripts) and for one
  deal's partial, raw and compressed (gzip, as a proxy or whitenoise sends them);
* the growth table: the edit and read-only pages, a watcher's poll, the POST and the 204 at
  10, 200 and 1,000 deals against a floor page, every request asking for gzip as phones do;
* a club's season (``--club`` for this part only): the season table, its wall page, its CSV and
  a player's page after 1 evening and after 14 evenings of 40 players (they must cost the same:
  at most 1.5 times).

Prints medians (and p90) in milliseconds, the ratios to the empty view, and the bytes.
Run through scripts/bench-web.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import re
import statistics
import sys
import tempfile
import time
import types
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

DEALS = 200  # the length of the sheet that is rendered and written to


def setup(database_url: str | None) -> None:
    from tests.protect.live import SECRET_KEY, collectstatic

    workdir = Path(tempfile.mkdtemp(prefix="listek-bench-"))
    os.environ.update(
        DJANGO_DEBUG="false", DJANGO_SECRET_KEY=SECRET_KEY, DJANGO_HTTPS="false",
        DJANGO_ALLOWED_HOSTS="127.0.0.1", DJANGO_STATIC_ROOT=str(collectstatic()),
        DATABASE_URL=database_url or f"sqlite:///{workdir / 'bench.sqlite3'}",
        LISTEK_RATELIMIT_CLIENT="1000000000", LISTEK_RATELIMIT_SHEET="1000000000",
        DJANGO_SETTINGS_MODULE="scoresheet.settings",
    )
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.http import HttpRequest, HttpResponse
    from django.urls import path

    import scoresheet.urls

    def empty(request: HttpRequest) -> HttpResponse:
        return HttpResponse(b"")

    from django.shortcuts import render
    from django.template import engines

    floor_template = engines["django"].from_string(
        '{% extends "_base.html" %}{% block content %}<p>{{ count }}</p>{% endblock %}')

    def floor(request: HttpRequest) -> HttpResponse:
        """The floor page: a session, one query and the base template."""
        from scoresheet.sheets.models import Sheet

        count = Sheet.objects.filter(pk=0).count()
        return HttpResponse(floor_template.render(
            {"count": count, "seen": request.session.get("seen")}, request))

    del render

    urls = types.ModuleType("listek_bench_urls")
    urls.urlpatterns = [  # type: ignore[attr-defined]
        path("__empty__/", empty), path("__floor__/", floor), *scoresheet.urls.urlpatterns]
    urls.handler500 = scoresheet.urls.handler500  # type: ignore[attr-defined]
    sys.modules["listek_bench_urls"] = urls
    settings.ROOT_URLCONF = "listek_bench_urls"
    call_command("migrate", verbosity=0, interactive=False)


class Wsgi:
    """Calls Django's WSGI handler as gunicorn does; keeps cookies like a browser."""

    def __init__(self) -> None:
        from django.core.handlers.wsgi import WSGIHandler

        self.handler = WSGIHandler()
        self.cookies: dict[str, str] = {}
        self.cpu = 0.0

    def __call__(self, method: str, path: str, data: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes,
                                                                 float]:
        path, _, query = path.partition("?")
        body = urlencode(data or {}, doseq=True).encode()
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query,
            "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1", "HTTP_HOST": "127.0.0.1",
            "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr, "wsgi.multithread": False, "wsgi.multiprocess": True,
            "wsgi.run_once": False, "wsgi.version": (1, 0),
            "CONTENT_LENGTH": str(len(body)),
            "CONTENT_TYPE": "application/x-www-form-urlencoded" if data is not None else "",
        }
        if self.cookies:
            environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "POST" and "csrftoken" in self.cookies:
            environ["HTTP_X_CSRFTOKEN"] = self.cookies["csrftoken"]
        for name, value in (headers or {}).items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        seen: dict[str, Any] = {}

        def start_response(status: str, response_headers: list[tuple[str, str]],
                           exc_info: Any = None) -> None:
            seen["status"] = int(status.split()[0])
            seen["headers"] = response_headers

        started, cpu_started = time.perf_counter(), time.process_time()
        result = self.handler(environ, start_response)
        content = b"".join(result)
        if hasattr(result, "close"):
            result.close()
        seconds = time.perf_counter() - started
        self.cpu = time.process_time() - cpu_started
        CPU.append(self.cpu)
        out_headers: dict[str, str] = {}
        for key, value in seen["headers"]:
            if key.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
            out_headers[key.lower()] = value
        return seen["status"], out_headers, content, seconds


CPU: list[float] = []  # the process CPU time of the requests of the current measurement


def timed(runs: int, call: Callable[[], float]) -> dict[str, float]:
    """Wall-clock and CPU time of ``runs`` calls.  The CPU time of this one process (the server
    work, SQLite included) is what other programs on the machine disturb least."""
    CPU.clear()
    samples = sorted(call() for _ in range(runs))
    cpu = sorted(CPU)
    return {"median_ms": round(statistics.median(samples) * 1000, 3),
            "p90_ms": round(samples[int(0.9 * (len(samples) - 1))] * 1000, 3),
            "cpu_median_ms": round(statistics.median(cpu) * 1000, 3) if cpu else 0.0,
            "runs": runs}


def make_sheet(deals: int) -> Any:
    from scoresheet.sheets import services
    from tests.conftest import quiet_deals

    return services.create_sheet(ruleset="ru", options={}, players=["Anna", "Boris", "Vera"],
                                 first_dealer=0, entries=quiet_deals(deals))


def deal_data(sheet: Any) -> dict[str, str]:
    from tests.protect.live import deal_fields, quiet_deal

    sheet.refresh_from_db()
    declarer, points = quiet_deal(sheet.entries.count())
    return {"revision": str(sheet.revision), "key": uuid.uuid4().hex,
            **deal_fields(declarer, points)}


SIZES = (10, 200, 1000)  # sheet lengths of the growth table
# every request as a phone sends it (accepting gzip); read_page_plain: a client that does not
KINDS = ("edit_page", "read_page", "read_page_plain", "watcher_poll", "enter_deal",
         "poll_unchanged")


HX = {"HX-Request": "true"}
GZ = {"Accept-Encoding": "gzip"}  # as every phone's browser sends


def growth_request(app: Wsgi, sheets: dict[int, Any], writers: dict[int, Any], kind: str,
                   n: int) -> tuple[int, dict[str, str], bytes, float]:
    """One request of ``kind`` on the ``n``-deal sheet, as a phone sends it."""
    s = sheets[n]
    if kind == "edit_page":
        return app("GET", f"/s/{s.edit_token}/", headers=GZ)
    if kind == "read_page":
        return app("GET", f"/v/{s.view_token}/", headers=GZ)
    if kind == "read_page_plain":
        return app("GET", f"/v/{s.view_token}/")
    if kind == "watcher_poll":
        return app("GET", f"/v/{s.view_token}/table?rev={s.revision - 1}", headers={**HX, **GZ})
    if kind == "poll_unchanged":
        return app("GET", f"/v/{s.view_token}/table?rev={s.revision}", headers={**HX, **GZ})
    w = writers[n]
    # A phone follows each write's redirect, whose page shows (and so drops) the message
    # "Row n written": its next write carries none.  This benchmark does not follow it.
    app.cookies.pop("messages", None)
    out = app("POST", f"/s/{w.edit_token}/entries/new/deal/", deal_data(w), headers=GZ)
    assert out[0] == 302, out[0]
    return out


def measure_growth(app: Wsgi, runs: int) -> dict[str, Any]:
    """Each request at 10, 200 and 1,000 deals and the floor page, interleaved round by round
    (so that a disturbance of the machine hits every size alike); CPU medians, queries, bytes."""
    sheets = {n: make_sheet(n) for n in SIZES}
    writers = {n: make_sheet(n) for n in SIZES}
    for s in sheets.values():  # one deal entered: the poll one revision behind sees it
        app("POST", f"/s/{s.edit_token}/entries/new/deal/", deal_data(s))
        s.refresh_from_db()

    def request(kind: str, n: int) -> tuple[int, dict[str, str], bytes, float]:
        return growth_request(app, sheets, writers, kind, n)

    for _ in range(3):  # warm up every path
        app("GET", "/__floor__/")
        for kind in KINDS:
            for n in SIZES:
                request(kind, n)
    out: dict[str, Any] = {"cpu_median_ms": _growth_cpu(app, runs, request)}
    out["queries"] = _growth_queries(app, request)
    out["gzip_bytes"] = {
        f"watcher_update_{n}": fetch_sent(
            app, f"/v/{s.view_token}/table?rev={s.revision - 1}", HX)[0]
        for n, s in sheets.items()}
    return out


def _growth_cpu(app: Wsgi, runs: int, request: Any) -> dict[str, float]:
    cpu: dict[str, list[float]] = {"floor_page": []}
    for kind in KINDS:
        for n in SIZES:
            cpu[f"{kind}_{n}"] = []
    for _ in range(runs):
        app("GET", "/__floor__/", headers=GZ)
        cpu["floor_page"].append(app.cpu)
        for kind in KINDS:
            for n in SIZES:
                request(kind, n)
                cpu[f"{kind}_{n}"].append(app.cpu)
    return {k: round(statistics.median(v) * 1000, 3) for k, v in cpu.items()}


def _growth_queries(app: Wsgi, request: Any) -> dict[str, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    queries: dict[str, int] = {}
    with CaptureQueriesContext(connection) as ctx:
        app("GET", "/__floor__/")
    queries["floor_page"] = len(ctx.captured_queries)
    for kind in KINDS:
        for n in SIZES:
            with CaptureQueriesContext(connection) as ctx:
                request(kind, n)
            queries[f"{kind}_{n}"] = len(ctx.captured_queries)
    return queries

CLUB_PLAYERS = 40
CLUB_EVENINGS = (1, 14)  # the season table and a player's page cost the same at both
CLUB_KINDS = ("season_page", "season_wall", "season_csv", "player_page")


def make_season(evenings: int) -> tuple[Any, Any, Any]:
    """A club whose season has ``evenings`` Mariáš evenings of 40 players (one round of two
    deals at ten tables of four, every table signed), and one of its players."""
    from scoresheet.club import logic as club_logic
    from scoresheet.tournament import logic as tournaments
    from tests.tournament.helpers import deal_for, play

    club = club_logic.create_club(name=f"Bench {evenings}")
    for i in range(CLUB_PLAYERS):
        club_logic.add_member(club, name=f"Player {i + 1:02d}", team=f"Team {i % 10 + 1}")
    from datetime import timedelta

    from django.utils import timezone

    # a season with its period (a first day, the end open), as the season form makes it
    s = club_logic.create_season(club, name="Season", ruleset="marias", rule="places",
                                 places=list(range(40, 0, -1)), best_of=10,
                                 start=timezone.localdate() - timedelta(days=120))
    members = list(club.members.all())
    for _ in range(evenings):
        ev = club_logic.create_evening(s, name="Evening", rounds=1, table_size=4,
                                       deals_per_round=2, premium=True, members=members)
        r = tournaments.draw(ev.tournament, seed=7)
        tournaments.start(r)
        for tb in r.tables.select_related("sheet", "scorer"):
            play(tb, [deal_for(4, 0), deal_for(4, 1, card_points=30)])
            tournaments.close(tb, signed_name=tb.scorer.name)
    club.refresh_from_db()
    return club, s, members[0]


def measure_club(app: Wsgi, runs: int) -> dict[str, Any]:
    """The club's season pages after 1 and after 14 evenings, interleaved; CPU medians and
    queries (both warm: the pages keep their data under the revisions they depend on)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    gz = {"Accept-Encoding": "gzip"}
    seasons = {n: make_season(n) for n in CLUB_EVENINGS}

    def request(kind: str, n: int) -> tuple[int, dict[str, str], bytes, float]:
        club, s, member = seasons[n]
        base = f"/cv/{club.view_token}/seasons/{s.pk}/"
        path = {"season_page": base, "season_wall": base + "wall/",
                "season_csv": base + "season.csv",
                "player_page": f"/cp/{member.view_token}/"}[kind]
        out = app("GET", path, headers=gz)
        assert out[0] == 200, (path, out[0])
        return out

    for _ in range(3):
        for kind in CLUB_KINDS:
            for n in CLUB_EVENINGS:
                request(kind, n)
    cpu: dict[str, list[float]] = {f"{k}_{n}": [] for k in CLUB_KINDS for n in CLUB_EVENINGS}
    for _ in range(runs):
        for kind in CLUB_KINDS:
            for n in CLUB_EVENINGS:
                request(kind, n)
                cpu[f"{kind}_{n}"].append(app.cpu)
    queries: dict[str, int] = {}
    for kind in CLUB_KINDS:
        for n in CLUB_EVENINGS:
            with CaptureQueriesContext(connection) as ctx:
                request(kind, n)
            queries[f"{kind}_{n}"] = len(ctx.captured_queries)
    return {"cpu_median_ms": {k: round(statistics.median(v) * 1000, 3) for k, v in cpu.items()},
            "queries": queries}


def print_club(club: dict[str, Any]) -> None:
    low, high = CLUB_EVENINGS
    print(f"club season ({CLUB_PLAYERS} players; CPU medians, interleaved)")
    print(f"  {'request':16}{low:>10} evening{high:>10} evenings{'ratio':>9}   queries")
    for kind in CLUB_KINDS:
        a, b = club["cpu_median_ms"][f"{kind}_{low}"], club["cpu_median_ms"][f"{kind}_{high}"]
        q = f"{club['queries'][f'{kind}_{low}']}/{club['queries'][f'{kind}_{high}']}"
        print(f"  {kind:16}{a:14.2f} ms{b:15.2f} ms{b / a:8.2f}x   {q}")


def measure(runs: int, *, growth_only: bool = False) -> dict[str, Any]:
    app = Wsgi()
    app("GET", "/")  # the CSRF cookie, the device cookie, warm caches
    out: dict[str, Any] = {"growth": measure_growth(app, max(runs // 2, 5))}
    if growth_only:
        return out
    sheet = make_sheet(DEALS)
    page = f"/s/{sheet.edit_token}/"
    table = f"/s/{sheet.edit_token}/table"
    new_deal = f"/s/{sheet.edit_token}/entries/new/deal/"
    for _ in range(5):  # warm up every path once
        app("GET", "/__empty__/")
        app("GET", page)
        app("GET", table, headers={"HX-Request": "true"})

    out["deals"] = DEALS
    out["empty_view"] = timed(runs * 4, lambda: app("GET", "/__empty__/")[3])
    out["floor_page"] = timed(runs * 2, lambda: app("GET", "/__floor__/")[3])
    out["sheet_page"] = timed(runs, lambda: app("GET", page)[3])
    out["sheet_partial"] = timed(runs, lambda: app("GET", table,
                                                   headers={"HX-Request": "true"})[3])
    rev = str(sheet.revision)
    out["poll_unchanged"] = timed(runs * 4, lambda: app(
        "GET", f"{table}?rev={rev}", headers={"HX-Request": "true"})[3])

    writes = make_sheet(DEALS)
    write_url = f"/s/{writes.edit_token}/entries/new/deal/"

    def enter() -> float:
        data = deal_data(writes)  # (its queries are not the request's: only app() is timed)
        app.cookies.pop("messages", None)  # (as above: the previous redirect was followed)
        status, _h, _c, seconds = app("POST", write_url, data)
        assert status == 302, status
        return seconds

    out["enter_deal"] = timed(runs, enter)

    def enter_and_follow() -> float:
        data = deal_data(writes)
        status, headers, _c, seconds = app("POST", write_url, data)
        assert status == 302, status
        cpu = app.cpu
        seconds += app("GET", headers["location"].split("#")[0])[3]
        del CPU[-2:]
        CPU.append(cpu + app.cpu)
        return seconds

    out["enter_deal_and_page"] = timed(runs, enter_and_follow)
    out["deal_form"] = timed(runs, lambda: app("GET", new_deal)[3])

    empty = out["empty_view"]["median_ms"]
    empty_cpu = out["empty_view"]["cpu_median_ms"]
    out["cpu_ratios_to_empty_view"] = {
        k: round(out[k]["cpu_median_ms"] / empty_cpu, 1)
        for k in ("floor_page", "enter_deal", "enter_deal_and_page", "sheet_page",
                  "sheet_partial", "poll_unchanged", "deal_form")
    }
    out["ratios_to_empty_view"] = {
        k: round(out[k]["median_ms"] / empty, 1)
        for k in ("floor_page", "enter_deal", "enter_deal_and_page", "sheet_page",
                  "sheet_partial", "poll_unchanged", "deal_form")
    }
    out["bytes"] = page_bytes(app, sheet)
    return out


def fetch_sent(app: Wsgi, path: str, headers: dict[str, str] | None = None) -> tuple[int, int]:
    """(bytes sent to a browser that accepts gzip, bytes of the uncompressed body)."""
    _s, h, body, _t = app("GET", path, headers={"Accept-Encoding": "gzip", **(headers or {})})
    raw = gzip.decompress(body) if h.get("content-encoding") == "gzip" else body
    return len(body), len(raw)


def page_bytes(app: Wsgi, sheet: Any) -> dict[str, Any]:
    """Bytes of the first load (page + style sheets + scripts) and of one deal's partial, as
    sent to a browser that accepts gzip (every phone browser), and uncompressed."""
    fresh = make_sheet(0)
    result: dict[str, Any] = {}
    for label, s in (("first_load_empty_sheet", fresh), (f"first_load_{DEALS}_deals", sheet)):
        _st, _h, html, _t = app("GET", f"/s/{s.edit_token}/")
        assets = list(dict.fromkeys(
            re.findall(r'(?:src|href)="(/static/[^"]+\.(?:css|js))"', html.decode())))
        sent, raw = fetch_sent(app, f"/s/{s.edit_token}/")
        row = {"html_sent": sent, "html_raw": raw}
        for asset in assets:
            a_sent, a_raw = fetch_sent(app, asset)
            sent += a_sent
            raw += a_raw
        row.update(assets=len(assets), total_sent=sent, total_raw=raw)
        result[label] = row
    # One deal entered on a 200-deal sheet: what a watching phone's poll then receives.
    app("POST", f"/s/{sheet.edit_token}/entries/new/deal/", deal_data(sheet))
    hx = {"HX-Request": "true"}
    sent, raw = fetch_sent(app, f"/s/{sheet.edit_token}/table?rev={_rev(sheet) - 1}", hx)
    unchanged, _raw = fetch_sent(app, f"/s/{sheet.edit_token}/table?rev={_rev(sheet)}", hx)
    result["one_deal_partial"] = {"sent": sent, "raw": raw, "unchanged_poll": unchanged}
    return result


def _rev(sheet: Any) -> int:
    sheet.refresh_from_db()
    return int(sheet.revision)


def profile(runs: int) -> None:
    import cProfile
    import pstats

    app = Wsgi()
    app("GET", "/")
    sheet = make_sheet(DEALS)
    gz = {"Accept-Encoding": "gzip"}
    app("GET", f"/s/{sheet.edit_token}/", headers=gz)
    prof = cProfile.Profile(time.process_time)  # CPU time, as the rest of the benchmark
    prof.enable()
    for _ in range(runs):
        app("GET", f"/s/{sheet.edit_token}/", headers=gz)
        app("POST", f"/s/{sheet.edit_token}/entries/new/deal/", deal_data(sheet), headers=gz)
    prof.disable()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(40)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--profile", action="store_true", help="cProfile the 200-deal page")
    parser.add_argument("--growth", action="store_true",
                        help="only the growth table (10 / 200 / 1,000 deals and the floor page)")
    parser.add_argument("--club", action="store_true",
                        help="only the club's season pages (1 and 14 evenings of 40 players)")
    args = parser.parse_args()
    setup(os.environ.get("DATABASE_URL"))
    if args.profile:
        profile(args.runs)
        return 0
    if args.club:
        app = Wsgi()
        app("GET", "/")
        club = measure_club(app, max(args.runs // 2, 5))
        print_club(club)
        if args.json:
            args.json.write_text(json.dumps({"club": club}, indent=2))
        return 0
    out = measure(args.runs, growth_only=args.growth)
    if not args.growth:
        out["club"] = measure_club(Wsgi(), max(args.runs // 2, 5))
    from django.db import connection

    out["database"] = connection.vendor
    print(f"web benchmark ({connection.vendor}, {DEALS}-deal sheet, median of {args.runs}+ runs)")
    growth = out["growth"]
    cpu = growth["cpu_median_ms"]
    floor = cpu["floor_page"]
    print(f"growth (CPU medians, interleaved; floor page {floor:.2f} ms, "
          f"{growth['queries']['floor_page']} queries)")
    print(f"  {'request':16}" + "".join(f"{n:>10} deals" for n in SIZES)
          + f"{'1000/10':>10}" + "".join(f"{'x floor ' + str(n):>14}" for n in SIZES)
          + "   queries " + "/".join(str(n) for n in SIZES))
    for kind in KINDS:
        ms = [cpu[f"{kind}_{n}"] for n in SIZES]
        q = "/".join(str(growth["queries"][f"{kind}_{n}"]) for n in SIZES)
        print(f"  {kind:16}" + "".join(f"{m:13.2f} ms" for m in ms)
              + f"{ms[-1] / ms[0]:9.2f}x" + "".join(f"{m / floor:13.2f}x" for m in ms)
              + f"   {q}")
    update = growth["gzip_bytes"]
    print("  a watcher's update after one deal, gzip: " + ", ".join(
        f"{n} deals {update[f'watcher_update_{n}']} B" for n in SIZES))
    others = ("empty_view", "floor_page", "enter_deal", "enter_deal_and_page", "deal_form",
              "sheet_page", "sheet_partial", "poll_unchanged")
    for key in () if args.growth else others:
        row = out[key]
        ratio = out["ratios_to_empty_view"].get(key, 1.0)
        cpu_ratio = out["cpu_ratios_to_empty_view"].get(key, 1.0)
        print(f"  {key:22} {row['median_ms']:9.2f} ms  (p90 {row['p90_ms']:.2f})  x{ratio:<7}"
              f" cpu {row['cpu_median_ms']:8.2f} ms  x{cpu_ratio}")
    for key, row in out.get("bytes", {}).items():
        print(f"  {key:28} " + ", ".join(f"{k} {v}" for k, v in row.items()))
    if "club" in out:
        print_club(out["club"])
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
