"""The rules page of every preset fits a 360 px phone in every language, with house rules that
put every option at a value of its own (highlighted values, money in crowns, this table's value
beside the text's) and the folded sections open: nothing scrolls sideways."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from scoresheet.sheets import services
from tests.browser.test_no_overflow import LONG_NAMES, OVERFLOW
from tests.playwright_fixtures import PHONE
from tests.referee.test_rules_page_reads_like_a_rule_book import house_rules

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "cs", "de", "pl", "ru")


def sheets() -> list[Any]:
    made = []
    for ruleset in rules.rulesets():
        for options in [{}, *house_rules(ruleset)]:
            made.append(services.create_sheet(
                ruleset=ruleset, options=options, first_dealer=0,
                players=list(LONG_NAMES[:options.get("players", 3)]),
            ))
    return made


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_page_fits_the_phone(live_server: Any, chromium: Any, language: str) -> None:
    context = chromium.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                                   has_touch=True, locale=language, service_workers="block")
    wide: dict[str, list[str]] = {}
    try:
        page = context.new_page()
        for sheet in sheets():
            url = f"/s/{sheet.edit_token}/rules/"
            response = page.goto(live_server.url + url)
            assert response is not None and response.status == 200, url
            assert page.evaluate("document.documentElement.lang") == language
            page.evaluate("document.querySelectorAll('main details').forEach(d => d.open = true)")
            found = page.evaluate(OVERFLOW)
            if found:
                wide[f"{sheet.ruleset} {sheet.options}"] = found
    finally:
        context.close()
    assert wide == {}
