"""The score progression chart: an SVG drawn from the replay, on the sheet page and in print."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

import rules
from scoresheet.sheets.charts import nice_step, progression, progression_svg
from tests.sheets.golden_docs import FILES, IDS, expected, golden, golden_named
from tests.sheets.helpers import THREE_DEALS

SVG = "{http://www.w3.org/2000/svg}"


def chart_of(doc: dict[str, Any]) -> str:
    sheet = rules.load(doc)
    return progression_svg(sheet, rules.score(sheet))


def label(svg: str, kind: str) -> str | None:
    """The text next to the barrel or target line, None when there is no such line."""
    if f'class="chart-{kind}"' not in svg:
        return None
    found = re.search(rf'class="chart-{kind}".*?<text[^>]*>([^<]*)</text>', svg, re.S)
    return found.group(1) if found else ""


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_chart_has_one_line_per_player_through_the_totals_after_each_deal(path: Path) -> None:
    doc = golden(path)
    sheet = rules.load(doc)
    series = progression(rules.score(sheet), sheet.players, len(sheet.entries))
    assert [s.points[0] for s in series] == [0] * len(sheet.players)
    assert [s.points[-1] for s in series] == expected(doc)["totals"]  # worked out by hand
    assert {len(s.points) for s in series} == {len(doc["entries"]) + 1}
    svg = ET.fromstring(chart_of(doc))  # well-formed XML
    lines = svg.findall(f"{SVG}polyline")
    assert [line.find(f"{SVG}title").text for line in lines] == doc["players"]  # type: ignore[union-attr]
    assert {len(line.get("points", "").split()) for line in lines} == {len(doc["entries"]) + 1}


def test_chart_draws_higher_totals_higher() -> None:
    doc = golden_named("ru/barrel-win")  # totals 1000, 295, 150 (hand-worked)
    svg = ET.fromstring(chart_of(doc))
    last_y = [float(line.get("points", "").split()[-1].split(",")[1])
              for line in svg.findall(f"{SVG}polyline")]
    assert last_y[0] < last_y[1] < last_y[2]  # SVG y grows downwards


def test_chart_marks_the_barrel_and_the_target_of_the_russian_preset() -> None:
    svg = chart_of(golden_named("ru/barrel-win"))  # ru defaults: barrel 880, target 1000
    assert label(svg, "barrel") == "barrel 880"
    assert label(svg, "target") == "target 1000"


def test_chart_takes_the_barrel_from_the_options() -> None:
    svg = chart_of(golden_named("ru/options-barrel-900-bolts-total"))  # barrel_at 900
    assert label(svg, "barrel") == "barrel 900"


def test_chart_has_no_barrel_line_without_a_barrel() -> None:
    svg = chart_of(golden_named("tisic/revoke-declarer-first"))  # Tisíc plays no barrel
    assert label(svg, "barrel") is None
    assert label(svg, "target") == "target 1000"


@pytest.mark.parametrize(
    ("name", "target"),
    [("binokel/scale1_classic", "target 100"), ("binokel/scale10_tie_plays_on", "target 500"),
     ("tisic/short-tie-after-declarer", "target 500")],
)
def test_chart_target_is_in_the_sheets_own_points(name: str, target: str) -> None:
    # Binokel's target is given in the seed's counting times the scale: 50 x 10 = 500
    assert label(chart_of(golden_named(name)), "target") == target


def test_chart_of_marias_plots_money_without_target_or_barrel() -> None:
    svg = chart_of(golden_named("marias/evening_three_players"))
    assert label(svg, "target") is None and label(svg, "barrel") is None
    axis = re.findall(r'text-anchor="end"[^>]*>([^<]*)</text>', svg)
    assert axis and all(a.endswith("Kč") for a in axis)


def test_chart_escapes_the_names() -> None:
    doc = golden_named("ru/barrel-win")
    doc["players"] = ["<script>alert(1)</script>", "Tom & Jerry", 'Say "hi"']
    svg = chart_of(doc)
    assert "<script>" not in svg
    titles = [t.text for t in ET.fromstring(svg).iter(f"{SVG}title")]
    assert "Tom & Jerry" in titles and "<script>alert(1)</script>" in titles


def test_chart_of_a_sheet_without_rows_is_empty() -> None:
    doc = golden_named("ru/barrel-win")
    doc["entries"] = []
    assert chart_of(doc) == ""


@pytest.mark.parametrize(("span", "count", "step"), [(1000, 5, 200), (1250, 5, 250), (7, 8, 1),
                                                     (0, 5, 1), (3370 + 1850, 5, 2000)])
def test_chart_steps_are_round_numbers(span: int, count: int, step: int) -> None:
    assert nice_step(span, count) == step


@pytest.mark.django_db
@pytest.mark.parametrize("read", [False, True])
def test_chart_is_loaded_after_the_first_paint_of_the_sheet_page(
    client: Client, make_sheet: Any, read: bool
) -> None:
    """The page is painted without the chart; htmx fetches it on load (a link without JS)."""
    sheet = make_sheet(entries=THREE_DEALS)
    name, token = ("sheet_read", sheet.view_token) if read else ("sheet", sheet.edit_token)
    chart_url = reverse(f"{name}_chart" if read else "sheet_chart", args=[token])
    html = client.get(reverse(name, args=[token])).content.decode()
    assert "<svg" not in html
    assert f'hx-get="{chart_url}?rev={sheet.revision}" hx-trigger="load"' in html
    assert f'<a href="{chart_url}?rev={sheet.revision}">' in html
    fragment = client.get(chart_url, headers={"HX-Request": "true"}).content.decode()
    assert fragment.count('<svg xmlns="http://www.w3.org/2000/svg" class="chart"') == 1
    assert fragment.count('class="chart-line"') == 3
    assert "<html" not in fragment
    page = client.get(chart_url).content.decode()  # without JavaScript: a page of its own
    assert "<html" in page and page.count('class="chart-line"') == 3


@pytest.mark.django_db
def test_chart_is_in_the_print_view(client: Client, make_sheet: Any) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    html = client.get(reverse("print", args=[sheet.edit_token])).content.decode()
    assert html.count('class="chart-line"') == 3
