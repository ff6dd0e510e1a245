"""``manage.py updatecatalogs``: the translation catalogs brought up to date with the sources.

Django's makemessages (GNU xgettext, from scripts/system-deps) over the templates and the
project's Python, for every language of settings.LANGUAGES; new texts arrive with an empty
msgstr for the translators, texts no longer used are dropped.  Then the headers are tidied, the
English catalog (the source language) is filled with msgstr = msgid, and the catalogs are
compiled.  scripts/i18n-update runs it; docs/translating.md says how to translate.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from scoresheet.sheets.catalogs import MAKEMESSAGES, tidy


class Command(BaseCommand):
    help = "Update locale/*/LC_MESSAGES/django.po from the sources, then compile them."

    def handle(self, *args: Any, **options: Any) -> None:
        languages = [code for code, _name in settings.LANGUAGES]
        call_command("makemessages", locale=languages, **MAKEMESSAGES)
        tidy(Path(settings.LOCALE_PATHS[0]))
        call_command("compilecatalogs", verbosity=options.get("verbosity", 1))
