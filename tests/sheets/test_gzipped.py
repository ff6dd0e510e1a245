"""A sheet page is sent compressed with its rows compressed once per revision
(scoresheet/sheets/gzipped.py): what a phone receives must decompress to exactly the page it would
get
uncompressed, through both links, cold or warm, and the gzip stream must be a valid one."""

from __future__ import annotations

import gzip
import random
import re
import zlib
from typing import Any

import pytest
from django.urls import reverse

from scoresheet.sheets import gzipped
from tests.conftest import quiet_deals
from tests.sheets.helpers import HX

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}
# what differs between two renderings of the same edit page: the CSRF token and the forms' keys
PER_REQUEST = re.compile(r'(name="(?:csrfmiddlewaretoken|key)" value="|"X-CSRFToken": ")[^"]*(")')


def same_page(html: str) -> str:
    return PER_REQUEST.sub(r"\1\2", html)


@pytest.mark.parametrize("seed", range(40))
def test_crc_of_two_parts_is_combined_as_the_crc_of_the_whole(seed: int) -> None:
    rng = random.Random(seed)
    a = rng.randbytes(rng.choice([0, 1, 7, 300, 5000]))
    b = rng.randbytes(rng.choice([0, 1, 2, 64, 999, 70000]))
    combined = gzipped.crc_combine(zlib.crc32(a), zlib.crc32(b), gzipped.crc_shift(len(b)))
    assert combined == zlib.crc32(a + b)


@pytest.mark.parametrize("seed", range(20))
def test_three_parts_spliced_are_one_gzip_stream_of_the_whole(seed: int) -> None:
    rng = random.Random(seed)
    words = ["<tr>", "Anna", "Černý ♥", "Жора", "●", "\n", "120", "&amp;", "x" * 300]
    head, middle, tail = ("".join(rng.choice(words) for _ in range(rng.randrange(1, 3000)))
                          for _ in range(3))
    body = gzipped.spliced(head.encode(), gzipped.Deflated.compress(middle), tail.encode())
    assert gzip.decompress(body) == (head + middle + tail).encode()
    assert gzipped.Deflated.compress(middle).text() == middle


def get(client: Any, url: str, **headers: str) -> Any:
    response = client.get(url, **headers)
    assert response.status_code == 200
    return response


@pytest.mark.parametrize("link", ["sheet", "sheet_read"])
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "live-table"])
def test_the_page_sent_compressed_is_the_page_sent_uncompressed(
        client: Any, make_sheet: Any, link: str, htmx: bool) -> None:
    sheet = make_sheet(entries=quiet_deals(40))
    token = sheet.edit_token if link == "sheet" else sheet.view_token
    url = reverse(link, args=[token])
    if htmx:
        url = reverse("sheet_table" if link == "sheet" else "sheet_read_table", args=[token])
    extra = HX if htmx else {}
    for _ in range(2):  # a cold cache, then a warm one
        compressed = get(client, url, **GZIP, **extra)
        plain = get(client, url, **extra)
        assert compressed["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in compressed["Vary"]
        assert "Content-Encoding" not in plain
        html = gzip.decompress(compressed.content).decode()
        assert same_page(html) == same_page(plain.content.decode())
        assert html.count('class="row kind-') == 40


def test_the_gzip_header_is_padded_against_breach_as_djangos(client: Any,
                                                             make_sheet: Any) -> None:
    sheet = make_sheet(entries=quiet_deals(5))
    url = reverse("sheet_read", args=[sheet.view_token])
    lengths = set()
    for _ in range(20):
        body = get(client, url, **GZIP).content
        assert body[:4] == b"\x1f\x8b\x08\x08"  # gzip, deflate, a file name follows
        lengths.add(body.index(b"\x00", 10) - 10)
    assert len(lengths) > 3


def test_an_empty_sheet_says_no_rows_yet_compressed_or_not(client: Any, make_sheet: Any) -> None:
    sheet = make_sheet(entries=[])
    url = reverse("sheet", args=[sheet.edit_token])
    html = gzip.decompress(get(client, url, **GZIP).content).decode()
    assert "No rows yet." in html
    assert same_page(html) == same_page(get(client, url).content.decode())


@pytest.mark.parametrize(("content_type", "compressed"), [
    ("application/pdf", False), ("image/png", False),
    ("text/html; charset=utf-8", True), ("text/csv; charset=utf-8", True)])
def test_pages_are_compressed_and_pdfs_and_images_pass_as_they_are(
        rf: Any, content_type: str, compressed: bool) -> None:
    from django.http import HttpResponse

    body = b"%PDF-1.7 " + b"a quite repetitive body " * 200
    middleware = gzipped.TextGZipMiddleware(
        lambda request: HttpResponse(body, content_type=content_type))
    response = middleware(rf.get("/", HTTP_ACCEPT_ENCODING="gzip, deflate"))
    assert (response.get("Content-Encoding") == "gzip") is compressed
    assert (gzip.decompress(response.content) if compressed else response.content) == body
