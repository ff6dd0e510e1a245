"""The same request, refused and sent again before its wait is over, is refused again at the door.

A client over a rate limit or a cost budget is answered 429 with Retry-After
(scoresheet/protect/ratelimit.py, budget.py).  A well-behaved phone waits; a flooding client asks
again at once, thousands of times a second, and each of those requests would pass through the
whole of Django (the request object, its signals, every middleware, the URL resolver, the
limiter, the page's template, gzip) only to be refused the same way again: 0.67 ms of a web
worker's CPU each under gunicorn, taken from the table next door.

This WSGI middleware, outside Django, remembers each such refusal with the request it refused:
its method, path, query, the client's address (the peer and ``X-Forwarded-For``), every header
(the cookies, the language, htmx's, gzip's) and the body (for the methods that carry one: POST,
PUT, PATCH; a GET's declared body is never read).  The very same request, from the very
same client, while its refusal lasts and for at most :data:`FRESH` seconds after it was made, is
given the very same answer (status, headers, bytes) without Django: 0.19 ms, most of it
gunicorn's own (docs/deployment.md, "The flood at the door").  Anything that differs, by one
byte, goes to Django as before, which answers it and may refuse it anew.  While nothing is kept,
a request that passes is not even hashed.

The door never waits for a body before Django does: a body is kept as Django reads it, and read
by the door itself only for a request that is, but for its body, one a kept refusal answered;
then within :data:`READ_WITHIN` seconds, or the answer is 408 (a client that declares a body and
sends none holds no worker).  After a refusal Django made without reading the whole body, the
rest is read under the same deadline, or the refusal is not kept.

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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["FRESH", "KEPT", "REFUSED_UNTIL", "RefusalMemo", "forget"]

FRESH = 1.0  # seconds a refusal is repeated at most (its Retry-After is whole seconds)
KEPT = 10_000  # refusals remembered per process
BODY_MOST = 16 * 1024  # bytes of a body read to tell requests apart; a larger one is not kept
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})  # the methods whose body Django reads
READ_WITHIN = 2.0  # seconds a body the door reads itself may take to arrive
PIECE = 4096  # bytes read at once under that deadline
ANY_BODY = b"\0any body\0"  # stands for the body: a request told apart but for its body
REFUSED_UNTIL = "listek_refused_until"  # the attribute a response that may be repeated carries
StartResponse = Callable[..., Any]


@dataclass(frozen=True)
class Answer:
    until: float  # time.time() after which it is never repeated
    status: str
    headers: list[tuple[str, str]]
    body: bytes


_ANSWERS: dict[bytes, Answer] = {}
_HEADS: set[bytes] = set()  # the requests of the refusals kept with a body, but for the body
_LOCK = threading.Lock()


def forget() -> None:
    """Forget every remembered refusal (the tests' fresh start)."""
    with _LOCK:
        _ANSWERS.clear()
        _HEADS.clear()


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


def _declared_length(environ: dict[str, Any]) -> int | None:
    """The body's declared length when it is small enough to tell requests apart by; None for
    one that cannot be (large, chunked, or of a length that is no number)."""
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None
    if length <= 0:
        return 0 if not environ.get("HTTP_TRANSFER_ENCODING") else None
    return length if length <= BODY_MOST else None


def _read_body(environ: dict[str, Any], length: int) -> bytes:
    """Read a body of ``length`` bytes within :data:`READ_WITHIN` seconds, and hand it on to
    Django as it came.  Under gunicorn its socket is given the time that is left before each
    piece; a body that does not come in time (or at all) raises ``TimeoutError``."""
    stream = environ["wsgi.input"]
    sock = environ.get("gunicorn.socket")
    deadline = time.monotonic() + READ_WITHIN
    previous = sock.gettimeout() if sock is not None else None
    pieces: list[bytes] = []
    got = 0
    try:
        while got < length:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the body did not come in time")
            if sock is not None:
                sock.settimeout(left)
            piece = stream.read(min(PIECE, length - got))
            if not piece:
                raise TimeoutError("the body ended before its length")
            pieces.append(bytes(piece))
            got += len(piece)
    finally:
        if sock is not None:
            sock.settimeout(previous)
    body = b"".join(pieces)
    environ["wsgi.input"] = io.BytesIO(body)
    return body


class Recording:
    """The request's body as Django reads it (``wsgi.input``), what was read kept on the side
    (at most ``BODY_MOST + 1`` bytes): a refusal is remembered with its body without the door
    reading one before Django."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.seen = bytearray()

    def _keep(self, data: bytes) -> bytes:
        if len(self.seen) <= BODY_MOST:
            self.seen += data[:BODY_MOST + 1 - len(self.seen)]
        return data

    def read(self, *args: Any) -> bytes:
        return self._keep(self.stream.read(*args))

    def readline(self, *args: Any) -> bytes:
        return self._keep(self.stream.readline(*args))

    def readlines(self, hint: int = -1) -> list[bytes]:
        return [self._keep(line) for line in self.stream.readlines(hint)]

    def __iter__(self) -> Iterator[bytes]:
        for line in self.stream:
            yield self._keep(line)

    def whole(self, environ: dict[str, Any], length: int) -> bytes | None:
        """The whole body, once the application has answered: what it read, and the rest (read
        under the same deadline); None when it does not come."""
        if len(self.seen) >= length:
            return bytes(self.seen[:length])
        rest = {**environ, "wsgi.input": self.stream}
        try:
            return bytes(self.seen) + _read_body(rest, length - len(self.seen))
        except OSError:
            return None


def _too_slow(start_response: StartResponse) -> list[bytes]:
    start_response("408 Request Timeout", [("Content-Type", "text/plain; charset=utf-8"),
                                           ("Connection", "close")])
    return [b"The request's body did not arrive in time.\n"]


class RefusalMemo:
    """WSGI middleware around Django's application (scoresheet/wsgi.py)."""

    def __init__(self, app: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        length = _declared_length(environ)
        carries = str(environ.get("REQUEST_METHOD", "")).upper() in BODY_METHODS
        # a body is part of what tells requests apart only for the methods that carry one
        body: bytes | None = b"" if not carries or length == 0 else None
        if (carries and length is not None and _HEADS
                and _ANSWERS and key_of(environ, ANY_BODY) in _HEADS):
            try:  # the very request of a refusal kept, but for its body: read it, within limits
                body = _read_body(environ, length)
            except OSError:
                return _too_slow(start_response)
        now = time.time()
        key = key_of(environ, body) if _ANSWERS and body is not None else None
        answer = _ANSWERS.get(key) if key is not None else None
        if answer is not None and now < answer.until:
            start_response(answer.status, list(answer.headers))
            return [answer.body]
        recording = None
        if body is None and length:
            recording = Recording(environ["wsgi.input"])
            environ["wsgi.input"] = recording
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
        if body is None and recording is not None and length is not None:
            body = recording.whole(environ, length)
        if body is None:  # told apart only by a body not at hand: not kept
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
                _HEADS.clear()
            _ANSWERS[key or key_of(environ, body)] = kept
            if carries:
                _HEADS.add(key_of(environ, ANY_BODY))
        return [chunks]
