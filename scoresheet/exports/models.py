"""What the exports keep: each PDF rendered once per revision."""

from __future__ import annotations

from django.db import models

KEY_LENGTH = 80  # the size, part and language of a PDF, hashed with its sheet and revision


class Rendered(models.Model):
    """A PDF rendered once by the task worker for one revision of one sheet (size, part,
    language), of one table card or of one tournament's results (scoresheet/exports/pdfstore.py),
    served from here after that.

    ``content`` and ``error`` are empty while the task worker has it to do: the row is the claim,
    so that many requests for one PDF queue one task.  ``error`` is the reason a PDF cannot be made
    (a code, put in players' words by the page).  Rows of older revisions of the same ``group`` are
    deleted when a newer one is stored; a sheet's rows go with its sheet; old rows of any kind are
    deleted by the periodic cleanup (scoresheet/exports/tasks.py).
    """

    key = models.CharField(max_length=KEY_LENGTH, unique=True)
    sheet = models.ForeignKey("scoresheet.Sheet", on_delete=models.CASCADE, related_name="+",
                              null=True, blank=True)
    group = models.CharField(max_length=KEY_LENGTH, blank=True, default="", db_index=True)
    revision = models.PositiveIntegerField()
    started = models.DateTimeField()
    content = models.BinaryField(null=True)
    error = models.CharField(max_length=40, blank=True, default="")

    class Meta:
        # made under the rate limits' app before the apps were split: the table keeps its name
        db_table = "listek_limits_rendered"

    def __str__(self) -> str:
        return f"{self.sheet_id}@{self.revision}: {self.key}"


class Printer(models.Model):
    """A task worker that runs (``manage.py task_worker``): each writes its row every few
    seconds (scoresheet/exports/worker.py), so that a page waiting for a PDF can tell a queue
    that moves from one that nobody serves (scoresheet/exports/preparing.py)."""

    name = models.CharField(max_length=64, primary_key=True)
    seen = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} at {self.seen}"
