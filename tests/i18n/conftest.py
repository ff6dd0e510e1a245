"""Catalogs for the translation tests: the msgids freshly extracted from the sources, and a
pseudo-language whose every translation is marked, to find text that no catalog can reach."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import django
import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from scoresheet.sheets.catalogs import MAKEMESSAGES, SOURCE_LANGUAGE

SOURCE_FOLDERS = ("scoresheet", "templates")  # what makemessages reads (catalogs.MAKEMESSAGES)
PSEUDO = "xx"  # the pseudo-language's code
OPEN, CLOSE = "⟦", "⟧"  # what marks a translated text in the pseudo-language


@pytest.fixture(scope="session")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> polib.POFile:
    """The English catalog as makemessages makes it from the sources now."""
    # makemessages writes into the "locale" folder of the tree it walks, and a temporary .py
    # beside each template it reads: give it a copy of its own of the sources, so that the
    # committed catalogs stay as they are and parallel test workers never share its files
    root = tmp_path_factory.mktemp("extracted")
    for name in SOURCE_FOLDERS:
        shutil.copytree(Path(settings.BASE_DIR) / name, root / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    (root / "locale").mkdir()
    here = Path.cwd()
    os.chdir(root)
    try:
        with override_settings(LOCALE_PATHS=[str(root / "locale")]):
            call_command("makemessages", locale=[SOURCE_LANGUAGE], **MAKEMESSAGES)
    finally:
        os.chdir(here)
    return polib.pofile(str(root / "locale" / SOURCE_LANGUAGE / "LC_MESSAGES" / "django.po"))


def _marked(entry: polib.POEntry) -> polib.POEntry:
    out = polib.POEntry(msgid=entry.msgid, msgctxt=entry.msgctxt, flags=[
        f for f in entry.flags if f != "fuzzy"])
    if entry.msgid_plural:
        out.msgid_plural = entry.msgid_plural
        out.msgstr_plural = {0: OPEN + entry.msgid + CLOSE, 1: OPEN + entry.msgid_plural + CLOSE}
    else:
        out.msgstr = OPEN + entry.msgid + CLOSE
    return out


@pytest.fixture(scope="session")
def pseudo_locale(extracted: polib.POFile, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A locale folder with the pseudo-language: the project's texts and Django's own (form
    errors), each translated to itself between marks."""
    root = tmp_path_factory.mktemp("pseudo")
    catalog = polib.POFile()
    catalog.metadata = {"Content-Type": "text/plain; charset=UTF-8",
                        "Plural-Forms": "nplurals=2; plural=(n != 1);"}
    django_dir = Path(django.__file__).parent
    sources = [extracted] + [
        polib.pofile(str(path)) for path in (
            django_dir / "conf" / "locale" / "en" / "LC_MESSAGES" / "django.po",
            django_dir / "contrib" / "auth" / "locale" / "en" / "LC_MESSAGES" / "django.po",
        )
    ]
    seen: set[tuple[str | None, str]] = set()
    for source in sources:
        for entry in source:
            if entry.obsolete or (entry.msgctxt, entry.msgid) in seen or not entry.msgid:
                continue
            seen.add((entry.msgctxt, entry.msgid))
            catalog.append(_marked(entry))
    folder = root / PSEUDO / "LC_MESSAGES"
    folder.mkdir(parents=True)
    catalog.save_as_mofile(str(folder / "django.mo"))
    return root


@pytest.fixture
def in_pseudo(pseudo_locale: Path, client: object) -> Iterator[None]:
    """Pages in the pseudo-language (the language cookie, as the header's switch sets it)."""
    languages = [*settings.LANGUAGES, (PSEUDO, "Pseudo")]
    with override_settings(LOCALE_PATHS=[str(pseudo_locale)], LANGUAGES=languages):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = PSEUDO  # type: ignore[attr-defined]
        yield


@pytest.fixture(scope="session")
def compiled() -> None:
    """The committed catalogs compiled (as scripts/test and scripts/run do before they start)."""
    call_command("compilecatalogs", verbosity=0)
