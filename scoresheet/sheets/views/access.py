"""One access helper per resource, the device of a request, the sheets a phone knows."""

from __future__ import annotations

from enum import StrEnum, unique

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django_htmx.middleware import HtmxDetails

from scoresheet.sheets.headers import GO_HEADER, RESEND_HEADER
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.services import Device

SESSION_SHEETS = "sheets"  # the sheets this browser opened: [[id, mode], ...], newest first
MAX_KNOWN = 100  # sheets remembered per browser


@unique
class Mode(StrEnum):
    EDIT = "edit"
    VIEW = "view"


def get_sheet_for_edit(token: str) -> Sheet:
    """The sheet whose edit link is ``token`` (404 otherwise): it may be written."""
    return get_object_or_404(Sheet, edit_token=token)


def get_sheet_for_view(token: str) -> Sheet:
    """The sheet whose read-only link is ``token`` (404 otherwise): it may only be read."""
    return get_object_or_404(Sheet, view_token=token)


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it: ``request.htmx`` is true when htmx sent
    it (the type django-htmx's documentation recommends for views)."""

    htmx: HtmxDetails


def device_of(request: HttpRequest) -> Device:
    return Device.from_parts(
        getattr(request, "device_id", ""),
        request.headers.get("user-agent", ""),
        getattr(request, "user", None),
    )


DEVICE_COOKIE = "listek_device"  # the phone's cookie; scoresheet/protect/device.py sets it


def keeps_cookies(request: HttpRequest) -> bool:
    """The browser sent back a cookie this site set: the device cookie it signed
    (scoresheet/protect/device.py), or the key of a session that exists.  A made-up cookie is
    neither."""
    if getattr(request, "device_returning", False):
        return True
    if not request.COOKIES.get(settings.SESSION_COOKIE_NAME):
        return False
    request.session.get(SESSION_SHEETS)  # loads it: a key of no session is dropped
    return request.session.session_key is not None


def remember(request: HttpRequest, sheet: Sheet, mode: Mode, *, wrote: bool = False) -> None:
    """Keep ``sheet`` in this browser's list (no account needed); an edit link wins over a view.

    Only for a request that ``wrote`` the sheet (made it) or a browser that keeps cookies
    (:func:`keeps_cookies`): a request without them (a crawler, a flood, a link preview) or
    with a made-up one opens an edit or read link without writing a session row that would
    outlive it; a phone's first visit is remembered from its next request on."""
    if not wrote and not keeps_cookies(request):
        return
    known: list[list[object]] = list(request.session.get(SESSION_SHEETS, []))
    for item in known:
        if item[0] == sheet.pk:
            if mode == Mode.EDIT and item[1] != Mode.EDIT:
                item[1] = Mode.EDIT
                request.session[SESSION_SHEETS] = known
            return
    request.session[SESSION_SHEETS] = [[sheet.pk, mode.value], *known][:MAX_KNOWN]


def forget(request: HttpRequest, sheet: Sheet) -> None:
    known = [i for i in request.session.get(SESSION_SHEETS, []) if i[0] != sheet.pk]
    request.session[SESSION_SHEETS] = known


def known_sheets(request: HttpRequest) -> dict[int, Mode]:
    return {int(i[0]): Mode(i[1]) for i in request.session.get(SESSION_SHEETS, [])}


# Undo, redo and delete are sent by the page's script (static/js/offline.js), which sends them
# again with the same key when the answer is lost; it is told where to go instead of being
# redirected, so that the message of the write ("Undone: …") waits for the page it goes to.
# (the header names: scoresheet/sheets/headers.py)


def written_then_go(request: HttpRequest, url: str) -> HttpResponse:
    """The answer to a write done: a redirect, or for the script a 204 naming where to go."""
    if request.headers.get(RESEND_HEADER):
        return HttpResponse(status=204, headers={GO_HEADER: url})
    return HttpResponseRedirect(url)
