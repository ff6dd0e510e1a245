"""Hostile bytes get a 400 with a sentence, never a 500, and nothing of them is stored.

* :class:`HostileInputMiddleware` refuses, before anything reads them, a link or a form value
  with a NUL character (PostgreSQL cannot even compare one) and a form whose body cannot be read
  as UTF-8 (``charset=utf-16``, a broken multipart body, too many fields).
* :func:`bad_request` (``handler400``) and :func:`csrf_failure` (``CSRF_FAILURE_VIEW``) answer
  without reading the request's body again, so a body that cannot be read cannot make them fail.
* :func:`text_problem` and :class:`SingleLineValidator`: names and every other one-line text
  refuse control characters, line breaks and lone surrogates.
* :func:`document_problem` walks a whole imported document without recursion: too deep a
  nesting, a NUL, a lone surrogate or a control character in any string or key is refused.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from django.core.exceptions import BadRequest, SuspiciousOperation, ValidationError
from django.http import HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext as _

from .ratelimit import page

MAX_DEPTH = 32  # arrays and objects inside each other in an imported document (it needs 5)
# Categories no one-line text holds: control characters (C0, DEL, C1: NUL, tab, CR, LF...),
# lone surrogates (only a JSON escape can make one), line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be a name or another one-line text (None: it can)."""
    for char in value:
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            if char in "\r\n\u2028\u2029":
                return _("A line break cannot be part of it.")
            return _("It contains a control character (U+%(code)04X), which cannot be part of "
                     "it.") % {"code": ord(char)}
    return None


@deconstructible
class SingleLineValidator:
    """A form field's validator: :func:`text_problem` as a ValidationError."""

    code = "single_line"

    def __call__(self, value: Any) -> None:
        problem = text_problem(str(value))
        if problem is not None:
            raise ValidationError(problem, code=self.code)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SingleLineValidator)

    def __hash__(self) -> int:
        return hash(self.code)


def document_problem(doc: Any, *, max_depth: int = MAX_DEPTH) -> tuple[str, str] | None:
    """The first reason the parsed JSON ``doc`` cannot be imported at all, as (code, English
    message), or None.  Iterative: a document nested thousands of levels deep is refused
    without recursion."""
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > max_depth:
                return ("too_deep", f"the document is nested more than {max_depth} levels deep")
            items = list(value.items()) if isinstance(value, dict) else [(None, v) for v in value]
            for key, item in items:
                if key is not None and _bad_string(key):
                    return ("bad_text", "a key holds a control character or a lone surrogate")
                stack.append((item, depth + 1))
        elif isinstance(value, str) and _bad_string(value):
            return ("bad_text", "a text holds a control character, a line break or a lone "
                                "surrogate")
    return None


def _bad_string(value: str) -> bool:
    return any(unicodedata.category(c) in REFUSED_CATEGORIES for c in value)


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
        if request.method != "POST" or not request.content_type.startswith(FORM_TYPES):
            return None
        charset = (request.content_params.get("charset") or "utf-8").lower()
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


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``CSRF_FAILURE_VIEW``: the form's security check failed (the page is too old, or it was
    sent from another site); nothing was saved.  Reads nothing of the body."""
    return refused(_("The form's security check failed: the page may be too old, or cookies "
                     "are off. Nothing was saved: reload the page and send it again."),
                   status=403)
