"""README starts with what a player does, then the two commands, then the rest; and what it tells
a player to tap is on the pages, at 360 px, in that order: start a sheet, hand the QR code round,
write a deal, the referee and the settle-up."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

README = Path(__file__).resolve().parents[2] / "README.md"


def sections() -> list[tuple[str, str]]:
    parts = re.split(r"^## (.+)$", README.read_text(encoding="utf-8"), flags=re.M)
    return list(zip(parts[1::2], parts[2::2], strict=True))


def fits(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_readme_starts_with_the_players_steps_then_the_two_commands() -> None:
    (first, steps), (second, commands) = sections()[:2]
    assert first == "At the table"
    assert re.search(r"starts a sheet", steps) and re.search(r"hands the QR code round", steps)
    assert second == "Two commands"
    run, test = commands.index("    bash scripts/run --table"), commands.index(
        "    bash scripts/test")
    assert run < test
    assert "docs/deployment.md" in commands and "LISTEK_ADDR" in commands


def test_what_readme_tells_a_player_to_tap_is_there_at_360_px(
        live_server: Any, phone: Any, second_phone: Any) -> None:
    steps = sections()[0][1]
    for label in ("New sheet", "Share", "+ Deal", "Write it down", "Was it legal?",
                  "Review a deal", "Settle up"):
        assert f'"{label}"' in steps
    page = phone.new_page()
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="+ New sheet").click()
    page.locator("label.preset", has=page.locator("input[value=marias]")).click()
    page.wait_for_load_state("networkidle")  # the form follows the game chosen
    for seat, name in enumerate(("Jarda", "Pepa", "Franta")):
        page.fill(f"#id_player_{seat}", name)
    page.check("#id_first_dealer_0")
    expect(page.locator("#id_player_2")).to_have_value("Franta")  # nothing swapped it away
    assert fits(page)
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))
    for link in ("+ Deal", "Was it legal?", "Settle up"):
        expect(page.get_by_role("link", name=link).first).to_be_visible()
    assert fits(page)

    page.get_by_role("link", name="Share", exact=True).click()
    expect(page.locator("svg").first).to_be_visible()  # the QR code to hand round
    read = page.locator("a[href*='/v/']").first.get_attribute("href")
    assert read is not None
    assert fits(page)
    friend = second_phone.new_page()
    friend.goto(read if read.startswith("http") else live_server.url + read)
    expect(friend.locator("#live-head")).to_contain_text("Franta")
    assert fits(friend)

    page.go_back()
    page.get_by_role("link", name="Was it legal?").first.click()
    expect(page.get_by_role("link", name="Review a deal")).to_be_visible()
