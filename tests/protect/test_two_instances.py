"""App servers hold no state: two gunicorn instances on one database work as one.

Each test starts two gunicorn masters (two workers each) with the production settings on one
database: a SQLite file in the SQLite run, a PostgreSQL database inside scripts/with-postgres.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable

import pytest

from tests.protect.live import (
    EDIT_LINK,
    Database,
    Phone,
    Server,
    assert_whole,
    deal_fields,
    hidden_fields,
    quiet_deal,
    shown_totals,
    stored,
)

pytestmark = pytest.mark.postgres

ROW_NUMBER = re.compile(r"Row (?:<span data-row-number>)?(\d+)(?:</span>)?:")


def enter_deal(phone: Phone, token: str, *, attempts: int = 50) -> str:
    """Enter the next quiet deal, reloading the form after a conflict; returns the used key."""
    url = f"/s/{token}/entries/new/deal/"
    for _ in range(attempts):
        form = phone.get(url)
        assert form.status == 200, form.text[:300]
        number = int(ROW_NUMBER.search(form.text)[1])  # type: ignore[index]
        fields = _hidden(form.text)
        declarer, points = quiet_deal(number - 1)
        reply = phone.post(url, {**fields, **deal_fields(declarer, points)})
        if reply.status == 302:
            return fields["key"]
        assert reply.status == 409, (reply.status, reply.text[:500])
    raise AssertionError("no deal written after many conflicts")


def _hidden(html: str) -> dict[str, str]:
    return hidden_fields(html)


def test_a_sheet_started_on_one_server_is_kept_on_the_other(
    server_db: Database, start_server: Callable[..., Server]
) -> None:
    a, b = start_server(server_db), start_server(server_db)
    phone = Phone(a.port)
    token = phone.new_sheet()
    enter_deal(phone, token)  # through A
    phone.port = b.port  # the same phone, its cookies, now served by B
    enter_deal(phone, token)  # through B: A's CSRF cookie and session are good on B
    page = phone.get(f"/s/{token}/")
    assert page.status == 200
    # Deal 1: Boris fails 100 (-100), Anna and Vera 50; deal 2: Vera fails, Anna and Boris 50.
    assert shown_totals(page.text) == [100, -50, -50]
    home = phone.get("/")  # the session made on A lists the sheet on B
    assert f"/s/{token}/" in home.text
    assert_whole(server_db, token)


def test_a_write_made_against_an_old_revision_on_one_server_is_refused_by_the_other(
    server_db: Database, start_server: Callable[..., Server]
) -> None:
    a, b = start_server(server_db), start_server(server_db)
    anna, boris = Phone(a.port), Phone(b.port)
    token = anna.new_sheet()
    url = f"/s/{token}/entries/new/deal/"
    stale = anna.write_fields(url)  # Anna's form, at revision 0, from A
    enter_deal(boris, token)  # Boris writes deal 1 through B
    declarer, points = quiet_deal(0)
    refused = anna.post(url, {**stale, **deal_fields(declarer, points)})
    assert refused.status == 409
    assert "Another phone changed the sheet" in refused.text
    assert stored(server_db, token).revision == 1
    assert_whole(server_db, token)


def test_a_write_sent_again_to_the_other_server_is_not_written_twice(
    server_db: Database, start_server: Callable[..., Server]
) -> None:
    a, b = start_server(server_db), start_server(server_db)
    phone = Phone(a.port)
    token = phone.new_sheet()
    url = f"/s/{token}/entries/new/deal/"
    fields = phone.write_fields(url)
    declarer, points = quiet_deal(0)
    data = {**fields, **deal_fields(declarer, points)}
    assert phone.post(url, data).status == 302
    phone.port = b.port  # the answer was lost; the phone sends the same form to B
    again = phone.post(url, data)
    assert again.status == 302
    s = assert_whole(server_db, token)
    assert len(s.entries) == 1 and s.keys == [fields["key"]]


def test_concurrent_phones_on_both_servers_lose_and_duplicate_nothing(
    server_db: Database, start_server: Callable[..., Server]
) -> None:
    servers = [start_server(server_db), start_server(server_db)]
    token = Phone(servers[0].port).new_sheet()
    per_phone = 5
    keys: list[str] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def play(port: int) -> None:
        phone = Phone(port)
        try:
            for _ in range(per_phone):
                key = enter_deal(phone, token)
                with lock:
                    keys.append(key)
        except BaseException as exc:  # reported below, with the server logs
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(servers[i % 2].port,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=180)
    assert not errors, (errors, servers[0].log()[-3000:], servers[1].log()[-3000:])
    s = assert_whole(server_db, token)
    assert sorted(s.keys) == sorted(keys) and len(keys) == 4 * per_phone
    assert len(s.entries) == 4 * per_phone


def test_rate_limit_counts_across_servers(
    server_db: Database, start_server: Callable[..., Server]
) -> None:
    limit = 4
    # A day-long window: the fixed window must not roll over in the middle of the test.
    window = 86_400
    a = start_server(server_db, LISTEK_RATELIMIT_SHEET=limit, LISTEK_RATELIMIT_WINDOW=window)
    b = start_server(server_db, LISTEK_RATELIMIT_SHEET=limit, LISTEK_RATELIMIT_WINDOW=window)
    phone_a, phone_b = Phone(a.port), Phone(b.port)
    token = phone_a.new_sheet()
    for _ in range(limit // 2):
        enter_deal(phone_a, token)
        enter_deal(phone_b, token)
    url = f"/s/{token}/entries/new/deal/"
    fields = phone_a.write_fields(url)
    declarer, points = quiet_deal(limit)
    refused = phone_a.post(url, {**fields, **deal_fields(declarer, points)})
    assert refused.status == 429
    assert "This sheet got more changes in a short time than a table makes" in refused.text
    assert int(refused.headers["retry-after"]) >= 1
    assert stored(server_db, token).revision == limit


def test_a_correction_of_row_3_on_a_500_deal_sheet_reaches_a_watcher_on_the_other_server(
    server_db: Database, start_server: Callable[..., Server]
) -> None:
    """Two app servers share the database and its cache: the keeper writes through A, the
    watcher polls B and gets the changed row out of band; no page on either is older."""
    import json

    from tests.conftest import deal, quiet_deals

    a, b = start_server(server_db), start_server(server_db)
    keeper, watcher = Phone(a.port), Phone(b.port)
    doc = {"format": "scoresheet/1", "game": "thousand", "ruleset": "ru", "options": {},
           "players": ["Anna", "Boris", "Vera"], "first_dealer": 0,
           "entries": quiet_deals(500)}
    keeper.get("/import/")
    imported = keeper.post("/import/", {"text": json.dumps(doc)})
    assert imported.status == 302, imported.text[:500]
    token = EDIT_LINK.search(imported.location)["token"]  # type: ignore[index]
    share = keeper.get(f"/s/{token}/share/")
    view = re.search(r"/v/([A-Za-z0-9_-]+)/", share.text)[1]  # type: ignore[index]
    seen = watcher.get(f"/v/{view}/")  # through B
    revision = int(re.search(r'data-revision="(\d+)"', seen.text)[1])  # type: ignore[index]
    assert revision == 500 and seen.text.count('class="row kind-deal') == 500
    # Row 3 written again through A: Anna fails 100 with 24 instead of 20, the defenders' 48
    # are written 50 as before (nearest 5): the same scores, only row 3 itself changed.
    url = f"/s/{token}/entries/2/edit/"
    fields = hidden_fields(keeper.get(url).text)
    corrected = keeper.post(url, {**fields, **deal_fields(0, [24, 48, 48])})
    assert corrected.status == 302, corrected.text[:500]
    poll = watcher.get(f"/v/{view}/table?rev={revision}", headers={"HX-Request": "true"})
    assert poll.status == 200 and poll.headers.get("hx-reswap") == "none"
    assert re.findall(r'<tr hx-swap-oob="true" id="(e\d+)"', poll.text) == ["e2"]
    assert re.search(r'id="live-poll"[^>]*data-revision="501"', poll.text)
    assert poll.size < 4096  # what the phone downloads
    for phone, path in ((watcher, f"/v/{view}/"), (keeper, f"/s/{token}/"),
                        (Phone(a.port), f"/v/{view}/"), (Phone(b.port), f"/s/{token}/")):
        page = phone.get(path)
        assert 'data-revision="501"' in page.text, path
    assert watcher.get(f"/v/{view}/table?rev=501", headers={"HX-Request": "true"}).status == 204
    assert deal(0, 100, [24, 48, 48]) == stored(server_db, token).entries[2]
