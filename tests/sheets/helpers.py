"""Small helpers for the view tests: reading hidden fields, the three hand-worked deals."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from tests.conftest import deal

HX = {"HTTP_HX_REQUEST": "true"}

# Three ru deals, first dealer Anna (RULES.md 1.1; nearest_5 rounding for defenders):
# 1. Anna deals, Boris holds 100 and plays 120 with 75 + hearts 100 = 175: made, +120;
#    Anna 30, Vera 15 -> totals 30 / 120 / 15.
# 2. Boris deals, Vera holds 100 and plays 100 with 60: failed, -100; Anna 40, Boris 20
#    -> totals 70 / 140 / -85.
# 3. Vera deals, Anna holds 100 and plays 100 with 70 + diamonds 80 = 150: made, +100;
#    Boris 43 -> 45, Vera 7 -> 5 -> totals 170 / 185 / -80.  Everyone has dealt: underline.
THREE_DEALS = [
    deal(1, 120, [30, 75, 15], {1: ["hearts"]}),
    deal(2, 100, [40, 20, 60]),
    deal(0, 100, [70, 43, 7], {0: ["diamonds"]}),
]


def hidden(html: str, name: str) -> str:
    """The value of the first hidden input called ``name``."""
    match = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert match, f"no hidden {name} in the page"
    return match.group(1)


def write_fields(html: str) -> dict[str, str]:
    """The revision and idempotency key a form on the page carries."""
    return {"revision": hidden(html, "revision"), "key": hidden(html, "key")}


def text(html: str) -> str:
    """The page's text with tags removed and spaces collapsed (for reading, not parsing)."""
    without = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"\s+", " ", unescape(without))


def page(response: Any) -> str:
    return str(response.content.decode())
