"""The deal review's setup questions as a form: who played the contract, who sat out, what was
played, the trump, who announced the seven and who led the first trick.

The page's state lives in its query string (``reviewing.Setup``, read by ``reviewing.read_setup``,
which bounds every value); this form renders that state as radio groups, so that the template
holds no hand-written ``<input>`` and every group is labelled by its legend.  Which groups a game
asks comes from its contracts (``reviewing.needs``), never from the game's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from scoresheet.referee.reviewing import Setup

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise as Label

    Choices = list[tuple[str, Label]]


def _seat(value: int | None) -> str:
    return "" if value is None else str(value)


class ReviewSetupForm(forms.Form):
    """The setup of a review: unbound, filled from the page's ``Setup``."""

    def __init__(self, *, setup: Setup, players: Sequence[str], asked: dict[str, bool],
                 contracts: Choices, suits: Choices, named_trump: bool) -> None:
        seats: Choices = [(str(i), name) for i, name in enumerate(players)]
        initial: dict[str, str] = {
            "declarer": _seat(setup.declarer),
            "out": _seat(setup.out),
            "contract": setup.contract or (contracts[0][0] if contracts else ""),
            "trump": setup.trump or "",
            "seven": _seat(setup.seven),
            "leader": _seat(setup.leader),
        }
        super().__init__(initial=initial, auto_id="review-%s")
        self.fields["declarer"] = self._radio(_("Who played the contract?"), seats)
        if len(players) > 3:
            self.fields["out"] = self._radio(_("Who sat this deal out?"), seats)
        if asked["contract"]:
            self.fields["contract"] = self._radio(_("What was played"), contracts)
        if named_trump:
            self.fields["trump"] = self._radio(_("Trump"), suits)
            if asked["contract"]:
                self.fields["trump"].help_text = _(
                    "Betl and durch have no trump: leave it as it is.")
        if asked["seven"]:
            self.fields["seven"] = self._radio(_("Who announced the seven?"),
                                               [("", _("Nobody")), *seats])
        self.fields["leader"] = self._radio(
            _("Who led the first trick?"),
            [("", _("The one who played the contract")), *seats])

    @staticmethod
    def _radio(label: Label, choices: Sequence[tuple[str, Label]]) -> forms.ChoiceField:
        return forms.ChoiceField(label=label, choices=list(choices), required=False,
                                 widget=forms.RadioSelect)
