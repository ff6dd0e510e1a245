"""The sheet page: the edit link's page, the read-only page, and their live table partial."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from scoresheet.sheets import derived, extensions, governing, gzipped, services
from scoresheet.sheets.charts import progression_html
from scoresheet.sheets.display import holder_of, sheet_view
from scoresheet.sheets.forms import new_key
from scoresheet.sheets.gameforms import for_game, kind_label
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.views.access import (
    HtmxHttpRequest,
    Mode,
    get_sheet_for_edit,
    get_sheet_for_view,
    remember,
)

POLL_SECONDS = 3  # how often a watcher's page asks whether the sheet changed


def sheet_context(
    sheet: Sheet, *, can_edit: bool, loaded: services.Loaded | None = None
) -> dict[str, Any]:
    """Everything sheet.html needs.  At a revision already shown it replays nothing and renders
    no row (scoresheet/sheets/derived.py); a constant number of queries, whatever the sheet's
    length."""
    context, rows = sheet_parts(sheet, can_edit=can_edit)
    context["rows_html"] = mark_safe(rows.text())  # noqa: S308 (rendered, escaped)
    return context


def sheet_parts(sheet: Sheet, *, can_edit: bool) -> tuple[dict[str, Any], derived.TableRows]:
    """The context of sheet.html without its rows, and the rows (kept compressed: the page
    sends them as they are, scoresheet/sheets/gzipped.py)."""
    found = derived.prefetch(sheet, can_edit=can_edit)  # one read of the cache
    data = derived.current(sheet, found)
    context = summary_context(sheet, data, can_edit=can_edit, found=found)
    ctx = row_context(sheet, context, can_edit=can_edit)
    return context, derived.table_rows(data, ctx, found)


def summary_context(sheet: Sheet, data: derived.Derived, *, can_edit: bool,
                    found: dict[str, Any] | None = None) -> dict[str, Any]:
    """The sheet's context without its rows: header, totals, outcome, buttons, links."""
    sheet.revision = data.revision
    document = derived.header(sheet)
    view = sheet_view(document, data.scored(), row_count=len(data.versions),
                      entry_count=data.entries, chosen=sheet.short_names or ())
    context: dict[str, Any] = {
        "sheet": sheet,
        "view": view,
        "can_edit": can_edit,
        "poll_seconds": POLL_SECONDS,
        "holder": holder_of(document),
        # called by the template only when it renders the whole page, never for a poll
        "banners": partial(extensions.sheet_banners, sheet, can_edit=can_edit),
        "tool_links": partial(extensions.sheet_links, sheet, can_edit=can_edit,
                              finished=bool(view.finished)),
        # an evening closed on its own page (a tournament's signed table says so in its banner)
        "evening_closed": services.closed_by_evening(sheet),
        # a sheet an app keeps (a tournament table) gets its next sheet from that app
        "rematch": bool(view.finished and can_edit and not governing.governed(sheet)),
    }
    if can_edit:
        token = sheet.edit_token
        undo_label, redo_label = derived.undo_labels(sheet, found)
        writable = not (view.finished or sheet.closed)  # a signed tournament table is closed
        kinds = for_game(sheet.game).kinds_for(document) if writable else []
        context.update(
            page_url=reverse("sheet", args=[token]),
            table_url=reverse("sheet_table", args=[token]),
            chart_url=reverse("sheet_chart", args=[token]),
            kinds=[
                # the form carries the revision the player saw (views.entries.made_at)
                {"kind": k, "label": kind_label(k),
                 "url": reverse("entry_new", args=[token, k]) + f"?at={sheet.revision}"}
                for k in kinds
            ],
            undo=bool(undo_label),
            redo=bool(redo_label),
            undo_label=undo_label,
            redo_label=redo_label,
            # each form's idempotency key (the hidden fields of forms.WriteForm)
            undo_key=new_key(),
            redo_key=new_key(),
            # a game without an end: the scorer draws the final line (views/evening.py)
            can_close=not sheet.closed and services.closable(sheet),
        )
    else:
        context.update(
            page_url=reverse("sheet_read", args=[sheet.view_token]),
            table_url=reverse("sheet_read_table", args=[sheet.view_token]),
            chart_url=reverse("sheet_read_chart", args=[sheet.view_token]),
        )
    return context


def row_context(sheet: Sheet, context: dict[str, Any], *, can_edit: bool) -> derived.RowContext:
    view = context["view"]
    return derived.RowContext(sheet=sheet, can_edit=can_edit, page_url=context["page_url"],
                              players=tuple(view.players), game=view.game,
                              holder=context.get("holder"))


def render_sheet(
    request: HtmxHttpRequest,
    sheet: Sheet,
    *,
    can_edit: bool,
    status: int = 200,
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    context, rows = sheet_parts(sheet, can_edit=can_edit)
    context.update(extra or {})
    template = "sheets/sheet.html#live" if request.htmx else "sheets/sheet.html"
    return gzipped.page(request, template, context, rows.body, status=status)


@require_GET
def sheet_edit(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The sheet as its keeper sees it: rows, totals, and every button to change them."""
    sheet = get_sheet_for_edit(token)
    remember(request, sheet, Mode.EDIT)
    return render_sheet(request, sheet, can_edit=True)


@require_GET
def sheet_read(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The same sheet through the read-only link: no way to write."""
    sheet = get_sheet_for_view(token)
    remember(request, sheet, Mode.VIEW)
    return render_sheet(request, sheet, can_edit=False)


def _table(request: HtmxHttpRequest, *, can_edit: bool, **lookup: str) -> HttpResponse:
    """What changed since the caller's revision (``?rev=``): 204 when nothing did (one query on
    one row, so watchers may poll every few seconds); the changed and new rows, the totals and
    the outcome swapped in out of band when the rows still line up with the caller's; the whole
    live part of the sheet otherwise (a correction that removed or moved rows, a caller too far
    behind, a cold cache)."""
    revision = (
        Sheet.objects.filter(**lookup).values_list("revision", flat=True).first()
    )
    if revision is None:
        get_object_or_404(Sheet, **lookup)
    given = request.GET.get("rev", "")
    if given == str(revision):
        return HttpResponse(status=204)
    sheet = get_object_or_404(Sheet, **lookup)
    found = derived.prefetch(sheet, can_edit=can_edit)
    data = derived.current(sheet, found)
    context = summary_context(sheet, data, can_edit=can_edit, found=found)
    ctx = row_context(sheet, context, can_edit=can_edit)
    since = int(given) if given.isascii() and given.isdigit() and len(given) < 10 else None
    changes = data.changed_since(since) if since is not None and request.htmx else None
    if changes is not None:
        changed, added = changes
        try:
            html = derived.fresh_rows(data, ctx, changed + added)
        except derived.Moved:
            html = None
        if html is not None:
            context["changed_rows"] = [
                # (every line of the row: its note's too)
                mark_safe(html[i].replace("<tr ", '<tr hx-swap-oob="true" '))  # noqa: S308
                for i in changed
            ]
            context["added_rows"] = derived.safe_join(html[i] for i in added)
            response = render(request, "sheets/sheet.html#changes", context)
            response["HX-Reswap"] = "none"  # everything in it is swapped in out of band
            return response
    rows = derived.table_rows(data, ctx, found)
    return gzipped.page(request, "sheets/sheet.html#live", context, rows.body)


def _chart(request: HtmxHttpRequest, sheet: Sheet, *, can_edit: bool) -> HttpResponse:
    """The score progression, loaded after the page's first paint (one per revision and
    language, kept in the cache)."""
    data = derived.current(sheet)
    key = f"c:{derived.sheet_key(sheet)}:{get_language()}:{data.revision}"
    chart = derived.cached_text(key)
    if chart is None:
        loaded = services.load(sheet)
        chart = str(progression_html(loaded.document, loaded.scored))
        if loaded.sheet.revision == data.revision and len(loaded.entries) == data.entries:
            derived.keep_text(key, chart)
    context = {"chart": mark_safe(chart), "sheet": sheet}  # noqa: S308 (escaped SVG)
    if request.htmx:
        return render(request, "sheets/_chart.html", context)
    context["page_url"] = (reverse("sheet", args=[sheet.edit_token]) if can_edit
                           else reverse("sheet_read", args=[sheet.view_token]))
    return render(request, "sheets/chart.html", context)


@require_GET
def sheet_chart(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _chart(request, get_sheet_for_edit(token), can_edit=True)


@require_GET
def sheet_read_chart(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _chart(request, get_sheet_for_view(token), can_edit=False)


@require_GET
def sheet_table(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _table(request, can_edit=True, edit_token=token)


@require_GET
def sheet_read_table(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _table(request, can_edit=False, view_token=token)
