"""A clear answer when the database cannot take a request: 503 with Retry-After, never a 500.

When the database server is restarting, a connection is lost, SQLite's disk is full or its
write lock is held too long, the request's transaction is rolled back as a whole (every write
goes through one ``transaction.atomic`` in :mod:`scoresheet.sheets.services`): nothing of it is
kept.
The answer says so and asks to send again; a write sent again carries the same idempotency key
(the form's hidden ``key``), so it is never written twice.

:class:`DatabaseErrorMiddleware` answers for errors raised by a view (a statement that
PostgreSQL cancelled at the request's time limit gets the time limit's answer,
scoresheet/protect/timelimit.py);
:func:`server_error` (``handler500`` in scoresheet/urls.py) for those raised after it (the
session being saved), and is Django's plain 500 page for every other error.
"""

from __future__ import annotations

import errno
import logging
import sys
from collections.abc import Callable
from enum import StrEnum, unique

from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from scoresheet.protect.ratelimit import page

log = logging.getLogger("scoresheet.protect.resilience")

RETRY_AFTER = 5  # seconds a phone is asked to wait before it sends again


@unique
class Trouble(StrEnum):
    """Why the database could not take the request."""

    FULL = "disk_full"
    BUSY = "busy"
    UNREACHABLE = "unreachable"


def trouble_of(error: BaseException | None) -> Trouble | None:
    """What kind of database trouble ``error`` is (None: not a database trouble)."""
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return Trouble.FULL
    if not isinstance(error, OperationalError | InterfaceError | DatabaseError):
        return None
    text = str(error).lower()
    if "disk is full" in text or "no space left" in text or "disk i/o error" in text:
        return Trouble.FULL
    if "database is locked" in text or "database table is locked" in text:
        return Trouble.BUSY
    if isinstance(error, OperationalError | InterfaceError):
        return Trouble.UNREACHABLE
    # Other DatabaseErrors (a broken transaction after a lost connection) are the server's
    # trouble too when their text says the connection is gone.
    if "connection" in text or "terminating" in text or "shutting down" in text:
        return Trouble.UNREACHABLE
    return None


QUERY_CANCELED = "57014"  # PostgreSQL's code of a statement cancelled (statement_timeout)


def cancelled(error: BaseException | None) -> bool:
    """Whether ``error`` is a statement PostgreSQL cancelled: on the web server's connections,
    one that ran longer than the request may (``statement_timeout``, scoresheet/wsgi.py)."""
    cause = getattr(error, "__cause__", None)
    return isinstance(error, DatabaseError) and getattr(cause, "sqlstate", None) == QUERY_CANCELED


def message_of(trouble: Trouble) -> str:
    if trouble == Trouble.FULL:
        return _(
            "The server cannot write to its disk (it is full), so nothing was saved. "
            "Send again in a moment; your entry will not be written twice."
        )
    if trouble == Trouble.BUSY:
        return _(
            "The sheet is busy with other writes, so nothing was saved. Send again in a "
            "moment; your entry will not be written twice."
        )
    return _(
        "The database cannot be reached right now, so nothing was saved. Send again in a "
        "moment; your entry will not be written twice."
    )


def unavailable(trouble: Trouble) -> HttpResponse:
    """A 503 page that needs no database, no session and no template."""
    response = page(_("Not saved"), message_of(trouble), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["X-Listek-Trouble"] = trouble.value
    response["Cache-Control"] = "no-store"
    return response


class DatabaseErrorMiddleware:
    """Turns a database trouble raised by a view into :func:`unavailable`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if cancelled(exception):  # the request's time limit, kept by the database
            from scoresheet.protect.timelimit import stopped

            return stopped(request)
        trouble = trouble_of(exception)
        if trouble is None:
            return None
        log.warning("database trouble (%s) on %s %s: %s", trouble, request.method,
                    request.path, exception)
        return unavailable(trouble)


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: a database trouble is a 503 (send again), anything else a plain 500."""
    from scoresheet.protect.timelimit import TooSlow, stopped

    error = sys.exc_info()[1]
    if isinstance(error, TooSlow) or cancelled(error):
        return stopped(request)
    trouble = trouble_of(error)
    if trouble is not None:
        return unavailable(trouble)
    return page(_("Server error"), _("Something went wrong on the server. Nothing you sent was "
                                     "half-saved: try again."), status=500)
