"""Fixtures shared by the web and browser tests: sheets made through the service layer."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

from tests.playwright_fixtures import chromium, phone, second_phone, shot  # noqa: F401

# Hypothesis profiles: how thoroughly the property tests and fuzzers search.  "ci" is the
# thorough run (Hypothesis's own CI profile -- derandomized, no example database -- with 200
# examples a test); "dev" a quick one for a developer's run (20).  HYPOTHESIS_PROFILE chooses;
# without it "ci" runs when CI is set (.ci/run sets it), "dev" otherwise.  A test that runs more
# or fewer examples than the profile (an expensive one, or a cheap one that searches wider)
# scales the profile's count: ``hypothesis_settings().max_examples // 4``.
hypothesis_settings.register_profile(
    "ci", parent=hypothesis_settings.get_profile("ci"), max_examples=200, deadline=None)
hypothesis_settings.register_profile("dev", max_examples=20, deadline=None)
_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if _CI else "dev"))

PLAYERS = ("Anna", "Boris", "Vera")


@pytest.fixture(autouse=True)
def no_language_left_active() -> Any:
    """Each test starts and ends in the default language: a request through the test client
    activates its language in this thread, and a later test would otherwise read its words."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def tasks_run_at_once(settings: Any) -> None:
    """Tasks run inside the request that queues them, so that a test of a page sees its PDF or
    its mail at once; the tests of the task worker itself (tests/exports/test_task_worker.py,
    tests/protect/test_fair_share.py) use the database backend and start ``db_worker``."""
    settings.TASKS = {"default": {
        "BACKEND": "django_tasks.backends.immediate.ImmediateBackend", "QUEUES": ["default"]}}


@pytest.fixture(autouse=True)
def no_refusal_remembered() -> None:
    """The rate limits' memory of windows over their limit is the process's; a test starts with
    none (its database starts with no counts)."""
    from scoresheet.protect import ratelimit

    ratelimit.forget_refusals()


# A second in the middle of every window the rate limits count in (2 s, 5 s, 10 s, a minute,
# an hour, a day): 22.5 s into a minute, 20 minutes into an hour, 8 hours into a day.
MID_WINDOW = 3600 * 470_000 + 1222.5


@pytest.fixture
def mid_window(monkeypatch: pytest.MonkeyPatch) -> float:
    """The clock stands still at :data:`MID_WINDOW`: a test that counts requests in a fixed
    window never sees it roll over between two of them (a login test run in the last minute of
    an hour had read a Retry-After of 31 s where the hour's window was meant)."""
    import time

    monkeypatch.setattr(time, "time", lambda: MID_WINDOW)
    return MID_WINDOW


@pytest.fixture
def guards_off(settings: Any) -> None:
    """The rate limits and cost budgets out of the way, for a test about something else that
    asks for page after page faster than any phone (the crawls of every page): on a busy machine
    their requests cost more CPU, and a budget charging that cost would refuse the crawl.  The
    guards' own tests (tests/protect/) keep them on."""
    settings.RATELIMIT_ENABLED = False


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    """Accounts in tests need no slow password hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def deal(
    declarer: int,
    contract: int,
    points: Sequence[int],
    marriages: Mapping[int, Sequence[str]] | None = None,
    *,
    dark: bool | None = None,
) -> dict[str, Any]:
    """A Thousand deal entry (FORMAT.md) for three or four seats."""
    n = len(points)
    entry: dict[str, Any] = {
        "type": "deal",
        "declarer": declarer,
        "contract": contract,
        "points": list(points),
        "marriages": [list((marriages or {}).get(s, [])) for s in range(n)],
    }
    if dark is not None:
        entry["dark"] = dark
    return entry


def quiet_deals(count: int, *, first_dealer: int = 0, n: int = 3) -> list[dict[str, Any]]:
    """``count`` ru deals that never end the game.

    Deal k is dealt by seat (first_dealer + k) % n, so the seat after it holds the opening bid
    of 100 (RULES.md 1.1) and plays it: 20 card points, failed, -100; both defenders take 50
    (already multiples of 5, no rounding).  Over a round every seat scores -100 + 50 + 50 = 0,
    so the totals stay between -100 and 100: no barrel, no 555, no bolt, no winner.
    """
    out = []
    for k in range(count):
        declarer = (first_dealer + k + 1) % n
        points = [50] * n
        points[declarer] = 20
        out.append(deal(declarer, 100, points))
    return out


def new_key() -> str:
    return uuid.uuid4().hex


@pytest.fixture
def make_sheet(db: None) -> Callable[..., Any]:
    """Create a sheet through the service layer (as the new-sheet page does)."""
    from scoresheet.sheets import services

    def make(
        *,
        ruleset: str = "ru",
        players: Sequence[str] = PLAYERS,
        first_dealer: int = 0,
        options: Mapping[str, Any] | None = None,
        entries: Sequence[Mapping[str, Any]] = (),
        owner: Any = None,
        edition: int | None = None,
    ) -> Any:
        return services.create_sheet(
            ruleset=ruleset,
            options=dict(options or {}),
            players=list(players),
            first_dealer=first_dealer,
            entries=list(entries),
            owner=owner,
            edition=edition,
        )

    return make


@pytest.fixture
def write() -> Callable[..., Any]:
    """Append an entry to a sheet at its current revision, as one phone would."""
    from scoresheet.sheets import services

    def add(sheet: Any, entry: Mapping[str, Any]) -> Any:
        sheet.refresh_from_db()
        return services.add_entry(
            sheet.pk,
            revision=sheet.revision,
            key=new_key(),
            device=services.Device(id="testphone", user_agent="pytest"),
            entry=entry,
        )

    return add


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Test on an SQLite file, as the app runs, not in memory.

    An in-memory SQLite database shared between threads answers a second writer with "table
    is locked" at once; a file in WAL mode makes it wait for the lock, like the real app does
    (settings: IMMEDIATE transactions with a timeout).  The concurrency tests rely on that.
    """
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        path = tmp_path_factory.mktemp("sqlite") / "test.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(path)
