"""A tournament evening through the director's functions and pages (docs/tournament.md)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoresheet.sheets import services
from scoresheet.sheets.models import Sheet
from scoresheet.tournament import logic
from scoresheet.tournament.models import Event, Seat, Table
from tests.tournament.helpers import deal_for, make_tournament, play, play_round

pytestmark = pytest.mark.django_db


def test_a_started_round_gives_every_table_a_sheet_with_the_drawn_seats_and_rules():
    t = make_tournament(12)
    r = logic.draw(t, seed=4242)
    logic.start(r)
    tables = list(r.tables.select_related("sheet", "scorer"))
    assert len(tables) == 3
    for tb in tables:
        seated = [s.player.name for s in tb.seats.order_by("position")]
        assert tb.sheet.players == seated
        assert tb.sheet.ruleset == "marias" and tb.sheet.options == {}
        assert tb.sheet.scorer == tb.scorer.name and tb.scorer.name in seated


def test_the_same_seed_gives_the_same_draw():
    first, second = make_tournament(12), make_tournament(12)
    a, b = logic.draw(first, seed=777), logic.draw(second, seed=777)

    def names(r):
        return [[s.player.name for s in tb.seats.order_by("position")] for tb in r.tables.all()]

    assert names(a) == names(b)


def test_a_closed_table_sheet_refuses_every_write_and_keeps_its_rows():
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.filter(round__tournament=t).select_related("sheet", "scorer").first()
    play(tb, [deal_for(4, i) for i in range(4)])
    logic.close(tb, signed_name=tb.scorer.name.upper())  # a name typed in capitals is his
    sheet = Sheet.objects.get(pk=tb.sheet_id)
    with pytest.raises(services.Closed):
        services.add_entry(sheet.pk, revision=sheet.revision, key="after-close-1",
                           device=services.Device(), entry=deal_for(4, 4))
    with pytest.raises(services.Closed):
        services.delete_entry(sheet.pk, revision=sheet.revision, key="after-close-2",
                              device=services.Device(), position=0)
    assert sheet.entries.count() == 4 and Sheet.objects.get(pk=sheet.pk).revision == 4


def test_only_the_drawn_scorer_signs_and_only_a_played_round():
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.filter(round__tournament=t).select_related("scorer").first()
    play(tb, [deal_for(4, i) for i in range(3)])
    with pytest.raises(logic.TournamentError) as short:
        logic.close(tb, signed_name=tb.scorer.name)
    assert short.value.code == "not_finished" and short.value.params["deals"] == 3
    play(tb, [deal_for(4, 3)])
    other = next(p for p in logic.table_players(tb) if p.pk != tb.scorer_id)
    with pytest.raises(logic.TournamentError) as wrong:
        logic.close(tb, signed_name=other.name)
    assert wrong.value.code == "wrong_signature"
    tb.refresh_from_db()
    assert tb.closed is None


def test_reopening_needs_a_reason_that_is_kept_in_the_history():
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.filter(round__tournament=t).select_related("scorer").first()
    play(tb, [deal_for(4, i) for i in range(4)])
    logic.close(tb, signed_name=tb.scorer.name)
    with pytest.raises(logic.TournamentError) as empty:
        logic.reopen(tb, reason="  ")
    assert empty.value.code == "reason_needed"
    logic.reopen(tb, reason="row 3 had the wrong declarer")
    tb.refresh_from_db()
    assert tb.closed is None and Sheet.objects.get(pk=tb.sheet_id).closed is None
    reopened = Event.objects.get(tournament=t, action="reopen")
    assert reopened.detail["reason"] == "row 3 had the wrong declarer"
    assert reopened.table_number == tb.number


def test_players_confirm_a_closed_sheet_once_each():
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.filter(round__tournament=t).select_related("scorer").first()
    players = logic.table_players(tb)
    with pytest.raises(logic.TournamentError):
        logic.confirm(tb, players[0])  # not signed yet
    play(tb, [deal_for(4, i) for i in range(4)])
    logic.close(tb, signed_name=tb.scorer.name)
    assert logic.confirm(tb, players[0]) is True
    assert logic.confirm(tb, players[0]) is False
    stranger = Seat.objects.filter(round=tb.round).exclude(table=tb).first().player
    with pytest.raises(logic.TournamentError) as elsewhere:
        logic.confirm(tb, stranger)
    assert elsewhere.value.code == "not_at_table"


def test_the_next_round_is_drawn_only_when_every_table_signed():
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    play_round(t, close=False)
    with pytest.raises(logic.TournamentError) as refused:
        logic.draw(t, seed=2)
    assert refused.value.code == "round_open"
    for tb in Table.objects.filter(round__tournament=t).select_related("scorer"):
        logic.close(tb, signed_name=tb.scorer.name)
    assert logic.draw(t, seed=2).number == 2


def test_a_swap_exchanges_seats_and_scorer_duty_before_the_start_only():
    t = make_tournament(12)
    r = logic.draw(t, seed=5)
    tb1, tb2 = list(r.tables.all())[:2]
    a = tb1.scorer
    b = logic.table_players(tb2)[0] if logic.table_players(tb2)[0].pk != tb2.scorer_id else \
        logic.table_players(tb2)[1]
    seat_a = Seat.objects.get(round=r, player=a).position
    seat_b = Seat.objects.get(round=r, player=b).position
    logic.swap(r, a, b)
    assert Seat.objects.get(round=r, player=a).table_id == tb2.pk
    assert Seat.objects.get(round=r, player=a).position == seat_b
    assert Seat.objects.get(round=r, player=b).position == seat_a
    tb1.refresh_from_db()
    assert tb1.scorer_id == b.pk  # the scorer's duty stays with table 1
    logic.start(r)
    with pytest.raises(logic.TournamentError) as late:
        logic.swap(r, a, b)
    assert late.value.code == "started"


def test_mariáš_standings_are_whole_crowns_of_the_money_plus_premium_points():
    # Every table plays 4 won hras in bells: each declarer wins 0.20 from each of the three
    # payers (the pauzírák pays too): +0.60 for the declarer, -0.20 for each other seat.
    # Over 4 deals with 4 seats each seat declares once: 0.60 - 3 x 0.20 = 0 for everyone.
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=3))
    play_round(t)
    st = logic.standings(t)
    assert [s.points for s in st.overall] == [0.0] * 12
    assert all(s.rank == 1 for s in st.overall)  # all equal: one shared first place
    assert st.rounds[0].complete


def test_thousand_standings_give_placement_points_per_table():
    t = make_tournament(9, ruleset="tisic", table_size=3, deals=None)
    logic.start(logic.draw(t, seed=9))
    tb = Table.objects.filter(round__tournament=t).first()
    play(tb, [{"type": "deal", "declarer": 0, "contract": 100, "points": [100, 20, 0],
               "marriages": [[], [], []]}])
    st = logic.standings(t)
    at_table = {s.player: s for s in st.rounds[0].seats if s.player in
                {p.pk for p in logic.table_players(tb)}}
    # the declarer made 100 (+100), the second wrote 20, the third 0: places 1, 2, 3
    points = sorted(s.points for s in at_table.values())
    assert points == [1.0, 2.0, 3.0]


BINOKEL_DECLARER_WINS_LOWER = [  # seat 1 ends on 105, seat 0 reaches 100 as declarer and wins
    {"type": "deal", "declarer": 1, "bid": 15, "trump": "hearts", "melds": [0, 70, 0],
     "points": [0, 25, 0]},
    {"type": "deal", "declarer": 0, "bid": 15, "trump": "hearts", "melds": [60, 0, 0],
     "points": [25, 0, 0]},
    {"type": "deal", "declarer": 0, "bid": 15, "trump": "hearts", "melds": [0, 0, 0],
     "points": [15, 10, 0]},
]


def test_the_sheets_winner_is_first_in_the_standings_but_a_stored_tournament_keeps_its_own():
    t = make_tournament(3, ruleset="binokel", table_size=3, deals=None, rounds=1)
    assert t.edition == 2
    logic.start(logic.draw(t, seed=3))
    tb = Table.objects.select_related("sheet").get(round__tournament=t)
    play(tb, BINOKEL_DECLARER_WINS_LOWER)
    ids = [p.pk for p in logic.table_players(tb)]
    points = {s.player: s.points for s in logic.standings(t).rounds[0].seats}
    assert [points[i] for i in ids] == [3.0, 2.0, 1.0]
    # a tournament stored before (edition 1) keeps the standings it had: by the totals alone
    type(t).objects.filter(pk=t.pk).update(edition=1)
    t.refresh_from_db()
    points = {s.player: s.points for s in logic.standings(t).rounds[0].seats}
    assert [points[i] for i in ids] == [2.0, 3.0, 1.0]
    assert "edition" not in logic.export(t)
    again = logic.import_tournament(logic.export(t))
    assert again.edition == 1


def test_the_players_page_and_the_wall_page_answer_204_while_nothing_changed(client):
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    wall = client.get(reverse("tournament_wall", args=[t.view_token]))
    assert wall.status_code == 200
    v = logic.Tournament.objects.get(pk=t.pk)
    from scoresheet.tournament.views import fingerprint

    mark = fingerprint(v)
    url = reverse("tournament_wall", args=[t.view_token]) + f"?v={mark}"
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    tb = Table.objects.filter(round__tournament=t).first()
    play(tb, [deal_for(4, 0)])  # a deal at any table changes what the wall shows
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 200


def test_binokel_seven_players_make_two_tables_of_three_and_a_recorded_bye():
    t = make_tournament(7, ruleset="binokel", table_size=3, deals=None, rounds=2)
    r = logic.draw(t, seed=8)
    assert [tb.seats.count() for tb in r.tables.all()] == [3, 3]
    (bye,) = Seat.objects.filter(round=r, table__isnull=True)
    logic.start(r)
    st = logic.standings(t)
    assert [p.pk for p in st.rounds[0].byes] == [bye.player_id]
    line = next(s for s in st.overall if s.player == bye.player_id)
    # a bye scores the middle place of a table of three; the others have not played a deal:
    # the three at each table are tied and share 3 + 2 + 1 = 2 each
    assert line.points == 2.0
    assert {s.points for s in st.overall} == {2.0}


def test_a_table_size_the_game_is_not_played_at_is_refused():
    with pytest.raises(logic.TournamentError) as refused:
        make_tournament(8, ruleset="binokel", table_size=4, deals=None)
    assert refused.value.code == "table_size" and refused.value.params["allowed"] == "3"
    assert not logic.Tournament.objects.exists()


def test_a_thousand_round_played_to_the_end_closes_at_the_winning_row():
    # tests/golden/ru/barrel-win.json, worked out by hand: 1000, 295, 150 after 13 rows, the
    # first seat wins.  A round "to the end" may be signed exactly then.
    import json
    from pathlib import Path

    golden = json.loads((Path(__file__).resolve().parent.parent / "golden" / "ru" /
                         "barrel-win.json").read_text(encoding="utf-8"))
    t = make_tournament(3, ruleset="ru", table_size=3, deals=None, rounds=1)
    logic.start(logic.draw(t, seed=3))
    tb = Table.objects.select_related("scorer").get(round__tournament=t)
    play(tb, golden["entries"][:-1])
    with pytest.raises(logic.TournamentError) as early:
        logic.close(tb, signed_name=tb.scorer.name)
    assert early.value.code == "not_over"
    play(tb, golden["entries"][-1:])
    logic.close(tb, signed_name=tb.scorer.name)
    st = logic.standings(t)
    seated = logic.table_players(tb)
    points = {s.player: s.points for s in st.rounds[0].seats}
    assert [points[p.pk] for p in seated] == [3.0, 2.0, 1.0]  # 1000 > 295 > 150
    assert st.complete and st.overall[0].player == seated[0].pk
