"""Settling up a Mariáš sheet: the final table and the fewest payments that square the money.

Everything here is the engine's: ``rules.marias.final_result`` (money, whole crowns, premium
points, docs/rules/marias.md#final-result) and ``rules.marias.settle_up`` (the transfers).  The
page answers through the edit link and the read-only link alike; the same view serves the full
page and the htmx fragment (which a watching phone polls: 204 while the sheet is unchanged).

Premium points: the table may type its premium table on the page (a GET form, so nothing is
written); the final table is then counted with it, as ``final_result`` allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

import rules
from rules import marias as engine
from scoresheet.sheets import services
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.paper import format_money
from scoresheet.sheets.views.access import (
    HtmxHttpRequest,
    Mode,
    get_sheet_for_edit,
    get_sheet_for_view,
    remember,
)
from scoresheet.sheets.words import engine_message

GAME = "marias"
POLL_SECONDS = 5  # a watcher's settle-up page asks this often whether the sheet changed

# The games a premium table can reward (engine.PREMIUM_KEYS), in the table's words.
PREMIUM_LABELS: dict[str, Any] = {
    "hra": gettext_lazy("hra"),
    "hra_red": gettext_lazy("hra ♥"),
    "sedma": gettext_lazy("sedma"),
    "sedma_red": gettext_lazy("sedma ♥"),
    "sto": gettext_lazy("sto"),
    "sto_red": gettext_lazy("sto ♥"),
    "betl": gettext_lazy("betl"),
    "durch": gettext_lazy("durch"),
}


def whole_crowns(crowns: int) -> str:
    """Whole crowns as the page writes them: "12 Kč", "-3 Kč" (localized)."""
    return _("%(amount)s Kč") % {"amount": number_format(crowns, decimal_pos=0, use_l10n=True)}


@dataclass(frozen=True, kw_only=True)
class Line:
    """One player in the final table."""

    name: str
    money: int  # haléře, exact
    money_text: str
    crowns: int
    crowns_text: str
    premium: int
    total: int
    tally: str  # "hra 3, sedma ♥ 1": the premium games he won
    minus: str  # "sedma ×2": the flek levels of his minus points (rule II.15)


@dataclass(frozen=True, kw_only=True)
class Payment:
    """One transfer of the settling up."""

    payer: str
    payee: str
    amount: int  # haléře
    amount_text: str
    crowns_text: str  # the same rounded to whole crowns (engine.round_crowns)


class PremiumForm(forms.Form):
    """The premium points a table agrees on at the end (docs/rules/marias.md#premium)."""

    def __init__(self, *args: Any, options: engine.MariasOptions, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key in engine.PREMIUM_KEYS:
            self.fields[f"premium_{key}"] = forms.IntegerField(
                required=False,
                label=PREMIUM_LABELS[key],
                initial=options.premium_points.get(key),
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "num"}),
            )

    def table(self) -> dict[str, int]:
        return {
            key: self.cleaned_data[f"premium_{key}"]
            for key in engine.PREMIUM_KEYS
            if self.cleaned_data.get(f"premium_{key}") is not None
        }


def _options(document: rules.Sheet, form: PremiumForm) -> tuple[engine.MariasOptions, str]:
    """The sheet's options, with the premium table typed on the page when there is one."""
    options: engine.MariasOptions = document.rules
    if not form.is_bound or not form.is_valid():
        return options, ""
    table = form.table()
    if not table:
        return options, ""
    try:
        with_premium: engine.MariasOptions = rules.with_overrides(
            options, {"premium_points": table}
        )
    except rules.RulesError as error:
        return options, engine_message(error.code, error.params, error.message, game="marias")
    return with_premium, ""


def deals_played(loaded: services.Loaded) -> int:
    """The deals played: every deal row and every deal stopped by a renonc (the renonc row
    carries the deal it stopped: docs/rules/marias.md#stopped-deal, "a deal of the round like
    any other"), as a tournament counts them; a renonc or misdeal row of its own is no deal."""
    return sum(1 for e in loaded.entries
               if e.data.get("type") == engine.Kind.DEAL
               or (e.data.get("type") == engine.Kind.RENONC and e.data.get("deal") is not None))


def settle_context(sheet: Sheet, loaded: services.Loaded, form: PremiumForm,
                   *, can_edit: bool, query: str = "") -> dict[str, Any]:
    document, scored = loaded.document, loaded.scored
    players = document.players
    options, objection = _options(document, form)
    tally, minus = engine.premium_tally(scored), engine.minus_tally(scored)
    lines = [
        Line(
            name=players[r.seat],
            money=r.money,
            money_text=format_money(r.money),
            crowns=r.crowns,
            crowns_text=whole_crowns(r.crowns),
            premium=r.premium,
            total=r.total,
            tally=", ".join(f"{PREMIUM_LABELS.get(k, k)} {n}" for k, n in tally[r.seat].items()),
            minus=", ".join(f"{PREMIUM_LABELS.get(k, k)} ×{n}" for k, n in minus[r.seat].items()),
        )
        for r in engine.final_result(scored, options)
    ]
    transfers = [
        Payment(
            payer=players[t.payer],
            payee=players[t.payee],
            amount=t.amount,
            amount_text=format_money(t.amount),
            crowns_text=whole_crowns(engine.round_crowns(t.amount)),
        )
        for t in engine.settle_up(scored.totals)
    ]
    if can_edit:
        url = reverse("marias_settle", args=[sheet.edit_token])
        back = reverse("sheet", args=[sheet.edit_token])
    else:
        url = reverse("marias_settle_read", args=[sheet.view_token])
        back = reverse("sheet_read", args=[sheet.view_token])
    return {
        "sheet": sheet,
        "can_edit": can_edit,
        "players": players,
        "lines": lines,
        "transfers": transfers,
        "premium": bool(options.premium_points),
        "premium_form": form,
        "premium_objection": objection,
        "deals": deals_played(loaded),
        "other_rows": len(loaded.entries) - deals_played(loaded),
        "settle_url": url,
        "poll_url": f"{url}?{query + '&' if query else ''}rev={sheet.revision}",
        "sheet_url": back,
        "read_url": reverse("marias_settle_read", args=[sheet.view_token]),
        "poll_seconds": POLL_SECONDS,
    }


def _settle(request: HtmxHttpRequest, sheet: Sheet, *, can_edit: bool) -> HttpResponse:
    if sheet.game != GAME:
        raise Http404("settling up is for Mariáš sheets")
    if request.htmx and request.GET.get("rev") == str(sheet.revision):
        return HttpResponse(status=204)
    loaded = services.load(sheet)
    params = request.GET.copy()
    params.pop("rev", None)
    form = PremiumForm(params or None, options=loaded.document.rules)
    context = settle_context(sheet, loaded, form, can_edit=can_edit, query=params.urlencode())
    template = "sheets/marias/settle.html#settle" if request.htmx else "sheets/marias/settle.html"
    return render(request, template, context)


@require_GET
def settle_edit(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Settle up, opened from the sheet's edit link."""
    sheet = get_sheet_for_edit(token)
    remember(request, sheet, Mode.EDIT)
    return _settle(request, sheet, can_edit=True)


@require_GET
def settle_read(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Settle up, opened from the read-only link: the same page, nothing to write anyway."""
    sheet = get_sheet_for_view(token)
    remember(request, sheet, Mode.VIEW)
    return _settle(request, sheet, can_edit=False)
