"""Club pages: the admin link (``club/``: the register, seasons, new evenings), the club's read
link (``cv/``: the season tables, the wall page, the CSV), and a player's own page (``cp/``).

Every form posts to a plain URL and redirects (works without JavaScript).  The season table and
the player's page are rendered once per revision and language and kept in the cache
(:mod:`scoresheet.club.season`), so they cost the same after 14 evenings as after one.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from datetime import date
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import rules
from scoresheet.club import logic, season
from scoresheet.club.forms import (
    ArrivalForm,
    AttachForm,
    ClubForm,
    EveningForm,
    HomeSheetForm,
    ImportForm,
    MemberEditForm,
    MergeForm,
    NewMemberForm,
    PeriodForm,
    SeasonForm,
)
from scoresheet.club.models import Club, Evening, Member, Rule, Season
from scoresheet.exports import documents as exports
from scoresheet.exports.views import _download
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.paper import format_money
from scoresheet.sheets.validators import document_problem
from scoresheet.sheets.views.share import qr_svg
from scoresheet.sheets.words import contract_label, engine_message, game_label, preset_label
from scoresheet.tournament.logic import TournamentError, draws_left
from scoresheet.tournament.models import Tournament
from scoresheet.tournament.views import arrival_text
from scoresheet.tournament.views import error_text as tournament_error_text

MAX_IMPORT_BYTES = 20_000_000
WALL_REFRESH_SECONDS = 15
POLL_SECONDS = 5  # the season page asks this often whether anything changed (htmx)

ERROR_TEXTS: dict[str, Any] = {
    "club_name": gettext_lazy("Give the club a name."),
    "season_name": gettext_lazy("Give the season a name."),
    "text_bad": gettext_lazy("“%(text)s” holds a line break or a control character."),
    "text_long": gettext_lazy("“%(name)s” is longer than %(max)s characters."),
    "name_long": gettext_lazy("The name “%(name)s” is longer than %(max)s characters."),
    "name_empty": gettext_lazy("Type the player’s name."),
    "name_taken": gettext_lazy("“%(name)s” is already on the register: add a letter or a "
                               "nickname to tell them apart."),
    "name_similar": gettext_lazy("“%(name)s” is already on the register, written almost "
                                 "like “%(typed)s”. If it is the same player, pick that line; "
                                 "if it is another player, tick “Another player with a similar "
                                 "name” and add again."),
    "name_left": gettext_lazy("“%(name)s” is on the register, marked as having left the "
                              "club. Bring the player back rather than adding a second line."),
    "too_many": gettext_lazy("A register holds at most %(max)s players."),
    "merged": gettext_lazy("This line was merged into another one: change that one."),
    "merge_same": gettext_lazy("Pick two different lines to merge."),
    "merge_same_evening": gettext_lazy("“%(keep)s” and “%(duplicate)s” played the same "
                                       "evening: they are two people. Nothing was merged."),
    "places_bad": gettext_lazy("A place is worth at most %(max)s points."),
    "places_order": gettext_lazy("A better place cannot be worth fewer points than a worse "
                                 "one."),
    "rule_bad": gettext_lazy("Choose what an evening counts for the season."),
    "best_bad": gettext_lazy("The best 1 to 100 evenings can count."),
    "min_bad": gettext_lazy("A player cannot need more evenings than the best evenings that "
                            "count."),
    "not_on_sheet": gettext_lazy("Nobody called “%(name)s” plays on that sheet."),
    "tournament_sheet": gettext_lazy("That sheet is a tournament table: it counts through its "
                                     "evening already."),
    "sheet_twice": gettext_lazy("That sheet is already linked to this player."),
    "no_sheet": gettext_lazy("That is not the link of a sheet on this site."),
    "no_tournament": gettext_lazy("That is not a tournament director’s link on this site."),
    "tournament_taken": gettext_lazy("That tournament is an evening of a club already."),
    "tournament_game": gettext_lazy("That tournament plays another game than the season."),
    "bad_document": gettext_lazy("This is not a season file this app can read. "
                                 "Nothing was imported."),
    "bad_evening": gettext_lazy("An evening in this season file cannot be imported: "
                                "%(problem)s Nothing was imported."),
    "period_order": gettext_lazy("The season cannot end before it starts."),
    "evening_outside": gettext_lazy("An evening of %(day)s is outside the season’s dates, so "
                                    "it would not count. %(period)s Change the season’s dates "
                                    "or choose another season."),
    "evening_other_season": gettext_lazy("An evening of %(day)s belongs to the season "
                                         "“%(season)s”: its dates hold that day. Choose "
                                         "that season."),
    "already_playing": gettext_lazy("%(name)s already plays this evening."),
}


def _day(value: date) -> str:
    return date_format(value, "DATE_FORMAT", use_l10n=True)


def period_text(start: date | None, end: date | None) -> str:
    """The season's period as a sentence, dates in the page's language's format."""
    if start is not None and end is not None:
        return _("The season runs from %(start)s to %(end)s.") % {
            "start": _day(start), "end": _day(end)}
    if start is not None:
        return _("The season runs from %(start)s; its end is open.") % {"start": _day(start)}
    if end is not None:
        return _("The season runs until %(end)s.") % {"end": _day(end)}
    return ""


def error_text(error: Exception) -> str:
    if isinstance(error, logic.ClubError):
        template = ERROR_TEXTS.get(error.code)
        if template is None:
            return str(error)
        params = dict(error.params)
        if error.code == "evening_outside":
            params["period"] = period_text(params.get("start"), params.get("end"))
        params = {k: _day(v) if isinstance(v, date) else v for k, v in params.items()}
        try:
            return str(template) % params
        except (KeyError, TypeError, ValueError):
            return str(template)
    if isinstance(error, TournamentError):
        return tournament_error_text(error)
    if isinstance(error, rules.RulesError):
        return engine_message(error.code, error.params, error.message)
    return str(error)


def get_for_admin(token: str) -> Club:
    return get_object_or_404(Club, admin_token=token)


def get_for_view(token: str) -> Club:
    return get_object_or_404(Club, view_token=token)


def _season(club: Club, season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), club=club, pk=season_id)


def admin_url(club: Club) -> str:
    return reverse("club", args=[club.admin_token])


def crowns_text(haler: int) -> str:
    """Haléře as crowns under a "Money (Kč)" heading: 1,20 in cs, de, pl, ru; 1.20 in en."""
    return number_format(haler / 100, decimal_pos=2, use_l10n=True)


def points_text(value: float) -> str:
    """Points as the page's language writes them (decimal comma in cs, de, pl, ru)."""
    if value == int(value):
        return number_format(int(value), use_l10n=True)
    return number_format(round(value, 1), decimal_pos=1, use_l10n=True)


# --------------------------------------------------------------------------- creating


@require_http_methods(["GET", "POST"])
def club_new(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            owner = request.user if request.user.is_authenticated else None
            club = logic.create_club(name=form.cleaned_data["name"], owner=owner)
        except logic.ClubError as error:
            form.add_error(None, error_text(error))
        else:
            messages.success(request, _("Club created. Keep this page’s link: whoever has it "
                                        "runs the club’s register and seasons."))
            return HttpResponseRedirect(admin_url(club))
    status = 400 if request.method == "POST" else 200
    mine = (list(Club.objects.filter(owner=request.user))
            if request.user.is_authenticated else [])
    return render(request, "club/new.html", {"form": form, "mine": mine}, status=status)


@require_http_methods(["GET", "POST"])
def club_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > MAX_IMPORT_BYTES:
                raise logic.ClubError("bad_document", detail="size")
            try:
                doc = json.loads(upload.read().decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
                raise logic.ClubError("bad_document", detail="JSON") from None
            problem = document_problem(doc)
            if problem is not None:
                raise logic.ClubError("bad_document", detail=problem[0])
            club = logic.import_season(doc)
        except (logic.ClubError, TournamentError, rules.RulesError) as error:
            form.add_error(None, error_text(error))
        else:
            messages.success(request, _("Season imported into a new club. Keep this page’s "
                                        "link."))
            return HttpResponseRedirect(admin_url(club))
    status = 400 if request.method == "POST" else 200
    return render(request, "club/import.html", {"form": form}, status=status)


# --------------------------------------------------------------------------- the admin page


def _register(club: Club) -> list[Member]:
    return list(club.members.filter(merged_into__isnull=True))


def _admin_context(request: HttpRequest, club: Club, **forms: Any) -> dict[str, Any]:
    register = _register(club)
    members = club.members.filter(merged_into__isnull=True)
    view_url = request.build_absolute_uri(reverse("club_view", args=[club.view_token]))
    return {
        "club": club,
        "register": register,
        "merged": list(club.members.filter(merged_into__isnull=False)
                       .select_related("merged_into")),
        "seasons": list(club.seasons.prefetch_related("evenings__tournament")),
        "view_url": view_url,
        "view_qr": mark_safe(qr_svg(view_url)),  # noqa: S308  (segno's own SVG)
        "member_form": forms.get("member_form") or NewMemberForm(prefix="member"),
        "bring_back": forms.get("bring_back"),
        "merge_form": forms.get("merge_form") or MergeForm(members=members, prefix="merge"),
        "season_form": forms.get("season_form") or SeasonForm(
            prefix="season", initial={"start": timezone.localdate()}),
        "home_form": forms.get("home_form") or HomeSheetForm(members=members, prefix="home"),
        "player_url": lambda m: request.build_absolute_uri(
            reverse("club_player", args=[m.view_token])),
    }


@require_GET
def club_page(request: HttpRequest, token: str) -> HttpResponse:
    club = get_for_admin(token)
    context = _admin_context(request, club)
    context["register"] = [(m, context["player_url"](m)) for m in context["register"]]
    return render(request, "club/admin.html", context)


def _admin_refused(request: HttpRequest, club: Club, **forms: Any) -> HttpResponse:
    context = _admin_context(request, club, **forms)
    context["register"] = [(m, context["player_url"](m)) for m in context["register"]]
    return render(request, "club/admin.html", context, status=400)


@require_POST
def member_add(request: HttpRequest, token: str) -> HttpResponse:
    club = get_for_admin(token)
    form = NewMemberForm(request.POST, prefix="member")
    back = None
    if form.is_valid():
        data = dict(form.cleaned_data)
        similar_ok = bool(data.pop("another", False))
        try:
            m = logic.add_member(club, **data, similar_ok=similar_ok)
        except logic.ClubError as error:
            form.add_error(None, error_text(error))
            if error.code == "name_left":  # offer to bring the player back
                back = Member.objects.filter(
                    club=club, pk=int(error.params.get("member") or 0)).first()
        else:
            messages.success(request, _("%(name)s is on the register.") % {"name": m.name})
            return HttpResponseRedirect(admin_url(club))
    return _admin_refused(request, club, member_form=form, bring_back=back)


@require_POST
def member_back(request: HttpRequest, token: str, member_id: int) -> HttpResponse:
    """A player who had left plays again: offered for new evenings once more (and for the
    late arrivals of the evening whose page the button was on)."""
    club = get_for_admin(token)
    m = get_object_or_404(Member, club=club, pk=member_id, merged_into__isnull=True)
    evening = request.POST.get("evening", "")
    ev = (club.evenings.filter(pk=int(evening)).first()
          if evening.isascii() and evening.isdigit() and len(evening) < 12 else None)
    try:
        logic.bring_back(m)
    except logic.ClubError as error:
        messages.error(request, error_text(error))
    else:
        if ev is not None:  # brought back from the evening's late arrivals: offered there now
            messages.success(request, _("%(name)s is back on the register: pick the name "
                                        "under “A late arrival” to add to the evening.")
                             % {"name": m.name})
        else:
            messages.success(request, _("%(name)s is back on the register: offered for new "
                                        "evenings again.") % {"name": m.name})
    if ev is not None:
        return HttpResponseRedirect(reverse("club_evening", args=[club.admin_token, ev.pk]))
    season = request.POST.get("season", "")
    if season.isascii() and season.isdigit() and club.seasons.filter(pk=int(season)).exists():
        return HttpResponseRedirect(reverse("club_evening_new", args=[club.admin_token,
                                                                      int(season)]))
    return HttpResponseRedirect(admin_url(club))


@require_http_methods(["GET", "POST"])
def member_edit(request: HttpRequest, token: str, member_id: int) -> HttpResponse:
    club = get_for_admin(token)
    m = get_object_or_404(Member, club=club, pk=member_id, merged_into__isnull=True)
    initial = {"name": m.name, "nickname": m.nickname, "team": m.team,
               "initials_only": m.initials_only, "has_left": m.left is not None}
    form = MemberEditForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            logic.edit_member(m, **form.cleaned_data)
        except logic.ClubError as error:
            form.add_error(None, error_text(error))
        else:
            messages.success(request, _("The register is saved."))
            return HttpResponseRedirect(admin_url(club))
    status = 400 if request.method == "POST" else 200
    return render(request, "club/member.html", {"club": club, "member": m, "form": form},
                  status=status)


@require_POST
def member_merge(request: HttpRequest, token: str) -> HttpResponse:
    club = get_for_admin(token)
    form = MergeForm(request.POST, members=club.members.filter(merged_into__isnull=True),
                     prefix="merge")
    if form.is_valid():
        try:
            logic.merge(form.cleaned_data["keep"], form.cleaned_data["duplicate"])
        except logic.ClubError as error:
            form.add_error(None, error_text(error))
        else:
            messages.success(request, _("The two lines are one player now."))
            return HttpResponseRedirect(admin_url(club))
    return _admin_refused(request, club, merge_form=form)


@require_POST
def season_new(request: HttpRequest, token: str) -> HttpResponse:
    club = get_for_admin(token)
    form = SeasonForm(request.POST, prefix="season")
    if form.is_valid():
        data = form.cleaned_data
        try:
            s = logic.create_season(
                club, name=data["name"], ruleset=data["ruleset"], rule=data["rule"],
                places=data.get("place_points") or [], best_of=data.get("best_of"),
                min_evenings=data.get("min_evenings") or 0, start=data["start"],
                end=data.get("end"))
        except (logic.ClubError, rules.RulesError) as error:
            form.add_error(None, error_text(error))
        else:
            messages.success(request, _("Season created."))
            return HttpResponseRedirect(reverse("club_evening_new",
                                                args=[club.admin_token, s.pk]))
    return _admin_refused(request, club, season_form=form)


SHEET_LINK = re.compile(r"/(?P<kind>[sv])/(?P<token>[\w-]+)/?")


@require_POST
def home_link(request: HttpRequest, token: str) -> HttpResponse:
    club = get_for_admin(token)
    form = HomeSheetForm(request.POST, members=club.members.filter(merged_into__isnull=True),
                         prefix="home")
    if form.is_valid():
        data = form.cleaned_data
        found = SHEET_LINK.search(data["link"])
        sheet = None
        if found:
            field = "edit_token" if found["kind"] == "s" else "view_token"
            sheet = Sheet.objects.filter(**{field: found["token"]}).first()
        try:
            if sheet is None:
                raise logic.ClubError("no_sheet")
            logic.link_home_sheet(data["member"], sheet=sheet,
                                  name_on_sheet=data["name_on_sheet"])
        except logic.ClubError as error:
            form.add_error(None, error_text(error))
        else:
            messages.success(request, _("The sheet counts in the player’s statistics now."))
            return HttpResponseRedirect(admin_url(club))
    return _admin_refused(request, club, home_form=form)


def _evening_form(request: HttpRequest, club: Club, s: Season) -> EveningForm:
    register = club.members.filter(merged_into__isnull=True, left__isnull=True)
    last = logic.last_evening(s)
    initial: dict[str, Any] = {"name": f"{s.name} · {s.evenings.count() + 1}"}
    if last is not None:
        t = last.tournament
        initial.update(rounds=t.rounds, table_size=str(t.table_size),
                       deals_per_round=t.deals_per_round, premium=t.premium is not None)
    if request.GET.get("last"):
        initial["members"] = logic.last_players(s)
    return EveningForm(request.POST or None, members=register, initial=initial)


def _evening_page(request: HttpRequest, club: Club, s: Season, *,
                  form: EveningForm | None = None, attach_form: AttachForm | None = None,
                  bring_back: Member | None = None, status: int = 200) -> HttpResponse:
    last_ids = set(logic.last_players(s))
    listed = [m for m in logic.active(club) if m.pk in last_ids] if last_ids else []
    players = "\n".join(f"{m.name}, {m.team}" if m.team else m.name for m in listed)
    full_form = reverse("tournament_new") + "?" + urlencode(
        {"ruleset": s.ruleset, "name": s.name, "players_text": players})
    return render(request, "club/evening_new.html", {
        "club": club, "season": s, "form": form or _evening_form(request, club, s),
        "attach_form": attach_form or AttachForm(prefix="attach"),
        "has_last": bool(last_ids), "full_form_url": full_form,
        "preset_label": preset_label(s.ruleset), "bring_back": bring_back,
    }, status=status)


@require_http_methods(["GET", "POST"])
def evening_new(request: HttpRequest, token: str, season_id: int) -> HttpResponse:
    """A season's new evening: its players ticked on the register (the last evening's list in
    one tap), late arrivals typed; the tournament app makes the tournament."""
    club = get_for_admin(token)
    s = _season(club, season_id)
    form = _evening_form(request, club, s)
    back = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            ev = logic.create_evening(
                s, name=data["name"], rounds=data["rounds"], table_size=data["table_size"],
                deals_per_round=data.get("deals_per_round"), premium=data["premium"],
                members=list(data["members"]), newcomers=data["newcomers"])
        except (logic.ClubError, TournamentError, rules.RulesError) as error:
            form.add_error(None, error_text(error))
            if isinstance(error, logic.ClubError) and error.code == "name_left":
                back = Member.objects.filter(
                    club=club, pk=int(error.params.get("member") or 0)).first()
        else:
            messages.success(request, _("The evening’s tournament is ready with its players. "
                                        "Keep this page’s link: it is the director’s."))
            return HttpResponseRedirect(reverse("tournament",
                                                args=[ev.tournament.director_token]))
    return _evening_page(request, club, s, form=form, bring_back=back,
                         status=400 if request.method == "POST" else 200)


TOURNAMENT_LINK = re.compile(r"/t/(?P<token>[\w-]+)/?")


@require_POST
def evening_attach(request: HttpRequest, token: str, season_id: int) -> HttpResponse:
    """A tournament made on the tournament page (its own house rules) joins the season."""
    club = get_for_admin(token)
    s = _season(club, season_id)
    form = AttachForm(request.POST, prefix="attach")
    if form.is_valid():
        found = TOURNAMENT_LINK.search(form.cleaned_data["link"])
        t = (Tournament.objects.filter(director_token=found["token"]).first()
             if found else None)
        try:
            if t is None:
                raise logic.ClubError("no_tournament")
            logic.attach_tournament(s, t)
        except (logic.ClubError, rules.RulesError) as error:
            form.add_error(None, error_text(error))
        else:
            messages.success(request, _("The tournament is an evening of the season now."))
            return HttpResponseRedirect(admin_url(club))
    return _evening_page(request, club, s, attach_form=form, status=400)


@require_http_methods(["GET", "POST"])
def season_period(request: HttpRequest, token: str, season_id: int) -> HttpResponse:
    """The season's dates: its first day, and its last when the season closes.  Evenings
    outside them are listed and do not count."""
    club = get_for_admin(token)
    s = _season(club, season_id)
    form = PeriodForm(request.POST or None, initial={"start": s.start, "end": s.end})
    if request.method == "POST" and form.is_valid():
        try:
            logic.set_period(s, start=form.cleaned_data["start"], end=form.cleaned_data["end"])
        except logic.ClubError as error:
            form.add_error(None, error_text(error))
        else:
            messages.success(request, _("The season’s dates are saved."))
            return HttpResponseRedirect(admin_url(club))
    status = 400 if request.method == "POST" else 200
    return render(request, "club/season_period.html", {
        "club": club, "season": s, "form": form, "period": period_text(s.start, s.end),
        "outside": [(ev, _day(ev.day)) for ev in logic.outside(s)],
    }, status=status)


def _evening(club: Club, evening_id: int) -> Evening:
    return get_object_or_404(Evening.objects.select_related("tournament", "season", "club"),
                             club=club, pk=evening_id)


def _arrival_form(ev: Evening, data: Any = None) -> ArrivalForm:
    playing = ev.entrants.values_list("member_id", flat=True)
    members = ev.club.members.filter(merged_into__isnull=True, left__isnull=True).exclude(
        pk__in=playing)
    return ArrivalForm(data, members=members, prefix="arrive")


def _evening_admin(request: HttpRequest, club: Club, ev: Evening, *,
                   form: ArrivalForm | None = None, bring_back: Member | None = None,
                   status: int = 200) -> HttpResponse:
    entrants = sorted(ev.entrants.select_related("member", "player"),
                      key=lambda e: e.player.number)
    return render(request, "club/evening.html", {
        "club": club, "evening": ev, "tournament": ev.tournament, "day": _day(ev.day),
        "entrants": entrants, "form": form or _arrival_form(ev), "bring_back": bring_back,
        "draws_left": draws_left(ev.tournament),
    }, status=status)


@require_GET
def evening_page(request: HttpRequest, token: str, evening_id: int) -> HttpResponse:
    """An evening on the club's page: who plays it, and the late arrivals' form."""
    club = get_for_admin(token)
    return _evening_admin(request, club, _evening(club, evening_id))


@require_POST
def evening_arrive(request: HttpRequest, token: str, evening_id: int) -> HttpResponse:
    """A late arrival joins the running evening through the tournament's own arrival (seated
    from the next draw), linked to his register line; a typed name joins the register."""
    club = get_for_admin(token)
    ev = _evening(club, evening_id)
    form = _arrival_form(ev, request.POST)
    back = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            entrant = logic.add_late_arrival(ev, member=data.get("member"),
                                             name=data.get("name") or "",
                                             team=data.get("team") or "")
        except (logic.ClubError, TournamentError) as error:
            form.add_error(None, error_text(error))
            if isinstance(error, logic.ClubError) and error.code == "name_left":
                back = Member.objects.filter(
                    club=club, pk=int(error.params.get("member") or 0)).first()
        else:
            messages.success(request, arrival_text(ev.tournament, entrant.player.name))
            return HttpResponseRedirect(reverse("club_evening", args=[club.admin_token, ev.pk]))
    return _evening_admin(request, club, ev, form=form, bring_back=back, status=400)


def season_file(s: Season, ext: str) -> str:
    """A season file's name after its club and season: "km-brno-podzim-2026.csv"."""
    slug = slugify(unicodedata.normalize("NFKD", f"{s.club.name} {s.name}"))[:60].strip("-")
    return f"{slug}.{ext}" if slug else f"season-{s.pk}.{ext}"


@require_GET
def season_json(request: HttpRequest, token: str, season_id: int) -> HttpResponse:
    club = get_for_admin(token)
    s = _season(club, season_id)
    body = json.dumps(logic.export_season(s), ensure_ascii=False, indent=1)
    return _download(body, "application/json; charset=utf-8", season_file(s, "json"))


# --------------------------------------------------------------------------- read pages


def _season_fragment(club: Club, s: Season, *, big: bool = False,
                     fingerprint: str | None = None) -> str:
    """The season table rendered once per revision and language (the cache keeps it): a page
    asks only for the revisions it depends on, whatever the length of the season."""
    fingerprint = fingerprint or season.fingerprint(s)
    key = f"club-season-html:{fingerprint}:{get_language()}:{int(big)}"
    html: str | None = cache.get(key)
    if html is None:
        table = season.season_table(s, fingerprint)
        html = render_to_string("club/_season_table.html", {
            "table": table, "lines": _season_lines(table), "teams": _team_lines(table),
            "big": big, "money": table.money, "club": club,
        })
        cache.set(key, html, season.CACHE_SECONDS)
    return mark_safe(html)  # noqa: S308  (our own template, escaped when rendered)


def _value(x: float | None) -> str:
    return "–" if x is None else points_text(x)


def _season_lines(table: season.SeasonTable) -> list[dict[str, Any]]:
    return [{
        "line": x, "name": x.public_name, "total": points_text(x.total),
        "money": crowns_text(x.money) if table.money else "",
        "values": [(_value(v), c) for v, c in zip(x.values, x.counted, strict=True)],
    } for x in table.lines]


def _team_lines(table: season.SeasonTable) -> list[dict[str, Any]]:
    return [{"team": t, "total": points_text(t.total),
             "values": [points_text(v) for v in t.values]} for t in table.teams]


def rule_text(s: Season) -> str:
    if s.rule == Rule.PLACES:
        first = ", ".join(str(p) for p in list(s.places)[:5])
        text = _("Placement points by the evening’s rank (%(points)s…).") % {"points": first}
    else:
        text = _("The evening’s competition points, added up.")
    if s.best_of:
        text += " " + ngettext("Only the best evening counts.",
                               "Only the best %(count)s evenings count.",
                               s.best_of) % {"count": s.best_of}
    if s.min_evenings:
        text += " " + ngettext("A player is ranked after %(count)s evening.",
                               "A player is ranked after %(count)s evenings.",
                               s.min_evenings) % {"count": s.min_evenings}
    return text


@require_GET
def club_view(request: HttpRequest, token: str) -> HttpResponse:
    club = get_for_view(token)
    seasons = list(club.seasons.all())
    return render(request, "club/view.html", {
        "club": club,
        "seasons": [(s, rule_text(s), period_text(s.start, s.end)) for s in seasons],
    })


@require_GET
def season_page(request: HttpRequest, token: str, season_id: int) -> HttpResponse:
    """The season table; with htmx it asks every few seconds for the live part, answered with
    204 while nothing changed (``?v=`` the fingerprint it shows)."""
    club = get_for_view(token)
    s = _season(club, season_id)
    fingerprint = season.fingerprint(s)
    live = request.path.endswith("/live")
    if live and request.GET.get("v") == fingerprint:
        return HttpResponse(status=204)
    context = {
        "club": club, "season": s, "table_html": _season_fragment(club, s,
                                                                  fingerprint=fingerprint),
        "fingerprint": fingerprint, "poll_seconds": POLL_SECONDS,
        "live_url": reverse("club_season_live", args=[club.view_token, s.pk]),
        "rule": rule_text(s), "preset_label": preset_label(s.ruleset),
        "period": period_text(s.start, s.end),
    }
    return render(request, "club/season.html#live" if live else "club/season.html", context)


@require_GET
def season_wall(request: HttpRequest, token: str, season_id: int) -> HttpResponse:
    club = get_for_view(token)
    s = _season(club, season_id)
    html = _season_fragment(club, s, big=True)
    url = request.build_absolute_uri(reverse("club_season", args=[club.view_token, s.pk]))
    qr = cache.get(f"club-qr:{url}")
    if qr is None:
        qr = qr_svg(url)
        cache.set(f"club-qr:{url}", qr, season.CACHE_SECONDS)
    return render(request, "club/wall.html", {
        "club": club, "season": s, "table_html": html,
        "refresh": WALL_REFRESH_SECONDS, "qr": mark_safe(qr),  # noqa: S308  (segno's SVG)
    })


def _safe(text: str) -> str:
    return exports._text(text)


@require_GET
def season_csv(request: HttpRequest, token: str, season_id: int) -> HttpResponse:
    """The season table as CSV (kept per revision and language, like the page)."""
    club = get_for_view(token)
    s = _season(club, season_id)
    fingerprint = season.fingerprint(s)
    key = f"club-season-csv:{fingerprint}:{get_language()}"
    text = cache.get(key)
    if text is None:
        text = _season_csv(season.season_table(s, fingerprint))
        cache.set(key, text, season.CACHE_SECONDS)
    return _download(text, "text/csv; charset=utf-8", season_file(s, "csv"))


def _season_csv(table: season.SeasonTable) -> str:
    out = io.StringIO()
    w = csv.writer(out)
    if not table.complete:
        w.writerow([_("Provisional: some tables of the season are still playing.")])
    head = [_("Rank"), _("Player"), _("Team"), _("Season points"), _("Evenings played")]
    head += [_("Premium points"), _("Money (Kč)")] if table.money else []
    head += [_("Evening %(number)s") % {"number": i + 1} for i in range(len(table.evenings))]
    w.writerow(head)
    for x in table.lines:
        line: list[Any] = ["" if x.rank is None else x.rank, _safe(x.public_name),
                           _safe(x.team), points_text(x.total), x.played]
        if table.money:
            line += [x.premium, crowns_text(x.money)]
        line += [_value(v) + ("" if c or v is None else "*")
                 for v, c in zip(x.values, x.counted, strict=True)]
        w.writerow(line)
    return out.getvalue()


@require_GET
def player_page(request: HttpRequest, token: str) -> HttpResponse:
    """A player's own page: every evening and sheet, his numbers, his season rank."""
    m = get_object_or_404(Member.objects.select_related("club"), view_token=token)
    m = logic.survivor(m)
    club = m.club
    seasons = season.seasons_of(m)
    fingerprints = [season.fingerprint(s) for s in seasons]
    key = "club-player-html:" + season.cache_key(season.player_fingerprint(m), fingerprints,
                                              get_language())
    html = cache.get(key)
    if html is None:
        numbers = season.player_numbers(m)
        ranks = []
        for s, fingerprint in zip(seasons, fingerprints, strict=True):
            table = season.season_table(s, fingerprint)
            line = table.line_of(m.pk)
            if line is not None:
                ranks.append((s, table, line))
        html = render_to_string("club/_player.html", _player_context(club, m, numbers, ranks))
        cache.set(key, html, season.CACHE_SECONDS)
    return render(request, "club/player.html", {
        "club": club, "member": m, "name": season.public_name(m),
        "body": mark_safe(html),  # noqa: S308  (our own template, escaped when rendered)
    })


def _player_context(club: Club, m: Member, numbers: season.PlayerNumbers,
                    ranks: list[Any]) -> dict[str, Any]:
    by_evening: dict[int | None, list[season.SheetLine]] = {}
    for x in numbers.sheets:
        by_evening.setdefault(x.evening, []).append(x)

    def total(x: season.SheetLine) -> str:
        return format_money(x.total) if x.money else points_text(x.total)

    evenings = [{
        "result": r, "line": line, "points": points_text(line.points),
        "money": crowns_text(line.score) if r.money else "",
        "sheets": [{"sheet": x, "total": total(x)} for x in by_evening.get(r.evening, [])],
    } for r, line, _s in numbers.evenings]
    home = [{"sheet": x, "total": total(x)} for x in by_evening.get(None, [])]
    return {
        "club": club, "member": m, "numbers": numbers, "evenings": evenings, "home": home,
        "points": points_text(numbers.points), "money": crowns_text(numbers.money),
        "contracts": [{"label": contract_label(c.contract), "played": c.played, "won": c.won}
                      for c in numbers.contracts],
        # per game: Mariáš points and Thousand placement points are never added together
        "games": [{"label": game_label(g.game), "evenings": g.evenings,
                   "points": points_text(g.points),
                   "contracts": [{"label": contract_label(c.contract), "played": c.played,
                                  "won": c.won} for c in g.contracts]}
                  for g in numbers.games],
        "ranks": [{"season": s, "line": line, "total": points_text(line.total),
                   "of": sum(1 for x in table.lines if x.rank is not None)}
                  for s, table, line in ranks],
    }
