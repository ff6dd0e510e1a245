"""Small filters for the sheet's templates."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def signed(value: object) -> str:
    """+120, -45, 0: a row's change as the paper sheet writes it."""
    if isinstance(value, int) and value > 0:
        return f"+{value}"
    return str(value)
