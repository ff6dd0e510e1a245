"""A real Chromium under the production Content-Security-Policy: htmx works (live preview,
polling) and no page of a game reports a single CSP violation.

The server is gunicorn with the production settings (DEBUG off, whitenoise's hashed static
files); every violation the browser sees is recorded by a `securitypolicyviolation` listener
installed before any page script runs, and by the console.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.protect.live import Database, Server

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(
  e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sourceFile || '') + ':' + e.lineNumber));
"""


PAGES = [  # every page of a Thousand sheet a player opens, and the pages around it
    "/s/{token}/share/", "/s/{token}/history/", "/s/{token}/entries/0/edit/",
    "/s/{token}/entries/0/delete/", "/s/{token}/export/", "/s/{token}/referee/",
    "/s/{token}/rules/", "/s/{token}/penalty/", "/s/{token}/print/", "/import/", "/stats/", "/",
]


def violations(page: Any, console: list[str]) -> list[str]:
    return list(page.evaluate("window.__csp")) + console


def scripts_loaded(page: Any) -> None:
    """htmx and the offline script come after the first paint (once the page has loaded):
    wait until htmx is there (on every page that loads it), so that what it does is seen and
    checked too."""
    page.wait_for_function("() => !document.querySelector('script[data-later]')"
                           " || typeof window.htmx === 'object'")


def test_no_csp_violation_while_a_deal_is_entered_previewed_and_polled(
    server_db: Database, start_server: Callable[..., Server], phone: Any
) -> None:
    server = start_server(server_db)
    base = f"http://127.0.0.1:{server.port}"
    phone.add_init_script(RECORD_VIOLATIONS)
    page = phone.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text)
            if "Content Security Policy" in m.text else None)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.method + " " + r.url))

    page.goto(base + "/new/")
    for seat, name in enumerate(["Anna", "Boris", "Vera"]):
        page.fill(f"#id_player_{seat}", name)
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))
    scripts_loaded(page)
    assert page.evaluate("typeof window.htmx") == "object"  # the script loaded under the CSP
    assert violations(page, console) == []

    page.get_by_role("link", name="+ Deal").click()
    scripts_loaded(page)
    page.check("#id_declarer_1")
    page.fill("#id_contract", "100")
    page.fill("#id_points_0", "50")
    page.fill("#id_points_1", "20")
    # The live preview is an htmx POST: its answer appears without a page load.
    page.locator("#preview").get_by_text("→").first.wait_for()
    assert any(r.startswith("POST ") and "/entries/new/deal/" in r for r in requests)
    assert violations(page, console) == []
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/#e0$"))
    scripts_loaded(page)

    # the sheet asks every 3 s whether it changed: wait for that request, not for the clock
    with page.expect_request(lambda r: "/table?rev=" in r.url, timeout=15_000):
        pass
    assert violations(page, console) == []

    token = page.url.split("/s/")[1].split("/")[0]
    for path in PAGES:
        page.goto(base + path.format(token=token))
        page.wait_for_load_state()
        scripts_loaded(page)
        assert violations(page, console) == [], path
