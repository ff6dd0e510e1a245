"""A sheet's PDF is rendered once per revision, size, part and language, then served from the
database (:class:`scoresheet.protect.models.Rendered`).

Why a table of its own rather than Django's cache: every app server sees it (the cache is the
deployment's choice and may be per process), an entry is never evicted while its revision is
current (a cache culls at random when full), it goes with its sheet (a foreign key), and its
empty row is the claim that lets one request render while the others wait: five requests for
the same PDF at once make one rendering, not five.

Bounds: at most ``settings.PDF_CONCURRENT`` renderings run at once on the whole site; a request
that finds the PDF being rendered (or too many renderings running) waits at most
:data:`WAIT` seconds, then gets :class:`Busy` (a 503 with Retry-After).  A claim older than
``settings.REQUEST_TIMEOUT`` belongs to a request that was stopped or a worker that died, and
is taken over.  What one rendering costs is bounded by the parts a long sheet is printed in
(``settings.PRINT_PART`` entries each, scoresheet/exports/printing.py).
"""

from __future__ import annotations

import hashlib
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation

from scoresheet.exports.models import Rendered
from scoresheet.exports.printing import PaperSize, make_pdf, parts_of
from scoresheet.sheets.models import Sheet

FORMAT = 1  # raise when the printout's template changes, so that no old PDF is served
WAIT = 5.0  # seconds a request waits for a PDF another request is rendering
POLL = 0.2  # seconds between two looks at it
RETRY_AFTER = 10  # seconds a phone is asked to wait when the PDF is not ready


class Busy(Exception):
    """The PDF is being rendered by another request, or too many are being rendered."""


def pdf_key(sheet: Sheet, *, size: str, part: int | None) -> str:
    """What makes one PDF: the sheet, its revision, the size, the part, the language, the
    scorer's name (it is printed and changes no revision), the part length, the format.
    ``part`` None is the last part."""

    if part is None:
        part = parts_of(sheet.entries.count())
    language = sheet.print_language or translation.get_language() or ""
    text = "\x1f".join(str(v) for v in (
        sheet.pk, sheet.revision, size, part, language,
        sheet.scorer, settings.PRINT_PART, FORMAT))
    return "pdf:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def sheet_pdf(sheet: Sheet, *, size: PaperSize = PaperSize.A4, part: int | None = None) -> bytes:
    """The print view of ``sheet`` (of one part of a long sheet) as a PDF, rendered once per
    revision, size, part and language and kept."""
    return stored_pdf(sheet, size=size, part=part)


def stored_pdf(sheet: Sheet, *, size: object, part: int | None) -> bytes:
    """The PDF from the table, or rendered now (and kept) if nobody has rendered it yet."""

    paper = PaperSize.from_query(size)
    key = pdf_key(sheet, size=paper.value, part=part)
    deadline = time.monotonic() + WAIT
    while True:
        row = Rendered.objects.filter(key=key).values_list("content", "started").first()
        if row is not None and row[0] is not None:
            return bytes(row[0])
        if _claim(sheet, key, row[1] if row is not None else None):
            break
        if time.monotonic() >= deadline:
            raise Busy(key)
        pause(POLL)
    try:
        pdf = make_pdf(sheet, size=paper, part=part)
    except BaseException:
        Rendered.objects.filter(key=key, content__isnull=True).delete()
        raise
    Rendered.objects.filter(key=key).update(content=pdf)
    # Only the current revision of a sheet is kept.
    Rendered.objects.filter(sheet=sheet, revision__lt=sheet.revision).delete()
    return pdf


def pause(seconds: float) -> None:
    time.sleep(seconds)


def _claim(sheet: Sheet, key: str, started: datetime | None) -> bool:
    """Take the right to render ``key``: True when this request renders it."""
    now = timezone.now()
    stale = now - timedelta(seconds=int(settings.REQUEST_TIMEOUT) + 5)
    if started is not None:
        # Someone claimed it: take it over only when that request is long gone.
        return bool(Rendered.objects.filter(
            key=key, content__isnull=True, started=started, started__lt=stale
        ).update(started=now))
    running = Rendered.objects.filter(content__isnull=True, started__gte=stale).count()
    if running >= int(settings.PDF_CONCURRENT):
        return False
    try:
        with transaction.atomic():
            Rendered.objects.create(key=key, sheet=sheet, revision=sheet.revision, started=now)
    except IntegrityError:
        return False
    return True
