"""The referee of a sheet: "was it legal?", what an offence costs, the table's rules.

Each page answers through the edit link and the read-only link alike; only the edit link may
write (the penalty calculator's button).  The arbiter page is a GET form, so a verdict is a URL
that can be shared; the link to share always uses the read-only token.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

import rules
from rules import arbiter, marias
from scoresheet.referee import reviewing
from scoresheet.referee import rulings as referee
from scoresheet.sheets import services
from scoresheet.sheets.forms import WriteForm
from scoresheet.sheets.gameforms import for_game, kind_label
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.paper import format_amount, paper_of
from scoresheet.sheets.views.access import (
    HtmxHttpRequest,
    Mode,
    device_of,
    get_sheet_for_edit,
    get_sheet_for_view,
    remember,
)
from scoresheet.sheets.views.history import summary
from scoresheet.sheets.views.share import qr_svg
from scoresheet.sheets.words import engine_message, game_label, preset_label, rejection_text


@dataclass(frozen=True, kw_only=True)
class Place:
    """Where a referee page stands: its sheet, through which link, and the links around it."""

    sheet: Sheet
    can_edit: bool

    def _url(self, edit_name: str, read_name: str, *, edit: bool | None = None) -> str:
        edit = self.can_edit if edit is None else edit
        if edit:
            return reverse(edit_name, args=[self.sheet.edit_token])
        return reverse(read_name, args=[self.sheet.view_token])

    @property
    def sheet_url(self) -> str:
        return self._url("sheet", "sheet_read")

    @property
    def referee_url(self) -> str:
        return self._url("referee", "referee_read")

    @property
    def review_url(self) -> str:
        return self._url("review", "review_read")

    @property
    def penalty_url(self) -> str:
        return self._url("penalty", "penalty_read")

    @property
    def rules_url(self) -> str:
        return self._url("table_rules", "table_rules_read")

    def shared(self, edit_name: str, read_name: str) -> str:
        """The read-only version of a page: what may be given to anyone."""
        return self._url(edit_name, read_name, edit=False)


def _place(token: str, mode: Mode) -> Place:
    if mode == Mode.EDIT:
        return Place(sheet=get_sheet_for_edit(token), can_edit=True)
    return Place(sheet=get_sheet_for_view(token), can_edit=False)


def _context(request: HttpRequest, place: Place, loaded: services.Loaded) -> dict[str, Any]:
    document = loaded.document
    return {
        "sheet": place.sheet,
        "place": place,
        "can_edit": place.can_edit,
        "players": document.players,
        "game_label": game_label(document.game),
        "preset_label": preset_label(document.ruleset),
        "offences": referee.offence_kinds(document),
    }


def _status(request: HtmxHttpRequest, refused: bool) -> int:
    """400 for a question the page cannot answer; htmx gets 200 so that it swaps the answer in."""
    return 400 if refused and not request.htmx else 200


# --------------------------------------------------------------------------- was it legal?


def _referee(request: HtmxHttpRequest, token: str, mode: Mode) -> HttpResponse:
    place = _place(token, mode)
    remember(request, place.sheet, mode)
    loaded = services.load(place.sheet)
    document = loaded.document
    asked = bool(request.GET)
    form = referee.QuestionForm(
        request.GET if asked else None, ruleset=document.ruleset, options=document.options
    )
    verdict = None
    if asked and form.is_valid():
        result = form.judge()
        if result is not None:
            trump = form.question()["trump"]
            verdict = referee.verdict_view(result, form.cleaned_data["card"], form.deck, trump)
    query = request.GET.urlencode()
    share = place.shared("referee", "referee_read") + (f"?{query}" if query else "")
    cost = referee.offence_query(referee.offence_kinds(document), verdict.broken) if verdict else {}
    cost_url = place.penalty_url + (f"?{urlencode(cost)}#result" if cost else "")
    context = _context(request, place, loaded) | {
        "form": form,
        "asked": asked,
        "verdict": verdict,
        "share_url": request.build_absolute_uri(share),
        "cost_url": cost_url,
        "rules_anchor_url": place.rules_url,
        "obligations": referee.obligations(
            arbiter.trick_rules(document.ruleset, document.options, edition=document.edition)
        ),
        "grids": {name: form.grid(name) for name in ("lead", "second", "hand", "card")},
        "buttons": {name: form.buttons(name) for name in ("contract", "trump")},
        "picked": {name: any(form.picked(name)) for name in ("lead", "second")},
    }
    template = "referee/referee.html#verdict" if request.htmx else "referee/referee.html"
    return render(request, template, context, status=_status(request, asked and verdict is None))


@require_GET
def referee_edit(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The arbiter, opened from the sheet's edit link."""
    return _referee(request, token, Mode.EDIT)


@require_GET
def referee_read(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The arbiter, opened from the read-only link."""
    return _referee(request, token, Mode.VIEW)


# --------------------------------------------------------------------------- penalties


def _offence_form(document: rules.Sheet, kind: str, data: QueryDict | None) -> referee.OffenceForm:
    return referee.OFFENCE_FORMS[kind](data, document=document)


@dataclass(frozen=True, kw_only=True)
class Attached:
    """The deal row a penalty belongs to: it is written right after it."""

    deal: int | None = None  # the row's index, as asked (None: written at the end)
    position: int | None = None  # where the penalty goes (None: at the end)
    text: str = ""  # "Attached to row 2 (Deal: Anna, hra in leaves …)."
    problem: str = ""  # why the row asked for cannot take it
    now: bool = False  # the deal being played, not on the sheet yet (a renonc stopped it)


NOW = reviewing.BEING_PLAYED  # ``deal=now``: the deal being played


def _last_deal(loaded: services.Loaded) -> int | None:
    """The deal row a renonc written at the end refers to, as the engine keeps it."""
    last = getattr(loaded.scored.state, "last", None)
    index = getattr(last, "index", None)
    return index if isinstance(index, int) else None


def _attached(loaded: services.Loaded, data: QueryDict | None) -> Attached:
    """Read ``deal`` (the index of a deal row, or ``now``) from the query or the posted form;
    a renonc on a sheet with no deal to refer to is in the deal being played."""
    asked = data.get("deal", "") if data is not None else ""
    kind = data.get("type") if data is not None else None
    if kind in STOPPING and (asked == NOW or (not asked and _last_deal(loaded) is None)):
        return Attached(now=True)
    if not asked or asked == NOW:  # an offence that never stops a deal is written at the end
        return Attached()
    entries = loaded.entries
    try:
        deal = int(asked)
    except ValueError:
        deal = -1
    game_forms = for_game(loaded.sheet.game)
    if not 0 <= deal < len(entries) or game_forms.kind_of(entries[deal].data) != "deal":
        return Attached(problem=_("The penalty can only be attached to a deal row of this "
                                  "sheet, and there is no deal at that place: open the "
                                  "calculator again from the sheet."))
    document = loaded.document
    text = _("Attached to row %(number)s (%(deal)s).") % {
        "number": deal + 1,
        "deal": summary(document.game, entries[deal].data, document.players),
    }
    position = deal + 1 if deal + 1 < len(entries) else None
    return Attached(deal=deal, position=position, text=text)


# The offences that may stop the deal being played (Mariáš's renonc: rules/marias.py Renonc.deal).
STOPPING = ("renonc",)


def _deal_choices(loaded: services.Loaded, kind: str | None,
                  attached: Attached) -> list[dict[str, Any]]:
    """"In which deal?": the deal being played, or the last deal on the sheet (a renonc)."""
    if kind not in STOPPING or attached.deal is not None:
        return []
    out = [{"value": NOW, "label": _("The deal being played (not on the sheet yet)"),
            "checked": attached.now}]
    last = _last_deal(loaded)
    if last is not None:
        document = loaded.document
        out.append({"value": "", "checked": not attached.now, "label": _(
            "The last deal on the sheet, row %(number)s (%(deal)s)") % {
            "number": last + 1,
            "deal": summary(document.game, loaded.entries[last].data, document.players)}})
    return out


def _reviewed_deal(loaded: services.Loaded, data: QueryDict | None) -> dict[str, Any]:
    """What the deal review the calculator was opened from knew of the deal being played: who
    played, the game and the trumps (nothing when it was not opened from a review)."""
    text = data.get("review") if data is not None else None
    if not text:
        return {}
    setup = reviewing.read_setup(QueryDict(text), loaded.document)
    known = {"declarer": setup.declarer, "game": setup.contract, "trump": setup.trump}
    return {name: value for name, value in known.items() if value is not None}


def _stopped(place: Place, form: referee.OffenceForm,
             reviewed: dict[str, Any]) -> dict[str, str]:
    """A renonc in the deal being played: the deal form that writes that deal stopped by it (its
    cost needs what was announced and fleked), or why it cannot stop the deal.  The form starts
    from what the review of that deal knew (``reviewed``)."""
    entry = form.entry()
    kind = marias.RENONC_KINDS[entry["kind"] - 1]
    if entry.get("played_out"):
        code, params = "stopped_played_out", {}
    elif not kind.decides:
        code, params = "stopped_kind_goes_on", {"kind": kind.number}
    else:
        query = urlencode({"stopped": 1, "renonc_seat": entry["seat"], "renonc_kind": kind.number}
                          | reviewed)
        url = reverse("entry_new", args=[place.sheet.edit_token, "deal"]) + f"?{query}"
        return {"url": url if place.can_edit else ""}
    return {"problem": engine_message(code, params, "", game=place.sheet.game)}


def _penalty_page(
    request: HtmxHttpRequest,
    place: Place,
    loaded: services.Loaded,
    data: QueryDict | None,
    *,
    status: int = 200,
    problem: str = "",
) -> HttpResponse:
    document = loaded.document
    kinds = referee.offence_kinds(document)
    kind = data.get("type") if data is not None else None
    if kind not in kinds:
        kind = kinds[0] if kinds else None
    form = None
    preview = None
    stopped: dict[str, str] | None = None
    attached = _attached(loaded, data)
    if attached.problem:
        problem, status = problem or attached.problem, _status(request, True)
    if kind is not None:
        bound = data if data is not None and data.get("seat") is not None else None
        form = _offence_form(document, kind, bound)
        if bound is None and data is not None:  # opened on an offence (a verdict's renonc kind)
            form.initial = {name: data[name] for name in form.fields if data.get(name)}
        if bound is not None and form.is_valid() and attached.now:
            stopped = _stopped(place, form, _reviewed_deal(loaded, data))
        elif bound is not None and form.is_valid() and not attached.problem:
            preview = referee.penalty_preview(loaded, form.entry(), attached.position)
    context = _context(request, place, loaded) | {
        "form": form,
        "kind": kind,
        "kinds": [{"kind": k, "label": kind_label(k),
                   "url": f"{place.penalty_url}?" + urlencode(
                       {"type": k} | ({} if attached.deal is None else {"deal": attached.deal}))}
                  for k in kinds],
        "preview": preview,
        "stopped": stopped,
        "deal_choices": _deal_choices(loaded, kind, attached),
        "attached": attached,
        "proof": _proof(loaded, data, form),
        "write": WriteForm.fresh(place.sheet.revision) if place.can_edit else None,
        "problem": problem,
        "totals": [(name, format_amount(total, paper_of(document.game)))
                   for name, total in zip(document.players, loaded.scored.totals, strict=True)],
    }
    if preview is not None and preview.objection:
        status = _status(request, True)
    template = "referee/penalty.html#result" if request.htmx else "referee/penalty.html"
    return render(request, template, context, status=status)


def _proof(loaded: services.Loaded, data: QueryDict | None,
           form: referee.OffenceForm | None) -> dict[str, Any] | None:
    """The deal review's proof of the offence priced (``review`` and ``trick`` from the
    review's link), found again by the engine; None when the page was not opened from one or
    the offence asked is not the one the review proved."""
    if data is None or form is None or not data.get("review") or not form.is_bound \
            or not form.is_valid():
        return None
    entry = form.entry()
    kept = reviewing.proof_of(loaded.document, str(data.get("review")), data.get("trick"),
                              entry.get("seat"), entry)
    if kept is None:
        return None
    return {"kept": kept, "review": data.get("review"), "trick": data.get("trick"),
            "text": reviewing.proof_summary({"meta": {reviewing.PROOF_META: kept}})}


def _write_penalty(request: HtmxHttpRequest, place: Place) -> HttpResponse:
    """Write the priced offence onto the sheet (edit link only), once per key."""
    sheet = place.sheet
    loaded = services.load(sheet)
    kinds = referee.offence_kinds(loaded.document)
    kind = request.POST.get("type")
    meta = WriteForm(request.POST)
    if kind not in kinds or not meta.is_valid():
        return _penalty_page(request, place, loaded, request.POST, status=400,
                             problem=_("This form is damaged: reload the page."))
    form = _offence_form(loaded.document, kind, request.POST)
    attached = _attached(loaded, request.POST)
    if not form.is_valid() or attached.problem or attached.now:
        return _penalty_page(request, place, loaded, request.POST, status=400)
    entry = form.entry()
    proof = _proof(loaded, request.POST, form)
    if proof is not None:  # the proof stays with the penalty (issue #25 item 4)
        entry = {**entry, "meta": {reviewing.PROOF_META: proof["kept"]}}
    write = {"revision": meta.cleaned_data["revision"], "key": meta.cleaned_data["key"],
             "device": device_of(request), "entry": entry}
    try:
        if attached.position is None:
            result = services.add_entry(sheet.pk, **write)
        else:
            result = services.insert_entry(sheet.pk, position=attached.position, **write)
    except services.Conflict:
        sheet.refresh_from_db()
        return _penalty_page(
            request, place, services.load(sheet), request.POST, status=409,
            problem=_("Another phone changed the sheet meanwhile. Nothing was written: here is "
                      "what the offence costs on the sheet as it is now; press again to write it."),
        )
    except services.Rejected as error:
        return _penalty_page(request, place, loaded, request.POST, status=400,
                             problem=rejection_text(error, loaded.document))
    url = reverse("sheet", args=[sheet.edit_token])
    if result.position is not None:
        url += f"#e{result.position}"
        if not result.replayed:
            messages.success(request, _("Written on the sheet as row %(number)s.")
                             % {"number": result.position + 1})
    return HttpResponseRedirect(url)


@require_http_methods(["GET", "POST"])
def penalty_edit(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """What an offence costs each player, and the button that writes it onto the sheet."""
    place = _place(token, Mode.EDIT)
    if request.method == "POST":
        return _write_penalty(request, place)
    return _penalty_page(request, place, services.load(place.sheet), request.GET)


@require_GET
def penalty_read(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """What an offence would cost, through the read-only link: nothing can be written."""
    place = _place(token, Mode.VIEW)
    return _penalty_page(request, place, services.load(place.sheet), request.GET)


# --------------------------------------------------------------------------- the rules


def _rules(request: HttpRequest, token: str, mode: Mode) -> HttpResponse:
    place = _place(token, mode)
    loaded = services.load(place.sheet)
    document = loaded.document
    changed = referee.changed_options(document)
    shown = referee.docs_for(document.game)
    docs = [
        (stem, referee.rules_doc(stem, ruleset=document.ruleset, changed=changed, shown=shown))
        for stem in shown
    ]
    share_url = request.build_absolute_uri(place.shared("table_rules", "table_rules_read"))
    context = _context(request, place, loaded) | {
        "options": referee.option_rows(document),
        "changed_count": len(rules.differences(document.base_rules, document.rules)),
        "edition": document.edition,
        "latest_edition": document.edition == rules.EDITION,
        "obligations": referee.obligations(
            arbiter.trick_rules(document.ruleset, document.options, edition=document.edition)
        ),
        "docs": docs,
        "share_url": share_url,
        "share_qr": mark_safe(qr_svg(share_url)),  # noqa: S308  (segno's own SVG)
    }
    return render(request, "referee/rules.html", context)


@require_GET
def rules_edit(request: HttpRequest, token: str) -> HttpResponse:
    """The rules as this table plays them, from the edit link."""
    return _rules(request, token, Mode.EDIT)


@require_GET
def rules_read(request: HttpRequest, token: str) -> HttpResponse:
    """The rules as this table plays them, from the read-only link (what is shared)."""
    return _rules(request, token, Mode.VIEW)
