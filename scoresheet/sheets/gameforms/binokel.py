"""Entry forms of Binokel (docs/format.md "Entries: Binokel", docs/rules/binokel.md).

A deal: the declarer, the bid, trumps, and per seat the meld points and the trick points; the last
player's trick points are what the others leave of the deal's total (the engine's
``deal_total``).  A concession: the declarer, the bid and the meld points.  A redeal: the reason.

The meld calculator
-------------------
Each seat's meld points are typed as a number, or worked out by the calculator: one count box per
meld kind of :data:`rules.binokel_melds.MELD_INFO`, with a − and a + button.  The engine
(:func:`rules.binokel.score_melds`) turns the counts into points with the sheet's values and
refuses what one hand of the 48-card double deck cannot show; its objection is shown on that
seat's meld field.  Nothing about melds is decided here.

Without JavaScript the − and + buttons are submit buttons named ``tap``: the post changes one count
and the page comes back with the new sum (the view asks :meth:`EntryForm.redisplay`); nothing is
written.  With htmx the same buttons post in the background and swap only the count box and the
seat's sum, and typing a count updates the sum as well.

Decisions of the web form (the rules themselves are the engine's):

- A blank meld field is 0.  When a seat has counts and a typed number, the two must agree.
- The counts are kept in the entry's ``meta`` (``melds_shown``: per seat the counts as
  :meth:`Melds.to_json` writes them), so that correcting a deal shows the calculator as it was.
  The engine ignores ``meta``; the meld points in ``melds`` stay the sheet's truth.
- Until the declarer is chosen, a seat's counts are accepted when they fit one hand either as a
  defender or as the declarer (as the sheet's rules size his hand); the write judges them again
  with the declarer known.
- The declarer who goes off (a concession) melds from as many cards as any declarer of the
  sheet's rules (``BinokelOptions.hand_size``: 15 after laying three away; edition 1: his hand and
  the Dapp); the trump-pair duty of ``declarer_needs_trump_pair`` is not asked of him, since it is
  why he goes off.
- With ``keep_trump_nines`` each seat's trump nines are its Diss count in the calculator, or typed.
- On a write, an objection of the engine to one field of the entry (the bid, one seat's melds,
  the trick points, the trump nines) is shown on that field; the live preview shows it in full.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django import forms
from django.forms import BoundField
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

import rules
from rules import binokel as engine
from rules.binokel_melds import MELD_INFO, MELD_KEYS, SUIT_SYMBOLS, MeldKind, Melds, meld_points
from scoresheet.sheets.gameforms import (
    EntryForm,
    FormContext,
    GameForms,
    SeatField,
    kind_label,
    number_input,
    register,
)
from scoresheet.sheets.words import engine_message, game_words, meld_name, suit_word

COUNT_MAX = 9  # a count box holds one digit; what one hand can show is the engine's to judge
TAP = "tap"  # the name of the calculator's − and + buttons; their value is "<seat>:<kind>:<+|->"
RECALCULATE = "recalculate"  # an htmx post that only wants the calculator's sums again
SHOWN = "melds_shown"  # the key of the calculator's counts in the entry's meta

SUIT_NAMES: dict[str, Any] = {
    engine.Suit.HEARTS: _("hearts"),
    engine.Suit.DIAMONDS: _("diamonds"),
    engine.Suit.CLUBS: _("clubs"),
    engine.Suit.SPADES: _("spades"),
}
REDEAL_REASONS: dict[str, Any] = {
    engine.RedealReason.FIVE_NINES: _("five nines and nothing to meld"),
    engine.RedealReason.ALL_PASS: _("everybody passed"),
    engine.RedealReason.MISDEAL: _("misdeal"),
}
# What the calculator says about each meld kind, in the page's language.  The name players use at
# the table (Paar, Familie, Binokel ...) is the engine's and stays as it is.
MELD_WORDS: dict[str, tuple[Any, Any]] = {
    MeldKind.PAIR: (_("pair"), _("King and Ober of a suit that is not trump")),
    MeldKind.TRUMP_PAIR: (_("trump pair"), _("King and Ober of trumps")),
    MeldKind.FAMILY: (_("family"), _("A, 10, K, O and U of a suit that is not trump")),
    MeldKind.TRUMP_FAMILY: (_("trump family"), _("A, 10, K, O and U of trumps")),
    MeldKind.BINOKEL: (_("Binokel"), _("Ober of spades and Unter of diamonds")),
    MeldKind.DOUBLE_BINOKEL: (
        _("double Binokel"),
        _("both Obers of spades and both Unters of diamonds"),
    ),
    MeldKind.FOUR_ACES: (_("four aces"), _("an ace of every suit")),
    MeldKind.FOUR_KINGS: (_("four kings"), _("a King of every suit")),
    MeldKind.FOUR_OBERS: (_("four Obers"), _("an Ober of every suit")),
    MeldKind.FOUR_UNTERS: (_("four Unters"), _("an Unter of every suit")),
    MeldKind.DISS: (_("trump nine"), _("a nine of trumps")),
}

# The entry field an objection of the engine is about, by its code (rules/binokel.py).
FIELD_OF_CODE: dict[str, str] = {
    "bid_too_low": "bid",
    "bid_step": "bid",
    "bid_too_high": "bid",
    "melds_too_high": "melds",
    "melds_step": "melds",
    "needs_trump_pair": "melds",
    "points_total": "points",
    "points_step": "points",
    "trump_nines_total": "trump_nines",
    "trump_nines_melds": "trump_nines",
}
# Entry fields that are one form field per seat: the entry field -> the form fields' prefix.
SEAT_FIELDS: dict[str, str] = {"melds": "melds", "points": "points", "trump_nines": "nines"}


def calc_name(seat: int, kind: str) -> str:
    """The form field of one count box of the calculator."""
    return f"calc_{seat}_{kind}"


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return "?"


def meld_total(
    options: engine.BinokelOptions,
    shown: Melds,
    *,
    seat: int,
    declarer: int | None,
    trump: engine.Suit | None,
    conceded: bool = False,
) -> int:
    """The points of what ``seat`` shows, as the engine counts them; raises RulesError.

    ``declarer`` None: the declarer is not chosen yet, and the melds pass if they fit a hand as a
    defender or as the declarer.  ``conceded``: the deal was given up, so the declarer owes no
    trump pair (see the module's decisions).
    """
    roles = (seat == declarer,) if declarer is not None else (False, True)
    refusal: rules.RulesError | None = None
    for role in roles:
        try:
            if conceded:
                return meld_points(
                    shown, options.meld_values, hand_size=options.hand_size(declarer=role)
                )
            return engine.score_melds(options, shown, declarer=role, trump=trump)
        except rules.RulesError as error:
            refusal = refusal or error
    assert refusal is not None  # every role was tried and refused
    raise refusal


def say(error: rules.RulesError, players: Sequence[str] = ()) -> str:
    """The engine's objection in the page's words (its English when there is no translation)."""
    return engine_message(error.code, error.params, error.message, game="binokel", players=players)


# --------------------------------------------------------------------------- what the page shows


@dataclass(frozen=True, kw_only=True)
class CountRow:
    """One meld kind in one seat's calculator."""

    kind: str
    name: str  # the table's name: Paar, Familie, Binokel ...
    english: str
    cards: str
    value: int  # its points on this sheet
    field: BoundField
    minus: str  # the value of the − button
    plus: str  # the value of the + button
    less: str  # what the − button says to a screen reader
    more: str


@dataclass(frozen=True, kw_only=True)
class SeatView:
    """One seat's meld field, trick points, trump nines and calculator."""

    seat: int
    name: str
    melds: BoundField
    points: BoundField | None
    nines: BoundField | None
    rows: tuple[CountRow, ...]
    total: int | None  # what the calculator's counts are worth; None without counts
    calculated: bool  # the seat's counts are in use
    open: bool  # the calculator is shown unfolded
    declarer: bool


class MeldsForm(EntryForm):
    """What a deal and a concession share: the declarer, the bid, and melds per seat."""

    groups: ClassVar[Mapping[str, str]] = {"melds": "melds", "trump_nines": "melds"}
    conceded = False  # a concession: the declarer owes no trump pair for his melds

    def __init__(self, *args: Any, context: FormContext, **kwargs: Any) -> None:
        super().__init__(*args, context=context, **kwargs)
        self.tapped: tuple[int, str] | None = None
        self.filled: tuple[int, int] | None = None  # (seat, trick points) filled in by clean()
        self.totals: dict[int, int] = {}
        self.shown: list[Melds | None] = [None] * context.n
        if self.is_bound:
            self._apply_tap()

    # ------------------------------------------------------------------ fields

    def build(self) -> None:
        ctx = self.context
        options: engine.BinokelOptions = ctx.options
        self.fields["declarer"] = SeatField(ctx, label=self.declarer_label())
        self.fields["bid"] = forms.IntegerField(
            label=_("Bid"),
            widget=number_input(step=options.step, min=0),  # no grey number that looks filled in
        )
        self.build_trump()
        for seat, name in enumerate(ctx.players):
            self.fields[f"melds_{seat}"] = forms.IntegerField(
                required=False,
                min_value=0,
                label=_("Melds of %(name)s") % {"name": name},
                widget=number_input(min=0),
            )
            self.build_seat(seat, name)
            for info in MELD_INFO:
                self.fields[calc_name(seat, info.kind.value)] = forms.IntegerField(
                    required=False,
                    min_value=0,
                    max_value=COUNT_MAX,
                    label=_("%(meld)s of %(name)s") % {
                        "name": name, "meld": meld_name(info.kind.value, info.name)},
                    widget=number_input(min=0, max=COUNT_MAX, placeholder="0"),
                )

    def declarer_label(self) -> Any:
        return _("Who played?")

    def build_trump(self) -> None:
        """The deal's trumps (a concession has none)."""

    def build_seat(self, seat: int, name: str) -> None:
        """The seat's fields besides its melds (a deal's trick points)."""

    # ------------------------------------------------------------------ the − and + buttons

    def _apply_tap(self) -> None:
        """Change the count a − or + button names (the post of that button)."""
        raw = self.data.get(TAP)
        if self.data.get("preview") or not isinstance(raw, str) or raw.count(":") != 2:
            return
        seat_text, kind, sign = raw.split(":")
        if not (seat_text.isascii() and seat_text.isdigit()) or sign not in ("+", "-"):
            return
        seat = int(seat_text)
        name = calc_name(seat, kind)
        if name not in self.fields:
            return
        try:
            count = int(self.data.get(name) or 0)
        except (TypeError, ValueError):
            count = 0
        count = min(max(count + (1 if sign == "+" else -1), 0), COUNT_MAX)
        data = self.data.copy() if isinstance(self.data, QueryDict) else dict(self.data)
        data[name] = str(count)
        self.data = data
        self.tapped = (seat, kind)

    def redisplay(self) -> bool:
        """A − or + of the calculator, or htmx asking for its sums: show the form, write nothing.

        A post that names a button at all is never a write, even when the button is unknown.
        """
        return self.is_bound and (TAP in self.data or bool(self.data.get(RECALCULATE)))

    # ------------------------------------------------------------------ cleaning

    def counts(self, seat: int, data: Mapping[str, Any]) -> Melds | None:
        """The counts of ``seat``'s calculator; None when it is unused or a box is not a number."""
        values: dict[str, int] = {}
        for kind in MELD_KEYS:
            name = calc_name(seat, kind)
            if self.is_bound and name in self.errors:
                return None
            value = data.get(name)
            values[kind] = value if isinstance(value, int) else 0
        if not any(values.values()):
            return None
        return Melds(**values)

    def trump(self, data: Mapping[str, Any]) -> engine.Suit | None:
        value = data.get("trump")
        return engine.Suit(value) if value in tuple(engine.Suit) else None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        declarer = data.get("declarer")
        trump = self.trump(data)
        melds: list[int] = []
        for seat in range(self.context.n):
            typed = data.get(f"melds_{seat}")
            shown = self.counts(seat, data)
            self.shown[seat] = shown
            value = typed if isinstance(typed, int) else 0
            if shown is not None:
                try:
                    total = meld_total(
                        self.context.options,
                        shown,
                        seat=seat,
                        declarer=declarer,
                        trump=trump,
                        conceded=self.conceded,
                    )
                except rules.RulesError as error:
                    self.add_error(f"melds_{seat}", say(error, self.context.players))
                else:
                    self.totals[seat] = total
                    if typed is not None and typed != total:
                        self.add_error(
                            f"melds_{seat}",
                            _(
                                "The calculator says %(total)s, the number typed is %(typed)s: "
                                "clear one of them."
                            )
                            % {"total": total, "typed": typed},
                        )
                    value = total
            melds.append(value)
        data["melds"] = melds
        self.clean_seats(data)
        if not self.errors and not self.data.get("preview") and not self.redisplay():
            self.judge(data)
        return data

    def clean_seats(self, data: dict[str, Any]) -> None:
        """The seat fields besides melds (a deal's trick points and trump nines)."""

    def judge(self, data: Mapping[str, Any]) -> None:
        """Ask the engine about the entry's own fields and put an objection on its field."""

    def place(self, error: rules.RulesError, declarer: int) -> None:
        """Show ``error`` on the field it is about (one seat's field when it names the seat)."""
        field = FIELD_OF_CODE.get(error.code)
        seat = error.params.get("seat", declarer if error.code == "needs_trump_pair" else None)
        prefix = SEAT_FIELDS.get(field or "")
        if prefix and isinstance(seat, int) and f"{prefix}_{seat}" in self.fields:
            self.add_error(f"{prefix}_{seat}", say(error, self.context.players))
        else:
            self.add_engine_error(field, say(error, self.context.players))

    # ------------------------------------------------------------------ the entry

    def shown_meta(self) -> dict[str, Any]:
        """The calculator's counts for the entry's meta ({} when no seat used it)."""
        if not any(s is not None for s in self.shown):
            return {}
        return {SHOWN: [s.to_json() if s is not None else {} for s in self.shown]}

    def with_meta(self, entry: dict[str, Any]) -> dict[str, Any]:
        meta = self.shown_meta()
        if meta:
            entry["meta"] = meta
        return entry

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], context: FormContext) -> dict[str, Any]:
        initial: dict[str, Any] = {"declarer": entry.get("declarer"), "bid": entry.get("bid")}
        melds = entry.get("melds") or []
        meta = entry.get("meta")
        shown = meta.get(SHOWN) if isinstance(meta, Mapping) else None
        for seat in range(context.n):
            counts = shown[seat] if isinstance(shown, list) and seat < len(shown) else None
            if isinstance(counts, Mapping) and counts:
                for kind in MELD_KEYS:
                    if isinstance(counts.get(kind), int):
                        initial[calc_name(seat, kind)] = counts[kind]
            else:
                initial[f"melds_{seat}"] = melds[seat] if seat < len(melds) else None
        return initial

    # ------------------------------------------------------------------ for the template

    @property
    def redisplaying(self) -> bool:
        return self.redisplay()

    def seats(self) -> list[SeatView]:
        """Per seat: its name, fields and calculator (for the templates)."""
        if self.is_bound:
            self.is_valid()  # the calculator's sums and objections come from clean()
            declarer = self.cleaned_data.get("declarer")
        else:
            declarer = self.initial.get("declarer")
            self._initial_totals(declarer)
        options: engine.BinokelOptions = self.context.options
        values = options.meld_values
        out = []
        for seat, name in enumerate(self.context.players):
            rows = []
            for info in MELD_INFO:
                kind = info.kind.value
                english, cards = MELD_WORDS.get(info.kind, (info.english, info.cards))
                meld = {"name": name, "meld": meld_name(kind, info.name)}
                rows.append(
                    CountRow(
                        kind=kind,
                        name=meld_name(kind, info.name),
                        english=str(english),
                        cards=str(cards),
                        value=values[kind],
                        field=self[calc_name(seat, kind)],
                        minus=f"{seat}:{kind}:-",
                        plus=f"{seat}:{kind}:+",
                        less=str(_("%(name)s: one %(meld)s less") % meld),
                        more=str(_("%(name)s: one %(meld)s more") % meld),
                    )
                )
            calculated = self.shown[seat] is not None
            out.append(
                SeatView(
                    seat=seat,
                    name=name,
                    melds=self[f"melds_{seat}"],
                    points=self[f"points_{seat}"] if f"points_{seat}" in self.fields else None,
                    nines=self[f"nines_{seat}"] if f"nines_{seat}" in self.fields else None,
                    rows=tuple(rows),
                    total=self.totals.get(seat),
                    calculated=calculated,
                    open=calculated
                    or (self.tapped is not None and self.tapped[0] == seat)
                    or any(row.field.errors for row in rows)
                    or bool(self.is_bound and self[f"melds_{seat}"].errors),
                    declarer=isinstance(declarer, int) and declarer == seat,
                )
            )
        return out

    def _initial_totals(self, declarer: Any) -> None:
        """The calculator's sums of an unbound form (a correction opened from the sheet)."""
        trump = self.trump(self.initial)
        for seat in range(self.context.n):
            shown = self.counts(seat, self.initial)
            self.shown[seat] = shown
            if shown is None:
                continue
            try:
                self.totals[seat] = meld_total(
                    self.context.options,
                    shown,
                    seat=seat,
                    declarer=declarer if isinstance(declarer, int) else None,
                    trump=trump,
                    conceded=self.conceded,
                )
            except rules.RulesError:
                continue  # a stored sheet the engine accepted; the counts are only a help


# --------------------------------------------------------------------------- the entry kinds


class DealForm(MeldsForm):
    """A played deal: declarer, bid, trumps; per seat meld points (or counts) and trick points."""

    kind = "deal"
    label = kind_label("deal")
    template_name = "sheets/gameforms/binokel/deal.html"
    groups: ClassVar[Mapping[str, str]] = {
        "melds": "melds", "trump_nines": "melds", "points": "points"}

    def build_trump(self) -> None:
        self.fields["trump"] = forms.ChoiceField(
            label=_("Trumps"),
            choices=[(s.value, f"{SUIT_SYMBOLS[s]} {suit_word('binokel', s.value)}")
                     for s in engine.Suit],
            widget=forms.RadioSelect,
        )

    def build_seat(self, seat: int, name: str) -> None:
        options: engine.BinokelOptions = self.context.options
        self.fields[f"points_{seat}"] = forms.IntegerField(
            required=False,
            min_value=0,
            label=_("Trick points of %(name)s") % {"name": name},
            widget=number_input(min=0, max=options.deal_total, step=options.scale),
        )
        if options.keep_trump_nines:
            self.fields[f"nines_{seat}"] = forms.IntegerField(
                required=False,
                min_value=0,
                label=_("Trump nines of %(name)s") % {"name": name},
                widget=number_input(min=0, placeholder="0"),
            )

    @property
    def deal_total(self) -> int:
        """The trick points of one deal, from the engine (25, or 250 at scale 10)."""
        total: int = self.context.options.deal_total
        return total

    def clean_seats(self, data: dict[str, Any]) -> None:
        n = self.context.n
        points: list[int | None] = [data.get(f"points_{s}") for s in range(n)]
        blank = [s for s in range(n) if points[s] is None]
        if len(blank) == 1:
            # The last player's trick points are what the others leave of the deal's total.
            rest = max(self.deal_total - sum(p for p in points if p is not None), 0)
            points[blank[0]] = rest
            self.filled = (blank[0], rest)
        elif blank and not any(f"points_{s}" in self.errors for s in blank):
            # said once, on the first empty player (not under every player)
            self.add_error(
                f"points_{blank[0]}", _("Type the trick points of every player but one.")
            )
        data["points"] = points
        if "nines_0" in self.fields:
            nines = []
            for seat in range(n):
                typed = data.get(f"nines_{seat}")
                shown = self.shown[seat]
                counted = shown.diss if shown is not None else None
                if typed is not None and counted is not None and typed != counted:
                    self.add_error(
                        f"nines_{seat}",
                        _(
                            "The calculator shows %(counted)s trump nines, the number typed is "
                            "%(typed)s: clear one of them."
                        )
                        % {"counted": counted, "typed": typed},
                    )
                nines.append(typed if typed is not None else counted or 0)
            data["trump_nines"] = nines

    def judge(self, data: Mapping[str, Any]) -> None:
        declarer = data["declarer"]
        deal = engine.Deal(
            declarer=declarer,
            bid=data["bid"],
            trump=engine.Suit(data["trump"]),
            melds=tuple(data["melds"]),
            points=tuple(data["points"]),
            trump_nines=tuple(data.get("trump_nines") or (0,) * self.context.n),
        )
        try:
            engine.verify_deal(self.context.options, deal)
        except rules.RulesError as error:
            self.place(error, declarer)

    def to_entry(self, cleaned_data: Mapping[str, Any]) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "type": self.kind,
            "declarer": cleaned_data["declarer"],
            "bid": cleaned_data["bid"],
            "trump": cleaned_data["trump"],
            "melds": list(cleaned_data["melds"]),
            "points": list(cleaned_data["points"]),
        }
        if "trump_nines" in cleaned_data:
            entry["trump_nines"] = list(cleaned_data["trump_nines"])
        return self.with_meta(entry)

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], context: FormContext) -> dict[str, Any]:
        initial = super().initial_from_entry(entry, context)
        initial["trump"] = entry.get("trump")
        points = entry.get("points") or []
        nines = entry.get("trump_nines") or []
        for seat in range(context.n):
            initial[f"points_{seat}"] = points[seat] if seat < len(points) else None
            if seat < len(nines) and nines[seat]:
                initial[f"nines_{seat}"] = nines[seat]
        return initial

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        trump = entry.get("trump")
        sign = SUIT_SYMBOLS.get(engine.Suit(trump), "") if trump in tuple(engine.Suit) else ""
        melds = "/".join(str(m) for m in entry.get("melds") or [])
        points = "/".join(str(p) for p in entry.get("points") or [])
        return str(
            _("%(name)s %(bid)s %(trump)s; melds %(melds)s; tricks %(points)s")
            % {
                "name": _name(players, entry.get("declarer")),
                "bid": entry.get("bid"),
                "trump": sign,
                "melds": melds,
                "points": points,
            }
        )


class ConcessionForm(MeldsForm):
    """The declarer goes off after seeing the Dapp: his bid and everybody's meld points."""

    kind = "concession"
    label = kind_label("concession")
    template_name = "sheets/gameforms/binokel/concession.html"
    conceded = True

    def declarer_label(self) -> Any:
        return _("Who goes off?")

    def judge(self, data: Mapping[str, Any]) -> None:
        declarer = data["declarer"]
        concession = engine.Concession(
            declarer=declarer, bid=data["bid"], melds=tuple(data["melds"])
        )
        try:
            engine.verify_concession(self.context.options, concession)
        except rules.RulesError as error:
            self.place(error, declarer)

    def to_entry(self, cleaned_data: Mapping[str, Any]) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "type": self.kind,
            "declarer": cleaned_data["declarer"],
            "bid": cleaned_data["bid"],
            "melds": list(cleaned_data["melds"]),
        }
        return self.with_meta(entry)

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        melds = "/".join(str(m) for m in entry.get("melds") or [])
        return str(
            _("%(name)s goes off at %(bid)s; melds %(melds)s")
            % {"name": _name(players, entry.get("declarer")), "bid": entry.get("bid"),
               "melds": melds}
        )


class RedealForm(EntryForm):
    """The cards are dealt again, for one of the reasons this table allows."""

    kind = "redeal"
    label = kind_label("redeal")
    template_name = "sheets/gameforms/_fields.html"

    def build(self) -> None:
        options = self.context.options
        allowed = [
            r for r in engine.RedealReason if engine.can_redeal(options, engine.Redeal(reason=r))
        ]
        self.fields["reason"] = forms.ChoiceField(
            label=_("Why?"),
            choices=[(r.value, REDEAL_REASONS.get(r, r.value)) for r in allowed],
            widget=forms.RadioSelect,
        )

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        reason = entry.get("reason")
        return str(REDEAL_REASONS.get(reason, reason)) if isinstance(reason, str) else ""


def kinds(document: rules.Sheet) -> list[str]:
    """The row kinds of this table: going off only where the table allows it (option concede)."""
    options: engine.BinokelOptions = document.rules
    return [k for k in engine.BinokelGame.entry_kinds if k != "concession" or options.concede]


register(
    GameForms(
        game="binokel",
        forms={f.kind: f for f in (DealForm, ConcessionForm, RedealForm)},
        kinds=kinds,
    )
)


game_words("binokel", meld_words=MELD_WORDS)  # words notes quote (words.py)
