"""The home page (/): sheets in progress and finished, as this phone or account knows them."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.conftest import deal
from tests.sheets.helpers import THREE_DEALS, page, text

WIN = deal(1, 120, [30, 75, 15], {1: ["hearts"]})


def test_home_lists_the_sheets_this_phone_opened(client, make_sheet):
    playing = make_sheet(entries=THREE_DEALS)
    finished = make_sheet(players=["Dana", "Emil", "Filip"], entries=[WIN, WIN],
                          options={"target": 200, "barrel_at": 0})
    watched = make_sheet(players=["Gita", "Hugo", "Ivan"])
    make_sheet(players=["Jana", "Karel", "Lída"])  # somebody else's sheet
    client.get(reverse("home"))  # a phone that keeps the cookies it is given
    client.get(reverse("sheet", args=[playing.edit_token]))
    client.get(reverse("sheet", args=[finished.edit_token]))
    client.get(reverse("sheet_read", args=[watched.view_token]))
    html = page(client.get(reverse("home")))
    listed = text(html)
    playing_part = listed[listed.index("Playing"):listed.index("Finished")]
    finished_part = listed[listed.index("Finished"):]
    assert "Anna · Boris · Vera" in playing_part and "3 rows" in playing_part
    assert "Gita · Hugo · Ivan" in playing_part and "read-only" in playing_part
    assert "Dana · Emil · Filip" in finished_part
    assert "Jana" not in listed
    assert reverse("sheet", args=[playing.edit_token]) in html
    assert reverse("sheet_read", args=[watched.view_token]) in html
    assert watched.edit_token not in html


def test_home_of_a_new_phone_offers_a_new_sheet(client, db):
    html = page(client.get(reverse("home")))
    assert reverse("new_sheet") in html
    assert text(html).count("None.") == 2


def test_home_lists_the_accounts_sheets_on_any_phone(client, make_sheet):
    user = get_user_model().objects.create_user("anna", password="cards-and-pencil")
    mine = make_sheet(owner=user)
    client.force_login(user)
    html = page(client.get(reverse("home")))
    assert reverse("sheet", args=[mine.edit_token]) in html


def test_home_needs_get(client, db):
    assert client.post(reverse("home")).status_code == 405


def test_a_read_link_creates_no_session_for_a_client_without_cookies(client, make_sheet):
    from django.contrib.sessions.models import Session

    from scoresheet.protect.device import DEVICE_COOKIE
    from scoresheet.sheets.views.access import DEVICE_COOKIE as SAME_COOKIE

    assert SAME_COOKIE == DEVICE_COOKIE
    watched = make_sheet(players=["Gita", "Hugo", "Ivan"])
    for _ in range(5):  # a crawler, a link preview, a flood: no cookie sent, no session row
        fresh = Client()
        assert fresh.get(reverse("sheet_read", args=[watched.view_token])).status_code == 200
    assert not Session.objects.exists()
    client.get(reverse("sheet_read", args=[watched.view_token]))  # a phone's first visit...
    assert not Session.objects.exists()
    client.get(reverse("sheet_read", args=[watched.view_token]))  # ...and its next one
    assert Session.objects.count() == 1
    assert "Gita · Hugo · Ivan" in text(page(client.get(reverse("home"))))


def test_an_edit_link_creates_no_session_for_a_client_without_cookies(client, make_sheet):
    from django.contrib.sessions.models import Session

    playing = make_sheet()
    for _ in range(5):  # a flood of cookie-less reads of the edit link: no session row
        assert Client().get(reverse("sheet", args=[playing.edit_token])).status_code == 200
    assert not Session.objects.exists()
    client.get(reverse("sheet", args=[playing.edit_token]))  # a phone's first visit...
    client.get(reverse("sheet", args=[playing.edit_token]))  # ...and its next one
    assert Session.objects.count() == 1
    assert "Anna · Boris · Vera" in text(page(client.get(reverse("home"))))


def test_a_made_up_cookie_creates_no_session(make_sheet):
    from django.contrib.sessions.models import Session
    from django.utils.crypto import get_random_string

    from scoresheet.protect.device import DEVICE_COOKIE

    sheet = make_sheet()
    for link in [reverse("sheet_read", args=[sheet.view_token]),
                 reverse("sheet", args=[sheet.edit_token])] * 3:
        stranger = Client()  # keeps none of the cookies it is given: each request a new one
        stranger.cookies["sessionid"] = get_random_string(32)  # no session of ours
        stranger.cookies[DEVICE_COOKIE] = get_random_string(40)  # not signed by the site
        assert stranger.get(link).status_code == 200
    assert not Session.objects.exists()
