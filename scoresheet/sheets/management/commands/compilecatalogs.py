"""``manage.py compilecatalogs [--check]``: the translation catalogs (.po) compiled to .mo.

Pure Python (polib): nothing has to be installed by hand, unlike Django's compilemessages,
which needs GNU msgfmt.  Every ``*.po`` under the LOCALE_PATHS is written as the ``.mo`` beside
it.  Like msgfmt, untranslated and fuzzy entries are left out (the page then shows the English
source).  A translation whose placeholders differ from its msgid's (``%(name)s``, ``%s``) would
break the page that shows it, so it is left out too and reported; with ``--check`` any such
entry makes the command fail.  The .mo files are build output (.gitignore); scripts/run,
scripts/test and scripts/serve-production call this command before they start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polib
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoresheet.sheets.catalogs import bad_placeholders, po_files


class Command(BaseCommand):
    help = "Compile the translation catalogs (locale/*/LC_MESSAGES/*.po) into .mo files."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="fail when a translation's placeholders differ from its source text",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        roots = [Path(p) for p in settings.LOCALE_PATHS]
        problems: list[str] = []
        compiled = 0
        for po_path in po_files(roots):
            catalog = polib.pofile(str(po_path))
            for entry in catalog.translated_entries():
                if bad_placeholders(entry):
                    problems.append(f"{po_path}: {entry.msgid[:60]!r}")
                    # msgfmt leaves fuzzy entries out of the .mo: so does this command
                    entry.flags.append("fuzzy")
            catalog.save_as_mofile(str(po_path.with_suffix(".mo")))
            compiled += 1
        for line in problems:
            self.stderr.write(f"wrong placeholders, left out: {line}")
        if options["check"] and problems:
            raise CommandError(f"{len(problems)} translation(s) with wrong placeholders")
        if int(options.get("verbosity", 1)) > 0:
            self.stdout.write(f"compiled {compiled} catalog(s)")
