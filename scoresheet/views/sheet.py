"""The sheet page: the edit link's page, the read-only page, and their live table partial."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from .. import services
from ..charts import progression_html
from ..display import change_label, sheet_view
from ..forms import WriteForm
from ..gameforms import for_game, kind_label
from ..models import Sheet
from .access import Mode, get_sheet_for_edit, get_sheet_for_view, is_htmx, remember

POLL_SECONDS = 3  # how often a watcher's page asks whether the sheet changed


def sheet_context(
    sheet: Sheet, *, can_edit: bool, loaded: services.Loaded | None = None
) -> dict[str, Any]:
    """Everything sheet.html needs; a constant number of queries, whatever the sheet's length."""
    loaded = loaded or services.load(sheet)
    view = sheet_view(loaded.document, loaded.scored)
    context: dict[str, Any] = {
        "sheet": sheet,
        "view": view,
        "can_edit": can_edit,
        "poll_seconds": POLL_SECONDS,
        "chart": progression_html(loaded.document, loaded.scored),
    }
    if can_edit:
        token = sheet.edit_token
        state = services.undo_state(sheet)
        kinds = [] if view.finished else for_game(sheet.game).kinds_for(loaded.document)
        context.update(
            page_url=reverse("sheet", args=[token]),
            table_url=reverse("sheet_table", args=[token]),
            kinds=[
                # the form carries the revision the player saw (views.entries.made_at)
                {"kind": k, "label": kind_label(k),
                 "url": reverse("entry_new", args=[token, k]) + f"?at={sheet.revision}"}
                for k in kinds
            ],
            undo=state.undo,
            redo=state.redo,
            undo_label=change_label(state.undo),
            redo_label=change_label(state.redo),
            undo_form=WriteForm.fresh(sheet.revision),
            redo_form=WriteForm.fresh(sheet.revision),
        )
    else:
        context.update(
            page_url=reverse("sheet_read", args=[sheet.view_token]),
            table_url=reverse("sheet_read_table", args=[sheet.view_token]),
        )
    return context


def render_sheet(
    request: HttpRequest,
    sheet: Sheet,
    *,
    can_edit: bool,
    status: int = 200,
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    context = sheet_context(sheet, can_edit=can_edit)
    context.update(extra or {})
    template = "sheet.html#live" if is_htmx(request) else "sheet.html"
    return render(request, template, context, status=status)


@require_GET
def sheet_edit(request: HttpRequest, token: str) -> HttpResponse:
    """The sheet as its keeper sees it: rows, totals, and every button to change them."""
    sheet = get_sheet_for_edit(token)
    remember(request, sheet, Mode.EDIT)
    return render_sheet(request, sheet, can_edit=True)


@require_GET
def sheet_read(request: HttpRequest, token: str) -> HttpResponse:
    """The same sheet through the read-only link: no way to write."""
    sheet = get_sheet_for_view(token)
    remember(request, sheet, Mode.VIEW)
    return render_sheet(request, sheet, can_edit=False)


def _table(request: HttpRequest, *, can_edit: bool, **lookup: str) -> HttpResponse:
    """The live part of the sheet, or 204 when the caller's revision is still the current one.

    The revision check costs one query on one row, so watchers may poll every few seconds.
    """
    revision = (
        Sheet.objects.filter(**lookup).values_list("revision", flat=True).first()
    )
    if revision is None:
        get_object_or_404(Sheet, **lookup)
    if request.GET.get("rev") == str(revision):
        return HttpResponse(status=204)
    sheet = get_object_or_404(Sheet, **lookup)
    return render(request, "sheet.html#live", sheet_context(sheet, can_edit=can_edit))


@require_GET
def sheet_table(request: HttpRequest, token: str) -> HttpResponse:
    return _table(request, can_edit=True, edit_token=token)


@require_GET
def sheet_read_table(request: HttpRequest, token: str) -> HttpResponse:
    return _table(request, can_edit=False, view_token=token)
