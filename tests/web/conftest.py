"""Settings for the view tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Accounts in tests need no slow password hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
