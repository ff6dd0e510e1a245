"""Tournament pages: the director's (edit link), the players' (read link, QR), the wall page,
closing and confirming a table, the referee's reviews, table cards, results and exports.

Every form posts to a plain URL and redirects (works without JavaScript); the wall page and the
director's page refresh their live part with htmx polling, answered with 204 while nothing
changed.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.db.models import Sum
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
)
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import rules
from rules import tournament as draw_rules
from scoresheet.exports import documents as exports
from scoresheet.exports import pdfstore, preparing, printing
from scoresheet.exports.views import _download
from scoresheet.protect import budget
from scoresheet.sheets.display import format_value
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.paper import paper_of
from scoresheet.sheets.validators import SingleLineValidator
from scoresheet.sheets.views.access import HtmxHttpRequest, get_sheet_for_edit, get_sheet_for_view
from scoresheet.sheets.views.create import chosen_ruleset
from scoresheet.sheets.views.share import qr_svg
from scoresheet.sheets.words import engine_message, option_label
from scoresheet.tournament import document, logic, names
from scoresheet.tournament.forms import (
    ArrivalForm,
    ConfirmForm,
    DrawForm,
    ImportForm,
    PlayerForm,
    RenameForm,
    ReopenForm,
    ReviewForm,
    SignForm,
    SwapForm,
    TournamentForm,
)
from scoresheet.tournament.models import Confirmation, Player, Round, Table, Tournament
from scoresheet.tournament.printouts import (
    card_html,
    card_key,
    director_url,
    file_name,
    header,
    lines,
    points,
    render_card,
    render_results,
    results_html,
    results_key,
    table_sheet_count,
    table_sheets,
    unfinished_note,
)

WALL_CACHE_SECONDS = 600  # a rendered wall page, under its fingerprint (never stale)
WALL_ROWS = 20  # standings rows in one column of the wall; more players make 2, then 3 columns
POLL_SECONDS = 3  # the wall page and the director's page ask this often whether anything changed

ERROR_TEXTS: dict[str, Any] = {
    "table_size": gettext_lazy("This game is not played %(size)s at a table (it is played "
                               "%(allowed)s)."),
    "rounds": gettext_lazy("A tournament has 1 to %(max)s rounds."),
    "deals_needed": gettext_lazy("Mariáš has no end of the game: say how many deals a round "
                                 "has."),
    "deals": gettext_lazy("A round has 1 to %(max)s deals."),
    "premium_game": gettext_lazy("Premium points belong to Mariáš."),
    "name_long": gettext_lazy("The name “%(name)s” is longer than %(max)s characters."),
    "name_twice": gettext_lazy("“%(name)s” is on the list twice: add a letter or the club to "
                               "tell them apart."),
    "too_few": gettext_lazy("%(count)s players are too few: a table needs %(min)s."),
    "too_many": gettext_lazy("A tournament takes at most %(max)s players."),
    "round_open": gettext_lazy("Round %(round)s still has tables that are not closed: every "
                               "table signs its sheet before the next draw."),
    "all_rounds": gettext_lazy("All %(rounds)s rounds have been drawn."),
    "seed": gettext_lazy("A seed is a number from 1 to %(max)s."),
    "player_twice": gettext_lazy("%(name)s cannot sit at two tables in round %(round)s "
                                 "(tables %(first)s and %(second)s). Nothing was changed."),
    "scorer_elsewhere": gettext_lazy("The scorer of table %(table)s does not sit at it."),
    "started": gettext_lazy("Round %(round)s has started: its seats can no longer change."),
    "table_rules": gettext_lazy("The sheet of round %(round)s, table %(table)s has rules of "
                                "its own (another preset or other house rules), but every "
                                "table plays the tournament's rules. Nothing was imported."),
    "table_players": gettext_lazy("The sheet of round %(round)s, table %(table)s does not name "
                                  "as many players as its table seats. Nothing was imported."),
    "same_player": gettext_lazy("Pick two different players to swap."),
    "swap_unseated": gettext_lazy("Only players seated in round %(round)s who still play can "
                                  "swap places, and %(name)s is not one of them: nothing was "
                                  "swapped."),
    "already_closed": gettext_lazy("Table %(table)s is already closed."),
    "not_started": gettext_lazy("Round %(round)s has not started yet."),
    "not_finished": gettext_lazy("Table %(table)s has played %(deals)s of %(needed)s deals: "
                                 "it can be signed when the round is played."),
    "not_over": gettext_lazy("Table %(table)s is still playing its game: it can be signed when "
                             "the game is over."),
    "wrong_signature": gettext_lazy("Only the scorer drawn for this table signs: type "
                                    "“%(scorer)s”."),
    "not_closed": gettext_lazy("Table %(table)s is not closed."),
    "not_at_table": gettext_lazy("%(name)s does not sit at table %(table)s."),
    "reason_needed": gettext_lazy("Say why the table is reopened: the reason is kept in the "
                                  "history."),
    "no_deal": gettext_lazy("That deal is no longer on the sheet."),
    "unreadable": gettext_lazy("This tournament file cannot be imported: its rows do not fit "
                               "together. Nothing was imported."),
    "premium_bad": gettext_lazy("The premium points must be whole numbers from 0 to 10000."),
    "name_needed": gettext_lazy("Type the player's name."),
    "withdrawn": gettext_lazy("%(name)s has already withdrawn."),
    "draw_withdrawn": gettext_lazy("%(name)s has withdrawn since round %(round)s was drawn: "
                                   "draw it again before starting it."),
    "clock_minutes": gettext_lazy("A round clock runs 1 to %(max)s minutes."),
    "draw_method": gettext_lazy("Choose one of the offered ways to draw the rounds."),
    "draw_too_few": gettext_lazy("%(players)s players cannot fill a table of %(size)s."),
}

# a table the director closed as it stood when the round's time was up (an event "close")
STOOD_TEXT = gettext_lazy("Table closed by the director as it stood")

EVENT_TEXTS: dict[str, Any] = {
    "create": gettext_lazy("Tournament created"),
    "draw": gettext_lazy("Round drawn"),
    "swap": gettext_lazy("Two players swapped"),
    "start": gettext_lazy("Round started"),
    "close": gettext_lazy("Table closed and signed"),
    "confirm": gettext_lazy("A player confirmed"),
    "reopen": gettext_lazy("Table reopened"),
    "review": gettext_lazy("The referee reviewed a deal"),
    "import": gettext_lazy("Imported"),
    "arrive": gettext_lazy("A player arrived late"),
    "withdraw": gettext_lazy("A player withdrew"),
    "rename": gettext_lazy("A name was corrected"),
    "clock": gettext_lazy("The round clock started"),
}


# how a confirmation was made (the history says it: scoresheet/tournament/logic.py confirm)
CONFIRMED_BY: dict[str, Any] = {
    "own": gettext_lazy("with their own link"),
    "table": gettext_lazy("on the table's phone"),
}


def error_text(error: Exception) -> str:
    if isinstance(error, logic.TournamentError):
        template = ERROR_TEXTS.get(error.code)
        if template is not None:
            try:
                return str(template) % error.params
            except (KeyError, TypeError, ValueError):
                return str(template)
        return str(error)
    if isinstance(error, rules.RulesError):
        return engine_message(error.code, error.params, error.message)
    return str(error)


def get_for_director(token: str) -> Tournament:
    return get_object_or_404(Tournament, director_token=token)


def get_for_view(token: str) -> Tournament:
    return get_object_or_404(Tournament, view_token=token)


def fingerprint(t: Tournament) -> str:
    """Changes whenever the tournament or any of its table sheets changes (one query)."""
    sheets = Sheet.objects.filter(tournament_table__round__tournament=t)
    total = sheets.aggregate(s=Sum("revision"))["s"] or 0
    revision = Tournament.objects.filter(pk=t.pk).values_list("revision", flat=True).first()
    return f"{revision}-{total}"


def _links(request: HttpRequest, t: Tournament) -> dict[str, Any]:
    players_url = request.build_absolute_uri(reverse("tournament_view", args=[t.view_token]))
    return {
        "players_url": players_url,
        "players_qr": mark_safe(qr_svg(players_url)),  # noqa: S308  (segno's own SVG)
        "wall_url": reverse("tournament_wall", args=[t.view_token]),
    }


def house_rules(t: Tournament) -> list[dict[str, Any]]:
    """Every option of the tournament's preset with the value every table plays (issue 26.1:
    the director sees the rules in force, those that differ from the preset marked)."""
    preset = rules.preset(t.ruleset)
    played = rules.with_overrides(preset, dict(t.options))
    changed = rules.differences(preset, played)
    values = rules.as_json(played)
    return [
        {"name": spec.name, "label": option_label(spec.name),
         "value": format_value(values[spec.name]), "default": format_value(spec.default),
         "differs": spec.name in changed}
        for spec in rules.specs(preset) if spec.name != logic.PLAYERS_OPTION
    ]


# --------------------------------------------------------------------------- creating


@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    """A new tournament: name, game and house rules, rounds, tables, players."""
    data = request.POST if request.method == "POST" else None
    source = request.POST if data is not None else request.GET
    ruleset = chosen_ruleset(request, source.get("ruleset") or "marias")
    initial = {k: v for k, v in request.GET.items() if k in ("name", "players_text")}
    form = TournamentForm(data, ruleset=ruleset, initial=initial)
    if data is not None and form.is_valid():
        try:
            t = logic.create_tournament(**form.arguments())
        except (logic.TournamentError, rules.RulesError) as error:
            if isinstance(error, rules.RulesError):
                form.add_sheet_error(error, error_text(error))
            else:
                form.add_tournament_error(error.code, error_text(error))
        else:
            messages.success(request, _("Tournament created. Keep this page's link: it is the "
                                        "director's."))
            return HttpResponseRedirect(director_url(t))
    status = 400 if data is not None else 200
    if data is not None:
        form.focus_first_error()
    return render(request, "tournament/new.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
def tournament_import(request: HttpRequest) -> HttpResponse:
    """Store a tournament file, or name every problem (the field and the rule) and store
    nothing: the file is read and checked whole before anything is written."""
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > document.MAX_IMPORT_BYTES:
                raise document.refused("too_large", mb=document.MAX_IMPORT_BYTES // 1_000_000)
            t = logic.import_tournament(document.read(upload.read()))
        except document.DocumentRefused as refused:
            for problem in refused.problems:
                form.add_error("file", problem.text)
        except (logic.TournamentError, rules.RulesError) as error:
            form.add_error("file", error_text(error))
        else:
            messages.success(request, _("Tournament imported."))
            return HttpResponseRedirect(director_url(t))
    status = 400 if request.method == "POST" else 200
    return render(request, "tournament/import.html", {"form": form}, status=status)


# --------------------------------------------------------------------------- the director


def _director_context(request: HttpRequest, t: Tournament) -> dict[str, Any]:
    st = logic.standings(t)
    rounds = logic.rounds_of(t)
    current = rounds[-1] if rounds else None
    draft: dict[str, Any] | None = None
    if current is not None and current.started is None:
        players = {p.pk: p for p in t.players.all()}
        tables: list[dict[str, Any]] = []
        for tb in current.tables.all():
            seated = [players[s.player_id] for s in tb.seats.order_by("position")]
            tables.append({"table": tb, "players": seated, "scorer": players[tb.scorer_id]})
        byes = [players[s.player_id] for s in current.seats.filter(table__isnull=True)]
        earlier_tables = logic._history(t, current.number)[0]
        met = draw_rules.met_pairs(earlier_tables)
        drawn = {s.player_id for s in current.seats.all()}
        draft = {
            "round": current, "tables": tables, "byes": byes,
            "withdrawn": [p for p in players.values() if p.withdrawn and p.pk in drawn],
            "late": [p for p in players.values() if not p.withdrawn and p.pk not in drawn],
            "repeats": draw_rules.Draw(
                seed=current.seed, tables=tuple(tuple(p.pk for p in tb["players"])
                                                for tb in tables), scorers=()).repeats(met),
            "first": not earlier_tables,
            # only players seated in this round (at a table or on the bye) who still play
            "swap": SwapForm(players=[(p.pk, p.name) for p in players.values()
                                      if p.pk in drawn and not p.withdrawn]),
        }
    live = st.rounds[-1] if st.rounds and (current is None or current.started) else None
    # every round before the one shown live: its tables, sheets, reviews and reopening stay
    # at hand (issue 26.6)
    earlier = [r for r in st.rounds if live is None or r.round.pk != live.round.pk]
    can_draw = (current is None or current.started is None or (
        live is not None and live.complete)) and (
        current is None or current.number < t.rounds or current.started is None)
    context = {
        **header(t),
        **_links(request, t),
        "standings": st,
        "lines": lines(st),
        "draft": draft,
        "live": live,
        "earlier": list(reversed(earlier)),
        "can_draw": can_draw,
        "draw_form": DrawForm(),
        "house_rules": house_rules(t),
        "reopen_form": ReopenForm(),
        "clock_minutes": (current.clock_minutes if current is not None and current.clock_minutes
                          else 60),
        "arrival_form": ArrivalForm(auto_id="arrive_%s"),
        "draws_left": logic.draws_left(t),
        "withdraw_form": PlayerForm(players=[(p.pk, p.name) for p in t.players.all()
                                             if not p.withdrawn]),
        "rename_form": RenameForm(players=[(p.pk, p.name) for p in t.players.all()],
                                  auto_id="rename_%s"),
        "events": list(t.events.order_by("-at", "-id")[:30]),
        "event_texts": EVENT_TEXTS, "confirmed_by": CONFIRMED_BY,
        "player_links": list(t.players.all()),
        "fingerprint": fingerprint(t),
        "poll_seconds": POLL_SECONDS,
        "page_url": director_url(t),
        "live_url": reverse("tournament_live", args=[t.director_token]),
    }
    return context


@require_GET
def tournament_page(request: HttpRequest, token: str) -> HttpResponse:
    t = get_for_director(token)
    return render(request, "tournament/director.html", _director_context(request, t))


@require_GET
def tournament_live(request: HttpRequest, token: str) -> HttpResponse:
    """The director's live part; 204 while nothing changed since ``?v=``."""
    t = get_for_director(token)
    if request.GET.get("v") == fingerprint(t):
        return HttpResponse(status=204)
    return render(request, "tournament/director.html#live", _director_context(request, t))


def event_text(e: Any) -> str:
    """One event of the history as a sentence part: "round 2, table 3: Table reopened"."""
    what = str(STOOD_TEXT if e.detail.get("stood") else EVENT_TEXTS.get(e.action, e.action))
    if e.round_number and e.table_number:
        return _("round %(round)s, table %(table)s: %(what)s") % {
            "round": e.round_number, "table": e.table_number, "what": what}
    if e.round_number:
        return _("round %(round)s: %(what)s") % {"round": e.round_number, "what": what}
    return what


def stale(request: HttpRequest, t: Tournament) -> HttpResponse | None:
    """Every director's action carries the revision of the page it was made on (issue 26.9);
    when the tournament changed since, nothing is done and the page says what is new."""
    posted = request.POST.get("revision", "")
    t.refresh_from_db(fields=["revision"])
    if posted.isascii() and posted.isdigit() and int(posted) == t.revision:
        return None
    seen = int(posted) if posted.isascii() and posted.isdigit() else 0
    news = [event_text(e) for e in logic.news_since(t, seen)][-10:]
    if news:
        messages.error(request, _("The tournament changed since this page was shown, so "
                                  "nothing was done. What is new: %(news)s. Check the page "
                                  "and do it again if it still applies.") % {
                                      "news": "; ".join(news)})
    else:
        messages.error(request, _("This page was out of date, so nothing was done. Check the "
                                  "page and do it again if it still applies."))
    return HttpResponseRedirect(director_url(t))


def _act(request: HttpRequest, t: Tournament, action: Any, done: str) -> HttpResponse:
    refused = stale(request, t)
    if refused is not None:
        return refused
    try:
        action()
    except (logic.TournamentError, rules.RulesError) as error:
        messages.error(request, error_text(error))
    else:
        messages.success(request, done)
    return HttpResponseRedirect(director_url(t))


def _current(t: Tournament) -> Round:
    r = t.round_set.order_by("-number").first()
    if r is None:
        raise Http404("no round yet")
    return r


@require_POST
def tournament_draw(request: HttpRequest, token: str) -> HttpResponse:
    t = get_for_director(token)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, error_text(logic.TournamentError(
            "seed", max=draw_rules.MAX_SEED)))
        return HttpResponseRedirect(director_url(t))
    return _act(request, t, lambda: logic.draw(t, seed=form.cleaned_data.get("seed")),
                _("The round is drawn. Check it, swap players if needed, then start it."))


@require_POST
def tournament_swap(request: HttpRequest, token: str) -> HttpResponse:
    t = get_for_director(token)
    r = _current(t)
    players = [(p.pk, p.name) for p in t.players.all()]
    form = SwapForm(request.POST, players=players)
    if not form.is_valid():
        messages.error(request, _("Pick two players of this tournament to swap."))
        return HttpResponseRedirect(director_url(t))
    a = get_object_or_404(Player, tournament=t, pk=form.cleaned_data["first"])
    b = get_object_or_404(Player, tournament=t, pk=form.cleaned_data["second"])
    return _act(request, t, lambda: logic.swap(r, a, b),
                _("%(a)s and %(b)s swapped places.") % {"a": a.name, "b": b.name})


@require_POST
def tournament_start(request: HttpRequest, token: str) -> HttpResponse:
    t = get_for_director(token)
    r = _current(t)
    return _act(request, t, lambda: logic.start(r),
                _("Round %(round)s started: every table has its sheet.") % {"round": r.number})


@require_POST
def tournament_clock(request: HttpRequest, token: str) -> HttpResponse:
    t = get_for_director(token)
    r = _current(t)
    raw = request.POST.get("minutes", "")
    minutes = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 5 else 0
    return _act(request, t, lambda: logic.start_clock(r, minutes),
                _("The clock of round %(round)s runs: %(minutes)s minutes.") % {
                    "round": r.number, "minutes": minutes})


@require_POST
def tournament_arrive(request: HttpRequest, token: str) -> HttpResponse:
    t = get_for_director(token)
    form = ArrivalForm(request.POST)
    if not form.is_valid():
        messages.error(request, error_text(logic.TournamentError("name_needed")))
        return HttpResponseRedirect(director_url(t))
    name = logic.clean_name(form.cleaned_data["name"])
    return _act(request, t, lambda: logic.add_player(
        t, name=name, club=form.cleaned_data.get("club") or ""), arrival_text(t, name))


def arrival_text(t: Tournament, name: str) -> str:
    """What a late arrival is told: seated from the next draw, or, with every round drawn,
    that there is no round left to play (listed apart, no rank, no points)."""
    if logic.draws_left(t):
        return _("%(name)s joins the tournament: seated from the next draw.") % {"name": name}
    return _("%(name)s joins the tournament but has no round left to play: listed apart, with "
             "no rank and no points.") % {"name": name}


def _player_form(request: HttpRequest, t: Tournament, cls: Any) -> Any:
    form = cls(request.POST, players=[(p.pk, p.name) for p in t.players.all()])
    return form if form.is_valid() else None


@require_POST
def tournament_withdraw(request: HttpRequest, token: str) -> HttpResponse:
    t = get_for_director(token)
    form = _player_form(request, t, PlayerForm)
    if form is None:
        messages.error(request, _("Pick a player of this tournament."))
        return HttpResponseRedirect(director_url(t))
    p = get_object_or_404(Player, tournament=t, pk=form.cleaned_data["player"])
    return _act(request, t, lambda: logic.withdraw(t, p),
                _("%(name)s has withdrawn: seated in no later round, with no bye points.")
                % {"name": p.name})


@require_POST
def tournament_rename(request: HttpRequest, token: str) -> HttpResponse:
    t = get_for_director(token)
    form = _player_form(request, t, RenameForm)
    if form is None:
        messages.error(request, error_text(logic.TournamentError("name_needed")))
        return HttpResponseRedirect(director_url(t))
    p = get_object_or_404(Player, tournament=t, pk=form.cleaned_data["player"])
    new = logic.clean_name(form.cleaned_data["name"])
    return _act(request, t, lambda: logic.rename(t, p, new),
                _("%(old)s is now %(new)s.") % {"old": p.name, "new": new})


def _table(t: Tournament, table_id: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round", "scorer", "sheet"), pk=table_id,
        round__tournament=t)


def _reason(request: HttpRequest, t: Tournament) -> str | HttpResponse:
    """The director's optional reason for closing or reopening a table, or the way back to the
    director's page with what is wrong with it."""
    form = ReopenForm(request.POST)
    if not form.is_valid() and form.has_error("reason", SingleLineValidator.code):
        messages.error(request, " ".join(str(e) for e in form.errors["reason"]))
        return HttpResponseRedirect(director_url(t))
    return str(form.cleaned_data["reason"]) if form.is_valid() else ""


@require_POST
def tournament_close_as_it_stands(request: HttpRequest, token: str, table_id: int
                                  ) -> HttpResponse:
    """The round's time is up: the director closes a table with the deals it has played."""
    t = get_for_director(token)
    tb = _table(t, table_id)
    reason = _reason(request, t)
    if isinstance(reason, HttpResponse):
        return reason
    return _act(request, t, lambda: logic.close_as_it_stands(tb, reason=reason),
                _("Table %(table)s is closed as it stands: the deals it played count, and "
                  "it can be reopened.") % {"table": tb.number})


@require_POST
def tournament_reopen(request: HttpRequest, token: str, table_id: int) -> HttpResponse:
    t = get_for_director(token)
    tb = _table(t, table_id)
    reason = _reason(request, t)
    if isinstance(reason, HttpResponse):
        return reason
    return _act(request, t, lambda: logic.reopen(tb, reason=reason),
                _("Table %(table)s is open again.") % {"table": tb.number})


@require_POST
def tournament_review(request: HttpRequest, token: str, table_id: int) -> HttpResponse:
    t = get_for_director(token)
    tb = _table(t, table_id)
    form = ReviewForm(request.POST)
    if not form.is_valid() and form.has_error("note"):
        messages.error(request, " ".join(str(e) for e in form.errors["note"]))
        return HttpResponseRedirect(director_url(t))
    if not form.is_valid():
        messages.error(request, _("Say whether the game could be won."))
        return HttpResponseRedirect(director_url(t))
    data = form.cleaned_data
    return _act(request, t, lambda: logic.review(
        tb, entry_uid=data["entry"], winnable=data["winnable"], note=data["note"]),
        _("Marked as reviewed."))


# --------------------------------------------------------------------------- players and wall


def seating(r: Round | None, shown: dict[int, str] | None = None) -> list[dict[str, Any]]:
    """Who sits where in round ``r``, alphabetically by name (issue 26.12): each player's
    table and seat (seat 1 deals first), or the bye; ``shown``: public names by player id."""
    if r is None:
        return []
    shown = shown or {}
    lines = [{"name": shown.get(s.player_id, s.player.name), "club": s.player.club,
              "table": s.table.number if s.table is not None else None,
              "seat": (s.position or 0) + 1}
             for s in r.seats.select_related("player", "table")]
    return sorted(lines, key=lambda line: (line["name"].casefold(), line["name"]))


def _view_context(request: HttpRequest, t: Tournament,
                  shown: dict[int, str] | None = None) -> dict[str, Any]:
    """The players' page and the wall: every player under his public name (names.py)."""
    shown = names.public_names(t) if shown is None else shown
    st = names.public_standings(t, shown)
    current = t.round_set.order_by("-number").first()
    shown_lines = lines(st)
    count = len(shown_lines)
    per_column = WALL_ROWS if count <= 2 * WALL_ROWS else -(-count // 3)
    return {
        "wall_columns": [shown_lines[i:i + per_column] for i in range(0, count, per_column)],
        "wall_size": "few" if count <= WALL_ROWS else "many" if count <= 2 * WALL_ROWS
        else "crowd",
        "clock_round": current if current is not None and current.started else None,
        "seating_round": current,
        "seating": seating(current, shown),
        "seating_url": reverse("tournament_seating", args=[t.view_token]),
        **header(t),
        **_links(request, t),
        "standings": st,
        "lines": shown_lines,
        "live": st.rounds[-1] if st.rounds else None,
        # a table seating a player shown by his initials keeps its sheet off the public page:
        # the sheet shows the names as written (its players watch it from their table card)
        "private_tables": names.private_tables(st, shown),
        "drawn": current if current is not None and current.started is None else None,
        # a changed public name redraws the polling pages too (names.py)
        "fingerprint": fingerprint(t) + names.digest(shown),
        "poll_seconds": POLL_SECONDS,
        "csv_url": reverse("tournament_csv", args=[t.view_token]),
    }


@require_GET
def tournament_view(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """What players open from the QR: where they sit, their table's sheet, the standings."""
    t = get_for_view(token)
    context = _view_context(request, t)
    context["live_url"] = reverse("tournament_view_live", args=[t.view_token])
    template = "tournament/view.html#live" if request.htmx else "tournament/view.html"
    return render(request, template, context)


@require_GET
def tournament_view_live(request: HttpRequest, token: str) -> HttpResponse:
    t = get_for_view(token)
    shown = names.public_names(t)
    if request.GET.get("v") == fingerprint(t) + names.digest(shown):
        return HttpResponse(status=204)
    context = _view_context(request, t, shown)
    context["live_url"] = reverse("tournament_view_live", args=[t.view_token])
    return render(request, "tournament/view.html#live", context)


@require_GET
def tournament_seating(request: HttpRequest, token: str) -> HttpResponse:
    """The alphabetical "who sits where" of the latest round drawn, to print and pin up."""
    t = get_for_view(token)
    current = t.round_set.order_by("-number").first()
    return render(request, "tournament/seating.html", {
        **header(t), "seating_round": current,
        "seating": seating(current, names.public_names(t)),
        "back_url": reverse("tournament_view", args=[t.view_token]),
    })


@require_GET
def tournament_wall(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Large type for a projector: the standings and every table's progress, live.

    The page is a pure function of the tournament's fingerprint (and the language), so it is
    rendered once per change and kept in the cache: many walls and phones cost one rendering.
    """
    t = get_for_view(token)
    shown = names.public_names(t)
    mark = fingerprint(t) + names.digest(shown)
    htmx = bool(request.htmx)
    if request.GET.get("v") == mark and htmx:
        return HttpResponse(status=204)
    key = f"tournament-wall:{t.view_token}:{mark}:{get_language()}:{int(htmx)}"
    html = cache.get(key)
    if html is None:
        context = _view_context(request, t, shown)
        context["live_url"] = reverse("tournament_wall", args=[t.view_token])
        template = "tournament/wall.html#live" if htmx else "tournament/wall.html"
        html = render_to_string(template, context)
        cache.set(key, html, WALL_CACHE_SECONDS)
    return HttpResponse(html)


# --------------------------------------------------------------------------- a table


@require_http_methods(["GET", "POST"])
def table_close(request: HttpRequest, token: str) -> HttpResponse:
    """The scorer signs the table sheet (from the sheet's edit link)."""
    sheet = get_sheet_for_edit(token)
    tb = logic.table_of_sheet(sheet)
    if tb is None:
        raise Http404("not a tournament table")
    t = tb.round.tournament
    form = SignForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                logic.close(tb, signed_name=form.cleaned_data["name"])
            except logic.TournamentError as error:
                form.add_error("name" if error.code == "wrong_signature" else None,
                               error_text(error))
            else:
                messages.success(request, _("Table %(table)s is closed and signed.") % {
                    "table": tb.number})
                return HttpResponseRedirect(reverse("sheet", args=[sheet.edit_token]))
        status = 400
    state = logic.table_state(t, tb)
    return render(request, "tournament/close.html", {
        **header(t), "table": tb, "state": state, "form": form,
        "back_url": reverse("sheet", args=[sheet.edit_token]),
    }, status=status)


CONFIRM_OWN_ACT = gettext_lazy(
    "Confirming is each player's own act: open your own link (the director gives it to you) "
    "or confirm on the table's phone. The public links only show the result.")


@require_http_methods(["GET", "POST"])
def table_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The read link cannot confirm in anyone's name (anyone may hold it: the tournament's
    public page links it): it says how a player confirms."""
    sheet = get_sheet_for_view(token)
    tb = logic.table_of_sheet(sheet)
    if tb is None:
        raise Http404("not a tournament table")
    t = tb.round.tournament
    return render(request, "tournament/confirm.html", {
        **header(t), "table": tb, "state": logic.table_state(t, tb), "form": None,
        "refused": str(CONFIRM_OWN_ACT),
        "back_url": reverse("sheet_read", args=[sheet.view_token]),
    }, status=403 if request.method == "POST" else 200)


@require_http_methods(["GET", "POST"])
def table_confirm_here(request: HttpRequest, token: str) -> HttpResponse:
    """Each player confirms the signed sheet on the table's phone (the sheet's edit link),
    passed round the table; the history says it was done there."""
    sheet = get_sheet_for_edit(token)
    tb = logic.table_of_sheet(sheet)
    if tb is None:
        raise Http404("not a tournament table")
    back = reverse("sheet", args=[sheet.edit_token])
    return _confirming(request, tb, logic.table_players(tb), by=logic.TABLE_PHONE, back=back)


@require_http_methods(["GET", "POST"])
def player_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """A player's own link: confirms the signed tables of this player, in this name only."""
    player = get_object_or_404(Player.objects.select_related("tournament"), token=token)
    t = player.tournament
    tables = list(Table.objects.filter(round__tournament=t, seats__player=player,
                                       closed__isnull=False).select_related("round", "sheet")
                  .order_by("round__number"))
    if request.method == "POST":
        tb = next((x for x in tables if str(x.pk) == request.POST.get("table", "")), None)
        if tb is None:
            raise Http404("not a signed table of this player")
    else:  # the first signed table this player has not confirmed yet, else the last one
        done = set(Confirmation.objects.filter(player=player).values_list("table_id", flat=True))
        tb = next((x for x in tables if x.pk not in done), tables[-1] if tables else None)
    if tb is None:
        return render(request, "tournament/confirm.html", {
            **header(t), "table": None, "state": None, "form": None, "player": player,
            "back_url": reverse("tournament_view", args=[t.view_token])})
    return _confirming(request, tb, [player], by=logic.OWN_LINK,
                       back=reverse("tournament_view", args=[t.view_token]), own=player)


def _confirming(request: HttpRequest, tb: Table, players: list[Player], *, by: str,
                back: str, own: Player | None = None) -> HttpResponse:
    t = tb.round.tournament
    form = ConfirmForm(request.POST or None, players=[(p.pk, p.name) for p in players])
    status = 200
    if request.method == "POST":
        if form.is_valid():
            player = next(p for p in players if p.pk == form.cleaned_data["player"])
            try:
                logic.confirm(tb, player, by=by)
            except logic.TournamentError as error:
                form.add_error(None, error_text(error))
            else:
                messages.success(request, _("Thank you, %(name)s: your confirmation is kept.")
                                 % {"name": player.name})
                return HttpResponseRedirect(request.path if own is not None else back)
        status = 400
    return render(request, "tournament/confirm.html", {
        **header(t), "table": tb, "state": logic.table_state(t, tb), "form": form,
        "player": own, "back_url": back,
    }, status=status)


@require_GET
def table_card(request: HtmxHttpRequest, token: str, table_id: int) -> HttpResponse:
    """The printed table card: number, seats, QR of the scorer's and the players' links; its
    PDF is made by the task worker (``?format=html`` is the card itself, for the browser)."""
    t = get_for_director(token)
    tb = _table(t, table_id)
    if tb.sheet is None:
        raise Http404("the round has not started")
    base = request.build_absolute_uri("/").rstrip("/")
    if request.GET.get("format") == "html":
        return HttpResponse(card_html(base, t, tb))
    key = card_key(t, tb, base, fingerprint(t) + names.digest(names.public_names(t)))
    language = get_language() or ""
    charge = budget.of_request(request)  # the worker's CPU is paid by who asked for the card
    prepared = pdfstore.prepare(
        key, lambda: render_card.enqueue(key, tb.pk, base, language, charge),
        group=f"card:{tb.pk}", revision=t.revision)
    return preparing.answer(request, prepared, url=request.path, back=director_url(t),
                            name=file_name(t, f"table-{tb.round.number}-{tb.number}.pdf"),
                            print_view=f"{request.path}?format=html")


# --------------------------------------------------------------------------- exports


@require_GET
def tournament_csv(request: HttpRequest, token: str) -> HttpResponse:
    """The standings as CSV, overall or of ``?round=N``; an unfinished one says so."""
    t = get_for_view(token)
    st = names.public_standings(t)
    number = request.GET.get("round")
    round_number = (int(number) if number and number.isascii() and number.isdigit()
                    else None)
    if round_number is not None and round_number not in {r.round.number for r in st.rounds}:
        raise Http404("no such round")
    note = unfinished_note(st, round_number)
    out = io.StringIO()
    w = csv.writer(out)
    if note:
        w.writerow([note])
    money = paper_of(t.game).money
    head = [_("Rank"), _("Player"), _("Club"), _("Points")]
    if money:
        head += [_("Premium points"), _("Money (Kč)")]
    else:
        head += [_("First places"), _("Game points")]
    if round_number is None:
        head += [_("Round %(round)s") % {"round": r.round.number} for r in st.rounds]
        rows = st.overall
    else:
        rows = draw_rules.standings(
            logic.scoring_of(t.game),
            [next(r.seats for r in st.rounds if r.round.number == round_number)],
            list(st.players))
    w.writerow(head)
    for s in rows:
        p = st.players[s.player]
        line = [s.rank, _safe(p.name), _safe(p.club), points(s.points)]
        line += [s.premium, f"{s.score / 100:.2f}"] if money else [s.wins, s.score]
        if round_number is None:
            line += ["" if x is None else points(x) for x in s.rounds]
        w.writerow(line)
    # a player who has played no deal: listed after the ranked ones, with no rank or points
    ranked = {s.player for s in rows}
    for p in st.apart if round_number is None else []:
        if p.pk not in ranked:
            w.writerow(["", _safe(p.name), _safe(p.club)])
    suffix = f"-round-{round_number}" if round_number else ""
    suffix += "-provisional" if note else ""
    return _download(out.getvalue(), "text/csv; charset=utf-8",
                     file_name(t, f"standings{suffix}.csv"))


def _safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (the sheet export's own guard)."""
    return exports._text(text)


@require_GET
def tournament_results(request: HttpRequest, token: str) -> HttpResponse:
    """The printed results sheet (the browser's Print), with the PDF link."""
    t = get_for_director(token)
    return HttpResponse(results_html(t, pdf=False, request=request))


@require_GET
def table_print(request: HttpRequest, token: str, table_id: int) -> HttpResponse:
    """One table sheet as the results PDF prints it (the browser's Print)."""
    t = get_for_director(token)
    for tb, extra in table_sheets(t):
        if tb.pk == table_id:
            assert tb.sheet is not None
            return HttpResponse(printing.print_html(
                tb.sheet, size=printing.PaperSize.A4, extra=extra,
                links={"back": reverse("tournament_results", args=[t.director_token])}))
    raise Http404("no such table sheet")


@require_GET
def tournament_results_pdf(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The results, then every table's signed sheet, as one PDF made by the task worker."""
    t = get_for_director(token)
    limit = int(settings.RESULTS_MAX_TABLES)
    if table_sheet_count(t) > limit:
        return preparing.answer(request, pdfstore.Prepared(error=pdfstore.TOO_BIG),
                                url=request.path, back=director_url(t),
                                name=file_name(t, "results.pdf"), limit=limit)
    key = results_key(t, fingerprint(t) + names.digest(names.public_names(t)))
    language = get_language() or ""
    charge = budget.of_request(request)  # the worker's CPU is paid by who asked for it
    prepared = pdfstore.prepare(
        key, lambda: render_results.enqueue(key, t.pk, language, charge),
        group=f"results:{t.pk}", revision=t.revision)
    return preparing.answer(request, prepared, url=request.path, back=director_url(t),
                            name=file_name(t, "results.pdf"), limit=limit)


@require_GET
def tournament_json(request: HttpRequest, token: str) -> HttpResponse:
    t = get_for_director(token)
    text = json.dumps(logic.export(t), ensure_ascii=False, indent=1)
    return _download(text, "application/json", file_name(t, "tournament.json"))
