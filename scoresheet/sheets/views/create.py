"""Start a sheet: the game and preset, the house rules, the players in seat order, the dealer."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

import rules
from scoresheet.sheets import governing, services
from scoresheet.sheets.forms import NewSheetForm, apply_fix
from scoresheet.sheets.views.access import (
    HtmxHttpRequest,
    Mode,
    device_of,
    get_sheet_for_edit,
    remember,
)
from scoresheet.sheets.words import engine_message

DEFAULT_RULESET = "ru"  # offered first on a phone that has not started a sheet yet
SESSION_RULESET = "last_ruleset"  # the preset this phone used last: offered next time


def chosen_ruleset(request: HttpRequest, value: object) -> str:
    known = rules.rulesets()
    for candidate in (value, request.session.get(SESSION_RULESET), DEFAULT_RULESET):
        if isinstance(candidate, str) and candidate in known:
            return candidate
    return next(iter(known))


@require_http_methods(["GET", "POST"])
def new_sheet(request: HtmxHttpRequest) -> HttpResponse:
    """GET shows the form for ``?ruleset=`` (keeping names typed so far); POST creates the sheet.

    An htmx request for another variant gets only the part of the form that depends on it.
    """
    if request.method == "GET":
        ruleset = chosen_ruleset(request, request.GET.get("ruleset"))
        initial = {k: v for k, v in request.GET.items() if k.startswith("player_")}
        if "first_dealer" in request.GET:
            initial["first_dealer"] = request.GET["first_dealer"]
        form = NewSheetForm(ruleset=ruleset, initial=initial)
        template = "sheets/new_sheet.html#setup" if request.htmx else "sheets/new_sheet.html"
        return render(request, template, {"form": form})
    ruleset = chosen_ruleset(request, request.POST.get("ruleset"))
    form = NewSheetForm(request.POST, ruleset=ruleset)
    if fix := request.POST.get("fix", ""):  # a fix the form offered for rules that clash
        form = NewSheetForm(apply_fix(request.POST, fix, form.fields), ruleset=ruleset)
    if form.is_valid():
        try:
            sheet = services.create_sheet(
                **form.header(), owner=request.user, device=device_of(request)
            )
        except rules.RulesError as error:
            form.add_sheet_error(error, engine_message(
                error.code, error.params, error.message,
                game=rules.game_of(ruleset).name, players=form.header()["players"],
            ))
        else:
            remember(request, sheet, Mode.EDIT, wrote=True)
            request.session[SESSION_RULESET] = sheet.ruleset
            return HttpResponseRedirect(reverse("sheet", args=[sheet.edit_token]))
    form.focus_first_error()
    return render(request, "sheets/new_sheet.html", {"form": form}, status=400)


@require_POST
def rematch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """After the game: a new sheet with the same players, preset and house rules.

    The player who would have dealt next deals first, as if the evening went on.
    """
    sheet = get_sheet_for_edit(token)
    if governing.governed(sheet):  # a tournament table: its next sheet comes from the draw
        messages.info(request, _("This sheet is kept by its tournament: the next round’s "
                                 "sheet comes from the tournament’s draw, not from a rematch."))
        return HttpResponseRedirect(reverse("sheet", args=[sheet.edit_token]))
    loaded = services.load(sheet)
    if loaded.scored.outcome is None:
        messages.info(request, _("The game is not over yet."))
        return HttpResponseRedirect(reverse("sheet", args=[sheet.edit_token]))
    new = services.create_sheet(
        ruleset=sheet.ruleset,
        options=dict(sheet.options),
        players=list(sheet.players),
        first_dealer=loaded.scored.dealer,
        owner=request.user,
        device=device_of(request),
    )
    remember(request, new, Mode.EDIT, wrote=True)
    messages.success(request, _("A new game: the same players and rules."))
    return HttpResponseRedirect(reverse("sheet", args=[new.edit_token]))
