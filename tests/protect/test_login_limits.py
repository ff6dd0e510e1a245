"""Logins are limited per username and address (password guessing locks the guessing network
out, never the owner on another), slowed to a pace per username from anywhere, and limited per
address (a pub's phones share one), counted after the CSRF check
(scoresheet/protect/ratelimit.py); the language cookie is Secure in production as the session
cookie is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client, override_settings

from tests.sheets.helpers import page, text

pytestmark = [pytest.mark.postgres, pytest.mark.usefixtures("mid_window")]
ROOT = Path(__file__).resolve().parents[2]


def guess(address: str, username: str) -> int:
    return Client(REMOTE_ADDR=address).post(
        "/accounts/login/", {"username": username, "password": "wrong"}).status_code


@override_settings(LOGIN_PER_USERNAME=3, LOGIN_PACE=1000, LOGIN_PER_ADDRESS=1000,
                   RATELIMIT_CLIENT=1000)
def test_wrong_passwords_lock_out_their_network_but_never_the_owner_on_another(
    db: None,
) -> None:
    from django.contrib.auth.models import User

    User.objects.create_user("anna", password="the-right-one-2026")
    assert [guess("192.0.2.7", "anna") for _ in range(3)] == [200, 200, 200]
    refused = Client(REMOTE_ADDR="192.0.2.7").post(
        "/accounts/login/", {"username": "ANNA", "password": "the-right-one-2026"})
    # counted in hours: the window ends 40 minutes after the clock's second (tests/conftest.py)
    assert refused.status_code == 429 and refused["Retry-After"] == "2378"
    said = text(page(refused))
    assert "Too many wrong passwords were tried for this account from your network" in said
    assert "the account's owner can still log in" in said
    owner = Client(REMOTE_ADDR="198.51.100.20")  # the owner, on the phone's mobile data
    answer = owner.post("/accounts/login/", {"username": "anna",
                                            "password": "the-right-one-2026"})
    assert answer.status_code == 302 and "_auth_user_id" in owner.session
    assert guess("192.0.2.7", "boris") == 200  # another account from that network is not locked


@override_settings(LOGIN_PER_USERNAME=1000, LOGIN_PACE=3, LOGIN_PER_ADDRESS=1000,
                   RATELIMIT_CLIENT=1000)
def test_guesses_from_many_networks_are_slowed_down_to_a_pace(db: None) -> None:
    assert [guess(f"192.0.2.{n}", "anna") for n in range(3)] == [200, 200, 200]
    slowed = Client(REMOTE_ADDR="203.0.113.3").post(
        "/accounts/login/", {"username": "Anna", "password": "x"})
    assert slowed.status_code == 429 and 1 <= int(slowed["Retry-After"]) <= 60
    assert "so they are slowed down" in text(page(slowed))
    assert guess("203.0.113.3", "boris") == 200  # another account keeps its own pace


@override_settings(LOGIN_PER_USERNAME=1000, LOGIN_PER_ADDRESS=4, RATELIMIT_CLIENT=1000)
def test_one_address_has_a_login_ceiling(db: None) -> None:
    assert [guess("198.51.100.9", f"user{n}") for n in range(5)] == [200] * 4 + [429]
    assert guess("198.51.100.10", "user0") == 200


def test_the_language_cookie_is_secure_in_production() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "LISTEK_"))}
    env.update(DJANGO_DEBUG="false", DJANGO_SECRET_KEY="k" * 10 + "abcdefghij" * 5)
    code = ("import json, scoresheet.settings as s; print(json.dumps([s.LANGUAGE_COOKIE_SECURE,"
            " s.LANGUAGE_COOKIE_HTTPONLY, s.SESSION_COOKIE_SECURE]))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True, timeout=60).stdout
    assert json.loads(out) == [True, True, True]
