"""The club sits above the tournament app: an import of the club from the tournament app (or
from anything below it) breaks the layers contract of pyproject.toml, and ``lint-imports``
says so (the same check as tests/test_architecture.py, for the club's arrows)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_architecture import copy_of_the_code, lint, with_import  # noqa: F401

LAYERS = "The apps are layered: the project, then clubs, then tournaments"


@pytest.mark.parametrize(("module", "line", "broken"), [
    ("scoresheet/tournament/views.py", "from scoresheet.club import season", LAYERS),
    ("scoresheet/tournament/logic.py", "import scoresheet.club.logic", LAYERS),
    ("scoresheet/exports/stats.py", "from scoresheet.club.models import Member", LAYERS),
    ("scoresheet/sheets/services.py", "from scoresheet.club import models",
     "The core knows none of the apps built on it"),
    ("scoresheet/club/models.py", "from scoresheet.club import views",
     "No import circles inside an app"),
])
def test_an_arrow_into_the_club_breaks_a_contract(copy_of_the_code: Path,  # noqa: F811
                                                  tmp_path: Path, module: str, line: str,
                                                  broken: str) -> None:
    result = lint(with_import(copy_of_the_code, module, line, tmp_path))
    assert result.returncode != 0
    report = result.stdout.split("Broken contracts", 1)[1]
    assert broken in report, result.stdout


def test_the_club_imports_the_tournament_and_the_tournament_not_the_club() -> None:
    root = Path(__file__).resolve().parents[2] / "scoresheet"
    assert "scoresheet.tournament" in (root / "club" / "logic.py").read_text()
    for path in (root / "tournament").rglob("*.py"):
        assert "scoresheet.club" not in path.read_text(encoding="utf-8"), path
