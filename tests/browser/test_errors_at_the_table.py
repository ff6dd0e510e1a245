"""Errors a hurried scorer understands, where he looks, in a real browser at phone size: a refused
row opens on a summary and on its first wrong field, keeps its preview and what was typed; the
number keyboard's Enter moves on and never sends a half-filled form; no grey number in an empty
contract field."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoresheet.sheets.models import Entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def deal_form(page: Any, base: str, sheet: Any) -> None:
    page.goto(base + reverse("entry_new", args=[sheet.edit_token, "deal"]))


def visible_above_the_bar(page: Any, selector: str) -> bool:
    """The element is on screen and not hidden behind the sticky "Write it down" bar."""
    box = page.locator(selector).bounding_box()
    bar = page.locator(".submit").bounding_box()
    if box is None or bar is None:
        return False
    return box["y"] >= 0 and box["y"] + box["height"] <= bar["y"]


def test_a_refused_row_opens_on_a_summary_and_its_first_wrong_field(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet()
    page = phone.new_page()
    deal_form(page, live_server.url, sheet)
    # the contract and two players' points, but nobody tapped as the declarer
    page.fill("#id_contract", "120")
    page.fill("#id_points_0", "30")
    page.fill("#id_points_1", "75")
    page.locator("#preview").get_by_text("Still missing").wait_for()
    page.get_by_role("button", name="Write it down").click()
    page.locator("#form-summary").wait_for()

    summary = page.locator("#form-summary")
    expect(summary).to_contain_text("Not written yet: 1 thing to fix.")
    expect(summary.get_by_role("link", name="Who played? Tap a name.")).to_have_attribute(
        "href", "#id_declarer_0")
    # the first wrong field has the focus, in view above the sticky bar
    assert page.evaluate("document.activeElement.id") == "id_declarer_0"
    assert visible_above_the_bar(page, "#id_declarer_0")
    # what was typed and the preview stay
    expect(page.locator("#id_contract")).to_have_value("120")
    expect(page.locator("#preview")).to_contain_text("Still missing")
    expect(page.locator("#fill-2")).to_have_text("15")
    assert not Entry.objects.exists()


def test_a_row_the_engine_refuses_keeps_its_objection_in_the_preview(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet()
    page = phone.new_page()
    deal_form(page, live_server.url, sheet)
    page.check("#id_declarer_1")
    page.fill("#id_contract", "95")  # below the opening bid of 100
    page.fill("#id_points_0", "30")
    page.fill("#id_points_1", "75")
    page.locator("#preview .objection").wait_for()
    page.get_by_role("button", name="Write it down").click()
    page.locator("#form-summary").wait_for()
    expect(page.locator("#form-summary")).to_be_visible()
    assert page.evaluate("document.activeElement.id") == "id_contract"
    assert visible_above_the_bar(page, "#id_contract")
    expect(page.locator("#preview .objection")).to_contain_text("95")
    assert not Entry.objects.exists()


def test_enter_on_the_number_keyboard_moves_on_and_never_sends(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet()
    page = phone.new_page()
    deal_form(page, live_server.url, sheet)
    url = page.url
    expect(page.locator("#id_contract")).to_have_attribute("enterkeyhint", "next")
    page.check("#id_declarer_1")
    page.fill("#id_contract", "120")
    page.press("#id_contract", "Enter")
    assert page.evaluate("document.activeElement.id") == "id_points_0"
    page.keyboard.type("30")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "id_points_1"
    page.keyboard.press("Enter")  # half-filled: Boris's points are still empty
    page.keyboard.press("Enter")
    assert page.url == url
    assert page.evaluate("document.activeElement.tagName") == "BUTTON"
    # the row's note, seldom written, is passed by; Enter in it goes to the button too
    page.fill("#id_row_note", "Petr left at 22:30")
    page.press("#id_row_note", "Enter")
    assert page.evaluate("document.activeElement.tagName") == "BUTTON"
    assert page.url == url
    assert not Entry.objects.exists()
    assert page.locator("#form-summary").count() == 0


def test_an_empty_contract_field_shows_no_grey_number(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    for ruleset in ("ru", "binokel"):
        sheet = make_sheet(ruleset=ruleset)
        page = phone.new_page()
        deal_form(page, live_server.url, sheet)
        field = page.locator("#id_contract, #id_bid")
        expect(field).to_have_value("")
        assert not re.search(r"\d", field.get_attribute("placeholder") or "")


@pytest.mark.parametrize("language", ["cs", "ru"])
def test_an_empty_row_is_refused_in_the_players_words(
    live_server: Any, phone: Any, make_sheet: Any, language: str
) -> None:
    sheet = make_sheet(players=["Šárka", "Přemysl", "Ludmila"])
    page = phone.new_page()
    page.goto(live_server.url + f"/i18n/{language}/?next=/")
    deal_form(page, live_server.url, sheet)
    page.locator("button.primary.big[type=submit]").click()
    page.locator("#form-summary").wait_for()
    words = page.locator("main").inner_text()
    required = {"cs": "Toto pole je třeba vyplnit", "ru": "Обязательное поле"}[language]
    hint = {"cs": "Zadejte body v kartách všech hráčů kromě jednoho.",
            "ru": "Введите очки за карты всех игроков, кроме одного."}[language]
    assert required not in words
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", words)
    assert not re.search(r"(?i)(hráč|игрок\w*) \d", words)
    errors = page.locator(".field .error, .seat-row .error, fieldset > .error").all_inner_texts()
    assert errors.count(hint) == 1  # once, not under every player
