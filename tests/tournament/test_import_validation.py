"""The tournament import refuses every hostile file before the database, in players' words.

Each test is one hole a fuzz of /t/import/ found (issue 27): the file used to be answered with a
500 (PostgreSQL refused a value SQLite stores) or with Python's exception text.  Now the answer is
a 400 naming the field and the rule, and nothing is stored.  Marked ``postgres``: the same tests
run on PostgreSQL (scripts/with-postgres), where column ranges and lengths bite.
"""

from __future__ import annotations

import copy
import json
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.sheets.models import Sheet
from scoresheet.tournament import logic
from scoresheet.tournament.models import Event, Tournament
from tests.sheets.helpers import page
from tests.tournament.helpers import exported_document

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]
PYTHON_WORDS = ("Traceback", "KeyError", "TypeError", "ValueError", "IndexError",
                "invalid literal", "object has no attribute", "not subscriptable",
                "IntegrityError", "DataError", "out of range for")


@pytest.fixture(autouse=True)
def no_rate_limit(settings: Any) -> None:
    settings.RATELIMIT_ENABLED = False


@pytest.fixture
def exported(db: None) -> dict[str, Any]:
    """A played, closed round and a drawn second one, with a review: the whole file."""
    return exported_document()


def post(client: Client, payload: bytes | str) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = payload.encode() if isinstance(payload, str) else payload
    upload = SimpleUploadedFile("t.json", data, content_type="application/json")
    return client.post(reverse("tournament_import"), {"file": upload})


def counts() -> tuple[int, int, int]:
    return Tournament.objects.count(), Sheet.objects.count(), Event.objects.count()


def refused(client: Client, payload: Any, *expected: str) -> str:
    """Send ``payload`` (a document, or raw text); it must be refused whole, in words."""
    before = counts()
    text = payload if isinstance(payload, str | bytes) else json.dumps(payload,
                                                                        ensure_ascii=False)
    response = post(client, text)
    html = unescape(page(response))
    assert response.status_code == 400, (response.status_code, html[-2000:])
    assert counts() == before, "a refused file stored something"
    for word in PYTHON_WORDS:
        assert word not in html, f"Python's words on the page: {word}"
    for phrase in expected:
        assert phrase in html, (phrase, [line for line in html.splitlines()
                                         if 'class="error"' in line])
    return html


def test_the_file_itself_imports(client: Client, exported: dict[str, Any]) -> None:
    before = Tournament.objects.count()
    response = post(client, json.dumps(exported))
    assert response.status_code == 302, page(response)[-1500:]
    assert Tournament.objects.count() == before + 1
    copy_ = Tournament.objects.order_by("-pk").first()
    assert logic.export(copy_) == exported


@pytest.mark.parametrize(("where", "field"), [
    (lambda d: d["players"].__setitem__(2, "Cyril"), "“players[3]” must be an object"),
    (lambda d: d["round_list"].__setitem__(0, "round"), "“round_list[1]” must be an object"),
    (lambda d: d["round_list"][0]["tables"].__setitem__(1, "t"),
     "“round_list[1].tables[2]” must be an object"),
    (lambda d: d["round_list"][0]["tables"][0].__setitem__("sheet", "s"),
     "“round_list[1].tables[1].sheet” must be an object"),
    (lambda d: d["history"].__setitem__(0, "h"), "“history[1]” must be an object"),
    (lambda d: d["round_list"][0]["tables"][0]["reviews"].__setitem__(0, "r"),
     "“round_list[1].tables[1].reviews[1]” must be an object"),
    (lambda d: d.__setitem__("round_list", {"a": 1}), "“round_list” must be a list"),
])
def test_a_text_where_an_object_is_expected_is_refused(
    client: Client, exported: dict[str, Any], where: Any, field: str
) -> None:
    doc = copy.deepcopy(exported)
    where(doc)
    refused(client, doc, field)


def test_an_action_longer_than_its_column_is_refused(
    client: Client, exported: dict[str, Any]
) -> None:
    exported["history"][1]["action"] = "reconsidered"  # 12 characters, the column holds 10
    refused(client, exported, "“history[2].action” must be one of")


@pytest.mark.parametrize(("path", "value", "field", "low", "high"), [
    (("history", 0, "round"), 32768, "history[1].round", 0, 32767),
    (("history", 0, "round"), -1, "history[1].round", 0, 32767),
    (("history", 2, "table"), 70000, "history[3].table", 0, 32767),
    (("round_list", 0, "number"), 2**15, "round_list[1].number", 0, 32767),
    (("round_list", 1, "number"), -3, "round_list[2].number", 0, 32767),
    (("round_list", 0, "seed"), 2**31, "round_list[1].seed", 0, 2147483647),
    (("round_list", 0, "seed"), -1, "round_list[1].seed", 0, 2147483647),
    (("players", 0, "number"), 10**30, "players[1].number", 0, 32767),
    (("table_size",), 2**40, "table_size", 0, 32767),
    (("round_list", 0, "tables", 0, "number"), 99999, "round_list[1].tables[1].number", 0,
     32767),
])
def test_a_number_out_of_its_column_range_is_refused(
    client: Client, exported: dict[str, Any], path: tuple[Any, ...], value: int, field: str,
    low: int, high: int
) -> None:
    target: Any = exported
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    refused(client, exported, f"“{field}” must be a whole number from {low} to {high}")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
def test_nan_and_infinity_are_refused_when_the_file_is_read(
    client: Client, exported: dict[str, Any], constant: str
) -> None:
    exported["history"][0]["detail"] = {"players": "@@"}
    text = json.dumps(exported).replace('"@@"', constant)
    refused(client, text, "“NaN” and “Infinity” cannot be imported")


@pytest.mark.parametrize(("row", "high"), [(2, 1), (-1, 1), (10**20, 1)])
def test_a_review_of_a_row_the_sheet_does_not_have_is_refused(
    client: Client, exported: dict[str, Any], row: int, high: int
) -> None:
    exported["round_list"][0]["tables"][0]["reviews"][0]["row"] = row
    refused(client, exported,
            f"“round_list[1].tables[1].reviews[1].row” must be a whole number from 0 to {high}")


def test_a_review_of_a_table_without_a_sheet_is_refused(
    client: Client, exported: dict[str, Any]
) -> None:
    exported["round_list"][1]["tables"][0]["reviews"] = [{"row": 0, "winnable": False}]
    refused(client, exported, "“round_list[2].tables[1].reviews[1].row” names a row")


def test_a_note_longer_than_its_column_is_refused(
    client: Client, exported: dict[str, Any]
) -> None:
    exported["round_list"][0]["tables"][0]["reviews"][0]["note"] = "n" * 301
    refused(client, exported,
            "“round_list[1].tables[1].reviews[1].note” must be a text of at most 300 characters")


@pytest.mark.parametrize(("key", "limit"), [("name", 80), ("signed_by", 40), ("club", 60),
                                            ("player", 40)])
def test_a_text_longer_than_its_column_is_refused(
    client: Client, exported: dict[str, Any], key: str, limit: int
) -> None:
    field = {"name": "name", "signed_by": "round_list[1].tables[1].signed_by",
             "club": "players[2].club", "player": "players[2].name"}[key]
    if key == "name":
        exported["name"] = "x" * (limit + 1)
    elif key == "signed_by":
        exported["round_list"][0]["tables"][0]["signed_by"] = "x" * (limit + 1)
    elif key == "club":
        exported["players"][1]["club"] = "x" * (limit + 1)
    else:
        exported["players"][1]["name"] = "x" * (limit + 1)
    refused(client, exported, f"“{field}” must be a text of at most {limit} characters")


@pytest.mark.parametrize("offset", ["+16:00", "-16:00", "+23:59", "-23:59"])
def test_a_time_zone_the_database_cannot_store_is_refused(
    client: Client, exported: dict[str, Any], offset: str
) -> None:
    exported["history"][0]["at"] = "2026-05-01T18:00:00" + offset
    exported["round_list"][0]["started"] = "2026-05-01T18:05:00" + offset
    refused(client, exported, "“history[1].at” has a time zone", "15:59")


@pytest.mark.parametrize(("path", "value", "words"), [
    (("history", 0, "at"), "yesterday", "“history[1].at” must be a date and time"),
    (("history", 0, "at"), "2026-05-01T18:00:00", "“history[1].at” must be a date and time"),
    (("round_list", 0, "tables", 0, "closed"), "0001-01-01T00:00:00+15:00",
     "“round_list[1].tables[1].closed” must be a date and time"),
    (("round_list", 0, "tables", 0, "reviews", 0, "winnable"), "yes",
     "“round_list[1].tables[1].reviews[1].winnable” must be “true” or “false”"),
    (("players", 1, "name"), 7, "“players[2].name” must be a text"),
    (("rounds",), "3", "“rounds” must be a whole number from 1 to 20"),
    (("rounds",), True, "“rounds” must be a whole number from 1 to 20"),
    (("round_list", 0, "tables", 0, "players", 0), 99,
     "“round_list[1].tables[1].players[1]” must be a player's number from 1 to 8"),
    (("format",), "listek-tournament/9", "“format” must be “listek-tournament/1”"),
])
def test_a_wrong_value_is_named_with_its_field_not_in_python_words(
    client: Client, exported: dict[str, Any], path: tuple[Any, ...], value: Any, words: str
) -> None:
    target: Any = exported
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    refused(client, exported, words)


@pytest.mark.parametrize("key", ["name", "round_list", "players"])
def test_a_missing_field_is_named(client: Client, exported: dict[str, Any], key: str) -> None:
    del exported[key]
    refused(client, exported, f"“{key}” is missing")


def test_a_missing_player_name_is_named_not_python_s_key_error(
    client: Client, exported: dict[str, Any]
) -> None:
    del exported["players"][3]["name"]
    refused(client, exported, "“players[4].name” is missing")


def test_a_control_character_is_refused_with_its_field(
    client: Client, exported: dict[str, Any]
) -> None:
    exported["round_list"][0]["tables"][0]["reviews"][0]["note"] = "ok\x07"
    refused(client, exported, "“round_list[1].tables[1].reviews[1].note”", "U+0007")


def test_a_refused_sheet_inside_the_file_is_named_with_its_table(
    client: Client, exported: dict[str, Any]
) -> None:
    exported["round_list"][0]["tables"][1]["sheet"]["entries"][0]["declarer"] = 9
    refused(client, exported, "“round_list[1].tables[2].sheet”")


@pytest.mark.parametrize(("where", "words"), [
    ((), "A name of a field of the file contains a control character"),
    (("history", 0, "detail"), "A name of a field in “history[1].detail” contains a control"),
])
def test_a_key_with_a_control_character_is_refused(
    client: Client, exported: dict[str, Any], where: tuple[Any, ...], words: str
) -> None:
    target: Any = exported
    for key in where:
        target = target[key]
    target["bad\x1bkey"] = 1
    refused(client, exported, words)
