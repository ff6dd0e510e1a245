"""What the database keeps of a tournament: its rules, players, rounds, tables and history.

The table sheets are ordinary :class:`scoresheet.sheets.models.Sheet` rows (the engine judges them
as
any sheet); a table only points at its sheet.  Standings are never stored: they are computed
from the sheets every time (:func:`scoresheet.tournament.logic.standings`).

Only :mod:`scoresheet.tournament.logic` writes these rows.
"""

from __future__ import annotations

from datetime import timedelta
from enum import StrEnum, unique
from typing import Any

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoresheet.sheets.models import TOKEN_LENGTH, Sheet, new_token

NAME_LENGTH = 40  # rules.engine.MAX_NAME: a player's name fits a sheet's column
CLUB_LENGTH = 60
TITLE_LENGTH = 80
REASON_LENGTH = 300
CURRENT_EDITION = 2  # docs/tournament.md#standings


@unique
class Action(StrEnum):
    """What one event of the tournament's history did (stored: never renumber)."""

    CREATE = "create"
    DRAW = "draw"
    SWAP = "swap"
    START = "start"
    CLOSE = "close"
    CONFIRM = "confirm"
    REOPEN = "reopen"
    REVIEW = "review"
    IMPORT = "import"
    ARRIVE = "arrive"  # a player who came late joins from the next draw
    WITHDRAW = "withdraw"  # a player who left is seated no more
    RENAME = "rename"  # a player's name corrected
    CLOCK = "clock"  # the round clock started


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=TITLE_LENGTH)
    game = models.CharField(_("game"), max_length=20)
    ruleset = models.CharField(_("preset"), max_length=32)
    options = models.JSONField(_("house rules"), default=dict)
    premium = models.JSONField(_("premium points"), null=True, blank=True)  # None: not used
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    table_size = models.PositiveSmallIntegerField(_("players at a table"))
    deals_per_round = models.PositiveSmallIntegerField(_("deals per round"), null=True, blank=True)
    director_token = models.CharField(max_length=TOKEN_LENGTH, unique=True, default=new_token)
    view_token = models.CharField(max_length=TOKEN_LENGTH, unique=True, default=new_token)
    created = models.DateTimeField(default=timezone.now)
    revision = models.PositiveIntegerField(default=0)  # every change counts: the wall polls it
    # How the standings read a table sheet (stored: a tournament keeps its standings forever).
    # 1: Thousand/Binokel places by the sheet's totals alone; 2: the sheet's winner is first
    # (issue 26.2: one rule decides the sheet's winner and the standings).
    edition = models.PositiveSmallIntegerField(default=CURRENT_EDITION)
    # how rounds after the first are drawn (rules.tournament.METHODS; docs/tournament.md#the-draw)
    draw_method = models.CharField(_("draw method"), max_length=10, default="lot")
    separate_clubs = models.BooleanField(_("club-mates apart in round 1"), default=False)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveSmallIntegerField()  # 1.. in the order of entry
    name = models.CharField(_("name"), max_length=NAME_LENGTH)
    club = models.CharField(_("club"), max_length=CLUB_LENGTH, blank=True)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)  # seated in no later draw
    # the player's own link (/p/<token>/): confirming a signed table in this player's name
    token = models.CharField(max_length=TOKEN_LENGTH, unique=True, default=new_token)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="player_number_unique"),
            models.UniqueConstraint(fields=["tournament", "name"], name="player_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    seed = models.PositiveIntegerField()
    drawn = models.DateTimeField(default=timezone.now)
    started = models.DateTimeField(null=True, blank=True)  # the sheets exist; no more swaps
    # the round clock the director starts (the wall counts down to clock_start + minutes)
    clock_start = models.DateTimeField(null=True, blank=True)
    clock_minutes = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} round {self.number}"

    @property
    def clock_end(self) -> Any:
        if self.clock_start is None or not self.clock_minutes:
            return None
        return self.clock_start + timedelta(minutes=self.clock_minutes)


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    scorer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    sheet = models.OneToOneField(
        Sheet, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_table"
    )
    signed_by = models.CharField(max_length=NAME_LENGTH, blank=True)
    closed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round_id} table {self.number}"


class Seat(models.Model):
    """A player's place in a round: a table and seat, or a bye (no table).

    One row per player and round, so a player can never be at two tables in one round.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.CASCADE, related_name="seats"
    )
    position = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="seat_player_once"),
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round_id}: {self.player_id} at {self.table_id}"


class Confirmation(models.Model):
    """A player confirmed the closed table sheet on his own phone."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="confirmations")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "player"], name="confirmation_once"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}: {self.player_id}"


class Review(models.Model):
    """The referee looked at a flagged deal; ``winnable`` decides a withheld premium (IV.6)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="reviews")
    entry_uid = models.UUIDField()
    winnable = models.BooleanField(default=False)
    note = models.CharField(max_length=REASON_LENGTH, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "entry_uid"], name="review_once"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}: {self.entry_uid}"


class Event(models.Model):
    """The tournament's history, append-only: draws, swaps, closing, reopening (with reason)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="events")
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="events"
    )
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.CharField(max_length=10, choices=[(a.value, a.value) for a in Action])
    detail = models.JSONField(default=dict)  # names, seeds, the reason of a reopening
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.action}"
