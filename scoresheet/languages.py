"""The languages of the pages and of the printout.

A page is in the language of the browser (``Accept-Language``, through Django's
LocaleMiddleware) until the reader taps another one in the header: Django's ``set_language``
view keeps the choice in a cookie.  A sheet may fix the language of its printout (the print
view, its PDF and the mail that carries it): ``Sheet.print_language``, chosen on the print,
export and mail pages; empty means "the language of whoever prints".
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django import forms
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from .models import Sheet
from .views.access import get_sheet_for_edit


def language_codes() -> tuple[str, ...]:
    return tuple(code for code, _name in settings.LANGUAGES)


def print_language_choices() -> list[tuple[str, str]]:
    """The choices of the printout's language: the reader's, or one of the site's languages
    (each in its own name, so that anybody finds theirs)."""
    return [("", str(_("the language of whoever prints"))), *settings.LANGUAGES]


@contextmanager
def printing_in(sheet: Sheet) -> Iterator[None]:
    """Render the printout of ``sheet`` in its print language (if it has one)."""
    if sheet.print_language in language_codes():
        with translation.override(sheet.print_language):
            yield
    else:
        yield


class PrintLanguageForm(forms.Form):
    """The language of a sheet's printout, with the page to go back to."""

    print_language = forms.ChoiceField(
        label=_("Language of the printout"), required=False, choices=()
    )
    next = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["print_language"].choices = print_language_choices()  # type: ignore[attr-defined]


def print_language_form(sheet: Sheet, next_url: str) -> PrintLanguageForm:
    return PrintLanguageForm(initial={"print_language": sheet.print_language, "next": next_url})


def _safe_next(request: HttpRequest, wanted: str, default: str) -> str:
    if wanted and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return default


@require_GET
def choose_language(request: HttpRequest, code: str) -> HttpResponse:
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
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response


@require_POST
def set_print_language(request: HttpRequest, token: str) -> HttpResponse:
    """Set the language a sheet is printed in (edit link only), then go back."""
    sheet = get_sheet_for_edit(token)
    form = PrintLanguageForm(request.POST)
    back = reverse("print", args=[token])
    if form.is_valid():
        sheet.print_language = form.cleaned_data["print_language"]
        sheet.save(update_fields=["print_language"])
        back = _safe_next(request, form.cleaned_data["next"], back)
    return HttpResponseRedirect(back)
