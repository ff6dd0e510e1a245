"""The light or dark theme: the phone's setting, unless the player chose one with the toggle.

The choice is a cookie the server reads to write ``<html data-theme>`` (no script: the strict
Content-Security-Policy allows none inline); without it the stylesheet follows the phone.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET

THEME_COOKIE = "listek_theme"
THEMES = ("light", "dark")
THEME_MAX_AGE = 365 * 24 * 3600  # remembered for a year, like the language


def theme_of(request: HttpRequest) -> str:
    """The theme the player chose, or "" to follow the phone."""
    value = request.COOKIES.get(THEME_COOKIE, "")
    return value if value in THEMES else ""


def theme(request: HttpRequest) -> dict[str, str]:
    """Context processor: ``theme`` for templates/_base.html."""
    return {"theme": theme_of(request)}


@require_GET
def choose_theme(request: HttpRequest, name: str) -> HttpResponse:
    """One tap in the bar: remember ``name`` and go back to the page the player was on."""
    if name not in THEMES:
        raise Http404("no such theme")
    wanted = request.GET.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    response = HttpResponseRedirect(wanted if safe and wanted.startswith("/") else "/")
    response.set_cookie(
        THEME_COOKIE, name, max_age=THEME_MAX_AGE, samesite="Lax", secure=request.is_secure(),
        httponly=True,
    )
    return response
