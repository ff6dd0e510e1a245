"""The same request, refused and sent again before its wait is over, is refused again at the door.

A client over a rate limit or a cost budget is answered 429 with Retry-After
(scoresheet/protect/ratelimit.py, budget.py).  A well-behaved phone waits; a flooding client asks
again at once, thousands of times a second, and each of those requests would pass through the
whole of Django (the request object, its signals, every middleware, the URL resolver, the
limiter, the page's template, gzip) only to be refused the same way again: 0.67 ms of a web
worker's CPU each under gunicorn, taken from the table next door.

This WSGI middleware, outside Django, remembers each such refusal with the request it refused:
its method, path, query, the client's address (the peer and ``X-Forwarded-For``), every header
(the cookies, the language, htmx's, gzip's) and the body.  The very same request, from the very
same client, while its refusal lasts and for at most :data:`FRESH` seconds after it was made, is
given the very same answer (status, headers, bytes) without Django: 0.19 ms, most of it
gunicorn's own (docs/deployment.md, "The flood at the door").  Anything that differs, by one
byte, goes to Django as before, which answers it and may refuse it anew.  While nothing is kept,
a request that passes is not even hashed.

What the memo may repeat is only what the answer itself promised: a refusal made ``t`` seconds
ago that said "wait N seconds" was true for N seconds; it is repeated for less than one of them,
so its Retry-After is never short of the limit's own (it is at most a second long), and "wait N
seconds" is never said of a wait already over.  A refusal that depends on other requests of the
moment (a phone's change still being sent) is not remembered
(:func:`scoresheet.protect.ratelimit.too_many`, ``remember=False``).  No cookie is set by a
repeated answer.  Each process keeps its own memo, bounded (:data:`KEPT` refusals, cleared whole
when full); app servers still share no state.
"""

from __future__ import annotations

import hashlib
import io
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

__all__ = ["FRESH", "KEPT", "REFUSED_UNTIL", "RefusalMemo", "forget"]

FRESH = 1.0  # seconds a refusal is repeated at most (its Retry-After is whole seconds)
KEPT = 10_000  # refusals remembered per process
BODY_MOST = 16 * 1024  # bytes of a body read to tell requests apart; a larger one is not kept
REFUSED_UNTIL = "listek_refused_until"  # the attribute a response that may be repeated carries
StartResponse = Callable[..., Any]


@dataclass(frozen=True)
class Answer:
    until: float  # time.time() after which it is never repeated
    status: str
    headers: list[tuple[str, str]]
    body: bytes


_ANSWERS: dict[bytes, Answer] = {}
_LOCK = threading.Lock()


def forget() -> None:
    """Forget every remembered refusal (the tests' fresh start)."""
    with _LOCK:
        _ANSWERS.clear()


def key_of(environ: dict[str, Any], body: bytes) -> bytes:
    """What tells one request from another: everything the app could answer by."""
    digest = hashlib.sha256()
    for name in ("REQUEST_METHOD", "PATH_INFO", "QUERY_STRING", "REMOTE_ADDR", "CONTENT_TYPE",
                 "CONTENT_LENGTH", "wsgi.url_scheme", "SCRIPT_NAME"):
        digest.update(name.encode() + b"\0" + str(environ.get(name, "")).encode(
            "utf-8", "surrogateescape") + b"\0")
    for name in sorted(k for k in environ if k.startswith("HTTP_")):
        digest.update(name.encode() + b"\0" + str(environ[name]).encode(
            "utf-8", "surrogateescape") + b"\0")
    digest.update(b"\0body\0" + body)
    return digest.digest()


def _read_body(environ: dict[str, Any]) -> bytes | None:
    """The body of a request of known, small length, read once and handed on to Django as it
    was; None for one that cannot be told apart cheaply (large, or of unknown length)."""
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None
    if length <= 0:
        return b"" if not environ.get("HTTP_TRANSFER_ENCODING") else None
    if length > BODY_MOST:
        return None
    body = environ["wsgi.input"].read(length)
    environ["wsgi.input"] = io.BytesIO(body)
    return bytes(body)


class RefusalMemo:
    """WSGI middleware around Django's application (scoresheet/wsgi.py)."""

    def __init__(self, app: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        body = _read_body(environ)
        if body is None:
            return self.app(environ, start_response)
        now = time.time()
        key = key_of(environ, body) if _ANSWERS else None  # (nothing kept: nothing to find)
        answer = _ANSWERS.get(key) if key is not None else None
        if answer is not None and now < answer.until:
            start_response(answer.status, list(answer.headers))
            return [answer.body]
        seen: dict[str, Any] = {}

        def remembering_start(status: str, headers: list[tuple[str, str]],
                              exc_info: Any = None) -> Any:
            seen["status"], seen["headers"] = status, headers
            if exc_info is not None:
                return start_response(status, headers, exc_info)
            return start_response(status, headers)

        result = self.app(environ, remembering_start)
        until = getattr(result, REFUSED_UNTIL, None)
        if until is None or "status" not in seen:
            return result
        # a refusal that may be repeated: a small body in memory (scoresheet/protect/ratelimit.py)
        chunks = b"".join(result)
        close = getattr(result, "close", None)
        if close is not None:
            close()
        headers = [(name, value) for name, value in seen["headers"]
                   if name.lower() != "set-cookie"]
        kept = Answer(until=min(float(until), now + FRESH), status=seen["status"],
                      headers=headers, body=chunks)
        with _LOCK:
            if len(_ANSWERS) >= KEPT:
                _ANSWERS.clear()
            _ANSWERS[key or key_of(environ, body)] = kept
        return [chunks]
