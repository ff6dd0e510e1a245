"""The table's rules page (/s/<token>/rules/, /v/<token>/rules/).

The rules as this table plays them: every option of the preset with the preset's default and
this table's value (the differences highlighted), the game's text from docs/rules/ and the rules
of trick play (docs/rules/arbiter.md).
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from django.conf import settings
from django.urls import reverse

import rules
from rules import arbiter
from scoresheet.referee import rulings as referee
from scoresheet.sheets.words import option_help, option_label
from tests.sheets.helpers import page, text


def rules_page(client, sheet, *, read_only=False):
    if read_only:
        return client.get(reverse("table_rules_read", args=[sheet.view_token]))
    return client.get(reverse("table_rules", args=[sheet.edit_token]))


def option_row(html, name):
    found = re.search(rf'<tr class="([^"]*)">\s*<th scope="row" id="option-{name}">(.*?)</tr>',
                      html, re.S)
    assert found, f"no option row {name}"
    return found.group(1), found.group(2)


def test_every_option_of_the_preset_is_listed_with_its_help(client, make_sheet):
    for ruleset in ("ru", "tisic", "marias", "binokel"):
        html = page(rules_page(client, make_sheet(ruleset=ruleset)))
        game = rules.game_of(ruleset).name
        for spec in rules.specs(rules.preset(ruleset)):
            _cls, row = option_row(html, spec.name)
            assert f'<span class="label">{escape(option_label(spec.name))}</span>' in row
            # the money options of Mariáš say their help in crowns, as their values are shown
            said = referee.money_help(spec.name) or option_help(spec.name, spec.help, game)
            assert escape(said) in row


def test_the_options_this_table_changed_are_highlighted(client, make_sheet):
    # ru plays the barrel at 880 (RULES.md §1.1); this table plays it at 900.
    sheet = make_sheet(ruleset="ru", options={"barrel_at": 900})
    html = page(rules_page(client, sheet))
    cls, row = option_row(html, "barrel_at")
    assert cls == "differs"
    assert re.findall(r"<td>(.*?)</td>", row) == ["880", "<mark>900</mark>"]
    assert html.count('<tr class="differs">') == 1
    assert option_row(html, "barrel_deals")[0] == ""
    assert "This table plays 1 option differently from the variant" in text(html)


def test_the_changed_options_are_marked_in_the_rules_text(client, make_sheet):
    sheet = make_sheet(ruleset="ru", options={"barrel_at": 900})
    html = page(rules_page(client, sheet))
    doc = html.split('<article class="rules-doc" id="thousand">')[1]
    assert '<span class="changed" title="this table: 900">Barrel</span>' in doc
    # this table's value follows the option, said as this table's: never glued to its label
    assert '“<span class="changed" title="this table: 900">Barrel</span>” ' in doc
    assert '<mark class="table-value">this table: 900</mark>' in doc
    assert 'class="changed"' not in page(rules_page(client, make_sheet(ruleset="ru")))


def test_an_alias_of_a_changed_option_is_marked_too(client, make_sheet):
    # thousand.md: tisic's obligation is the option opening_bid, also called obligation.
    sheet = make_sheet(ruleset="tisic", options={"obligation": 100})
    doc = page(rules_page(client, sheet)).split('id="thousand">')[1]
    # both names of the option are said by its label
    assert doc.count('<span class="changed" title="this table: 100">Opening bid</span>') >= 2


def test_the_games_own_text_is_shown_and_other_presets_are_folded(client, make_sheet):
    html = page(rules_page(client, make_sheet(ruleset="tisic")))
    doc = html.split('<article class="rules-doc" id="thousand">')[1].split("</article>")[0]
    tisic = re.search(r'<h2 id="([^"]*)">3\. Tisíc', doc)
    assert tisic, "the tisic section is shown"
    before = doc[: tisic.start()]
    assert not before.rstrip().endswith("</summary>")  # not inside a fold
    folds = re.findall(r'<details class="doc-fold"><summary>(.*?)</summary>', doc, re.S)
    assert folds and all("Tisíc" not in f for f in folds)
    assert any(f.startswith("2. Russian Thousand") for f in folds)
    assert '<h2 id="thousand-1-what-every-preset-shares">' in doc  # shared by all: open


def test_every_rule_the_arbiter_cites_has_its_place_on_the_page(client, make_sheet):
    html = page(rules_page(client, make_sheet(ruleset="marias")))
    for rule in arbiter.RULES.values():
        assert f'id="{referee.doc_anchor(rule.ref)}"' in html
    assert 'id="arbiter"' in html and 'id="marias"' in html


def test_links_between_the_documents_stay_on_the_page(client, make_sheet, tmp_path,
                                                     monkeypatch):
    (tmp_path / "thousand.md").write_text(
        "# Thousand\n\nSee [the arbiter](arbiter.md), [beating](arbiter.md#beat) and "
        "[the format](format.md).\n", encoding="utf-8")
    (tmp_path / "arbiter.md").write_text("# Arbiter\n\n## Beat\n\nGo over.\n",
                                         encoding="utf-8")
    monkeypatch.setattr(referee, "DOCS_DIR", tmp_path)
    html = page(rules_page(client, make_sheet(ruleset="ru")))
    assert '<a href="#arbiter">the arbiter</a>' in html
    assert '<a href="#arbiter-beat">beating</a>' in html and 'id="arbiter-beat"' in html
    assert "format.md" not in html and "the format" in html  # not on this page: plain text


def test_each_game_shows_its_own_text(client, make_sheet):
    for ruleset, stem in (("marias", "marias"), ("binokel", "binokel"), ("pl", "thousand")):
        html = page(rules_page(client, make_sheet(ruleset=ruleset)))
        title = Path(settings.BASE_DIR, "docs", "rules", f"{stem}.md").read_text(
            encoding="utf-8").splitlines()[0].lstrip("# ")
        assert f'<article class="rules-doc" id="{stem}">' in html
        first = re.search(rf'<article class="rules-doc" id="{stem}">\s*<h1 id="[^"]*">(.*?)</h1>',
                          html, re.S)
        # the document's own title; the presets it names by their names, not their codes
        shown = re.sub(r"<[^>]+>", "", first.group(1)).replace("&amp;", "&") if first else ""
        assert shown.startswith(title.split(" — ")[0] + " — ")
        assert "`" not in shown and f" {ruleset} " not in shown


def test_a_rules_text_not_written_yet_leaves_the_option_table(client, make_sheet, tmp_path,
                                                              monkeypatch):
    monkeypatch.setattr(referee, "DOCS_DIR", tmp_path)
    html = page(rules_page(client, make_sheet(ruleset="ru")))
    assert "The text of these rules (thousand) is not written yet." in text(html)
    assert option_row(html, "barrel_at")


def test_the_read_only_link_shows_the_same_rules_and_shares_itself(client, make_sheet):
    sheet = make_sheet(ruleset="ru", options={"barrel_at": 900})
    response = rules_page(client, sheet, read_only=True)
    html = page(response)
    assert response.status_code == 200
    assert sheet.edit_token not in html
    assert option_row(html, "barrel_at")[0] == "differs"
    url = f"http://testserver{reverse('table_rules_read', args=[sheet.view_token])}"
    assert f'<a href="{url}">' in html and "<svg" in html
    edit = page(rules_page(client, sheet))
    assert f'<a href="{url}">' in edit  # shared from the edit link too: never the edit token


def test_the_rules_page_prints_without_its_buttons(client, make_sheet):
    html = page(rules_page(client, make_sheet()))
    assert 'class="share-rules no-print"' in html
    css = Path(settings.BASE_DIR, "static", "css", "app.css").read_text(encoding="utf-8")
    referee_css = css.split("/* referee */")[1]
    printed = referee_css.split("@media print {")[1]
    for hidden in (".no-print", ".share-rules", "details.doc-fold", ".referee-tabs"):
        assert hidden in printed.split("}")[0]


def test_the_sheet_page_links_to_its_rules(client, make_sheet):
    sheet = make_sheet()
    html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert f'href="{reverse("table_rules", args=[sheet.edit_token])}"' in html
    read = page(client.get(reverse("sheet_read", args=[sheet.view_token])))
    assert f'href="{reverse("table_rules_read", args=[sheet.view_token])}"' in read
