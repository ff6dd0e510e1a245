"""Rate limits per sheet and per client with fixed time windows, and the budgets of mail.

What is counted, and only once the request has passed the CSRF check (the limiter runs after
Django's CSRF middleware, so a flood of forged or token-less POSTs is refused with 403 and
counts against nobody):

* writes to one sheet (any POST, PUT, PATCH or DELETE to an edit link ``/s/<token>/...`` of a
  sheet that exists) count against that sheet, never against the client's address: a pub's
  shared address, a carrier's NAT or a proxy left at ``PROXY_HOPS=0`` puts every phone behind
  one address, and one of them must not lock the others out.  At most
  ``settings.RATELIMIT_SHEET`` per window; the live previews of its entry forms (``preview=1``,
  which never write) at most ``settings.RATELIMIT_PREVIEW``;
* every other write (a new sheet, an import, a login, a language, a link to an unknown sheet)
  from one address (an IPv6 client by its /64 network, since one phone may hold many of its
  addresses), at most ``settings.RATELIMIT_CLIENT`` per window;
* heavy work (the PDF, the print view, CSV and JSON export, the statistics, an import, mail,
  a tournament's printouts and files, a club's season file out and in) from one phone (its
  device cookie; without one, its address), at most ``settings.RATELIMIT_HEAVY`` per window,
  reads included, and from one address (all its phones) at most
  ``settings.RATELIMIT_HEAVY_ADDRESS``; a PDF already made (or being made: the waiting page's
  poll) is a cheap read and is given back.  Cheap or not, every heavy request of one address
  counts against its rate, ``settings.RATELIMIT_HEAVY_RATE`` per :data:`HEAVY_RATE_WINDOW`
  seconds (200 per 10 s: a tournament hall of 100 tables with 4 phones each behind one address,
  every phone asking for a printout every 20 s, the "preparing" page's polls included): a flood
  of cheap reads is refused at one query; and every heavy request of one phone against
  ``settings.RATELIMIT_HEAVY_QUICK`` per :data:`HEAVY_QUICK_WINDOW` seconds (10 per 2 s: faster
  than anyone taps), so that a flood of them does not spend the phone's whole budget at once;
* imported bytes (sheets, tournaments and club seasons) per day: per phone
  ``settings.IMPORT_BYTES_PER_DAY``, per address ``settings.IMPORT_BYTES_PER_ADDRESS``;
* logins (the accounts' and, when it is on, ``/admin/``'s) per hour: per username and
  address (``settings.LOGIN_PER_USERNAME``: password guessing locks the guessing network out,
  never the owner on another), per username from anywhere a pace per minute
  (``settings.LOGIN_PACE``: slowed down, not locked) and per address
  (``settings.LOGIN_PER_ADDRESS``: a pub's phones share it);
* mail, in messages (one per address written to) per hour: per phone
  (``settings.MAIL_PER_CLIENT``, over all its sheets, so that a new sheet gives no new budget),
  per address (``settings.MAIL_PER_ADDRESS``) and per sheet (``settings.MAIL_PER_SHEET``); over
  the site's ceiling (``settings.MAIL_GLOBAL``) mail waits for a later hour.

An established phone (scoresheet/protect/standing.py: a signed device cookie already served on a
link that leads somewhere) is counted by itself alone: the counts per address above (heavy work,
writes in flight, other writes, mail) are for phones not yet established, so that one client
behind a pub's address never gets the pub's phones refused (docs/deployment.md, "Who pays for
what").  A write's place in flight is held for its whole life (:func:`take_place`).

What a request cost (CPU) is charged separately, in token buckets (scoresheet/protect/budget.py).

The counts live in the database (:class:`scoresheet.protect.models.Hit`), incremented by one
atomic upsert, so that every app server sees the same counts: app servers hold no state.  Over
a limit the answer is 429 with Retry-After and a sentence saying that nothing was saved.

The window is ``settings.RATELIMIT_WINDOW`` seconds; the settings are read on every request.
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import logging
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.template.defaultfilters import filesizeformat
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.html import escape
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from scoresheet.protect import links, memo
from scoresheet.protect.device import verified
from scoresheet.protect.memo import REFUSED_UNTIL
from scoresheet.protect.models import Hit
from scoresheet.protect.standing import established

log = logging.getLogger(__name__)

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SHEET_PATH = re.compile(r"^/s/(?P<token>[^/]+)/")
IPV6_PREFIX = 64  # one client's IPv6 network: a phone may hold many addresses inside it
PREVIEW_FIELD = "preview"  # entry forms' live preview: computed, never written
HOUR = 3600  # the window of the mail budgets and of /admin/ logins
MINUTE = 60  # the window of the pace of logins to one account
# Views whose work grows with the sheet (or with every sheet): their own, tight limit.
HEAVY_VIEWS = frozenset({
    "pdf", "pdf_read", "print", "print_read", "export_json", "export_json_read", "export_csv",
    "export_csv_read", "stats", "import", "mail",
    # a tournament's printouts and files
    "tournament_card", "tournament_results_pdf", "tournament_json", "tournament_csv",
    "tournament_import",
    # a club's whole season (every evening's tournament and sheets), out and in
    "club_season_json", "club_import",
})
LOGIN_PATHS = frozenset({"/admin/login/", "/accounts/login/"})
IMPORT_VIEWS = frozenset({"import", "tournament_import", "club_import"})
DAY = 24 * 3600
HEAVY_QUICK_WINDOW = 2  # seconds: one phone's heavy requests of every kind, per window this long
HEAVY_RATE_WINDOW = 10  # seconds: an address's heavy requests of every kind, per window this long
CHEAP = "listek_cheap"  # a response marked so by its view was a cheap read: no heavy work


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """The outcome of counting one request in one bucket."""

    allowed: bool
    count: int
    limit: int
    retry_after: int
    window: int = 60
    ends: float | None = None  # when the refusal is over (time.time()); else now + retry_after


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


def client_bucket(address: str, kind: str = "client") -> str:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return f"{kind}:" + _digest(address)
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return f"{kind}:{ip.ipv4_mapped}"
        network = ipaddress.ip_network(f"{ip}/{IPV6_PREFIX}", strict=False)
        return f"{kind}:{network.network_address}/{IPV6_PREFIX}"
    return f"{kind}:{ip}"


def sheet_bucket(token: str, kind: str = "sheet") -> str:
    """The bucket of one edit link: a hash, so that no token is copied into this table."""
    return f"{kind}:" + _digest(token)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:40]


def count(bucket: str, *, limit: int, window: int, now: float | None = None,
          amount: int = 1) -> Verdict:
    """Count ``amount`` requests in ``bucket``'s current window: see :func:`count_if`."""
    verdict = count_if(bucket, limit=limit, window=window, now=now, amount=amount)
    assert verdict is not None  # (no condition)
    return verdict


# The windows this process has seen over their limit: (bucket, the second the window ends) ->
# the limit it was over.  A fixed window over its limit refuses every further request until it
# ends (a refused request gives nothing back), so a flood of requests already refused is
# answered from memory, without a write to the database each: an abuser's 429s cost the table
# next door almost nothing.  Each process learns it from its own first refusal; bounded, and
# cleared whole.
_REFUSED: dict[tuple[str, int], int] = {}
REFUSED_KEPT = 10_000


def forget_refusals() -> None:
    """Forget the windows seen over their limit, and the refusals the door repeats (the tests'
    fresh start)."""
    _REFUSED.clear()
    memo.forget()
    links.forget()


def count_if(bucket: str, *, limit: int, window: int, now: float | None = None,
             amount: int = 1, sheet_token: str | None = None) -> Verdict | None:
    """Count ``amount`` requests in ``bucket``'s current window (one atomic statement).

    A row's ``slot`` is the second its window ends, so that windows of every length share the
    table and a row whose window is over can be deleted whatever its length.  With
    ``sheet_token`` the same statement counts only when that token is a sheet's edit link, and
    None says it is not (nothing counted).
    """
    present = now is None and amount == 1  # (mail counted into a later window is not)
    now = time.time() if now is None else now
    end = (int(now // window) + 1) * window
    if present and _REFUSED.get((bucket, end)) == limit:
        return Verdict(allowed=False, count=limit + 1, limit=limit,
                       retry_after=max(1, math.ceil(end - now)), window=window, ends=end)
    quote = connection.ops.quote_name
    table = quote(Hit._meta.db_table)
    if sheet_token is None:
        params: list[str | int]
        source, params = "VALUES (%s, %s, %s)", [bucket, end, amount]
    else:
        from scoresheet.sheets.models import Sheet

        source = (f"SELECT %s, %s, %s WHERE EXISTS (SELECT 1 FROM "  # noqa: S608
                  f"{quote(Sheet._meta.db_table)} WHERE {quote('edit_token')} = %s)")
        params = [bucket, end, amount, sheet_token]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (bucket, slot, count) {source} "
            f"ON CONFLICT (bucket, slot) DO UPDATE SET count = {table}.count + %s "
            "RETURNING count",
            [*params, amount],
        )
        row = cursor.fetchone()
        if row is None and sheet_token is not None:
            return None
        seen = int(row[0]) if row else amount
        if seen == amount:
            # The first request of a new window: forget windows that are over (counted into
            # a later window, as queued mail is, ``now`` is not the present).
            cursor.execute(f"DELETE FROM {table} WHERE slot <= %s",  # noqa: S608
                           [int(min(now, time.time()))])
    retry_after = max(1, math.ceil(end - now))
    if present and seen > limit:
        if len(_REFUSED) >= REFUSED_KEPT:
            _REFUSED.clear()
        if (bucket, end) not in _REFUSED:  # once a window and process (scoresheet/protect/quiet.py)
            log.warning("rate limit: %s is over its limit of %s; refused for %s s", bucket,
                        limit, retry_after)
        _REFUSED[(bucket, end)] = limit
    return Verdict(allowed=seen <= limit, count=seen, limit=limit, retry_after=retry_after,
                   window=window, ends=end)


def give_back(bucket: str, window: int, now: float | None = None) -> None:
    """Take one request back out of ``bucket``'s current window."""
    now = time.time() if now is None else now
    end = (int(now // window) + 1) * window
    Hit.objects.filter(bucket=bucket, slot=end, count__gt=0).update(count=F("count") - 1)
    _REFUSED.pop((bucket, end), None)  # one given back may open the window again


def page(title: str, text: str, *, status: int, back: tuple[str, str] | None = None
         ) -> HttpResponse:
    """A small page that needs no database, no session and no template: the site's header, the
    sentence in the page's language and a way back (``back``: its link and words; the start
    page unless told)."""
    url, words = back or ("/", _("Back to the start page"))
    language = escape((get_language() or settings.LANGUAGE_CODE).split("-")[0])
    body = (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<link rel="stylesheet" href="{escape(static("css/app.css"))}">'
        f"<title>{escape(title)} — Lístek</title></head><body>"
        '<header class="bar"><a class="brand" href="/">Lístek</a></header><main>'
        f'<h1>{escape(title)}</h1><div class="alert error" role="alert"><p>{escape(text)}</p>'
        f'</div><p class="back"><a href="{escape(url)}">{escape(words)}</a></p>'
        "</main></body></html>"
    )
    response = HttpResponse(body, status=status, content_type="text/html; charset=utf-8")
    response["Cache-Control"] = "no-store"
    return response


BACK_LINK = re.compile(r"^/(?P<kind>s|v|t|tv|club|cv|cp)/(?P<token>[A-Za-z0-9_-]{20,})/")


def way_back(request: HttpRequest) -> tuple[str, str]:
    """Where a refused player goes back to: the sheet, tournament or club the request was
    about (its link's own page), else the start page; and the link's words."""
    match = BACK_LINK.match(request.path_info)
    if match is None:
        return "/", _("Home")
    url = f"/{match['kind']}/{match['token']}/"
    if match["kind"] in ("s", "v"):
        return url, _("Back to the sheet")
    if match["kind"] in ("t", "tv"):
        return url, _("Back to the tournament")
    return url, _("Back to the club")


def wait_sentence(seconds: int) -> str:
    return ngettext("Wait %(wait)s second and try again.",
                    "Wait %(wait)s seconds and try again.", seconds) % {"wait": seconds}


def too_many(request: HttpRequest, reason: str, verdict: Verdict, *, title: str | None = None,
             say_wait: bool = True, remember: bool = True) -> HttpResponse:
    """429 with Retry-After: the app's page (its stylesheet, in the page's language) saying why,
    when to try again and the way back; to htmx (a watcher's poll, a live form) only the
    sentences, which htmx does not swap in (4xx) and offline.js never reads: it keeps a queued
    row waiting and sends it again later, whatever the body.  Read from no database, no session.

    With ``remember`` (a refusal that lasts until its limit's window or budget says so, whatever
    other requests do meanwhile) the same request sent again before then is refused the same way
    at the door (scoresheet/protect/memo.py), without Django.
    """
    title = title or _("Too many changes")
    wait_text = wait_sentence(verdict.retry_after) if say_wait else ""
    if request.headers.get("HX-Request"):
        body = f'<p class="alert error" role="alert">{escape(reason)} {escape(wait_text)}</p>'
    else:
        back_url, back_text = way_back(request)
        body = render_to_string("protect/too_many.html", {
            "title": title, "reason": reason, "wait_text": wait_text, "back_url": back_url,
            "back_text": back_text})
    response = HttpResponse(body, status=429, content_type="text/html; charset=utf-8")
    response["Cache-Control"] = "no-store"
    response["Retry-After"] = str(verdict.retry_after)
    if remember:
        ends = verdict.ends if verdict.ends is not None else time.time() + verdict.retry_after
        setattr(response, REFUSED_UNTIL, ends)
    return response


def is_write(request: HttpRequest) -> bool:
    return request.method in UNSAFE_METHODS


def is_preview(request: HttpRequest) -> bool:
    try:
        return bool(request.POST.get(PREVIEW_FIELD))
    except Exception:  # an unreadable body is refused later by the view, and counts as a write
        return False


def device_bucket(request: HttpRequest, kind: str) -> str | None:
    """The bucket of the phone's device cookie (scoresheet/protect/device.py), None without
    one the site signed: a phone that sends none (or a made-up one) is counted by its address
    only."""
    device = verified(request)
    if device is None:
        return None
    return f"{kind}:" + _digest(device)


def phone_bucket(request: HttpRequest, kind: str) -> str:
    """The bucket of the phone (``<kind>-device``, its device cookie); without one the site
    signed, its address's cookie-less client (``<kind>``)."""
    return (device_bucket(request, f"{kind}-device")
            or client_bucket(client_address(request), kind))


def spend_mail(request: HttpRequest, sheet_token: str, messages: int) -> Verdict | None:
    """Count ``messages`` mails against the hourly budgets of the phone (its device cookie),
    of its network address (a higher ceiling: a pub's phones share it), and of the sheet; None
    when all allow them, else the verdict that refuses (nothing counted).  The site's own ceiling
    refuses nobody: over it, mail waits (:func:`mail_delay`)."""
    budgets = [(sheet_bucket(sheet_token, "mail-sheet"), int(settings.MAIL_PER_SHEET))]
    if not established(request):  # an established phone is not its pub's: its own budget
        budgets.append((client_bucket(client_address(request), "mail-client"),
                        int(settings.MAIL_PER_ADDRESS)))
    device = device_bucket(request, "mail-device")
    if device is not None:
        budgets.append((device, int(settings.MAIL_PER_CLIENT)))
    try:
        with transaction.atomic():
            for bucket, limit in budgets:
                verdict = count(bucket, limit=limit, window=HOUR, amount=messages)
                if not verdict.allowed:
                    raise _OverBudget(verdict)
    except _OverBudget as over:
        return over.verdict
    return None


MAIL_QUEUE_HOURS = 24  # how far ahead mail over the site's ceiling may be queued


def mail_delay(messages: int, now: float | None = None) -> int | None:
    """Seconds until the site may send ``messages`` more mails within its hourly ceiling
    (``settings.MAIL_GLOBAL``): 0 now, else the start of the first hour with room, where they are
    counted; None when no hour of the next :data:`MAIL_QUEUE_HOURS` has room."""
    now = time.time() if now is None else now
    for hour in range(MAIL_QUEUE_HOURS):
        at = now + hour * HOUR
        try:
            with transaction.atomic():
                verdict = count("mail-all", limit=int(settings.MAIL_GLOBAL), window=HOUR,
                                now=at, amount=messages)
                if not verdict.allowed:
                    raise _OverBudget(verdict)
        except _OverBudget:
            continue
        return 0 if hour == 0 else int((now // HOUR + hour) * HOUR - now) + 1
    return None


def spend_reserve(sheet_token: str, messages: int) -> bool:
    """Count ``messages`` against the sheet's daily reserve beyond the site's ceiling
    (``settings.MAIL_SHEET_RESERVE``): True when they fit (counted), else False (nothing
    counted).  Only for a played sheet (the caller's to say): a table's results are sent at
    once, however many addresses filled the site's hours with mail."""
    try:
        with transaction.atomic():
            verdict = count(sheet_bucket(sheet_token, "mail-reserve"),
                            limit=int(settings.MAIL_SHEET_RESERVE), window=DAY, amount=messages)
            if not verdict.allowed:
                raise _OverBudget(verdict)
    except _OverBudget:
        return False
    return True


class _OverBudget(Exception):
    def __init__(self, verdict: Verdict) -> None:
        super().__init__("over the mail budget")
        self.verdict = verdict


INFLIGHT_LEASE = 5  # seconds a write's place outlives the request's time limit


def take_place(bucket: str, now: float | None = None) -> tuple[int, int]:
    """Take a place in ``bucket``'s writes in flight, held until :func:`leave_place` (or, should
    the worker be killed, until the request's time limit and :data:`INFLIGHT_LEASE` are over);
    how many places are held now, this one included, and the second this place ends.  A place
    is a row of the counts' table whose slot is the second it ends: the cleanup of windows that
    are over forgets it then."""
    now = time.time() if now is None else now
    until = int(now) + int(settings.REQUEST_TIMEOUT) + INFLIGHT_LEASE
    table = connection.ops.quote_name(Hit._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (bucket, slot, count) VALUES (%s, %s, 1) "  # noqa: S608
            f"ON CONFLICT (bucket, slot) DO UPDATE SET count = {table}.count + 1", [bucket, until])
        # taken first, then counted: two writes racing each see the other (both may be refused;
        # never both let through)
        cursor.execute(f"SELECT COALESCE(SUM(count), 0) FROM {table} "  # noqa: S608
                       "WHERE bucket = %s AND slot > %s", [bucket, now])
        row = cursor.fetchone()
    return (int(row[0]) if row else 1), until


def leave_place(bucket: str, until: int) -> None:
    """Give back the place :func:`take_place` took."""
    Hit.objects.filter(bucket=bucket, slot=until, count__gt=0).update(count=F("count") - 1)


class RateLimitMiddleware:
    """Answers 429 to a request over one of its limits, before its view runs and after the
    CSRF check (it must come after ``CsrfViewMiddleware`` in ``MIDDLEWARE``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            response = self.get_response(request)
        finally:
            for bucket, until in getattr(request, "_listek_inflight", []):
                with contextlib.suppress(DatabaseError):  # else forgotten when its place ends
                    leave_place(bucket, until)  # this write is no longer in flight
        counted: list[tuple[str, int]] = getattr(request, "_listek_heavy", [])
        if counted and getattr(response, CHEAP, False):
            for bucket, window in counted:  # given back: it did no heavy work
                give_back(bucket, window)
        return response

    def process_view(self, request: HttpRequest, view: Any, args: Any,
                     kwargs: Any) -> HttpResponse | None:
        if not settings.RATELIMIT_ENABLED:
            return None
        match = getattr(request, "resolver_match", None)
        name = match.url_name if match is not None else None
        return (self.heavy(request, name) or self.imported(request, name)
                or self.login(request) or self.writes(request) or self.in_flight(request))

    def heavy(self, request: HttpRequest, name: str | None) -> HttpResponse | None:
        if name not in HEAVY_VIEWS or (
                name in ("import", "mail", "tournament_import") and not is_write(request)):
            return None
        address = client_address(request)
        # an established phone (scoresheet/protect/standing.py) is counted by itself alone:
        # what other phones of its pub ask for never refuses it
        holder = established(request)
        # the address's rate first: every heavy request counts, a cheap one too (never given
        # back), so that a flood of stored PDFs or "preparing" polls is refused at one query
        verdict = None if holder else count(client_bucket(address, "heavy-rate"),
                                            limit=int(settings.RATELIMIT_HEAVY_RATE),
                                            window=HEAVY_RATE_WINDOW)
        if verdict is not None and not verdict.allowed:
            return too_many(
                request, _("Your network asked for printouts, files or statistics faster than a "
                           "full tournament hall does."), verdict, title=_("Too many requests"))
        window = int(settings.RATELIMIT_WINDOW)
        quick = phone_bucket(request, "heavy-quick")
        verdict = count(quick, limit=int(settings.RATELIMIT_HEAVY_QUICK),
                        window=HEAVY_QUICK_WINDOW)
        if not verdict.allowed:
            return too_many(
                request, _("Your phone asked for printouts, files or statistics faster than "
                           "anyone can tap."), verdict, title=_("Too many requests"))
        phone = phone_bucket(request, "heavy")
        buckets = [(phone, int(settings.RATELIMIT_HEAVY), _(
            "Your phone asked for more printouts, files or statistics than its share in a "
            "short time.")),
            (client_bucket(address, "heavy-address"), int(settings.RATELIMIT_HEAVY_ADDRESS), _(
                "Your network asked for more printouts, files or statistics than its share in a "
                "short time."))][:1 if holder else 2]
        counted: list[tuple[str, int]] = []
        request._listek_heavy = counted  # type: ignore[attr-defined]
        for bucket, limit, text in buckets:
            verdict = count(bucket, limit=limit, window=window)
            counted.append((bucket, window))
            if not verdict.allowed:
                return too_many(request, text, verdict, title=_("Too many requests"))
        return None

    def in_flight(self, request: HttpRequest) -> HttpResponse | None:
        """At most ``settings.INFLIGHT_WRITES`` writes of one phone (its device cookie; without
        one, its address) and, unless the phone is established, ``INFLIGHT_WRITES_ADDRESS`` of
        its address being served at once: a client with many connections cannot hold every web
        worker with costly writes while its budget lasts.  Each write holds its place for its
        whole life (:func:`take_place`), until it is answered, or until a killed worker's place
        runs out (:data:`INFLIGHT_LEASE` seconds after the request's time limit)."""
        if not is_write(request) or (SHEET_PATH.match(request.path_info) and is_preview(request)):
            return None  # an entry form's live preview writes nothing and may overlap its send
        address = client_address(request)
        taken: list[tuple[str, int]] = []
        request._listek_inflight = taken  # type: ignore[attr-defined]
        places = [(phone_bucket(request, "inflight"), int(settings.INFLIGHT_WRITES))]
        if not established(request):
            places.append((client_bucket(address, "inflight-address"),
                           int(settings.INFLIGHT_WRITES_ADDRESS)))
        for bucket, limit in places:
            held, until = take_place(bucket)
            taken.append((bucket, until))
            if held > limit:
                verdict = Verdict(allowed=False, count=held, limit=limit, retry_after=1)
                return too_many(  # over as soon as the other change is: never repeated
                    request, _("Your phone is still sending another change. Nothing was saved: "
                               "wait a moment and send again."), verdict, say_wait=False,
                    remember=False)
        return None

    def imported(self, request: HttpRequest, name: str | None) -> HttpResponse | None:
        """Bytes imported per day, per phone and per address (storage grows by imports)."""
        if name not in IMPORT_VIEWS or not is_write(request):
            return None
        try:
            size = max(0, int(request.META.get("CONTENT_LENGTH") or 0))
        except ValueError:
            size = 0
        address = client_address(request)
        phone = phone_bucket(request, "import")
        try:
            with transaction.atomic():
                for bucket, limit in (
                        (phone, int(settings.IMPORT_BYTES_PER_DAY)),
                        (client_bucket(address, "import-address"),
                         int(settings.IMPORT_BYTES_PER_ADDRESS))):
                    verdict = count(bucket, limit=limit, window=DAY, amount=size)
                    if not verdict.allowed:
                        raise _OverBudget(verdict)
        except _OverBudget as over:
            return too_many(
                request, _("Your phone or your network imported more than %(size)s today. "
                           "Nothing was imported: try again tomorrow.")
                % {"size": filesizeformat(over.verdict.limit)},
                over.verdict, title=_("Too many requests"), say_wait=False)
        return None

    def login(self, request: HttpRequest) -> HttpResponse | None:
        """Logins per username and address (password guessing locks that network out, not the
        owner on another), per username from anywhere (slowed down to a pace, never locked) and
        per address (a pub's phones)."""
        if not (is_write(request) and request.path_info in LOGIN_PATHS):
            return None
        try:
            username = str(request.POST.get("username", ""))[:150].casefold()
        except Exception:  # an unreadable body: counted by its address alone
            username = ""
        address = client_address(request)
        checks = [(client_bucket(address, "login-address"), int(settings.LOGIN_PER_ADDRESS),
                   HOUR, _("Too many logins were tried from your network."))]
        if username:
            checks += [
                (sheet_bucket(f"{username}\0{address}", "login-user"),
                 int(settings.LOGIN_PER_USERNAME), HOUR,
                 _("Too many wrong passwords were tried for this account from your network, so "
                   "logins to it from here are stopped for a while. From another network (a "
                   "phone's mobile data, say) the account's owner can still log in.")),
                (sheet_bucket(username, "login-pace"), int(settings.LOGIN_PACE), MINUTE,
                 _("Many logins to this account were tried from elsewhere in the last minute, "
                   "so they are slowed down.")),
            ]
        for bucket, limit, window, reason in checks:
            verdict = count(bucket, limit=limit, window=window)
            if not verdict.allowed:
                return too_many(request, reason, verdict, title=_("Too many requests"))
        return None

    def writes(self, request: HttpRequest) -> HttpResponse | None:
        if not is_write(request):
            return None
        window = int(settings.RATELIMIT_WINDOW)
        match = SHEET_PATH.match(request.path_info)
        preview = match is not None and is_preview(request)
        verdict = None if match is None else count_if(  # None: the link is no sheet's
            sheet_bucket(match["token"], "preview" if preview else "sheet"),
            limit=int(settings.RATELIMIT_PREVIEW if preview else settings.RATELIMIT_SHEET),
            window=window, sheet_token=match["token"],
        )
        if verdict is not None:
            if verdict.allowed:
                return None
            return too_many(
                request, _("This sheet got more changes in a short time than a table makes. "
                           "Nothing was saved."), verdict)
        verdict = count(  # an established phone's by itself, never its pub's
            (device_bucket(request, "client-device") if established(request) else None)
            or client_bucket(client_address(request)),
            limit=int(settings.RATELIMIT_CLIENT),
            window=window,
        )
        if verdict.allowed:
            return None
        return too_many(
            request, _("Too many changes came from your network in a short time. Nothing was "
                       "saved."), verdict)
