"""One counter per bucket (a sheet or a client) and fixed time window."""

from __future__ import annotations

from django.db import models

BUCKET_LENGTH = 80  # "sheet:" or "client:" and a 64-character hash at most


class Hit(models.Model):
    """How many requests of ``bucket`` arrived in window number ``slot``.

    Incremented with one atomic upsert (scoresheet/ratelimit.py), so concurrent requests on any
    app server never lose a count.
    """

    bucket = models.CharField(max_length=BUCKET_LENGTH)
    slot = models.BigIntegerField(db_index=True)
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bucket", "slot"], name="hit_bucket_slot_unique")
        ]

    def __str__(self) -> str:
        return f"{self.bucket}@{self.slot}: {self.count}"


class Rendered(models.Model):
    """A PDF rendered once for one revision of one sheet, size, part and language
    (scoresheet/pdfstore.py), served from here after that.

    ``content`` is empty while the first request renders it; the others wait for it instead of
    rendering it again.  Rows of older revisions are deleted when a newer one is stored, and
    every row goes with its sheet.
    """

    key = models.CharField(max_length=BUCKET_LENGTH, unique=True)
    sheet = models.ForeignKey("scoresheet.Sheet", on_delete=models.CASCADE, related_name="+")
    revision = models.PositiveIntegerField()
    started = models.DateTimeField()
    content = models.BinaryField(null=True)

    def __str__(self) -> str:
        return f"{self.sheet_id}@{self.revision}: {self.key}"
