"""What the database keeps: sheets, their entries, the history of every change, write keys.

The engine (``rules``) is the only judge of a sheet: totals, marks, engine-made penalty rows, the
dealer and the outcome are derived from the entries; none of them is stored as the truth.  What
is derived is kept per revision (:mod:`scoresheet.sheets.derived`) and made again from the
entries whenever it is missing.  ``Sheet.finished`` is a convenience copy for the list of sheets,
kept in step by :mod:`scoresheet.sheets.services` on every write.

Only :mod:`scoresheet.sheets.services` writes entries, history and write keys.
"""

from __future__ import annotations

import secrets
import uuid
from enum import StrEnum, unique
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

TOKEN_BYTES = 24  # 192 random bits per link token (the issue asks for at least 128)
TOKEN_LENGTH = 32  # characters of secrets.token_urlsafe(TOKEN_BYTES)
KEY_LENGTH = 64  # the longest idempotency key a client may send


def latest_edition() -> int:
    """The rules edition a new sheet plays (a stored sheet keeps its own: ``Sheet.edition``)."""
    from rules import EDITION

    return EDITION


def new_token() -> str:
    """An unguessable link token (URL-safe base64 of 192 random bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


@unique
class Action(StrEnum):
    """What one change did to one entry (stored: never renumber)."""

    ADD = "add"
    EDIT = "edit"
    DELETE = "delete"
    UNDO = "undo"
    REDO = "redo"


class Sheet(models.Model):
    """One game's score sheet: the header of a docs/format.md document plus bookkeeping."""

    game = models.CharField(_("game"), max_length=20)
    ruleset = models.CharField(_("preset"), max_length=32)
    # The rules edition the sheet was created under (migration 0004 gave every sheet stored before
    # editions existed the first): it replays under these rules for ever, so its totals never move.
    edition = models.PositiveSmallIntegerField(_("rules edition"), default=latest_edition)
    options = models.JSONField(
        _("house rules"), default=dict, help_text=_("Only what differs from the variant.")
    )
    players = models.JSONField(_("players"), help_text=_("Names in seat (playing) order."))
    # A short name per seat that the table chose for the column heads ("" or missing: the head
    # is worked out from the names, scoresheet/sheets/display.py short_names); migration 0010.
    short_names = models.JSONField(_("short names"), default=list, blank=True)
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), default=0)
    edit_token = models.CharField(max_length=TOKEN_LENGTH, unique=True, default=new_token)
    view_token = models.CharField(max_length=TOKEN_LENGTH, unique=True, default=new_token)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="owned_sheets",
    )
    keepers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="kept_sheets"
    )
    created = models.DateTimeField(_("created"), default=timezone.now)
    updated = models.DateTimeField(_("updated"), default=timezone.now)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)
    revision = models.PositiveIntegerField(_("revision"), default=0)
    # Export, print and statistics (issue 7; migration 0002):
    in_stats = models.BooleanField(
        _("counts in the statistics"),
        default=True,
        help_text=_("Leave a practice game or a test sheet out of the players' statistics."),
    )
    scorer = models.CharField(
        _("scorer"),
        max_length=40,  # rules.engine.MAX_NAME: a name as long as a player's
        blank=True,
        help_text=_("Who keeps the sheet; printed above the signature line (Mariáš)."),
    )
    # Languages (issue 9; migration 0003): "" prints in the language of whoever prints.
    print_language = models.CharField(
        _("language of the printout"),
        max_length=8,  # a code of settings.LANGUAGES
        blank=True,
        default="",
        help_text=_("The printed sheet, its PDF and its mail are in this language."),
    )
    # The sheet's own identity, carried by its export (meta.listek.id); an imported sheet keeps
    # the identity of the sheet it was exported from in ``origin`` (migration 0007), so that a
    # sheet imported again is recognised and the statistics count it once.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    origin = models.UUIDField(null=True, blank=True, editable=False, db_index=True)

    # The undo and redo stacks of the history, in O(1): the revision of the change an undo (a
    # redo) would revert now, 0 for none; each change names the one below it (EntryChange.below).
    undo_top = models.PositiveIntegerField(default=0, db_default=0)
    redo_top = models.PositiveIntegerField(default=0, db_default=0)
    # Tournaments (docs/tournament.md): a closed table sheet takes no writes.
    closed = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        ordering = ["-updated"]
        verbose_name = _("sheet")
        verbose_name_plural = _("sheets")

    def __str__(self) -> str:
        return f"{self.ruleset}: {', '.join(self.players)}"

    @property
    def player_names(self) -> list[str]:
        return [str(p) for p in self.players]

    @property
    def identity(self) -> uuid.UUID:
        """The sheet this one is (itself, or the sheet it was imported from)."""
        return self.origin or self.uid


class Entry(models.Model):
    """One row as typed: the docs/format.md entry (``data``) at its place (``position``, from 0)."""

    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="entries")
    position = models.PositiveIntegerField()
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    data = models.JSONField()

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "position"], name="entry_position_unique")
        ]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self) -> str:
        return f"{self.sheet_id}#{self.position}: {self.data.get('type')}"


class AppendOnly(models.Model):
    """A row of a history: written once, never rewritten, never deleted (a sheet's deletion
    takes its history with it, by the database's cascade); when, by which phone and account,
    and under which key."""

    at = models.DateTimeField(default=timezone.now)
    device = models.CharField(max_length=KEY_LENGTH, blank=True)
    user_agent = models.CharField(max_length=200, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The idempotency key of the request that made the change: a retried request with the same
    # key is recognised inside the write transaction (the unique constraint of each history),
    # and answered with what this change did.  None (not "") for changes written without one (a
    # sheet's imported rows): the unique constraint holds between keys, never between their
    # absences.
    key = models.CharField(max_length=KEY_LENGTH, null=True, blank=True)  # noqa: DJ001

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("the history is append-only: a change is never rewritten")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise ValueError("the history is append-only: a change is never deleted")


class EntryChange(AppendOnly):
    """Append-only history: one row per change to one entry, in revision order.

    ``before`` is None when the change created the entry, ``after`` when it removed it.  An undo
    points at the change it reverted, a redo at the undo it reverted.
    """

    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="changes")
    revision = models.PositiveIntegerField()
    entry_uid = models.UUIDField(db_index=True)
    action = models.CharField(max_length=8, choices=[(a.value, a.value) for a in Action])
    position = models.PositiveIntegerField()
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reverts = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # The revision of the change below this one on the stack it was pushed on (the undo stack
    # for a change or a redo, the redo stack for an undo); 0 for none.
    below = models.PositiveIntegerField(default=0, db_default=0)

    class Meta:
        ordering = ["revision"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "revision"], name="change_revision_unique"),
            models.UniqueConstraint(fields=["sheet", "key"], name="change_key_unique"),
        ]
        verbose_name = _("change")
        verbose_name_plural = _("changes")

    def __str__(self) -> str:
        return f"{self.sheet_id}@{self.revision}: {self.action} #{self.position}"


@unique
class SheetAction(StrEnum):
    """What one change did to the sheet itself, not to an entry (stored: never renumber)."""

    RENAME = "rename"  # before/after: {"players": [...]}
    CLOSE = "close"  # the evening closed (a game without an end): no more rows
    REOPEN = "reopen"  # the evening opened again


class SheetEvent(AppendOnly):
    """Append-only history of the changes to a sheet that are not changes to an entry: a name
    corrected, the evening closed and reopened.  Each takes the sheet's next revision (the
    revisions of the sheet's changes and its events never meet), so watching phones refresh and
    what is derived per revision is made again; none of them changes a total.
    """

    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="events")
    revision = models.PositiveIntegerField()
    action = models.CharField(max_length=8, choices=[(a.value, a.value) for a in SheetAction])
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["revision"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "revision"], name="event_revision_unique"),
            models.UniqueConstraint(fields=["sheet", "key"], name="event_key_unique"),
        ]
        verbose_name = _("sheet change")
        verbose_name_plural = _("sheet changes")

    def __str__(self) -> str:
        return f"{self.sheet_id}@{self.revision}: {self.action}"
