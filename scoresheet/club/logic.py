"""A club's register, seasons and evenings: the only code that writes club rows.

Every change is one transaction that locks the club row and bumps its revision (the season
tables and players' pages are cached under it).  A refused change raises :class:`ClubError`
with a code and params the pages translate (:data:`scoresheet.club.views.ERROR_TEXTS`), and
changes nothing.  The evening's tournament is made by the tournament app's own
:func:`scoresheet.tournament.logic.create_tournament`.
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

import rules
from rules import tournament as draw_rules
from scoresheet.club.models import (
    NAME_LENGTH,
    NICK_LENGTH,
    TEAM_LENGTH,
    TITLE_LENGTH,
    Club,
    Entrant,
    Evening,
    HomeSheet,
    Member,
    Rule,
    Season,
)
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.validators import text_problem
from scoresheet.tournament import logic as tournaments
from scoresheet.tournament.document import DocumentRefused
from scoresheet.tournament.models import Tournament

EXPORT_FORMAT = "listek-season/2"  # 2: the season's period (start, end)
READABLE_FORMATS = ("listek-season/1", EXPORT_FORMAT)  # a /1 file has no period: open season
MAX_MEMBERS = 2000
MAX_PLACES = 400  # placement points listed for ranks 1..400 at most (a tournament's players)
MAX_POINTS = 10_000  # placement points of one rank


class ClubError(Exception):
    """A refused change: ``code`` and ``params`` say which rule in players' words."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def _text(value: str, limit: int, *, code: str = "text_long") -> str:
    value = value.strip()
    if text_problem(value) is not None:
        raise ClubError("text_bad", text=value[:limit])
    if len(value) > limit:
        raise ClubError(code, name=value, max=limit)
    return value


def _locked(club: Club) -> Club:
    locked = Club.objects.select_for_update().get(pk=club.pk)
    locked.revision += 1
    locked.save(update_fields=["revision"])
    return locked


def create_club(*, name: str, owner: Any = None) -> Club:
    """A new club; ``owner`` (an account, or None) lists it under "Your clubs"."""
    name = _text(name, TITLE_LENGTH)
    if not name:
        raise ClubError("club_name")
    return Club.objects.create(name=name, owner=owner)


# --------------------------------------------------------------------------- the register


def active(club: Club) -> list[Member]:
    """The register as a new evening offers it: not merged away, not left."""
    return list(club.members.filter(merged_into__isnull=True, left__isnull=True))


def folded(name: str) -> str:
    """A name as the register compares it: letter case, spaces and accents aside
    ("pepa  NOVAK" is "Pepa Novák")."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name)
                    if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def _same(a: str, b: str) -> bool:
    """The same name but for letter case and spaces: two such lines cannot be told apart."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def _check_name(club: Club, name: str, *, other_than: int | None = None,
                similar_ok: bool = False, as_stored: bool = False) -> str:
    """The name as the register keeps it (spaces normalised), or :class:`ClubError`: the
    same name (letter case and spaces aside) is refused, and one that differs only by accents
    asks first (``similar_ok``: the director said it is another player); a player who has
    left is offered back instead (``name_left``)."""
    kept = _text(name, NAME_LENGTH, code="name_long")
    name = kept if as_stored else " ".join(kept.split())
    if not name:
        raise ClubError("name_empty")
    others = club.members.filter(merged_into__isnull=True)
    if other_than is not None:
        others = others.exclude(pk=other_than)
    for m in others:
        if as_stored:  # a season file's register, as it was kept: only the very same name
            if m.name.casefold() == name.casefold():
                raise ClubError("name_taken", name=m.name, member=m.pk)
            continue
        if folded(m.name) != folded(name):
            continue
        if m.left is not None and (_same(m.name, name) or not similar_ok):
            raise ClubError("name_left", name=m.name, member=m.pk)
        if _same(m.name, name):
            raise ClubError("name_taken", name=m.name, member=m.pk)
        if not similar_ok:
            raise ClubError("name_similar", name=m.name, typed=name, member=m.pk)
    return name


def add_member(club: Club, *, name: str, nickname: str = "", team: str = "",
               similar_ok: bool = False, as_stored: bool = False) -> Member:
    with transaction.atomic():
        club = _locked(club)
        name = _check_name(club, name, similar_ok=similar_ok, as_stored=as_stored)
        if club.members.count() >= MAX_MEMBERS:
            raise ClubError("too_many", max=MAX_MEMBERS)
        return Member.objects.create(club=club, name=name,
                                     nickname=_text(nickname, NICK_LENGTH),
                                     team=_text(team, TEAM_LENGTH))


def edit_member(member: Member, *, name: str, nickname: str, team: str, initials_only: bool,
                has_left: bool) -> Member:
    """Change a register line.  The evenings already played keep the name they were played
    under; the season table shows the register's name."""
    with transaction.atomic():
        club = _locked(member.club)
        member = Member.objects.select_for_update().get(pk=member.pk)
        if member.merged_into_id is not None:
            raise ClubError("merged")
        member.name = _check_name(club, name, other_than=member.pk, similar_ok=True)
        member.nickname = _text(nickname, NICK_LENGTH)
        member.team = _text(team, TEAM_LENGTH)
        member.initials_only = initials_only
        if has_left and member.left is None:
            member.left = timezone.localdate()
        elif not has_left:
            member.left = None
        member.save()
        return member


def bring_back(member: Member) -> Member:
    """A player who had left the club plays again: offered for new evenings once more."""
    with transaction.atomic():
        _locked(member.club)
        member = Member.objects.select_for_update().get(pk=member.pk)
        if member.merged_into_id is not None:
            raise ClubError("merged")
        member.left = None
        member.save(update_fields=["left"])
        return member


def merge(keep: Member, duplicate: Member) -> None:
    """Two register lines are one person: the duplicate's evenings and sheets become the kept
    one's; the duplicate's line stays, marked merged, so its old link still finds him."""
    if keep.pk == duplicate.pk:
        raise ClubError("merge_same")
    with transaction.atomic():
        _locked(keep.club)
        keep = Member.objects.select_for_update().get(pk=keep.pk)
        duplicate = Member.objects.select_for_update().get(pk=duplicate.pk)
        if keep.club_id != duplicate.club_id or keep.merged_into_id or duplicate.merged_into_id:
            raise ClubError("merged")
        both = set(Entrant.objects.filter(member=keep).values_list("evening_id", flat=True))
        if Entrant.objects.filter(member=duplicate, evening_id__in=both).exists():
            raise ClubError("merge_same_evening", keep=keep.name, duplicate=duplicate.name)
        Entrant.objects.filter(member=duplicate).update(member=keep)
        sheets = set(HomeSheet.objects.filter(member=keep).values_list("sheet_id", flat=True))
        HomeSheet.objects.filter(member=duplicate, sheet_id__in=sheets).delete()
        HomeSheet.objects.filter(member=duplicate).update(member=keep)
        Member.objects.filter(merged_into=duplicate).update(merged_into=keep)
        duplicate.merged_into = keep
        duplicate.save(update_fields=["merged_into"])


def survivor(member: Member) -> Member:
    """The register line a (possibly merged) member's link stands for now."""
    seen = {member.pk}
    while member.merged_into_id is not None and member.merged_into_id not in seen:
        seen.add(member.merged_into_id)
        member = Member.objects.get(pk=member.merged_into_id)
    return member


# --------------------------------------------------------------------------- seasons


def check_places(places: Sequence[int]) -> list[int]:
    out = [int(p) for p in places]
    if not out or len(out) > MAX_PLACES or any(not 0 <= p <= MAX_POINTS for p in out):
        raise ClubError("places_bad", max=MAX_POINTS)
    if any(a < b for a, b in itertools.pairwise(out)):
        raise ClubError("places_order")
    return out


def check_period(start: date | None, end: date | None) -> None:
    if start is not None and end is not None and end < start:
        raise ClubError("period_order", start=start, end=end)


def create_season(club: Club, *, name: str, ruleset: str, rule: str,
                  places: Sequence[int] = (), best_of: int | None = None,
                  min_evenings: int = 0, start: date | None = None,
                  end: date | None = None) -> Season:
    """A new season; ``start`` and ``end`` its period (None: open on that side)."""
    name = _text(name, TITLE_LENGTH)
    if not name:
        raise ClubError("season_name")
    rules.game_of(ruleset)  # raises RulesError for an unknown preset
    if rule not in {r.value for r in Rule}:
        raise ClubError("rule_bad")
    checked = check_places(places) if rule == Rule.PLACES else []
    if best_of is not None and not 1 <= best_of <= 100:
        raise ClubError("best_bad")
    if not 0 <= min_evenings <= 100 or (best_of is not None and min_evenings > best_of):
        raise ClubError("min_bad")
    check_period(start, end)
    with transaction.atomic():
        club = _locked(club)
        return Season.objects.create(club=club, name=name, ruleset=ruleset, rule=rule,
                                     places=checked, best_of=best_of, min_evenings=min_evenings,
                                     start=start, end=end)


def set_period(season: Season, *, start: date | None, end: date | None) -> Season:
    """The season's dates changed (its end set when it closes).  An evening already in the
    season whose date falls outside stays listed but no longer counts."""
    check_period(start, end)
    with transaction.atomic():
        _locked(season.club)
        season = Season.objects.select_for_update().get(pk=season.pk)
        season.start, season.end = start, end
        season.save(update_fields=["start", "end"])
        return season


def outside(season: Season) -> list[Evening]:
    """The season's evenings whose date is outside its period (they do not count)."""
    if season.start is None and season.end is None:
        return []
    return [ev for ev in season.evenings.order_by("created", "id") if not season.holds(ev.day)]


def _check_day(season: Season, day: date) -> None:
    """An evening is refused by a season whose period does not hold its date; the refusal
    names the club's season it belongs to, if one of the same game holds the date."""
    if season.holds(day):
        return
    other = season_for(season.club, season.ruleset, day)
    if other is not None:
        raise ClubError("evening_other_season", day=day, season=other.name)
    raise ClubError("evening_outside", day=day, start=season.start, end=season.end)


def season_for(club: Club, ruleset: str, day: date) -> Season | None:
    """The club's season an evening of ``ruleset`` on ``day`` belongs to: its game matches and
    its period holds the date (the latest such season)."""
    game = rules.game_of(ruleset).name
    for s in club.seasons.order_by("-created", "-id"):
        if rules.game_of(s.ruleset).name == game and s.holds(day):
            return s
    return None


# --------------------------------------------------------------------------- evenings


@dataclass(frozen=True, kw_only=True)
class Newcomer:
    """A late arrival typed on the spot: he joins the register with the evening."""

    name: str
    team: str = ""


def last_evening(season: Season) -> Evening | None:
    return season.evenings.order_by("-created", "-id").first()


def last_players(season: Season) -> list[int]:
    """The register ids of the last evening's players still on the register (those who
    played it: a late arrival with no round left did not)."""
    last = last_evening(season)
    if last is None:
        return []
    played = last.entrants.filter(player__seats__round__started__isnull=False)
    ids = set(played.values_list("member_id", flat=True))
    if not ids:  # the last evening has not started: its list as it was made
        ids = set(last.entrants.values_list("member_id", flat=True))
    return [m.pk for m in active(season.club) if m.pk in ids]


def create_evening(season: Season, *, name: str, rounds: int, table_size: int,
                   deals_per_round: int | None, premium: bool, members: Sequence[Member],
                   newcomers: Sequence[Newcomer] = ()) -> Evening:
    """The evening's tournament with the ticked register players and the newcomers (who join
    the register), made by the tournament app; nothing is stored when either refuses."""
    club = season.club
    _check_day(season, timezone.localdate())
    with transaction.atomic():
        club = _locked(club)
        chosen = list(members)
        if any(m.club_id != club.pk or m.merged_into_id is not None for m in chosen):
            raise ClubError("merged")
        for n in newcomers:
            chosen.append(add_member(club, name=n.name, team=n.team))
        last = last_evening(season)
        options = dict(last.tournament.options) if last is not None else {}
        game = rules.game_of(season.ruleset).name
        table = draw_rules.PremiumTable().to_json() if premium and game == "marias" else None
        t = tournaments.create_tournament(
            name=name.strip() or season.name, ruleset=season.ruleset, options=options,
            rounds=rounds, table_size=table_size, deals_per_round=deals_per_round,
            premium=table,
            players=[tournaments.NewPlayer(name=m.name, club=m.team) for m in chosen])
        evening = Evening.objects.create(club=club, season=season, tournament=t)
        by_name = {p.name.casefold(): p for p in t.players.all()}
        Entrant.objects.bulk_create(
            Entrant(evening=evening, member=m, player=by_name[m.name.casefold()])
            for m in chosen)
    return evening


def attach_tournament(season: Season, t: Tournament) -> Evening:
    """An evening made on the tournament page (with its own house rules) joins the season: its
    players are matched to the register by name (letter case aside); a name the register does
    not know joins it.  A tournament of another game, or of an evening already, is refused."""
    if Evening.objects.filter(tournament=t).exists():
        raise ClubError("tournament_taken")
    if rules.game_of(t.ruleset).name != rules.game_of(season.ruleset).name:
        raise ClubError("tournament_game")
    _check_day(season, timezone.localdate(t.created))
    with transaction.atomic():
        club = _locked(season.club)
        known = {m.name.casefold(): m for m in club.members.filter(merged_into__isnull=True)}
        evening = Evening.objects.create(club=club, season=season, tournament=t)
        entrants = []
        for p in t.players.all():
            m = known.get(p.name.casefold())
            if m is None:
                m = add_member(club, name=p.name, team=p.club)
            entrants.append(Entrant(evening=evening, member=m, player=p))
        Entrant.objects.bulk_create(entrants)
    return evening


def add_late_arrival(evening: Evening, *, member: Member | None = None, name: str = "",
                     team: str = "") -> Entrant:
    """A player who comes after the evening's tournament was made: a register line, or a new
    player typed (he joins the register), added through the tournament's own arrival
    (:func:`scoresheet.tournament.logic.add_player`: seated from the next draw) and linked to
    his register line, so his season and his page count the evening.  Nothing is stored when
    the club or the tournament refuses."""
    with transaction.atomic():
        club = _locked(evening.club)
        if member is None:
            member = add_member(club, name=name, team=team)
        else:
            member = Member.objects.get(pk=member.pk)
            if member.club_id != club.pk or member.merged_into_id is not None:
                raise ClubError("merged")
            if Entrant.objects.filter(evening=evening, member=member).exists():
                raise ClubError("already_playing", name=member.name)
        player = tournaments.add_player(evening.tournament, name=member.name, club=member.team)
        entrant = Entrant.objects.create(evening=evening, member=member, player=player)
    return entrant


# --------------------------------------------------------------------------- home sheets


def link_home_sheet(member: Member, *, sheet: Sheet, name_on_sheet: str) -> HomeSheet:
    """A home game's sheet counts in the member's statistics, at the seat of that name."""
    names = [str(p).strip().casefold() for p in sheet.players]
    wanted = name_on_sheet.strip().casefold()
    if wanted not in names:
        raise ClubError("not_on_sheet", name=name_on_sheet.strip()[:NAME_LENGTH])
    if hasattr(sheet, "tournament_table") and sheet.tournament_table is not None:
        raise ClubError("tournament_sheet")
    with transaction.atomic():
        _locked(member.club)
        if HomeSheet.objects.filter(member=member, sheet=sheet).exists():
            raise ClubError("sheet_twice")
        return HomeSheet.objects.create(member=member, sheet=sheet, seat=names.index(wanted))


# --------------------------------------------------------------------------- export / import


def export_season(season: Season) -> dict[str, Any]:
    """The season with its register and every evening's whole tournament (docs/season.md)."""
    evenings = list(season.evenings.select_related("tournament").order_by("created", "id"))
    members: dict[int, Member] = {}
    listed = []
    for ev in evenings:
        entrants = {e.player_id: e.member for e in ev.entrants.select_related("member")}
        for m in entrants.values():
            members.setdefault(m.pk, m)
        numbers = {p.pk: p.number for p in ev.tournament.players.all()}
        listed.append({
            "created": ev.created.isoformat(),
            "players": {str(numbers[pid]): m.pk for pid, m in entrants.items()},
            "tournament": tournaments.export(ev.tournament),
        })
    return {
        "format": EXPORT_FORMAT,
        "club": season.club.name,
        "season": {"name": season.name, "ruleset": season.ruleset, "rule": season.rule,
                   "places": season.places, "best_of": season.best_of,
                   "min_evenings": season.min_evenings,
                   "start": season.start.isoformat() if season.start else None,
                   "end": season.end.isoformat() if season.end else None},
        "register": [{"id": m.pk, "name": m.name, "nickname": m.nickname, "team": m.team,
                      "initials_only": m.initials_only,
                      "left": m.left.isoformat() if m.left else None}
                     for m in sorted(members.values(), key=lambda m: m.pk)],
        "evenings": listed,
    }


def import_season(doc: Any) -> Club:
    """A new club holding the exported season (its register, evenings and sheets); a bad
    document is refused whole."""
    if not isinstance(doc, Mapping) or doc.get("format") not in READABLE_FORMATS:
        raise ClubError("bad_document", detail="format")
    try:
        with transaction.atomic():
            club = create_club(name=str(doc["club"]))
            head = doc["season"]
            season = create_season(
                club, name=str(head["name"]), ruleset=str(head["ruleset"]),
                rule=str(head["rule"]), places=list(head.get("places") or []),
                best_of=int(head["best_of"]) if head.get("best_of") is not None else None,
                min_evenings=int(head.get("min_evenings") or 0),
                start=date.fromisoformat(head["start"]) if head.get("start") else None,
                end=date.fromisoformat(head["end"]) if head.get("end") else None)
            members: dict[int, Member] = {}
            for raw in doc["register"]:
                m = add_member(club, name=str(raw["name"]), nickname=str(raw.get("nickname", "")),
                               team=str(raw.get("team", "")), as_stored=True)
                m.initials_only = bool(raw.get("initials_only"))
                m.left = date.fromisoformat(raw["left"]) if raw.get("left") else None
                m.save(update_fields=["initials_only", "left"])
                members[int(raw["id"])] = m
            for raw in doc["evenings"]:
                try:
                    t = tournaments.import_tournament(raw["tournament"])
                except tournaments.TournamentError as error:
                    raise ClubError("bad_document", detail=error.code) from None
                except DocumentRefused as refused:
                    first = refused.problems[0].text if refused.problems else ""
                    raise ClubError("bad_evening", problem=first) from None
                ev = Evening.objects.create(club=club, season=season, tournament=t,
                                            created=datetime.fromisoformat(raw["created"]))
                by_number = {p.number: p for p in t.players.all()}
                Entrant.objects.bulk_create(
                    Entrant(evening=ev, member=members[int(m)], player=by_number[int(n)])
                    for n, m in raw["players"].items())
    except (KeyError, TypeError, ValueError, AttributeError, IntegrityError) as exc:
        if isinstance(exc, rules.RulesError):
            raise
        raise ClubError("bad_document", detail=type(exc).__name__) from None
    return club
