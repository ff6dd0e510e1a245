"""Lístek's rules engine: pure Python, no Django.

The public entry points::

    sheet = rules.load(doc)          # a docs/format.md document -> Sheet (raises InvalidSheet)
    scored = rules.score(sheet)      # replay: rows, totals, outcome (raises RulesError)
    rules.problems(doc)              # every problem at once, [] when valid
    rules.preview(sheet, entry)      # what appending an entry would do
    rules.dump(sheet)                # Sheet -> document (always with its edition)
    rules.advance(sheet, state, e)   # judge one appended entry on a saved state (incremental)
    rules.resume(sheet, state, i)    # replay from entry i on, from the saved state before it

The rules as this engine plays them are docs/rules/*.md (the arbiter's duties in
docs/rules/arbiter.md), the document in docs/format.md.  Comments cite the original rule texts as
"seed 000" to "seed 004"; the docs quote them line by line: seed 000 (Tisíc), 001 (Тысяча) and
003 (One Thousand) in docs/rules/thousand.md, 002 (Binokel) in docs/rules/binokel.md, 004 (the
Mariáš tournament rules) in docs/rules/marias.md.
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
