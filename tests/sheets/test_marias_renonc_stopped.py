"""A renonc that stopped the deal being played, written from the deal form and from the penalty
calculator, without a made-up card result (docs/rules/marias.md#stopped-deal, seed 004 IV.1).

The sheet: three players, Anna deals first, the first rules edition (each defender pays his own
fleks; renonc fee 2 Kč).  Bohouš declares hra in acorns, Cyril gives a flek (hra 0.20 x 2 = 0.40
per defender), then Cyril does not follow suit (renonc 1).  Worked by hand: Cyril pays Bohouš for
the whole defence, 0.40 x 2 = 0.80, and 2 Kč to each other player:
Anna +2.00, Bohouš +0.80 +2.00 = +2.80, Cyril -0.80 -4.00 = -4.80 Kč.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from scoresheet.sheets.models import Entry, Sheet
from tests.sheets.helpers import HX, page, text, write_fields

THREE = ("Anna", "Bohouš", "Cyril")
ANNOUNCED = {"declarer": "1", "game": "suit", "trump": "acorns", "flek_game": "1"}
STOPPED = {**ANNOUNCED, "stopped": "on", "renonc_seat": "2", "renonc_kind": "1"}
ENTRY = {"type": "renonc", "seat": 2, "kind": 1,
         "deal": {"declarer": 1, "game": "suit", "trump": "acorns", "announced": [],
                  "fleks": {"game": 1}}}
TOTALS = [200, 280, -480]


def sheet_of(make_sheet: Any, entries: Any = ()) -> Sheet:
    sheet: Sheet = make_sheet(ruleset="marias", players=THREE, first_dealer=0, edition=1,
                              entries=list(entries))
    return sheet


def new_url(sheet: Sheet, kind: str = "deal") -> str:
    return reverse("entry_new", args=[sheet.edit_token, kind])


def stored(sheet: Sheet) -> list[dict[str, Any]]:
    return list(Entry.objects.filter(sheet=sheet).order_by("position")
                .values_list("data", flat=True))


def running_totals(html: str) -> list[int]:
    foot = html[html.index("<tfoot>"):html.index("</tfoot>")]
    cells = re.findall(r'<td class="sum[^"]*">\s*(-?\d+)\.(\d\d)', foot)
    return [int(c) * 100 + (-1 if c.startswith("-") else 1) * int(h) for c, h in cells]


def write_stopped(client: Any, sheet: Sheet, data: dict[str, str]) -> Any:
    fields = write_fields(page(client.get(new_url(sheet))))
    return client.post(new_url(sheet), {**fields, **data})


def test_the_deal_form_offers_a_renonc_that_stopped_the_deal(client, make_sheet):
    html = page(client.get(new_url(sheet_of(make_sheet))))
    assert 'name="stopped"' in html
    assert "A renonc stopped this deal (no card points)" in text(html)
    assert re.findall(r'name="renonc_seat" value="(\d)"', html) == ["0", "1", "2"]
    # seed 004 IV.1 "vyjma C8": renonc 8 does not stop the deal, so it is not offered here
    kinds = re.findall(r'name="renonc_kind" value="(\d+)"', html)
    assert kinds == [str(k) for k in range(1, 13) if k != 8]
    assert 'class="only-stopped"' in html and 'class="played"' in html


def test_a_stopped_deal_is_written_as_one_renonc_row_without_card_points(client, make_sheet):
    sheet = sheet_of(make_sheet)
    # card points tapped before the renonc was called are not written
    response = write_stopped(client, sheet, {**STOPPED, "card_points": "40"})
    assert response.status_code == 302, text(page(response))[:600]
    assert stored(sheet) == [ENTRY]
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert running_totals(html) == TOTALS
    row = html[html.index('id="e0"'):html.index("</tr>", html.index('id="e0"'))]
    assert "hra, stopped by renonc 1" in text(row) and "Bohouš" in text(row)
    assert "40" not in re.sub(r"\d+\.\d\d", "", text(row))  # no card points on the row


def test_the_preview_shows_what_the_stopped_deal_costs(client, make_sheet):
    sheet = sheet_of(make_sheet)
    fields = write_fields(page(client.get(new_url(sheet))))
    words = text(page(client.post(new_url(sheet), {**fields, **STOPPED, "preview": "1"}, **HX)))
    assert "Cyril → Bohouš 0.80 Kč hra · flek ×2" in words
    assert "Cyril 0.00 Kč → -4.80 Kč (-4.80 Kč)" in words
    assert stored(sheet) == []


def test_the_renonc_of_a_stopped_deal_is_asked_in_players_words(client, make_sheet):
    sheet = sheet_of(make_sheet)
    response = write_stopped(client, sheet, {**ANNOUNCED, "stopped": "on"})
    assert response.status_code == 400
    words = text(page(response))
    assert "A renonc stopped this deal: tap who made it." in words
    assert "A renonc stopped this deal: tap what it was." in words
    assert stored(sheet) == []


def test_the_engines_objection_lands_on_the_renonc_fields(client, make_sheet):
    # renonc 10 (looked at the talon without the right) is never the declarer's
    sheet = sheet_of(make_sheet)
    response = write_stopped(client, sheet, {**STOPPED, "renonc_seat": "1", "renonc_kind": "10"})
    assert response.status_code == 400
    html = page(response)
    block = html[html.index('class="field m-renonc_kind'):]
    block = block[:block.index("</fieldset>") + 200]
    assert "Bohouš" in text(html) and "declarer" in text(html)
    # a hand-made renonc 8: the engine says why it cannot stop the deal
    response = write_stopped(client, sheet, {**STOPPED, "renonc_kind": "8"})
    assert response.status_code == 400
    assert "does not decide the deal, which is played on" in text(page(response))
    assert stored(sheet) == []


def test_correcting_a_stopped_deal_opens_the_deal_form_with_the_renonc(client, make_sheet):
    sheet = sheet_of(make_sheet, [ENTRY])
    url = reverse("entry_edit", args=[sheet.edit_token, 0])
    html = page(client.get(url))
    assert re.search(r'name="stopped"[^>]*checked', html)
    assert re.search(r'name="renonc_seat" value="2"[^>]*checked', html)
    assert re.search(r'name="trump" value="acorns"[^>]*checked', html)
    # the declarer (Bohouš) had a wrong talon instead (renonc 7): he loses hra at flek to each
    # defender (0.40) and pays 2 Kč to each: Anna +2.40, Bohouš -4.80, Cyril +2.40
    response = client.post(url, {**write_fields(html), **STOPPED, "renonc_seat": "1",
                                 "renonc_kind": "7"})
    assert response.status_code == 302
    assert stored(sheet) == [{**ENTRY, "seat": 1, "kind": 7}]
    assert running_totals(page(client.get(reverse("sheet", args=[sheet.edit_token])))) == [
        240, -480, 240]


def test_a_stopped_deal_can_be_corrected_into_a_played_one(client, make_sheet):
    sheet = sheet_of(make_sheet, [ENTRY])
    url = reverse("entry_edit", args=[sheet.edit_token, 0])
    html = page(client.get(url))
    # Bohouš took 60 card points: hra won at flek, 0.40 from each defender
    response = client.post(url, {**write_fields(html), **ANNOUNCED, "card_points": "60"})
    assert response.status_code == 302
    assert stored(sheet)[0]["type"] == "deal"
    assert running_totals(page(client.get(reverse("sheet", args=[sheet.edit_token])))) == [
        -40, 80, -40]


def test_the_renonc_form_offers_both_deals_as_equal_choices(client, make_sheet):
    sheet = sheet_of(make_sheet, [PLAYED])
    html = page(client.get(new_url(sheet, "renonc")))
    said = text(html)
    assert "In which deal was the renonc made?" in said
    assert ("The renonc was made in the last deal written on the sheet, row 1: it is written as "
            "a row of its own." in said)
    assert ("The renonc was made in the deal being played, which is not on the sheet yet: that "
            "deal is written next, stopped by the renonc." in said)
    # two radios of one field; the last deal stays the default, as the flow had it
    assert re.findall(r'name="deal" value="(\w+)"', html) == ["last", "now"]
    assert re.search(r'name="deal" value="last"[^>]*checked', html)
    assert not re.search(r'name="deal" value="now"[^>]*checked', html)


def test_the_deal_being_played_leads_to_the_deal_form_stopped_and_writes_nothing(
        client, make_sheet):
    sheet = sheet_of(make_sheet, [PLAYED])
    url = new_url(sheet, "renonc")
    fields = write_fields(page(client.get(url)))
    response = client.post(url, {**fields, "deal": "now", "seat": "2", "kind": "4"})
    assert response.status_code == 302
    assert response["Location"] == new_url(sheet) + "?stopped=1&renonc_seat=2&renonc_kind=4"
    assert len(stored(sheet)) == 1  # only the deal played before
    opened = page(client.get(response["Location"]))
    assert re.search(r'name="stopped"[^>]*checked', opened)
    assert re.search(r'name="renonc_seat" value="2"[^>]*checked', opened)
    assert re.search(r'name="renonc_kind" value="4"[^>]*checked', opened)


def test_the_last_deal_still_writes_the_renonc_row(client, make_sheet):
    sheet = sheet_of(make_sheet, [PLAYED])
    url = new_url(sheet, "renonc")
    fields = write_fields(page(client.get(url)))
    response = client.post(url, {**fields, "deal": "last", "seat": "2", "kind": "1"})
    assert response.status_code == 302
    assert stored(sheet)[1] == {"type": "renonc", "seat": 2, "kind": 1, "played_out": False}


def test_a_played_out_renonc_cannot_be_in_the_deal_being_played(client, make_sheet):
    sheet = sheet_of(make_sheet, [PLAYED])
    url = new_url(sheet, "renonc")
    fields = write_fields(page(client.get(url)))
    response = client.post(url, {**fields, "deal": "now", "seat": "2", "kind": "1",
                                 "played_out": "on"})
    assert response.status_code == 400
    assert "A renonc in a deal that is played out does not stop it" in text(page(response))
    assert len(stored(sheet)) == 1


def test_on_a_sheet_without_a_deal_the_renonc_form_offers_the_deal_being_played(
        client, make_sheet):
    html = page(client.get(new_url(sheet_of(make_sheet), "renonc")))
    assert re.search(r'name="deal" value="now"[^>]*checked', html)
    assert "The renonc was made in the last deal written on the sheet." in text(html)


def test_undo_takes_back_the_stopped_deal_whole(client, make_sheet):
    sheet = sheet_of(make_sheet)
    assert write_stopped(client, sheet, STOPPED).status_code == 302
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    undo = re.search(r'<form[^>]*action="([^"]*undo[^"]*)"', html)
    assert undo, "no undo button"
    client.post(undo.group(1), write_fields(html[html.index(undo.group(0)):]))
    assert stored(sheet) == []


def test_history_export_and_print_show_the_stopped_deal(client, make_sheet):
    sheet = sheet_of(make_sheet, [ENTRY])
    history = text(page(client.get(reverse("sheet_history", args=[sheet.edit_token]))))
    assert "Renonc — Cyril: 1. did not follow suit — stopped Bohouš: hra, ♣ žaludy" in history
    exported = client.get(reverse("export_json", args=[sheet.edit_token]))
    assert json.loads(exported.content)["entries"] == [ENTRY]
    printed = text(page(client.get(reverse("print", args=[sheet.edit_token]))))
    assert "hra, stopped by renonc 1 Bohouš" in printed


def test_czech_says_the_deal_was_stopped(client, make_sheet):
    sheet = sheet_of(make_sheet, [ENTRY])
    html = page(client.get(reverse("sheet", args=[sheet.edit_token]),
                           HTTP_ACCEPT_LANGUAGE="cs"))
    assert "stopped by renonc" not in text(html)
    assert "hra, zastaveno renoncem 1" in text(html)


# --------------------------------------------------------------------------- the calculator


def price(client: Any, sheet: Sheet, params: dict[str, str]) -> Any:
    return client.get(reverse("penalty", args=[sheet.edit_token]) + "?" + urlencode(params))


RENONC = {"type": "renonc", "seat": "2", "kind": "1"}
PLAYED = {"type": "deal", "declarer": 0, "game": "suit", "trump": "leaves", "announced": [],
          "card_points": 30}


def test_the_calculator_asks_in_which_deal_the_renonc_was(client, make_sheet):
    sheet = sheet_of(make_sheet, [PLAYED])
    words = text(page(price(client, sheet, RENONC)))
    assert "In which deal?" in words
    assert "The deal being played (not on the sheet yet)" in words
    assert "The last deal on the sheet, row 1 (Deal — Anna: hra, ♠ listy, 30)" in words


def test_a_renonc_in_the_deal_being_played_opens_the_deal_form_stopped(client, make_sheet):
    sheet = sheet_of(make_sheet, [PLAYED])
    response = price(client, sheet, {**RENONC, "deal": "now"})
    html = page(response)
    assert response.status_code == 200
    assert "Write it on the sheet" not in html  # nothing is priced against the wrong deal
    link = re.search(r'href="([^"]*stopped=1[^"]*)"', html)
    assert link, text(html)[:800]
    opened = page(client.get(link.group(1).replace("&amp;", "&")))
    assert re.search(r'name="stopped"[^>]*checked', opened)
    assert re.search(r'name="renonc_seat" value="2"[^>]*checked', opened)
    assert re.search(r'name="renonc_kind" value="1"[^>]*checked', opened)
    # then the deal, as announced: the sheet's second row is the stopped deal (Bohouš deals)
    response = client.post(link.group(1).replace("&amp;", "&"), {
        **write_fields(opened), **STOPPED, "declarer": "0"})
    assert response.status_code == 302
    assert stored(sheet)[1]["deal"]["declarer"] == 0


def test_on_a_sheet_without_a_deal_the_renonc_is_in_the_deal_being_played(client, make_sheet):
    response = price(client, sheet_of(make_sheet), RENONC)
    assert response.status_code == 200
    assert re.search(r'name="deal" value="now"[^>]*checked', page(response))
    assert "stopped=1" in page(response)


def test_a_played_out_renonc_or_renonc_8_cannot_stop_the_deal(client, make_sheet):
    sheet = sheet_of(make_sheet, [PLAYED])
    words = text(page(price(client, sheet, {**RENONC, "deal": "now", "played_out": "on"})))
    assert "The deal was played out, so its result counts" in words
    words = text(page(price(client, sheet, {**RENONC, "deal": "now", "kind": "8"})))
    assert "does not decide the deal, which is played on" in words
    assert "stopped=1" not in words


def test_a_renonc_is_attached_to_a_stopped_deal_too(client, make_sheet):
    # a second renonc in the deal Cyril's renonc stopped: the deal is decided, the fee alone
    sheet = sheet_of(make_sheet, [ENTRY])
    response = price(client, sheet, {**RENONC, "seat": "1", "deal": "0"})
    assert "Attached to row 1" in text(page(response))
    assert re.search(r'<p class="cost-line"><strong>Anna \+2.00 Kč, Bohouš -4.00 Kč, '
                     r"Cyril \+2.00 Kč</strong>", page(response))


def test_csv_and_a_reimport_keep_the_stopped_deal(client, make_sheet):
    from scoresheet.exports import documents as exports
    from scoresheet.sheets import services

    sheet = sheet_of(make_sheet, [ENTRY])
    csv = client.get(reverse("export_csv", args=[sheet.edit_token])).content.decode()
    assert "hra, stopped by renonc 1" in csv
    doc = json.loads(client.get(reverse("export_json", args=[sheet.edit_token])).content)
    doc.pop("meta", None)  # a copy, not the same sheet again
    copy = exports.import_sheet(doc)
    assert services.load(copy).scored.totals == tuple(TOTALS)
    assert stored(copy) == [ENTRY]


def test_the_pdf_prints_the_stopped_deal(client, make_sheet, tmp_path):
    import subprocess

    sheet = sheet_of(make_sheet, [ENTRY])
    response = client.get(reverse("pdf", args=[sheet.edit_token]))
    assert response.status_code == 200
    source = tmp_path / "sheet.pdf"
    source.write_bytes(b"".join(response.streaming_content) if response.streaming
                       else response.content)
    words = " ".join(subprocess.run(["pdftotext", str(source), "-"], check=True,
                                    capture_output=True, text=True).stdout.split())
    assert "stopped by renonc 1" in words


def test_a_watcher_gets_the_stopped_deal_and_its_correction(
    client, make_sheet, settings, django_capture_on_commit_callbacks
):
    from django.core.cache import cache

    from scoresheet.sheets import services
    from scoresheet.sheets.forms import new_key

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": "test-renonc-stopped"}}
    cache.clear()
    sheet = sheet_of(make_sheet, [PLAYED])
    device = services.Device(id="testphone", user_agent="pytest")
    client.get(reverse("sheet_read", args=[sheet.view_token]))  # the watcher's page

    def poll(rev: int) -> str:
        return page(client.get(reverse("sheet_read_table", args=[sheet.view_token])
                               + f"?rev={rev}", **HX))

    with django_capture_on_commit_callbacks(execute=True):
        services.add_entry(sheet.pk, revision=1, key=new_key(), device=device, entry=ENTRY)
    assert "hra, stopped by renonc 1" in text(poll(1))
    with django_capture_on_commit_callbacks(execute=True):  # it was Anna's renonc 4 instead
        services.update_entry(sheet.pk, revision=2, key=new_key(), device=device, position=1,
                              entry={**ENTRY, "seat": 0, "kind": 4})
    words = text(poll(2))
    assert "hra, stopped by renonc 4" in words and "stopped by renonc 1" not in words
