"""Link tokens: unguessable, read-only links cannot write, and one sheet's token never reaches
another sheet -- checked for every URL pattern that takes a token, found from the URL conf, so
that a view added later is checked too."""

from __future__ import annotations

import math
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoresheet.sheets.models import TOKEN_BYTES, Sheet, new_token
from tests.conftest import quiet_deals

TOKEN_ALPHABET = re.compile(r"^[A-Za-z0-9_-]+$")
MIN_BITS = 128  # the issue: at least 128 random bits per token
PLAYERS = {  # a sheet of every other game, for views that belong to one game
    "marias": ["Marie", "Karel", "Jana"],
    "binokel": ["Hans", "Fritz", "Greta"],
}


@dataclass(frozen=True)
class Pattern:
    name: str
    route: str
    read_only: bool


def token_patterns() -> list[Pattern]:
    """Every named URL pattern with a ``token`` parameter."""

    def walk(patterns: list[Any], prefix: str) -> Iterator[Pattern]:
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern) and "<str:token>" in str(p.pattern) and p.name:
                route = prefix + str(p.pattern)
                yield Pattern(p.name, route, route.startswith("v/"))

    return list(walk(get_resolver().url_patterns, ""))


PATTERNS = token_patterns()
EDIT_PATTERNS = [p for p in PATTERNS if not p.read_only]
READ_PATTERNS = [p for p in PATTERNS if p.read_only]


def url(pattern: Pattern, token: str) -> str:
    kwargs: dict[str, Any] = {"token": token}
    if "<int:pos>" in pattern.route:
        kwargs["pos"] = 0
    if "<str:kind>" in pattern.route:
        kwargs["kind"] = "deal"
    if "<int:table_id>" in pattern.route:
        kwargs["table_id"] = 1
    # the club's pages (scoresheet/club/urls.py)
    for name in ("member_id", "season_id", "evening_id"):
        if f"<int:{name}>" in pattern.route:
            kwargs[name] = 1
    return reverse(pattern.name, kwargs=kwargs)


def write_data(sheet: Sheet) -> dict[str, Any]:
    """Everything any form of a sheet might take, made to be accepted if it were allowed."""
    deal = quiet_deals(2)[1]
    return {
        "revision": str(sheet.revision), "key": uuid.uuid4().hex,
        "declarer": str(deal["declarer"]), "contract": "100",
        **{f"points_{i}": str(p) for i, p in enumerate(deal["points"])},
        "in_stats": "", "scorer": "Mallory", "addresses": "m@example.com", "size": "a4",
        "seat": "0", "reason": "renonc", "amount": "100", "kind": "renonc",
    }


def snapshot() -> list[tuple[Any, ...]]:
    """What a write could change, for every sheet."""
    out = []
    for s in Sheet.objects.order_by("pk"):
        out.append((
            s.pk, s.revision, s.updated, s.in_stats, s.scorer, s.finished,
            list(s.entries.order_by("position").values_list("data", flat=True)),
            s.changes.count(), sorted(s.keepers.values_list("pk", flat=True)),
        ))
    return out


@pytest.fixture
def two_sheets(make_sheet) -> tuple[Sheet, Sheet]:
    alfa = make_sheet(players=["Alfa One", "Alfa Two", "Alfa Three"], entries=quiet_deals(1))
    bravo = make_sheet(players=["Bravo Uno", "Bravo Due", "Bravo Tre"], entries=quiet_deals(1))
    return alfa, bravo


def tournament_sheet() -> Sheet:
    """A table sheet of a started tournament (its views are 404 for any other sheet)."""
    from scoresheet.tournament import logic
    from scoresheet.tournament.models import Table
    from tests.tournament.helpers import make_tournament

    logic.start(logic.draw(make_tournament(), seed=1))
    table = Table.objects.filter(sheet__isnull=False).select_related("sheet").first()
    assert table is not None and table.sheet is not None
    return table.sheet


def leaks(body: str, other: Sheet) -> list[str]:
    secrets_of_other = [other.edit_token, other.view_token, *other.player_names]
    return [s for s in secrets_of_other if s in body]


# --------------------------------------------------------------------------- unguessable


def test_a_token_carries_at_least_128_random_bits() -> None:
    assert TOKEN_BYTES * 8 >= MIN_BITS
    tokens = {new_token() for _ in range(2000)}
    assert len(tokens) == 2000
    for token in tokens:
        assert TOKEN_ALPHABET.match(token)
        assert len(token) * math.log2(64) >= MIN_BITS


def test_every_sheet_gets_two_different_tokens(two_sheets: tuple[Sheet, Sheet]) -> None:
    alfa, bravo = two_sheets
    tokens = {alfa.edit_token, alfa.view_token, bravo.edit_token, bravo.view_token}
    assert len(tokens) == 4


def test_the_url_conf_has_the_token_views_this_file_checks() -> None:
    names = {p.name for p in PATTERNS}
    assert {"sheet", "sheet_table", "entry_new", "entry_edit", "entry_delete", "undo", "redo",
            "share", "sheet_read", "sheet_read_table", "export_json_read"} <= names
    assert len(READ_PATTERNS) >= 5 and len(EDIT_PATTERNS) >= 12


# --------------------------------------------------------------------------- read-only links


@override_settings(RATELIMIT_ENABLED=False)
@pytest.mark.parametrize("pattern", EDIT_PATTERNS, ids=lambda p: p.name)
def test_a_read_only_token_opens_no_edit_view(
    client: Client, two_sheets: tuple[Sheet, Sheet], pattern: Pattern
) -> None:
    alfa, _bravo = two_sheets
    before = snapshot()
    target = url(pattern, alfa.view_token)
    assert client.get(target).status_code in (404, 405)
    assert client.post(target, write_data(alfa)).status_code in (404, 405)
    assert snapshot() == before


@override_settings(RATELIMIT_ENABLED=False)
@pytest.mark.parametrize("pattern", READ_PATTERNS, ids=lambda p: p.name)
def test_a_read_only_view_never_writes_nor_shows_the_edit_link(
    client: Client, two_sheets: tuple[Sheet, Sheet], make_sheet, pattern: Pattern
) -> None:
    sheets = [two_sheets[0], *(make_sheet(ruleset=r, players=PLAYERS[r]) for r in PLAYERS),
              tournament_sheet()]
    before = snapshot()
    opened = 0
    for sheet in sheets:  # some views belong to one game: they are 404 for the others
        target = url(pattern, sheet.view_token)
        shown = client.get(target)
        assert shown.status_code in (200, 404)
        opened += shown.status_code == 200
        body = shown.content.decode("utf-8", "replace")
        assert sheet.edit_token not in body and sheet.edit_token not in shown.get("Location", "")
        posted = client.post(target, write_data(sheet))
        assert posted.status_code in (400, 403, 404, 405)  # a refused form writes nothing
    assert opened >= 1
    assert snapshot() == before


# --------------------------------------------------------------------------- across sheets


@override_settings(RATELIMIT_ENABLED=False)
@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.name)
def test_one_sheets_token_never_reaches_another_sheet(
    client: Client, two_sheets: tuple[Sheet, Sheet], pattern: Pattern
) -> None:
    alfa, bravo = two_sheets
    bravo_before = [row for row in snapshot() if row[0] == bravo.pk]
    token = alfa.view_token if pattern.read_only else alfa.edit_token
    target = url(pattern, token)
    for response in (client.get(target), client.post(target, write_data(alfa))):
        assert response.status_code < 500
        body = response.content.decode("utf-8", "replace")
        assert leaks(body + response.get("Location", ""), bravo) == []
    assert [row for row in snapshot() if row[0] == bravo.pk] == bravo_before


@override_settings(RATELIMIT_ENABLED=False)
@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.name)
def test_an_unknown_or_malformed_token_is_404(
    client: Client, two_sheets: tuple[Sheet, Sheet], pattern: Pattern
) -> None:
    alfa, _bravo = two_sheets
    before = snapshot()
    for token in (new_token(), alfa.edit_token[:-1], alfa.edit_token.upper(), "ž" * 40):
        target = url(pattern, token)
        assert client.get(target).status_code in (404, 405)
        assert client.post(target, write_data(alfa)).status_code in (404, 405)
    assert snapshot() == before
