"""Mariáš entry forms (/s/<token>/entries/new/deal|renonc|misdeal/): the page, the htmx preview
with its ledger, bad input on every field, and whole evenings entered through the web.

Amounts are the hand-worked ones of the golden sheets (tests/golden/marias/*.json, "working").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest
from django.urls import reverse

from scoresheet.sheets.models import Entry, Sheet
from tests.sheets.golden_docs import GOLDEN, golden
from tests.sheets.helpers import HX, page, text, write_fields

FOUR = ("Anna", "Bohouš", "Cyril", "Dana")
THREE = ("Anna", "Bohouš", "Cyril")
EVENING = golden(GOLDEN / "marias" / "evening_four_players_pauzirak.json")
MARIAS_GOLDEN = sorted((GOLDEN / "marias").glob("*.json"))


def new_url(sheet: Sheet, kind: str = "deal") -> str:
    return reverse("entry_new", args=[sheet.edit_token, kind])


def fields_of(client: Any, sheet: Sheet, kind: str = "deal") -> dict[str, str]:
    return write_fields(page(client.get(new_url(sheet, kind))))


def stored(sheet: Sheet) -> list[dict[str, Any]]:
    return list(Entry.objects.filter(sheet=sheet).order_by("position")
                .values_list("data", flat=True))


def marias_sheet(make_sheet: Any, *, players: tuple[str, ...] = FOUR, first_dealer: int = 3,
                 options: Mapping[str, Any] | None = None, entries: Any = (),
                 edition: int | None = None) -> Sheet:
    return make_sheet(ruleset="marias", players=players, first_dealer=first_dealer,
                      options=options or {}, entries=entries, edition=edition)


def post_data(entry: Mapping[str, Any]) -> dict[str, Any]:
    """What a player taps on the form for a FORMAT.md entry (tests' own translation)."""
    kind = entry["type"]
    if kind == "renonc":
        data: dict[str, Any] = {"seat": str(entry["seat"]), "kind": str(entry["kind"])}
        if entry.get("played_out"):
            data["played_out"] = "on"
        return data
    if kind == "misdeal":
        return {"seat": str(entry["seat"])} if "seat" in entry else {"seat": ""}
    data = {"declarer": str(entry["declarer"]), "game": entry["game"]}
    for key in ("trump", "seven", "silent_seven", "result", "seven_against"):
        if entry.get(key):
            data[key] = entry[key]
    if entry.get("announced"):
        data["announced"] = list(entry["announced"])
    if entry.get("against"):
        data["announced_against"] = list(entry["against"])
    if "card_points" in entry:
        data["card_points"] = str(entry["card_points"])
    marriages = entry.get("marriages") or {}
    data["marriages_declarer"] = list(marriages.get("declarer", []))
    data["marriages_defence"] = list(marriages.get("defence", []))
    fleks = entry.get("fleks") or {}
    for comp, level in fleks.items():
        data[f"flek_{comp}"] = str(level)
    by = entry.get("first_flek_by")
    givers = {c: by for c in fleks} if isinstance(by, int) else dict(by or {})
    for comp, seat in givers.items():
        data[f"flek_by_{comp}_1"] = str(seat)
    for comp, seats in (entry.get("flek_by") or {}).items():
        for level in (1, 3, 5):  # a tap per flek of the defence; the re is the declarer's
            if level <= len(seats):
                data[f"flek_by_{comp}_{level}"] = str(seats[level - 1])
    return data


def running_totals(html: str) -> list[int]:
    """The balances in the sheet's footer, in haléře ("-1.20 Kč" -> -120)."""
    foot = html[html.index("<tfoot>"):html.index("</tfoot>")]
    cells = re.findall(r'<td class="sum[^"]*">\s*(-?\d+)\.(\d\d)', foot)
    return [int(c) * 100 + (-1 if c.startswith("-") else 1) * int(h) for c, h in cells]


def field_block(html: str, name: str) -> str:
    """The markup of the form's block for field ``name`` (its errors are inside it)."""
    start = html.index(f'class="field m-{name}')
    ends = [html.find(mark, start + 1) for mark in ('class="field ', 'class="only-',
                                                    'id="preview"')]
    return html[start:min(e for e in ends if e > 0)]


# --------------------------------------------------------------------------- the deal page


def test_deal_form_offers_the_games_trumps_announcements_and_card_points_as_buttons(
    client, make_sheet
):
    sheet = marias_sheet(make_sheet)
    html = page(client.get(new_url(sheet)))
    for game in ("suit", "betl", "durch"):
        assert f'name="game" value="{game}"' in html
    assert re.search(r'name="game" value="suit"[^>]*checked', html)  # the usual game first
    # trumps with the Czech names and symbols of the German-suited pack (rules/cards.py)
    for suit, label in (("hearts", "♥ srdce"), ("bells", "♦ kule"), ("leaves", "♠ listy"),
                        ("acorns", "♣ žaludy")):
        assert f'name="trump" value="{suit}"' in html
        assert label in html
    assert 'name="announced" value="seven"' in html and 'name="announced" value="hundred"' in html
    # card points 0..90 in tens (docs/rules/marias.md#card-points): ten buttons
    assert re.findall(r'name="card_points" value="(\d+)"', html) == [
        str(p) for p in range(0, 100, 10)]
    for side in ("declarer", "defence"):
        assert f'name="marriages_{side}" value="acorns"' in html
    for name in ("seven", "silent_seven", "result"):
        assert f'name="{name}"' in html
    assert 'hx-post="' in html and f'action="{new_url(sheet)}"' in html  # works without JS


def test_flek_ladder_climbs_to_the_tables_highest_word(client, make_sheet):
    sheet = marias_sheet(make_sheet, options={"flek_liability": "each"})  # max_fleks 4
    html = page(client.get(new_url(sheet)))
    for comp in ("game", "seven", "betl", "durch"):
        assert re.findall(rf'name="flek_{comp}" value="(\d)"', html) == ["0", "1", "2", "3", "4"]
    assert "boty ×16" in html and "kalhoty" not in html
    assert "data-flek-up" in html and "js/marias.js" in html  # the tap-to-increase button
    assert 'name="flek_by_game_1"' not in html  # each defender pays his own fleks
    wide = marias_sheet(make_sheet, options={"max_fleks": 5})
    assert "kalhoty ×32" in page(client.get(new_url(wide)))
    none = marias_sheet(make_sheet, options={"max_fleks": 0})
    assert 'name="flek_game"' not in page(client.get(new_url(none)))


def test_a_fleking_player_table_asks_who_gave_the_first_flek(client, make_sheet):
    """Seed 004 II.15 is the tournament preset's default: a tap for who gave the flek and the
    tutti (the declarer gives the re and the boty); the announcements against are fleked by the
    declarer, so they have no such tap."""
    sheet = marias_sheet(make_sheet)
    html = page(client.get(new_url(sheet)))
    for comp in ("game", "seven", "betl", "durch"):
        assert f'name="flek_by_{comp}_1" value="2"' in html
        assert f'name="flek_by_{comp}_3" value="2"' in html
        assert f'name="flek_by_{comp}_5"' not in html  # boty is the highest at this table
    for comp in ("seven_against", "hundred_against"):
        assert f'name="flek_{comp}" value="1"' in html
        assert f'name="flek_by_{comp}_1"' not in html


def test_deal_form_marks_the_pauzirak_who_deals_this_deal(client, make_sheet):
    sheet = marias_sheet(make_sheet, first_dealer=3)
    html = page(client.get(new_url(sheet)))
    assert "Dana deals and sits this deal out as the pauzírák." in text(html)
    seats = html[html.index('class="field m-declarer'):]
    dana = seats[seats.index('value="3"') - 200:seats.index('value="3"') + 200]
    assert 'class="choice out"' in dana and "sits out" in dana
    three = marias_sheet(make_sheet, players=THREE, first_dealer=0)
    assert "pauzírák" not in text(page(client.get(new_url(three))))


# --------------------------------------------------------------------------- preview (htmx)


def test_preview_shows_the_ledger_and_every_players_change_in_crowns(client, make_sheet):
    # EVENING deal 2 after deal 1 ([60, -20, -20, -20]): Anna deals and sits out, Bohouš plays
    # sedma in hearts: hra lost 0.40 to each of 3, the seven won at flek 0.80 x 2 = 1.60 from
    # each of 3 -> [-120, +360, -120, -120] -> [-60, 340, -140, -140].
    sheet = marias_sheet(make_sheet, entries=EVENING["entries"][:1], edition=1)
    data = {**fields_of(client, sheet), "preview": "1", **post_data(EVENING["entries"][1])}
    response = client.post(new_url(sheet), data, **HX)
    html = page(response)
    assert response.status_code == 200 and "<html" not in html
    words = text(html)
    # hearts are trumps: the game as it was played, the red hra at 0.40 (2 x 0.20)
    assert "Bohouš → Anna 0.40 Kč hra červená" in words
    assert "Anna → Bohouš 1.60 Kč sedma červená · flek ×2 (0.80 × 2 = 1.60)" in words
    assert "hra červená: 0.40 × 3 = 1.20 Kč" in words
    assert "sedma červená: 0.80 × 2 × 3 = 4.80 Kč" in words
    assert words.count("→ Bohouš 1.60 Kč") == 3 and words.count("Bohouš → ") == 3
    assert "Anna 0.60 Kč → -0.60 Kč (-1.20 Kč)" in words
    assert "Bohouš -0.20 Kč → 3.40 Kč (+3.60 Kč)" in words
    assert "Dana -0.20 Kč → -1.40 Kč (-1.20 Kč)" in words
    assert len(stored(sheet)) == 1  # a preview writes nothing


def test_preview_says_the_engines_objection_naming_the_field(client, make_sheet):
    sheet = marias_sheet(make_sheet)
    data = {**fields_of(client, sheet), "preview": "1", "declarer": "0", "game": "suit",
            "trump": "bells", "card_points": "55"}
    words = text(page(client.post(new_url(sheet), data, **HX)))
    assert "Not possible:" in words and "card points must be 0..90 in tens" in words.lower()
    assert "not 55" in words


def test_preview_in_czech_writes_crowns_with_a_decimal_comma(client, make_sheet):
    sheet = marias_sheet(make_sheet, edition=1)
    data = {**fields_of(client, sheet), "preview": "1", **post_data(EVENING["entries"][0])}
    words = text(page(client.post(new_url(sheet), data, HTTP_ACCEPT_LANGUAGE="cs", **HX)))
    assert "0,60" in words and "-0,20" in words  # Anna +0.60, the others -0.20 each


# --------------------------------------------------------------------------- writing


def test_writing_a_suit_deal_stores_the_format_entry(client, make_sheet):
    sheet = marias_sheet(make_sheet, entries=EVENING["entries"][:1], edition=1)
    data = {**fields_of(client, sheet), **post_data(EVENING["entries"][1]), "flek_game": "0"}
    response = client.post(new_url(sheet), data)
    assert response.status_code == 302
    assert stored(sheet)[1] == {
        "type": "deal", "declarer": 1, "game": "suit", "trump": "hearts",
        "announced": ["seven"], "card_points": 30,
        "marriages": {"declarer": [], "defence": ["acorns"]}, "seven": "won",
        "fleks": {"seven": 1},
    }
    assert running_totals(page(client.get(response["Location"]))) == [-60, 340, -140, -140]


def test_a_betl_sends_only_what_a_betl_has(client, make_sheet):
    # A trump, card points and a game flek tapped before switching to betl are hidden and not
    # sent; the betl's own flek ladder is.
    sheet = marias_sheet(make_sheet, players=THREE, first_dealer=0)
    data = {**fields_of(client, sheet), "declarer": "1", "game": "betl", "trump": "hearts",
            "card_points": "40", "announced": ["seven"], "seven": "won", "flek_game": "2",
            "flek_by_game_1": "0", "announced_against": ["hundred"], "flek_betl": "2",
            "flek_by_betl_1": "2", "result": "lost"}
    assert client.post(new_url(sheet), data).status_code == 302
    assert stored(sheet) == [
        {"type": "deal", "declarer": 1, "game": "betl", "result": "lost", "fleks": {"betl": 2},
         "flek_by": {"betl": [2]}}
    ]


def test_editing_a_deal_shows_it_as_it_was_entered(client, make_sheet):
    sheet = marias_sheet(make_sheet, entries=EVENING["entries"][:2], edition=1)
    html = page(client.get(reverse("entry_edit", args=[sheet.edit_token, 1])))
    for name, value in (("declarer", "1"), ("game", "suit"), ("trump", "hearts"),
                        ("announced", "seven"), ("card_points", "30"),
                        ("marriages_defence", "acorns"), ("seven", "won"),
                        ("flek_seven", "1"), ("flek_game", "0")):
        assert re.search(rf'name="{name}" value="{value}"[^>]*checked', html), name


# --------------------------------------------------------------------------- bad input


def _post(client: Any, sheet: Sheet, kind: str, data: Mapping[str, Any]) -> Any:
    response = client.post(new_url(sheet, kind), {**fields_of(client, sheet, kind), **data})
    assert response.status_code == 400
    assert len(stored(sheet)) == len(sheet.entries.all())  # nothing new written
    return response


SEDMA = {"declarer": "0", "game": "suit", "trump": "bells", "card_points": "50"}


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"declarer": ""}, "declarer", "Who played? (the declarer) Tap a name."),
        ({"declarer": "4"}, "declarer", "Who played? (the declarer) Tap one of the buttons."),
        ({"declarer": "3"}, "declarer", "so cannot declare"),  # Dana is the pauzírák
        ({"game": ""}, "game", "Game: tap one."),
        ({"game": "skat"}, "game", "Game: tap one of the buttons."),
        ({"trump": ""}, "trump", "A suit game names its trumps"),
        ({"trump": "clubs"}, "trump", "Trumps: tap one of the buttons."),
        ({"announced": ["grand"]}, "announced", "Announced: tap one of the buttons."),
        ({"card_points": ""}, "card_points", "Write Anna's card points"),
        ({"card_points": "55"}, "card_points", "must be 0..90 in tens"),
        ({"card_points": "many"}, "card_points", "type a whole number, digits only."),
        ({"marriages_declarer": ["spades"]}, "marriages_declarer",
         "Marriages of the declarer: tap one of the buttons."),
        ({"announced": ["seven"]}, "seven", "write whether it was won or lost"),
        ({"announced": ["seven"], "seven": "maybe"}, "seven",
         "The announced seven: tap one of the buttons."),
        ({"silent_seven": "nobody"}, "silent_seven", "tap one of the buttons."),
        ({"game": "durch", "result": ""}, "result", "Write whether the declarer won or lost"),
        ({"game": "betl", "result": "draw"}, "result",
         "Result for the declarer: tap one of the buttons."),
        ({"flek_game": "x"}, "flek_game", "type a whole number, digits only."),
        ({"flek_game": "-1"}, "flek_game", "at least 0"),
    ],
)
def test_bad_input_on_a_deal_field_is_refused_on_that_field(
    client, make_sheet, change, field, message
):
    sheet = marias_sheet(make_sheet)
    response = _post(client, sheet, "deal", {**SEDMA, **change})
    form = response.context["form"]
    assert any(message.lower() in e.lower() for e in form.errors[field]), form.errors
    html = page(response)
    if field.startswith("flek_"):  # the ladder of that component
        assert f'class="ladder c-{field.removeprefix("flek_")} has-error"' in html
    else:
        block = field_block(html, "marriages" if field.startswith("marriages") else field)
        assert "has-error" in block[:80] and message in text(block)


@pytest.mark.parametrize(
    ("options", "change", "group", "message"),
    [
        ({}, {"marriages_declarer": ["leaves"], "marriages_defence": ["leaves"]}, "marriages",
         "each marriage is declared once per deal"),
        ({}, {"flek_game": "1"}, "fleks", "write who gave the flek"),
        ({}, {"flek_game": "1", "flek_by_game_1": "0"},
         "fleks", "The flek on Game (hra or sto) is given by a defender, not by Anna (the "
         "declarer)"),
    ],
)
def test_an_objection_to_marriages_or_fleks_is_shown_on_that_group(
    client, make_sheet, options, change, group, message
):
    sheet = marias_sheet(make_sheet, options=options)
    response = _post(client, sheet, "deal", {**SEDMA, **change})
    assert any(message in e for e in response.context["form"].group_errors[group])
    html = page(response)
    start = html.index(f'class="field {"m-" if group == "marriages" else ""}{group}')
    assert message in text(html[start:html.index("</fieldset>", start)])


def test_a_flek_on_a_component_not_played_is_not_sent(client, make_sheet):
    # a seven ladder tapped while no seven is announced is hidden: the deal has no seven
    sheet = marias_sheet(make_sheet)
    assert client.post(new_url(sheet), {**fields_of(client, sheet), **SEDMA,
                                         "flek_seven": "2"}).status_code == 302
    assert "fleks" not in stored(sheet)[0]


# --------------------------------------------------------------------------- renonc


def test_renonc_form_lists_the_twelve_kinds_and_the_deal_it_refers_to(client, make_sheet):
    sheet = marias_sheet(make_sheet, entries=EVENING["entries"][:3], edition=1)
    html = page(client.get(new_url(sheet, "renonc")))
    words = text(html)
    assert re.findall(r'name="kind" value="(\d+)"', html) == [str(k) for k in range(1, 13)]
    assert "1. did not follow suit" in words and "nepřiznání barvy" in words
    assert "12. an ace or a ten in the talon" in words and "by the declarer" in words
    assert "A renonc in row 3: Cyril played betl." in words
    assert 'name="played_out"' in html


def test_renonc_after_a_deal_cancels_it_and_charges_the_offender(client, make_sheet):
    # EVENING row 4: Dana (a defender) signals in Cyril's lost betl, renonc 6, not played out:
    # the betl lines are cancelled, Dana pays Cyril 3 x 3.00 = 9.00 for the whole defence and
    # 2.00 to each other player: [-100, -100, +2000, -1800] -> [140, 540, 960, -1640].
    sheet = marias_sheet(make_sheet, entries=EVENING["entries"][:3], edition=1)
    data = {**fields_of(client, sheet, "renonc"), **post_data(EVENING["entries"][3])}
    preview = client.post(new_url(sheet, "renonc"), {**data, "preview": "1"}, **HX)
    words = text(page(preview))
    assert "<html" not in page(preview)
    assert words.count("cancelled: betl") == 3
    assert "Dana → Cyril 9.00 Kč betl" in words
    assert words.count("2.00 Kč renonc fee") == 3
    assert "Dana 1.60 Kč → -16.40 Kč (-18.00 Kč)" in words
    response = client.post(new_url(sheet, "renonc"), data)
    assert response.status_code == 302
    assert stored(sheet)[3] == {"type": "renonc", "seat": 3, "kind": 6, "played_out": False}
    assert running_totals(page(client.get(response["Location"]))) == [140, 540, 960, -1640]


@pytest.mark.parametrize(
    ("entries", "data", "field", "message"),
    [
        (1, {"seat": "", "kind": "1"}, "seat", "Who made the renonc? Tap a name."),
        (1, {"seat": "0", "kind": ""}, "kind", "What was it? Type a number."),
        (1, {"seat": "0", "kind": "13"}, "kind", "at most 12"),
        (1, {"seat": "0", "kind": "one"}, "kind", "What was it? Type a whole number, digits only."),
        # Dana dealt row 1 and sat it out: she cannot fail to follow suit in it
        (1, {"seat": "3", "kind": "1"}, "seat", "Dana is the pauzírák of that deal"),
        # row 3 is a betl: no ace or ten can lie in its talon to be paid for
        (3, {"seat": "2", "kind": "12"}, "kind", "renonc 12 is for suit games"),
    ],
)
def test_bad_input_on_a_renonc_field_is_refused_on_that_field(
    client, make_sheet, entries, data, field, message
):
    sheet = marias_sheet(make_sheet, entries=EVENING["entries"][:entries], edition=1)
    response = _post(client, sheet, "renonc", data)
    assert any(message in e for e in response.context["form"].errors[field])
    assert "has-error" in field_block(page(response), field)[:80]


def test_a_renonc_with_no_deal_before_it_is_refused_above_the_form(client, make_sheet):
    sheet = marias_sheet(make_sheet)
    response = _post(client, sheet, "renonc", {"seat": "0", "kind": "1"})
    assert any("there is none" in e for e in response.context["form"].non_field_errors())
    assert "A renonc refers to the deal right before it, and there is none" in text(
        page(response))


# --------------------------------------------------------------------------- misdeal


def test_misdeal_form_offers_the_dealer_and_the_first_one_is_free(client, make_sheet):
    sheet = marias_sheet(make_sheet, players=THREE, first_dealer=0)
    html = page(client.get(new_url(sheet, "misdeal")))
    assert re.search(r'name="seat" value="0"[^>]*checked', html)  # Anna deals
    assert "Anna deals now" in text(html)
    data = {**write_fields(html), "seat": "0"}
    preview = text(page(client.post(new_url(sheet, "misdeal"), {**data, "preview": "1"}, **HX)))
    assert "Anna misdeals for the first time: free" in preview
    assert client.post(new_url(sheet, "misdeal"), data).status_code == 302
    # the second one costs 2.00 Kč to each other player (misdeal_fee 200)
    data = {**fields_of(client, sheet, "misdeal"), "seat": "0"}
    preview = text(page(client.post(new_url(sheet, "misdeal"), {**data, "preview": "1"}, **HX)))
    assert "Anna → Bohouš 2.00 Kč misdeal fee" in preview
    assert "Anna 0.00 Kč → -4.00 Kč (-4.00 Kč)" in preview
    assert stored(sheet) == [{"type": "misdeal", "seat": 0}]


@pytest.mark.parametrize(
    ("seat", "message"),
    [("1", "Anna deals now, so only Anna can misdeal, not Bohouš"),
     ("x", "Who misdealt? (the dealer) Tap one of the buttons.")],
)
def test_bad_input_on_the_misdeal_seat_is_refused_on_it(client, make_sheet, seat, message):
    sheet = marias_sheet(make_sheet, players=THREE, first_dealer=0)
    response = _post(client, sheet, "misdeal", {"seat": seat})
    assert any(message in e for e in response.context["form"].errors["seat"])


# --------------------------------------------------------------------------- whole evenings


def _worked_totals(line: str) -> list[int] | None:
    """The running totals a golden sheet's working line ends with ("... -> [60, -20]")."""
    found = re.findall(r"-> \[([-0-9, ]+)\]", line)
    return [int(x) for x in found[-1].split(",")] if found else None


@pytest.mark.parametrize("path", MARIAS_GOLDEN, ids=[p.stem for p in MARIAS_GOLDEN])
def test_a_whole_evening_entered_through_the_web_matches_the_golden_sheet(
    client, make_sheet, path
):
    doc = golden(path)
    sheet = marias_sheet(make_sheet, players=tuple(doc["players"]),
                         first_dealer=doc["first_dealer"], options=doc["options"],
                         edition=doc.get("edition"))
    working = doc["meta"]["working"]
    html = ""
    for number, entry in enumerate(doc["entries"]):
        kind = entry["type"]
        data = {**fields_of(client, sheet, kind), **post_data(entry)}
        response = client.post(new_url(sheet, kind), data)
        assert response.status_code == 302, (number, response.context["form"].errors)
        html = page(client.get(response["Location"]))
        worked = _worked_totals(working[number])
        if worked is not None:
            assert running_totals(html) == worked, (number, working[number])
    assert running_totals(html) == doc["meta"]["expected"]["totals"]
    assert len(stored(sheet)) == len(doc["entries"])


# --------------------------------------------------------------------------- the sheet


def _row(html: str, entry: int) -> str:
    start = html.index(f'id="e{entry}"')
    return html[start:html.index("</tr>", start)]


def test_the_sheet_greys_the_pauzirak_column_of_each_deal(client, make_sheet):
    # EVENING: Dana deals row 1, Anna row 2, Bohouš row 3 (each sits the deal out); the renonc of
    # row 4 belongs to row 3's deal, so Bohouš is still out there.
    sheet = marias_sheet(make_sheet, entries=EVENING["entries"][:4], edition=1)
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert "game-marias" in html
    for entry, out in ((0, 3), (1, 0), (2, 1), (3, 1)):
        cells = re.findall(r'<td class="cell([^"]*)"', _row(html, entry))
        assert [" out" in c for c in cells] == [s == out for s in range(4)], entry


def test_each_row_opens_its_ledger_on_tap_without_javascript(client, make_sheet):
    sheet = marias_sheet(make_sheet, entries=EVENING["entries"][:4], edition=1)
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    row = _row(html, 1)
    assert '<details class="ledger">' in row and "<summary>" in row
    words = text(row)
    assert "sedma ♥" in words
    assert "Anna → Bohouš 1.60 Kč sedma červená · flek ×2 (0.80 × 2 = 1.60)" in words
    renonc = text(_row(html, 3))
    assert "renonc 6" in renonc and "Dana → Cyril 9.00 Kč betl" in renonc
    assert renonc.count("2.00 Kč renonc fee") == 3


def test_the_sheet_writes_the_running_balance_in_crowns(client, make_sheet):
    sheet = marias_sheet(make_sheet, entries=EVENING["entries"][:2], edition=1)
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    cells = re.findall(r'<span class="total">([^<]+)</span>\s*<span class="delta[^"]*">([^<]+)<',
                       _row(html, 1))
    # [60, -20, -20, -20] + [-120, +360, -120, -120] = [-60, 340, -140, -140]
    assert cells == [("-0.60", "-1.20"), ("3.40", "+3.60"), ("-1.40", "-1.20"),
                     ("-1.40", "-1.20")]
    foot = text(html[html.index("<tfoot>"):html.index("</tfoot>")])
    assert "-0.60 Kč 3.40 Kč -1.40 Kč -1.40 Kč" in foot
    czech = page(client.get(reverse("sheet", args=[sheet.edit_token]),
                            HTTP_ACCEPT_LANGUAGE="cs"))
    assert "3,40" in text(czech[czech.index("<tfoot>"):czech.index("</tfoot>")])


def test_the_czech_renonc_list_names_each_kind_once(make_sheet):
    """On a Czech page the kinds are the rules' own Czech names: not each one twice (issue 24);
    in English the Czech name stays beside the English words."""
    from django.test import Client

    sheet = make_sheet(ruleset="marias", players=["Anna", "Bohouš", "Cyril"])
    url = reverse("entry_new", args=[sheet.edit_token, "renonc"])
    czech = text(page(Client(HTTP_ACCEPT_LANGUAGE="cs").get(url)))
    english = text(page(Client(HTTP_ACCEPT_LANGUAGE="en").get(url)))
    assert czech.count("nepřiznání barvy") == 1
    assert english.count("nepřiznání barvy") == 1
