"""At least 10,000 hostile requests across every URL pattern, every form and the upload: never
an answer of 500 or more, never stored garbage.

The URL patterns come from the URL conf and the forms from crawling the app (tests/protect/
hostile.py), so a view or a form added later is fuzzed too.  Every request is drawn from a
seeded random generator (the same requests on every run, other ones on PostgreSQL than on SQLite;
``LISTEK_FUZZ_SEED`` for others, ``LISTEK_FUZZ_REQUESTS`` for more):

* a URL pattern with a good, a read-only, a foreign or a hostile token (NUL, percent-escapes of
  bytes that are no UTF-8, 2,000 characters, path tricks), hostile numbers and kinds, a hostile
  query, by GET, POST or another method;
* a form of the app with hostile values (markup, NUL, control characters, huge numbers, 20,000
  characters) mixed with the page's own values and a valid revision;
* an import: a valid document with hostile changes, random JSON, random bytes, nesting 900
  levels deep, lone surrogates, impossible dates, by upload or pasted;
* a raw body: UTF-16 and other charsets, broken multipart, JSON or XML as a form;
* now and then a hostile header or cookie (NUL, escapes, 4,000 characters).

The rate limiter is off (the fuzz writes far faster than any table) and WeasyPrint is replaced
by a stub that records the page it is given: everything else of a PDF request (the print view,
the stored-PDF claim) runs.  The sheets are checked whole every few hundred requests.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter
from typing import Any
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

import rules
from scoresheet.exports import printing
from scoresheet.sheets.models import Sheet
from tests.conftest import quiet_deals
from tests.protect.hostile import MARKUP, NUMBERS, assert_sheet_whole, crawl

pytestmark = pytest.mark.postgres
REQUESTS = int(os.environ.get("LISTEK_FUZZ_REQUESTS", "10000"))
SEED = os.environ.get("LISTEK_FUZZ_SEED")  # default: 14 on SQLite, 15 on PostgreSQL
CHECK_EVERY = 500  # requests between two checks that every sheet is whole

HOSTILE_SEGMENTS = [
    "\x00", "a\x00b", "%00", "%ff%fe", "%c3%28", "%ed%a0%80", "..", "%2e%2e", "%2F", "a/b",
    "x" * 2000, " ", "ž" * 40, "<script>", "'", '"', "%", "%%", "\t", "\r\n", "🂡", "0",
    "-1", "99999999999999999999", "null", "undefined", "%0d%0aSet-Cookie:x=1",
]
TEXTS = [*MARKUP, *NUMBERS, "", "x" * 20_000, "A\nB", "A\rB", "A\tB", "\x1b[31m", "\x7f",
         "\u0085", "\u2028", "\ufeff", "\u200b", "Ω" * 41, "A" * 41, "=1+1", "x;=1+1;y", "+cmd",
         "@SUM(A1)", "a\x00", "\x00"]
CONTENT_TYPES = [
    "application/x-www-form-urlencoded; charset=utf-16",
    "application/x-www-form-urlencoded; charset=latin-1",
    "application/x-www-form-urlencoded; charset=nonsense",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "multipart/form-data",
    "multipart/form-data; boundary=",
    "application/json",
    "text/xml",
    "text/plain; charset=utf-7",
]
METHODS = ["GET", "GET", "GET", "POST", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"]


@pytest.fixture(autouse=True)
def fuzz_settings(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.RATELIMIT_ENABLED = False
    # a failed login hashes a password on purpose slowly: a quick hasher for the fuzz only
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    monkeypatch.setattr(printing, "render_pdf",
                        lambda html, size=None: b"%PDF-1.7 " + str(len(html)).encode())


def routes() -> list[str]:
    """Every URL pattern of the app, as its route with converters."""

    def walk(patterns: list[Any], prefix: str) -> list[str]:
        out: list[str] = []
        for p in patterns:
            if isinstance(p, URLResolver):
                out += walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                out.append(prefix + str(p.pattern))
        return out

    return sorted(set(walk(get_resolver().url_patterns, "")))


def text_value(rnd: random.Random) -> str:
    kind = rnd.random()
    if kind < 0.5:
        return rnd.choice(TEXTS)
    if kind < 0.8:
        alphabet = [chr(rnd.choice([rnd.randrange(0x20), rnd.randrange(0x20, 0x7f),
                                    rnd.randrange(0x80, 0x800), rnd.randrange(0x800, 0xd800),
                                    rnd.randrange(0xe000, 0x110000)]))
                    for _ in range(rnd.randrange(1, 12))]
        return "".join(alphabet)
    return str(rnd.choice([0, 1, -1, 2**31, -(2**63), 10**40, rnd.randrange(-1000, 1000)]))


def valid_document() -> dict[str, Any]:
    return {"format": rules.FORMAT, "game": "thousand", "ruleset": "ru", "options": {},
            "players": ["Anna", "Boris", "Vera"], "first_dealer": 0, "entries": quiet_deals(3)}


def json_value(rnd: random.Random, depth: int = 0) -> Any:
    roll = rnd.random()
    if depth > 3 or roll < 0.5:
        return rnd.choice([None, True, False, 0, -1, 10**30, 1.5, text_value(rnd),
                           "\ud800", "\udfff", "2024-01-01T00:00:00+99:00"])
    if roll < 0.75:
        return [json_value(rnd, depth + 1) for _ in range(rnd.randrange(4))]
    return {text_value(rnd)[:8]: json_value(rnd, depth + 1) for _ in range(rnd.randrange(4))}


def import_payload(rnd: random.Random) -> bytes:
    roll = rnd.random()
    if roll < 0.4:
        doc: Any = valid_document()
        for _ in range(rnd.randrange(1, 4)):
            where = rnd.choice(["top", "player", "entry", "field", "meta", "option"])
            value = json_value(rnd)
            players, entries = doc.get("players"), doc.get("entries")
            if where == "top":
                doc[rnd.choice([*doc, "extra"])] = value
            elif where == "player" and isinstance(players, list) and players:
                players[rnd.randrange(len(players))] = value
            elif where == "entry" and isinstance(entries, list) and entries:
                entries[rnd.randrange(len(entries))] = value
            elif where == "field" and isinstance(entries, list) and entries and isinstance(
                    entries[0], dict):
                entries[0][rnd.choice([*entries[0], "note"])] = value
            elif where == "meta":
                doc["meta"] = {"listek": {rnd.choice(["created", "scorer", "in_stats"]): value}}
            elif where == "option" and isinstance(doc.get("options"), dict):
                doc["options"][rnd.choice(["target", "rounding", "x"])] = value
        return json.dumps(doc, ensure_ascii=rnd.random() < 0.5).encode("utf-8", "surrogatepass")
    if roll < 0.6:
        return json.dumps(json_value(rnd)).encode()
    if roll < 0.75:
        return bytes(rnd.randrange(256) for _ in range(rnd.randrange(300)))
    deep = rnd.randrange(30, 1200)
    return rnd.choice([b"[" * deep + b"]" * deep, b'{"a":' * deep + b"1" + b"}" * deep,
                       b"\xff\xfe{\x00}\x00", b'"\\ud800"', b"NaN", b'{"format": 1e999}'])


class Fuzzer:
    def __init__(self, rnd: random.Random, sheets: list[Sheet], forms: list[Any]) -> None:
        self.rnd = rnd
        self.sheets = sheets
        self.forms = forms
        self.routes = routes()
        self.client = Client(raise_request_exception=False)

    def token(self, route: str) -> str:
        rnd = self.rnd
        sheet = rnd.choice(self.sheets)
        roll = rnd.random()
        if roll < 0.45:
            return sheet.view_token if route.startswith("v/") else sheet.edit_token
        if roll < 0.6:
            return sheet.edit_token if route.startswith("v/") else sheet.view_token
        return rnd.choice(HOSTILE_SEGMENTS)

    def url(self) -> str:
        rnd = self.rnd
        route = rnd.choice(self.routes)
        out = route
        replacements = {
            "<str:token>": lambda: self.token(route),
            "<int:pos>": lambda: str(rnd.choice([0, 1, 2, 3, 50, 10**12, 2**63])),
            "<str:kind>": lambda: rnd.choice(["deal", "penalty", "renonc", "bolt", "x",
                                              *HOSTILE_SEGMENTS]),
            "<str:code>": lambda: rnd.choice(["cs", "de", "en", "pl", "ru", "xx",
                                              *HOSTILE_SEGMENTS]),
            "<int:table_id>": lambda: str(rnd.choice([0, 1, 2, 10**12, 2**63])),
            "<str:name>": lambda: rnd.choice(["Anna", "Marie", "nobody", *HOSTILE_SEGMENTS]),
        }
        for converter, make in replacements.items():
            while converter in out:
                value = make()
                if "%" not in value:
                    value = quote(value, safe="")
                out = out.replace(converter, value, 1)
        if "<" in out:  # a converter this fuzzer does not know: a hostile segment for it
            out = out.split("<")[0] + quote(rnd.choice(HOSTILE_SEGMENTS), safe="")
        return "/" + out

    def query(self) -> dict[str, str]:
        rnd = self.rnd
        names = ["size", "part", "game", "kind", "ruleset", "player_0", "first_dealer",
                 "next", "seat", "type", "q"]
        return {rnd.choice(names): text_value(rnd) for _ in range(rnd.randrange(4))}

    def data(self) -> dict[str, Any]:
        rnd = self.rnd
        names = ["revision", "key", "declarer", "contract", "points_0", "points_1", "points_2",
                 "preview", "scorer", "in_stats", "addresses", "size", "type", "seat",
                 "print_language", "next", "ruleset", "player_0", "first_dealer", "text"]
        data = {rnd.choice(names): text_value(rnd) for _ in range(rnd.randrange(6))}
        if rnd.random() < 0.5:
            sheet = rnd.choice(self.sheets)
            data["revision"] = str(sheet.revision)
        return data

    def headers(self) -> dict[str, str]:
        """Mostly none; sometimes a hostile header or cookie."""
        rnd = self.rnd
        if rnd.random() > 0.1:
            return {}
        name = rnd.choice(["HTTP_USER_AGENT", "HTTP_COOKIE", "HTTP_X_FORWARDED_FOR",
                           "HTTP_HX_REQUEST", "HTTP_HX_CURRENT_URL", "HTTP_ACCEPT_LANGUAGE",
                           "HTTP_REFERER", "HTTP_X_CSRFTOKEN"])
        value = text_value(rnd)
        if name == "HTTP_COOKIE":
            cookie = rnd.choice(["sessionid", "csrftoken", "listek_device", "django_language"])
            escaped_nul = '"a\\000b"'
            value = f"{cookie}={rnd.choice([value, chr(0), 'x' * 4000, escaped_nul])}"
        # as a WSGI server hands a header over: its bytes (UTF-8 here) read as latin-1
        return {name: value.encode("utf-8", "replace").decode("latin-1")}

    def one(self) -> tuple[str, Any]:
        rnd = self.rnd
        roll = rnd.random()
        client = self.client
        if roll < 0.45:
            url = self.url()
            method = rnd.choice(METHODS)
            extra = self.headers()
            if method == "GET":
                return url, client.get(url, self.query(), **extra)
            if method == "POST":
                return url, client.post(url, self.data(), **extra)
            return url, client.generic(method, url, **extra)
        if roll < 0.8:
            form = rnd.choice(self.forms)
            values: dict[str, Any] = {}
            for name, field in form.fields.items():
                choice = rnd.random()
                if choice < 0.4 and field.values:
                    values[name] = rnd.choice(field.values)
                elif choice < 0.85:
                    values[name] = text_value(rnd)
            for sheet in self.sheets:
                if sheet.edit_token in form.action and rnd.random() < 0.7:
                    values["revision"] = str(sheet.revision)
            if rnd.random() < 0.2:
                values["preview"] = "1"
            if form.method == "GET":
                return form.action, client.get(form.action, values)
            return form.action, client.post(form.action, values)
        if roll < 0.93:
            payload = import_payload(rnd)
            if rnd.random() < 0.5:
                upload = SimpleUploadedFile("sheet.json", payload, "application/json")
                return "/import/", client.post("/import/", {"file": upload})
            return "/import/", client.post(
                "/import/", {"text": payload.decode("utf-8", "replace")})
        url = rnd.choice([self.url(), "/new/", "/import/", rnd.choice(self.forms).action])
        body = rnd.choice([
            "ruleset=ru&player_0=A".encode("utf-16"), b"\xff\xfe\x00\x00", b"a=%00&b=%ff",
            b"--x\r\nContent-Disposition: form-data\r\n\r\n", b'{"a": 1}', b"<x/>",
            bytes(rnd.randrange(256) for _ in range(64)), b"a=" + b"b" * 5000,
            b"&".join(b"f%d=1" % i for i in range(1200)),
        ])
        return url, client.generic("POST", url, body, content_type=rnd.choice(CONTENT_TYPES))


def test_ten_thousand_hostile_requests_answer_no_500(make_sheet, db: None) -> None:
    sheets = [
        make_sheet(entries=quiet_deals(3)),
        make_sheet(ruleset="marias", players=["Marie", "Karel", "Jana"]),
        make_sheet(ruleset="binokel", players=["Hans", "Fritz", "Greta"]),
        make_sheet(ruleset="pl", players=["Ala", "Ola", "Ela"], entries=quiet_deals(2)),
    ]
    crawler = Client()
    starts = ["/", "/new/", "/import/", "/accounts/signup/", "/accounts/login/", "/stats/",
              "/t/new/", "/t/import/"]
    for s in sheets:
        starts += [f"/s/{s.edit_token}/", f"/v/{s.view_token}/"]
    forms = crawl(crawler, starts)
    seed = int(SEED) if SEED else 14 + (connection.vendor == "postgresql")
    fuzzer = Fuzzer(random.Random(seed), sheets, forms)
    assert len(fuzzer.routes) >= 40 and len(forms) >= 10
    statuses: Counter[int] = Counter()
    errors: list[tuple[str, int]] = []
    started = time.monotonic()
    for n in range(1, REQUESTS + 1):
        where, response = fuzzer.one()
        statuses[response.status_code] += 1
        if response.status_code >= 500:
            errors.append((where, response.status_code))
        if n % CHECK_EVERY == 0 or n == REQUESTS:
            for sheet in Sheet.objects.all():
                assert_sheet_whole(sheet)
            for sheet in sheets:
                sheet.refresh_from_db()
    took = time.monotonic() - started
    print(f"\nfuzz ({connection.vendor}, seed {seed}): {REQUESTS} requests in {took:.0f} s, "
          f"{dict(sorted(statuses.items()))}")
    assert sum(statuses.values()) >= REQUESTS
    assert errors == [], errors[:20]
    assert statuses[400] > 0 and statuses[200] > 0 and statuses[404] > 0
