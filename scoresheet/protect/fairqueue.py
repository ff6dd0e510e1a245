"""The task worker serves its clients in turn, not in the order their tasks arrived: each
client's tasks wait behind its own, never behind another client's heap of them.

Django Tasks' database backend (``django-tasks-db``) claims the oldest ready task first: one
client asking for PDF after PDF from three addresses would make an honest table's PDF wait for
all of them (29 s instead of 2 s).  Here the worker claims, among the ready tasks of the highest
priority, the oldest task of the client it served least recently (a client it never served
first): an honest PDF waits at most for the task being made and one task of each client ahead of
it in that turn, however many tasks those clients queued.

A task's client is the first budget of the request that queued it (the ``charge`` a PDF's task
carries, scoresheet/protect/budget.py: the phone's, or its address's cookie-less client); a task
without one (mail, the cleanup) is the site's own client.  Each worker remembers whom it served
(in memory: workers share no state beyond the queue); it looks at the :data:`SCAN` oldest ready
tasks, which the heavy-work limits keep beyond what one client may queue.

Installed on the backend's queryset (:func:`install`, from the guards' ``ready()``): the worker
command (``manage.py db_worker``) is the backend's own.
"""

from __future__ import annotations

import time
from typing import Any

SCAN = 500  # ready tasks looked at per claim
KEPT = 10_000  # clients remembered per worker
_SERVED: dict[str, float] = {}


def forget() -> None:
    _SERVED.clear()


def client_of(args_kwargs: Any) -> str:
    """The client a task was queued for: its ``charge``'s first bucket, else "" (the site)."""
    if not isinstance(args_kwargs, dict):
        return ""
    kwargs = args_kwargs.get("kwargs") or {}
    args = args_kwargs.get("args") or []
    charge = kwargs.get("charge") if isinstance(kwargs, dict) else None
    if charge is None and isinstance(args, list) and args:
        charge = args[-1]
    if (isinstance(charge, list) and charge and isinstance(charge[0], list)
            and len(charge[0]) == 2 and isinstance(charge[0][0], str)):
        return charge[0][0]
    return ""


def fair_locked(tasks: Any) -> Any:
    """The task to claim from ``tasks`` (ready ones, the worker's filter), locked; None."""
    rows = list(tasks.values_list("id", "priority", "args_kwargs")[:SCAN])
    if not rows:
        return None
    turns = sorted(
        ((-priority, _SERVED.get(client_of(args_kwargs), 0.0), n, pk, client_of(args_kwargs))
         for n, (pk, priority, args_kwargs) in enumerate(rows)))
    for _priority, _served, _n, pk, client in turns:
        found = tasks.filter(id=pk).select_for_update(skip_locked=True).first()
        if found is not None:
            if len(_SERVED) >= KEPT:
                _SERVED.clear()
            _SERVED[client] = time.monotonic()
            return found
    return None


def install() -> None:
    from django_tasks_db.models import DBTaskResultQuerySet

    def get_locked(self: Any) -> Any:
        return fair_locked(self)

    DBTaskResultQuerySet.get_locked = get_locked  # type: ignore[method-assign]
