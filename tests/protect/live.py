"""Real servers for the production tests and the load script: gunicorn on loopback with the
production settings, a database of its own per test (SQLite file or PostgreSQL database), a
small HTTP client that behaves like a phone, and the integrity check of a stored sheet.

Only the standard library (and ``rules`` for the replay, psycopg for PostgreSQL).  Every server
binds 127.0.0.1 only; every wait is bounded.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlparse

REPO = Path(__file__).resolve().parents[2]
PYTHON = Path(sys.executable)
GUNICORN = PYTHON.parent / "gunicorn"
HOST = "127.0.0.1"  # the only address any of this talks to
SECRET_KEY = "prod-tests-" + secrets.token_urlsafe(48)
START_TIMEOUT = 60.0  # seconds a server gets to answer its first request
REQUEST_TIMEOUT = 30.0  # seconds one request may take


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def is_postgres(url: str) -> bool:
    return url.startswith(("postgres://", "postgresql://"))


def base_env() -> dict[str, str]:
    """The environment of a child process, without the variables this module sets itself."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "LISTEK_RATE"))}
    env.pop("DATABASE_URL", None)
    return env


def production_env(database_url: str, static_root: Path, **extra: str) -> dict[str, str]:
    """Production settings on plain HTTP over loopback (no TLS here, so DJANGO_HTTPS=false)."""
    env = base_env()
    env.update(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=SECRET_KEY,
        DJANGO_HTTPS="false",
        DJANGO_ALLOWED_HOSTS=f"{HOST},localhost",
        DJANGO_STATIC_ROOT=str(static_root),
        DATABASE_URL=database_url,
        PYTHONUNBUFFERED="1",
        PYTHONDONTWRITEBYTECODE="1",
        # tasks inside the request unless a test starts its own task worker (start_worker)
        LISTEK_TASKS="immediate",
    )
    env.update(extra)
    return env


def manage(env: Mapping[str, str], *args: str, timeout: float = 300) -> str:
    done = subprocess.run(
        [str(PYTHON), "manage.py", *args],
        cwd=REPO, env=dict(env), capture_output=True, text=True, timeout=timeout, check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def collectstatic() -> Path:
    """The collected (hashed, compressed) static files, as ``collectstatic`` makes them for
    production.  Compressing Django admin's files takes a while, so the result is kept in the
    temporary directory under a hash of everything that goes into it, and made once per change."""
    from importlib.metadata import version

    digest = hashlib.sha256(f"{version('django')} {version('whitenoise')}".encode())
    for path in sorted((REPO / "static").rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(REPO)).encode() + path.read_bytes())
    root = Path(tempfile.gettempdir()) / f"listek-static-{digest.hexdigest()[:16]}"
    if (root / "staticfiles.json").exists():
        return root
    building = Path(tempfile.mkdtemp(prefix="listek-static-building-"))
    env = production_env("sqlite:///" + str(building / "unused.sqlite3"), building / "static")
    manage(env, "collectstatic", "--noinput", "-v0")
    with contextlib.suppress(OSError):  # another run made it meanwhile
        (building / "static").rename(root)
    shutil.rmtree(building, ignore_errors=True)
    return root


# --------------------------------------------------------------------------- databases


@dataclass
class Database:
    """One database a server uses; the test reads it directly to judge what was stored."""

    url: str

    @property
    def kind(self) -> str:
        return "postgres" if is_postgres(self.url) else "sqlite"

    @property
    def path(self) -> Path:
        return Path(urlparse(self.url).path)

    @contextmanager
    def connect(self) -> Iterator[Any]:
        if self.kind == "sqlite":
            conn: Any = sqlite3.connect(self.path, timeout=30)
        else:
            import psycopg

            conn = psycopg.connect(self.url, connect_timeout=10)
        try:
            yield conn
        finally:
            conn.close()

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run a query written with %s placeholders; JSON columns come back parsed."""
        if self.kind == "sqlite":
            sql = sql.replace("%s", "?")
        for attempt in range(20):
            try:
                with self.connect() as conn:
                    cur = conn.cursor()
                    cur.execute(sql, tuple(params))
                    return [tuple(r) for r in cur.fetchall()]
            except Exception:
                if attempt == 19:
                    raise
                time.sleep(0.5)  # a restarting server or a held lock: wait, then read again
        raise AssertionError("unreachable")

    def value(self, sql: str, params: Sequence[Any] = ()) -> Any:
        found = self.rows(sql, params)
        return found[0][0] if found else None


class Databases:
    """Fresh, migrated databases of one kind: SQLite files, or PostgreSQL databases copied
    from one migrated template on the server that ``base_url`` names."""

    def __init__(self, workdir: Path, base_url: str | None) -> None:
        self.workdir = workdir
        self.base_url = base_url
        self.template: str | None = None

    @property
    def kind(self) -> str:
        return "postgres" if self.base_url and is_postgres(self.base_url) else "sqlite"

    def _migrate(self, url: str) -> None:
        manage(production_env(url, self.workdir / "static"), "migrate", "--noinput", "-v0")

    def new(self, directory: Path | None = None) -> Database:
        name = "prod_" + uuid.uuid4().hex[:12]
        if self.kind == "sqlite":
            if self.template is None:
                self.template = str(self.workdir / "template.sqlite3")
                self._migrate("sqlite:///" + self.template)
            target = (directory or self.workdir) / f"{name}.sqlite3"
            shutil.copyfile(self.template, target)
            return Database(url="sqlite:///" + str(target))
        assert self.base_url is not None
        if self.template is None:
            self.template = "prod_template_" + uuid.uuid4().hex[:8]
            self._admin(f'CREATE DATABASE "{self.template}"')
            self._migrate(self._url_of(self.template))
        self._admin(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
        return Database(url=self._url_of(name))

    def _url_of(self, name: str) -> str:
        assert self.base_url is not None
        parsed = urlparse(self.base_url)
        return parsed._replace(path="/" + name).geturl()

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self._url_of("postgres"), autocommit=True) as conn:
            conn.execute(sql.encode())


# --------------------------------------------------------------------------- gunicorn


class Server:
    """gunicorn with the production settings on 127.0.0.1:<port>, in its own process group."""

    def __init__(
        self,
        env: Mapping[str, str],
        *,
        workdir: Path,
        workers: int = 2,
        app: str = "scoresheet.wsgi:application",
        port: int | None = None,
        args: Sequence[str] = (),
    ) -> None:
        self.env = dict(env)
        self.workers = workers
        self.app = app
        self.port = port or free_port()
        self.args = list(args)
        self.log_path = workdir / f"gunicorn-{self.port}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [
                str(GUNICORN), self.app,
                "--bind", f"{HOST}:{self.port}",
                "--workers", str(self.workers),
                "--timeout", "60",
                "--graceful-timeout", "5",
                "--log-level", "info",
                *self.args,
            ],
            cwd=REPO, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited:\n{self.log()}")
            try:
                if Phone(self.port, timeout=5).get("/").status in (200, 301):
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer within {START_TIMEOUT} s:\n{self.log()}")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def worker_pids(self) -> list[int]:
        """The worker processes (children of the master), from /proc."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid == self.pid:
                found.append(int(entry.name))
        return sorted(found)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-20_000:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.pid, signal.SIGINT)  # gunicorn's quick shutdown
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.pid, signal.SIGKILL)
            self.process.wait(timeout=15)

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class TaskWorker:
    """``manage.py task_worker`` on the same settings as the server: the heavy work's process."""

    def __init__(self, env: Mapping[str, str], *, workdir: Path) -> None:
        self.env = {**env, "LISTEK_TASKS": "database"}
        self.log_path = workdir / f"worker-{uuid.uuid4().hex[:8]}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> TaskWorker:
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            # no `nice`: the worker lowers its own priority (scoresheet/protect/priority.py)
            [str(PYTHON), "manage.py", "task_worker", "--no-reload",
             "--interval", "0.2",
             "--no-startup-delay"],
            cwd=REPO, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        return self

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-50_000:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGINT)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=15)


def wait_for(condition: Any, *, timeout: float = 60.0, every: float = 0.2) -> Any:
    """Ask ``condition()`` until it answers something true (returned), at most ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() >= deadline:
            raise AssertionError(f"not within {timeout} s: {condition}")
        time.sleep(every)


# --------------------------------------------------------------------------- a phone


@dataclass(frozen=True)
class Reply:
    status: int
    headers: dict[str, str]
    text: str
    seconds: float = 0.0
    size: int = 0

    @property
    def location(self) -> str:
        return self.headers.get("location", "")


HIDDEN = re.compile(r'<input type="hidden" name="(?P<name>[^"]+)" value="(?P<value>[^"]*)"')
EDIT_LINK = re.compile(r"/s/(?P<token>[A-Za-z0-9_-]+)/")


@dataclass
class Phone:
    """A browser without JavaScript: cookies, the CSRF header, no redirects followed."""

    port: int
    timeout: float = REQUEST_TIMEOUT
    cookies: dict[str, str] = field(default_factory=dict)
    user_agent: str = "listek-prod-tests"

    def request(
        self,
        method: str,
        path: str,
        data: Mapping[str, Any] | None = None,
        *,
        headers: Mapping[str, str] | None = None,
        body: bytes | None = None,
    ) -> Reply:
        sent = {"User-Agent": self.user_agent, "Host": f"{HOST}:{self.port}",
                "Accept-Encoding": "gzip"}  # as every phone's browser
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method != "GET" and "csrftoken" in self.cookies:
            sent["X-CSRFToken"] = self.cookies["csrftoken"]
        if data is not None:
            body = urlencode(data, doseq=True).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        sent.update(headers or {})
        started = time.perf_counter()
        conn = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        seconds = time.perf_counter() - started
        for cookie in response.msg.get_all("Set-Cookie") or []:
            name, _, rest = cookie.partition("=")
            value = rest.split(";", 1)[0]
            if value and "max-age=0" not in cookie.lower():
                self.cookies[name.strip()] = value
            else:
                self.cookies.pop(name.strip(), None)
        headers = {k.lower(): v for k, v in response.getheaders()}
        body = gzip.decompress(raw) if headers.get("content-encoding") == "gzip" else raw
        return Reply(
            status=response.status,
            headers=headers,
            text=body.decode("utf-8", "replace"),
            seconds=seconds,
            size=len(raw),
        )

    def get(self, path: str, **kw: Any) -> Reply:
        return self.request("GET", path, **kw)

    def post(self, path: str, data: Mapping[str, Any], **kw: Any) -> Reply:
        if "csrftoken" not in self.cookies:
            self.get("/")
        return self.request("POST", path, data, **kw)

    def new_sheet(self, players: Sequence[str] = ("Anna", "Boris", "Vera"),
                  ruleset: str = "ru") -> str:
        """Start a sheet through the form; returns its edit token."""
        self.get("/new/")
        data = {"ruleset": ruleset, "first_dealer": "0"}
        data.update({f"player_{i}": name for i, name in enumerate(players)})
        reply = self.post("/new/", data)
        assert reply.status == 302, (reply.status, reply.text[:2000])
        match = EDIT_LINK.search(reply.location)
        assert match, reply.location
        return match["token"]

    def write_fields(self, path: str) -> dict[str, str]:
        """The revision and key of the form at ``path`` (a fresh write)."""
        reply = self.get(path)
        assert reply.status == 200, (reply.status, path, reply.text[:500])
        return hidden_fields(reply.text)


def hidden_fields(html: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for match in HIDDEN.finditer(html):
        out.setdefault(match["name"], unescape(match["value"]))
    return {k: out[k] for k in ("revision", "key") if k in out}


def deal_fields(declarer: int, points: Sequence[int], contract: int = 100) -> dict[str, str]:
    """The deal form's fields for a Thousand deal without marriages."""
    data = {"declarer": str(declarer), "contract": str(contract)}
    data.update({f"points_{i}": str(p) for i, p in enumerate(points)})
    return data


def quiet_deal(k: int, n: int = 3, *, declarer_points: int = 20) -> tuple[int, list[int]]:
    """Deal ``k`` of a sheet that never ends (tests/conftest.py quiet_deals): the seat after the
    dealer holds the opening bid of 100 and fails it; the defenders split the rest."""
    declarer = (k + 1) % n
    points = [(120 - declarer_points) // (n - 1)] * n
    points[declarer] = declarer_points
    return declarer, points


TOTALS = re.compile(r'<td class="sum[^"]*">(-?\d+)</td>')


def shown_totals(html: str) -> list[int]:
    return [int(t) for t in TOTALS.findall(html)]


# --------------------------------------------------------------------------- integrity


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


@dataclass(frozen=True)
class Stored:
    """A sheet as the database holds it."""

    sheet_id: int
    revision: int
    entries: list[dict[str, Any]]
    changes: list[tuple[int, str, int, Any, Any, str]]  # revision, action, position, before,
    # after, entry uid
    keys: list[str]


def stored(db: Database, token: str) -> Stored:
    found = db.rows("SELECT id, revision FROM scoresheet_sheet WHERE edit_token = %s", [token])
    assert found, f"no sheet {token}"
    sheet_id, revision = found[0]
    entries = db.rows(
        "SELECT position, data, uid FROM scoresheet_entry WHERE sheet_id = %s ORDER BY position",
        [sheet_id],
    )
    changes = db.rows(
        "SELECT revision, action, position, before, after, entry_uid FROM scoresheet_entrychange "
        "WHERE sheet_id = %s ORDER BY revision",
        [sheet_id],
    )
    keys = db.rows("SELECT key FROM scoresheet_entrychange WHERE sheet_id = %s AND key IS NOT NULL",
                   [sheet_id])
    positions = [p for p, _d, _u in entries]
    assert positions == list(range(len(entries))), f"entry positions have holes: {positions}"
    return Stored(
        sheet_id=int(sheet_id),
        revision=int(revision),
        entries=[_json(d) for _p, d, _u in entries],
        changes=[(int(r), str(a), int(p), _json(b), _json(af), str(u).replace("-", ""))
                 for r, a, p, b, af, u in changes],
        keys=[str(k) for (k,) in keys],
    )


def assert_whole(db: Database, token: str) -> Stored:
    """The database never holds half a write: the sheet's revision, its history, its write keys
    and its entries agree, and the engine accepts the sheet as stored."""
    import rules

    s = stored(db, token)
    revisions = [c[0] for c in s.changes]
    assert revisions == list(range(1, s.revision + 1)), (
        f"revision {s.revision} but history {revisions}")
    assert len(s.keys) == len(set(s.keys)) == s.revision, (
        f"{len(s.keys)} write keys for revision {s.revision}")
    replay: list[dict[str, Any]] = []
    for _rev, action, position, before, after, _uid in s.changes:
        if before is None:
            replay.insert(position, after)
        elif after is None:
            assert replay[position] == before
            del replay[position]
        else:
            assert replay[position] == before
            replay[position] = after
        assert action in ("add", "edit", "delete", "undo", "redo")
    assert replay == s.entries, "the entries are not what the history says"
    header = db.rows(
        "SELECT game, ruleset, options, players, first_dealer FROM scoresheet_sheet WHERE id = %s",
        [s.sheet_id],
    )[0]
    rules.score(rules.load({
        "format": rules.FORMAT, "game": header[0], "ruleset": header[1],
        "options": _json(header[2]), "players": _json(header[3]), "first_dealer": header[4],
        "entries": s.entries,
    }))
    return s


# --------------------------------------------------------------------------- PostgreSQL servers


class PgCluster:
    """A PostgreSQL server from Debian's package, on 127.0.0.1: the one scripts/with-postgres
    started (LISTEK_PG_BIN, LISTEK_PG_DATA, LISTEK_PG_PORT), or a private one in ``workdir``."""

    def __init__(self, *, bin_dir: Path, data: Path, port: int, own: bool) -> None:
        self.bin_dir = bin_dir
        self.data = data
        self.port = port
        self.own = own

    @property
    def url(self) -> str:
        return f"postgres://listek@{HOST}:{self.port}/listek"

    @staticmethod
    def _as_owner() -> list[str]:
        return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def ctl(self, *args: str) -> None:
        subprocess.run(
            [*self._as_owner(), str(self.bin_dir / "pg_ctl"), "-D", str(self.data), *args],
            check=True, capture_output=True, timeout=120,
        )

    def _options(self) -> str:
        return (f"-h {HOST} -p {self.port} -k {self.data.parent} -c fsync=off "
                "-c max_connections=200")

    def stop(self) -> None:
        self.ctl("-m", "fast", "-w", "stop")

    def start(self) -> None:
        self.ctl("-l", str(self.data.parent / "log"), "-w", "-o", self._options(), "start")

    @classmethod
    def shared_or_private(cls, workdir: Path) -> PgCluster:
        if os.environ.get("LISTEK_PG_DATA"):
            return cls(
                bin_dir=Path(os.environ["LISTEK_PG_BIN"]),
                data=Path(os.environ["LISTEK_PG_DATA"]),
                port=int(os.environ["LISTEK_PG_PORT"]),
                own=False,
            )
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                      key=lambda p: int(p.parts[-3]))
        assert bins, "Debian's postgresql is not installed (bash scripts/system-deps)"
        root = Path(tempfile.mkdtemp(prefix="listek-pg-"))  # postgres must reach it
        if os.geteuid() == 0:
            shutil.chown(root, "postgres")
        cluster = cls(bin_dir=bins[-1].parent, data=root / "data", port=free_port(), own=True)
        subprocess.run(
            [*cls._as_owner(), str(cluster.bin_dir / "initdb"), "-D", str(cluster.data),
             "-U", "listek", "--auth=trust", "-E", "UTF8"],
            check=True, capture_output=True, timeout=120,
        )
        cluster.start()
        subprocess.run(
            [*cls._as_owner(), str(cluster.bin_dir / "createdb"), "-h", HOST, "-p",
             str(cluster.port), "-U", "listek", "listek"],
            check=True, capture_output=True, timeout=60,
        )
        return cluster

    def close(self) -> None:
        if self.own:
            with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
                self.stop()
            shutil.rmtree(self.data.parent, ignore_errors=True)
