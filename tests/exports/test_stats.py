"""Looking back: per player by name over the sheets of an account or of this phone."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoresheet.exports import documents as exports
from scoresheet.exports import stats
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.paper import contract_number
from tests.sheets.golden_docs import golden_named
from tests.sheets.helpers import THREE_DEALS, text

# helpers.THREE_DEALS by seat: seat 1 makes 120, seat 2 fails 100, seat 0 makes 100.


def by_name(found: stats.Stats) -> dict[str, stats.PlayerStats]:
    return {p.name.casefold().capitalize(): p for p in found.players}


def everything() -> stats.Stats:
    return stats.collect(Sheet.objects.all())


@pytest.mark.django_db
def test_stats_count_a_player_by_name_across_sheets(make_sheet: Any) -> None:
    make_sheet(players=["Anna", "Boris", "Vera"], entries=THREE_DEALS)
    make_sheet(players=[" anna ", "Vera", "Gleb"], entries=THREE_DEALS)
    found = by_name(everything())
    anna, boris, vera, gleb = (found[n] for n in ("Anna", "Boris", "Vera", "Gleb"))
    # Anna: seat 0 twice -> made 100 and 100
    assert (anna.played, anna.made, anna.failed, anna.average_contract) == (2, 2, 0, 100)
    # Boris: seat 1 once -> made 120
    assert (boris.played, boris.made, boris.failed, boris.average_contract) == (1, 1, 0, 120)
    # Vera: seat 2 (fails 100), then seat 1 (makes 120): (100 + 120) / 2 = 110
    assert (vera.played, vera.made, vera.failed, vera.average_contract) == (2, 1, 1, 110)
    # Gleb: seat 2 -> fails 100
    assert (gleb.played, gleb.made, gleb.failed) == (1, 0, 1)
    assert all(p.won == 0 for p in found.values())  # nobody reached 1000
    assert anna.name == "anna"  # written as on the newest sheet


@pytest.mark.django_db
def test_stats_count_the_winner_of_each_finished_game() -> None:
    exports.import_sheet(golden_named("ru/barrel-win"))  # Anna, Boris, Vera: Anna wins
    exports.import_sheet(golden_named("ru/four-players"))  # Anna, Boris, Vera, Gleb: Anna wins
    found = by_name(everything())
    assert (found["Anna"].played, found["Anna"].won, found["Anna"].win_share) == (2, 2, 100)
    assert (found["Boris"].played, found["Boris"].won) == (2, 0)
    assert (found["Gleb"].played, found["Gleb"].won) == (1, 0)


@pytest.mark.django_db
def test_stats_money_of_marias_is_the_sum_of_the_evenings() -> None:
    # evening_three_players ends -4.20 / -2.40 / +6.60 Kč, ten_haler_house_rules +18.50 /
    # +15.20 / -33.70 Kč (the files' hand-worked totals); the same three names.
    exports.import_sheet(golden_named("marias/evening_three_players"))
    exports.import_sheet(golden_named("marias/ten_haler_house_rules"))
    found = by_name(everything())
    assert [found[n].money for n in ("Anna", "Bohouš", "Cyril")] == [1430, 1280, -2710]
    assert found["Anna"].money_text == "14.30 Kč"
    # the richest seat of each evening wins it: Cyril (+6.60), then Anna (+18.50)
    assert [found[n].won for n in ("Anna", "Bohouš", "Cyril")] == [1, 0, 1]
    assert found["Anna"].average_contract is None  # hra, betl, durch carry no number


@pytest.mark.django_db
def test_the_average_contract_of_marias_is_what_the_games_were_worth_per_opponent() -> None:
    """evening_three_players, its hand-worked lines: Bohouš hra 0.20 and red hra lost at re
    1.60 from/to each opponent; Cyril sedma 0.60 and sto with a silent seven 1.00; Anna betl
    at flek 6.00 and durch lost 6.00.  Misdeals have no declarer and are not counted."""
    exports.import_sheet(golden_named("marias/evening_three_players"))
    found = by_name(everything())
    assert found["Anna"].average_worth == "6.00 Kč"
    assert found["Bohouš"].average_worth == "0.90 Kč"  # (0.20 + 1.60) / 2
    assert found["Cyril"].average_worth == "0.80 Kč"  # (0.60 + 1.00) / 2


@pytest.mark.django_db
def test_stats_count_a_conceded_contract_as_failed(make_sheet: Any) -> None:
    # ru: Boris (seat 1, on the hundred) gives up 110 after seeing the talon
    make_sheet(entries=[{"type": "concession", "declarer": 1, "contract": 110}])
    boris = by_name(everything())["Boris"]
    assert (boris.made, boris.failed, boris.average_contract) == (0, 1, 110)


@pytest.mark.django_db
def test_stats_leave_out_a_sheet_marked_so(make_sheet: Any) -> None:
    make_sheet(entries=THREE_DEALS)
    practice = make_sheet(entries=THREE_DEALS)
    practice.in_stats = False
    practice.save()
    found = everything()
    assert (found.sheets, found.left_out) == (1, 1)
    assert by_name(found)["Anna"].played == 1


@pytest.mark.django_db
def test_stats_skip_a_sheet_without_rows(make_sheet: Any) -> None:
    make_sheet()
    assert everything().players == ()


def test_average_contract_reads_the_number_of_the_contract_column() -> None:
    assert contract_number("150 dark") == 150
    assert contract_number("120") == 120
    assert contract_number("betl") is None


@pytest.mark.django_db
def test_stats_page_counts_the_sheets_this_phone_opened(client: Client, make_sheet: Any) -> None:
    mine = make_sheet(entries=THREE_DEALS)
    make_sheet(players=["Xaver", "Yvonne", "Zeno"], entries=THREE_DEALS)  # another table's
    client.get(reverse("home"))  # a phone that has been here (it keeps the site's cookies)
    client.get(reverse("sheet_read", args=[mine.view_token]))  # this phone opens it
    page = text(client.get(reverse("stats")).content.decode())
    assert "Anna 1 0 1 0 100" in page  # played, won, made, failed, average contract
    assert "Xaver" not in page
    other = Client()
    assert "Anna" not in text(other.get(reverse("stats")).content.decode())


@pytest.mark.django_db
def test_stats_page_counts_the_sheets_of_the_account(
    client: Client, make_sheet: Any, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("anna", password="pw-anna-1234")
    make_sheet(entries=THREE_DEALS, owner=user)
    make_sheet(players=["Xaver", "Yvonne", "Zeno"], entries=THREE_DEALS)
    client.force_login(user)
    page = text(client.get(reverse("stats")).content.decode())
    assert "Boris 1 0 1 0 120" in page and "Xaver" not in page


@pytest.mark.django_db
def test_stats_page_for_one_game(client: Client, make_sheet: Any) -> None:
    thousand = make_sheet(entries=THREE_DEALS)
    marias = exports.import_sheet(golden_named("marias/evening_three_players"))
    client.get(reverse("home"))  # a phone that has been here (it keeps the site's cookies)
    for sheet in (thousand, marias):
        client.get(reverse("sheet_read", args=[sheet.view_token]))
    page = text(client.get(reverse("stats") + "?game=marias").content.decode())
    assert "Cyril" in page and "Boris" not in page
    assert "6.60 Kč" in page
    everything_page = text(client.get(reverse("stats") + "?game=poker").content.decode())
    assert "Cyril" in everything_page and "Boris" in everything_page


@pytest.mark.django_db
def test_leaving_a_sheet_out_on_its_export_page(client: Client, make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    client.get(reverse("home"))  # a phone that keeps its cookies
    client.get(reverse("sheet", args=[sheet.edit_token]))
    response = client.post(reverse("export_settings", args=[sheet.edit_token]),
                           {"scorer": " Žofie "})  # the box unticked: left out
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert (sheet.in_stats, sheet.scorer) == (False, "Žofie")
    page = text(client.get(reverse("stats")).content.decode())
    assert "No games to count yet." in page and "1 sheet is left out" in page
    client.post(reverse("export_settings", args=[sheet.edit_token]), {"in_stats": "on"})
    assert Sheet.objects.get(pk=sheet.pk).in_stats is True


@pytest.mark.django_db
def test_export_settings_only_through_the_edit_link(client: Client, make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    response = client.post(reverse("export_settings", args=[sheet.view_token]), {})
    assert response.status_code == 404
    assert Sheet.objects.get(pk=sheet.pk).in_stats is True


def test_average_is_rounded_to_one_decimal() -> None:
    line = stats.PlayerStats(name="Anna", contract_sum=335, contract_count=3)
    assert line.average_contract == Decimal("111.7")


@pytest.mark.django_db
def test_a_deal_stopped_by_a_renonc_counts_once_for_its_declarer(make_sheet: Any) -> None:
    """Bohouš's hra in acorns at flek, stopped by Cyril's renonc 1 (docs/rules/marias.md
    #stopped-deal): Bohouš won it.  Its money is the renonc's settlement (Cyril pays for the
    whole defence, and the fees), not what a played game was worth: no average worth.  A renonc
    after a written deal is not counted a second time."""
    stopped = {"type": "renonc", "seat": 2, "kind": 1,
               "deal": {"declarer": 1, "game": "suit", "trump": "acorns", "fleks": {"game": 1}}}
    hra = {"type": "deal", "declarer": 0, "game": "suit", "trump": "leaves", "announced": [],
           "card_points": 30}
    make_sheet(ruleset="marias", players=["Anna", "Bohouš", "Cyril"], edition=1,
               entries=[stopped, hra, {"type": "renonc", "seat": 1, "kind": 1}])
    found = by_name(everything())
    assert (found["Bohouš"].made, found["Bohouš"].failed) == (1, 0)
    assert found["Bohouš"].average_worth == ""
    assert (found["Anna"].made, found["Anna"].failed) == (0, 1)  # her deal, not the renonc
