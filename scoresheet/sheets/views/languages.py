"""Choosing the language of the pages (one tap in the header) and of a sheet's printout."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from scoresheet.sheets.languages import PrintLanguageForm, language_codes
from scoresheet.sheets.views.access import HtmxHttpRequest, get_sheet_for_edit


def _safe_next(request: HtmxHttpRequest, wanted: str, default: str) -> str:
    if wanted and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return default


@require_GET
def choose_language(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """One tap in the header: the pages in language ``code`` from now on, back to the page.

    A link, not a form, so that it works without JavaScript on every page, read-only pages
    included; like Django's ``set_language`` it keeps the choice in the language cookie.
    """
    if code not in language_codes():
        raise Http404("no such language")
    response = HttpResponseRedirect(_safe_next(request, request.GET.get("next", ""), "/"))
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,  # type: ignore[arg-type]  # a str setting
    )
    return response


@require_POST
def set_print_language(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Set the language a sheet is printed in (edit link only), then go back."""
    sheet = get_sheet_for_edit(token)
    form = PrintLanguageForm(request.POST)
    back = reverse("print", args=[token])
    if form.is_valid():
        sheet.print_language = form.cleaned_data["print_language"]
        sheet.save(update_fields=["print_language"])
        back = _safe_next(request, form.cleaned_data["next"], back)
    return HttpResponseRedirect(back)
