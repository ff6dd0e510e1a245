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
/* global self, caches, fetch, Response, URL */
"use strict";

var VERSION = self.LISTEK_VERSION || "dev";
var SHELL = self.LISTEK_SHELL || [];
var SHELL_CACHE = "listek-shell-" + VERSION;
var PAGES_CACHE = "listek-pages-" + VERSION;
var OFFLINE_PAGE = "/offline/";
var SECRET = /^\/(?:s|t)\/[^/]+\//;  // an edit link or a tournament director's link
var MEMORY = new Map();  // url -> {body, status, statusText, headers}: never written to disk
var MEMORY_MAX = 80;  // pages kept in memory (the oldest go first)

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL_CACHE).then(function (cache) {
      return cache.addAll(SHELL.concat([OFFLINE_PAGE]));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("listek-") === 0 && name !== SHELL_CACHE && name !== PAGES_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function isPage(request) {
  if (request.mode === "navigate") { return true; }
  return (request.headers.get("Accept") || "").indexOf("text/html") !== -1;
}

function isSecret(url, response) {
  var control = response.headers.get("Cache-Control") || "";
  return SECRET.test(new URL(url).pathname) || /no-store/i.test(control);
}

function keepInMemory(url, response) {
  return response.arrayBuffer().then(function (body) {
    var headers = [];
    response.headers.forEach(function (value, name) { headers.push([name, value]); });
    MEMORY.delete(url);
    MEMORY.set(url, { body: body, status: response.status, statusText: response.statusText,
                      headers: headers });
    while (MEMORY.size > MEMORY_MAX) { MEMORY.delete(MEMORY.keys().next().value); }
  });
}

function fromMemory(url, ignoreSearch) {
  var found = MEMORY.get(url);
  if (!found && ignoreSearch) {
    var path = url.split("?")[0];
    MEMORY.forEach(function (value, key) {
      if (!found && key.split("?")[0] === path) { found = value; }
    });
  }
  if (!found) { return null; }
  return new Response(found.body.slice(0), { status: found.status,
    statusText: found.statusText, headers: found.headers });
}

function keep(request, response) {
  var type = response.headers.get("Content-Type") || "";
  if (response.ok && response.type === "basic" && type.indexOf("text/html") === 0) {
    var copy = response.clone();
    if (isSecret(request.url, response)) {
      keepInMemory(request.url, copy);
    } else {
      caches.open(PAGES_CACHE).then(function (cache) { cache.put(request.url, copy); });
    }
  }
  return response;
}

function fromCache(request) {
  var kept = fromMemory(request.url, false);
  if (kept) { return Promise.resolve(kept); }
  return caches.match(request.url, { ignoreVary: true }).then(function (found) {
    // an entry form's link names the revision the sheet page showed (?at=): any kept copy of
    // that form will do
    return found || fromMemory(request.url, true) ||
      caches.match(request.url, { ignoreVary: true, ignoreSearch: true });
  }).then(function (found) {
    if (found) { return found; }
    if (request.mode === "navigate") {
      return caches.match(OFFLINE_PAGE, { ignoreVary: true });
    }
    return Response.error();
  }).then(function (found) { return found || Response.error(); });
}

// the open pages' "stay awake" (static/js/offline.js): each message keeps the worker, and the
// pages it holds in memory, alive a little longer
self.addEventListener("message", function (event) {
  if (event.data === "listek-awake") { event.waitUntil(Promise.resolve()); }
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === "/sw.js") { return; }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request, { ignoreVary: true }).then(function (found) {
      return found || fetch(request);
    }));
    return;
  }
  // the live table's polls (htmx) and downloads always go to the network
  if (request.headers.get("HX-Request") || !isPage(request)) { return; }
  event.respondWith(
    fetch(request).then(function (response) { return keep(request, response); },
                        function () { return fromCache(request); })
  );
});
