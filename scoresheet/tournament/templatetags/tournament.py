"""The tournament banner of a table sheet: which table, who scores, signing and confirming."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.simple_tag
def tournament_table(sheet: Any) -> Any:
    """The tournament table whose sheet this is, or None.

    Every table sheet has its scorer's name, so a sheet without one costs no query (the sheet
    page keeps its constant number of queries).
    """
    if not getattr(sheet, "scorer", ""):
        return None
    from scoresheet.tournament.models import Table

    return (Table.objects.select_related("round__tournament", "scorer")
            .filter(sheet_id=sheet.pk).first())


@register.simple_tag
def table_events(table: Any) -> list[dict[str, Any]]:
    """The tournament's history of one table: signed, confirmed, reopened (with the reason)."""
    from scoresheet.tournament.views import EVENT_TEXTS

    return [
        {"at": e.at, "text": EVENT_TEXTS.get(e.action, e.action),
         "who": e.detail.get("signed_by") or e.detail.get("player") or "",
         "reason": e.detail.get("reason", "")}
        for e in table.events.order_by("-at", "-id")
    ]


@register.simple_tag
def round_deals(table: Any) -> dict[str, Any]:
    """How many deals of its round a table has written, of how many (None: played to the end of
    the game), and whether the round is played (issue 26.11)."""
    from scoresheet.tournament.logic import table_state

    t = table.round.tournament
    state = table_state(t, table)
    return {"deals": state.deals, "needed": t.deals_per_round, "full": state.finished}
