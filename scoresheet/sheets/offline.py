"""Offline use: the service worker, served at the root of the site.

The worker itself is ``static/js/sw.js``.  It is served from ``/sw.js`` (not from ``/static/``)
so that its scope is the whole site: a worker controls only the pages under its own path.  The
view puts two lines before the file: the URLs of the app shell to keep (the static files every
page needs, with the names the static files storage gives them, hashed in production) and a
version made of the file and those URLs, so that a new release installs a new worker that drops
the old caches.  What the worker and ``static/js/offline.js`` do is described in docs/offline.md.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

import rules
from scoresheet.sheets import services, words
from scoresheet.sheets.models import Sheet

WORKER = "js/sw.js"
# The app shell: what every page loads (templates/_base.html), and the entry forms' scripts (a
# form kept on the phone opens without a connection: Enter moves on, typing the obligation picks
# its holder), kept when the worker installs.
SHELL = (
    "css/app.css",
    "vendor/htmx.min.js",
    "js/later.js",
    "js/offline.js",
    "js/marias.js",
    "js/referee.js",
    "js/share.js",
    "js/entry.js",
    "js/thousand.js",
    "manifest.webmanifest",
    "icons/icon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
)


def _source(name: str) -> str:
    """A static file's text: from the app's static folders, else from the collected files."""
    found = finders.find(name)
    path = found[0] if isinstance(found, list) else found
    if path:
        return Path(path).read_text(encoding="utf-8")
    with staticfiles_storage.open(name) as handle:
        text: bytes = handle.read()
    return text.decode("utf-8")


def worker_script() -> str:
    source = _source(WORKER)
    shell = [static(name) for name in SHELL]
    version = hashlib.sha256((source + "\n".join(shell)).encode()).hexdigest()[:12]
    return (
        f"self.LISTEK_SHELL = {json.dumps(shell)};\n"
        f"self.LISTEK_VERSION = {json.dumps(version)};\n"
        + source
    )


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    """What a page this phone never opened shows without a connection (the worker keeps it)."""
    return render(request, "offline.html")


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: the service worker with the app shell's URLs; never cached by the browser's
    HTTP cache, so that a new release reaches the phones on their next visit."""
    response = HttpResponse(worker_script(), content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


# ---------------------------------------------------------------------- the referee in the pocket
# The engine the phone runs without a connection (docs/offline.md, "The referee in the pocket"):
# Pyodide's runtime and the packed ``rules`` package, built into static/referee/ by
# scripts/build-referee.  A page asks for them only after its first paint (static/js/offline.js):
# the sheet page itself carries not one byte more.

REFEREE_WORKER = "js/referee-worker.js"
REFEREE_PAGE = "js/pocket.js"  # the page's side: preview, refusal, totals, "Not updated since"
REFEREE_RULES = "referee/rules.zip"


def _pyodide_files() -> tuple[str, list[str]]:
    """The URL of Pyodide's folder and of each of its files: loaded by their own names from
    this folder (its name carries Pyodide's version, so that a new version is a new address)."""
    for base in (Path(settings.BASE_DIR) / "static" / "referee", Path(settings.STATIC_ROOT)
                 / "referee"):
        found = sorted(base.glob("pyodide-*")) if base.is_dir() else []
        if found:
            folder = "/" + f"{settings.STATIC_URL.strip('/')}/referee/{found[-1].name}/"
            names = sorted(p.name for p in found[-1].iterdir() if not p.name.endswith(
                (".gz", ".br")) and p.is_file())
            return folder, [folder + name for name in names]
    return "", []


def _text(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): str(v) for k, v in value.items()}
    return str(value)


def referee_words(game: str) -> dict[str, Any]:
    """What the page says about the phone's referee and its answers, in the page's language:
    the engine's objections by code (this game's own first), the fields they name, and the
    sentences of the offline sheet."""
    errors = {code: _text(t) for code, t in words.ERRORS.items()}
    errors.update({code: _text(t) for code, t in words.GAME_ERRORS.get(game, {}).items()})
    return {
        "errors": errors,
        "fields": {k: str(v) for k, v in words.FIELD_WORDS.items()},
        "elsewhere": _("Row %(number)s would no longer be right: %(text)s"),
        "refused": _("This row breaks a rule of the game: check it before you write it."),
    }


@require_GET
def referee(request: HttpRequest) -> JsonResponse:
    """``/offline/referee.json``: where the phone's referee is, and the sentences every sheet
    page needs offline, in the page's language (no secret in it: the service worker keeps it)."""
    folder, files = _pyodide_files()
    worker, packed, pocket = static(REFEREE_WORKER), static(REFEREE_RULES), static(REFEREE_PAGE)
    return JsonResponse({
        "pocket": pocket,
        "worker": worker,
        "pyodide": folder,
        "rules": packed,
        # what the phone keeps for its referee to start without a connection
        "files": [pocket, worker, packed, *files] if folder else [pocket],
        "language": get_language(),
        "words": {
            "ready": _("The offline referee is ready: without a connection this phone scores "
                       "and checks every row itself."),
            "since": _("Not updated since %(time)s."),
            "unsent": _("With the rows not sent yet"),
            "notPossible": _("Not possible:"),
            "missing": _("Still missing:"),
        },
    })


@require_GET
def sheet_document(request: HttpRequest, token: str) -> JsonResponse:
    """``/s/<token>/offline.json``: the sheet's document (docs/format.md) at its revision, with
    the engine's objections in the page's language: what the phone's referee judges offline."""
    sheet = get_object_or_404(Sheet, edit_token=token)
    loaded = services.load(sheet)
    response = JsonResponse({
        "revision": sheet.revision,
        "document": rules.dump(loaded.document),
        "totals": list(loaded.scored.totals),
        "words": referee_words(sheet.game),
    })
    response["Cache-Control"] = "no-store"
    return response
