// Every front-end module of the package (incognito_nb/**/*.js) parses, loads without a
// page (no window or document touched at import) and gives anywidget a render function.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const PACKAGE = fileURLToPath(new URL("../../incognito_nb/", import.meta.url));

// Scripts the static site's kernel runs in its Web Worker (Pyodide's run_js), not widgets:
// tested in lite_worker.test.mjs.
export const WORKER_SCRIPTS = ["app/lite/timed_fetch.js"];

const modules = readdirSync(PACKAGE, { recursive: true })
  .filter((path) => path.endsWith(".js") && !path.split(/[\\/]/).includes("__pycache__"))
  .filter((path) => !WORKER_SCRIPTS.includes(path.split(/[\\/]/).join("/")))
  .map((path) => join(PACKAGE, path))
  .sort();

test("the package has front-end modules", () => {
  assert.ok(modules.length >= 8, `found ${modules.length}`);
});

for (const path of modules) {
  test(`${relative(PACKAGE, path)} loads without a page and exports render`, async () => {
    const module = await import(pathToFileURL(path));
    assert.equal(typeof module.default?.render, "function");
  });
}
