"""One counter per bucket (a sheet or a client) and fixed time window."""

from __future__ import annotations

from django.db import models

BUCKET_LENGTH = 80  # "sheet:" or "client:" and a 64-character hash at most


class Hit(models.Model):
    """How many requests of ``bucket`` arrived in window number ``slot``.

    Incremented with one atomic upsert (scoresheet/protect/ratelimit.py), so concurrent requests on
    any
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
