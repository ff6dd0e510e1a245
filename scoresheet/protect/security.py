"""Security headers Django's SecurityMiddleware does not send: Content-Security-Policy and
Permissions-Policy.

The policy (settings.CONTENT_SECURITY_POLICY) lets a page run only the app's own script files
(htmx, served from /static/) and load only its own style sheets: no inline script, no inline
style, no eval.  htmx would otherwise add an inline <style> for its request indicators; the
base template turns that off with ``<meta name="htmx-config">``.

A view that needs another policy sets the header itself; it is then left as it is.  The phone's
referee (``static/js/referee-worker.js``, the rules engine in Pyodide: docs/offline.md) is the one
script that compiles WebAssembly: its own answer allows that (``'wasm-unsafe-eval'``: WebAssembly
only, still no eval of JavaScript); every page keeps the policy above.

A response that carries a sheet's (or a tournament's) secret token, in its URL
(``/s/<token>/...``, ``/v/<token>/...``, ``/t/...``, ``/tv/...``) or in its body (a page that
links to one), gets
``Cache-Control: no-store``: no browser, proxy or shared computer keeps a copy of the link.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

CSP_HEADER = "Content-Security-Policy"
PERMISSIONS_HEADER = "Permissions-Policy"
TOKEN_PATH = re.compile(r"^/(?:s|v|t|tv|p|club|cv|cp)/[^/]+/")  # a sheet's, tournament's, club's
TOKEN_LINK = re.compile(rb"/(?:s|v|t|tv|p|club|cv|cp)/[A-Za-z0-9_-]{20,}/")  # one, in a page


def carries_token(request: HttpRequest, response: HttpResponse) -> bool:
    if TOKEN_PATH.match(request.path_info):
        return True
    if getattr(response, "streaming", False):
        return False
    if not response.get("Content-Type", "").startswith("text/html"):
        return False
    return TOKEN_LINK.search(response.content) is not None


def with_webassembly(policy: str) -> str:
    """``policy`` with WebAssembly allowed to compile (the phone's referee worker only)."""
    return re.sub(r"script-src ([^;]*)", r"script-src \1 'wasm-unsafe-eval'", policy, count=1)


class SecurityHeadersMiddleware:
    """Adds Content-Security-Policy and Permissions-Policy to every response."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = str(settings.CONTENT_SECURITY_POLICY)
        self.permissions = str(settings.PERMISSIONS_POLICY)
        self.referee = re.compile(
            "^/" + re.escape(str(settings.STATIC_URL).strip("/") + "/js/referee-worker")
            + r"(?:\.[0-9a-f]+)?\.js$")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.policy and CSP_HEADER not in response:
            referee = self.referee.match(request.path)
            response[CSP_HEADER] = with_webassembly(self.policy) if referee else self.policy
        if self.permissions and PERMISSIONS_HEADER not in response:
            response[PERMISSIONS_HEADER] = self.permissions
        if "no-store" not in response.get("Cache-Control", "") and carries_token(
                request, response):
            response["Cache-Control"] = "no-store"
        return response
