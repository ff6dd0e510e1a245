"""Starting a sheet (/new/): preset, house rules, players in seat order, first dealer."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

import rules
from scoresheet.sheets.models import Sheet
from scoresheet.sheets.words import option_help
from tests.sheets.helpers import HX, page, text

NAMES = {"player_0": "Anna", "player_1": "Boris", "player_2": "Vera"}


def create(client, **data):
    """Post the form as the page sends it: every option as shown, plus ``data``."""
    return client.post(reverse("new_sheet"), {"ruleset": "ru", "first_dealer": "0",
                                              "options_shown": "True", **ru_defaults(),
                                              **NAMES, **data})


def ru_defaults() -> dict[str, str]:
    """The form's fields as the page fills them in for ru (what a browser would send)."""
    out: dict[str, str] = {}
    for spec in rules.specs(rules.preset("ru")):
        if spec.kind == "map":
            for key, value in spec.default.items():
                out[f"opt_{spec.name}__{key}"] = str(value)
        elif spec.kind == "bool":
            if spec.default:
                out[f"opt_{spec.name}"] = "on"
        elif spec.name != "players":
            out[f"opt_{spec.name}"] = str(spec.default)
    return out


def test_new_sheet_page_shows_every_preset_and_every_option_with_default_and_help(client, db):
    html = page(client.get(reverse("new_sheet")))
    for ruleset in rules.rulesets():
        assert f'name="ruleset" value="{ruleset}"' in html
    assert 'value="ru" checked' in html
    words = text(html)
    for spec in rules.specs(rules.preset("ru")):
        if spec.name == "players":  # set by how many names are typed
            assert 'name="opt_players"' not in html
            continue
        # the option's help, its values named by their labels ("cap at the barrel: ...")
        assert option_help(spec.name, spec.help, "thousand") in words
        assert not re.search(r"\b[a-z]+_[a-z_]+:", option_help(spec.name, spec.help, "thousand"))
        assert f'name="opt_{spec.name}' in html
    assert "default: 880" in words and "default: on" in words
    assert 'name="player_3"' in html  # ru is played by 3 or 4
    assert 'name="first_dealer" value="3"' in html


def test_the_preset_cards_name_each_preset_in_words_not_by_its_code(client, db):
    html = page(client.get(reverse("new_sheet")))
    cards = html[html.index('<fieldset class="presets">'):html.index("</fieldset>")]
    words = text(cards)
    assert "Tisíc" in words and "Binokel" in words
    for ruleset in rules.rulesets():
        assert not re.search(rf"(?<![\w-]){re.escape(ruleset)}(?![\w-])", words), ruleset


def test_choosing_another_preset_with_htmx_swaps_only_its_part(client, db):
    response = client.get(reverse("new_sheet"), {"ruleset": "tisic", "player_0": "Anna"}, **HX)
    html = page(response)
    assert html.lstrip().startswith('<div id="setup">')
    assert 'name="opt_revoke"' in html and 'name="opt_barrel_at"' not in html
    assert 'name="player_3"' not in html  # tisic is played by exactly 3
    assert 'value="Anna"' in html  # the names typed so far are kept


def test_choosing_another_preset_without_javascript_reloads_the_page(client, db):
    html = page(client.get(reverse("new_sheet"), {"ruleset": "pl", "player_1": "Boris"}))
    assert 'value="pl" checked' in html and "<html" in html
    assert 'name="opt_bombs_per_player"' in html
    assert 'value="Boris"' in html


def test_the_quick_path_creates_a_sheet_with_the_presets_rules(client, db):
    response = client.post(reverse("new_sheet"), {"ruleset": "ru", "first_dealer": "1", **NAMES})
    sheet = Sheet.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("sheet", args=[sheet.edit_token])
    assert sheet.players == ["Anna", "Boris", "Vera"]
    assert sheet.first_dealer == 1 and sheet.options == {} and sheet.revision == 0


def test_the_options_the_table_changes_are_frozen_into_the_sheet(client, db):
    response = client.post(reverse("new_sheet"), {
        "ruleset": "ru", "first_dealer": "0", "options_shown": "True", **NAMES,
        **{k: v for k, v in ru_defaults().items() if k != "opt_reset_555"},  # 555 unticked
        "opt_barrel_at": "900", "opt_marriages__hearts": "120",
    })
    assert response.status_code == 302
    sheet = Sheet.objects.get()
    assert sheet.options == {"barrel_at": 900, "marriages": {"hearts": 120}, "reset_555": False}


def test_the_page_as_sent_unchanged_keeps_every_default(client, db):
    assert create(client).status_code == 302
    assert Sheet.objects.get().options == {}


def test_four_names_make_a_four_player_table(client, db):
    assert create(client, player_3="Dana", first_dealer="3").status_code == 302
    sheet = Sheet.objects.get()
    assert sheet.players == ["Anna", "Boris", "Vera", "Dana"]
    assert sheet.options == {"players": 4} and sheet.first_dealer == 3


def test_an_empty_row_between_names_closes_up(client, db):
    data = {"player_0": "Anna", "player_1": "", "player_2": "Vera", "player_3": "Dana"}
    response = client.post(reverse("new_sheet"), {"ruleset": "ru", "first_dealer": "2",
                                                  "options_shown": "", **data})
    assert response.status_code == 400  # three names are required for ru
    assert "Type the second player's name." in text(page(response))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"player_0": ""}, "Type the first player's name."),
        ({"player_1": "anna"}, "Two players have the same name."),
        ({"player_2": "V" * 41}, "Ensure this value has at most 40 characters"),
        ({"first_dealer": "3"}, "The first dealer must be one of the players."),
        ({"first_dealer": ""}, "Tap who deals first."),
        ({"ruleset": "whist"}, "Select a valid choice."),
        ({"opt_barrel_at": "850"}, "Select a valid choice."),
        ({"opt_bolt_limit": "many"}, "Enter a whole number."),
        ({"opt_bolt_limit": "99"}, "Option Bolt limit: must be at most 10"),
        ({"opt_marriages__hearts": "-5"}, "Option Marriage values: hearts must be at least 0"),
        ({"opt_target": "800"}, "The barrel must be below the target."),
    ],
)
def test_bad_input_is_refused_with_its_reason(client, db, data, message):
    response = create(client, **data)
    assert response.status_code == 400
    assert message in text(page(response))
    assert not Sheet.objects.exists()


def test_new_sheet_is_remembered_on_this_phone(client, db):
    create(client)
    sheet = Sheet.objects.get()
    assert reverse("sheet", args=[sheet.edit_token]) in page(client.get(reverse("home")))
    assert 'value="ru" checked' in page(client.get(reverse("new_sheet")))
