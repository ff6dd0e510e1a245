"""No template writes words outside ``{% translate %}`` / ``{% blocktranslate %}``.

A static look at every template, page or not, so that a screen the crawl of
tests/i18n/test_every_string_is_translatable.py does not reach is checked too: the text between
tags and the attributes a reader sees (title, placeholder, aria-label, alt) must hold no word
that is not inside a translation tag or a variable.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
COMMENT = re.compile(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", re.S)
BLOCK = re.compile(r"{%\s*blocktrans(?:late)?\b.*?{%\s*endblocktrans(?:late)?\s*%}", re.S)
TAG = re.compile(r"{%.*?%}|{{.*?}}|{#.*?#}", re.S)
CODE = re.compile(r"<(script|style|code)\b.*?</\1>", re.S)
SHOWN = re.compile(r'\b(?:title|placeholder|aria-label|alt)="([^"]*)"')
HTML_TAG = re.compile(r"<[^>]*>", re.S)
WORD = re.compile(r"[^\W\d_]{2,}")
BRAND = {"Lístek"}  # the app's name is the same in every language


def words_outside(source: str) -> list[str]:
    source = CODE.sub(" ", BLOCK.sub(" ", COMMENT.sub(" ", source)))
    shown = [TAG.sub(" ", value) for value in SHOWN.findall(source)]
    text = HTML_TAG.sub(" ", TAG.sub(" ", source))
    return [w for piece in [text, *shown] for w in WORD.findall(piece) if w not in BRAND]


@pytest.mark.parametrize(
    "path", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: str(p.relative_to(TEMPLATES))
)
def test_a_template_writes_every_word_through_a_translation(path: Path) -> None:
    assert words_outside(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_a_word_outside_a_translation() -> None:
    assert words_outside('<p title="Deal">{% translate "Total" %} rows</p>') == ["rows", "Deal"]
    assert words_outside("<p>{% blocktranslate %}Row {{ n }}{% endblocktranslate %}</p>") == []
