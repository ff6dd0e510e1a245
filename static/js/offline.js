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

  const QUEUE = "listek.pending"; // localStorage: the rows waiting to be sent, oldest first
  const SEEN = "listek.revisions"; // localStorage: sheet path -> the newest revision seen
  const LOCK = "listek.sending"; // localStorage: a tab that is sending, and since when
  const LOCK_MS = 30000;
  const RETRY_MS = 5000; // a row the server did not answer is tried again this often
  const TIMEOUT_MS = 15000; // a write not answered in this time counts as not sent
  const RESEND_HEADER = "X-Listek-Resend"; // undo, redo, delete: answer where to go (204)
  const GO_HEADER = "X-Listek-Go";
  const RESENDS = 1; // an undo whose answer was lost is sent once more, with the same key
  const QUEUE_HEADER = "X-Listek-Queue"; // the server answers a stored row with 204 and ...
  const WRITTEN_HEADER = "X-Listek-Written"; // ... the page of the row (views/entries.py)
  const REVISION_HEADER = "X-Listek-Revision"; // a refused row: the sheet's revision now
  const ALREADY_HEADER = "X-Listek-Already"; // a refused row: it was written before
  const OBJECTION_HEADER = "X-Listek-Objection"; // a refused row: why it was not written
  const BY_HEADER = "X-Listek-By"; // a conflict: "other" (another phone wrote since) or "this"
  const REFEREE = "listek.referee"; // localStorage: /offline/referee.json (static/js/pocket.js)
  const SETTLE_MS = 500; // a page just opened waits this long before it sends: navigator.onLine
                       // is not yet reliable while a new page starts
  const WAITING = ["pending", "sending"];
  // a row's state -> its word in templates/_offline.html (data-*)
  const STATE_WORDS = {
    pending: "pending", sending: "sending", conflict: "stateConflict", refused: "stateRefused"
  };

  let words = {};
  let sending = false; // this page is sending the kept rows
  let release = () => null; // ends this page's hold on the sending lock
  const pageId = newKey(); // this page, in the sending lock kept in localStorage

  function read(key, fallback) {
    try {
      const value = JSON.parse(window.localStorage.getItem(key));
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
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, (b) => {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function sheetOf(path) {
    const found = /^\/s\/[^/]+\//.exec(path || "");
    return found ? found[0] : null;
  }

  function seen(sheet) {
    const value = read(SEEN, {})[sheet];
    return typeof value === "number" ? value : null;
  }

  function see(sheet, revision) {
    if (!sheet || isNaN(revision)) { return; }
    const all = read(SEEN, {});
    if (typeof all[sheet] !== "number" || revision > all[sheet]) {
      all[sheet] = revision;
      write(SEEN, all);
    }
  }

  function field(fields, name) {
    for (let i = 0; i < fields.length; i += 1) {
      if (fields[i][0] === name) { return fields[i][1]; }
    }
    return null;
  }

  function withField(fields, name, value) {
    return fields.map((pair) => { return pair[0] === name ? [name, String(value)] : pair; });
  }

  // ------------------------------------------------------------------ what this page shows

  function noteRevisions() {
    const sheet = sheetOf(window.location.pathname);
    const live = document.getElementById("live");
    if (sheet && live && live.dataset.revision) {
      see(sheet, Number(live.dataset.revision));
    }
    document.querySelectorAll("form[data-offline-queue]").forEach((form) => {
      const revision = form.querySelector("input[name=revision]");
      if (revision && navigator.onLine) { see(sheetOf(form.dataset.sheet), Number(revision.value)); }
    });
  }

  function showBanner() {
    // a watcher's table says it at its top instead ("Not updated since 21:14")
    if (pocket) { pocket.stale(); }
    const banner = document.getElementById("offline-banner");
    if (banner) {
      banner.hidden = navigator.onLine || (Boolean(document.getElementById("stale-table")) &&
                                           !sheetOf(window.location.pathname));
    }
  }

  function button(text, action, id) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "secondary small";
    b.textContent = text;
    b.dataset.pendingAction = action;
    b.dataset.pendingId = id;
    return b;
  }

  function renderPending() {
    const sheet = sheetOf(window.location.pathname);
    const body = document.querySelector("#live table.sheet tbody");
    document.querySelectorAll("tr.pending, tr.pending-totals").forEach((row) => { row.remove(); });
    if (!sheet || !body || window.location.pathname !== sheet) { return; }
    const mine = queue().filter((item) => { return item.sheet === sheet; });
    if (!mine.length) { return; }
    const empty = body.querySelector("tr.empty");
    if (empty) { empty.hidden = true; }
    const columns = document.querySelectorAll("#live table.sheet thead th").length || 2;
    // every sentence once on the page: a reason several rows share is said on the first of them,
    // and one the page already says (a message, an alert) is not said again
    const said = {};
    const onPage = Array.prototype.map.call(document.querySelectorAll(".messages li, .alert"),
                                           (el) => { return el.textContent; }).join(" ")
      .replace(/\s+/g, " ");
    mine.forEach((item) => {
      const row = document.createElement("tr");
      row.className = "row pending status-" + item.status;
      row.dataset.pendingId = item.id;
      const mark = document.createElement("th");
      mark.className = "no";
      mark.scope = "row";
      mark.textContent = "…";
      const cell = document.createElement("td");
      cell.colSpan = columns - 1;
      const what = document.createElement("span");
      what.className = "pending-what";
      what.textContent = item.summary;
      const state = document.createElement("span");
      state.className = "pending-state";
      // "sending" only while this page sends it: a row left so by a page that went away waits
      const shown = item.status === "sending" && !sending ? "pending" : item.status;
      state.textContent = words[STATE_WORDS[shown]] || shown;
      cell.appendChild(state);
      cell.appendChild(what);
      if (item.message && !said[item.message] && onPage.indexOf(item.message) === -1) {
        said[item.message] = true;
        const why = document.createElement("p");
        why.className = "pending-why";
        why.textContent = item.message;
        cell.appendChild(why);
      }
      if (item.status === "conflict" || item.status === "refused") {
        const tools = document.createElement("p");
        tools.className = "pending-tools";
        tools.appendChild(button(words.fix, "fix", item.id));
        tools.appendChild(button(item.status === "conflict" ? words.anyway : words.retry,
                                 "send", item.id));
        tools.appendChild(button(words.discard, "discard", item.id));
        cell.appendChild(tools);
      }
      row.appendChild(mark);
      row.appendChild(cell);
      body.appendChild(row);
    });
    if (pocket) { pocket.totals(sheet, mine); }
  }

  // ------------------------------------------------------------------ keeping a row

  function summary(form) {
    const parts = [];
    form.querySelectorAll("input, select, textarea").forEach((input) => {
      if (input.type === "hidden" || input.disabled || !input.name) { return; }
      const label = (input.id ? form.querySelector("label[for='" + input.id + "']") : null) ||
                  input.closest("label");
      const text = label ? label.textContent.replace(/\s+/g, " ").trim() : "";
      if (input.type === "radio" || input.type === "checkbox") {
        if (input.checked && text) { parts.push(text); }
      } else if (input.tagName === "SELECT") {
        const option = input.options[input.selectedIndex];
        if (option && option.value) { parts.push((text ? text + " " : "") + option.text); }
      } else if (input.value) {
        parts.push((text ? text + " " : "") + input.value);
      }
    });
    const head = form.dataset.kind || "";
    return head + (parts.length ? ": " + parts.join(" · ") : "");
  }

  function formFields(form) {
    const fields = [];
    new window.FormData(form).forEach((value, name) => {
      if (name !== "preview" && typeof value === "string") { fields.push([name, value]); }
    });
    return fields;
  }

  function keepRow(form, online, entry) {
    // online: the row is sent at once with the form's own revision and key, unless rows of
    // its sheet are still waiting (it then goes after them, like a row typed offline)
    const sheet = sheetOf(form.dataset.sheet);
    let fields = formFields(form);
    const items = queue();
    const waiting = items.filter((item) => {
      return item.sheet === sheet && WAITING.indexOf(item.status) !== -1;
    });
    let base = online ? null : seen(sheet);
    if (base === null) { base = Number(field(fields, "revision")); }
    const revision = waiting.length ? waiting[waiting.length - 1].revision + 1 : base;
    const key = online && !waiting.length ? field(fields, "key") : newKey();
    fields = withField(withField(fields, "revision", revision), "key", key);
    const action = new URL(form.action, window.location.href);
    const item = {
      id: newKey(),
      sheet,
      action: action.pathname + action.search,
      fields,
      revision,
      key,
      summary: summary(form),
      moves: form.hasAttribute("data-moves-dealer"),
      status: online && !waiting.length ? "sending" : "pending",
      message: "",
      created: Date.now()
    };
    if (entry) { item.entry = entry; } // the phone's referee judged it (docs/offline.md)
    items.push(item);
    saveQueue(items);
    return item;
  }

  function fixRow(form, id) {
    // a refused row opened in the form and corrected: it takes its old place, as a new write
    const item = queue().filter((other) => { return other.id === id; })[0];
    if (!item) { return false; }
    requeue(item, formFields(form), summary(form));
    window.location.href = item.sheet;
    return true;
  }

  function sendNow(form, item) {
    // the row is on the phone before it leaves: an answer that never comes leaves it waiting
    // there ("not sent yet"), to be sent again with the same key
    const button = form.querySelector("button[type=submit]");
    if (button) {
      button.disabled = true;
      button.dataset.label = button.textContent;
      button.textContent = words.sending || button.textContent;
    }
    function waitOnSheet() {
      update(item.id, { status: "pending" });
      window.location.href = item.sheet;
    }
    // sent while this page holds the sending lock, as the queue's rows are: a page's queue
    // never sends this row a second time while it is on its way.  Another page sending now:
    // the row waits on the sheet, which sends it in its turn.
    whileSending((done) => {
      send(item).then((answer) => {
        const response = answer.response;
        done();
        if (writtenAt(response)) {
          remove(item.id);
          see(item.sheet, item.revision + 1);
          window.location.href = writtenAt(response);
        } else if ([400, 403, 404, 409].indexOf(response.status) !== -1) {
          // nothing was written: the server's page says why (the same key, so sending the form
          // itself asks the same question and shows the answer where the player looks)
          remove(item.id);
          form.dataset.native = "1";
          window.HTMLFormElement.prototype.submit.call(form);
        } else {
          waitOnSheet();
        }
      }, () => {
        done();
        waitOnSheet();
      });
    }, waitOnSheet);
  }

  // Undo, redo and delete survive a lost answer as a written row does: sent again with the
  // same key (the server knows it: the second send changes nothing), never the browser's error
  // page.  The server answers where to go (views/access.py written_then_go); any other answer
  // (a conflict, a damaged form) is asked again the browser's own way, so that its page shows.
  function sendAgainIfLost(form, left) {
    const body = new window.URLSearchParams(new window.FormData(form));
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    headers[RESEND_HEADER] = "1";
    const options = { method: "POST", body, credentials: "same-origin", headers };
    let timer = null;
    if (window.AbortController) {
      const abort = new window.AbortController();
      options.signal = abort.signal;
      timer = window.setTimeout(() => { abort.abort(); }, TIMEOUT_MS);
    }
    window.fetch(form.action, options).then((response) => {
      window.clearTimeout(timer);
      const go = response.headers.get(GO_HEADER);
      if (response.status === 204 && go) {
        window.location.assign(go);
        return;
      }
      form.dataset.native = "1";
      window.HTMLFormElement.prototype.submit.call(form);
    }, () => {
      window.clearTimeout(timer);
      if (left > 0) {
        sendAgainIfLost(form, left - 1);
        return;
      }
      delete form.dataset.sending;
      window.alert(words.onlineOnly);
    });
  }

  function onSubmit(event) {
    const form = event.target;
    const method = (form.getAttribute("method") || "get").toLowerCase();
    if (method !== "post" || form.dataset.native) { return; }
    if (form.matches("form[data-resend]") && navigator.onLine && window.fetch) {
      event.preventDefault();
      if (form.dataset.sending) { return; } // a second tap while the first is on its way
      form.dataset.sending = "1";
      sendAgainIfLost(form, RESENDS);
      return;
    }
    const submitter = event.submitter;
    const queued = form.matches("form[data-offline-queue]") && !(submitter && submitter.name);
    if (navigator.onLine && !queued) { return; }
    event.preventDefault();
    if (!queued) {
      window.alert(words.onlineOnly);
      return;
    }
    if (form.dataset.sending) { return; } // a second tap while the first is on its way
    form.dataset.sending = "1";
    if (form.dataset.fixing && fixRow(form, form.dataset.fixing)) { return; }
    if (!navigator.onLine && pocket && pocket.ready()) {
      // the phone's referee judges the row first: a row it refuses is not kept (it says why
      // on the form), the scorer fixes it at once
      pocket.judge(form).then((entry) => {
        if (entry === false) {
          delete form.dataset.sending;
          return;
        }
        keepRow(form, false, entry);
        window.location.href = sheetOf(form.dataset.sheet);
      });
      return;
    }
    const item = keepRow(form, navigator.onLine);
    if (item.status === "sending") {
      sendNow(form, item);
    } else {
      window.location.href = item.sheet;
    }
  }

  // ------------------------------------------------------------------ sending

  function update(id, change) {
    const items = queue();
    items.forEach((item) => {
      if (item.id === id) { Object.keys(change).forEach((k) => { item[k] = change[k]; }); }
    });
    saveQueue(items);
  }

  function remove(id) {
    saveQueue(queue().filter((item) => { return item.id !== id; }));
  }

  // A refused row's answer says what its page says in headers (views/entries.py): the
  // sheet's revision now, that the row was written before, why it was not written.  Texts are
  // percent-encoded UTF-8.
  function headerText(response, name) {
    const value = response.headers.get(name);
    if (!value) { return ""; }
    try {
      return decodeURIComponent(value);
    } catch (e) {
      return "";
    }
  }

  function revisionOf(response) {
    const value = Number(response.headers.get(REVISION_HEADER));
    return response.headers.get(REVISION_HEADER) && Number.isInteger(value) ? value : null;
  }

  function locked() {
    // another page is sending (browsers without Web Locks: a lock in localStorage)
    const lock = read(LOCK, null);
    return Boolean(lock && lock.until > Date.now() && lock.page !== pageId);
  }

  function send(item) {
    const body = new window.URLSearchParams();
    withField(withField(item.fields, "revision", item.revision), "key", item.key)
      .forEach((pair) => { body.append(pair[0], pair[1]); });
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    headers[QUEUE_HEADER] = "1";
    const options = {
      method: "POST", body, credentials: "same-origin", headers, redirect: "follow"
    };
    let timer = null;
    if (window.AbortController) {
      const abort = new window.AbortController();
      options.signal = abort.signal;
      timer = window.setTimeout(() => { abort.abort(); }, TIMEOUT_MS);
    }
    return window.fetch(item.action, options).then((response) => {
      return response.text().then((html) => {
        window.clearTimeout(timer);
        return { response, html };
      });
    }, (error) => {
      window.clearTimeout(timer);
      throw error;
    });
  }

  function writtenAt(response) {
    // the row is on the sheet (written now, or before: the server knew its key)
    if (response.status === 204 && response.headers.get(WRITTEN_HEADER)) {
      return response.headers.get(WRITTEN_HEADER);
    }
    return response.ok && response.redirected ? response.url : null;
  }

  function next() {
    const blocked = {};
    const items = queue();
    for (let i = 0; i < items.length; i += 1) {
      const item = items[i];
      if (item.status === "pending" && !blocked[item.sheet]) { return item; }
      if (item.status !== "pending") { blocked[item.sheet] = true; }
    }
    return null;
  }

  function stopAt(item, status, message, current, behind) {
    // this row and every row after it on the same sheet wait for the player's decision; the
    // rows after it were not sent: ``behind`` says why
    let after = false;
    const items = queue();
    items.forEach((other) => {
      if (other.id === item.id) { after = true; }
      if (after && other.sheet === item.sheet && WAITING.indexOf(other.status) !== -1) {
        other.status = other.id === item.id ? status : "conflict";
        other.message = other.id === item.id ? message : behind;
        if (current !== null) { other.current = current; }
      }
    });
    saveQueue(items);
  }

  function letGo() {
    // this page has finished sending: the lock is free for the next page
    sending = false;
    write(LOCK, null);
    release();
    release = function () { return null; };
  }

  function finish(changed) {
    letGo();
    const here = sheetOf(window.location.pathname);
    if (changed[here] && (window.location.pathname === here || untouchedForm())) {
      // the sheet (and a new row's form, its dealer, holder and number) as the server has it now
      window.location.reload();
    } else {
      renderPending();
    }
  }

  function untouchedForm() {
    // a new row's form nothing was typed into yet
    const form = document.querySelector("form[data-offline-queue][data-number]");
    if (!form || form.dataset.fixing) { return false; }
    return !Array.prototype.some.call(form.elements, (el) => {
      if (el.type === "hidden" || !el.name) { return false; }
      if (el.type === "radio" || el.type === "checkbox") { return el.checked !== el.defaultChecked; }
      return "defaultValue" in el && el.value !== el.defaultValue;
    });
  }

  function flush() {
    if (!navigator.onLine || !queue().length) { return; }
    whileSending(sendAll, () => null);
  }

  // One page sends at a time, and only while it holds the sending lock: a row is never on its
  // way twice at once (the second would be refused as "still sending another change").  The
  // browser frees the lock when that page goes away; without Web Locks, a lock in localStorage.
  // ``work(done)`` sends, and calls ``done`` (or :func:`finish`) when it has finished; ``busy()``
  // when another page holds the lock.
  function whileSending(work, busy) {
    if (sending) { busy(); return; }
    if (navigator.locks && navigator.locks.request) {
      navigator.locks.request("listek-send", { ifAvailable: true }, (lock) => {
        if (!lock || sending) { busy(); return null; }
        return new Promise((resolve) => { hold(work, resolve); });
      });
    } else if (!locked()) {
      hold(work, () => null);
    } else {
      busy();
    }
  }

  function hold(work, resolve) {
    sending = true;
    release = resolve;
    write(LOCK, { page: pageId, until: Date.now() + LOCK_MS });
    work(letGo);
  }

  function sendAll() {
    // a row left "sending" by a page that went away may or may not have arrived: its key makes
    // sending it again safe
    saveQueue(queue().map((item) => {
      if (item.status === "sending") { item.status = "pending"; }
      return item;
    }));
    const changed = {};
    (function step() {
      const item = next();
      if (!item || !navigator.onLine) { finish(changed); return; }
      update(item.id, { status: "sending" });
      renderPending();
      send(item).then((answer) => {
        const response = answer.response;
        const status = response.status;
        if (writtenAt(response)) {
          // written (or written before: the key was seen): the rows after it follow on
          remove(item.id);
          const after = queue().filter((other) => {
            return other.sheet === item.sheet && other.status === "pending";
          });
          if (after.length) { update(after[0].id, { revision: item.revision + 1 }); }
          see(item.sheet, item.revision + 1);
          changed[item.sheet] = true;
          step();
        } else if (status === 409) {
          // "another phone" only when the server says another phone wrote since: this phone's
          // own writes (another tab, an undo) moved the sheet on just as well
          const why = response.headers.get(BY_HEADER) === "other" ? words.conflict
            : words.changed;
          stopAt(item, "conflict", headerText(response, ALREADY_HEADER) || why,
                 revisionOf(response), why);
          changed[item.sheet] = true;
          step();
        } else if (status === 400 || status === 404 || status === 403) {
          // the rows after it were not sent: nobody else changed anything
          stopAt(item, "refused", headerText(response, OBJECTION_HEADER) || words.refused, null,
                 words.behind);
          changed[item.sheet] = true;
          step();
        } else {
          update(item.id, { status: "pending" });
          finish(changed);
          window.setTimeout(flush, RETRY_MS);
        }
      }, () => {
        // no answer (no connection, or it was lost on the way): the row waits, and is sent
        // again with the same key
        update(item.id, { status: "pending" });
        finish(changed);
        window.setTimeout(flush, RETRY_MS);
      });
    })();
  }

  function onPendingTap(event) {
    const target = event.target.closest ? event.target.closest("[data-pending-action]") : null;
    if (!target) { return; }
    const id = target.dataset.pendingId;
    if (target.dataset.pendingAction === "discard") {
      remove(id);
      renderPending();
      return;
    }
    const item = queue().filter((other) => { return other.id === id; })[0];
    if (!item) { return; }
    if (target.dataset.pendingAction === "fix") {
      window.location.href = item.action.split("#")[0] + "#fix-" + item.id;
      return;
    }
    // enter it anyway: a new write, with a new key, against the sheet as it is now
    requeue(item, item.fields, item.summary);
    renderPending();
    flush();
  }

  function requeue(item, fields, text) {
    const id = item.id;
    let current = seen(item.sheet);
    if (typeof item.current === "number" && (current === null || item.current > current)) {
      current = item.current;
    }
    const key = newKey();
    const items = queue().filter((other) => { return other.id !== id; });
    const ahead = items.filter((other) => {
      return other.sheet === item.sheet && other.status === "pending";
    });
    const moved = {
      id: item.id, sheet: item.sheet, action: item.action, fields,
      revision: ahead.length ? ahead[ahead.length - 1].revision + 1 : current,
      key, summary: text, moves: item.moves, status: "pending", message: "",
      created: item.created
    };
    // the row goes first among those still waiting for a decision on its sheet
    let at = items.length;
    for (let i = 0; i < items.length; i += 1) {
      if (items[i].sheet === item.sheet && items[i].status !== "pending") { at = i; break; }
    }
    items.splice(at, 0, moved);
    saveQueue(items);
  }


  // ------------------------------------------------------------------ the referee in the pocket
  // static/js/pocket.js (docs/offline.md): the phone's own engine, its preview, refusal and
  // totals of the rows not sent yet, and a watcher's "Not updated since".  Asked for after the
  // first paint, once the service worker controls the page, when the browser is idle; where
  // it is comes from /offline/referee.json (kept on the phone for the next time offline).
  let pocket = null; // its hooks, once it has loaded

  function whenIdle(work) {
    function later() {
      if (window.requestIdleCallback) {
        window.requestIdleCallback(work, { timeout: 4000 });
      } else {
        window.setTimeout(work, 1000);
      }
    }
    if (document.readyState === "complete") { later(); } else {
      window.addEventListener("load", later);
    }
  }

  function loadPocket() {
    const kept = () => { return read(REFEREE, null); };
    const where = !navigator.onLine ? Promise.resolve(kept())
      : window.fetch("/offline/referee.json", { credentials: "same-origin" }).then((answer) => {
        return answer.ok ? answer.json() : kept();
      }).then((found) => {
        if (found) { write(REFEREE, found); }
        return found;
      }, kept);
    where.then((found) => {
      if (!found || !found.pocket || window.listekOffline) { return; }
      window.listekOffline = {
        found, read, write, queue, seen, see, sheetOf, formFields, waiting: WAITING,
        renderPending, attach(hooks) { pocket = hooks; }
      };
      const script = document.createElement("script");
      script.src = found.pocket;
      document.head.appendChild(script);
    });
  }

  // ------------------------------------------------------------------ the service worker

  function prefetchForms() {
    // this page (its first visit came before the worker) and the entry forms a sheet page links
    // to, so that they open without a connection
    const urls = [window.location.pathname + window.location.search];
    document.querySelectorAll("a[data-offline-prefetch]").forEach((link) => {
      urls.push(link.href);
    });
    const fetches = urls.map((url) => {
      return window.fetch(url, {
        credentials: "same-origin", headers: { Accept: "text/html" }
      }).catch(() => { return null; });
    });
    return Promise.all(fetches);
  }

  function ready() {
    document.documentElement.dataset.offline = "ready";
  }

  const AWAKE_EVERY = 20000;  // ms: the worker keeps secret pages in memory only (static/js/sw.js)

  function keepWorkerAwake() {
    window.setInterval(() => {
      const worker = navigator.serviceWorker.controller;
      if (worker) { worker.postMessage("listek-awake"); }
    }, AWAKE_EVERY);
  }

  function startWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) {
      whenIdle(loadPocket);
      return;
    }
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => {
      return navigator.serviceWorker.ready;
    }).then(() => {
      if (navigator.serviceWorker.controller) { return null; }
      return new Promise((resolve) => {
        navigator.serviceWorker.addEventListener("controllerchange", resolve);
      });
    }).then(() => {
      keepWorkerAwake();
      return navigator.onLine ? prefetchForms() : null;
    }).then(ready, ready).then(() => { whenIdle(loadPocket); });
  }

  // ------------------------------------------------------------------ the entry form

  function fill(form, fields) {
    const names = {};
    fields.forEach((pair) => { names[pair[0]] = true; });
    ["csrfmiddlewaretoken", "revision", "key"].forEach((n) => { delete names[n]; });
    Object.keys(names).forEach((name) => {
      const values = fields.filter((p) => { return p[0] === name; })
        .map((p) => { return p[1]; });
      form.querySelectorAll("[name='" + name + "']").forEach((input) => {
        if (input.type === "radio" || input.type === "checkbox") {
          input.checked = values.indexOf(input.value) !== -1;
        } else {
          input.value = values[0];
        }
      });
    });
  }

  function prepareForm() {
    // a row kept on the phone opened for correcting; the number and dealer of a new row
    // counted after the rows still waiting on the phone
    const form = document.querySelector("form[data-offline-queue]");
    if (!form) { return; }
    const sheet = sheetOf(form.dataset.sheet);
    // only the rows still to be sent come before this one: a refused row, and the rows held
    // behind it, wait for the player and change nothing on the sheet
    const mine = queue().filter((item) => {
      return item.sheet === sheet && (WAITING.indexOf(item.status) !== -1 ||
                                      window.location.hash === "#fix-" + item.id);
    });
    const found = /^#fix-([0-9a-f]+)$/.exec(window.location.hash);
    const fixing = found ? mine.filter((item) => { return item.id === found[1]; })[0] : null;
    let ahead = mine;
    if (fixing) {
      form.dataset.fixing = fixing.id;
      fill(form, fixing.fields);
      ahead = mine.slice(0, mine.indexOf(fixing));
      // online the row is sent at once: the sentence about the rows kept on the phone is
      // for a phone without a connection
      const note = document.getElementById(navigator.onLine ? "fixing-note-online" : "fixing-note");
      if (note) { note.hidden = false; }
      form.dispatchEvent(new window.Event("change", { bubbles: true }));
    }
    const number = document.querySelector("[data-row-number]");
    if (!number || form.dataset.number === undefined) { return; }
    const rows = ahead.filter((item) => { return item.action.indexOf("/entries/new/") !== -1; });
    number.textContent = String(Number(form.dataset.number) + rows.length);
    const seats = Number(form.dataset.seats);
    if (form.dataset.dealer === "" || !seats) { return; }
    const moves = rows.filter((item) => { return item.moves; }).length;
    // who deals after each waiting deal, as the server's engine passes the deal
    let dealers;
    try {
      dealers = JSON.parse(form.dataset.dealers || "[]");
    } catch (e) {
      dealers = [];
    }
    const dealer = dealers.length ? dealers[moves % dealers.length]
      : (Number(form.dataset.dealer) + moves) % seats;
    showHolder(form, dealer);
    const strip = document.querySelectorAll(".totals-strip [data-seat]");
    const mark = document.querySelector(".totals-strip .deals small");
    strip.forEach((span) => {
      const deals = Number(span.dataset.seat) === dealer;
      span.classList.toggle("deals", deals);
      if (deals && mark) { span.appendChild(mark); }
    });
  }

  function showHolder(form, dealer) {
    // who holds the opening bid (Thousand: the obligation) when ``dealer`` deals, as the
    // server said for every dealer: the sentence, the seat marked, the seat the contract picks
    const line = document.getElementById("holder-line");
    const contract = form.querySelector("input[data-holder]");
    if (!line || !line.dataset.turns) { return; }
    let turn;
    try {
      turn = JSON.parse(line.dataset.turns)[String(dealer)];
    } catch (e) {
      turn = null;
    }
    if (!turn || turn.holder === null) { return; }
    line.textContent = turn.text;
    if (contract) { contract.dataset.holder = String(turn.holder); }
    form.querySelectorAll("input[name='declarer']").forEach((input) => {
      const label = input.closest("label.choice");
      if (label) { label.classList.toggle("holder", input.value === String(turn.holder)); }
    });
  }

  // ------------------------------------------------------------------ start

  function start() {
    const strings = document.getElementById("offline-strings");
    words = strings ? strings.dataset : {};
    noteRevisions();
    showBanner();
    renderPending();
    prepareForm();
    document.addEventListener("submit", onSubmit, true);
    document.addEventListener("click", onPendingTap);
    document.body.addEventListener("htmx:afterSettle", () => {
      noteRevisions();
      if (pocket) { pocket.settled(); }
      renderPending();
    });
    window.addEventListener("online", () => { showBanner(); flush(); });
    window.addEventListener("offline", showBanner);
    window.addEventListener("storage", (event) => {
      if (event.key === QUEUE) { renderPending(); }
    });
    startWorker(); // then the referee in the pocket, when the browser is idle
    window.setTimeout(flush, SETTLE_MS);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
