"""The sheet's rows are written by a small Python function (scoresheet/sheets/derived.py,
``row_html``)
instead of a template: a row must look exactly as the row template wrote it, in every game,
every language, through both links, with names that need escaping.

The reference is the row template the function replaced (tests/sheets/reference_row.html,
unchanged): the function is held to its output byte for byte (after the indentation the page
drops)."""

from __future__ import annotations

import bisect
import json
from pathlib import Path
from typing import Any

import pytest
from django.template import engines
from django.utils import translation

import rules
from scoresheet.sheets import derived
from scoresheet.sheets.display import holder_of, row_view
from scoresheet.sheets.models import Sheet

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
FILES = sorted(GOLDEN.rglob("*.json"))
LANGUAGES = ("en", "cs", "de", "pl", "ru")

# the row template as it was (with a loop over the rows, cut apart after each row)
REFERENCE = (Path(__file__).resolve().parent / "reference_row.html").read_text(encoding="utf-8")


def reference_rows(views: list[Any], entries: list[int], ctx: derived.RowContext) -> list[str]:
    from django.utils.translation import gettext as _

    text = engines["django"].from_string(REFERENCE).render({
        "can_edit": ctx.can_edit, "page_url": ctx.page_url,
        "view": {"players": ctx.players, "game": ctx.game},
        "correct_title": _("correct this row"), "dealt_title": _("dealt this row"),
        "rows": [(v, i - bisect.bisect_left(entries, v.entry)) for i, v in enumerate(views)],
    })
    return [derived.INDENT.sub("\n", part).strip() for part in text.split("<!--/row-->")[:-1]]


def golden(path: Path, players: list[str] | None = None) -> rules.Sheet:
    doc = json.loads(path.read_text(encoding="utf-8"))
    if players:
        doc["players"] = players[:len(doc["players"])]
    return rules.load(doc)


def compare(document: rules.Sheet, *, can_edit: bool, language: str) -> int:
    rows = rules.score(document).rows
    entries = [r.entry for r in rows]
    players = tuple(document.players)
    holder = holder_of(document)
    ctx = derived.RowContext(sheet=Sheet(), can_edit=can_edit, page_url="/s/t&k<'\"/",
                             players=players, game=document.game, holder=holder)
    with translation.override(language):
        views = [row_view(r, players, i == 0 or entries[i - 1] != r.entry, document.game,
                          holder, notes=False) for i, r in enumerate(rows)]
        expected = reference_rows(views, entries, ctx)
        got = derived.render_rows(dict(enumerate(views)), entries, ctx)
    assert len(expected) == len(rows) > 0
    for i, html in enumerate(expected):
        assert got[i] == html, (i, got[i], html)
    return len(rows)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(GOLDEN)) for p in FILES])
@pytest.mark.parametrize("can_edit", [True, False], ids=["edit-link", "read-only-link"])
def test_every_row_of_every_golden_sheet_looks_as_the_row_template_wrote_it(
        path: Path, can_edit: bool) -> None:
    compare(golden(path), can_edit=can_edit, language="en")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["ru", "marias", "binokel", "tisic"])
def test_rows_look_the_same_in_every_language(game: str, language: str) -> None:
    for path in sorted((GOLDEN / game).glob("*.json"))[:2]:
        compare(golden(path), can_edit=True, language=language)


def test_names_that_need_escaping_are_escaped_as_the_template_did() -> None:
    names = ['<b>Anna</b>', 'Bo"ris', "Ve'ra & co", "Gleb\u00a0Ø"]
    shown = 0
    for path in FILES:
        shown += compare(golden(path, names), can_edit=True, language="en")
    assert shown > 100


def test_the_rows_show_what_the_sheet_needs() -> None:
    """Not a copy of one another by accident: the reference shows marks, ledgers, rows the
    engine added and the dealer."""
    html = []
    for path in FILES:
        document = golden(path)
        rows = rules.score(document).rows
        entries = [r.entry for r in rows]
        views = {i: row_view(r, tuple(document.players), i == 0 or entries[i - 1] != r.entry,
                             document.game, holder_of(document), notes=False)
                 for i, r in enumerate(rows)}
        ctx = derived.RowContext(sheet=Sheet(), can_edit=True, page_url="/s/x/",
                                 players=tuple(document.players), game=document.game)
        html.extend(derived.render_rows(views, entries, ctx).values())
    text = "\n".join(html)
    for part in ('class="badge m-', '<details class="ledger"', ' auto"', 'class="dealer-dot"',
                 "round-end", 'class="delta up"', 'class="delta down"', '" class="row'):
        assert part in text, part
    assert any('-1" class="row' in h for h in html)  # a second row of one entry
