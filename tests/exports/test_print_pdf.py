"""The PDF of the print view, made by WeasyPrint on the server: a real PDF whose pages turn into
images of the right size with something on them, with DejaVu embedded for every alphabet."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from PIL import Image

from scoresheet.exports import documents as exports
from scoresheet.exports.pdfstore import sheet_pdf
from scoresheet.exports.printing import PaperSize
from tests.sheets.golden_docs import golden_named
from tests.sheets.helpers import THREE_DEALS

DPI = 40  # enough to see the page; keeps pdftoppm fast
MM_PER_INCH = 25.4
PAGE_MM = {PaperSize.A4: (210, 297), PaperSize.A5: (148, 210)}
INK_SHARE = 0.01  # at least 1% of a page's pixels are not white: the page is not empty
NAMES = ["Žofie Řezníčková", "Łukasz Żółć", "Пётр Щукин", "Jürgen Weiß"]


def pages(pdf: bytes, tmp_path: Path) -> list[Image.Image]:
    source = tmp_path / "sheet.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-png", str(source), str(tmp_path / "page")], check=True
    )
    return [Image.open(p).convert("L") for p in sorted(tmp_path.glob("page-*.png"))]


def expected_pixels(size: PaperSize) -> tuple[int, int]:
    w, h = PAGE_MM[size]
    return round(w / MM_PER_INCH * DPI), round(h / MM_PER_INCH * DPI)


def ink(image: Image.Image) -> float:
    histogram = image.histogram()
    return 1 - sum(histogram[250:]) / (image.width * image.height)


def assert_pages(images: list[Image.Image], size: PaperSize) -> None:
    assert images
    want_w, want_h = expected_pixels(size)
    for image in images:
        assert abs(image.width - want_w) <= 1 and abs(image.height - want_h) <= 1
        assert ink(image) > INK_SHARE


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "size"),
    [("ru/four-players", PaperSize.A4), ("marias/ten_haler_house_rules", PaperSize.A5),
     ("binokel/scale10_declarer_first", PaperSize.A4)],
)
def test_pdf_pages_have_the_paper_size_and_are_not_empty(
    tmp_path: Path, name: str, size: PaperSize
) -> None:
    sheet = exports.import_sheet(golden_named(name))
    pdf = sheet_pdf(sheet, size=size)
    assert pdf.startswith(b"%PDF-")
    assert_pages(pages(pdf, tmp_path), size)


@pytest.mark.django_db
def test_pdf_embeds_a_font_with_czech_polish_russian_and_german_letters(
    tmp_path: Path, make_sheet: Any
) -> None:
    sheet = make_sheet(ruleset="marias", players=NAMES[:3] + NAMES[3:])
    sheet.scorer = "Jürgen Weiß"
    sheet.save()
    source = tmp_path / "sheet.pdf"
    source.write_bytes(sheet_pdf(sheet))
    fonts = subprocess.run(["pdffonts", str(source)], check=True, capture_output=True,
                           text=True).stdout.splitlines()[2:]
    assert fonts and all("DejaVu" in line for line in fonts)
    assert all(line.split()[-5] == "yes" for line in fonts)  # the "emb" column
    words = " ".join(subprocess.run(["pdftotext", str(source), "-"], check=True,
                                    capture_output=True, text=True).stdout.split())
    for name in NAMES:
        assert name in words


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["pdf", "pdf_read"])
def test_pdf_view_through_either_link(client: Client, make_sheet: Any, name: str) -> None:
    sheet = make_sheet(entries=THREE_DEALS)
    token = sheet.edit_token if name == "pdf" else sheet.view_token
    response = client.get(reverse(name, args=[token]) + "?size=a5")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("inline;")
    assert response.content.startswith(b"%PDF-")


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["pdf", "pdf_read"])
def test_a_pdf_asked_for_while_no_printer_runs_says_so_and_points_to_the_print_view(
    client: Client, make_sheet: Any, settings: Any, name: str
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from scoresheet.exports.models import Printer
    from scoresheet.exports.worker import BEAT_FRESH

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    sheet = make_sheet(entries=THREE_DEALS)
    token = sheet.edit_token if name == "pdf" else sheet.view_token
    url = reverse(name, args=[token]) + "?size=a5"
    print_view = reverse("print" if name == "pdf" else "print_read", args=[token])
    # the last task worker was seen longer ago than a worker shows itself: none runs
    Printer.objects.create(name="gone", seen=timezone.now() - timedelta(seconds=BEAT_FRESH + 1))
    waiting = client.get(url)
    assert waiting.status_code == 202 and int(waiting["Retry-After"]) >= 1
    html = waiting.content.decode()
    assert "No printer is running" in html and "the table can still print" in html
    assert f'href="{print_view}"' in html
    assert "hx-get" in html  # it keeps asking: the PDF's link comes once a worker is back
    Printer.objects.create(name="here", seen=timezone.now())  # a worker shows itself
    html = client.get(url).content.decode()
    assert "Preparing your PDF" in html and "No printer is running" not in html
