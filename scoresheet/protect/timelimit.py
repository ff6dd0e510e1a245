"""No request holds a worker past ``settings.REQUEST_TIMEOUT`` seconds.

gunicorn's sync workers serve one request at a time in the process's main thread.  Before the
view runs, :class:`TimeLimitMiddleware` sets a real-time timer (``signal.setitimer``); when it
fires, :class:`TooSlow` is raised inside whatever the request is doing.  Inside a write, its
transaction is rolled back (every write is one ``transaction.atomic``), and the answer is a 503
saying that nothing was saved.  The limit may also fire after the write committed (while its
page is made): then the 503 says that what was sent is saved, and links to the page that shows
it.  Which of the two is told by the view's own writes: each one made inside a transaction asks
to be told when that transaction commits (``transaction.on_commit``), so a rolled-back write
tells nothing.  The timer is cleared as soon as the response is made.

On PostgreSQL the database itself cancels a statement that runs longer than the request may
(``statement_timeout``, set on each connection of the web server: scoresheet/wsgi.py), so no
signal has to interrupt a call into the database driver; the timer stops what only Python does
(the engine, a page being made) and SQLite's statements.  A statement the database cancelled
gets the same answer as the timer's (scoresheet/protect/resilience.py): saved or not, as it was;
without a timer (a threaded server) the database's limit is the only one, and the view's writes
are watched all the same so that the answer can say which.

gunicorn's own ``--timeout`` (``LISTEK_TIMEOUT``, scripts/serve-production) stays above this
limit: it kills a worker that did not even answer then (a call stuck in C code, which a signal
handler cannot interrupt).  A server that runs requests in threads (``manage.py runserver``)
gets no timer: signals reach only the main thread.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse
from django.utils.html import escape
from django.utils.translation import gettext as _

from scoresheet.protect.ratelimit import page, way_back

log = logging.getLogger("scoresheet.protect.timelimit")
RETRY_AFTER = 30  # seconds a phone is asked to wait after a request that took too long


WRITES = ("INSERT", "UPDATE", "DELETE")


class TooSlow(Exception):
    """The request took longer than ``settings.REQUEST_TIMEOUT``."""


class _Writes(threading.local):
    watching = False  # the view runs (the middlewares' own counts are not the player's write)
    committed = False  # a write of the view was committed


_writes = _Writes()


def _committed() -> None:
    _writes.committed = True


def _note_writes(execute: Callable[..., Any], sql: str, params: Any, many: bool,
                 context: dict[str, Any]) -> Any:
    result = execute(sql, params, many, context)
    db = context["connection"]
    if _writes.watching and db.in_atomic_block and sql.lstrip()[:6].upper() in WRITES:
        transaction.on_commit(_committed, using=db.alias)
    return result


def saved_too_slow(request: HttpRequest) -> HttpResponse:
    """The 503 of a request stopped after its write was committed: it says so, and links to
    the page that shows what was written."""
    url, words = way_back(request)
    title = _("Took too long, but saved")
    text = _("The server stopped this request because it took longer than %(seconds)s "
             "seconds, but what you sent had already been saved. Open the page to see it; "
             "do not send it again.") % {"seconds": settings.REQUEST_TIMEOUT}
    body = (
        '<!doctype html><html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title></head><body><main>"
        f'<h1>{escape(title)}</h1><p role="alert">{escape(text)}</p>'
        f'<p><a href="{escape(url)}">{escape(words)}</a></p></main></body></html>'
    )
    response = HttpResponse(body, status=503, content_type="text/html; charset=utf-8")
    response["Cache-Control"] = "no-store"
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def too_slow() -> HttpResponse:
    response = page(
        _("Took too long"),
        _("The server stopped this request because it took longer than %(seconds)s seconds. "
          "Nothing was saved. Try again in a moment.") % {"seconds": settings.REQUEST_TIMEOUT},
        status=503,
    )
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise TooSlow(f"the request took longer than {settings.REQUEST_TIMEOUT} s")


def can_time() -> bool:
    return threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")


class TimeLimitMiddleware:
    """Stops a request after ``settings.REQUEST_TIMEOUT`` seconds with a 503."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not can_time():  # no timer; the view's writes are watched all the same, for the
            _writes.watching = _writes.committed = False  # database's own limit (stopped())
            try:
                with connection.execute_wrapper(_note_writes):
                    return self.get_response(request)
            finally:
                _writes.watching = False
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, float(settings.REQUEST_TIMEOUT))
        _writes.watching = _writes.committed = False
        try:
            with connection.execute_wrapper(_note_writes):
                return self.get_response(request)
        except TooSlow:
            return self._stopped(request)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            _writes.watching = False

    def process_view(self, request: HttpRequest, *args: Any) -> None:
        _writes.watching, _writes.committed = True, False

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        if isinstance(exception, TooSlow):
            return self._stopped(request)
        return None

    @staticmethod
    def _stopped(request: HttpRequest) -> HttpResponse:
        return stopped(request)


def stopped(request: HttpRequest) -> HttpResponse:
    """The answer to a request stopped at the time limit: saved or not, as it was."""
    saved = _writes.committed
    _writes.watching = False
    log.warning("request stopped after %s s (%s): %s %s", settings.REQUEST_TIMEOUT,
                "after its write was saved" if saved else "nothing saved",
                request.method, request.path)
    return saved_too_slow(request) if saved else too_slow()
