"""The club's links: the club's read link opens no admin page, a player's link opens nothing
but his page, and every club URL reverses with the kwargs tests/protect/test_tokens.py gives
it (that file checks every token view of the app; these are the club's)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.club.models import Club, Member, Season
from tests.club.helpers import run_season
from tests.protect.test_tokens import PATTERNS, Pattern, url

pytestmark = pytest.mark.django_db

CLUB_PATTERNS = [p for p in PATTERNS if p.name.startswith("club")]
ADMIN = [p for p in CLUB_PATTERNS if p.route.startswith("club/")]


def test_every_club_url_with_a_token_reverses_for_the_token_checks() -> None:
    assert {p.name for p in CLUB_PATTERNS} >= {"club", "club_member", "club_season",
                                               "club_player", "club_season_csv"}
    for p in CLUB_PATTERNS:
        assert url(p, "x" * 32).startswith("/")


@pytest.mark.parametrize("pattern", ADMIN, ids=lambda p: p.name)
def test_the_clubs_read_link_and_a_players_link_open_no_admin_page(
    client: Client, pattern: Pattern
) -> None:
    club, s = run_season()
    m = Member.objects.get(club=club, name="Anna")
    club.refresh_from_db()
    before = (Club.objects.count(), Member.objects.count(), Season.objects.count(),
              club.revision)
    for token in (club.view_token, m.view_token):
        kwargs = {"token": token}
        if "member_id" in pattern.route:
            kwargs["member_id"] = m.pk
        if "season_id" in pattern.route:
            kwargs["season_id"] = s.pk
        if "evening_id" in pattern.route:
            kwargs["evening_id"] = s.evenings.first().pk  # type: ignore[union-attr]
        target = reverse(pattern.name, kwargs=kwargs)
        assert client.get(target).status_code in (404, 405)
        assert client.post(target, {"member-name": "Mallory", "season-name": "X",
                                    "name": "Mallory"}).status_code in (404, 405)
    club.refresh_from_db()
    assert (Club.objects.count(), Member.objects.count(), Season.objects.count(),
            club.revision) == before


def test_the_admin_link_is_not_a_read_link(client: Client) -> None:
    club, s = run_season()
    assert client.get(reverse("club_view", args=[club.admin_token])).status_code == 404
    assert client.get(reverse("club_season", args=[club.admin_token, s.pk])).status_code == 404
    other = Club.objects.create(name="Other")
    # one club's link never opens another club's season
    assert client.get(reverse("club_season", args=[other.view_token, s.pk])).status_code == 404
    assert client.get(reverse("club_evening_new", args=[other.admin_token, s.pk])
                      ).status_code == 404


def test_a_season_file_out_and_in_counts_as_heavy_work(
        client: Client, settings: object, mid_window: float) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    club, s = run_season()
    settings.RATELIMIT_ENABLED = True  # type: ignore[attr-defined]
    settings.RATELIMIT_HEAVY = 2  # type: ignore[attr-defined]
    url = reverse("club_season_json", args=[club.admin_token, s.pk])
    client.get(reverse("home"))  # the phone has its device cookie, as after any page
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 429]
    upload = SimpleUploadedFile("season.json", b"{}")
    assert client.post(reverse("club_import"), {"file": upload}).status_code == 429
    # the season table itself is light: it is read from the cache
    page = reverse("club_season", args=[club.view_token, s.pk])
    assert client.get(page).status_code == 200
