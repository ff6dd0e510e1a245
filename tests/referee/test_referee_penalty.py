"""The penalty calculator (/s/<token>/penalty/, /v/<token>/penalty/).

What an offence costs is the engine's preview of the penalty entry appended to the sheet; every
amount below is worked out by hand from RULES.md and the sheet's options.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from scoresheet.sheets.models import Entry
from tests.sheets.helpers import HX, page, text, write_fields


def price(client, sheet, params, *, read_only=False, **headers):
    name, token = ("penalty_read", sheet.view_token) if read_only else ("penalty",
                                                                       sheet.edit_token)
    return client.get(reverse(name, args=[token]) + "?" + urlencode(params), **headers)


def cost_line(response):
    found = re.search(r'<p class="cost-line"><strong>(.*?)</strong>', page(response))
    assert found, text(page(response))[:500]
    return found.group(1)


REVOKE = {"type": "penalty", "seat": "0", "reason": "revoke"}

# Mariáš, three players, Anna (seat 0) declares a hra in leaves and takes 30 card points: the
# defence has 60, so the hra is lost (RULES.md §2) and Anna pays each defender the hra, 20 h:
# deltas -40 / +20 / +20.
MARIAS_LOST_HRA = {"type": "deal", "declarer": 0, "game": "suit", "trump": "leaves",
                   "announced": [], "card_points": 30}


# --------------------------------------------------------------------------- Thousand


def test_a_tisic_revoke_costs_100_and_pays_60_to_each_other_player(client, make_sheet):
    # RULES.md §1.2: revoke = penalty, revoke_penalty 100, revoke_compensation 60.
    sheet = make_sheet(ruleset="tisic")
    response = price(client, sheet, REVOKE)
    assert response.status_code == 200
    assert cost_line(response) == "Anna -100, Boris +60, Vera +60"
    assert "0 → -100" in text(page(response))


def test_the_cost_follows_this_sheets_options(client, make_sheet):
    # ru preset: revoke_penalty 120, revoke_compensation 0; this table pays 40 to the others.
    plain = make_sheet(ruleset="ru")
    assert cost_line(price(client, plain, {**REVOKE, "seat": "1"})) == "Anna 0, Boris -120, Vera 0"
    house = make_sheet(ruleset="ru", options={"revoke_compensation": 40})
    assert cost_line(price(client, house, {**REVOKE, "seat": "1"})) == (
        "Anna +40, Boris -120, Vera +40")


def test_cutting_nines_and_an_agreed_amount(client, make_sheet):
    # ru: cut_nines_penalty 120; a custom penalty writes the amount the table agrees.
    sheet = make_sheet(ruleset="ru")
    nines = {"type": "penalty", "seat": "2", "reason": "cut_nines"}
    assert cost_line(price(client, sheet, nines)) == "Anna 0, Boris 0, Vera -120"
    custom = {"type": "penalty", "seat": "0", "reason": "custom", "amount": "-50"}
    assert cost_line(price(client, sheet, custom)) == "Anna -50, Boris 0, Vera 0"


def test_a_penalty_the_table_does_not_play_shows_the_engines_objection(client, make_sheet):
    # tisic has no cut-nines penalty (cut_nines_penalty 0); with revoke = replay a revoke is
    # a redeal, not a penalty row.
    tisic = make_sheet(ruleset="tisic")
    refused = price(client, tisic, {"type": "penalty", "seat": "0", "reason": "cut_nines"})
    assert refused.status_code == 400
    assert "no penalty for cutting nines" in text(page(refused))
    assert "Write it on the sheet" not in page(refused)
    replay = make_sheet(ruleset="tisic", options={"revoke": "replay"})
    assert "replays a revoked deal" in text(page(price(client, replay, REVOKE)))


def test_the_barrel_caps_a_compensation(client, make_sheet, write):
    # ru barrel at 880 (RULES.md §1.1): a penalty credit never takes a seat past the barrel.
    # Vera declares 300, 300 and 260, each time with all 120 card points + hearts 100 +
    # diamonds 80 = 300: made every time, 860 (Anna and Boris write 0; bolts are off here).
    # A revoke by Anna with compensation 40 would take Vera to 900: she stops at 880 (+20).
    sheet = make_sheet(ruleset="ru", options={"revoke_compensation": 40, "bolt_limit": 0})
    for contract in (300, 300, 260):
        write(sheet, {"type": "deal", "declarer": 2, "contract": contract, "points": [0, 0, 120],
                      "marriages": [[], [], ["hearts", "diamonds"]]})
    line = cost_line(price(client, sheet, REVOKE))
    assert line == "Anna -120, Boris +40, Vera +20"


# --------------------------------------------------------------------------- writing it down


def test_the_button_writes_the_penalty_onto_the_sheet_once(client, make_sheet):
    sheet = make_sheet(ruleset="tisic")
    html = page(price(client, sheet, REVOKE))
    fields = write_fields(html)
    post = {**fields, "type": "penalty", "seat": "0", "reason": "revoke"}
    url = reverse("penalty", args=[sheet.edit_token])
    response = client.post(url, post)
    assert response.status_code == 302
    assert response["Location"] == reverse("sheet", args=[sheet.edit_token]) + "#e0"
    assert [e.data for e in Entry.objects.filter(sheet=sheet)] == [
        {"type": "penalty", "seat": 0, "reason": "revoke"}]
    again = client.post(url, post)  # a double tap sends the same key
    assert again.status_code == 302
    assert Entry.objects.filter(sheet=sheet).count() == 1
    after = text(page(client.get(reverse("sheet", args=[sheet.edit_token]))))
    assert "Written on the sheet as row 1." in after


def test_a_write_against_an_old_revision_writes_nothing(client, make_sheet, write):
    sheet = make_sheet(ruleset="tisic")
    fields = write_fields(page(price(client, sheet, REVOKE)))
    write(sheet, {"type": "penalty", "seat": 1, "reason": "revoke"})
    response = client.post(reverse("penalty", args=[sheet.edit_token]),
                           {**fields, "type": "penalty", "seat": "0", "reason": "revoke"})
    assert response.status_code == 409
    assert Entry.objects.filter(sheet=sheet).count() == 1
    html = page(response)
    assert "Nothing was written" in text(html)
    # the fresh preview is against the sheet as it is now: Boris revoked first, Anna has 60
    assert cost_line(response) == "Anna -100, Boris +60, Vera +60"
    assert re.search(
        r'<th scope="row">Anna</th><td class="minus">loses 100</td><td>60 → <b>-40</b>', html)
    assert write_fields(html)["revision"] == "1"


def test_the_read_only_link_prices_but_cannot_write(client, make_sheet):
    sheet = make_sheet(ruleset="tisic")
    response = price(client, sheet, REVOKE, read_only=True)
    html = page(response)
    assert cost_line(response) == "Anna -100, Boris +60, Vera +60"
    assert 'method="post"' not in html and "Write it on the sheet" not in html
    assert sheet.edit_token not in html
    refused = client.post(reverse("penalty_read", args=[sheet.view_token]),
                          {"type": "penalty", "seat": "0", "reason": "revoke"})
    assert refused.status_code == 405
    assert Entry.objects.filter(sheet=sheet).count() == 0


def test_htmx_gets_only_the_result(client, make_sheet):
    response = price(client, make_sheet(ruleset="tisic"), REVOKE, **HX)
    html = page(response)
    assert html.lstrip().startswith('<section id="result"')
    assert "Anna -100, Boris +60, Vera +60" in html


# --------------------------------------------------------------------------- Mariáš


def test_a_defenders_renonc_loses_the_deal_for_the_defence_and_costs_the_fee(client,
                                                                             make_sheet):
    # marias.md#renonc, kind 1 (did not follow suit) by Boris, a defender, not played out:
    # the deal's lines are cancelled (Anna +40, Boris -20, Vera -20), Boris pays Anna the hra
    # for the whole defence, 2 x 20 = 40 (Anna +40, Boris -40), and the fee of 2 Kč to each
    # other player (Boris -400, Anna +200, Vera +200).
    # Anna 40 + 40 + 200 = +280 h, Boris -20 - 40 - 400 = -460 h, Vera -20 + 200 = +180 h.
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_LOST_HRA])
    response = price(client, sheet, {"type": "renonc", "seat": "1", "kind": "1"})
    assert cost_line(response) == "Anna +2.80 Kč, Boris -4.60 Kč, Vera +1.80 Kč"
    assert "Boris → Anna: 2.00 Kč (renonc fee)" in text(page(response))


def test_a_played_out_renonc_costs_only_the_fee(client, make_sheet):
    # marias.md#renonc: played out, the deal stands; Boris pays 2 Kč to each other player.
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_LOST_HRA])
    response = price(client, sheet, {"type": "renonc", "seat": "1", "kind": "1",
                                     "played_out": "on"})
    assert cost_line(response) == "Anna +2.00 Kč, Boris -4.00 Kč, Vera +2.00 Kč"


def test_a_renonc_needs_the_deal_right_before_it(client, make_sheet):
    # no deal on the sheet: the renonc can only be in the deal being played, which the deal
    # form writes stopped by it (tests/sheets/test_marias_renonc_stopped.py); nothing is priced
    response = price(client, make_sheet(ruleset="marias"),
                     {"type": "renonc", "seat": "1", "kind": "1"})
    assert "The last deal on the sheet" not in text(page(response))
    assert "Write it on the sheet" not in page(response)
    response = client.post(reverse("penalty", args=[make_sheet(ruleset="marias").edit_token]),
                           {"type": "renonc", "seat": "1", "kind": "1", "revision": "0",
                            "key": "00000000-0000-0000-0000-000000000001"})
    assert response.status_code == 400


def test_the_renonc_is_written_with_its_kind(client, make_sheet):
    sheet = make_sheet(ruleset="marias", entries=[MARIAS_LOST_HRA])
    fields = write_fields(page(price(client, sheet, {"type": "renonc", "seat": "0",
                                                     "kind": "12"})))
    response = client.post(reverse("penalty", args=[sheet.edit_token]),
                           {**fields, "type": "renonc", "seat": "0", "kind": "12",
                            "played_out": "False"})
    assert response.status_code == 302
    assert Entry.objects.get(sheet=sheet, position=1).data == {
        "type": "renonc", "seat": 0, "kind": 12, "played_out": False}


def test_binokel_has_no_penalty_row(client, make_sheet):
    sheet = make_sheet(ruleset="binokel")
    html = page(client.get(reverse("penalty", args=[sheet.edit_token])))
    assert "has no penalty row" in text(html)
    referee = page(client.get(reverse("referee", args=[sheet.edit_token])))
    assert reverse("penalty", args=[sheet.edit_token]) not in referee


def test_the_costs_say_a_gain_as_a_gain():
    from scoresheet.referee.rulings import cost_words
    from scoresheet.sheets.paper import paper_of

    marias, thousand = paper_of("marias"), paper_of("thousand")
    assert cost_words(200, marias) == "gets 2.00 Kč"
    assert cost_words(-460, marias) == "pays 4.60 Kč"
    assert cost_words(60, thousand) == "gains 60"
    assert cost_words(-120, thousand) == "loses 120"
    assert cost_words(0, thousand) == "nothing"


@pytest.mark.parametrize(("ruleset", "broken", "query"), [
    ("marias", "follow_suit", {"type": "renonc", "kind": "1"}),
    ("marias", "overtrump", {"type": "renonc", "kind": "2"}),
    ("marias", "seven_too_early", {"type": "renonc", "kind": "11"}),
    ("ru", "trump", {"type": "penalty", "reason": "revoke"}),
])
def test_what_does_it_cost_opens_on_the_verdicts_offence(ruleset, broken, query):
    import rules
    from scoresheet.referee import rulings as referee

    document = rules.load({"format": rules.FORMAT, "game": rules.game_of(ruleset).name,
                           "ruleset": ruleset, "options": {}, "players": ["A", "B", "C"],
                           "first_dealer": 0, "entries": []})
    assert referee.offence_query(referee.offence_kinds(document), broken) == query


# --------------------------------------------------------------------------- attached to a deal

# Three Mariáš deals, all a hra in leaves (20 h to or from each defender, RULES.md §2), 90 card
# points in a deal: Anna takes 30 and loses (-40/+20/+20), Boris takes 60 and wins
# (-20/+40/-20), Vera takes 50 and wins (-20/-20/+40).  Totals -80 / +40 / +40.
def marias_hra(declarer, card_points):
    return {"type": "deal", "declarer": declarer, "game": "suit", "trump": "leaves",
            "announced": [], "card_points": card_points}


THREE_HRAS = [marias_hra(0, 30), marias_hra(1, 60), marias_hra(2, 50)]
BORIS_RENONC = {"type": "renonc", "seat": "1", "kind": "1"}


def test_a_renonc_attached_to_the_first_deal_is_written_right_after_it(client, make_sheet):
    # marias.md#renonc: a renonc entry refers to the deal right before it.  Boris (a defender
    # of Anna's lost hra, row 1) did not follow suit, not played out: row 1's lines are
    # cancelled (Anna +40, Boris -20, Vera -20), Boris pays Anna the hra for the whole defence,
    # 2 x 20 = 40 (Anna +40, Boris -40), and the fee of 2 Kč to each other player (Boris -400,
    # Anna +200, Vera +200): Anna +280 h, Boris -460 h, Vera +180 h.
    # Totals after: Anna -80 + 280 = 200, Boris 40 - 460 = -420, Vera 40 + 180 = 220.
    sheet = make_sheet(ruleset="marias", entries=THREE_HRAS)
    query = {**BORIS_RENONC, "deal": "0"}
    response = price(client, sheet, query)
    assert response.status_code == 200
    html = page(response)
    assert "Attached to row 1 (Deal — Anna" in text(html)
    assert '<input type="hidden" name="deal" value="0">' in html
    assert cost_line(response) == "Anna +2.80 Kč, Boris -4.60 Kč, Vera +1.80 Kč"
    assert "-0.80 Kč → 2.00 Kč" in text(html)
    assert "0.40 Kč → -4.20 Kč" in text(html)
    button = html[html.index('class="write-penalty"'):]
    assert '<input type="hidden" name="deal" value="0">' in button[:button.index("</form>")]
    url = reverse("penalty", args=[sheet.edit_token])
    post = {**write_fields(html), **query, "played_out": "False"}
    response = client.post(url, post)
    assert response.status_code == 302
    assert response["Location"] == reverse("sheet", args=[sheet.edit_token]) + "#e1"
    rows = [e.data for e in Entry.objects.filter(sheet=sheet).order_by("position")]
    assert rows == [THREE_HRAS[0], {"type": "renonc", "seat": 1, "kind": 1,
                                    "played_out": False}, THREE_HRAS[1], THREE_HRAS[2]]
    assert client.post(url, post).status_code == 302  # a double tap: written once
    assert Entry.objects.filter(sheet=sheet).count() == 4
    from scoresheet.sheets import services
    sheet.refresh_from_db()
    assert services.load(sheet).scored.totals == (200, -420, 220)
    after = text(page(client.get(reverse("sheet", args=[sheet.edit_token]))))
    assert "Written on the sheet as row 2." in after
    history = text(page(client.get(reverse("sheet_history", args=[sheet.edit_token]))))
    assert re.search(r"#4 entered row 2 \S+ \S+ now: Renonc — Boris", history), history[:800]


def test_without_a_deal_the_renonc_is_written_at_the_end(client, make_sheet):
    # The same renonc, not attached: it refers to the last deal, Vera's won hra, where Boris
    # defended.  Its lines are cancelled (Vera -40, Anna +20, Boris +20), Boris pays Vera the
    # hra for the whole defence, 40 (Vera +40, Boris -40), and the fee (Boris -400, Anna +200,
    # Vera +200): Anna +220 h, Boris -420 h, Vera +200 h.
    sheet = make_sheet(ruleset="marias", entries=THREE_HRAS)
    response = price(client, sheet, BORIS_RENONC)
    assert cost_line(response) == "Anna +2.20 Kč, Boris -4.20 Kč, Vera +2.00 Kč"
    assert "Attached to row" not in text(page(response))
    assert "The last deal on the sheet, row 3 (Deal — Vera" in text(page(response))
    fields = write_fields(page(response))
    written = page(response)[page(response).index('class="write-penalty"'):]
    assert 'name="deal"' not in written
    response = client.post(reverse("penalty", args=[sheet.edit_token]),
                           {**fields, **BORIS_RENONC, "played_out": "False"})
    assert response["Location"] == reverse("sheet", args=[sheet.edit_token]) + "#e3"
    assert Entry.objects.get(sheet=sheet, position=3).data["type"] == "renonc"


def test_attached_to_the_last_deal_is_the_same_as_at_the_end(client, make_sheet):
    sheet = make_sheet(ruleset="marias", entries=THREE_HRAS)
    response = price(client, sheet, {**BORIS_RENONC, "deal": "2"})
    assert "Attached to row 3 (Deal — Vera" in text(page(response))
    assert cost_line(response) == "Anna +2.20 Kč, Boris -4.20 Kč, Vera +2.00 Kč"


@pytest.mark.parametrize("deal", ["1", "3", "-1", "x"])
def test_a_penalty_is_attached_only_to_a_deal_row_of_the_sheet(client, make_sheet, deal):
    # Row 2 (index 1) is a renonc, not a deal; 3 is past the end; -1 and x are no row at all.
    entries = [THREE_HRAS[0], {"type": "renonc", "seat": 1, "kind": 1, "played_out": True},
               THREE_HRAS[1]]
    sheet = make_sheet(ruleset="marias", entries=entries)
    refused = price(client, sheet, {**BORIS_RENONC, "deal": deal})
    assert refused.status_code == 400
    assert "only be attached to a deal row" in text(page(refused))
    assert "Write it on the sheet" not in page(refused)
    fields = write_fields(page(price(client, sheet, BORIS_RENONC)))
    response = client.post(reverse("penalty", args=[sheet.edit_token]),
                           {**fields, **BORIS_RENONC, "played_out": "False", "deal": deal})
    assert response.status_code == 400
    assert "only be attached to a deal row" in text(page(response))
    assert Entry.objects.filter(sheet=sheet).count() == 3


def test_insert_entry_writes_once_per_key(make_sheet):
    # The same key again is the same write (a double tap): it is answered, not written again.
    from scoresheet.sheets import services
    from scoresheet.sheets.models import EntryChange
    from tests.conftest import new_key

    sheet = make_sheet(ruleset="marias", entries=THREE_HRAS)
    phone = services.Device(id="phone", user_agent="pytest")
    renonc = {"type": "renonc", "seat": 1, "kind": 1, "played_out": False}
    key = new_key()
    first = services.insert_entry(sheet.pk, revision=3, key=key, device=phone, position=1,
                                  entry=renonc)
    again = services.insert_entry(sheet.pk, revision=3, key=key, device=phone, position=1,
                                  entry=renonc)
    assert (first.position, first.revision, first.replayed) == (1, 4, False)
    assert (again.position, again.revision, again.replayed) == (1, 4, True)
    assert [e.data["type"] for e in Entry.objects.filter(sheet=sheet).order_by("position")] == [
        "deal", "renonc", "deal", "deal"]
    assert EntryChange.objects.filter(sheet=sheet).count() == 4
    with pytest.raises(services.KeyReused):  # the key of that write, asked for another place
        services.insert_entry(sheet.pk, revision=3, key=key, device=phone, position=2,
                              entry=renonc)


def test_an_insertion_the_engine_refuses_stores_nothing(make_sheet):
    # marias.md#renonc: a renonc refers to the deal right before it; put first, it has none.
    from scoresheet.sheets import services
    from tests.conftest import new_key

    sheet = make_sheet(ruleset="marias", entries=THREE_HRAS)
    phone = services.Device(id="phone", user_agent="pytest")
    with pytest.raises(services.Rejected) as refused:
        services.insert_entry(sheet.pk, revision=3, key=new_key(), device=phone, position=0,
                              entry={"type": "renonc", "seat": 2, "kind": 1,
                                     "played_out": True})
    assert refused.value.entry == 0 and not refused.value.elsewhere
    assert [e.data for e in Entry.objects.filter(sheet=sheet).order_by("position")] == THREE_HRAS
    sheet.refresh_from_db()
    assert sheet.revision == 3


def test_the_deal_reviews_renonc_link_opens_the_calculator_attached_to_that_deal(client,
                                                                                 make_sheet):
    # The review of row 1 proves Boris's renonc (he keeps a bell back in trick 3); its link
    # carries deal=0, and the sheet has a later deal: the calculator attaches it to row 1.
    from tests.referee.test_review_page import MARIAS_ROW, MARIAS_TRICKS, cards, review

    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW, THREE_HRAS[1]])
    tricks = [list(t) for t in MARIAS_TRICKS]
    tricks[2][1], tricks[6][1] = "K-leaves", "J-bells"
    html = page(review(client, sheet, {"deal": 0, "p": cards(tricks)[:11]}))
    link = re.search(r'href="([^"]*penalty/\?[^"]*)"', html).group(1).replace("&amp;", "&")
    calculator = page(client.get(link))
    assert "Attached to row 1 (Deal — Anna" in text(calculator)
    assert '<input type="hidden" name="deal" value="0">' in calculator


def test_a_review_of_no_row_prices_the_deal_being_played_and_carries_what_it_knew(client,
                                                                                make_sheet):
    # The review of a deal not on the sheet (no deal= in its query) proves Boris's renonc; the
    # sheet already has a deal.  Its link asks for the deal being played: "In which deal?" is
    # preset to it, nothing is priced against row 1, and the stopped deal's form it opens
    # carries who played, the game and the trumps of the review.
    from tests.referee.test_review_page import MARIAS_ROW, MARIAS_TRICKS, cards, review

    sheet = make_sheet(ruleset="marias", entries=[MARIAS_ROW])
    tricks = [list(t) for t in MARIAS_TRICKS]
    tricks[2][1], tricks[6][1] = "K-leaves", "J-bells"
    setup = {"declarer": 0, "contract": "suit", "trump": "hearts"}
    html = page(review(client, sheet, {**setup, "p": cards(tricks)[:11]}))
    link = re.search(r'href="([^"]*penalty/\?[^"]*)"', html).group(1).replace("&amp;", "&")
    assert "deal=now" in link
    calculator = page(client.get(link))
    assert re.search(r'value="now" id="id_deal_0" checked', calculator)
    assert "Write it on the sheet" not in calculator
    stopped = re.search(r'href="([^"]*entries/new/deal/\?[^"]*)"', calculator).group(1)
    stopped = stopped.replace("&amp;", "&")
    for part in ("stopped=1", "renonc_seat=1", "renonc_kind=1", "declarer=0", "game=suit",
                 "trump=hearts"):
        assert part in stopped
    form = page(client.get(stopped))
    assert re.search(r'<input[^>]*name="declarer" value="0"[^>]*checked', form)
    assert re.search(r'<input[^>]*name="trump" value="hearts"[^>]*checked', form)


def test_a_thousand_penalty_of_the_deal_being_played_is_written_at_the_end(client, make_sheet):
    sheet = make_sheet(ruleset="tisic")
    assert cost_line(price(client, sheet, {**REVOKE, "deal": "now"})) == (
        "Anna -100, Boris +60, Vera +60")
