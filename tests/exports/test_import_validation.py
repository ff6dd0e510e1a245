"""The sheet import refuses what PostgreSQL cannot store before anything is written (issue 27).

A fuzz of /import/ found one hole: ``meta.listek.created`` and ``finished`` with a time-zone
offset of ±16:00 to ±23:59.  Python reads them, PostgreSQL refuses them (it stores offsets up to
±15:59): the answer was a 500.  Marked ``postgres``: the same tests run on PostgreSQL.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

import rules
from scoresheet.sheets.models import Entry, Sheet
from tests.conftest import quiet_deals
from tests.sheets.helpers import page

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def no_rate_limit(settings: Any) -> None:
    settings.RATELIMIT_ENABLED = False


def document(**listek: Any) -> dict[str, Any]:
    """A finished-looking ru sheet (three quiet deals) with ``meta.listek``."""
    return {
        "format": rules.FORMAT, "game": "thousand", "ruleset": "ru", "options": {},
        "players": ["Anna", "Boris", "Vera"], "first_dealer": 0, "entries": quiet_deals(3),
        "meta": {"listek": listek},
    }


def send(client: Client, doc: dict[str, Any] | str) -> Any:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    upload = SimpleUploadedFile("sheet.json", text.encode(), content_type="application/json")
    return client.post("/import/", {"file": upload, "copy": "on"})


@pytest.mark.parametrize("key", ["created", "finished"])
@pytest.mark.parametrize("offset", ["+16:00", "-16:00", "+23:59", "-23:59", "+16:00:01"])
def test_a_time_zone_beyond_15_59_hours_is_refused_and_stores_nothing(
    client: Client, key: str, offset: str
) -> None:
    response = send(client, document(**{key: f"2026-04-01T19:30:00{offset}"}))
    html = page(response)
    assert response.status_code == 400, html[-1500:]
    assert f"meta.listek.{key}" in html
    assert "at most 15:59 hours from UTC" in html
    assert not Sheet.objects.exists() and not Entry.objects.exists()


@pytest.mark.parametrize("offset", ["+15:59", "-15:59", "+05:45", "Z"])
def test_a_time_zone_up_to_15_59_hours_is_stored_as_the_same_moment(
    client: Client, offset: str
) -> None:
    sent = f"2026-04-01T19:30:00{offset}"
    response = send(client, document(created=sent))
    assert response.status_code == 302, page(response)[-1500:]
    sheet = Sheet.objects.get()
    from django.utils.dateparse import parse_datetime

    assert sheet.created == parse_datetime(sent)


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_number_json_does_not_allow_is_refused_when_the_file_is_read(
    client: Client, number: str
) -> None:
    text = json.dumps(document()).replace('"options": {}', f'"options": {{"target": {number}}}')
    response = send(client, text)
    assert response.status_code == 400
    assert "“NaN” and “Infinity” cannot be imported" in page(response)
    assert not Sheet.objects.exists()
