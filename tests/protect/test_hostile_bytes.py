"""Hostile bytes answer 400 with a sentence and store nothing (scoresheet/protect/guard.py); the CSV
formula guard after every separator; a reused write key is an error; the small headers.

On SQLite and on PostgreSQL (which refuses a NUL in any text with a DataError)."""

from __future__ import annotations

import copy
import csv
import io
import json
import uuid
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

import rules
from scoresheet.exports import documents as exports
from scoresheet.sheets import services
from scoresheet.sheets.models import Entry, EntryChange, Sheet
from tests.conftest import quiet_deals
from tests.protect.test_tokens import PATTERNS, url
from tests.sheets.helpers import page, text, write_fields

pytestmark = pytest.mark.postgres


@pytest.fixture(autouse=True)
def no_rate_limit(settings: Any) -> None:
    settings.RATELIMIT_ENABLED = False


def valid_document() -> dict[str, Any]:
    return {
        "format": rules.FORMAT, "game": "thousand", "ruleset": "ru", "options": {},
        "players": ["Anna", "Boris", "Vera"], "first_dealer": 0, "entries": quiet_deals(3),
    }


def refused_whole(response: Any, before: int, *words: str) -> str:
    assert response.status_code == 400, response.status_code
    assert Sheet.objects.count() == before, "a refused request stored something"
    shown = text(page(response))
    for word in words:
        assert word in shown, (word, shown[:400])
    return shown


# --------------------------------------------------------------------------- links


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.name)
def test_a_nul_in_the_token_of_any_link_is_400(client: Client, make_sheet, pattern) -> None:
    sheet = make_sheet(entries=quiet_deals(1))
    for token in ("\x00", sheet.edit_token[:5] + "\x00" + sheet.edit_token[6:], "%00"):
        target = url(pattern, token.replace("%00", "\x00"))
        for response in (client.get(target), client.post(target, {"x": "1"})):
            assert response.status_code == 400, (target, response.status_code)
            assert "character no link of Lístek has" in text(page(response))
    assert Entry.objects.filter(sheet=sheet).count() == 1


def test_a_nul_in_a_query_or_a_form_value_is_400(client: Client, make_sheet) -> None:
    sheet = make_sheet(entries=quiet_deals(1))
    assert client.get("/stats/", {"game": "thousand\x00"}).status_code == 400
    assert client.get(f"/v/{sheet.view_token}/print/", {"size": "\x00"}).status_code == 400
    before = Sheet.objects.count()
    response = client.post("/new/", {"ruleset": "ru", "player_0": "A\x00", "player_1": "B",
                                     "player_2": "C", "first_dealer": "0"})
    refused_whole(response, before, "NUL")


@pytest.mark.parametrize("cookie", ["sessionid", "csrftoken", "listek_device", "django_language"])
def test_a_nul_in_a_cookie_is_400(make_sheet, cookie: str) -> None:
    sheet = make_sheet()
    client = Client()
    client.cookies[cookie] = "abcdefgh\x00ijkl"
    for response in (client.get("/"), client.get(f"/s/{sheet.edit_token}/"),
                     client.post(f"/s/{sheet.edit_token}/undo/", {})):
        assert response.status_code == 400
    escaped = f'{cookie}="abcdefgh\\000ijkl"'  # an escaped NUL, unquoted by the cookie parser
    assert Client().get("/", HTTP_COOKIE=escaped).status_code == 400


def test_a_nul_in_a_header_is_400_and_writes_nothing(client: Client, make_sheet) -> None:
    sheet = make_sheet()
    url = f"/s/{sheet.edit_token}/entries/new/deal/"
    deal = quiet_deals(1)[0]
    data = {**write_fields(page(client.get(url))), "declarer": str(deal["declarer"]),
            "contract": "100", **{f"points_{i}": str(p) for i, p in enumerate(deal["points"])}}
    # the browser's name is stored with every change: PostgreSQL refuses a NUL in it
    assert client.post(url, data, HTTP_USER_AGENT="Mozilla\x00").status_code == 400
    assert client.get("/", HTTP_HX_CURRENT_URL="/\x00").status_code == 400
    assert Entry.objects.filter(sheet=sheet).count() == 0
    assert client.post(url, data).status_code == 302


# --------------------------------------------------------------------------- unreadable forms


@pytest.mark.parametrize("enforce_csrf", [False, True])
def test_a_form_posted_in_utf_16_is_400_with_a_sentence(db: None, enforce_csrf: bool) -> None:
    client = Client(enforce_csrf_checks=enforce_csrf, raise_request_exception=False)
    before = Sheet.objects.count()
    body = "ruleset=ru&player_0=A&player_1=B&player_2=C&first_dealer=0".encode("utf-16")
    response = client.generic("POST", "/new/", body,
                              content_type="application/x-www-form-urlencoded; charset=utf-16")
    refused_whole(response, before, "other than UTF-8", "Nothing was saved")


def test_a_broken_multipart_body_is_400(db: None) -> None:
    client = Client(raise_request_exception=False)
    response = client.generic("POST", "/import/", b"--x\r\nContent-Disposition: garbage\r\n",
                              content_type="multipart/form-data; boundary=x")
    assert response.status_code == 400
    assert Sheet.objects.count() == 0


def test_the_400_and_csrf_pages_read_no_body(rf) -> None:
    from django.utils import translation

    from scoresheet.protect.guard import bad_request, csrf_failure

    translation.activate("en")  # called without the locale middleware
    request = rf.generic("POST", "/new/", "a=b".encode("utf-16"),
                         content_type="application/x-www-form-urlencoded; charset=utf-16")
    assert bad_request(request).status_code == 400
    response = csrf_failure(request)
    assert response.status_code == 403 and "security check" in response.content.decode()


# --------------------------------------------------------------------------- imports


def import_text(client: Client, doc: Any) -> Any:
    return client.post("/import/", {"text": json.dumps(doc)})


def test_an_import_nested_900_levels_deep_is_400(client: Client, db: None) -> None:
    deep: Any = "x"
    for _ in range(900):
        deep = [deep]
    for doc in ({**valid_document(), "options": {"x": deep}}, deep,
                {**valid_document(), "meta": {"a": deep}}):
        response = import_text(client, doc)
        refused_whole(response, 0, "nested more than 32 levels")
        upload = SimpleUploadedFile("s.json", json.dumps(doc).encode(), "application/json")
        refused_whole(client.post("/import/", {"file": upload}), 0)


# Every kind of character no imported string may hold (two lone surrogates among them).
BAD_CHARACTERS = ["A\x00", "A\ud800", "A\udfff", "A\nB", "A\rB", "A\x1bB", "A\u2028B", "A\x7fB",
                  "A\x85B"]


@pytest.mark.parametrize("bad", BAD_CHARACTERS)
@pytest.mark.parametrize("where", ["player", "scorer", "entry", "option", "meta", "key"])
def test_a_bad_character_in_any_imported_string_is_400(
    client: Client, db: None, bad: str, where: str
) -> None:
    doc = valid_document()
    if where == "player":
        doc["players"][0] = bad
    elif where == "scorer":
        doc["meta"] = {"listek": {"scorer": bad}}
    elif where == "entry":
        doc["entries"][0]["note"] = bad
    elif where == "option":
        doc["options"] = {"rounding": bad}
    elif where == "meta":
        doc["meta"] = {"anything": [{"deep": bad}]}
    else:
        doc["entries"][1][bad] = 1
    refused_whole(import_text(client, doc), 0, "control character")


@pytest.mark.parametrize("created", ["2024-01-01T00:00:00+99:00", "2024-01-01T00:00:00-24:00",
                                     "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00",
                                     "2024-13-45T99:99:99+01:00", "2024-01-01T00:00:00"])
def test_an_import_with_an_impossible_created_moment_is_400(
    client: Client, db: None, created: str
) -> None:
    doc = valid_document()
    doc["meta"] = {"listek": {"created": created}}
    refused_whole(import_text(client, doc), 0, "created")


def test_a_valid_import_is_still_stored(client: Client, db: None) -> None:
    doc = valid_document()
    doc["meta"] = {"listek": {"created": "2024-01-01T20:00:00+02:00", "scorer": "Žofie"}}
    assert import_text(client, doc).status_code == 302
    sheet = Sheet.objects.get()
    assert sheet.scorer == "Žofie" and sheet.entries.count() == 3


# --------------------------------------------------------------------------- text fields


@pytest.mark.parametrize("name", ["An\nna", "An\r\nna", "An\tna", "An\x07na", "An\u2029na"])
def test_a_name_with_a_control_character_or_line_break_is_refused(
    client: Client, db: None, name: str
) -> None:
    response = client.post("/new/", {"ruleset": "ru", "player_0": name, "player_1": "Boris",
                                     "player_2": "Vera", "first_dealer": "0"})
    shown = refused_whole(response, 0)
    assert "line break" in shown or "control character" in shown


@pytest.mark.parametrize("scorer", ["Jan\nNovák", "Jan\x0bNovák"])
def test_a_scorer_with_a_line_break_is_refused(client: Client, make_sheet, scorer: str) -> None:
    sheet = make_sheet()
    response = client.post(f"/s/{sheet.edit_token}/export/settings/", {"scorer": scorer})
    assert response.status_code == 400
    sheet.refresh_from_db()
    assert sheet.scorer == ""


# --------------------------------------------------------------------------- CSV


def csv_cells(body: bytes, delimiter: str) -> list[str]:
    reader = csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=delimiter)
    return [cell for row in reader for cell in row]


@pytest.mark.parametrize("name", ["x;=1+1;y", "x,=HYPERLINK(1),y", "x\t=1", "a; -2+3",
                                  'x;"=1";y', "x;@SUM(A1)", "=1+1", "+1", "x, +cmd|' /C calc'!A0"])
def test_no_csv_cell_starts_a_formula_after_any_separator(
    client: Client, make_sheet, name: str
) -> None:
    sheet = make_sheet(players=[name, "Boris", "Vera"], entries=quiet_deals(2))
    body = client.get(f"/v/{sheet.view_token}/export.csv").content
    for delimiter in (",", ";", "\t"):  # as an English, a Czech and a tab-reading spreadsheet
        for cell in csv_cells(body, delimiter):
            stripped = cell.strip(' "')
            number = stripped.lstrip("+-").isdigit()
            assert number or not stripped.startswith(("=", "+", "-", "@")), (delimiter, cell)


def test_the_csv_guard_keeps_plain_names_and_numbers(client: Client, make_sheet) -> None:
    sheet = make_sheet(players=["Anna", "Boris", "Vera"], entries=quiet_deals(3))
    body = client.get(f"/v/{sheet.view_token}/export.csv").content
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    first = rows[0].index("Anna")
    assert rows[0][first:first + 3] == ["Anna", "Boris", "Vera"]
    # numbers stay numbers (Boris plays deal 1)
    assert rows[1][first:first + 3] == ["50", "-100", "50"]


# --------------------------------------------------------------------------- write keys


def test_a_reused_key_with_a_different_deal_is_an_error_not_an_acknowledgement(
    make_sheet,
) -> None:
    sheet = make_sheet()
    device = services.Device(id="phone")
    key = uuid.uuid4().hex
    first, other = quiet_deals(2)
    services.add_entry(sheet.pk, revision=0, key=key, device=device, entry=first)
    again = services.add_entry(sheet.pk, revision=0, key=key, device=device,
                               entry=copy.deepcopy(first))
    assert again.replayed  # the same deal sent again: acknowledged, written once
    with pytest.raises(services.KeyReused):
        services.add_entry(sheet.pk, revision=1, key=key, device=device, entry=other)
    with pytest.raises(services.KeyReused):  # the same key for another action
        services.delete_entry(sheet.pk, revision=1, key=key, device=device, position=0)
    with pytest.raises(services.KeyReused):
        services.undo(sheet.pk, revision=1, key=key, device=device)
    sheet.refresh_from_db()
    assert sheet.revision == 1 and Entry.objects.filter(sheet=sheet).count() == 1
    assert EntryChange.objects.filter(sheet=sheet).exclude(key=None).count() == 1


def test_a_form_sent_again_with_another_deal_answers_409_and_writes_nothing(
    client: Client, make_sheet,
) -> None:
    sheet = make_sheet()
    url = f"/s/{sheet.edit_token}/entries/new/deal/"
    fields = write_fields(page(client.get(url)))
    first, other = quiet_deals(2)

    def post(deal: dict[str, Any], revision: str) -> Any:
        return client.post(url, {**fields, "revision": revision,
                                 "declarer": str(deal["declarer"]), "contract": "100",
                                 **{f"points_{i}": str(p) for i, p in enumerate(deal["points"])}})

    assert post(first, "0").status_code == 302
    assert post(first, "0").status_code == 302  # a retry of the same deal: fine
    reused = post(other, "1")
    assert reused.status_code == 409
    assert "NOT saved" in text(page(reused))
    assert Entry.objects.filter(sheet=sheet).count() == 1
    assert write_fields(page(reused))["key"] != fields["key"]  # a fresh form to send again


# --------------------------------------------------------------------------- headers, cookie


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.name)
def test_every_page_with_a_token_in_its_link_is_no_store(
    client: Client, make_sheet, pattern, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scoresheet.exports import printing

    monkeypatch.setattr(printing, "render_pdf", lambda html, size=None: b"%PDF-1.7")
    sheet = make_sheet(entries=quiet_deals(1))
    token = sheet.view_token if pattern.read_only else sheet.edit_token
    response = client.get(url(pattern, token))
    assert "no-store" in response.get("Cache-Control", ""), response.status_code
    assert response["Referrer-Policy"] == "same-origin"


def test_a_page_that_links_to_a_sheet_is_no_store(client: Client, make_sheet) -> None:
    assert "no-store" not in client.get("/").get("Cache-Control", "")  # no sheet known yet
    data = {"ruleset": "ru", "player_0": "A", "player_1": "B", "player_2": "C",
            "first_dealer": "0"}
    assert client.post("/new/", data).status_code == 302
    home = client.get("/")
    assert Sheet.objects.get().edit_token in page(home)
    assert "no-store" in home["Cache-Control"]


def test_the_device_cookie_is_secure_under_https(db: None) -> None:
    secure = Client().get("/", secure=True).cookies["listek_device"]
    assert secure["secure"] and secure["httponly"] and secure["samesite"] == "Lax"


@override_settings(SESSION_COOKIE_SECURE=False)
def test_the_device_cookie_is_plain_only_on_plain_http(db: None) -> None:
    assert not Client().get("/").cookies["listek_device"]["secure"]


def test_the_production_start_script_and_docs_say_why_a_proxy_is_in_front() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = (root / "scripts/serve-production").read_text()
    docs = (root / "docs/deployment.md").read_text()
    for text_ in (script, docs):
        assert "slow client" in text_ and "proxy" in text_
    assert "LISTEK_REQUEST_TIMEOUT" in script


def test_exports_import_check_still_reads_a_valid_document() -> None:
    assert exports.import_problems(valid_document()) == []
