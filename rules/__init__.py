"""Lístek's rules engine: pure Python, no Django.

The public entry points::

    sheet = rules.load(doc)          # a FORMAT.md document -> Sheet (raises InvalidSheet)
    scored = rules.score(sheet)      # replay: rows, totals, outcome (raises RulesError)
    rules.problems(doc)              # every problem at once, [] when valid
    rules.preview(sheet, entry)      # what appending an entry would do
    rules.dump(sheet)                # Sheet -> document (always with its edition)
    rules.advance(sheet, state, e)   # judge one appended entry on a saved state (incremental)
    rules.resume(sheet, state, i)    # replay from entry i on, from the saved state before it
"""

from . import binokel, marias, thousand  # noqa: F401  (importing a game registers it)
from .engine import (
    EDITION,
    EDITIONS,
    FORMAT,
    Entry,
    Game,
    Note,
    Outcome,
    Payment,
    Row,
    Scored,
    Sheet,
    State,
    advance,
    dump,
    game_of,
    games,
    load,
    loads,
    preset,
    preview,
    problems,
    resolve_rules,
    resume,
    rulesets,
    saved,
    score,
    start,
)
from .errors import IllegalEntry, InvalidEntry, InvalidSheet, RulesError
from .options import OptionSpec, as_json, differences, specs, with_overrides

__all__ = [
    "EDITION",
    "EDITIONS",
    "FORMAT",
    "Entry",
    "Game",
    "IllegalEntry",
    "InvalidEntry",
    "InvalidSheet",
    "Note",
    "OptionSpec",
    "Outcome",
    "Payment",
    "Row",
    "RulesError",
    "Scored",
    "Sheet",
    "State",
    "advance",
    "as_json",
    "differences",
    "dump",
    "game_of",
    "games",
    "load",
    "loads",
    "preset",
    "preview",
    "problems",
    "resolve_rules",
    "resume",
    "rulesets",
    "saved",
    "score",
    "specs",
    "start",
    "with_overrides",
]
