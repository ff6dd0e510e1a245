"""Every entry form of every game, sent empty, negative, with letters and out of range, in all five
languages: what the page says back is in the players' words — no field codes or snake_case
words, no "player 2", no Django's bare "This field is required.", no English left in another
language, and no hint repeated under every player."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

import rules
from scoresheet.sheets.gameforms import for_game
from tests.sheets.helpers import page, write_fields

LANGUAGES = [code for code, _name in settings.LANGUAGES]
NAMES = ("Šárka", "Přemysl", "Ludmila", "Bořivoj")
VARIANTS = ("empty", "negative", "letters", "out_of_range")
SNAKE = re.compile(r"\b[A-Za-z]+_[A-Za-z_]+\b")
PLAYER_N = re.compile(r"(?i)\b(?:player|hráč\w*|spieler\w*|gracz\w*|игрок\w*)\s+\d")
# FORMAT.md's entry fields and codes: English words that must not be left in another language
CODES = re.compile(
    r"(?i)\b(?:amount|announced|bid|contract|count|dark|declarer|fleks|kind|marriages|melds|"
    r"points|reason|result|seat|trump|type|revoke|custom|suit|won|lost)\b"
)
MESSAGE_CLASSES = {"error", "errorlist", "alert", "objection", "warn"}


class Messages(HTMLParser):
    """The texts of the page's error messages (elements whose class says so), and its inputs."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.depth = 0
        self.current: list[str] = []
        self.inputs: dict[str, dict[str, str]] = {}
        self.choices: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if self.depth:
            self.depth += 1
        elif MESSAGE_CLASSES & set(found.get("class", "").split()):
            self.depth = 1
            self.current = []
        if tag in ("input", "select", "textarea") and found.get("name"):
            name = found["name"]
            if found.get("type") in ("radio", "checkbox"):
                self.choices.setdefault(name, []).append(found.get("value", ""))
            elif found.get("type") != "hidden":
                self.inputs[name] = found

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        depth = self.depth
        self.handle_starttag(tag, attrs)
        if self.depth > depth:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.depth:
            return
        self.depth -= 1
        if not self.depth:
            said = " ".join(" ".join(self.current).split())
            if said:
                self.texts.append(said)

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.current.append(data)


def parse(html: str) -> Messages:
    """The page's messages, without the summary at the top (it repeats them, one per line)."""
    found = Messages()
    found.feed(re.sub(r'<div class="alert error form-summary".*?</div>', "", html, flags=re.S))
    return found


def is_number(attrs: dict[str, str]) -> bool:
    return attrs.get("type") == "number" or attrs.get("inputmode") == "numeric"


def post_data(form: Messages, variant: str, fields: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = dict(fields)
    bad = {"empty": "", "negative": "-5", "letters": "abc", "out_of_range": "99999"}[variant]
    for name, attrs in form.inputs.items():
        data[name] = bad if is_number(attrs) or variant == "empty" else "x"
    if variant != "empty":
        for name, values in form.choices.items():
            data[name] = values[0]
    return data


def answers(client: Client, url: str, language: str) -> dict[str, list[str] | None]:
    """Per variant, the messages of the refused form in ``language``."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page(client.get(url))
    form = parse(html)
    out: dict[str, list[str] | None] = {}
    for variant in VARIANTS:
        # a fresh key each time: each post is a new attempt, never a retry of the last one
        response = client.post(url, post_data(form, variant, write_fields(html)))
        assert response.status_code in (200, 302, 400), (url, variant, response.status_code)
        if response.status_code == 302:  # a form without numbers took its first choices
            html = page(client.get(url))
            out[variant] = None
            continue
        out[variant] = parse(page(response)).texts
    return out


def letters(text: str) -> str:
    """The words of ``text`` without the players' names and numbers."""
    for name in NAMES:
        text = text.replace(name, "")
    return re.sub(r"[\W\d_]+", " ", text).strip()


def tables() -> list[tuple[str, int]]:
    out = []
    for ruleset in rules.rulesets():
        counts = rules.game_of(ruleset).player_counts(rules.preset(ruleset))
        out += sorted({(ruleset, min(counts)), (ruleset, max(counts))})
    return out


@pytest.mark.django_db
@pytest.mark.parametrize(("ruleset", "n"), tables())
def test_every_form_answers_bad_input_in_the_players_words(
    client: Client, make_sheet: Any, settings: Any, ruleset: str, n: int
) -> None:
    settings.RATELIMIT_ENABLED = False  # a hundred posts a minute to one sheet, on purpose
    sheet = make_sheet(ruleset=ruleset, players=NAMES[:n])
    document = rules.load({
        "format": rules.FORMAT, "game": sheet.game, "ruleset": ruleset, "options": {},
        "players": list(NAMES[:n]), "first_dealer": 0, "entries": [],
    })
    kinds = for_game(sheet.game).kinds_for(document)
    assert kinds
    problems: list[str] = []
    for kind in kinds:
        url = reverse("entry_new", args=[sheet.edit_token, kind])
        said = {language: answers(client, url, language) for language in LANGUAGES}
        english = {letters(t) for texts in said["en"].values() for t in texts or ()}
        for language, variants in said.items():
            with translation.override(language):
                required = translation.gettext("This field is required.")
            for variant, texts in variants.items():
                where = f"{kind}/{variant}/{language}"
                if texts is None:  # written: nothing to say (a form whose every field may be
                    continue       # left as it comes, like a misdeal by the dealer)
                assert texts or variant != "empty", f"{where}: an empty form said nothing"
                for text in texts:
                    if SNAKE.search(text):
                        problems.append(f"{where}: a code: {text!r}")
                    if PLAYER_N.search(text):
                        problems.append(f"{where}: a player by number: {text!r}")
                    if required in text:
                        problems.append(f"{where}: Django's bare words: {text!r}")
                    if language != "en" and CODES.search(text):
                        problems.append(f"{where}: a field's code: {text!r}")
                    if language != "en" and letters(text) and letters(text) in english:
                        problems.append(f"{where}: English left: {text!r}")
                repeated = [t for t, count in Counter(texts).items() if count > 1]
                if repeated:
                    problems.append(f"{where}: said more than once: {repeated!r}")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", ["card_points", "first_flek_by", "sitting_out", "points"])
def test_an_objection_about_a_field_names_it_as_players_do(language: str, code: str) -> None:
    from scoresheet.sheets.words import engine_message

    with translation.override(language):
        said = engine_message("no_such_code", {}, f"{code}: must be something else")
    assert not said.startswith(f"{code}:") and not said.startswith(f"{code.capitalize()}:")
    assert not SNAKE.search(said)
