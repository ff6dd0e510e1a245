"""Optional accounts (/accounts/signup/, /accounts/login/, /s/<token>/keep/, /s/<token>/drop/)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoresheet.sheets.models import Sheet
from tests.sheets.helpers import page, text

PASSWORD = "cards-and-pencil-42"


@pytest.fixture
def anna(db):
    return get_user_model().objects.create_user("anna", password=PASSWORD)


def test_signup_creates_the_account_and_logs_in(client, db):
    html = page(client.get(reverse("signup")))
    assert 'name="username"' in html and 'name="password1"' in html
    response = client.post(reverse("signup"), {"username": "boris", "password1": PASSWORD,
                                               "password2": PASSWORD})
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="boris").exists()
    assert "boris" in text(page(client.get(reverse("home"))))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"username": "", "password1": PASSWORD, "password2": PASSWORD},
         "This field is required."),
        ({"username": "anna", "password1": PASSWORD, "password2": PASSWORD},
         "A user with that username already exists."),
        ({"username": "vera", "password1": PASSWORD, "password2": "other"},
         "The two password fields didn"),
        ({"username": "vera", "password1": "abc", "password2": "abc"},
         "This password is too short."),
    ],
)
def test_signup_refuses_bad_input(client, anna, data, message):
    response = client.post(reverse("signup"), data)
    assert response.status_code == 400
    assert message in text(page(response))


def test_login_and_logout(client, anna):
    assert 'name="password"' in page(client.get(reverse("login")))
    bad = client.post(reverse("login"), {"username": "anna", "password": "wrong"})
    assert bad.status_code == 200 and "Please enter a correct username and password" in page(bad)
    good = client.post(reverse("login"), {"username": "anna", "password": PASSWORD})
    assert good.status_code == 302
    assert client.post(reverse("logout")).status_code == 302
    assert "Log in" in page(client.get(reverse("home")))


def test_a_sheet_started_while_logged_in_is_kept_in_the_account(client, anna):
    client.force_login(anna)
    client.post(reverse("new_sheet"), {"ruleset": "ru", "first_dealer": "0",
                                       "player_0": "Anna", "player_1": "Boris",
                                       "player_2": "Vera"})
    sheet = Sheet.objects.get()
    assert sheet.owner == anna and list(sheet.keepers.all()) == [anna]


def test_keep_puts_a_sheet_into_the_account(client, anna, make_sheet):
    sheet = make_sheet()
    client.force_login(anna)
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert "Keep this sheet in my account" in html
    response = client.post(reverse("keep", args=[sheet.edit_token]))
    assert response.status_code == 302
    assert list(anna.kept_sheets.all()) == [sheet]


def test_keep_without_an_account_asks_to_log_in(client, make_sheet):
    sheet = make_sheet()
    response = client.post(reverse("keep", args=[sheet.edit_token]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert not sheet.keepers.exists()


def test_drop_takes_the_sheet_off_the_lists_but_keeps_it(client, anna, make_sheet):
    sheet = make_sheet(owner=anna)
    client.force_login(anna)
    client.get(reverse("sheet", args=[sheet.edit_token]))
    assert client.post(reverse("drop", args=[sheet.edit_token])).status_code == 302
    assert reverse("sheet", args=[sheet.edit_token]) not in page(client.get(reverse("home")))
    assert Sheet.objects.filter(pk=sheet.pk).exists()


def test_keep_and_drop_need_the_edit_link(client, anna, make_sheet):
    sheet = make_sheet()
    client.force_login(anna)
    assert client.post(reverse("keep", args=[sheet.view_token])).status_code == 404
    assert client.post(reverse("drop", args=[sheet.view_token])).status_code == 404
