"""The tournament import, fuzzed with Hypothesis: a real export with one to three places
replaced by hostile values (texts where objects belong, huge and negative numbers, Infinity,
control characters, markup, deleted fields).  Never a 500; a refused file stores nothing and is
answered in words, never with Python's; an accepted one is stored whole.  Marked ``postgres``:
column ranges, lengths and time zones bite there (scripts/with-postgres)."""

from __future__ import annotations

import json
import os
from html import unescape
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, event, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from scoresheet.sheets.models import Sheet
from scoresheet.tournament.models import Event, Tournament
from tests.protect.test_fuzz_import import json_value
from tests.tournament.helpers import exported_document
from tests.tournament.test_import_validation import PYTHON_WORDS

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]
# LISTEK_FUZZ_EXAMPLES, when set, overrides twice the Hypothesis profile's count (tests/conftest.py)
EXAMPLES = int(os.environ.get("LISTEK_FUZZ_EXAMPLES")
               or hypothesis_settings().max_examples * 2) // 2
MOMENTS = ["2026-05-01T18:00:00+16:00", "2026-05-01T18:00:00-23:59", "2026-05-01T18:00:00",
           "0001-01-01T00:00:00+15:00", "9999-12-31T23:59:59-15:59", "2026-05-01T18:00:00Z"]
hostile = st.one_of(json_value, st.sampled_from(MOMENTS), st.integers(-(2**70), 2**70),
                    st.sampled_from([32767, 32768, 2**31 - 1, 2**31, -1, 0]),
                    st.just("x" * 301), st.text("\x00\x07\x1b\x7f\x85\u2028ab\r\n", max_size=5))


@pytest.fixture(autouse=True)
def no_rate_limit(settings: Any) -> None:
    settings.RATELIMIT_ENABLED = False


@pytest.fixture
def exported(db: None) -> dict[str, Any]:
    return exported_document(note="ok")


def places(doc: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``doc``: keys of objects, positions in lists."""
    out = [where] if where else []
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += places(value, (*where, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out += places(value, (*where, i))
    return out


def counts() -> tuple[int, int, int]:
    return Tournament.objects.count(), Sheet.objects.count(), Event.objects.count()


@hypothesis_settings(max_examples=EXAMPLES, deadline=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture,
                                            HealthCheck.too_slow])
@given(data=st.data())
def test_a_hostile_tournament_file_is_refused_in_words_or_stored_whole(
    client: Client, exported: dict[str, Any], data: st.DataObject
) -> None:
    doc = json.loads(json.dumps(exported))
    for _ in range(data.draw(st.integers(1, 3))):
        paths = places(doc)
        where = data.draw(st.sampled_from(paths))
        target = doc
        for key in where[:-1]:
            target = target[key]
        if data.draw(st.booleans()) and isinstance(target, dict):
            del target[where[-1]]
        else:
            target[where[-1]] = data.draw(hostile)
    before = counts()
    upload = SimpleUploadedFile("t.json", json.dumps(doc).encode(),
                                content_type="application/json")
    response = client.post(reverse("tournament_import"), {"file": upload})
    event(f"answered {response.status_code}")
    assert response.status_code in (302, 400), response.status_code
    if response.status_code == 400:
        html = unescape(response.content.decode())
        assert counts() == before, "a refused file stored something"
        assert 'class="error"' in html
        for word in PYTHON_WORDS:
            assert word not in html, word
    else:
        assert counts()[0] == before[0] + 1
