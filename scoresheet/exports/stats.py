"""Looking back: per player, over the sheets of an account or of this phone.

A player is known by name: the same name (spaces around it and letter case ignored) on two
sheets is the same player.  Every number is read off the engine's replay of each sheet:

- played: sheets with at least one row on which the name sits;
- won: the engine's winner; for a money game (Mariáš, which has no end by points) the single
  seat that ends the evening with the most money, in plus;
- made / failed: deal and concession rows where the player is the declarer and the engine marks
  the contract made (``made``, Mariáš ``won``) or failed (``failed``, ``lost``, or given up:
  ``conceded``); a Mariáš renonc row does not count the deal before it a second time, but a
  renonc that stopped the deal being played is that deal (counted made or failed, but not in
  the average worth: its money is the renonc's settlement, not a played game's);
- average contract: the mean of the numbers the contract column shows on those rows; in a
  money game (Mariáš), whose games carry no number, what the declared game was worth: the
  money that changed hands between the declarer and each opponent on that row (the ledger's
  lines of the declarer, per opponent), averaged over the rows;
- money: the sum of the player's final balances over the money games (haléře).

A sheet whose ``in_stats`` is off is left out.  A sheet imported again (here, or its copy on
this site) is the same sheet: only the most recently updated of them counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import Count, Prefetch, Q, QuerySet

import rules
from scoresheet.sheets import reading
from scoresheet.sheets.models import Entry, Sheet
from scoresheet.sheets.paper import (
    FAILED_MARKS,
    MADE_MARKS,
    contract_number,
    format_money,
    paper_of,
    winner_of,
)

MAX_SHEETS = 1000  # sheets read for one statistics page (the newest first)
# Entries replayed for one statistics page at most (about a second): older sheets beyond it are
# not read, and the page says how many.
MAX_ENTRIES = 30_000
# Rows that decide a declarer's contract (docs/format.md entry types of every game); a Mariáš renonc
# row that settles the deal before it again is not counted a second time.
DECIDING_KINDS = frozenset({"deal", "concession"})


@dataclass(kw_only=True)
class PlayerStats:
    """One player's line."""

    name: str
    played: int = 0
    won: int = 0
    made: int = 0
    failed: int = 0
    contract_sum: int = 0
    contract_count: int = 0
    worth_sum: Decimal = Decimal(0)  # haléře per opponent over the money games' rows
    worth_count: int = 0
    money: int = 0  # haléře over the money games
    money_games: int = 0
    games: set[str] = field(default_factory=set)

    @property
    def average_contract(self) -> Decimal | None:
        if not self.contract_count:
            return None
        mean = Decimal(self.contract_sum) / self.contract_count
        return mean.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)

    @property
    def average_worth(self) -> str:
        """What the player's declared money games were worth per opponent, on average."""
        if not self.worth_count:
            return ""
        mean = (self.worth_sum / self.worth_count).quantize(Decimal(1), rounding=ROUND_HALF_UP)
        return format_money(int(mean))

    @property
    def money_text(self) -> str:
        return format_money(self.money) if self.money_games else ""

    @property
    def win_share(self) -> int | None:
        """Games won, in percent of games played."""
        return round(100 * self.won / self.played) if self.played else None


@dataclass(frozen=True, kw_only=True)
class Stats:
    players: tuple[PlayerStats, ...]
    sheets: int  # sheets counted
    left_out: int  # sheets of the same set left out of the statistics
    unreadable: int  # sheets the engine refuses today (never expected; counted, not hidden)
    not_read: int = 0  # older sheets beyond MAX_ENTRIES, not read for this page


def player_key(name: str) -> str:
    return name.strip().casefold()


def sheets_of(*, user_id: int | None, known: Iterable[int]) -> QuerySet[Sheet]:
    """The sheets of an account (owned or kept) and of this phone (opened in this browser)."""
    query = Q(pk__in=list(known))
    if user_id is not None:
        query |= Q(owner_id=user_id) | Q(keepers__id=user_id)
    return Sheet.objects.filter(query).distinct()


def collect(sheets: QuerySet[Sheet], *, game: str | None = None) -> Stats:
    """The statistics of ``sheets`` (optionally of one game): two queries, one replay a sheet."""
    if game:
        sheets = sheets.filter(game=game)
    left_out = sheets.filter(in_stats=False).count()
    sizes = (
        Sheet.objects.filter(pk__in=sheets.filter(in_stats=True).values("pk"))
        .order_by("-updated")
        .annotate(size=Count("entries"))
        .values_list("pk", "size")[:MAX_SHEETS]
    )
    chosen: list[int] = []
    budget = MAX_ENTRIES
    not_read = 0
    for pk, size in sizes:
        if size > budget:
            not_read += 1
            continue
        budget -= size
        chosen.append(pk)
    counted = (
        Sheet.objects.filter(pk__in=chosen)
        .order_by("-updated")
        .prefetch_related(Prefetch("entries", queryset=Entry.objects.order_by("position")))
    )
    players: dict[str, PlayerStats] = {}
    used = unreadable = 0
    seen: set[object] = set()  # a sheet and its imported copies are one sheet: the newest counts
    for sheet in counted:
        if sheet.identity in seen:
            continue
        seen.add(sheet.identity)
        # the prefetched entries, in order
        entries = list(sheet.entries.all())
        if not entries:
            continue
        try:
            document = reading.engine_sheet(sheet, [e.data for e in entries])
            scored = rules.score(document)
        except rules.RulesError:
            unreadable += 1
            continue
        used += 1
        add_sheet(players, document, scored)
    ordered = sorted(players.values(), key=lambda p: (-p.played, -p.won, p.name.casefold()))
    return Stats(players=tuple(ordered), sheets=used, left_out=left_out, unreadable=unreadable,
                 not_read=not_read)


def add_sheet(players: dict[str, PlayerStats], document: rules.Sheet,
              scored: rules.Scored) -> None:
    """Count one replayed sheet into ``players`` (by name)."""
    paper = paper_of(document.game)
    winner = winner_of(scored, paper)
    for seat, name in enumerate(document.players):
        line = players.setdefault(player_key(name), PlayerStats(name=name.strip()))
        line.played += 1
        line.games.add(document.game)
        if winner == seat:
            line.won += 1
        if paper.money:
            line.money += scored.totals[seat]
            line.money_games += 1
    for row in scored.rows:
        if row.declarer is None or row.auto or not deciding(row, document):
            continue
        marks = set(row.marks[row.declarer])
        line = players[player_key(document.players[row.declarer])]
        decided = False
        if marks & MADE_MARKS:
            line.made += 1
            decided = True
        elif marks & FAILED_MARKS:
            line.failed += 1
            decided = True
        # a stopped deal's money is one renonc's settlement, not what a played game was worth
        if paper.money and decided and row.kind in DECIDING_KINDS:
            worth = worth_per_opponent(row)
            if worth is not None:
                line.worth_sum += worth
                line.worth_count += 1
        number = contract_number(row.contract) if decided else None
        if number is not None:
            line.contract_sum += number
            line.contract_count += 1


def deciding(row: rules.Row, document: rules.Sheet) -> bool:
    """Whether ``row`` decides its declarer's contract: a deal or concession row, or a Mariáš
    renonc row that carries the deal it stopped (that deal has no row of its own)."""
    if row.kind in DECIDING_KINDS:
        return True
    entry = document.entries[row.entry] if row.entry < len(document.entries) else {}
    return row.kind == "renonc" and entry.get("deal") is not None


def worth_per_opponent(row: rules.Row) -> Decimal | None:
    """The money between the declarer and each opponent on ``row`` (haléře), from its ledger."""
    declarer = row.declarer
    lines = [p for p in row.ledger if declarer in (p.payer, p.payee)]
    opponents = {p.payee if p.payer == declarer else p.payer for p in lines}
    if not opponents:
        return None
    return Decimal(sum(abs(p.amount) for p in lines)) / len(opponents)
