"""The club's forms: a new club, a register line, merging, a season, an evening, a home sheet."""

from __future__ import annotations

import itertools
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoresheet.club.logic import MAX_PLACES, MAX_POINTS, Newcomer
from scoresheet.club.models import NAME_LENGTH, NICK_LENGTH, TEAM_LENGTH, TITLE_LENGTH, Member, Rule
from scoresheet.sheets.validators import SingleLineValidator
from scoresheet.tournament.document import MAX_DEALS, MAX_ROUNDS

ONE_LINE = [SingleLineValidator()]
SEASON_PRESETS = ("marias", "ru", "pl", "tisic", "one-thousand", "binokel")


def _num(**attrs: Any) -> forms.NumberInput:
    return forms.NumberInput(attrs={"inputmode": "numeric", "class": "num", **attrs})


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Name of the club"), max_length=TITLE_LENGTH,
                           validators=ONE_LINE)


class MemberForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_LENGTH, validators=ONE_LINE)
    nickname = forms.CharField(label=_("Nickname"), max_length=NICK_LENGTH, required=False,
                               validators=ONE_LINE)
    team = forms.CharField(label=_("Team"), max_length=TEAM_LENGTH, required=False,
                           validators=ONE_LINE)


class NewMemberForm(MemberForm):
    another = forms.BooleanField(
        label=_("Another player with a similar name"), required=False)


class MemberEditForm(MemberForm):
    initials_only = forms.BooleanField(
        label=_("Show only the initials on public pages"), required=False)
    has_left = forms.BooleanField(
        label=_("Has left the club (kept in the history, not offered for new evenings)"),
        required=False)


class MergeForm(forms.Form):
    keep = forms.ModelChoiceField(label=_("Keep this line"), queryset=Member.objects.none())
    duplicate = forms.ModelChoiceField(label=_("Merge this duplicate into it"),
                                       queryset=Member.objects.none())

    def __init__(self, *args: Any, members: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("keep", "duplicate"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = members


def parse_places(text: str) -> list[int]:
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not parts or len(parts) > MAX_PLACES or not all(p.isascii() and p.isdigit()
                                                        for p in parts):
        raise forms.ValidationError(
            _("Write the points of the first, second, third… place as whole numbers "
              "separated by commas, for example 12, 10, 8."))
    values = [int(p) for p in parts]
    if any(v > MAX_POINTS for v in values):
        raise forms.ValidationError(
            _("A place is worth at most %(max)s points.") % {"max": MAX_POINTS})
    if any(a < b for a, b in itertools.pairwise(values)):
        raise forms.ValidationError(_("A better place cannot be worth fewer points than a "
                                      "worse one."))
    return values


def _date_input() -> forms.DateInput:
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class PeriodForm(forms.Form):
    """The season's period: its first day, and its last once it is known."""

    start = forms.DateField(label=_("First day of the season"), widget=_date_input())
    end = forms.DateField(label=_("Last day of the season"), required=False,
                          widget=_date_input(),
                          help_text=_("Empty while the season is running."))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("start"), data.get("end")
        if start is not None and end is not None and end < start:
            self.add_error("end", _("The season cannot end before it starts."))
        return data


class SeasonForm(PeriodForm):
    name = forms.CharField(label=_("Name of the season"), max_length=TITLE_LENGTH,
                           validators=ONE_LINE)
    ruleset = forms.ChoiceField(label=_("Game and variant"), widget=forms.RadioSelect,
                                choices=())
    rule = forms.ChoiceField(
        label=_("What an evening counts for the season"), widget=forms.RadioSelect,
        choices=[(Rule.POINTS.value, _("The evening’s competition points, added up.")),
                 (Rule.PLACES.value, _("Placement points by the evening’s rank"))],
        initial=Rule.POINTS.value)
    places = forms.CharField(
        label=_("Placement points of the first, second, third… place"), required=False,
        initial="12, 10, 8, 7, 6, 5, 4, 3, 2, 1", validators=ONE_LINE,
        help_text=_("Places further down get no points."))
    best_of = forms.IntegerField(
        label=_("Only the best evenings count"), required=False, min_value=1, max_value=100,
        widget=_num(min=1), help_text=_("Empty: every evening counts."))
    min_evenings = forms.IntegerField(
        label=_("Evenings needed to be ranked"), required=False, min_value=0, max_value=100,
        initial=0, widget=_num(min=0))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from scoresheet.sheets.words import preset_label

        field = self.fields["ruleset"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(p, preset_label(p)) for p in SEASON_PRESETS]
        field.initial = "marias"
        self.order_fields(["name", "ruleset", "start", "end", "rule", "places", "best_of",
                           "min_evenings"])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("rule") == Rule.PLACES:
            try:
                data["place_points"] = parse_places(data.get("places") or "")
            except forms.ValidationError as error:
                self.add_error("places", error)
        best, least = data.get("best_of"), data.get("min_evenings") or 0
        if best is not None and least > best:
            self.add_error("min_evenings", _("A player cannot need more evenings than the "
                                             "best evenings that count."))
        return data


class EveningForm(forms.Form):
    name = forms.CharField(label=_("Name of the evening"), max_length=TITLE_LENGTH,
                           required=False, validators=ONE_LINE)
    members = forms.ModelMultipleChoiceField(
        label=_("Players from the register"), queryset=Member.objects.none(), required=False,
        widget=forms.CheckboxSelectMultiple)
    newcomers = forms.CharField(
        label=_("Late arrivals and new players"), required=False,
        widget=forms.Textarea(attrs={"rows": 3, "autocapitalize": "words"}),
        help_text=_("One a line; a team after a comma. They join the register."))
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=MAX_ROUNDS, initial=3,
                                widget=_num(min=1, max=MAX_ROUNDS))
    table_size = forms.TypedChoiceField(
        label=_("Players at a table"), coerce=int, widget=forms.RadioSelect,
        choices=[("4", "4"), ("3", "3")], initial="4")
    deals_per_round = forms.IntegerField(
        label=_("Deals per round"), min_value=1, max_value=MAX_DEALS, required=False,
        widget=_num(min=1, max=MAX_DEALS),
        help_text=_("Empty: Thousand and Binokel play each round to the end of the game. "
                    "Mariáš needs a number."))
    premium = forms.BooleanField(label=_("Premium points (Mariáš)"), required=False)

    def __init__(self, *args: Any, members: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["members"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = members
        field.label_from_instance = _member_label  # type: ignore[method-assign,assignment]

    def clean_newcomers(self) -> list[Newcomer]:
        out = []
        for line in (self.cleaned_data.get("newcomers") or "").splitlines():
            name, _comma, team = line.partition(",")
            if name.strip():
                problem = SingleLineValidator()
                problem(name)
                out.append(Newcomer(name=name.strip(), team=team.strip()))
        return out


class ArrivalForm(forms.Form):
    """A late arrival at a running evening: a register player, or a new one typed."""

    member = forms.ModelChoiceField(label=_("A player from the register"),
                                    queryset=Member.objects.none(), required=False,
                                    empty_label=_("(a new player, typed below)"))
    name = forms.CharField(label=_("Or a new player’s name"), max_length=NAME_LENGTH,
                           required=False, validators=ONE_LINE,
                           help_text=_("They join the register too."))
    team = forms.CharField(label=_("Team"), max_length=TEAM_LENGTH, required=False,
                           validators=ONE_LINE)

    def __init__(self, *args: Any, members: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["member"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = members
        field.label_from_instance = _member_label  # type: ignore[method-assign,assignment]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        member, name = data.get("member"), (data.get("name") or "").strip()
        if member is None and not name and not self.errors:
            raise forms.ValidationError(_("Pick the player from the register or type a new "
                                          "player’s name."))
        if member is not None and name:
            raise forms.ValidationError(_("Pick a player from the register or type a new "
                                          "name, not both."))
        return data


class AttachForm(forms.Form):
    link = forms.CharField(label=_("The tournament’s director’s link"), max_length=300,
                           validators=ONE_LINE)


class HomeSheetForm(forms.Form):
    member = forms.ModelChoiceField(label=_("Player"), queryset=Member.objects.none())
    link = forms.CharField(label=_("The sheet’s link"), max_length=300, validators=ONE_LINE)
    name_on_sheet = forms.CharField(label=_("The player’s name on that sheet"),
                                    max_length=NAME_LENGTH, validators=ONE_LINE)

    def __init__(self, *args: Any, members: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["member"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = members


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Season file (JSON)"))


def _member_label(member: Any) -> str:
    """A register player as the evening's form lists him: the name, and the nickname if any."""
    return f"{member.name} ({member.nickname})" if member.nickname else str(member.name)
