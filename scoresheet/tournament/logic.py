"""Running a tournament evening: the only code that writes tournament rows.

Every change is one transaction that locks the tournament row and bumps its revision (the wall
page and the director's page poll it).  A refused change raises :class:`TournamentError` with a
code and params the pages translate (:data:`scoresheet.tournament.views.ERROR_TEXTS`), and
changes nothing.

The engine judges the rules and the table sheets; :mod:`rules.tournament` draws the rounds and
computes premium points and standings.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.db import DatabaseError, transaction
from django.db.models import Count, Max
from django.utils import timezone

import rules
from rules import tournament as draw_rules
from scoresheet.sheets import reading, services
from scoresheet.sheets.models import Entry, Sheet
from scoresheet.sheets.validators import read_moment
from scoresheet.tournament.document import EXPORT_FORMAT, MAX_DEALS, MAX_ROUNDS, check
from scoresheet.tournament.models import (
    CURRENT_EDITION,
    NAME_LENGTH,
    Action,
    Confirmation,
    Event,
    Player,
    Review,
    Round,
    Seat,
    Table,
    Tournament,
)

MAX_PLAYERS = 400
logger = logging.getLogger(__name__)
TABLE_CACHE_SECONDS = 3600  # a table's numbers under its sheet's and tournament's revisions
DEAL_KINDS = ("deal", "concession")  # the rows that count towards a round's deals
PLAYERS_OPTION = "players"  # Thousand's option for the number of players at the sheet


def counts_as_deal(entry: Mapping[str, Any]) -> bool:
    """A row that is a deal of the round: a deal, a concession, or a Mariáš deal stopped by a
    renonc (the renonc entry carries the deal it stopped; docs/rules/marias.md#stopped-deal:
    "it is a deal of the round like any other")."""
    kind = entry.get("type")
    return kind in DEAL_KINDS or (kind == "renonc" and entry.get("deal") is not None)


def sizes_of(ruleset: str) -> tuple[int, ...]:
    """The table sizes a preset is played at (Mariáš 3 or 4, Binokel 3, Thousand 3 or 4)."""
    from scoresheet.sheets.forms import seat_limits

    low, high = seat_limits(ruleset)
    return tuple(range(max(low, draw_rules.MIN_TABLE), high + 1))


def sheet_options(t: Tournament, count: int) -> dict[str, Any]:
    """The tournament's rules for a table of ``count`` players (Thousand names the count)."""
    options = dict(t.options)
    for spec in rules.specs(rules.preset(t.ruleset)):
        if spec.name == PLAYERS_OPTION and spec.choices and count in spec.choices:
            if count == spec.default:
                options.pop(PLAYERS_OPTION, None)
            else:
                options[PLAYERS_OPTION] = count
    return options


class TournamentError(Exception):
    """A refused change: ``code`` and ``params`` say which rule in players' words."""

    def __init__(self, code: str, message: str = "", **params: Any) -> None:
        super().__init__(message or code)
        self.code = code
        self.params = params


# --------------------------------------------------------------------------- creating


@dataclass(frozen=True, kw_only=True)
class NewPlayer:
    name: str
    club: str = ""


def scoring_of(game: str) -> str:
    return draw_rules.SCORING_MONEY if game == "marias" else draw_rules.SCORING_PLACES


def premium_table(tournament: Tournament) -> draw_rules.PremiumTable | None:
    if tournament.premium is None or tournament.game != "marias":
        return None
    return draw_rules.PremiumTable.from_json(tournament.premium)


def check_header(*, ruleset: str, options: Mapping[str, Any], table_size: int,
                 deals_per_round: int | None, rounds: int,
                 premium: Mapping[str, Any] | None) -> str:
    """The game of a valid tournament header; raises TournamentError or rules.RulesError."""
    game = rules.game_of(ruleset).name  # raises for an unknown ruleset
    rules.with_overrides(rules.preset(ruleset), dict(options))  # raises for bad options
    if table_size not in sizes_of(ruleset):
        raise TournamentError("table_size", size=table_size,
                              allowed=", ".join(map(str, sizes_of(ruleset))))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TournamentError("rounds", max=MAX_ROUNDS)
    if deals_per_round is None and game == "marias":
        raise TournamentError("deals_needed")
    if deals_per_round is not None and not 1 <= deals_per_round <= MAX_DEALS:
        raise TournamentError("deals", max=MAX_DEALS)
    if premium is not None:
        if game != "marias":
            raise TournamentError("premium_game")
        draw_rules.PremiumTable.from_json(premium)
    return game


def clean_name(name: str) -> str:
    """A player's name with its spaces normalised: "Jana  Nováková " is "Jana Nováková"."""
    return " ".join(name.split())


def check_name(name: str, taken: set[str]) -> str:
    """A new or corrected name: normalised, not too long, not one of ``taken`` (casefolded)."""
    name = clean_name(name)
    if len(name) > NAME_LENGTH:
        raise TournamentError("name_long", name=name, max=NAME_LENGTH)
    if name.casefold() in taken:
        raise TournamentError("name_twice", name=name)
    return name


def check_players(players: Sequence[NewPlayer], ruleset: str) -> list[NewPlayer]:
    out = []
    seen: set[str] = set()
    for p in players:
        name, club = clean_name(p.name), clean_name(p.club)
        if not name:
            continue
        name = check_name(name, seen)
        seen.add(name.casefold())
        out.append(NewPlayer(name=name, club=club[:60]))
    smallest = min(sizes_of(ruleset))
    if len(out) < smallest:
        raise TournamentError("too_few", count=len(out), min=smallest)
    if len(out) > MAX_PLAYERS:
        raise TournamentError("too_many", max=MAX_PLAYERS)
    return out


def create_tournament(*, name: str, ruleset: str, options: Mapping[str, Any], rounds: int,
                      table_size: int, deals_per_round: int | None,
                      premium: Mapping[str, Any] | None,
                      players: Sequence[NewPlayer], draw_method: str = draw_rules.METHOD_LOT,
                      separate_clubs: bool = False) -> Tournament:
    game = check_header(ruleset=ruleset, options=options, table_size=table_size,
                        deals_per_round=deals_per_round, rounds=rounds, premium=premium)
    if draw_method not in draw_rules.METHODS:
        raise TournamentError("draw_method")
    people = check_players(players, ruleset)
    with transaction.atomic():
        t = Tournament.objects.create(
            name=name.strip()[:80] or "Tournament", game=game, ruleset=ruleset,
            options=dict(options), premium=dict(premium) if premium is not None else None,
            rounds=rounds, table_size=table_size, deals_per_round=deals_per_round,
            draw_method=draw_method, separate_clubs=bool(separate_clubs),
        )
        Player.objects.bulk_create(
            Player(tournament=t, number=i + 1, name=p.name, club=p.club)
            for i, p in enumerate(people)
        )
        _event(t, Action.CREATE, players=len(people))
    return t


def _event(t: Tournament, action: Action, *, table: Table | None = None,
           round_number: int | None = None, **detail: Any) -> None:
    # "rev": the tournament's revision this event made (a stale director's tab is told what
    # is new since the revision its page showed)
    Event.objects.create(
        tournament=t, action=action, table=table,
        round_number=round_number if table is None else table.round.number,
        table_number=table.number if table is not None else None,
        detail={**detail, "rev": t.revision},
    )


def news_since(t: Tournament, revision: int) -> list[Event]:
    """The events after the page that showed ``revision`` (oldest first)."""
    return [e for e in t.events.order_by("at", "id")
            if isinstance(e.detail.get("rev"), int) and e.detail["rev"] > revision]


def _locked(t: Tournament) -> Tournament:
    """The tournament row locked for this transaction, its revision bumped."""
    locked = Tournament.objects.select_for_update().get(pk=t.pk)
    locked.revision += 1
    locked.save(update_fields=["revision"])
    return locked


# --------------------------------------------------------------------------- rounds


def rounds_of(t: Tournament) -> list[Round]:
    return list(t.round_set.order_by("number"))


def draws_left(t: Tournament) -> int:
    """The rounds not drawn yet: a late arrival added now is seated in none of them when
    there is none left (listed apart, with no rank and no points)."""
    return max(t.rounds - t.round_set.count(), 0)


def _history(t: Tournament, before: int) -> tuple[list[list[list[int]]], dict[int, int],
                                                    dict[int, int]]:
    """The tables (player ids) of rounds before ``before``, byes and scorer duties so far."""
    earlier: list[list[list[int]]] = []
    byes: dict[int, int] = {}
    scored: dict[int, int] = {}
    for r in t.round_set.filter(number__lt=before).prefetch_related("seats", "tables"):
        tables: dict[int, list[int]] = {}
        for s in r.seats.all():
            if s.table_id is None:
                byes[s.player_id] = byes.get(s.player_id, 0) + 1
            else:
                tables.setdefault(s.table_id, []).append(s.player_id)
        earlier.append(list(tables.values()))
        for table in r.tables.all():
            scored[table.scorer_id] = scored.get(table.scorer_id, 0) + 1
    return earlier, byes, scored


def draw(t: Tournament, *, seed: int | None = None) -> Round:
    """Draw the next round by lot (or draw the unstarted current round again, new seed)."""
    with transaction.atomic():
        t = _locked(t)
        rounds = rounds_of(t)
        current = rounds[-1] if rounds else None
        if current is not None and current.started is not None:
            if not all(tb.closed for tb in current.tables.all()):
                raise TournamentError("round_open", round=current.number)
            number = current.number + 1
        else:
            number = current.number if current is not None else 1
        if number > t.rounds:
            raise TournamentError("all_rounds", rounds=t.rounds)
        if current is not None and current.number == number:
            current.delete()  # drawn again before it started: the old draw goes
        seed = seed if seed is not None else draw_rules.new_seed()
        if not 1 <= seed <= draw_rules.MAX_SEED:
            raise TournamentError("seed", max=draw_rules.MAX_SEED)
        earlier, byes, scored = _history(t, number)
        players = {p.pk: p for p in t.players.all() if not p.withdrawn}
        ids = list(players)
        previous: list[list[int]] = []
        ranking: list[int] = []
        if number > 1 and t.draw_method != draw_rules.METHOD_LOT:
            st = standings(t)
            ranking = [s.player for s in st.overall] + [p.pk for p in st.apart]
            last = st.rounds[-1] if st.rounds else None
            seats = last.seats if last is not None else ()
            for ts in last.tables if last is not None else []:
                by_player = {s.player: s for s in seats}
                previous.append([p.pk for p in sorted(
                    ts.players, key=lambda p: (-by_player[p.pk].points, -by_player[p.pk].score))])
        result = draw_rules.draw_round(
            ids, seed=seed, size=t.table_size, sizes=sizes_of(t.ruleset), earlier=earlier,
            byes_so_far=byes, scored_so_far=scored, rounds_left=t.rounds - number + 1,
            clubs={pk: p.club.casefold() for pk, p in players.items()}
            if t.separate_clubs else None,
            method=t.draw_method, previous=previous, ranking=ranking,
        )
        r = Round.objects.create(tournament=t, number=number, seed=seed)
        _store_draw(r, result.tables, result.scorers, result.byes)
        _event(t, Action.DRAW, round_number=number, seed=seed,
               repeats=result.repeats(draw_rules.met_pairs(earlier)))
    return r


def _store_draw(r: Round, tables: Sequence[Sequence[int]], scorers: Sequence[int],
                byes: Sequence[int]) -> None:
    seen: dict[int, int] = {}
    for n, table in enumerate(tables, start=1):
        for p in table:
            if p in seen:
                name = Player.objects.get(pk=p).name
                raise TournamentError("player_twice", name=name, round=r.number,
                                      first=seen[p], second=n)
            seen[p] = n
    for p in byes:
        if p in seen:
            name = Player.objects.get(pk=p).name
            raise TournamentError("player_twice", name=name, round=r.number, first=seen[p],
                                  second=0)
    for n, (table, scorer) in enumerate(zip(tables, scorers, strict=True), start=1):
        if scorer not in table:
            raise TournamentError("scorer_elsewhere", table=n)
        tb = Table.objects.create(round=r, number=n, scorer_id=scorer)
        Seat.objects.bulk_create(
            Seat(round=r, player_id=p, table=tb, position=i) for i, p in enumerate(table)
        )
    Seat.objects.bulk_create(Seat(round=r, player_id=p) for p in byes)


def swap(r: Round, a: Player, b: Player) -> None:
    """Exchange two players' places (and scorer duty) before the round starts."""
    with transaction.atomic():
        t = _locked(r.tournament)
        r = Round.objects.select_for_update().get(pk=r.pk)
        if r.started is not None:
            raise TournamentError("started", round=r.number)
        if a.pk == b.pk:
            raise TournamentError("same_player")
        seats = {s.player_id: s for s in Seat.objects.filter(round=r, player__in=[a, b])}
        for p in (a, b):
            # only players of this round who still play: a late arrival has no place in it
            # yet, a withdrawn player is to be drawn out, not swapped in
            if p.pk not in seats or Player.objects.filter(pk=p.pk, withdrawn=True).exists():
                raise TournamentError("swap_unseated", name=p.name, round=r.number)
        sa, sb = seats[a.pk], seats[b.pk]
        places = [(sa.table_id, sa.position), (sb.table_id, sb.position)]
        # out of the way first: (table, position) is unique
        Seat.objects.filter(pk__in=[sa.pk, sb.pk]).update(table=None, position=None)
        Seat.objects.filter(pk=sa.pk).update(table_id=places[1][0], position=places[1][1])
        Seat.objects.filter(pk=sb.pk).update(table_id=places[0][0], position=places[0][1])
        for tb in Table.objects.filter(round=r, scorer_id__in=[a.pk, b.pk]):
            other = b if tb.scorer_id == a.pk else a
            if Seat.objects.filter(table=tb, player=other).exists():
                tb.scorer_id = other.pk
                tb.save(update_fields=["scorer"])
        _event(t, Action.SWAP, round_number=r.number, players=[a.name, b.name])


def add_player(t: Tournament, *, name: str, club: str = "") -> Player:
    """A player who came late: seated from the next draw on (the rounds before count 0 for
    him, not a bye)."""
    with transaction.atomic():
        t = _locked(t)
        taken = {n.casefold() for n in t.players.values_list("name", flat=True)}
        name = check_name(name, taken)
        if not name:
            raise TournamentError("name_needed")
        if t.players.count() >= MAX_PLAYERS:
            raise TournamentError("too_many", max=MAX_PLAYERS)
        number = (t.players.aggregate(m=Max("number"))["m"] or 0) + 1
        player = Player.objects.create(tournament=t, number=number, name=name,
                                       club=clean_name(club)[:60])
        _event(t, Action.ARRIVE, player=name)
    return player


def withdraw(t: Tournament, player: Player) -> None:
    """A player who leaves: seated in no later draw, and no bye points for the rounds he
    misses (his table this round plays on as drawn)."""
    with transaction.atomic():
        t = _locked(t)
        player = Player.objects.select_for_update().get(pk=player.pk, tournament=t)
        if player.withdrawn:
            raise TournamentError("withdrawn", name=player.name)
        player.withdrawn = True
        player.save(update_fields=["withdrawn"])
        _event(t, Action.WITHDRAW, player=player.name)


def rename(t: Tournament, player: Player, name: str) -> None:
    """A player's name corrected; the history keeps both.  Table sheets already written keep
    the name they were written with (they are the players' record)."""
    with transaction.atomic():
        t = _locked(t)
        player = Player.objects.select_for_update().get(pk=player.pk, tournament=t)
        taken = {n.casefold() for n in t.players.exclude(pk=player.pk)
                 .values_list("name", flat=True)}
        new = check_name(name, taken)
        if not new:
            raise TournamentError("name_needed")
        old = player.name
        if new == old:
            return
        player.name = new
        player.save(update_fields=["name"])
        _event(t, Action.RENAME, player=new, old=old)


CLOCK_MINUTES = (1, 240)  # a round clock's length: rounds of 45 to 70 minutes are usual


def start_clock(r: Round, minutes: int) -> None:
    """The director starts the round's clock: the wall counts the minutes down (again from
    the full length when started again)."""
    if not CLOCK_MINUTES[0] <= minutes <= CLOCK_MINUTES[1]:
        raise TournamentError("clock_minutes", max=CLOCK_MINUTES[1])
    with transaction.atomic():
        t = _locked(r.tournament)
        r = Round.objects.select_for_update().get(pk=r.pk, tournament=t)
        if r.started is None:
            raise TournamentError("not_started", round=r.number)
        r.clock_start, r.clock_minutes = timezone.now(), minutes
        r.save(update_fields=["clock_start", "clock_minutes"])
        _event(t, Action.CLOCK, round_number=r.number, minutes=minutes)


def drafted_withdrawn(r: Round) -> list[Player]:
    """Players seated in a round not started yet who have withdrawn since its draw."""
    return [s.player for s in r.seats.select_related("player") if s.player.withdrawn]


def table_players(tb: Table) -> list[Player]:
    return [s.player for s in tb.seats.select_related("player").order_by("position")]


def start(r: Round) -> None:
    gone = drafted_withdrawn(r)
    if gone:
        raise TournamentError("draw_withdrawn", name=gone[0].name, round=r.number)
    _start(r)


def _start(r: Round) -> None:
    """Start the round: every table gets its sheet, the tournament's rules, its drawn seats."""
    with transaction.atomic():
        t = _locked(r.tournament)
        r = Round.objects.select_for_update().get(pk=r.pk)
        if r.started is not None:
            raise TournamentError("started", round=r.number)
        for tb in r.tables.select_related("scorer"):
            names = [p.name for p in table_players(tb)]
            sheet = services.create_sheet(
                ruleset=t.ruleset, options=sheet_options(t, len(names)), players=names,
                first_dealer=0,
            )
            sheet.scorer = tb.scorer.name
            sheet.save(update_fields=["scorer"])
            tb.sheet = sheet
            tb.save(update_fields=["sheet"])
        r.started = timezone.now()
        r.save(update_fields=["started"])
        _event(t, Action.START, round_number=r.number)


# --------------------------------------------------------------------------- tables


@dataclass(kw_only=True)
class Flag:
    """A deal the referee should look at."""

    entry: int  # index on the sheet
    uid: uuid.UUID
    worth: int
    renonc: bool
    withheld: bool
    reviewed: Review | None = None

    @property
    def number(self) -> int:
        return self.entry + 1


@dataclass(kw_only=True)
class TableState:
    """One table as the director's page and the standings see it."""

    table: Table
    players: list[Player]
    totals: list[int]
    premium: list[int]
    deals: int
    finished: bool
    closed: bool
    confirmed: set[int] = field(default_factory=set)  # player ids
    flags: list[Flag] = field(default_factory=list)
    problem: str = ""
    winner: int | None = None  # the seat the sheet names the winner of the game

    @property
    def waiting(self) -> bool:
        """Finished, not signed yet."""
        return self.finished and not self.closed

    @property
    def open_flags(self) -> list[Flag]:
        return [f for f in self.flags if f.reviewed is None]


def _sheet_numbers(t: Tournament, tb: Table) -> dict[str, Any]:
    """What the standings need of a table's sheet: totals, premium points, deals, finished,
    the referee's flags.  A pure function of the sheet's revision and the tournament's (the
    reviews change the latter), so it is cached under them and computed once per change."""
    assert tb.sheet is not None
    key = f"tournament-table:2:{tb.sheet.edit_token}:{tb.sheet.revision}:{t.revision}"
    found = cache.get(key)
    if found is not None:
        return dict(found)
    loaded = services.load(tb.sheet)
    deals = sum(1 for e in loaded.entries if counts_as_deal(e.data))
    finished = loaded.scored.outcome is not None or (
        t.deals_per_round is not None and deals >= t.deals_per_round)
    premium = [0] * len(loaded.document.players)
    flags: list[tuple[int, str, int, bool, bool]] = []
    uid_at = [e.uid for e in loaded.entries]
    table = premium_table(t)
    if table is not None:
        reviews = {r.entry_uid: r.winnable for r in tb.reviews.all()}
        winnable = {uid_at.index(u): w for u, w in reviews.items() if u in uid_at}
        result = draw_rules.sheet_premium(loaded.document, table, winnable,
                                          unwinnable_earns_nothing=t.edition >= 2)
        premium = list(result.per_seat)
        flags = [(d.entry, str(uid_at[d.entry]), d.worth, d.renonc, d.withheld)
                 for d in result.flagged]
    elif t.game == "marias":  # no premium table: renonc claims are still the referee's
        # the deal a renonc was claimed on: the one before it, or the one it stopped
        at = [i if e.data.get("deal") is not None else i - 1
              for i, e in enumerate(loaded.entries) if e.data.get("type") == "renonc"]
        flags = [(i, str(uid_at[i]), 0, True, False) for i in at if i >= 0]
    outcome = loaded.scored.outcome
    numbers = {"totals": list(loaded.scored.totals), "premium": premium, "deals": deals,
               "finished": finished, "flags": flags,
               "winner": outcome.winner if outcome is not None else None}
    cache.set(key, numbers, TABLE_CACHE_SECONDS)
    return numbers


def table_state(t: Tournament, tb: Table, players: list[Player] | None = None) -> TableState:
    players = players if players is not None else table_players(tb)
    n = len(players)
    if tb.sheet is None:
        return TableState(table=tb, players=players, totals=[0] * n, premium=[0] * n, deals=0,
                          finished=False, closed=tb.closed is not None)
    numbers = _sheet_numbers(t, tb)
    reviews = {r.entry_uid: r for r in tb.reviews.all()}
    flags = [Flag(entry=entry, uid=uuid.UUID(uid), worth=worth, renonc=renonc, withheld=held,
                  reviewed=reviews.get(uuid.UUID(uid)))
             for entry, uid, worth, renonc, held in numbers["flags"]]
    return TableState(
        table=tb, players=players, totals=numbers["totals"], premium=numbers["premium"],
        deals=numbers["deals"], finished=numbers["finished"], closed=tb.closed is not None,
        confirmed={c.player_id for c in tb.confirmations.all()}, flags=flags,
        winner=numbers.get("winner"),
    )


def table_of_sheet(sheet: Sheet) -> Table | None:
    return Table.objects.select_related("round__tournament", "scorer").filter(sheet=sheet).first()


def _closed(t: Tournament, tb: Table, *, signed_by: str, **detail: Any) -> None:
    """Close the locked table and its sheet now, signed by ``signed_by`` (nobody: ``""``), and
    say so in the history with ``detail``."""
    now = timezone.now()
    tb.closed, tb.signed_by = now, signed_by
    tb.save(update_fields=["closed", "signed_by"])
    Sheet.objects.filter(tournament_table=tb).update(closed=now)
    if signed_by:
        detail["signed_by"] = signed_by
    _event(t, Action.CLOSE, table=tb, **detail)


def _open_table(tb: Table) -> tuple[Tournament, Table]:
    """The tournament and the table, locked inside the caller's transaction, for closing: the
    table must have started and not be closed yet."""
    t = _locked(tb.round.tournament)
    tb = Table.objects.select_for_update().select_related("scorer", "round").get(pk=tb.pk)
    if tb.closed is not None:
        raise TournamentError("already_closed", table=tb.number)
    if tb.sheet is None:
        raise TournamentError("not_started", round=tb.round.number)
    return t, tb


def close(tb: Table, *, signed_name: str) -> None:
    """The scorer signs: the name as drawn; the table must have played its round."""
    with transaction.atomic():
        t, tb = _open_table(tb)
        state = table_state(t, tb)
        if not state.finished and t.deals_per_round is None:
            raise TournamentError("not_over", table=tb.number)
        if not state.finished:
            raise TournamentError("not_finished", table=tb.number, deals=state.deals,
                                  needed=t.deals_per_round)
        if signed_name.strip().casefold() != tb.scorer.name.casefold():
            raise TournamentError("wrong_signature", scorer=tb.scorer.name)
        _closed(t, tb, signed_by=tb.scorer.name)


def close_as_it_stands(tb: Table, *, reason: str = "") -> int:
    """The director closes a table that has not played its round when the round's time is
    up: the deals written count as they stand, nobody signs, the history says so (with the
    number of deals and the reason), and :func:`reopen` undoes it.  The number of deals."""
    with transaction.atomic():
        t, tb = _open_table(tb)
        deals = table_state(t, tb).deals
        why: dict[str, Any] = {"reason": reason.strip()[:300]} if reason.strip() else {}
        _closed(t, tb, signed_by="", stood=True, deals=deals, **why)
    return deals


OWN_LINK = "own"  # confirmed with the player's own link
TABLE_PHONE = "table"  # confirmed on the table's phone (the sheet's edit link)


def confirm(tb: Table, player: Player, *, by: str = OWN_LINK) -> bool:
    """A player confirms the closed sheet, with their own link or on the table's phone (``by``,
    kept in the history); False when they already had."""
    with transaction.atomic():
        t = _locked(tb.round.tournament)
        tb = Table.objects.select_for_update().get(pk=tb.pk)
        if tb.closed is None:
            raise TournamentError("not_closed", table=tb.number)
        if not Seat.objects.filter(table=tb, player=player).exists():
            raise TournamentError("not_at_table", name=player.name, table=tb.number)
        if Confirmation.objects.filter(table=tb, player=player).exists():
            return False
        Confirmation.objects.create(table=tb, player=player)
        _event(t, Action.CONFIRM, table=tb, player=player.name, by=by)
    return True


def reopen(tb: Table, *, reason: str) -> None:
    """Only the director reopens a closed table, with a reason kept in the history."""
    reason = reason.strip()
    if not reason:
        raise TournamentError("reason_needed")
    with transaction.atomic():
        t = _locked(tb.round.tournament)
        tb = Table.objects.select_for_update().select_related("round").get(pk=tb.pk)
        if tb.closed is None:
            raise TournamentError("not_closed", table=tb.number)
        tb.closed, tb.signed_by = None, ""
        tb.save(update_fields=["closed", "signed_by"])
        Sheet.objects.filter(tournament_table=tb).update(closed=None)
        Confirmation.objects.filter(table=tb).delete()
        _event(t, Action.REOPEN, table=tb, reason=reason[:300])


def review(tb: Table, *, entry_uid: uuid.UUID, winnable: bool, note: str = "") -> None:
    """The referee marks a flagged deal reviewed (and whether it was winnable, IV.6)."""
    with transaction.atomic():
        t = _locked(tb.round.tournament)
        if not Entry.objects.filter(sheet__tournament_table=tb, uid=entry_uid).exists():
            raise TournamentError("no_deal")
        _review, created = Review.objects.update_or_create(
            table=tb, entry_uid=entry_uid,
            defaults={"winnable": winnable, "note": note.strip()[:300], "at": timezone.now()},
        )
        position = Entry.objects.get(sheet__tournament_table=tb, uid=entry_uid).position
        said: dict[str, Any] = {"note": note.strip()[:300]} if note.strip() else {}
        _event(t, Action.REVIEW, table=tb, row=position + 1, winnable=winnable, **said,
               **({} if created else {"corrected": True}))


# --------------------------------------------------------------------------- standings


@dataclass(kw_only=True)
class RoundStanding:
    round: Round
    tables: list[TableState]
    byes: list[Player]
    seats: list[draw_rules.Seat]
    complete: bool  # every table closed


@dataclass(kw_only=True)
class Standings:
    tournament: Tournament
    players: dict[int, Player]
    rounds: list[RoundStanding]
    overall: list[draw_rules.Standing]
    # players of the tournament who had no place in any round played so far: listed apart,
    # with no rank and no points (docs/tournament.md#players-who-come-late-leave-or-are-misspelt)
    apart: list[Player] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return bool(self.rounds) and len(self.rounds) == self.tournament.rounds and all(
            r.complete for r in self.rounds)


def round_standing(t: Tournament, r: Round, players: dict[int, Player]) -> RoundStanding:
    scoring = scoring_of(t.game)
    seats_by_table: dict[int | None, list[Seat]] = {}
    for s in r.seats.all():
        seats_by_table.setdefault(s.table_id, []).append(s)
    tables = []
    seats: list[draw_rules.Seat] = []
    for tb in r.tables.select_related("sheet", "scorer").prefetch_related("reviews",
                                                                           "confirmations"):
        ps = [players[s.player_id] for s in sorted(seats_by_table.get(tb.pk, []),
                                                   key=lambda s: s.position or 0)]
        state = table_state(t, tb, ps)
        tables.append(state)
        # edition 2: the sheet's winner is first (edition 1, stored before: the totals alone)
        winner = state.winner if t.edition >= 2 else None
        seats.extend(draw_rules.table_standing(
            scoring, [p.pk for p in ps], state.totals, state.premium, winner))
    byes = [players[s.player_id] for s in seats_by_table.get(None, [])]
    seats.extend(draw_rules.bye_seat(scoring, p.pk) for p in byes)
    complete = r.started is not None and all(ts.closed for ts in tables)
    return RoundStanding(round=r, tables=tables, byes=byes, seats=seats, complete=complete)


def standings(t: Tournament) -> Standings:
    players = {p.pk: p for p in t.players.all()}
    rounds = [round_standing(t, r, players) for r in rounds_of(t) if r.started is not None]
    overall = draw_rules.standings(scoring_of(t.game), [r.seats for r in rounds],
                                   list(players))
    apart = (draw_rules.absent([r.seats for r in rounds], list(players)) if rounds else [])
    return Standings(tournament=t, players=players, rounds=rounds, overall=overall,
                     apart=[players[p] for p in apart])


def progress(t: Tournament) -> dict[str, int]:
    """Counts for the director's page header."""
    tables = Table.objects.filter(round__tournament=t)
    return tables.aggregate(tables=Count("id"), closed=Count("closed"))


# --------------------------------------------------------------------------- export / import


def export(t: Tournament) -> dict[str, Any]:
    """The whole tournament as one JSON document (docs/tournament.md#export)."""
    players = list(t.players.all())
    number = {p.pk: p.number for p in players}
    out_rounds = []
    for r in rounds_of(t):
        tables = []
        for tb in r.tables.select_related("sheet").prefetch_related("reviews", "confirmations"):
            seats = list(tb.seats.order_by("position"))
            uid_pos = {}
            sheet_doc = None
            if tb.sheet is not None:
                entries = reading.entries_of(tb.sheet)
                uid_pos = {e.uid: e.position for e in entries}
                sheet_doc = services.sheet_document(tb.sheet, entries)
                sheet_doc["meta"] = {"scorer": tb.sheet.scorer}
            tables.append({
                "number": tb.number,
                "players": [number[s.player_id] for s in seats],
                "scorer": number[tb.scorer_id],
                "sheet": sheet_doc,
                "closed": tb.closed.isoformat() if tb.closed else None,
                "signed_by": tb.signed_by,
                "confirmed": sorted(number[c.player_id] for c in tb.confirmations.all()),
                "reviews": [
                    {"row": uid_pos[rv.entry_uid], "winnable": rv.winnable, "note": rv.note}
                    for rv in tb.reviews.all() if rv.entry_uid in uid_pos
                ],
            })
        out_rounds.append({
            "number": r.number,
            "seed": r.seed,
            "started": r.started.isoformat() if r.started else None,
            "byes": sorted(number[s.player_id] for s in r.seats.filter(table__isnull=True)),
            "tables": tables,
        })
    return {
        "format": EXPORT_FORMAT,
        **({"edition": t.edition} if t.edition != 1 else {}),
        **({"draw_method": t.draw_method} if t.draw_method != draw_rules.METHOD_LOT else {}),
        **({"separate_clubs": True} if t.separate_clubs else {}),
        "name": t.name,
        "game": t.game,
        "ruleset": t.ruleset,
        "options": t.options,
        "premium": t.premium,
        "rounds": t.rounds,
        "table_size": t.table_size,
        "deals_per_round": t.deals_per_round,
        "players": [{"number": p.number, "name": p.name, "club": p.club,
                     **({"withdrawn": True} if p.withdrawn else {})} for p in players],
        "history": [
            {"action": e.action, "round": e.round_number, "table": e.table_number,
             "detail": e.detail, "at": e.at.isoformat()}
            for e in t.events.all()
        ],
        "round_list": out_rounds,
    }


def _dt(value: Any) -> Any:
    """A moment of a checked document (:func:`scoresheet.tournament.document.check`), in UTC."""
    if value is None:
        return None
    moment = read_moment(value)
    if not isinstance(moment, datetime):  # pragma: no cover - check() refused it already
        raise TournamentError("unreadable")
    return moment


def import_tournament(doc: Any) -> Tournament:
    """A tournament from :func:`export`'s document; refuses a bad one whole (nothing stored).

    The whole document is checked first (:func:`scoresheet.tournament.document.check`: types,
    every integer within its column, lengths, control characters, time zones, the engine's
    judgement of every table sheet), then written in one transaction; the draw's own rules (a
    player at two tables) refuse it from inside that transaction, which then stores nothing.
    """
    check(doc)
    listed = sorted(doc["players"], key=lambda p: p["number"])
    people = [NewPlayer(name=p["name"], club=p.get("club", "")) for p in listed]
    try:
        with transaction.atomic():
            t = create_tournament(
                name=str(doc["name"]), ruleset=str(doc["ruleset"]),
                options=dict(doc.get("options") or {}), rounds=int(doc["rounds"]),
                table_size=int(doc["table_size"]),
                deals_per_round=(int(doc["deals_per_round"])
                                 if doc.get("deals_per_round") is not None else None),
                premium=doc.get("premium"), players=people,
                draw_method=str(doc.get("draw_method", draw_rules.METHOD_LOT)),
                separate_clubs=doc.get("separate_clubs") is True,
            )
            edition = int(doc.get("edition", 1))
            if edition not in (1, CURRENT_EDITION):
                raise TournamentError("bad_document", detail="edition")
            Tournament.objects.filter(pk=t.pk).update(edition=edition)
            t.edition = edition
            Event.objects.filter(tournament=t).delete()
            gone = [int(p["number"]) for p in listed if p.get("withdrawn") is True]
            t.players.filter(number__in=gone).update(withdrawn=True)
            by_number = {p.number: p for p in t.players.all()}
            for rd in doc["round_list"]:
                _import_round(t, rd, by_number)
            Event.objects.bulk_create(
                Event(tournament=t, action=h["action"], round_number=h.get("round"),
                      table_number=h.get("table"), detail=h.get("detail") or {},
                      at=_dt(h["at"]))
                for h in doc.get("history", [])
            )
    except DatabaseError:  # pragma: no cover - check() leaves the database nothing to refuse
        logger.exception("a checked tournament file was refused by the database")
        raise TournamentError("unreadable") from None
    return t


def _import_round(t: Tournament, rd: Mapping[str, Any], by_number: dict[int, Player]) -> None:
    def pid(n: int) -> int:
        return by_number[n].pk

    r = Round.objects.create(tournament=t, number=rd["number"], seed=rd["seed"],
                             started=_dt(rd.get("started")))
    tables = [[pid(n) for n in tb["players"]] for tb in rd["tables"]]
    _store_draw(r, tables, [pid(tb["scorer"]) for tb in rd["tables"]],
                [pid(n) for n in rd.get("byes", [])])
    for raw, tb in zip(rd["tables"], r.tables.order_by("number"), strict=True):
        sheet_doc = raw.get("sheet")
        if sheet_doc is None:
            continue
        # the names the sheet was played under (a name corrected since is not on it)
        names = [str(n) for n in sheet_doc.get("players", [])]
        if len(names) != len(raw["players"]):
            raise TournamentError("table_players", round=r.number, table=tb.number)
        # every table plays the tournament's rules: a table sheet of its own is refused
        if (sheet_doc.get("ruleset") != t.ruleset
                or dict(sheet_doc.get("options") or {}) != sheet_options(t, len(names))):
            raise TournamentError("table_rules", round=r.number, table=tb.number)
        sheet = services.create_sheet(
            ruleset=sheet_doc["ruleset"], options=sheet_doc.get("options") or {},
            players=names, first_dealer=sheet_doc.get("first_dealer", 0),
            edition=sheet_doc.get("edition"), entries=sheet_doc.get("entries") or [],
        )
        closed = _dt(raw.get("closed"))
        sheet.scorer = (sheet_doc.get("meta") or {}).get("scorer", "")
        sheet.closed = closed
        sheet.save(update_fields=["scorer", "closed"])
        tb.sheet, tb.closed, tb.signed_by = sheet, closed, raw.get("signed_by", "")
        tb.save(update_fields=["sheet", "closed", "signed_by"])
        Confirmation.objects.bulk_create(
            Confirmation(table=tb, player_id=pid(n)) for n in raw.get("confirmed", []))
        uids = list(Entry.objects.filter(sheet=sheet).order_by("position")
                    .values_list("uid", flat=True))
        Review.objects.bulk_create(
            Review(table=tb, entry_uid=uids[rv["row"]], winnable=rv["winnable"],
                   note=rv.get("note", ""))
            for rv in raw.get("reviews", []))
