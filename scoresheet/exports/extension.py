"""Print, export and mail on the core's pages (the core's extension point,
:mod:`scoresheet.sheets.extensions`): the sheet page's links to them, and the home page's links
to the players' statistics and to importing a sheet."""

from __future__ import annotations

from django.template.loader import render_to_string

from scoresheet.sheets import extensions
from scoresheet.sheets.models import Sheet


class ExportsExtension(extensions.EntryExtension):
    def sheet_links(self, sheet: Sheet, *, can_edit: bool, finished: bool) -> list[str]:
        return [render_to_string("exports/_sheet_links.html",
                                 {"sheet": sheet, "can_edit": can_edit, "finished": finished})]

    def home_footer(self) -> list[str]:
        return [render_to_string("exports/_home_links.html")]


extensions.register(ExportsExtension())
