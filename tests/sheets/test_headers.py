"""The ``X-Listek-*`` header names are the same on both sides: the page's script names them once
at its top (static/js/offline.js), the server once (scoresheet/sheets/headers.py)."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

from scoresheet.sheets import headers

SCRIPT = Path(settings.BASE_DIR) / "static" / "js" / "offline.js"


def test_the_script_and_the_server_name_every_header_alike() -> None:
    text = SCRIPT.read_text(encoding="utf-8")
    named = dict(re.findall(r'const ([A-Z_]+_HEADER) = "(X-Listek-[A-Za-z-]+)";', text))
    assert named == headers.ALL
    # and nowhere else in the script: every use goes through those names
    assert len(re.findall(r'"X-Listek-', text)) == len(named)
