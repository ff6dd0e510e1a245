"""docs/deployment.md names every LISTEK_ setting, and every limit with its default."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
LIMITS = {  # setting name in the environment -> the Django setting it fills
    "LISTEK_RATELIMIT_WINDOW": "RATELIMIT_WINDOW",
    "LISTEK_RATELIMIT_SHEET": "RATELIMIT_SHEET",
    "LISTEK_RATELIMIT_PREVIEW": "RATELIMIT_PREVIEW",
    "LISTEK_RATELIMIT_CLIENT": "RATELIMIT_CLIENT",
    "LISTEK_RATELIMIT_HEAVY": "RATELIMIT_HEAVY",
    "LISTEK_RATELIMIT_HEAVY_ADDRESS": "RATELIMIT_HEAVY_ADDRESS",
    "LISTEK_RATELIMIT_HEAVY_RATE": "RATELIMIT_HEAVY_RATE",
    "LISTEK_RATELIMIT_HEAVY_QUICK": "RATELIMIT_HEAVY_QUICK",
    "LISTEK_LOGIN_PER_USERNAME": "LOGIN_PER_USERNAME",
    "LISTEK_INFLIGHT_WRITES": "INFLIGHT_WRITES",
    "LISTEK_INFLIGHT_WRITES_ADDRESS": "INFLIGHT_WRITES_ADDRESS",
    "LISTEK_LOGIN_PER_ADDRESS": "LOGIN_PER_ADDRESS",
    "LISTEK_BUDGET_CLIENT_MS": "BUDGET_CLIENT_MS",
    "LISTEK_BUDGET_CLIENT_RATE": "BUDGET_CLIENT_RATE",
    "LISTEK_BUDGET_ADDRESS_MS": "BUDGET_ADDRESS_MS",
    "LISTEK_BUDGET_ADDRESS_RATE": "BUDGET_ADDRESS_RATE",
    "LISTEK_BUDGET_SHEET_MS": "BUDGET_SHEET_MS",
    "LISTEK_BUDGET_SHEET_RATE": "BUDGET_SHEET_RATE",
    "LISTEK_BUDGET_FREE_MS": "BUDGET_FREE_MS",
    "LISTEK_IMPORT_BYTES_PER_DAY": "IMPORT_BYTES_PER_DAY",
    "LISTEK_IMPORT_BYTES_PER_ADDRESS": "IMPORT_BYTES_PER_ADDRESS",
    "LISTEK_MAIL_PER_CLIENT": "MAIL_PER_CLIENT",
    "LISTEK_MAIL_PER_SHEET": "MAIL_PER_SHEET",
    "LISTEK_MAIL_GLOBAL": "MAIL_GLOBAL",
    "LISTEK_MAIL_PER_ADDRESS": "MAIL_PER_ADDRESS",
    "LISTEK_RESULTS_MAX_TABLES": "RESULTS_MAX_TABLES",
    "LISTEK_PRINT_PART": "PRINT_PART",
    "LISTEK_REQUEST_TIMEOUT": "REQUEST_TIMEOUT",
}


def test_every_environment_variable_of_the_settings_is_documented() -> None:
    source = (ROOT / "scoresheet/settings.py").read_text()
    docs = "".join((ROOT / name).read_text()
                   for name in ("docs/deployment.md", "docs/export.md", "README.md"))
    names = set(re.findall(r'"(LISTEK_[A-Z_]+)"', source))
    assert set(LIMITS) <= names
    missing = [n for n in sorted(names) if f"`{n}`" not in docs]
    assert missing == []


def test_every_limit_is_documented_with_its_default() -> None:
    docs = (ROOT / "docs/deployment.md").read_text()
    for variable, name in LIMITS.items():
        row = next((line for line in docs.splitlines()
                    if f"| `{variable}` |" in line), None)
        assert row is not None, variable
        assert re.search(rf"`{getattr(settings, name)}`", row), (row, getattr(settings, name))
