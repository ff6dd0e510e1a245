"""A long-lived, random device cookie, signed by the site, so the history can say from which phone
a change came, and a phone's budgets (scoresheet/protect/budget.py, ratelimit.py) are its own.

The cookie holds the device id and the site's signature of it (Django's signed cookies, with
:data:`SALT`): a client cannot make up device ids to get fresh budgets.  A cookie whose
signature does not check out is no cookie: the phone gets a new id, and until it sends that back
its requests are counted as its address's cookie-less client (bounded by the address's ceiling).

Phones that kept the cookie of an older release (the bare id, unsigned) keep their id: it is
signed and set again on their next request, so an upgrade in the middle of an evening does not
make every phone at the table a new one in the history.  That one request is budgeted as a
cookie-less one: an unsigned id is never a budget of its own.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

from scoresheet.sheets.views.access import DEVICE_COOKIE

__all__ = ["DEVICE_COOKIE", "DeviceMiddleware", "signed", "verified"]
DEVICE_BYTES = 8  # 16 hex characters: tells phones of one table apart, identifies no one
DEVICE_MAX_AGE = 400 * 24 * 3600  # the longest lifetime browsers keep a cookie (400 days)
SALT = "listek.protect.device"  # signatures of device cookies are good for nothing else
_VERIFIED = "_listek_device_verified"


def is_device_id(value: str) -> bool:
    """The form of a device id: 16 lower-case hex characters (an older release's bare cookie)."""
    return len(value) == 2 * DEVICE_BYTES and all(c in "0123456789abcdef" for c in value)


def _signer() -> signing.Signer:
    # the signer of HttpResponse.set_signed_cookie/HttpRequest.get_signed_cookie
    return signing.get_cookie_signer(salt=DEVICE_COOKIE + SALT)


def signed(device: str) -> str:
    """The cookie's value for ``device``: the id and the site's signature of it."""
    return _signer().sign(device)


def verified(request: HttpRequest) -> str | None:
    """The device id of the request's cookie when the site signed it, else None (no cookie, an
    older release's unsigned id, a forged or damaged signature)."""
    if hasattr(request, _VERIFIED):
        return getattr(request, _VERIFIED)  # type: ignore[no-any-return]
    device = unsigned(request.COOKIES.get(DEVICE_COOKIE, ""))
    setattr(request, _VERIFIED, device)
    return device


def unsigned(value: str) -> str | None:
    """The device id a cookie's value carries when the site signed it, else None."""
    try:
        device = _signer().unsign(value) if value else None
    except signing.BadSignature:
        return None
    return device if device is not None and is_device_id(device) else None


class DeviceMiddleware:
    """Sets ``request.device_id`` from the signed cookie, and the cookie when the phone has none
    (or one the site did not sign: a new id; an older release's bare id: the same id, signed)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        device = verified(request)
        fresh = device is None
        if device is None:
            legacy = request.COOKIES.get(DEVICE_COOKIE, "")
            device = legacy if is_device_id(legacy) else secrets.token_hex(DEVICE_BYTES)
        request.device_id = device  # type: ignore[attr-defined]
        # the phone sent back the cookie this site signed: it keeps cookies (the core remembers
        # its sheets in a session only then: scoresheet/sheets/views/access.py)
        request.device_returning = not fresh  # type: ignore[attr-defined]
        response = self.get_response(request)
        if fresh:
            response.set_cookie(
                DEVICE_COOKIE, signed(device), max_age=DEVICE_MAX_AGE, httponly=True,
                samesite="Lax",
                # under HTTPS never sent over plain HTTP (as the session and CSRF cookies)
                secure=request.is_secure() or bool(settings.SESSION_COOKIE_SECURE),
            )
        return response
