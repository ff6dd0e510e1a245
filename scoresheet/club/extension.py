"""The club on the core's home page (the core's extension point,
:mod:`scoresheet.sheets.extensions`): the link that starts a club."""

from __future__ import annotations

from django.template.loader import render_to_string

from scoresheet.sheets import extensions


class ClubExtension(extensions.EntryExtension):
    def home_links(self) -> list[str]:
        return [render_to_string("club/_home_link.html")]


extensions.register(ClubExtension())
