"""A page whose largest part is compressed once, not on every request.

The rows of a long sheet are most of its page (1,000 deals: about 700 kB of HTML, 11 kB
gzip).  They change only with the sheet's revision, so they are kept compressed in the cache
(``Deflated``, scoresheet/sheets/derived.py) and a page is sent as one gzip stream made of three
parts: the page before the rows and the page after them, compressed for this request, and the
rows as they were compressed once.  Deflate allows this: each part is compressed on its own
and ends on a byte boundary (a sync flush), so the parts follow one another as blocks of one
stream; the gzip trailer's CRC-32 of the whole is combined from the CRCs of the parts.  What a
browser receives decompresses to exactly the page Django's GZipMiddleware would have sent, with
the same padding against BREACH (a random file name in the gzip header).

A client that does not accept gzip gets the page uncompressed, as before.
"""

from __future__ import annotations

import secrets
import struct
import zlib
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware, re_accepts_gzip
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe

LEVEL = 6  # as GZipMiddleware
POLY = 0xEDB88320  # CRC-32's polynomial, bits reversed (as zlib)
MARK = f"<!--rows {secrets.token_hex(8)}-->"  # where the rows go, in one rendering of a page


def _multmodp(a: int, b: int) -> int:
    """a(x) b(x) modulo the CRC-32 polynomial (zlib's multmodp); ``a`` is never 0 here."""
    m = 1 << 31
    p = 0
    while True:
        if a & m:
            p ^= b
            if not a & (m - 1):
                return p
        m >>= 1
        b = (b >> 1) ^ POLY if b & 1 else b >> 1


_X2N = [1 << 30]  # x^(2^k) modulo the polynomial, k = 0..31
for _k in range(31):
    _X2N.append(_multmodp(_X2N[-1], _X2N[-1]))


def crc_shift(length: int) -> int:
    """x^(8 length) modulo the polynomial: what moves a CRC past ``length`` bytes (zlib's
    x2nmodp), so that :func:`crc_combine` needs no pass over those bytes."""
    p = 1 << 31  # x^0
    k = 3
    while length:
        if length & 1:
            p = _multmodp(_X2N[k & 31], p)
        length >>= 1
        k += 1
    return p


def crc_combine(crc1: int, crc2: int, shift: int) -> int:
    """The CRC-32 of A + B from crc32(A), crc32(B) and crc_shift(len(B)) (zlib's crc32_combine)."""
    return _multmodp(shift, crc1) ^ crc2


@dataclass(frozen=True)
class Deflated:
    """A text compressed once to be sent many times: raw deflate blocks ending on a byte
    boundary, the CRC-32 and the length of its UTF-8 bytes."""

    data: bytes
    crc: int
    size: int
    shift: int

    @classmethod
    def compress(cls, text: str) -> Deflated:
        raw = text.encode()
        compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
        data = compressor.compress(raw) + compressor.flush(zlib.Z_SYNC_FLUSH)
        return cls(data=data, crc=zlib.crc32(raw), size=len(raw), shift=crc_shift(len(raw)))

    def text(self) -> str:
        return zlib.decompressobj(-zlib.MAX_WBITS).decompress(self.data).decode()


def _header() -> bytes:
    """A gzip header as Django's compress_string writes it: no time, a random-length name."""
    padding = b"a" * secrets.randbelow(GZipMiddleware.max_random_bytes)
    return b"\x1f\x8b\x08" + bytes([0x08]) + b"\x00\x00\x00\x00\x00\xff" + padding + b"\x00"


def spliced(head: bytes, middle: Deflated, tail: bytes) -> bytes:
    """One gzip stream of head + middle + tail, compressing only head and tail."""
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    first = compressor.compress(head) + compressor.flush(zlib.Z_SYNC_FLUSH)
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    last = compressor.compress(tail) + compressor.flush(zlib.Z_FINISH)
    crc = zlib.crc32(tail, crc_combine(zlib.crc32(head), middle.crc, middle.shift))
    size = (len(head) + middle.size + len(tail)) & 0xFFFFFFFF
    return b"".join((_header(), first, middle.data, last, struct.pack("<II", crc, size)))


def accepts_gzip(request: HttpRequest) -> bool:
    return bool(re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))


def page(request: HttpRequest, template: str, context: dict[str, Any], rows: Deflated | None,
         *, status: int = 200, name: str = "rows_html") -> HttpResponse:
    """``template`` rendered with ``rows`` (the text of ``context[name]``) in it: spliced in
    compressed when the client accepts gzip, else as text."""
    if rows is None or not rows.size or not accepts_gzip(request):
        if rows is not None:
            context[name] = mark_safe(rows.text())  # noqa: S308 (rendered, escaped)
        return HttpResponse(render_to_string(template, context, request), status=status)
    context[name] = mark_safe(MARK)  # noqa: S308
    html = render_to_string(template, context, request)
    head, found, tail = html.partition(MARK)
    if not found or MARK in tail:  # (never: the mark is made for this process)
        return HttpResponse(html.replace(MARK, rows.text()), status=status)
    response = HttpResponse(spliced(head.encode(), rows, tail.encode()), status=status)
    response["Content-Encoding"] = "gzip"
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


# Bytes that are compressed already: gzip would spend CPU on every download for nothing (a
# 300 kB PDF, about 5 ms), and the browser would unpack what it then reads as it was.
COMPRESSED_TYPES = ("application/pdf", "image/png", "image/jpeg", "image/webp", "application/zip")


class TextGZipMiddleware(GZipMiddleware):
    """Django's GZipMiddleware for pages, partials and text files; PDFs and images pass as
    they are (they are compressed in their own format)."""

    def process_response(self, request: HttpRequest,
                         response: HttpResponseBase) -> HttpResponseBase:
        if str(response.get("Content-Type", "")).startswith(COMPRESSED_TYPES):
            return response
        return super().process_response(request, response)
