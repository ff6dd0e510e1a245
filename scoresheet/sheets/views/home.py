"""The home page: a new sheet, and the sheets this phone (or this account) knows."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from scoresheet.sheets import derived, extensions, services
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.views.access import HtmxHttpRequest, Mode, known_sheets
from scoresheet.sheets.words import preset_label

MAX_LISTED = 100  # sheets listed per section


@dataclass(frozen=True, kw_only=True)
class SheetItem:
    sheet: Sheet
    url: str
    can_edit: bool
    preset: str
    entries: int
    # an evening closed by hand (a game without an end): who won or paid what, in seat order
    settlement: tuple[tuple[str, int], ...] = ()


def settlement(sheet: Sheet) -> tuple[tuple[str, int], ...]:
    """The final totals of an evening closed on its own page (its money, in Mariáš)."""
    if sheet.closed is None or sheet.finished is None or not services.open_ended(sheet):
        return ()
    return tuple(zip(sheet.player_names, derived.current(sheet).totals, strict=True))


@require_GET
def home(request: HtmxHttpRequest) -> HttpResponse:
    """Sheets in progress and finished: those opened on this phone and those of the account."""
    known = known_sheets(request)
    query = Q(pk__in=list(known))
    kept: set[int] = set()
    if request.user.is_authenticated:
        kept = set(request.user.kept_sheets.values_list("pk", flat=True))
        query |= Q(pk__in=kept)
    sheets = (
        Sheet.objects.filter(query)
        .annotate(entry_count=Count("entries", distinct=True))
        .order_by("-updated")
        .distinct()[: 2 * MAX_LISTED]
    )
    items = []
    for sheet in sheets:
        can_edit = known.get(sheet.pk) == Mode.EDIT or sheet.pk in kept
        url = (
            reverse("sheet", args=[sheet.edit_token])
            if can_edit
            else reverse("sheet_read", args=[sheet.view_token])
        )
        items.append(
            SheetItem(
                sheet=sheet,
                url=url,
                can_edit=can_edit,
                preset=preset_label(sheet.ruleset),
                entries=sheet.entry_count,
                settlement=settlement(sheet),
            )
        )
    return render(
        request,
        "sheets/home.html",
        {
            "playing": [i for i in items if i.sheet.finished is None][:MAX_LISTED],
            "finished": [i for i in items if i.sheet.finished is not None][:MAX_LISTED],
            "home_links": extensions.home_links(),
            "home_footer": extensions.home_footer(),
        },
    )
