"""What the exports keep: each PDF rendered once per revision."""

from __future__ import annotations

from django.db import models

KEY_LENGTH = 80  # the size, part and language of a PDF, hashed with its sheet and revision


class Rendered(models.Model):
    """A PDF rendered once for one revision of one sheet, size, part and language
    (scoresheet/exports/pdfstore.py), served from here after that.

    ``content`` is empty while the first request renders it; the others wait for it instead of
    rendering it again.  Rows of older revisions are deleted when a newer one is stored, and
    every row goes with its sheet.
    """

    key = models.CharField(max_length=KEY_LENGTH, unique=True)
    sheet = models.ForeignKey("scoresheet.Sheet", on_delete=models.CASCADE, related_name="+")
    revision = models.PositiveIntegerField()
    started = models.DateTimeField()
    content = models.BinaryField(null=True)

    class Meta:
        # made under the rate limits' app before the apps were split: the table keeps its name
        db_table = "listek_limits_rendered"

    def __str__(self) -> str:
        return f"{self.sheet_id}@{self.revision}: {self.key}"
