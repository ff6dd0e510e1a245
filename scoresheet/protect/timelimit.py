"""No request holds a worker past ``settings.REQUEST_TIMEOUT`` seconds.

gunicorn's sync workers serve one request at a time in the process's main thread.  Before the
view runs, :class:`TimeLimitMiddleware` sets a real-time timer (``signal.setitimer``); when it
fires, :class:`TooSlow` is raised inside whatever the request is doing, its transaction is
rolled back (every write is one ``transaction.atomic``), and the answer is a 503 saying that
nothing was saved.  The timer is cleared as soon as the response is made.

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
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from scoresheet.protect.ratelimit import page

log = logging.getLogger("scoresheet.protect.timelimit")
RETRY_AFTER = 30  # seconds a phone is asked to wait after a request that took too long


class TooSlow(Exception):
    """The request took longer than ``settings.REQUEST_TIMEOUT``."""


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
        if not can_time():
            return self.get_response(request)
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, float(settings.REQUEST_TIMEOUT))
        try:
            return self.get_response(request)
        except TooSlow:
            return self._stopped(request)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        if isinstance(exception, TooSlow):
            return self._stopped(request)
        return None

    @staticmethod
    def _stopped(request: HttpRequest) -> HttpResponse:
        log.warning("request stopped after %s s: %s %s", settings.REQUEST_TIMEOUT,
                    request.method, request.path)
        return too_slow()
