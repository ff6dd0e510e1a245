"""Building tournaments for the tests: players, a played round, deals by hand."""

from __future__ import annotations

from typing import Any

from scoresheet.sheets import services
from scoresheet.tournament import logic
from scoresheet.tournament.models import Table, Tournament

NAMES = ["Anna", "Bohouš", "Cyril", "Dana", "Emil", "Franta", "Gita", "Honza", "Ivana", "Jirka",
         "Karel", "Lída", "Milan", "Nela", "Oto", "Petra"]

# hra in bells, the declarer makes 60 of 90 and no marriages: he wins 0.20 from each payer
HRA_WON: dict[str, Any] = {"type": "deal", "game": "suit", "trump": "bells", "announced": [],
                           "card_points": 60, "marriages": {"declarer": [], "defence": []}}


def make_tournament(count: int = 12, *, ruleset: str = "marias", rounds: int = 3,
                    table_size: int = 4, deals: int | None = 4,
                    premium: dict[str, Any] | None = None, clubs: bool = False) -> Tournament:
    players = [logic.NewPlayer(name=n, club="KM Brno" if clubs and i % 2 else "")
               for i, n in enumerate(NAMES[:count])]
    return logic.create_tournament(
        name="Friday evening", ruleset=ruleset, options={}, rounds=rounds,
        table_size=table_size, deals_per_round=deals, premium=premium, players=players)


def deal_for(n: int, index: int, **extra: Any) -> dict[str, Any]:
    """A won hra by the seat after the dealer (the dealer sits out at four)."""
    return {**HRA_WON, "declarer": (index + 1) % n, **extra}


def play(table: Table, entries: list[dict[str, Any]]) -> None:
    sheet = table.sheet
    assert sheet is not None
    for entry in entries:
        sheet.refresh_from_db()
        services.add_entry(sheet.pk, revision=sheet.revision, key=services_key(),
                           device=services.Device(), entry=entry)


_counter = [0]


def services_key() -> str:
    _counter[0] += 1
    return f"test-key-{_counter[0]:08d}"


def play_round(t: Tournament, *, deals: int | None = None, close: bool = True) -> None:
    """Every table of the current round plays ``deals`` won hras and its scorer signs."""
    r = t.round_set.order_by("-number").first()
    assert r is not None
    for tb in r.tables.select_related("sheet", "scorer"):
        n = len(tb.sheet.players)
        play(tb, [deal_for(n, i) for i in range(deals or t.deals_per_round or 1)])
        if close:
            logic.close(tb, signed_name=tb.scorer.name)


def exported_document(note: str = "checked") -> dict[str, Any]:
    """A tournament's export: a played, closed round and a drawn second one, with a review."""
    t = make_tournament(8, rounds=2, deals=2)
    logic.start(logic.draw(t, seed=5))
    play_round(t)
    logic.draw(t, seed=6)
    doc = logic.export(t)
    doc["round_list"][0]["tables"][0]["reviews"] = [{"row": 1, "winnable": True, "note": note}]
    return doc
