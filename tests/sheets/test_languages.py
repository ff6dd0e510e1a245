"""The language of the pages (the browser's, or one tap in the header) and of a sheet's
printout (scoresheet/sheets/languages.py)."""

from __future__ import annotations

import re

from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoresheet.exports import mailing
from scoresheet.exports.printing import PaperSize, print_html
from tests.sheets.helpers import page


def test_the_browser_language_decides_by_default():
    html = page(Client(HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").get("/"))
    assert '<html lang="de">' in html
    html = page(Client(HTTP_ACCEPT_LANGUAGE="fr").get("/"))  # not offered: English
    assert '<html lang="en">' in html


def test_every_page_offers_every_language_in_one_tap_without_javascript(client):
    html = page(client.get("/"))
    for code, name in settings.LANGUAGES:
        assert re.search(rf'<a href="/i18n/{code}/\?next=/" hreflang="{code}" [^>]*'
                         rf'title="{name}"', html)


def test_one_tap_sets_the_language_and_goes_back(client):
    response = client.get("/i18n/ru/?next=/new/")
    assert response.status_code == 302 and response["Location"] == "/new/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ru"
    html = page(client.get("/", HTTP_ACCEPT_LANGUAGE="de"))  # the choice beats the browser
    assert '<html lang="ru">' in html


def test_the_language_switch_goes_back_only_to_this_site(client):
    response = client.get("/i18n/cs/?next=https://elsewhere.example/")
    assert response["Location"] == "/"
    assert client.get("/i18n/xx/").status_code == 404


def test_a_read_only_page_has_the_switch_but_no_form_to_post(client, make_sheet):
    sheet = make_sheet()
    html = page(client.get(reverse("sheet_read", args=[sheet.view_token])))
    assert 'hreflang="cs"' in html and 'method="post"' not in html


def test_the_print_page_chooses_the_language_of_the_printout(client, make_sheet):
    sheet = make_sheet()
    html = page(client.get(reverse("print", args=[sheet.edit_token])))
    assert 'name="print_language"' in html
    read = page(client.get(reverse("print_read", args=[sheet.view_token])))
    assert 'name="print_language"' not in read
    back = reverse("print", args=[sheet.edit_token]) + "?size=a5"
    response = client.post(reverse("print_language", args=[sheet.edit_token]),
                           {"print_language": "pl", "next": back})
    assert response.status_code == 302 and response["Location"] == back
    sheet.refresh_from_db()
    assert sheet.print_language == "pl"
    # the printout speaks Polish whoever prints it, through either link
    assert 'lang="pl"' in page(client.get(back, HTTP_ACCEPT_LANGUAGE="en"))
    assert 'lang="pl"' in page(client.get(reverse("print_read", args=[sheet.view_token])))


def test_the_pdf_is_rendered_in_the_language_of_the_printout(make_sheet):
    sheet = make_sheet()
    sheet.print_language = "de"
    sheet.save()
    assert '<html lang="de"' in print_html(sheet, size=PaperSize.A4, pdf=True)
    sheet.print_language = ""
    sheet.save()
    assert '<html lang="en"' in print_html(sheet, size=PaperSize.A4, pdf=True)


def test_an_unknown_print_language_is_refused(client, make_sheet):
    sheet = make_sheet()
    client.post(reverse("print_language", args=[sheet.edit_token]), {"print_language": "xx"})
    sheet.refresh_from_db()
    assert sheet.print_language == ""


def test_the_export_and_mail_pages_choose_it_too(client, make_sheet):
    sheet = make_sheet()
    for name in ("export", "mail"):
        html = page(client.get(reverse(name, args=[sheet.edit_token])))
        assert f'action="{reverse("print_language", args=[sheet.edit_token])}"' in html


def test_the_mail_speaks_the_language_of_the_printout(make_sheet, settings, monkeypatch):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    sheet = make_sheet()
    sheet.print_language = "cs"
    sheet.save()
    seen = []
    body = mailing.body

    def spy(*args, **kwargs):
        seen.append(translation.get_language())
        return body(*args, **kwargs)

    monkeypatch.setattr(mailing, "body", spy)
    mailing.send_sheet(sheet, ["anna@example.org"], size=PaperSize.A5)
    assert seen == ["cs"] and len(mail.outbox) == 1
