"""The deal review: lay out the tricks of a finished deal and let the engine prove a renonc.

A GET page under the edit link and the read-only link alike: its whole state is in the query
string (``scoresheet.referee.reviewing``), so each card tapped is a plain GET submit and the page
works
without JavaScript; with htmx the review is swapped in place and the address bar follows.  The
edit link also offers to fill the deal's row from the review and to price a proven offence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from rules import arbiter
from scoresheet.referee import reviewing
from scoresheet.referee import rulings as referee
from scoresheet.referee.forms import ReviewSetupForm
from scoresheet.referee.views.rulings import Place, _place
from scoresheet.sheets import services
from scoresheet.sheets.paper import paper_of
from scoresheet.sheets.views.access import HtmxHttpRequest, Mode, remember
from scoresheet.sheets.words import card_word, game_label, preset_label


def _fill_url(place: Place, setup: reviewing.Setup) -> str:
    """The entry form of the reviewed deal's row (or a new deal) filled from the review."""
    query = urlencode({"review": setup.query()})
    if setup.deal is not None:
        return reverse("entry_edit", args=[place.sheet.edit_token, setup.deal]) + f"?{query}"
    return reverse("entry_new", args=[place.sheet.edit_token, "deal"]) + f"?{query}"


def _other_leaders(review: Any, players: Sequence[str], done: int) -> list[dict[str, Any]]:
    """Between two tricks: the players who may have led the next one instead of the one the
    cards name — each either led out of turn, or gathered the trick before (``nl``/``nt``)."""
    if not done or review.next_seat is None or review.complete or len(review.tricks) != done:
        return []
    return [{"name": players[s], "lead": f"{done + 1}-{s}", "took": f"{done}-{s}",
             "led_text": _("%(name)s led trick %(trick)s out of turn") % {
                 "name": players[s], "trick": done + 1},
             "took_text": _("%(name)s took trick %(trick)s and led the next") % {
                 "name": players[s], "trick": done}}
            for s in review.deal.active if s != review.next_seat]


def _review(request: HtmxHttpRequest, token: str, mode: Mode) -> HttpResponse:
    place = _place(token, mode)
    remember(request, place.sheet, mode)
    loaded = services.load(place.sheet)
    document = loaded.document
    trick = arbiter.trick_rules(document.ruleset, document.options, edition=document.edition)
    deck = trick.deck
    players = document.players
    setup = reviewing.read_setup(request.GET, document)
    entry = None
    if setup.deal is not None:
        entry = loaded.entries[setup.deal].data
        if entry.get("type") != "deal":
            setup, entry = replace(setup, deal=None), None
        elif "declarer" not in request.GET:  # the first visit starts from what the row says
            setup = reviewing.setup_from_entry(entry, setup)
            rows = loaded.scored.rows_of(setup.deal) if setup.deal is not None else ()
            if setup.out is None and rows and rows[0].sitting_out is not None:
                setup = replace(setup, out=rows[0].sitting_out)
    base = place.review_url
    todo = reviewing.missing(trick, setup, len(players))
    if request.GET.get("setup") and not todo:  # "Change": the setup again, the cards kept
        todo = ["change"]
    review, objection = (None, "") if todo else reviewing.run(setup, document)
    plays = list(setup.plays)
    asked = reviewing.needs(trick, setup)
    setup_form = ReviewSetupForm(
        setup=setup, players=players, asked=asked,
        contracts=[(c.name.value, str(referee.CONTRACT_LABELS.get(c.name.value, c.name.value)))
                   for c in trick.contracts],
        suits=[(f.suit.value, f"{f.symbol} {card_word(deck.name.value, f.name)}")
               for f in deck.suits],
        named_trump=any(c.trump is arbiter.TrumpRule.NAMED for c in trick.contracts))
    context: dict[str, Any] = {
        "sheet": place.sheet,
        "place": place,
        "can_edit": place.can_edit,
        "players": players,
        "game_label": game_label(document.game),
        "preset_label": preset_label(document.ruleset),
        "offences": referee.offence_kinds(document),
        "setup": setup,
        "asked": asked,
        "setup_form": setup_form,
        "todo": todo,
        "objection": objection,
        "review": review,
        "deal_number": None if setup.deal is None else setup.deal + 1,
        "setup_params": [(k, v) for k, v in setup.params() if k != "p"],
        "play_params": [v for k, v in setup.params() if k == "p"],
        "page_url": f"{base}?{setup.query()}",
        "undo_url": f"{base}?{setup.undo()}" if plays else "",
        "restart_url": f"{base}?{setup.query(())}",
        "change_url": f"{base}?{setup.query()}&setup=1",
    }
    if review is not None:
        done_tricks = sum(1 for t in review.tricks if t.winner is not None)
        context |= {
            "tricks": reviewing.tricks_shown(review, deck, players),
            "findings": reviewing.findings_shown(
                review, deck, players, penalty_url=place.penalty_url,
                kinds=referee.offence_kinds(document), deal=setup.deal, setup=setup),
            "pending": reviewing.pending_shown(review, deck, players),
            "picker": None if review.complete or review.stopped or setup.stop
            else reviewing.picker(deck, plays),
            "held": (reviewing.held_picker(deck, review, setup, players)
                     if setup.stop and not review.complete else None),
            "hands_shown": bool(setup.hands),
            "stop_url": (f"{base}?{setup.query()}&stop=1"
                         if plays and not review.complete and not setup.stop else ""),
            "other_leaders": _other_leaders(review, players, done_tricks),
            "played_for_tricks": not review.points_count,
            "tricks_taken": [(players[s], review.tricks_taken[s]) for s in review.deal.active],
            "result": review.result,
            "next_player": None if review.next_seat is None else players[review.next_seat],
            "trick_number": done_tricks + 1,
            "trick_count": review.deal.deal_tricks,
            "trump_now": (None if review.trump is None
                          else reviewing.suit_words(deck, [review.trump])),
            "points": [(players[s], review.card_points[s]) for s in review.deal.active],
            "sides": review.sides,
            "declarer_name": players[review.deal.declarer],
            "marriages": [(players[s], reviewing.suit_words(deck, m))
                          for s, m in enumerate(review.marriages) if m],
            "talon": [referee.card_label(deck, c) for c in review.talon],
            "fill_url": _fill_url(place, setup) if place.can_edit and review.complete else "",
            "money": paper_of(document.game),
        }
    template = "referee/review.html"
    return render(request, template, context, status=400 if objection and not request.htmx
                  else 200)


@require_GET
def review_edit(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The deal review, from the sheet's edit link: it may fill the row and price an offence."""
    return _review(request, token, Mode.EDIT)


@require_GET
def review_read(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The deal review, from the read-only link: everything but writing."""
    return _review(request, token, Mode.VIEW)
