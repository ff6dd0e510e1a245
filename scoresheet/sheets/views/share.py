"""The two links of a sheet as text and QR codes: one to keep the sheet, one to watch it."""

from __future__ import annotations

import segno
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from scoresheet.sheets.views.access import HtmxHttpRequest, get_sheet_for_edit

QR_SCALE = 5  # pixels per module: a code a phone camera reads from across a table


def qr_svg(url: str) -> str:
    """An inline SVG QR code of ``url`` (segno writes only its own markup: safe to inline)."""
    code = segno.make(url, error="m")
    return code.svg_inline(scale=QR_SCALE, dark="#111", light="#fff", omitsize=True)


@require_GET
def share(request: HtmxHttpRequest, token: str) -> HttpResponse:
    sheet = get_sheet_for_edit(token)
    edit_url = request.build_absolute_uri(reverse("sheet", args=[sheet.edit_token]))
    view_url = request.build_absolute_uri(reverse("sheet_read", args=[sheet.view_token]))
    return render(
        request,
        "sheets/share.html",
        {
            "sheet": sheet,
            "edit_url": edit_url,
            "view_url": view_url,
            "edit_qr": mark_safe(qr_svg(edit_url)),  # noqa: S308  (segno's own SVG)
            "view_qr": mark_safe(qr_svg(view_url)),  # noqa: S308
            "back_url": reverse("sheet", args=[sheet.edit_token]),
        },
    )
