"""The phone's referee reads an entry form's fields as the server's form does (rules/phone.py
``entry_values`` against scoresheet/sheets/gameforms/thousand.py): for every Thousand form, on
random fields a player could type, the same entry, or both see something missing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.http import QueryDict

import rules
from rules import bench, phone
from scoresheet.sheets.gameforms import FormContext, for_game

FIELDS = {
    "deal": ("declarer", "contract", "dark", "points_0", "points_1", "points_2", "points_3",
             "marriages_0", "marriages_1"),
    "concession": ("declarer", "contract"),
    "redeal": ("reason",),
    "penalty": ("seat", "reason", "amount"),
    "bomb": ("declarer",),
    "marriages_in_hand": ("seat", "count"),
}
VALUES = {
    "declarer": ["0", "1", "2", ""], "seat": ["0", "1", "2", ""], "contract": ["100", "50", "120",
                                                                               ""],
    "dark": ["on", ""], "points_0": ["30", "60", "0", ""], "points_1": ["40", "0", "120", ""],
    "points_2": ["50", "20", ""], "points_3": ["0", ""], "marriages_0": ["hearts", ""],
    "marriages_1": ["spades", ""], "reason": ["misdeal", "revoke", "custom", "four_nines", ""],
    "amount": ["-50", "120", ""], "count": ["3", "4", ""],
}


def sheet_of(ruleset: str, players: int, deals: int) -> rules.Sheet:
    names = ("Jana", "Karel", "Petr", "Olga")[:players]
    base = bench.generated_sheet(ruleset, deals) if deals else None
    entries = [e for e in base.entries if len(e.get("points", [])) in (0, players)] \
        if base and players == 3 else []
    return rules.Sheet(game="thousand", ruleset=ruleset, players=names, first_dealer=0,
                       options=bench.RULESET_OPTIONS.get(ruleset, {}), entries=tuple(entries))


@pytest.mark.parametrize(("ruleset", "players", "deals"),
                         [("tisic", 3, 0), ("tisic", 3, 7), ("ru", 4, 0), ("pl", 4, 0),
                          ("pl", 3, 5), ("one-thousand", 3, 3)])
def test_the_phone_reads_every_thousand_form_as_the_server_does(ruleset: str, players: int,
                                                                 deals: int) -> None:
    document = sheet_of(ruleset, players, deals)
    context = FormContext(document=document, scored=rules.score(document))
    forms = for_game("thousand")
    rng = random.Random(f"{ruleset}-{players}-{deals}")
    same = missing = 0
    for kind in forms.kinds_for(document):
        form_class = forms.form_class(kind)
        assert form_class is not None
        for _ in range(150):
            data = QueryDict(mutable=True)
            for name in FIELDS[kind]:
                if name.startswith("points_") and int(name[-1]) >= players:
                    continue
                value = rng.choice(VALUES[name])
                if value:
                    data.appendlist(name, value)
            form = form_class(data=data, context=context)
            fields: dict[str, Any] = {k: data.getlist(k) for k in data}
            read = phone.entry_values(rules.dump(document), [], kind, fields)
            if form.is_valid():
                assert read.get("entry") == form.entry(), (kind, dict(data))
                same += 1
            else:
                assert "entry" not in read or _chosen_wrong(form), (kind, dict(data), read)
                missing += 1
    assert same > 20 and missing > 20


def _chosen_wrong(form: Any) -> bool:
    """A choice the form does not offer (a reason of another table): the form refuses it, the
    phone hands it to the engine, which refuses it as well."""
    return all(name in ("reason", "marriages_0", "marriages_1", "count") for name in form.errors)
