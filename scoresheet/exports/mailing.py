"""Mail the finished sheet as a PDF to the addresses the table types at the end of the game.

Django's mail does the sending: the console backend by default (the mail is printed by the
server), SMTP when ``DJANGO_EMAIL_BACKEND`` and the other ``DJANGO_EMAIL_*`` variables say so
(docs/export.md).  Each address gets its own message, so nobody learns the others' addresses.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage, get_connection
from django.core.validators import validate_email
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoresheet.exports.documents import filename
from scoresheet.exports.pdfstore import sheet_pdf
from scoresheet.exports.printing import PaperSize
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.paper import format_amount, paper_of, winner_of

MAX_RECIPIENTS = 10  # the players of one table and a few friends; bounds a misused link
MAX_ADDRESSES_TEXT = 2000  # characters of the addresses field
SEPARATORS = re.compile(r"[\s,;]+")


def split_addresses(text: str) -> list[str]:
    """Addresses separated by commas, semicolons, spaces or lines; repeats removed, in order."""
    seen: dict[str, str] = {}
    for item in SEPARATORS.split(text.strip()):
        if item and item.casefold() not in seen:
            seen[item.casefold()] = item
    return list(seen.values())


class MailForm(forms.Form):
    addresses = forms.CharField(
        label=gettext_lazy("Send to"),
        help_text=gettext_lazy("E-mail addresses, separated by commas or on separate lines."),
        max_length=MAX_ADDRESSES_TEXT,
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "email", "inputmode": "email"}),
    )
    size = forms.ChoiceField(
        label=gettext_lazy("Paper"),
        choices=[(s.value, s.label) for s in PaperSize],
        initial=PaperSize.A4.value,
    )

    def clean_addresses(self) -> list[str]:
        addresses = split_addresses(self.cleaned_data["addresses"])
        if not addresses:
            raise ValidationError(_("Type at least one address."))
        if len(addresses) > MAX_RECIPIENTS:
            raise ValidationError(
                _("At most %(max)s addresses at once.") % {"max": MAX_RECIPIENTS}
            )
        wrong = []
        for address in addresses:
            try:
                validate_email(address)
            except ValidationError:
                wrong.append(address)
        if wrong:
            raise ValidationError(
                _("Not an e-mail address: %(addresses)s") % {"addresses": ", ".join(wrong)}
            )
        return addresses


def subject(sheet: Sheet) -> str:
    """The game and the day it was started: words of the app only, never the players' names
    (whoever holds the edit link types those, and a subject is what a spam filter reads)."""
    from scoresheet.sheets.words import game_label

    day = date_format(timezone.localtime(sheet.created).date(), "SHORT_DATE_FORMAT")
    return _("Lístek: your score sheet of %(game)s, %(day)s") % {
        "game": game_label(sheet.game), "day": day}


def body(sheet: Sheet, totals: Sequence[int], winner: int | None, link: str) -> str:
    """The plain-text message: the totals, the winner, the link to the read-only sheet."""
    paper = paper_of(sheet.game)
    lines = [_("The score sheet of your game is attached as a PDF."), ""]
    for name, total in zip(sheet.player_names, totals, strict=True):
        lines.append(f"  {name}: {format_amount(total, paper)}")
    if winner is not None:
        lines += ["", _("Winner: %(name)s") % {"name": sheet.player_names[winner]}]
    if link:
        lines += ["", _("The sheet online (read-only): %(link)s") % {"link": link}]
    lines += ["", "Lístek"]
    return "\n".join(lines) + "\n"


def send_sheet(sheet: Sheet, addresses: Sequence[str], *, size: PaperSize, link: str = "") -> int:
    """Send the sheet's PDF to each address; returns how many messages were sent."""
    from scoresheet.sheets import services
    from scoresheet.sheets.languages import printing_in

    loaded = services.load(sheet)
    paper = paper_of(sheet.game)
    pdf = sheet_pdf(sheet, size=size)
    with printing_in(sheet):  # the mail speaks the printout's language
        text = body(sheet, loaded.scored.totals, winner_of(loaded.scored, paper), link)
        title = subject(sheet)
    name = filename(sheet, "pdf")
    messages = []
    for address in addresses:
        message = EmailMessage(
            subject=title,
            body=text,
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[address],
        )
        message.attach(name, pdf, "application/pdf")
        messages.append(message)
    with get_connection() as connection:
        return int(connection.send_messages(messages) or 0)
