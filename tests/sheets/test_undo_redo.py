"""Undo and redo (/s/<token>/undo/, /s/<token>/redo/): each is a change of its own."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoresheet.sheets import services
from scoresheet.sheets.models import Entry, EntryChange, Sheet
from tests.conftest import new_key
from tests.sheets.helpers import THREE_DEALS, page, text

PHONE = services.Device(id="otherphone", user_agent="pytest")


def stored(sheet: Sheet) -> list[dict]:
    rows = Entry.objects.filter(sheet=sheet).order_by("position")
    return list(rows.values_list("data", flat=True))


def press(client, sheet: Sheet, what: str, revision: int | None = None, key: str | None = None):
    sheet.refresh_from_db()
    return client.post(
        reverse(what, args=[sheet.edit_token]),
        {"revision": sheet.revision if revision is None else revision, "key": key or new_key()},
    )


def test_the_sheet_page_names_what_undo_would_revert(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert 'title="row 3 (Deal)">↶ Undo' in html
    assert '<button type="submit" class="secondary" disabled title="">↷ Redo' in html


@pytest.mark.postgres
def test_undo_removes_the_last_row_and_redo_brings_it_back(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    response = press(client, sheet, "undo")
    assert response.status_code == 302
    assert stored(sheet) == THREE_DEALS[:2]
    html = text(page(client.get(response["Location"])))
    assert "Undone: row 3 (Deal)." in html
    assert "Total 70 140 -85" in html
    press(client, sheet, "redo")
    assert stored(sheet) == THREE_DEALS
    assert Sheet.objects.get(pk=sheet.pk).revision == 5  # 3 rows, an undo, a redo


@pytest.mark.postgres
def test_undo_of_a_correction_restores_the_old_row_and_replays(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    fixed = {**THREE_DEALS[0], "points": [50, 55, 15], "marriages": [[], [], []]}
    services.update_entry(sheet.pk, revision=3, key=new_key(), device=PHONE, position=0,
                          entry=fixed)
    press(client, sheet, "undo")
    assert stored(sheet) == THREE_DEALS
    press(client, sheet, "redo")
    assert stored(sheet)[0] == fixed


@pytest.mark.postgres
def test_undo_of_a_delete_puts_the_row_back_in_its_place(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    services.delete_entry(sheet.pk, revision=3, key=new_key(), device=PHONE, position=2)
    press(client, sheet, "undo")
    assert stored(sheet) == THREE_DEALS
    uid = EntryChange.objects.get(sheet=sheet, revision=3).entry_uid
    assert Entry.objects.get(sheet=sheet, position=2).uid == uid  # the same row, not a copy


@pytest.mark.postgres
def test_undo_steps_back_through_several_changes_and_redo_forward(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    for expected in (THREE_DEALS[:2], THREE_DEALS[:1], []):
        press(client, sheet, "undo")
        assert stored(sheet) == expected
    response = press(client, sheet, "undo")
    assert "There is nothing to undo." in text(page(client.get(response["Location"])))
    for expected in (THREE_DEALS[:1], THREE_DEALS[:2]):
        press(client, sheet, "redo")
        assert stored(sheet) == expected


@pytest.mark.postgres
def test_a_new_change_after_an_undo_clears_redo(client, make_sheet, write):
    sheet = make_sheet(entries=THREE_DEALS)
    press(client, sheet, "undo")
    write(sheet, THREE_DEALS[2])
    response = press(client, sheet, "redo")
    assert response.status_code == 302
    assert stored(sheet) == THREE_DEALS  # redo did nothing: the row is there once
    html = text(page(client.get(response["Location"])))
    assert "There is nothing to redo." in html


@pytest.mark.postgres
def test_double_tap_on_undo_undoes_once(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    key = new_key()
    assert press(client, sheet, "undo", revision=3, key=key).status_code == 302
    assert press(client, sheet, "undo", revision=3, key=key).status_code == 302
    assert stored(sheet) == THREE_DEALS[:2]


@pytest.mark.postgres
def test_undo_against_an_old_revision_is_refused_with_the_current_sheet(
    client, make_sheet, write
):
    sheet = make_sheet(entries=THREE_DEALS[:2])
    write(sheet, THREE_DEALS[2])  # another phone wrote row 3 after this page was loaded
    response = press(client, sheet, "undo", revision=2)
    html = page(response)
    assert response.status_code == 409
    assert "Another phone changed the sheet just before" in html
    assert 'id="e2"' in html
    assert stored(sheet) == THREE_DEALS


def test_undo_behind_this_phones_own_change_does_not_blame_another_phone(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    client.get(reverse("sheet", args=[sheet.edit_token]))  # the phone gets its device cookie
    assert press(client, sheet, "undo", revision=3).status_code == 302  # this phone: change 4
    response = press(client, sheet, "undo", revision=3)  # a second tab still at change 3
    assert response.status_code == 409
    said = text(page(response))
    assert "The sheet was changed on this phone just before" in said
    assert "Another phone" not in said
    assert stored(sheet) == THREE_DEALS[:2]


@pytest.mark.parametrize("data", [{}, {"revision": "x", "key": new_key()},
                                  {"revision": "1", "key": ""}])
def test_undo_with_a_damaged_form_is_refused(client, make_sheet, data):
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.post(reverse("undo", args=[sheet.edit_token]), data)
    assert response.status_code == 400
    assert stored(sheet) == THREE_DEALS


def test_undo_and_redo_need_post_and_the_edit_link(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    assert client.get(reverse("undo", args=[sheet.edit_token])).status_code == 405
    assert client.post(reverse("redo", args=[sheet.view_token]),
                       {"revision": 3, "key": new_key()}).status_code == 404
    assert stored(sheet) == THREE_DEALS


def test_the_undo_and_redo_stacks_kept_on_the_sheet_equal_a_replay_of_the_whole_history(
    make_sheet, django_assert_max_num_queries
):
    """Undo/redo state in O(1): the sheet keeps the tops of both stacks and each change the one
    below it; after any mix of rows, corrections, undos and redos they say what a replay of
    the whole history says, and reading them is one query, whatever the history's length."""
    import random

    from tests.conftest import quiet_deals

    rng = random.Random(13)
    deals = quiet_deals(60)
    sheet = make_sheet(entries=deals[:3])
    for step in range(120):
        sheet.refresh_from_db()
        count = Entry.objects.filter(sheet=sheet).count()
        state = services.undo_state(sheet)
        action = rng.choice(["add", "add", "edit", "undo", "undo", "redo", "redo", "delete"])
        common = {"revision": sheet.revision, "key": new_key(), "device": PHONE}
        if action == "undo" and state.undo is not None:
            services.undo(sheet.pk, **common)
        elif action == "redo" and state.redo is not None:
            services.redo(sheet.pk, **common)
        elif action == "edit" and count:
            position = rng.randrange(count)
            data = Entry.objects.get(sheet=sheet, position=position).data
            services.update_entry(sheet.pk, position=position, entry=dict(data), **common)
        elif action == "delete" and count > 1:
            services.delete_entry(sheet.pk, position=count - 1, **common)
        elif count < len(deals):
            services.add_entry(sheet.pk, entry=deals[count], **common)
        sheet.refresh_from_db()
        log = list(EntryChange.objects.filter(sheet=sheet).order_by("revision")
                   .values_list("revision", "action"))
        undo_stack, redo_stack = services._stacks(log)
        assert sheet.undo_top == (undo_stack[-1] if undo_stack else 0), step
        assert sheet.redo_top == (redo_stack[-1] if redo_stack else 0), step
        below = dict(EntryChange.objects.filter(sheet=sheet).values_list("revision", "below"))
        for stack in (undo_stack, redo_stack):
            for lower, upper in zip([0, *stack], stack, strict=False):
                assert below[upper] == lower, (step, stack)
    with django_assert_max_num_queries(1):
        state = services.undo_state(sheet)
    assert (state.undo.revision if state.undo else 0) == sheet.undo_top


def test_the_migration_gives_stored_sheets_the_stacks_their_history_says(make_sheet):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("scoresheet.sheets.migrations.0005_undo_redo_stacks")
    sheet = make_sheet(entries=THREE_DEALS)
    for write in (services.undo, services.undo, services.redo):
        sheet.refresh_from_db()
        write(sheet.pk, revision=sheet.revision, key=new_key(), device=PHONE)
    sheet.refresh_from_db()
    expected = (sheet.undo_top, sheet.redo_top,
                dict(EntryChange.objects.filter(sheet=sheet).values_list("revision", "below")))
    # adds 1-3; undo 4 reverts 3, undo 5 reverts 2, redo 6 reverts 5: undo stack 1, 6; redo 4
    assert expected[:2] == (6, 4)
    EntryChange.objects.filter(sheet=sheet).update(below=0)  # as before the migration
    Sheet.objects.filter(pk=sheet.pk).update(undo_top=0, redo_top=0)
    migration.fill_stacks(apps, None)
    sheet.refresh_from_db()
    assert (sheet.undo_top, sheet.redo_top,
            dict(EntryChange.objects.filter(sheet=sheet).values_list("revision", "below"))
            ) == expected


@pytest.fixture
def kept(settings):
    """A cache that keeps what it is given, whatever cache the tests run with."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": "test-undo-words"}}
    from django.core.cache import cache

    cache.clear()


def test_undo_and_redo_name_the_tops_of_their_stacks_after_every_change_with_a_kept_cache(
        client, make_sheet, kept, django_capture_on_commit_callbacks):
    """The words of undo and redo are kept per pair of stack tops: after an undo, a redo and a
    new deal the page names what each would revert now, never what it named before; at an
    unchanged revision the page reads them from the cache, not from the history."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    sheet = make_sheet(entries=THREE_DEALS)
    url = reverse("sheet", args=[sheet.edit_token])

    def buttons() -> tuple[str, str, bool, bool]:
        html = page(client.get(url))
        undo = re.search(r'class="secondary" ?(disabled)? title="([^"]*)">↶', html)
        redo = re.search(r'class="secondary" ?(disabled)? title="([^"]*)">↷', html)
        assert undo and redo
        return undo[2], redo[2], not undo[1], not redo[1]

    def write(action, **extra):
        sheet.refresh_from_db()
        with django_capture_on_commit_callbacks(execute=True):
            action(sheet.pk, revision=sheet.revision, key=new_key(), device=PHONE, **extra)

    assert buttons() == ("row 3 (Deal)", "", True, False)
    with CaptureQueriesContext(connection) as seen:
        assert buttons() == ("row 3 (Deal)", "", True, False)
    assert not [q for q in seen.captured_queries if "entrychange" in q["sql"]]
    write(services.undo)
    assert buttons() == ("row 2 (Deal)", "row 3 (Deal)", True, True)
    write(services.undo)
    assert buttons() == ("row 1 (Deal)", "row 2 (Deal)", True, True)
    write(services.redo)
    assert buttons() == ("row 2 (Deal)", "row 3 (Deal)", True, True)
    write(services.add_entry, entry=THREE_DEALS[2])  # a new change clears the redo stack
    assert buttons() == ("row 3 (Deal)", "", True, False)


def test_the_pages_script_is_told_where_to_go_and_a_lost_answer_sent_again_changes_nothing(
    client, make_sheet
):
    """The script sends undo itself (so that it can send it again when the answer is lost):
    it gets a 204 naming the sheet, and the same key sent again undoes nothing more."""
    sheet = make_sheet(entries=THREE_DEALS)
    data = {"revision": sheet.revision, "key": new_key()}
    url = reverse("undo", args=[sheet.edit_token])
    first = client.post(url, data, HTTP_X_LISTEK_RESEND="1")
    assert first.status_code == 204
    assert first["X-Listek-Go"] == reverse("sheet", args=[sheet.edit_token])
    again = client.post(url, data, HTTP_X_LISTEK_RESEND="1")
    assert again.status_code == 204
    assert len(stored(sheet)) == 2
    assert client.post(url, {"revision": 0, "key": new_key()}).status_code != 204
