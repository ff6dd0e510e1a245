"""The rules reference in docs/rules/ explains every option of every preset."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize("ruleset", list(rules.rulesets()))
def test_every_option_of_the_preset_is_explained_in_docs_rules(ruleset: str) -> None:
    game = rules.game_of(ruleset)
    text = (DOCS / f"{game.name}.md").read_text(encoding="utf-8")
    missing = [s.name for s in rules.specs(rules.preset(ruleset)) if f"`{s.name}`" not in text]
    assert missing == []
