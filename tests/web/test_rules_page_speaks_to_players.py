"""The rules page and every help text speak to players: options by their label and value, no
source texts, spec files, module paths or JSON terms (those belong in docs/), in every language."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

import rules
from tests.web.helpers import page, text

LANGUAGES = [code for code, _name in settings.LANGUAGES]
NOT_FOR_PLAYERS = re.compile(
    r"\b[a-z]+_[a-z_]+\b"  # option codes, field names: max_fleks, flek_liability
    r"|\bseeds?\b|\bRULES\.md|\bFORMAT\.md|\b\w+\.py\b|\brules/\w|\bdocs/\w|\bJSON\b"
    r"|\bnull\b|\bdeltas?\b|\bledger\b|§\s*\d",
    re.I,
)


def rules_text(client: Client, sheet: Any, language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page(client.get(reverse("table_rules", args=[sheet.edit_token])))
    main = html[html.index("<main>"):html.index("</main>")]
    main = re.sub(r'<section class="share-rules.*?</section>', "", main, flags=re.S)
    return text(main)


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", list(rules.rulesets()))
def test_the_rules_page_speaks_to_players_in_every_language(
    client: Client, make_sheet: Any, ruleset: str
) -> None:
    sheet = make_sheet(ruleset=ruleset, players=["Anna", "Bea", "Cem"])
    found = []
    for language in LANGUAGES:
        words = rules_text(client, sheet, language)
        found += [f"{language}: …{words[max(m.start() - 40, 0):m.end() + 40]}…"
                  for m in NOT_FOR_PLAYERS.finditer(words)]
    assert found == [], "\n".join(found[:40]) + f"\n({len(found)} in all)"
