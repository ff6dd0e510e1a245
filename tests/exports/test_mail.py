"""Mail the finished sheet as a PDF to the addresses typed at the end (Django's locmem backend)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

from scoresheet.exports import documents as exports
from tests.sheets.golden_docs import golden_named
from tests.sheets.helpers import THREE_DEALS, text


def mail_url(sheet: Any) -> str:
    return reverse("mail", args=[sheet.edit_token])


@pytest.mark.django_db
def test_mail_sends_the_pdf_to_each_address(client: Client, mailoutbox: list[Any]) -> None:
    sheet = exports.import_sheet(golden_named("ru/barrel-win"))
    response = client.post(mail_url(sheet), {
        "addresses": "anna@example.org, boris@example.org\nvera@example.org", "size": "a5",
    })
    assert response.status_code == 302
    assert response["Location"] == reverse("export", args=[sheet.edit_token])
    assert sorted(m.to[0] for m in mailoutbox) == [
        "anna@example.org", "boris@example.org", "vera@example.org"]
    assert all(len(m.to) == 1 and not m.cc and not m.bcc for m in mailoutbox)  # nobody sees others
    for message in mailoutbox:
        [(name, content, mimetype)] = message.attachments
        assert mimetype == "application/pdf"
        assert name == exports.filename(sheet, "pdf")
        assert content.startswith(b"%PDF-")


@pytest.mark.django_db
def test_mail_text_has_the_totals_the_winner_and_the_read_only_link(
    client: Client, mailoutbox: list[Any]
) -> None:
    sheet = exports.import_sheet(golden_named("ru/barrel-win"))
    client.post(mail_url(sheet), {"addresses": "anna@example.org", "size": "a4"})
    [message] = mailoutbox
    # the subject is the app's words only: no name a player (or an attacker) typed
    assert message.subject == "Lístek: your score sheet of Thousand, " + date_format(
        timezone.localtime(sheet.created).date(), "SHORT_DATE_FORMAT")
    assert "Anna: 1000" in message.body and "Vera: 150" in message.body  # hand-worked totals
    assert "Winner: Anna" in message.body
    assert f"/v/{sheet.view_token}/" in message.body
    assert sheet.edit_token not in message.body  # the edit link never leaves by mail


@pytest.mark.django_db
def test_mail_a_repeated_address_gets_one_message(client: Client, mailoutbox: list[Any],
                                                  make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    client.post(mail_url(sheet), {"addresses": "a@example.org; A@example.org a@example.org",
                                  "size": "a4"})
    assert len(mailoutbox) == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("addresses", "error"),
    [("", "This field is required."),
     ("anna@example.org, not-an-address", "Not an e-mail address: not-an-address"),
     (" ".join(f"p{i}@example.org" for i in range(11)), "At most 10 addresses at once.")],
    ids=["empty", "wrong", "too-many"],
)
def test_mail_refuses_wrong_addresses_and_sends_nothing(
    client: Client, mailoutbox: list[Any], make_sheet: Any, addresses: str, error: str
) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.post(mail_url(sheet), {"addresses": addresses, "size": "a4"})
    assert response.status_code == 400
    assert error in text(response.content.decode())
    assert mailoutbox == []


@pytest.mark.django_db
def test_mail_is_only_for_the_edit_link(client: Client, make_sheet: Any,
                                        mailoutbox: list[Any]) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.post(reverse("mail", args=[sheet.view_token]),
                           {"addresses": "a@example.org", "size": "a4"})
    assert response.status_code == 404
    assert mailoutbox == []
    html = client.get(reverse("export_read", args=[sheet.view_token])).content.decode()
    assert reverse("mail", args=[sheet.edit_token]) not in html


@pytest.mark.django_db
def test_mail_form_page(client: Client, make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    html = client.get(mail_url(sheet)).content.decode()
    assert 'name="addresses"' in html and f'action="{mail_url(sheet)}"' in html


@pytest.mark.django_db
def test_mail_that_cannot_be_sent_says_so(client: Client, make_sheet: Any,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> int:
        raise ConnectionRefusedError("no SMTP server")

    monkeypatch.setattr(mail.backends.locmem.EmailBackend, "send_messages", refuse)
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.post(mail_url(sheet), {"addresses": "a@example.org", "size": "a4"})
    assert response.status_code == 503
    assert "could not be sent" in response.content.decode()


@pytest.mark.django_db
def test_mail_asked_for_while_no_worker_runs_says_it_stays_queued_until_one_runs(
    client: Client, mailoutbox: list[Any], make_sheet: Any, settings: Any
) -> None:
    from datetime import timedelta

    from django_tasks_db.models import DBTaskResult

    from scoresheet.exports.models import Printer
    from scoresheet.exports.worker import BEAT_FRESH

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    sheet = make_sheet(entries=THREE_DEALS)
    # the last task worker was seen longer ago than a worker shows itself: none runs
    Printer.objects.create(name="gone", seen=timezone.now() - timedelta(seconds=BEAT_FRESH + 1))
    response = client.post(mail_url(sheet), {"addresses": "a@example.org, b@example.org",
                                             "size": "a4"}, follow=True)
    page = text(response.content.decode())
    assert "No mail sender is running at the moment" in page
    assert "stays in the queue and goes out as soon as a mail sender runs" in page
    assert "being sent" not in page
    assert not mailoutbox  # nothing sent yet: it waits in the queue
    assert DBTaskResult.objects.filter(status="READY").count() == 1
    Printer.objects.create(name="here", seen=timezone.now())  # a worker shows itself
    response = client.post(mail_url(sheet), {"addresses": "c@example.org", "size": "a4"},
                           follow=True)
    page = text(response.content.decode())
    assert "The sheet is being sent to 1 address." in page
    assert "No mail sender is running" not in page
