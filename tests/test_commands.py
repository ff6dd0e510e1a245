"""``manage.py export_sheet`` and ``import_sheet``: the same round trip as the web, in a shell."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoresheet.sheets import services
from scoresheet.sheets.models import Entry, Sheet
from tests.sheets.golden_docs import corrupted, expected, golden_named

GOLDEN_FILE = Path(__file__).resolve().parent / "golden" / "ru" / "barrel-win.json"


def run(*args: str, stdin: str | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None and monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.mark.django_db
def test_import_sheet_stores_a_file_and_prints_its_links() -> None:
    out, _err = run("import_sheet", str(GOLDEN_FILE))
    sheet = Sheet.objects.get()
    assert f"imported sheet {sheet.pk}" in out
    assert f"/s/{sheet.edit_token}/" in out and f"/v/{sheet.view_token}/" in out
    scored = services.load(sheet).scored
    assert list(scored.totals) == expected(golden_named("ru/barrel-win"))["totals"]


@pytest.mark.django_db
def test_import_sheet_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    run("import_sheet", "-", stdin=GOLDEN_FILE.read_text(encoding="utf-8"),
        monkeypatch=monkeypatch)
    assert Sheet.objects.count() == 1


@pytest.mark.django_db
def test_import_sheet_prints_every_problem_and_stores_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doc, _where = corrupted(GOLDEN_FILE, "two-broken-entries")
    last = len(doc["entries"]) - 1
    err = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(doc)))
    with pytest.raises(CommandError) as failed:
        call_command("import_sheet", "-", stdout=io.StringIO(), stderr=err)
    lines = err.getvalue().splitlines()
    assert any(line.startswith("entry 0: ") for line in lines)
    assert any(line.startswith(f"entry {last}: ") for line in lines)
    assert failed.value.returncode == 1
    assert "nothing was imported" in str(failed.value)
    assert not Sheet.objects.exists() and not Entry.objects.exists()


@pytest.mark.django_db
def test_import_sheet_of_a_file_that_is_not_there() -> None:
    with pytest.raises(CommandError, match="cannot read"):
        run("import_sheet", "/nonexistent/sheet.json")


@pytest.mark.django_db
def test_import_sheet_for_an_account(django_user_model: Any) -> None:
    user = django_user_model.objects.create_user("anna", password="pw-anna-1234")
    run("import_sheet", str(GOLDEN_FILE), "--owner", "anna")
    assert Sheet.objects.get().owner == user
    with pytest.raises(CommandError, match="no account"):
        run("import_sheet", str(GOLDEN_FILE), "--owner", "nobody")


@pytest.mark.django_db
@pytest.mark.parametrize("ident", ["pk", "edit_token", "view_token"])
def test_export_sheet_then_import_sheet_gives_the_same_sheet(tmp_path: Path, ident: str) -> None:
    run("import_sheet", str(GOLDEN_FILE))
    first = Sheet.objects.get()
    target = tmp_path / "out.json"
    # "--": a token may begin with "-", which would otherwise read as an option
    run("export_sheet", "-o", str(target), "--", str(getattr(first, ident)))
    run("import_sheet", str(target))
    second = Sheet.objects.exclude(pk=first.pk).get()
    assert services.sheet_document(second) == services.sheet_document(first)
    assert services.load(second).scored.totals == services.load(first).scored.totals


@pytest.mark.django_db
def test_export_sheet_writes_to_standard_output() -> None:
    run("import_sheet", str(GOLDEN_FILE))
    out, _err = run("export_sheet", str(Sheet.objects.get().pk))
    doc = json.loads(out)
    assert doc["entries"] == golden_named("ru/barrel-win")["entries"]


@pytest.mark.django_db
def test_export_sheet_as_csv() -> None:
    run("import_sheet", str(GOLDEN_FILE))
    out, _err = run("export_sheet", str(Sheet.objects.get().pk), "--csv")
    last = out.removeprefix("\ufeff").strip().splitlines()[-1].split(",")
    assert last[6:9] == ["1000", "295", "150"]  # the golden sheet's hand-worked totals


@pytest.mark.django_db
def test_export_sheet_of_an_unknown_sheet() -> None:
    with pytest.raises(CommandError, match="no sheet"):
        run("export_sheet", "12345")
