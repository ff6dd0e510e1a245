"""A database from before the apps were split upgrades with ``migrate`` and loses nothing.

The database is taken back to the migrations it had before the split (the rate limits' 0002
holding the stored PDFs, the tournaments' 0001, no exports app), filled there with every golden
sheet and a stored PDF written through that state's models, and migrated forward
again.  Afterwards every sheet replays to its hand-worked totals, and the stored PDF is read
through the exports app.  Runs on SQLite and, in the PostgreSQL run, on PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

import rules
from scoresheet.exports import documents
from scoresheet.exports.models import Rendered
from scoresheet.sheets import services
from scoresheet.sheets.models import Sheet
from tests.sheets.golden_docs import FILES, expected, golden

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

BEFORE_THE_SPLIT = [
    # the core's tables as the code fills them today (its later migrations add a table and a
    # column of the sheet that the fill writes: 0009's events, 0010's short names); the other
    # apps before the split
    ("scoresheet", "0010_sheet_short_names"),
    ("listek_limits", "0002_rendered_pdfs"),
    ("listek_tournament", "0001_tournaments_tables_seats"),
    ("listek_exports", None),
]


def migrate(targets: list[tuple[str, str | None]]) -> Any:
    """Migrate to ``targets``; the apps registry of the state reached."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(
        [t for t in targets if t[1] is not None]).apps


def latest() -> list[tuple[str, str | None]]:
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def test_a_database_from_before_the_split_upgrades_and_replays_exactly() -> None:
    old_apps = migrate(BEFORE_THE_SPLIT)
    assert "listek_exports" not in {m._meta.app_label for m in old_apps.get_models()}
    stored = {}
    for path in FILES:
        doc = golden(path)
        stored[documents.import_sheet(doc).pk] = expected(doc)
    first = Sheet.objects.order_by("pk").first()
    assert first is not None
    old_rendered = old_apps.get_model("listek_limits", "Rendered")
    old_rendered.objects.create(key="a4:all:cs", sheet_id=first.pk, revision=first.revision,
                                started=timezone.now(), content=b"%PDF-1.7 kept")

    migrate(latest())

    assert Sheet.objects.count() == len(FILES)
    for pk, wanted in stored.items():
        scored = services.load(Sheet.objects.get(pk=pk)).scored
        assert list(scored.totals) == wanted["totals"]
        winner = scored.outcome.winner if scored.outcome is not None else None
        assert winner == wanted.get("winner")
        assert isinstance(scored, rules.Scored)
    kept = Rendered.objects.get(key="a4:all:cs")
    assert bytes(kept.content) == b"%PDF-1.7 kept"
    assert kept.sheet_id == first.pk
