"""``python -m rules arbiter``: JSON question in, JSON verdict out (FORMAT.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", "arbiter", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


QUESTION: dict[str, Any] = {
    "game": "thousand",
    "ruleset": "tisic",
    "options": {},
    "trump": "hearts",
    "trick": ["A-spades", "10-spades"],
    "hand": ["K-spades", "9-hearts", "Q-clubs"],
    "card": "9-hearts",
    "declare_marriage": False,
    "tricks_done": 1,
    "announced_seven": False,
}


def test_cli_judges_a_question_file(tmp_path: Path) -> None:
    path = tmp_path / "question.json"
    path.write_text(json.dumps(QUESTION), encoding="utf-8")
    done = run(str(path))
    assert done.returncode == 0, done.stderr
    verdict = json.loads(done.stdout)
    # Spades were led and the player holds K-spades: the trump 9 reneges.
    assert verdict["legal"] is False
    assert verdict["broken"] == "follow_suit"
    assert verdict["legal_cards"] == ["K-spades"]
    assert verdict["rule"].startswith("Follow suit")


def test_cli_reads_the_question_from_standard_input() -> None:
    question = {"ruleset": "binokel", "trump": "hearts", "trick": ["10-clubs"],
                "hand": ["10-clubs", "A-clubs"], "card": "A-clubs"}
    done = run("-", stdin=json.dumps(question))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["legal_cards"] == ["A-clubs"]


def test_cli_answers_a_legal_play_with_exit_0() -> None:
    done = run("-", stdin=json.dumps({**QUESTION, "card": "K-spades"}))
    assert done.returncode == 0
    assert json.loads(done.stdout)["legal"] is True


def test_cli_malformed_question_exits_1_naming_the_field() -> None:
    done = run("-", stdin=json.dumps({**QUESTION, "hand": ["K-spadez"]}))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.strip() == (
        "question: hand: 'K-spadez' has no suit of this game: "
        "suits are hearts diamonds clubs spades"
    )


def test_cli_not_json_exits_1() -> None:
    done = run("-", stdin="{ruleset: tisic")
    assert done.returncode == 1
    assert done.stderr.startswith("question: ")


def test_cli_missing_file_exits_1(tmp_path: Path) -> None:
    done = run(str(tmp_path / "nowhere.json"))
    assert done.returncode == 1
    assert "nowhere.json" in done.stderr
