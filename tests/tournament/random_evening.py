"""A tournament evening as Hypothesis plays it: every action a director, a scorer and a referee
can take, in a random order -- draws, swaps, starts, deals, corrections of a deal, signing,
closing a table as it stands when the round's time is up, reopening (a table closed as it
stands too), reviews and their corrections, late arrivals, withdrawals, name corrections, the
clock.  An action the app refuses (a swap after the start, a name taken) is simply refused: the
evening goes on, as it would at the club.  Used by the property tests that every export imports
back equal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import event
from hypothesis import strategies as st

from rules.tournament import DrawError
from scoresheet.sheets import services
from scoresheet.tournament import logic
from scoresheet.tournament.models import Round, Seat, Table, Tournament
from scoresheet.tournament.views import error_text
from tests.tournament.helpers import HRA_WON, services_key

# names with what a name fix brings: accents, letter case, inner spaces, a hyphen
NAME_LETTERS = "AaBčDéěFHÍjKlMnňÓPřŠtÚůVýŽ -"
names = st.text(NAME_LETTERS, min_size=1, max_size=14).filter(lambda s: s.strip() != "")

# (ruleset, players at a table): the three games of a club
GAMES = [("marias", 4), ("marias", 3), ("tisic", 3), ("binokel", 3)]

BINOKEL_DEALS = [  # two deals any table of three can write in any order (nobody reaches 100)
    {"type": "deal", "declarer": 1, "bid": 15, "trump": "hearts", "melds": [0, 70, 0],
     "points": [0, 25, 0]},
    {"type": "deal", "declarer": 0, "bid": 15, "trump": "hearts", "melds": [60, 0, 0],
     "points": [25, 0, 0]},
]


def a_deal(ruleset: str, players: int, index: int, variant: int) -> dict[str, Any]:
    """A deal the engine takes as row ``index`` of a table of ``players``; ``variant`` picks
    between a won and a lost one (a correction writes the other)."""
    if ruleset == "marias":
        return {**HRA_WON, "declarer": (index + 1) % players,
                "card_points": 60 if variant % 2 == 0 else 30}
    if ruleset == "binokel":
        return dict(BINOKEL_DEALS[variant % 2])
    declarer = index % players
    points = [0] * players
    points[declarer] = 100 if variant % 2 == 0 else 60
    points[(declarer + 1) % players] = 120 - points[declarer]
    return {"type": "deal", "declarer": declarer, "contract": 100, "points": points,
            "marriages": [[] for _ in range(players)]}


def new_tournament(data: st.DataObject, *, count: int | None = None) -> Tournament:
    ruleset, size = data.draw(st.sampled_from(GAMES), label="game")
    count = count or data.draw(st.integers(size, 2 * size + 1), label="players")
    people = data.draw(st.lists(names, min_size=count, max_size=count,
                                unique_by=lambda s: " ".join(s.split()).casefold()),
                       label="names")
    return logic.create_tournament(
        name=data.draw(names, label="title"), ruleset=ruleset, options={},
        rounds=data.draw(st.integers(1, 3), label="rounds"), table_size=size,
        deals_per_round=data.draw(st.integers(1, 3), label="deals"), premium=None,
        players=[logic.NewPlayer(name=n) for n in people])


def _last_round(t: Tournament) -> Round | None:
    return t.round_set.order_by("-number").first()


def _tables(t: Tournament) -> list[Table]:
    return list(Table.objects.filter(round__tournament=t, sheet__isnull=False)
                .select_related("sheet", "scorer", "round"))


def _write(tb: Table, data: st.DataObject) -> None:
    sheet = tb.sheet
    assert sheet is not None
    sheet.refresh_from_db()
    count = sheet.entries.count()
    n = len(sheet.players)
    device = services.Device()
    if count and data.draw(st.booleans(), label="correct a row"):
        position = data.draw(st.integers(0, count - 1), label="row")
        services.update_entry(sheet.pk, revision=sheet.revision, key=services_key(),
                              device=device, position=position,
                              entry=a_deal(tb.round.tournament.ruleset, n, position,
                                           data.draw(st.integers(0, 1), label="variant")))
    else:
        services.add_entry(sheet.pk, revision=sheet.revision, key=services_key(),
                           device=device, entry=a_deal(tb.round.tournament.ruleset, n, count, 0))


def _seating(r: Round) -> list[tuple[int, int | None, int | None]]:
    return sorted(Seat.objects.filter(round=r).values_list("player_id", "table_id", "position"))


def _swap(last: Round, data: st.DataObject) -> None:
    """Two players of the round, or anyone of the tournament (a late arrival, a withdrawn
    player: refused with a sentence that names the player, and no seat moves)."""
    seated = [s.player for s in last.seats.select_related("player")]
    anyone = list(last.tournament.players.all())
    pool = seated if data.draw(st.booleans(), label="seated only") else anyone
    if len(pool) < 2:
        return
    a, b = data.draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2,
                              unique_by=lambda p: p.pk), label="swapped")
    seated_ids = {p.pk for p in seated}
    outside = [p for p in (a, b) if p.pk not in seated_ids or p.withdrawn]
    if last.started is not None or not outside:
        logic.swap(last, a, b)  # refused after the start, a round's players swap
        assert not outside, f"{[p.name for p in outside]} swapped with no place in the round"
        return
    before = _seating(last)
    with pytest.raises(logic.TournamentError) as refused:
        logic.swap(last, a, b)
    assert _seating(last) == before
    assert refused.value.code == "swap_unseated"
    sentence = error_text(refused.value)
    assert refused.value.params["name"] in {p.name for p in outside}
    assert refused.value.params["name"] in sentence
    assert "swap_unseated" not in sentence and "%(" not in sentence
    event("a swap with no place in the round refused in words")


def _at_table(action: str, tb: Table, data: st.DataObject) -> None:
    if action == "deal" and tb.closed is None:
        _write(tb, data)
    elif action == "stand":
        _close_as_it_stands(tb, data)
    elif action == "close":
        logic.close(tb, signed_name=tb.scorer.name)
    elif action == "reopen":
        logic.reopen(tb, reason=data.draw(names, label="reason"))
    elif action == "review":
        assert tb.sheet is not None
        uids = list(tb.sheet.entries.values_list("uid", flat=True))
        if uids:
            logic.review(tb, entry_uid=data.draw(st.sampled_from(uids), label="row"),
                         winnable=data.draw(st.booleans(), label="winnable"),
                         note=data.draw(names, label="note"))


def _close_as_it_stands(tb: Table, data: st.DataObject) -> None:
    """The director closes the table as it stands (nobody signs, the deals written count);
    now and then reopens it at once, which undoes it."""
    deals = logic.close_as_it_stands(tb, reason=data.draw(names, label="why"))
    tb.refresh_from_db()
    assert tb.closed is not None and tb.signed_by == ""
    assert tb.sheet is not None and deals <= tb.sheet.entries.count()
    event("a table closed as it stands")
    if data.draw(st.booleans(), label="reopen it"):
        logic.reopen(tb, reason=data.draw(names, label="reason"))
        tb.refresh_from_db()
        assert tb.closed is None and tb.signed_by == ""
        event("a table closed as it stands and reopened")


def _table_for(action: str, t: Tournament, data: st.DataObject) -> Table:
    """A table for ``action``: reopening picks a closed one when there is one (a table closed
    as it stands among them), the rest any table of the evening."""
    tables = _tables(t)
    closed = [tb for tb in tables if tb.closed is not None]
    if action == "reopen" and closed:
        tables = closed
    return data.draw(st.sampled_from(tables), label="table")


def act(t: Tournament, data: st.DataObject, *, late_arrival: Callable[[str], Any] | None = None
        ) -> str:
    """One action on ``t``; its name (refused actions included: they change nothing)."""
    t.refresh_from_db()
    players = list(t.players.all())
    action = data.draw(st.sampled_from(
        ["draw", "swap", "start", "deal", "deal", "deal", "close", "stand", "reopen", "review",
         "arrive", "withdraw", "rename", "clock"]), label="action")
    last = _last_round(t)
    try:
        if action == "draw":
            logic.draw(t, seed=data.draw(st.integers(0, 10_000), label="seed"))
        elif action == "swap" and last is not None:
            _swap(last, data)
        elif action == "start" and last is not None:
            logic.start(last)
        elif action in ("deal", "close", "stand", "reopen", "review") and _tables(t):
            _at_table(action, _table_for(action, t, data), data)
        elif action == "arrive":
            name = data.draw(names, label="late")
            if late_arrival is not None:
                late_arrival(name)
            else:
                logic.add_player(t, name=name)
        elif action == "withdraw" and players:
            logic.withdraw(t, data.draw(st.sampled_from(players), label="leaves"))
        elif action == "rename" and players:
            logic.rename(t, data.draw(st.sampled_from(players), label="renamed"),
                         data.draw(names, label="new name"))
        elif action == "clock" and last is not None:
            logic.start_clock(last, data.draw(st.integers(1, 240), label="minutes"))
    except (logic.TournamentError, services.WriteError, DrawError):
        pass
    return action
