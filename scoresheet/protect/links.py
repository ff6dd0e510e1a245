"""Which secret link a request holds: a sheet's edit or read link, a tournament's director or
players' link, a club's link or a club player's page.  A link that leads somewhere is what an
honest phone holds and a stranger does not: the budgets (scoresheet/protect/budget.py) charge a
request that holds one to the link and to the phone, never to the network address the phone
shares with a whole pub.

Each app says which of its links lead somewhere (:func:`register`, from its ``ready()``): the
guards know no app built on them.  A link found is remembered by the process (a link never
changes; a deleted one stays remembered until the memory is full, and is then only a link whose
budget is its own), a made-up one is asked of the database each time, at one indexed query.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest

LINK = re.compile(r"^/(?P<kind>s|v|t|tv|club|cv|cp)/(?P<token>[A-Za-z0-9_-]{20,64})/")
KEPT = 50_000  # links remembered per process
_CHECKS: dict[str, Callable[[str], bool]] = {}
_FOUND: set[tuple[str, str]] = set()
_HELD = "_listek_link"


@dataclass(frozen=True)
class Link:
    kind: str  # the link's first path segment: "s", "v", "t", "tv", "club", "cv", "cp"
    token: str


def register(kind: str, exists: Callable[[str], bool]) -> None:
    """``exists(token)`` says whether a link ``/<kind>/<token>/`` leads somewhere."""
    _CHECKS[kind] = exists


def forget() -> None:
    """Forget the links found (the tests' fresh start)."""
    _FOUND.clear()


def held(request: HttpRequest) -> Link | None:
    """The link the request's path holds when it leads somewhere, else None (no link, a made-up
    one, a kind no app registered)."""
    if hasattr(request, _HELD):
        return getattr(request, _HELD)  # type: ignore[no-any-return]
    found: Link | None = None
    match = LINK.match(request.path_info)
    if match is not None:
        kind, token = match["kind"], match["token"]
        check = _CHECKS.get(kind)
        if (kind, token) in _FOUND:
            found = Link(kind, token)
        elif check is not None and check(token):
            if len(_FOUND) >= KEPT:
                _FOUND.clear()
            _FOUND.add((kind, token))
            found = Link(kind, token)
    setattr(request, _HELD, found)
    return found
