"""Confirming a signed table is each player's own act: with the player's own link (``/p/``), or
on the table's phone (the sheet's edit link); the read link, which the tournament's public page
shows to anyone, cannot confirm in anyone's name.  The history says how each was made."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.tournament import logic
from scoresheet.tournament.models import Event, Table
from tests.sheets.helpers import page, text
from tests.tournament.helpers import deal_for, make_tournament, play

pytestmark = pytest.mark.django_db


def signed_table() -> Table:
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.select_related("sheet", "scorer", "round__tournament").filter(
        round__tournament=t).first()
    assert tb is not None
    play(tb, [deal_for(4, i) for i in range(4)])
    logic.close(tb, signed_name=tb.scorer.name)
    return tb


def test_the_public_read_link_cannot_confirm_in_a_players_name(client: Client) -> None:
    tb = signed_table()
    player = logic.table_players(tb)[1]
    url = reverse("table_confirm", args=[tb.sheet.view_token])
    shown = page(client.get(url))
    assert "I confirm this sheet" not in shown and "each player's own act" in text(shown)
    refused = client.post(url, {"player": player.pk})
    assert refused.status_code == 403 and "open your own link" in text(page(refused))
    assert not tb.confirmations.exists()
    assert not Event.objects.filter(action="confirm").exists()


def test_a_player_confirms_with_their_own_link_and_in_no_other_name(client: Client) -> None:
    tb = signed_table()
    anna, boris = logic.table_players(tb)[:2]
    url = reverse("tournament_player", args=[anna.token])
    response = client.get(url)
    assert response["Cache-Control"] == "no-store"  # a secret link: no copy kept anywhere
    shown = page(response)
    assert "I confirm this sheet" in shown and boris.name not in shown
    refused = client.post(url, {"player": boris.pk, "table": tb.pk})  # in another's name
    assert refused.status_code == 400 and not tb.confirmations.exists()
    assert client.post(url, {"player": anna.pk, "table": tb.pk}).status_code == 302
    assert list(tb.confirmations.values_list("player_id", flat=True)) == [anna.pk]
    [event] = Event.objects.filter(action="confirm")
    assert event.detail["player"] == anna.name and event.detail["by"] == logic.OWN_LINK


def test_the_tables_phone_confirms_for_each_player_and_the_history_says_which(
    client: Client
) -> None:
    tb = signed_table()
    anna, boris = logic.table_players(tb)[:2]
    here = reverse("table_confirm_here", args=[tb.sheet.edit_token])
    assert here in page(client.get(reverse("sheet", args=[tb.sheet.edit_token])))
    assert client.post(here, {"player": boris.pk}).status_code == 302
    client.post(reverse("tournament_player", args=[anna.token]),
                {"player": anna.pk, "table": tb.pk})
    history = text(page(client.get(reverse("tournament", args=[
        tb.round.tournament.director_token]))))
    assert f"{boris.name} (on the table's phone)" in history
    assert f"{anna.name} (with their own link)" in history
    sheet_history = text(page(client.get(reverse("sheet_history",
                                                 args=[tb.sheet.edit_token]))))
    assert f"{boris.name} (on the table's phone)" in sheet_history
    # the director hands each player their own link
    director = page(client.get(reverse("tournament", args=[tb.round.tournament.director_token])))
    assert reverse("tournament_player", args=[anna.token]) in director
