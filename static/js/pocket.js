/* The referee in the pocket (docs/offline.md): the rules engine, the server's own Python, run
   on this phone (static/js/referee-worker.js, Pyodide), so that without a connection a row is
   previewed, refused and totalled as online.  Loaded by static/js/offline.js after the first
   paint, once the service worker controls the page, when the browser is idle; the engine
   itself only on an edit link, and not when the phone saves data.  The service worker keeps
   its files.  The page asks the engine, never judges a row itself; the words come from
   /offline/referee.json and the sheet's offline.json (the sheet page carries not one byte for
   any of it).  A watcher whose phone lost the signal reads "Not updated since 21:14" at the
   top of the table. */
(function () {
  "use strict";

  const api = window.listekOffline; // static/js/offline.js
  if (!api) { return; }
  const found0 = api.found; // /offline/referee.json: where the engine is, and the words
  const read = api.read;
  const write = api.write;
  const queue = api.queue;
  const seen = api.seen;
  const see = api.see;
  const sheetOf = api.sheetOf;
  const formFields = api.formFields;
  const renderPending = api.renderPending;
  const WAITING = api.waiting;

  // The engine runs on this phone too (static/js/referee-worker.js: the server's own Python
  // rules, in Pyodide), so that without a connection a row is previewed, refused and totalled
  // as online.  It is loaded only on an edit link, after the first paint, when the browser is
  // idle and the phone does not save data; the service worker keeps its files.  The page asks
  // it, never judges a row itself; the words come from /offline/referee.json and the sheet's
  // offline.json (the page itself carries not one byte more for it).

  const DOCUMENTS = "listek.documents"; // localStorage: sheet -> its document and words
  const UPDATED = "listek.updated"; // localStorage: table page -> when it was last up to date
  const DOCUMENTS_KEPT = 5;
  let referee = null; // {ask(name, args) -> Promise of the answer} once the engine has loaded
  let judged = 0; // the newest question about the pending rows (older answers are dropped)

  function getJSON(url) {
    return window.fetch(url, {
      credentials: "same-origin", headers: { Accept: "application/json" }
    }).then((response) => {
      if (!response.ok) { throw new Error(String(response.status)); }
      return response.json();
    });
  }

  function refereeWords() { return found0.words || {}; }

  function documentOf(sheet) { return read(DOCUMENTS, {})[sheet] || null; }

  function keepDocument(sheet, found) {
    const all = read(DOCUMENTS, {});
    delete all[sheet];
    all[sheet] = found;
    const names = Object.keys(all);
    names.slice(0, Math.max(0, names.length - DOCUMENTS_KEPT)).forEach((n) => { delete all[n]; });
    write(DOCUMENTS, all);
  }

  function fetchDocument(sheet) {
    return getJSON(sheet + "offline.json").then((found) => {
      keepDocument(sheet, found);
      see(sheet, found.revision);
      return found;
    }, () => { return documentOf(sheet); });
  }

  function loadEngine(where) {
    const worker = new window.Worker(where.worker, { type: "module" });
    const waiting = new Map();
    let asked = 0;
    return new Promise((resolve, reject) => {
      worker.addEventListener("message", (event) => {
        const data = event.data || {};
        if (data.ready !== undefined) { resolve(data.ready); return; }
        if (data.failed) { reject(new Error(data.failed)); return; }
        const question = waiting.get(data.id);
        if (!question) { return; }
        waiting.delete(data.id);
        if (data.error) { question.reject(new Error(data.error)); } else {
          question.resolve(data.answer);
        }
      });
      worker.addEventListener("error", reject);
      worker.postMessage({ ask: "start", args: { pyodide: where.pyodide, rules: where.rules } });
    }).then((ms) => {
      return {
        startMs: ms,
        ask(name, args) {
          asked += 1;
          const id = asked;
          return new Promise((resolve, reject) => {
            waiting.set(id, { resolve, reject });
            worker.postMessage({ id, ask: name, args: args.map((a) => JSON.stringify(a)) });
          });
        }
      };
    });
  }

  function startReferee() {
    const sheet = sheetOf(window.location.pathname);
    const connection = navigator.connection;
    const wanted = sheet && window.Worker && !(connection && connection.saveData);
    noteUpdated();
    showStale();
    if (!wanted || !found0.pyodide) { return; }
    const documentNow = navigator.onLine ? fetchDocument(sheet) : Promise.resolve(null);
    documentNow.then(() => { return loadEngine(found0); }).then((engine) => {
      return kept(found0.files || []).then(() => { return engine; });
    }).then((engine) => {
      referee = engine;
      window.listekReferee = engine; // docs/offline.md: measured through it
      document.documentElement.dataset.referee = "ready";
      showRefereeReady();
      renderPending();
      previewOffline();
    }).catch(() => null);
  }

  // The referee's files in the phone's cache (the service worker answers from it), so that
  // "ready" means ready without a connection too
  function kept(files) {
    if (!window.caches || !navigator.onLine) { return Promise.resolve(); }
    return window.caches.open("listek-referee").then((cache) => {
      return Promise.all(files.map((url) => {
        return cache.match(url).then((found) => { return found || cache.add(url); });
      }));
    });
  }

  function showRefereeReady() {
    const text = refereeWords().ready;
    const anchor = document.getElementById("live") ||
      document.querySelector("form[data-offline-queue]");
    if (!text || !anchor || document.getElementById("referee-ready")) { return; }
    const line = document.createElement("p");
    line.id = "referee-ready";
    line.className = "referee-ready small muted";
    line.setAttribute("role", "status");
    line.textContent = text;
    anchor.parentNode.insertBefore(line, anchor.nextSibling);
  }

  function kindOf(action) {
    const found = /\/entries\/new\/([a-z_]+)\//.exec(action || "");
    return found ? found[1] : null;
  }

  function fieldMap(fields) {
    const out = {};
    fields.forEach((pair) => {
      if (!out[pair[0]]) { out[pair[0]] = []; }
      out[pair[0]].push(pair[1]);
    });
    return out;
  }

  // The sheet as the phone last had it from the server, when it is the sheet the waiting rows
  // were typed on (else the server judges them when they arrive).
  function usableDocument(sheet, waiting) {
    const found = documentOf(sheet);
    if (!referee || !found) { return null; }
    const base = waiting.length ? waiting[0].revision : seen(sheet);
    if (found.revision !== base) { return null; }
    if (waiting.some((item) => { return !item.entry; })) { return null; }
    return found;
  }

  function waitingOn(sheet, except) {
    return queue().filter((item) => {
      return item.sheet === sheet && WAITING.indexOf(item.status) !== -1 && item.id !== except;
    });
  }

  // An objection in the players' words, from its code and values (the server's catalog, in the
  // page's language); the catalog's general sentence when the values do not fit its template.
  function objectionText(refusal, found) {
    const sheetWords = found.words || {};
    const params = refusal.params || {};
    const players = found.document.players || [];
    let template = (sheetWords.errors || {})[refusal.code];
    if (template && typeof template === "object") { template = template[params.rule || ""]; }
    const values = Object.assign({}, params);
    if (typeof params.seat === "number") {
      values.name = players[params.seat];
      if (values.number === undefined) { values.number = params.seat + 1; }
    }
    ["declarer", "dealer", "payer", "payee", "flek_by", "first", "second", "winner"]
      .forEach((key) => {
        if (typeof params[key] === "number") { values[key + "_name"] = players[params[key]]; }
      });
    if (typeof params.field === "string" && (sheetWords.fields || {})[params.field]) {
      values.field = sheetWords.fields[params.field];
    }
    if (typeof params.entry === "number") { values.row = params.entry + 1; }
    let whole = true;
    const text = typeof template === "string" ? template.replace(/%\((\w+)\)s/g, (all, key) => {
      if (values[key] === undefined || values[key] === null) { whole = false; return all; }
      return String(values[key]);
    }) : "";
    let said = whole && text ? text.charAt(0).toUpperCase() + text.slice(1)
      : sheetWords.refused || "";
    if (refusal.elsewhere && typeof refusal.entry === "number" && sheetWords.elsewhere) {
      said = sheetWords.elsewhere.replace("%(number)s", String(refusal.entry + 1))
        .replace("%(text)s", said);
    }
    return said;
  }

  // What the row typed into ``form`` does on top of the rows waiting on the phone:
  // {entry, answer} (answer: rows.pending's), {missing}, or null (the phone cannot tell).
  function judgeForm(form, except) {
    const sheet = sheetOf(form.dataset.sheet);
    const kind = kindOf(new URL(form.action, window.location.href).pathname);
    const waiting = waitingOn(sheet, except);
    const found = usableDocument(sheet, waiting);
    if (!kind || !found || form.dataset.number === undefined) { return Promise.resolve(null); }
    const before = waiting.map((item) => { return item.entry; });
    return referee.ask("entry_of", [found.document, before, kind, fieldMap(formFields(form))])
      .then((made) => {
        if (made.unknown) { return null; }
        if (made.missing) { return { missing: made.missing, found }; }
        return referee.ask("pending", [found.document, before.concat([made.entry])])
          .then((answer) => { return { entry: made.entry, filled: made.filled, answer, found }; });
      }).catch(() => { return null; });
  }

  function labelOf(form, name) {
    const input = form.querySelector("[name='" + name + "']");
    const label = input && input.id ? form.querySelector("label[for='" + input.id + "']") : null;
    const text = label ? label.textContent : (input && input.closest("fieldset") &&
      input.closest("fieldset").querySelector("legend")) ?
      input.closest("fieldset").querySelector("legend").textContent : name;
    return text.replace(/\s+/g, " ").trim();
  }

  function showOfflinePreview(form, judgedRow) {
    const box = document.getElementById("preview");
    if (!box || !judgedRow) { return; }
    const w = refereeWords();
    box.textContent = "";
    const line = document.createElement("p");
    if (judgedRow.missing) {
      line.className = "muted";
      line.textContent = (w.missing || "") + " " + judgedRow.missing.map((name) => {
        return labelOf(form, name);
      }).join(", ");
    } else if (judgedRow.answer.refused) {
      line.className = "objection";
      const strong = document.createElement("strong");
      strong.textContent = w.notPossible || "";
      line.appendChild(strong);
      line.appendChild(document.createTextNode(" " + objectionText(
        judgedRow.answer.refused.refusal, judgedRow.found)));
    } else {
      line.className = "changes";
      const players = judgedRow.found.document.players || [];
      const after = judgedRow.answer.totals;
      const steps = judgedRow.answer.after;
      const before = steps.length > 1 ? steps[steps.length - 2].totals : judgedRow.answer.before;
      players.forEach((name, seat) => {
        const change = document.createElement("span");
        change.className = "change";
        const delta = after[seat] - before[seat];
        change.textContent = name + " " + before[seat] + " → " + after[seat] +
          (delta ? " (" + (delta > 0 ? "+" : "") + delta + ")" : "");
        line.appendChild(change);
        if (seat < players.length - 1) { line.appendChild(document.createTextNode("; ")); }
      });
    }
    box.appendChild(line);
    box.dataset.referee = "phone";
    if (judgedRow.filled) {
      const output = document.getElementById("fill-" + judgedRow.filled[0]);
      if (output) { output.textContent = String(judgedRow.filled[1]); }
    }
  }

  function previewOffline() {
    const form = document.querySelector("form[data-offline-queue][data-number]");
    if (!form || !referee || form.dataset.refereeListens) { return; }
    form.dataset.refereeListens = "1";
    function again() {
      if (navigator.onLine) { return; }
      judgeForm(form, form.dataset.fixing).then((judgedRow) => {
        showOfflinePreview(form, judgedRow);
      });
    }
    form.addEventListener("input", again);
    form.addEventListener("change", again);
    window.addEventListener("offline", again);
    again();
  }

  // The sheet's totals with the rows waiting on the phone, as the phone's referee counts them
  function renderPendingTotals(sheet, mine) {
    const body = document.querySelector("#live table.sheet tbody");
    const waiting = mine.filter((item) => { return WAITING.indexOf(item.status) !== -1; });
    const found = usableDocument(sheet, waiting);
    judged += 1;
    const asked = judged;
    if (!body || !found || !waiting.length) { return; }
    referee.ask("pending", [found.document, waiting.map((item) => { return item.entry; })])
      .then((answer) => {
        if (asked !== judged || answer.refused) { return; }
        document.querySelectorAll("tr.pending-totals").forEach((row) => { row.remove(); });
        const row = document.createElement("tr");
        row.className = "row pending pending-totals";
        const mark = document.createElement("th");
        mark.className = "no";
        mark.scope = "row";
        mark.textContent = "…";
        const what = document.createElement("td");
        what.className = "contract";
        what.textContent = refereeWords().unsent || "";
        row.appendChild(mark);
        row.appendChild(what);
        answer.totals.forEach((total) => {
          const cell = document.createElement("td");
          cell.className = "cell unsent";
          cell.textContent = String(total);
          row.appendChild(cell);
        });
        body.appendChild(row);
      }, () => null);
  }

  // A watcher whose phone lost the signal: "Not updated since 21:14" at the top of the table
  function noteUpdated() {
    if (!navigator.onLine || !document.getElementById("live")) { return; }
    const all = read(UPDATED, {});
    all[window.location.pathname] = Date.now();
    const names = Object.keys(all);
    names.slice(0, Math.max(0, names.length - 20)).forEach((n) => { delete all[n]; });
    write(UPDATED, all);
  }

  function showStale() {
    const live = document.getElementById("live");
    const old = document.getElementById("stale-table");
    if (navigator.onLine || !live) {
      if (old) { old.remove(); }
      return;
    }
    const since = read(UPDATED, {})[window.location.pathname];
    const text = refereeWords().since;
    if (!since || !text || old) { return; }
    const line = document.createElement("p");
    line.id = "stale-table";
    line.className = "stale-table";
    line.setAttribute("role", "status");
    const time = new Date(since).toLocaleTimeString(document.documentElement.lang || [],
                                                    { hour: "2-digit", minute: "2-digit" });
    line.textContent = text.replace("%(time)s", time);
    const wrap = live.querySelector(".table-wrap");
    live.insertBefore(line, wrap || live.firstChild);
  }


  // What static/js/offline.js asks of it
  function judge(form) {
    // false: refused or incomplete (said on the form); otherwise the entry (null: the phone
    // cannot tell, the server judges the row when it arrives)
    return judgeForm(form, null).then((judgedRow) => {
      if (judgedRow && (judgedRow.missing || judgedRow.answer.refused)) {
        showOfflinePreview(form, judgedRow);
        return false;
      }
      return judgedRow ? judgedRow.entry : null;
    });
  }

  api.attach({
    ready() { return referee !== null; },
    judge,
    totals(sheet, mine) { if (referee) { renderPendingTotals(sheet, mine); } },
    stale: showStale,
    settled() {
      noteUpdated();
      showStale();
    }
  });
  startReferee();
  document.documentElement.dataset.pocket = "ready"; // (the tests wait for it)
})();
