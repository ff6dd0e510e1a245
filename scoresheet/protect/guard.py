"""Hostile bytes get a 400 with a sentence, never a 500, and nothing of them is stored.

* :class:`HostileInputMiddleware` refuses, before anything reads them, a link, a header, a
  cookie or a form value with a NUL character (PostgreSQL cannot even compare one) and a form
  whose body cannot be read as UTF-8 (``charset=utf-16``, a broken multipart body, too many
  fields).
* :func:`bad_request` (``handler400``) and :func:`csrf_failure` (``CSRF_FAILURE_VIEW``) answer
  without reading the request's body again, so a body that cannot be read cannot make them fail.

What a name or an imported document may hold is the core's rule
(:mod:`scoresheet.sheets.validators`); this module guards the request itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import BadRequest, SuspiciousOperation
from django.http import HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.utils.translation import gettext as _

from scoresheet.protect.ratelimit import page

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


# --------------------------------------------------------------------------- requests


def refused(text: str, *, status: int = 400) -> HttpResponse:
    return page(_("Not understood") if status == 400 else _("Refused"), text, status=status)


def _has_nul(values: Any) -> bool:
    return any("\x00" in k or any("\x00" in v for v in values.getlist(k)) for k in values)


class HostileInputMiddleware:
    """400 for a NUL in the link, its query or a form value, and for an unreadable form."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.check(request) or self.get_response(request)

    def check(self, request: HttpRequest) -> HttpResponse | None:
        if "\x00" in request.path_info or _has_nul(request.GET):
            return refused(_("This link contains a character no link of Lístek has. Check the "
                             "link you were given."))
        headers = [v for k, v in request.META.items() if k.startswith("HTTP_")]
        if any("\x00" in str(v) for v in headers) or any(
                "\x00" in k + v for k, v in request.COOKIES.items()):
            # a header (the browser's name is stored with every change) or a cookie (the
            # session key is looked up) with a NUL: no browser sends one
            return refused(_("The request could not be understood. Nothing was saved: reload "
                             "the page and try again."))
        if request.method != "POST" or not (request.content_type or "").startswith(FORM_TYPES):
            return None
        charset = ((request.content_params or {}).get("charset") or "utf-8").lower()
        if charset not in ("utf-8", "utf8"):
            return refused(_("The form was sent in a text encoding other than UTF-8. Nothing "
                             "was saved: reload the page and send it again."))
        try:
            post = request.POST
        except (BadRequest, SuspiciousOperation, MultiPartParserError, UnicodeDecodeError,
                ValueError):
            return refused(_("The form could not be read (it is damaged or too large). "
                             "Nothing was saved: reload the page and send it again."))
        if _has_nul(post):
            return refused(_("The form contains a character that cannot be typed (NUL). "
                             "Nothing was saved."))
        return None


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler400``: a sentence, without reading the request's body."""
    return refused(_("The request could not be understood. Nothing was saved: reload the page "
                     "and try again."))


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler404``: a link that leads nowhere (mistyped, cut short, or its sheet deleted)."""
    return page(_("Not found"), _("There is nothing at this link: it is incomplete, or what it "
                                  "led to was deleted."), status=404)


def permission_denied(request: HttpRequest, exception: Exception | None = None
                      ) -> HttpResponse:
    """``handler403``: this link does not allow what was asked."""
    return page(_("Refused"), _("This link does not allow that. Nothing was saved."),
                status=403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``CSRF_FAILURE_VIEW``: the form's security check failed (the page is too old, or it was
    sent from another site); nothing was saved.  Reads nothing of the body."""
    return refused(_("The form's security check failed: the page may be too old, or cookies "
                     "are off. Nothing was saved: reload the page and send it again."),
                   status=403)
