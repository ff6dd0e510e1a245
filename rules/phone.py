"""The engine as the phone asks it (static/js/referee-worker.js runs this module in Pyodide).

Texts in, texts out: every function takes JSON text and answers JSON text, so that the page's
worker hands strings across and reads values, never Python objects.  The same functions serve the
server (tests compare them with the engine's own answers) and the phone; the page chooses the
words from the codes and values these answers carry (no English sentence is meant for a page).

- :func:`judge`: a docs/format.md document -> its rows, totals, outcome and every problem.
- :func:`preview`: a document and one entry -> what appending it does, or why it is refused.
- :func:`pending`: a document and the entries waiting on the phone, in order -> per entry its
  rows and the totals after it, up to the first one the engine refuses.
- :func:`fill_rest`: the card points of every player but one -> the last player's (the deal's
  card points less the others', as an entry form fills them).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from .engine import Row, Sheet, load, problems, score
from .errors import RulesError


def _plain(value: Any) -> Any:
    """``value`` as JSON holds it (tuples and sets as lists, anything else as text)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        return [_plain(v) for v in items]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def row_json(row: Row) -> dict[str, Any]:
    """One row of the scored sheet as values."""
    return {
        "entry": row.entry,
        "kind": row.kind,
        "deltas": list(row.deltas),
        "totals": list(row.totals),
        "dealer": row.dealer,
        "marks": [list(m) for m in row.marks],
        "auto": row.auto,
        "declarer": row.declarer,
        "sitting_out": row.sitting_out,
        "contract": row.contract,
        "round_end": row.round_end,
        "ledger": [{"payer": p.payer, "payee": p.payee, "amount": p.amount, "what": p.what,
                    "level": p.level} for p in row.ledger],
        "notes": [{"code": n.code, "params": _plain(n.params)} for n in row.notes],
    }


def problem_json(error: RulesError) -> dict[str, Any]:
    """A refusal as values: the code the page words, its values, the entry it is about."""
    return {"code": error.code, "params": _plain(error.params), "entry": error.entry,
            "kind": type(error).__name__}


def _sheet(doc: Any) -> Sheet:
    return doc if isinstance(doc, Sheet) else load(doc)


def judge_values(doc: Any) -> dict[str, Any]:
    """Rows, totals, outcome and problems of a document (rows and totals empty when the engine
    cannot replay it)."""
    found = [problem_json(p) for p in problems(doc)]
    out: dict[str, Any] = {"rows": [], "totals": [], "outcome": None, "dealer": None,
                           "problems": found}
    try:
        scored = score(_sheet(doc))
    except RulesError:
        return out
    out["rows"] = [row_json(r) for r in scored.rows]
    out["totals"] = list(scored.totals)
    out["dealer"] = scored.dealer
    if scored.outcome is not None:
        out["outcome"] = {"winner": scored.outcome.winner, "code": scored.outcome.code,
                          "params": _plain(scored.outcome.params)}
    return out


def pending_values(doc: Any, entries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The document with ``entries`` appended one after the other: per entry its rows and the
    totals after it, until the first entry the engine refuses (``refused``: its index in
    ``entries`` and the refusal)."""
    out: dict[str, Any] = {"before": [], "after": [], "refused": None, "totals": []}
    try:
        sheet = _sheet(doc)
        before = score(sheet)
    except RulesError as error:
        # the sheet itself does not replay: nothing can be appended to it
        out["refused"] = {"index": 0, "refusal": dict(problem_json(error), elsewhere=True)}
        return out
    out["before"] = out["totals"] = list(before.totals)
    for index, entry in enumerate(entries):
        at = len(sheet.entries)
        try:
            scored = score(sheet.append(dict(entry)))
        except RulesError as error:
            refusal = problem_json(error)
            refusal["elsewhere"] = error.entry is not None and error.entry != at
            out["refused"] = {"index": index, "refusal": refusal}
            break
        sheet = sheet.append(dict(entry))
        out["after"].append({"rows": [row_json(r) for r in scored.rows if r.entry == at],
                             "totals": list(scored.totals)})
        out["totals"] = list(scored.totals)
    return out


def fill_rest(points: Sequence[int | None], total: int) -> tuple[int, int] | None:
    """With exactly one player's card points not typed: (that seat, what the others leave of
    ``total``, never below 0); None otherwise."""
    blank = [s for s, p in enumerate(points) if p is None]
    if len(blank) != 1:
        return None
    rest = total - sum(p for p in points if p is not None)
    return blank[0], max(rest, 0)


def judge(text: str) -> str:
    """:func:`judge_values` of a document given as JSON text, answered as JSON text."""
    return json.dumps(judge_values(json.loads(text)))


def preview(text: str, entry: str) -> str:
    """What appending ``entry`` (JSON text) to the document does: ``{"rows", "totals",
    "before"}``, or ``{"refusal": ...}``."""
    answer = pending_values(json.loads(text), [json.loads(entry)])
    if answer["refused"] is not None:
        return json.dumps({"refusal": answer["refused"]["refusal"], "before": answer["before"]})
    only = answer["after"][0]
    return json.dumps({"rows": only["rows"], "totals": only["totals"],
                       "before": answer["before"]})


def pending(text: str, entries: str) -> str:
    """:func:`pending_values` of a document and entries given as JSON text."""
    return json.dumps(pending_values(json.loads(text), json.loads(entries)))


# ------------------------------------------------------------------ an entry form's fields
# What the phone needs to judge a row typed into an entry form without a connection: the form's
# fields (name -> the values typed, as the browser sends them) made into the docs/format.md
# entry, as the server's form makes it (scoresheet/sheets/gameforms/).  Games and kinds whose
# forms are not read here are judged by the server when the row is sent.

Fields = Mapping[str, Sequence[str]]


def _one(fields: Fields, name: str) -> str:
    values = fields.get(name) or []
    return values[0].strip() if values else ""


def _whole(fields: Fields, name: str, missing: list[str]) -> int | None:
    text = _one(fields, name)
    try:
        return int(text)
    except ValueError:
        missing.append(name)
        return None


def _thousand_deal(fields: Fields, sheet: Sheet, missing: list[str]) -> dict[str, Any]:
    from .thousand import CARD_POINTS, THOUSAND

    n = len(sheet.players)
    points: list[int | None] = []
    for seat in range(n):
        text = _one(fields, f"points_{seat}")
        points.append(_whole(fields, f"points_{seat}", missing) if text else None)
    state = score(sheet).state
    out = THOUSAND.sitting_out(state)
    # the holder of the opening bid plays it when nobody bids more (the server's form too)
    holder = THOUSAND.opening_holder(sheet.rules, state.dealer, n)
    declarer_typed = bool(_one(fields, "declarer"))
    if not declarer_typed and holder is not None \
            and _one(fields, "contract") == str(sheet.rules.opening_bid):
        fields = {**fields, "declarer": [str(holder)]}
    if out is not None and points[out] is None:
        points[out] = 0
    filled = fill_rest(points, CARD_POINTS)
    if filled is not None:
        points[filled[0]] = filled[1]
    elif any(p is None for p in points):
        missing.append(f"points_{next(s for s, p in enumerate(points) if p is None)}")
    entry: dict[str, Any] = {
        "type": "deal",
        "declarer": _whole(fields, "declarer", missing),
        "contract": _whole(fields, "contract", missing),
        "points": points,
        "marriages": [list(fields.get(f"marriages_{s}") or []) for s in range(n)],
    }
    if getattr(sheet.rules, "dark", False) and _one(fields, "dark"):  # a table that plays dark
        entry["dark"] = True
    if filled is not None:
        entry["filled"] = list(filled)
    return entry


def _plain_form(kind: str, names: Sequence[str], choices: Sequence[str] = (),
                optional: Sequence[str] = ()) -> Any:
    """A form whose fields are the entry's own: whole numbers, and ``choices`` kept as typed."""
    def read(fields: Fields, sheet: Sheet, missing: list[str]) -> dict[str, Any]:
        entry: dict[str, Any] = {"type": kind}
        for name in names:
            if name in optional and not _one(fields, name):
                continue
            if name in choices:
                if _one(fields, name):
                    entry[name] = _one(fields, name)
                else:
                    missing.append(name)
            else:
                entry[name] = _whole(fields, name, missing)
        return entry
    return read


FORMS: dict[tuple[str, str], Any] = {
    ("thousand", "deal"): _thousand_deal,
    ("thousand", "concession"): _plain_form("concession", ("declarer", "contract")),
    ("thousand", "redeal"): _plain_form("redeal", ("reason",), choices=("reason",)),
    ("thousand", "penalty"): _plain_form("penalty", ("seat", "reason", "amount"),
                                         choices=("reason",), optional=("amount",)),
    ("thousand", "bomb"): _plain_form("bomb", ("declarer",)),
    ("thousand", "marriages_in_hand"): _plain_form("marriages_in_hand", ("seat", "count")),
}


def entry_values(doc: Any, before: Sequence[Mapping[str, Any]], kind: str,
                 fields: Fields) -> dict[str, Any]:
    """The entry a form's ``fields`` write on the document with ``before`` appended:
    ``{"entry": ...}`` (with ``filled``: the seat and points the form filled in), ``{"missing":
    [field names]}``, or ``{"unknown": true}`` when the phone does not read this form."""
    sheet = _sheet(doc)
    read = FORMS.get((sheet.game, kind))
    if read is None:
        return {"unknown": True}
    for entry in before:
        sheet = sheet.append(dict(entry))
    missing: list[str] = []
    entry = read(fields, sheet, missing)
    if missing:
        return {"missing": list(dict.fromkeys(missing))}
    filled = entry.pop("filled", None)
    return {"entry": entry, "filled": filled}


def entry_of(text: str, before: str, kind: str, fields: str) -> str:
    """:func:`entry_values` of JSON texts (every argument, the kind too, is JSON text)."""
    return json.dumps(entry_values(json.loads(text), json.loads(before), json.loads(kind),
                                   json.loads(fields)))
