"""A season covers a period: its first day and, once known, its last.  An evening counts when
its date is in it; a new evening outside it is refused, in the players' words; the season
page writes the period in the page's language; the season file carries the dates and a file
of the first format (without them) still imports."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoresheet.club import logic, season
from scoresheet.club.models import Club, Member, Season
from scoresheet.tournament import logic as tournaments
from scoresheet.tournament.models import Tournament
from tests.club.helpers import PLAYERS, hand_count, run_season

pytestmark = pytest.mark.django_db

PRAGUE = ZoneInfo("Europe/Prague")
# the three evenings of tests/club/helpers.py, moved to three Tuesdays of the autumn
DAYS = [date(2026, 9, 15), date(2026, 10, 13), date(2026, 11, 10)]


def dated_season() -> tuple[Club, Season]:
    club, s = run_season()
    for ev, day in zip(s.evenings.order_by("created", "id"), DAYS, strict=True):
        ev.created = datetime(day.year, day.month, day.day, 19, 0, tzinfo=PRAGUE)
        ev.save(update_fields=["created"])
    return club, s


def test_the_season_form_stores_the_period_and_refuses_an_end_before_the_start(
    client: Client
) -> None:
    club = logic.create_club(name="KM Brno")
    url = reverse("club_season_new", args=[club.admin_token])
    data = {"season-name": "Liga", "season-ruleset": "marias", "season-rule": "points",
            "season-min_evenings": "0"}
    response = client.post(url, {**data, "season-start": "2026-09-01",
                                 "season-end": "2026-08-31"})
    assert response.status_code == 400
    assert "The season cannot end before it starts." in response.content.decode()
    response = client.post(url, data)  # no first day
    assert response.status_code == 400 and Season.objects.count() == 0
    response = client.post(url, {**data, "season-start": "2026-09-01"})
    assert response.status_code == 302
    s = Season.objects.get()
    assert (s.start, s.end) == (date(2026, 9, 1), None)
    with pytest.raises(logic.ClubError) as refused:
        logic.create_season(club, name="X", ruleset="marias", rule="points",
                            start=date(2026, 9, 2), end=date(2026, 9, 1))
    assert refused.value.code == "period_order"


@pytest.mark.parametrize(("language", "sentence"), [
    ("en", "The season runs from Sept. 1, 2026 to June 30, 2027."),
    ("cs", "Sezóna trvá od 1. září 2026 do 30. června 2027."),
    ("de", "Die Saison läuft vom 1. September 2026 bis zum 30. Juni 2027."),
    ("pl", "Sezon trwa od 1 września 2026 do 30 czerwca 2027."),
    ("ru", "Сезон длится с 1 сентября 2026 г. по 30 июня 2027 г."),
])
def test_the_season_pages_write_the_period_in_the_pages_language(language: str,
                                                                  sentence: str) -> None:
    club = logic.create_club(name="KM Brno")
    s = logic.create_season(club, name="Liga", ruleset="marias", rule="points",
                            start=date(2026, 9, 1), end=date(2027, 6, 30))
    reader = Client(HTTP_ACCEPT_LANGUAGE=language)
    for url in (reverse("club_season", args=[club.view_token, s.pk]),
                reverse("club_view", args=[club.view_token])):
        assert sentence in reader.get(url).content.decode(), url


def test_an_evening_outside_the_period_does_not_count(client: Client) -> None:
    club, s = dated_season()
    every = hand_count(s)  # the three evenings, worked out by hand (helpers.py)
    logic.set_period(s, start=date(2026, 10, 1), end=None)  # the first evening is before
    s.refresh_from_db()
    table = season.season_table(s)
    assert len(table.evenings) == 2
    by_name = {x.name: x for x in table.lines}
    for name in PLAYERS:
        points = every[name]["points"][1:]  # the second and the third evening
        played = [p for p in points if p is not None]
        assert by_name[name].values == [None if p is None else float(p) for p in points]
        assert by_name[name].played == len(played), name
        assert by_name[name].total == sum(sorted(played, reverse=True)[:2]), name
    page = client.get(reverse("club_season", args=[club.view_token, s.pk])).content.decode()
    assert "1 evening of the season is outside its dates and does not count." in page
    assert "The season runs from Oct. 1, 2026; its end is open." in page
    dates = client.get(reverse("club_season_period", args=[club.admin_token, s.pk]))
    assert "Večer 1 · Sept. 15, 2026" in dates.content.decode()
    # the period back around all three: they count again
    logic.set_period(s, start=date(2026, 9, 1), end=date(2026, 12, 31))
    s.refresh_from_db()
    assert len(season.season_table(s).evenings) == 3


def test_the_dates_page_saves_the_period_or_says_what_is_wrong(client: Client) -> None:
    club, s = run_season()
    url = reverse("club_season_period", args=[club.admin_token, s.pk])
    response = client.post(url, {"start": "2026-09-01", "end": "2026-08-01"})
    assert response.status_code == 400
    assert "The season cannot end before it starts." in response.content.decode()
    response = client.post(url, {"start": "1. 9. 2026"})
    assert response.status_code == 400 and "Enter a valid date." in response.content.decode()
    s.refresh_from_db()
    assert (s.start, s.end) == (None, None)
    assert client.post(url, {"start": "2026-09-01", "end": "2027-06-30"}).status_code == 302
    s.refresh_from_db()
    assert (s.start, s.end) == (date(2026, 9, 1), date(2027, 6, 30))


def test_a_new_evening_outside_the_period_is_refused_and_nothing_is_stored(
    client: Client
) -> None:
    club, s = run_season()
    yesterday = timezone.localdate() - timedelta(days=1)
    s = logic.set_period(s, start=yesterday - timedelta(days=100), end=yesterday)
    before = (Tournament.objects.count(), Member.objects.count())
    response = client.post(reverse("club_evening_new", args=[club.admin_token, s.pk]), {
        "rounds": "1", "table_size": "4", "deals_per_round": "2",
        "members": [m.pk for m in logic.active(club)], "newcomers": "Zdena"})
    assert response.status_code == 400
    text = response.content.decode()
    assert "is outside the season’s dates, so it would not count." in text
    assert "Change the season’s dates or choose another season." in text
    assert (Tournament.objects.count(), Member.objects.count()) == before
    # a tournament of today made on the tournament page is refused by that season too
    t = tournaments.create_tournament(
        name="Večer", ruleset="marias", options={}, rounds=1, table_size=4,
        deals_per_round=2, premium=None,
        players=[tournaments.NewPlayer(name=n) for n in PLAYERS[:4]])
    with pytest.raises(logic.ClubError) as refused:
        logic.attach_tournament(s, t)
    assert refused.value.code == "evening_outside"
    assert not hasattr(Tournament.objects.get(pk=t.pk), "club_evening")


def test_an_evening_belongs_to_the_season_of_its_game_whose_period_holds_its_date() -> None:
    club = logic.create_club(name="KM Brno")
    spring = logic.create_season(club, name="Jaro", ruleset="marias", rule="points",
                                 start=date(2026, 3, 1), end=date(2026, 6, 30))
    autumn = logic.create_season(club, name="Podzim", ruleset="marias", rule="points",
                                 start=date(2026, 9, 1))
    thousand = logic.create_season(club, name="Tisíc", ruleset="tisic", rule="points",
                                   start=date(2026, 1, 1))
    assert logic.season_for(club, "marias", date(2026, 6, 30)) == spring
    assert logic.season_for(club, "marias", date(2026, 7, 15)) is None
    assert logic.season_for(club, "marias", date(2027, 2, 1)) == autumn
    assert logic.season_for(club, "tisic", date(2026, 6, 1)) == thousand


def test_the_season_file_carries_the_dates_and_a_file_without_them_still_imports(
    client: Client
) -> None:
    _club, s = dated_season()
    logic.set_period(s, start=date(2026, 9, 1), end=date(2027, 6, 30))
    s.refresh_from_db()
    doc = logic.export_season(s)
    assert doc["format"] == "listek-season/2"
    assert (doc["season"]["start"], doc["season"]["end"]) == ("2026-09-01", "2027-06-30")
    copy = logic.import_season(json.loads(json.dumps(doc)))
    s2 = copy.seasons.get()
    assert (s2.start, s2.end) == (date(2026, 9, 1), date(2027, 6, 30))
    assert [e.day for e in s2.evenings.all()] == DAYS
    before = season.season_table(s)
    assert [(x.name, x.values, x.total) for x in season.season_table(s2).lines] == [
        (x.name, x.values, x.total) for x in before.lines]
    # a file of the first format: no dates; the season is open, every evening counts
    old = json.loads(json.dumps(doc))
    old["format"] = "listek-season/1"
    del old["season"]["start"], old["season"]["end"]
    upload = SimpleUploadedFile("season.json", json.dumps(old).encode())
    response = client.post(reverse("club_import"), {"file": upload})
    assert response.status_code == 302
    s3 = Season.objects.exclude(pk__in=[s.pk, s2.pk]).get()
    assert (s3.start, s3.end) == (None, None)
    assert len(season.season_table(s3).evenings) == 3
    # an end before the start in a file is refused whole
    bad = json.loads(json.dumps(doc))
    bad["season"]["end"] = "2026-08-01"
    clubs = Club.objects.count()
    upload = SimpleUploadedFile("season.json", json.dumps(bad).encode())
    response = client.post(reverse("club_import"), {"file": upload})
    assert response.status_code == 400
    assert "The season cannot end before it starts." in response.content.decode()
    assert Club.objects.count() == clubs


def test_a_refused_evening_names_the_season_whose_dates_hold_its_day(client: Client) -> None:
    club, s = run_season()
    today = timezone.localdate()
    s = logic.set_period(s, start=today - timedelta(days=200), end=today - timedelta(days=1))
    logic.create_season(club, name="Podzim", ruleset="marias", rule="points", start=today)
    logic.create_season(club, name="Tisíc", ruleset="tisic", rule="points", start=today)
    before = Tournament.objects.count()
    response = client.post(reverse("club_evening_new", args=[club.admin_token, s.pk]), {
        "rounds": "1", "table_size": "4", "deals_per_round": "2",
        "members": [m.pk for m in logic.active(club)]})
    assert response.status_code == 400
    assert ("belongs to the season “Podzim”: its dates hold that day. Choose that season."
            in response.content.decode())
    assert Tournament.objects.count() == before
