"""The director's forms: a new tournament (the sheet's house-rule fields reused), the round's
swap, closing, reopening and reviewing."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from rules import tournament as draw_rules
from scoresheet.sheets.forms import NewSheetForm, Problem
from scoresheet.sheets.validators import SingleLineValidator, text_problem
from scoresheet.tournament.document import MAX_DEALS, MAX_ROUNDS
from scoresheet.tournament.logic import MAX_PLAYERS, NewPlayer, sizes_of
from scoresheet.tournament.models import CLUB_LENGTH, NAME_LENGTH, REASON_LENGTH, TITLE_LENGTH

LINE_END = re.compile(r"\r\n|\r|\n")  # the lines of the players' list, as a browser sends them
DRAW_METHOD_LABELS = {
    draw_rules.METHOD_LOT: _("By lot, with the fewest repeated table-mates"),
    draw_rules.METHOD_MOVE: _("From round 2: the winner of each table stays, the second moves "
                              "one table on, the third two, the fourth three"),
    draw_rules.METHOD_SEEDED: _("From round 2: by the standings, the leaders together at "
                                "table 1, the next at table 2, and so on"),
}

BAND_LABELS = (_("4 trumps or fewer"), _("5 trumps"), _("6 trumps"), _("7 trumps or more"))


# What a wrong field says instead of Django's own texts ("This field is required.", "Enter a
# whole number."): the field's name comes before it in the summary at the top of the form.
SHORT_ERRORS: dict[str, Any] = {
    "invalid": _("Type a whole number, digits only."),
    "min_value": _("Type %(limit_value)s or more."),
    "max_value": _("Type %(limit_value)s or less."),
    "max_length": ngettext_lazy("Shorten it to %(limit_value)d character at most.",
                                "Shorten it to %(limit_value)d characters at most.",
                                "limit_value"),
    "invalid_choice": _("Choose one of the choices shown."),
}
# An empty field that must be filled: a whole sentence that names it.
REQUIRED_ERRORS: dict[str, Any] = {
    "name": _("Type the name of the tournament."),
    "rounds": _("Type how many rounds the tournament has."),
    "table_size": _("Choose how many players sit at a table."),
    "players_text": _("Type the players, one a line."),
}
# The order of the fields on the page: the summary lists them so, the first gets the focus.
PAGE_ORDER = ("name", "ruleset", "rounds", "table_size", "deals_per_round", "draw_method",
              "separate_clubs", "players_text", "use_premium")
# A refusal of the tournament's own rules, put on the field it concerns.
ERROR_FIELDS = {
    "table_size": "table_size", "rounds": "rounds", "deals_needed": "deals_per_round",
    "deals": "deals_per_round", "premium_game": "use_premium", "name_long": "players_text",
    "name_twice": "players_text", "too_few": "players_text", "too_many": "players_text",
    "draw_method": "draw_method",
}
RADIOS = ("ruleset", "table_size", "draw_method")


def _num(**attrs: Any) -> forms.NumberInput:
    return forms.NumberInput(attrs={"inputmode": "numeric", "class": "num", **attrs})


class TournamentForm(NewSheetForm):
    """Name, game and house rules (as a new sheet has them), rounds, tables, players."""

    name = forms.CharField(label=_("Name of the tournament"), max_length=TITLE_LENGTH,
                           validators=[SingleLineValidator()])
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=MAX_ROUNDS, initial=3,
                                widget=_num(min=1, max=MAX_ROUNDS))
    table_size = forms.TypedChoiceField(
        label=_("Players at a table"), coerce=int, widget=forms.RadioSelect,
        choices=[("4", _("4 (Mariáš: 3 play, the dealer sits out; odd numbers make tables of 3)")),
                 ("3", _("3 (odd numbers get a bye)"))], initial="4",
    )
    deals_per_round = forms.IntegerField(
        label=_("Deals per round"), min_value=1, max_value=MAX_DEALS, required=False,
        help_text=_("Empty: Thousand and Binokel play each round to the end of the game. "
                    "Mariáš needs a number."), widget=_num(min=1, max=MAX_DEALS),
    )
    draw_method = forms.ChoiceField(
        label=_("How the rounds are drawn"), widget=forms.RadioSelect, required=False,
        choices=list(DRAW_METHOD_LABELS.items()), initial=draw_rules.METHOD_LOT,
        help_text=_("Round 1 is always drawn by lot. Seats at each table and the scorer are "
                    "drawn by lot in every round."),
    )
    separate_clubs = forms.BooleanField(
        label=_("Keep club-mates apart in round 1"), required=False,
        help_text=_("Players of one club (after the comma) do not sit together in round 1 "
                    "while the numbers allow it."),
    )
    players_text = forms.CharField(
        label=_("Players"), widget=forms.Textarea(attrs={"rows": 8, "autocapitalize": "words"}),
        help_text=_("One player a line; a club after a comma: “Jana Nováková, KM Brno”."),
    )
    use_premium = forms.BooleanField(
        label=_("Premium points (Mariáš)"), required=False,
        help_text=_("Asks for the trumps held on the deal form and adds premium points to "
                    "the standings."),
    )

    # The preset whose house-rule fields the page showed.  When the director picks another
    # preset and creates without the page showing its rules (no JavaScript, no "Show this
    # preset's rules"), the fields posted are the other preset's: they are ignored and the
    # chosen preset's own rules are played (issue 26.1).
    options_for = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, ruleset: str, **kwargs: Any) -> None:
        super().__init__(*args, ruleset=ruleset, **kwargs)
        self.fields["options_for"].initial = ruleset
        # the game's own table: 4 where it is played at four, 3 otherwise (the fields of a
        # game's tables are shown again, as the game's, when the director picks another)
        self.fields["table_size"].initial = "4" if 4 in sizes_of(ruleset) else "3"
        for name in [n for n in self.fields if n.startswith("player_")] + ["first_dealer"]:
            del self.fields[name]
        default = draw_rules.PremiumTable()
        for key, values in (("seven", default.seven), ("hundred", default.hundred)):
            for i, value in enumerate(values):
                self.fields[f"premium_{key}_{i}"] = forms.IntegerField(
                    label=BAND_LABELS[i], min_value=0, max_value=10_000, initial=value,
                    required=False, widget=_num(min=0))
        self.fields["premium_betl"] = forms.IntegerField(
            label=_("betl"), min_value=0, max_value=10_000, initial=default.betl, required=False,
            widget=_num(min=0))
        self.fields["premium_durch"] = forms.IntegerField(
            label=_("durch"), min_value=0, max_value=10_000, initial=default.durch,
            required=False, widget=_num(min=0))
        self.fields["premium_red"] = forms.BooleanField(
            label=_("Red (hearts) games count double"), required=False,
            initial=default.red_factor == 2)
        for name, field in self.fields.items():
            field.error_messages.update(SHORT_ERRORS)
            if name in REQUIRED_ERRORS:
                field.error_messages["required"] = REQUIRED_ERRORS[name]
        self.order_fields(PAGE_ORDER)

    # ------------------------------------------------------------------ errors

    def anchor_of(self, name: str) -> str:
        field = self[name]
        return f"{field.auto_id}_0" if name in RADIOS else field.auto_id

    def problems(self) -> list[Problem]:
        """Every error, in the order of the page: a short one after the name of its field."""
        out = [Problem(anchor="", text=str(e)) for e in self.non_field_errors()]
        found = self.errors.as_data()
        for name in self.fields:
            for error in found.get(name, ()):
                said = " ".join(error.messages)
                if error.code in SHORT_ERRORS:
                    said = gettext("%(field)s: %(problem)s") % {
                        "field": self.label_of(name), "problem": said}
                out.append(Problem(anchor=self.anchor_of(name), text=said))
        return out

    def add_tournament_error(self, code: str, message: str) -> None:
        """The refusal of the tournament's rules, on its field when it has one."""
        field = ERROR_FIELDS.get(code)
        self.add_error(field if field in self.fields else None, message)

    def premium_rows(self) -> list[tuple[Any, list[forms.BoundField]]]:
        return [
            (_("sedma, by the trumps its announcer held"),
             [self[f"premium_seven_{i}"] for i in range(4)]),
            (_("sto, by the trumps of the side that announced it"),
             [self[f"premium_hundred_{i}"] for i in range(4)]),
        ]

    def players(self) -> list[tuple[int, str]]:  # the sheet form's players: none here
        return []

    def clean(self) -> dict[str, Any]:
        return forms.Form.clean(self) or {}

    def clean_players_text(self) -> str:
        """One player a line; a line holds no control character (as a sheet's names)."""
        text = str(self.cleaned_data.get("players_text") or "")
        for number, line in enumerate(LINE_END.split(text), start=1):
            problem = text_problem(line)
            if problem is not None:
                raise ValidationError(
                    _("Line %(number)s of the list of players: %(problem)s"),
                    code=SingleLineValidator.code, params={"number": number, "problem": problem})
        return text
    def options_match(self) -> bool:
        """Were the posted house-rule fields those of the chosen preset?"""
        shown = self.data.get("options_for") if self.is_bound else self.chosen
        return shown == self.chosen

    def overrides(self) -> dict[str, Any]:
        return super().overrides() if self.options_match() else {}

    def people(self) -> list[NewPlayer]:
        out = []
        for line in LINE_END.split(self.cleaned_data.get("players_text") or ""):
            name, _comma, club = line.partition(",")
            if name.strip():
                out.append(NewPlayer(name=name.strip(), club=club.strip()[:CLUB_LENGTH]))
        return out[:MAX_PLAYERS + 1]

    def premium(self) -> dict[str, Any] | None:
        data = self.cleaned_data
        if not data.get("use_premium") or self.game != "marias":
            return None
        default = draw_rules.PremiumTable()

        def value(name: str, fallback: int) -> int:
            v = data.get(name)
            return fallback if v is None else int(v)

        return draw_rules.PremiumTable(
            seven=tuple(value(f"premium_seven_{i}", default.seven[i])  # type: ignore[arg-type]
                        for i in range(4)),
            hundred=tuple(value(f"premium_hundred_{i}", default.hundred[i])  # type: ignore[arg-type]
                          for i in range(4)),
            betl=value("premium_betl", default.betl),
            durch=value("premium_durch", default.durch),
            red_factor=2 if data.get("premium_red") else 1,
        ).to_json()

    def arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "name": data["name"], "ruleset": self.chosen, "options": self.overrides(),
            "rounds": data["rounds"], "table_size": data["table_size"],
            "deals_per_round": data.get("deals_per_round"), "premium": self.premium(),
            "players": self.people(),
            "draw_method": data.get("draw_method") or draw_rules.METHOD_LOT,
            "separate_clubs": bool(data.get("separate_clubs")),
        }


class SwapForm(forms.Form):
    first = forms.TypedChoiceField(label=_("Swap"), coerce=int)
    second = forms.TypedChoiceField(label=_("with"), coerce=int)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(str(pk), name) for pk, name in players]
        self.fields["first"].choices = choices  # type: ignore[attr-defined]
        self.fields["second"].choices = choices  # type: ignore[attr-defined]


class ArrivalForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_LENGTH)
    club = forms.CharField(label=_("Club"), max_length=CLUB_LENGTH, required=False)


class PlayerForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(str(pk), n) for pk, n in players]  # type: ignore[attr-defined]


class RenameForm(PlayerForm):
    name = forms.CharField(label=_("Corrected name"), max_length=NAME_LENGTH)


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Seed (empty: a new one by lot)"), required=False, min_value=1,
        max_value=draw_rules.MAX_SEED, widget=_num(min=1, max=draw_rules.MAX_SEED),
    )


class SignForm(forms.Form):
    name = forms.CharField(
        label=_("Your name, as the scorer drawn for this table"), max_length=NAME_LENGTH,
        validators=[SingleLineValidator()])
    confirm = forms.BooleanField(
        label=_("I checked the sheet: it is what the table played."), required=True)


class ConfirmForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Who are you?"), coerce=int)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(str(pk), n) for pk, n in players]  # type: ignore[attr-defined]


class ReopenForm(forms.Form):
    reason = forms.CharField(label=_("Why is the table reopened?"), max_length=REASON_LENGTH,
                             validators=[SingleLineValidator()])


class ReviewForm(forms.Form):
    entry = forms.UUIDField(widget=forms.HiddenInput)
    winnable = forms.TypedChoiceField(
        label=_("Could the game be won?"), coerce=lambda v: v == "yes", widget=forms.RadioSelect,
        choices=[("yes", _("Yes: premium points count")), ("no", _("No: no premium points"))],
    )
    note = forms.CharField(label=_("Note"), max_length=REASON_LENGTH, required=False,
                           validators=[SingleLineValidator()])


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Tournament file (JSON)"))
