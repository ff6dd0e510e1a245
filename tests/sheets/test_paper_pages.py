"""The pages of what a paper sheet allows after the start, without JavaScript: the players'
page (a name corrected), a row's note (the entry form's field and the row's own small form), the
evening closed and reopened; every refusal in the players' words, nothing half saved."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoresheet.exports import documents as exports
from scoresheet.sheets.models import Entry, Sheet, SheetEvent
from scoresheet.sheets.reading import note_of
from tests.sheets.golden_docs import GOLDEN, golden
from tests.sheets.helpers import THREE_DEALS, page, text, write_fields

EVENING = golden(GOLDEN / "marias" / "evening_three_players.json")
BORIS_120 = {"declarer": "1", "contract": "120", "points_0": "30", "points_1": "75",
             "marriages_1": ["hearts"]}


def players_url(sheet: Sheet) -> str:
    return reverse("sheet_players", args=[sheet.edit_token])


def note_url(sheet: Sheet, pos: int) -> str:
    return reverse("entry_note", args=[sheet.edit_token, pos])


def sheet_url(sheet: Sheet) -> str:
    return reverse("sheet", args=[sheet.edit_token])


def names_form(client: Any, sheet: Sheet, names: list[str]) -> dict[str, Any]:
    fields = write_fields(page(client.get(players_url(sheet))))
    return {**fields, **{f"name_{i}": n for i, n in enumerate(names)}}


@pytest.fixture
def evening(make_sheet: Any) -> Sheet:
    doc = EVENING
    return make_sheet(ruleset="marias", players=doc["players"], first_dealer=doc["first_dealer"],
                      options=doc["options"], entries=doc["entries"],
                      edition=doc.get("edition"))


# --------------------------------------------------------------------------- names


def test_the_sheet_links_to_its_players_page_and_the_page_has_a_field_per_name(client,
                                                                               make_sheet):
    sheet = make_sheet(players=["Anna", "Jarda", "Vera"], entries=THREE_DEALS)
    assert f'href="{players_url(sheet)}"' in page(client.get(sheet_url(sheet)))
    html = page(client.get(players_url(sheet)))
    for i, name in enumerate(["Anna", "Jarda", "Vera"]):
        assert f'name="name_{i}"' in html and f'value="{name}"' in html
    # the read-only link has no such page
    assert client.get(reverse("sheet_players", args=[sheet.view_token])).status_code == 404


def test_a_name_corrected_shows_on_the_sheet_and_in_its_history(client, make_sheet):
    sheet = make_sheet(players=["Anna", "Jarda", "Vera"], entries=THREE_DEALS)
    response = client.post(players_url(sheet), names_form(client, sheet,
                                                          ["Anna", "Jaroslav", "Vera"]))
    assert response.status_code == 302 and response["Location"] == sheet_url(sheet)
    shown = text(page(client.get(sheet_url(sheet))))
    assert "Names corrected; the totals stay as they were." in shown
    assert "Jaroslav" in shown and "Jarda" not in shown
    history = text(page(client.get(reverse("sheet_history", args=[sheet.edit_token]))))
    assert "Name changed: Jarda → Jaroslav" in history
    assert "names corrected" in history
    sheet.refresh_from_db()
    assert sheet.players == ["Anna", "Jaroslav", "Vera"]


def test_the_same_name_twice_is_refused_in_words_and_nothing_is_saved(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.post(players_url(sheet), names_form(client, sheet,
                                                          ["Anna", "Boris", "anna"]))
    assert response.status_code == 400
    assert "Two players have the same name." in text(page(response))
    sheet.refresh_from_db()
    assert sheet.players == ["Anna", "Boris", "Vera"] and sheet.revision == 3


@pytest.mark.parametrize(("name", "message"), [
    ("", "Every player needs a name."),
    ("B" * 41, "A player's name is too long (at most 40 characters)."),
    ("Bo\x07ris", "It contains a control character (U+0007), which cannot be part of it."),
])
def test_a_bad_name_is_refused_on_its_field(client, make_sheet, name, message):
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.post(players_url(sheet), names_form(client, sheet, ["Anna", name, "Vera"]))
    assert response.status_code == 400
    assert message in text(page(response))
    assert not SheetEvent.objects.exists()


def test_a_rename_made_on_an_old_page_is_not_saved(client, make_sheet, write):
    sheet = make_sheet(entries=THREE_DEALS[:2])
    data = names_form(client, sheet, ["Anna", "Borek", "Vera"])
    write(sheet, THREE_DEALS[2])  # another phone writes a row meanwhile
    response = client.post(players_url(sheet), data)
    assert response.status_code == 409
    assert "Nothing was saved" in text(page(response))
    sheet.refresh_from_db()
    assert sheet.players == ["Anna", "Boris", "Vera"]


# --------------------------------------------------------------------------- notes


def test_a_new_row_takes_a_note_and_the_sheet_shows_it_under_the_row(client, make_sheet):
    sheet = make_sheet()
    url = reverse("entry_new", args=[sheet.edit_token, "deal"])
    html = page(client.get(url))
    assert 'name="row_note"' in html
    response = client.post(url, {**write_fields(html), **BORIS_120,
                                 "row_note": "Petr left at 22:30"})
    assert response.status_code == 302
    entry = Entry.objects.get(sheet=sheet, position=0).data
    assert entry["meta"] == {"note": "Petr left at 22:30"}
    assert entry["points"] == [30, 75, 15]  # the deal itself as without a note
    sheet_html = page(client.get(sheet_url(sheet)))
    assert '<tr id="e0-note" class="row-note">' in sheet_html
    assert "Petr left at 22:30" in sheet_html


def test_a_note_too_long_is_refused_with_the_deal_kept_in_the_form(client, make_sheet):
    sheet = make_sheet()
    url = reverse("entry_new", args=[sheet.edit_token, "deal"])
    data = {**write_fields(page(client.get(url))), **BORIS_120, "row_note": "x" * 201}
    response = client.post(url, data)
    assert response.status_code == 400
    assert "A note holds at most 200 characters (it has 201)." in text(page(response))
    assert not Entry.objects.filter(sheet=sheet).exists()


def test_a_rows_note_is_added_without_typing_the_deal_again(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    html = page(client.get(note_url(sheet, 1)))
    assert "Note on row 2" in html
    response = client.post(note_url(sheet, 1), {**write_fields(html),
                                                "row_note": "Boris <b>tired</b>"})
    assert response.status_code == 302
    assert response["Location"] == sheet_url(sheet) + "#e1"
    assert Entry.objects.get(sheet=sheet, position=1).data == {
        **THREE_DEALS[1], "meta": {"note": "Boris <b>tired</b>"}}
    shown = page(client.get(sheet_url(sheet)))
    assert "Boris &lt;b&gt;tired&lt;/b&gt;" in shown  # escaped
    assert "170" in text(shown) and "185" in text(shown)  # the totals as before
    history = text(page(client.get(reverse("entry_history", args=[sheet.edit_token, 1]))))
    assert "note: Boris <b>tired</b>" in history


def test_a_rows_note_with_a_control_character_is_refused(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    html = page(client.get(note_url(sheet, 0)))
    response = client.post(note_url(sheet, 0), {**write_fields(html), "row_note": "a\x1bb"})
    assert response.status_code == 400
    assert "It contains a control character (U+001B)" in text(page(response))
    assert Entry.objects.get(sheet=sheet, position=0).data == THREE_DEALS[0]


def test_correcting_a_row_keeps_its_note(client, make_sheet):
    noted = {**THREE_DEALS[0], "meta": {"note": "first deal"}}
    sheet = make_sheet(entries=[noted])
    url = reverse("entry_edit", args=[sheet.edit_token, 0])
    html = page(client.get(url))
    assert f'href="{note_url(sheet, 0)}"' in html  # the note has its own small form
    data = {**write_fields(html), **BORIS_120, "points_0": "35", "points_1": "75"}
    assert client.post(url, data).status_code == 302
    stored = Entry.objects.get(sheet=sheet, position=0).data
    assert stored["points"] == [35, 75, 10]
    assert note_of(stored) == "first deal"


def test_notes_go_out_in_the_json_export_and_come_back_on_import(make_sheet):
    noted = {**THREE_DEALS[1], "meta": {"note": "Petr left at 22:30"}}
    sheet = make_sheet(entries=[THREE_DEALS[0], noted, THREE_DEALS[2]])
    exported = exports.read_document(exports.export_json(sheet))
    assert exported["entries"][1]["meta"]["note"] == "Petr left at 22:30"
    again = exports.import_sheet(exported)
    assert note_of(Entry.objects.get(sheet=again, position=1).data) == "Petr left at 22:30"
    assert Entry.objects.get(sheet=again, position=0).data == THREE_DEALS[0]


@pytest.mark.parametrize("note", ["x" * 201, 42, ["Petr left"]])
def test_an_imported_note_that_the_note_form_would_refuse_is_refused_in_words(make_sheet, note):
    noted = {**THREE_DEALS[1], "meta": {"note": note}}
    exported = exports.read_document(exports.export_json(make_sheet(entries=THREE_DEALS)))
    exported["entries"][1] = noted
    sheets_before = Sheet.objects.count()
    with pytest.raises(exports.ImportRefused) as refused:
        exports.import_sheet(exported)
    [problem] = refused.value.problems
    assert problem.entry == 1
    assert problem.text == "The note beside this row must be a text of at most 200 characters."
    assert Sheet.objects.count() == sheets_before  # nothing half-saved


def test_the_printed_sheet_shows_a_rows_note(client, make_sheet):
    noted = {**THREE_DEALS[2], "meta": {"note": "Vera paid the beer"}}
    sheet = make_sheet(entries=[*THREE_DEALS[:2], noted])
    html = page(client.get(reverse("print", args=[sheet.edit_token])))
    assert '<span class="row-note">Vera paid the beer</span>' in html


# --------------------------------------------------------------------------- the evening


def test_an_evening_is_closed_after_a_confirmation_and_listed_as_finished(client, evening):
    sheet_html = page(client.get(sheet_url(evening)))
    close_url = reverse("close_evening", args=[evening.edit_token])
    assert f'href="{close_url}"' in sheet_html
    confirm = page(client.get(close_url))
    assert "Close the evening?" in confirm
    assert "+6.60 Kč" in text(confirm)  # Cyril's money (the golden sheet's hand-worked total)
    evening.refresh_from_db()
    assert evening.closed is None  # asking is not closing
    response = client.post(close_url, write_fields(confirm))
    assert response.status_code == 302
    shown = text(page(client.get(sheet_url(evening))))
    assert "The evening is closed" in shown
    assert "+ Deal" not in shown  # no more rows offered
    home = page(client.get(reverse("home")))
    finished = text(home.split('class="sheets finished"')[1])
    assert "Anna −4.20 Kč" in finished or "Anna -4.20 Kč" in finished
    assert "Cyril +6.60 Kč" in finished
    playing = text(home.split('class="sheets playing"')[1].split('class="sheets finished"')[0])
    assert "Cyril" not in playing


def test_a_closed_evening_says_so_when_a_row_is_asked_for_and_refuses_one(client, evening):
    close_url = reverse("close_evening", args=[evening.edit_token])
    client.post(close_url, write_fields(page(client.get(close_url))))
    evening.refresh_from_db()
    url = reverse("entry_new", args=[evening.edit_token, "deal"])
    shown = text(page(client.get(url)))
    assert "The evening is closed: nothing more can be written on this sheet." in shown
    data = {"revision": str(evening.revision), "key": "k" * 32, "declarer": "1",
            "game": "suit", "trump": "acorns", "card_points": "60"}
    response = client.post(url, data)
    assert response.status_code == 400
    assert "Reopen the evening to go on." in text(page(response))
    assert Entry.objects.filter(sheet=evening).count() == len(EVENING["entries"])


def test_a_closed_evening_is_reopened_and_both_are_in_the_history(client, evening):
    close_url = reverse("close_evening", args=[evening.edit_token])
    client.post(close_url, write_fields(page(client.get(close_url))))
    reopen_url = reverse("reopen_evening", args=[evening.edit_token])
    confirm = page(client.get(reopen_url))
    assert "Reopen the evening?" in confirm
    assert client.post(reopen_url, write_fields(confirm)).status_code == 302
    evening.refresh_from_db()
    assert evening.closed is None and evening.finished is None
    history = text(page(client.get(reverse("sheet_history", args=[evening.edit_token]))))
    assert "evening closed" in history and "evening reopened" in history
    assert "+ Deal" in text(page(client.get(sheet_url(evening))))


def test_a_closed_evening_goes_out_closed_and_comes_back_closed(client, evening):
    confirm = page(client.get(reverse("close_evening", args=[evening.edit_token])))
    client.post(reverse("close_evening", args=[evening.edit_token]), write_fields(confirm))
    evening.refresh_from_db()
    exported = exports.read_document(exports.export_json(evening))
    assert exported["meta"]["listek"]["closed"] == evening.closed.isoformat()
    again = exports.import_sheet(exported)
    assert again.closed == evening.closed and again.finished == evening.closed
    # an evening still playing goes out without a closing and stays open
    exported["meta"]["listek"]["closed"] = None
    exported["meta"]["listek"]["id"] = None
    assert exports.import_sheet(exported).closed is None


def test_a_closing_in_the_file_of_a_game_with_a_target_is_not_taken(make_sheet):
    exported = exports.read_document(exports.export_json(make_sheet(entries=THREE_DEALS)))
    assert exported["meta"]["listek"]["closed"] is None
    exported["meta"]["listek"]["closed"] = "2026-11-27T22:30:00+01:00"
    assert exports.import_sheet(exported).closed is None  # a Thousand ends by its own rules


def test_a_game_with_a_target_offers_no_closing(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    close_url = reverse("close_evening", args=[sheet.edit_token])
    assert f'href="{close_url}"' not in page(client.get(sheet_url(sheet)))
    response = client.post(close_url, {"revision": "3", "key": "k" * 32})
    assert response.status_code == 400
    assert "This game ends by its own rules" in text(page(response))
    sheet.refresh_from_db()
    assert sheet.closed is None


def test_a_tournament_table_sheet_offers_no_renaming_and_refuses_one(client, evening,
                                                                     monkeypatch):
    """(scoresheet/sheets/governing.py: the tournament keeps its table sheets' names)"""
    monkeypatch.setattr("scoresheet.sheets.governing._CHECKS", [lambda s: s.pk == evening.pk])
    html = page(client.get(players_url(evening)))
    assert 'name="name_0"' not in html
    assert "the director corrects a player's name on the tournament's page" in text(html)
    assert f'href="{reverse("close_evening", args=[evening.edit_token])}"' not in page(
        client.get(sheet_url(evening)))
    response = client.post(players_url(evening), {"revision": str(evening.revision),
                                                  "key": "k" * 32, "name_0": "Anička",
                                                  "name_1": "Bohouš", "name_2": "Cyril"})
    assert response.status_code == 400
    assert "This sheet belongs to a tournament table" in text(page(response))
    evening.refresh_from_db()
    assert evening.players == ["Anna", "Bohouš", "Cyril"]


def test_the_evenings_pages_take_no_other_apps_address():
    """(the tournament's table sheet is signed at s/<token>/close/: the core's evening pages
    must not shadow it)"""
    from django.urls import get_resolver

    routes = [str(p.pattern) for r in get_resolver().url_patterns
              for p in getattr(r, "url_patterns", [r])]
    assert len(routes) == len(set(routes)), sorted(r for r in routes if routes.count(r) > 1)
    assert reverse("close_evening", args=["t"]) != reverse("table_close", args=["t"])
