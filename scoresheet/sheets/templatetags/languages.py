"""``{% load languages %}``: the form that sets the language of a sheet's printout."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from scoresheet.sheets.languages import print_language_form

register = template.Library()


@register.inclusion_tag("sheets/_print_language.html", takes_context=True)
def print_language(context: template.Context, sheet: Any) -> dict[str, Any]:
    """The language of ``sheet``'s printout, chosen on the page that shows this tag (the form
    comes back to that page).  Only for the edit link: the caller decides."""
    request = context.get("request")
    here = request.get_full_path() if request is not None else ""
    return {
        "form": print_language_form(sheet, here),
        "action": reverse("print_language", args=[sheet.edit_token]),
        "csrf_token": context.get("csrf_token"),
    }
