"""Budgets charged by cost (scoresheet/protect/budget.py): every request pays the CPU it cost
from its phone's (device cookie), its address's and its sheet's token bucket; refused writes pay
too; a bucket in debt refuses with 429 before the view runs; a pub's phones share an address,
not a budget; cheap requests (polls, stored downloads) are not written down."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, override_settings

from scoresheet.protect import budget
from scoresheet.protect.device import DEVICE_COOKIE
from scoresheet.protect.models import Budget
from tests.conftest import quiet_deals
from tests.protect.devices import device_cookie
from tests.sheets.helpers import page, text, write_fields

pytestmark = pytest.mark.postgres


class Clock:
    """Each request costs ``cost`` seconds of CPU; the wall clock stands still (no refill)."""

    def __init__(self, cost: float) -> None:
        self.cost = cost
        self.cpu = 0.0
        self.calls = 0

    def thread_time(self) -> float:
        self.calls += 1
        if self.calls % 2 == 0:
            self.cpu += self.cost
        return self.cpu

    @staticmethod
    def time() -> float:
        return 1_800_000_000.0


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock(0.25)
    monkeypatch.setattr(budget, "time", fake)
    return fake


def phone(address: str, device: str) -> Client:
    client = Client(REMOTE_ADDR=address)
    client.cookies[DEVICE_COOKIE] = device_cookie(device)
    return client


LIMITS: dict[str, Any] = {
    "BUDGET_CLIENT_MS": 1000, "BUDGET_CLIENT_RATE": 10, "BUDGET_ADDRESS_MS": 3000,
    "BUDGET_ADDRESS_RATE": 10, "BUDGET_SHEET_MS": 100_000, "BUDGET_SHEET_RATE": 10,
    "BUDGET_FREE_MS": 15, "RATELIMIT_CLIENT": 10_000, "RATELIMIT_SHEET": 10_000,
}


@override_settings(**LIMITS)
def test_a_phone_in_debt_is_refused_before_its_view_and_its_neighbour_is_not(
    make_sheet, clock: Clock
) -> None:
    sheet = make_sheet(entries=quiet_deals(3))
    greedy = phone("203.0.113.60", "a")
    answers = [greedy.get(f"/v/{sheet.view_token}/").status_code for _ in range(6)]
    assert answers == [200, 200, 200, 200, 200, 429]  # 5 x 250 ms > 1000 ms
    refused = greedy.get(f"/v/{sheet.view_token}/table")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert "Your phone asked the server for more work than its share" in text(page(refused))
    neighbour = phone("203.0.113.60", "b")  # the same pub's address, another phone
    assert neighbour.get(f"/v/{sheet.view_token}/").status_code == 200


@override_settings(**LIMITS)
def test_an_address_has_a_ceiling_over_all_its_phones(make_sheet, clock: Clock) -> None:
    link = f"/v/{make_sheet().view_token}/"
    answers = []
    for n in range(14):  # a new device cookie for every request: only the address bounds it
        answers.append(phone("198.51.100.70", f"c{n}").get(link).status_code)
    assert answers.count(200) == 13 and answers[-1] == 429  # 13 x 250 ms > 3000 ms
    refused = phone("198.51.100.70", "z").get(link)
    assert "Your network asked the server" in text(page(refused))
    assert phone("198.51.100.71", "z").get(link).status_code == 200  # another address
    assert phone("198.51.100.70", "y").get("/").status_code == 200  # the home page: not counted


@override_settings(**LIMITS)
def test_a_poll_reads_its_budget_only_when_it_sends_rows(
    make_sheet, clock: Clock, write: Any, django_assert_num_queries: Any
) -> None:
    sheet = make_sheet(entries=quiet_deals(3))
    greedy = phone("203.0.113.65", "p")
    assert [greedy.get(f"/v/{sheet.view_token}/").status_code for _ in range(5)] == [200] * 5
    assert greedy.get(f"/v/{sheet.view_token}/").status_code == 429  # 5 x 250 ms > 1000 ms
    poll = f"/v/{sheet.view_token}/table?rev=3"
    clock.cost = 0.001  # a poll costs a millisecond: under BUDGET_FREE_MS, not written down
    # nothing changed: 204 at one query (the revision), not refused: there is nothing to refuse
    with django_assert_num_queries(1):
        assert greedy.get(poll, HTTP_HX_REQUEST="true").status_code == 204
    write(sheet, quiet_deals(4)[3])
    # the sheet changed: the poll would send a row, and its phone is over budget
    refused = greedy.get(poll, HTTP_HX_REQUEST="true")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    watcher = phone("203.0.113.65", "q")  # another phone of the same pub: gets the row
    answer = watcher.get(poll, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and 'id="e3"' in page(answer)


@override_settings(**LIMITS)
def test_a_cheap_request_is_not_written_down(make_sheet, monkeypatch) -> None:
    monkeypatch.setattr(budget, "time", Clock(0.001))  # 1 ms each: a poll
    client = phone("203.0.113.61", "d")
    link = f"/v/{make_sheet().view_token}/table"
    for _ in range(50):
        assert client.get(link).status_code == 200
    assert not Budget.objects.exists()


@override_settings(**{**LIMITS, "BUDGET_CLIENT_MS": 30, "BUDGET_FREE_MS": 0})
def test_refused_writes_pay_what_their_replay_cost(make_sheet) -> None:
    sheet = make_sheet(entries=quiet_deals(60))
    url = f"/s/{sheet.edit_token}/entries/new/deal/"
    abuser = phone("203.0.113.62", "e")
    fields = write_fields(page(abuser.get(url)))
    wrong = {**fields, "declarer": "0", "contract": "100", "points_0": "200",
             "points_1": "200", "points_2": "200"}  # more card points than a deal holds
    statuses = []
    for _ in range(200):
        statuses.append(abuser.post(url, wrong).status_code)
        if statuses[-1] == 429:
            break
    assert statuses[-1] == 429 and set(statuses[:-1]) <= {400, 409}
    sheet.refresh_from_db()
    assert sheet.entries.count() == 60  # nothing of the refused writes was saved
    honest = phone("203.0.113.62", "f")  # the same address, another phone: still writes
    ok = {**write_fields(page(honest.get(url))), "declarer": "1", "contract": "100",
          "points_0": "50", "points_1": "20", "points_2": "50"}
    assert honest.post(url, ok).status_code in (200, 302)
    assert sheet.entries.count() == 61


@override_settings(INFLIGHT_WRITES=1, INFLIGHT_WRITES_ADDRESS=2, RATELIMIT_CLIENT=10_000)
def test_a_phone_has_one_write_in_flight_at_a_time(make_sheet, mid_window: float) -> None:
    from django.test import RequestFactory

    from scoresheet.protect import ratelimit

    sheet = make_sheet(entries=quiet_deals(2))
    url = f"/s/{sheet.edit_token}/entries/new/deal/"
    writer = phone("203.0.113.63", "g")
    third = quiet_deals(3)[2]
    deal_ = {**write_fields(page(writer.get(url))), "declarer": str(third["declarer"]),
             "contract": "100", **{f"points_{i}": str(p) for i, p in enumerate(third["points"])}}
    same = RequestFactory().post(url)
    same.COOKIES[DEVICE_COOKIE] = device_cookie("g")
    bucket = ratelimit.device_bucket(same, "inflight-device")
    assert bucket is not None
    window = ratelimit.INFLIGHT_WINDOW
    ratelimit.count(bucket, limit=1, window=window)  # another write of it is being served
    refused = writer.post(url, deal_)
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    assert "still sending another change" in text(page(refused))
    assert sheet.entries.count() == 2
    ratelimit.give_back(bucket, window)  # that write is done: this one goes through
    assert writer.post(url, deal_).status_code in (200, 302)
    assert writer.post(url, deal_).status_code in (200, 302)  # sent again: once, no 429
    assert sheet.entries.count() == 3


@override_settings(**LIMITS, TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_the_pdf_the_worker_makes_is_paid_by_who_asked_for_it(make_sheet, monkeypatch) -> None:
    from django_tasks_db.models import DBTaskResult

    from scoresheet.exports import printing, tasks

    sheet = make_sheet(entries=quiet_deals(2))
    asker = phone("203.0.113.64", "h")
    assert asker.get(f"/v/{sheet.view_token}/sheet.pdf").status_code == 202
    [queued] = DBTaskResult.objects.all()
    monkeypatch.setattr(printing, "render_pdf", lambda html, size=None: b"%PDF-1.7 test")
    monkeypatch.setattr(tasks, "time", Clock(0.8))  # the worker spends 800 ms of CPU on it
    before = dict(Budget.objects.values_list("bucket", "level"))
    tasks.render_sheet_pdf.call(*queued.args_kwargs["args"], **queued.args_kwargs["kwargs"])
    after = dict(Budget.objects.values_list("bucket", "level"))
    grown = {bucket for bucket, level in after.items() if level >= before.get(bucket, 0) + 799}
    assert len(grown) == 3  # the phone's, its address's and the sheet's buckets
    assert asker.get(f"/v/{sheet.view_token}/sheet.pdf").status_code == 200
