"""The deal review page (/s/<token>/review/, /v/<token>/review/) and its way back to the sheet.

The review is the engine's (rules.review, tested by hand in tests/rules/test_review.py); these
tests check what the page asks, shows and writes: a row's review starts from the row, the picker
greys out played cards, a proven renonc shows at once with its proof and the penalty link, and
the reviewed card points and marriages fill the row, which keeps the review in its meta.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

from django.urls import reverse

from scoresheet.sheets.models import Entry
from tests.rules.test_review import MARIAS_TRICKS, RU_TRICKS
from tests.sheets.helpers import HX, page, text, write_fields

# A Mariáš hra in hearts by Anna as the table first wrote it (60 card points, no marriage).
MARIAS_ROW = {"type": "deal", "declarer": 0, "game": "suit", "trump": "hearts", "announced": [],
              "card_points": 60}


def cards(tricks):
    out = []
    for trick in tricks:
        for c in trick:
            out.append(c["card"] + "!" if isinstance(c, dict) else c)
    return out


def review(client, sheet, params, *, read_only=False, **headers):
    name, token = ("review_read", sheet.view_token) if read_only else ("review", sheet.edit_token)
    return client.get(reverse(name, args=[token]) + "?" + urlencode(params, doseq=True), **headers)


def test_a_rows_review_starts_from_the_row_and_asks_for_the_first_card(client, make_sheet):
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    response = review(client, sheet, {"deal": 0})
    assert response.status_code == 200
    body = text(page(response))
    assert "Review of row 1" in body
    assert "Anna played the contract." in body
    assert "Trick 1 of 10: Anna plays" in body
    # no JavaScript needed: every card is a submit button of a GET form
    assert page(response).count('type="submit" name="c"') == 32


def test_numbers_that_are_not_plain_digits_are_asked_again_not_a_server_error(client,
                                                                             make_sheet):
    # str.isdigit() holds for "²" and, after strip(), for "\x1e0"; int() refuses both
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    for odd in ("\x1e0", "²", "٣", " 0 x"):
        response = review(client, sheet, {"deal": odd, "declarer": odd, "leader": odd})
        assert response.status_code == 200
        assert "Trick 1 of 10" not in text(page(response))  # the setup is asked again


def test_the_setup_asks_who_played_and_the_trump_when_there_is_no_row(client, make_sheet):
    sheet = make_sheet(ruleset="marias")
    body = text(page(review(client, sheet, {})))
    assert "Who played the contract?" in body and "Who announced the seven?" in body
    assert 'name="c"' not in page(review(client, sheet, {}))
    asked = text(page(review(client, sheet, {"declarer": 1})))
    assert "Pick the trump." in asked


def test_each_setup_question_is_one_labelled_group_showing_the_choice_made(client, make_sheet):
    # a four-player Thousand sheet asks who sat out; the choices made stay picked
    sheet = make_sheet(ruleset="ru", players=["Anna", "Boris", "Vera", "Petr"])
    html = page(review(client, sheet, {"setup": "1", "declarer": 2, "out": 3, "leader": 1}))
    groups = re.findall(r"<fieldset>\s*<legend>([^<]*)</legend>(.*?)</fieldset>", html, re.S)
    legends = [legend for legend, _body in groups]
    assert legends[:2] == ["Who played the contract?", "Who sat this deal out?"]
    assert legends[-1] == "Who led the first trick?"
    picked = {legend: re.findall(r'<input[^>]*value="([^"]*)"[^>]*checked', body)
              for legend, body in groups}
    assert picked["Who played the contract?"] == ["2"]
    assert picked["Who sat this deal out?"] == ["3"]
    assert picked["Who led the first trick?"] == ["1"]
    # every radio button is labelled by a player's name or the words of its choice
    leader = dict(groups)["Who led the first trick?"]
    assert re.findall(r"<span>([^<]*)</span>", leader) == [
        "The one who played the contract", "Anna", "Boris", "Vera", "Petr"]


def test_played_cards_are_greyed_out_and_undo_takes_the_last_one_back(client, make_sheet):
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    played = cards(MARIAS_TRICKS)[:4]
    html = page(review(client, sheet, {"deal": 0, "p": played}))
    for card in played:
        assert re.search(rf'name="c" value="{card}"[^>]*disabled', html), card
    assert not re.search(r'name="c" value="10-bells"[^>]*disabled', html)
    assert "Trick 2 of 10: Boris plays" in text(html)
    undo = re.search(r'href="([^"]*)#next"[^>]*>↶', html).group(1).replace("&amp;", "&")
    assert undo.count("&p=") == 3 and undo.endswith("&p=7-bells")


def test_a_renonc_is_shown_as_soon_as_the_card_that_proves_it_is_played(client, make_sheet):
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    tricks = [list(t) for t in MARIAS_TRICKS]
    tricks[2][1], tricks[6][1] = "K-leaves", "J-bells"  # Boris keeps a bell back in trick 3
    played = cards(tricks)
    before = text(page(review(client, sheet, {"deal": 0, "p": played[:9]})))
    assert "did not follow suit" not in before  # not proven yet: nobody saw his bells
    html = page(review(client, sheet, {"deal": 0, "p": played[:11]}))  # his Q-bells, trick 4
    body = text(html)
    assert "Trick 3: Boris — did not follow suit" in body
    assert "Card: K♠." in body and "Proof: Boris played Sv♦ in trick 4." in body
    link = re.search(r'href="([^"]*penalty/\?[^"]*)"', html).group(1).replace("&amp;", "&")
    assert "type=renonc" in link and "seat=1" in link and "kind=1" in link and "deal=0" in link


def test_the_finished_review_fills_the_row_and_the_row_keeps_it(client, make_sheet):
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    html = page(review(client, sheet, {"deal": 0, "p": cards(MARIAS_TRICKS)}))
    body = text(html)
    assert "Card points from the tricks" in body and "Anna 90" in body
    assert "Marriages declared: Anna ♥" in body
    fill = re.search(r'href="([^"]*)"[^>]*>Fill row 1', html).group(1).replace("&amp;", "&")
    form = client.get(fill)
    assert form.status_code == 200
    radio = re.search(r'<input[^>]*name="card_points" value="90"[^>]*>', page(form)).group(0)
    assert "checked" in radio
    assert "filled in from the review" in text(page(form))
    data = {**write_fields(page(form)), "declarer": "0", "game": "suit", "trump": "hearts",
            "card_points": "90", "marriages_declarer": "hearts", "flek_game": "0",
            "flek_seven": "0", "flek_hundred": "0", "flek_betl": "0", "flek_durch": "0"}
    written = client.post(fill, data)
    assert written.status_code == 302, text(page(written))[:800]
    entry = Entry.objects.get(sheet=sheet, position=0).data
    assert entry["card_points"] == 90 and entry["marriages"]["declarer"] == ["hearts"]
    kept = entry["meta"]["review"]
    assert kept["card_points"] == [90, 0, 0] and len(kept["deal"]["tricks"]) == 10
    history = page(client.get(reverse("entry_history", args=[sheet.edit_token, 0])))
    assert "Reviewed trick by trick: no offence." in text(history)
    again = re.search(r'href="([^"]*)">Open its review', history).group(1).replace("&amp;", "&")
    assert "Anna 90" in text(page(client.get(again)))


def test_a_thousand_deal_written_from_its_review(client, make_sheet):
    sheet = make_sheet(ruleset="ru")
    html = page(review(client, sheet, {"declarer": 0, "p": cards(RU_TRICKS)}))
    assert "Anna 106" in text(html) and "Boris 14" in text(html)
    fill = re.search(r'href="([^"]*)"[^>]*>Write this deal', html).group(1).replace("&amp;", "&")
    form = page(client.get(fill))
    assert 'name="points_0" value="106"' in form
    assert re.search(r'name="marriages_0" value="hearts"[^>]*checked', form)


def test_the_read_only_link_reviews_but_writes_nothing(client, make_sheet):
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    html = page(review(client, sheet, {"deal": 0, "p": cards(MARIAS_TRICKS)}, read_only=True))
    assert "Anna 90" in text(html)
    assert "Fill row" not in html and sheet.edit_token not in html


def test_htmx_taps_get_the_same_page(client, make_sheet):
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    response = review(client, sheet, {"deal": 0, "p": ["A-hearts"]}, **HX)
    assert response.status_code == 200 and 'id="review"' in page(response)


def test_the_correction_page_links_to_the_review(client, make_sheet):
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    html = page(client.get(reverse("entry_edit", args=[sheet.edit_token, 0])))
    assert reverse("review", args=[sheet.edit_token]) + "?deal=0" in html


def test_the_review_in_german(client, make_sheet):
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    tricks = [list(t) for t in MARIAS_TRICKS]
    tricks[2][1], tricks[6][1] = "K-leaves", "J-bells"
    client.cookies["django_language"] = "de"
    body = text(page(review(client, sheet, {"deal": 0, "p": cards(tricks)[:11]},
                            HTTP_ACCEPT_LANGUAGE="de")))
    assert "Stich 3" in body and "Boris" in body


def test_export_and_import_carry_the_review_kept_with_the_row(client, make_sheet):
    import json

    from scoresheet.exports import documents as exports

    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    html = page(review(client, sheet, {"deal": 0, "p": cards(MARIAS_TRICKS)}))
    fill = re.search(r'href="([^"]*)"[^>]*>Fill row 1', html).group(1).replace("&amp;", "&")
    form = page(client.get(fill))
    data = {**write_fields(form), "declarer": "0", "game": "suit", "trump": "hearts",
            "card_points": "90", "marriages_declarer": "hearts", "flek_game": "0",
            "flek_seven": "0"}
    assert client.post(fill, data).status_code == 302
    sheet.refresh_from_db()
    doc = json.loads(exports.export_json(sheet))
    kept = doc["entries"][0]["meta"]["review"]
    assert kept["card_points"] == [90, 0, 0] and kept["findings"] == []
    again = exports.import_sheet(doc)
    entry = Entry.objects.get(sheet=again, position=0).data
    assert entry["meta"]["review"] == kept
    # the kept review opens again on the review page of the imported sheet
    assert entry["meta"]["review"]["deal"]["tricks"][5][0] == {"card": "K-hearts",
                                                                "marriage": True}


def test_with_four_players_the_review_knows_who_sat_the_row_out(client, make_sheet):
    # ru with 4 players: the dealer sits the deal out (RULES.md §1.1); Anna deals the first deal
    sheet = make_sheet(ruleset="ru", players=["Anna", "Boris", "Vera", "Petr"],
                       entries=[{"type": "deal", "declarer": 1, "contract": 100,
                                 "points": [0, 100, 10, 10], "marriages": [[], [], [], []]}])
    html = page(review(client, sheet, {"deal": 0}))
    assert "Trick 1 of 8: Boris plays" in text(html)
    played = page(review(client, sheet, {"deal": 0, "declarer": 1, "out": 0,
                                         "p": ["A-spades", "9-spades", "10-spades"]}))
    assert "Trick 2 of 8: Boris plays" in text(played)  # Boris, Vera, Petr; Anna sits out


def test_change_shows_the_setup_again_and_keeps_the_cards(client, make_sheet):
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    html = page(review(client, sheet, {"deal": 0, "p": ["A-hearts"]}))
    change = re.search(r'href="([^"]*)">Change', html).group(1).replace("&amp;", "&")
    form = page(client.get(change))
    assert "Who played the contract?" in text(form)
    assert 'name="p" value="A-hearts"' in form
    assert re.search(r'name="trump" value="hearts"[^>]* checked', form)


def test_the_sheets_own_trick_obligations_judge_its_deals(client, make_sheet):
    # ru does not oblige to beat (seed 001 "Перебивать не обязательно"); this table does
    played = ["J-spades", "9-spades", "K-clubs", "A-hearts", "A-spades", "9-hearts"]
    plain = make_sheet(ruleset="ru")
    assert "did not beat" not in text(page(review(client, plain, {"declarer": 0, "p": played})))
    house = make_sheet(ruleset="ru", options={"must_beat": True})
    body = text(page(review(client, house, {"declarer": 0, "p": played})))
    assert "Trick 1: Boris — did not beat" in body
    assert "Proof: Boris played A♠ in trick 2." in body  # the 24-card deck: Т = туз
