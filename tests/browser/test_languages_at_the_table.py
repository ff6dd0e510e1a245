"""Languages that are right, in a real browser at phone size: the choice is remembered, the
printout speaks the reader's language, German and Czech wording, one set of suit names."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from tests.conftest import deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

YEAR = 365 * 24 * 3600


def pdf_words(pdf: bytes, tmp_path: Path) -> str:
    source = tmp_path / "sheet.pdf"
    source.write_bytes(pdf)
    text = subprocess.run(["pdftotext", str(source), "-"], check=True, capture_output=True,
                          text=True).stdout
    return " ".join(text.split())


def test_the_language_tapped_is_remembered_after_the_browser_is_closed(
    live_server: Any, phone: Any
) -> None:
    page = phone.new_page()
    page.goto(live_server.url + "/")
    page.locator('nav.languages a[hreflang="ru"]').click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "ru"
    cookie = next(c for c in phone.cookies() if c["name"] == "django_language")
    assert cookie["value"] == "ru"
    # a session cookie (expires -1) is gone when the phone's browser ends the session
    assert cookie["expires"] > time.time() + YEAR


def test_a_russian_pdf_prints_russian_labels(
    live_server: Any, phone: Any, make_sheet: Any, tmp_path: Path
) -> None:
    sheet = make_sheet(entries=[deal(1, 120, [30, 75, 15], {1: ["hearts"]})])
    page = phone.new_page()
    page.goto(live_server.url + "/")
    page.locator('nav.languages a[hreflang="ru"]').click()
    page.wait_for_load_state()
    page.goto(live_server.url + reverse("print", args=[sheet.edit_token]))
    link = page.get_by_role("link", name="Скачать PDF")
    response = page.request.get(live_server.url + link.get_attribute("href"))
    words = pdf_words(response.body(), tmp_path)
    assert "Итого" in words and "Total" not in words


def test_setup_compiles_the_catalogs_so_that_every_way_of_starting_speaks_every_language() -> None:
    root = Path(__file__).resolve().parents[2]
    compiled = sorted(root.glob("locale/*/LC_MESSAGES/django.mo"))
    assert len(compiled) == 5
    long_ago = time.time() - YEAR
    for mo in compiled:
        os.utime(mo, (long_ago, long_ago))
    subprocess.run(["bash", "scripts/setup"], cwd=root, check=True, capture_output=True)
    for mo in compiled:
        assert mo.stat().st_mtime > long_ago + YEAR / 2, mo
        assert mo.stat().st_mtime >= (mo.with_suffix(".po")).stat().st_mtime
