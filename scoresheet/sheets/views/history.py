"""The history of a sheet and of one of its entries: every change, when, from which device."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoresheet.sheets import extensions
from scoresheet.sheets.display import action_label
from scoresheet.sheets.gameforms import default_summary, for_game, kind_label
from scoresheet.sheets.models import Entry, EntryChange, Sheet, SheetAction, SheetEvent
from scoresheet.sheets.reading import note_of
from scoresheet.sheets.views.access import HtmxHttpRequest, get_sheet_for_edit

MAX_SHOWN = 500  # changes listed on the sheet's history page, newest first


@dataclass(frozen=True, kw_only=True)
class ChangeView:
    revision: int
    at: Any
    action: str
    action_label: str
    number: int | None  # the row's (None for a change to the sheet itself)
    kind: str
    before: str
    after: str
    device: str
    browser: str
    user: str
    lines: tuple[str, ...] = ()  # what a change to the sheet itself did, sentence by sentence


def summary(game: str, entry: Mapping[str, Any] | None, players: Sequence[str]) -> str:
    if entry is None:
        return ""
    kind = str(entry.get("type", ""))
    form_class = for_game(game).form_class(kind)
    text = form_class.summary(entry, players) if form_class else default_summary(entry)
    reviewed = extensions.summary(entry)
    if reviewed:
        text = f"{text} — {reviewed}"
    note = note_of(entry)
    if note:
        text = _("%(row)s — note: %(note)s") % {"row": text, "note": note}
    return f"{kind_label(kind)} — {text}" if kind else text


def browser_of(user_agent: str) -> str:
    """A short name of the browser and system, enough to tell two phones apart."""
    ua = user_agent
    system = next((s for s in ("Android", "iPhone", "iPad", "Windows", "Mac OS", "Linux")
                   if s in ua), "")
    browser = next((b for b in ("Firefox", "Edg", "OPR", "Chrome", "Safari") if b in ua), "")
    names = {"Edg": "Edge", "OPR": "Opera"}
    return " · ".join(x for x in (names.get(browser, browser), system) if x)


def change_views(sheet: Sheet, changes: Iterable[EntryChange]) -> list[ChangeView]:
    players = sheet.player_names
    out = []
    for c in changes:
        data = c.after if c.after is not None else c.before
        out.append(
            ChangeView(
                revision=c.revision,
                at=c.at,
                action=c.action,
                action_label=action_label(c.action),
                number=c.position + 1,
                kind=str(data.get("type", "")) if isinstance(data, dict) else "",
                before=summary(sheet.game, c.before, players),
                after=summary(sheet.game, c.after, players),
                device=c.device[:4],
                browser=browser_of(c.user_agent),
                user=c.user.get_username() if c.user else "",
            )
        )
    return out


def event_label(action: str) -> str:
    labels: dict[str, str] = {
        SheetAction.RENAME: _("names corrected"),
        SheetAction.CLOSE: _("evening closed"),
        SheetAction.REOPEN: _("evening reopened"),
    }
    return str(labels.get(action, action))


def event_lines(event: SheetEvent) -> tuple[str, ...]:
    """What a change to the sheet itself did, in whole sentences."""
    if event.action != SheetAction.RENAME:
        return ()
    before = (event.before or {}).get("players") or []
    after = (event.after or {}).get("players") or []
    lines = [_("Name changed: %(old)s → %(new)s") % {"old": old, "new": new}
             for old, new in zip(before, after, strict=False) if old != new]
    short_before = list((event.before or {}).get("short_names") or [])
    short_after = list((event.after or {}).get("short_names") or [])
    short_before += [""] * (len(after) - len(short_before))
    short_after += [""] * (len(after) - len(short_after))
    for name, old, new in zip(after, short_before, short_after, strict=False):
        if old == new:
            continue
        if new:
            lines.append(_("Short name of %(name)s in the column head: %(short)s") % {
                "name": name, "short": new})
        else:
            lines.append(_("%(name)s has no short name of the table's any more: the column "
                           "head shows as much of the name as tells it apart.") % {"name": name})
    return tuple(lines)


def event_views(events: Iterable[SheetEvent]) -> list[ChangeView]:
    return [
        ChangeView(revision=e.revision, at=e.at, action=e.action,
                   action_label=event_label(e.action), number=None, kind="", before="",
                   after="", device=e.device[:4], browser=browser_of(e.user_agent),
                   user=e.user.get_username() if e.user else "", lines=event_lines(e))
        for e in events
    ]


@require_GET
def entry_history(request: HtmxHttpRequest, token: str, pos: int) -> HttpResponse:
    """Every change ever made to the entry now at row ``pos``."""
    sheet = get_sheet_for_edit(token)
    entry = Entry.objects.filter(sheet=sheet, position=pos).first()
    if entry is None:
        raise Http404("no such entry")
    changes = (
        EntryChange.objects.filter(sheet=sheet, entry_uid=entry.uid)
        .select_related("user")
        .order_by("-revision")
    )
    return render(
        request,
        "sheets/history.html",
        {
            "sheet": sheet,
            "changes": change_views(sheet, changes),
            "number": pos + 1,
            "back_url": reverse("sheet", args=[token]) + f"#e{pos}",
            "edit_url": reverse("entry_edit", args=[token, pos]),
            "note_url": reverse("entry_note", args=[token, pos]),
            "row_links": extensions.row_links(token, pos, entry.data)
            if isinstance(entry.data, Mapping) else [],
        },
    )


@require_GET
def sheet_history(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Every change of the sheet, newest first (deleted rows included)."""
    sheet = get_sheet_for_edit(token)
    changes = (
        EntryChange.objects.filter(sheet=sheet).select_related("user").order_by("-revision")
    )[:MAX_SHOWN]
    events = (
        SheetEvent.objects.filter(sheet=sheet).select_related("user").order_by("-revision")
    )[:MAX_SHOWN]
    shown = sorted([*change_views(sheet, changes), *event_views(events)],
                   key=lambda c: -c.revision)[:MAX_SHOWN]
    return render(
        request,
        "sheets/history.html",
        {
            "sheet": sheet,
            "changes": shown,
            "number": None,
            "back_url": reverse("sheet", args=[token]),
            "history_blocks": extensions.history_blocks(sheet),
        },
    )
