"""The pages of the app as a player meets them, and the visible text on them.

``pages(client)`` stores a few sheets of every game (golden sheets, worked out by hand) and
fetches every screen of them: the sheet through both links, each entry form, a correction, the
delete page, the histories, sharing, export, print, mail, the referee with a verdict and a
penalty, the rules page, the settle-up, plus the home, new-sheet, import, statistics, account and
offline pages, and pages that show objections (a form sent wrong, an import refused).
``visible(html)`` is what a reader sees of a page: its text and the attributes that show.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

from django.test import Client
from django.urls import reverse

from scoresheet.exports import documents as exports
from scoresheet.sheets import services
from tests.sheets.golden_docs import golden_named

# one sheet per kind of table: every game, every preset, the engine's own rows
SHEETS = (
    "ru/bolts-and-555",
    "ru/barrel-fall-three-marriages",
    "ru/four-players",
    "pl/bomb-declarer-only-barrel",
    "tisic/revoke-declarer-first",
    "one-thousand/blind-highest-wins",
    "marias/evening_four_players_pauzirak",
    "marias/ten_haler_house_rules",
    "binokel/scale1_house_rules",
    "binokel/scale10_declarer_first",
)
QUESTIONS = {  # an illegal card for the referee, per game's deck
    "thousand": {"lead": "9-hearts", "hand": ["K-hearts", "9-spades"], "card": "9-spades"},
    "marias": {"lead": "7-hearts", "hand": ["10-hearts", "7-leaves"], "card": "7-leaves"},
    "binokel": {"lead": "9-hearts", "hand": ["K-hearts", "9-spades"], "card": "9-spades"},
}
OFFENCES = {
    "thousand": {"type": "penalty", "seat": "0", "reason": "revoke"},
    "marias": {"type": "renonc", "seat": "1", "kind": "6"},
}
SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")
SKIPPED = ("script", "style", "code", "textarea")  # code: identifiers of the sheet format
# class "code": a preset's identifier beside its name; "rules-doc": the rules' own text, in the
# pseudo-language the English one (tests/i18n/test_rule_pages.py checks the translations); an
# element with a lang of its own is in that language on purpose (Mariáš's Czech renonc names)


def player_names(names: tuple[str, ...] = SHEETS) -> set[str]:
    return {player for name in names for player in golden_named(name)["players"]}


def stored(name: str) -> Any:
    doc = golden_named(name)
    doc.pop("meta", None)
    return exports.import_sheet(doc, device=services.Device(id="crawler"))


def sheet_urls(sheet: Any) -> Iterator[str]:
    edit, view = sheet.edit_token, sheet.view_token
    yield reverse("sheet", args=[edit])
    yield reverse("sheet_read", args=[view])
    from scoresheet.sheets.gameforms import for_game

    document = services.load(sheet).document
    for kind in for_game(sheet.game).kinds_for(document):
        yield reverse("entry_new", args=[edit, kind])
    yield reverse("entry_edit", args=[edit, 0])
    yield reverse("entry_delete", args=[edit, 0])
    yield reverse("entry_history", args=[edit, 0])
    yield reverse("sheet_history", args=[edit])
    yield reverse("share", args=[edit])
    yield reverse("export", args=[edit])
    yield reverse("print", args=[edit]) + "?size=a5"
    yield reverse("mail", args=[edit])
    yield reverse("referee", args=[edit])
    yield reverse("referee", args=[edit]) + "?" + urlencode(QUESTIONS[sheet.game], doseq=True)
    yield reverse("table_rules", args=[edit])
    offence = OFFENCES.get(sheet.game)
    yield reverse("penalty", args=[edit]) + ("?" + urlencode(offence) if offence else "")
    if sheet.game == "marias":
        yield reverse("marias_settle", args=[edit])
        # a renonc that stopped the deal being played: the deal form and the calculator
        yield reverse("entry_new", args=[edit, "deal"]) + "?stopped=1&renonc_seat=1&renonc_kind=1"
        yield reverse("penalty", args=[edit]) + "?type=renonc&seat=1&kind=1&deal=now"


def site_urls() -> Iterator[str]:
    import rules

    yield reverse("home")
    for ruleset in rules.rulesets():
        yield reverse("new_sheet") + "?" + urlencode({"ruleset": ruleset})
    yield reverse("import")
    yield reverse("stats")
    yield reverse("login")
    yield reverse("signup")
    yield reverse("offline")


def pages(client: Client, names: tuple[str, ...] = SHEETS) -> Iterator[tuple[str, str]]:
    """(url, html) of every page of the crawl, as the client's language shows them."""
    sheets = [stored(name) for name in names]
    for url in site_urls():
        yield url, fetch(client, "get", url)
    for sheet in sheets:
        for url in sheet_urls(sheet):
            yield url, fetch(client, "get", url)
    yield from objections(client, sheets)


def fetch(client: Client, method: str, url: str, data: Any = None) -> str:
    response = getattr(client, method)(url, data) if data is not None else getattr(
        client, method)(url)
    assert response.status_code in (200, 400, 409), (url, response.status_code)
    return response.content.decode()


def objections(client: Client, sheets: list[Any]) -> Iterator[tuple[str, str]]:
    """Pages that show what was wrong: forms sent empty or wrong, an import refused."""
    url = reverse("new_sheet")
    yield url, fetch(client, "post", url, {"ruleset": "ru", "options_shown": "on",
                                            "opt_target": "800"})
    for sheet in sheets:
        html = fetch(client, "get", reverse("entry_new", args=[sheet.edit_token, "deal"]))
        fields = dict(re.findall(r'name="(revision|key)" value="([^"]*)"', html))
        url = reverse("entry_new", args=[sheet.edit_token, "deal"])
        yield url, fetch(client, "post", url, {**fields, "declarer": "0", "contract": "95",
                                               "bid": "5", "points_0": "1", "points_1": "1",
                                               "points_2": "1", "game": "suit"})
        yield url + "#preview", fetch(client, "post", url, {**fields, "preview": "1",
                                                            "declarer": "0"})
    broken = golden_named("ru/bolts-and-555")
    broken["entries"][0]["declarer"] = 7
    broken["entries"][1]["contract"] = 95
    url = reverse("import")
    yield url, fetch(client, "post", url, {"text": json.dumps(broken)})
    yield url, fetch(client, "post", url, {"text": "{not json"})


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.attributes: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        void = tag in ("input", "meta", "link", "br", "img", "hr", "source")
        if (self.skipping or tag in SKIPPED or {"rules-doc", "languages", "code"} & set(classes)
                or (values.get("lang") and tag != "html")):
            if not void:
                self.skipping.append(tag)
            return
        for name in SHOWN_ATTRIBUTES:
            if values.get(name):
                self.attributes.append(values[name] or "")
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.attributes.append(values["value"] or "")
        if values.get("id") == "offline-strings":
            self.attributes += [v or "" for k, v in attrs if k.startswith("data-")]

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip():
            self.texts.append(data.strip())


def visible(html: str) -> tuple[str, list[str]]:
    """The text a reader sees on the page (one string) and the shown attributes."""
    parser = _Visible()
    parser.feed(html)
    return " ".join(parser.texts), parser.attributes
