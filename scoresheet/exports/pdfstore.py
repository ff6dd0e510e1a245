"""PDFs are made by the task worker, once per revision, and served from the database
(:class:`scoresheet.exports.models.Rendered`).

A web request never renders: it looks the PDF up by its key (what makes one PDF: the sheet or
tournament, its revision, the size, part and language...).  Found, it is a cheap download.  Not
found, the request writes the row that claims it (one atomic insert: five requests for the same
PDF queue one task, not five), queues the task (scoresheet/exports/tasks.py) and answers "preparing
your PDF…"; the page asks again until it is there.  As many PDFs are made at once as there are
task workers, by construction; what one task may render is bounded (a sheet is printed in parts of
``settings.PRINT_PART`` entries, a tournament's results hold at most
``settings.RESULTS_MAX_TABLES`` table sheets).

Why a table of its own rather than Django's cache: every app server and the task worker see it
(the cache is the deployment's choice and may be per process), an entry is never evicted while its
revision is current (a cache culls at random when full), and a sheet's PDFs go with the sheet.
A claim older than ``settings.TASK_STALE`` seconds belongs to a worker that died or a queue that
was lost, and is queued again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation

from scoresheet.exports.models import Rendered
from scoresheet.exports.printing import PaperSize, make_pdf, parts_of
from scoresheet.sheets.models import Sheet

FORMAT = 2  # raise when the printout's template changes, so that no old PDF is served
RETRY_AFTER = 3  # seconds a phone is asked to wait when the PDF is not ready
TOO_BIG = "too-big"  # the error code of a PDF that is more than one task may render


@dataclass(frozen=True, kw_only=True)
class Prepared:
    """What a request finds: the PDF, the reason it cannot be made, or neither (it is being
    made)."""

    content: bytes | None = None
    error: str = ""
    queued: bool = False  # this request queued its task (else it only read storage)

    @property
    def ready(self) -> bool:
        return self.content is not None


def digest(*parts: object) -> str:
    text = "\x1f".join(str(v) for v in (*parts, FORMAT))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def pdf_key(sheet: Sheet, *, size: str, part: int | None) -> str:
    """What makes one PDF: the sheet, its revision, the size, the part, the language, the
    scorer's name (it is printed and changes no revision), the part length, the format.
    ``part`` None is the last part."""

    if part is None:
        part = parts_of(sheet.entries.count())
    language = sheet.print_language or translation.get_language() or ""
    return "pdf:" + digest(sheet.pk, sheet.revision, size, part, language, sheet.scorer,
                           settings.PRINT_PART)


def look(key: str) -> Prepared | None:
    """The stored PDF (or its error), None when nobody asked for it yet or its claim is stale."""
    row = Rendered.objects.filter(key=key).values_list("content", "error", "started").first()
    if row is None:
        return None
    content, error, started = row
    if content is not None:
        return Prepared(content=bytes(content))
    if error:
        return Prepared(error=error)
    if started < timezone.now() - timedelta(seconds=int(settings.TASK_STALE)):
        return None
    return Prepared()


def prepare(key: str, enqueue: Callable[[], object], *, sheet: Sheet | None = None,
            revision: int = 0, group: str = "") -> Prepared:
    """The PDF of ``key`` if it is made; else claim it and queue ``enqueue`` (once, whoever asks)
    and answer that it is being made.  With the immediate task backend (the tests) the task has
    run when ``enqueue`` returns, and its PDF is answered at once."""
    found = look(key)
    if found is not None:
        return found
    now = timezone.now()
    stale = now - timedelta(seconds=int(settings.TASK_STALE))
    try:
        with transaction.atomic():
            taken = Rendered.objects.filter(key=key, content__isnull=True, error="",
                                            started__lt=stale).update(started=now)
            if not taken:
                Rendered.objects.create(key=key, sheet=sheet, revision=revision, group=group,
                                        started=now)
    except IntegrityError:  # another request claimed it meanwhile: it queued the task
        return look(key) or Prepared()
    try:
        enqueue()
    except BaseException:
        Rendered.objects.filter(key=key, content__isnull=True).delete()
        raise
    found = look(key) or Prepared()
    return Prepared(content=found.content, error=found.error, queued=True)


def store(key: str, content: bytes) -> None:
    """Keep the PDF the task made; older revisions of the same sheet or group are deleted."""
    row = Rendered.objects.filter(key=key).values_list("sheet_id", "group", "revision").first()
    if row is None:  # asked of a task directly: nobody claimed it
        return
    Rendered.objects.filter(key=key).update(content=content, error="")
    sheet_id, group, revision = row
    if sheet_id is not None:
        Rendered.objects.filter(sheet_id=sheet_id, revision__lt=revision).delete()
    if group:
        Rendered.objects.filter(group=group, revision__lt=revision).delete()


def fail(key: str, error: str) -> None:
    """The PDF of ``key`` cannot be made: ``error`` says why (a code, e.g. :data:`TOO_BIG`)."""
    Rendered.objects.filter(key=key).update(error=error)


def sheet_pdf(sheet: Sheet, *, size: PaperSize = PaperSize.A4, part: int | None = None) -> bytes:
    """The PDF of ``sheet`` (of one part of a long sheet), from storage or made now and kept.
    Only for the task worker (the mail task attaches it): a web request asks :func:`prepare`."""
    paper = PaperSize.from_query(size)
    key = pdf_key(sheet, size=paper.value, part=part)
    found = look(key)
    if found is not None and found.content is not None:
        return found.content
    pdf = make_pdf(sheet, size=paper, part=part)
    try:
        with transaction.atomic():
            Rendered.objects.get_or_create(key=key, defaults={
                "sheet": sheet, "revision": sheet.revision, "started": timezone.now()})
    except IntegrityError:
        pass
    store(key, pdf)
    return pdf
