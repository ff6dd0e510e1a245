"""The write path (scoresheet.sheets.services) that every view goes through."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

import rules
from scoresheet.sheets import services
from scoresheet.sheets.models import Entry, EntryChange, Sheet
from tests.conftest import deal, new_key
from tests.sheets.helpers import THREE_DEALS

PHONE = services.Device(id="phone", user_agent="pytest")


def positions(sheet: Sheet) -> list[int]:
    return list(Entry.objects.filter(sheet=sheet).order_by("position").values_list("position",
                                                                                    flat=True))


def test_create_sheet_checks_the_header_with_the_engine(db):
    with pytest.raises(services.rules.RulesError) as caught:
        services.create_sheet(ruleset="ru", options={}, players=["Anna", "Anna", "Vera"],
                              first_dealer=0)
    assert caught.value.code == "player_twice"
    assert not Sheet.objects.exists()


def test_an_imported_sheet_records_its_rows_in_the_history(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    assert sheet.revision == 3
    assert list(EntryChange.objects.filter(sheet=sheet).values_list("action", flat=True)) == [
        "add", "add", "add"]
    assert services.sheet_document(sheet)["entries"] == THREE_DEALS


def test_the_document_is_the_format_md_document(make_sheet):
    sheet = make_sheet(options={"barrel_at": 900}, entries=THREE_DEALS[:1])
    doc = services.sheet_document(sheet)
    assert doc == {
        "format": "scoresheet/1", "game": "thousand", "ruleset": "ru", "edition": rules.EDITION,
        "options": {"barrel_at": 900}, "players": ["Anna", "Boris", "Vera"],
        "first_dealer": 0, "entries": THREE_DEALS[:1],
    }


def test_a_key_that_is_not_a_key_is_refused(make_sheet):
    sheet = make_sheet()
    with pytest.raises(services.BadKey):
        services.add_entry(sheet.pk, revision=0, key="x", device=PHONE, entry=THREE_DEALS[0])


@pytest.mark.postgres
def test_positions_stay_contiguous_through_deletes_and_undos(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    services.delete_entry(sheet.pk, revision=3, key=new_key(), device=PHONE, position=2)
    services.undo(sheet.pk, revision=4, key=new_key(), device=PHONE)
    assert positions(sheet) == [0, 1, 2]
    services.redo(sheet.pk, revision=5, key=new_key(), device=PHONE)
    assert positions(sheet) == [0, 1]


@pytest.mark.postgres
def test_a_rejected_write_leaves_no_trace(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    bad = deal(1, 120, [30, 80, 15])  # 125 card points
    with pytest.raises(services.Rejected) as caught:
        services.add_entry(sheet.pk, revision=3, key=new_key(), device=PHONE, entry=bad)
    assert caught.value.code == "points_sum" and caught.value.field == "points"
    assert caught.value.entry == 3 and not caught.value.elsewhere
    sheet.refresh_from_db()
    assert sheet.revision == 3 and len(positions(sheet)) == 3
    assert EntryChange.objects.filter(sheet=sheet).exclude(key=None).count() == 0


@pytest.mark.postgres
def test_a_seen_key_returns_the_first_result_even_at_another_revision(make_sheet, write):
    sheet = make_sheet()
    key = new_key()
    first = services.add_entry(sheet.pk, revision=0, key=key, device=PHONE, entry=THREE_DEALS[0])
    write(sheet, THREE_DEALS[1])
    again = services.add_entry(sheet.pk, revision=0, key=key, device=PHONE, entry=THREE_DEALS[0])
    assert again.replayed and not first.replayed
    assert again.revision == first.revision == 1 and again.position == 0
    assert len(positions(sheet)) == 2


@pytest.mark.postgres
def test_the_finished_time_follows_the_outcome(make_sheet):
    win = deal(1, 120, [30, 75, 15], {1: ["hearts"]})
    sheet = make_sheet(options={"target": 200, "barrel_at": 0}, entries=[win])
    services.add_entry(sheet.pk, revision=1, key=new_key(), device=PHONE, entry=win)
    assert Sheet.objects.get(pk=sheet.pk).finished is not None
    services.undo(sheet.pk, revision=2, key=new_key(), device=PHONE)
    assert Sheet.objects.get(pk=sheet.pk).finished is None


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_phones_writing_at_once_never_both_win():
    sheet = services.create_sheet(ruleset="ru", options={}, players=["Anna", "Boris", "Vera"],
                                  first_dealer=0)
    results: list[object] = []
    start = threading.Barrier(2)

    def phone(entry: dict) -> None:
        start.wait()
        try:
            results.append(services.add_entry(sheet.pk, revision=0, key=new_key(),
                                              device=PHONE, entry=entry))
        except Exception as error:
            results.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(THREE_DEALS[0],)) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # the second one is refused (the same deal: services.AlreadyWritten, a Conflict)
    kinds = sorted("Conflict" if isinstance(r, services.Conflict) else type(r).__name__
                   for r in results)
    assert kinds == ["Conflict", "WriteResult"], results
    assert len(positions(sheet)) == 1


# --------------------------------------------------------------------------- the same row again


def test_an_append_from_an_older_revision_already_on_the_sheet_is_not_written_again(make_sheet):
    """The browser's Back and "Write it down" again: the form was made before row 1 was written,
    row 1 has the same content, so it is the same deal and the answer names its row."""
    sheet = make_sheet()
    services.add_entry(sheet.pk, revision=0, key=new_key(), device=PHONE, entry=THREE_DEALS[0])
    with pytest.raises(services.AlreadyWritten) as caught:
        services.add_entry(sheet.pk, revision=0, key=new_key(), device=PHONE,
                           entry=THREE_DEALS[0])
    assert caught.value.position == 0
    assert (caught.value.given, caught.value.current) == (0, 1)
    assert positions(sheet) == [0]
    assert Sheet.objects.get(pk=sheet.pk).revision == 1


def test_an_other_append_from_an_older_revision_is_a_conflict_naming_what_was_written(
    make_sheet,
):
    sheet = make_sheet()
    services.add_entry(sheet.pk, revision=0, key=new_key(), device=PHONE, entry=THREE_DEALS[0])
    with pytest.raises(services.Conflict) as caught:
        services.add_entry(sheet.pk, revision=0, key=new_key(), device=PHONE,
                           entry=THREE_DEALS[1])
    assert not isinstance(caught.value, services.AlreadyWritten)
    since = services.changes_since(Sheet.objects.get(pk=sheet.pk), caught.value.given)
    assert [(c.action, c.position) for c in since] == [("add", 0)]
    assert positions(sheet) == [0]


def test_an_equal_row_that_was_on_the_sheet_before_the_form_is_another_deal(make_sheet):
    """Two deals may end alike: only rows written after the form was made count as the same."""
    sheet = make_sheet(entries=THREE_DEALS[:1])
    services.add_entry(sheet.pk, revision=1, key=new_key(), device=PHONE, entry=THREE_DEALS[1])
    with pytest.raises(services.Conflict) as caught:
        services.add_entry(sheet.pk, revision=1, key=new_key(), device=PHONE,
                           entry=THREE_DEALS[0])
    assert not isinstance(caught.value, services.AlreadyWritten)


def test_an_equal_append_at_the_current_revision_is_written(make_sheet):
    sheet = make_sheet(entries=THREE_DEALS[:1])
    result = services.add_entry(sheet.pk, revision=1, key=new_key(), device=PHONE,
                                entry=THREE_DEALS[0])
    assert result.position == 1 and not result.replayed
    assert positions(sheet) == [0, 1]
