"""Hostile input for the fuzz tests: strategies, the forms of the app found by crawling it, and
the checks that nothing stored is garbage and no name reaches a page unescaped."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlparse

from django.test import Client
from hypothesis import strategies as st

import rules
from rules.engine import MAX_NAME
from scoresheet.sheets import services
from scoresheet.sheets.models import Entry, EntryChange, Sheet, SheetEvent
from scoresheet.sheets.validators import text_problem

MARKUP = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "<b>bold</b>",
    "'; DROP TABLE scoresheet_sheet; --",
    "{{ 7|add:7 }}{% debug %}",
    "&amp;&lt;",
    "javascript:alert(1)",
    "\u202eevil",
    "Zoë Łukasz Ярослав 王",
    "🂡🃏",
]
NUMBERS = ["", " ", "-1", "0", "-0", "1e308", "NaN", "Infinity", "٣", "１２", "0x7f", "1.5",
           "true", "null", "[]", "{}", "\x00", "9" * 400, "-" + "9" * 40]

no_surrogates = st.characters(blacklist_categories=("Cs",))
hostile_text = st.one_of(
    st.text(no_surrogates, max_size=60),
    st.sampled_from(MARKUP),
    st.sampled_from(NUMBERS),
    st.integers(-(10**40), 10**40).map(str),
    st.builds(lambda a, b: a + b, st.sampled_from(MARKUP), st.text(no_surrogates, max_size=10)),
    st.just("x" * 20_000),
)
# Names made of markup the app itself never writes (so a raw copy in a page can only be the
# name, unescaped): a tag of no HTML vocabulary, a script, an event handler, quotes.
markup_name = st.builds(
    lambda tag, inner: tag.replace("Q", "q" + inner),
    st.sampled_from(["<x-evil>Q</x-evil>", '"><script>alert("Q")</script>',
                     "<img src=x onerror=Q>", "Q & <u>Q</u>", "'Q'\"<x-q"]),
    st.text(st.characters(whitelist_categories=("L", "N")), max_size=5),
)


# --------------------------------------------------------------------------- forms of the app


@dataclass
class FormField:
    name: str
    kind: str  # input type, "select" or "textarea"
    values: list[str] = field(default_factory=list)  # the choices a page offers
    multiple: bool = False


@dataclass
class Form:
    page: str
    action: str
    method: str
    fields: dict[str, FormField] = field(default_factory=dict)

    @property
    def key(self) -> tuple[str, str, tuple[str, ...]]:
        return (re.sub(r"/s/[^/]+/", "/s/T/", self.action), self.method,
                tuple(sorted(self.fields)))


class _FormParser(HTMLParser):
    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.forms: list[Form] = []
        self.links: list[str] = []
        self._select: FormField | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a" and a.get("href", "").startswith("/"):
            self.links.append(a["href"])
        if tag == "form":
            action = a.get("action") or self.page
            self.forms.append(Form(self.page, action, a.get("method", "get").upper()))
            return
        if tag == "option" and self._select is not None:
            self._select.values.append(a.get("value", ""))
            return
        if not self.forms or "name" not in a:
            return
        form = self.forms[-1]
        name = a["name"]
        if tag == "input":
            kind = a.get("type", "text")
            f = form.fields.setdefault(name, FormField(name, kind))
            if "value" in a:
                f.values.append(a["value"])
            f.multiple = f.multiple or kind == "checkbox"
        elif tag in ("select", "textarea"):
            f = form.fields.setdefault(name, FormField(name, tag, multiple="multiple" in a))
            self._select = f if tag == "select" else None

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def _parse(page: str, html: str) -> _FormParser:
    parser = _FormParser(page)
    parser.feed(html)
    return parser


def crawl(client: Client, starts: Iterable[str]) -> list[Form]:
    """Every form on the start pages and the pages they link to (same sheet, two levels)."""
    seen_pages: set[str] = set()
    forms: dict[tuple[str, str, tuple[str, ...]], Form] = {}
    queue = list(starts)
    depth = {p: 0 for p in queue}
    while queue:
        page = queue.pop(0)
        if page in seen_pages or page.startswith(("/accounts/logout", "/static/")):
            continue
        seen_pages.add(page)
        response = client.get(page)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        parsed = _parse(urlparse(page).path, response.content.decode())
        for form in parsed.forms:
            if form.fields:
                forms.setdefault(form.key, form)
        if depth[page] < 2:
            for link in parsed.links:
                path = link.split("#")[0]
                if _same_area(page, path) and path not in depth:
                    depth[path] = depth[page] + 1
                    queue.append(path)
    return list(forms.values())


def _same_area(page: str, link: str) -> bool:
    m = re.match(r"^/[sv]/[^/]+/", page)
    return bool(m and link.startswith(m.group(0)) and not link.endswith((".pdf", ".json",
                                                                       ".csv")))


def values_for(f: FormField, current: Mapping[str, str]) -> st.SearchStrategy[Any]:
    """Hostile values for one field, with the page's own values among them."""
    own = [v for v in f.values if v]
    base: list[st.SearchStrategy[Any]] = [hostile_text]
    if f.name in current:
        base.append(st.just(current[f.name]))
    if f.name == "key":
        base.append(st.builds(lambda: uuid.uuid4().hex))
    if own:
        base.append(st.sampled_from(own))
    one = st.one_of(*base)
    if f.multiple:
        return st.lists(one, max_size=4)
    return one


# --------------------------------------------------------------------------- what is stored


def assert_sheet_whole(sheet: Sheet) -> None:
    """No garbage stored: the header is what the engine accepts, names are clean strings, the
    history, the keys and the entries agree, and the engine replays the whole sheet."""
    sheet.refresh_from_db()
    assert isinstance(sheet.players, list)
    for name in sheet.players:
        assert isinstance(name, str) and name == name.strip() and 1 <= len(name) <= MAX_NAME
        assert "\x00" not in name
        assert text_problem(name) is None, name  # no control character, no line break
    assert len(sheet.scorer) <= MAX_NAME and "\x00" not in sheet.scorer
    assert text_problem(sheet.scorer) is None, sheet.scorer
    entries = list(Entry.objects.filter(sheet=sheet).order_by("position"))
    assert [e.position for e in entries] == list(range(len(entries)))
    # every revision is one change to a row or one event of the sheet itself (a rename, an
    # evening closed or reopened), never both, none missing
    changes = [c.revision for c in EntryChange.objects.filter(sheet=sheet)]
    events = [e.revision for e in SheetEvent.objects.filter(sheet=sheet)]
    assert sorted(changes + events) == list(range(1, sheet.revision + 1))
    assert EntryChange.objects.filter(sheet=sheet).exclude(key=None).count() <= sheet.revision
    for e in entries:
        assert isinstance(e.data, dict) and isinstance(e.data.get("type"), str)
    rules.score(services.engine_sheet(sheet, [e.data for e in entries]))


def assert_escaped(html: str, names: Iterable[str], where: str = "") -> None:
    """No name that holds markup appears as markup (unescaped) in ``html``."""
    for name in names:
        if any(c in name for c in "<>\"'&"):
            assert name not in html, f"unescaped name {name!r} on {where}"


def assert_shown_escaped(html: str, name: str, where: str = "") -> None:
    assert escape(name, quote=False) in html or _django_escape(name) in html, (
        f"name {name!r} not shown on {where}")


def _django_escape(text: str) -> str:
    from django.utils.html import escape as dj_escape

    return str(dj_escape(text))
