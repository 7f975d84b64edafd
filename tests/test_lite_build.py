"""The pieces of ``incognito-nb lite build`` that need no download: the lock, the wheels
made here, the kernel's settings and the pages' links.  The whole build is exercised by
``test_lite_browser.py``."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from incognito_nb.app.lite import build as lite, kernel as lite_kernel
from incognito_nb.app.lite.kernel import LiteBuildError, Wheel, empty_package, write_lock


def make_wheel(folder: Path, name: str, version: str, requires=(), modules=("mod",)) -> Path:
    """Writes a small wheel with the given requirements and top-level modules."""
    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as archive:
        for module in modules:
            archive.writestr(f"{module}/__init__.py", "")
        archive.writestr(f"{dist}/METADATA", metadata)
    return path


@pytest.fixture
def runtime(tmp_path) -> Path:
    """A stand-in for the npm package's folder: only its lock's ``info`` is read."""
    folder = tmp_path / "runtime"
    folder.mkdir()
    (folder / "pyodide-lock.json").write_text(json.dumps({"info": {"version": "0.27.6", "python": "3.12.7"},
                                                          "packages": {}}))
    return folder


def test_the_lock_lists_every_wheel_with_its_hash_and_its_bundled_dependencies(tmp_path, runtime):
    wheels = [
        Wheel.read(make_wheel(tmp_path, "ipycanvas", "0.14.3", ["ipywidgets>=7.6", "numpy", "pillow>=6.0"],
                              ["ipycanvas"])),
        Wheel.read(make_wheel(tmp_path, "ipywidgets", "8.1.9", ["comm>=0.1.3", 'pexpect; sys_platform != "emscripten"'],
                              ["ipywidgets"])),
        Wheel.read(make_wheel(tmp_path, "comm", "0.2.3", [], ["comm"])),
    ]
    lock = write_lock(wheels, runtime, tmp_path / "pyodide-lock.json")
    assert lock["info"]["version"] == "0.27.6"
    assert json.loads((tmp_path / "pyodide-lock.json").read_text()) == lock
    canvas = lock["packages"]["ipycanvas"]
    assert canvas["depends"] == ["ipywidgets"]  # numpy and Pillow are left out, on purpose
    assert lock["packages"]["ipywidgets"]["depends"] == ["comm"]  # pexpect is not for the browser
    assert canvas["file_name"] == "ipycanvas-0.14.3-py3-none-any.whl" and canvas["imports"] == ["ipycanvas"]
    import hashlib
    assert canvas["sha256"] == hashlib.sha256((tmp_path / canvas["file_name"]).read_bytes()).hexdigest()


def test_a_requirement_neither_bundled_nor_left_out_stops_the_build(tmp_path, runtime):
    wheels = [Wheel.read(make_wheel(tmp_path, "anywidget", "0.11.0", ["psygnal>=0.8.1"]))]
    with pytest.raises(LiteBuildError, match="anywidget 0.11.0 needs psygnal>=0.8.1"):
        write_lock(wheels, runtime, tmp_path / "pyodide-lock.json")


def test_an_empty_package_installs_no_module(tmp_path):
    wheel = Wheel.read(empty_package("ssl", tmp_path))
    assert (wheel.name, wheel.version, wheel.imports, wheel.requires) == ("ssl", "0.0.0", (), ())
    with zipfile.ZipFile(wheel.path) as archive:
        assert all(name.startswith("ssl-0.0.0.dist-info/") for name in archive.namelist())


def test_the_own_wheel_holds_the_whole_package_and_no_bytecode(tmp_path):
    wheel = Wheel.read(lite.own_wheel(tmp_path))
    assert wheel.name == "incognito-nb" and wheel.imports == ("incognito_nb",) and wheel.requires == ()
    with zipfile.ZipFile(wheel.path) as archive:
        names = set(archive.namelist())
    assert {"incognito_nb/app/play.ipynb", "incognito_nb/engine/word_decks/everyday.csv",
            "incognito_nb/store/browser.py", "incognito_nb/app/lite/exports.py"} <= names
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)


def test_the_kernel_loads_every_wheel_from_the_site_and_never_asks_pypi():
    settings = lite.kernel_settings(["ipython", "incognito-nb"])
    assert settings["disablePyPIFallback"] is True and settings["pipliteUrls"] == []
    assert settings["loadPyodideOptions"]["packages"] == ["ipython", "incognito-nb"]
    # The dashboard page sits two folders deep (voici/render/play.html): the runtime is two up.
    assert settings["pyodideUrl"] == "../../static/pyodide/pyodide.js"
    assert lite.DASHBOARD_PAGE.count("/") == 2


def test_the_poster_packages_are_in_the_site_but_loaded_when_a_game_ends():
    assert set(lite_kernel.LOADED_AT_GAME_OVER) <= set(lite_kernel.PYPI_WHEELS)
    assert "fpdf2" in lite_kernel.LOADED_AT_GAME_OVER


def test_every_start_up_package_of_the_kernel_is_bundled():
    """pyodide-kernel 0.6.1 loads these at start unless they are in the start-up list."""
    bundled = set(lite_kernel.PYPI_WHEELS) | set(lite_kernel.KERNEL_WHEELS) | set(lite_kernel.EMPTY_PACKAGES)
    assert {"ssl", "sqlite3", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "micropip", "piplite"} <= bundled


def test_links_to_a_cdn_are_dropped_and_any_other_remote_link_stops_the_build(tmp_path):
    page = tmp_path / "page.html"
    page.write_text('<head><link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/'
                    'fontawesome-free@^5/css/all.min.css" type="text/css" />\n<script src="../build/voici.js"></script>'
                    '</head>')
    lite._drop_remote_links(page)
    assert "cdn.jsdelivr" not in page.read_text() and "../build/voici.js" in page.read_text()
    page.write_text('<script src="https://example.org/x.js"></script>')
    with pytest.raises(LiteBuildError, match="loads from another host"):
        lite._drop_remote_links(page)


def test_the_front_page_opens_the_dashboard_relatively():
    front = lite._index_page()
    assert 'location.replace("voici/render/play.html" + location.search' in front
    assert "url=voici/render/play.html" in front and "//" not in front.replace("<!DOCTYPE html>", "")


def test_the_builder_carries_the_front_ends_of_the_versions_the_kernel_runs():
    for name in lite_kernel.FRONT_END_PACKAGES:
        assert f"{name}=={lite_kernel.PYPI_WHEELS[name]}" in lite_kernel.BUILDER


def test_voici_and_the_pyodide_kernel_stay_out_of_the_environment_that_runs_voila():
    """Installed beside Voila, the Pyodide kernel's labextension breaks every Voila page."""
    import importlib.util

    assert importlib.util.find_spec("jupyterlite_pyodide_kernel") is None
    assert importlib.util.find_spec("voici_core") is None
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert "jupyterlite-pyodide-kernel" not in text and "voici" not in text


def test_the_launcher_dispatches_lite(capsys):
    from incognito_nb.app.launcher import main

    with pytest.raises(SystemExit):
        main(["lite", "--help"])
    assert "static site" in capsys.readouterr().out


def test_babels_wheel_keeps_only_the_locale_data_the_interface_reads(tmp_path):
    source = tmp_path / "in"
    source.mkdir()
    wheel = make_wheel(source, "babel", "2.19.0", modules=("babel",))
    with zipfile.ZipFile(wheel, "a") as archive:
        for name in ("root", "en", "en_001", "en_GB", "es", "fr", "de", "it", "ja", "de_CH"):
            archive.writestr(f"babel/locale-data/{name}.dat", b"data")
        archive.writestr("babel/global.dat", b"data")
        archive.writestr("babel-2.19.0.dist-info/RECORD", "")
    (tmp_path / "out").mkdir()
    trimmed = lite_kernel.trim_babel(wheel, tmp_path / "out")
    with zipfile.ZipFile(trimmed) as archive:
        names = set(archive.namelist())
        record = archive.read("babel-2.19.0.dist-info/RECORD").decode()
    kept = {name.split("/")[-1].removesuffix(".dat") for name in names if name.startswith("babel/locale-data/")}
    assert kept == {"root", "en", "en_001", "en_GB", "es", "fr", "de"}
    assert "babel/global.dat" in names and "babel/locale-data/it.dat" not in record
    assert Wheel.read(trimmed).name == "babel"


def test_two_builds_at_once_fill_the_cache_one_after_the_other(tmp_path, monkeypatch):
    """While one build holds the cache, another process waits for it (``flock``)."""
    import subprocess
    import sys

    monkeypatch.setenv("INCOGNITO_NB_CACHE", str(tmp_path))
    other = [sys.executable, "-c", "import fcntl, sys; lock = open(sys.argv[1], 'w'); "
             "fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)", str(tmp_path / "lite" / ".lock")]
    with lite_kernel.cache_held():
        held = subprocess.run(other, capture_output=True, text=True)
        assert held.returncode != 0 and "BlockingIOError" in held.stderr, held.stderr
    assert subprocess.run(other).returncode == 0  # let go once the build has what it needs
