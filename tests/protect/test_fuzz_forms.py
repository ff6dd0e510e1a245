"""Every form of the app, fuzzed with Hypothesis: never a 500, never stored garbage, names
always escaped.

The forms are found by crawling the app (the home page, a new sheet, import, accounts, and
every page of a Thousand, a Mariáš and a Binokel sheet, through both links), so a form added
later is fuzzed too.  Each example fills one form with hostile values (huge and negative
numbers, wrong types, unicode, markup, 20,000-character strings, NUL) mixed with the page's own
values, sends it, and checks every sheet it may have touched.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from scoresheet.sheets.models import Sheet
from tests.conftest import quiet_deals
from tests.protect.hostile import (
    assert_escaped,
    assert_sheet_whole,
    assert_shown_escaped,
    crawl,
    markup_name,
    values_for,
)

pytestmark = pytest.mark.postgres
FUZZ = hypothesis_settings(
    # LISTEK_FUZZ_EXAMPLES, when set, overrides twice the profile's count (tests/conftest.py)
    max_examples=int(__import__("os").environ.get("LISTEK_FUZZ_EXAMPLES")
                     or hypothesis_settings().max_examples * 2),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
ALLOWED = {200, 204, 302, 400, 403, 404, 405, 409}  # 429 never: the limiter is off here


@pytest.fixture(autouse=True)
def no_rate_limit(settings: Any) -> None:
    settings.RATELIMIT_ENABLED = False  # the fuzzer writes far faster than any table


@pytest.fixture
def app_forms(client: Client, make_sheet) -> tuple[list[Any], list[Sheet]]:
    sheets = [
        make_sheet(entries=quiet_deals(2)),
        make_sheet(ruleset="marias", players=["Marie", "Karel", "Jana"]),
        make_sheet(ruleset="binokel", players=["Hans", "Fritz", "Greta"]),
    ]
    starts = ["/", "/new/", "/import/", "/accounts/signup/", "/accounts/login/", "/stats/"]
    for s in sheets:
        starts += [f"/s/{s.edit_token}/", f"/v/{s.view_token}/"]
    forms = crawl(client, starts)
    return forms, sheets


def test_the_crawl_finds_the_forms_that_write(app_forms: tuple[list[Any], list[Sheet]]) -> None:
    forms, _sheets = app_forms
    actions = {f.key[0] for f in forms}
    for part in ("/new/", "/import/", "/entries/new/deal/", "/undo/", "/accounts/signup/"):
        assert any(part in a for a in actions), (part, sorted(actions))
    assert len(forms) >= 10


@FUZZ
@given(data=st.data())
def test_no_form_answers_500_or_stores_garbage(
    client: Client, app_forms: tuple[list[Any], list[Sheet]], data: st.DataObject
) -> None:
    forms, sheets = app_forms
    form = data.draw(st.sampled_from(forms), label="form")
    current = {"revision": str(_sheet_of(form.action, sheets).revision)} if _sheet_of(
        form.action, sheets) else {}
    values = data.draw(
        st.fixed_dictionaries({n: values_for(f, current) for n, f in form.fields.items()}),
        label="values",
    )
    if data.draw(st.booleans(), label="preview"):
        values["preview"] = "1"
    last = Sheet.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    if form.method == "GET":
        response = client.get(form.action, values)
    else:
        response = client.post(form.action, values, HTTP_HX_REQUEST="true" if "preview"
                               in values else "")
    assert response.status_code in ALLOWED, (form.action, response.status_code)
    touched = list(Sheet.objects.filter(pk__gt=last)) + sheets
    for sheet in touched:
        assert_sheet_whole(sheet)
    if response.status_code == 200 and "html" in response.get("Content-Type", ""):
        html = response.content.decode()
        for sheet in touched:
            assert_escaped(html, sheet.player_names, form.action)


def _sheet_of(action: str, sheets: list[Sheet]) -> Sheet | None:
    for s in sheets:
        if s.edit_token in action or s.view_token in action:
            s.refresh_from_db()
            return s
    return None


@hypothesis_settings(FUZZ, max_examples=max(5, FUZZ.max_examples // 10))
@given(names=st.lists(markup_name, min_size=3, max_size=3, unique=True),
       scorer=markup_name)
def test_names_with_markup_are_escaped_on_every_page(
    client: Client, db: None, names: list[str], scorer: str
) -> None:
    data = {"ruleset": "ru", "first_dealer": "0",
            **{f"player_{i}": n for i, n in enumerate(names)}}
    created = client.post("/new/", data)
    assert created.status_code == 302
    edit = created["Location"]
    sheet = Sheet.objects.get(edit_token=edit.split("/")[2])
    assert sheet.player_names == [n.strip() for n in names]
    assert client.post(f"/s/{sheet.edit_token}/export/settings/",
                       {"scorer": scorer, "in_stats": "on"}).status_code == 302
    pages = [edit, f"/v/{sheet.view_token}/", f"/s/{sheet.edit_token}/entries/new/deal/",
             f"/s/{sheet.edit_token}/history/", f"/s/{sheet.edit_token}/share/",
             f"/s/{sheet.edit_token}/export/", f"/s/{sheet.edit_token}/print/",
             f"/v/{sheet.view_token}/print/", f"/s/{sheet.edit_token}/referee/", "/", "/stats/"]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        html = response.content.decode()
        assert_escaped(html, [*sheet.player_names, scorer.strip()], page)
        assert "<script>alert" not in html and "<img src=x" not in html, page
        if page == edit:
            for name in sheet.player_names:
                assert_shown_escaped(html, name, page)
