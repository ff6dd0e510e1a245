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


class Budget(models.Model):
    """What one client (phone, address) or one sheet has spent of its budget of work, in
    milliseconds of CPU, as a token bucket kept as a debt: ``level`` is what was spent and not
    yet paid back at ``at`` (seconds since the epoch); it drains at the bucket's rate
    (scoresheet/protect/budget.py).  One atomic upsert per charge."""

    bucket = models.CharField(max_length=BUCKET_LENGTH, primary_key=True)
    level = models.FloatField(default=0.0)
    at = models.FloatField(db_index=True)

    def __str__(self) -> str:
        return f"{self.bucket}: {self.level:.0f} ms at {self.at:.0f}"
