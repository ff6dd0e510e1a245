"""Rate limits on writes, per sheet and per client, with a fixed time window.

What is counted:

* per client: every request that may write (POST, PUT, PATCH, DELETE) from one address
  (an IPv6 client by its /64 network, since one phone may hold many of its addresses), at most
  ``settings.RATELIMIT_CLIENT`` per window;
* per sheet: every such request to one edit link (``/s/<token>/...``) that is not a live
  preview of an entry form (``preview=1``, which never writes), at most
  ``settings.RATELIMIT_SHEET`` per window.

The counts live in the database (:class:`scoresheet.limits.models.Hit`), incremented by one
atomic upsert, so that every app server sees the same counts: app servers hold no state.  Over
a limit the answer is 429 with Retry-After and a sentence saying that nothing was saved.

The window is ``settings.RATELIMIT_WINDOW`` seconds; the settings are read on every request.
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.utils.html import escape
from django.utils.translation import gettext as _

from .limits.models import Hit

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SHEET_PATH = re.compile(r"^/s/(?P<token>[^/]+)/")
IPV6_PREFIX = 64  # one client's IPv6 network: a phone may hold many addresses inside it
PREVIEW_FIELD = "preview"  # entry forms' live preview: computed, never written


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """The outcome of counting one request in one bucket."""

    allowed: bool
    count: int
    limit: int
    retry_after: int


def client_address(request: HttpRequest) -> str:
    """The client's address: the peer, or the one ``PROXY_HOPS`` proxies saw and appended."""
    hops = int(settings.PROXY_HOPS)
    address = str(request.META.get("REMOTE_ADDR") or "")
    if hops > 0:
        forwarded = [a.strip() for a in request.headers.get("x-forwarded-for", "").split(",")]
        forwarded = [a for a in forwarded if a]
        if len(forwarded) >= hops:
            address = forwarded[-hops]
    return address


def client_bucket(address: str) -> str:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return "client:" + _digest(address)
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return f"client:{ip.ipv4_mapped}"
        network = ipaddress.ip_network(f"{ip}/{IPV6_PREFIX}", strict=False)
        return f"client:{network.network_address}/{IPV6_PREFIX}"
    return f"client:{ip}"


def sheet_bucket(token: str) -> str:
    """The bucket of one edit link: a hash, so that no token is copied into this table."""
    return "sheet:" + _digest(token)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:40]


def count(bucket: str, *, limit: int, window: int, now: float | None = None) -> Verdict:
    """Count one request in ``bucket``'s current window (one atomic statement)."""
    now = time.time() if now is None else now
    slot = int(now // window)
    table = connection.ops.quote_name(Hit._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (bucket, slot, count) VALUES (%s, %s, 1) "  # noqa: S608
            f"ON CONFLICT (bucket, slot) DO UPDATE SET count = {table}.count + 1 "
            "RETURNING count",
            [bucket, slot],
        )
        row = cursor.fetchone()
        seen = int(row[0]) if row else 1
        if seen == 1:
            # The first request of a new window: forget windows that are over.
            cursor.execute(f"DELETE FROM {table} WHERE slot < %s", [slot - 1])  # noqa: S608
    retry_after = max(1, math.ceil((slot + 1) * window - now))
    return Verdict(allowed=seen <= limit, count=seen, limit=limit, retry_after=retry_after)


def too_many(text: str, verdict: Verdict) -> HttpResponse:
    title = _("Too many changes")
    body = (
        '<!doctype html><html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title></head><body><main>"
        f'<h1>{escape(title)}</h1><p role="alert">{escape(text)}</p></main></body></html>'
    )
    response = HttpResponse(body, status=429, content_type="text/html; charset=utf-8")
    response["Retry-After"] = str(verdict.retry_after)
    response["Cache-Control"] = "no-store"
    return response


def is_write(request: HttpRequest) -> bool:
    return request.method in UNSAFE_METHODS


def is_preview(request: HttpRequest) -> bool:
    try:
        return bool(request.POST.get(PREVIEW_FIELD))
    except Exception:  # an unreadable body is refused later by the view, and counts as a write
        return False


class RateLimitMiddleware:
    """Answers 429 to a write over the client's or the sheet's limit, before any view runs."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        refused = self.check(request) if settings.RATELIMIT_ENABLED else None
        return refused or self.get_response(request)

    def check(self, request: HttpRequest) -> HttpResponse | None:
        if not is_write(request):
            return None
        window = int(settings.RATELIMIT_WINDOW)
        verdict = count(
            client_bucket(client_address(request)),
            limit=int(settings.RATELIMIT_CLIENT),
            window=window,
        )
        if not verdict.allowed:
            return too_many(
                _(
                    "More than %(limit)s changes came from your network in %(window)s "
                    "seconds. Nothing was saved: wait %(wait)s seconds and send again."
                )
                % {"limit": verdict.limit, "window": window, "wait": verdict.retry_after},
                verdict,
            )
        match = SHEET_PATH.match(request.path_info)
        if match is None or is_preview(request):
            return None
        verdict = count(
            sheet_bucket(match["token"]), limit=int(settings.RATELIMIT_SHEET), window=window
        )
        if not verdict.allowed:
            return too_many(
                _(
                    "This sheet got more than %(limit)s changes in %(window)s seconds. "
                    "Nothing was saved: wait %(wait)s seconds and send again."
                )
                % {"limit": verdict.limit, "window": window, "wait": verdict.retry_after},
                verdict,
            )
        return None
