// The static site's worker script that gives the poster's wheel requests a time limit
// (incognito_nb/app/lite/timed_fetch.js), run as Pyodide's run_js runs it: evaluated, then
// called with the limits in seconds.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const SCRIPT = readFileSync(new URL("../../incognito_nb/app/lite/timed_fetch.js", import.meta.url), "utf8");

// A fetch that never answers unless its signal aborts it, and records what it was asked.
function install(answerSeconds, wholeSeconds) {
  const asked = [];
  globalThis.__incognitoTimedFetch = undefined;
  globalThis.fetch = (resource, options = {}) => {
    asked.push([String(resource), Boolean(options.signal)]);
    return new Promise((_, reject) => options.signal?.addEventListener("abort", () => reject(options.signal.reason)));
  };
  (0, eval)(SCRIPT)(answerSeconds, wholeSeconds);
  return asked;
}

test("a wheel's request that nobody answers is aborted after the limit, as a timeout", async () => {
  const asked = install(0.05, 10);
  const started = Date.now();
  await assert.rejects(fetch(new URL("http://127.0.0.1:8000/static/pyodide/fpdf2-2.8.4-py2.py3-none-any.whl")),
                       (error) => error.name === "TimeoutError" && /no answer in 0.05 s/.test(error.message));
  assert.ok(Date.now() - started >= 40, "not before the limit");
  assert.deepEqual(asked, [["http://127.0.0.1:8000/static/pyodide/fpdf2-2.8.4-py2.py3-none-any.whl", true]]);
});

test("other requests are left as they are, and the script installs itself once", () => {
  const asked = install(0.05, 10);
  const wrapped = globalThis.fetch;
  (0, eval)(SCRIPT)(1, 1);
  assert.equal(globalThis.fetch, wrapped);
  fetch("http://127.0.0.1:8000/static/pyodide/pyodide-lock.json");
  assert.deepEqual(asked, [["http://127.0.0.1:8000/static/pyodide/pyodide-lock.json", false]]);
});
