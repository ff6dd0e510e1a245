"""Entry forms per game: one Django form per entry kind, looked up by game name.

A game module (``thousand`` here; ``marias`` and ``binokel`` add theirs) calls :func:`register`
with a :class:`GameForms`.  A form only checks types and turns its fields into the docs/format.md
entry
(:meth:`EntryForm.to_entry`); every rule is judged by the engine, whose objections come back
through :meth:`EntryForm.add_engine_error` on the field the engine names.

The web layer never re-implements a rule: what a form shows about the sheet (who sits out, the
deal's card-point total) comes from the engine's public functions and constants.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

import rules
from scoresheet.sheets.words import rejection_text


@dataclass(frozen=True, kw_only=True)
class FormContext:
    """The sheet as it stands before the entry a form writes (the entries before it)."""

    document: rules.Sheet
    scored: rules.Scored
    position: int | None = None  # None: a new entry at the end

    @property
    def players(self) -> tuple[str, ...]:
        return self.document.players

    @property
    def n(self) -> int:
        return len(self.document.players)

    @property
    def options(self) -> Any:
        return self.document.rules

    @property
    def seat_choices(self) -> list[tuple[str, str]]:
        return [(str(i), name) for i, name in enumerate(self.players)]


class EntryForm(forms.Form):
    """Base of every entry form.  Subclasses set the class attributes and build their fields."""

    kind: ClassVar[str] = ""
    label: ClassVar[Any] = ""  # a lazy translated name of the row kind ("Deal", "Redeal")
    template_name: ClassVar[str] = ""  # the template that renders the form's fields
    groups: ClassVar[Mapping[str, str]] = {}  # engine field -> a group of per-seat fields
    # the form is complete as it opens (its fields have defaults): its preview shows at once
    preview_at_once: ClassVar[bool] = False

    def __init__(self, *args: Any, context: FormContext, **kwargs: Any) -> None:
        self.context = context
        self.group_errors: dict[str, list[str]] = {}
        super().__init__(*args, **kwargs)
        self.build()
        for name, form_field in self.fields.items():
            form_field.error_messages.update(players_words(name, form_field))

    def build(self) -> None:
        """Add the fields that depend on the sheet (seats, the table's options)."""

    def to_entry(self, cleaned_data: Mapping[str, Any]) -> dict[str, Any]:
        """The docs/format.md entry.  The default suits forms whose fields are the entry's
        fields."""
        out: dict[str, Any] = {"type": self.kind}
        for name, value in cleaned_data.items():
            if value is not None and value != "":
                out[name] = value
        return out

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], context: FormContext) -> dict[str, Any]:
        """The form's initial data for editing ``entry``."""
        return {k: v for k, v in entry.items() if k not in ("type", "meta")}

    @classmethod
    def initial_from_query(cls, query: Mapping[str, Any],
                           context: FormContext) -> dict[str, Any] | None:
        """The initial data of a new row asked for by a link (None: the form's own)."""
        return None

    def entry(self) -> dict[str, Any]:
        """The entry of a valid form (call :meth:`is_valid` first)."""
        return self.to_entry(self.cleaned_data)

    def redisplay(self) -> bool:
        """True when the post only changes the form itself (a meld calculator's − or +): the
        view shows the form again and writes nothing."""
        return False

    def goes_to(self) -> tuple[str, dict[str, str]] | None:
        """Another form this post asks for instead of a row: its kind and its query (e.g. the
        renonc form's "in the deal being played": the deal form, stopped by that renonc)."""
        return None

    def add_engine_error(self, field_name: str | None, message: str) -> None:
        """Show the engine's objection on the field it names, else above the form."""
        if field_name and field_name in self.groups:
            self.group_errors.setdefault(self.groups[field_name], []).append(message)
        elif field_name and field_name in self.fields:
            self.add_error(field_name, message)
        else:
            self.add_error(None, message)

    def add_rejection(self, error: Any) -> None:
        """Show a :class:`scoresheet.sheets.services.Rejected` on the field it names (above the form
        when the objection is about a later row)."""
        self.add_engine_error(
            None if error.elsewhere else error.field, rejection_text(error, self.context.document)
        )

    @classmethod
    def summary(cls, entry: Mapping[str, Any], players: Sequence[str]) -> str:
        """One line that says what ``entry`` holds, for the history."""
        return default_summary(entry)


# What a field says when it is left empty or filled wrongly: in the players' words, naming the
# field by its label (a question such as "Who gives up?", or a player's name), never Django's
# bare "This field is required." under a field the scorer cannot see.
REQUIRED_BY_NAME: dict[str, Any] = {
    "contract": _("Type the contract."),
    "bid": _("Type the bid."),
}


def _about(label: str, question: Any, statement: Any) -> str:
    """``question`` after a label that asks ("Who? Tap one.", "Who played? (the declarer) Tap a
    name."), else ``statement`` ("Trumps:
    tap one."); Django's own placeholders (%(limit_value)s) are kept for it to fill in."""
    template = question if label.rstrip().endswith(("?", ")")) and "?" in label else statement
    return str(template) % {"label": label.replace("%", "%%"), "limit_value": "%(limit_value)s"}


def players_words(name: str, form_field: forms.Field) -> dict[str, str]:
    """The error messages of one entry-form field (Django's error codes -> the players' words).

    They depend only on the language, the label and the kind of field: each is worded once per
    process (every form of every request asks for them, and a deal form has a dozen fields)."""
    choice = isinstance(form_field, forms.ChoiceField)
    kind = ("named" if name in REQUIRED_BY_NAME and not choice
            else "seat" if isinstance(form_field, SeatField) else "choice" if choice else "number")
    return dict(_players_words(get_language(), kind, name if kind == "named" else "",
                               str(form_field.label or "")))


@lru_cache(maxsize=4096)
def _players_words(language: str | None, kind: str, name: str,
                   label: str) -> tuple[tuple[str, str], ...]:
    choice = kind in ("seat", "choice")
    out: dict[str, str] = {}
    if kind == "named":
        out["required"] = str(REQUIRED_BY_NAME[name])
    elif kind == "seat":
        out["required"] = _about(label, _("%(label)s Tap a name."), _("%(label)s: tap a name."))
    elif choice:
        out["required"] = _about(label, _("%(label)s Tap one."), _("%(label)s: tap one."))
    else:
        out["required"] = _about(label, _("%(label)s Type a number."),
                                 _("%(label)s: type a number."))
    if choice:
        out["invalid_choice"] = _about(label, _("%(label)s Tap one of the buttons."),
                                       _("%(label)s: tap one of the buttons."))
        out["invalid_list"] = out["invalid_choice"]
    else:
        out["invalid"] = _about(label, _("%(label)s Type a whole number, digits only."),
                                _("%(label)s: type a whole number, digits only."))
        out["min_value"] = _about(label, _("%(label)s It is at least %(limit_value)s."),
                                  _("%(label)s: at least %(limit_value)s."))
        out["max_value"] = _about(label, _("%(label)s It is at most %(limit_value)s."),
                                  _("%(label)s: at most %(limit_value)s."))
        out["step_size"] = _about(label, _("%(label)s It goes in steps of %(limit_value)s."),
                                  _("%(label)s: in steps of %(limit_value)s."))
    return tuple(out.items())


def default_summary(entry: Mapping[str, Any]) -> str:
    parts = [f"{k} {v}" for k, v in entry.items() if k not in ("type", "meta")]
    return ", ".join(parts)


class SeatField(forms.TypedChoiceField):
    """A seat chosen with one button per player."""

    widget = forms.RadioSelect

    def __init__(self, context: FormContext, **kwargs: Any) -> None:
        super().__init__(choices=context.seat_choices, coerce=int, empty_value=None, **kwargs)


def number_input(**attrs: Any) -> forms.NumberInput:
    """A big number input that opens the phone's number pad."""
    return forms.NumberInput(attrs={"inputmode": "numeric", "class": "num", **attrs})


@dataclass(frozen=True, kw_only=True)
class GameForms:
    """The entry forms of one game."""

    game: str
    forms: Mapping[str, type[EntryForm]]
    kinds: Callable[[rules.Sheet], Sequence[str]] | None = None  # the kinds a table may enter
    describe: Callable[[rules.Row, rules.Sheet], list[str]] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    # the form that corrects an entry, when it is not the form of its type
    form_kind: Callable[[Mapping[str, Any]], str] | None = None

    def kind_of(self, entry: Mapping[str, Any]) -> str:
        """The kind of form that writes (and so corrects) ``entry``."""
        if self.form_kind is not None:
            return self.form_kind(entry)
        return str(entry.get("type") or "")

    def kinds_for(self, document: rules.Sheet) -> list[str]:
        """The entry kinds offered as buttons on this sheet, in the game's order."""
        wanted = self.kinds(document) if self.kinds else list(self.forms)
        return [k for k in wanted if k in self.forms]

    def form_class(self, kind: str) -> type[EntryForm] | None:
        return self.forms.get(kind)


_REGISTRY: dict[str, GameForms] = {}


def register(game_forms: GameForms) -> GameForms:
    _REGISTRY[game_forms.game] = game_forms
    return game_forms


def for_game(game: str) -> GameForms:
    """The forms of ``game``; a game without forms of its own gets an empty set (read-only)."""
    return _REGISTRY.get(game) or GameForms(game=game, forms={})


def registered() -> dict[str, GameForms]:
    return dict(_REGISTRY)


KIND_LABELS: dict[str, Any] = {
    "deal": _("Deal"),
    "concession": _("Concession"),
    "redeal": _("Redeal"),
    "penalty": _("Penalty"),
    "bomb": _("Bomb"),
    "marriages_in_hand": _("Marriages in hand"),
    "renonc": _("Renonc"),
    "misdeal": _("Misdeal"),
    # rows the engine writes by itself
    "bolts": _("Bolts"),
    "reset_555": _("555"),
    "barrel_fall": _("Off the barrel"),
    "barrel_reset": _("Barrel: back to 0"),
    "barrel_knock_off": _("Knocked off"),
}


def kind_label(kind: str) -> Any:
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


# Importing a game's forms registers them: Binokel (deal, concession, redeal), Mariáš (deal,
# renonc, misdeal), Thousand (deal, concession, redeal, penalty, bomb, marriages in hand).
from scoresheet.sheets.gameforms import binokel, marias, thousand  # noqa: E402,F401
