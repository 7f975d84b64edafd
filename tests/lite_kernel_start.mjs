// Replays the start of the static site's in-browser kernel in Node.js, then runs a Python
// snippet in it and prints what the snippet returns.
//
//   node lite_kernel_start.mjs SITE_DIR CODE
//
// The same steps as jupyterlite-pyodide-kernel 0.6.1's worker (PyodideRemoteKernel.initialize
// in packages/pyodide-kernel/src/worker.ts): loadPyodide with the site's runtime, lock and
// start-up packages (jupyter-lite.json), the piplite settings, then `import pyodide_kernel`.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [site, code] = process.argv.slice(2);
const config = JSON.parse(fs.readFileSync(path.join(site, "jupyter-lite.json"), "utf8"));
const settings = config["jupyter-config-data"].litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
const runtime = path.join(site, "static", "pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime, ...settings.loadPyodideOptions });
await pyodide.runPythonAsync(`
import piplite.piplite
piplite.piplite._PIPLITE_DISABLE_PYPI = True
piplite.piplite._PIPLITE_URLS = []
import pyodide_kernel
`);
console.log(await pyodide.runPythonAsync(code));
