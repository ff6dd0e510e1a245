"""Entry forms of Mariáš (docs/format.md "Entries: Mariáš", docs/rules/marias.md).

Three forms: a played deal (the game as big buttons, trumps as suit buttons, the announcements,
a flek ladder per component, card points in tens, marriages, results), a renonc and a misdeal.
They only turn taps into the docs/format.md entry; every rule, every amount and every objection
comes
from :mod:`rules.marias`.

The deal form shows only the fields of the game chosen (CSS, no JavaScript needed), and sends
only what it shows: a trump ticked before the game was switched to betl, or a seven result left
behind when the seven was un-announced, is not sent (see :meth:`DealForm.to_entry`).  Which flek
ladders belong to a deal is the engine's :meth:`rules.marias.Deal.components`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _

import rules
from rules import marias as engine
from rules.cards import DECKS, DeckName
from rules.cards import Suit as CardSuit
from scoresheet.sheets.gameforms import (
    EntryForm,
    FormContext,
    GameForms,
    SeatField,
    kind_label,
    register,
)
from scoresheet.sheets.words import MARKS, card_word, contract_label, game_words

DECK = DECKS[DeckName.MARIAS]  # the German-suited pack: srdce, kule, listy, žaludy

GAME_LABELS: dict[str, Any] = {
    engine.Contract.SUIT: _("Suit game"),
    engine.Contract.BETL: _("Betl"),
    engine.Contract.DURCH: _("Durch"),
}
GAME_HELP: dict[str, Any] = {
    engine.Contract.SUIT: _("hra, sedma, sto"),
    engine.Contract.BETL: _("no trick"),
    engine.Contract.DURCH: _("every trick"),
}
ANNOUNCE_LABELS: dict[str, Any] = {
    engine.Announce.SEVEN: _("Seven (sedma)"),
    engine.Announce.HUNDRED: _("Hundred (sto)"),
}
AGAINST_LABELS: dict[str, Any] = {
    engine.Announce.SEVEN: _("Seven against (sedma proti)"),
    engine.Announce.HUNDRED: _("Hundred against (sto proti)"),
}
RESULT_LABELS: dict[str, Any] = {
    engine.Result.WON: _("won"),
    engine.Result.LOST: _("lost"),
}
SILENT_LABELS: dict[str, Any] = {
    "": _("none"),
    engine.Side.DECLARER: _("the declarer's"),
    engine.Side.DEFENCE: _("the defence's"),
}
COMPONENT_LABELS: dict[str, Any] = {
    engine.Component.GAME: _("Game (hra or sto)"),
    engine.Component.SEVEN: _("Seven (sedma)"),
    engine.Component.BETL: _("Betl"),
    engine.Component.DURCH: _("Durch"),
    engine.Component.SEVEN_AGAINST: _("Seven against (sedma proti)"),
    engine.Component.HUNDRED_AGAINST: _("Hundred against (sto proti)"),
}
# Who gave an odd flek level (the defence's word on the declarer's game), by level.
GIVER_LABELS: dict[int, Any] = {
    1: _("Who gave the flek?"),
    3: _("Who gave the tutti?"),
    5: _("Who gave the kalhoty?"),
}
# The words of the flek ladder (engine.FLEK_NAMES): the table's own words, level by level.
FLEK_WORDS: dict[str, Any] = {
    "none": _("no flek"),
    "flek": _("flek"),
    "re": _("re"),
    "tutti": _("tutti"),
    "boty": _("boty"),
    "kalhoty": _("kalhoty"),
}
# The 12 renonc kinds (engine.RENONC_KINDS, seed 004 article III) in translatable words.
RENONC_TEXTS: dict[int, Any] = {
    1: _("did not follow suit"),
    2: _("did not beat a lower card"),
    3: _("led wrongly"),
    4: _("played out of turn"),
    5: _("cut or shuffled the cards"),
    6: _("signalled to a partner"),
    7: _("wrong number of cards in the talon"),
    8: _("broke the order of approving and fleking"),
    9: _("changed or looked into the talon after announcing"),
    10: _("looked at the talon without the right"),
    11: _("broke the rules of the announced seven, or played a laid-down game"),
    12: _("an ace or a ten in the talon"),
}
OFFENDER_TEXTS: dict[str, Any] = {
    engine.Offender.PLAYING: _("the declarer or a defender"),
    engine.Offender.ANYONE: _("anyone, the pauzírák too"),
    engine.Offender.DECLARER: _("the declarer"),
    engine.Offender.NOT_DECLARER: _("anyone but the declarer"),
}
# What the sheet's badges say for the marks of docs/rules/marias.md "Marks on the sheet".
MARIAS_MARKS: dict[str, tuple[Any, Any]] = {
    "won": (_("won"), _("the declarer won the game")),
    "lost": (_("lost"), _("the declarer lost the game")),
    "seven_won": (_("7 won"), _("the announced seven was won")),
    "seven_lost": (_("7 lost"), _("the announced seven was lost")),
    "silent_seven": (_("silent 7"), _("the declarer took the last trick with the trump seven")),
    "silent_seven_against": (_("7 against"),
                             _("a defender took the last trick with the trump seven")),
    "silent_hundred": (_("silent 100"), _("the hundred reached without announcing it")),
    "silent_hundred_against": (_("silent 100 against"),
                               _("the defence reached the hundred without announcing it")),
    "seven_against_won": (_("7 proti won"),
                          _("the seven announced against the declarer was won")),
    "seven_against_lost": (_("7 proti lost"),
                           _("the seven announced against the declarer was lost")),
    "hundred_against_won": (_("100 proti won"),
                            _("the hundred announced against the declarer was won")),
    "hundred_against_lost": (_("100 proti lost"),
                             _("the hundred announced against the declarer was lost")),
    "over_table": (_("beyond"), _("fleked beyond the table's highest flek: paid at the highest")),
    "red": (_("♥"), _("hearts trumps: everything counts double")),
    "capped": (_("cap"), _("the payment cap was reached")),
    "premium": (_("premium"), _("premium points earned")),
    "premium_minus": (_("minus"), _("minus premium points for a flek")),
    "flagged": (_("signed"), _("worth 50 premium points or more: the scorer signs it")),
    "first_flek": (_("1st flek"), _("gave the first flek")),
    "pauzirak": (_("out"), _("the pauzírák: sat this deal out")),
    "renonc": (_("renonc"), _("made a renonc")),
    "misdeal": (_("misdeal"), _("dealt wrongly and deals again")),
    "free": (_("free"), _("the first misdeal is free")),
}
for _code, _words in MARIAS_MARKS.items():
    MARKS.setdefault(_code, _words)  # words the core already has win


def giver_field(component: str, level: int) -> str:
    """The form field of who gave flek level ``level`` (1, 3, 5) of ``component``."""
    return f"flek_by_{component}_{level}"


def suit_label(suit: str) -> str:
    """A Mariáš suit as the table says it: its symbol and Czech name, e.g. "♥ srdce"."""
    face = DECK.face(CardSuit(suit))
    return f"{face.symbol} {card_word(DECK.name.value, face.name)}"


def suit_choices() -> list[tuple[str, str]]:
    """The trumps to pick, in the page's language (made when the form is, not at import)."""
    return [(s, suit_label(s)) for s in engine.SUITS]


def flek_word(level: int) -> str:
    """The ladder's word for a flek level (0 "no flek", 1 "flek", 2 "re", ...)."""
    if 0 <= level < len(engine.FLEK_NAMES):
        return str(FLEK_WORDS[engine.FLEK_NAMES[level]])
    return str(level)


def flek_choices(options: engine.MariasOptions) -> list[tuple[str, str]]:
    """The ladder this table allows (engine.flek_levels): "no flek", "flek ×2", "re ×4", ..."""
    out = []
    for level, _name, factor in engine.flek_levels(options):
        word = flek_word(level)
        out.append((str(level), f"{word} ×{factor}" if level else word))
    return out


def pauzirak(context: FormContext) -> int | None:
    """The seat that sits the deal out (the dealer, with four players), as the engine says."""
    seat: int | None = engine.MariasGame.pauzirak(context.scored.state)
    return seat


def card_point_choices() -> list[tuple[str, str]]:
    """0, 10, ..., 90: the declarer's card points come in tens (marias.md#card-points)."""
    return [(str(p), str(p)) for p in range(0, engine.CARD_POINTS + 1, engine.CARD_STEP)]


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return "?"


class ButtonsIntegerField(forms.IntegerField):
    """A whole number picked with one button per allowed value.

    Any whole number is passed on, so that a value the buttons do not offer (a hand-made post)
    reaches the engine, whose objection names the rule.
    """

    def __init__(self, *, choices: Sequence[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(widget=forms.RadioSelect(choices=choices), **kwargs)


class DealForm(EntryForm):
    """A played deal: declarer, game, trumps, announcements, fleks, card points, results."""

    kind = "deal"
    label = kind_label("deal")
    template_name = "sheets/gameforms/marias/deal.html"
    # engine field -> the group of fields where its objection is shown
    groups: ClassVar[Mapping[str, str]] = {
        "marriages": "marriages",
        "marriages.declarer": "marriages",
        "marriages.defence": "marriages",
        "fleks": "fleks",
        "first_flek_by": "fleks",
        "flek_by": "fleks",
        "sitting_out": "declarer",
        "against": "announced_against",
    }

    def build(self) -> None:
        ctx = self.context
        options: engine.MariasOptions = ctx.options
        self.out = pauzirak(ctx)
        self.fields["declarer"] = SeatField(ctx, label=_("Who played? (the declarer)"))
        self.fields["game"] = forms.ChoiceField(
            label=_("Game"),
            choices=[(g, GAME_LABELS[g]) for g in engine.CONTRACTS],
            widget=forms.RadioSelect,
            initial=engine.Contract.SUIT,  # most deals are suit games: one tap less
        )
        self.fields["trump"] = forms.ChoiceField(
            required=False, label=_("Trumps"), choices=suit_choices(), widget=forms.RadioSelect
        )
        self.fields["announced"] = forms.MultipleChoiceField(
            required=False,
            label=_("Announced"),
            choices=[(a, ANNOUNCE_LABELS[a]) for a in engine.ANNOUNCES],
            widget=forms.CheckboxSelectMultiple,
        )
        self.fields["announced_against"] = forms.MultipleChoiceField(
            required=False,
            label=_("Announced by the defence against the declarer"),
            choices=[(a, AGAINST_LABELS[a]) for a in engine.ANNOUNCES],
            widget=forms.CheckboxSelectMultiple,
        )
        self.fields["card_points"] = ButtonsIntegerField(
            required=False,
            label=_("The declarer's card points (aces, tens, the last trick)"),
            choices=card_point_choices(),
        )
        self.fields["marriages_declarer"] = forms.MultipleChoiceField(
            required=False,
            label=_("Marriages of the declarer"),
            choices=suit_choices(),
            widget=forms.CheckboxSelectMultiple,
        )
        self.fields["marriages_defence"] = forms.MultipleChoiceField(
            required=False,
            label=_("Marriages of the defence"),
            choices=suit_choices(),
            widget=forms.CheckboxSelectMultiple,
        )
        self.fields["seven"] = forms.ChoiceField(
            required=False,
            label=_("The announced seven"),
            choices=[(r, RESULT_LABELS[r]) for r in engine.RESULTS],
            widget=forms.RadioSelect,
        )
        self.fields["seven_against"] = forms.ChoiceField(
            required=False,
            label=_("The seven against (did the defender's trump seven take the last trick?)"),
            choices=[(r, RESULT_LABELS[r]) for r in engine.RESULTS],
            widget=forms.RadioSelect,
        )
        self.fields["silent_seven"] = forms.ChoiceField(
            required=False,
            label=_("Silent seven (the trump seven took the last trick)"),
            choices=[(s, SILENT_LABELS[s]) for s in ("", *engine.SIDES)],
            widget=forms.RadioSelect,
            initial="",
        )
        self.fields["result"] = forms.ChoiceField(
            required=False,
            label=_("Result for the declarer"),
            choices=[(r, RESULT_LABELS[r]) for r in engine.RESULTS],
            widget=forms.RadioSelect,
        )
        # a renonc stopped the deal being played: its announcement with the renonc, no result
        self.fields["stopped"] = forms.BooleanField(
            required=False, label=_("A renonc stopped this deal (no card points)"),
        )
        self.fields["renonc_seat"] = SeatField(ctx, required=False,
                                               label=_("Who made the renonc?"))
        self.fields["renonc_kind"] = ButtonsIntegerField(
            required=False, label=_("What was it?"), choices=stopping_kind_choices(),
        )
        self.fleks = options.max_fleks > 0
        self.needs_giver = options.flek_liability == engine.FlekLiability.FLEKING_PLAYER
        if self.fleks:
            for comp in engine.COMPONENTS:
                self.fields[f"flek_{comp}"] = ButtonsIntegerField(
                    required=False,
                    label=COMPONENT_LABELS[comp],
                    choices=flek_choices(options),
                    initial=0,
                )
                if self.needs_giver and comp not in engine.AGAINST:
                    for level in self.giver_levels():
                        self.fields[giver_field(comp, level)] = SeatField(
                            ctx, required=False, label=GIVER_LABELS[level]
                        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("stopped"):
            if data.get("renonc_seat") is None and "renonc_seat" not in self.errors:
                self.add_error("renonc_seat", _("A renonc stopped this deal: tap who made it."))
            if data.get("renonc_kind") is None and "renonc_kind" not in self.errors:
                self.add_error("renonc_kind", _("A renonc stopped this deal: tap what it was."))
        return data

    def stopping_kinds(self) -> list[dict[str, Any]]:
        """Per renonc kind that stops a deal: its button, the seed's Czech words, who commits it."""
        return kind_rows(self["renonc_kind"])

    def giver_levels(self) -> list[int]:
        """The defence's flek levels this table pays (flek, tutti, kalhoty): a tap each."""
        top = min(self.context.options.max_fleks, engine.MAX_FLEK_LEVEL)
        return [level for level in GIVER_LABELS if level <= top]

    # ------------------------------------------------------------------ for the template

    def seat_buttons(self) -> list[dict[str, Any]]:
        """The declarer's buttons, the pauzírák's marked (the engine refuses him)."""
        return [
            {"choice": choice, "out": str(self.out) == str(choice.data["value"])}
            for choice in self["declarer"]
        ]

    @property
    def out_name(self) -> str:
        return self.context.players[self.out] if self.out is not None else ""

    def ladders(self) -> list[dict[str, Any]]:
        """One flek ladder per component: its field and, at such a table, the flek-giver."""
        if not self.fleks:
            return []
        return [
            {
                "component": comp,
                "field": self[f"flek_{comp}"],
                "givers": [
                    {"level": level, "field": self[giver_field(comp, level)]}
                    for level in self.giver_levels()
                ] if self.needs_giver and comp not in engine.AGAINST else [],
                "max": self.context.options.max_fleks,
            }
            for comp in engine.COMPONENTS
        ]

    # ------------------------------------------------------------------ the entry

    def components(self, data: Mapping[str, Any]) -> tuple[str, ...]:
        """The components the deal plays, as the engine says (each has its flek ladder)."""
        announced = frozenset(engine.Announce(a) for a in data.get("announced") or ())
        against = frozenset(engine.Announce(a) for a in data.get("announced_against") or ())
        deal = engine.Deal(declarer=0, game=engine.Contract(data["game"]), announced=announced,
                           against=against)
        return tuple(c.value for c in deal.components())

    def to_entry(self, cleaned_data: Mapping[str, Any]) -> dict[str, Any]:
        entry = self.deal_entry(cleaned_data)
        if not cleaned_data.get("stopped"):
            return entry
        # the renonc carries the deal it stopped: the announcement, never a card result
        announcement = {k: v for k, v in entry.items() if k in engine.STOPPED_DEAL_KEYS}
        return {"type": RenoncForm.kind, "seat": cleaned_data["renonc_seat"],
                "kind": cleaned_data["renonc_kind"], "deal": announcement}

    def deal_entry(self, cleaned_data: Mapping[str, Any]) -> dict[str, Any]:
        """The deal as played (``deal`` entry of docs/format.md)."""
        data = cleaned_data
        game = data["game"]
        entry: dict[str, Any] = {"type": self.kind, "declarer": data["declarer"], "game": game}
        if game == engine.Contract.SUIT:
            announced = [a for a in engine.ANNOUNCES if a in (data.get("announced") or ())]
            if data.get("trump"):
                entry["trump"] = data["trump"]
            entry["announced"] = announced
            if data.get("card_points") is not None:
                entry["card_points"] = data["card_points"]
            entry["marriages"] = {
                "declarer": list(data.get("marriages_declarer") or []),
                "defence": list(data.get("marriages_defence") or []),
            }
            against = [a for a in engine.ANNOUNCES if a in (data.get("announced_against") or ())]
            if against:
                entry["against"] = against
            if engine.Announce.SEVEN in announced and data.get("seven"):
                entry["seven"] = data["seven"]
            if engine.Announce.SEVEN in against and data.get("seven_against"):
                entry["seven_against"] = data["seven_against"]
            if (engine.Announce.SEVEN not in announced and engine.Announce.SEVEN not in against
                    and data.get("silent_seven")):
                entry["silent_seven"] = data["silent_seven"]
        elif data.get("result"):
            entry["result"] = data["result"]
        if self.fleks:
            fleks: dict[str, int] = {}
            givers: dict[str, list[int]] = {}
            for comp in self.components(data):
                level = data.get(f"flek_{comp}")
                if level:
                    fleks[comp] = level
                seats = self.givers_of(data, comp, level or 0)
                if seats:
                    givers[comp] = seats
            if fleks:
                entry["fleks"] = fleks
            if givers:
                entry["flek_by"] = givers
        return entry

    def givers_of(self, data: Mapping[str, Any], comp: str, level: int) -> list[int]:
        """Who gave each flek level, as far as the taps say (the engine's ``flek_by``).

        The declarer gives the re and the boty; a level of the defence left untapped is given
        by the same defender as the one two below it, so the list stops at the last tap that
        says something new (``[2]``: Cyril gave every flek of the defence).
        """
        if not self.needs_giver or comp in engine.AGAINST or not level:
            return []
        declarer = data.get("declarer")
        if not isinstance(declarer, int):  # a deal without a declarer gives no flek
            return []
        seats: list[int] = []
        keep = 0
        for step in range(1, level + 1):
            if step % 2 == 0:
                seats.append(declarer)
                continue
            tapped = data.get(giver_field(comp, step)) if step in GIVER_LABELS else None
            if step == 1:
                if tapped is None:
                    return []
                seats.append(tapped)
                keep = 1
                continue
            default = seats[-2]
            seats.append(default if tapped is None else tapped)
            if tapped is not None and tapped != default:
                keep = step
        return seats[:keep]

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], context: FormContext) -> dict[str, Any]:
        stopped = entry.get("deal")
        if entry.get("type") == RenoncForm.kind and isinstance(stopped, Mapping):
            return cls.initial_from_entry(stopped, context) | {
                "stopped": True, "renonc_seat": entry.get("seat"),
                "renonc_kind": entry.get("kind")}
        marriages = entry.get("marriages")
        marriages = marriages if isinstance(marriages, Mapping) else {}
        initial: dict[str, Any] = {
            "declarer": entry.get("declarer"),
            "game": entry.get("game"),
            "trump": entry.get("trump"),
            "announced": list(entry.get("announced") or []),
            "card_points": entry.get("card_points"),
            "marriages_declarer": list(marriages.get("declarer") or []),
            "marriages_defence": list(marriages.get("defence") or []),
            "seven": entry.get("seven"),
            "silent_seven": entry.get("silent_seven") or "",
            "result": entry.get("result"),
        }
        initial["announced_against"] = list(entry.get("against") or [])
        initial["seven_against"] = entry.get("seven_against")
        fleks = entry.get("fleks")
        fleks = fleks if isinstance(fleks, Mapping) else {}
        by = entry.get("first_flek_by")
        listed = entry.get("flek_by")
        listed = listed if isinstance(listed, Mapping) else {}
        for comp in engine.COMPONENTS:
            initial[f"flek_{comp}"] = fleks.get(comp, 0)
            seats = listed.get(comp)
            if not isinstance(seats, list):
                first = by.get(comp) if isinstance(by, Mapping) else by
                seats = [] if first is None else [first]
            for level in GIVER_LABELS:
                if level <= len(seats):
                    initial[giver_field(comp, level)] = seats[level - 1]
        return initial

    @classmethod
    def initial_from_query(cls, query: Mapping[str, Any],
                           context: FormContext) -> dict[str, Any] | None:
        """``?stopped=1`` (with ``renonc_seat``, ``renonc_kind``): the form opened for a renonc
        that stopped the deal being played, e.g. from the penalty calculator; ``declarer``,
        ``game`` and ``trump`` carry what a review of that deal already knew."""
        if not query.get("stopped"):
            return None
        initial: dict[str, Any] = {"stopped": True}
        for name in ("renonc_seat", "renonc_kind", "declarer"):
            value = str(query.get(name, ""))
            if value.isascii() and value.isdigit():
                initial[name] = int(value)
        if initial.get("declarer", 0) >= len(context.document.players):
            del initial["declarer"]
        if query.get("game") in engine.CONTRACTS:
            initial["game"] = query.get("game")
        if query.get("trump") in engine.SUITS:
            initial["trump"] = query.get("trump")
        return initial

    # the renonc's objections, on the fields of the renonc that stopped the deal
    RENONC_FIELDS: ClassVar[Mapping[str, str]] = {
        "seat": "renonc_seat", "kind": "renonc_kind", "played_out": "stopped"}

    def add_engine_error(self, field_name: str | None, message: str) -> None:
        """Like the base, but ``fleks.game`` (a parse error) lands on that component's ladder;
        an objection to the fleks as a whole is shown above the ladders."""
        field_name = self.RENONC_FIELDS.get(field_name or "", field_name)
        head, _dot, comp = (field_name or "").partition(".")
        prefix = {"fleks": "flek_", "first_flek_by": "flek_by_", "flek_by": "flek_by_"}.get(head)
        name = prefix + comp + ("_1" if head != "fleks" else "") if prefix else ""
        if prefix and comp and name in self.fields:
            self.add_error(name, message)
            return
        super().add_engine_error(field_name, message)

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        who = _name(players, entry.get("declarer"))
        try:
            deal = engine.parse_deal(entry, len(players))
        except rules.RulesError:
            return f"{who}: {entry.get('game', '?')}"
        parts = [contract_label(engine.contract_text(deal))]
        if deal.trump is not None:
            parts.append(suit_label(deal.trump))
        if deal.card_points is not None:
            parts.append(str(deal.card_points))
        if deal.seven is not None:
            parts.append(_("seven %(result)s") % {"result": RESULT_LABELS[deal.seven]})
        if deal.seven_against is not None:
            parts.append(_("seven against %(result)s") % {
                "result": RESULT_LABELS[deal.seven_against]})
        if deal.result is not None:
            parts.append(_("result %(result)s") % {"result": RESULT_LABELS[deal.result]})
        for comp, level in deal.fleks.items():
            if level:
                parts.append(f"{COMPONENT_LABELS[comp]}: {flek_word(level)}")
        return f"{who}: " + ", ".join(str(p) for p in parts)


class RenoncForm(EntryForm):
    """A renonc in the deal right before it: who, which of the 12 kinds, played out or not."""

    kind = "renonc"
    label = kind_label("renonc")
    template_name = "sheets/gameforms/marias/renonc.html"

    def build(self) -> None:
        ctx = self.context
        self.fields["seat"] = SeatField(ctx, label=_("Who made the renonc?"))
        self.fields["kind"] = ButtonsIntegerField(
            label=_("What was it?"),
            choices=[(str(k.number), f"{k.number}. {RENONC_TEXTS[k.number]}")
                     for k in engine.renonc_kinds()],
        )
        self.fields["played_out"] = forms.BooleanField(
            required=False,
            label=_("The other side asked to play the deal out: the deal stands, only the fee "
                    "is paid"),
        )
        if self.context.position is None:  # a new row: which deal the renonc was made in
            before = self.deal_before()
            last = (_("The renonc was made in the last deal written on the sheet, row "
                      "%(number)s: it is written as a row of its own.") % before
                    if before else
                    _("The renonc was made in the last deal written on the sheet."))
            self.fields["deal"] = forms.ChoiceField(
                required=False, label=_("In which deal was the renonc made?"),
                widget=forms.RadioSelect,
                choices=[(self.LAST, last), (self.NOW, _(
                    "The renonc was made in the deal being played, which is not on the sheet "
                    "yet: that deal is written next, stopped by the renonc."))],
                # the last deal, as before; with none on the sheet, the deal being played
                initial=self.LAST if before else self.NOW,
            )

    LAST, NOW = "last", "now"  # the choices of "In which deal was the renonc made?"

    def in_deal_being_played(self) -> bool:
        return self.context.position is None and self.data.get("deal") == self.NOW

    def goes_to(self) -> tuple[str, dict[str, str]] | None:
        """The deal being played: the deal form, stopped by this renonc (who and what, when
        tapped).  A renonc played out does not stop the deal (:meth:`clean` says so)."""
        if not self.in_deal_being_played() or self.data.get("played_out"):
            return None
        query = {"stopped": "1"}
        for name, target in (("seat", "renonc_seat"), ("kind", "renonc_kind")):
            value = str(self.data.get(name, ""))
            if value.isascii() and value.isdigit():
                query[target] = value
        return "deal", query

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.in_deal_being_played() and cleaned.get("played_out"):
            self.add_error("deal", _("A renonc in a deal that is played out does not stop it: "
                                     "write the deal first, then the renonc in the last deal."))
        return cleaned

    def kinds(self) -> list[dict[str, Any]]:
        """Per kind: its button, the seed's Czech words and who can commit it."""
        return kind_rows(self["kind"])

    def deal_before(self) -> dict[str, Any] | None:
        """The deal the renonc refers to, as the engine keeps it (None: there is none)."""
        state = self.context.scored.state
        last = getattr(state, "last", None)
        if not isinstance(last, engine.DealRecord):
            return None
        return {
            "number": last.index + 1,
            "contract": last.contract,
            "declarer": self.context.players[last.declarer],
        }

    def to_entry(self, cleaned_data: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "type": self.kind,
            "seat": cleaned_data["seat"],
            "kind": cleaned_data["kind"],
            "played_out": bool(cleaned_data.get("played_out")),
        }

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        number = entry.get("kind")
        text = RENONC_TEXTS.get(number, "") if isinstance(number, int) else ""
        played_out = _("played out")
        played = f" ({played_out})" if entry.get("played_out") else ""
        out = f"{_name(players, entry.get('seat'))}: {number}. {text}{played}"
        stopped = entry.get("deal")
        if isinstance(stopped, Mapping):
            out += " — " + str(_("stopped %(deal)s") % {
                "deal": DealForm.summary(stopped, players)})
        return out


class MisdealForm(EntryForm):
    """The dealer dealt wrongly and deals again."""

    kind = "misdeal"
    label = kind_label("misdeal")
    template_name = "sheets/gameforms/marias/misdeal.html"
    preview_at_once = True  # the dealer is tapped already

    def build(self) -> None:
        self.dealer = self.context.scored.dealer
        self.fields["seat"] = SeatField(
            self.context, required=False, label=_("Who misdealt? (the dealer)"),
            initial=self.dealer,
        )

    @property
    def dealer_name(self) -> str:
        return self.context.players[self.dealer]

    def to_entry(self, cleaned_data: Mapping[str, Any]) -> dict[str, Any]:
        entry: dict[str, Any] = {"type": self.kind}
        if cleaned_data.get("seat") is not None:
            entry["seat"] = cleaned_data["seat"]
        return entry

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        return _name(players, entry.get("seat")) if "seat" in entry else str(_("the dealer"))


def stopping_kind_choices() -> list[tuple[str, str]]:
    """The renonc kinds that decide the deal at once, and so can stop it (engine ``decides``)."""
    return [(str(k.number), f"{k.number}. {RENONC_TEXTS[k.number]}")
            for k in engine.renonc_kinds() if k.decides]


def kind_rows(field: Any) -> list[dict[str, Any]]:
    """Per renonc kind button of ``field``: the button, the seed's Czech words, who commits it."""
    by_number = {k.number: k for k in engine.renonc_kinds()}
    out = []
    for choice in field:
        kind = by_number[int(choice.data["value"])]
        out.append({"choice": choice, "cs": kind.cs, "by": OFFENDER_TEXTS[kind.by]})
    return out


def kinds(document: rules.Sheet) -> list[str]:
    """The row kinds the engine offers this table."""
    game = document.engine
    assert isinstance(game, engine.MariasGame)
    return list(game.kinds_for(document.rules))


def form_kind(entry: Mapping[str, Any]) -> str:
    """A renonc that stopped the deal being played is written (and corrected) on the deal form."""
    kind = str(entry.get("type") or "")
    return DealForm.kind if kind == RenoncForm.kind and entry.get("deal") is not None else kind


register(
    GameForms(
        game="marias",
        forms={f.kind: f for f in (DealForm, RenoncForm, MisdealForm)},
        kinds=kinds,
        form_kind=form_kind,
    )
)


game_words(  # words notes and objections quote (words.py)
    "marias", suit_label=suit_label, component_labels=COMPONENT_LABELS,
    renonc_texts=RENONC_TEXTS, flek_word=flek_word,
)
