"""What a paper sheet allows after the start, through the one writer (scoresheet.sheets.services):
a misspelled name corrected, a note beside a row, the final line under a Mariáš evening.

Totals are the hand-worked ones: THREE_DEALS (tests/sheets/helpers.py) ends at 170 / 185 / -80;
the golden Mariáš evening of three (tests/golden/marias/evening_three_players.json, meta
"expected") at -4.20 / -2.40 / +6.60 Kč, i.e. -420 / -240 / 660 haléře.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoresheet.sheets import derived, services
from scoresheet.sheets.models import Entry, EntryChange, Sheet, SheetAction, SheetEvent
from scoresheet.sheets.reading import note_of
from tests.conftest import new_key
from tests.sheets.golden_docs import GOLDEN, golden
from tests.sheets.helpers import THREE_DEALS

PHONE = services.Device(id="phone-1", user_agent="pytest")
EVENING = golden(GOLDEN / "marias" / "evening_three_players.json")
THOUSAND_TOTALS = (170, 185, -80)
EVENING_TOTALS = (-420, -240, 660)


def totals(sheet: Sheet) -> tuple[int, ...]:
    sheet.refresh_from_db()
    return tuple(services.load(sheet).scored.totals)


@pytest.fixture
def evening(make_sheet: Any) -> Sheet:
    doc = EVENING
    return make_sheet(ruleset="marias", players=doc["players"], first_dealer=doc["first_dealer"],
                      options=doc["options"], entries=doc["entries"],
                      edition=doc.get("edition"))


# --------------------------------------------------------------------------- renaming


def test_a_rename_keeps_the_totals_bumps_the_revision_and_is_in_the_history(make_sheet):
    sheet = make_sheet(players=["Anna", "Jarda", "Vera"], entries=THREE_DEALS)
    assert totals(sheet) == THOUSAND_TOTALS
    result = services.rename_players(sheet.pk, revision=3, key=new_key(), device=PHONE,
                                     players=["Anna", " Jaroslav ", "Vera"])
    assert result.revision == 4 and not result.replayed
    sheet.refresh_from_db()
    assert sheet.players == ["Anna", "Jaroslav", "Vera"]  # trimmed as at the start
    assert sheet.revision == 4
    assert totals(sheet) == THOUSAND_TOTALS
    event = SheetEvent.objects.get(sheet=sheet)
    assert (event.revision, event.action) == (4, SheetAction.RENAME)
    assert event.before == {"players": ["Anna", "Jarda", "Vera"]}
    assert event.after == {"players": ["Anna", "Jaroslav", "Vera"]}
    assert event.device == "phone-1"
    # the entries' history is untouched: the rename is no change of a row
    assert EntryChange.objects.filter(sheet=sheet).count() == 3
    # the export carries the current names
    assert services.sheet_document(sheet)["players"] == ["Anna", "Jaroslav", "Vera"]


def test_a_rename_sent_twice_with_its_key_is_written_once(make_sheet):
    sheet = make_sheet(players=["Anna", "Jarda", "Vera"])
    key = new_key()
    first = services.rename_players(sheet.pk, revision=0, key=key, device=PHONE,
                                    players=["Anna", "Jaroslav", "Vera"])
    again = services.rename_players(sheet.pk, revision=0, key=key, device=PHONE,
                                    players=["Anna", "Jaroslav", "Vera"])
    assert again.replayed and again.revision == first.revision == 1
    assert SheetEvent.objects.filter(sheet=sheet).count() == 1
    with pytest.raises(services.KeyReused):  # the same key for other names: not written
        services.rename_players(sheet.pk, revision=1, key=key, device=PHONE,
                                players=["Anna", "Jarek", "Vera"])
    sheet.refresh_from_db()
    assert sheet.players == ["Anna", "Jaroslav", "Vera"]


def test_a_rename_against_an_old_revision_is_a_conflict(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    with pytest.raises(services.Conflict):
        services.rename_players(sheet.pk, revision=2, key=new_key(), device=PHONE,
                                players=["Anna", "Boris", "Věra"])
    assert not SheetEvent.objects.exists()


@pytest.mark.parametrize(("names", "code", "seat"), [
    (["Anna", "anna ", "Vera"], "player_twice", None),  # distinct, letter case aside
    (["Anna", "", "Vera"], "player_name", 1),
    (["Anna", "B" * 41, "Vera"], "player_name_long", 1),  # the engine's MAX_NAME is 40
    (["Anna", "Bo\x07ris", "Vera"], "player_text", 1),
    (["Anna", "Bo\nris", "Vera"], "player_text", 1),
])
def test_refused_names_change_nothing(make_sheet, names, code, seat):
    sheet = make_sheet(entries=THREE_DEALS)
    with pytest.raises(services.BadNames) as caught:
        services.rename_players(sheet.pk, revision=3, key=new_key(), device=PHONE,
                                players=names)
    assert caught.value.code == code
    if seat is not None:
        assert caught.value.seat == seat
    sheet.refresh_from_db()
    assert sheet.players == ["Anna", "Boris", "Vera"] and sheet.revision == 3
    assert not SheetEvent.objects.exists()


def test_the_rows_are_made_again_with_the_new_name(make_sheet):
    """Rows show the declarer's name: the rows kept for the old revision are not reused."""
    sheet = make_sheet(players=["Anna", "Jarda", "Vera"], entries=THREE_DEALS)
    before = derived.current(sheet)
    services.rename_players(sheet.pk, revision=3, key=new_key(), device=PHONE,
                            players=["Anna", "Jaroslav", "Vera"])
    sheet.refresh_from_db()
    after = derived.current(sheet)
    assert after.revision == before.revision + 1 == 4
    assert after.names == ("Anna", "Jaroslav", "Vera")
    assert after.stable == 4  # a watcher behind it gets the whole table again
    assert after.changed_since(3) is None


# --------------------------------------------------------------------------- notes


def test_a_note_is_an_edit_of_the_entry_and_changes_no_total(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    result = services.set_note(sheet.pk, revision=3, key=new_key(), device=PHONE, position=1,
                               note="  Petr left at 22:30 ")
    assert result.revision == 4 and result.position == 1
    entry = Entry.objects.get(sheet=sheet, position=1)
    assert entry.data == {**THREE_DEALS[1], "meta": {"note": "Petr left at 22:30"}}
    assert totals(sheet) == THOUSAND_TOTALS
    change = EntryChange.objects.get(sheet=sheet, revision=4)
    assert change.action == "edit"
    assert change.before == THREE_DEALS[1]
    assert note_of(change.after) == "Petr left at 22:30"


def test_a_note_is_undone_and_redone(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    services.set_note(sheet.pk, revision=3, key=new_key(), device=PHONE, position=0,
                      note="Vera came late")
    services.undo(sheet.pk, revision=4, key=new_key(), device=PHONE)
    assert Entry.objects.get(sheet=sheet, position=0).data == THREE_DEALS[0]
    services.redo(sheet.pk, revision=5, key=new_key(), device=PHONE)
    assert note_of(Entry.objects.get(sheet=sheet, position=0).data) == "Vera came late"
    assert totals(sheet) == THOUSAND_TOTALS


def test_an_empty_note_removes_it_and_keeps_the_rest_of_meta(make_sheet):
    kept = {**THREE_DEALS[0], "meta": {"review": "x", "note": "old"}}
    sheet = make_sheet(entries=[kept])
    services.set_note(sheet.pk, revision=1, key=new_key(), device=PHONE, position=0, note="")
    assert Entry.objects.get(sheet=sheet, position=0).data == {**THREE_DEALS[0],
                                                                "meta": {"review": "x"}}


def test_a_note_sent_twice_with_its_key_is_written_once(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    key = new_key()
    services.set_note(sheet.pk, revision=3, key=key, device=PHONE, position=2, note="A")
    again = services.set_note(sheet.pk, revision=3, key=key, device=PHONE, position=2,
                              note="A")
    assert again.replayed and again.revision == 4
    assert EntryChange.objects.filter(sheet=sheet).count() == 4


@pytest.mark.parametrize(("note", "code"), [
    ("x" * 201, "note_long"),
    ("a\x00b", "note_text"),
    ("two\nlines", "note_text"),
])
def test_a_bad_note_is_refused(make_sheet, note, code):
    sheet = make_sheet(entries=THREE_DEALS)
    with pytest.raises(services.BadNote) as caught:
        services.set_note(sheet.pk, revision=3, key=new_key(), device=PHONE, position=0,
                          note=note)
    assert caught.value.code == code
    sheet.refresh_from_db()
    assert sheet.revision == 3


def test_a_note_of_200_characters_is_kept(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    services.set_note(sheet.pk, revision=3, key=new_key(), device=PHONE, position=0,
                      note="x" * 200)
    assert note_of(Entry.objects.get(sheet=sheet, position=0).data) == "x" * 200


def test_a_note_changes_the_rows_digest_so_the_row_is_shown_again(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    before = derived.current(sheet)
    services.set_note(sheet.pk, revision=3, key=new_key(), device=PHONE, position=1, note="B")
    sheet.refresh_from_db()
    after = derived.current(sheet)
    assert after.notes == {1: "B"}
    assert after.digests[1] != before.digests[1]
    assert after.digests[0] == before.digests[0] and after.digests[2] == before.digests[2]
    assert list(after.totals) == list(THOUSAND_TOTALS)


def test_a_new_row_with_a_note_is_judged_on_the_saved_state(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS[:2])
    known = derived.current(sheet)
    entry = {**THREE_DEALS[2], "meta": {"note": "last one"}}
    services.add_entry(sheet.pk, revision=2, key=new_key(), device=PHONE, entry=entry,
                       known=known)
    sheet.refresh_from_db()
    assert derived.current(sheet).notes == {2: "last one"}
    assert totals(sheet) == THOUSAND_TOTALS


# --------------------------------------------------------------------------- the evening


def test_closing_a_mariash_evening_keeps_the_money_and_refuses_rows(evening):
    assert services.open_ended(evening) and services.closable(evening)
    assert totals(evening) == EVENING_TOTALS
    revision = evening.revision
    result = services.close_evening(evening.pk, revision=revision, key=new_key(), device=PHONE)
    evening.refresh_from_db()
    assert result.revision == evening.revision == revision + 1
    assert evening.closed is not None and evening.finished is not None
    assert totals(evening) == EVENING_TOTALS
    entry = EVENING["entries"][0]
    with pytest.raises(services.EveningClosed) as caught:
        services.add_entry(evening.pk, revision=evening.revision, key=new_key(), device=PHONE,
                           entry=entry)
    assert caught.value.code == "evening_closed"
    with pytest.raises(services.EveningClosed):
        services.set_note(evening.pk, revision=evening.revision, key=new_key(), device=PHONE,
                          position=0, note="x")
    with pytest.raises(services.EveningClosed):
        services.undo(evening.pk, revision=evening.revision, key=new_key(), device=PHONE)
    with pytest.raises(services.AlreadyClosed):
        services.close_evening(evening.pk, revision=evening.revision, key=new_key(),
                               device=PHONE)


def test_reopening_an_evening_takes_rows_again_and_both_are_in_the_history(evening):
    start = evening.revision
    services.close_evening(evening.pk, revision=start, key=new_key(), device=PHONE)
    services.reopen_evening(evening.pk, revision=start + 1, key=new_key(), device=PHONE)
    evening.refresh_from_db()
    assert evening.closed is None and evening.finished is None
    assert list(SheetEvent.objects.filter(sheet=evening).values_list("revision", "action")) == [
        (start + 1, "close"), (start + 2, "reopen")]
    services.add_entry(evening.pk, revision=start + 2, key=new_key(), device=PHONE,
                       entry=EVENING["entries"][0])
    evening.refresh_from_db()
    assert evening.revision == start + 3
    with pytest.raises(services.NotClosed):
        services.reopen_evening(evening.pk, revision=start + 3, key=new_key(), device=PHONE)


def test_closing_sent_twice_with_its_key_is_written_once(evening):
    key = new_key()
    start = evening.revision
    services.close_evening(evening.pk, revision=start, key=key, device=PHONE)
    again = services.close_evening(evening.pk, revision=start, key=key, device=PHONE)
    assert again.replayed and again.revision == start + 1
    assert SheetEvent.objects.filter(sheet=evening).count() == 1


def test_a_game_with_a_target_is_not_closed_by_hand(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)  # Thousand: the engine ends it at its target
    assert not services.open_ended(sheet)
    with pytest.raises(services.NotOpenEnded):
        services.close_evening(sheet.pk, revision=3, key=new_key(), device=PHONE)
    sheet.refresh_from_db()
    assert sheet.closed is None and sheet.revision == 3


def test_a_closed_evening_refuses_a_rename_until_it_is_reopened(evening):
    start = evening.revision
    services.close_evening(evening.pk, revision=start, key=new_key(), device=PHONE)
    with pytest.raises(services.EveningClosed):
        services.rename_players(evening.pk, revision=start + 1, key=new_key(), device=PHONE,
                                players=["Anna", "Bohuslav", "Cyril"])


def test_a_sheet_kept_by_a_tournament_is_neither_renamed_nor_closed(evening, monkeypatch):
    """A tournament table's names are its entrants' (its export checks them) and its closing
    is the scorer's signature (scoresheet/sheets/governing.py)."""
    monkeypatch.setattr("scoresheet.sheets.governing._CHECKS", [lambda s: s.pk == evening.pk])
    start = evening.revision
    assert not services.closable(evening)
    with pytest.raises(services.Governed):
        services.rename_players(evening.pk, revision=start, key=new_key(), device=PHONE,
                                players=["Anna", "Bohuslav", "Cyril"])
    with pytest.raises(services.Governed):
        services.close_evening(evening.pk, revision=start, key=new_key(), device=PHONE)
    evening.refresh_from_db()
    assert evening.players == ["Anna", "Bohouš", "Cyril"] and evening.closed is None
