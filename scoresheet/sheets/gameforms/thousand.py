"""Entry forms of the Thousand family (docs/format.md "Entries: Thousand")."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _

import rules
from rules import thousand as engine
from rules.phone import fill_rest
from scoresheet.sheets.gameforms import (
    EntryForm,
    FormContext,
    GameForms,
    SeatField,
    kind_label,
    number_input,
    register,
)
from scoresheet.sheets.words import game_words

SUIT_SIGNS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠", engine.ACES: "A"}
SUIT_NAMES: dict[str, Any] = {
    "hearts": _("hearts"),
    "diamonds": _("diamonds"),
    "clubs": _("clubs"),
    "spades": _("spades"),
    engine.ACES: _("four aces"),
}
REDEAL_REASONS: dict[str, Any] = {
    "four_nines": _("four nines in one hand"),
    "hand_under_14": _("a hand worth less than 14"),
    "prikup_two_nines": _("two nines in the talon"),
    "prikup_under_3": _("a talon worth less than 3"),
    "misdeal": _("misdeal"),
    "revoke": _("revoke: the deal is replayed"),
}
PENALTY_REASONS: dict[str, Any] = {
    "revoke": _("revoke (did not follow the rules of play)"),
    "cut_nines": _("cut a nine to the bottom three times"),
    "custom": _("other: type the amount"),
}


def sitting_out(context: FormContext) -> int | None:
    """The seat that sits this deal out (the dealer, with four players), as the engine says."""
    out: int | None = engine.THOUSAND.sitting_out(context.scored.state)
    return out


def opening_holder(context: FormContext) -> int | None:
    """Who holds the opening bid (the obligation, "on the hundred") in the deal being written, as
    the engine says."""
    holder: int | None = engine.THOUSAND.opening_holder(
        context.options, context.scored.state.dealer, context.n
    )
    return holder


def holder_text(options: Any, holder: int | None, players: Sequence[str]) -> str:
    """ "Vera has the obligation this deal: 50 unless somebody bids more." """
    if holder is None:
        return ""
    values = {"name": players[holder], "bid": options.opening_bid}
    if options.opening_word == "obligation":
        return str(_("%(name)s has the obligation this deal: %(bid)s unless somebody bids more.")
                   % values)
    return str(_("%(name)s sits on the hundred this deal: %(bid)s unless somebody bids more.")
               % values)


def marriage_choices(context: FormContext) -> list[tuple[str, str]]:
    options = context.options
    suits = list(engine.SUITS)
    if getattr(options, "ace_marriage", 0):
        suits.append(engine.ACES)
    out = []
    for suit in suits:
        value = options.marriage_value(suit)
        out.append((suit, f"{SUIT_SIGNS[suit]} {value}"))
    return out


class DealForm(EntryForm):
    """A played deal: the declarer, the contract, card points and marriages per seat."""

    kind = "deal"
    label = kind_label("deal")
    template_name = "sheets/gameforms/thousand/deal.html"
    groups: ClassVar[Mapping[str, str]] = {"points": "points", "marriages": "marriages"}
    deal_total = engine.CARD_POINTS  # the card points of one deal, from the engine

    def build(self) -> None:
        ctx = self.context
        options = ctx.options
        # The holder of the opening bid plays it when nobody bids more: with the contract at the
        # opening bid and nobody picked, he is the declarer (the page's script picks him as the
        # contract is typed).
        self.holder = opening_holder(ctx)
        self.holder_text = holder_text(options, self.holder, ctx.players)
        self.fields["declarer"] = SeatField(ctx, label=_("Who played?"))
        if self.is_bound and self.holder is not None:
            data = dict(self.data.items()) if not hasattr(self.data, "copy") else self.data.copy()
            contract = str(data.get("contract", "")).strip()
            if not data.get("declarer") and contract == str(options.opening_bid):
                data["declarer"] = str(self.holder)
            self.data = data
        contract_attrs: dict[str, Any] = {}
        if self.holder is not None:
            contract_attrs = {"data-opening": options.opening_bid, "data-holder": self.holder}
        self.fields["contract"] = forms.IntegerField(
            label=_("Contract"),
            # no placeholder: a grey number in an empty field looks filled in
            widget=number_input(step=options.bid_step, min=0, **contract_attrs),
        )
        if options.dark:
            self.fields["dark"] = forms.BooleanField(
                required=False, label=_("Dark (blind): counts double")
            )
        self.filled: tuple[int, int] | None = None
        self.out = sitting_out(ctx)
        for seat, name in enumerate(ctx.players):
            self.fields[f"points_{seat}"] = forms.IntegerField(
                required=False,
                # the missing list names the field: "Card points of Anna", not "Anna"
                label=_("Card points of %(name)s") % {"name": name},
                widget=number_input(min=0, max=engine.CARD_POINTS),
            )
            self.fields[f"marriages_{seat}"] = forms.MultipleChoiceField(
                required=False,
                label=_("Marriages of %(name)s") % {"name": name},
                choices=marriage_choices(ctx),
                widget=forms.CheckboxSelectMultiple,
            )

    def holder_turns(self) -> str:
        """Per dealer seat, who holds the opening bid and the sentence that says so, as JSON: a
        form kept on the phone moves the dealer past the rows still waiting there
        (static/js/offline.js), and the holder with him."""
        ctx = self.context
        turns = {}
        for dealer in range(ctx.n):
            holder = engine.THOUSAND.opening_holder(ctx.options, dealer, ctx.n)
            turns[str(dealer)] = {"holder": holder,
                                  "text": holder_text(ctx.options, holder, ctx.players)}
        return json.dumps(turns)

    def seats(self) -> list[dict[str, Any]]:
        """Per seat: its name, points field and marriages field (for the template)."""
        return [
            {
                "seat": seat,
                "name": name,
                "points": self[f"points_{seat}"],
                "marriages": self[f"marriages_{seat}"],
                "out": seat == self.out,
                "filled": self.filled[1] if self.filled and self.filled[0] == seat else None,
            }
            for seat, name in enumerate(self.context.players)
        ]

    def fills(self) -> list[tuple[int, int | None]]:
        """Per seat, the points the form filled in for it (None: typed or not filled)."""
        return [
            (seat, self.filled[1] if self.filled and self.filled[0] == seat else None)
            for seat in range(self.context.n)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        n = self.context.n
        points: list[int | None] = [data.get(f"points_{s}") for s in range(n)]
        if self.out is not None and points[self.out] is None:
            points[self.out] = 0
        blank = [s for s in range(n) if points[s] is None]
        # The last player's points are what the others leave of the deal's card points (the
        # phone's referee fills them with the same function: rules/phone.py).
        filled = fill_rest(points, engine.CARD_POINTS)
        if filled is not None:
            points[filled[0]] = filled[1]
            self.filled = filled
        elif blank and not any(f"points_{s}" in self.errors for s in blank):
            # said once, on the first empty player (not under every player)
            self.add_error(f"points_{blank[0]}", _("Type the card points of every player but one."))
        data["points"] = points
        return data

    def to_entry(self, cleaned_data: Mapping[str, Any]) -> dict[str, Any]:
        n = self.context.n
        entry: dict[str, Any] = {
            "type": self.kind,
            "declarer": cleaned_data["declarer"],
            "contract": cleaned_data["contract"],
            "points": list(cleaned_data["points"]),
            "marriages": [list(cleaned_data.get(f"marriages_{s}") or []) for s in range(n)],
        }
        if cleaned_data.get("dark"):  # docs/format.md: dark is false when absent
            entry["dark"] = True
        return entry

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], context: FormContext) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "declarer": entry.get("declarer"),
            "contract": entry.get("contract"),
            "dark": bool(entry.get("dark", False)),
        }
        points = entry.get("points") or []
        marriages = entry.get("marriages") or []
        for seat in range(context.n):
            initial[f"points_{seat}"] = points[seat] if seat < len(points) else None
            initial[f"marriages_{seat}"] = list(marriages[seat]) if seat < len(marriages) else []
        return initial

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        names = players
        declarer = _name(names, entry.get("declarer"))
        dark = " " + str(_("dark")) if entry.get("dark") else ""
        points = "/".join(str(p) for p in entry.get("points") or [])
        married = [
            f"{_name(names, s)} {''.join(SUIT_SIGNS.get(m, m) for m in suits)}"
            for s, suits in enumerate(entry.get("marriages") or [])
            if suits
        ]
        text = f"{declarer} {entry.get('contract')}{dark}; {points}"
        return text + ("; " + ", ".join(married) if married else "")


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return "?"


class ConcessionForm(EntryForm):
    kind = "concession"
    label = kind_label("concession")
    template_name = "sheets/gameforms/_fields.html"

    def build(self) -> None:
        options = self.context.options
        self.fields["declarer"] = SeatField(self.context, label=_("Who gives up?"))
        self.fields["contract"] = forms.IntegerField(
            label=_("Contract"),
            # no placeholder: a grey number in an empty field looks filled in
            widget=number_input(step=options.bid_step, min=0),
        )

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        return f"{_name(players, entry.get('declarer'))} {entry.get('contract')}"


class RedealForm(EntryForm):
    kind = "redeal"
    label = kind_label("redeal")
    template_name = "sheets/gameforms/_fields.html"

    def build(self) -> None:
        reasons = engine.THOUSAND.redeal_reasons(self.context.options)
        self.fields["reason"] = forms.ChoiceField(
            label=_("Why?"),
            choices=[(r, REDEAL_REASONS.get(r, r)) for r in reasons],
            widget=forms.RadioSelect,
        )

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        reason = entry.get("reason")
        return str(REDEAL_REASONS.get(reason, reason)) if isinstance(reason, str) else ""


class PenaltyForm(EntryForm):
    kind = "penalty"
    label = kind_label("penalty")
    template_name = "sheets/gameforms/_fields.html"

    def build(self) -> None:
        self.fields["seat"] = SeatField(self.context, label=_("Who?"))
        self.fields["reason"] = forms.ChoiceField(
            label=_("What for?"),
            choices=[(r.value, PENALTY_REASONS[r.value]) for r in engine.PenaltyReason],
            widget=forms.RadioSelect,
        )
        self.fields["amount"] = forms.IntegerField(
            required=False,
            label=_("Amount (other penalties only; negative takes points away)"),
            widget=number_input(),
        )

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        who = _name(players, entry.get("seat"))
        reason = entry.get("reason")
        text = f"{who}: {PENALTY_REASONS.get(reason, reason) if isinstance(reason, str) else ''}"
        return text + (f" {entry['amount']}" if entry.get("amount") is not None else "")


class BombForm(EntryForm):
    kind = "bomb"
    label = kind_label("bomb")
    template_name = "sheets/gameforms/_fields.html"

    def build(self) -> None:
        self.fields["declarer"] = SeatField(self.context, label=_("Who bombs?"))

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        return _name(players, entry.get("declarer"))


class MarriagesInHandForm(EntryForm):
    kind = "marriages_in_hand"
    label = kind_label("marriages_in_hand")
    template_name = "sheets/gameforms/_fields.html"

    def build(self) -> None:
        self.fields["seat"] = SeatField(self.context, label=_("Who?"))
        self.fields["count"] = forms.TypedChoiceField(
            label=_("How many marriages?"),
            choices=[(str(c), str(c)) for c in engine.MARRIAGE_COUNTS],
            coerce=int,
            widget=forms.RadioSelect,
        )

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        return f"{_name(players, entry.get('seat'))}: {entry.get('count')}"


def kinds(document: rules.Sheet) -> list[str]:
    """The row kinds this table's options allow, as the engine says."""
    return list(engine.THOUSAND.kinds_for(document.rules))


register(
    GameForms(
        game="thousand",
        forms={
            f.kind: f
            for f in (
                DealForm,
                ConcessionForm,
                RedealForm,
                PenaltyForm,
                BombForm,
                MarriagesInHandForm,
            )
        },
        kinds=kinds,
    )
)


game_words("thousand", redeal_reasons=REDEAL_REASONS)  # words notes quote (words.py)
