"""The club's pages: creating a club, the register (add, edit, leave, merge), a season, a new
evening from the register, bad input refused whole, the season table, CSV, JSON, wall page."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scoresheet.club import logic, season
from scoresheet.club.models import Club, Entrant, Member, Season
from scoresheet.tournament.models import Tournament
from tests.club.helpers import LATE, LEAVES, PLAYERS, hand_count, make_club, run_season

pytestmark = pytest.mark.django_db


def test_a_club_is_created_like_a_sheet_with_a_secret_link(client: Client) -> None:
    page = client.get(reverse("club_new"))
    assert page.status_code == 200
    response = client.post(reverse("club_new"), {"name": "KM Brno"})
    club = Club.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/club/{club.admin_token}/"
    page = client.get(response["Location"])
    assert "KM Brno" in page.content.decode()
    assert f"/cv/{club.view_token}/" in page.content.decode()


@pytest.mark.parametrize("name", ["", "KM\x07Brno", "KM\nBrno", "x" * 81])
def test_a_bad_club_name_is_refused_and_nothing_is_stored(client: Client, name: str) -> None:
    response = client.post(reverse("club_new"), {"name": name})
    assert response.status_code == 400
    assert Club.objects.count() == 0
    assert 'class="error"' in response.content.decode()


def test_the_register_takes_a_name_nickname_and_team(client: Client) -> None:
    club = logic.create_club(name="KM")
    url = reverse("club_member_add", args=[club.admin_token])
    assert client.post(url, {"member-name": "Jana Nováková", "member-nickname": "Janička",
                             "member-team": "Sokol"}).status_code == 302
    m = Member.objects.get()
    assert (m.name, m.nickname, m.team) == ("Jana Nováková", "Janička", "Sokol")
    page = client.get(reverse("club", args=[club.admin_token])).content.decode()
    assert "Janička" in page and f"/cp/{m.view_token}/" in page


@pytest.mark.parametrize("data", [
    {"member-name": "jana nováková"},  # the same name, in other letter case
    {"member-name": "Eva", "member-team": "So\x07kol"},
    {"member-name": "Eva", "member-nickname": "a\rb"},
    {"member-name": "   "},
])
def test_a_bad_register_line_is_refused_with_a_message(client: Client, data: Any) -> None:
    club = logic.create_club(name="KM")
    logic.add_member(club, name="Jana Nováková")
    response = client.post(reverse("club_member_add", args=[club.admin_token]), data)
    assert response.status_code == 400
    assert Member.objects.count() == 1
    body = response.content.decode()
    assert 'class="error"' in body or "alert error" in body


def test_a_player_who_leaves_is_kept_and_can_come_back(client: Client) -> None:
    club = logic.create_club(name="KM")
    m = logic.add_member(club, name="Eva")
    url = reverse("club_member", args=[club.admin_token, m.pk])
    assert client.get(url).status_code == 200
    assert client.post(url, {"name": "Eva", "has_left": "on"}).status_code == 302
    m.refresh_from_db()
    assert m.left is not None and logic.active(club) == []
    client.post(url, {"name": "Eva"})
    m.refresh_from_db()
    assert m.left is None and logic.active(club) == [m]


def test_merging_a_duplicate_moves_his_evenings_and_keeps_his_old_link(client: Client) -> None:
    club, s = run_season()
    anna = Member.objects.get(club=club, name="Anna")
    dup = logic.add_member(club, name="Anička")
    assert dup.entries.count() == 0
    other = Member.objects.get(club=club, name="Bohouš")
    # two who played the same evening are two people: refused, nothing changes
    response = client.post(reverse("club_merge", args=[club.admin_token]),
                           {"merge-keep": anna.pk, "merge-duplicate": other.pk})
    assert response.status_code == 400
    assert "played the same evening" in response.content.decode()
    assert other.entries.count() == 3
    # the duplicate's evenings become Anna's; his link shows Anna's page
    ev = s.evenings.first()
    Entrant.objects.filter(evening=ev, member=anna).update(member=dup)
    response = client.post(reverse("club_merge", args=[club.admin_token]),
                           {"merge-keep": anna.pk, "merge-duplicate": dup.pk})
    assert response.status_code == 302
    dup.refresh_from_db()
    assert dup.merged_into == anna and anna.entries.count() == 3
    page = client.get(reverse("club_player", args=[dup.view_token])).content.decode()
    assert "<h1>Anna</h1>" in page


@pytest.mark.parametrize("places", ["12, ten, 8", "1, 2, 3", "", "20000"])
def test_a_season_with_bad_placement_points_is_refused(client: Client, places: str) -> None:
    club = logic.create_club(name="KM")
    response = client.post(reverse("club_season_new", args=[club.admin_token]), {
        "season-name": "Liga", "season-ruleset": "marias", "season-rule": "places",
        "season-places": places})
    assert response.status_code == 400
    assert Season.objects.count() == 0


def test_a_season_needs_no_more_evenings_than_count(client: Client) -> None:
    club = logic.create_club(name="KM")
    response = client.post(reverse("club_season_new", args=[club.admin_token]), {
        "season-name": "Liga", "season-ruleset": "marias", "season-rule": "points",
        "season-best_of": "3", "season-min_evenings": "5"})
    assert response.status_code == 400 and Season.objects.count() == 0


def _evening_data(members: list[Member], newcomers: str = "") -> dict[str, Any]:
    return {"name": "Večer 1", "members": [m.pk for m in members], "newcomers": newcomers,
            "rounds": "1", "table_size": "4", "deals_per_round": "2"}


def test_a_new_evening_takes_its_players_from_the_register(client: Client) -> None:
    club, s = make_club()
    members = list(club.members.all())
    url = reverse("club_evening_new", args=[club.admin_token, s.pk])
    page = client.get(url).content.decode()
    assert all(m.name in page for m in members)
    response = client.post(url, _evening_data(members, f"{LATE}, Sokol"))
    t = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/t/{t.director_token}/"
    assert sorted(t.players.values_list("name", flat=True)) == sorted(PLAYERS)
    late = Member.objects.get(club=club, name=LATE)
    assert late.team == "Sokol" and late.entries.count() == 1
    assert t.ruleset == "marias" and t.deals_per_round == 2
    # the next evening: the last evening's list in one tap
    page = client.get(url + "?last=1").content.decode()
    assert page.count("checked") >= len(PLAYERS)


def test_a_refused_evening_stores_nothing_not_even_its_newcomers(client: Client) -> None:
    club, s = make_club()
    url = reverse("club_evening_new", args=[club.admin_token, s.pk])
    before = Member.objects.count()
    # two players only: a table needs three
    response = client.post(url, _evening_data(list(club.members.all()[:1]), "Zdena"))
    assert response.status_code == 400
    assert "too few" in response.content.decode()
    assert Member.objects.count() == before and Tournament.objects.count() == 0
    # Mariáš needs the number of deals
    data = _evening_data(list(club.members.all()))
    data["deals_per_round"] = ""
    assert client.post(url, data).status_code == 400
    assert Tournament.objects.count() == 0
    # a newcomer whose name is on the register already
    response = client.post(url, _evening_data(list(club.members.all()), "anna"))
    assert response.status_code == 400 and Tournament.objects.count() == 0


def test_the_season_page_wall_and_csv_agree_with_the_hand_count(client: Client) -> None:
    club, s = run_season()
    expected = hand_count(s)
    page = client.get(reverse("club_season", args=[club.view_token, s.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Provisional" not in body
    wall = client.get(reverse("club_season_wall", args=[club.view_token, s.pk]))
    assert wall.status_code == 200 and 'http-equiv="refresh"' in wall.content.decode()
    response = client.get(reverse("club_season_csv", args=[club.view_token, s.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:5] == ["Rank", "Player", "Team", "Season points", "Evenings played"]
    by_name = {r[1]: r for r in rows[1:]}
    assert set(by_name) == set(PLAYERS)
    for name, hand in expected.items():
        row = by_name[name]
        assert int(row[3]) == hand["season"], name
        assert int(row[4]) == hand["played"], name
        money = sum(m for m in hand["money"] if m is not None)
        assert row[6] == f"{money / 100:.2f}", name
        for i, points in enumerate(hand["points"]):
            cell = row[7 + i]
            assert cell.rstrip("*") == ("–" if points is None else str(points)), name
    ranks = [int(r[0]) for r in rows[1:]]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_the_season_table_writes_a_decimal_comma_in_czech(client: Client) -> None:
    club, s = run_season()
    client.cookies["django_language"] = "cs"
    body = client.get(reverse("club_season", args=[club.view_token, s.pk]),
                      HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert '<td class="num wide">0,80</td>' in body or '<td class="num wide">-0,80</td>' in body


def test_initials_only_on_the_public_pages(client: Client) -> None:
    club, s = run_season()
    m = Member.objects.get(club=club, name="Bohouš")
    logic.edit_member(m, name="Bohouš Veselý", nickname="", team="KM Brno",
                      initials_only=True, has_left=False)
    season_url = reverse("club_season", args=[club.view_token, s.pk])
    for url in (season_url, reverse("club_season_wall", args=[club.view_token, s.pk]),
                reverse("club_season_csv", args=[club.view_token, s.pk]),
                reverse("club_player", args=[m.view_token])):
        body = client.get(url).content.decode()
        assert "B. V." in body, url
        assert "Veselý" not in body, url
    # the club's own page shows the whole name
    assert "Bohouš Veselý" in client.get(reverse("club", args=[club.admin_token])
                                         ).content.decode()


def test_the_read_pages_never_show_the_admin_link(client: Client) -> None:
    club, s = run_season()
    m = Member.objects.get(club=club, name="Anna")
    for url in (reverse("club_view", args=[club.view_token]),
                reverse("club_season", args=[club.view_token, s.pk]),
                reverse("club_player", args=[m.view_token])):
        body = client.get(url).content.decode()
        assert club.admin_token not in body
        assert "/t/" not in body  # no tournament director's link either
        other = Member.objects.get(club=club, name="Cyril")
        assert other.view_token not in body  # nor another player's own page


def test_the_json_export_imports_again_with_the_same_table(client: Client) -> None:
    club, s = run_season()
    before = season.season_table(s)
    response = client.get(reverse("club_season_json", args=[club.admin_token, s.pk]))
    doc = json.loads(b"".join(response.streaming_content) if response.streaming else
                     response.content)
    upload = SimpleUploadedFile("season.json", json.dumps(doc).encode(),
                                content_type="application/json")
    response = client.post(reverse("club_import"), {"file": upload})
    assert response.status_code == 302
    copy = Club.objects.exclude(pk=club.pk).get()
    s2 = copy.seasons.get()
    after = season.season_table(s2)
    assert [(x.name, x.values, x.total, x.rank, x.money) for x in after.lines] == [
        (x.name, x.values, x.total, x.rank, x.money) for x in before.lines]
    left = Member.objects.get(club=copy, name=LEAVES)
    assert left.left is not None


def test_a_bad_season_file_is_refused_whole(client: Client) -> None:
    _club, s = run_season()
    doc = logic.export_season(s)
    doc["evenings"][1]["players"]["1"] = 999_999  # a register line that is not there
    upload = SimpleUploadedFile("season.json", json.dumps(doc).encode())
    response = client.post(reverse("club_import"), {"file": upload})
    assert response.status_code == 400
    assert Club.objects.count() == 1 and Tournament.objects.count() == 3
    upload = SimpleUploadedFile("season.json", b"{not json")
    assert client.post(reverse("club_import"), {"file": upload}).status_code == 400
    doc = logic.export_season(s)
    doc["register"][0]["name"] = "Ann\u0007a"  # a control character in a name
    upload = SimpleUploadedFile("season.json", json.dumps(doc).encode())
    response = client.post(reverse("club_import"), {"file": upload})
    assert response.status_code == 400 and "Nothing was imported" in response.content.decode()
    for broken in ({"register": ["Anna"]}, {"evenings": [[]]}, {"season": []},
                   {"evenings": [{"created": 5, "players": {}, "tournament": {}}]}):
        doc = {**logic.export_season(s), **broken}
        upload = SimpleUploadedFile("season.json", json.dumps(doc).encode())
        response = client.post(reverse("club_import"), {"file": upload})
        assert response.status_code == 400, broken
    deep = b"[" * 5000 + b"]" * 5000
    upload = SimpleUploadedFile("season.json", deep)
    assert client.post(reverse("club_import"), {"file": upload}).status_code == 400
    assert Club.objects.count() == 1 and Tournament.objects.count() == 3


def test_the_season_page_costs_the_same_queries_after_three_evenings(
    client: Client, django_assert_max_num_queries: Any
) -> None:
    club, s = make_club()
    from tests.club.helpers import new_evening, play_evening

    play_evening(new_evening(s, list(club.members.all())))
    url = reverse("club_season", args=[club.view_token, s.pk])
    client.get(url)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as one:
        client.get(url)
    for _ in range(2):
        play_evening(new_evening(s, list(club.members.all())))
    client.get(url)
    with CaptureQueriesContext(connection) as three:
        client.get(url)
    assert len(three.captured_queries) == len(one.captured_queries)


def test_the_season_page_asks_for_its_live_part_and_gets_it_only_after_a_change(
    client: Client
) -> None:
    club, s = make_club()
    from tests.club.helpers import new_evening, play_evening

    play_evening(new_evening(s, list(club.members.all())))
    page = client.get(reverse("club_season", args=[club.view_token, s.pk])).content.decode()
    found = re.search(r'hx-get="([^"]+)"', page)
    assert found is not None
    live = found.group(1).replace("&amp;", "&")
    assert client.get(live, HTTP_HX_REQUEST="true").status_code == 204
    new_evening(s, list(club.members.all()))  # a new evening: its players appear, provisional
    response = client.get(live, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="season-live"') and "Provisional" in body
    assert "<html" not in body


def test_a_tournament_made_on_the_tournament_page_joins_the_season(client: Client) -> None:
    from scoresheet.tournament import logic as tournaments

    club, s = run_season()
    page = client.get(reverse("club_evening_new", args=[club.admin_token, s.pk]))
    found = re.search(r'href="(/t/new/\?[^"]+)"', page.content.decode())
    assert found is not None
    form = client.get(found.group(1).replace("&amp;", "&")).content.decode()
    # the tournament page opens with the last evening's players (not the one who left)
    assert "Anna, KM Brno" in form and LATE in form and LEAVES not in form
    t = tournaments.create_tournament(
        name="Velká cena", ruleset="marias", options={"renonc_fee": 300}, rounds=1,
        table_size=4, deals_per_round=2, premium=None,
        players=[tournaments.NewPlayer(name=n) for n in ("anna", "Bohouš", "Cyril", "Zdena")])
    url = reverse("club_evening_attach", args=[club.admin_token, s.pk])
    for bad in ("nothing here", f"/t/{'x' * 32}/"):
        response = client.post(url, {"attach-link": bad})
        assert response.status_code == 400 and "not a tournament director" in (
            response.content.decode())
    response = client.post(url, {"attach-link": f"https://listek.example/t/{t.director_token}/"})
    assert response.status_code == 302
    ev = s.evenings.get(tournament=t)
    members = {e.player.name: e.member for e in ev.entrants.select_related("player", "member")}
    assert members["anna"] == Member.objects.get(club=club, name="Anna")
    assert members["Zdena"].club == club and members["Zdena"].entries.count() == 1
    assert client.post(url, {"attach-link": f"/t/{t.director_token}/"}).status_code == 400
    other = tournaments.create_tournament(
        name="Tisíc", ruleset="ru", options={}, rounds=1, table_size=3, deals_per_round=None,
        premium=None, players=[tournaments.NewPlayer(name=n) for n in ("A", "B", "C")])
    response = client.post(url, {"attach-link": f"/t/{other.director_token}/"})
    assert response.status_code == 400 and "another game" in response.content.decode()
    assert not s.evenings.filter(tournament=other).exists()


def test_an_account_may_own_a_club_and_finds_it_again(client: Client) -> None:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("jana", password="pw-jana-1")
    client.force_login(user)
    client.post(reverse("club_new"), {"name": "KM Brno"})
    club = Club.objects.get()
    assert club.owner == user
    page = client.get(reverse("club_new")).content.decode()
    assert "Your clubs" in page and f"/club/{club.admin_token}/" in page
    other = Client()
    assert f"/club/{club.admin_token}/" not in other.get(reverse("club_new")).content.decode()
    other.post(reverse("club_new"), {"name": "Anonymous"})
    assert Club.objects.get(name="Anonymous").owner is None


@pytest.mark.parametrize("change", [
    {"rounds": "0"}, {"rounds": "many"}, {"table_size": "5"}, {"deals_per_round": "-2"},
    {"name": "Večer\x0b1"}, {"newcomers": "Zde\x07na"}, {"members": ["999999"]},
])
def test_an_evening_with_bad_numbers_or_text_is_refused_whole(client: Client,
                                                              change: dict[str, Any]) -> None:
    club, s = make_club()
    url = reverse("club_evening_new", args=[club.admin_token, s.pk])
    data = {**_evening_data(list(club.members.all()), "Zdena"), **change}
    response = client.post(url, data)
    assert response.status_code == 400
    body = response.content.decode()
    assert 'class="error"' in body or "alert error" in body
    assert Tournament.objects.count() == 0 and not Member.objects.filter(name="Zdena").exists()


def test_a_binokel_season_refuses_tables_of_four_with_the_reason(client: Client) -> None:
    club = logic.create_club(name="Binokel Stuttgart")
    s = logic.create_season(club, name="Saison", ruleset="binokel", rule="points")
    members = [logic.add_member(club, name=n) for n in PLAYERS[:8]]
    url = reverse("club_evening_new", args=[club.admin_token, s.pk])
    data = {**_evening_data(members), "deals_per_round": ""}
    response = client.post(url, data)
    assert response.status_code == 400
    assert "is not played 4 at a table" in response.content.decode()
    data["table_size"] = "3"
    assert client.post(url, data).status_code == 302
    assert Tournament.objects.get().ruleset == "binokel"


def test_the_register_compares_names_folded_for_case_spaces_and_accents(client: Client) -> None:
    club = logic.create_club(name="KM")
    logic.add_member(club, name="Pepa Novák")
    url = reverse("club_member_add", args=[club.admin_token])
    # the same name but for letter case and spaces: refused, nothing added
    response = client.post(url, {"member-name": "pepa  NOVÁK"})
    assert response.status_code == 400
    assert "“Pepa Novák” is already on the register" in response.content.decode()
    # without the accent: asked first ...
    response = client.post(url, {"member-name": "Pepa  Novak"})
    body = response.content.decode()
    assert response.status_code == 400
    assert ("“Pepa Novák” is already on the register, written almost like “Pepa Novak”. If it "
            "is the same player, pick that line; if it is another player, tick “Another "
            "player with a similar name” and add again.") in body
    assert 'name="member-another"' in body
    assert Member.objects.count() == 1
    # ... and added when the director says it is another player (spaces normalised)
    assert client.post(url, {"member-name": "Pepa  Novak",
                             "member-another": "on"}).status_code == 302
    assert sorted(Member.objects.values_list("name", flat=True)) == ["Pepa Novak", "Pepa Novák"]


def test_typing_back_a_player_who_has_left_offers_to_bring_the_player_back(
        client: Client) -> None:
    club, s = make_club()
    lubos = logic.add_member(club, name="Luboš Fiala")
    logic.edit_member(lubos, name=lubos.name, nickname="", team="", initials_only=False,
                      has_left=True)
    # on the register page
    response = client.post(reverse("club_member_add", args=[club.admin_token]),
                           {"member-name": "luboš fiala"})
    body = response.content.decode()
    assert response.status_code == 400
    assert "marked as having left the club. Bring the player back" in body
    assert "add a letter" not in body
    back = reverse("club_member_back", args=[club.admin_token, lubos.pk])
    assert f'action="{back}"' in body and "Bring “Luboš Fiala” back" in body
    # typed as a newcomer of a new evening: the same offer, and back to that page
    url = reverse("club_evening_new", args=[club.admin_token, s.pk])
    response = client.post(url, _evening_data(list(logic.active(club)), "Luboš Fiala"))
    body = response.content.decode()
    assert response.status_code == 400 and f'action="{back}"' in body
    assert Member.objects.filter(name__iexact="Luboš Fiala").count() == 1
    response = client.post(back, {"season": str(s.pk)})
    assert response["Location"] == url
    lubos.refresh_from_db()
    assert lubos.left is None and lubos in logic.active(club)


def test_the_season_files_are_named_after_the_club_and_the_season(client: Client) -> None:
    club, s = make_club()  # "KM Brno mariáš", "Liga 2026"
    csv_file = client.get(reverse("club_season_csv", args=[club.view_token, s.pk]))
    assert 'filename="km-brno-marias-liga-2026.csv"' in csv_file["Content-Disposition"]
    json_file = client.get(reverse("club_season_json", args=[club.admin_token, s.pk]))
    assert 'filename="km-brno-marias-liga-2026.json"' in json_file["Content-Disposition"]
