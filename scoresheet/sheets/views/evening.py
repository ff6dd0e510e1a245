"""What a paper sheet allows after the start: a misspelled name corrected, a note written beside
a row, the final line drawn under an evening of a game without an end (and the evening opened
again).  Every write goes through the one writer (:mod:`scoresheet.sheets.services`) with the
form's revision and idempotency key; every page works without JavaScript."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoresheet.sheets import governing, services
from scoresheet.sheets.display import heads_of, rows_view
from scoresheet.sheets.forms import NoteForm, RenameForm, WriteForm
from scoresheet.sheets.models import Entry, Sheet
from scoresheet.sheets.reading import MAX_NOTE, note_of
from scoresheet.sheets.views.access import (
    HtmxHttpRequest,
    device_of,
    get_sheet_for_edit,
    written_then_go,
)
from scoresheet.sheets.words import engine_message, rejection_text


def _damaged() -> str:
    return _("This form is damaged: reload the page.")


def _sheet_url(sheet: Sheet, position: int | None = None) -> str:
    url = reverse("sheet", args=[sheet.edit_token])
    return url + (f"#e{position}" if position is not None else "")


def _changed_meanwhile() -> str:
    return _("Another phone changed the sheet meanwhile. Nothing was saved: check the page and "
             "send it again.")


def _refusal(error: services.WriteError) -> str:
    """A refused write to the sheet itself, in the players' words."""
    if isinstance(error, services.Governed):
        return _("This sheet belongs to a tournament table: its names and its closing are the "
                 "tournament's (the director corrects a name on the tournament's page).")
    if isinstance(error, services.NotOpenEnded):
        return _("This game ends by its own rules, with its winning row: it has no evening to "
                 "close.")
    if isinstance(error, services.AlreadyClosed):
        return _("The evening is already closed.")
    if isinstance(error, services.NotClosed):
        return _("The evening is not closed.")
    if isinstance(error, services.Rejected):
        return rejection_text(error)
    return _damaged()


# --------------------------------------------------------------------------- the players' names


@require_http_methods(["GET", "POST"])
def players(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The sheet's players and its evening: correct a name, close or reopen the evening."""
    sheet = get_sheet_for_edit(token)
    governed = governing.governed(sheet)
    form = RenameForm(players=sheet.player_names, short=sheet.short_names or ())
    meta = WriteForm.fresh(sheet.revision)
    error, status = "", 200
    if request.method == "POST" and governed:
        error, status = _refusal(services.Governed()), 400
    elif request.method == "POST":
        form = RenameForm(request.POST, players=sheet.player_names,
                          short=sheet.short_names or ())
        meta = WriteForm(request.POST)
        if not meta.is_valid():
            error, status = _damaged(), 400
        elif not form.is_valid():
            status = 400
        elif form.names() == sheet.player_names and (
                heads_of(form.names(), form.shorts())
                == heads_of(sheet.player_names, sheet.short_names or ())):
            messages.info(request, _("The names are unchanged."))
            return written_then_go(request, _sheet_url(sheet))
        else:
            try:
                result = services.rename_players(
                    sheet.pk, revision=meta.cleaned_data["revision"],
                    key=meta.cleaned_data["key"], device=device_of(request),
                    players=form.names(), short=form.shorts())
            except services.BadNames as exc:
                _name_error(form, exc, sheet)
                status = 400
            except services.Conflict:
                sheet.refresh_from_db()
                error, status = _changed_meanwhile(), 409
                form = RenameForm(request.POST, players=sheet.player_names,
                          short=sheet.short_names or ())
                form.is_valid()
            except services.WriteError as exc:
                error, status = _refusal(exc), 400
            else:
                if not result.replayed:
                    messages.success(request, _("Names corrected; the totals stay as they were."))
                return written_then_go(request, _sheet_url(sheet))
        if status != 200:
            meta = WriteForm.fresh(sheet.revision)
    return render(request, "sheets/players.html", _players_context(sheet, form, meta, error,
                                                                   governed), status=status)


def _players_context(sheet: Sheet, form: RenameForm, meta: WriteForm, error: str,
                     governed: bool) -> dict[str, Any]:
    closable = services.open_ended(sheet) and not governed
    return {
        "sheet": sheet,
        "form": form,
        "meta": meta,
        "error": error,
        "governed": governed,
        "closable": closable,
        "evening_closed": closable and sheet.closed is not None,
        "back_url": _sheet_url(sheet),
    }


def _name_error(form: RenameForm, error: services.BadNames, sheet: Sheet) -> None:
    """The engine's objection to the names (or a control character) on the field it names."""
    if error.problem:
        message = error.problem
    else:
        message = engine_message(error.code, error.params, str(error), game=sheet.game,
                                 players=form.names())
    if error.code == "short_name_twice":  # (the form checks it first)
        form.add_error(f"short_{error.seat}", _("Another player already has this short name: "
                                                "each column needs its own."))
        return
    if error.code == "player_twice":
        twice = str(error.params.get("name", "")).strip().casefold()
        names = [n.casefold() for n in form.names()]
        seat = len(names) - 1 - names[::-1].index(twice) if twice in names else None
    else:
        seat = error.seat
    form.add_error(form.field_of(seat), message)


# --------------------------------------------------------------------------- the evening


@require_http_methods(["GET", "POST"])
def close(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Close the evening after a confirmation: the sheet is finished and takes no more rows."""
    return _evening(request, token, closing=True)


@require_http_methods(["GET", "POST"])
def reopen(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Reopen a closed evening after a confirmation: rows may be written again."""
    return _evening(request, token, closing=False)


def _evening(request: HtmxHttpRequest, token: str, *, closing: bool) -> HttpResponse:
    sheet = get_sheet_for_edit(token)
    meta = WriteForm.fresh(sheet.revision)
    error, status = "", 200
    if request.method == "POST":
        meta = WriteForm(request.POST)
        if not meta.is_valid():
            error, status = _damaged(), 400
        else:
            write = services.close_evening if closing else services.reopen_evening
            try:
                result = write(sheet.pk, revision=meta.cleaned_data["revision"],
                               key=meta.cleaned_data["key"], device=device_of(request))
            except services.Conflict:
                sheet.refresh_from_db()
                error, status = _changed_meanwhile(), 409
            except services.WriteError as exc:
                error, status = _refusal(exc), 400
            else:
                if not result.replayed:
                    messages.success(request, _("The evening is closed.") if closing
                                     else _("The evening is open again."))
                return written_then_go(request, _sheet_url(sheet))
        meta = WriteForm.fresh(sheet.revision)
    if not error and not services.closable(sheet):
        error, status = _refusal(services.Governed() if governing.governed(sheet)
                                 else services.NotOpenEnded()), 400
    elif not error and closing and sheet.closed is not None:
        error = _refusal(services.AlreadyClosed())
    elif not error and not closing and sheet.closed is None:
        error = _refusal(services.NotClosed())
    settle = None
    if closing:
        loaded = services.load_tail(sheet)
        settle = list(zip(sheet.player_names, loaded.scored.totals, strict=True))
    return render(request, "sheets/evening.html", {
        "sheet": sheet, "meta": meta, "error": error, "closing": closing,
        "possible": not error or status == 409,
        "totals": settle, "back_url": _sheet_url(sheet),
    }, status=status)


# --------------------------------------------------------------------------- a row's note


def _note_problem(error: services.BadNote) -> str:
    if error.code == "note_long":
        return _("A note holds at most %(max)s characters.") % {"max": MAX_NOTE}
    return str(error)  # (text_problem's words, in the page's language)


@require_http_methods(["GET", "POST"])
def note(request: HtmxHttpRequest, token: str, pos: int) -> HttpResponse:
    """Write, change or remove the note beside row ``pos`` without typing the deal again."""
    sheet = get_sheet_for_edit(token)
    entry = Entry.objects.filter(sheet=sheet, position=pos).first()
    if entry is None:
        raise Http404("no such entry")
    form = NoteForm(initial={"row_note": note_of(entry.data)})
    meta = WriteForm.fresh(sheet.revision)
    error, status = "", 200
    if request.method == "POST":
        form = NoteForm(request.POST)
        meta = WriteForm(request.POST)
        if not meta.is_valid():
            error, status = _damaged(), 400
        elif not form.is_valid():
            status = 400
        elif form.note() == note_of(entry.data):
            messages.info(request, _("Row %(number)s is unchanged.") % {"number": pos + 1})
            return written_then_go(request, _sheet_url(sheet, pos))
        else:
            try:
                result = services.set_note(
                    sheet.pk, revision=meta.cleaned_data["revision"],
                    key=meta.cleaned_data["key"], device=device_of(request), position=pos,
                    note=form.note())
            except services.BadNote as exc:
                form.add_error("row_note", _note_problem(exc))
                status = 400
            except services.NoSuchEntry as exc:
                raise Http404("no such entry") from exc
            except services.Conflict:
                sheet.refresh_from_db()
                error, status = _changed_meanwhile(), 409
            except services.WriteError as exc:
                error, status = _refusal(exc), 400
            else:
                if not result.replayed:
                    messages.success(request, _("The note of row %(number)s is saved.")
                                     % {"number": pos + 1})
                return written_then_go(request, _sheet_url(sheet, pos))
        if status != 200:
            meta = WriteForm.fresh(sheet.revision)
    loaded = services.load(sheet)
    if not 0 <= pos < len(loaded.entries):
        raise Http404("no such entry")
    return render(request, "sheets/entry_note.html", {
        "sheet": sheet,
        "number": pos + 1,
        "position": pos,
        "rows": rows_view(loaded.scored.rows_of(pos), loaded.document.players, sheet.game),
        "players": loaded.document.players,
        "form": form,
        "meta": meta,
        "error": error,
        "back_url": _sheet_url(sheet, pos),
        "edit_url": reverse("entry_edit", args=[token, pos]),
    }, status=status)
