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
    "BUDGET_FREE_MS": 15, "BUDGET_REQUEST_MS": 10_000, "RATELIMIT_CLIENT": 10_000,
    "RATELIMIT_SHEET": 10_000,
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
    assert client.get(link).status_code == 200
    # the phone's first request on a link is written down, however cheap: it is established
    # (its phone's, its address's and its sheet's buckets pay it)
    first = dict(Budget.objects.values_list("bucket", "level"))
    assert sorted(b.split(":")[0] for b in first) == ["cost-address", "cost-device",
                                                      "cost-sheet"]
    assert list(first.values()) == [pytest.approx(1.0)] * 3
    for _ in range(50):
        assert client.get(link).status_code == 200
    assert dict(Budget.objects.values_list("bucket", "level")) == first


@override_settings(**{**LIMITS, "BUDGET_CLIENT_MS": 30, "BUDGET_FREE_MS": 0})
def test_refused_writes_pay_what_their_replay_cost(make_sheet, monkeypatch) -> None:
    # each request costs 10 ms, whatever the machine is doing meanwhile (the guard's cost is
    # the test's, not the machine's: a loaded machine made a real one dearer)
    monkeypatch.setattr(budget, "time", Clock(0.010))
    sheet = make_sheet(entries=quiet_deals(60))
    url = f"/s/{sheet.edit_token}/entries/new/deal/"
    abuser = phone("203.0.113.62", "e")
    fields = write_fields(page(abuser.get(url)))
    wrong = {**fields, "declarer": "0", "contract": "100", "points_0": "200",
             "points_1": "200", "points_2": "200"}  # more card points than a deal holds
    statuses = [abuser.post(url, wrong).status_code for _ in range(4)]
    # 10 ms for the form, then 10 ms each refused write: over 30 ms after the third
    assert statuses[:3] in ([400] * 3, [409] * 3) and statuses[3] == 429
    sheet.refresh_from_db()
    assert sheet.entries.count() == 60  # nothing of the refused writes was saved
    honest = phone("203.0.113.62", "f")  # the same address, another phone: still writes
    ok = {**write_fields(page(honest.get(url))), "declarer": "1", "contract": "100",
          "points_0": "50", "points_1": "20", "points_2": "50"}
    assert honest.post(url, ok).status_code in (200, 302)
    assert sheet.entries.count() == 61


@override_settings(INFLIGHT_WRITES=1, INFLIGHT_WRITES_ADDRESS=2, RATELIMIT_CLIENT=10_000)
def test_a_phone_has_one_write_in_flight_at_a_time(make_sheet, monkeypatch) -> None:
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
    now = [1_800_000_000.0]
    monkeypatch.setattr(ratelimit.time, "time", lambda: now[0])
    _, until = ratelimit.take_place(bucket)  # another write of it is being served
    # held for its whole life: long after any window of seconds would have rolled over
    for later in (0.0, 4.9, 5.1, 12.0, 19.0):
        now[0] = 1_800_000_000.0 + later
        refused = writer.post(url, deal_)
        assert refused.status_code == 429 and refused["Retry-After"] == "1"
    assert "still sending another change" in text(page(refused))
    assert sheet.entries.count() == 2
    ratelimit.leave_place(bucket, until)  # that write is done: this one goes through
    assert writer.post(url, deal_).status_code in (200, 302)
    assert writer.post(url, deal_).status_code in (200, 302)  # sent again: once, no 429
    assert sheet.entries.count() == 3


@override_settings(INFLIGHT_WRITES=1, RATELIMIT_CLIENT=10_000)
def test_a_write_whose_worker_was_killed_holds_its_place_until_its_time_limit(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scoresheet.protect import ratelimit

    now = [1_800_000_000.0]
    monkeypatch.setattr(ratelimit.time, "time", lambda: now[0])
    bucket = "inflight-device:killed"
    assert ratelimit.take_place(bucket)[0] == 1  # never given back: its worker was killed
    now[0] += 20  # still within the request's time limit and the lease
    assert ratelimit.take_place(bucket)[0] == 2
    now[0] += 30  # both places are over now
    assert ratelimit.take_place(bucket)[0] == 1


@override_settings(**LIMITS, TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_the_pdf_the_worker_makes_is_paid_by_who_asked_for_it(make_sheet, monkeypatch) -> None:
    from django_tasks_db.models import DBTaskResult

    from scoresheet.exports import printing, tasks

    monkeypatch.setattr(budget, "time", Clock(0.001))  # the request itself: 1 ms (50 ms paid)
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


class Hall:
    """Each request costs ``cost`` seconds of CPU; the wall clock moves when the test says."""

    def __init__(self, cost: float) -> None:
        self.cost = cost
        self.cpu = 0.0
        self.calls = 0
        self.now = 1_800_000_000.0

    def thread_time(self) -> float:
        self.calls += 1
        if self.calls % 2 == 0:
            self.cpu += self.cost
        return self.cpu

    def time(self) -> float:
        return self.now


def test_a_hall_of_honest_phones_is_never_refused_for_the_abuser_behind_its_address(
    make_sheet, monkeypatch
) -> None:
    """The shipped limits; 100 phones at 25 tables behind one address (the hall's), each with
    its own device and its table's links, and one abusive phone of the same hall flooding its
    own table's read link: the abuser is refused, no honest phone ever is.  Then phones made up
    for every request behind the same address: they share the address's budget and are refused
    by it, and still no established phone is."""
    hall = Hall(0.100)  # 100 ms each: dear requests, as on a loaded machine
    monkeypatch.setattr(budget, "time", hall)
    address = "198.51.100.90"
    sheets = [make_sheet(entries=quiet_deals(2)) for _ in range(25)]
    phones = [(phone(address, f"hall{n}"), sheets[n % 25]) for n in range(100)]
    abuser = phone(address, "abuser")
    honest: list[int] = []
    abused: list[int] = []
    for _ in range(3):  # three rounds, 3 s apart: each phone looks at its table once a round
        for client, sheet in phones:
            honest.append(client.get(f"/v/{sheet.view_token}/table").status_code)
        for _ in range(40):
            abused.append(abuser.get(f"/v/{sheets[0].view_token}/table").status_code)
        hall.now += 3
    assert set(honest) == {200}
    # 3000 ms at once, then 150 ms a round (3 s of 50 ms/s): about 33 of the 120 get through
    assert abused.count(429) > 80
    made_up = [phone(address, f"made-up{n}").get(f"/v/{sheets[1].view_token}/table").status_code
               for n in range(250)]  # each a phone the site never saw: the address pays
    assert made_up.count(429) > 50
    assert {client.get(f"/v/{sheet.view_token}/table").status_code
            for client, sheet in phones} == {200}


def test_a_request_made_dear_by_a_loaded_machine_cannot_refuse_an_honest_phone(
    make_sheet, monkeypatch
) -> None:
    """However much CPU a busy machine makes its requests cost (10 s each here), a phone at a
    table's pace (a request every 3 s: BUDGET_REQUEST_MS / BUDGET_CLIENT_RATE) is never refused
    over an evening: an established phone pays at most BUDGET_REQUEST_MS a request.  A phone
    flooding at the same cost still is."""
    hall = Hall(10.0)
    monkeypatch.setattr(budget, "time", hall)
    sheet = make_sheet(entries=quiet_deals(3))
    scorer, flood = phone("203.0.113.80", "steady"), phone("203.0.113.80", "flood")
    url = f"/s/{sheet.edit_token}/"
    assert scorer.get(url).status_code == 200  # its first request: a newcomer's, paid in full
    assert flood.get(url).status_code == 200
    honest, flooded = [], []
    for _ in range(200):  # ten minutes
        hall.now += 3
        honest.append(scorer.get(url).status_code)
        flooded += [flood.get(url).status_code for _ in range(3)]
    assert set(honest) == {200}
    assert flooded.count(429) > 300
