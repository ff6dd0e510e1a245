"""Derived data of a club: an evening's results by register player, the season table with its
scoring rule, the team ranking, and a player's own numbers.

Everything here is a pure function of the tournaments' sheets and the club's rows, so it is
cached under the revisions it was computed from (the club's, each tournament's and the sum of
its sheets'): a page asks one or two cheap queries for those revisions and reads the rest from
the cache, whatever the length of the season.  A miss recomputes; correctness never depends on
the cache.  Only :mod:`scoresheet.club.logic` writes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Sum

import rules
from scoresheet.club.models import Entrant, Evening, HomeSheet, Member, Rule, Season
from scoresheet.exports.stats import deciding
from scoresheet.sheets import services
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.paper import FAILED_MARKS, MADE_MARKS, paper_of
from scoresheet.tournament import logic as tournaments
from scoresheet.tournament.models import Seat, Tournament

CACHE_SECONDS = 24 * 3600  # immutable values under their revisions: kept as long as read


def cache_key(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _sheet_sums(tournament_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
    """Per tournament: the sum of its table sheets' revisions and their count (one query)."""
    rows = (Sheet.objects.filter(tournament_table__round__tournament_id__in=list(tournament_ids))
            .values_list("tournament_table__round__tournament_id")
            .annotate(s=Sum("revision"), c=Count("id")))
    return {tid: (s or 0, c) for tid, s, c in rows}


# --------------------------------------------------------------------------- one evening


@dataclass(frozen=True, kw_only=True)
class EveningLine:
    rank: int
    points: float  # competition points of the evening
    premium: int
    score: int  # money in haléře (Mariáš) or game points
    wins: int


@dataclass(frozen=True, kw_only=True)
class EveningResult:
    evening: int  # Evening id
    name: str
    date: str  # ISO date of the evening
    view_token: str  # the tournament's players' link
    money: bool
    complete: bool
    lines: dict[int, EveningLine]  # by Member id
    game: str = ""  # the evening's game: a player's page adds up points per game


def evening_result(ev: Evening, t: Tournament, sums: tuple[int, int], club_revision: int
                   ) -> EveningResult:
    key = "club-evening:" + cache_key(ev.pk, t.pk, t.revision, sums, club_revision)
    found = cache.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    st = tournaments.standings(t)
    members = dict(Entrant.objects.filter(evening=ev).values_list("player_id", "member_id"))
    lines = {}
    for s in st.overall if st.rounds else ():  # an evening counts once its first round starts
        if s.player in members:
            lines[members[s.player]] = EveningLine(rank=s.rank, points=s.points,
                                                   premium=s.premium, score=s.score,
                                                   wins=s.wins)
    result = EveningResult(evening=ev.pk, name=t.name, date=ev.created.date().isoformat(),
                           view_token=t.view_token, money=paper_of(t.game).money,
                           complete=st.complete, lines=lines, game=t.game)
    cache.set(key, result, CACHE_SECONDS)
    return result


# --------------------------------------------------------------------------- the season


@dataclass(kw_only=True)
class SeasonLine:
    member: int
    name: str
    public_name: str
    team: str
    values: list[float | None]  # per evening: what it counts for the season; None: absent
    counted: list[bool]  # per evening: among the best N (or every evening)
    total: float = 0.0
    played: int = 0
    premium: int = 0
    money: int = 0  # haléře over the season
    best: float = 0.0
    rank: int | None = None  # None: fewer evenings than the minimum


@dataclass(kw_only=True)
class TeamLine:
    team: str
    values: list[float]
    total: float
    rank: int = 0


@dataclass(kw_only=True)
class SeasonTable:
    season: int
    rule: str
    best_of: int | None
    min_evenings: int
    evenings: list[EveningResult]
    lines: list[SeasonLine]  # ranked first, then the unranked
    teams: list[TeamLine] = field(default_factory=list)
    money: bool = False
    fingerprint: str = ""
    outside: int = 0  # the season's evenings outside its period (not counted)

    @property
    def complete(self) -> bool:
        return all(e.complete for e in self.evenings)

    def line_of(self, member: int) -> SeasonLine | None:
        return next((x for x in self.lines if x.member == member), None)


def initials(name: str) -> str:
    """"Jana Nováková" -> "J. N." (what a public page shows of a private player)."""
    return " ".join(part[0] + "." for part in name.split() if part)


def public_name(m: Member) -> str:
    return initials(m.name) if m.initials_only else m.name


def value_of(season: Season, line: EveningLine) -> float:
    """What one evening counts for the season under its rule (docs/season.md)."""
    if season.rule == Rule.PLACES:
        places = list(season.places)
        return float(places[line.rank - 1]) if line.rank <= len(places) else 0.0
    return float(line.points)


def counted_evenings(values: Sequence[float | None], best_of: int | None) -> list[bool]:
    """Which evenings count: all played ones, or the best N (the earlier of equal ones)."""
    played = [i for i, v in enumerate(values) if v is not None]
    if best_of is not None:
        played = sorted(played, key=lambda i: (-(values[i] or 0.0), i))[:best_of]
    chosen = set(played)
    return [i in chosen for i in range(len(values))]


def _ranked(items: list[Any], key: Any) -> None:
    """Give ``items`` (sorted by ``key``) their ranks; equal keys share the rank."""
    for i, item in enumerate(items):
        item.rank = items[i - 1].rank if i and key(items[i - 1]) == key(item) else i + 1


def fingerprint(season: Season) -> str:
    """What the season table depends on (two small queries): the club's revision, the rule,
    each evening's tournament revision and the sum of its sheets' revisions."""
    evenings = list(season.evenings.order_by("created", "id")
                    .values_list("id", "tournament_id", "tournament__revision"))
    sums = _sheet_sums(tid for _id, tid, _rev in evenings)
    parts = [(pk, rev, sums.get(tid, (0, 0))) for pk, tid, rev in evenings]
    return cache_key(season.pk, season.club.revision, season.rule, season.places,
                     season.best_of, season.min_evenings, season.start, season.end, parts)


def season_table(season: Season, key: str | None = None) -> SeasonTable:
    """The season table (from the cache under :func:`fingerprint`; computed on a miss)."""
    key = key if key is not None else fingerprint(season)
    found = cache.get("club-season:" + key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    club_revision = season.club.revision
    # an evening whose date is outside the season's period does not count (docs/season.md)
    every = list(season.evenings.select_related("tournament").order_by("created", "id"))
    rows = [ev for ev in every if season.holds(ev.day)]
    sheet_sums = _sheet_sums(ev.tournament_id for ev in rows)
    evenings = [(ev, ev.tournament, sheet_sums.get(ev.tournament_id, (0, 0))) for ev in rows]
    results = [evening_result(ev, t, sums, club_revision) for ev, t, sums in evenings]
    ids = {m for r in results for m in r.lines}
    members = {m.pk: m for m in Member.objects.filter(pk__in=ids)}
    n = len(results)
    lines: list[SeasonLine] = []
    for mid, m in members.items():
        values: list[float | None] = [
            value_of(season, r.lines[mid]) if mid in r.lines else None for r in results]
        counted = counted_evenings(values, season.best_of)
        played = [r.lines[mid] for r in results if mid in r.lines]
        line = SeasonLine(
            member=mid, name=m.name, public_name=public_name(m), team=m.team, values=values,
            counted=counted, played=len(played),
            total=sum(v or 0.0 for v, c in zip(values, counted, strict=True) if c),
            premium=sum(x.premium for x in played), money=sum(x.score for x in played),
            best=max((v for v in values if v is not None), default=0.0))
        lines.append(line)

    def key_of(x: SeasonLine) -> tuple[float, float]:
        return (-x.total, -x.best)

    ranked = sorted((x for x in lines if x.played >= season.min_evenings),
                    key=lambda x: (key_of(x), x.name.casefold()))
    _ranked(ranked, key_of)
    unranked = sorted((x for x in lines if x.played < season.min_evenings),
                      key=lambda x: (key_of(x), x.name.casefold()))
    teams: dict[str, list[float]] = {}
    for x in lines:
        if x.team:
            per = teams.setdefault(x.team, [0.0] * n)
            for i, v in enumerate(x.values):
                per[i] += v or 0.0
    team_lines = sorted((TeamLine(team=name, values=v, total=sum(v))
                         for name, v in teams.items()),
                        key=lambda t: (-t.total, t.team.casefold()))
    _ranked(team_lines, lambda t: t.total)
    table = SeasonTable(season=season.pk, rule=season.rule, best_of=season.best_of,
                        min_evenings=season.min_evenings, evenings=results,
                        lines=ranked + unranked, teams=team_lines,
                        money=any(r.money for r in results), fingerprint=key,
                        outside=len(every) - len(rows))
    cache.set("club-season:" + key, table, CACHE_SECONDS)
    return table


# --------------------------------------------------------------------------- a player


@dataclass(kw_only=True)
class ContractCount:
    contract: str  # the engine's contract column (the page words it)
    played: int = 0
    won: int = 0
    game: str = ""  # the sheet's game: contracts of two games are never one line


@dataclass(kw_only=True)
class GameNumbers:
    """A player's numbers in one game: points of one game are never added to another's."""

    game: str
    evenings: int
    points: float  # competition points (Mariáš) or placement points (Thousand, Binokel)
    contracts: list[ContractCount]


@dataclass(kw_only=True)
class SheetLine:
    """One sheet the player sat at: a table of an evening, or a home game."""

    view_token: str
    evening: int | None  # Evening id; None: a home game
    round: int | None
    table: int | None
    players: list[str]
    total: int  # haléře or game points, as the sheet's total
    premium: int
    money: bool
    deals: int


@dataclass(kw_only=True)
class PlayerNumbers:
    member: int
    evenings: list[tuple[EveningResult, EveningLine, int | None]]  # result, his line, season
    sheets: list[SheetLine]
    contracts: list[ContractCount]
    renoncs: int
    premium: int
    money: int  # haléře over the money games
    points: float  # competition points over the evenings (of one game: see ``games``)
    fingerprint: str = ""
    games: list[GameNumbers] = field(default_factory=list)  # per game, in the order first played


def player_fingerprint(m: Member) -> str:
    """Every revision a player's page depends on (three queries)."""
    tables = (Sheet.objects.filter(tournament_table__seats__player__club_entrant__member=m)
              .aggregate(s=Sum("revision"), c=Count("id")))
    homes = Sheet.objects.filter(club_links__member=m).aggregate(s=Sum("revision"),
                                                                 c=Count("id"))
    played = (Tournament.objects.filter(players__club_entrant__member=m)
              .aggregate(s=Sum("revision"), c=Count("id")))
    return cache_key(m.pk, m.club.revision, tuple(tables.values()), tuple(homes.values()),
                     tuple(played.values()))


def _count_sheet(sheet: Sheet, seat: int, contracts: dict[tuple[str, str], ContractCount]
                 ) -> tuple[int, int, int]:
    """His contracts, renoncs, total and deals on one sheet, added to ``contracts``: one replay
    per revision of the sheet (kept in the cache under it), so that a deal at his table
    replays that table only, not his whole season."""
    key = f"club-sheet:{sheet.pk}:{sheet.revision}:{seat}"
    found = cache.get(key)
    if found is None:
        own: dict[str, ContractCount] = {}
        found = (_replay_sheet(sheet, seat, own),
                 [(c.contract, c.played, c.won) for c in own.values()])
        cache.set(key, found, CACHE_SECONDS)
    counts, played = found
    for contract, n, won in played:
        line = contracts.setdefault((sheet.game, contract),
                                    ContractCount(contract=contract, game=sheet.game))
        line.played += n
        line.won += won
    return counts  # type: ignore[no-any-return]


def _replay_sheet(sheet: Sheet, seat: int, contracts: dict[str, ContractCount]
                  ) -> tuple[int, int, int]:
    loaded = services.load(sheet)
    document, scored = loaded.document, loaded.scored
    renoncs = 0
    for row in scored.rows:
        entry = document.entries[row.entry] if row.entry < len(document.entries) else {}
        if row.kind == "renonc" and entry.get("seat") == seat:
            renoncs += 1
        if row.declarer != seat or row.auto or not deciding(row, document):
            continue
        marks = set(row.marks[seat])
        if not marks & (MADE_MARKS | FAILED_MARKS):
            continue
        line = contracts.setdefault(row.contract, ContractCount(contract=row.contract))
        line.played += 1
        line.won += 1 if marks & MADE_MARKS else 0
    deals = sum(1 for e in document.entries if e.get("type") in tournaments.DEAL_KINDS)
    total = scored.totals[seat] if seat < len(scored.totals) else 0
    return renoncs, int(total), deals


def player_numbers(m: Member) -> PlayerNumbers:
    key = "club-player:" + player_fingerprint(m)
    found = cache.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    club_revision = m.club.revision
    entrants = list(Entrant.objects.filter(member=m)
                    .select_related("evening__tournament").order_by("evening__created"))
    tids = [e.evening.tournament_id for e in entrants]
    sums = _sheet_sums(tids)
    evenings = []
    for e in entrants:
        t = e.evening.tournament
        result = evening_result(e.evening, t, sums.get(t.pk, (0, 0)), club_revision)
        if m.pk in result.lines:
            evenings.append((result, result.lines[m.pk], e.evening.season_id))
    contracts: dict[tuple[str, str], ContractCount] = {}
    sheets: list[SheetLine] = []
    renoncs = 0
    seats = (Seat.objects.filter(player__club_entrant__member=m, table__sheet__isnull=False)
             .select_related("table__sheet", "round__tournament", "player__club_entrant")
             .order_by("round__tournament__created", "round__number"))
    for s in seats:
        tb = s.table
        assert tb is not None and tb.sheet is not None
        t = s.round.tournament
        position = s.position or 0
        state = tournaments.table_state(t, tb, tournaments.table_players(tb))
        r, total, deals = _count_sheet(tb.sheet, position, contracts)
        renoncs += r
        sheets.append(SheetLine(
            view_token=tb.sheet.view_token, evening=s.player.club_entrant.evening_id,
            round=s.round.number, table=tb.number, players=list(tb.sheet.players),
            total=total, premium=state.premium[position] if position < len(state.premium)
            else 0, money=paper_of(t.game).money, deals=deals))
    for h in HomeSheet.objects.filter(member=m).select_related("sheet"):
        try:
            r, total, deals = _count_sheet(h.sheet, h.seat, contracts)
        except rules.RulesError:
            continue
        renoncs += r
        sheets.append(SheetLine(view_token=h.sheet.view_token, evening=None, round=None,
                                table=None, players=list(h.sheet.players), total=total,
                                premium=0, money=paper_of(h.sheet.game).money, deals=deals))
    money = sum(x.total for x in sheets if x.money)
    order = list(dict.fromkeys([r.game for r, _x, _s in evenings]
                               + [c.game for c in contracts.values()]))
    games = [GameNumbers(
        game=g, evenings=sum(1 for r, _x, _s in evenings if r.game == g),
        points=sum(x.points for r, x, _s in evenings if r.game == g),
        contracts=sorted((c for c in contracts.values() if c.game == g),
                         key=lambda c: (-c.played, c.contract)))
        for g in order]
    numbers = PlayerNumbers(
        member=m.pk, evenings=evenings, sheets=sheets,
        contracts=sorted(contracts.values(), key=lambda c: (-c.played, c.contract)),
        renoncs=renoncs, premium=sum(x.premium for _r, x, _s in evenings),
        money=money, points=sum(x.points for _r, x, _s in evenings), fingerprint=key,
        games=games)
    cache.set(key, numbers, CACHE_SECONDS)
    return numbers


def seasons_of(m: Member) -> list[Season]:
    """The seasons a player played an evening of (one query)."""
    return list(Season.objects.filter(evenings__entrants__member=m).distinct()
                .select_related("club").order_by("created", "id"))

