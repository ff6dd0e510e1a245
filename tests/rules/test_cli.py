"""``python -m rules score|check|bench`` as FORMAT.md specifies."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

DOC: dict[str, Any] = {
    "format": "scoresheet/1", "game": "thousand", "ruleset": "ru", "options": {},
    "players": ["Anna", "Boris", "Vera"], "first_dealer": 0,
    "entries": [{"type": "deal", "declarer": 1, "contract": 120, "points": [30, 75, 15],
                 "marriages": [[], ["hearts"], []], "dark": False}],
}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rules", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def write(tmp_path: Path, doc: Any) -> str:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_score_prints_the_scored_sheet(tmp_path: Path) -> None:
    done = run("score", write(tmp_path, DOC))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    # Boris 75 + hearts 100 = 175 >= 120: +120; Anna 30 -> 30; Vera 15 -> 15
    assert out["totals"] == [30, 120, 15]
    assert out["rows"][0]["deltas"] == [30, 120, 15]
    assert out["rows"][0]["dealer"] == 0
    assert out["rows"][0]["marks"][1] == ["made"]
    assert out["outcome"] is None


def test_score_reads_standard_input() -> None:
    done = run("score", "-", stdin=json.dumps(DOC))
    assert json.loads(done.stdout)["totals"] == [30, 120, 15]


def test_score_of_an_invalid_sheet_exits_1_with_entry_lines(tmp_path: Path) -> None:
    bad = json.loads(json.dumps(DOC))
    bad["entries"][0]["points"] = [30, 75, 10]
    done = run("score", write(tmp_path, bad))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.strip() == "entry 0: card points add up to 115, a deal has 120"


def test_check_ok_and_problems(tmp_path: Path) -> None:
    assert run("check", write(tmp_path, DOC)).returncode == 0
    bad = json.loads(json.dumps(DOC))
    bad["entries"].append({"type": "deal", "declarer": 2, "contract": 101,
                           "points": [0, 0, 120]})
    bad["entries"].append({"type": "wat"})
    done = run("check", write(tmp_path, bad))
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == ["entry 1", "entry 2"]


def test_sheet_level_problem_is_prefixed_sheet(tmp_path: Path) -> None:
    done = run("check", write(tmp_path, {**DOC, "ruleset": "whist"}))
    assert done.returncode == 1
    assert done.stderr.startswith("sheet: unknown ruleset 'whist'")


def test_not_json_is_a_sheet_problem(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{nope", encoding="utf-8")
    done = run("score", str(path))
    assert done.returncode == 1 and done.stderr.startswith("sheet: not a JSON document")


def test_bench_reports_deals_per_second() -> None:
    done = run("bench", "--deals", "200", "--repeat", "1")
    assert done.returncode == 0
    report = json.loads(done.stdout)
    assert report["deals_per_second_median"] > 0
    # every preset of every game has its own sheet and rate
    per = report["per_ruleset"]
    assert set(per) == {"ru", "tisic", "pl", "one-thousand", "marias", "binokel"}
    for rate in per.values():
        assert rate["deals_per_second_median"] > 0 and rate["rows"] >= 200
        assert rate["sheet_microseconds"] > 0
