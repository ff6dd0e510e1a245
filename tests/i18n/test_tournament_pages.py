"""Every tournament screen speaks Czech, German, Polish and Russian: no English sentence of
the catalogs shows on any of them (the director's, the players', the wall page, signing,
confirming, a refused form, the results, the table card)."""

from __future__ import annotations

from collections.abc import Iterator

import polib
import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.tournament import logic
from scoresheet.tournament.models import Table
from tests.i18n.crawl import visible
from tests.i18n.test_pages import TRANSLATED, english_sentences
from tests.tournament.helpers import deal_for, make_tournament, play, play_round

pytestmark = pytest.mark.django_db


def tournament_pages(client: Client) -> Iterator[tuple[str, str]]:
    t = make_tournament(13, rounds=2, premium={})
    yield "new", client.get(reverse("tournament_new")).content.decode()
    refused = client.post(reverse("tournament_new"), {"ruleset": "marias", "name": "x",
                                                      "players_text": "A\nB\na"})
    yield "new refused", refused.content.decode()
    yield "import", client.get(reverse("tournament_import")).content.decode()
    logic.draw(t, seed=5)
    director = reverse("tournament", args=[t.director_token])
    yield "draw", client.get(director).content.decode()
    players = reverse("tournament_view", args=[t.view_token])
    yield "players drawn", client.get(players).content.decode()
    logic.start(t.round_set.get())
    play_round(t)
    tb = Table.objects.select_related("sheet").filter(round__tournament=t).first()
    logic.reopen(tb, reason="recount")
    yield "director", client.get(director).content.decode()
    yield "close", client.get(reverse("table_close", args=[tb.sheet.edit_token])).content.decode()
    wrong = client.post(reverse("table_close", args=[tb.sheet.edit_token]),
                        {"name": "nobody", "confirm": "on"})
    yield "close refused", wrong.content.decode()
    yield "sheet", client.get(reverse("sheet", args=[tb.sheet.edit_token])).content.decode()
    yield "deal form", client.get(reverse("entry_new", args=[tb.sheet.edit_token, "deal"])
                                  ).content.decode()
    logic.close(tb, signed_name=tb.scorer.name)
    yield "history", client.get(reverse("sheet_history", args=[tb.sheet.edit_token])
                                ).content.decode()
    yield "confirm", client.get(reverse("table_confirm", args=[tb.sheet.view_token])
                                ).content.decode()
    yield "read sheet", client.get(reverse("sheet_read", args=[tb.sheet.view_token])
                                   ).content.decode()
    logic.start(logic.draw(t, seed=6))
    live = Table.objects.filter(round__number=2, round__tournament=t).first()
    play(live, [deal_for(len(live.sheet.players), 0)])
    yield "director live", client.get(director).content.decode()
    yield "players", client.get(players).content.decode()
    yield "wall", client.get(reverse("tournament_wall", args=[t.view_token])).content.decode()
    yield "results", client.get(reverse("tournament_results", args=[t.director_token])
                                ).content.decode()
    card = reverse("tournament_card", args=[t.director_token, live.pk]) + "?format=html"
    yield "card", client.get(card).content.decode()


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_sentence_on_a_tournament_screen(
    language: str, compiled: None, extracted: polib.POFile
) -> None:
    sentences = english_sentences(extracted)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    found: dict[str, str] = {}
    seen = 0
    for name, html in tournament_pages(client):
        seen += 1
        assert f'lang="{language}"' in html, name
        text, attributes = visible(html)
        page_text = " ".join(" ".join([text, *attributes]).split())
        for sentence in sentences:
            if sentence in page_text and sentence not in found:
                found[sentence] = name
    assert seen == 18
    assert found == {}
