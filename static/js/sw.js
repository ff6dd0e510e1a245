/* Lístek's service worker (docs/offline.md).  Served at /sw.js by scoresheet/sheets/offline.py, which
   puts self.LISTEK_SHELL (the static files every page needs) and self.LISTEK_VERSION before
   this file.

   - The app shell is kept when the worker installs; static files are answered from the cache.
   - Pages (the sheet, its entry forms, the home page) go to the network first; a copy of each
     one that arrives is kept, and without a connection the kept copy answers.  A page never
     opened on this phone answers with the kept /offline/ page.
   - A page that carries a secret (an edit link /s/..., a director's link /t/...) or that its
     answer says must not be stored (Cache-Control: no-store) is never put in Cache Storage,
     which outlives the browser on a shared computer: its copy is kept in this worker's memory
     only, gone when the browser closes.  The open pages ask the worker to stay awake
     (static/js/offline.js), so that it keeps them while the table plays.
   - Writes (POST) are never touched here: static/js/offline.js keeps the rows typed without a
     connection on the phone and sends them when it returns. */
"use strict";

const VERSION = self.LISTEK_VERSION || "dev";
const SHELL = self.LISTEK_SHELL || [];
const SHELL_CACHE = "listek-shell-" + VERSION;
const PAGES_CACHE = "listek-pages-" + VERSION;
const OFFLINE_PAGE = "/offline/";
const SECRET = /^\/(?:s|t|club)\/[^/]+\//;  // an edit link, a director's, a club's admin link
const MEMORY = new Map();  // url -> {body, status, statusText, headers}: never written to disk
const MEMORY_MAX = 80;  // pages kept in memory (the oldest go first)

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) => {
      return cache.addAll(SHELL.concat([OFFLINE_PAGE]));
    }).then(() => { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) => {
      return Promise.all(names.filter((name) => {
        return name.indexOf("listek-") === 0 && name !== SHELL_CACHE && name !== PAGES_CACHE &&
          name !== REFEREE_CACHE;
      }).map((name) => { return caches.delete(name); }));
    }).then(() => { return self.clients.claim(); })
  );
});

// The phone's referee (Pyodide and the packed engine, static/referee/, its worker and
// static/js/pocket.js) is not
// part of the app shell: a page with an edit link fetches it when the browser is idle
// (static/js/offline.js), and it is kept here as it arrives, across releases (its addresses
// change with its content), for the next time there is no connection.
const REFEREE_CACHE = "listek-referee";
const REFEREE_FILES = /^\/static\/(?:referee\/|js\/referee-worker|js\/pocket)/;

function keepReferee(url, response) {
  if (response.ok && response.type === "basic" && REFEREE_FILES.test(url.pathname)) {
    const copy = response.clone();
    caches.open(REFEREE_CACHE).then((cache) => { return cache.put(url.href, copy); });
  }
  return response;
}

function isPage(request) {
  if (request.mode === "navigate") { return true; }
  return (request.headers.get("Accept") || "").indexOf("text/html") !== -1;
}

function isSecret(url, response) {
  const control = response.headers.get("Cache-Control") || "";
  return SECRET.test(new URL(url).pathname) || /no-store/i.test(control);
}

function keepInMemory(url, response) {
  return response.arrayBuffer().then((body) => {
    const headers = [];
    response.headers.forEach((value, name) => { headers.push([name, value]); });
    MEMORY.delete(url);
    MEMORY.set(url, { body, status: response.status, statusText: response.statusText,
                      headers });
    while (MEMORY.size > MEMORY_MAX) { MEMORY.delete(MEMORY.keys().next().value); }
  });
}

function fromMemory(url, ignoreSearch) {
  let found = MEMORY.get(url);
  if (!found && ignoreSearch) {
    const path = url.split("?")[0];
    MEMORY.forEach((value, key) => {
      if (!found && key.split("?")[0] === path) { found = value; }
    });
  }
  if (!found) { return null; }
  return new Response(found.body.slice(0), { status: found.status,
    statusText: found.statusText, headers: found.headers });
}

function keep(request, response) {
  const type = response.headers.get("Content-Type") || "";
  if (response.ok && response.type === "basic" && type.indexOf("text/html") === 0) {
    const copy = response.clone();
    if (isSecret(request.url, response)) {
      keepInMemory(request.url, copy);
    } else {
      caches.open(PAGES_CACHE).then((cache) => { cache.put(request.url, copy); });
    }
  }
  return response;
}

function fromCache(request) {
  const kept = fromMemory(request.url, false);
  if (kept) { return Promise.resolve(kept); }
  return caches.match(request.url, { ignoreVary: true }).then((found) => {
    // an entry form's link names the revision the sheet page showed (?at=): any kept copy of
    // that form will do
    return found || fromMemory(request.url, true) ||
      caches.match(request.url, { ignoreVary: true, ignoreSearch: true });
  }).then((found) => {
    if (found) { return found; }
    if (request.mode === "navigate") {
      return caches.match(OFFLINE_PAGE, { ignoreVary: true });
    }
    return Response.error();
  }).then((found) => { return found || Response.error(); });
}

// the open pages' "stay awake" (static/js/offline.js): each message keeps the worker, and the
// pages it holds in memory, alive a little longer
self.addEventListener("message", (event) => {
  if (event.data === "listek-awake") { event.waitUntil(Promise.resolve()); }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") { return; }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === "/sw.js") { return; }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request, { ignoreVary: true }).then((found) => {
      return found || fetch(request).then((response) => { return keepReferee(url, response); });
    }));
    return;
  }
  // the live table's polls (htmx) and downloads always go to the network
  if (request.headers.get("HX-Request") || !isPage(request)) { return; }
  event.respondWith(
    fetch(request).then((response) => { return keep(request, response); },
                        () => { return fromCache(request); })
  );
});
