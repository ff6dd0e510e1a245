"""The referee in the pocket, measured (docs/offline.md): gunicorn with the production settings
(whitenoise's hashed, compressed static files), real Chromium at 360 px with the CPU slowed
4 times (DevTools' Emulation.setCPUThrottlingRate), a Tisíc sheet of 30 deals.

* the first load of the sheet page, up to its load event: requests and bytes over the wire
  (what the network carried, compressed), with and without the referee: the same;
* the referee fetched afterwards, once: its files and their bytes over the wire;
* the worker's start-up (Pyodide and the engine loaded: the worker's own clock), cold (first
  visit) and from the phone's cache (the next page);
* the preview after a tap, once warm: from the input event to the preview shown, offline,
  on the deal form (median and the slowest of 20 taps).

Run through scripts/bench-referee.  A benchmark, not a test: the numbers depend on the machine.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

THROTTLE = 4
TAPS = 20


def cdp_bytes(page: Any, context: Any) -> tuple[Any, dict[str, int]]:
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    sizes: dict[str, int] = {}
    urls: dict[str, str] = {}
    session.on("Network.requestWillBeSent",
               lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    session.on("Network.loadingFinished", lambda e: sizes.__setitem__(
        urls.get(e["requestId"], e["requestId"]), int(e["encodedDataLength"])))
    return session, sizes


def over_the_wire(url: str) -> int:
    """The bytes of an answer's body as sent to a phone (compressed when the server does)."""
    import urllib.request

    ask = urllib.request.Request(url, headers={"Accept-Encoding": "br, gzip"})  # noqa: S310
    with urllib.request.urlopen(ask) as answer:  # noqa: S310 (loopback)
        return len(answer.read())


def main() -> int:
    from playwright.sync_api import sync_playwright

    from tests.playwright_fixtures import CHROMIUM, CHROMIUM_ARGS, PHONE
    from tests.protect.live import Server, collectstatic, manage, production_env

    workdir = Path(tempfile.mkdtemp(prefix="listek-bench-referee-"))
    env = production_env(f"sqlite:///{workdir / 'bench.sqlite3'}", collectstatic(),
                         LISTEK_RATELIMIT_CLIENT="1000000000",
                         LISTEK_RATELIMIT_SHEET="1000000000")
    manage(env, "migrate", "--noinput", "-v0")
    token = manage(env, "shell", "-c", (
        "from scoresheet.sheets import services\n"
        "from rules import bench\n"
        "doc = bench.generated_sheet('tisic', 30)\n"
        "s = services.create_sheet(ruleset='tisic', options={'target': 10000},"
        " players=['Jana', 'Karel', 'Petr'], first_dealer=0, entries=list(doc.entries))\n"
        "print(s.edit_token)\n")).strip().splitlines()[-1]
    with Server(env, workdir=workdir) as server, sync_playwright() as playwright:
        base = f"http://127.0.0.1:{server.port}"
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                      locale="en")
        page = context.new_page()
        session, sizes = cdp_bytes(page, context)
        page.goto(f"{base}/s/{token}/", wait_until="load")
        first = dict(sizes)
        page.locator("html[data-referee=ready]").wait_for(state="attached", timeout=600_000)
        cold = page.evaluate("window.listekReferee.startMs")
        page.wait_for_timeout(2000)
        # what the phone downloads once for its referee, as the server sends it to a browser
        # that takes gzip and brotli (the worker's and the service worker's requests are not
        # the page's: asked here one by one)
        where = page.evaluate("JSON.parse(localStorage.getItem('listek.referee'))")
        referee = {url: over_the_wire(base + url) for url in
                   ["/offline/referee.json", f"/s/{token}/offline.json", *where["files"]]}

        # the next page: the engine from the phone's cache
        sizes.clear()
        page.goto(f"{base}/s/{token}/entries/new/deal/", wait_until="load")
        page.locator("html[data-referee=ready]").wait_for(state="attached", timeout=600_000)
        warm_start = page.evaluate("window.listekReferee.startMs")
        from_network = sum(n for u, n in sizes.items() if "/static/referee/" in u)

        session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        page.reload(wait_until="load")
        page.locator("html[data-referee=ready]").wait_for(state="attached", timeout=600_000)
        unthrottled = page.evaluate("window.listekReferee.startMs")
        session.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})

        context.set_offline(True)
        page.evaluate("window.dispatchEvent(new Event('offline'))")
        page.fill("#id_contract", "50")
        page.fill("#id_points_0", "30")
        taps = []
        for tap in range(TAPS):
            value = str(30 + 5 * (tap % 6))
            began = time.perf_counter()
            page.evaluate("""(value) => new Promise((resolve) => {
              const box = document.getElementById("preview");
              const seen = new MutationObserver(() => {
                if (box.querySelector(".changes, .objection")) { seen.disconnect(); resolve(); }
              });
              box.textContent = "";
              seen.observe(box, { childList: true, subtree: true });
              const input = document.getElementById("id_points_1");
              input.value = value;
              input.dispatchEvent(new Event("input", { bubbles: true }));
            })""", value)
            taps.append((time.perf_counter() - began) * 1000)
        session.detach()
        browser.close()

    def kb(n: float) -> str:
        return f"{n / 1024:,.1f} kB"

    print(f"CPU slowed {THROTTLE}x (Chromium DevTools), 360 px, production static files")
    print(f"first load of the sheet page: {len(first)} requests, {kb(sum(first.values()))}"
          " over the wire")
    for url, size in sorted(first.items()):
        print(f"    {kb(size):>10}  {url.replace(base, '')}")
    print(f"the referee, fetched once after the first paint: {kb(sum(referee.values()))}")
    for url, size in sorted(referee.items()):
        print(f"    {kb(size):>10}  {url.replace(base, '')}")
    print(f"worker start-up, first visit: {cold:,.0f} ms; next page (from the cache):"
          f" {warm_start:,.0f} ms, {kb(from_network)} of it over the network;"
          f" without slowing the CPU: {unthrottled:,.0f} ms")
    print(f"preview after a tap, warm, offline: median {statistics.median(taps):,.0f} ms,"
          f" slowest {max(taps):,.0f} ms ({TAPS} taps)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
