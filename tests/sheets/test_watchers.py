"""Watchers get what changed since their revision, and nothing is ever older than a write.

A watching phone polls the live table with the revision it shows.  Nothing new: 204.  Rows that
still line up with its own: only the new and changed rows, the totals, the header and the
outcome, each swapped in out of band (htmx ``hx-swap-oob``).  Rows removed or moved (a deleted
row, a correction that adds or drops an engine row): the whole live table.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from scoresheet.sheets import services
from tests.conftest import deal, new_key, quiet_deals
from tests.sheets.helpers import HX, THREE_DEALS, page, write_fields

DEVICE = services.Device(id="testphone", user_agent="pytest")
ROW_IDS = re.compile(r'<tr (?:hx-swap-oob="true" )?id="(e\d+(?:-\d+)?)"')


@pytest.fixture
def kept(settings: Any) -> None:
    """A cache that keeps what it is given, whatever cache the tests run with (the tests also
    pass with LISTEK_CACHE=dummy: then only these use one)."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": "test-watchers"}}
    from django.core.cache import cache

    cache.clear()


def poll(client: Any, sheet: Any, rev: int) -> Any:
    return client.get(reverse("sheet_read_table", args=[sheet.view_token]) + f"?rev={rev}", **HX)


def table_of(html: str) -> str:
    return html[html.index("<table"):html.index("</table>")]


def rows_in(html: str) -> list[str]:
    return ROW_IDS.findall(html)


def add(sheet: Any, entry: dict[str, Any], capture: Any) -> services.WriteResult:
    sheet.refresh_from_db()
    with capture(execute=True):  # the derived data is kept when the write commits
        return services.add_entry(sheet.pk, revision=sheet.revision, key=new_key(),
                                  device=DEVICE, entry=entry)


def correct(sheet: Any, position: int, entry: dict[str, Any], capture: Any) -> None:
    sheet.refresh_from_db()
    with capture(execute=True):
        services.update_entry(sheet.pk, revision=sheet.revision, key=new_key(), device=DEVICE,
                              position=position, entry=entry)


@pytest.mark.usefixtures("kept")
def test_a_watcher_one_deal_behind_gets_the_new_row_totals_and_dealer_only(
    client, make_sheet, django_capture_on_commit_callbacks
):
    sheet = make_sheet(entries=THREE_DEALS)
    client.get(reverse("sheet_read", args=[sheet.view_token]))  # the watcher's page
    add(sheet, quiet_deals(4)[3], django_capture_on_commit_callbacks)  # Boris fails 100
    response = poll(client, sheet, 3)
    html = page(response)
    assert response.status_code == 200
    assert response["HX-Reswap"] == "none"  # everything comes out of band
    assert "<section" not in html
    assert rows_in(html) == ["e3"]  # the new row only, appended to the table's body
    assert 'hx-swap-oob="beforeend:#live-rows"' in html
    totals = html[html.index('id="live-totals"'):]
    assert re.findall(r'class="sum[^"]*">(-?\d+)<', totals) == ["220", "85", "-30"]
    assert 'id="live-head" hx-swap-oob="true"' in html  # who deals next
    assert re.search(r'id="live-poll"[^>]*data-revision="4"[^>]*hx-swap-oob="true"', html)
    assert "?rev=4" in html  # the next poll asks with the new revision
    assert poll(client, sheet, 4).status_code == 204


@pytest.mark.usefixtures("kept")
def test_a_watcher_gets_the_outcome_when_the_game_ends(
    client, make_sheet, django_capture_on_commit_callbacks
):
    # Target 200, no barrel.  Deal 1 (hand-worked in THREE_DEALS): 30 / 120 / 15.
    sheet = make_sheet(entries=THREE_DEALS[:1], options={"barrel_at": 0, "target": 200})
    client.get(reverse("sheet_read", args=[sheet.view_token]))
    # Deal 2: Vera holds 100 and fails with 80: -100; Anna 20, Boris 20 -> 50 / 140 / -85.
    add(sheet, deal(2, 100, [20, 20, 80]), django_capture_on_commit_callbacks)
    # Deal 3: Boris outbids Anna's 100 with 120 and makes it (80 + hearts 100): 260, over 200.
    add(sheet, deal(1, 120, [20, 80, 20], {1: ["hearts"]}), django_capture_on_commit_callbacks)
    html = page(poll(client, sheet, 1))
    assert rows_in(html) == ["e1", "e2"]
    banner = html[html.index('id="live-banner"'):]
    assert "Game over" in banner and "Boris wins" in banner
    totals = html[html.index('id="live-totals"'):]
    assert re.findall(r'class="sum[^"]*">(-?\d+)<', totals) == ["70", "260", "-65"]


@pytest.mark.usefixtures("kept")
def test_a_correction_of_row_3_on_a_500_deal_sheet_reaches_a_watcher_as_the_changed_rows(
    client, make_sheet, django_capture_on_commit_callbacks
):
    """Row 3 written again with other card points that score the same: only row 3 changed."""
    sheet = make_sheet(entries=quiet_deals(500))
    client.get(reverse("sheet_read", args=[sheet.view_token]))
    before = sheet.revision
    # deal 3: Anna holds 100 and fails it with 20; Boris and Vera 50 each.  With 24 she still
    # fails (-100) and the defenders' 48 are written as 50 (nearest 5): the same deltas.
    correct(sheet, 2, deal(0, 100, [24, 48, 48]), django_capture_on_commit_callbacks)
    html = page(poll(client, sheet, before))
    assert rows_in(html) == ["e2"]
    assert "<section" not in html and len(html) < 8_000


@pytest.mark.usefixtures("kept")
def test_a_correction_that_changes_the_totals_sends_every_row_after_it(
    client, make_sheet, django_capture_on_commit_callbacks
):
    sheet = make_sheet(entries=quiet_deals(20))
    client.get(reverse("sheet_read", args=[sheet.view_token]))
    before = sheet.revision
    correct(sheet, 2, deal(0, 100, [20, 40, 60]), django_capture_on_commit_callbacks)
    html = page(poll(client, sheet, before))
    assert rows_in(html) == [f"e{i}" for i in range(2, 20)]  # rows 3..20: their totals moved
    assert "<section" not in html


def test_a_deleted_row_sends_the_whole_table(client, make_sheet):
    sheet = make_sheet(entries=THREE_DEALS)
    client.get(reverse("sheet_read", args=[sheet.view_token]))
    services.delete_entry(sheet.pk, revision=3, key=new_key(), device=DEVICE, position=2)
    html = page(poll(client, sheet, 3))
    assert html.lstrip().startswith('<section id="live"')
    assert rows_in(html) == ["e0", "e1"]


def test_a_watcher_behind_writes_whose_derived_data_was_never_kept_gets_the_whole_table(
    client, make_sheet, write
):
    """The writes here never keep their derived data (the test's transaction does not commit):
    the poll rebuilds and, not knowing which rows changed, sends every row."""
    sheet = make_sheet(entries=THREE_DEALS)
    for entry in quiet_deals(6)[3:]:
        write(sheet, entry)
    html = page(poll(client, sheet, 1))
    assert html.lstrip().startswith('<section id="live"')
    assert rows_in(html) == [f"e{i}" for i in range(6)]
    assert 'data-revision="6"' in html


def test_after_a_write_every_view_of_every_link_shows_it(client, make_sheet):
    """No page or poll shows a revision older than the one its own write returned."""
    sheet = make_sheet(entries=THREE_DEALS)
    edit = reverse("sheet", args=[sheet.edit_token])
    read = reverse("sheet_read", args=[sheet.view_token])
    for url in (edit, read):  # every view is cached at revision 3 first
        client.get(url)
        client.get(url + "table?rev=2", **HX)
    form_url = reverse("entry_new", args=[sheet.edit_token, "deal"])
    fields = write_fields(page(client.get(form_url)))
    posted = client.post(form_url, {**fields, "declarer": "1", "contract": "100",
                                    "points_0": "50", "points_1": "20", "points_2": "50"})
    assert posted.status_code == 302
    sheet.refresh_from_db()
    assert sheet.revision == 4
    views = [
        client.get(edit), client.get(read),
        client.get(edit + "table?rev=3", **HX), client.get(read + "table?rev=3", **HX),
        client.get(edit + "table?rev=0", **HX), client.get(read + "table"),
    ]
    for response in views:
        html = page(response)
        assert response.status_code == 200
        assert 'data-revision="4"' in html
        assert 'id="e3"' in html
    chart = client.get(reverse("sheet_read_chart", args=[sheet.view_token]), **HX)
    assert page(chart).count('class="chart-line"') == 3


@pytest.mark.parametrize("link", ["sheet", "sheet_read"])
@pytest.mark.usefixtures("kept")
def test_the_page_of_a_revision_already_shown_renders_no_row_and_replays_nothing(
    client, make_sheet, monkeypatch, link
):
    sheet = make_sheet(entries=quiet_deals(30))
    token = sheet.edit_token if link == "sheet" else sheet.view_token
    url = reverse(link, args=[token])
    first = page(client.get(url))
    import rules
    from scoresheet.sheets import derived

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("replayed or rendered a row again")

    monkeypatch.setattr(rules, "score", fail)
    monkeypatch.setattr(derived, "render_rows", fail)
    again = page(client.get(url))
    assert rows_in(again) == rows_in(first) and len(rows_in(again)) == 30


def test_without_a_cache_a_watcher_gets_the_whole_table_with_the_new_row(
    client, make_sheet, write, settings
):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    sheet = make_sheet(entries=THREE_DEALS)
    client.get(reverse("sheet_read", args=[sheet.view_token]))
    write(sheet, quiet_deals(4)[3])
    html = page(poll(client, sheet, 3))
    assert html.lstrip().startswith('<section id="live"')
    assert rows_in(html) == ["e0", "e1", "e2", "e3"]
    assert 'data-revision="4"' in html


@pytest.mark.usefixtures("kept")
def test_the_first_row_of_an_empty_sheet_reaches_both_the_page_and_a_watcher(
    client, make_sheet, django_capture_on_commit_callbacks
):
    sheet = make_sheet()
    for link, token in (("sheet", sheet.edit_token), ("sheet_read", sheet.view_token)):
        assert "No rows yet." in page(client.get(reverse(link, args=[token])))
    add(sheet, quiet_deals(1)[0], django_capture_on_commit_callbacks)
    html = page(poll(client, sheet, 0))
    assert html.lstrip().startswith('<section id="live"')  # the "no rows yet" line goes
    assert rows_in(html) == ["e0"] and "No rows yet." not in html
    for link, token in (("sheet", sheet.edit_token), ("sheet_read", sheet.view_token)):
        shown = page(client.get(reverse(link, args=[token])))
        assert rows_in(shown) == ["e0"] and 'data-revision="1"' in shown
    add(sheet, quiet_deals(2)[1], django_capture_on_commit_callbacks)
    assert rows_in(page(poll(client, sheet, 1))) == ["e1"]
    shown = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert rows_in(shown) == ["e0", "e1"]


@pytest.mark.usefixtures("kept")
def test_pages_after_every_kind_of_change_show_what_a_fresh_render_shows(
    client, make_sheet, django_capture_on_commit_callbacks, settings
):
    """Rows patched from the previous revision's rows equal rows rendered from scratch."""
    from django.core.cache import cache

    sheet = make_sheet(entries=THREE_DEALS)
    url = reverse("sheet", args=[sheet.edit_token])
    steps = [
        lambda: add(sheet, quiet_deals(4)[3], django_capture_on_commit_callbacks),
        lambda: correct(sheet, 1, deal(2, 100, [35, 25, 60]), django_capture_on_commit_callbacks),
        lambda: add(sheet, quiet_deals(5)[4], django_capture_on_commit_callbacks),
        lambda: services.delete_entry(sheet.pk, revision=sheet.revision, key=new_key(),
                                      device=DEVICE, position=4),
    ]
    client.get(url)
    for step in steps:
        sheet.refresh_from_db()
        step()
        patched = table_of(page(client.get(url)))
        cache.clear()
        assert patched == table_of(page(client.get(url)))
        assert 'id="e0"' in patched
