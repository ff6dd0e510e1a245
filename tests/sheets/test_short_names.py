"""Names that stay apart (issue 24, point 6): each column's head shows the shortest beginning of
a name that no other name of the sheet starts with, on the sheet and in the print view."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.sheets.display import short_names
from tests.sheets.helpers import page

NAMES = ["Jaroslav", "Jaromír", "Jaroslava", "Miroslav"]


def test_four_names_alike_get_the_shortest_distinct_abbreviations() -> None:
    # found: "Jaro… Jaro… Jaro… Mir…"
    # a name of up to seven letters fits its column whole; one that begins another stays whole
    assert short_names(NAMES) == ("Jaroslav", "Jaromír", "Jaroslava", "Miro…")
    assert short_names(["Jaroslav", "Jaromírek", "Jaroslava"]) == (
        "Jaroslav", "Jarom…", "Jaroslava")
    assert len(set(short_names(NAMES))) == 4


def test_short_names_stay_whole_and_case_does_not_tell_names_apart() -> None:
    assert short_names(["Anna", "Boris", "Vera"]) == ("Anna", "Boris", "Vera")
    assert short_names(["Alexandra", "alexander", "Bo"]) == ("Alexandra", "alexander", "Bo")
    assert short_names(["Přemyslav", "Šárka"]) == ("Přem…", "Šárka")


@pytest.mark.django_db
def test_the_sheet_shows_the_short_names_with_the_whole_as_a_title(
    client: Client, make_sheet: Any
) -> None:
    sheet = make_sheet(players=NAMES)
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert '<abbr title="Miroslav">Miro…</abbr>' in html
    assert ">Jaromír<" in html
    assert not re.search(r"Jaro…", html)


@pytest.mark.django_db
def test_the_print_view_keeps_names_whole_unless_very_long(
    client: Client, make_sheet: Any
) -> None:
    players = ["Jaroslav", "Bartholomäus-Friedrich", "Bartholomäus-Fritz"]
    sheet = make_sheet(players=players)
    html = page(client.get(reverse("print", args=[sheet.edit_token])))
    assert '<th class="player" scope="col">Jaroslav</th>' in html
    assert '<abbr title="Bartholomäus-Friedrich">Bartholomäus-Frie…</abbr>' in html
    assert '<th class="player" scope="col">Bartholomäus-Fritz</th>' in html


@pytest.mark.django_db
def test_a_short_name_chosen_is_the_head_kept_in_the_history_and_written_once(
    client: Client, make_sheet: Any
) -> None:
    from scoresheet.sheets.models import SheetEvent
    from tests.sheets.helpers import text, write_fields

    sheet = make_sheet(players=["Vladimir Vladimirovich", "Vladislav", "Sasha"])
    players = reverse("sheet_players", args=[sheet.edit_token])
    form = {**write_fields(page(client.get(players))), "name_0": "Vladimir Vladimirovich",
            "name_1": "Vladislav", "name_2": "Sasha", "short_0": "Vova"}
    assert client.post(players, form).status_code == 302
    assert client.post(players, form).status_code == 302  # the answer lost: sent again
    sheet.refresh_from_db()
    assert sheet.short_names == ["Vova", "", ""]
    assert SheetEvent.objects.filter(sheet=sheet).count() == 1
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert '<abbr title="Vladimir Vladimirovich">Vova</abbr>' in html
    assert '<abbr title="Vladislav">Vladis…</abbr>' in html

    cleared = {**form, **write_fields(page(client.get(players))), "short_0": ""}
    assert client.post(players, cleared).status_code == 302
    sheet.refresh_from_db()
    assert sheet.short_names == []
    history = text(page(client.get(reverse("sheet_history", args=[sheet.edit_token]))))
    assert "Short name of Vladimir Vladimirovich in the column head: Vova" in history
    assert ("Vladimir Vladimirovich has no short name of the table's any more: the column head "
            "shows as much of the name as tells it apart.") in history


@pytest.mark.django_db
def test_a_short_name_too_long_or_twice_is_refused_and_nothing_is_saved(
    client: Client, make_sheet: Any
) -> None:
    from tests.sheets.helpers import text, write_fields

    sheet = make_sheet()
    players = reverse("sheet_players", args=[sheet.edit_token])
    base = {**write_fields(page(client.get(players))), "name_0": "Anna", "name_1": "Boris",
            "name_2": "Vera"}
    long = client.post(players, {**base, "short_0": "Annabella"})
    assert long.status_code == 400
    assert "A short name has at most 8 letters." in text(page(long))
    twice = client.post(players, {**base, "short_0": "A", "short_2": "a"})
    assert twice.status_code == 400
    assert "Another player already has this short name" in text(page(twice))
    sheet.refresh_from_db()
    assert sheet.short_names == [] and sheet.revision == 0
