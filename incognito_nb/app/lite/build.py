"""``incognito-nb lite build OUT_DIR``: the table dashboard as a static site, no server.

Voici (Voilà's static sibling, on JupyterLite) turns the same play notebook into pages
whose kernel is Pyodide, running in the browser.  This module drives ``voici build``
and then makes the site self-contained: the Pyodide runtime and every wheel the kernel
loads sit in ``OUT_DIR/static/pyodide`` (see :mod:`.kernel`), the Font Awesome
stylesheet links to a CDN are dropped (the widgets' bundle carries the icon font), and
``OUT_DIR/index.html`` opens the dashboard by a relative link, so the folder works
under any path of any static host, or copied from a USB stick onto a school intranet.

    incognito-nb lite build OUT_DIR      # then: python -m http.server -d OUT_DIR

The first build needs the package registries (PyPI through pip, npm through ``npm``) and
Node.js; it makes the builder's own environment in the cache (Voici and the Pyodide kernel
stay out of the environment that runs Voilà: see ``kernel.BUILDER``).  Later builds
use the cache and need no network.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import shutil
import string
import subprocess
import sys
import tempfile
import time
import zipfile
from importlib import metadata, resources
from pathlib import Path
from typing import Sequence

from ..loading import RESOURCE, TEMPLATE, loading_resources, script_json, voila_environment
from .kernel import (
    EMPTY_PACKAGES,
    LOADED_AT_GAME_OVER,
    LiteBuildError,
    Wheel,
    builder_python,
    cache_folder,
    cache_held,
    empty_package,
    kernel_wheels,
    trim_babel,
    precompile,
    pypi_wheels,
    pyodide_runtime,
    write_lock,
)

#: The page of the dashboard inside the site; Voici renders a notebook two folders deep.
DASHBOARD_PAGE = "voici/render/play.html"
#: The site's front page, beside this module: ``$dashboard_href`` and ``$dashboard_json`` stand
#: for :data:`DASHBOARD_PAGE` in an attribute and in the page's script.
INDEX_PAGE = "index.html"
#: Where the Pyodide runtime, the wheels and their lock go inside the site.
PYODIDE_FOLDER = "static/pyodide"
#: The runtime's files the site needs (not its source maps, nor its own lock).
RUNTIME_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
#: The settings of the Pyodide kernel plugin of JupyterLite.
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: Links to other hosts that Voilà's templates put in every page, and why each may go.
DROPPED_LINKS = {
    "https://cdn.jsdelivr.net/npm/@fortawesome/": "the widgets' own bundle carries Font Awesome",
    "https://cdn.jsdelivr.net/npm/font-awesome@": "icons of Voici's file list, which the site does not use",
}
#: IPython's configuration for the in-browser kernel, shipped as a data file of the site's own
#: wheel (``<dist>.data/data/etc/ipython/``): Pyodide 0.27.6 installs a wheel's data files under
#: ``sys.prefix`` ("/"), and IPython reads ``/etc/ipython/ipython_config.py`` when
#: jupyterlite-pyodide-kernel 0.6.1 starts its shell.  Loading ipywidgets as an IPython extension
#: there (after the shell and its comm manager exist) registers the widgets' comm targets before
#: the kernel handles its first message, so it answers the page's ``jupyter.widget.control`` comm
#: with the widgets' states: without it, the kernel closed that comm and the page fell back to
#: asking for each model (see docs/platform-notes.md).
KERNEL_CONFIG = ("etc/ipython/ipython_config.py",
                 "# Written by incognito-nb lite build: the widgets' comm targets exist as the kernel starts.\n"
                 "c.InteractiveShellApp.extensions = [\"ipywidgets\"]\n")
#: ``src``/``href`` values that leave the site.
_REMOTE = re.compile(r"""\b(?:src|href)\s*=\s*["'](?:https?:)?//""", re.I)


def own_wheel(folder: Path) -> Path:
    """Packs the installed ``incognito_nb`` package into a wheel for the in-browser kernel
    and returns it.

    The kernel gets the very code the build runs with, from a checkout or from PyPI alike.
    The wheel declares no requirements: the site's lock lists what the kernel loads.  It also
    carries the kernel's IPython configuration (:data:`KERNEL_CONFIG`) as a data file.
    """
    version = metadata.version("incognito-nb")
    package = Path(str(resources.files("incognito_nb")))
    dist = f"incognito_nb-{version}.dist-info"
    path = folder / f"incognito_nb-{version}-py3-none-any.whl"
    records = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in sorted(package.rglob("*")):
            if file.is_dir() or "__pycache__" in file.parts or file.suffix in (".pyc", ".pyo"):
                continue
            member = "incognito_nb/" + file.relative_to(package).as_posix()
            archive.write(file, member)
            records.append(member)
        files = {
            f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: incognito-nb\nVersion: {version}\n"
                                "Summary: Incognito, the drawing party game (the static site's copy)\n",
            f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: incognito-nb lite\nRoot-Is-Purelib: true\n"
                             "Tag: py3-none-any\n",
            f"{dist}/top_level.txt": "incognito_nb\n",
            f"incognito_nb-{version}.data/data/{KERNEL_CONFIG[0]}": KERNEL_CONFIG[1],
        }
        for member, text in files.items():
            archive.writestr(member, text)
            records.append(member)
        archive.writestr(f"{dist}/RECORD", "".join(f"{m},,\n" for m in records + [f"{dist}/RECORD"]))
    return path


def kernel_settings(packages: list[str]) -> dict:
    """Returns the Pyodide kernel's settings for the site: the runtime inside the site, every
    package loaded from the site's lock at start, and no PyPI fallback.

    The runtime's address is relative to the dashboard page (two folders deep): the kernel
    resolves it against the page, not against the site's root.
    """
    return {
        "pyodideUrl": f"../../{PYODIDE_FOLDER}/pyodide.js",
        "disablePyPIFallback": True,
        "pipliteUrls": [],
        "loadPyodideOptions": {"packages": packages},
    }


def _voici_build(builder: Path, lite_dir: Path, contents: Path, out: Path) -> None:
    """Runs ``voici build`` with the builder environment's Python ``builder``."""
    command = [
        str(builder), "-c", "from voici_core.app import main; main()", "build", "--lite-dir", str(lite_dir), "--contents", str(contents),
        "--output-dir", str(out), "--apps", "voici", "--no-sourcemaps", "--no-unused-shared-packages",
        f"--template={TEMPLATE}",  # the project's loading screen (app/loading.py), found on JUPYTER_PATH
    ]
    done = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True, env=voila_environment(os.environ))
    if done.returncode != 0:
        raise LiteBuildError("voici build failed:\n" + "\n".join((done.stdout + done.stderr).splitlines()[-30:]))


def _index_page() -> str:
    """Returns the site's front page (:data:`INDEX_PAGE`): it opens the dashboard, keeping the
    query (``?lang=es``)."""
    page = string.Template(Path(__file__).with_name(INDEX_PAGE).read_text(encoding="utf-8"))
    return page.substitute(dashboard_href=html.escape(DASHBOARD_PAGE, quote=True),
                           dashboard_json=json.dumps(DASHBOARD_PAGE))


#: What the ``incognito`` template writes when it is given no texts (Voici passes it no resources).
_EMPTY_LOADING = 'type="application/json" id="inc-loading-data">{}'


def _fill_loading_screen(page: Path) -> None:
    """Gives a page the loading screen's words in every language, and the static site's steps.

    :raises LiteBuildError: if the page was not rendered with the project's template.
    """
    text = page.read_text(encoding="utf-8")
    if _EMPTY_LOADING not in text:
        raise LiteBuildError(f"{page} was not rendered with the {TEMPLATE!r} template: its loading screen is missing")
    data = script_json(loading_resources(mode="lite")[RESOURCE])
    text = text.replace(_EMPTY_LOADING, _EMPTY_LOADING[:-2] + data, 1)
    page.write_text(text, encoding="utf-8")


def _drop_remote_links(page: Path) -> None:
    """Removes the ``<link>`` tags of :data:`DROPPED_LINKS` from a page.

    :raises LiteBuildError: if the page still points at another host afterwards.
    """
    text = page.read_text(encoding="utf-8")
    for prefix in DROPPED_LINKS:
        text = re.sub(r"<link[^>]*href=\"" + re.escape(prefix) + r"[^\"]*\"[^>]*>\s*", "", text)
    left = [m.group(0) for m in _REMOTE.finditer(text)]
    if left:
        raise LiteBuildError(f"{page} still loads from another host: {left[:3]}")
    page.write_text(text, encoding="utf-8")


def build_site(out: Path, *, log=print, extra_notebooks: Sequence[Path] = ()) -> dict:
    """Builds the static site of the table dashboard into ``out`` (replacing it) and returns
    a summary: the wheels bundled, the site's size and the build's duration.

    ``extra_notebooks`` are rendered beside the dashboard (``voici/render/<name>.html``),
    with the same kernel: the benchmarks compare the dashboard with a one-button page so.

    :raises LiteBuildError: if something needed cannot be had; the message says what to do.
    """
    started = time.monotonic()
    out = Path(out).resolve()
    with cache_held():  # what later builds reuse: made once, by one build at a time
        builder = builder_python()
        runtime = pyodide_runtime()
        downloaded = pypi_wheels()
    log(f"Pyodide runtime: {runtime}")
    with tempfile.TemporaryDirectory(prefix="incognito-lite-") as scratch:
        scratch = Path(scratch)
        (scratch / "own").mkdir()
        paths = [trim_babel(path, scratch / "own") if Wheel.read(path).name == "babel" else path
                 for path in downloaded] + kernel_wheels(builder) + [own_wheel(scratch / "own")]
        # Bytecode for what the kernel imports at start; the poster's packages stay sources
        # (loaded once, at game over, they would only make the site larger).
        later = [path for path in paths if Wheel.read(path).name in LOADED_AT_GAME_OVER]
        paths = precompile([p for p in paths if p not in later], runtime, scratch / "compiled") + later
        paths += [empty_package(name, scratch / "own") for name in EMPTY_PACKAGES]
        wheels = [Wheel.read(path) for path in paths]
        log(f"Wheels for the in-browser kernel: {len(wheels)} (cache: {cache_folder()})")

        lite_dir = scratch / "lite"
        contents = scratch / "contents"
        lite_dir.mkdir()
        contents.mkdir()
        shutil.copy(Path(str(resources.files("incognito_nb.app") / "play.ipynb")), contents / "play.ipynb")
        for notebook in extra_notebooks:
            shutil.copy(notebook, contents / Path(notebook).name)
        names = [wheel.name for wheel in wheels if wheel.name not in LOADED_AT_GAME_OVER]
        settings = {"jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: kernel_settings(names)}}}
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(settings, indent=1), encoding="utf-8")
        # The Pyodide and piplite addons would point the kernel at URLs relative to the
        # site's root (wrong from a page two folders deep) and at the kernel's own wheel
        # index: the runtime and wheels are placed below instead.
        config = {"LiteBuildConfig": {"disable_addons": ["jupyterlite-pyodide-kernel-pyodide",
                                                         "jupyterlite-pyodide-kernel-piplite"]}}
        (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(config), encoding="utf-8")

        if out.exists():
            shutil.rmtree(out)
        _voici_build(builder, lite_dir, contents, out)

        target = out / PYODIDE_FOLDER
        target.mkdir(parents=True, exist_ok=True)
        for name in RUNTIME_FILES:
            shutil.copy(runtime / name, target / name)
        for wheel in wheels:
            shutil.copy(wheel.path, target / wheel.path.name)
        write_lock(wheels, runtime, target / "pyodide-lock.json")

    for page in sorted((out / "voici").rglob("*.html")):
        _drop_remote_links(page)
    for page in sorted((out / "voici" / "render").glob("*.html")):
        _fill_loading_screen(page)
    (out / "index.html").write_text(_index_page(), encoding="utf-8")
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    summary = {"out": str(out), "wheels": {w.name: w.version for w in wheels}, "size_bytes": size,
               "seconds": round(time.monotonic() - started, 1)}
    log(f"Site built in {summary['seconds']} s: {out} ({size / 1e6:.1f} MB)")
    return summary


def parser() -> argparse.ArgumentParser:
    """Returns the command line of ``incognito-nb lite``."""
    cli = argparse.ArgumentParser(
        prog="incognito-nb lite",
        description="The table dashboard as a static site: it runs in the browser (Voici, Pyodide), "
                    "with no server and no internet.")
    commands = cli.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="build the site into a folder",
                                description="Build the static site into OUT_DIR (replacing it). "
                                            "Serve it with any static server: python -m http.server -d OUT_DIR")
    build.add_argument("out", metavar="OUT_DIR", type=Path, help="the folder to build the site in")
    return cli


def main(argv: list[str] | None = None) -> int:
    """Runs ``incognito-nb lite``; returns the process exit code."""
    options = parser().parse_args(argv)
    try:
        build_site(options.out)
    except LiteBuildError as error:
        print(f"incognito-nb lite: {error}", file=sys.stderr)
        return 1
    print(f"Serve it with: python -m http.server -d {options.out}  (then open http://127.0.0.1:8000/)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
