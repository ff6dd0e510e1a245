"""Offline use, the server's part (docs/offline.md): the service worker at the site's root,
the web app manifest and its icons, the page for a page never opened, and what every page
carries for static/js/offline.js."""

from __future__ import annotations

import json
import struct
from pathlib import Path

from django.conf import settings
from django.templatetags.static import static
from django.urls import reverse

from scoresheet.sheets.offline import SHELL
from tests.sheets.helpers import page

STATIC = Path(settings.BASE_DIR) / "static"


def test_the_service_worker_is_served_at_the_root_with_the_app_shell(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    shell = json.loads(body.split("self.LISTEK_SHELL = ", 1)[1].split(";\n", 1)[0])
    assert shell == [static(name) for name in SHELL]
    assert 'addEventListener("fetch"' in body


def test_a_new_release_of_the_worker_has_a_new_version(client, settings, tmp_path):
    first = client.get("/sw.js").content.decode()
    worker = tmp_path / "js" / "sw.js"
    worker.parent.mkdir()
    worker.write_text((STATIC / "js" / "sw.js").read_text() + "\n// changed\n")
    settings.STATICFILES_DIRS = [tmp_path, STATIC]
    second = client.get("/sw.js").content.decode()
    version = [text.split("self.LISTEK_VERSION = ", 1)[1].split(";", 1)[0]
               for text in (first, second)]
    assert version[0] != version[1]


def test_every_file_of_the_app_shell_exists():
    assert all((STATIC / name).is_file() for name in SHELL)


def test_the_manifest_installs_the_app_on_the_home_screen():
    manifest = json.loads((STATIC / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Lístek" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    for icon in manifest["icons"]:
        path = STATIC / icon["src"]  # relative to the manifest, which is in static/
        assert path.is_file()
        if icon["type"] == "image/png":
            width, height = struct.unpack(">II", path.read_bytes()[16:24])
            assert f"{width}x{height}" == icon["sizes"]


def test_every_page_links_the_manifest_and_the_offline_script(client):
    html = page(client.get(reverse("home")))
    assert f'<link rel="manifest" href="{static("manifest.webmanifest")}">' in html
    # loaded once the page is painted (static/js/later.js): not part of the first load
    assert (f'<script src="{static("js/later.js")}" data-later="{static("vendor/htmx.min.js")} '
            f'{static("js/offline.js")}" defer></script>') in html
    assert 'id="offline-strings"' in html and 'data-conflict="' in html


def test_a_page_never_opened_offline_says_so(client):
    response = client.get(reverse("offline"))
    assert response.status_code == 200
    assert "You are offline" in page(response)


def test_an_entry_form_can_be_kept_on_the_phone(client, make_sheet):
    sheet = make_sheet()
    html = page(client.get(reverse("entry_new", args=[sheet.edit_token, "deal"])))
    assert "data-offline-queue" in html
    assert f'data-sheet="{reverse("sheet", args=[sheet.edit_token])}"' in html
    sheet_html = page(client.get(reverse("sheet", args=[sheet.edit_token])))
    assert "data-offline-prefetch" in sheet_html
    assert f'data-revision="{sheet.revision}"' in sheet_html
