"""``manage.py import_sheet FILE|-``: store a docs/format.md document as a new sheet, or nothing.

The document is judged completely first; every problem is printed on standard error as
``entry N: ...`` or ``sheet: ...`` and the command exits with status 1 having stored nothing.
On success it prints the new sheet's number and its two links.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoresheet.exports import documents as exports


def _stdin() -> bytes | str:
    """Standard input as bytes (text when it has no byte stream, as under a test runner)."""
    stream = getattr(sys.stdin, "buffer", None)
    return bytes(stream.read()) if stream is not None else str(sys.stdin.read())


class Command(BaseCommand):
    help = "Import a sheet document (docs/format.md) from a file or - (standard input)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the JSON document, or - to read standard input")
        parser.add_argument("--owner", help="the account (user name) the sheet belongs to")

    def handle(self, *args: Any, **options: Any) -> None:
        owner = None
        if options["owner"]:
            model = get_user_model()
            try:
                field = str(getattr(model, "USERNAME_FIELD", "username"))
                owner = model._default_manager.get(**{field: options["owner"]})
            except model.DoesNotExist:
                raise CommandError(f"no account {options['owner']!r}") from None
        name = options["file"]
        try:
            data = _stdin() if name == "-" else Path(name).read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {name}: {exc.strerror}") from None
        try:
            doc = exports.read_document(data)
            sheet = exports.import_sheet(doc, owner=owner)
        except exports.ImportRefused as refused:
            for problem in refused.problems:
                self.stderr.write(str(problem))
            count = len(refused.problems)
            raise CommandError(
                f"{count} problem{'s' if count != 1 else ''}: nothing was imported", returncode=1
            ) from None
        self.stdout.write(f"imported sheet {sheet.pk}")
        self.stdout.write(f"edit link: /s/{sheet.edit_token}/")
        self.stdout.write(f"read-only link: /v/{sheet.view_token}/")
