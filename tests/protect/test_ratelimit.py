"""Rate limits on writes: per sheet (previews excepted) and per client, fixed windows counted
in the database (scoresheet/protect/ratelimit.py); a clear 429 with Retry-After, and nothing
stored."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, override_settings

from scoresheet.protect import ratelimit
from scoresheet.sheets.models import Entry
from tests.conftest import quiet_deals
from tests.sheets.helpers import HX, hidden, page, write_fields


def deal_post(client: Client, sheet: Any, k: int, **extra: str) -> Any:
    url = f"/s/{sheet.edit_token}/entries/new/deal/"
    deal = quiet_deals(k + 1)[k]
    data = {**write_fields(page(client.get(url))), "declarer": str(deal["declarer"]),
            "contract": "100", **{f"points_{i}": str(p) for i, p in enumerate(deal["points"])},
            **extra}
    return client.post(url, data, **(HX if "preview" in extra else {}))


@pytest.fixture(autouse=True)
def mid_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pin the clock 20 s into a window, so that no test's window rolls over while it runs."""
    monkeypatch.setattr(ratelimit.time, "time", lambda: 60 * 16_667 + 20.0)


@override_settings(RATELIMIT_SHEET=3, RATELIMIT_CLIENT=1000)
def test_a_sheet_takes_at_most_its_limit_of_writes_per_window(client: Client, make_sheet) -> None:
    sheet = make_sheet()
    for k in range(3):
        assert deal_post(client, sheet, k).status_code == 302
    refused = deal_post(client, sheet, 3)
    assert refused.status_code == 429
    text = refused.content.decode()
    assert "This sheet got more changes in a short time than a table makes" in text
    assert "Nothing was saved" in text
    # the clock stands 20 s into a 60-s window: 40 s to its end
    assert refused["Retry-After"] == "40"
    assert "Wait 40 seconds and try again." in text
    assert Entry.objects.filter(sheet=sheet).count() == 3


@override_settings(RATELIMIT_SHEET=2, RATELIMIT_CLIENT=1000)
def test_live_previews_do_not_count_against_the_sheet(client: Client, make_sheet) -> None:
    sheet = make_sheet()
    for _ in range(6):
        assert deal_post(client, sheet, 0, preview="1").status_code == 200
    assert deal_post(client, sheet, 0).status_code == 302
    assert deal_post(client, sheet, 1).status_code == 302
    assert deal_post(client, sheet, 2).status_code == 429


@override_settings(RATELIMIT_SHEET=2, RATELIMIT_CLIENT=1000)
def test_one_sheet_over_its_limit_does_not_stop_another(client: Client, make_sheet) -> None:
    busy, other = make_sheet(), make_sheet()
    for k in range(2):
        assert deal_post(client, busy, k).status_code == 302
    assert deal_post(client, busy, 2).status_code == 429
    assert deal_post(client, other, 0).status_code == 302


@override_settings(RATELIMIT_CLIENT=4, RATELIMIT_SHEET=1000)
def test_a_client_takes_at_most_its_limit_of_writes_per_window(db: None) -> None:
    phone, neighbour = Client(REMOTE_ADDR="203.0.113.7"), Client(REMOTE_ADDR="203.0.113.8")
    data = {"ruleset": "ru", "player_0": "A", "player_1": "B", "player_2": "C",
            "first_dealer": "0"}
    for _ in range(4):
        assert phone.post("/new/", data).status_code == 302
    refused = phone.post("/new/", data)
    assert refused.status_code == 429
    assert "Too many changes came from your network" in refused.content.decode()
    assert neighbour.post("/new/", data).status_code == 302
    assert phone.get("/").status_code == 200  # reading is never limited


@override_settings(RATELIMIT_CLIENT=2, RATELIMIT_SHEET=1000, RATELIMIT_WINDOW=60)
def test_the_count_starts_again_in_the_next_window(db: None, monkeypatch) -> None:
    now = [60 * 16_667 + 20.0]  # 20 s into a window
    monkeypatch.setattr(ratelimit.time, "time", lambda: now[0])
    phone = Client(REMOTE_ADDR="198.51.100.1")
    for _ in range(2):
        assert phone.post("/accounts/login/", {}).status_code != 429
    refused = phone.post("/accounts/login/", {})
    assert refused.status_code == 429 and refused["Retry-After"] == "40"
    now[0] += 40  # the next minute
    assert phone.post("/accounts/login/", {}).status_code != 429


def test_a_window_over_its_limit_refuses_from_memory_without_a_database_write(
        db: None, django_assert_num_queries: Any, monkeypatch) -> None:
    now = [60 * 16_667 + 20.0]  # 20 s into a window
    monkeypatch.setattr(ratelimit.time, "time", lambda: now[0])
    for _ in range(3):
        ratelimit.count("flood", limit=3, window=60)
    assert not ratelimit.count("flood", limit=3, window=60).allowed  # counted: the 4th
    with django_assert_num_queries(0):  # the flood after it touches no table
        for _ in range(50):
            refused = ratelimit.count("flood", limit=3, window=60)
    assert not refused.allowed and refused.retry_after == 40
    assert ratelimit.Hit.objects.get(bucket="flood").count == 4
    # another limit (a changed setting) and another bucket are counted as before
    assert ratelimit.count("flood", limit=100, window=60).allowed
    assert ratelimit.count("other", limit=3, window=60).allowed
    # one given back opens the window again: counted, and allowed while under the limit
    for _ in range(3):
        ratelimit.give_back("flood", 60)
    with django_assert_num_queries(1):
        assert ratelimit.count("flood", limit=3, window=60).allowed
    now[0] += 40  # the next window: counted afresh
    assert ratelimit.count("flood", limit=3, window=60).allowed


@override_settings(RATELIMIT_CLIENT=2, RATELIMIT_SHEET=1000, PROXY_HOPS=0)
def test_a_forged_forwarded_header_does_not_make_a_new_client(db: None) -> None:
    phone = Client(REMOTE_ADDR="198.51.100.2")
    for i in range(2):
        phone.post("/accounts/login/", {}, HTTP_X_FORWARDED_FOR=f"10.0.0.{i}")
    assert phone.post("/accounts/login/", {}, HTTP_X_FORWARDED_FOR="10.0.0.9").status_code == 429


@override_settings(PROXY_HOPS=1)
def test_behind_one_proxy_the_client_is_the_address_the_proxy_saw(rf) -> None:
    request = rf.post("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4, 5.6.7.8")
    assert ratelimit.client_address(request) == "5.6.7.8"  # appended by our proxy


@pytest.mark.parametrize(
    ("address", "bucket"),
    [
        ("2001:db8:1:2:aaaa::1", "client:2001:db8:1:2::/64"),
        ("2001:db8:1:2:bbbb::9", "client:2001:db8:1:2::/64"),
        ("::ffff:192.0.2.1", "client:192.0.2.1"),
        ("192.0.2.1", "client:192.0.2.1"),
    ],
)
def test_an_ipv6_client_is_counted_by_its_network(address: str, bucket: str) -> None:
    assert ratelimit.client_bucket(address) == bucket


def test_a_sheet_bucket_does_not_store_the_token() -> None:
    token = "x" * 32
    assert token not in ratelimit.sheet_bucket(token)


# --------------------------------------------------------------------------- who is counted


@pytest.mark.postgres
@override_settings(RATELIMIT_CLIENT=5, RATELIMIT_SHEET=1000)
def test_posts_refused_by_the_csrf_check_count_against_nobody(make_sheet) -> None:
    sheet = make_sheet()
    forger = Client(REMOTE_ADDR="203.0.113.40", enforce_csrf_checks=True)
    for _ in range(50):  # no CSRF token: 403, and not counted
        assert forger.post("/new/", {"ruleset": "ru"}).status_code == 403
        assert forger.post(f"/s/{sheet.edit_token}/undo/", {}).status_code == 403
    player = Client(REMOTE_ADDR="203.0.113.40", enforce_csrf_checks=True)  # same address
    url = f"/s/{sheet.edit_token}/entries/new/deal/"
    form = page(player.get(url))
    deal = quiet_deals(1)[0]
    data = {**write_fields(form), "csrfmiddlewaretoken": hidden(form, "csrfmiddlewaretoken"),
            "declarer": str(deal["declarer"]), "contract": "100",
            **{f"points_{i}": str(p) for i, p in enumerate(deal["points"])}}
    assert player.post(url, data).status_code == 302
    assert Entry.objects.filter(sheet=sheet).count() == 1


@pytest.mark.postgres
@override_settings(RATELIMIT_CLIENT=3, RATELIMIT_SHEET=1000)
def test_writes_to_a_sheet_count_per_sheet_not_against_the_address(make_sheet) -> None:
    """A pub's phones behind one address: the tables' deals never lock each other out."""
    tables = [make_sheet() for _ in range(3)]
    pub = Client(REMOTE_ADDR="203.0.113.41")
    for k in range(4):
        for sheet in tables:
            assert deal_post(pub, sheet, k).status_code == 302
    assert Entry.objects.count() == 12
    data = {"ruleset": "ru", "player_0": "A", "player_1": "B", "player_2": "C",
            "first_dealer": "0"}
    for _ in range(3):  # other writes are still counted per address
        assert pub.post("/new/", data).status_code == 302
    assert pub.post("/new/", data).status_code == 429


@pytest.mark.postgres
@override_settings(RATELIMIT_CLIENT=3, RATELIMIT_SHEET=1000)
def test_writes_to_unknown_sheets_count_against_the_address(db: None) -> None:
    prober = Client(REMOTE_ADDR="203.0.113.42")
    for i in range(3):
        assert prober.post(f"/s/{'x' * 31}{i}/undo/", {}).status_code == 404
    assert prober.post(f"/s/{'y' * 32}/undo/", {}).status_code == 429


@pytest.mark.postgres
@override_settings(RATELIMIT_PREVIEW=3, RATELIMIT_SHEET=1000)
def test_previews_of_one_sheet_have_a_limit_of_their_own(client: Client, make_sheet) -> None:
    sheet = make_sheet()
    for _ in range(3):
        assert deal_post(client, sheet, 0, preview="1").status_code == 200
    assert deal_post(client, sheet, 0, preview="1").status_code == 429
    assert deal_post(client, sheet, 0).status_code == 302  # a real deal is still taken


# --------------------------------------------------------------------------- /admin/


def _urls_with_admin(enabled: bool) -> None:
    import importlib

    from django.urls import clear_url_caches

    import scoresheet.urls

    with override_settings(ADMIN_ENABLED=enabled):
        importlib.reload(scoresheet.urls)
    clear_url_caches()


@pytest.fixture
def admin_on() -> Any:
    _urls_with_admin(True)
    yield
    _urls_with_admin(False)


def test_admin_is_off_by_default(client: Client, db: None) -> None:
    from django.conf import settings

    assert settings.ADMIN_ENABLED is False
    assert client.get("/admin/").status_code == 404
    assert client.post("/admin/login/", {"username": "a", "password": "b"}).status_code == 404


@pytest.mark.postgres
@override_settings(LOGIN_PER_ADDRESS=3, LOGIN_PER_USERNAME=1000, RATELIMIT_CLIENT=1000)
def test_admin_when_enabled_has_a_tight_login_limit(admin_on: None, db: None) -> None:
    guesser = Client(REMOTE_ADDR="203.0.113.43")
    assert guesser.get("/admin/login/").status_code == 200
    for i in range(3):
        wrong = guesser.post("/admin/login/", {"username": "admin", "password": f"guess{i}"})
        assert wrong.status_code == 200  # the login form again, with its error
    refused = guesser.post("/admin/login/", {"username": "admin", "password": "guess9"})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 60  # an hour's window
    assert Client(REMOTE_ADDR="203.0.113.44").post(
        "/admin/login/", {"username": "admin", "password": "x"}).status_code == 200


def test_a_refused_flood_is_logged_once_a_window_not_once_a_request(
        db: None, caplog: Any, monkeypatch) -> None:
    import logging

    from scoresheet.protect.quiet import QuietRefusals

    monkeypatch.setattr(ratelimit.time, "time", lambda: 60 * 16_667 + 20.0)
    with caplog.at_level(logging.WARNING, logger="scoresheet.protect.ratelimit"):
        for _ in range(30):
            ratelimit.count("flood", limit=3, window=60)
    said = [r.getMessage() for r in caplog.records if r.name == "scoresheet.protect.ratelimit"]
    assert said == ["rate limit: flood is over its limit of 3; refused for 40 s"]
    # Django's own line for each 429 answer is dropped by the console's filter; others stay
    quiet = QuietRefusals()

    def line(status: int) -> logging.LogRecord:
        record = logging.LogRecord("django.request", logging.WARNING, __file__, 1,
                                   "Too Many Requests: /x", None, None)
        record.status_code = status
        return record

    assert not quiet.filter(line(429))
    assert quiet.filter(line(404)) and quiet.filter(line(500))
    from django.conf import settings
    assert "quiet_refusals" in settings.LOGGING["handlers"]["console"]["filters"]
