"""The director's basic flow as plain HTML forms (no JavaScript), and every page of it."""

from __future__ import annotations

import csv
import io
import json
import subprocess

import pytest
from django.urls import reverse

from scoresheet.sheets.models import Sheet
from scoresheet.tournament import logic
from scoresheet.tournament.models import Event, Table, Tournament
from tests.sheets.helpers import page
from tests.tournament.helpers import NAMES, deal_for, make_tournament, play, play_round

pytestmark = pytest.mark.django_db



def rev(t):
    """The revision a director's page would show now (every director's form carries it)."""
    t.refresh_from_db()
    return str(t.revision)

def create(client, **extra):
    data = {"name": "Pátek v hospodě", "ruleset": "marias", "options_shown": "",
            "rounds": "3", "table_size": "4", "deals_per_round": "4",
            "players_text": "\n".join(f"{n}, KM Brno" if i % 3 == 0 else n
                                      for i, n in enumerate(NAMES[:12])), **extra}
    return client.post(reverse("tournament_new"), data)


def test_the_director_creates_a_tournament_with_a_plain_form(client):
    response = create(client)
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert response["Location"] == reverse("tournament", args=[t.director_token])
    assert t.game == "marias" and t.rounds == 3 and t.deals_per_round == 4
    assert [p.name for p in t.players.all()] == NAMES[:12]
    assert t.players.get(name="Anna").club == "KM Brno" and t.players.get(name="Bohouš").club == ""
    assert t.premium is None


def test_a_tournament_form_with_a_name_twice_is_refused_and_nothing_is_stored(client):
    response = create(client, players_text="Anna\nBoris\nanna\nCyril")
    assert response.status_code == 400
    assert "is on the list twice" in page(response)
    assert not Tournament.objects.exists()


def test_mariáš_without_a_number_of_deals_is_refused(client):
    response = create(client, deals_per_round="")
    assert response.status_code == 400
    assert "say how many deals a round has" in page(response)


def test_the_premium_table_is_stored_only_when_used(client):
    create(client, use_premium="on", premium_seven_0="70", premium_red="on")
    t = Tournament.objects.get()
    assert t.premium["seven"] == [70, 30, 20, 10] and t.premium["red_factor"] == 2


def test_draw_swap_start_close_and_reopen_through_the_pages(client):
    create(client)
    t = Tournament.objects.get()
    home = reverse("tournament", args=[t.director_token])
    assert client.post(reverse("tournament_draw", args=[t.director_token]),
                       {"seed": "31337", "revision": rev(t)}).status_code == 302
    html = page(client.get(home))
    assert "31337" in html and "Start round 1" in html
    r = t.round_set.get()
    a, b = [tb.scorer for tb in r.tables.all()[:2]]
    client.post(reverse("tournament_swap", args=[t.director_token]),
                {"first": a.pk, "second": b.pk, "revision": rev(t)})
    assert Event.objects.filter(action="swap").count() == 1
    client.post(reverse("tournament_start", args=[t.director_token]), {"revision": rev(t)})
    tb = Table.objects.select_related("sheet", "scorer").filter(round=r).first()
    sheet_html = page(client.get(reverse("sheet", args=[tb.sheet.edit_token])))
    assert "table 1, round 1" in sheet_html and "Sign and close the table" in sheet_html
    play(tb, [deal_for(4, i) for i in range(4)])
    close_url = reverse("table_close", args=[tb.sheet.edit_token])
    refused = client.post(close_url, {"name": "Nobody", "confirm": "on"})
    assert refused.status_code == 400 and f"type “{tb.scorer.name}”" in page(refused)
    assert client.post(close_url, {"name": tb.scorer.name, "confirm": "on"}).status_code == 302
    closed_page = page(client.get(reverse("sheet", args=[tb.sheet.edit_token])))
    assert "Closed and signed by" in closed_page
    assert f"/s/{tb.sheet.edit_token}/entries/new/" not in closed_page  # no buttons to write
    # a player confirms with their own link
    player = logic.table_players(tb)[1]
    confirm_url = reverse("tournament_player", args=[player.token])
    assert client.post(confirm_url, {"player": player.pk, "table": tb.pk}).status_code == 302
    assert tb.confirmations.filter(player=player).exists()
    # the director reopens with a reason
    reopen = reverse("tournament_reopen", args=[t.director_token, tb.pk])
    client.post(reopen, {"reason": "", "revision": rev(t)})
    tb.refresh_from_db()
    assert tb.closed is not None
    client.post(reopen, {"reason": "wrong declarer in row 2", "revision": rev(t)})
    tb.refresh_from_db()
    assert tb.closed is None
    assert "wrong declarer in row 2" in page(client.get(home))


def test_an_entry_posted_to_a_closed_table_is_refused_in_players_words(client):
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.select_related("sheet", "scorer").filter(round__tournament=t).first()
    play(tb, [deal_for(4, i) for i in range(4)])
    logic.close(tb, signed_name=tb.scorer.name)
    sheet = Sheet.objects.get(pk=tb.sheet_id)
    url = reverse("entry_new", args=[sheet.edit_token, "deal"])
    form = client.get(url)
    from tests.sheets.helpers import write_fields

    fields = write_fields(page(form))
    data = {**fields, "declarer": "1", "game": "suit", "trump": "bells", "card_points": "60"}
    response = client.post(url, data)
    assert response.status_code == 400
    assert "closed and signed" in page(response)
    assert Sheet.objects.get(pk=sheet.pk).entries.count() == 4


def test_standings_csv_of_an_unfinished_round_says_so(client):
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.filter(round__tournament=t).first()
    play(tb, [deal_for(4, 0)])
    response = client.get(reverse("tournament_csv", args=[t.view_token]) + "?round=1")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Provisional: round 1 is not finished (0 of 3 tables signed)."]
    assert "provisional" in response["Content-Disposition"]
    assert rows[1][:4] == ["Rank", "Player", "Club", "Points"]
    assert len(rows) == 2 + 12


def test_standings_csv_of_a_finished_tournament_has_no_warning(client):
    t = make_tournament(12, rounds=1)
    logic.start(logic.draw(t, seed=1))
    play_round(t)
    response = client.get(reverse("tournament_csv", args=[t.view_token]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:4] == ["Rank", "Player", "Club", "Points"]
    assert "provisional" not in response["Content-Disposition"]


def test_the_whole_tournament_exports_to_json_and_imports_back_the_same(client):
    t = make_tournament(13, rounds=2, premium={"seven": [50, 30, 20, 10]}, clubs=True)
    logic.start(logic.draw(t, seed=11))
    play_round(t)
    first = Table.objects.filter(round__tournament=t).select_related("scorer").first()
    logic.confirm(first, logic.table_players(first)[0])
    logic.reopen(first, reason="recount")
    logic.close(first, signed_name=first.scorer.name)
    logic.start(logic.draw(t, seed=12))
    tb = Table.objects.filter(round__number=2, round__tournament=t).first()
    play(tb, [deal_for(len(tb.sheet.players), 0)])
    doc = json.loads(client.get(reverse("tournament_json", args=[t.director_token])).content)
    assert doc["round_list"][0]["tables"][0]["sheet"]["edition"] >= 1
    doc["round_list"][0]["tables"][0]["sheet"]["edition"] = 1  # a sheet of the first rules
    upload = io.BytesIO(json.dumps(doc).encode())
    upload.name = "tournament.json"
    response = client.post(reverse("tournament_import"), {"file": upload})
    assert response.status_code == 302
    copy = Tournament.objects.exclude(pk=t.pk).get()
    again = logic.export(copy)
    assert again == doc
    original, imported = logic.standings(t), logic.standings(copy)
    assert [(s.rank, s.points, s.premium, s.score) for s in original.overall] == [
        (s.rank, s.points, s.premium, s.score) for s in imported.overall]


def test_an_import_with_a_player_at_two_tables_of_one_round_is_refused_whole(client):
    t = make_tournament(12, rounds=1)
    logic.draw(t, seed=1)
    doc = logic.export(t)
    tables = doc["round_list"][0]["tables"]
    tables[1]["players"][0] = tables[0]["players"][1]  # one player now sits at tables 1 and 2
    before = Tournament.objects.count()
    with pytest.raises(logic.TournamentError) as refused:
        logic.import_tournament(doc)
    assert refused.value.code == "player_twice"
    upload = io.BytesIO(json.dumps(doc).encode())
    upload.name = "t.json"
    response = client.post(reverse("tournament_import"), {"file": upload})
    assert response.status_code == 400
    assert "cannot sit at two tables in round 1" in page(response)
    assert Tournament.objects.count() == before


def pdf_pages(pdf: bytes, tmp_path) -> list[str]:
    """The text of each page (poppler's pdftotext; pages split at form feeds)."""
    source = tmp_path / "out.pdf"
    source.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-layout", str(source), "-"], check=True,
                         capture_output=True, text=True).stdout
    return out.split("\f")[:-1]


def test_the_table_card_shows_the_table_its_seats_and_the_two_codes(client, tmp_path):
    t = make_tournament(12, rounds=1)
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.select_related("scorer").filter(round__tournament=t).first()
    card = client.get(reverse("tournament_card", args=[t.director_token, tb.pk]))
    assert card["Content-Type"] == "application/pdf"
    (text,) = pdf_pages(card.content, tmp_path)
    for p in logic.table_players(tb):
        assert p.name in text
    assert "Scorer: keep the sheet" in text and "Players: watch the sheet" in text


def test_the_results_pdf_has_the_standings_then_every_signed_table_sheet(client, tmp_path):
    t = make_tournament(12, rounds=1)
    logic.start(logic.draw(t, seed=1))
    play_round(t)
    results = client.get(reverse("tournament_results_pdf", args=[t.director_token]))
    texts = pdf_pages(results.content, tmp_path)
    assert "Friday evening" in texts[0] and "signed by" in texts[0]
    assert "Provisional" not in texts[0]
    scorers = [tb.scorer.name for tb in Table.objects.filter(round__tournament=t)]
    assert len(texts) >= 1 + len(scorers)
    for name in scorers:  # every table's sheet, with its scorer above the signature line
        assert any(name in page_text for page_text in texts[1:])


def test_a_results_pdf_over_the_bound_of_one_task_is_refused_in_words(client, settings):
    from scoresheet.exports.models import Rendered

    settings.RESULTS_MAX_TABLES = 2
    t = make_tournament(12, rounds=1)  # three tables of four
    logic.start(logic.draw(t, seed=1))
    results = client.get(reverse("tournament_results_pdf", args=[t.director_token]))
    assert results.status_code == 422
    html = page(results)
    assert "at most 2 table sheets" in html and "Print the results page" in html
    assert not Rendered.objects.exists()  # nothing queued, nothing rendered


def test_the_tournaments_pdfs_are_only_queued_by_the_request(client, settings):
    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult

    from scoresheet.exports.models import Printer

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    Printer.objects.create(name="worker", seen=timezone.now())  # a task worker runs
    t = make_tournament(12, rounds=1)
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.filter(round__tournament=t).first()
    for _ in range(2):
        card = client.get(reverse("tournament_card", args=[t.director_token, tb.pk]))
        results = client.get(reverse("tournament_results_pdf", args=[t.director_token]))
        assert card.status_code == results.status_code == 202
        assert "Preparing your PDF" in page(card) and "Preparing your PDF" in page(results)
    assert sorted(DBTaskResult.objects.values_list("task_path", flat=True)) == [
        "scoresheet.tournament.printouts.render_card",
        "scoresheet.tournament.printouts.render_results"]


def test_the_wall_page_and_the_players_page_show_the_standings(client):
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    wall = page(client.get(reverse("tournament_wall", args=[t.view_token])))
    view = page(client.get(reverse("tournament_view", args=[t.view_token])))
    for html in (wall, view):
        assert ("Standings" in html and "Anna" in html and "<svg" in html) or "Anna" in html
    assert "<svg" in wall  # the QR of the players' link


def test_the_deal_form_asks_for_the_trumps_held_only_when_the_tournament_counts_premium(client):
    from tests.sheets.helpers import write_fields

    plain = make_tournament(12, rounds=1)
    logic.start(logic.draw(plain, seed=1))
    sheet = Table.objects.filter(round__tournament=plain).first().sheet
    form = page(client.get(reverse("entry_new", args=[sheet.edit_token, "deal"])))
    assert 'name="trumps_seven"' not in form

    t = make_tournament(12, rounds=1, premium={})
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.select_related("sheet").filter(round__tournament=t).first()
    url = reverse("entry_new", args=[tb.sheet.edit_token, "deal"])
    html = page(client.get(url))
    assert 'name="trumps_seven"' in html and "Trumps the announcer of the sedma held" in html
    assert 'name="trumps_hundred_against"' in html  # the form records games against, too
    data = {**write_fields(html), "declarer": "1", "game": "suit", "trump": "leaves",
            "announced": "seven", "card_points": "60", "seven": "won", "trumps_seven": "5"}
    response = client.post(url, data)
    assert response.status_code == 302, page(response)[:3000]
    entry = tb.sheet.entries.get()
    assert entry.data["meta"] == {"trumps": {"seven": 5}}
    assert "trumps_seven" not in entry.data
    # a won sedma with 5 trumps: 30 premium points for the declarer (default table)
    state = logic.table_state(t, tb)
    assert state.premium[1] == 30


def test_the_sheet_history_keeps_the_signature_and_the_reason_of_a_reopening(client):
    t = make_tournament(12, rounds=1)
    logic.start(logic.draw(t, seed=1))
    play_round(t)
    tb = Table.objects.select_related("sheet", "scorer").filter(round__tournament=t).first()
    logic.reopen(tb, reason="the scorer swapped two columns")
    html = page(client.get(reverse("sheet_history", args=[tb.sheet.edit_token])))
    assert "Table reopened: “the scorer swapped two columns”" in html
    assert f"Table closed and signed: {tb.scorer.name}" in html


def test_the_referee_reviews_a_flagged_deal_and_its_held_premium_counts(client):
    # A won durch (60 premium points by default) with a renonc claimed against a defender:
    # flagged, and the declarer's 60 wait for the referee (seed 004 IV.6).
    t = make_tournament(12, rounds=1, premium={})
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.select_related("sheet").filter(round__tournament=t).first()
    # deal 1 is dealt by seat 0 (who sits out): seat 1 plays durch; seat 2 defends
    play(tb, [{"type": "deal", "declarer": 1, "game": "durch", "result": "won"},
              {"type": "renonc", "seat": 2, "kind": 1}])
    director = reverse("tournament", args=[t.director_token])
    html = page(client.get(director))
    assert "worth 60 premium points" in html and "renonc claimed" in html
    assert "premium points held back" in html
    assert logic.table_state(t, tb).premium[1] == 0
    flag = logic.table_state(t, tb).flags[0]
    response = client.post(reverse("tournament_review", args=[t.director_token, tb.pk]),
                           {"entry": str(flag.uid), "winnable": "yes", "note": "clear win",
                            "revision": rev(t)})
    assert response.status_code == 302
    t.refresh_from_db()
    state = logic.table_state(t, tb)
    assert state.premium[1] == 60 and state.flags[0].reviewed.note == "clear win"
    assert "Mark reviewed" not in page(client.get(director))


def test_a_club_name_that_looks_like_a_formula_is_text_in_the_csv(client):
    t = logic.create_tournament(
        name="x", ruleset="marias", options={}, rounds=1, table_size=3, deals_per_round=1,
        premium=None, players=[logic.NewPlayer(name=n, club="=HYPERLINK(1)" if i == 0 else "")
                               for i, n in enumerate(NAMES[:3])])
    rows = list(csv.reader(io.StringIO(client.get(
        reverse("tournament_csv", args=[t.view_token])).content.decode())))
    clubs = [r[2] for r in rows if len(r) > 2]
    assert "'=HYPERLINK(1)" in clubs and "=HYPERLINK(1)" not in clubs


def test_an_import_cannot_give_a_table_sheet_its_own_rules():
    """Issue 26.14: every table plays the tournament's rules, in an import too."""
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    doc = logic.export(t)
    doc["round_list"][0]["tables"][1]["sheet"]["options"] = {"stake": 100}
    before = Tournament.objects.count()
    with pytest.raises(logic.TournamentError) as refused:
        logic.import_tournament(doc)
    assert refused.value.code == "table_rules"
    assert (refused.value.params["round"], refused.value.params["table"]) == (1, 2)
    assert Tournament.objects.count() == before


def test_names_are_compared_with_their_spaces_normalised():
    with pytest.raises(logic.TournamentError) as refused:
        logic.check_players([logic.NewPlayer(name="Jana  Nováková"),
                             logic.NewPlayer(name=" jana nováková "),
                             logic.NewPlayer(name="Petr")], "marias")
    assert refused.value.code == "name_twice"
    kept = logic.check_players([logic.NewPlayer(name="  Jana   Nováková "),
                                logic.NewPlayer(name="Petr"), logic.NewPlayer(name="Ota")],
                               "marias")
    assert [p.name for p in kept] == ["Jana Nováková", "Petr", "Ota"]


def test_downloads_carry_the_tournaments_name(client):
    t = make_tournament(12)
    t.name = "Páteční mariáš"
    t.save()
    json_file = client.get(reverse("tournament_json", args=[t.director_token]))
    assert 'filename="patecni-marias-tournament.json"' in json_file["Content-Disposition"]
    csv_file = client.get(reverse("tournament_csv", args=[t.view_token]))
    assert "patecni-marias-standings" in csv_file["Content-Disposition"]


def test_a_closed_table_sheet_offers_no_undo_or_redo_and_says_so_once(client):
    t = make_tournament(12)
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.select_related("sheet", "scorer").filter(round__tournament=t).first()
    play(tb, [deal_for(4, i) for i in range(4)])
    html = page(client.get(reverse("sheet", args=[tb.sheet.edit_token])))
    assert "Undo" in html
    logic.close(tb, signed_name=tb.scorer.name)
    html = page(client.get(reverse("sheet", args=[tb.sheet.edit_token])))
    assert "Undo" not in html and "Redo" not in html
    assert html.count("the sheet can no longer change") == 1


def test_a_won_sedma_needs_its_trumps_and_trumps_of_a_game_not_announced_are_not_kept(client):
    """Issue 26.14: no silent lowest band for a won sedma; the form sends only what it shows."""
    from tests.sheets.helpers import write_fields

    t = make_tournament(12, rounds=1, premium={})
    logic.start(logic.draw(t, seed=1))
    tb = Table.objects.select_related("sheet").filter(round__tournament=t).first()
    url = reverse("entry_new", args=[tb.sheet.edit_token, "deal"])
    html = page(client.get(url))
    assert 'class="field t-trumps_seven' in html  # shown by the stylesheet only for a sedma
    sedma = {**write_fields(html), "declarer": "1", "game": "suit", "trump": "leaves",
             "announced": "seven", "card_points": "60", "seven": "won"}
    refused = client.post(url, sedma)
    assert refused.status_code == 400
    assert "The sedma was won: type how many trumps its announcer held" in page(refused)
    assert not tb.sheet.entries.exists()
    hra = {**write_fields(html), "declarer": "1", "game": "suit", "trump": "leaves",
           "card_points": "60", "trumps_seven": "4", "trumps_hundred": "5"}
    assert client.post(url, hra).status_code == 302
    assert "meta" not in tb.sheet.entries.get().data


def test_tables_of_three_among_tables_of_four_are_flagged_to_the_director(client):
    t = make_tournament(13, rounds=1)  # 4 + 3 + 3 + 3
    logic.draw(t, seed=2)
    director = reverse("tournament", args=[t.director_token])
    note = "A table of three among tables of four"
    assert page(client.get(director)).count(note) == 3
    logic.start(t.round_set.get())
    assert page(client.get(director)).count(note) == 3
    plain = make_tournament(12, rounds=1)
    logic.draw(plain, seed=2)
    assert note not in page(client.get(reverse("tournament", args=[plain.director_token])))


def test_pages_write_points_and_money_with_the_languages_decimal_comma():
    from django.utils import translation

    from scoresheet.tournament.printouts import lines as _lines
    from scoresheet.tournament.printouts import shown as _shown

    t = make_tournament(12, rounds=1)
    logic.start(logic.draw(t, seed=1))
    play_round(t)
    st = logic.standings(t)
    with translation.override("cs"):
        assert _shown(2.5) == "2,5" and _shown(3.0) == "3"
        assert any("," in line["money"] for line in _lines(st))
    with translation.override("en"):
        assert _shown(2.5) == "2.5"


def test_the_swap_offers_only_seated_players_who_still_play_and_refuses_others_in_words(client):
    create(client)
    t = Tournament.objects.get()
    home = reverse("tournament", args=[t.director_token])
    client.post(reverse("tournament_draw", args=[t.director_token]),
                {"seed": "31337", "revision": rev(t)})
    karel = t.players.get(name="Karel")
    logic.withdraw(t, karel)  # drawn, then withdrew
    late = logic.add_player(t, name="Zdena")  # came after the draw: no place in the round
    anna = t.players.get(name="Anna")
    swap_form = page(client.get(home)).split('name="first"')[1].split("</select>")[0]
    assert f'value="{anna.pk}"' in swap_form
    assert f'value="{karel.pk}"' not in swap_form and f'value="{late.pk}"' not in swap_form
    for gone in (karel, late):
        response = client.post(reverse("tournament_swap", args=[t.director_token]),
                               {"first": gone.pk, "second": anna.pk, "revision": rev(t)},
                               follow=True)
        assert response.status_code == 200
        assert (f"Only players seated in round 1 who still play can swap places, and "
                f"{gone.name} is not one of them: nothing was swapped.") in page(response)
    assert not Event.objects.filter(action="swap").exists()


def test_the_director_closes_a_table_as_it_stands_when_the_time_is_up_and_can_undo_it(client):
    """Seed 004 article V: a player's result is "součet prémiových bodů a finančního výsledku
    (ziskových bodů), který se nejprve zaokrouhlí na celé koruny" -- over the deals played;
    nothing is added for the deals a table had no time for."""
    t = make_tournament(8, rounds=2, deals=4)
    r = logic.draw(t, seed=5)
    logic.start(r)
    late, other = r.tables.select_related("sheet", "scorer").order_by("number")
    play(other, [deal_for(4, i) for i in range(4)])
    logic.close(other, signed_name=other.scorer.name)
    play(late, [deal_for(4, 0), deal_for(4, 1)])  # 2 of 4 deals when the clock runs out
    home = reverse("tournament", args=[t.director_token])
    html = page(client.get(home))
    close_url = reverse("tournament_close_as_it_stands", args=[t.director_token, late.pk])
    assert close_url in html and "Close this table as it stands" in html
    response = client.post(close_url, {"reason": "time is up", "revision": rev(t)}, follow=True)
    assert ("Table 1 is closed as it stands: the deals it played count, and it can be "
            "reopened.") in page(response)
    late.refresh_from_db()
    assert late.closed is not None and late.signed_by == ""
    html = page(client.get(home))
    assert "closed by the director as it stood" in html
    assert "Table closed by the director as it stood (2 deals played): “time is up”" in html
    st = logic.standings(t)
    assert st.rounds[0].complete  # the next round can be drawn
    # the two deals count as they stand: a won hra takes 0,20 Kč from each of the other three
    # (the one who sits out pays too): seats 1 and 2 won one each, +0,60 - 0,20 = +0,40 Kč;
    # seats 0 and 3 paid twice, -0,40 Kč; whole crowns 0 for everyone, no premium points
    money = {s.player: s.score for s in st.rounds[0].seats}
    seats = [p.pk for p in logic.table_players(late)]
    assert [money[p] for p in seats] == [-40, 40, 40, -40]
    points = {s.player: s.points for s in st.rounds[0].seats}
    assert [points[p] for p in seats] == [0, 0, 0, 0]
    # reversible: reopened, the table plays on and its scorer signs as usual
    client.post(reverse("tournament_reopen", args=[t.director_token, late.pk]),
                {"reason": "two deals left after all", "revision": rev(t)})
    late.refresh_from_db()
    assert late.closed is None
    play(late, [deal_for(4, 2), deal_for(4, 3)])
    logic.close(late, signed_name=late.scorer.name)
    late.refresh_from_db()
    assert late.signed_by == late.scorer.name


def test_a_finished_tournament_table_offers_no_rematch(client):
    from tests.tournament.test_flow import BINOKEL_DECLARER_WINS_LOWER

    t = make_tournament(3, ruleset="binokel", table_size=3, deals=None, rounds=1)
    logic.start(logic.draw(t, seed=3))
    tb = Table.objects.select_related("sheet", "scorer").get(round__tournament=t)
    play(tb, BINOKEL_DECLARER_WINS_LOWER)  # the game is over
    for signed in (False, True):
        html = page(client.get(reverse("sheet", args=[tb.sheet.edit_token])))
        assert "wins" in html and "Rematch" not in html
        closed_form = page(client.get(reverse("entry_new", args=[tb.sheet.edit_token, "deal"])))
        assert "The game is over" in closed_form and "Rematch" not in closed_form
        if not signed:
            logic.close(tb, signed_name=tb.scorer.name)
    sheets = Sheet.objects.count()
    response = client.post(reverse("rematch", args=[tb.sheet.edit_token]), follow=True)
    assert "the next round’s sheet comes from the tournament’s draw" in page(response)
    assert Sheet.objects.count() == sheets


def test_an_import_refused_for_a_tables_own_rules_says_so_in_words(client):
    t = make_tournament(3, ruleset="binokel", table_size=3, deals=None, rounds=1)
    logic.start(logic.draw(t, seed=3))
    doc = logic.export(t)
    doc["round_list"][0]["tables"][0]["sheet"]["options"] = {"target": 200}
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("t.json", json.dumps(doc).encode())
    response = client.post(reverse("tournament_import"), {"file": upload})
    html = page(response)
    assert response.status_code == 400 and "bad_document" not in html
    assert ("The sheet of round 1, table 1 has rules of its own (another preset or other house "
            "rules), but every table plays the tournament's rules. Nothing was imported."
            ) in html.replace("&#x27;", "'")
    assert Tournament.objects.count() == 1


def test_a_moved_round_is_not_described_as_drawn_by_lot(client):
    players = [logic.NewPlayer(name=n) for n in NAMES[:8]]
    t = logic.create_tournament(name="Posun", ruleset="marias", options={}, rounds=2,
                                table_size=4, deals_per_round=1, premium=None,
                                players=players, draw_method="move")
    r = logic.draw(t, seed=5)
    html = page(client.get(reverse("tournament", args=[t.director_token])))
    assert "Drawn by lot with seed" in html  # round 1 is drawn by lot
    logic.start(r)
    play_round(t)
    logic.draw(t, seed=77)
    html = page(client.get(reverse("tournament", args=[t.director_token])))
    assert "Drawn by lot" not in html
    assert ('Moved by the results of round 1; seats and scorers drawn with seed <strong '
            'class="seed">77</strong>: the same seed gives the same draw.') in html


def test_the_referees_note_is_in_the_history_and_on_the_printed_sheet(client):
    t = make_tournament(8, rounds=1, deals=2, premium={})
    logic.start(logic.draw(t, seed=5))
    tb = Table.objects.select_related("sheet", "scorer").filter(round__tournament=t).first()
    # a won durch (60 premium points): a deal for the referee
    play(tb, [{"type": "deal", "declarer": 1, "game": "durch", "result": "won"},
              deal_for(4, 1)])
    uid = logic.table_state(t, tb).flags[0].uid
    logic.review(tb, entry_uid=uid, winnable=False, note="eso v talonu")
    html = page(client.get(reverse("tournament", args=[t.director_token])))
    assert "row 1, could not be won — “eso v talonu”" in html
    printed = page(client.get(reverse("tournament_table_print", args=[t.director_token, tb.pk])))
    assert "The referee: row 1 could not be won, no premium points. “eso v talonu”" in printed


def test_a_late_arrival_is_told_seated_from_the_next_draw_or_that_no_round_is_left(client):
    t = make_tournament(8, rounds=2, deals=2)
    url = reverse("tournament_arrive", args=[t.director_token])
    home = reverse("tournament", args=[t.director_token])
    seated_help = "Seated from the next draw; the rounds before it count no points"
    none_left = ("Every round is drawn: a player added now has no round left to play, so is "
                 "listed apart, with no rank and no points.")
    logic.start(logic.draw(t, seed=5))
    html = page(client.get(home))
    assert seated_help in html and none_left not in html
    response = client.post(url, {"name": "Zdena", "club": "", "revision": rev(t)}, follow=True)
    assert "Zdena joins the tournament: seated from the next draw." in page(response)
    play_round(t)
    logic.start(logic.draw(t, seed=6))  # the last round: no draw is left
    response = client.post(url, {"name": "Lída", "club": "", "revision": rev(t)}, follow=True)
    html = page(response)
    assert ("Lída joins the tournament but has no round left to play: listed apart, with no "
            "rank and no points.") in html
    assert "Lída joins the tournament: seated from the next draw" not in html
    assert t.players.filter(name="Lída").exists()
    assert "Lída" in [p.name for p in logic.standings(t).apart]
    html = page(client.get(home))  # the form says so before anyone is added
    assert none_left in html and seated_help not in html
