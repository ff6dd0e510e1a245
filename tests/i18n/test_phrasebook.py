"""``manage.py phrasebook --language cs``: every sentence of the app, filled with names of both
genders and the numbers 1, 2, 5 and 21, one section per page."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command


def phrasebook(language: str) -> str:
    out = io.StringIO()
    call_command("phrasebook", language=language, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("language", ["cs", "de", "en", "pl", "ru"])
def test_the_phrasebook_says_every_page_in_the_language(language: str, compiled: None) -> None:
    said = phrasebook(language)
    sections = [line for line in said.splitlines() if line.startswith("== ")]
    assert "== templates/sheets/marias/settle.html" in sections
    assert "== templates/tournament/director.html" in sections
    assert len(sections) > 50
    assert "%(name)s" not in said and "%(count)s" not in said  # every placeholder is filled
    assert "Šárka" in said and "Přemysl" in said  # a woman's and a man's name


@pytest.mark.parametrize(("language", "counted"), [
    ("cs", ["1 rozdání na kolo", "2 rozdání na kolo", "5 rozdání na kolo", "21 rozdání na kolo"]),
    ("pl", ["1 rozdanie na rundę", "2 rozdania na rundę", "5 rozdań na rundę",
            "21 rozdań na rundę"]),
    ("ru", ["1 раздача за тур", "2 раздачи за тур", "5 раздач за тур", "21 раздача за тур"]),
])
def test_a_count_is_said_with_each_sample_number(language: str, counted: list[str],
                                                 compiled: None) -> None:
    said = phrasebook(language)
    for line in counted:
        assert f"  {line}\n" in said, line


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(CommandError, match="Unknown language"):
        phrasebook("xx")
