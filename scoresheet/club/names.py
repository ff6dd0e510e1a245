"""The club's part of a tournament's public names (:mod:`scoresheet.tournament.names`): a
player the club shows by initials only is shown by initials on his evening's public pages too
("J. N."), the director's pages keep the whole name.  Registered when the app is ready."""

from __future__ import annotations

from scoresheet.club.models import Entrant
from scoresheet.club.season import initials
from scoresheet.tournament import names
from scoresheet.tournament.models import Tournament


def initials_only(t: Tournament) -> dict[int, str]:
    """The evening's players whose register line asks for initials only (one query; none of
    them when the tournament is no club's evening)."""
    rows = (Entrant.objects.filter(evening__tournament=t, member__initials_only=True)
            .values_list("player_id", "player__name"))
    return {pid: initials(name) for pid, name in rows}


def register() -> None:
    names.register(initials_only)
