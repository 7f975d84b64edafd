"""What the in-browser kernel of the static site runs on: Pyodide and the wheels it loads.

The npm package ``pyodide`` holds the runtime only (no wheels, not even micropip), and
Pyodide's own builds of packages are on no registry this project reaches.  So the site
carries the pure-Python wheels the kernel needs, downloaded from PyPI by pip, and a
``pyodide-lock.json`` written here for exactly those wheels (their sha256 differ from
the ones in Pyodide's own lock).  Every wheel is named in the kernel's start-up list
(``loadPyodideOptions.packages``), so the kernel never asks micropip, piplite or PyPI
for anything: nothing leaves the site.

Everything the build fetches is pinned in this module, and cached under
``~/.cache/incognito-nb/lite`` (``$INCOGNITO_NB_CACHE``), so a second build needs no network.
"""

from __future__ import annotations

import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

#: The Pyodide runtime, from the npm registry: the release jupyterlite-pyodide-kernel 0.6.1 is made for.
PYODIDE_NPM = ("pyodide", "0.27.6")
#: The interpreter inside that release: wheels must suit it.
PYODIDE_PYTHON = "3.12"

#: Pure-Python wheels from PyPI, by distribution name.  Where Pyodide 0.27.6's own lock
#: names a version, it is that one (the kernel was tested with them).
PYPI_WHEELS = {
    # the kernel itself: IPython and what it imports.  IPython 9.15 rather than the lock's
    # 8.23: IPython 9 starts without sqlite3, which no registry serves for Pyodide, and 9.16
    # refuses the call pyodide-kernel 0.6.1 makes (``should_run_async(code)``).
    "ipython": "9.15.0", "ipython-pygments-lexers": "1.1.1", "decorator": "5.1.1", "traitlets": "5.14.3",
    "pygments": "2.17.2",
    "prompt-toolkit": "3.0.43", "wcwidth": "0.2.13", "asttokens": "2.4.1", "executing": "2.0.1",
    "pure-eval": "0.2.3", "stack-data": "0.6.3", "matplotlib-inline": "0.1.7", "six": "1.16.0",
    "comm": "0.2.3",
    # the setup form compares names as a reader sees them (store/names.py)
    "confusables": "1.2.0",
    # every screen's words: the gettext catalogues, plural rules, numbers and lists (ui/i18n.py);
    # the site keeps only the locale data its languages read (see trim_babel)
    "babel": "2.19.0",
    "micropip": "0.9.0", "packaging": "24.2", "typing-extensions": "4.11.0",
    # the dashboard's widgets (the site's front end is built from the same versions: see BUILDER)
    "ipywidgets": "8.1.9", "anywidget": "0.11.0", "psygnal": "0.16.1", "ipycanvas": "0.14.3",
    # the poster.  fpdf2 2.8.4: from 2.8.5 on it imports urllib's HTTPSHandler, which needs ssl.
    "fpdf2": "2.8.4", "fonttools": "4.68.0", "defusedxml": "0.7.1",
}

#: Wheels in the site and its lock that the kernel loads only when a game ends (the poster),
#: not at start: they are 1.6 MB the page need not wait for (the server edition likewise
#: imports its export code only then).
LOADED_AT_GAME_OVER = ("fpdf2", "fonttools", "defusedxml")

#: Wheels that come with jupyterlite-pyodide-kernel itself (its labextension's ``pypi`` folder).
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")
#: Of the kernel's stand-in ``widgetsnbextension`` wheels, the one ipywidgets 8 asks for.
WIDGETSNBEXTENSION = "4.0.999"

#: Requirements the bundled wheels declare but the site does without, and why.  Any other
#: requirement missing from the bundle stops the build.
LEFT_OUT = {
    "numpy": "ipycanvas asks for it, but the boards draw through incognito_nb.ui.widgets.lean_canvas, "
             "which needs neither numpy nor Pillow; no Pyodide build of it is on a reachable registry",
    "pillow": "ipycanvas and fpdf2 ask for it; the site draws pictures with the browser's canvas and "
              "the poster with vector paths; no Pyodide build of it is on a reachable registry",
    "jupyterlab-widgets": "the widgets' front end: the site serves it, the kernel never imports it",
    "voila": "the server edition's; the site is static",
    "segno": "QR codes for classroom play only",
    "ipykernel": "provided by the kernel's own stand-in wheel",
}

#: Packages the Pyodide kernel loads at start that the site gives an empty package instead
#: (metadata only), and why.  The kernel's start-up list is satisfied, and importing them
#: fails as where they are not installed.  See docs/platform-notes.md.
EMPTY_PACKAGES = {
    "ssl": "built by Pyodide itself and served by no registry; the dashboard opens no connection",
    "sqlite3": "built by Pyodide itself and served by no registry; IPython 9 keeps its history in memory without it",
    "jedi": "code completion, which a dashboard page never asks for (IPython completes without it); "
            "with parso, 1.7 MB of the site and ~0.5 s of every kernel's start",
}

#: The packages whose Python side must match the JavaScript the site was built with.
FRONT_END_PACKAGES = ("ipywidgets", "anywidget", "ipycanvas")

#: What builds the site, installed in a virtual environment of its own in the cache (see
#: :func:`builder_python`), never beside Voilà: installed next to it, the Pyodide kernel's
#: labextension is loaded by every Voilà page and fails there ("Shared module
#: @jupyterlite/server doesn't exist in shared scope default").  The widget packages are
#: those whose front ends the site carries: the same versions as the kernel's wheels.
BUILDER = (
    "voici-core==0.9.0", "jupyterlite-core==0.6.4", "jupyterlite-pyodide-kernel==0.6.1",
    "voila==0.5.13", "jupyterlab-widgets==3.0.17",
    *(f"{name}=={PYPI_WHEELS[name]}" for name in FRONT_END_PACKAGES),
)

#: The environment markers of the in-browser interpreter, for reading wheels' requirements.
PYODIDE_MARKERS = {
    "python_version": PYODIDE_PYTHON, "python_full_version": "3.12.7", "sys_platform": "emscripten",
    "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
    "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": "",
}


class LiteBuildError(RuntimeError):
    """Raised when the static site cannot be built; the message says what to do."""


def cache_folder() -> Path:
    """Returns where downloads are kept between builds: ``$INCOGNITO_NB_CACHE/lite`` or
    ``~/.cache/incognito-nb/lite``."""
    root = os.environ.get("INCOGNITO_NB_CACHE") or Path.home() / ".cache" / "incognito-nb"
    return Path(root) / "lite"


@contextmanager
def cache_held():
    """Holds the cache for one build while it fills it (an exclusive ``flock`` on its
    ``.lock``): two builds at once, by two teachers or by the tests run in parallel, would
    otherwise both make the builder's environment and unpack the runtime into the same
    folders.  Where the system has no ``flock`` (Windows), builds are not serialised."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    folder = cache_folder()
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def canonical(name: str) -> str:
    """Returns a distribution name as PyPI and Pyodide's lock compare them.

    >>> canonical("Prompt_Toolkit"), canonical("typing.extensions")
    ('prompt-toolkit', 'typing-extensions')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def builder_python() -> Path:
    """Returns the Python of the site's builder environment (:data:`BUILDER`), creating it in
    the cache the first time (a minute or two, with the package registries)."""
    tag = hashlib.sha256("\n".join(BUILDER).encode()).hexdigest()[:10]
    folder = cache_folder() / f"builder-{tag}"
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if (folder / "ready").is_file():
        return python
    shutil.rmtree(folder, ignore_errors=True)
    made = subprocess.run([sys.executable, "-m", "venv", str(folder)], capture_output=True, text=True)
    if made.returncode != 0:
        raise LiteBuildError(f"Could not make the builder's environment in {folder}:\n{made.stderr[-1500:]}")
    _run([str(python), "-m", "pip", "install", "--quiet", *BUILDER], "Voici and the Pyodide kernel from PyPI")
    (folder / "ready").write_text("\n".join(BUILDER) + "\n", encoding="utf-8")
    return python


# ---------------------------------------------------------------- fetching
def _run(command: list[str], what: str) -> None:
    try:
        done = subprocess.run(command, capture_output=True, text=True)
    except FileNotFoundError:
        raise LiteBuildError(f"{command[0]} is not installed; it is needed to download {what}.") from None
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise LiteBuildError(
            f"Could not download {what} ({' '.join(command[:3])} ...). Building the site needs the "
            f"package registries once (PyPI and npm); later builds use the cache in {cache_folder()}.\n"
            + "\n".join(detail))


def pyodide_runtime() -> Path:
    """Returns the folder of the Pyodide runtime (npm package ``pyodide``), downloading it
    with ``npm pack`` into the cache the first time."""
    name, version = PYODIDE_NPM
    folder = cache_folder() / f"{name}-{version}"
    if (folder / "pyodide.js").is_file():
        return folder
    download = cache_folder() / "npm"
    download.mkdir(parents=True, exist_ok=True)
    tarball = download / f"{name}-{version}.tgz"
    if not tarball.is_file():
        _run(["npm", "pack", f"{name}@{version}", "--pack-destination", str(download), "--silent"],
             f"the Pyodide runtime ({name}@{version} from npm)")
    unpacked = cache_folder() / f".{name}-{version}.partial"
    shutil.rmtree(unpacked, ignore_errors=True)
    with tarfile.open(tarball) as archive:
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12, 3.11.4 and later
            archive.extractall(unpacked, filter="data")
        else:
            archive.extractall(unpacked)  # noqa: S202 - npm's own tarball, checked by npm
    (unpacked / "package").rename(folder)
    shutil.rmtree(unpacked, ignore_errors=True)
    return folder


def pypi_wheels() -> list[Path]:
    """Returns the wheels of :data:`PYPI_WHEELS`, downloading the missing ones with pip."""
    folder = cache_folder() / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    have = {(canonical(w.name.split("-")[0]), w.name.split("-")[1]): w for w in folder.glob("*.whl")}
    missing = [f"{name}=={version}" for name, version in PYPI_WHEELS.items() if (name, version) not in have]
    if missing:
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
              "--python-version", PYODIDE_PYTHON, "--implementation", "py", "--abi", "none",
              "--platform", "any", "--dest", str(folder), *missing],
             f"{len(missing)} wheel(s) for the in-browser kernel from PyPI")
        have = {(canonical(w.name.split("-")[0]), w.name.split("-")[1]): w for w in folder.glob("*.whl")}
    return [have[(name, version)] for name, version in PYPI_WHEELS.items()]


def kernel_wheels(builder: Path) -> list[Path]:
    """Returns the wheels jupyterlite-pyodide-kernel ships in its labextension, in the
    builder environment whose Python is ``builder``."""
    prefix = builder.parent.parent
    folder = prefix / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    wheels = []
    for name in KERNEL_WHEELS:
        found = sorted(folder.glob(f"{name.replace('-', '_')}-*.whl"))
        if name == "widgetsnbextension":
            found = [w for w in found if w.name.split("-")[1] == WIDGETSNBEXTENSION]
        if not found:
            raise LiteBuildError(f"{folder} has no {name} wheel: delete {prefix} and build again")
        wheels.append(found[-1])
    return wheels


def precompile(wheels: list[Path], runtime: Path, folder: Path) -> list[Path]:
    """Returns copies of ``wheels`` in ``folder`` with every module as Python 3.12 bytecode,
    compiled by Pyodide in Node.js (``compile.mjs``): the in-browser kernel then imports
    without compiling (IPython's import: 1.9 s from sources, 0.9 s from bytecode, in Node).
    """
    incoming = folder / "in"
    compiled = folder / "out"
    for path in (incoming, compiled):
        path.mkdir(parents=True, exist_ok=True)
    for wheel in wheels:
        shutil.copy(wheel, incoming / wheel.name)
    script = Path(__file__).with_name("compile.mjs")
    try:
        done = subprocess.run(["node", str(script), str(runtime), str(incoming), str(compiled)],
                              capture_output=True, text=True)
    except FileNotFoundError:
        raise LiteBuildError("Node.js (node) is needed to build the site: install Node.js with npm.") from None
    if done.returncode != 0:
        raise LiteBuildError("Could not compile the wheels with Pyodide:\n" + (done.stderr or done.stdout)[-2000:])
    return [compiled / wheel.name for wheel in wheels]


# ---------------------------------------------------------------- the lock
@dataclass(frozen=True)
class Wheel:
    """A wheel of the site, as its lock entry describes it."""

    name: str
    version: str
    path: Path
    imports: tuple[str, ...]
    requires: tuple[str, ...]

    @classmethod
    def read(cls, path: Path) -> "Wheel":
        """Reads a wheel's name, version, top-level modules and requirements."""
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            info = next(n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
            meta = email.parser.Parser().parsestr(archive.read(info).decode("utf-8"))
            top = info.rsplit("/", 1)[0] + "/top_level.txt"
            if top in names:
                imports = [line.strip() for line in archive.read(top).decode().splitlines() if line.strip()]
            else:
                imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                                  if not n.split("/")[0].endswith((".dist-info", ".data"))})
        return cls(canonical(meta["Name"]), meta["Version"], path, tuple(imports),
                   tuple(meta.get_all("Requires-Dist") or ()))

    def needs(self) -> list[tuple[str, str]]:
        """Returns (name, requirement) for each requirement that applies in Pyodide."""
        from packaging.requirements import Requirement

        needed = []
        for text in self.requires:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate(PYODIDE_MARKERS):
                needed.append((canonical(requirement.name), text))
        return needed


def empty_package(name: str, folder: Path) -> Path:
    """Writes a wheel called ``name`` with nothing in it but its metadata (see
    :data:`EMPTY_PACKAGES`) and returns it."""
    version = "0.0.0"
    dist = f"{name}-{version}.dist-info"
    files = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                            f"Summary: empty: Pyodide's own {name} module is served by no registry\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: incognito-nb\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    files[f"{dist}/RECORD"] = "".join(f"{n},,\n" for n in files) + f"{dist}/RECORD,,\n"
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for member, text in files.items():
            archive.writestr(zipfile.ZipInfo(member, (2020, 1, 1, 0, 0, 0)), text)
    return path


def write_lock(wheels: list[Wheel], runtime: Path, target: Path, *, empty: tuple[str, ...] = ()) -> dict:
    """Writes ``pyodide-lock.json`` for ``wheels`` (which sit beside it) and returns it.

    :raises LiteBuildError: if a wheel needs a package that is neither bundled nor in
        :data:`LEFT_OUT`.
    """
    info = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    bundled = {wheel.name for wheel in wheels} | set(empty)
    packages = {}
    problems = []
    for wheel in wheels:
        depends = []
        for name, text in wheel.needs():
            if name in bundled:
                depends.append(name)
            elif name not in LEFT_OUT:
                problems.append(f"{wheel.name} {wheel.version} needs {text}")
        packages[wheel.name] = {
            "name": wheel.name, "version": wheel.version, "file_name": wheel.path.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.path.read_bytes()).hexdigest(),
            "package_type": "package", "imports": list(wheel.imports),
            "depends": sorted(set(depends) - {wheel.name}), "unvendored_tests": False,
        }
    if problems:
        raise LiteBuildError("The site's kernel would miss packages (add them to PYPI_WHEELS or LEFT_OUT in "
                             "incognito_nb/app/lite/kernel.py):\n" + "\n".join(problems))
    lock = {"info": info, "packages": dict(sorted(packages.items()))}
    target.write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    return lock


def kept_locale_data() -> set[str]:
    """Returns the names of Babel's locale data files the site keeps: those of the
    interface's languages and number formats, and the locales they inherit from."""
    from babel.core import get_global

    from ...ui.i18n import FORMAT_LOCALES, LANGUAGES

    parents = get_global("parent_exceptions")
    keep = {"root"}
    for name in {*FORMAT_LOCALES, *LANGUAGES}:
        while name and name != "root":
            keep.add(name)
            name = parents.get(name) or (name.rsplit("_", 1)[0] if "_" in name else "root")
    return keep


def trim_babel(wheel: Path, folder: Path) -> Path:
    """Returns a copy of Babel's wheel in ``folder`` with only the locale data the site's
    languages read (:func:`kept_locale_data`): the rest is 1,100 files and 32 MB that no
    page of the site opens."""
    keep = kept_locale_data()
    target = folder / wheel.name
    records, record = [], None
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as trimmed:
        for info in source.infolist():
            name = info.filename
            if name.startswith("babel/locale-data/") and name.endswith(".dat") and PurePosixPath(name).stem not in keep:
                continue
            if name.endswith(".dist-info/RECORD"):
                record = name
                continue
            trimmed.writestr(info, source.read(name))
            records.append(name)
        if record is None:
            raise LiteBuildError(f"{wheel.name} has no RECORD: delete it from {wheel.parent} and build again")
        trimmed.writestr(record, "".join(f"{member},,\n" for member in records + [record]))
    return target
