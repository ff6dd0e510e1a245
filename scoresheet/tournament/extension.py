"""The tournament's part of the entry flow (the core's extension point,
:mod:`scoresheet.sheets.extensions`): a Mariáš table sheet of a tournament that counts premium
points asks for the trumps held (:mod:`scoresheet.tournament.dealform`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoresheet.sheets import extensions
from scoresheet.sheets.models import Sheet
from scoresheet.tournament.dealform import add_trump_fields, limit_round_deals


class TrumpsExtension(extensions.EntryExtension):
    def extend_form(self, form: Any, sheet: Sheet, entry: Mapping[str, Any] | None) -> None:
        add_trump_fields(form, sheet, entry)
        limit_round_deals(form, sheet)


extensions.register(TrumpsExtension())
