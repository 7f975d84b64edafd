"""The front end's own tests, and the seams between the JavaScript files and their widgets.

The JavaScript of the widgets lives in ``.js`` files beside their Python modules and is
tested as JavaScript, with Node's built-in test runner (``tests/js/*.test.mjs``); this
module runs those tests as one pytest test, so that a failing or missing JavaScript test
fails the suite.  It also checks that each widget hands anywidget its file, and that every
trait a front end reads (``model.get("...")``) is one its widget syncs: the values once
pasted into the JavaScript (``BATCH_MS``, ``KEY_PREFIX``, ...) now travel that way.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from incognito_nb.engine import Game
from incognito_nb.store.browser import KEY_PREFIX, _bridge_class
from incognito_nb.ui.widgets import ink
from incognito_nb.ui.widgets.aria import Landmark, PageAria
from incognito_nb.ui.widgets.class_setup import NameTicks
from incognito_nb.ui.widgets.connection import ConnectionWatch
from incognito_nb.ui.widgets.ink import InkLayer
from incognito_nb.ui.widgets.keyboard import FocusGuard, ShowControls, SkipLink
from incognito_nb.ui.widgets.page_language import PageLanguage
from incognito_nb.ui.widgets.page_title import PageTitle
from incognito_nb.ui.widgets.find_phone import PhoneFind
from incognito_nb.ui.widgets.gallery import Gallery
from incognito_nb.ui.widgets.painted_board import PaintedBoard
from incognito_nb.ui.widgets.screen_size import ScreenSize
from incognito_nb.ui.widgets.shared import bundle
from incognito_nb.ui.widgets.seat_link import SeatLink
from incognito_nb.ui.widgets.settled_row import SettledRow
from incognito_nb.ui.widgets.toggle import PressedState
from incognito_nb.ui.widgets.voting import VotePanel

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "incognito_nb"
WIDGETS = PACKAGE / "ui" / "widgets"

#: Every front-end file of the package, and the widget it is the front end of.
FRONT_ENDS = {
    WIDGETS / "ink.js": InkLayer,
    WIDGETS / "page_aria.js": PageAria,
    WIDGETS / "landmark.js": lambda: Landmark(box=".inc-deck-editor"),  # and BoardName
    WIDGETS / "focus_guard.js": FocusGuard,
    WIDGETS / "skip_link.js": SkipLink,
    WIDGETS / "show_controls.js": ShowControls,
    WIDGETS / "connection.js": ConnectionWatch,
    WIDGETS / "page_title.js": PageTitle,
    WIDGETS / "screen_size.js": ScreenSize,
    WIDGETS / "page_language.js": lambda: PageLanguage(on_asked=print),
    WIDGETS / "painted_board.js": PaintedBoard,
    WIDGETS / "seat_link.js": SeatLink,
    WIDGETS / "settled_row.js": SettledRow,
    WIDGETS / "toggle.js": PressedState,
    WIDGETS / "name_ticks.js": NameTicks,
    WIDGETS / "voting.js": lambda: VotePanel(Game.new(("Ana", "Ben", "Cleo"), seed=1), "Ana"),
    WIDGETS / "find_phone.js": lambda: PhoneFind(Game.new(("Ana", "Ben", "Cleo"), seed=1), "Ana"),
    WIDGETS / "gallery.js": lambda: Gallery(Game.new(("Ana", "Ben", "Cleo"), seed=1)),
    PACKAGE / "store" / "browser.js": _bridge_class(),
}


def test_the_front_ends_javascript_tests_pass():
    node = shutil.which("node")
    assert node, "Node.js (node) runs the front end's tests: install it (apt-get install nodejs)"
    run = subprocess.run([node, "--test", "--test-reporter=tap", "tests/js/"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    summary = dict(re.findall(r"^# (pass|fail) (\d+)$", run.stdout, re.M))
    assert run.returncode == 0 and summary.get("fail") == "0", run.stdout[-4000:] + run.stderr[-2000:]
    assert int(summary.get("pass", 0)) > 0, "node ran no test:\n" + run.stdout[-2000:]


#: JavaScript the static site's kernel runs in its Web Worker (Pyodide's ``run_js``), not a
#: widget's front end: tested by ``tests/js/lite_worker.test.mjs``.
WORKER_SCRIPTS = {PACKAGE / "app/lite/timed_fetch.js"}


def test_every_front_end_file_belongs_to_a_widget():
    files = {p for p in PACKAGE.rglob("*.js") if "__pycache__" not in p.parts}
    assert WORKER_SCRIPTS <= files
    assert files - WORKER_SCRIPTS == set(FRONT_ENDS)


def without_comment_lines(text: str) -> str:
    """Returns ``text`` without the lines that are only a ``//`` comment."""
    return "".join(line for line in text.splitlines(keepends=True) if not line.lstrip().startswith("//"))


def expected_front_end(path: Path) -> str:
    """Returns what the widget of ``path`` must send: the file (a page's widget: without its
    comment lines), or (a widget made of several files, ``FRONT_END``) the files it imports,
    then the file.  The static site's store bridge (``browser.js``, one widget a page) is
    handed to anywidget as a path, as the store may not import the interface's helpers."""
    parts = getattr(FRONT_ENDS[path](), "FRONT_END", None)
    if parts is None:
        text = path.read_text(encoding="utf-8")
        return without_comment_lines(text) if path.parent == WIDGETS else text
    assert parts[-1] == path.name
    return bundle(path.parent, parts[-1], tuple(parts[:-1]))


@pytest.mark.parametrize("path", sorted(FRONT_ENDS), ids=lambda p: p.name)
def test_each_widget_sends_the_browser_its_file(path):
    assert FRONT_ENDS[path]().get_state()["_esm"] == expected_front_end(path)


#: The widgets whose front end is several files made one module (``FRONT_END``).
BUNDLED = {"find_phone.js": lambda: PhoneFind(Game.new(("Ana", "Ben", "Cleo"), seed=1), "Ana"),
           "gallery.js": lambda: Gallery(Game.new(("Ana", "Ben", "Cleo"), seed=1))}


def test_every_front_end_made_of_several_files_is_tested_as_one():
    assert set(BUNDLED) == {path.name for path, make in FRONT_ENDS.items() if getattr(make(), "FRONT_END", None)}


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_a_front_end_made_of_several_files_is_one_module_without_imports(name, tmp_path):
    widget = BUNDLED[name]()
    esm = widget.get_state()["_esm"]
    assert not re.search(r"^import ", esm, re.M) and len(re.findall(r"^export default ", esm, re.M)) == 1
    for part in widget.FRONT_END:  # every line of every file is in it, but its imports and other defaults
        kept = [line for line in without_comment_lines((WIDGETS / part).read_text(encoding="utf-8")).splitlines()
                if not line.startswith(("import ", "export default ")) or part == widget.FRONT_END[-1]
                and line.startswith("export default ")]
        assert all(line in esm for line in kept), part
    # One module: two files that declare the same name (a `render` each) would not even parse.
    module = tmp_path / f"{name}_bundle.mjs"
    module.write_text(esm, encoding="utf-8")
    node = shutil.which("node")
    assert node, "Node.js (node) checks the bundle: install it (apt-get install nodejs)"
    run = subprocess.run([node, "--check", str(module)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("path", sorted(FRONT_ENDS), ids=lambda p: p.name)
def test_every_trait_a_front_end_reads_is_synced_by_its_widget(path):
    read = set(re.findall(r"""model\.get\(\s*["'](\w+)["']\s*\)""", path.read_text(encoding="utf-8")))
    synced = set(FRONT_ENDS[path]().traits(sync=True))
    assert read <= synced, f"{path.name} reads {sorted(read - synced)}, which its widget does not sync"


def test_the_ink_overlay_hears_pythons_limits():
    state = InkLayer().get_state()
    assert (state["batch_ms"], state["hold_ms"], state["early_flush_points"], state["wait_ms"],
            state["max_recovered"]) == (ink.BATCH_MS, ink.HOLD_MS, ink.EARLY_FLUSH_POINTS, ink.WAIT_MS,
                                        ink.MAX_RECOVERED)


def test_the_browser_keeps_the_saves_under_the_stores_prefix():
    assert _bridge_class()().get_state()["prefix"] == KEY_PREFIX


def test_the_wheel_and_the_static_sites_wheel_carry_every_front_end_file(tmp_path):
    """The files beside the modules ship with them: in the wheel pip builds from the checkout
    (what a school installs) and in the wheel the static site's kernel installs."""
    import sys
    import zipfile

    from incognito_nb.app.lite.build import own_wheel

    wanted = {path.relative_to(ROOT).as_posix() for suffix in ("*.js", "*.mjs", "*.css", "*.html")
              for path in PACKAGE.rglob(suffix)}
    assert {"incognito_nb/ui/widgets/ink.js", "incognito_nb/ui/shell.css", "incognito_nb/store/browser.js"} <= wanted
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                            "-w", str(tmp_path / "pip"), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    for wheel in (next((tmp_path / "pip").glob("*.whl")), own_wheel(tmp_path)):
        with zipfile.ZipFile(wheel) as archive:
            missing = wanted - set(archive.namelist())
        assert not missing, f"{wheel.name} lacks {sorted(missing)}"


@pytest.mark.parametrize("path", sorted(p for p in FRONT_ENDS if p.parent == WIDGETS), ids=lambda p: p.name)
def test_a_page_widgets_front_end_goes_without_its_comment_lines_and_still_parses(path, tmp_path):
    """The comments stay in the files; the browser gets the code (a quarter less to send)."""
    text, esm = path.read_text(encoding="utf-8"), FRONT_ENDS[path]().get_state()["_esm"]
    if any(line.lstrip().startswith("//") for line in text.splitlines()):
        assert len(esm) < len(text) + sum(len((WIDGETS / part).read_text(encoding="utf-8"))
                                          for part in getattr(FRONT_ENDS[path](), "FRONT_END", ())[:-1])
    assert not any(line.lstrip().startswith("//") for line in esm.splitlines()), path.name
    module = tmp_path / f"{path.stem}.mjs"
    module.write_text(esm, encoding="utf-8")
    run = subprocess.run([shutil.which("node") or "node", "--check", str(module)], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
