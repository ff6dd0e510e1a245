/* The referee in the pocket (docs/offline.md): the rules engine, the same Python as the
   server's, run on the phone by Pyodide in this worker, so that a sheet is scored and checked
   without a connection.  Started by static/js/offline.js (a module worker) with the addresses
   of Pyodide's files and of rules.zip (the `rules` package packed by scripts/build-referee).

   Every question is {id, ask, args}: ``ask`` names a function of rules/phone.py, ``args`` its
   JSON texts; the answer is {id, answer} (the function's JSON, read) or {id, error}.  The first
   message, {ask: "start", args: {pyodide, rules}}, loads the engine; {ready: ms} says it is
   loaded and how long that took.  No rule is written here. */

let phone = null;

async function load(where) {
  const begun = performance.now();
  const { loadPyodide } = await import(where.pyodide + "pyodide.mjs");
  const python = await loadPyodide({ indexURL: where.pyodide, fullStdLib: false });
  const packed = await fetch(where.rules).then((response) => {
    if (!response.ok) { throw new Error("rules.zip: " + response.status); }
    return response.arrayBuffer();
  });
  python.unpackArchive(packed, "zip", { extractDir: "/referee" });
  python.runPython("import sys\nsys.path.insert(0, '/referee')");
  phone = python.pyimport("rules.phone");
  return performance.now() - begun;
}

let loading = null;

self.addEventListener("message", (event) => {
  const question = event.data || {};
  if (question.ask === "start") {
    if (!loading) { loading = load(question.args); }
    loading.then((ms) => { self.postMessage({ ready: ms }); },
                 (error) => { self.postMessage({ failed: String(error) }); });
    return;
  }
  (loading || Promise.reject(new Error("not started"))).then(() => {
    const answer = phone[question.ask].apply(null, question.args || []);
    self.postMessage({ id: question.id, answer: JSON.parse(answer) });
  }).catch((error) => {
    self.postMessage({ id: question.id, error: String(error) });
  });
});
