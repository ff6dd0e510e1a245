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
from pathlib import Path

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.http import require_GET

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
