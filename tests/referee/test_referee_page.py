"""The arbiter page (/s/<token>/referee/, /v/<token>/referee/): "was it legal?".

Every verdict below is worked out by hand from RULES.md §4 and docs/rules/arbiter.md; the page
only carries the question to the arbiter and its answer back.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

from django.urls import reverse

from tests.sheets.helpers import HX, page, text


def ask(client, sheet, params, *, read_only=False, **headers):
    name = "referee_read" if read_only else "referee"
    token = sheet.view_token if read_only else sheet.edit_token
    return client.get(reverse(name, args=[token]) + "?" + urlencode(params, doseq=True), **headers)


def checked(html, name):
    """The values of the inputs called ``name`` that are checked, in page order."""
    return re.findall(rf'name="{name}" id="[^"]*" value="([^"]*)" checked', html)


# --------------------------------------------------------------------------- the picker


def test_the_sheet_page_reaches_the_referee_in_one_tap(client, make_sheet):
    sheet = make_sheet()
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert f'href="{reverse("referee", args=[sheet.edit_token])}"' in html
    read = page(client.get(reverse("sheet_read", args=[sheet.view_token])))
    assert f'href="{reverse("referee_read", args=[sheet.view_token])}"' in read
    assert sheet.edit_token not in read


def test_the_picker_is_a_get_form_of_card_buttons_without_javascript(client, make_sheet):
    sheet = make_sheet(ruleset="tisic")
    response = client.get(reverse("referee", args=[sheet.edit_token]))
    html = page(response)
    assert response.status_code == 200
    form = re.search(r'<form method="get" action="([^"]*)"', html)
    assert form and form.group(1).startswith(reverse("referee", args=[sheet.edit_token]))
    # tisic plays 32 cards (7 to A): one button per card in each of the four card fields
    for name, kind in (("lead", "radio"), ("second", "radio"), ("hand", "checkbox"),
                       ("card", "radio")):
        assert len(re.findall(rf'type="{kind}" name="{name}" id="{name}-', html)) == 32
    assert 'id="verdict"' in html and "Not legal" not in html


def test_czech_decks_show_the_czech_suit_names(client, make_sheet):
    for ruleset, language in (("tisic", "cs"), ("marias", "cs"), ("marias", "en")):
        client.cookies["django_language"] = language
        html = text(page(client.get(reverse("referee", args=[make_sheet(ruleset=ruleset)
                                                             .edit_token]))))
        for name in ("♥ srdce", "♦ kule", "♠ listy", "♣ žaludy"):
            assert name in html


def test_the_english_referee_shows_english_suits_and_ranks(client, make_sheet):
    for ruleset in ("ru", "tisic"):
        raw = page(client.get(reverse("referee", args=[make_sheet(ruleset=ruleset).edit_token])))
        html = text(raw)
        for name in ("♥ hearts", "♦ diamonds", "♣ clubs", "♠ spades"):
            assert name in html
        assert "ace hearts" in raw and "king spades" in raw  # the cards' full names
        for russian_or_czech in ("♥ червы", "туз", "король", "eso", "král"):
            assert russian_or_czech not in raw


def test_binokel_shows_its_german_suit_names_and_every_card_twice_in_the_hand(client,
                                                                                make_sheet):
    sheet = make_sheet(ruleset="binokel")
    html = page(client.get(reverse("referee", args=[sheet.edit_token])))
    for name in ("Herz", "Schippe", "Kreuz", "Eckstein"):
        assert name in text(html)
    # RULES.md §3: 48 cards, A 10 K O U 9 twice in each suit; the hand may hold both twins
    assert len(re.findall(r'type="checkbox" name="hand"', html)) == 48
    assert len(re.findall(r'type="radio" name="card" id="card-', html)) == 24


def test_thousand_uses_the_24_card_deck(client, make_sheet):
    html = page(client.get(reverse("referee", args=[make_sheet(ruleset="ru").edit_token])))
    assert len(re.findall(r'type="radio" name="card" id="card-', html)) == 24
    assert 'value="7-hearts"' not in html and 'value="9-hearts"' in html


def test_marias_asks_for_the_contract_and_the_announced_seven(client, make_sheet):
    html = page(client.get(reverse("referee", args=[make_sheet(ruleset="marias").edit_token])))
    for contract in ("suit", "betl", "durch"):
        assert f'name="contract" value="{contract}"' in html
    assert 'name="seven"' in html
    thousand = page(client.get(reverse("referee", args=[make_sheet(ruleset="ru").edit_token])))
    assert 'name="contract"' not in thousand and 'name="seven"' not in thousand
    assert 'name="marriage"' in thousand


# --------------------------------------------------------------------------- verdicts


TISIC_FOLLOW = {
    # RULES.md §1.2: follow suit always.  Spades led, the player holds K-spades and plays a heart.
    "trump": "hearts",
    "lead": "A-spades",
    "second": "10-spades",
    "hand": ["K-spades", "9-hearts", "Q-clubs"],
    "card": "9-hearts",
}


def test_a_card_that_does_not_follow_suit_is_judged_illegal_with_the_rule(client, make_sheet):
    sheet = make_sheet(ruleset="tisic")
    response = ask(client, sheet, TISIC_FOLLOW)
    html = page(response)
    assert response.status_code == 200
    assert 'class="verdict illegal"' in html
    words = text(html)
    assert "Not legal: did not follow suit." in words
    assert "if you hold a card of the suit that was led, you must play one" in words
    # the only card allowed is the king of spades (listy), written as the deck prints it
    allowed = re.search(r'could play:(.*?)</p>', html, re.S)
    assert allowed and re.findall(r">([^<]+)</span>", allowed.group(1)) == ["K♠"]
    assert f'{reverse("table_rules", args=[sheet.edit_token])}#arbiter-follow-suit' in html


def test_the_question_stays_picked_on_the_verdict_page(client, make_sheet):
    html = page(ask(client, make_sheet(ruleset="tisic"), TISIC_FOLLOW))
    assert checked(html, "hand") == ["9-hearts", "Q-clubs", "K-spades"]  # page order: by suit
    assert checked(html, "lead") == ["A-spades"]
    assert checked(html, "card") == ["9-hearts"]


def test_a_legal_card_cites_the_obligations_in_force(client, make_sheet):
    # ru (RULES.md §4): follow suit, no duty to beat: a low spade under the ace is legal.
    sheet = make_sheet(ruleset="ru")
    html = page(ask(client, sheet, {"trump": "none", "lead": "A-spades",
                                    "hand": ["9-spades", "10-spades"], "card": "9-spades"}))
    words = text(html)
    assert 'class="verdict legal"' in html
    assert "Legal: 9♠ may be played." in words
    assert "You must follow suit; with no card of the led suit, trump" in words


def test_a_declared_marriage_makes_its_suit_trump(client, make_sheet):
    # RULES.md §1: leading the K of a held marriage with "trump!" makes hearts trump.
    sheet = make_sheet(ruleset="ru")
    html = text(page(ask(client, sheet, {"trump": "none", "hand": ["K-hearts", "Q-hearts",
                                                                     "9-spades"],
                                         "card": "K-hearts", "marriage": "on"})))
    assert "Legal:" in html
    assert "Trump from now on: ♥ hearts." in html


def test_tisic_forbids_a_marriage_in_the_first_trick(client, make_sheet):
    # RULES.md §1.2: "not before the first trick of the deal is complete".
    question = {"trump": "none", "hand": ["K-hearts", "Q-hearts"], "card": "K-hearts",
                "marriage": "on"}
    sheet = make_sheet(ruleset="tisic")
    first = text(page(ask(client, sheet, question)))
    assert "Not legal: a marriage declared in the first trick." in first
    later = text(page(ask(client, sheet, {**question, "tricks_done": "1"})))
    assert "Legal:" in later and "Not legal" not in later


def test_binokel_twins_in_the_hand_are_both_counted(client, make_sheet):
    # RULES.md §3: must beat when able.  10 of clubs led; the player holds both aces of clubs and
    # the nine: the nine does not beat, so only the aces may be played (listed twice).
    sheet = make_sheet(ruleset="binokel")
    html = page(ask(client, sheet, {"trump": "hearts", "lead": "10-clubs",
                                    "hand": ["A-clubs", "A-clubs", "9-clubs"],
                                    "card": "9-clubs"}))
    assert "Not legal: did not beat." in text(html)
    allowed = re.search(r'could play:(.*?)</p>', html, re.S)
    assert allowed and re.findall(r">([^<]+)</span>", allowed.group(1)) == ["A♣", "A♣"]
    assert checked(html, "hand").count("A-clubs") == 2


def test_marias_betl_ranks_the_ten_below_the_spodek(client, make_sheet):
    # RULES.md §4: betl and durch use 7 8 9 10 U O K A without trumps; suit games put the ten
    # above the king.  Spodek (J) of hearts led; the player holds the 10 and the 7 of hearts.
    sheet = make_sheet(ruleset="marias")
    question = {"lead": "J-hearts", "hand": ["10-hearts", "7-hearts"], "card": "7-hearts"}
    betl = text(page(ask(client, sheet, {**question, "contract": "betl", "trump": "none"})))
    assert "Legal:" in betl and "Not legal" not in betl
    suit = text(page(ask(client, sheet, {**question, "contract": "suit", "trump": "acorns"})))
    assert "Not legal: did not beat." in suit


def test_the_announced_seven_is_kept_for_the_last_trick(client, make_sheet):
    # seed 004 art. II.13: the trump seven of an announced sedma is played in the last trick.
    sheet = make_sheet(ruleset="marias")
    question = {"contract": "suit", "trump": "hearts", "hand": ["7-hearts", "A-bells"],
                "card": "7-hearts", "seven": "on"}
    assert "Not legal: the announced seven played early." in text(page(ask(client, sheet,
                                                                           question)))
    last = text(page(ask(client, sheet, {**question, "tricks_done": "9"})))
    assert "Legal:" in last and "Not legal" not in last


def test_a_card_not_ticked_in_the_hand_is_not_in_the_hand(client, make_sheet):
    html = text(page(ask(client, make_sheet(ruleset="tisic"),
                         {"trump": "none", "hand": ["K-spades"], "card": "9-hearts"})))
    assert "Not legal: not in the hand." in html


def test_an_incomplete_question_names_what_is_missing(client, make_sheet):
    sheet = make_sheet(ruleset="binokel")
    # Binokel names its trump before play (arbiter.md "Contract"): the arbiter refuses no trump
    response = ask(client, sheet, {"hand": ["A-clubs"], "card": "A-clubs"})
    assert response.status_code == 400
    assert "names its trump before the first trick" in text(page(response))
    missing = ask(client, sheet, {"trump": "hearts", "hand": ["A-clubs"]})
    assert missing.status_code == 400
    assert "Pick the card that was played." in text(page(missing))


def test_a_card_of_another_deck_is_refused_not_judged(client, make_sheet):
    response = ask(client, make_sheet(ruleset="ru"),
                   {"trump": "none", "hand": ["7-hearts"], "card": "7-hearts"})
    assert response.status_code == 400
    assert "verdict legal" not in page(response) and "verdict illegal" not in page(response)


def test_htmx_gets_only_the_verdict(client, make_sheet):
    response = ask(client, make_sheet(ruleset="tisic"), TISIC_FOLLOW, **HX)
    html = page(response)
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="verdict"')
    assert "<form" not in html and "Not legal: did not follow suit." in text(html)
    refused = ask(client, make_sheet(ruleset="tisic"), {"trump": "none"}, **HX)
    assert refused.status_code == 200  # htmx swaps only 2xx: the complaint must reach the page
    assert "Pick the card that was played." in text(page(refused))


# --------------------------------------------------------------------------- sharing


def test_the_verdict_is_shared_through_the_read_only_link(client, make_sheet):
    sheet = make_sheet(ruleset="tisic")
    html = page(ask(client, sheet, TISIC_FOLLOW))
    shared = re.search(r'<a class="url" href="([^"]*)"', html)
    assert shared
    url = shared.group(1).replace("&amp;", "&")
    assert url.startswith(f"http://testserver{reverse('referee_read', args=[sheet.view_token])}?")
    paragraph = re.search(r'<p class="share small">(.*?)</p>', html, re.S)
    assert paragraph and sheet.edit_token not in paragraph.group(1)
    again = client.get(url.removeprefix("http://testserver"))
    assert again.status_code == 200
    assert "Not legal: did not follow suit." in text(page(again))
    assert sheet.edit_token not in page(again)


def test_the_read_only_referee_needs_the_view_token(client, make_sheet):
    sheet = make_sheet()
    assert client.get(reverse("referee_read", args=[sheet.edit_token])).status_code == 404
    assert client.get(reverse("referee", args=[sheet.view_token])).status_code == 404
