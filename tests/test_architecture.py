"""The import contracts of pyproject.toml (docs/architecture.md) hold, and they would catch the
arrows that went the wrong way before the apps were split.

Each "would catch" test copies the code to a temporary folder, adds one import that breaks the
architecture, and runs ``lint-imports`` there with the project's own contracts.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(LINT), "--no-cache"], cwd=root, capture_output=True, text=True,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}, check=False)


@pytest.fixture(scope="module")
def copy_of_the_code(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("code")
    for name in ("scoresheet", "rules"):
        shutil.copytree(ROOT / name, root / name,
                        ignore=shutil.ignore_patterns("__pycache__", "migrations"))
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


def with_import(root: Path, module: str, line: str, tmp_path: Path) -> Path:
    """A fresh copy of ``root`` in which ``module`` (a path under it) starts with ``line``."""
    work = tmp_path / "work"
    shutil.copytree(root, work)
    path = work / module
    path.write_text(line + "\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    return work


def test_the_contracts_hold() -> None:
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "BROKEN" not in result.stdout
    assert result.stdout.count("KEPT") == 5


@pytest.mark.parametrize(("module", "line", "broken"), [
    # the entry form reaching into the tournament's deal form (as it did before the split)
    ("scoresheet/sheets/views/entries.py",
     "from scoresheet.tournament.dealform import add_trump_fields",
     "The core knows none of the apps built on it"),
    # the history reaching into the deal review (as it did before the split)
    ("scoresheet/sheets/views/history.py", "from scoresheet.referee import reviewing",
     "The core knows none of the apps built on it"),
    # the referee using the exports
    ("scoresheet/referee/rulings.py", "from scoresheet.exports import printing",
     "The referee and the exports do not know each other"),
    # the derived data and the writer importing each other (a circle before the split)
    ("scoresheet/sheets/derived.py", "from scoresheet.sheets import services",
     "No import circles inside an app"),
    # the printed sheet and the stored PDFs importing each other (a circle before the split)
    ("scoresheet/exports/printing.py", "from scoresheet.exports import pdfstore",
     "No import circles inside an app"),
    # the engine importing Django
    ("rules/engine.py", "import django", "The engine is pure Python"),
    # the guards importing a feature built above them
    ("scoresheet/protect/guard.py", "from scoresheet.tournament import logic",
     "The apps are layered"),
])
def test_a_wrong_arrow_breaks_a_contract(copy_of_the_code: Path, tmp_path: Path, module: str,
                                         line: str, broken: str) -> None:
    result = lint(with_import(copy_of_the_code, module, line, tmp_path))
    assert result.returncode != 0
    report = result.stdout.split("Broken contracts", 1)[1]
    assert broken in report, result.stdout


# --------------------------------------------------------------------------- templates

FEATURE_APPS = ("referee", "exports", "tournament", "club")  # the apps built on the core
# the core's templates: its own folder and the site's frame around every page
CORE_TEMPLATES = [*sorted((ROOT / "templates" / "sheets").rglob("*.html")),
                  *sorted((ROOT / "templates" / "registration").rglob("*.html")),
                  *sorted((ROOT / "templates").glob("*.html"))]


def feature_url_names() -> set[str]:
    from importlib import import_module

    names: set[str] = set()
    for app in FEATURE_APPS:
        for pattern in import_module(f"scoresheet.{app}.urls").urlpatterns:
            if getattr(pattern, "name", None):
                names.add(pattern.name)
    return names


def test_the_cores_templates_name_no_template_and_no_address_of_the_apps_built_on_it() -> None:
    # what the core's pages show of those apps comes through the extension point
    # (scoresheet/sheets/extensions.py: banners, tool links, home links), never by name
    import re

    names = feature_url_names()
    assert {"referee", "export", "tournament_new", "club_new"} <= names  # the check has teeth
    by_name = re.compile(r'{%\s*(?:include|extends)\s+"((?:' + "|".join(FEATURE_APPS)
                         + r')/[^"]+)"')
    found = []
    for path in CORE_TEMPLATES:
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {m}" for m in by_name.findall(text)]
        found += [f"{path.name}: url {m}" for m in re.findall(r"{%\s*url\s+'([^']+)'", text)
                  if m in names]
    assert found == []
