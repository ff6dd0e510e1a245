"""History pages (/s/<token>/entries/<pos>/history/ and /s/<token>/history/)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoresheet.sheets import services
from scoresheet.sheets.models import EntryChange
from tests.conftest import new_key
from tests.sheets.helpers import THREE_DEALS, page, text

ANDROID = services.Device(id="a1b2c3d4e5f60718", user_agent="Mozilla/5.0 (Linux; Android 14) "
                          "AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36")


def test_row_history_shows_before_and_after_of_every_change(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    fixed = {**THREE_DEALS[0], "points": [50, 55, 15], "marriages": [[], [], []]}
    services.update_entry(sheet.pk, revision=3, key=new_key(), device=ANDROID, position=0,
                          entry=fixed)
    response = client.get(reverse("entry_history", args=[sheet.edit_token, 0]))
    html = text(page(response))
    assert response.status_code == 200
    assert "History of row 1" in html
    # newest first: the correction, then the first writing
    assert html.index("corrected") < html.index("entered")
    assert "before: Deal — Boris 120; 30/75/15; Boris ♥" in html
    assert "now: Deal — Boris 120; 50/55/15" in html
    assert "from the phone a1b2 · Chrome · Android" in html
    assert "History of row 2" not in html and "40/20/60" not in html  # only this row


def test_sheet_history_keeps_deleted_rows(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    services.delete_entry(sheet.pk, revision=3, key=new_key(), device=ANDROID, position=2)
    html = text(page(client.get(reverse("sheet_history", args=[sheet.edit_token]))))
    assert "History of the sheet" in html
    assert "deleted row 3" in html
    assert "before: Deal — Anna 100; 70/43/7; Anna ♦" in html
    assert html.count("entered") == 3


def test_history_is_append_only(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    change = EntryChange.objects.filter(sheet=sheet).first()
    change.after = {"type": "redeal", "reason": "misdeal"}
    with pytest.raises(ValueError, match="append-only"):  # a change is never rewritten
        change.save()
    with pytest.raises(ValueError, match="append-only"):  # nor deleted
        change.delete()


def test_the_sheets_own_history_is_append_only_too(make_sheet):
    from scoresheet.sheets import services
    from scoresheet.sheets.models import SheetEvent
    from tests.conftest import new_key

    sheet = make_sheet(entries=THREE_DEALS)
    services.rename_players(sheet.pk, revision=3, key=new_key(), players=["Anna", "Bora", "Vera"],
                            device=services.Device(id="phone", user_agent="pytest"))
    event = SheetEvent.objects.get(sheet=sheet)
    event.after = {"players": ["X", "Y", "Z"]}
    with pytest.raises(ValueError, match="append-only"):
        event.save()
    with pytest.raises(ValueError, match="append-only"):
        event.delete()


def test_history_of_a_missing_row_is_404(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    assert client.get(reverse("entry_history", args=[sheet.edit_token, 9])).status_code == 404


def test_history_needs_the_edit_link(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    assert client.get(reverse("entry_history", args=[sheet.view_token, 0])).status_code == 404
    assert client.get(reverse("sheet_history", args=[sheet.view_token])).status_code == 404
