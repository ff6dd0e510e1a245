"""The import, fuzzed with Hypothesis: a valid sheet document with hostile changes, random JSON,
random bytes, and 10 MB uploads.  Never a 500; a refused document stores nothing; an accepted one
is stored exactly as the engine reads it, and its names are escaped on its pages."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

import rules
from scoresheet.sheets import services
from scoresheet.sheets.models import Sheet
from tests.conftest import quiet_deals
from tests.protect.hostile import assert_escaped, assert_sheet_whole, hostile_text, markup_name

pytestmark = pytest.mark.postgres
# LISTEK_FUZZ_EXAMPLES, when set, overrides twice the Hypothesis profile's count (tests/conftest.py)
EXAMPLES = int(__import__("os").environ.get("LISTEK_FUZZ_EXAMPLES")
               or hypothesis_settings().max_examples * 2) // 2
FUZZ = hypothesis_settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
TEN_MB = 10 * 1024 * 1024


@pytest.fixture(autouse=True)
def no_rate_limit(settings: Any) -> None:
    settings.RATELIMIT_ENABLED = False


def valid_document() -> dict[str, Any]:
    return {
        "format": rules.FORMAT, "game": "thousand", "ruleset": "ru", "options": {},
        "players": ["Anna", "Boris", "Vera"], "first_dealer": 0, "entries": quiet_deals(3),
    }


json_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False), hostile_text, markup_name,
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


@st.composite
def mutated_document(draw: st.DrawFn) -> Any:
    """A valid document with one to three places replaced by hostile values."""
    doc = valid_document()
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["top", "player", "entry", "entry_field", "option"]))
        value = draw(json_value)
        if where == "top":
            doc[draw(st.sampled_from([*sorted(doc), "extra"]))] = value
        elif where == "player" and isinstance(doc.get("players"), list) and doc["players"]:
            doc["players"][draw(st.integers(0, len(doc["players"]) - 1))] = draw(
                st.one_of(markup_name, json_value))
        elif where == "entry" and isinstance(doc.get("entries"), list) and doc["entries"]:
            doc["entries"][draw(st.integers(0, len(doc["entries"]) - 1))] = value
        elif where == "entry_field" and isinstance(doc.get("entries"), list) and doc["entries"]:
            entry = doc["entries"][draw(st.integers(0, len(doc["entries"]) - 1))]
            if isinstance(entry, dict):
                entry[draw(st.sampled_from([*sorted(entry), "extra"]))] = value
        elif where == "option" and isinstance(doc.get("options"), dict):
            doc["options"][draw(st.sampled_from(["target", "rounding", "barrel_at", "x"]))] = (
                value)
    return doc


def send(client: Client, payload: bytes, as_file: bool) -> Any:
    if as_file:
        upload = SimpleUploadedFile("sheet.json", payload, content_type="application/json")
        return client.post("/import/", {"file": upload})
    return client.post("/import/", {"text": payload.decode("utf-8", "replace")})


def check_outcome(client: Client, response: Any, before: int, sent: Any) -> None:
    assert response.status_code in (302, 400), response.status_code
    if response.status_code == 400:
        assert Sheet.objects.count() == before, "a refused document stored something"
        return
    assert Sheet.objects.count() == before + 1
    sheet = Sheet.objects.order_by("-pk").first()
    assert sheet is not None
    assert_sheet_whole(sheet)
    stored = services.sheet_document(sheet)
    # What is stored is what the engine read from the document: nothing else, nothing less.
    expected = rules.dump(rules.load(sent)) if isinstance(sent, dict) else None
    if expected is not None:
        assert stored["players"] == expected["players"]
        assert stored["entries"] == expected["entries"]
    html = client.get(response["Location"]).content.decode()
    assert_escaped(html, sheet.player_names, response["Location"])


@FUZZ
@given(doc=mutated_document(), as_file=st.booleans())
def test_a_hostile_document_is_refused_cleanly_or_stored_whole(
    client: Client, db: None, doc: Any, as_file: bool
) -> None:
    before = Sheet.objects.count()
    payload = json.dumps(doc, ensure_ascii=False).encode()
    check_outcome(client, send(client, payload, as_file), before, copy.deepcopy(doc))


@FUZZ
@given(payload=st.one_of(
    st.binary(max_size=300),
    json_value.map(lambda v: json.dumps(v).encode()),
    st.sampled_from([b"\xef\xbb\xbf{}", b"\xff\xfe{\x00}\x00", b"[" * 5000 + b"]" * 5000,
                     b'{"format": 1e999}', b"NaN", b'"\\ud800"', b"{" * 100_000]),
), as_file=st.booleans())
def test_random_bytes_are_refused_cleanly(
    client: Client, db: None, payload: bytes, as_file: bool
) -> None:
    before = Sheet.objects.count()
    response = send(client, payload, as_file)
    assert response.status_code in (302, 400)
    if response.status_code == 302:  # random JSON that happens to be a sheet: stored whole
        check_outcome(client, response, before, json.loads(payload))
    else:
        assert Sheet.objects.count() == before


def test_a_10_mb_upload_is_refused_and_stores_nothing(client: Client, db: None) -> None:
    doc = valid_document()
    doc["padding"] = "x" * TEN_MB
    response = send(client, json.dumps(doc).encode(), as_file=True)
    assert response.status_code == 400
    assert "larger than" in response.content.decode()
    assert Sheet.objects.count() == 0


def test_a_10_mb_pasted_document_is_refused_and_stores_nothing(client: Client, db: None) -> None:
    response = client.post("/import/", {"text": "x" * TEN_MB})
    assert response.status_code == 400
    assert Sheet.objects.count() == 0


def test_a_sheet_with_markup_names_is_imported_and_shown_escaped(
    client: Client, db: None
) -> None:
    doc = valid_document()
    doc["players"] = ['"><script>alert(1)</script>', "<x-evil>b</x-evil>", "a & <u>c</u>"]
    response = send(client, json.dumps(doc).encode(), as_file=True)
    assert response.status_code == 302
    html = client.get(response["Location"]).content.decode()
    assert_escaped(html, doc["players"], "the imported sheet")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
