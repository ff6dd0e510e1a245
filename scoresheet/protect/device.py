"""A long-lived, random device cookie, so the history can say from which phone a change came."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from scoresheet.sheets.views.access import DEVICE_COOKIE

__all__ = ["DEVICE_COOKIE", "DeviceMiddleware"]
DEVICE_BYTES = 8  # 16 hex characters: tells phones of one table apart, identifies no one
DEVICE_MAX_AGE = 400 * 24 * 3600  # the longest lifetime browsers keep a cookie (400 days)


class DeviceMiddleware:
    """Sets ``request.device_id`` from the cookie, and the cookie when the phone has none."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        device = request.COOKIES.get(DEVICE_COOKIE, "")
        fresh = not (device and len(device) == 2 * DEVICE_BYTES and device.isalnum())
        if fresh:
            device = secrets.token_hex(DEVICE_BYTES)
        request.device_id = device  # type: ignore[attr-defined]
        response = self.get_response(request)
        if fresh:
            response.set_cookie(
                DEVICE_COOKIE, device, max_age=DEVICE_MAX_AGE, httponly=True, samesite="Lax",
                # under HTTPS never sent over plain HTTP (as the session and CSRF cookies)
                secure=request.is_secure() or bool(settings.SESSION_COOKIE_SECURE),
            )
        return response
