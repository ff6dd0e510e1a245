"""A tournament's printouts: the table cards and the results with every table's sheet, as
HTML for the browser's Print and as PDFs made by the task worker (never in a web request),
stored per revision like a sheet's PDF (scoresheet/exports/pdfstore.py)."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.formats import number_format
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django_tasks import task

from rules import tournament as draw_rules
from rules.marias import round_crowns as marias_crowns
from scoresheet.exports import pdfstore, printing
from scoresheet.exports.tasks import charged
from scoresheet.sheets.paper import format_money, format_number, paper_of
from scoresheet.sheets.views.share import qr_svg
from scoresheet.sheets.words import game_label, preset_label
from scoresheet.tournament import logic, names
from scoresheet.tournament.forms import DRAW_METHOD_LABELS
from scoresheet.tournament.models import Table, Tournament


def director_url(t: Tournament) -> str:
    return reverse("tournament", args=[t.director_token])


def file_name(t: Tournament, what: str) -> str:
    """A download's name that says which tournament it is: "patecni-marias-results.pdf"."""
    slug = slugify(unicodedata.normalize("NFKD", t.name))[:40].strip("-")
    return f"{slug}-{what}" if slug else what


def header(t: Tournament) -> dict[str, Any]:
    return {
        "draw_method_label": DRAW_METHOD_LABELS.get(t.draw_method, ""),
        "tournament": t,
        "game_label": game_label(t.game),
        "preset_label": preset_label(t.ruleset),
        "money": paper_of(t.game).money,
    }


def lines(st: logic.Standings) -> list[dict[str, Any]]:
    return [
        {"s": s, "player": st.players[s.player],
         "rounds": [("–" if x is None else shown(x)) for x in s.rounds],
         "points": shown(s.points),
         "money": format_number(s.score, paper_of("marias"))}
        for s in st.overall
    ]


def shown(value: float) -> str:
    """Points on a page, in the page's language: "2,5" in cs, de, pl and ru."""
    if value == int(value):
        return str(int(value))
    return number_format(value, decimal_pos=1, use_l10n=True)


def points(value: float) -> str:
    """Points in the CSV file (a decimal point, as the file's other numbers)."""
    return str(int(value)) if value == int(value) else f"{value:.1f}"


def unfinished_note(st: logic.Standings, round_number: int | None) -> str:
    rounds = st.rounds if round_number is None else [
        r for r in st.rounds if r.round.number == round_number]
    open_rounds = [r for r in rounds if not r.complete]
    if round_number is None and len(st.rounds) < st.tournament.rounds:
        return _("Provisional: %(played)s of %(rounds)s rounds played.") % {
            "played": len(st.rounds), "rounds": st.tournament.rounds}
    if open_rounds:
        r = open_rounds[0]
        closed = sum(1 for tb in r.tables if tb.closed)
        return _("Provisional: round %(round)s is not finished (%(closed)s of %(tables)s "
                 "tables signed).") % {"round": r.round.number, "closed": closed,
                                       "tables": len(r.tables)}
    return ""


def merge_pdf(pages: list[str]) -> bytes:
    """Several HTML documents as one PDF, each starting on a new page (nothing fetched)."""
    from weasyprint import CSS, HTML
    from weasyprint.urls import URLFetcher

    refuse_all = URLFetcher(allowed_protocols=())
    css = [CSS(string=printing._stylesheet(name), url_fetcher=refuse_all)
           for name in (printing.PRINT_CSS, printing.PaperSize.A4.stylesheet)]
    docs = [HTML(string=h, base_url="about:blank", url_fetcher=refuse_all).render(
        stylesheets=css) for h in pages]
    all_pages = [p for d in docs for p in d.pages]
    pdf = docs[0].copy(all_pages).write_pdf()
    return bytes(pdf)


def results_html(t: Tournament, *, pdf: bool, request: Any = None) -> str:
    """The results to print and pin up: players under their public names (names.py)."""
    st = names.public_standings(t)
    return render_to_string("tournament/results.html", {
        **header(t), "standings": st, "lines": lines(st), "pdf": pdf,
        "note": unfinished_note(st, None),
        "pdf_url": reverse("tournament_results_pdf", args=[t.director_token]),
        "back_url": director_url(t),
    }, request=request)


def card_html(base: str, t: Tournament, tb: Table) -> str:
    """The table card; ``base`` is the site's address (``https://host``) its QR codes link to."""
    assert tb.sheet is not None
    edit_url = base + reverse("sheet", args=[tb.sheet.edit_token])
    view_url = base + reverse("sheet_read", args=[tb.sheet.view_token])
    players = logic.table_players(tb)
    names.shown(players, names.public_names(t))  # the card lies on the table: public names
    return render_to_string("tournament/card.html", {
        **header(t), "table": tb, "players": players,
        "edit_qr": mark_safe(qr_svg(edit_url)),  # noqa: S308
        "view_qr": mark_safe(qr_svg(view_url)),  # noqa: S308
        "edit_url": edit_url, "view_url": view_url,
    })


# --------------------------------------------------------------------------- the PDFs


def table_sheet_extra(t: Tournament, rs: logic.RoundStanding,
                      ts: logic.TableState) -> dict[str, Any]:
    """What a printed table sheet of a tournament says beyond the plain sheet (issue 26.4):
    the round and the table, every player's premium points and competition points as the
    standings count them, and the deals worth 50 premium points or more marked (seed 004 II.1:
    the scorer writes them on the table sheet, which he signs)."""
    by_player = {s.player: s for s in rs.seats}
    players = [(p, by_player.get(p.pk)) for p in ts.players]
    if t.game == "marias":
        head = [_("Player"), _("Money"), _("Whole crowns"), _("Premium points"),
                _("Competition points")]
        rows = [[p.name, format_money(s.score), number_format(marias_crowns(s.score)),
                 number_format(s.premium), shown(s.points)] for p, s in players if s is not None]
    else:
        head = [_("Player"), _("Total"), _("Place"), _("Placement points")]
        rows = [[p.name, format_number(s.score, paper_of(t.game)), shown(s.place),
                 shown(s.points)]
                for p, s in players if s is not None]
    return {
        "table_heading": _("%(name)s — round %(round)s, table %(table)s") % {
            "name": t.name, "round": rs.round.number, "table": ts.table.number},
        "table_results": {"caption": _("The table's result in the tournament"),
                          "head": head, "rows": rows},
        "flagged_rows": sorted({f.number for f in ts.flags
                                if f.worth >= draw_rules.PREMIUM_FLAG}),
        # the referee's verdicts, with their notes, printed above the signature
        "referee_rows": [
            {"row": f.number, "winnable": f.reviewed.winnable, "note": f.reviewed.note}
            for f in sorted(ts.flags, key=lambda f: f.number) if f.reviewed is not None],
        # a Mariáš table has no winner of its own: the standings count competition points
        "hide_winner": t.game == "marias",
    }


def table_sheets(t: Tournament) -> list[tuple[Table, dict[str, Any]]]:
    """Every table that has a sheet, with what its printed sheet says beyond the plain one."""
    out = []
    for rs in names.public_standings(t).rounds:  # printed to pin up: public names
        for ts in rs.tables:
            if ts.table.sheet is not None:
                out.append((ts.table, table_sheet_extra(t, rs, ts)))
    return out


def table_sheet_count(t: Tournament) -> int:
    """How many table sheets the results PDF appends (as many as :func:`table_sheets` gives),
    in one query: the results link asks it on every request, so it must not judge the sheets."""
    return Table.objects.filter(round__tournament=t, sheet__isnull=False).count()


def card_key(t: Tournament, tb: Table, base: str, fingerprint: str) -> str:
    language = translation.get_language() or ""
    return "card:" + pdfstore.digest(t.pk, tb.pk, fingerprint, base, language)[:70]


def results_key(t: Tournament, fingerprint: str) -> str:
    language = translation.get_language() or ""
    return "results:" + pdfstore.digest(t.pk, fingerprint, language,
                                        settings.RESULTS_MAX_TABLES)[:70]


@task()
def render_card(key: str, table_id: int, base: str, language: str,
                charge: list[list[str]] | None = None) -> None:
    """Make the table card claimed under ``key`` and keep it."""
    tb = Table.objects.select_related("sheet", "round__tournament").filter(pk=table_id).first()
    if tb is None or tb.sheet is None:
        pdfstore.fail(key, "gone")
        return
    with charged(charge):
        with translation.override(language or None):
            html = card_html(base, tb.round.tournament, tb)
        pdf = printing.render_pdf(html)
    pdfstore.store(key, pdf)


@task()
def render_results(key: str, tournament_id: int, language: str,
                   charge: list[list[str]] | None = None) -> None:
    """Make the results PDF claimed under ``key`` (the standings, then every table's sheet,
    each its last printed part) and keep it; more than ``settings.RESULTS_MAX_TABLES`` table
    sheets is more than one task may render, and the page says so."""
    t = Tournament.objects.filter(pk=tournament_id).first()
    if t is None:
        pdfstore.fail(key, "gone")
        return
    tables = table_sheets(t)
    if len(tables) > int(settings.RESULTS_MAX_TABLES):
        pdfstore.fail(key, pdfstore.TOO_BIG)
        return
    with charged(charge):
        with translation.override(language or None):
            parts = [results_html(t, pdf=True)]
            for tb, extra in tables:
                assert tb.sheet is not None
                parts.append(printing.print_html(tb.sheet, size=printing.PaperSize.A4,
                                                 pdf=True, extra=extra))
        pdf = merge_pdf(parts)
    pdfstore.store(key, pdf)
