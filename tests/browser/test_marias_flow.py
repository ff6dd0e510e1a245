"""Mariáš in a real browser at phone size: four players, fleks tapped up the ladder with who gave
them, the pauzírák's column greyed, a row's ledger opened on tap, a renonc, settling up, and the
defence's announcements against the declarer.

The deals (preset marias, tariff of docs/rules/marias.md, rule II.15: the first flek-giver pays
the doubling for all when the declarer wins; first dealer Dana; the dealer of each deal sits it
out as the pauzírák and pays with the others), in haléře:

1. Dana deals.  Anna plays hra in bells: 50 + the bells marriage 40 = 90 > 40 + leaves 20 = 60,
   won; 0.20 from Bohouš, Cyril, Dana -> [60, -20, -20, -20].
2. Anna deals.  Bohouš plays sedma in hearts with 30 against the acorns marriage: the hra is lost,
   0.40 to each of 3; the seven is won at flek (one tap of "+ flek", one tap on Cyril who gave
   it): 0.80 from each of 3 and Cyril 0.80 x 3 = 2.40 more -> [-40, +360, -280, -40] ->
   [20, 340, -300, -60].
3. Bohouš deals.  Cyril plays betl and loses it at re (two taps, Dana gave the flek): each paying
   seat receives its own 3.00 x 4 = 12.00 -> [+1200, +1200, -3600, +1200] ->
   [1220, 1540, -3900, 1140].
4. Renonc 6: Dana signalled.  The betl lines are cancelled (Cyril +36.00, the others -12.00),
   Dana pays Cyril the betl for the whole defence 3 x 12.00 = 36.00, and 2.00 to each other
   player: [-1000, -1000, +7400, -5400] -> [220, 540, 3500, -4260].

Settling up: nobody's balances cancel out, so 3 payments: Dana pays Cyril 35.00, Bohouš 5.40
and Anna 2.20.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SUITS = ("hearts", "bells", "leaves", "acorns")  # the order of the suit buttons
GREY = "rgb(230, 227, 218)"  # the pauzírák's cell (static/css/app.css, "marias")


def start_marias(page: Any, base: str) -> None:
    page.goto(base + "/new/?ruleset=marias")
    for seat, name in enumerate(("Anna", "Bohouš", "Cyril", "Dana")):
        page.fill(f"#id_player_{seat}", name)
    page.check("#id_first_dealer_3")
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))


def suit(name: str) -> int:
    return SUITS.index(name)


def flek_up(page: Any, component: str, times: int) -> None:
    """Tap the "+ flek" button of a component's ladder (JavaScript climbs one step a tap)."""
    button = page.locator(f".ladder.c-{component} [data-flek-up]")
    for _ in range(times):
        button.click()


def totals(page: Any) -> list[str]:
    return [re.sub(r"\s+", " ", t) for t in page.locator("tfoot td").all_inner_texts()]


def test_an_evening_of_marias_with_fleks_a_renonc_and_settling_up(
    live_server: Any, phone: Any, shot: Any
) -> None:
    page = phone.new_page()
    start_marias(page, live_server.url)
    assert page.locator("thead .name").all_inner_texts() == ["Anna", "Bohouš", "Cyril", "Dana"]

    # Deal 1: Anna's hra in bells; Dana deals and sits out.
    page.get_by_role("link", name="+ Deal").click()
    expect(page.locator(".pauzirak-note")).to_contain_text("Dana deals and sits this deal out")
    page.check("#id_declarer_0")
    expect(page.locator("#id_game_0")).to_be_checked()  # a suit game unless tapped otherwise
    page.check(f"#id_trump_{suit('bells')}")
    page.check("#id_card_points_5")
    page.check(f"#id_marriages_declarer_{suit('bells')}")
    page.check(f"#id_marriages_defence_{suit('leaves')}")
    page.locator("#preview").get_by_text("hra: Anna wins").wait_for()
    expect(page.locator("#preview")).to_contain_text("Dana → Anna")
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"#e0$"))
    assert totals(page) == ["0.60 Kč", "-0.20 Kč", "-0.20 Kč", "-0.20 Kč"]

    # Deal 2: Bohouš's sedma in hearts, the seven fleked with one tap.
    page.get_by_role("link", name="+ Deal").click()
    page.check("#id_declarer_1")
    page.check(f"#id_trump_{suit('hearts')}")
    expect(page.locator(".ladder.c-seven")).to_be_hidden()  # no seven announced yet
    page.check("#id_announced_0")
    expect(page.locator(".ladder.c-seven")).to_be_visible()
    page.check("#id_card_points_3")
    page.check(f"#id_marriages_defence_{suit('acorns')}")
    page.check("#id_seven_0")
    flek_up(page, "seven", 1)
    expect(page.locator("#id_flek_seven_1")).to_be_checked()
    page.check("#id_flek_by_seven_1_2")  # Cyril gave the flek
    preview = page.locator("#preview")
    preview.get_by_text("sedma ♥ at flek (x2): Bohouš wins").wait_for()
    expect(preview).to_contain_text("Cyril pays the doubling of 2.40 Kč for the whole defence")
    expect(preview).to_contain_text("Anna → Bohouš 0.80 Kč")
    expect(preview).to_contain_text("Bohouš -0.20 Kč → 3.40 Kč (+3.60 Kč)")
    page.locator(".ladder.c-seven").scroll_into_view_if_needed()
    shot(page, "marias-01-deal-form-fleks")
    shot(page, "marias-01-deal-form-full", full_page=True)
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"#e1$"))
    assert totals(page) == ["0.20 Kč", "3.40 Kč", "-3.00 Kč", "-0.60 Kč"]

    # Anna dealt row 2 and sat it out: her cell of that row is greyed, the others are not.
    row = page.locator("#e1")
    expect(row.locator("td.cell").nth(0)).to_have_class(re.compile(r"\bout\b"))
    assert row.locator("td.cell").nth(0).evaluate(
        "c => getComputedStyle(c).backgroundColor") == GREY
    assert row.locator("td.cell").nth(1).evaluate(
        "c => getComputedStyle(c).backgroundColor") != GREY
    shot(page, "marias-02-sheet-pauzirak")

    # The row's ledger opens on tap of its game, over the rows below, and closes again.
    pop = row.locator(".ledger-pop")
    expect(pop).to_be_hidden()
    row.locator("summary").click()
    expect(pop).to_be_visible()
    expect(pop).to_contain_text("Dana → Bohouš 0.80 Kč")
    expect(pop).to_contain_text("Cyril → Bohouš 2.40 Kč")
    expect(pop).to_contain_text("flek ×2")
    box = pop.bounding_box()
    assert box is not None and box["width"] > 300  # as wide as the sheet, not the cell
    shot(page, "marias-03-ledger")
    row.locator("summary").click()
    expect(pop).to_be_hidden()

    # Deal 3: Cyril's betl, lost at re (two taps on its ladder).
    page.get_by_role("link", name="+ Deal").click()
    page.check("#id_declarer_2")
    page.check("#id_game_1")
    expect(page.locator(".ladder.c-game")).to_be_hidden()
    expect(page.locator("#id_trump_0")).to_be_hidden()
    page.check("#id_result_1")
    flek_up(page, "betl", 2)
    expect(page.locator("#id_flek_betl_2")).to_be_checked()
    page.check("#id_flek_by_betl_1_3")  # Dana gave the flek
    page.locator("#preview").get_by_text("betl at re (x4): Cyril loses and pays").wait_for()
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"#e2$"))
    assert totals(page) == ["12.20 Kč", "15.40 Kč", "-39.00 Kč", "11.40 Kč"]

    # Renonc 6: Dana signalled in that betl.
    page.get_by_role("link", name="+ Renonc").click()
    expect(page.locator(".refers")).to_contain_text("A renonc in row 3: Cyril played betl.")
    page.check("#id_seat_3")
    page.check("#id_kind_5")
    preview = page.locator("#preview")
    preview.get_by_text("Dana → Cyril 36.00 Kč").wait_for()
    expect(preview).to_contain_text("Dana 11.40 Kč → -42.60 Kč (-54.00 Kč)")
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"#e3$"))
    assert totals(page) == ["2.20 Kč", "5.40 Kč", "35.00 Kč", "-42.60 Kč"]
    expect(page.locator("#e3 td.cell").nth(1)).to_have_class(re.compile(r"\bout\b"))

    # Settle up.
    page.get_by_role("link", name="Settle up").click()
    page.wait_for_url(re.compile(r"/settle/$"))
    payments = [t.replace("\xa0", " ") for t in page.locator("li.transfer").all_inner_texts()]
    assert [re.sub(r"\s+", " ", p) for p in payments] == [
        "Dana → Cyril: 35.00 Kč (35 Kč in whole crowns)",
        "Dana → Bohouš: 5.40 Kč (5 Kč in whole crowns)",
        "Dana → Anna: 2.20 Kč (2 Kč in whole crowns)",
    ]
    shot(page, "marias-04-settle-up", full_page=True)


def test_marias_works_without_javascript(live_server: Any, chromium: Any, shot: Any) -> None:
    """The flek ladder is a row of radio buttons, the ledger a <details>: no script needed.

    Three players, Anna deals.  Bohouš plays hra in acorns with 60 (60 > 30): won, at re
    (tapped on the ladder), Cyril gave the flek: 0.20 from Anna and from Cyril, who also pays the
    doubling (4 - 1) x 0.20 x 2 = 1.20 -> [-20, 160, -140].
    """
    context = chromium.new_context(viewport={"width": 360, "height": 740}, locale="en",
                                   java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/new/?ruleset=marias")
    for seat, name in enumerate(("Anna", "Bohouš", "Cyril")):
        page.fill(f"#id_player_{seat}", name)
    page.check("#id_first_dealer_0")
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_url(re.compile(r"/s/[\w-]+/$"))
    page.get_by_role("link", name="+ Deal").click()
    expect(page.locator(".ladder.c-game [data-flek-up]")).to_be_hidden()
    page.check("#id_declarer_1")
    page.check(f"#id_trump_{suit('acorns')}")
    page.check("#id_card_points_6")
    page.check("#id_flek_game_2")
    page.check("#id_flek_by_game_1_2")
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"#e0$"))
    assert totals(page) == ["-0.20 Kč", "1.60 Kč", "-1.40 Kč"]
    page.locator("#e0 summary").click()
    expect(page.locator("#e0 .ledger-pop")).to_contain_text("Anna → Bohouš 0.20 Kč")
    expect(page.locator("#e0 .ledger-pop")).to_contain_text("re ×4")
    context.close()


def test_announcements_against_and_who_gave_each_flek_in_few_taps(
    live_server: Any, phone: Any, shot: Any
) -> None:
    """Seed 004 II.20 (sedma proti) and II.15 (the third player joins the fleking) at 360 px.

    Dana deals and sits out.  Anna plays hra in acorns with 60 (60 > 30): won at tutti.  Bohouš
    gave the flek, Anna the re, Cyril the tutti.  Bohouš's steps (flek and re): (1 + 2) x 0.20 x 3
    = 1.80; Cyril's (tutti): 4 x 0.20 x 3 = 2.40; Dana pays nothing and her 0.20 is split
    0.10 / 0.10; Bohouš 0.20 + 0.10 + 1.80 = 2.10, Cyril 0.20 + 0.10 + 2.40 = 2.70.  Bohouš's
    sedma proti is lost: 0.40 from each of Bohouš, Cyril, Dana.
    -> [+600, -250, -310, -40].
    """
    page = phone.new_page()
    start_marias(page, live_server.url)
    page.get_by_role("link", name="+ Deal").click()
    page.check("#id_declarer_0")
    page.check(f"#id_trump_{suit('acorns')}")
    page.check("#id_card_points_6")
    expect(page.locator(".m-seven_against")).to_be_hidden()
    expect(page.locator(".ladder.c-seven_against")).to_be_hidden()
    page.check("#id_announced_against_0")  # sedma proti: one tap
    expect(page.locator(".m-seven_against")).to_be_visible()
    expect(page.locator(".ladder.c-seven_against")).to_be_visible()
    expect(page.locator(".m-silent_seven")).to_be_hidden()  # a seven was announced
    page.check("#id_seven_against_1")  # lost
    game = page.locator(".ladder.c-game")
    expect(game.locator(".giver-1")).to_be_hidden()
    flek_up(page, "game", 1)
    expect(game.locator(".giver-1")).to_be_visible()
    expect(game.locator(".giver-3")).to_be_hidden()
    page.check("#id_flek_by_game_1_1")  # Bohouš gave the flek
    flek_up(page, "game", 2)
    expect(page.locator("#id_flek_game_3")).to_be_checked()
    expect(game.locator(".giver-3")).to_be_visible()
    page.check("#id_flek_by_game_3_2")  # Cyril joins with the tutti
    preview = page.locator("#preview")
    preview.get_by_text("Cyril joins the fleking at tutti").wait_for()
    expect(preview).to_contain_text("Dana sits out and pays nothing")
    expect(preview).to_contain_text("sedma proti: Anna wins")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    game.scroll_into_view_if_needed()
    shot(page, "marias-05-against-and-flek-givers")
    page.get_by_role("button", name="Write it down").click()
    page.wait_for_url(re.compile(r"#e0$"))
    assert totals(page) == ["6.00 Kč", "-2.50 Kč", "-3.10 Kč", "-0.40 Kč"]
    expect(page.locator("#e0")).to_contain_text("hra, sedma proti")

    # An impossible silent seven is refused in the players' words, and nothing is written.
    page.get_by_role("link", name="+ Deal").click()
    page.check("#id_declarer_1")
    page.check(f"#id_trump_{suit('bells')}")
    page.check("#id_card_points_0")
    page.check("#id_silent_seven_1")  # the declarer's
    preview.get_by_text("With the silent seven Bohouš took the last trick: his card points "
                        "are at least 10, not 0").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
