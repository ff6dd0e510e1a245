"""Languages that are right, in a real browser at phone size: the choice is remembered, the
printout speaks the reader's language, German and Czech wording, one set of suit names."""

from __future__ import annotations

import os
import re
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


def test_german_says_who_gives_and_binokel_names_its_suits_one_way(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(ruleset="binokel", players=["Anna", "Bea", "Cem"])
    page = phone.new_page()
    page.goto(live_server.url + "/i18n/de/?next=/")
    page.goto(live_server.url + reverse("entry_new", args=[sheet.edit_token, "deal"]))
    assert "gibt als Nächstes" in page.locator(".totals-strip").inner_text()
    trumps = page.locator(".trump-field").inner_text()
    page.goto(live_server.url + reverse("referee", args=[sheet.edit_token]))
    referee = page.locator("main").inner_text()
    for suit in ("Herz", "Eckstein", "Kreuz", "Schippe"):  # the deck's names, as on the rules page
        assert suit in trumps and suit in referee
    assert "Karo" not in trumps and "Pik" not in trumps


def test_a_game_for_exactly_three_asks_for_the_three_names(live_server: Any, phone: Any) -> None:
    page = phone.new_page()
    page.goto(live_server.url + "/new/?ruleset=binokel")
    help_text = page.locator("main").inner_text()
    assert "Type the 3 names clockwise" in help_text and "3 to 3" not in help_text
    page.goto(live_server.url + "/i18n/cs/?next=/new/%3Fruleset%3Dmarias")
    assert "Zadejte 3 až 4 jména" in page.locator("main").inner_text()


def test_the_printout_names_the_winner_once(
    live_server: Any, phone: Any, tmp_path: Path
) -> None:
    from scoresheet.exports import documents as exports
    from tests.sheets.golden_docs import golden_named

    sheet = exports.import_sheet(golden_named("ru/barrel-win"))
    page = phone.new_page()
    page.goto(live_server.url + reverse("print", args=[sheet.edit_token]))
    verdict = page.locator(".verdict").inner_text()
    assert verdict.count("Anna") == 1 and "wins" in verdict


def test_a_house_rule_chip_keeps_its_label_and_value_apart(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet(options={"barrel_at": 900})
    page = phone.new_page()
    page.goto(live_server.url + reverse("sheet", args=[sheet.edit_token]))
    assert page.locator(".chip").first.inner_text() == "Barrel: 900"


@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_rules_page_speaks_to_players(
    live_server: Any, phone: Any, make_sheet: Any, language: str
) -> None:
    sheet = make_sheet(ruleset="marias", players=["Anna", "Bea", "Cem"],
                       options={"max_fleks": 2})
    page = phone.new_page()
    page.goto(live_server.url + f"/i18n/{language}/?next=/")
    page.goto(live_server.url + reverse("table_rules", args=[sheet.edit_token]))
    words = page.locator("main").inner_text()
    words = words.split(page.locator(".share-rules").inner_text())[0]
    for internal in (r"\b[a-z]+_[a-z_]+\b", r"\bseed\b", r"RULES\.md", r"FORMAT\.md",
                     r"rules/marias\.py", r"\bnull\b", r"\bdeltas\b", r"\bledger\b"):
        assert not re.search(internal, words, re.I), internal
    label = {"en": "Highest flek", "cs": "Nejvyšší flek"}[language]
    row = page.locator("#option-max_fleks")
    assert row.locator(".label").inner_text().startswith(label[:6])
