"""The trumps held, on the Mariáš deal form of a tournament that awards premium points.

Seed 004 awards a won announced sedma by the trumps its announcer held, a sto by the trumps of
the side that announced it (rules.tournament.PremiumTable).  Only a table sheet of such a
tournament asks for them; they go into the entry's ``meta`` (the engine ignores it, the
premium points read it), so the sheet's money never depends on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rules import tournament as draw_rules
from scoresheet.sheets.models import Sheet

MAX_TRUMPS = 8  # a Mariáš suit has eight cards
FIELDS = {
    "seven": _("Trumps the announcer of the sedma held"),
    "hundred": _("Trumps the side that announced sto held together"),
}
AGAINST_FIELDS = {  # asked when the deal form records announcements against the declarer
    "seven_against": _("Trumps the defender who announced sedma proti held"),
    "hundred_against": _("Trumps the defence held together (sto proti)"),
}


def uses_premium(sheet: Sheet) -> bool:
    """A tournament table whose tournament counts premium points (no query without a scorer)."""
    if sheet.game != "marias" or not sheet.scorer:
        return False
    from scoresheet.tournament.models import Table

    return Table.objects.filter(sheet=sheet, round__tournament__premium__isnull=False).exists()


def add_trump_fields(form: Any, sheet: Sheet, entry: Mapping[str, Any] | None = None) -> None:
    """Give a deal form the trumps-held fields, and put their values into the entry's meta."""
    if getattr(form, "kind", "") != "deal" or not uses_premium(sheet):
        return
    held = draw_rules.trumps_of(entry) if entry is not None else {}
    names = []
    asked = dict(FIELDS)
    if any("against" in name for name in form.fields):
        asked.update(AGAINST_FIELDS)
    for key, label in asked.items():
        name = f"trumps_{key}"
        form.fields[name] = forms.IntegerField(
            label=label, required=False, min_value=1, max_value=MAX_TRUMPS, initial=held.get(key),
            help_text=_(
                "Only for a won or a fleked announced game; it decides the premium points."
            ),
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "num",
                                            "min": 1, "max": MAX_TRUMPS}),
        )
        names.append(name)
    form.extra_fields = [form[n] for n in names]
    form.extra_fields_template = "tournament/_trump_fields.html"
    to_entry = form.to_entry

    def announced(cleaned_data: Mapping[str, Any], key: str) -> bool:
        """Is the game a trumps field is about announced (the form sends only what it shows)?"""
        against = key.endswith("_against")
        chosen = cleaned_data.get("announced_against" if against else "announced") or ()
        return key.removesuffix("_against") in chosen

    def with_trumps(cleaned_data: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = to_entry({k: v for k, v in cleaned_data.items() if k not in names})
        given = {key: cleaned_data[f"trumps_{key}"] for key in asked
                 if cleaned_data.get(f"trumps_{key}") is not None
                 and announced(cleaned_data, key)}
        if given:
            out["meta"] = {**dict(out.get("meta") or {}), "trumps": given}
        return out

    form.to_entry = with_trumps
    clean = form.clean

    def needs_count() -> Any:
        """A won sedma earns by its announcer's trumps: no count, no silent lowest band."""
        data = clean()
        done = data if data is not None else form.cleaned_data
        if (announced(done, "seven") and done.get("seven") == "won"
                and done.get("trumps_seven") is None):
            form.add_error("trumps_seven", _(
                "The sedma was won: type how many trumps its announcer held (it decides the "
                "premium points)."))
        return data

    form.clean = needs_count


def limit_round_deals(form: Any, sheet: Sheet) -> None:
    """A table sheet whose round has its number of deals takes no further deal (issue 26.11):
    a new deal, concession or deal stopped by a renonc is refused with the reason, before
    anything is written.  Corrections of rows already written are not deals added."""
    from scoresheet.tournament.logic import table_of_sheet, table_state

    context = getattr(form, "context", None)
    if context is None or context.position is not None:
        return
    if getattr(form, "kind", "") not in ("deal", "concession", "renonc"):
        return
    tb = table_of_sheet(sheet)
    limit = tb.round.tournament.deals_per_round if tb is not None else None
    if tb is None or limit is None or tb.closed is not None:
        return  # (a closed table refuses every write, and says so)
    # the deals written so far, from the sheet as stored (the form of a new row is given only
    # the sheet's tail, not its entries); computed once per revision of the sheet
    played = table_state(tb.round.tournament, tb).deals
    if played < limit:
        return
    clean = form.clean

    def refused() -> Any:
        data = clean()
        if form.kind != "renonc" or (data or {}).get("stopped"):
            raise forms.ValidationError(
                _("This round has %(deals)s deals and all of them are written: the table "
                  "plays no more in this round. The scorer signs and closes the table.")
                % {"deals": limit})
        return data

    form.clean = refused
