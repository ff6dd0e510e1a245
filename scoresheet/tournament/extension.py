"""The tournament's part of the core's pages (the core's extension point,
:mod:`scoresheet.sheets.extensions`): a Mariáš table sheet of a tournament that counts premium
points asks for the trumps held (:mod:`scoresheet.tournament.dealform`); a table sheet shows
its banner (table, round, scorer, the round's deals, signing) and its table's history."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.template.loader import render_to_string

from scoresheet.sheets import extensions
from scoresheet.sheets.models import Sheet
from scoresheet.tournament.dealform import add_trump_fields, limit_round_deals
from scoresheet.tournament.logic import table_state
from scoresheet.tournament.models import Table
from scoresheet.tournament.views import CONFIRMED_BY, EVENT_TEXTS


class TournamentExtension(extensions.EntryExtension):
    def home_links(self) -> list[str]:
        return [render_to_string("tournament/_home_link.html")]

    def extend_form(self, form: Any, sheet: Sheet, entry: Mapping[str, Any] | None) -> None:
        add_trump_fields(form, sheet, entry)
        limit_round_deals(form, sheet)

    def sheet_banners(self, sheet: Sheet, *, can_edit: bool) -> list[str]:
        """A table sheet's banner: which table and round, who scores, the round's deals,
        signing and confirming."""
        tt = table_of(sheet)
        if tt is None:
            return []
        t = tt.round.tournament
        state = table_state(t, tt)
        return [render_to_string("tournament/_sheet_banner.html", {
            "tt": tt, "sheet": sheet, "can_edit": can_edit,
            "rd": {"deals": state.deals, "needed": t.deals_per_round, "full": state.finished},
        })]

    def history_blocks(self, sheet: Sheet) -> list[str]:
        """A table sheet's tournament history: signed, confirmed, reopened (with the reason)."""
        tt = table_of(sheet)
        if tt is None:
            return []
        events = [
            {"at": e.at, "text": EVENT_TEXTS.get(e.action, e.action),
             "who": e.detail.get("signed_by") or e.detail.get("player") or "",
             "how": CONFIRMED_BY.get(e.detail.get("by", ""), ""),
             "reason": e.detail.get("reason", "")}
            for e in tt.events.order_by("-at", "-id")
        ]
        if not events:
            return []
        return [render_to_string("tournament/_table_history.html", {"tt": tt, "events": events})]

    def governs(self, sheet: Sheet) -> bool:
        """A table sheet's names are the tournament's players (its export checks them) and
        its scorer's signature closes it: the sheet page renames and closes none of them."""
        return table_of(sheet) is not None


def table_of(sheet: Sheet) -> Table | None:
    """The tournament table whose sheet this is, or None.  Every table sheet has its scorer's
    name, so a sheet without one costs no query."""
    if not sheet.scorer:
        return None
    return (Table.objects.select_related("round__tournament", "scorer")
            .filter(sheet_id=sheet.pk).first())


extensions.register(TournamentExtension())
