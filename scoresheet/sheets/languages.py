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
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from scoresheet.sheets.models import Sheet


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
