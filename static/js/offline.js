/* Offline use (docs/offline.md): installs the service worker, keeps the rows typed without a
   connection on this phone, shows them as pending rows on their sheet and sends them, in order,
   when the connection returns.

   A kept row is the entry form's fields with the revision it is written against and a fresh
   idempotency key, so that sending it twice never writes it twice.  The revision is the last
   one this phone saw of the sheet plus the rows already waiting before it: rows typed one after
   the other go in one after the other.  When the server answers 409 (another phone changed the
   sheet meanwhile) nothing was written: the row, and every row waiting after it, is shown with
   the sheet as it is now, and the player enters it anyway (a new write against the current
   revision) or discards it.  When the sheet refuses a row (400) its objection is shown the same
   way.  Nothing kept is ever dropped without the player's tap.

   The words come from the page (templates/_offline.html), in the page's language. */
(function () {
  "use strict";

  var QUEUE = "listek.pending"; // localStorage: the rows waiting to be sent, oldest first
  var SEEN = "listek.revisions"; // localStorage: sheet path -> the newest revision seen
  var LOCK = "listek.sending"; // localStorage: a tab that is sending, and since when
  var LOCK_MS = 30000;
  var RETRY_MS = 15000;
  var SETTLE_MS = 500; // a page just opened waits this long before it sends: navigator.onLine
                       // is not yet reliable while a new page starts
  var WAITING = ["pending", "sending"];
  // a row's state -> its word in templates/_offline.html (data-*)
  var STATE_WORDS = {
    pending: "pending", sending: "sending", conflict: "stateConflict", refused: "stateRefused"
  };

  var words = {};
  var sending = false; // this page is sending the kept rows
  var release = function () { return null; }; // ends this page's hold on the sending lock

  function read(key, fallback) {
    try {
      var value = JSON.parse(window.localStorage.getItem(key));
      return value === null || value === undefined ? fallback : value;
    } catch (e) {
      return fallback;
    }
  }

  function write(key, value) {
    window.localStorage.setItem(key, JSON.stringify(value));
  }

  function queue() { return read(QUEUE, []); }

  function saveQueue(items) { write(QUEUE, items); }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function sheetOf(path) {
    var found = /^\/s\/[^/]+\//.exec(path || "");
    return found ? found[0] : null;
  }

  function seen(sheet) {
    var value = read(SEEN, {})[sheet];
    return typeof value === "number" ? value : null;
  }

  function see(sheet, revision) {
    if (!sheet || isNaN(revision)) { return; }
    var all = read(SEEN, {});
    if (typeof all[sheet] !== "number" || revision > all[sheet]) {
      all[sheet] = revision;
      write(SEEN, all);
    }
  }

  function field(fields, name) {
    for (var i = 0; i < fields.length; i += 1) {
      if (fields[i][0] === name) { return fields[i][1]; }
    }
    return null;
  }

  function withField(fields, name, value) {
    return fields.map(function (pair) { return pair[0] === name ? [name, String(value)] : pair; });
  }

  // ------------------------------------------------------------------ what this page shows

  function noteRevisions() {
    var sheet = sheetOf(window.location.pathname);
    var live = document.getElementById("live");
    if (sheet && live && live.dataset.revision) {
      see(sheet, Number(live.dataset.revision));
    }
    document.querySelectorAll("form[data-offline-queue]").forEach(function (form) {
      var revision = form.querySelector("input[name=revision]");
      if (revision && navigator.onLine) { see(sheetOf(form.dataset.sheet), Number(revision.value)); }
    });
  }

  function showBanner() {
    var banner = document.getElementById("offline-banner");
    if (banner) { banner.hidden = navigator.onLine; }
  }

  function button(text, action, id) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "secondary small";
    b.textContent = text;
    b.dataset.pendingAction = action;
    b.dataset.pendingId = id;
    return b;
  }

  function renderPending() {
    var sheet = sheetOf(window.location.pathname);
    var body = document.querySelector("#live table.sheet tbody");
    document.querySelectorAll("tr.pending").forEach(function (row) { row.remove(); });
    if (!sheet || !body || window.location.pathname !== sheet) { return; }
    var mine = queue().filter(function (item) { return item.sheet === sheet; });
    if (!mine.length) { return; }
    var empty = body.querySelector("tr.empty");
    if (empty) { empty.hidden = true; }
    var columns = document.querySelectorAll("#live table.sheet thead th").length || 2;
    mine.forEach(function (item) {
      var row = document.createElement("tr");
      row.className = "row pending status-" + item.status;
      row.dataset.pendingId = item.id;
      var mark = document.createElement("th");
      mark.className = "no";
      mark.scope = "row";
      mark.textContent = "…";
      var cell = document.createElement("td");
      cell.colSpan = columns - 1;
      var what = document.createElement("span");
      what.className = "pending-what";
      what.textContent = item.summary;
      var state = document.createElement("span");
      state.className = "pending-state";
      // "sending" only while this page sends it: a row left so by a page that went away waits
      var shown = item.status === "sending" && !sending ? "pending" : item.status;
      state.textContent = words[STATE_WORDS[shown]] || shown;
      cell.appendChild(state);
      cell.appendChild(what);
      if (item.message) {
        var why = document.createElement("p");
        why.className = "pending-why";
        why.textContent = item.message;
        cell.appendChild(why);
      }
      if (item.status === "conflict" || item.status === "refused") {
        var tools = document.createElement("p");
        tools.className = "pending-tools";
        tools.appendChild(button(item.status === "conflict" ? words.anyway : words.retry,
                                 "send", item.id));
        tools.appendChild(button(words.discard, "discard", item.id));
        cell.appendChild(tools);
      }
      row.appendChild(mark);
      row.appendChild(cell);
      body.appendChild(row);
    });
  }

  // ------------------------------------------------------------------ keeping a row

  function summary(form) {
    var parts = [];
    form.querySelectorAll("input, select, textarea").forEach(function (input) {
      if (input.type === "hidden" || input.disabled || !input.name) { return; }
      var label = (input.id ? form.querySelector("label[for='" + input.id + "']") : null) ||
                  input.closest("label");
      var text = label ? label.textContent.replace(/\s+/g, " ").trim() : "";
      if (input.type === "radio" || input.type === "checkbox") {
        if (input.checked && text) { parts.push(text); }
      } else if (input.tagName === "SELECT") {
        var option = input.options[input.selectedIndex];
        if (option && option.value) { parts.push((text ? text + " " : "") + option.text); }
      } else if (input.value) {
        parts.push((text ? text + " " : "") + input.value);
      }
    });
    var head = form.dataset.kind || "";
    return head + (parts.length ? ": " + parts.join(" · ") : "");
  }

  function keepRow(form) {
    var sheet = sheetOf(form.dataset.sheet);
    var fields = [];
    new window.FormData(form).forEach(function (value, name) {
      if (name !== "preview" && typeof value === "string") { fields.push([name, value]); }
    });
    var items = queue();
    var waiting = items.filter(function (item) {
      return item.sheet === sheet && WAITING.indexOf(item.status) !== -1;
    });
    var base = seen(sheet);
    if (base === null) { base = Number(field(fields, "revision")); }
    var revision = waiting.length ? waiting[waiting.length - 1].revision + 1 : base;
    var key = newKey();
    fields = withField(withField(fields, "revision", revision), "key", key);
    items.push({
      id: newKey(),
      sheet: sheet,
      action: new URL(form.action, window.location.href).pathname +
              new URL(form.action, window.location.href).search,
      fields: fields,
      revision: revision,
      key: key,
      summary: summary(form),
      status: "pending",
      message: "",
      created: Date.now()
    });
    saveQueue(items);
    window.location.href = sheet;
  }

  function onSubmit(event) {
    if (navigator.onLine) { return; }
    var form = event.target;
    var method = (form.getAttribute("method") || "get").toLowerCase();
    if (method !== "post") { return; }
    event.preventDefault();
    var submitter = event.submitter;
    if (form.matches("form[data-offline-queue]") && !(submitter && submitter.name)) {
      keepRow(form);
    } else {
      window.alert(words.onlineOnly);
    }
  }

  // ------------------------------------------------------------------ sending

  function update(id, change) {
    var items = queue();
    items.forEach(function (item) {
      if (item.id === id) { Object.keys(change).forEach(function (k) { item[k] = change[k]; }); }
    });
    saveQueue(items);
  }

  function remove(id) {
    saveQueue(queue().filter(function (item) { return item.id !== id; }));
  }

  function revisionIn(html) {
    var found = /id="live"[^>]*data-revision="(\d+)"/.exec(html) ||
                /data-revision="(\d+)"/.exec(html);
    return found ? Number(found[1]) : null;
  }

  function objectionIn(html) {
    var page = new window.DOMParser().parseFromString(html, "text/html");
    var texts = [];
    page.querySelectorAll("main [role=alert], main .error, main .errorlist li, main .objection")
      .forEach(function (node) {
        var text = node.textContent.replace(/\s+/g, " ").trim();
        if (text && texts.indexOf(text) === -1) { texts.push(text); }
      });
    return texts.join(" ");
  }

  function locked() {
    // another page is sending (browsers without Web Locks: a lock in localStorage)
    var lock = read(LOCK, null);
    return Boolean(lock && lock.until > Date.now() && lock.page !== pageId);
  }

  var pageId = newKey();

  function send(item) {
    var body = new window.URLSearchParams();
    withField(withField(item.fields, "revision", item.revision), "key", item.key)
      .forEach(function (pair) { body.append(pair[0], pair[1]); });
    return window.fetch(item.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "follow"
    }).then(function (response) {
      return response.text().then(function (html) { return { response: response, html: html }; });
    });
  }

  function next() {
    var blocked = {};
    var items = queue();
    for (var i = 0; i < items.length; i += 1) {
      var item = items[i];
      if (item.status === "pending" && !blocked[item.sheet]) { return item; }
      if (item.status !== "pending") { blocked[item.sheet] = true; }
    }
    return null;
  }

  function stopAt(item, status, message, current) {
    // this row and every row after it on the same sheet wait for the player's decision
    var after = false;
    var items = queue();
    items.forEach(function (other) {
      if (other.id === item.id) { after = true; }
      if (after && other.sheet === item.sheet && WAITING.indexOf(other.status) !== -1) {
        other.status = other.id === item.id ? status : "conflict";
        other.message = other.id === item.id ? message : words.conflict;
        if (current !== null) { other.current = current; }
      }
    });
    saveQueue(items);
  }

  function finish(changed) {
    sending = false;
    write(LOCK, null);
    release();
    release = function () { return null; };
    var here = sheetOf(window.location.pathname);
    if (changed[here] && window.location.pathname === here) {
      window.location.reload();
    } else {
      renderPending();
    }
  }

  function flush() {
    if (sending || !navigator.onLine || !queue().length) { return; }
    if (navigator.locks && navigator.locks.request) {
      // one page sends at a time; the browser frees the lock when that page goes away
      navigator.locks.request("listek-send", { ifAvailable: true }, function (lock) {
        if (!lock || sending) { return null; }
        return new Promise(function (done) { sendAll(done); });
      });
    } else if (!locked()) {
      sendAll(function () { return null; });
    }
  }

  function sendAll(done) {
    sending = true;
    release = done;
    write(LOCK, { page: pageId, until: Date.now() + LOCK_MS });
    // a row left "sending" by a page that went away may or may not have arrived: its key makes
    // sending it again safe
    saveQueue(queue().map(function (item) {
      if (item.status === "sending") { item.status = "pending"; }
      return item;
    }));
    var changed = {};
    (function step() {
      var item = next();
      if (!item || !navigator.onLine) { finish(changed); return; }
      update(item.id, { status: "sending" });
      renderPending();
      send(item).then(function (answer) {
        var response = answer.response;
        var status = response.status;
        if (response.ok && response.redirected) {
          // written (or written before: the key was seen): the rows after it follow on
          remove(item.id);
          var after = queue().filter(function (other) {
            return other.sheet === item.sheet && other.status === "pending";
          });
          if (after.length) { update(after[0].id, { revision: item.revision + 1 }); }
          see(item.sheet, item.revision + 1);
          changed[item.sheet] = true;
          step();
        } else if (status === 409) {
          stopAt(item, "conflict", words.conflict, revisionIn(answer.html));
          changed[item.sheet] = true;
          step();
        } else if (status === 400 || status === 404 || status === 403) {
          stopAt(item, "refused", objectionIn(answer.html) || words.refused, null);
          changed[item.sheet] = true;
          step();
        } else {
          update(item.id, { status: "pending" });
          finish(changed);
          window.setTimeout(flush, RETRY_MS);
        }
      }, function () {
        update(item.id, { status: "pending" });
        finish(changed);
      });
    })();
  }

  function onPendingTap(event) {
    var target = event.target.closest ? event.target.closest("[data-pending-action]") : null;
    if (!target) { return; }
    var id = target.dataset.pendingId;
    if (target.dataset.pendingAction === "discard") {
      remove(id);
      renderPending();
      return;
    }
    // enter it anyway: a new write, with a new key, against the sheet as it is now
    var item = queue().filter(function (other) { return other.id === id; })[0];
    if (!item) { return; }
    var current = seen(item.sheet);
    if (typeof item.current === "number" && (current === null || item.current > current)) {
      current = item.current;
    }
    var key = newKey();
    var items = queue().filter(function (other) { return other.id !== id; });
    var ahead = items.filter(function (other) {
      return other.sheet === item.sheet && other.status === "pending";
    });
    var moved = {
      id: item.id, sheet: item.sheet, action: item.action, fields: item.fields,
      revision: ahead.length ? ahead[ahead.length - 1].revision + 1 : current,
      key: key, summary: item.summary, status: "pending", message: "", created: item.created
    };
    // the row goes first among those still waiting for a decision on its sheet
    var at = items.length;
    for (var i = 0; i < items.length; i += 1) {
      if (items[i].sheet === item.sheet && items[i].status !== "pending") { at = i; break; }
    }
    items.splice(at, 0, moved);
    saveQueue(items);
    renderPending();
    flush();
  }

  // ------------------------------------------------------------------ the service worker

  function prefetchForms() {
    // this page (its first visit came before the worker) and the entry forms a sheet page links
    // to, so that they open without a connection
    var urls = [window.location.pathname + window.location.search];
    document.querySelectorAll("a[data-offline-prefetch]").forEach(function (link) {
      urls.push(link.href);
    });
    var fetches = urls.map(function (url) {
      return window.fetch(url, {
        credentials: "same-origin", headers: { Accept: "text/html" }
      }).catch(function () { return null; });
    });
    return Promise.all(fetches);
  }

  function ready() {
    document.documentElement.dataset.offline = "ready";
  }

  function startWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      if (navigator.serviceWorker.controller) { return null; }
      return new Promise(function (resolve) {
        navigator.serviceWorker.addEventListener("controllerchange", resolve);
      });
    }).then(function () {
      return navigator.onLine ? prefetchForms() : null;
    }).then(ready, ready);
  }

  // ------------------------------------------------------------------ start

  function start() {
    var strings = document.getElementById("offline-strings");
    words = strings ? strings.dataset : {};
    noteRevisions();
    showBanner();
    renderPending();
    document.addEventListener("submit", onSubmit, true);
    document.addEventListener("click", onPendingTap);
    document.body.addEventListener("htmx:afterSettle", function () {
      noteRevisions();
      renderPending();
    });
    window.addEventListener("online", function () { showBanner(); flush(); });
    window.addEventListener("offline", showBanner);
    window.addEventListener("storage", function (event) {
      if (event.key === QUEUE) { renderPending(); }
    });
    startWorker();
    window.setTimeout(flush, SETTLE_MS);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
