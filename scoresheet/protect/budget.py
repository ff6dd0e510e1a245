"""Budgets of work charged by cost: what a request cost is paid from its client's and its sheet's
budget, so that one client cannot slow the table next door.

A request's cost is the CPU time of the thread that served it (``time.thread_time``): the replay
of a long sheet, the rendering of its rows, a password hash.  CPU rather than wall time, so that
an honest request is not charged for waiting while the machine is busy with somebody else's
work.  Every write, every request to a sheet's or a tournament's link and all heavy work is
charged, refused writes too (their replay was done); a request cheaper
than ``settings.BUDGET_FREE_MS`` (a watcher's poll, a page from the cache) is not written down at
all, except a printout, file or statistics (a stored PDF, the "preparing" page's poll), which
pays at least :data:`HEAVY_LEAST_MS`: a flood of cheap reads is paid for too.

Each budget is a token bucket kept as a debt (:class:`scoresheet.protect.models.Budget`): what
was spent drains at the bucket's rate; a request arriving while the debt is over the bucket's
burst is answered 429 with Retry-After before its view runs.  Who pays is what the request
holds, not where it comes from (docs/deployment.md, "Who pays for what"):

* an established phone (scoresheet/protect/standing.py: a signed device cookie already served
  on a link that leads somewhere) pays its own bucket alone, at most ``BUDGET_REQUEST_MS`` a
  request (:func:`capped`): what other phones behind its address or on its link do never
  refuses it;
* any other request pays its phone's bucket (its device cookie; without one and without a link,
  its address's cookie-less client), its network address's (an IPv6 client by its /64), which
  bounds whoever makes up phones, and, when it holds a link (scoresheet/protect/links.py: a
  sheet's, tournament's or club's that leads somewhere), that link's newcomers' bucket.

What the task worker renders for a request (a PDF) is charged to that request's buckets when it
is done (:func:`of_request`, :func:`charge_later`).  The numbers are settings
(docs/deployment.md, "Limits"), read on every request.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from scoresheet.protect import links
from scoresheet.protect.device import verified
from scoresheet.protect.models import Budget
from scoresheet.protect.ratelimit import (
    HEAVY_VIEWS,
    Verdict,
    client_address,
    client_bucket,
    is_write,
    sheet_bucket,
    too_many,
)
from scoresheet.protect.security import TOKEN_PATH
from scoresheet.protect.standing import DEVICE_KIND, device_cost_bucket, settle

log = logging.getLogger(__name__)
HEAVY_LEAST_MS = 50.0  # what a printout, file or statistics costs at least (a stored PDF too)
# A watcher's poll of a sheet's live table (``?rev=N``): it answers 204 when nothing changed, at
# one query of one row, or the changed rows from the cache.  Its budget is read only when its
# answer is not such a cheap one (:class:`CostBudgetMiddleware`).
POLL_VIEWS = frozenset({"sheet_table", "sheet_read_table"})
CHEAP_STATUSES = frozenset({204, 304})  # nothing changed: nothing to refuse, nothing to pay


def budgeted(request: HttpRequest, name: str | None) -> bool:
    """Writes, whatever reaches a sheet or a tournament, and heavy work pay by cost; the other
    reads (the home page, the rules, the offline page, the service worker) are small pages of
    their own size and need no database to be refused."""
    return (is_write(request) or TOKEN_PATH.match(request.path_info) is not None
            or name in HEAVY_VIEWS)


@dataclass(frozen=True, kw_only=True)
class Rule:
    """A bucket's size (milliseconds that may be spent at once) and refill (ms per second)."""

    burst: float
    rate: float


@dataclass(frozen=True, kw_only=True)
class Bucket:
    name: str
    rule: Rule
    kind: str  # "client", "address", "sheet" or "link": which sentence a refusal says
    shared: bool = False  # others pay into it too (an address, a link)


def buckets_of(request: HttpRequest) -> list[Bucket]:
    """Every bucket the request may pay into: its phone's (its device cookie; without one the
    site signed and without a link, its address's cookie-less client), its address's and its
    link's.  Which of them it pays is :func:`payers`'."""
    client = Rule(burst=float(settings.BUDGET_CLIENT_MS), rate=float(settings.BUDGET_CLIENT_RATE))
    address = Rule(burst=float(settings.BUDGET_ADDRESS_MS),
                   rate=float(settings.BUDGET_ADDRESS_RATE))
    sheet = Rule(burst=float(settings.BUDGET_SHEET_MS), rate=float(settings.BUDGET_SHEET_RATE))
    where = client_address(request)
    device = verified(request)
    link = links.held(request)
    out = []
    if device is not None:
        out.append(Bucket(name=device_cost_bucket(device), rule=client, kind="client"))
    elif link is None:
        out.append(Bucket(name=client_bucket(where, "cost-nocookie"), rule=client, kind="client"))
    out.append(Bucket(name=client_bucket(where, "cost-address"), rule=address, kind="address",
                      shared=True))
    if link is not None:
        kind = "sheet" if link.kind in ("s", "v") else "link"
        out.append(Bucket(name=sheet_bucket(link.token, f"cost-{kind}"), rule=sheet, kind=kind,
                          shared=True))
    return out


def debts(names: list[str]) -> dict[str, tuple[float, float]]:
    """The stored (level, at) of each bucket that has one."""
    rows = Budget.objects.filter(bucket__in=names).values_list("bucket", "level", "at")
    return {bucket: (level, at) for bucket, level, at in rows}


def payers(request: HttpRequest, buckets: list[Bucket],
           stored: dict[str, tuple[float, float]]) -> list[Bucket]:
    """The buckets the request pays and is refused by: an established phone
    (scoresheet/protect/standing.py: its own row is stored) pays its own alone, whatever
    others behind its address or on its link did; any other request pays every one of them."""
    own = buckets[0]
    found = own.kind == "client" and own.name.startswith(DEVICE_KIND) and own.name in stored
    settle(request, found)
    return [own] if found else buckets


def over(buckets: list[Bucket], now: float,
         stored: dict[str, tuple[float, float]] | None = None) -> tuple[Bucket, int] | None:
    """The first bucket whose debt is over its burst, and the seconds until it is not."""
    stored = debts([b.name for b in buckets]) if stored is None else stored
    for bucket in buckets:
        if bucket.name not in stored:
            continue
        level, at = stored[bucket.name]
        left = max(0.0, level - max(0.0, now - at) * bucket.rule.rate)
        if left > bucket.rule.burst:
            return bucket, max(1, math.ceil((left - bucket.rule.burst) / bucket.rule.rate))
    return None


def charge(buckets: list[Bucket], cost_ms: float, now: float) -> None:
    """Add ``cost_ms`` to each bucket's debt, drained to ``now`` first (one upsert each)."""
    quote = connection.ops.quote_name
    table = quote(Budget._meta.db_table)
    greatest = "GREATEST" if connection.vendor == "postgresql" else "MAX"
    with connection.cursor() as cursor:
        for bucket in buckets:
            cursor.execute(
                f"INSERT INTO {table} (bucket, level, at) VALUES (%s, %s, %s) "  # noqa: S608
                f"ON CONFLICT (bucket) DO UPDATE SET level = {greatest}(0.0, {table}.level - "
                f"{greatest}(0.0, %s - {table}.at) * %s) + %s, at = %s",
                [bucket.name, cost_ms, now, now, bucket.rule.rate, cost_ms, now],
            )


def of_request(request: HttpRequest) -> list[list[str]]:
    """The buckets a request was charged to, as [name, kind] pairs a task can carry: the task
    worker charges what it rendered for that request to the same buckets (:func:`charge_later`).
    """
    return [[b.name, b.kind] for b in getattr(request, "_listek_budgets", None) or []]


def charge_later(buckets: list[list[str]], cost_ms: float) -> None:
    """Charge ``cost_ms`` of work done later (by the task worker) to the buckets of the request
    that asked for it (:func:`of_request`)."""
    rules = {
        "client": Rule(burst=float(settings.BUDGET_CLIENT_MS),
                       rate=float(settings.BUDGET_CLIENT_RATE)),
        "address": Rule(burst=float(settings.BUDGET_ADDRESS_MS),
                        rate=float(settings.BUDGET_ADDRESS_RATE)),
        "sheet": Rule(burst=float(settings.BUDGET_SHEET_MS),
                      rate=float(settings.BUDGET_SHEET_RATE)),
    }
    rules["link"] = rules["sheet"]
    found = [Bucket(name=str(name), rule=rules[kind], kind=kind)
             for name, kind in buckets if kind in rules]
    if found and cost_ms > 0:
        try:
            charge(found, cost_ms, time.time())
        except DatabaseError:
            log.warning("a task's cost could not be charged", exc_info=True)


def refusal(request: HttpRequest, bucket: Bucket, wait: int) -> HttpResponse:
    if bucket.kind == "sheet":
        text = _("This sheet asked the server for more work than its share in the last "
                 "minutes. Nothing was saved.")
    elif bucket.kind == "link":
        text = _("New phones on this link asked the server for more work than their share in "
                 "the last minutes. Nothing was saved.")
    elif bucket.kind == "address":
        text = _("Your network asked the server for more work than its share in the last "
                 "minutes. Nothing was saved.")
    else:
        text = _("Your phone asked the server for more work than its share in the last "
                 "minutes. Nothing was saved.")
    verdict = Verdict(allowed=False, count=0, limit=0, retry_after=wait)
    return too_many(request, text, verdict, title=_("Too many requests"))


def capped(cost_ms: float) -> float:
    """What an established phone, or a request holding a link, pays for one request: its CPU,
    at most
    ``settings.BUDGET_REQUEST_MS``.  A request's CPU time grows when the machine is busy with
    somebody else's work (shared caches, a busy core's sibling), so an honest phone's cost is
    not all its own: capped, a phone that sends one request every
    ``BUDGET_REQUEST_MS / BUDGET_CLIENT_RATE`` seconds (3 s as shipped) is never refused, however
    loaded the machine is; a flood still is."""
    return min(cost_ms, float(settings.BUDGET_REQUEST_MS))


class CostBudgetMiddleware:
    """Refuses a request whose budgets are over (before its view, after the CSRF check: it
    comes after ``RateLimitMiddleware``), and charges every request what it cost: an
    established phone its own budget alone, any other request its phone's (or cookie-less
    client's), its address's and its link's (:func:`payers`).  A watcher's poll
    (:data:`POLL_VIEWS`) is checked after its view instead, and only when it answered more than
    204/304 (:data:`CHEAP_STATUSES`): such a cheap answer reads no budget and, cheaper than
    ``BUDGET_FREE_MS``, writes none.  A phone served on a link for the first time is written
    down whatever its request cost: from then on it is established (standing.py)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.thread_time()
        try:
            response = self.get_response(request)
            if (getattr(request, "_listek_budget_after", False)
                    and response.status_code not in CHEAP_STATUSES):
                # a poll that sent rows: refused now if its client is over budget (its work is
                # paid below, and the next poll is refused the same way)
                found = self.check(request, request._listek_budgets)  # type: ignore[attr-defined]
                if found is not None:
                    return refusal(request, *found)
            return response
        finally:
            self.pay(request, (time.thread_time() - started) * 1000)

    def pay(self, request: HttpRequest, cost: float) -> None:
        """Charge the request's payers what it cost (a poll that answered 204/304 and cost more
        than ``BUDGET_FREE_MS`` reads its payers first)."""
        buckets: list[Bucket] | None = getattr(request, "_listek_budgets", None)
        if (getattr(request, "_listek_heavy_view", False)
                and not getattr(request, "_listek_refused", False)):
            # a printout, file or statistics asked again and again costs at least this much,
            # even when it only reads what is stored: a flood of them is paid for (one refused
            # before its view read nothing: it pays what it cost, so a phone asking again while
            # it waits is not kept in debt by its own refusals)
            cost = max(cost, HEAVY_LEAST_MS)
        if not buckets or (cost < float(settings.BUDGET_FREE_MS)
                           and not getattr(request, "_listek_newcomer", False)):
            return
        try:
            if not getattr(request, "_listek_settled", False):
                self.check(request, buckets)
                buckets = request._listek_budgets  # type: ignore[attr-defined]
            if len(buckets) == 1 or links.held(request) is not None:
                cost = capped(cost)  # an established phone, or a request holding a link
            charge(buckets, cost, time.time())
        except DatabaseError:  # the answer stands; the charge is lost
            log.warning("a request's cost could not be charged", exc_info=True)

    @staticmethod
    def check(request: HttpRequest, buckets: list[Bucket]) -> tuple[Bucket, int] | None:
        """The bucket that refuses the request, if one does (one read of all its buckets); the
        request's payers are settled here."""
        stored = debts([b.name for b in buckets])
        paying = payers(request, buckets, stored)
        request._listek_budgets = paying  # type: ignore[attr-defined]
        request._listek_settled = True  # type: ignore[attr-defined]
        # a phone with a signed cookie served on a link it was not yet established by: its row
        # is written now, however cheap the request (then it pays its own budget alone)
        request._listek_newcomer = (  # type: ignore[attr-defined]
            len(paying) > 1 and paying[0].name.startswith(DEVICE_KIND)
            and links.held(request) is not None)
        return over(paying, time.time(), stored)

    def process_view(self, request: HttpRequest, view: Any, args: Any,
                     kwargs: Any) -> HttpResponse | None:
        if not settings.RATELIMIT_ENABLED:
            return None
        match = getattr(request, "resolver_match", None)
        name = match.url_name if match is not None else None
        if not budgeted(request, name):
            return None
        request._listek_heavy_view = name in HEAVY_VIEWS  # type: ignore[attr-defined]
        buckets = buckets_of(request)
        request._listek_budgets = buckets  # type: ignore[attr-defined]
        if name in POLL_VIEWS and not is_write(request):
            # a poll's budget is read after its view, and only when it did not answer 204/304:
            # a watcher's poll that finds nothing new costs one query, its revision's
            request._listek_budget_after = True  # type: ignore[attr-defined]
            return None
        found = self.check(request, buckets)
        if found is None:
            return None
        request._listek_refused = True  # type: ignore[attr-defined]
        return refusal(request, *found)
