"""Every code the engine can produce has a translatable text (scoresheet/sheets/words.py).

The codes are read from the source of ``rules/`` (a ``code=`` keyword, or the code argument of a
game's own helper that builds an error or a note), so a new code without a template fails here.
A code built at run time (an f-string, a variable) must be listed in DYNAMIC with the codes it can
take.  The English templates must say what the engine says: random valid sheets of every game are
replayed and every row note and outcome is compared with the engine's own English words.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings

import rules
from rules import binokel, marias, thousand
from rules.arbiter import Broken
from scoresheet.sheets import words as messages
from scoresheet.sheets.gameforms import KIND_LABELS
from tests.rules.strategies_binokel import binokel_sheets
from tests.rules.strategies_marias import marias_sheets
from tests.rules.strategies_thousand import thousand_sheets
from tests.sheets.golden_docs import GOLDEN

RULES_DIR = Path(rules.__file__).resolve().parent

# the game whose codes a module of rules/ produces ("" for the shared ones)
GAME_OF_MODULE = {
    "thousand.py": "thousand",
    "marias.py": "marias",
    "binokel.py": "binokel",
    "binokel_melds.py": "binokel",
}
ERROR_CLASSES = {"RulesError", "InvalidSheet", "InvalidEntry", "IllegalEntry", "IllegalPlay"}

# Codes made at run time: (module, kind, source of the code expression) -> the codes it takes.
DYNAMIC: dict[tuple[str, str, str], tuple[str, ...]] = {
    ("thousand.py", "outcome", "code"): ("declarer_reached", "highest", "reached"),  # finish()
    ("thousand.py", "note", "kind"): ("barrel_fall", "barrel_knock_off", "barrel_reset"),
    ("thousand.py", "note", "f'penalty_{e.reason}'"): tuple(
        f"penalty_{r.value}" for r in thousand.PenaltyReason
    ),
    ("marias.py", "error", "f'{key}_not_suit'"): (
        "trump_not_suit", "card_points_not_suit", "marriages_not_suit", "seven_not_suit",
        "silent_seven_not_suit",
    ),
    ("binokel.py", "note", "won.code"): ("won_declarer", "won_highest"),
    # with_overrides passes on the code of an OptionConflict raised by a preset's __post_init__
    ("options.py", "error", "exc.code"): (
        "option_players", "option_opening_bid", "option_barrel_at", "option_target",
        "option_tariff_missing", "option_tariff_whole",
    ),
    ("arbiter.py", "error", "broken.value"): tuple(b.value for b in Broken),
    ("arbiter.py", "error", "exc.code"): (
        "unknown_option", "option_twice", "bad_option", "bad_options",
    ),
    ("review.py", "error", "exc.code"): (
        "unknown_option", "option_twice", "bad_option", "bad_options",
    ),
    # a helper's own parameter, passed on: its callers are read instead
    ("thousand.py", "note", "code"): (),
    # a note made again from its own fields (unpickled or copied): no code of its own
    ("engine.py", "note", "code"): (),
    ("binokel.py", "error", "code"): (),
    ("binokel_melds.py", "error", "code"): (),
    ("marias.py", "error", "code"): (),
}


@dataclass(frozen=True)
class Site:
    module: str
    line: int
    kind: str  # "error" | "note" | "outcome"
    code: str


def _helpers(tree: ast.Module) -> dict[str, tuple[str, int]]:
    """Functions of a module that build an error or a note from a ``code`` parameter:
    name -> (kind, index of the code parameter)."""
    out: dict[str, tuple[str, int]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        names = [a.arg for a in node.args.args]
        if "code" not in names:
            continue
        made = {ast.unparse(n.func) for n in ast.walk(node) if isinstance(n, ast.Call)}
        if made & ERROR_CLASSES:
            kind = "error"
        elif "Note" in made:
            kind = "note"
        else:
            continue
        out[node.name] = (kind, names.index("code") - (1 if names[0] == "self" else 0))
    return out


def _kind_of(call: ast.Call, helpers: dict[str, tuple[str, int]]) -> tuple[str, ast.expr] | None:
    func = ast.unparse(call.func).split(".")[-1]
    keyword = next((k.value for k in call.keywords if k.arg == "code"), None)
    if func in ERROR_CLASSES and keyword is not None:
        return "error", keyword
    if func == "Note" and keyword is not None:
        return "note", keyword
    if func == "Outcome" and keyword is not None:
        return "outcome", keyword
    if func in helpers:
        kind, index = helpers[func]
        if keyword is not None:
            return kind, keyword
        if len(call.args) > index:
            return kind, call.args[index]
    return None


def _constants(expr: ast.expr) -> list[str] | None:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [expr.value]
    if isinstance(expr, ast.IfExp):
        a, b = _constants(expr.body), _constants(expr.orelse)
        return None if a is None or b is None else a + b
    return None


def engine_sites() -> Iterator[Site]:
    for path in sorted(RULES_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        helpers = _helpers(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            found = _kind_of(node, helpers)
            if found is None:
                continue
            kind, expr = found
            codes = _constants(expr)
            if codes is None:
                key = (path.name, kind, ast.unparse(expr))
                assert key in DYNAMIC, f"rules/{path.name}:{node.lineno}: list {key} in DYNAMIC"
                codes = list(DYNAMIC[key])
            for code in codes:
                yield Site(module=path.name, line=node.lineno, kind=kind, code=code)


SITES = list(engine_sites())


def test_the_engine_makes_objections_notes_and_outcomes_with_codes() -> None:
    kinds = {s.kind for s in SITES}
    assert kinds == {"error", "note", "outcome"}
    assert len({s.code for s in SITES if s.kind == "error"}) > 80


def test_every_objection_code_of_the_engine_has_a_translatable_text() -> None:
    missing = sorted(
        {f"{s.module}:{s.line} {s.code}" for s in SITES if s.kind == "error"
         and messages.error_template(s.code, GAME_OF_MODULE.get(s.module, "")) is None}
    )
    assert missing == []


def test_every_row_note_code_of_the_engine_has_a_translatable_text() -> None:
    missing = sorted(
        {f"{s.module}:{s.line} {s.code}" for s in SITES if s.kind == "note"
         and s.code not in messages.NOTES.get(GAME_OF_MODULE.get(s.module, ""), {})}
    )
    assert missing == []


def test_every_outcome_code_of_the_engine_has_a_translatable_text() -> None:
    missing = sorted({s.code for s in SITES if s.kind == "outcome"} - set(messages.OUTCOMES))
    assert missing == []


# the helpers that make a bad_field / bad_option / bad_card objection: where their rule goes
RULE_ARGUMENT = {"_bad": 2, "_field": 2, "_bad_card": 3, "bad": 1}


def test_objections_of_several_sentences_have_one_for_every_case() -> None:
    """A code whose template is a set of variants: every rule/reason the engine passes."""
    for template in [*messages.ERRORS.values(),
                     *(t for game in messages.GAME_ERRORS.values() for t in game.values())]:
        if isinstance(template, dict):
            assert all(str(text) for text in template.values())
    rules_passed = set()
    for path in sorted(RULES_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = ast.unparse(node.func).split(".")[-1] if isinstance(node, ast.Call) else ""
            if name in RULE_ARGUMENT and isinstance(node, ast.Call):
                index = RULE_ARGUMENT[name]
                rule = node.args[index] if len(node.args) > index else None
                assert isinstance(rule, ast.Constant), f"rules/{path.name}:{node.lineno}"
                rules_passed.add(rule.value)
    known = (set(messages.ERRORS["bad_field"]) | set(messages.ERRORS["bad_option"])
             | set(messages.ERRORS["bad_card"]))
    assert rules_passed and rules_passed <= known, sorted(rules_passed - known)


# ------------------------------------------------------------------ marks, kinds, options


def engine_marks() -> set[str]:
    """Mark codes the engine writes: strings appended to a list of marks, or put in one."""
    found: set[str] = set()
    for path in sorted(RULES_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "append" and "marks" in ast.unparse(node.func.value)):
                found.update(_constants(node.args[0]) or [])
            if isinstance(node, (ast.List, ast.Tuple)) and len(node.elts) == 1:
                parent_source = ast.unparse(node)
                value = _constants(node.elts[0])
                if value and parent_source in (f"[{value[0]!r}]", f"({value[0]!r},)"):
                    found.update(v for v in value if v in ("reset_555", "conceded"))
    return found


def test_every_mark_the_engine_writes_has_a_badge_and_an_explanation() -> None:
    marks = engine_marks()
    assert {"made", "failed", "bolt", "seven_won", "melds_lost", "reset_555"} <= marks
    assert sorted(marks - set(messages.MARKS)) == []


def test_every_row_kind_has_a_label() -> None:
    kinds = {k.value for k in thousand.Kind} | {k.value for k in marias.Kind}
    kinds |= set(binokel.BinokelGame.entry_kinds)
    assert sorted(kinds - set(KIND_LABELS)) == []


def all_option_specs() -> list[rules.OptionSpec]:
    from rules import arbiter

    specs = [s for name in rules.rulesets() for s in rules.specs(rules.preset(name))]
    specs += [s for name in arbiter.TRICK_RULES for s in rules.specs(arbiter.trick_rules(name))]
    return specs


def test_every_option_has_a_name_and_a_help_line() -> None:
    names = {s.name for s in all_option_specs()}
    assert sorted(names - set(messages.OPTION_LABELS)) == []
    assert sorted(names - set(messages.OPTION_HELP)) == []


def test_the_english_help_lines_are_the_engines() -> None:
    from rules import arbiter

    def said(help_line: str) -> str:
        """The engine's help as players read it: its values by their labels ("cap at the
        barrel: ..." for "cap: ...")."""
        return messages.CHOICE_IN_HELP.sub(
            lambda m: str(messages.CHOICE_LABELS.get(m.group(1), m.group(1))), help_line)

    # helps the page words for players where the engine's names a source ("the seed's table")
    # or a preset by its code ("tisic: the obligation")
    reworded = {"stake": "seed", "opening_bid": "tisic"}
    with translation.override("en"):
        for name in rules.rulesets():
            game = rules.game_of(name).name
            for spec in rules.specs(rules.preset(name)):
                if spec.name in reworded:
                    assert reworded[spec.name] not in messages.option_help(spec.name, "", game)
                    continue
                assert messages.option_help(spec.name, "", game) == said(spec.help), (
                    name, spec.name)
        for name in arbiter.TRICK_RULES:
            for spec in rules.specs(arbiter.trick_rules(name)):
                assert messages.option_help(spec.name, "") == said(spec.help), spec.name


def test_every_choice_and_key_that_is_a_word_has_a_label() -> None:
    values: set[str] = set()
    for spec in all_option_specs():
        values |= {str(c) for c in spec.choices or () if isinstance(c, str)}
        values |= set(spec.keys or ())
    assert sorted(values - set(messages.CHOICE_LABELS)) == []


# ------------------------------------------------------------------ the English says the same

# Codes whose English here is deliberately other than the engine's words (why in brackets).
REWORDED = {
    ("thousand", "redeal"),  # the form's words for the reason ("four nines in one hand")
    ("marias", "renonc"),  # the renonc kinds as the form lists them
    ("marias", "renonc_decided"),  # rows are numbered from 1 on the sheet, entries from 0
    # the game first, then who wins or loses, and the defenders counted in words, so that no
    # name and no game needs a grammatical case (issue 24): "hra: Anna wins 0.20 from each of
    # the 2 defenders", where the engine says "Anna wins hra: 0.20 from each of 2"
    ("marias", "won"),
    ("marias", "lost"),
    ("marias", "pauzirak_spared"),  # not "his share": a player of any gender sits out
}


def check_english(document: rules.Sheet | dict[str, Any]) -> None:
    if isinstance(document, dict):
        document = rules.load(document)
    scored = rules.score(document)
    with translation.override("en"):
        for row in scored.rows:
            for note in row.notes:
                text = messages.note_text(note, game=document.game, players=document.players)
                if (document.game, note.code) in REWORDED:
                    assert text and text != note.code
                else:
                    assert text == note.text, (document.game, note.code, note.params)
        if scored.outcome is not None:
            outcome = scored.outcome
            assert messages.outcome_reason(outcome.code, outcome.params, "") == outcome.reason


@pytest.mark.parametrize("path", sorted(GOLDEN.rglob("*.json")), ids=lambda p: p.stem)
def test_the_english_notes_of_the_golden_sheets_are_the_engines(path: Path) -> None:
    check_english(rules.loads(path.read_text(encoding="utf-8")))


QUICK = settings(max_examples=settings().max_examples // 5, deadline=None,  # whole sheets
                 suppress_health_check=[HealthCheck.too_slow])


@QUICK
@given(thousand_sheets())
def test_the_english_notes_of_any_thousand_sheet_are_the_engines(sheet: rules.Sheet) -> None:
    check_english(sheet)


@QUICK
@given(marias_sheets())
def test_the_english_notes_of_any_marias_sheet_are_the_engines(sheet: rules.Sheet) -> None:
    check_english(sheet)


@QUICK
@given(binokel_sheets())
def test_the_english_notes_of_any_binokel_sheet_are_the_engines(sheet: rules.Sheet) -> None:
    check_english(sheet)


def problems_of(raw: dict[str, Any], ruleset: str = "ru") -> rules.RulesError:
    game = rules.game_of(ruleset).name
    doc = {"format": rules.FORMAT, "game": game, "ruleset": ruleset, "options": {},
           "players": ["Anna", "Boris", "Vera"], "first_dealer": 0, "entries": [raw]}
    found = rules.problems(doc)
    assert found
    return found[0]


@pytest.mark.parametrize("raw", [
    {"type": "deal", "declarer": 1, "contract": 95, "points": [40, 40, 40]},
    {"type": "deal", "declarer": 1, "contract": 1005, "points": [40, 40, 40]},
    {"type": "deal", "declarer": 1, "contract": 120, "points": [40, 40, 41]},
    {"type": "deal", "declarer": 1, "contract": 120, "points": [40, 40]},
    {"type": "deal", "declarer": 5, "contract": 120, "points": [40, 40, 40]},
    {"type": "deal", "declarer": 1, "contract": 120, "points": [40, 40, 40], "dark": 1},
    {"type": "deal", "declarer": 1, "points": [40, 40, 40]},
    {"type": "deal", "declarer": 1, "contract": 120, "points": [40, 40, 40], "extra": 1},
    {"type": "penalty", "seat": 0, "reason": "custom", "amount": 0},
    {"type": "bomb", "declarer": 0},
])
def test_the_english_objections_are_the_engines(raw: dict[str, Any]) -> None:
    error = problems_of(raw)
    with translation.override("en"):
        text = messages.error_text(error, rules.load({
            "format": rules.FORMAT, "game": "thousand", "ruleset": "ru", "options": {},
            "players": ["Anna", "Boris", "Vera"], "first_dealer": 0, "entries": []}))
    # what the file must hold is quoted ("“true” or “false”"), and a seat is never numbered
    text = text.replace("“", "").replace("”", "")
    if error.code == "unknown_field":
        assert "extra" in text
    elif error.params.get("rule") == "seat":
        assert text.endswith(": must be one of the players.")
    else:
        # the field the engine names is said in the players' words ("the contract", not
        # "contract"); otherwise the English is the engine's
        field = error.params.get("field")
        if field in messages.FIELD_WORDS:
            said = str(messages.FIELD_WORDS[field])
            text = text.replace(said.capitalize(), field).replace(said, field)
        # the first texts of this file end with a full stop; the engine's words never do
        assert text.rstrip(".")[:1].lower() + text.rstrip(".")[1:] == (
            error.message[:1].lower() + error.message[1:])


def test_an_unknown_code_falls_back_to_the_engines_english() -> None:
    assert messages.engine_message("no_such_code", {}, "the engine says so") == (
        "The engine says so"
    )
