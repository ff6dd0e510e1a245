"""Entering a row, correcting or deleting an earlier one, with a live preview of what it does."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

import rules
from scoresheet.sheets import extensions, governing, services
from scoresheet.sheets.display import rows_view
from scoresheet.sheets.forms import NoteForm, WriteForm
from scoresheet.sheets.gameforms import EntryForm, FormContext, for_game, kind_label
from scoresheet.sheets.headers import (
    ALREADY_HEADER,
    BY_HEADER,
    OBJECTION_HEADER,
    QUEUE_HEADER,
    REVISION_HEADER,
    WRITTEN_HEADER,
)
from scoresheet.sheets.models import Action, Sheet
from scoresheet.sheets.reading import note_of, with_note
from scoresheet.sheets.views.access import (
    HtmxHttpRequest,
    device_of,
    get_sheet_for_edit,
    written_then_go,
)
from scoresheet.sheets.views.history import summary
from scoresheet.sheets.views.sheet import sheet_context
from scoresheet.sheets.words import rejection_text


@dataclass(frozen=True, kw_only=True)
class Change:
    """One player's total before and after the entry (for the preview)."""

    name: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before


def context_before(loaded: services.Loaded, position: int | None) -> FormContext:
    """The sheet as it stands before the entry at ``position`` (None: after the last one)."""
    if position is None:
        return FormContext(document=loaded.document, scored=loaded.scored)
    document = loaded.document.with_entries(loaded.document.entries[:position])
    return FormContext(document=document, scored=rules.score(document), position=position)


def sheet_url(sheet: Sheet, position: int | None = None) -> str:
    url = reverse("sheet", args=[sheet.edit_token])
    return url + (f"#e{position}" if position is not None else "")


def by_others(sheet: Sheet, given: int, device: str) -> bool:
    """Whether another phone wrote to ``sheet`` since revision ``given``: this phone's own writes
    (another tab, an undo, its queue) are not "another phone"; a change without a device, or a
    phone without its cookie, counts as another's."""
    return not device or any(c.device != device for c in services.changes_since(sheet, given))


def preview(
    form: EntryForm, meta: WriteForm, loaded: services.Loaded, position: int | None,
    *, device: str = "",
) -> dict[str, Any]:
    """What the typed entry would do, or what is still missing, or the engine's objection."""
    out: dict[str, Any] = {"stale": False, "missing": [], "objection": "", "rows": ()}
    fills = getattr(form, "fills", None)
    if meta.is_valid() and meta.cleaned_data["revision"] != loaded.sheet.revision:
        out["stale"] = True
        out["stale_by_others"] = by_others(loaded.sheet, meta.cleaned_data["revision"], device)
    if position is None and form.goes_to() is not None:
        return out  # another form is asked for (the deal being played): nothing to preview
    valid = form.is_valid()
    # what the form filled in (the last player's points) is shown beside its empty input
    out["fills"] = fills() if callable(fills) else []
    if not valid:
        out["missing"] = [
            str(form.fields[name].label or name) if name in form.fields else ""
            for name in form.errors
        ]
        out["errors"] = [str(e) for errors in form.errors.values() for e in errors]
        return out
    entry = form.entry()
    try:
        if position is None and loaded.tail is not None:
            scored, rows = services.preview_append(loaded, entry)
        else:
            data = [e.data for e in loaded.entries]
            scored, rows = services.preview(loaded.sheet, data, entry, position=position)
    except services.Rejected as error:
        out["objection"] = rejection_text(error, loaded.document)
        return out
    players = loaded.document.players
    out["rows"] = rows_view(rows, players, loaded.sheet.game)
    if position is None:
        before = loaded.scored.totals
        after = rows[-1].totals if rows else before
    else:
        before, after = loaded.scored.totals, scored.totals
    out["changes"] = [Change(name=players[s], before=before[s], after=after[s])
                      for s in range(len(players))]
    out["final"] = position is not None
    out["filled"] = getattr(form, "filled", None)
    if out["filled"]:
        seat, value = out["filled"]
        out["filled_text"] = _("%(name)s: %(points)s (the rest of the deal)") % {
            "name": players[seat],
            "points": value,
        }
    return out


def _entry_page(
    request: HtmxHttpRequest,
    *,
    sheet: Sheet,
    loaded: services.Loaded,
    form: EntryForm,
    meta: WriteForm,
    position: int | None,
    status: int = 200,
    conflict: str = "",
    since: list[str] | None = None,
    already: dict[str, Any] | None = None,
    kept_preview: dict[str, Any] | None = None,
    note_form: NoteForm | None = None,
) -> HttpResponse:
    kinds = []
    if position is None and note_form is None:  # a new row's note (a row's own page edits it)
        note_form = NoteForm(request.POST) if request.method == "POST" else NoteForm()
    if position is not None:
        game_forms = for_game(sheet.game)
        kinds = [
            {"kind": k, "label": kind_label(k),
             "url": reverse("entry_edit", args=[sheet.edit_token, position]) + f"?kind={k}"}
            for k in game_forms.kinds_for(loaded.document) if k != form.kind
        ]
    context = {
        "sheet": sheet,
        "form": form,
        "meta": meta,
        "note_form": note_form if position is None else None,
        "position": position,
        "number": (position if position is not None else len(loaded.entries)) + 1,
        "number_html": format_html(
            '<span data-row-number>{}</span>',
            (position if position is not None else len(loaded.entries)) + 1,
        ),
        "kind_label": kind_label(form.kind),
        # the totals before this row, and who deals it
        "totals": list(zip(form.context.players, form.context.scored.totals, strict=True)),
        "next_dealer": form.context.scored.dealer,
        "back_url": sheet_url(sheet, position),
        "other_kinds": kinds,
        "conflict": conflict,
        "since": since or [],
        "already": already,
        "action_url": request.get_full_path(),
        # what a form kept on the phone needs to number the row and name its dealer offline
        "moves_dealer": position is None and form.kind == _first_kind(sheet, loaded),
        "dealers": json.dumps(_dealers(form.context)) if position is None else "[]",
    }
    context.update(extensions.form_context(request, sheet, form.kind, loaded, position))
    if conflict:
        context["current"] = sheet_context(sheet, can_edit=False, loaded=loaded)
    if status == 200 and kept_preview is not None:
        context["preview"] = kept_preview  # a prefilled form: what it would do, at once
    if status == 400:
        # refused: what the row would do stays in view, a summary of what to fix is at the top,
        # and the first wrong field is where the page opens (and has the focus)
        context["preview"] = kept_preview or preview(form, meta, loaded, position,
                                                     device=device_of(request).id)
        context["summary"] = error_summary(form)
    response = render(request, "sheets/entry_form.html", context, status=status)
    if status >= 400 and request.headers.get(QUEUE_HEADER):
        _tell_the_queue(response, sheet, form, context)
    return response


def _tell_the_queue(response: HttpResponse, sheet: Sheet, form: EntryForm,
                    context: dict[str, Any]) -> None:
    """A refused row of the phone's queue (static/js/offline.js): what the page says, in
    headers the script reads instead of the page's markup.  ``X-Listek-Revision``: the sheet's
    revision now; ``X-Listek-Already``: the row was written before; ``X-Listek-Objection``: why
    the row was not written.  Texts are percent-encoded UTF-8 (a header holds only ASCII)."""
    response[REVISION_HEADER] = str(sheet.revision)
    already = context.get("already")
    if already:
        response[ALREADY_HEADER] = quote(
            _("Already written as row %(number)s: nothing was written again.")
            % {"number": already["number"]})
    texts: list[str] = []
    for text in (context.get("conflict") or "", *context.get("since", ()),
                 *(str(e) for e in form.non_field_errors()),
                 *(item["text"] for item in context.get("summary", ())),
                 (context.get("preview") or {}).get("objection") or ""):
        text = " ".join(str(text).split())
        if text and text not in texts:
            texts.append(text)
    if texts:
        response[OBJECTION_HEADER] = quote(" ".join(texts))


def error_summary(form: EntryForm) -> list[dict[str, str]]:
    """What to fix, field by field in the form's order, each with the id of its input; the
    first wrong input gets ``autofocus``, so that the refused page opens on it."""
    fields = list(form.fields)
    wrong: list[tuple[int, str, str]] = []  # (place in the form, field, message)
    for name, field_errors in form.errors.items():
        if name in form.fields:
            wrong += [(fields.index(name), name, str(e)) for e in field_errors]
    for group, errors in form.group_errors.items():
        members = [f for f in fields if f == group or f.startswith(f"{group}_")]
        if members:
            wrong += [(fields.index(members[0]), members[0], str(e)) for e in errors]
    wrong.sort(key=lambda item: item[0])
    out = []
    for _place, name, message in wrong:
        widget = form.fields[name].widget
        anchor = form[name].auto_id or ""
        if anchor and isinstance(widget, forms.RadioSelect | forms.CheckboxSelectMultiple):
            anchor = f"{anchor}_0"  # the first button of the group
        out.append({"id": anchor, "text": message})
    if wrong:
        form.fields[wrong[0][1]].widget.attrs["autofocus"] = True
    return out


def _preview_response(
    request: HtmxHttpRequest, form: EntryForm, meta: WriteForm, loaded: services.Loaded,
    position: int | None,
) -> HttpResponse:
    return render(
        request,
        "sheets/entry_form.html#preview",
        {"preview": preview(form, meta, loaded, position, device=device_of(request).id),
         "sheet": loaded.sheet},
    )


def _dealers(context: FormContext) -> list[int]:
    """Who deals the new row, then each row of the game's main kind after it, as the engine passes
    the deal: a form kept on the phone moves its dealer past the rows still waiting there."""
    dealer = context.scored.dealer
    out: list[int] = []
    while dealer is not None and len(out) < context.n:
        out.append(dealer)
        dealer = context.document.engine.next_dealer(context.options, dealer, context.n)
    return out


def _first_kind(sheet: Sheet, loaded: services.Loaded) -> str:
    kinds = for_game(sheet.game).kinds_for(loaded.document)
    return kinds[0] if kinds else ""



def written(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """The answer to a write that was stored: the sheet (a redirect), or for the phone's queue a
    204 naming that page, so that its message is shown there and not used up by the queue."""
    if request.headers.get(QUEUE_HEADER):
        response = HttpResponse(status=204)
        response[WRITTEN_HEADER] = url
        return response
    return HttpResponseRedirect(url)


def made_at(request: HtmxHttpRequest, sheet: Sheet) -> int:
    """The revision a new form is made at: the sheet page's that linked to it (``?at=``).

    A form opened again by the browser's Back button is made at the revision the player saw
    then, so that sending it again is recognised as the same row (services.AlreadyWritten).
    """
    at = request.GET.get("at", "")
    if at.isascii() and at.isdigit() and int(at) <= sheet.revision:
        return int(at)
    return sheet.revision


def _conflict_text(error: services.Conflict, *, by_others: bool) -> str:
    if isinstance(error, services.KeyReused):
        return _(
            "This form was already used to write another row. Your entry was NOT saved: "
            "check the sheet below and send your entry again."
        )
    if not by_others:
        return _(
            "The sheet was changed on this phone while this form was open. Nothing was saved. "
            "Check what was written and the sheet below, and send your entry again."
        )
    return _(
        "Another phone changed the sheet while you were typing. Nothing was saved. "
        "Check what it wrote and the sheet below, and send your entry again."
    )


def changes_in_words(sheet: Sheet, given: int) -> list[str]:
    """What was written on the sheet since revision ``given``, a sentence a change, in players'
    words: the row and what it holds (what it held, for a row deleted)."""
    texts = {
        Action.ADD: _("Row %(number)s written: %(row)s."),
        Action.EDIT: _("Row %(number)s corrected: %(row)s."),
        Action.DELETE: _("Row %(number)s deleted: %(row)s."),
        Action.UNDO: _("Row %(number)s changed back by an undo: %(row)s."),
        Action.REDO: _("Row %(number)s changed again by a redo: %(row)s."),
    }
    players = sheet.player_names
    out = []
    for change in services.changes_since(sheet, given):
        data = change.after if change.after is not None else change.before
        template = texts.get(Action(change.action), texts[Action.EDIT])
        out.append(template % {"number": change.position + 1,
                               "row": summary(sheet.game, data, players)})
    return out


@dataclass(kw_only=True)
class Entering:
    """One entry form's request: the sheet as it stands before the row, and what the
    extensions prefilled (scoresheet/sheets/extensions.py)."""

    request: HtmxHttpRequest
    sheet: Sheet
    kind: str
    position: int | None
    loaded: services.Loaded
    form_class: type[EntryForm]
    context: FormContext
    prefilled: dict[extensions.EntryExtension, extensions.Prefill]

    @property
    def previous(self) -> dict[str, Any] | None:
        """The row being corrected (None for a new row)."""
        return self.loaded.entries[self.position].data if self.position is not None else None

    def page(self, form: EntryForm, meta: WriteForm, **kwargs: Any) -> HttpResponse:
        return _entry_page(self.request, sheet=self.sheet, loaded=self.loaded, form=form,
                           meta=meta, position=self.position, **kwargs)


def _write(
    request: HtmxHttpRequest,
    sheet: Sheet,
    *,
    kind: str,
    position: int | None,
) -> HttpResponse:
    # a new row is judged on the saved state of the sheet's revision: no replay, no entry read
    loaded = services.load(sheet) if position is not None else services.load_tail(sheet)
    if position is not None and not 0 <= position < len(loaded.entries):
        raise Http404("no such entry")
    form_class = for_game(sheet.game).form_class(kind)
    if form_class is None:
        raise Http404("no such entry kind")
    entering = Entering(
        request=request, sheet=sheet, kind=kind, position=position, loaded=loaded,
        form_class=form_class, context=context_before(loaded, position),
        prefilled=extensions.prefills(request, loaded, kind, position),
    )
    if request.method == "GET":
        return _show_form(entering)
    return _take_form(entering)


def _show_form(e: Entering) -> HttpResponse:
    """GET: the empty form of a new row, or the stored row to correct (or a prefilled row)."""
    if e.position is None and e.sheet.closed is not None and services.closed_by_evening(e.sheet):
        # the evening is closed: no form for a row that cannot be written (it can be reopened)
        return render(e.request, "sheets/entry_closed.html", {
            "sheet": e.sheet, "kind_label": kind_label(e.kind), "back_url": sheet_url(e.sheet),
            "evening_closed": True,
        })
    if e.position is None and e.loaded.scored.outcome is not None:
        # the game is over: no form for a row that cannot be written (the sheet offers a rematch)
        return render(e.request, "sheets/entry_closed.html", {
            "sheet": e.sheet, "kind_label": kind_label(e.kind), "back_url": sheet_url(e.sheet),
            "rematch": not governing.governed(e.sheet),
        })
    filled = extensions.first_entry(e.prefilled)
    initial = None
    if e.position is None:
        initial = e.form_class.initial_from_query(e.request.GET, e.context)
    elif e.previous is not None and for_game(e.sheet.game).kind_of(e.previous) == e.kind:
        initial = e.form_class.initial_from_entry(e.previous, e.context)
    if filled is not None:
        initial = e.form_class.initial_from_entry(filled, e.context)
    form = e.form_class(context=e.context, initial=initial)
    extensions.extend_form(form, e.sheet, e.previous if e.position is not None else filled)
    revision = made_at(e.request, e.sheet) if e.position is None else e.sheet.revision
    meta = WriteForm.fresh(revision)
    shown = None
    if e.position is None and (initial is not None or e.form_class.preview_at_once):
        # a row filled in already (by a link, the deal review, the referee) or one the form
        # fills by itself (the misdeal: the dealer): what it would do shows at once, as after
        # a tap, without a script
        as_posted = e.form_class(posted_as_shown(form), context=e.context)
        extensions.extend_form(as_posted, e.sheet, filled)
        shown = preview(as_posted, meta, e.loaded, e.position)
    return e.page(form, meta, kept_preview=shown)


def posted_as_shown(form: EntryForm) -> QueryDict:
    """The data the (unbound) form would post as the page shows it: its initial values."""
    data = QueryDict(mutable=True)
    for bound in form:
        value = bound.value()
        if value is None or value is False or value == "":
            continue
        if value is True:
            data[bound.html_name] = "on"
        elif isinstance(value, (list, tuple)):
            data.setlist(bound.html_name, [str(v) for v in value])
        else:
            data[bound.html_name] = str(value)
    return data


def _take_form(e: Entering) -> HttpResponse:
    """POST: a live preview, the form shown again, the form's errors, or the row written."""
    form = e.form_class(e.request.POST, context=e.context)
    extensions.extend_form(form, e.sheet, None)
    meta = WriteForm(e.request.POST)
    if e.request.POST.get("preview"):
        return _preview_response(e.request, form, meta, e.loaded, e.position)
    if form.redisplay():  # e.g. a meld calculator's − or +: show the form again, write nothing
        return e.page(form, meta)
    if e.position is None and (elsewhere := form.goes_to()) is not None:
        if e.request.headers.get(QUEUE_HEADER):
            # the phone's queue only writes rows: a 400 writes nothing, and the page sends the
            # form again the browser's own way, to be led to the other form
            return HttpResponse(status=400)
        kind, query = elsewhere
        url = reverse("entry_new", args=[e.sheet.edit_token, kind])
        return HttpResponseRedirect(f"{url}?{urlencode(query)}")
    note_form = NoteForm(e.request.POST)
    if not (form.is_valid() and meta.is_valid()) or (e.position is None
                                                     and not note_form.is_valid()):
        return e.page(form, meta, status=400, note_form=note_form)
    entry = extensions.finish(form.entry(), e.prefilled, e.previous)
    # a new row's note from the form; a corrected row keeps its own (its page changes it)
    entry = with_note(entry, note_form.note() if e.position is None else note_of(e.previous))
    if e.position is not None and entry == e.previous:
        messages.info(e.request, _("Row %(number)s is unchanged.") % {"number": e.position + 1})
        return HttpResponseRedirect(sheet_url(e.sheet, e.position))
    return _store(e, form, meta, entry)


def _store(e: Entering, form: EntryForm, meta: WriteForm, entry: dict[str, Any]) -> HttpResponse:
    """Write the row through the one writer, or show why it was not written."""
    request, sheet, position = e.request, e.sheet, e.position
    revision, key = meta.cleaned_data["revision"], meta.cleaned_data["key"]
    try:
        if position is None:
            result = services.add_entry(
                sheet.pk, revision=revision, key=key, device=device_of(request), entry=entry,
                known=e.loaded.tail,
            )
        else:
            result = services.update_entry(
                sheet.pk, revision=revision, key=key, device=device_of(request),
                position=position, entry=entry,
            )
    except services.AlreadyWritten as error:
        return _already_written(e, error)
    except services.Conflict as error:
        return _conflict(e, error)
    except services.Rejected as error:
        # the objection, as the preview said it
        kept = preview(form, meta, e.loaded, position, device=device_of(request).id)
        form.add_rejection(error)
        return e.page(form, meta, status=400, kept_preview=kept)
    number = (result.position or 0) + 1
    if not result.replayed:
        if position is None:
            messages.success(request, _("Row %(number)s written.") % {"number": number})
        else:
            messages.success(
                request,
                _("Row %(number)s corrected; every later row was replayed.") % {"number": number},
            )
    elif request.headers.get(QUEUE_HEADER):
        # the phone's queue sends a row again when the first answer was lost: confirm it
        messages.success(request, _("Row %(number)s written.") % {"number": number})
    return written(request, sheet_url(sheet, result.position))


def _already_written(e: Entering, error: services.AlreadyWritten) -> HttpResponse:
    """409: this very form was written before (its answer was lost): point at that row."""
    e.sheet.refresh_from_db()
    loaded = services.load(e.sheet)
    form = e.form_class(e.request.POST, context=context_before(loaded, None))
    form.is_valid()
    return _entry_page(
        e.request, sheet=e.sheet, loaded=loaded, form=form,
        meta=WriteForm.rebound(e.sheet.revision), position=None, status=409,
        already={"number": error.position + 1, "url": sheet_url(e.sheet, error.position)},
    )


def _conflict(e: Entering, error: services.Conflict) -> HttpResponse:
    """409: the sheet changed since the form was made: the form again, with what changed."""
    e.sheet.refresh_from_db()
    loaded = services.load(e.sheet)
    form = e.form_class(e.request.POST, context=context_before(loaded, e.position))
    form.is_valid()
    since = changes_in_words(e.sheet, error.given)
    others = by_others(e.sheet, error.given, device_of(e.request).id)
    response = _entry_page(
        e.request, sheet=e.sheet, loaded=loaded, form=form,
        meta=WriteForm.rebound(e.sheet.revision), position=e.position, status=409,
        conflict=_conflict_text(error, by_others=others), since=since,
    )
    if e.request.headers.get(QUEUE_HEADER):
        response[BY_HEADER] = "other" if others else "this"
    return response


@require_http_methods(["GET", "POST"])
def entry_new(request: HtmxHttpRequest, token: str, kind: str) -> HttpResponse:
    """A new row of kind ``kind`` at the end of the sheet."""
    sheet = get_sheet_for_edit(token)
    return _write(request, sheet, kind=kind, position=None)


@require_http_methods(["GET", "POST"])
def entry_edit(request: HtmxHttpRequest, token: str, pos: int) -> HttpResponse:
    """Correct row ``pos`` (its kind may change with ``?kind=``); later rows are replayed."""
    sheet = get_sheet_for_edit(token)
    kind = request.GET.get("kind") or _kind_at(sheet, pos)
    return _write(request, sheet, kind=kind, position=pos)


def _kind_at(sheet: Sheet, pos: int) -> str:
    """The kind of form that corrects row ``pos``."""
    entry = sheet.entries.filter(position=pos).values_list("data", flat=True).first()
    if entry is None:
        raise Http404("no such entry")
    return for_game(sheet.game).kind_of(entry) if isinstance(entry, dict) else ""


@require_http_methods(["GET", "POST"])
def entry_delete(request: HtmxHttpRequest, token: str, pos: int) -> HttpResponse:
    """Delete row ``pos`` after a confirmation; later rows move up and are replayed."""
    sheet = get_sheet_for_edit(token)
    error = ""
    status = 200
    meta = WriteForm.fresh(sheet.revision)
    refused_at: int | None = None  # the later row a refused delete would have made wrong
    if request.method == "POST":
        meta = WriteForm(request.POST)
        positions = _deletion_steps(request.POST.get("then", ""), pos)
        if not meta.is_valid() or positions is None:
            error, status = _("This form is damaged: reload the page."), 400
        else:
            try:
                result = services.delete_entries(
                    sheet.pk,
                    revision=meta.cleaned_data["revision"],
                    key=meta.cleaned_data["key"],
                    device=device_of(request),
                    positions=positions,
                )
            except services.Conflict as exc:
                sheet.refresh_from_db()
                return _delete_conflict(request, sheet, exc)
            except services.NoSuchEntry as exc:
                raise Http404("no such entry") from exc
            except services.Rejected as exc:
                error, status = rejection_text(exc, services.load(sheet).document), 400
                meta = WriteForm.fresh(sheet.revision)
                if exc.elsewhere and exc.entry is not None and exc.entry > pos:
                    refused_at = exc.entry
            else:
                if not result.replayed:
                    messages.success(request, _deleted_text(pos, positions))
                return written_then_go(request, sheet_url(sheet))
    loaded = services.load(sheet)
    if not 0 <= pos < len(loaded.entries):
        raise Http404("no such entry")
    rows = rows_view(loaded.scored.rows_of(pos), loaded.document.players, sheet.game)
    return render(
        request,
        "sheets/entry_delete.html",
        {
            "sheet": sheet,
            "position": pos,
            "number": pos + 1,
            "rows": rows,
            "players": loaded.document.players,
            "meta": meta,
            "error": error,
            "ways": _ways_forward(sheet, loaded, pos, refused_at),
            "back_url": sheet_url(sheet, pos),
        },
        status=status,
    )


# The buttons of a refused delete (``then``), counted on the sheet the page showed, so that a
# request sent again (its answer lost) asks for the same writes:
FROM_THE_END = "end-"  # ``end-N``: the N rows' last one first, up to this one
ALSO = "also-"  # ``also-K``: row K (a later row) first, then this one


def _deletion(then: str) -> tuple[str, int] | None:
    """The button tapped and the row number it carries (None: not a button of the page)."""
    for prefix in (FROM_THE_END, ALSO):
        number = then.removeprefix(prefix)
        if then.startswith(prefix) and number.isascii() and number.isdigit():
            return prefix, int(number)
    return None


def _deletion_steps(then: str, pos: int) -> list[int] | None:
    """The positions to delete, in order, for the button tapped (None: not a button of the
    page)."""
    if not then:
        return [pos]
    tapped = _deletion(then)
    if tapped is None or tapped[1] <= pos:
        return None
    prefix, number = tapped
    if prefix == FROM_THE_END:
        return list(range(number - 1, pos - 1, -1))
    return [number, pos]


def _deleted_text(pos: int, positions: list[int]) -> str:
    if len(positions) == 1:
        return _("Row %(number)s deleted.") % {"number": pos + 1}
    return ngettext("%(count)s row deleted.", "%(count)s rows deleted.", len(positions)) % {
        "count": len(positions)}


def _ways_forward(sheet: Sheet, loaded: services.Loaded, pos: int,
                  refused_at: int | None) -> dict[str, Any] | None:
    """A delete refused because a later row would be wrong: what works instead, each one tap
    (correct that row first, delete from the end, or delete both rows when the engine takes
    the sheet without them)."""
    count = len(loaded.entries)
    if refused_at is None or not pos < refused_at < count:
        return None
    document = loaded.document
    both = (services.deletion_works(document, [refused_at])
            and services.deletion_works(document, [refused_at, pos]))
    return {
        "correct_url": reverse("entry_edit", args=[sheet.edit_token, refused_at]),
        "correct_text": _("Correct row %(number)s first") % {"number": refused_at + 1},
        "end": f"{FROM_THE_END}{count}",
        "end_text": _("Delete rows %(first)s to %(last)s, the last one first") % {
            "first": pos + 1, "last": count},
        "both": f"{ALSO}{refused_at}" if both else "",
        "both_text": _("Delete row %(number)s and row %(other)s") % {
            "number": pos + 1, "other": refused_at + 1},
    }


def _delete_conflict(
    request: HtmxHttpRequest, sheet: Sheet, error: services.Conflict
) -> HttpResponse:
    context = sheet_context(sheet, can_edit=True)
    if by_others(sheet, error.given, device_of(request).id):
        context["conflict"] = _(
            "Another phone changed the sheet before your delete arrived. Nothing was deleted: "
            "here is the sheet as it is now."
        )
    else:
        context["conflict"] = _(
            "The sheet was changed on this phone before your delete arrived. Nothing was "
            "deleted: here is the sheet as it is now."
        )
    return render(request, "sheets/sheet.html", context, status=409)
