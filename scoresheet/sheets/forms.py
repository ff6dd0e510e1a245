"""Forms of the web layer that are not entry forms: a new sheet, the write's revision and key."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

import rules
from rules.engine import MAX_NAME
from scoresheet.sheets.models import KEY_LENGTH
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

    ruleset = forms.ChoiceField(label=_("Game and preset"), widget=forms.RadioSelect)
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
        for seat in range(self.max_players):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=PLAYER_LABELS[seat],
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
        if dealer is not None and dealer not in rows:
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

    def add_sheet_error(self, error: rules.RulesError, message: str) -> None:
        """Put the engine's objection to the sheet's header on the field it concerns."""
        params: Mapping[str, Any] = error.params
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
