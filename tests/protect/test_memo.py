"""A request refused and sent again, the same, before its wait is over, is refused again at the
door without Django (scoresheet/protect/memo.py): the real application of scoresheet/wsgi.py,
called as gunicorn calls it.  Whether Django served a request is told by its ``request_started``
signal."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest
from django.core.signals import request_started
from django.test import Client, override_settings

from scoresheet.protect import memo, ratelimit
from scoresheet.wsgi import application
from tests.protect.devices import device_cookie

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
T0 = 60 * 16_667 + 40.0  # second 1,000,040: a 2-s window ends at 1,000,042


class Served:
    """How many requests reached Django."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, **kwargs: Any) -> None:
        self.count += 1


@pytest.fixture
def served() -> Iterator[Served]:
    counter = Served()
    request_started.connect(counter)
    yield counter
    request_started.disconnect(counter)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The time every part reads (time.time), set by the test: ``clock[0]``."""
    now = [T0]
    monkeypatch.setattr(ratelimit.time, "time", lambda: now[0])
    return now


@pytest.fixture(autouse=True)
def allowed_host(settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["testserver"]


def call(app: Any, path: str, *, method: str = "GET", address: str = "203.0.113.50",
         headers: dict[str, str] | None = None, body: bytes = b"",
         content_type: str = "") -> tuple[str, list[tuple[str, str]], bytes]:
    """One request through a WSGI application, as a WSGI server makes it."""
    path_info, _, query = path.partition("?")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": method, "PATH_INFO": path_info, "QUERY_STRING": query,
        "SERVER_NAME": "testserver", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": address, "HTTP_HOST": "testserver", "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body), "wsgi.errors": io.StringIO(), "wsgi.version": (1, 0),
        "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
        "SCRIPT_NAME": "",
    }
    if body or method == "POST":
        environ["CONTENT_LENGTH"] = str(len(body))
        environ["CONTENT_TYPE"] = content_type
    for name, value in (headers or {}).items():
        environ["HTTP_" + name.upper().replace("-", "_")] = value
    got: dict[str, Any] = {}

    def start_response(status: str, response_headers: list[tuple[str, str]],
                       exc_info: Any = None) -> None:
        got["status"], got["headers"] = status, response_headers

    result = app(environ, start_response)
    try:
        content = b"".join(result)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()
    return got["status"], got["headers"], content


def kept(answer: tuple[str, list[tuple[str, str]], bytes]) -> tuple[Any, ...]:
    """An answer as the door repeats it: without its cookies."""
    status, headers, body = answer
    return status, [h for h in headers if h[0].lower() != "set-cookie"], body


def names(headers: list[tuple[str, str]]) -> set[str]:
    return {name.lower() for name, _ in headers}


PHONE = {"Cookie": f"listek_device={device_cookie('m1')}"}


@override_settings(RATELIMIT_HEAVY_QUICK=3)
def test_a_flood_already_refused_is_refused_at_the_door_with_the_same_answer(
    served: Served, clock: list[float]
) -> None:
    for _ in range(3):
        assert call(application, "/stats/", headers=PHONE)[0].startswith("200")
    status, headers, body = call(application, "/stats/", headers=PHONE)  # refused by Django
    assert status.startswith("429") and served.count == 4
    assert b"faster than anyone can tap" in body
    clock[0] += 0.5
    for _ in range(50):  # the same request again and again: answered at the door
        again = call(application, "/stats/", headers=PHONE)
        assert again == (status, headers, body)
    assert served.count == 4
    assert {"retry-after", "content-security-policy", "x-content-type-options",
            "cache-control"} <= names(headers)
    # anything that differs goes to Django: another phone, another page, htmx's poll
    assert call(application, "/stats/", headers={"Cookie": f"listek_device={device_cookie('m2')}"}
                )[0].startswith("200")
    refused_htmx = call(application, "/stats/", headers={**PHONE, "HX-Request": "true"})
    assert refused_htmx[0].startswith("429") and b"<html" not in refused_htmx[2]
    assert served.count == 6


@override_settings(RATELIMIT_HEAVY_QUICK=1)
def test_a_refusal_is_repeated_for_at_most_a_second_and_never_past_its_window(
    served: Served, clock: list[float]
) -> None:
    assert call(application, "/stats/", headers=PHONE)[0].startswith("200")
    clock[0] += 0.5  # 1.5 s before the window ends
    first = call(application, "/stats/", headers=PHONE)
    assert first[0].startswith("429") and ("Retry-After", "2") in first[1]
    assert served.count == 2
    clock[0] += 0.99
    assert call(application, "/stats/", headers=PHONE) == first  # at the door
    assert served.count == 2
    clock[0] += 0.01  # a second after it was made: Django says it again, with its new wait
    second = call(application, "/stats/", headers=PHONE)
    assert second[0].startswith("429") and ("Retry-After", "1") in second[1]
    assert b"Wait 1 second and try again." in second[2]
    assert served.count == 3
    clock[0] = T0 + 2.0  # the window is over: Django answers, and allows it
    assert call(application, "/stats/", headers=PHONE)[0].startswith("200")
    assert served.count == 4


@override_settings(RATELIMIT_HEAVY_QUICK=1)
def test_a_repeated_answer_sets_no_cookie(served: Served, clock: list[float]) -> None:
    assert call(application, "/stats/")[0].startswith("200")  # a client that keeps no cookie
    first = call(application, "/stats/")
    assert first[0].startswith("429") and "set-cookie" in names(first[1])  # a new device id
    again = call(application, "/stats/")
    assert served.count == 2
    assert again == kept(first) and "set-cookie" not in names(again[1])


@override_settings(LOGIN_PER_USERNAME=2)
def test_a_post_is_told_apart_by_its_body_which_django_still_reads_whole(
    served: Served, clock: list[float]
) -> None:
    _, headers, _ = call(application, "/accounts/login/")
    token = next(v.strip() for k, v in headers
                 if k == "Set-Cookie" and v.strip().startswith("csrftoken="))
    csrf = token.split(";")[0].split("=", 1)[1]
    sent = {"Cookie": f"csrftoken={csrf}", "X-CSRFToken": csrf}

    def login(username: str) -> tuple[str, list[tuple[str, str]], bytes]:
        body = urlencode({"username": username, "password": "wrong"}).encode()
        return call(application, "/accounts/login/", method="POST", headers=sent, body=body,
                    content_type="application/x-www-form-urlencoded")

    for _ in range(2):  # the form read the username and the password: wrong, said in the form
        answered = login("karel")
        assert answered[0].startswith("200") and b'value="karel"' in answered[2]
    refused = login("karel")
    assert refused[0].startswith("429") and served.count == 4
    assert login("karel") == kept(refused) and served.count == 4  # the same body: at the door
    other = login("jana")  # another body: Django, which reads it whole
    assert other[0].startswith("200") and b'value="jana"' in other[2]
    assert served.count == 5


def test_a_refusal_that_ends_with_another_request_is_never_repeated(
    clock: list[float]
) -> None:
    """"Your phone is still sending another change" is over when that change is: not kept."""
    from scoresheet.protect.device import DEVICE_COOKIE
    from tests.protect.devices import device_id

    # a change of this phone being written
    ratelimit.take_place("inflight-device:" + ratelimit._digest(device_id("w1")), T0)
    client = Client()
    client.cookies[DEVICE_COOKIE] = device_cookie("w1")
    response = client.post("/new/", {"ruleset": "ru"})
    assert response.status_code == 429
    assert "still sending another change" in response.content.decode()
    assert not hasattr(response, memo.REFUSED_UNTIL)


class Echo:
    """A WSGI application that answers with the body it read, refused when ``refuse``."""

    def __init__(self, refuse: bool = True) -> None:
        self.refuse = refuse
        self.calls = 0

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        self.calls += 1
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else b""
        start_response("429 Too Many Requests", [("Content-Type", "text/plain"),
                                                 ("Set-Cookie", "a=b")])
        answer = Answer([b"read:", body])
        if self.refuse:
            setattr(answer, memo.REFUSED_UNTIL, 10**10)
        return answer


class Answer(list):  # type: ignore[type-arg]
    closed = False

    def close(self) -> None:
        self.closed = True


def test_a_body_is_handed_on_as_it_came_and_a_large_one_is_never_kept() -> None:
    app = Echo()
    door = memo.RefusalMemo(app)
    small = b"x" * 100
    assert call(door, "/", method="POST", body=small)[2] == b"read:" + small
    assert call(door, "/", method="POST", body=small)[2] == b"read:" + small
    assert app.calls == 1  # the second: at the door
    large = b"y" * (memo.BODY_MOST + 1)
    for _ in range(2):
        assert call(door, "/", method="POST", body=large)[2] == b"read:" + large
    assert app.calls == 3  # told apart only by reading all of it: never kept


def test_the_door_closes_what_it_kept_and_passes_everything_else_as_it_was() -> None:
    kept = Echo()
    door = memo.RefusalMemo(kept)
    _, headers, _ = call(door, "/", method="POST", body=b"z")
    assert ("Set-Cookie", "a=b") in headers  # the first answer is Django's own, whole
    passed = Echo(refuse=False)
    result = memo.RefusalMemo(passed)(
        {"REQUEST_METHOD": "GET", "PATH_INFO": "/", "wsgi.input": io.BytesIO()},
        lambda *a: None)
    assert isinstance(result, Answer) and not result.closed  # the server closes it, not the door


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "KEPT", 5)
    app = Echo()
    door = memo.RefusalMemo(app)
    for n in range(5):
        call(door, f"/{n}")
    assert len(memo._ANSWERS) == 5
    call(door, "/5")  # the sixth: the memo is cleared whole, then keeps it
    assert len(memo._ANSWERS) == 1
    call(door, "/5")
    assert app.calls == 6


class NeverSent(io.RawIOBase):
    """A body declared and never sent: reading it is what would hold a worker."""

    reads = 0

    def read(self, size: int = -1) -> bytes:
        NeverSent.reads += 1
        raise AssertionError("the door read a body it must not wait for")


class Quiet:
    """A WSGI application that reads no body and refuses (or not)."""

    def __init__(self, refuse: bool) -> None:
        self.refuse = refuse
        self.calls = 0

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        self.calls += 1
        start_response("429 Too Many Requests", [("Content-Type", "text/plain")])
        answer = Answer([b"refused"])
        if self.refuse:
            setattr(answer, memo.REFUSED_UNTIL, 10**10)
        return answer


def declared(method: str, length: int = 16000) -> dict[str, Any]:
    return {"REQUEST_METHOD": method, "PATH_INFO": "/", "CONTENT_LENGTH": str(length),
            "REMOTE_ADDR": "203.0.113.9", "wsgi.input": NeverSent()}


def test_a_get_that_declares_a_body_is_answered_without_reading_it() -> None:
    NeverSent.reads = 0
    app = Quiet(refuse=True)
    door = memo.RefusalMemo(app)
    for _ in range(3):  # refused, kept, and repeated at the door: its body never read
        assert b"".join(door(declared("GET"), lambda *a: None)) == b"refused"
    assert app.calls == 1 and NeverSent.reads == 0


def test_a_post_is_not_read_by_the_door_while_nothing_is_kept() -> None:
    NeverSent.reads = 0
    app = Quiet(refuse=False)
    door = memo.RefusalMemo(app)
    assert b"".join(door(declared("POST", 100), lambda *a: None)) == b"refused"
    assert app.calls == 1 and NeverSent.reads == 0


def test_a_body_that_never_comes_for_a_kept_refusal_is_answered_408() -> None:
    app = Echo()
    door = memo.RefusalMemo(app)
    assert call(door, "/", method="POST", body=b"abc")[0].startswith("429")  # kept
    got: dict[str, str] = {}
    cut = {"REQUEST_METHOD": "POST", "PATH_INFO": "/", "SERVER_NAME": "testserver",
           "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "203.0.113.50",
           "HTTP_HOST": "testserver", "wsgi.url_scheme": "http", "SCRIPT_NAME": "",
           "CONTENT_LENGTH": "3", "CONTENT_TYPE": "", "wsgi.input": io.BytesIO(b"a")}
    answer = door(cut, lambda status, headers: got.setdefault("status", status))
    assert got["status"].startswith("408") and b"did not arrive" in b"".join(answer)
    assert app.calls == 1


def test_a_get_that_declares_a_body_and_sends_none_holds_no_gunicorn_worker(
    server_db: Any, start_server: Any
) -> None:
    import socket

    from tests.protect.live import HOST, Phone

    server = start_server(server_db, workers=1)  # one worker: one held request holds all
    held = []
    for _ in range(5):
        sock = socket.create_connection((HOST, server.port), timeout=20)
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {HOST}:{server.port}\r\n"
                     "Content-Length: 16000\r\n\r\n".encode())  # and not one byte of it
        held.append(sock)
    try:
        for sock in held:  # each is answered (gunicorn's own timeout here is 60 s)
            assert sock.recv(64).startswith(b"HTTP/1.1 200"), server.log()
        assert Phone(server.port, timeout=20).get("/").status == 200
    finally:
        for sock in held:
            sock.close()
