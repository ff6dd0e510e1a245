"""Heavy work is bounded and shared: a PDF is rendered once per revision, size, part and
language and served from the database after that (scoresheet/exports/pdfstore.py); a long sheet is
printed in parts; PDF, print, export, statistics and import have their own tight limit per
client; no request holds a worker past settings.REQUEST_TIMEOUT
(scoresheet/protect/timelimit.py)."""

from __future__ import annotations

import re
import threading
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
def test_a_pdf_being_rendered_is_waited_for_not_rendered_twice(
    client: Client, make_sheet, renders: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    key = key_of(sheet)
    Rendered.objects.create(key=key, sheet=sheet, revision=sheet.revision,
                            started=timezone.now())  # another request is rendering it

    def finish() -> None:
        time.sleep(0.5)
        Rendered.objects.filter(key=key).update(content=b"%PDF-other")

    monkeypatch.setattr(pdfstore, "WAIT", 5.0)
    monkeypatch.setattr(pdfstore, "pause", lambda s: finish())
    response = client.get(pdf_url(sheet))
    assert response.status_code == 200 and response.content == b"%PDF-other"
    assert renders == []


@override_settings(RATELIMIT_ENABLED=False)
def test_a_pdf_that_is_not_ready_in_time_answers_503_and_renders_nothing(
    client: Client, make_sheet, renders: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    key = key_of(sheet)
    Rendered.objects.create(key=key, sheet=sheet, revision=sheet.revision, started=timezone.now())
    monkeypatch.setattr(pdfstore, "WAIT", 0.3)
    response = client.get(pdf_url(sheet))
    assert response.status_code == 503
    assert int(response["Retry-After"]) >= 1
    assert "being made" in text(page(response))
    assert renders == []


@override_settings(RATELIMIT_ENABLED=False, PDF_CONCURRENT=2)
def test_at_most_pdf_concurrent_renderings_run_at_once(
    client: Client, make_sheet, renders: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    busy = [make_sheet(entries=quiet_deals(1)) for _ in range(2)]
    for other in busy:  # two renderings of other sheets are running
        Rendered.objects.create(key=key_of(other), sheet=other,
                                revision=other.revision, started=timezone.now())
    sheet = make_sheet(entries=quiet_deals(2))
    monkeypatch.setattr(pdfstore, "WAIT", 0.3)
    assert client.get(pdf_url(sheet)).status_code == 503
    assert renders == []
    # a claim older than the request time limit belongs to a stopped request: not counted
    Rendered.objects.filter(sheet=busy[0]).update(started=timezone.now() - timedelta(hours=1))
    assert client.get(pdf_url(sheet)).status_code == 200
    assert len(renders) == 1


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


@override_settings(RATELIMIT_HEAVY=3, RATELIMIT_CLIENT=1000)
def test_pdf_and_export_have_their_own_tight_limit_per_client(
    make_sheet, renders: list[str]
) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    phone, neighbour = Client(REMOTE_ADDR="203.0.113.20"), Client(REMOTE_ADDR="203.0.113.21")
    assert phone.get(pdf_url(sheet)).status_code == 200
    assert phone.get(f"/v/{sheet.view_token}/export.csv").status_code == 200
    assert phone.get(f"/v/{sheet.view_token}/print/").status_code == 200
    refused = phone.get(f"/v/{sheet.view_token}/export.json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert "More than 3 printouts, files or statistics" in text(page(refused))
    assert phone.get("/stats/").status_code == 429
    assert phone.get(f"/v/{sheet.view_token}/").status_code == 200  # the sheet itself: never
    assert phone.get(f"/v/{sheet.view_token}/table").status_code == 200
    assert neighbour.get(pdf_url(sheet)).status_code == 200


@override_settings(RATELIMIT_HEAVY=2, RATELIMIT_CLIENT=1000)
def test_imports_count_against_the_heavy_limit(db: None) -> None:
    phone = Client(REMOTE_ADDR="203.0.113.30")
    for _ in range(2):
        assert phone.post("/import/", {"text": "{}"}).status_code == 400
    assert phone.post("/import/", {"text": "{}"}).status_code == 429
    assert phone.get("/import/").status_code == 200  # the empty form is not heavy


@override_settings(RATELIMIT_ENABLED=False, REQUEST_TIMEOUT=1)
def test_no_request_holds_a_worker_past_the_time_limit(
    client: Client, make_sheet, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = make_sheet(entries=quiet_deals(2))

    finished = []

    def slow(html: str, *, size: Any = None) -> bytes:
        time.sleep(10)
        finished.append(True)  # reached only if nothing stopped the sleep
        return b"%PDF-never"

    monkeypatch.setattr(printing, "render_pdf", slow)
    response = client.get(pdf_url(sheet))
    assert response.status_code == 503
    assert "took longer than 1 seconds" in text(page(response))
    assert finished == []  # the rendering was stopped in its sleep, not waited for
    # the stopped rendering left no claim behind: the next request renders it
    assert not Rendered.objects.filter(sheet=sheet).exists()


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


@override_settings(RATELIMIT_ENABLED=False)
def test_concurrent_requests_for_one_pdf_render_it_once(
    transactional_db: None, make_sheet, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = make_sheet(entries=quiet_deals(2))
    made: list[int] = []
    lock = threading.Lock()

    def slow(html: str, *, size: Any = None) -> bytes:
        with lock:
            made.append(1)
        time.sleep(1.0)
        return b"%PDF-once"

    monkeypatch.setattr(printing, "render_pdf", slow)
    monkeypatch.setattr(pdfstore, "WAIT", 60.0)  # a busy machine: the others wait for it
    results: list[tuple[int, bytes]] = []

    def ask() -> None:
        from django.db import connection

        try:
            response = Client().get(pdf_url(sheet))
            results.append((response.status_code, response.content))
        finally:
            connection.close()

    threads = [threading.Thread(target=ask) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert made == [1]
    assert results == [(200, b"%PDF-once")] * 5
