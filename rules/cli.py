"""``python -m rules score|check|arbiter|review|bench`` (docs/format.md)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from .engine import loads, problems, score
from .errors import RulesError


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _print_json(data: Any, out: TextIO) -> None:
    json.dump(data, out, ensure_ascii=False, indent=2)
    out.write("\n")


def cmd_score(path: str) -> int:
    try:
        sheet = loads(_read(path))
    except (OSError, RulesError) as exc:
        print(str(exc) if isinstance(exc, RulesError) else f"sheet: {exc}", file=sys.stderr)
        return 1
    found = problems(sheet)
    if found:
        for p in found:
            print(p, file=sys.stderr)
        return 1
    _print_json(score(sheet).to_json(), sys.stdout)
    return 0


def cmd_check(path: str) -> int:
    try:
        text = _read(path)
    except OSError as exc:
        print(f"sheet: {exc}", file=sys.stderr)
        return 1
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:
        print(f"sheet: not a JSON document: {exc}", file=sys.stderr)
        return 1
    found = problems(doc)
    for p in found:
        print(p, file=sys.stderr)
    if not found:
        print("ok")
    return 1 if found else 0


def cmd_arbiter(path: str) -> int:
    from . import arbiter

    try:
        question = json.loads(_read(path))
        verdict = arbiter.judge_json(question)
    except RulesError as exc:  # a malformed question: the message names the field
        print(f"question: {exc.message}", file=sys.stderr)
        return 1
    except (OSError, ValueError, RecursionError) as exc:
        print(f"question: {exc}", file=sys.stderr)
        return 1
    _print_json(verdict, sys.stdout)
    return 0


def cmd_review(path: str) -> int:
    from . import review

    try:
        deal = json.loads(_read(path))
    except OSError as exc:
        print(f"deal: {exc}", file=sys.stderr)
        return 1
    except (ValueError, RecursionError) as exc:
        print(f"deal: not a JSON document: {exc}", file=sys.stderr)
        return 1
    try:
        result = review.review_json(deal)
    except RulesError as exc:  # a malformed deal: the message names the field
        print(f"deal: {exc.message}", file=sys.stderr)
        return 1
    _print_json(result, sys.stdout)
    return 0


def cmd_bench(deals: int, repeat: int, *, review: bool = False) -> int:
    from .bench import run, run_review

    if review:
        _print_json(run_review(deals=deals, repeat=repeat), sys.stdout)
    else:
        _print_json(run(deals=deals, repeat=repeat), sys.stdout)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("score", "print the scored sheet as JSON"),
        ("check", "print every problem of a sheet; exit 1 if there is any"),
        ("arbiter", "judge one played card (JSON question in, JSON verdict out)"),
        ("review", "review a whole deal from its tricks (JSON deal in, JSON review out)"),
    ):
        p = sub.add_parser(name, help=text)
        p.add_argument("path", help="a JSON file, or - for standard input")
    b = sub.add_parser("bench", help="replay long generated sheets and report deals per second")
    b.add_argument("--deals", type=int, default=1000)
    b.add_argument("--repeat", type=int, default=5)
    b.add_argument("--review", action="store_true",
                   help="review generated legal deals instead: reviews per second")
    args = parser.parse_args(argv)
    if args.command == "score":
        return cmd_score(args.path)
    if args.command == "check":
        return cmd_check(args.path)
    if args.command == "arbiter":
        return cmd_arbiter(args.path)
    if args.command == "review":
        return cmd_review(args.path)
    return cmd_bench(args.deals, args.repeat, review=args.review)
