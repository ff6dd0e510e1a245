"""``Server-Timing: cpu;dur=<ms>`` on every answer, when ``LISTEK_SERVER_TIMING`` is on (off by
default): the CPU time the web worker's thread spent on the request, from the first middleware
to the last, so that a load test (scripts/loadtest_tournament.py) can tell what each kind of
request costs the server, apart from the time it waited.  Off, the middleware is not used at
all (Django drops it at start-up)."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.http import HttpRequest, HttpResponse


class ServerTimingMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        if not settings.SERVER_TIMING:
            raise MiddlewareNotUsed
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.thread_time()
        response = self.get_response(request)
        response["Server-Timing"] = f"cpu;dur={(time.thread_time() - started) * 1000:.2f}"
        return response
