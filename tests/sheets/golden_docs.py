"""The golden sheets (tests/golden/**.json) and documents corrupted from them, for the export
and import tests.  Every golden sheet's totals and winner were worked out by hand (its meta)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
FILES = sorted(GOLDEN.rglob("*.json"))
IDS = [str(p.relative_to(GOLDEN)) for p in FILES]


def golden(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def golden_named(name: str) -> dict[str, Any]:
    return golden(GOLDEN / f"{name}.json")


def expected(doc: dict[str, Any]) -> dict[str, Any]:
    return dict(doc["meta"]["expected"])


def _unknown_entry_type(doc: dict[str, Any]) -> tuple[dict[str, Any], set[int | None]]:
    doc["entries"][0]["type"] = "nonsense"
    return doc, {0}


def _two_broken_entries(doc: dict[str, Any]) -> tuple[dict[str, Any], set[int | None]]:
    last = len(doc["entries"]) - 1
    doc["entries"][0]["declarer"] = 7  # no such seat
    doc["entries"][last] = {"type": "deal", "declarer": "nobody"}
    return doc, {0, last}


def _twin_players(doc: dict[str, Any]) -> tuple[dict[str, Any], set[int | None]]:
    doc["players"][1] = " " + doc["players"][0].upper() + " "
    return doc, {None}


def _unknown_ruleset(doc: dict[str, Any]) -> tuple[dict[str, Any], set[int | None]]:
    doc["ruleset"] = "skat"
    return doc, {None}


def _unknown_option(doc: dict[str, Any]) -> tuple[dict[str, Any], set[int | None]]:
    doc["options"] = {**doc["options"], "jokers": 2}
    return doc, {None}


def _wrong_format(doc: dict[str, Any]) -> tuple[dict[str, Any], set[int | None]]:
    doc["format"] = "scoresheet/0"
    return doc, {None}


def _entries_not_a_list(doc: dict[str, Any]) -> tuple[dict[str, Any], set[int | None]]:
    doc["entries"] = {"0": doc["entries"][0]}
    return doc, {None}


def _bad_app_meta(doc: dict[str, Any]) -> tuple[dict[str, Any], set[int | None]]:
    doc["meta"] = {**doc.get("meta", {}), "listek": {"in_stats": "yes"}}
    return doc, {None}


CORRUPTIONS: dict[str, Callable[[dict[str, Any]], tuple[dict[str, Any], set[int | None]]]] = {
    "unknown-entry-type": _unknown_entry_type,
    "two-broken-entries": _two_broken_entries,
    "twin-players": _twin_players,
    "unknown-ruleset": _unknown_ruleset,
    "unknown-option": _unknown_option,
    "wrong-format": _wrong_format,
    "entries-not-a-list": _entries_not_a_list,
    "bad-app-meta": _bad_app_meta,
}


def corrupted(path: Path, how: str) -> tuple[dict[str, Any], set[int | None]]:
    """A golden sheet broken in one way, and where the problems must be reported."""
    return CORRUPTIONS[how](copy.deepcopy(golden(path)))


def after_the_end(path: Path) -> dict[str, Any]:
    """A finished golden sheet with one more entry (its last one again) after the winning row."""
    doc = copy.deepcopy(golden(path))
    doc["entries"].append(copy.deepcopy(doc["entries"][-1]))
    return doc


FINISHED = [p for p in FILES if expected(golden(p)).get("winner") is not None]
FINISHED_IDS = [str(p.relative_to(GOLDEN)) for p in FINISHED]
