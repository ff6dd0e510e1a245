"""Forms of the web layer that are not entry forms: a new sheet, the write's revision and key."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.validators import RegexValidator
from django.utils.formats import number_format
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

import rules
from rules.engine import MAX_NAME
from scoresheet.sheets.display import SHORT_CHOSEN
from scoresheet.sheets.models import KEY_LENGTH
from scoresheet.sheets.reading import MAX_NOTE
from scoresheet.sheets.services import KEY_PATTERN
from scoresheet.sheets.validators import SingleLineValidator
from scoresheet.sheets.words import (
    choice_label,
    game_label,
    option_help,
    option_label,
    preset_label,
)

PLAYERS_OPTION = "players"  # an option that is set by how many names the table types


def new_key() -> str:
    """A fresh idempotency key for one form (one write)."""
    return uuid.uuid4().hex


class WriteForm(forms.Form):
    """What every write carries: the revision it was made against and its idempotency key."""

    revision = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    key = forms.CharField(
        max_length=KEY_LENGTH,
        widget=forms.HiddenInput,
        validators=[RegexValidator(KEY_PATTERN, _("This form is damaged: reload the page."))],
    )

    @classmethod
    def fresh(cls, revision: int) -> WriteForm:
        return cls(initial={"revision": revision, "key": new_key()})

    @classmethod
    def rebound(cls, revision: int) -> WriteForm:
        """A new write against ``revision`` (after a refusal): a new key, too."""
        return cls.fresh(revision)


# --------------------------------------------------------------------------- a new sheet


@dataclass(frozen=True, kw_only=True)
class OptionRow:
    """One house-rule option as the form shows it."""

    spec: rules.OptionSpec
    label: str
    help: str
    fields: list[forms.BoundField]
    default: str


def _choice_key(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def seat_limits(ruleset: str) -> tuple[int, int]:
    """The fewest and most players a preset allows, as the engine accepts its ``players``."""
    preset = rules.preset(ruleset)
    game = rules.game_of(ruleset)
    counts = set(game.player_counts(preset))
    for spec in rules.specs(preset):
        if spec.name != PLAYERS_OPTION:
            continue
        for choice in spec.choices or ():
            try:
                counts |= set(game.player_counts(rules.with_overrides(preset, {spec.name: choice})))
            except rules.RulesError:
                continue
    return min(counts), max(counts)


def same(a: Any, b: Any) -> bool:
    """Equal option values (True is not 1 here, but an enum member is its value)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return bool(a == b)


# The name fields of the new-sheet form: players are named, never numbered ("Player 2").
PLAYER_LABELS = (
    _("First player"), _("Second player"), _("Third player"), _("Fourth player"),
)
# What an empty name field says instead of Django's "This field is required."
PLAYER_REQUIRED = (
    _("Type the first player's name."), _("Type the second player's name."),
    _("Type the third player's name."), _("Type the fourth player's name."),
)


@dataclass(frozen=True, kw_only=True)
class Problem:
    """One line of the error summary at the top of a form: what is wrong, and where."""

    anchor: str  # the id of the field to jump to ("" for the whole form)
    text: str


@dataclass(frozen=True, kw_only=True)
class Fix:
    """A house rule changed so that the rules go together: a button that starts the sheet."""

    field: str
    value: int
    text: str

    @property
    def submit(self) -> str:
        """The value of the button (the view applies it to the form's data)."""
        return f"{self.field}={self.value}"


def apply_fix(data: Any, fix: str, fields: Any) -> Any:
    """The form's data with the offered fix ``field=value`` applied (an option field only)."""
    field, _sep, value = fix.partition("=")
    if not field.startswith("opt_") or field not in fields or not value.isdigit():
        return data
    changed = data.copy()
    changed[field] = value
    return changed
GAME_ORDER = ("thousand", "marias", "binokel")  # how the games are listed; others follow


def ruleset_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Presets grouped by game (games in GAME_ORDER, presets in the engine's order)."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for name, game in rules.rulesets().items():
        groups.setdefault(game.name, []).append((name, preset_label(name)))
    order = sorted(
        groups, key=lambda g: GAME_ORDER.index(g) if g in GAME_ORDER else len(GAME_ORDER)
    )
    return [(game_label(game), groups[game]) for game in order]


class NewSheetForm(forms.Form):
    """Pick the preset, change the house rules, type the players, pick the first dealer."""

    ruleset = forms.ChoiceField(label=_("Game and variant"), widget=forms.RadioSelect)
    # Present when the page showed the house rules: without it every option keeps its default
    # (an unticked box is otherwise indistinguishable from a form that never showed it).
    options_shown = forms.BooleanField(required=False, widget=forms.HiddenInput, initial=True)
    first_dealer = forms.TypedChoiceField(
        label=_("Deals first"), coerce=int, widget=forms.RadioSelect, empty_value=None
    )

    def __init__(self, *args: Any, ruleset: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.chosen = ruleset
        ruleset_field = self.fields["ruleset"]
        assert isinstance(ruleset_field, forms.ChoiceField)
        ruleset_field.choices = ruleset_choices()
        ruleset_field.initial = ruleset
        self.preset = rules.preset(ruleset)
        self.game = rules.game_of(ruleset).name
        self.min_players, self.max_players = seat_limits(ruleset)
        dealer_field = self.fields["first_dealer"]
        assert isinstance(dealer_field, forms.ChoiceField)
        dealer_field.choices = [(str(i), str(i + 1)) for i in range(self.max_players)]
        self.fields["first_dealer"].initial = "0"
        self.fields["first_dealer"].error_messages["required"] = _("Tap who deals first.")
        self.fields["ruleset"].error_messages["required"] = _("Choose the game and variant.")
        self.fixes: list[Fix] = []
        for seat in range(self.max_players):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=PLAYER_LABELS[seat],
                error_messages={"required": PLAYER_REQUIRED[seat]},
                max_length=MAX_NAME,
                required=seat < self.min_players,
                validators=[SingleLineValidator()],  # no control character, no line break
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "autocapitalize": "words", "maxlength": MAX_NAME}
                ),
            )
        self.specs = [s for s in rules.specs(self.preset) if s.name != PLAYERS_OPTION]
        for spec in self.specs:
            self._add_option(spec)

    # ------------------------------------------------------------------ options

    def _add_option(self, spec: rules.OptionSpec) -> None:
        name = f"opt_{spec.name}"
        help_text = option_help(spec.name, spec.help, self.game)
        if spec.kind == "bool":
            self.fields[name] = forms.BooleanField(
                required=False, initial=spec.default, help_text=help_text
            )
        elif spec.kind == "int" or (spec.kind == "text" and isinstance(spec.default, int)):
            attrs: dict[str, Any] = {"inputmode": "numeric", "class": "num"}
            if spec.min is not None:
                attrs["min"] = spec.min
            if spec.max is not None:
                attrs["max"] = spec.max
            self.fields[name] = forms.IntegerField(
                required=False,
                initial=spec.default,
                help_text=help_text,
                widget=forms.NumberInput(attrs=attrs),
            )
        elif spec.kind == "choice":
            choices = spec.choices or ()
            by_key = {_choice_key(c): c for c in choices}
            self.fields[name] = forms.TypedChoiceField(
                choices=[(k, choice_label(by_key[k])) for k in by_key],
                coerce=by_key.__getitem__,
                required=False,
                empty_value=None,
                initial=_choice_key(spec.default),
                help_text=help_text,
            )
        elif spec.kind == "map":
            for key in spec.keys or ():
                self.fields[f"{name}__{key}"] = forms.IntegerField(
                    required=False,
                    initial=spec.default.get(key),
                    label=choice_label(key),
                    help_text=help_text,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "num"}),
                )
        else:
            self.fields[name] = forms.CharField(
                required=False, initial=spec.default or "", help_text=help_text,
                validators=[SingleLineValidator()],
            )

    def option_rows(self) -> list[OptionRow]:
        rows = []
        for spec in self.specs:
            if spec.kind == "map":
                names = [f"opt_{spec.name}__{k}" for k in spec.keys or ()]
                default = ", ".join(
                    f"{choice_label(k)} {_default_text(spec.default.get(k))}"
                    for k in spec.keys or ()
                )
            else:
                names = [f"opt_{spec.name}"]
                default = _default_text(spec.default)
            rows.append(
                OptionRow(
                    spec=spec,
                    label=option_label(spec.name),
                    help=option_help(spec.name, spec.help, self.game),
                    fields=[self[n] for n in names],
                    default=default,
                )
            )
        return rows

    def overrides(self) -> dict[str, Any]:
        """The options the table changed (after :meth:`is_valid`)."""
        data = self.cleaned_data
        out: dict[str, Any] = {}
        for spec in self.specs if data.get("options_shown") else ():
            name = f"opt_{spec.name}"
            if spec.kind == "map":
                changed = {}
                for key in spec.keys or ():
                    value = data.get(f"{name}__{key}")
                    if value is not None and not same(value, spec.default.get(key)):
                        changed[key] = value
                if changed:
                    out[spec.name] = changed
                continue
            value = data.get(name)
            if value is None or (spec.kind == "text" and value == "" and not spec.default):
                continue
            if not same(value, spec.default):
                out[spec.name] = value
        players = len(self.players())
        for spec in rules.specs(self.preset):
            if (
                spec.name == PLAYERS_OPTION
                and players != spec.default
                and spec.choices
                and players in spec.choices
            ):
                out[PLAYERS_OPTION] = players
        return out

    # ------------------------------------------------------------------ players

    def player_rows(self) -> list[dict[str, Any]]:
        dealer = {str(c.data["value"]): c for c in self["first_dealer"]}
        return [
            {"field": self[f"player_{seat}"], "dealer": dealer[str(seat)], "seat": seat}
            for seat in range(self.max_players)
        ]

    def players(self) -> list[tuple[int, str]]:
        """(row, name) of every typed name, in seat order."""
        data = self.cleaned_data
        out = []
        for seat in range(self.max_players):
            name = (data.get(f"player_{seat}") or "").strip()
            if name:
                out.append((seat, name))
        return out

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        rows = [row for row, _name in self.players()] if "first_dealer" in data else []
        dealer = data.get("first_dealer")
        if dealer is not None and rows and dealer not in rows:
            self.add_error("first_dealer", _("The first dealer must be one of the players."))
        return data

    def header(self) -> dict[str, Any]:
        """The arguments of :func:`scoresheet.sheets.services.create_sheet` (after
        :meth:`is_valid`)."""
        typed = self.players()
        rows = [row for row, _name in typed]
        return {
            "ruleset": self.chosen,
            "options": self.overrides(),
            "players": [name for _row, name in typed],
            "first_dealer": rows.index(self.cleaned_data["first_dealer"]),
        }

    # ------------------------------------------------------------------ errors

    def label_of(self, name: str) -> str:
        """A field's name as the form shows it (an option by its label)."""
        if name.startswith("opt_"):
            option, _sep, key = name[len("opt_"):].partition("__")
            label = option_label(option)
            return f"{label}: {choice_label(key)}" if key else label
        return str(self.fields[name].label or "") if name in self.fields else ""

    def anchor_of(self, name: str) -> str:
        field = self[name]
        return f"{field.auto_id}_0" if name in ("first_dealer", "ruleset") else field.auto_id

    def problems(self) -> list[Problem]:
        """Every error of the form, in the order of the page, for the summary at its top."""
        out = [Problem(anchor="", text=str(e)) for e in self.non_field_errors()]
        for name in self.fields:
            for error in self.errors.get(name, ()):
                label = self.label_of(name)
                said = str(error)
                text = said if name.startswith("player_") or said.startswith(label) else (
                    gettext("%(field)s: %(problem)s") % {"field": label, "problem": said})
                out.append(Problem(anchor=self.anchor_of(name), text=text))
        return out

    def focus_first_error(self) -> None:
        """The first wrong field gets the focus (and the page scrolls to it, without script)."""
        for name in self.fields:
            if name in self.errors:
                self.fields[name].widget.attrs["autofocus"] = True
                return

    def _offer_fixes(self, error: rules.RulesError) -> str:
        """A target the barrel cannot reach in one contract: raise the barrel, or the highest
        contract, to what the target needs; each fix offered only if the rules then agree."""
        params: Mapping[str, Any] = error.params
        changed = self.overrides()
        target = changed.get("target", getattr(self.preset, "target", None))
        gap, most = params.get("gap"), params.get("max")
        if not (isinstance(target, int) and isinstance(gap, int) and isinstance(most, int)):
            return ""
        barrels = [c for c in self._choices("barrel_at") if target - most <= c < target]
        offers = [
            ("barrel_at", min(barrels, default=None), _("Raise the barrel to %(value)s and start")),
            ("max_contract", gap, _("Raise the highest contract to %(value)s and start")),
        ]
        if not barrels and 0 in self._choices("barrel_at"):
            offers.append(("barrel_at", 0, _("Play without the barrel and start")))
        for option, value, words in offers:
            if value is None or f"opt_{option}" not in self.fields:
                continue
            try:
                rules.with_overrides(self.preset, {**changed, option: value})
            except rules.RulesError:
                continue
            self.fixes.append(Fix(field=f"opt_{option}", value=value, text=str(words) % {
                "value": number_format(value, force_grouping=True)}))
        said = {"target": number_format(target, force_grouping=True),
                "barrel": number_format(min(barrels, default=0), force_grouping=True),
                "contract": number_format(gap, force_grouping=True)}
        if len(self.fixes) < 2:
            return ""
        if barrels:
            return gettext(
                "To play to %(target)s, raise the barrel to %(barrel)s or the highest contract "
                "to %(contract)s."
            ) % said
        return gettext(
            "To play to %(target)s, raise the highest contract to %(contract)s or play without "
            "the barrel."
        ) % said

    def _choices(self, option: str) -> list[int]:
        """The whole-number values an option can take (its choices)."""
        for spec in self.specs:
            if spec.name == option:
                return [c for c in spec.choices or () if isinstance(c, int)
                        and not isinstance(c, bool)]
        return []

    def add_sheet_error(self, error: rules.RulesError, message: str) -> None:
        """Put the engine's objection to the sheet's header on the field it concerns."""
        params: Mapping[str, Any] = error.params
        if error.code == "option_target" and (offer := self._offer_fixes(error)):
            message = f"{message} {offer}"
        option = params.get("option")
        if isinstance(option, str):
            names = [n for n in self.fields if n == f"opt_{option}" or
                     n.startswith(f"opt_{option}__")]
            if names:
                self.add_error(names[0], message)
                return
        seat = params.get("seat")
        if isinstance(seat, int) and error.code.startswith("player"):
            rows = [row for row, _name in self.players()]
            if 0 <= seat < len(rows):
                self.add_error(f"player_{rows[seat]}", message)
                return
        if error.code == "first_dealer":
            self.add_error("first_dealer", message)
            return
        self.add_error(None, message)


def _default_text(value: Any) -> str:
    if value is None:
        return "–"
    return choice_label(value)


# --------------------------------------------------------------------------- after the start

NOTE_FIELD = "row_note"  # the entry form's note field (not an entry field: meta.note)


class NoteForm(forms.Form):
    """The note written beside a row (meta.note): optional, one line, at most MAX_NOTE."""

    row_note = forms.CharField(
        label=pgettext_lazy("row", "Note"),
        required=False,
        max_length=MAX_NOTE,
        strip=True,
        validators=[SingleLineValidator()],
        help_text=_("Optional, e.g. “Petr left at 22:30”. It changes no score."),
        error_messages={"max_length": _("A note holds at most %(limit_value)s characters "
                                        "(it has %(show_value)s).")},
        # the number keyboard's Enter passes it by (static/js/entry.js): it is seldom written
        widget=forms.TextInput(attrs={"maxlength": MAX_NOTE, "autocomplete": "off",
                                      "enterkeyhint": "done", "data-enter-skip": ""}),
    )

    def note(self) -> str:
        return str(self.cleaned_data.get(NOTE_FIELD) or "")


class RenameForm(forms.Form):
    """The players' names corrected after the start, one field per player (labelled with the
    name it corrects), checked as the names of a new sheet are."""

    def __init__(self, *args: Any, players: list[str], short: Sequence[str] = (),
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.current = players
        chosen = [*short, *[""] * len(players)]
        for seat, name in enumerate(players):
            self.fields[f"name_{seat}"] = forms.CharField(
                label=name,
                initial=name,
                max_length=MAX_NAME,
                validators=[SingleLineValidator()],
                error_messages={
                    "required": _("Every player needs a name."),
                    "max_length": _("A player's name is too long (at most %(limit_value)s "
                                    "characters)."),
                },
                widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words",
                                              "maxlength": MAX_NAME}),
            )
            self.fields[f"short_{seat}"] = forms.CharField(
                label=gettext("Short name of %(name)s in the column head") % {"name": name},
                help_text=_("Empty: the head shows as much of the name as tells it apart."),
                initial=chosen[seat],
                required=False,
                max_length=SHORT_CHOSEN,
                validators=[SingleLineValidator()],
                error_messages={
                    "max_length": _("A short name has at most %(limit_value)s letters."),
                },
                widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words",
                                              "maxlength": SHORT_CHOSEN, "class": "short-name"}),
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        seen: set[str] = set()
        for seat in range(len(self.current)):
            short = str(data.get(f"short_{seat}") or "").strip().casefold()
            if short and short in seen:
                self.add_error(f"short_{seat}", _("Another player already has this short "
                                                  "name: each column needs its own."))
            seen.add(short)
        return data

    def shorts(self) -> list[str]:
        """The short names typed, in seat order ("" for none; after :meth:`is_valid`)."""
        return [str(self.cleaned_data.get(f"short_{seat}") or "").strip()
                for seat in range(len(self.current))]

    def seats(self) -> list[tuple[Any, Any]]:
        """(name field, short name field) of every player, for the page."""
        return [(self[f"name_{seat}"], self[f"short_{seat}"])
                for seat in range(len(self.current))]

    def names(self) -> list[str]:
        """The names typed, in seat order (after :meth:`is_valid`)."""
        return [str(self.cleaned_data[f"name_{seat}"]).strip()
                for seat in range(len(self.current))]

    def field_of(self, seat: int | None) -> str | None:
        return f"name_{seat}" if seat is not None and 0 <= seat < len(self.current) else None
