"""Binder, one click: the README's badge must open a working dashboard on mybinder.org.

Binder (repo2docker) reads only the ``binder/`` folder: it installs
``binder/requirements.txt`` with pip from the repository root (the line ``.`` installs
the project itself), starts a Jupyter server there, and opens the badge's ``urlpath``,
``voila/render/notebooks/incognito.ipynb``, through Voilà's server extension.

``test_a_fresh_environment_from_binder_requirements_serves_the_dashboard`` rebuilds that
path on this machine: a new virtual environment from ``binder/requirements.txt`` alone
(no ``postBuild``, nothing from the environment running the tests), a ``jupyter server``
from that environment in the repository root with a throwaway home folder, the badge's
URL opened in Chromium.  It passes when the setup screen shows with no page error and no
console error, the kernel that ran the notebook is the new environment's Python, and the page
asked no other host (the notebook names the project's page template, which ``pip install .``
puts where Voilà finds it: no Font Awesome from cdn.jsdelivr.net, no MathJax from cdnjs).
It needs the package index (pip's cache is allowed, so a second run is quicker) and
takes about half a minute with a warm cache; it is marked ``browser``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Iterator, Mapping

import pytest

from browser import OwnOrigin, _end_process_group, free_port

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"
README = REPO / "README.md"
#: The notebook the badge opens, relative to the repository root.
PLAY_NOTEBOOK = "notebooks/incognito.ipynb"
#: How long building the environment may take (pip resolving and downloading on a cold cache).
INSTALL_TIMEOUT = 420
def requirement_lines(path: Path) -> list[str]:
    """Returns the requirement lines of a pip requirements file, comments and blanks left out."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def _normalized(requirement: str) -> str:
    """Returns a requirement as ``name`` plus its sorted version clauses, for comparison."""
    name, spec = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", requirement).groups()
    clauses = sorted(clause.replace(" ", "") for clause in spec.split(",") if clause.strip())
    return re.sub(r"[-_.]+", "-", name).lower() + ",".join(clauses)


# --- the files Binder reads ------------------------------------------------------------


def test_binder_folder_holds_only_requirements_and_runtime():
    assert sorted(p.name for p in BINDER.iterdir()) == ["requirements.txt", "runtime.txt"]
    assert re.fullmatch(r"python-3\.\d+\n?", (BINDER / "runtime.txt").read_text(encoding="utf-8"))


def test_binder_requirements_install_the_project_and_repeat_its_dependency_ranges():
    lines = requirement_lines(BINDER / "requirements.txt")
    assert lines[-1] == ".", "the project itself is installed last, from the repository root"
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+; the project supports 3.10 too
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert sorted(map(_normalized, lines[:-1])) == sorted(map(_normalized, project["dependencies"]))
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip().removeprefix("python-")
    major, minor = map(int, re.match(r">=(\d+)\.(\d+)", project["requires-python"]).groups())
    assert tuple(map(int, runtime.split("."))) >= (major, minor)


def test_readme_binder_badge_opens_the_dashboard_and_a_second_link_opens_jupyterlab():
    text = README.read_text(encoding="utf-8")
    links = re.findall(r"\((https://mybinder\.org/v2/gh/[^)\s]+)\)", text)
    queries = [urllib.parse.parse_qs(urllib.parse.urlsplit(link).query) for link in links]
    urlpaths = [q["urlpath"][0] for q in queries if "urlpath" in q]
    assert f"voila/render/{PLAY_NOTEBOOK}" in urlpaths
    assert "lab/tree/notebooks" in urlpaths
    assert (REPO / PLAY_NOTEBOOK).is_file()
    badge = re.search(r"\[!\[[^\]]*\]\(https://mybinder\.org/badge[^)]*\)\]\((https://mybinder[^)]+)\)", text)
    assert badge and "voila%2Frender%2Fnotebooks%2Fincognito.ipynb" in badge.group(1)
    # The README opens with its two set-up commands; the badge comes right after them.
    assert text.index("```bash") < text.index("mybinder.org") < text.index("*Incognito* is a drawing")


def test_ci_runs_the_readmes_test_command_with_every_tool_the_tests_need():
    """The README's second command is what .ci/run installs and runs: they had drifted apart
    (".[test]" against ".[test,school]"), and the README's left the hub's tests skipped."""
    command = README.read_text(encoding="utf-8").split("```bash\n", 1)[1].split("\n")[1].split("#")[0].split()
    install, run = " ".join(command).split(" && ")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    ci_lines = [line.strip() for line in ci.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    def words(line: str) -> list[str]:  # "python -m pip install --quiet -e X" says "pip install -e X"
        return [word for word in line.removeprefix("python -m ").split() if not word.startswith("--")]
    assert words(install) in [words(line) for line in ci_lines], (install, ci_lines)
    assert ci_lines[-1].split()[-1] == run.split()[-1] == "pytest", (ci_lines[-1], run)
    extras = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    test_extra = {re.split(r"[<>=\[]", requirement)[0] for requirement in extras["test"]}
    assert {re.split(r"[<>=\[]", requirement)[0] for requirement in extras["school"]} <= test_extra


# --- the whole path, in a fresh environment --------------------------------------------


def _clean_env(**overrides: str) -> dict[str, str]:
    """Returns this process's environment without what would leak the test's Python into the venv."""
    leaks = ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "CONDA_PREFIX")
    env = {k: v for k, v in os.environ.items() if k not in leaks and not k.startswith("JUPYTER")}
    env.update(overrides)
    return env


@pytest.fixture(scope="module")
def binder_venv(tmp_path_factory) -> Path:
    """Builds a virtual environment from ``binder/requirements.txt`` alone, as Binder does."""
    venv = tmp_path_factory.mktemp("binder") / "venv"
    env = _clean_env(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1")
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=env, timeout=120)
    install = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-r", "binder/requirements.txt"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=INSTALL_TIMEOUT,
    )
    if install.returncode != 0:
        pytest.fail(f"pip install -r binder/requirements.txt failed:\n{install.stdout[-4000:]}\n"
                    f"{install.stderr[-4000:]}")
    print(f"binder venv built in {time.monotonic() - started:.0f} s")
    return venv


@contextlib.contextmanager
def jupyter_server(venv: Path, home: Path, timeout: float = 90,
                   env: Mapping[str, str] = MappingProxyType({})) -> Iterator[tuple[str, Path]]:
    """Runs the venv's ``jupyter server`` in the repository root, as Binder does, with ``env``
    added to a clean environment; yields its URL and its runtime folder (where each kernel's
    connection file is)."""
    port = free_port()
    runtime = home / "runtime"
    env = _clean_env(
        HOME=str(home), JUPYTER_RUNTIME_DIR=str(runtime),
        PATH=os.pathsep.join([str(venv / "bin"), os.environ.get("PATH", "")]), **env,
    )
    command = [
        str(venv / "bin" / "jupyter"), "server", "--no-browser", f"--port={port}",
        "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
    ]
    if os.geteuid() == 0:  # containers run tests as root; Binder runs as an ordinary user
        command.append("--allow-root")
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryFile("w+") as log:
        process = subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        try:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/api", timeout=2):
                        break
                except (urllib.error.URLError, ConnectionError, OSError):
                    if process.poll() is not None:
                        raise RuntimeError(f"jupyter server exited with code {process.returncode}")
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"jupyter server did not answer within {timeout:.0f} s")
                    time.sleep(0.3)
            yield url, runtime
        except BaseException:
            log.seek(0)
            print(f"--- jupyter server log: {' '.join(command)}\n{log.read()}--- end of log")
            raise
        finally:
            _end_process_group(process)


def kernels_started_from(runtime: Path) -> list[list[str]]:
    """Returns the command lines of the running kernels whose connection file is in ``runtime``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            continue
        if any(arg.startswith(str(runtime)) for arg in argv) and any("ipykernel" in a for a in argv):
            found.append([a for a in argv if a])
    return found


@pytest.mark.browser
def test_a_fresh_environment_from_binder_requirements_serves_the_dashboard(binder_venv, page, tmp_path):
    python = binder_venv / "bin" / "python"
    where = subprocess.run([str(python), "-c", "import incognito_nb; print(incognito_nb.__file__)"],
                           cwd=tmp_path, env=_clean_env(), capture_output=True, text=True, check=True)
    assert Path(where.stdout.strip()).is_relative_to(binder_venv), "the project is installed in the venv"

    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
    page.on("console", lambda message: message.type == "error" and errors.append(
        f"console: {message.text} ({message.location.get('url')})"))
    page.on("requestfailed", lambda request: errors.append(f"request failed: {request.url}"))

    home = tmp_path / "home"
    home.mkdir()
    with jupyter_server(binder_venv, home) as (url, runtime):
        origin = OwnOrigin(page.context, url)
        badge_url = f"{url}/{urllib.parse.unquote('voila%2Frender%2Fnotebooks%2Fincognito.ipynb')}"
        response = page.goto(badge_url, timeout=120_000)
        assert response is not None and response.ok, response and response.status
        page.locator(".inc-setup").wait_for(state="visible", timeout=120_000)
        assert page.locator(".inc-start").is_visible()
        # Late errors from widget views that render after the form: Voilà hides its spinner
        # once the notebook has run, and no request is left once every view has its modules.
        page.wait_for_selector("#loading", state="hidden", timeout=120_000)
        page.wait_for_load_state("networkidle", timeout=120_000)

        kernels = kernels_started_from(runtime)
        assert kernels, "a kernel was started for the page"
        assert all(Path(argv[0]) == python for argv in kernels), kernels
        # Checked while the server runs: leaving the page afterwards may log more.
        assert errors == []
    # The page template, installed by `pip install .` where Voilà finds it, asked for by the
    # notebook: no Font Awesome from cdn.jsdelivr.net, no MathJax from cdnjs.
    assert origin.foreign == [], f"the page asked other hosts: {origin.foreign}"
    assert origin.sockets, "the kernel's websocket was recorded"


def test_the_badges_notebook_asks_for_the_page_template_that_installing_the_project_puts_where_voila_looks():
    from incognito_nb.app.loading import TEMPLATE, template_root

    notebook = json.loads((REPO / PLAY_NOTEBOOK).read_text(encoding="utf-8"))
    assert notebook["metadata"]["voila"] == {"template": TEMPLATE}
    tomllib = pytest.importorskip("tomllib")
    wheel = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]["wheel"]
    folder = (template_root() / "voila" / "templates" / TEMPLATE).relative_to(REPO).as_posix()
    assert wheel["shared-data"] == {folder: f"share/jupyter/voila/templates/{TEMPLATE}"}
