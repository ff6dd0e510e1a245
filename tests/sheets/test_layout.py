"""The web app's layout: the core's words (words.py) and the game forms do not import each other
in a circle."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SCORESHEET = Path(__file__).resolve().parents[2] / "scoresheet"
SHEETS = SCORESHEET / "sheets"


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_words_never_imports_the_game_forms_that_import_it():
    assert not any("gameforms" in m for m in imported_modules(SHEETS / "words.py"))
    users = [p.name for p in (SHEETS / "gameforms").glob("*.py")
             if "scoresheet.sheets.words" in imported_modules(p)]
    assert users  # the forms do use the messages: the dependency goes one way only


def test_words_imports_on_its_own_and_gets_each_games_words_from_its_forms():
    code = (
        "import django, os, sys; os.environ['DJANGO_SETTINGS_MODULE'] = 'scoresheet.settings'; "
        "django.setup(); "
        "from scoresheet.sheets import words; "
        "print(sorted(words._GAME_WORDS))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=SCORESHEET.parent)
    assert out.stdout.strip() == "['binokel', 'marias', 'thousand']"
