"""``manage.py phrasebook --language cs``: every sentence the app can say, as a player reads it.

Each text of the catalogs is said in the chosen language with its placeholders filled: player
names of both genders (a woman's and a man's, so that a gendered word shows), sample numbers
(1, 2, 5 and 21, which take different plurals in Czech, Polish and Russian), money and cards.  A
text with a plural is said once per sample number.  The texts are grouped by the page (or the
module) that says them, one section each, so that a native speaker reads the whole app in one
sitting and finds what reads wrong (docs/translating.md).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import polib
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation
from django.utils.translation import gettext, ngettext, npgettext, pgettext

from scoresheet.sheets.catalogs import SOURCE_LANGUAGE

NAMES = ("Šárka", "Přemysl", "Dana", "Bohouš")  # women and men, as typed at a table
NUMBERS = (1, 2, 5, 21)  # one, few, many and the 21 that is "one" again in Russian
PLACEHOLDER = re.compile(r"%\((\w+)\)([sd])")
SAMPLE_WORDS = {  # placeholders that are not names or numbers
    "card": "K♠", "suit": "♥", "suit_name": "srdce", "game": "Mariáš", "game_name": "betl",
    "contract": "hra ♥", "contract_name": "betl", "component": "hra", "component_name": "hra",
    "flek": "flek", "what": "hra", "field": "“players”", "url": "/", "day": "29. 11. 2026",
    "period": "", "problem": "…", "reason": "…", "label": "Sud", "value": "880",
    "kind_text": "nepřiznání barvy", "result": "won", "deal": "hra ♥", "where": "řádek 2",
    "preset": "Tisíc", "ruleset": "Tisíc", "season": "Zima 2026", "known": "deal, penalty",
    "type": "deal", "seven_text": "sedma", "news": "…", "key": "hra", "option": "Sud",
    "note": "…", "row": "3", "text": "…", "who": "Šárka", "by_names": "Přemysl",
}


def sample(key: str, index: int, number: int) -> Any:
    """A value for the placeholder ``key``: a name, a list of names, money, or a number."""
    if key in SAMPLE_WORDS:
        return SAMPLE_WORDS[key]
    if key == "names" or (key.endswith("_names") and key != "game_names"):
        return f"{NAMES[0]} a {NAMES[1]}"
    if key == "name" or key.endswith("_name") or key in ("payer", "payee", "winner",
                                                          "recorded", "scorer", "a", "b",
                                                          "keep", "duplicate", "first",
                                                          "second", "declarer", "player"):
        return NAMES[index % len(NAMES)]
    if "money" in key or key in ("amount", "stake", "base"):
        return f"{number},20 Kč"
    return number


def filled(text: str, number: int) -> str:
    """``text`` with every placeholder given a sample value (names alternate by position)."""
    keys = PLACEHOLDER.findall(text)
    values = {key: sample(key, i, number) for i, (key, _kind) in enumerate(keys)}
    try:
        return text % values if keys else text.replace("%%", "%")
    except (TypeError, ValueError, KeyError):
        return text


def section_of(entry: polib.POEntry) -> str:
    """The page (template) or module that says the text: its first place in the sources."""
    places = [str(path) for path, _line in entry.occurrences]
    templates = [p for p in places if p.startswith("templates/")]
    return (templates or places or ["(elsewhere)"])[0]


def said(entry: polib.POEntry) -> Iterator[str]:
    """Every way the active language says ``entry``, placeholders filled."""
    context = entry.msgctxt
    if entry.msgid_plural:
        for n in NUMBERS:
            if context:
                text = npgettext(context, entry.msgid, entry.msgid_plural, n)
            else:
                text = ngettext(entry.msgid, entry.msgid_plural, n)
            yield filled(text, n)
        return
    text = pgettext(context, entry.msgid) if context else gettext(entry.msgid)
    yield filled(text, NUMBERS[1])


class Command(BaseCommand):
    help = "Print every sentence the app can say in a language, one section per page."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--language", default="cs",
                            help="cs, de, en, pl or ru (default cs)")

    def handle(self, *args: Any, **options: Any) -> None:
        language = options["language"]
        if language not in dict(settings.LANGUAGES):
            known = ", ".join(code for code, _name in settings.LANGUAGES)
            raise CommandError(f"Unknown language {language!r}: one of {known}.")
        source = Path(settings.LOCALE_PATHS[0]) / SOURCE_LANGUAGE / "LC_MESSAGES" / "django.po"
        catalog = polib.pofile(str(source))
        sections: dict[str, list[str]] = defaultdict(list)
        with translation.override(language):
            for entry in catalog:
                if entry.obsolete or not entry.msgid:
                    continue
                sections[section_of(entry)].extend(said(entry))
        out = self.stdout
        out.write(f"Lístek — phrasebook ({language}): {sum(map(len, sections.values()))} "
                  f"sentences, names {', '.join(NAMES)}, numbers "
                  f"{', '.join(map(str, NUMBERS))}\n")
        for name in sorted(sections):
            out.write(f"\n== {name}\n")
            for line in dict.fromkeys(sections[name]):
                out.write(f"  {line}\n")
