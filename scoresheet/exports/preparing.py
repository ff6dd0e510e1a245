"""The answer of a PDF link: the PDF when the task worker has made it, else the page that says
"preparing your PDF…" and asks again (htmx every few seconds; without JavaScript, a refresh link),
or the reason it cannot be made, in players' words.  While no task worker runs (none has shown
itself lately: scoresheet/exports/worker.py), the page says so instead of promising the PDF
in a few seconds, and points to the print view; it keeps asking, and shows the PDF's link once
a worker is back and has made it."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django_tasks import task_backends

from scoresheet.exports import pdfstore
from scoresheet.exports.pdfstore import Prepared
from scoresheet.exports.worker import printer_running
from scoresheet.protect.ratelimit import CHEAP
from scoresheet.sheets.views.access import HtmxHttpRequest

POLL_SECONDS = 2  # how often the page asks whether the PDF is there


def error_text(error: str, *, limit: int = 0) -> str:
    if error == pdfstore.TOO_BIG:
        return _(
            "This PDF would be too long to make in one piece: it may hold at most %(max)s "
            "table sheets. Print the results page, and each table's sheet from its own link."
        ) % {"max": limit}
    return _("This PDF could not be made. Try again later.")


def no_printer() -> bool:
    """Work is queued for task workers, and none runs."""
    return bool(task_backends["default"].supports_defer) and not printer_running()


def answer(request: HtmxHttpRequest, prepared: Prepared, *, url: str, name: str,
           back: str = "", limit: int = 0, print_view: str = "") -> HttpResponse:
    """The PDF (a cheap read of storage), or the page that waits for it, or why it cannot be.
    Unless this request queued the PDF's task, it did no heavy work, and the heavy limit gives
    its count back (scoresheet/protect/ratelimit.py)."""
    response = _answer(request, prepared, url=url, name=name, back=back, limit=limit,
                       print_view=print_view)
    setattr(response, CHEAP, not prepared.queued)
    return response


def _answer(request: HtmxHttpRequest, prepared: Prepared, *, url: str, name: str,
            back: str, limit: int, print_view: str) -> HttpResponse:
    if prepared.content is not None and not request.htmx:
        response = HttpResponse(prepared.content, content_type="application/pdf")
        response["Content-Disposition"] = content_disposition_header(False, name) or ""
        response["X-Content-Type-Options"] = "nosniff"
        return response
    context = {"url": url, "back": back, "ready": prepared.ready, "poll": POLL_SECONDS,
               "error": error_text(prepared.error, limit=limit) if prepared.error else "",
               "print_view": print_view}
    if not prepared.ready and not prepared.error:
        context["no_printer"] = no_printer()
    template = "exports/preparing.html"
    if request.htmx:
        template += "#status"
    status = 200 if prepared.ready else (422 if prepared.error else 202)
    if request.htmx and status == 202:
        status = 200  # htmx swaps only what succeeded
    response = render(request, template, context, status=status)
    response["Cache-Control"] = "no-store"
    if not prepared.ready and not prepared.error:
        response["Retry-After"] = str(pdfstore.RETRY_AFTER)
    return response
