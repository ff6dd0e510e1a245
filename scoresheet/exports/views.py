"""The sheet leaves the phone: export (JSON, CSV), import, print, PDF, mail, statistics.

Every view of one sheet exists under the edit link (``/s/<token>/...``) and, except those that
change something (mail, the sheet's export settings), under the read-only link
(``/v/<token>/...``); ``mode`` says which link was used.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_tasks import TaskResultStatus

import rules
from rules.engine import MAX_NAME
from scoresheet.exports import documents as exports
from scoresheet.exports import pdfstore, preparing, stats, tasks
from scoresheet.exports.mailing import MailForm
from scoresheet.exports.printing import PaperSize, part_of, print_html
from scoresheet.protect import budget, ratelimit
from scoresheet.sheets import services
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.paper import paper_of
from scoresheet.sheets.validators import SingleLineValidator
from scoresheet.sheets.views.access import (
    HtmxHttpRequest,
    Mode,
    device_of,
    get_sheet_for_edit,
    get_sheet_for_view,
    known_sheets,
    remember,
)
from scoresheet.sheets.words import game_label, join_names

EDIT = Mode.EDIT.value
VIEW = Mode.VIEW.value


# --------------------------------------------------------------------------- access and links


def get_sheet(token: str, mode: str) -> Sheet:
    """The sheet of an edit or a read-only link (404 for anything else)."""
    if mode == EDIT:
        return get_sheet_for_edit(token)
    if mode == VIEW:
        return get_sheet_for_view(token)
    raise Http404


def links(sheet: Sheet, mode: str) -> dict[str, str]:
    """The URLs of every export of ``sheet`` reachable through the link that was used."""
    token = sheet.edit_token if mode == EDIT else sheet.view_token
    suffix = "" if mode == EDIT else "_read"
    out = {
        "back": reverse("sheet" if mode == EDIT else "sheet_read", args=[token]),
        "export": reverse(f"export{suffix}", args=[token]),
        "json": reverse(f"export_json{suffix}", args=[token]),
        "csv": reverse(f"export_csv{suffix}", args=[token]),
        "print": reverse(f"print{suffix}", args=[token]),
        "pdf": reverse(f"pdf{suffix}", args=[token]),
    }
    if mode == EDIT:
        out["mail"] = reverse("mail", args=[token])
        out["settings"] = reverse("export_settings", args=[token])
    return out


def _download(content: str | bytes, content_type: str, name: str, *,
              attachment: bool = True) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(attachment, name) or ""
    response["X-Content-Type-Options"] = "nosniff"
    return response


# --------------------------------------------------------------------------- the export page


class SheetSettingsForm(forms.Form):
    """What the exports need besides the entries: counting in the statistics, the scorer."""

    in_stats = forms.BooleanField(
        label=gettext_lazy("Count this sheet in the players' statistics"), required=False
    )
    scorer = forms.CharField(
        label=gettext_lazy("Scorer (signs the printed sheet)"),
        max_length=MAX_NAME,
        required=False,
        validators=[SingleLineValidator()],
    )


def _export_context(sheet: Sheet, mode: str, **extra: Any) -> dict[str, Any]:
    paper = paper_of(sheet.game)
    context: dict[str, Any] = {
        "sheet": sheet,
        "mode": mode,
        "can_edit": mode == EDIT,
        "links": links(sheet, mode),
        "sizes": list(PaperSize),
        "signed": paper.signed,
    }
    if mode == EDIT:
        context.setdefault(
            "settings_form",
            SheetSettingsForm(initial={"in_stats": sheet.in_stats, "scorer": sheet.scorer}),
        )
        context.setdefault("mail_form", MailForm())
    context.update(extra)
    return context


@require_GET
def export_page(request: HttpRequest, token: str, mode: str) -> HttpResponse:
    """Every way out: files, print, PDF, and (with the edit link) mail and the settings."""
    sheet = get_sheet(token, mode)
    return render(request, "exports/index.html", _export_context(sheet, mode))


@require_POST
def export_settings(request: HttpRequest, token: str) -> HttpResponse:
    """Leave the sheet out of the statistics (or count it again); the scorer's name."""
    sheet = get_sheet_for_edit(token)
    form = SheetSettingsForm(request.POST)
    if not form.is_valid():
        context = _export_context(sheet, EDIT, settings_form=form)
        return render(request, "exports/index.html", context, status=400)
    sheet.in_stats = form.cleaned_data["in_stats"]
    sheet.scorer = form.cleaned_data["scorer"].strip()
    sheet.save(update_fields=["in_stats", "scorer"])
    messages.success(request, _("Saved."))
    return HttpResponseRedirect(reverse("export", args=[token]))


# --------------------------------------------------------------------------- files


@require_GET
def export_json(request: HttpRequest, token: str, mode: str) -> HttpResponse:
    """The sheet as its docs/format.md document (a file to keep, or to import elsewhere)."""
    sheet = get_sheet(token, mode)
    return _download(exports.export_json(sheet), "application/json; charset=utf-8",
                     exports.filename(sheet, "json"))


@require_GET
def export_csv(request: HttpRequest, token: str, mode: str) -> HttpResponse:
    """The scored sheet as a table for a spreadsheet."""
    sheet = get_sheet(token, mode)
    loaded = services.load(sheet)
    return _download(exports.export_csv(loaded.document, loaded.scored),
                     "text/csv; charset=utf-8", exports.filename(sheet, "csv"))


# --------------------------------------------------------------------------- print and PDF


def _part(request: HttpRequest, sheet: Sheet) -> int:
    """The part of a long sheet asked for in ``?part=`` (scoresheet/exports/printing.py)."""
    return part_of(request.GET.get("part"), sheet.entries.count())


@require_GET
def print_view(request: HttpRequest, token: str, mode: str) -> HttpResponse:
    """The sheet as it is printed (``?size=a4`` or ``a5``, ``?part=`` of a long sheet); the
    browser prints it."""
    sheet = get_sheet(token, mode)
    size = PaperSize.from_query(request.GET.get("size"))
    part = _part(request, sheet)
    urls = links(sheet, mode)
    urls["pdf"] = f"{urls['pdf']}?size={size.value}&part={part}"
    # the edit link may choose the printout's language (scoresheet/sheets/languages.py)
    extra = {"choose_language": mode == EDIT}
    return HttpResponse(print_html(sheet, size=size, links=urls, extra=extra, request=request,
                                   part=part))


@require_GET
def pdf_view(request: HtmxHttpRequest, token: str, mode: str) -> HttpResponse:
    """The print view as a PDF (``?size=a4`` or ``a5``, ``?part=``), made by the task worker
    once per revision and kept (scoresheet/exports/pdfstore.py): until it is there, a page that
    says it is being made and asks again."""
    sheet = get_sheet(token, mode)
    size = PaperSize.from_query(request.GET.get("size"))
    part = _part(request, sheet)
    key = pdfstore.pdf_key(sheet, size=size.value, part=part)
    language = sheet.print_language or translation.get_language() or ""
    charge = budget.of_request(request)  # the worker's CPU is paid by who asked for the PDF
    prepared = pdfstore.prepare(
        key, lambda: tasks.render_sheet_pdf.enqueue(key, sheet.pk, size.value, part, language,
                                                    charge),
        sheet=sheet, revision=sheet.revision)
    url = f"{request.path}?size={size.value}&part={part}"
    return preparing.answer(request, prepared, url=url, back=links(sheet, mode)["export"],
                            name=exports.filename(sheet, "pdf", size.value),
                            print_view=links(sheet, mode)["print"])


# --------------------------------------------------------------------------- mail


def played(sheet: Sheet) -> bool:
    """A sheet played at a table: an entry, and made ``settings.MAIL_RESERVE_AGE`` minutes ago
    (its mail may use the sheet's reserve beyond the site's ceiling)."""
    age = timedelta(minutes=int(settings.MAIL_RESERVE_AGE))
    return sheet.created <= timezone.now() - age and sheet.entries.exists()


@require_http_methods(["GET", "POST"])
def mail(request: HttpRequest, token: str) -> HttpResponse:
    """Send the sheet as a PDF to the addresses typed in (edit link only)."""
    sheet = get_sheet_for_edit(token)
    if request.method == "GET":
        return render(request, "exports/mail.html", _export_context(sheet, EDIT))
    form = MailForm(request.POST)
    if not form.is_valid():
        context = _export_context(sheet, EDIT, mail_form=form)
        return render(request, "exports/mail.html", context, status=400)
    addresses = form.cleaned_data["addresses"]
    over = ratelimit.spend_mail(request, token, len(addresses)) if settings.RATELIMIT_ENABLED \
        else None
    if over is not None:
        form.add_error(None, _(
            "No mail was sent: this would be more than %(limit)s messages in an hour. Try again "
            "in %(minutes)s minutes, or download the PDF and send it yourself."
        ) % {"limit": over.limit, "minutes": max(1, -(-over.retry_after // 60))})
        context = _export_context(sheet, EDIT, mail_form=form)
        response = render(request, "exports/mail.html", context, status=429)
        response["Retry-After"] = str(over.retry_after)
        return response
    link = request.build_absolute_uri(reverse("sheet_read", args=[sheet.view_token]))
    delay = ratelimit.mail_delay(len(addresses)) if settings.RATELIMIT_ENABLED else 0
    if delay != 0 and played(sheet) and ratelimit.spend_reserve(token, len(addresses)):
        delay = 0  # the site's hours are full: a played table's results go at once all the same
    if delay is None:
        form.add_error(None, _("The mail could not be sent now. Try again later."))
        context = _export_context(sheet, EDIT, mail_form=form)
        return render(request, "exports/mail.html", context, status=503)
    send = tasks.send_sheet_mail
    if delay:
        send = send.using(run_after=timezone.now() + timedelta(seconds=delay))
    size = PaperSize.from_query(form.cleaned_data["size"]).value
    result = send.enqueue(sheet.pk, addresses, size, link, translation.get_language() or "")
    if result.status == TaskResultStatus.FAILED:  # sent at once (the immediate backend) and failed
        form.add_error(None, _("The mail could not be sent now. Try again later."))
        context = _export_context(sheet, EDIT, mail_form=form)
        return render(request, "exports/mail.html", context, status=503)
    if preparing.no_printer():  # queued, and no task worker runs to send it now
        if delay:
            messages.warning(request, ngettext(
                "No mail sender is running at the moment, so the sheet cannot be sent to "
                "%(count)s address now. It stays in the queue and goes out as soon as a mail "
                "sender runs, in about %(minutes)s minutes at the earliest.",
                "No mail sender is running at the moment, so the sheet cannot be sent to "
                "%(count)s addresses now. It stays in the queue and goes out as soon as a mail "
                "sender runs, in about %(minutes)s minutes at the earliest.", len(addresses),
            ) % {"count": len(addresses), "minutes": max(1, -(-delay // 60))})
        else:
            messages.warning(request, ngettext(
                "No mail sender is running at the moment, so the sheet cannot be sent to "
                "%(count)s address now. It stays in the queue and goes out as soon as a mail "
                "sender runs.",
                "No mail sender is running at the moment, so the sheet cannot be sent to "
                "%(count)s addresses now. It stays in the queue and goes out as soon as a mail "
                "sender runs.", len(addresses),
            ) % {"count": len(addresses)})
    elif delay:
        messages.success(request, ngettext(
            "The sheet will be sent to %(count)s address in about %(minutes)s minutes: many "
            "mails are being sent right now.",
            "The sheet will be sent to %(count)s addresses in about %(minutes)s minutes: many "
            "mails are being sent right now.", len(addresses),
        ) % {"count": len(addresses), "minutes": max(1, -(-delay // 60))})
    else:
        messages.success(request, ngettext(
            "The sheet is being sent to %(count)s address.",
            "The sheet is being sent to %(count)s addresses.", len(addresses),
        ) % {"count": len(addresses)})
    return HttpResponseRedirect(reverse("export", args=[token]))


# --------------------------------------------------------------------------- import


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("A sheet file (.json)"), required=False)
    text = forms.CharField(
        label=gettext_lazy("… or paste the document"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        max_length=exports.MAX_IMPORT_BYTES,
    )
    # set by the "import a copy?" question: the same document is stored once more
    copy = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("file") and not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Choose a file or paste a document."))
        return data

    def content(self) -> bytes | str:
        upload = self.cleaned_data.get("file")
        if upload:
            if upload.size > exports.MAX_IMPORT_BYTES:
                return b" " * (exports.MAX_IMPORT_BYTES + 1)  # refused by read_document
            return bytes(upload.read())
        return str(self.cleaned_data["text"])


@require_http_methods(["GET", "POST"])
def import_view(request: HttpRequest) -> HttpResponse:
    """Store a sheet file as a new sheet, or list every problem and store nothing."""
    if request.method == "GET":
        return render(request, "exports/import.html", {"form": ImportForm()})
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, "exports/import.html", {"form": form}, status=400)
    try:
        content = form.content()
        doc = exports.read_document(content)
        here = None if form.cleaned_data["copy"] else exports.already_here(doc)
        if here is not None:
            return _already_here(request, here, content)
        sheet = exports.import_sheet(doc, owner=request.user, device=device_of(request))
    except exports.ImportRefused as refused:
        return render(
            request, "exports/import.html", {"form": form, "problems": refused.problems},
            status=400,
        )
    remember(request, sheet, Mode.EDIT, wrote=True)
    messages.success(request, _("The sheet was imported."))
    return HttpResponseRedirect(reverse("sheet", args=[sheet.edit_token]))


def _already_here(request: HttpRequest, here: Sheet, content: bytes | str) -> HttpResponse:
    """Ask before storing a sheet this site already has: "import a copy?" (the same document,
    carried in the answer's form), with a link to the sheet when this phone or account knows it."""
    text = content.decode("utf-8-sig") if isinstance(content, bytes) else content
    copy_form = ImportForm(initial={"text": text, "copy": True})
    known = known_sheets(request)
    link = ""
    if here.pk in known:
        edit = known[here.pk] == Mode.EDIT
        link = reverse("sheet" if edit else "sheet_read",
                       args=[here.edit_token if edit else here.view_token])
    elif request.user.is_authenticated and (
        here.owner_id == request.user.pk or here.keepers.filter(pk=request.user.pk).exists()
    ):
        link = reverse("sheet", args=[here.edit_token])
    return render(request, "exports/import.html", {
        "form": ImportForm(), "already": here, "already_link": link, "copy_form": copy_form,
        # the sheet named by its players and its day, never by its number in the database
        "already_players": join_names(here.players),
    })


# --------------------------------------------------------------------------- statistics


@require_GET
def stats_view(request: HttpRequest) -> HttpResponse:
    """Per player over the sheets of this account and this phone (``?game=`` for one game)."""
    game = request.GET.get("game") or None
    known_games = list(rules.games())
    if game not in known_games:
        game = None
    user_id = request.user.pk if request.user.is_authenticated else None
    found = stats.collect(stats.sheets_of(user_id=user_id, known=known_sheets(request)), game=game)
    money = any(p.money_games for p in found.players)
    return render(request, "exports/stats.html", {
        "stats": found,
        "game": game,
        "games": [(g, game_label(g)) for g in known_games],
        "money": money,
    })

