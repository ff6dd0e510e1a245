"""What the database keeps of a club: its register, seasons, evenings, linked home sheets.

Season tables and players' numbers are never stored: they are computed from the tournaments'
sheets (:mod:`scoresheet.club.season`) and kept in the cache under the revisions they were
computed from.  Only :mod:`scoresheet.club.logic` writes these rows.
"""

from __future__ import annotations

from datetime import date
from enum import StrEnum, unique

from django.conf import settings
from django.db import models
from django.utils import timezone

from scoresheet.sheets.models import TOKEN_LENGTH, Sheet, new_token
from scoresheet.tournament.models import Player, Tournament

NAME_LENGTH = 40  # a register name is a tournament player's name: it fits a sheet's column
NICK_LENGTH = 40
TEAM_LENGTH = 60  # scoresheet.tournament.models.CLUB_LENGTH
TITLE_LENGTH = 80


@unique
class Rule(StrEnum):
    """How an evening counts towards the season (stored: never rename; docs/season.md)."""

    POINTS = "points"  # the evening's competition points, summed
    PLACES = "places"  # placement points by the evening's rank


class Club(models.Model):
    name = models.CharField(max_length=TITLE_LENGTH)
    admin_token = models.CharField(max_length=TOKEN_LENGTH, unique=True, default=new_token)
    view_token = models.CharField(max_length=TOKEN_LENGTH, unique=True, default=new_token)
    # an account may own the club (it lists it under "Your clubs"); the link works without one
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="clubs")
    created = models.DateTimeField(default=timezone.now)
    revision = models.PositiveIntegerField(default=0)  # the register or a season changed

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    """One person on the register.  A merged duplicate keeps its row (``merged_into``); a
    player who left keeps his row and his history (``left``)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(max_length=NAME_LENGTH)
    nickname = models.CharField(max_length=NICK_LENGTH, blank=True)
    team = models.CharField(max_length=TEAM_LENGTH, blank=True)
    initials_only = models.BooleanField(default=False)  # public pages show "J. N."
    left = models.DateField(null=True, blank=True)
    merged_into = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="merged")
    view_token = models.CharField(max_length=TOKEN_LENGTH, unique=True, default=new_token)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=TITLE_LENGTH)
    ruleset = models.CharField(max_length=32)
    rule = models.CharField(max_length=10, choices=[(r.value, r.value) for r in Rule],
                            default=Rule.POINTS)
    places = models.JSONField(default=list)  # placement points of ranks 1, 2, ... (Rule.PLACES)
    best_of = models.PositiveSmallIntegerField(null=True, blank=True)  # None: every evening
    min_evenings = models.PositiveSmallIntegerField(default=0)
    # the season's period: an evening counts when its date is in it (None: open that side;
    # seasons made before periods existed have neither)
    start = models.DateField(null=True, blank=True)
    end = models.DateField(null=True, blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def holds(self, day: date) -> bool:
        """Whether an evening of ``day`` falls in the season's period."""
        return (self.start is None or self.start <= day) and (self.end is None
                                                               or day <= self.end)


class Evening(models.Model):
    """One of the club's tournaments, in a season or not."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="evenings")
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="evenings")
    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE,
                                      related_name="club_evening")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "id"]

    def __str__(self) -> str:
        return f"{self.club_id}: {self.tournament_id}"

    @property
    def day(self) -> date:
        """The evening's date (the club's time zone)."""
        return timezone.localdate(self.created)


class Entrant(models.Model):
    """A register member played an evening as this tournament player."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="entrants")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="entries")
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="club_entrant")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["evening", "member"], name="entrant_once"),
        ]

    def __str__(self) -> str:
        return f"{self.evening_id}: {self.member_id}"


class HomeSheet(models.Model):
    """A plain sheet (a home game) on which a register member sat at ``seat``."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="home_sheets")
    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="club_links")
    seat = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["member", "sheet"], name="home_sheet_once"),
        ]

    def __str__(self) -> str:
        return f"{self.member_id}: {self.sheet_id}"
