"""The translation catalogs: where they are, and what makes an entry unusable.

Used by ``manage.py compilecatalogs`` and by tests/i18n/.  The catalogs are
``locale/<lang>/LC_MESSAGES/django.po``, one per language of ``settings.LANGUAGES``; English is
the source language, and its catalog holds every msgid translated to itself (scripts/i18n-update
fills it), so that all five catalogs are checked the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import polib

# %(name)s, %s, %d ... as Python's % operator reads them; %% is a literal percent sign.
PLACEHOLDER = re.compile(r"%(?:\((?P<name>[^)]+)\))?[-#0 +]*\d*(?:\.\d+)?(?P<type>[sdifrxXeEgGc%])")
SOURCE_LANGUAGE = "en"
# manage.py makemessages as scripts/i18n-update (manage.py updatecatalogs) and the tests run it:
# the project's templates and Python, not the engine (it speaks English only, through codes).
MAKEMESSAGES: dict[str, object] = {
    "domain": "django",
    "no_obsolete": True,
    "no_wrap": True,
    "add_location": "file",
    "ignore_patterns": [
        ".venv/*", "staticfiles/*", "tests/*", "docs/*", "rules/*", "*.egg-info/*",
        "test-artifacts/*", "locale/*", "node_modules/*",
    ],
    "verbosity": 0,
}


def po_files(roots: Iterable[Path]) -> Iterator[Path]:
    """Every catalog under the locale folders ``roots``, in a stable order."""
    for root in roots:
        if root.is_dir():
            yield from sorted(root.glob("*/LC_MESSAGES/*.po"))


def placeholders(text: str) -> tuple[list[str], list[str]]:
    """The named and the positional placeholders of ``text`` (without ``%%``)."""
    named: list[str] = []
    positional: list[str] = []
    for match in PLACEHOLDER.finditer(text):
        if match.group("type") == "%":
            continue
        if match.group("name") is not None:
            named.append(match.group("name"))
        else:
            positional.append(match.group("type"))
    return named, positional


def bad_placeholders(entry: polib.POEntry) -> bool:
    """True when a translation of ``entry`` would break or lose a value of its source.

    A singular translation must use exactly the msgid's named placeholders (in any order) and
    the same positional ones in the same order.  A plural form may leave a value out (a
    language's "one" form often drops the number) but may not bring in one the source lacks.
    """
    if "python-format" not in entry.flags and "%" not in entry.msgid:
        return False
    named, positional = placeholders(entry.msgid)
    if entry.msgid_plural:
        named_p, positional_p = placeholders(entry.msgid_plural)
        allowed = set(named) | set(named_p)
        for form in entry.msgstr_plural.values():
            if not form:
                continue
            got_named, got_positional = placeholders(form)
            if not set(got_named) <= allowed or len(got_positional) > len(positional_p):
                return True
        return False
    if not entry.msgstr:
        return False
    got_named, got_positional = placeholders(entry.msgstr)
    return set(got_named) != set(named) or got_positional != positional


def is_translated(entry: polib.POEntry) -> bool:
    """Translated, not fuzzy, and (for plurals) every form filled in."""
    if entry.obsolete or "fuzzy" in entry.flags:
        return False
    if entry.msgid_plural:
        return bool(entry.msgstr_plural) and all(entry.msgstr_plural.values())
    return bool(entry.msgstr)


def fill_source(path: str | Path) -> int:
    """Translate every entry of the source language's catalog to itself; returns how many
    entries changed.  A msgstr somebody improved by hand is kept."""
    catalog = polib.pofile(str(path))
    changed = 0
    for entry in catalog:
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
            entry.msgstr = ""
            entry.msgstr_plural = {k: "" for k in entry.msgstr_plural}
        if entry.msgid_plural:
            forms = entry.msgstr_plural or {0: "", 1: ""}
            if not all(forms.values()):
                entry.msgstr_plural = {0: entry.msgid, 1: entry.msgid_plural}
                changed += 1
        elif not entry.msgstr:
            entry.msgstr = entry.msgid
            changed += 1
    catalog.metadata["Plural-Forms"] = "nplurals=2; plural=(n != 1);"
    catalog.save(str(path))
    return changed


def tidy(root: str | Path) -> None:
    """After makemessages: name the project and the language in every catalog's header (the
    template header is marked fuzzy, which some tools then ignore) and fill the source
    language's catalog."""
    for path in po_files([Path(root)]):
        language = path.parent.parent.name
        if language == SOURCE_LANGUAGE:
            fill_source(path)
        catalog = polib.pofile(str(path))
        catalog.metadata_is_fuzzy = False
        catalog.header = "Lístek: the score sheet's texts. See docs/translating.md."
        catalog.metadata["Project-Id-Version"] = "listek"
        catalog.metadata["Language"] = language
        catalog.metadata["Language-Team"] = language
        for key in ("Last-Translator", "PO-Revision-Date", "Report-Msgid-Bugs-To"):
            catalog.metadata.pop(key, None)
        catalog.save(str(path))
