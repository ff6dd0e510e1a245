"""htmx comes after the first paint (static/js/later.js), so a quick scorer on slow pub Wi-Fi can
type a whole deal before it arrives: the live preview catches up with what was typed as soon as
htmx is there, without another keystroke."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_what_was_typed_before_htmx_arrived_is_previewed_when_it_comes(
    live_server: Any, phone: Any, make_sheet: Any
) -> None:
    sheet = make_sheet()
    page = phone.new_page()
    held: list[Any] = []
    page.route("**/htmx.min*.js", lambda route: held.append(route))  # the slow download
    page.goto(live_server.url + reverse("entry_new", args=[sheet.edit_token, "deal"]))
    page.check("#id_declarer_1")
    page.fill("#id_contract", "100")
    page.fill("#id_points_0", "50")
    page.fill("#id_points_1", "20")
    assert len(held) == 1
    assert page.evaluate("typeof window.htmx") == "undefined"
    expect(page.locator("#preview")).not_to_contain_text("→")

    held[0].continue_()  # htmx arrives; nothing more is typed
    expect(page.locator("#preview")).to_contain_text("→")


def test_a_preset_tapped_as_htmx_starts_is_sent_once(live_server: Any, phone: Any) -> None:
    """htmx listens as soon as its script has run and announces itself (htmx:load) a moment
    later: a preset tapped in between is sent by htmx itself, not once more by later.js, whose
    second swap would land over the house rules typed meanwhile."""
    page = phone.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/t/new/?" in r.url else None)

    def tapped_at_once(route: Any) -> None:  # the tap lands right after htmx's script has run
        script = route.fetch().text()
        route.fulfill(content_type="text/javascript", body=script + (
            "\ndocument.querySelector('input[name=ruleset][value=tisic]').click();"))

    page.route("**/htmx.min*.js", tapped_at_once)
    page.goto(live_server.url + "/t/new/")
    expect(page.locator("input[name=options_for]")).to_have_value("tisic")
    page.wait_for_timeout(500)  # (time for a second request, were one sent)
    assert len(asked) == 1, asked
