"""Every text of every screen is translated in each of the five languages.

The committed catalogs (locale/<lang>/LC_MESSAGES/django.po) must hold exactly the texts the
sources have now (scripts/i18n-update brings them up to date), every entry translated and none
fuzzy, and a translation must keep its source's placeholders.  English is the source language:
its catalog is filled with msgstr = msgid by scripts/i18n-update, and checked like the others.

A failure lists, per language, how many texts are missing and the first of them.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

from scoresheet.sheets.catalogs import bad_placeholders, is_translated

LANGUAGES = [code for code, _name in settings.LANGUAGES]
FIRST = 20  # how many untranslated texts a failure shows


def catalog_path(language: str) -> Path:
    return Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES" / "django.po"


def key(entry: polib.POEntry) -> tuple[str, str]:
    return (entry.msgctxt or "", entry.msgid)


def shown(keys: list[tuple[str, str]]) -> str:
    lines = [f"  [{ctx}] {msgid[:90]!r}" if ctx else f"  {msgid[:90]!r}" for ctx, msgid in keys]
    more = f"\n  ... and {len(keys) - FIRST} more" if len(keys) > FIRST else ""
    return "\n".join(lines[:FIRST]) + more


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalog_holds_every_text_of_the_sources(
    language: str, extracted: polib.POFile
) -> None:
    path = catalog_path(language)
    assert path.is_file(), f"{path} is missing: run scripts/i18n-update"
    committed = {key(e) for e in polib.pofile(str(path)) if not e.obsolete}
    wanted = {key(e) for e in extracted if not e.obsolete}
    missing, stale = sorted(wanted - committed), sorted(committed - wanted)
    assert not missing and not stale, (
        f"{language}: the catalog is behind the sources (run scripts/i18n-update): "
        f"{len(missing)} new texts, {len(stale)} no longer used\n{shown(missing or stale)}"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_stands_twice_in_a_catalog(language: str) -> None:
    # two entries of one text (two branches adding it) make GNU msgfmt refuse the catalog, and
    # which of two translations the app shows would be an accident of the compiler
    keys = [key(e) for e in polib.pofile(str(catalog_path(language))) if not e.obsolete]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    assert twice == [], f"{language}: {len(twice)} texts stand twice\n{shown(twice)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_translated(language: str) -> None:
    catalog = polib.pofile(str(catalog_path(language)))
    assert catalog.metadata.get("Language") == language
    assert "Plural-Forms" in catalog.metadata
    entries = [e for e in catalog if not e.obsolete]
    forms = int(re.search(r"nplurals=(\d+)", catalog.metadata["Plural-Forms"]).group(1))
    untranslated = [key(e) for e in entries if not is_translated(e)
                    or (e.msgid_plural and len(e.msgstr_plural) != forms)]
    fuzzy = sum(1 for e in entries if "fuzzy" in e.flags)
    assert untranslated == [], (
        f"{language}: {len(untranslated)} of {len(entries)} texts untranslated "
        f"({fuzzy} of them fuzzy); the first {min(FIRST, len(untranslated))}:\n"
        f"{shown(untranslated)}"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translation_keeps_the_placeholders_of_its_text(language: str) -> None:
    catalog = polib.pofile(str(catalog_path(language)))
    wrong = [key(e) for e in catalog.translated_entries() if bad_placeholders(e)]
    assert wrong == [], f"{language}: wrong %(...)s placeholders in\n{shown(wrong)}"


def test_the_placeholder_check_tells_a_lost_value_from_a_moved_one() -> None:
    def entry(msgid: str, msgstr: str) -> polib.POEntry:
        return polib.POEntry(msgid=msgid, msgstr=msgstr, flags=["python-format"])

    assert not bad_placeholders(entry("%(name)s wins: %(reason)s", "%(reason)s — %(name)s"))
    assert bad_placeholders(entry("%(name)s wins: %(reason)s", "%(name)s vyhrává"))
    assert bad_placeholders(entry("%(name)s wins", "%(jmeno)s vyhrává"))
    assert not bad_placeholders(entry("100%% sure", "100%% jistě"))
