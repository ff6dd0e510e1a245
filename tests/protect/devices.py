"""Device cookies for the test client: a phone named by a short label, as the site signs it."""

from __future__ import annotations

from scoresheet.protect.device import signed


def device_id(label: str) -> str:
    """The 16-hex-digit device id of the phone called ``label`` (one id per label)."""
    return label.encode().hex().ljust(16, "0")[:16]


def device_cookie(label: str) -> str:
    """The signed cookie of the phone called ``label`` (scoresheet/protect/device.py)."""
    return signed(device_id(label))
