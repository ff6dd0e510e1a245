"""``manage.py export_sheet SHEET [-o FILE] [--csv]``: a sheet as its docs/format.md document.

SHEET is the sheet's number or either of its link tokens (the part after ``/s/`` or ``/v/``).
The document goes to standard output unless ``-o`` names a file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q

from scoresheet.exports import documents as exports
from scoresheet.sheets import services
from scoresheet.sheets.models import Sheet

MAX_PK_DIGITS = 18  # a sheet number; a link token is 32 characters


def find_sheet(ident: str) -> Sheet:
    query = Q(edit_token=ident) | Q(view_token=ident)
    if ident.isascii() and ident.isdigit() and len(ident) <= MAX_PK_DIGITS:
        query |= Q(pk=int(ident))
    sheet = Sheet.objects.filter(query).first()
    if sheet is None:
        raise CommandError(f"no sheet {ident!r} (give its number or a link token)")
    return sheet


class Command(BaseCommand):
    help = "Write a sheet as its JSON document (docs/format.md) or as CSV."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("sheet", help="the sheet's number, or its edit or read-only token "
                            "(after -- when the token begins with -)")
        parser.add_argument("-o", "--output", help="write to this file instead of stdout")
        parser.add_argument("--csv", action="store_true", help="write the scored table as CSV")

    def handle(self, *args: Any, **options: Any) -> None:
        sheet = find_sheet(options["sheet"])
        if options["csv"]:
            loaded = services.load(sheet)
            text = exports.export_csv(loaded.document, loaded.scored)
        else:
            text = exports.export_json(sheet)
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8", newline="")
            self.stderr.write(f"sheet {sheet.pk} written to {options['output']}")
        else:
            self.stdout.write(text, ending="")
