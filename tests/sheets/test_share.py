"""The share page (/s/<token>/share/): both links as text and QR codes."""

from __future__ import annotations

import base64

from django.urls import reverse

from scoresheet.sheets.models import TOKEN_BYTES
from tests.sheets.helpers import page


def test_share_page_shows_both_links_and_their_qr_codes(client, make_sheet):
    sheet = make_sheet()
    response = client.get(reverse("share", args=[sheet.edit_token]))
    html = page(response)
    assert response.status_code == 200
    assert f"http://testserver/v/{sheet.view_token}/" in html
    assert f"http://testserver/s/{sheet.edit_token}/" in html
    assert html.count("<svg") == 2


def test_link_tokens_are_unguessable(make_sheet):
    sheets = [make_sheet() for _ in range(3)]
    tokens = [t for s in sheets for t in (s.edit_token, s.view_token)]
    assert len(set(tokens)) == len(tokens)
    for token in tokens:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        assert len(raw) * 8 == TOKEN_BYTES * 8 >= 128


def test_share_needs_the_edit_link(client, make_sheet):
    sheet = make_sheet()
    assert client.get(reverse("share", args=[sheet.view_token])).status_code == 404


def test_a_mistyped_address_shows_the_apps_own_page_not_a_debug_page(client):
    # (tests run with DEBUG off, as scripts/run serves players)
    response = client.get("/v/no-such-sheet/entries/new/deal/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "<h1>Not found</h1>" in html and "Back to the start page" in html
    assert "URLconf" not in html and "Page not found (404)" not in html
