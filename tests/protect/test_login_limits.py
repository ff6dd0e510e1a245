"""Logins are limited per username (password guessing from many addresses) and per address (a
pub's phones share one), counted after the CSRF check (scoresheet/protect/ratelimit.py); the
language cookie is Secure in production as the session cookie is."""

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


@override_settings(LOGIN_PER_USERNAME=3, LOGIN_PER_ADDRESS=1000, RATELIMIT_CLIENT=1000)
def test_one_username_is_guessed_at_most_n_times_an_hour_from_any_address(db: None) -> None:
    assert [guess(f"192.0.2.{n}", "Anna") for n in range(3)] == [200, 200, 200]
    refused = Client(REMOTE_ADDR="192.0.2.99").post(
        "/accounts/login/", {"username": "ANNA", "password": "x"})  # any case, any address
    # counted in hours: the window ends 40 minutes after the clock's second (tests/conftest.py)
    assert refused.status_code == 429 and refused["Retry-After"] == "2378"
    assert "Too many login attempts for this account" in text(page(refused))
    assert guess("192.0.2.99", "Boris") == 200  # another account is not locked


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
