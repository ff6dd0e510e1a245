"""The referee in the pocket (docs/offline.md): the engine the phone runs in Pyodide, in a real
headless Chromium, answers exactly what CPython's engine answers — rows, totals, outcome and
every problem of at least 200 random sheets of every preset, and what appending one more entry
to each would do (rules/phone.py on both sides: the worker loads rules.zip, packed from this
checkout by scripts/build-referee).

The sheets are drawn at random (a fixed seed per preset) from the benchmark's played deals, one
entry in eight spoiled (card points over the deal's, an unknown seat, a missing field), and kept
whether the engine accepts them or not: a sheet may hold problems, end its game, or be empty.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import runpy
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

import rules
from rules import bench
from rules import phone as referee
from scoresheet.protect.security import with_webassembly

pytestmark = [pytest.mark.browser]

SHEETS = int(os.environ.get("LISTEK_PYODIDE_SHEETS", "200"))  # per preset
BUILD = Path(__file__).resolve().parents[2] / "scripts" / "build_referee.py"


@pytest.fixture(scope="module", autouse=True)
def packed_from_this_source() -> None:
    """rules.zip packed again from the engine as it is now (scripts/setup packed it before)."""
    assert runpy.run_path(str(BUILD))["main"]() == 0


def spoiled(rng: random.Random, entry: dict[str, Any]) -> dict[str, Any]:
    """The entry with one slip of the finger."""
    out = json.loads(json.dumps(entry))
    slip = rng.randrange(3)
    if slip == 0 and isinstance(out.get("points"), list):
        out["points"][0] = out["points"][0] + 150
    elif slip == 0 and "card_points" in out:
        out["card_points"] = 250
    elif slip == 1 and "declarer" in out:
        out["declarer"] = 7
    else:
        out.pop(sorted(k for k in out if k != "type")[0], None)
    return out


# a low target now and then, so that some games end (and the rows after the end are refused)
SHORT_GAME = {"ru": {"target": 300, "barrel_at": 0}, "pl": {"target": 300, "barrel_at": 0},
              "tisic": {"target": 300}, "one-thousand": {"target": 300}, "binokel": {"target": 100},
              "marias": {}}


def random_document(ruleset: str, rng: random.Random) -> dict[str, Any]:
    game = rules.game_of(ruleset)
    options = SHORT_GAME[ruleset] if rng.random() < 0.3 else {}
    sheet = rules.Sheet(game=game.name, ruleset=ruleset, players=bench.PLAYERS[game.name],
                        first_dealer=rng.randrange(3), options=options)
    candidate = bench.CANDIDATES[game.name]
    state = rules.saved(rules.start(sheet))
    entries: list[dict[str, Any]] = []
    for _ in range(rng.randrange(0, 14)):
        raw = candidate(rng, sheet.rules, state)
        if rng.random() < 0.125:
            raw = spoiled(rng, raw)
        with contextlib.suppress(rules.RulesError):  # kept anyway: a sheet with a problem
            state, _rows = rules.advance(sheet, state, raw, len(entries))
        entries.append(raw)
    return dict(rules.dump(sheet), entries=entries)


def one_more(ruleset: str, rng: random.Random) -> dict[str, Any]:
    """An entry to append: a played deal, now and then spoiled."""
    game = rules.game_of(ruleset)
    sheet = rules.Sheet(game=game.name, ruleset=ruleset, players=bench.PLAYERS[game.name],
                        first_dealer=0)
    raw = bench.CANDIDATES[game.name](rng, sheet.rules, rules.saved(rules.start(sheet)))
    return spoiled(rng, raw) if rng.random() < 0.3 else raw


ASK_ALL = """async ([where, cases]) => {
  const worker = new Worker(where.worker, { type: "module" });
  let next = 0;
  const waiting = new Map();
  const started = new Promise((resolve, reject) => {
    worker.addEventListener("message", (event) => {
      const data = event.data;
      if (data.ready !== undefined) { resolve(data.ready); return; }
      if (data.failed) { reject(new Error(data.failed)); return; }
      const done = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.error) { done.reject(new Error(data.error)); } else { done.resolve(data.answer); }
    });
  });
  worker.postMessage({ ask: "start", args: where });
  await started;
  function ask(name, args) {
    next += 1;
    const id = next;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ask: name, args });
    });
  }
  const out = [];
  for (const [doc, entry] of cases) {
    out.push([await ask("judge", [doc]), await ask("preview", [doc, entry])]);
  }
  worker.terminate();
  return out;
}"""


def test_the_engine_in_pyodide_answers_what_cpython_answers_on_random_sheets_of_every_preset(
    live_server: Any, phone: Any
) -> None:
    page = phone.new_page()
    # the worker's own policy, as the app answers it in production (scoresheet/protect/
    # security.py; the test server hands static files out without the app's middleware)
    policy = with_webassembly(str(settings.CONTENT_SECURITY_POLICY))

    policed: list[str] = []

    def with_policy(route: Any) -> None:
        policed.append(route.request.url)
        answer = route.fetch()
        route.fulfill(response=answer,
                      headers={**answer.headers, "content-security-policy": policy})

    phone.route("**/static/js/referee-worker.js", with_policy)
    page.goto(f"{live_server.url}/offline/")
    where = page.evaluate("fetch('/offline/referee.json').then((r) => r.json())")
    assert where["pyodide"], "scripts/build-referee has not built static/referee/"
    page.set_default_timeout(600_000)
    compared = {"problems": 0, "rows": 0, "refused": 0, "ended": 0}
    for ruleset in rules.rulesets():
        rng = random.Random(f"pyodide-{ruleset}")
        cases = []
        for _ in range(SHEETS):
            doc = random_document(ruleset, rng)
            cases.append((json.dumps(doc), json.dumps(one_more(ruleset, rng))))
        answers = page.evaluate(ASK_ALL, [where, cases])
        assert len(answers) == SHEETS
        for (doc, entry), (judged, previewed) in zip(cases, answers, strict=True):
            assert judged == json.loads(referee.judge(doc)), doc
            assert previewed == json.loads(referee.preview(doc, entry)), (doc, entry)
            compared["problems"] += len(judged["problems"])
            compared["rows"] += len(judged["rows"])
            compared["ended"] += judged["outcome"] is not None
            compared["refused"] += "refusal" in previewed and not judged["problems"]
    assert policed, "the worker was not loaded under the app's policy"
    # the random sheets reached what the test is about: problems, rows, refusals, ended games
    assert all(count > 0 for count in compared.values()), compared
