"""The table's rules page reads like a rule book, in every language, for every preset, with the
preset's options and with every option at a value other than the preset's.

What players found on the page at the table, and what this file fails on: option codes and
other snake_case words, numbered seats ("seat 0 → 2 → 1 → 0"), money written as haléře
("15000"), English suit words on a page in another language, Cyrillic on a page that is not
Russian, a word written twice, the suit names of two decks on one page, and sentences made by
dropping an option's label into a sentence of another language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

import rules
from tests.sheets.helpers import page

LANGUAGES = [code for code, _name in settings.LANGUAGES]
PRESETS = list(rules.rulesets())

# A segment of text is what one block of the page says: a paragraph, a list item, a heading, a
# table cell.  Checks within a segment never join the last word of a cell to the next cell's.
BLOCK = re.compile(
    r"</?(?:p|li|h[1-6]|tr|td|th|ul|ol|dl|dt|dd|table|thead|tbody|summary|details|div|section|"
    r"article|header|br|blockquote)\b[^>]*>|<span class=\"help\">",
    re.I,
)


def segments(html: str) -> list[str]:
    from html import unescape

    parts = BLOCK.split(html)
    said = (re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", p))).strip() for p in parts)
    return [s for s in said if s]


def option_codes() -> list[str]:
    """Every option of every preset, with the aliases (the rules engine's options table)."""
    names: set[str] = set()
    for ruleset in PRESETS:
        preset = rules.preset(ruleset)
        names |= {spec.name for spec in rules.specs(preset)}
        names |= set(getattr(preset, "aliases", {}))
    return sorted(names, key=len, reverse=True)


SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
# "seat 0", "Sitz 2", "místo 0 → 2 → 1 → 0", "(0, 1, 2, …": a player numbered, not named
SEAT = re.compile(
    r"\b(?:seats?|Sitz|Platz|místo|místa|miejsce|место)\s+\d|\(0, 1, 2\b|\b0 → 2 → 1\b", re.I
)
ENGLISH_SUITS = re.compile(r"\b(?:hearts|bells|leaves|acorns|spades|clubs|diamonds)\b", re.I)
CYRILLIC = re.compile(r"[\u0400-\u04ff]+")
DOUBLED = re.compile(r"\b(\w{2,}) \1\b", re.I)
# German says "die die", "der der", "das das" in good sentences ("die Spiele, die die Gegenpartei
# gewinnt"): a relative pronoun after an article.
DOUBLED_FINE = {"de": {"die", "der", "das", "den", "dem"}}
# Option codes that are also the players' own word in a language (docs/translating.md glossary:
# Czech and Polish Thousand players take a "bolt").
GAME_WORDS = {"cs": {"bolt"}, "pl": {"bolt"}}
# A sum of money of 1000 haléře or more, written as the engine stores it: a bare number of
# four digits or more on a Mariáš page (its money is said in crowns: "150 Kč", "10,00 Kč").
BARE_THOUSANDS = re.compile(r"(?<![\d.,])(?<!\d[\u00a0\u202f ])\d{4,}(?![\d])")

# The suit names of each deck's set, per language (docs/translating.md glossary).  One page
# names the suits of one set only.
SUIT_SETS: Mapping[str, Mapping[str, set[str]]] = {
    "cs": {"french": {"káry", "kříže", "piky", "kár", "křížů", "pik"},
           "german": {"kule", "listy", "žaludy", "zelené", "kulí", "listů", "žaludů"}},
    "de": {"french": {"Karo", "Pik"}, "german": {"Schellen", "Grün", "Eichel", "Eicheln"},
           "binokel": {"Eckstein", "Schippe"}},
    "pl": {"french": {"karo", "trefl", "pik", "trefle", "piki"},
           "german": {"dzwonek", "wino", "żołądź", "dzwonki", "żołędzie"}},
    "ru": {"french": {"бубны", "трефы", "пики", "бубен", "треф", "пик"},
           "german": {"бубенцы", "листья", "жёлуди"}},
}
DECK_SET: Mapping[str, Mapping[str, str]] = {
    # the set each preset's deck is named with, per language
    "ru": {"cs": "french", "de": "french", "pl": "french", "ru": "french"},
    "pl": {"cs": "french", "de": "french", "pl": "french", "ru": "french"},
    "one-thousand": {"cs": "french", "de": "french", "pl": "french", "ru": "french"},
    "tisic": {"cs": "german", "de": "german", "pl": "german", "ru": "french"},
    "marias": {"cs": "german", "de": "german", "pl": "german", "ru": "german"},
    "binokel": {"cs": "french", "de": "binokel", "pl": "french", "ru": "french"},
}


def other_value(spec: Any) -> Any:
    """A value of the option other than the preset's, within its range."""
    if spec.kind == "bool":
        return not spec.default
    if spec.kind == "choice":
        return next(c for c in spec.choices if c != spec.default)
    if spec.kind == "map":
        keys = spec.keys or tuple(spec.default)
        low = spec.min if spec.min is not None else 0
        return {k: max(low, int(spec.default.get(k, low)) + 10) for k in keys}
    if spec.kind == "int":
        high = spec.max if spec.max is not None else spec.default + 1000
        value = spec.default + 1000 if spec.default + 1000 <= high else spec.default + 1
        return value if value <= high else spec.default - 1
    return spec.default


def names(options: Mapping[str, Any]) -> list[str]:
    return ["Anna", "Bea", "Cem", "Dana"][:options.get("players", 3)]


def fits(ruleset: str, options: Mapping[str, Any]) -> bool:
    """Whether the engine starts a sheet of ``ruleset`` with these options."""
    try:
        rules.load({
            "format": rules.FORMAT, "game": rules.game_of(ruleset).name, "ruleset": ruleset,
            "edition": rules.EDITION, "options": dict(options), "players": names(options),
            "first_dealer": 0, "entries": [],
        })
    except rules.RulesError:
        return False
    return True


def house_rules(ruleset: str) -> list[dict[str, Any]]:
    """Sets of options the engine accepts that, between them, put every option of the preset at
    a value other than the preset's: each option joins the first set it fits in (trick
    obligations depend on each other: "overtrump" needs "trump")."""
    wanted = {spec.name: other_value(spec) for spec in rules.specs(rules.preset(ruleset))}
    sets: list[dict[str, Any]] = []
    pending = list(wanted.items())
    for _round in range(3):
        left = []
        for name, value in pending:
            home = next((s for s in sets if fits(ruleset, s | {name: value})), None)
            if home is not None:
                home[name] = value
            elif fits(ruleset, {name: value}):
                sets.append({name: value})
            else:
                left.append((name, value))
        pending = left
    # what fits nowhere alone goes with the options it needs: "follow suit" off with every
    # obligation that needs it off too
    offs = {k: v for k, v in wanted.items() if k.startswith("must_") and v is False}
    for name, value in pending:
        if fits(ruleset, offs | {name: value}):
            sets.append(offs | {name: value})
    return sets


def rules_segments(client: Client, sheet: Any, language: str) -> list[str]:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page(client.get(reverse("table_rules", args=[sheet.edit_token])))
    main = html[html.index("<main>"):html.index("</main>")]
    main = re.sub(r'<section class="share-rules.*?</section>', "", main, flags=re.S)
    main = re.sub(r"<(script|style)\b.*?</\1>", "", main, flags=re.S)
    return segments(main)


def problems(said: list[str], *, ruleset: str, language: str) -> list[str]:
    codes = re.compile(r"\b(?:" + "|".join(map(re.escape, option_codes())) + r")\b")
    found: list[tuple[str, re.Match[str], str]] = []
    for segment in said:
        found += [("a snake_case word", m, segment) for m in SNAKE.finditer(segment)]
        found += [("a numbered seat", m, segment) for m in SEAT.finditer(segment)]
        found += [("a word twice", m, segment) for m in DOUBLED.finditer(segment)
                  if m.group(1).lower() not in DOUBLED_FINE.get(language, set())]
        if language != "en":
            found += [("an option code", m, segment) for m in codes.finditer(segment)
                      if m.group(0) not in GAME_WORDS.get(language, set())]
            found += [("an English suit", m, segment) for m in ENGLISH_SUITS.finditer(segment)]
        if language != "ru":
            found += [("Cyrillic", m, segment) for m in CYRILLIC.finditer(segment)]
        if rules.game_of(ruleset).name == "marias":
            found += [("haléře as a number", m, segment)
                      for m in BARE_THOUSANDS.finditer(segment)]
    sets = SUIT_SETS.get(language, {})
    own = DECK_SET[ruleset].get(language)
    for name, words in sets.items():
        if name == own:
            continue
        pattern = re.compile(r"\b(?:" + "|".join(sorted(words)) + r")\b")
        found += [(f"a suit of the {name} set", m, s)
                  for s in said for m in pattern.finditer(s)]
    return [
        f"{ruleset}/{language}: {what}: …{s[max(m.start() - 50, 0):m.end() + 50]}…"
        for what, m, s in found
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", PRESETS)
def test_the_rules_page_of_every_preset_reads_like_a_rule_book(
    client: Client, make_sheet: Any, ruleset: str
) -> None:
    sheets = [make_sheet(ruleset=ruleset, players=["Anna", "Bea", "Cem"])]
    sheets += [make_sheet(ruleset=ruleset, players=names(options), options=options)
               for options in house_rules(ruleset)]
    found: list[str] = []
    for sheet in sheets:
        for language in LANGUAGES:
            found += problems(rules_segments(client, sheet, language),
                              ruleset=ruleset, language=language)
    found = list(dict.fromkeys(found))
    assert found == [], "\n".join(found[:400]) + f"\n({len(found)} in all)"


# Options a preset lists but lets no table change (Tisíc and One Thousand are three-handed).
FIXED = {"tisic": {"players"}, "one-thousand": {"players"}}


def test_every_option_is_at_a_value_of_its_own_at_least_once() -> None:
    for ruleset in PRESETS:
        set_once = {name for options in house_rules(ruleset) for name in options}
        every = {spec.name for spec in rules.specs(rules.preset(ruleset))}
        assert set_once == every - FIXED.get(ruleset, set()), ruleset
        assert not any(fits(ruleset, {name: 4}) for name in FIXED.get(ruleset, set()))


def test_the_checks_catch_what_players_found() -> None:
    def caught(text: str, ruleset: str = "ru", language: str = "cs") -> list[str]:
        return problems([text], ruleset=ruleset, language=language)

    assert caught("Kam jde rozdávání: redeal_same_dealer")
    assert caught("The deal passes (seat 0 → 2 → 1 → 0).", language="en")
    assert caught("a seat is a column (0, 1, 2, … in playing order)", language="en")
    assert caught("Limit platby 15000", ruleset="marias")
    assert not caught("Limit platby 150,00 Kč", ruleset="marias")
    assert caught("srdce (hearts)")
    assert caught("Тысяча — russisch", language="de")
    assert caught("rozgrywający rozgrywający, który", language="pl")
    assert not caught("Spiele, die die Gegenpartei gewinnt", language="de")
    assert caught("srdce, kule, listy, žaludy", ruleset="ru")  # the 24-card deck: káry, kříže
    assert not caught("srdce, káry, kříže, piky", ruleset="ru")
    assert caught("káry", ruleset="tisic")  # Tisíc in Czech: srdce, kule, žaludy, listy
    assert caught("Pik", ruleset="binokel", language="de")  # Binokel: Schippe
    assert caught("povinnost (obligation)", ruleset="tisic")


# The sentences players found garbled, as each language now says them: a setting is named in
# the page's quotation marks, after a preposition as a setting ("při volbě", "przy opcji", "mit
# der Einstellung"), and where
# the setting's label is itself a sentence, the rule is said first and the setting follows in
# brackets.  Written by hand from docs/rules/<lang>/thousand.md and the catalogs' labels.
GARBLED_THEN_WHOLE = {
    "cs": (
        "při Po renonci rozdává stejný hráč rozdává znovu",
        "nic se nezapisuje, rozdává znovu stejný rozdávající a povinnost zůstává („Po renonci "
        "rozdává stejný hráč“: zapnuto).",
    ),
    "pl": (
        "przy Po renonsie rozdaje ten sam gracz rozdaje",
        "nic się nie zapisuje, rozdaje ponownie ten sam gracz i obowiązek zostaje („Po renonsie "
        "rozdaje ten sam gracz”: włączone).",
    ),
    "de": (
        "Mit Gescheiterte Fässer",
        "Es zählt jedes Fass, das ohne Sieg endet („Gescheiterte Fässer“: jedes Fass, das ohne "
        "Sieg endet) — durch Ablauf der Spiele,",
    ),
    "ru": (
        "при Пересдаёт тот же",
        "ничего не пишется, снова сдаёт тот же раздающий, и обязанность остаётся.",
    ),
    "en": (  # English takes a label after "with"; the Czech quotation goes
        '("hra se opakuje": the obligation stays)',
        "dealt again by the same dealer when “Same dealer after a revoke” is on (the obligation "
        "stays).",
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", list(GARBLED_THEN_WHOLE))
def test_the_garbled_sentences_are_whole_sentences(
    client: Client, make_sheet: Any, language: str
) -> None:
    from tests.sheets.helpers import text

    garbled, whole = GARBLED_THEN_WHOLE[language]
    sheet = make_sheet(ruleset="tisic", players=["Anna", "Bea", "Cem"])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page(client.get(reverse("table_rules", args=[sheet.edit_token])))
    said = text(re.sub(r"</?span[^>]*>", "", html))
    said = re.sub(r" ([:).,])", r"\1", said).replace("( ", "(")
    assert garbled not in said
    assert whole in said


@pytest.mark.django_db
def test_a_quotation_shows_only_on_the_page_of_its_language(
    client: Client, make_sheet: Any
) -> None:
    from tests.sheets.helpers import text

    sheet = make_sheet(ruleset="ru", players=["Anna", "Bea", "Cem"])
    seen = {}
    for language in LANGUAGES:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        seen[language] = text(page(client.get(reverse("table_rules", args=[sheet.edit_token]))))
    russian = "все лишние очки обрезаются"  # the Russian seed on jumping the barrel
    assert russian in seen["ru"]
    assert all(russian not in seen[lang] for lang in LANGUAGES if lang != "ru")
    czech = "hra se opakuje"  # the Czech seed on replaying a revoked deal
    assert czech in seen["cs"]
    assert all(czech not in seen[lang] for lang in ("de", "en", "pl", "ru"))


def option_cells(html: str, name: str) -> tuple[str, list[str]]:
    """(the help, [the preset's value, this table's value]) of one option's row, as text."""
    from tests.sheets.helpers import text

    row = re.search(rf'<th scope="row" id="option-{name}">(.*?)</tr>', html, re.S)
    assert row, name
    help_ = re.search(r'<span class="help">(.*?)</span>', row.group(1), re.S)
    assert help_, name
    cells = [text(c).strip() for c in re.findall(r"<td>(.*?)</td>", row.group(1), re.S)]
    return text(help_.group(1)).strip(), cells


@pytest.mark.django_db
def test_money_is_in_crowns_and_suits_are_the_decks_own(client: Client, make_sheet: Any) -> None:
    def rules_html(sheet: Any, language: str) -> str:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        return page(client.get(reverse("table_rules", args=[sheet.edit_token])))

    marias = rules_html(make_sheet(ruleset="marias", options={"joined_cap": 20000}), "cs")
    # 15000 haléřů are 150 Kč; this table's 20000 are 200 Kč
    assert option_cells(marias, "joined_cap")[1] == ["150,00 Kč", "200,00 Kč"]
    assert option_cells(marias, "stake")[1] == ["0,20 Kč", "0,20 Kč"]
    assert option_cells(marias, "tariff")[1][0] == (
        "hra 0,20 Kč, sedma 0,40 Kč, sto 0,80 Kč, betl 3,00 Kč, durch 6,00 Kč"
    )
    assert option_cells(marias, "stake")[0] == (
        "cena jedné hry; podle ní se upravuje celý sazebník (0,20 Kč = turnajový sazebník)"
    )
    assert "haléř" not in option_cells(marias, "joined_cap")[0]
    english = rules_html(make_sheet(ruleset="marias"), "en")
    assert option_cells(english, "renonc_talon_fee")[1] == ["10.00 Kč", "10.00 Kč"]

    # the 24-card deck in Czech says káry, kříže, piky; Tisíc's 32 cards kule, žaludy, listy
    ru = rules_html(make_sheet(ruleset="ru"), "cs")
    assert option_cells(ru, "marriages")[1][0] == "♥ srdce 100, ♦ káry 80, ♣ kříže 60, ♠ piky 40"
    tisic = rules_html(make_sheet(ruleset="tisic"), "cs")
    assert option_cells(tisic, "marriages")[1][0] == (
        "♣ žaludy 100, ♠ listy 80, ♦ kule 60, ♥ srdce 40"
    )
    german = rules_html(make_sheet(ruleset="tisic"), "de")
    assert option_cells(german, "marriages")[1][0] == (
        "♣ Eichel 100, ♠ Grün 80, ♦ Schellen 60, ♥ Herz 40"
    )
