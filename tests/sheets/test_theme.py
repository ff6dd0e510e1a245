"""The theme toggle (/theme/<name>/): a remembered cookie the pages are written with."""

from __future__ import annotations

from django.urls import reverse

from tests.sheets.helpers import page


def test_no_choice_follows_the_phone(client):
    html = page(client.get(reverse("home")))
    assert "data-theme" not in html.split("<head>")[0]
    assert '<meta name="color-scheme" content="light dark">' in html


def test_the_toggle_is_remembered_for_a_year_and_goes_back(client):
    response = client.get(reverse("choose_theme", args=["dark"]) + "?next=/new/")
    assert response.status_code == 302 and response["Location"] == "/new/"
    cookie = response.cookies["listek_theme"]
    assert cookie.value == "dark" and int(cookie["max-age"]) == 365 * 24 * 3600
    html = page(client.get(reverse("home")))
    assert '<html lang="en" data-theme="dark">' in html
    assert '<meta name="color-scheme" content="dark">' in html


def test_the_toggle_never_sends_the_player_elsewhere(client):
    response = client.get(reverse("choose_theme", args=["light"]) + "?next=https://evil.example/")
    assert response["Location"] == "/"


def test_an_unknown_theme_is_404_and_a_forged_cookie_is_ignored(client):
    assert client.get(reverse("choose_theme", args=["neon"])).status_code == 404
    client.cookies["listek_theme"] = '"><script>'
    assert "data-theme" not in page(client.get(reverse("home"))).split("<head>")[0]
