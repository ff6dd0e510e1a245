"""Heavy work is bounded and shared: a PDF is rendered once per revision, size, part and
language and served from the database after that (scoresheet/exports/pdfstore.py); a long sheet is
printed in parts; PDF, print, export, statistics and import have their own tight limit per
client; no request holds a worker past settings.REQUEST_TIMEOUT
(scoresheet/protect/timelimit.py)."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client, override_settings
from django.utils import timezone, translation

from scoresheet.exports import pdfstore, printing
from scoresheet.exports.models import Rendered
from scoresheet.protect import ratelimit
from scoresheet.sheets.models import Sheet
from tests.conftest import quiet_deals
from tests.protect.devices import device_cookie
from tests.sheets.helpers import page, text, write_fields

pytestmark = pytest.mark.postgres


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count the renderings (WeasyPrint itself is slow; what it gets is recorded)."""
    made: list[str] = []

    def fake(html: str, *, size: Any = printing.PaperSize.A4) -> bytes:
        made.append(html)
        return b"%PDF-1.7 " + str(len(made)).encode()

    monkeypatch.setattr(printing, "render_pdf", fake)
    return made


@pytest.fixture(autouse=True)
def mid_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratelimit.time, "time", lambda: 60 * 16_667 + 20.0)


def numbers(html: str) -> list[int]:
    """The entry numbers a printout shows in its first column."""
    return [int(n) for n in re.findall(r'<th class="no" scope="row">(\d+)', html)]


def key_of(sheet: Sheet) -> str:
    with translation.override("en"):  # the language of the test client's requests
        return pdfstore.pdf_key(sheet, size="a4", part=None)


def pdf_url(sheet: Sheet, **query: str) -> str:
    extra = "&".join(f"{k}={v}" for k, v in query.items())
    return f"/v/{sheet.view_token}/sheet.pdf" + (f"?{extra}" if extra else "")


@override_settings(RATELIMIT_ENABLED=False)
def test_a_pdf_is_rendered_once_per_revision_and_served_from_storage(
    client: Client, make_sheet, write, renders: list[str]
) -> None:
    sheet = make_sheet(entries=quiet_deals(3))
    first = client.get(pdf_url(sheet))
    assert first.status_code == 200 and first.content.startswith(b"%PDF")
    for _ in range(4):  # the same PDF asked for again: read from the table, not rendered
        assert client.get(pdf_url(sheet)).content == first.content
    assert client.get(f"/s/{sheet.edit_token}/sheet.pdf").content == first.content
    assert len(renders) == 1
    assert Rendered.objects.filter(sheet=sheet, content__isnull=False).count() == 1
    write(sheet, quiet_deals(4)[3])  # a new revision: a new PDF, the old one is deleted
    second = client.get(pdf_url(sheet))
    assert second.content != first.content and len(renders) == 2
    sheet.refresh_from_db()
    assert set(Rendered.objects.filter(sheet=sheet).values_list("revision", flat=True)) == {
        sheet.revision}


@override_settings(RATELIMIT_ENABLED=False)
def test_each_size_and_language_is_a_pdf_of_its_own(
    client: Client, make_sheet, renders: list[str]
) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    client.get(pdf_url(sheet, size="a4"))
    client.get(pdf_url(sheet, size="a5"))
    client.get(pdf_url(sheet, size="a5"))
    assert len(renders) == 2
    client.cookies["django_language"] = "de"
    client.get(pdf_url(sheet, size="a5"))
    assert len(renders) == 3 and 'lang="de"' in renders[-1]


@override_settings(RATELIMIT_ENABLED=False)
def test_a_pdf_being_made_is_not_made_twice_and_the_page_says_so(
    client: Client, make_sheet, renders: list[str]
) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    key = key_of(sheet)
    Rendered.objects.create(key=key, sheet=sheet, revision=sheet.revision,
                            started=timezone.now())  # the task worker has it to do
    waiting = client.get(pdf_url(sheet))
    assert waiting.status_code == 202 and int(waiting["Retry-After"]) >= 1
    assert waiting["Cache-Control"] == "no-store"
    html = page(waiting)
    assert "Preparing your PDF" in text(html)
    again = pdf_url(sheet, size="a4", part="1").replace("&", "&amp;")
    # htmx asks again; without JavaScript, a refresh link does
    assert f'id="pdf-status" class="preparing" hx-get="{again}"' in html
    assert f'<a href="{again}">Refresh</a>' in html
    polled = client.get(pdf_url(sheet, size="a4", part="1"), HTTP_HX_REQUEST="true")
    assert polled.status_code == 200 and "hx-get" in polled.content.decode()
    assert "<html" not in polled.content.decode()  # the fragment only
    assert renders == []
    Rendered.objects.filter(key=key).update(content=b"%PDF-other")  # the worker is done
    ready = client.get(pdf_url(sheet, size="a4", part="1"), HTTP_HX_REQUEST="true")
    assert "Open the PDF" in ready.content.decode() and "hx-get" not in ready.content.decode()
    response = client.get(pdf_url(sheet))
    assert response.status_code == 200 and response.content == b"%PDF-other"
    assert renders == []


@override_settings(RATELIMIT_ENABLED=False, TASK_STALE=60)
def test_a_claim_no_worker_finished_is_queued_again(
    client: Client, make_sheet, renders: list[str]
) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    Rendered.objects.create(key=key_of(sheet), sheet=sheet, revision=sheet.revision,
                            started=timezone.now() - timedelta(seconds=61))
    response = client.get(pdf_url(sheet))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert len(renders) == 1


@override_settings(RATELIMIT_ENABLED=False,
                   TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_a_web_request_only_queues_the_pdf(client: Client, make_sheet,
                                           renders: list[str]) -> None:
    from django_tasks_db.models import DBTaskResult

    sheet = make_sheet(entries=quiet_deals(2))
    for _ in range(5):
        assert client.get(pdf_url(sheet)).status_code == 202
    assert renders == []
    [queued] = DBTaskResult.objects.all()
    assert queued.task_path == "scoresheet.exports.tasks.render_sheet_pdf"
    assert queued.status == "READY"


@override_settings(RATELIMIT_ENABLED=False, PRINT_PART=200)
def test_a_long_sheet_is_printed_in_parts(client: Client, make_sheet, renders: list[str]) -> None:
    sheet = make_sheet(entries=quiet_deals(450))
    last = page(client.get(f"/v/{sheet.view_token}/print/"))
    # by default the last part: rows 401-450, the totals carried forward from row 400
    assert "Part 3 of 3: rows 401–450" in text(last)
    assert "Carried forward" in last
    assert numbers(last) == list(range(401, 451))
    assert 'href="?size=a4&amp;part=1"' in last
    first = page(client.get(f"/v/{sheet.view_token}/print/?part=1"))
    assert "Part 1 of 3: rows 1–200" in text(first)
    assert numbers(first) == list(range(1, 201))
    assert "Carried forward" not in first and "Carried to part 2" in first
    client.get(pdf_url(sheet, part="2"))
    assert "Part 2 of 3: rows 201–400" in text(renders[-1])
    assert text(renders[-1]).count("Carried") == 2  # from part 1, to part 3
    # nothing past the last part, and nonsense is the last part
    assert "Part 3 of 3" in text(page(client.get(f"/v/{sheet.view_token}/print/?part=99")))
    assert "Part 3 of 3" in text(page(client.get(f"/v/{sheet.view_token}/print/?part=x")))


@override_settings(RATELIMIT_ENABLED=False, PRINT_PART=200)
def test_a_sheet_of_one_part_prints_whole_without_part_words(
    client: Client, make_sheet
) -> None:
    sheet = make_sheet(entries=quiet_deals(200))
    html = page(client.get(f"/v/{sheet.view_token}/print/"))
    assert numbers(html) == list(range(1, 201))
    assert "Part " not in text(html) and "Carried" not in html


def with_device(address: str, device: str) -> Client:
    from scoresheet.protect.device import DEVICE_COOKIE

    client = Client(REMOTE_ADDR=address)
    client.cookies[DEVICE_COOKIE] = device_cookie(device)
    return client


@override_settings(RATELIMIT_HEAVY=3, RATELIMIT_HEAVY_ADDRESS=5, RATELIMIT_CLIENT=1000)
def test_pdf_and_export_have_their_own_tight_limit_per_client(
    make_sheet, renders: list[str]
) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    phone = with_device("203.0.113.20", "a1")
    neighbour = with_device("203.0.113.21", "b1")
    assert phone.get(pdf_url(sheet)).status_code == 200
    assert phone.get(f"/v/{sheet.view_token}/export.csv").status_code == 200
    assert phone.get(f"/v/{sheet.view_token}/print/").status_code == 200
    refused = phone.get(f"/v/{sheet.view_token}/export.json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert "Your phone asked for more printouts, files or statistics" in text(page(refused))
    assert phone.get("/stats/").status_code == 429
    assert phone.get(f"/v/{sheet.view_token}/").status_code == 200  # the sheet itself: never
    assert phone.get(f"/v/{sheet.view_token}/table").status_code == 200
    assert neighbour.get(pdf_url(sheet)).status_code == 200
    # another phone behind the same address has its own limit: the address's ceiling is only
    # for phones the site has not served on a link yet (made-up ones)
    same_pub = with_device("203.0.113.20", "c1")
    assert same_pub.get(f"/v/{sheet.view_token}/").status_code == 200  # it sits at the table
    for _ in range(3):
        assert same_pub.get(f"/v/{sheet.view_token}/export.csv").status_code == 200
    made_up = [with_device("203.0.113.20", f"m{n}") for n in range(4)]
    # the address's 5: a1's first printout (it was not established yet) and these four
    assert [p.get(f"/v/{sheet.view_token}/print/").status_code for p in made_up] == [200] * 4
    ceiling = with_device("203.0.113.20", "m9").get(f"/v/{sheet.view_token}/print/")
    assert ceiling.status_code == 429
    assert "Your network asked for more printouts" in text(page(ceiling))
    # the phone already at the table is not refused for them
    assert with_device("203.0.113.20", "a2").get(f"/v/{sheet.view_token}/").status_code == 200


@override_settings(RATELIMIT_HEAVY=2, RATELIMIT_CLIENT=1000, RATELIMIT_HEAVY_QUICK=1000)
def test_a_pdf_already_made_is_a_cheap_read_not_counted_as_heavy(
    make_sheet, renders: list[str]
) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    phone = with_device("203.0.113.22", "d1")
    for _ in range(10):  # made once, then read from storage: never refused
        assert phone.get(pdf_url(sheet)).status_code == 200
    assert len(renders) == 1
    assert phone.get(f"/v/{sheet.view_token}/export.csv").status_code == 200
    assert phone.get(f"/v/{sheet.view_token}/export.json").status_code == 429


@override_settings(RATELIMIT_CLIENT=1000)
def test_one_phone_asking_for_stored_pdfs_faster_than_anyone_taps_is_refused(
    make_sheet, renders: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A PDF already made is a cheap read, but no phone gets more than 10 heavy answers in 2 s
    (settings.RATELIMIT_HEAVY_QUICK): a flood of them would spend its budget all at once."""
    sheet = make_sheet(entries=quiet_deals(2))
    phone = with_device("203.0.113.23", "q1")
    for _ in range(10):
        assert phone.get(pdf_url(sheet)).status_code == 200
    refused = phone.get(f"/v/{sheet.view_token}/export.csv")  # any heavy request
    # the clock stands at second 1,000,040: its 2-s window ends at 1,000,042
    assert refused.status_code == 429 and refused["Retry-After"] == "2"
    assert "faster than anyone can tap" in text(page(refused))
    assert with_device("203.0.113.23", "q2").get(pdf_url(sheet)).status_code == 200  # the
    # next phone at the table has its own
    assert len(renders) == 1
    monkeypatch.setattr(ratelimit.time, "time", lambda: 60 * 16_667 + 22.0)  # the next window
    assert phone.get(pdf_url(sheet)).status_code == 200


@override_settings(RATELIMIT_HEAVY=2, RATELIMIT_CLIENT=1000)
def test_imports_count_against_the_heavy_limit(db: None) -> None:
    phone = with_device("203.0.113.30", "e1")
    for _ in range(2):
        assert phone.post("/import/", {"text": "{}"}).status_code == 400
    assert phone.post("/import/", {"text": "{}"}).status_code == 429
    assert phone.get("/import/").status_code == 200  # the empty form is not heavy


@override_settings(IMPORT_BYTES_PER_DAY=3000, IMPORT_BYTES_PER_ADDRESS=4000, RATELIMIT_HEAVY=100,
                   RATELIMIT_CLIENT=1000)
def test_imports_are_bounded_in_bytes_per_client_and_day(db: None) -> None:
    phone = with_device("203.0.113.31", "f1")
    big = {"text": "{" + " " * 1000 + "}"}  # about 1.2 kB each as a form
    for _ in range(2):
        assert phone.post("/import/", big).status_code == 400  # no sheet, but its bytes count
    refused = phone.post("/import/", big)
    assert refused.status_code == 429
    assert "imported more than 2.9 KB today" in text(page(refused))
    assert "Nothing was imported: try again tomorrow." in text(page(refused))
    assert int(refused["Retry-After"]) > 3600
    other = with_device("203.0.113.31", "f2")  # another phone of the address: its own budget...
    assert other.post("/import/", big).status_code == 400
    assert other.post("/import/", big).status_code == 429  # ...up to the address's ceiling


@override_settings(IMPORT_BYTES_PER_DAY=3000, IMPORT_BYTES_PER_ADDRESS=100_000,
                   RATELIMIT_HEAVY=100, RATELIMIT_CLIENT=1000)
def test_club_season_imports_count_in_the_daily_import_budget(db: None) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    phone = with_device("203.0.113.32", "g1")

    def season_file() -> int:
        upload = SimpleUploadedFile("season.json", b"{" + b" " * 1000 + b"}",
                                    content_type="application/json")
        return int(phone.post("/club/import/", {"file": upload}).status_code)

    assert [season_file(), season_file()] == [400, 400]  # no season, but its bytes count
    assert season_file() == 429
    big = {"text": "{" + " " * 1000 + "}"}
    assert phone.post("/import/", big).status_code == 429  # one budget for every import


@override_settings(RATELIMIT_ENABLED=False, REQUEST_TIMEOUT=1)
def test_a_write_stopped_by_the_time_limit_stores_nothing(
    client: Client, make_sheet, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scoresheet.sheets import services

    sheet = make_sheet(entries=quiet_deals(1))
    url = f"/s/{sheet.edit_token}/entries/new/deal/"
    deal = quiet_deals(2)[1]
    data = {**write_fields(page(client.get(url))), "declarer": str(deal["declarer"]),
            "contract": "100", **{f"points_{i}": str(p) for i, p in enumerate(deal["points"])}}
    real = services._push

    def slow_push(*args: Any, **kwargs: Any) -> Any:
        # inside the write's transaction, the entry row already written: too slow from here
        time.sleep(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(services, "_push", slow_push)
    assert client.post(url, data).status_code == 503
    sheet.refresh_from_db()
    assert sheet.revision == 1 and sheet.entries.count() == 1


def test_statistics_read_a_bounded_number_of_entries(
    client: Client, make_sheet, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scoresheet.exports import stats

    monkeypatch.setattr(stats, "MAX_ENTRIES", 10)
    old = make_sheet(entries=quiet_deals(8))
    new = make_sheet(entries=quiet_deals(6), players=["Dana", "Emil", "Fero"])
    session = client.session
    session["sheets"] = [[new.pk, "edit"], [old.pk, "edit"]]
    session.save()
    Sheet.objects.filter(pk=new.pk).update(updated=timezone.now() + timedelta(minutes=1))
    html = text(page(client.get("/stats/")))
    assert "Counted from 1 sheet." in html
    assert "1 older sheet was not read" in html
    assert "Dana" in html and "Anna" not in html


@override_settings(PROXY_HOPS=1, RATELIMIT_HEAVY_RATE=6, RATELIMIT_HEAVY=1000,
                   RATELIMIT_HEAVY_ADDRESS=1000, RATELIMIT_CLIENT=1000)
def test_an_address_asking_for_tournament_printouts_too_fast_is_refused_at_its_rate(
    db: None, renders: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Table cards already made are cheap reads, given back to the per-minute limits; the
    address's rate counts them all: 6 per 10 s here (200 by default, a hall of 400 phones)."""
    from scoresheet.tournament import logic
    from scoresheet.tournament.models import Table
    from tests.tournament.helpers import make_tournament

    t = make_tournament(8, rounds=1)
    logic.start(logic.draw(t, seed=1))
    tables = list(Table.objects.filter(round__tournament=t))
    assert len(tables) == 2
    urls = [f"/t/{t.director_token}/tables/{table.pk}/card.pdf" for table in tables]
    director = Client(HTTP_X_FORWARDED_FOR="198.51.100.7")  # the hall's director, at work
    for _ in range(2):  # the second time with the device cookie the first answer gave
        assert director.get(f"/t/{t.director_token}/").status_code == 200

    def made_up() -> Client:  # a phone never served before, with no cookie: a new one each time
        return Client(HTTP_X_FORWARDED_FOR="198.51.100.7")

    statuses = [made_up().get(urls[i % 2]).status_code for i in range(6)]
    assert set(statuses) <= {200, 202}  # made once each, then from storage
    assert len(renders) == 2
    refused = made_up().get(urls[0])
    # 6 in the window ending at second 1,000,050 (the clock stands at 1,000,040)
    assert refused.status_code == 429 and refused["Retry-After"] == "10"
    assert "full tournament hall" in text(page(refused))
    assert made_up().get(urls[1]).status_code == 429  # another one of the same address
    # the director, established behind the same address, is not refused for them
    assert director.get(urls[1]).status_code == 200
    other = Client(HTTP_X_FORWARDED_FOR="198.51.100.8")  # the next hall's address
    assert other.get(urls[0]).status_code == 200
    monkeypatch.setattr(ratelimit.time, "time", lambda: 60 * 16_667 + 30.0)  # the next window
    assert made_up().get(urls[0]).status_code == 200


def test_one_client_in_the_pub_does_not_get_the_pubs_printouts_and_files_refused(
    make_sheet, renders: list[str]
) -> None:
    """The shipped limits.  Behind a pub's address, one phone asks for files until it is
    refused, and phones made up for every request ask until the address's share is spent; the
    thirty phones already at the pub's tables still get their PDF, print view, CSV and JSON."""
    pub = "203.0.113.44"
    sheets = [make_sheet(entries=quiet_deals(2)) for _ in range(10)]
    tables = [(with_device(pub, f"t{n}"), sheets[n % 10]) for n in range(30)]
    for client, sheet in tables:  # each sits at its table first
        assert client.get(f"/v/{sheet.view_token}/").status_code == 200
    abuser = with_device(pub, "abuser")
    assert abuser.get(f"/v/{sheets[0].view_token}/").status_code == 200
    flood = [abuser.get(f"/v/{sheets[0].view_token}/export.csv").status_code for _ in range(40)]
    assert 429 in flood
    made_up = [Client(REMOTE_ADDR=pub).get(f"/v/{sheets[0].view_token}/print/").status_code
               for _ in range(210)]
    assert 429 in made_up  # the address's rate for phones it never saw is spent
    for client, sheet in tables:
        link = f"/v/{sheet.view_token}"
        answers = [client.get(f"{link}/sheet.pdf").status_code,
                   client.get(f"{link}/print/").status_code,
                   client.get(f"{link}/export.csv").status_code,
                   client.get(f"{link}/export.json").status_code]
        assert set(answers) <= {200, 202}, answers
