"""Real Chromium (Debian's /usr/bin/chromium) driven by Playwright at a phone's size."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM (live_server's test
# database set-up and the tests' own queries) must be allowed to run next to it.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = os.environ.get("LISTEK_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 740}  # a small Android phone, held in one hand
SCREENSHOTS = os.environ.get("LISTEK_SCREENSHOTS", "")  # e.g. docs/screenshots: keep them


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def _phone(chromium: Any) -> Iterator[Any]:
    """A fresh phone (its own cookies) showing pages at 360 x 740."""
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                   has_touch=True, locale="en")
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def phone(chromium: Any) -> Iterator[Any]:
    """The phone that keeps the sheet."""
    yield from _phone(chromium)


@pytest.fixture
def second_phone(chromium: Any) -> Iterator[Any]:
    """Another phone at the table, watching or writing the same sheet."""
    yield from _phone(chromium)


@pytest.fixture
def shot(tmp_path: Path) -> Any:
    """Save a screenshot of ``page`` as NAME.png (in docs/screenshots when asked to keep them)."""
    folder = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path

    def take(page: Any, name: str, *, full_page: bool = False) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        assert path.stat().st_size > 1000
        return path

    return take
