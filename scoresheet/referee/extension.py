"""The deal review's part of the entry flow (the core's extension point,
:mod:`scoresheet.sheets.extensions`).

* A deal's form opened from a finished review (``?review=`` carries the review page's query)
  is filled from it, and the written entry keeps the review (the deal laid out and what was
  proven) in its ``meta``; a correction of a reviewed row keeps the row's review.
* The form says it was filled from a review, or offers to review the deal it corrects.
* The history says the row was reviewed, and links back to the review.
* A penalty row written from a review's finding keeps its proof (``meta.proof``: the trick, the
  card, the proof card, the rule and the review's query; written by the penalty calculator):
  the history says what was proven and links back to the review; a correction keeps it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from scoresheet.referee import reviewing
from scoresheet.sheets import extensions
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.services import Loaded


class ReviewExtension(extensions.EntryExtension):
    def prefill(self, request: HttpRequest, loaded: Loaded, kind: str,
                position: int | None) -> extensions.Prefill | None:
        text = request.GET.get("review")
        if not text or kind != "deal":
            return None
        setup, review = reviewing.from_query(text, loaded.document)
        if review is None or not review.complete:
            return None
        base = loaded.entries[position].data if position is not None else {}
        if base.get("type") not in (None, "deal"):
            base = {}
        filled = reviewing.fill_entry(loaded.document.game, review, base)
        kept = reviewing.record(review, reviewing.deal_document(setup, loaded.document))
        return extensions.Prefill(entry=filled, keep=kept)

    def form_context(self, request: HttpRequest, sheet: Sheet, kind: str, loaded: Loaded,
                     position: int | None) -> dict[str, Any]:
        """The form says it was filled from a review, or offers to review the deal it corrects."""
        corrects_deal = (position is not None and kind == "deal"
                         and loaded.entries[position].data.get("type") == "deal")
        return {
            "reviewed": bool(request.GET.get("review")),
            "review_url": (reverse("review", args=[sheet.edit_token]) + f"?deal={position}"
                           if corrects_deal else ""),
        }

    def finish(self, entry: extensions.Entry, *, prefill: extensions.Prefill | None,
               previous: Mapping[str, Any] | None) -> extensions.Entry:
        kept = prefill.keep if prefill is not None else None
        if kept is None and previous is not None:  # a correction keeps the row's review
            kept = reviewing.review_of(previous)
        proof = reviewing.proof_kept(previous)
        if proof is not None and reviewing.proof_kept(entry) is None \
                and entry.get("type") == (previous or {}).get("type") \
                and entry.get("seat") == proof.get("seat"):  # ... and its proof, same offender
            entry = {**entry, "meta": {**(entry.get("meta") or {}),
                                       reviewing.PROOF_META: dict(proof)}}
        return reviewing.with_review(entry, kept)

    def summary(self, entry: Mapping[str, Any]) -> str:
        return reviewing.review_summary(entry) or reviewing.proof_summary(entry)

    def sheet_links(self, sheet: Sheet, *, can_edit: bool, finished: bool) -> list[str]:
        """"Was it legal?" and the table's rules, from either link."""
        return [render_to_string("referee/_sheet_links.html",
                                 {"sheet": sheet, "can_edit": can_edit})]

    def row_links(self, token: str, position: int,
                  entry: Mapping[str, Any]) -> list[extensions.RowLink]:
        proof = reviewing.proof_kept(entry)
        if proof is not None and isinstance(proof.get("review"), str):  # a penalty row's proof
            return [extensions.RowLink(label=_("Open the review that proves it"),
                                       url=reverse("review", args=[token])
                                       + f"?{proof['review']}")]
        kept = reviewing.review_of(entry)
        deal = kept.get("deal") if kept is not None else None
        if not isinstance(deal, Mapping):
            return []
        query = replace(reviewing.setup_of_deal(deal), deal=position).query()
        return [extensions.RowLink(label=_("Open its review of the tricks"),
                                   url=reverse("review", args=[token]) + f"?{query}")]


extensions.register(ReviewExtension())
