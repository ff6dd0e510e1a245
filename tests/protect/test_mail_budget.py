"""Mail is no spam relay: hourly budgets of messages per phone (its device cookie, over all its
sheets, so a new sheet gives no new budget), per network address (a higher ceiling: a pub's
phones share one) and per sheet; over the site's ceiling mail is queued for a later hour instead
of refused; a subject the players do not write.  Counted in the database
(scoresheet/protect/ratelimit.py), nothing sent over a budget."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, override_settings

from scoresheet.exports import printing
from scoresheet.protect import ratelimit
from scoresheet.protect.device import DEVICE_COOKIE
from scoresheet.sheets.models import Sheet
from tests.conftest import quiet_deals
from tests.protect.devices import device_cookie
from tests.sheets.helpers import page, text

pytestmark = pytest.mark.postgres


@pytest.fixture(autouse=True)
def quick_pdf(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(printing, "render_pdf", lambda html, size=None: b"%PDF-1.7 test")


@pytest.fixture(autouse=True)
def a_worker_runs(db: None) -> None:
    """A task worker has shown itself (scoresheet/exports/worker.py): queued mail goes out."""
    from django.utils import timezone

    from scoresheet.exports.models import Printer

    Printer.objects.create(name="worker", seen=timezone.now())


@pytest.fixture(autouse=True)
def mid_hour(monkeypatch: pytest.MonkeyPatch) -> None:
    """20 minutes into an hour: no budget's window rolls over while a test runs."""
    monkeypatch.setattr(ratelimit.time, "time", lambda: 3600 * 470_000 + 1200.0)


def send(client: Client, sheet: Sheet, count: int) -> Any:
    addresses = ", ".join(f"p{i}@example.org" for i in range(count))
    return client.post(f"/s/{sheet.edit_token}/mail/", {"addresses": addresses, "size": "a4"})


def phone(address: str, device: str) -> Client:
    client = Client(REMOTE_ADDR=address)
    client.cookies[DEVICE_COOKIE] = device_cookie(device)
    return client


def new_sheet(make_sheet, name: str = "Anna") -> Sheet:
    return make_sheet(players=[name, "Boris", "Vera"], entries=quiet_deals(2))


@override_settings(MAIL_PER_CLIENT=25, MAIL_PER_ADDRESS=1000, MAIL_PER_SHEET=1000,
                   MAIL_GLOBAL=1000)
def test_a_new_sheet_does_not_reset_the_clients_mail_budget(
    make_sheet, mailoutbox: list[Any]
) -> None:
    spammer = phone("198.51.100.50", "abc")
    for _ in range(2):  # 2 x 10 messages, each from a fresh sheet
        assert send(spammer, new_sheet(make_sheet), 10).status_code == 302
    refused = send(spammer, new_sheet(make_sheet), 10)  # 30 > 25: refused whole
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 60
    assert "No mail was sent" in text(page(refused))
    assert len(mailoutbox) == 20
    assert send(spammer, new_sheet(make_sheet), 5).status_code == 302  # 25: still within
    assert len(mailoutbox) == 25
    other = phone("198.51.100.51", "def")
    assert send(other, new_sheet(make_sheet), 10).status_code == 302  # another client: its own
    neighbour = phone("198.51.100.50", "fed")  # the same pub's address, another phone: its own
    assert send(neighbour, new_sheet(make_sheet), 10).status_code == 302


@override_settings(MAIL_PER_CLIENT=25, MAIL_PER_ADDRESS=40, MAIL_PER_SHEET=1000,
                   MAIL_GLOBAL=1000)
def test_phones_behind_one_address_share_only_its_high_ceiling(
    make_sheet, mailoutbox: list[Any]
) -> None:
    for n in range(4):  # four phones of one pub, ten messages each: 40, the address's ceiling
        assert send(phone("203.0.113.9", f"{n}a"), new_sheet(make_sheet), 10).status_code == 302
    fifth = send(phone("203.0.113.9", "5a"), new_sheet(make_sheet), 1)
    assert fifth.status_code == 429 and "No mail was sent" in text(page(fifth))
    # a client without a device cookie is counted by its address alone
    assert send(Client(REMOTE_ADDR="203.0.113.9"), new_sheet(make_sheet), 1).status_code == 429
    assert len(mailoutbox) == 40


@override_settings(MAIL_PER_CLIENT=1000, MAIL_PER_SHEET=12, MAIL_GLOBAL=1000)
def test_one_sheet_has_a_mail_budget_whoever_sends(make_sheet, mailoutbox: list[Any]) -> None:
    sheet = new_sheet(make_sheet)
    assert send(Client(REMOTE_ADDR="192.0.2.1"), sheet, 10).status_code == 302
    assert send(Client(REMOTE_ADDR="192.0.2.2"), sheet, 3).status_code == 429
    assert send(Client(REMOTE_ADDR="192.0.2.3"), sheet, 2).status_code == 302
    assert len(mailoutbox) == 12


@override_settings(MAIL_PER_CLIENT=1000, MAIL_PER_SHEET=1000, MAIL_GLOBAL=15,
                   TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_over_the_sites_ceiling_mail_waits_for_a_later_hour(make_sheet) -> None:
    from django_tasks_db.models import DBTaskResult

    first = send(Client(REMOTE_ADDR="192.0.2.10"), new_sheet(make_sheet), 10)
    assert first.status_code == 302
    second = Client(REMOTE_ADDR="192.0.2.11")
    queued = second.get(send(second, new_sheet(make_sheet), 10)["Location"])
    assert "will be sent to 10 addresses in about 41 minutes" in text(page(queued))
    third = send(Client(REMOTE_ADDR="192.0.2.12"), new_sheet(make_sheet), 10)
    assert third.status_code == 302  # the hour after that
    tasks = DBTaskResult.objects.filter(task_path__endswith="send_sheet_mail")
    assert tasks.count() == 3
    delays = sorted(round((r.run_after - r.enqueued_at).total_seconds()) for r in tasks
                    if r.run_after.year < 3000)  # the first has no delay at all
    assert len(delays) == 2 and 2400 <= delays[0] <= 2402 and 6000 <= delays[1] <= 6002


@override_settings(MAIL_PER_CLIENT=1000, MAIL_PER_SHEET=1000, MAIL_GLOBAL=1000)
def test_the_subject_carries_no_player_name(make_sheet, mailoutbox: list[Any]) -> None:
    attacker_text = "WIN A PRIZE at evil.example"
    sheet = new_sheet(make_sheet, name=attacker_text)
    assert send(Client(), sheet, 1).status_code == 302
    [message] = mailoutbox
    assert attacker_text not in message.subject
    assert "Boris" not in message.subject and "Thousand" in message.subject


@override_settings(MAIL_PER_CLIENT=1000, MAIL_PER_SHEET=1000, MAIL_GLOBAL=1000)
def test_a_sheet_whose_stored_name_holds_a_line_break_can_still_be_mailed(
    make_sheet, mailoutbox: list[Any]
) -> None:
    sheet = new_sheet(make_sheet)
    Sheet.objects.filter(pk=sheet.pk).update(players=["An\nna", "Boris", "Vera"])  # stored long ago
    assert send(Client(), sheet, 2).status_code == 302
    assert len(mailoutbox) == 2


def test_the_default_budgets_bound_an_anonymous_client() -> None:
    from django.conf import settings

    assert settings.MAIL_PER_CLIENT <= 50  # 589 POSTs x 10 recipients must not get far
    assert settings.MAIL_PER_SHEET <= settings.MAIL_PER_CLIENT <= settings.MAIL_GLOBAL


@override_settings(MAIL_PER_CLIENT=1000, MAIL_PER_SHEET=1000, MAIL_PER_ADDRESS=12,
                   MAIL_GLOBAL=30, TASKS={"default": {
                       "BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_the_sites_mail_filled_for_a_day_by_many_addresses_does_not_stop_a_tables_results(
    make_sheet
) -> None:
    """61 addresses, each within its own budgets, fill the site's next 24 hours of mail (the
    budgets a tenth of the shipped ones, for speed); a table that played sends its results at
    once all the same (its sheet's reserve), a sheet made a moment ago does not."""
    from datetime import timedelta

    from django.utils import timezone

    flood = [Client(REMOTE_ADDR=f"198.51.100.{n}") for n in range(61)]
    for n, client in enumerate(flood):
        for count in (10, 2):  # 12 messages an hour from each: its address's budget
            # queued for a later hour, until every hour of the next day is full
            assert send(client, new_sheet(make_sheet, name=f"Spam{n}"), count).status_code in (
                302, 503)
    assert send(Client(REMOTE_ADDR="192.0.2.99"), new_sheet(make_sheet), 1).status_code == 503
    table = new_sheet(make_sheet)  # played an hour: two deals
    Sheet.objects.filter(pk=table.pk).update(created=timezone.now() - timedelta(hours=1))
    scorer = Client(REMOTE_ADDR="192.0.2.100")
    answer = send(scorer, table, 4)
    assert answer.status_code == 302
    assert "is being sent to 4 addresses" in text(page(scorer.get(answer["Location"])))
    # the reserve is the sheet's: ten messages a day
    assert send(scorer, table, 6).status_code == 302
    assert send(scorer, table, 1).status_code == 503


@override_settings(MAIL_PER_CLIENT=30, MAIL_PER_ADDRESS=40, MAIL_PER_SHEET=1000,
                   MAIL_GLOBAL=1000, RATELIMIT_HEAVY_QUICK=1000)
def test_one_client_in_the_pub_does_not_get_the_pubs_mail_refused(
    make_sheet, mailoutbox: list[Any]
) -> None:
    """Clients the site never saw spend the pub's address's mail budget; the phones already at
    the pub's tables send their results all the same, each from its own budget."""
    pub = "203.0.113.45"
    tables = [(phone(pub, f"table{n}"), new_sheet(make_sheet)) for n in range(3)]
    for client, sheet in tables:
        assert client.get(f"/s/{sheet.edit_token}/").status_code == 200  # at its table
    for _ in range(4):  # 40 messages from clients without a cookie: the address's budget
        assert send(Client(REMOTE_ADDR=pub), new_sheet(make_sheet), 10).status_code == 302
    assert send(Client(REMOTE_ADDR=pub), new_sheet(make_sheet), 1).status_code == 429
    for client, sheet in tables:
        assert send(client, sheet, 10).status_code == 302
    assert len(mailoutbox) == 70
