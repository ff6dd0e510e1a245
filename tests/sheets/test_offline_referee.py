"""The referee in the pocket, the server's part (docs/offline.md): where the phone finds its
engine and its words (/offline/referee.json), a sheet's document for it (offline.json), the
engine's worker allowed to compile WebAssembly and no page more, and the sheet page carrying
not one byte for it."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.urls import reverse

from rules import phone
from tests.conftest import deal

STATIC = Path(settings.BASE_DIR) / "static"


def test_the_referee_is_found_with_every_file_it_needs_to_start_offline(client):
    answer = client.get(reverse("offline_referee")).json()
    assert answer["worker"] == "/static/js/referee-worker.js"
    assert answer["rules"] == "/static/referee/rules.zip"
    assert answer["pyodide"].startswith("/static/referee/pyodide-")
    names = {url.rsplit("/", 1)[1] for url in answer["files"]}
    assert {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
            "pyodide-lock.json", "referee-worker.js", "rules.zip", "pocket.js"} <= names
    for url in answer["files"]:
        assert (STATIC / url.removeprefix("/static/")).is_file(), url


def test_the_referee_speaks_the_page_language(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "cs"
    words = client.get(reverse("offline_referee")).json()["words"]
    assert words["since"] == "Neaktualizováno od %(time)s."
    assert words["notPossible"] == "Nelze:"


def test_a_sheet_s_document_is_its_revision_and_its_rows_for_the_phone(client, make_sheet, write):
    sheet = make_sheet(ruleset="tisic", players=["Jana", "Karel", "Petr"])
    write(sheet, deal(2, 50, [30, 40, 50]))
    response = client.get(reverse("sheet_offline", args=[sheet.edit_token]))
    assert response["Cache-Control"] == "no-store"
    answer = response.json()
    sheet.refresh_from_db()
    assert answer["revision"] == sheet.revision
    assert answer["document"]["players"] == ["Jana", "Karel", "Petr"]
    assert answer["totals"] == [30, 40, 50]
    # the phone's engine gets from it what the server's gets: the same totals
    assert json.loads(phone.judge(json.dumps(answer["document"])))["totals"] == [30, 40, 50]
    # the objections in the page's words, by the engine's codes
    assert answer["words"]["errors"]["points_sum"] == (
        "Card points add up to %(sum)s, a deal has %(total)s.")


def test_a_read_link_or_a_made_up_link_gets_no_document(client, make_sheet):
    sheet = make_sheet(ruleset="tisic", players=["Jana", "Karel", "Petr"])
    assert client.get(f"/s/{sheet.view_token}/offline.json").status_code == 404
    assert client.get("/s/made-up-token-of-no-sheet/offline.json").status_code == 404


def test_only_the_referee_s_worker_may_compile_webassembly(client):
    worker = client.get("/static/js/referee-worker.js")
    page = client.get("/offline/")
    assert "'wasm-unsafe-eval'" in worker["Content-Security-Policy"]
    assert "'wasm-unsafe-eval'" not in page["Content-Security-Policy"]


def test_the_sheet_page_carries_nothing_for_the_referee(client, make_sheet):
    sheet = make_sheet(ruleset="tisic", players=["Jana", "Karel", "Petr"])
    body = client.get(reverse("sheet", args=[sheet.edit_token])).content.decode()
    for word in ("referee-worker", "pyodide", "rules.zip", "offline.json", "referee.json"):
        assert word not in body
