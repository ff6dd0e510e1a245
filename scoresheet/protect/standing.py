"""An established phone: a signed device (scoresheet/protect/device.py) that has already been
served on a secret link that leads somewhere (a sheet, a tournament, a club: links.py).  Its
cost budget's row (scoresheet/protect/budget.py) is the record of it: the row is written the
first time such a phone is served on such a link, however cheap that request was.

An established phone is budgeted by itself (and its link): never by the network address it
shares with a pub or a tournament hall, so that what its neighbours do cannot refuse it
(docs/deployment.md, "Who pays for what").  A phone the site has not seen on a link yet (no
cookie, a made-up cookie, a cookie just given) shares its address's budgets: that is what bounds
whoever makes up phones.
"""

from __future__ import annotations

import hashlib

from django.http import HttpRequest

from scoresheet.protect.device import verified
from scoresheet.protect.models import Budget

DEVICE_KIND = "cost-device"  # the prefix of a phone's cost budget (budget.py)
_ESTABLISHED = "_listek_established"


def device_cost_bucket(device: str) -> str:
    return f"{DEVICE_KIND}:" + hashlib.sha256(device.encode()).hexdigest()[:40]


def established(request: HttpRequest) -> bool:
    """The request comes from an established phone (one indexed read, once per request; the
    cost budget's own read tells it without this one: :func:`settle`)."""
    if hasattr(request, _ESTABLISHED):
        return bool(getattr(request, _ESTABLISHED))
    device = verified(request)
    found = device is not None and Budget.objects.filter(
        bucket=device_cost_bucket(device)).exists()
    setattr(request, _ESTABLISHED, found)
    return found


def settle(request: HttpRequest, found: bool) -> None:
    """What the cost budget read of the phone's row: established or not (no second read)."""
    setattr(request, _ESTABLISHED, found)
