"""Undo and redo the last change of a sheet (each is itself a change, kept in the history)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoresheet.sheets import services
from scoresheet.sheets.display import change_label
from scoresheet.sheets.forms import WriteForm
from scoresheet.sheets.models import EntryChange
from scoresheet.sheets.views.access import (
    HtmxHttpRequest,
    device_of,
    get_sheet_for_edit,
    written_then_go,
)
from scoresheet.sheets.views.entries import by_others
from scoresheet.sheets.views.sheet import render_sheet


def _revert(
    request: HtmxHttpRequest,
    token: str,
    write: Callable[..., services.WriteResult],
    done: str,
    nothing: str,
) -> HttpResponse:
    sheet = get_sheet_for_edit(token)
    meta = WriteForm(request.POST)
    if not meta.is_valid():
        return render_sheet(
            request, sheet, can_edit=True, status=400,
            extra={"conflict": _("This form is damaged: reload the page.")},
        )
    try:
        result = write(
            sheet.pk,
            revision=meta.cleaned_data["revision"],
            key=meta.cleaned_data["key"],
            device=device_of(request),
        )
    except services.Conflict as error:
        sheet.refresh_from_db()
        if by_others(sheet, error.given, device_of(request).id):
            conflict = _(
                "Another phone changed the sheet just before. Nothing was undone or redone: "
                "here is the sheet as it is now; press again if you still want to."
            )
        else:
            conflict = _(
                "The sheet was changed on this phone just before (in another tab, or a row "
                "sent from its queue). Nothing was undone or redone: here is the sheet as it "
                "is now; press again if you still want to."
            )
        return render_sheet(request, sheet, can_edit=True, status=409,
                            extra={"conflict": conflict})
    except (services.NothingToUndo, services.NothingToRedo):
        messages.info(request, nothing)
    except services.Rejected as error:
        messages.error(request, error.message)
    else:
        if not result.replayed:
            change = EntryChange.objects.filter(sheet=sheet, revision=result.revision).first()
            target = change.reverts if change is not None else None
            messages.success(request, done % {"what": change_label(target)})
    return written_then_go(request, reverse("sheet", args=[token]))


@require_POST
def undo(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Revert the latest change not yet undone."""
    return _revert(
        request, token, services.undo, _("Undone: %(what)s."), _("There is nothing to undo.")
    )


@require_POST
def redo(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Apply again what the latest undo reverted."""
    return _revert(
        request, token, services.redo, _("Redone: %(what)s."), _("There is nothing to redo.")
    )
