"""What a tournament's public pages show of a player's name (docs/tournament.md#public-names).

The players' pages, the wall, the seating list, the standings CSV, the results printout and
the table cards show each player's *public name*: his name, unless an app above this one says
otherwise — a club shows a player who asked for it by his initials (the club app registers
its source when it is ready).  The director's
pages always show the whole name.  The tournament app never imports those apps: they register
a source here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping

from scoresheet.tournament import logic
from scoresheet.tournament.models import Player, Tournament

Source = Callable[[Tournament], Mapping[int, str]]  # player id -> the name public pages show

_sources: list[Source] = []


def register(source: Source) -> None:
    """Add a source of public names (called once, from an app's ``ready()``)."""
    if source not in _sources:
        _sources.append(source)


def public_names(t: Tournament) -> dict[int, str]:
    """The players whose public name differs from their name (player id -> public name)."""
    out: dict[int, str] = {}
    for source in _sources:
        out.update(source(t))
    return out


def digest(names: Mapping[int, str]) -> str:
    """A short mark of the public names, added to the fingerprint a public page polls with
    and to the keys of pages and PDFs rendered once ("" when every name is shown as it is)."""
    if not names:
        return ""
    return "-" + hashlib.sha256(repr(sorted(names.items())).encode()).hexdigest()[:16]


def shown(players: Iterable[Player], names: Mapping[int, str]) -> None:
    """Give these (unsaved, page-only) player objects their public names."""
    for p in players:
        if p.pk in names:
            p.name = names[p.pk]


def public_standings(t: Tournament, names: Mapping[int, str] | None = None) -> logic.Standings:
    """The standings with every player under his public name, the tables' signatures too
    (for the public pages only: its objects must never be saved)."""
    st = logic.standings(t)
    names = public_names(t) if names is None else names
    if not names:
        return st
    signed = {st.players[pid].name.casefold(): public for pid, public in names.items()
              if pid in st.players}
    shown(st.players.values(), names)
    for rs in st.rounds:
        for ts in rs.tables:
            public = signed.get(ts.table.signed_by.casefold())
            if public is not None:
                ts.table.signed_by = public
    return st


def private_tables(st: logic.Standings, names: Mapping[int, str]) -> set[int]:
    """The tables (ids) of the latest round that seat a player whose public name is not his
    name: their sheets, which show the names as written, are not linked from public pages."""
    if not names or not st.rounds:
        return set()
    return {ts.table.pk for ts in st.rounds[-1].tables
            if any(p.pk in names for p in ts.players)}
