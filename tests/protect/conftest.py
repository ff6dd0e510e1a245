"""Fixtures of the production tests: collected static files, fresh databases, gunicorn servers.

In the SQLite run every server gets a migrated SQLite file of its own; inside
scripts/with-postgres (DATABASE_URL names PostgreSQL) a database of its own on that server.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.protect.live import (
    Database,
    Databases,
    PgCluster,
    Server,
    TaskWorker,
    collectstatic,
    production_env,
)


@pytest.fixture(scope="session")
def prod_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("prod")


@pytest.fixture(scope="session")
def static_root() -> Path:
    return collectstatic()


@pytest.fixture(scope="session")
def databases(prod_dir: Path) -> Databases:
    return Databases(prod_dir, os.environ.get("DATABASE_URL"))


@pytest.fixture
def server_db(databases: Databases) -> Database:
    """A fresh, migrated database of this run's kind, for servers to share."""
    return databases.new()


@pytest.fixture
def start_server(
    prod_dir: Path, static_root: Path
) -> Iterator[Callable[..., Server]]:
    """Start gunicorn with the production settings on ``db``; stopped after the test."""
    started: list[Server] = []

    def start(db: Database, *, workers: int = 2, app: str = "scoresheet.wsgi:application",
              args: Sequence[str] = (), **env: Any) -> Server:
        extra = {k: str(v) for k, v in env.items()}
        server = Server(
            production_env(db.url, static_root, **extra),
            workdir=prod_dir, workers=workers, app=app, args=args,
        )
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def start_worker(prod_dir: Path, static_root: Path) -> Iterator[Callable[..., TaskWorker]]:
    """Start ``manage.py task_worker`` with the production settings on ``db``; stopped after."""
    started: list[TaskWorker] = []

    def start(db: Database, **env: Any) -> TaskWorker:
        extra = {k: str(v) for k, v in env.items()}
        worker = TaskWorker(production_env(db.url, static_root, **extra), workdir=prod_dir)
        started.append(worker)
        return worker.start()

    yield start
    for worker in started:
        worker.stop()


@pytest.fixture
def pg_cluster(prod_dir: Path) -> Iterator[PgCluster]:
    """The PostgreSQL server a test may stop and start: scripts/with-postgres's, or its own."""
    cluster = PgCluster.shared_or_private(prod_dir)
    yield cluster
    cluster.close()
