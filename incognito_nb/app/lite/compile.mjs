// Adds Python 3.12 bytecode to the site's wheels, compiled by Pyodide itself (in Node.js).
//
//   node compile.mjs RUNTIME_DIR IN_DIR OUT_DIR
//
// PyPI wheels carry sources only, so the in-browser kernel would compile every module it
// imports at each page load (IPython alone: ~1 s more, measured in the Node replay).  Each
// wheel of IN_DIR is copied to OUT_DIR with every module replaced by its bytecode (module.pyc
// where module.py was, as Pyodide ships its own packages: sources beside it would make the
// site 9 MB larger), compiled for the install path Pyodide uses, so tracebacks name the real
// files (without their lines).
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, inDir, outDir] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + path.sep });
const { FS } = pyodide;
FS.mkdirTree("/in");
FS.mkdirTree("/out");
FS.mount(FS.filesystems.NODEFS, { root: inDir }, "/in");
FS.mount(FS.filesystems.NODEFS, { root: outDir }, "/out");
const compiled = pyodide.runPython(`
import importlib.util, os, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

SITE = "/lib/python3.12/site-packages/"
count = 0
for name in sorted(os.listdir("/in")):
    if not name.endswith(".whl"):
        continue
    with zipfile.ZipFile("/in/" + name) as source, zipfile.ZipFile("/out/" + name, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            code = None
            if info.filename.endswith(".py") and not info.filename.split("/")[0].endswith((".dist-info", ".data")):
                try:
                    code = compile(data, SITE + info.filename, "exec", dont_inherit=True)
                except SyntaxError:
                    pass  # a file Python 3.12 cannot read (a template): kept as it is
            if code is None:
                target.writestr(info, data)
                continue
            # In the module's place, as Pyodide ships its own packages: no source to read or check.
            target.writestr(info.filename + "c", bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)))
            count += 1
count
`);
console.log(`compiled ${compiled} modules`);
