"""The core's extension point: how an app built on the core adds to the entry flow and the
history without the core knowing it.

The entry form (:mod:`scoresheet.sheets.views.entries`) and the history
(:mod:`scoresheet.sheets.views.history`) ask every registered :class:`EntryExtension`; an app
registers one in its ``AppConfig.ready``::

    from scoresheet.sheets import extensions
    extensions.register(MyExtension())

Two apps use it today: the referee's deal review fills a deal's row and keeps its proof in the
entry (``scoresheet/referee/extension.py``), and the tournament asks a Mariáš table sheet of a
tournament that counts premium points for the trumps held, and shows a table sheet's banner
and its table's history (``scoresheet/tournament/extension.py``).  An extension
changes what is written only through the entry it returns; the one writer
(:mod:`scoresheet.sheets.services`) stays the only way to the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.http import HttpRequest
from django.utils.safestring import SafeString, mark_safe

from scoresheet.sheets import governing

if TYPE_CHECKING:
    from scoresheet.sheets.models import Sheet
    from scoresheet.sheets.services import Loaded

Entry = dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class Prefill:
    """A row an extension filled in for the scorer to confirm, and what it wants kept with the
    entry when the row is written (handed back to :meth:`EntryExtension.finish`)."""

    entry: Entry
    keep: Mapping[str, Any] | None = None


@dataclass(frozen=True, kw_only=True)
class RowLink:
    """A link the history page of one row shows beside "Correct this row"."""

    label: str
    url: str


class EntryExtension:
    """What an app may add to the entry flow; every method's default adds nothing."""

    def prefill(self, request: HttpRequest, loaded: Loaded, kind: str,
                position: int | None) -> Prefill | None:
        """The row to show on the form instead of the typed or stored one (None: none)."""
        return None

    def extend_form(self, form: Any, sheet: Sheet, entry: Mapping[str, Any] | None) -> None:
        """Add fields to the entry form (``entry``: the row being corrected or prefilled)."""

    def form_context(self, request: HttpRequest, sheet: Sheet, kind: str, loaded: Loaded,
                     position: int | None) -> dict[str, Any]:
        """What this extension adds to the entry form page's template context."""
        return {}

    def finish(self, entry: Entry, *, prefill: Prefill | None,
               previous: Mapping[str, Any] | None) -> Entry:
        """The entry to write: ``entry`` as the form made it, with what this extension keeps
        (``prefill``: this extension's own, if it gave one; ``previous``: the row corrected)."""
        return entry

    def summary(self, entry: Mapping[str, Any]) -> str:
        """Words the history adds to the row's one-line summary ("" for none)."""
        return ""

    def sheet_banners(self, sheet: Sheet, *, can_edit: bool) -> list[str]:
        """Rendered HTML shown at the top of the sheet's page (a tournament table's banner)."""
        return []

    def history_blocks(self, sheet: Sheet) -> list[str]:
        """Rendered HTML shown above the sheet's history (a tournament table's own events)."""
        return []

    def sheet_links(self, sheet: Sheet, *, can_edit: bool, finished: bool) -> list[str]:
        """Rendered links the sheet page's tool bar offers (the referee, print and export)."""
        return []

    def home_links(self) -> list[str]:
        """Rendered HTML the home page shows under "New sheet" (a tournament, a club)."""
        return []

    def home_footer(self) -> list[str]:
        """Rendered HTML the home page shows under the lists of sheets (statistics, import)."""
        return []

    def row_links(self, token: str, position: int, entry: Mapping[str, Any]) -> list[RowLink]:
        """Links the history page of row ``position`` offers."""
        return []

    def governs(self, sheet: Sheet) -> bool:
        """True when this app keeps the sheet's names and its closing (a tournament's table
        sheet): the core then refuses to rename its players or to close it as an evening."""
        return False


_REGISTERED: list[EntryExtension] = []


def register(extension: EntryExtension) -> EntryExtension:
    """Add ``extension`` to the entry flow (once; a second registration of the same class is
    ignored, so that a reloaded app does not add itself twice)."""
    if not any(type(known) is type(extension) for known in _REGISTERED):
        _REGISTERED.append(extension)
        governing.add(extension.governs)
    return extension


def registered() -> tuple[EntryExtension, ...]:
    return tuple(_REGISTERED)


def prefills(request: HttpRequest, loaded: Loaded, kind: str,
             position: int | None) -> dict[EntryExtension, Prefill]:
    """Each extension's prefilled row, in the order they were registered."""
    out = {}
    for extension in _REGISTERED:
        prefill = extension.prefill(request, loaded, kind, position)
        if prefill is not None:
            out[extension] = prefill
    return out


def first_entry(found: Mapping[EntryExtension, Prefill]) -> Entry | None:
    """The row the form shows: the first extension's that filled one."""
    return next((p.entry for p in found.values()), None)


def extend_form(form: Any, sheet: Sheet, entry: Mapping[str, Any] | None) -> None:
    for extension in _REGISTERED:
        extension.extend_form(form, sheet, entry)


def form_context(request: HttpRequest, sheet: Sheet, kind: str, loaded: Loaded,
                 position: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for extension in _REGISTERED:
        out.update(extension.form_context(request, sheet, kind, loaded, position))
    return out


def finish(entry: Entry, found: Mapping[EntryExtension, Prefill],
           previous: Mapping[str, Any] | None) -> Entry:
    for extension in _REGISTERED:
        entry = extension.finish(entry, prefill=found.get(extension), previous=previous)
    return entry


def sheet_banners(sheet: Sheet, *, can_edit: bool) -> list[SafeString]:
    """Every extension's banners of the sheet page; the page calls it only when it renders the
    whole page (a poll of the live table asks nothing of the extensions)."""
    return [mark_safe(html)  # noqa: S308  (rendered and escaped by the extension's template)
            for extension in _REGISTERED for html in extension.sheet_banners(
                sheet, can_edit=can_edit)]


def sheet_links(sheet: Sheet, *, can_edit: bool, finished: bool) -> list[SafeString]:
    return [mark_safe(html)  # noqa: S308  (rendered and escaped by the extension's template)
            for extension in _REGISTERED for html in extension.sheet_links(
                sheet, can_edit=can_edit, finished=finished)]


def home_links() -> list[SafeString]:
    return [mark_safe(html)  # noqa: S308  (rendered and escaped by the extension's template)
            for extension in _REGISTERED for html in extension.home_links()]


def home_footer() -> list[SafeString]:
    return [mark_safe(html)  # noqa: S308  (rendered and escaped by the extension's template)
            for extension in _REGISTERED for html in extension.home_footer()]


def history_blocks(sheet: Sheet) -> list[SafeString]:
    return [mark_safe(html)  # noqa: S308  (rendered and escaped by the extension's template)
            for extension in _REGISTERED for html in extension.history_blocks(sheet)]


def summary(entry: Mapping[str, Any]) -> str:
    return " — ".join(text for extension in _REGISTERED if (text := extension.summary(entry)))


def row_links(token: str, position: int, entry: Mapping[str, Any]) -> list[RowLink]:
    return [link for extension in _REGISTERED
            for link in extension.row_links(token, position, entry)]
