"""Helpers for tests that look at the dashboard the way a player does: in a real browser.

``voila_server`` serves a notebook with standalone Voilà on a free local port; the
``browser`` and ``page`` fixtures in ``conftest.py`` drive Debian's Chromium through
Playwright.  Ink is read back from the page's canvases with ``getImageData``, because
what counts is what reaches the screen, not what the kernel believes it sent.
"""

from __future__ import annotations

import contextlib
import functools
import http.client
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Callable, ContextManager, Iterator, Mapping, Optional, Sequence, TypeVar

from benchmarks.harness import CHROMIUM, CHROMIUM_ARGS  # one Chromium and one set of flags for tests and benchmarks
from incognito_nb.app.serving import port_taken

T = TypeVar("T")

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "artifacts"
def need_chromium() -> None:
    """Skips the calling test when Chromium is missing, saying why, except under CI
    (``CI`` set), where a missing Chromium is a failure."""
    import pytest

    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing: install Debian's chromium package to run browser tests"
        if os.environ.get("CI"):
            pytest.fail(reason)
        print(reason)
        pytest.skip(reason)


def free_port() -> int:
    """Returns a TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def on_a_free_port(start: Callable[[int], ContextManager[T]], attempts: int = 3) -> Iterator[T]:
    """Yields what ``start(port)`` yields, for a port :func:`free_port` chose.

    A port is free when it is chosen, not always when the server binds it: on a loaded
    machine another test's kernel or browser can take it in between (a probe of the port once
    read a kernel's ZeroMQ greeting).  The servers here never move to another port
    (``--Voila.port_retries=0``): they exit, and a new port is chosen, if another program
    holds the first.
    """
    for attempt in range(1, attempts + 1):
        port = free_port()
        stack = contextlib.ExitStack()
        try:
            value = stack.enter_context(start(port))
        except RuntimeError:
            if attempt == attempts or not port_taken("127.0.0.1", port):
                raise
            continue
        with stack:
            yield value
        return


@functools.lru_cache(maxsize=None)
def _package_is_installed() -> bool:
    """Checks if a Python started outside the repository can import ``incognito_nb``."""
    probe = subprocess.run(
        [sys.executable, "-c", "import incognito_nb"],
        cwd=tempfile.gettempdir(),
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        capture_output=True,
    )
    return probe.returncode == 0


def _answers(url: str) -> bool:
    """Checks if an HTTP server answers at ``url`` (any status counts).  Another program on
    the port (a kernel's ZeroMQ socket greets with bytes that are no HTTP status line) is no
    answer: the server being started exits as it cannot bind, and a new port is chosen."""
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True  # an error page is still a server that answers
    except (OSError, http.client.HTTPException):
        return False


#: A path no server here serves: probing it costs a 404, where probing "/" would make
#: Voilà start a kernel and run the notebook for nobody.
PROBE_PATH = "/incognito-nb-test-probe"


def _child_env(env: Optional[Mapping[str, str]]) -> dict[str, str]:
    child_env = dict(os.environ if env is None else env)
    if not _package_is_installed():  # a fallback: `pip install -e .` is the normal way
        child_env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), child_env.get("PYTHONPATH")]))
    return child_env


@contextlib.contextmanager
def server(
    command: Sequence[str],
    url: str,
    *,
    cwd: Optional[Path] = None,
    env: Optional[Mapping[str, str]] = None,
    timeout: float = 60.0,
    name: str = "server",
    log_path: Optional[Path] = None,
) -> Iterator[str]:
    """Runs ``command`` (a web server that will answer at ``url``) and yields ``url`` once it answers.

    The server runs in its own process group, which is ended on exit (see
    :func:`_end_process_group`).  Its log is printed if it fails to start or if the body
    of the ``with`` raises.

    The server's output (stdout and stderr) goes to ``log_path`` if given, else to a temporary file.

    :raises RuntimeError: if the server exits or does not answer within ``timeout`` seconds.
    """
    with (open(log_path, "w+") if log_path else tempfile.TemporaryFile("w+")) as log:
        process = subprocess.Popen(
            list(command),
            cwd=str(cwd) if cwd else None,
            env=_child_env(env),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

        def print_log(why: str) -> None:
            log.seek(0)
            print(f"--- {name} log ({why}): {' '.join(map(str, command))}\n{log.read()}--- end of {name} log")

        try:
            deadline = time.monotonic() + timeout
            while not _answers(url.rstrip("/") + PROBE_PATH):
                if process.poll() is not None:
                    raise RuntimeError(f"{name} exited with code {process.returncode} before answering")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{name} did not answer on {url} within {timeout:.0f} s")
                time.sleep(0.2)
            yield url
        except BaseException as error:
            print_log(f"{type(error).__name__}: {error}")
            raise
        finally:
            _end_process_group(process)


@contextlib.contextmanager
def voila_server(
    notebook: Path,
    *,
    port: Optional[int] = None,
    extra_args: Sequence[str] = (),
    cwd: Optional[Path] = None,
    env: Optional[Mapping[str, str]] = None,
    timeout: float = 60.0,
) -> Iterator[str]:
    """Serves ``notebook`` with Voilà on 127.0.0.1 and yields its base URL.

    The server runs in its own process group, which is ended on exit with its kernels.
    Its log is printed if it fails to start or if the body of the ``with`` raises.

    :raises RuntimeError: if Voilà exits or does not answer within ``timeout`` seconds.
    """
    def start(port: int) -> ContextManager[str]:
        command = [
            sys.executable, "-m", "voila", str(notebook),
            "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
            "--show_tracebacks=True", *extra_args,
        ]
        return server(command, f"http://127.0.0.1:{port}", cwd=cwd or Path(notebook).parent, env=env,
                      timeout=timeout, name="Voilà")

    with (start(port) if port else on_a_free_port(start)) as url:
        yield url


@contextlib.contextmanager
def launcher_server(
    saves: Path,
    *,
    port: Optional[int] = None,
    extra_args: Sequence[str] = (),
    env: Optional[Mapping[str, str]] = None,
    timeout: float = 60.0,
) -> Iterator[str]:
    """Starts the dashboard as the README says (``incognito-nb --no-browser``) and yields its URL.

    It runs ``python -m incognito_nb.app.launcher`` with this interpreter, games saved in
    ``saves``, from a neutral working directory; the URL ends with ``/``.
    """
    def start(port: int) -> ContextManager[str]:
        command = [
            sys.executable, "-m", "incognito_nb.app.launcher",
            "--no-browser", "--port", str(port), "--saves", str(saves), *extra_args,
        ]
        return server(command, f"http://127.0.0.1:{port}/", cwd=Path(saves).parent, env=env,
                      timeout=timeout, name="incognito-nb")

    with (start(port) if port else on_a_free_port(start)) as url:
        yield url


def _end_process_group(process: subprocess.Popen, timeout: float = 15.0) -> None:
    """Ends a server and its process group: SIGTERM (Voilà then shuts its kernels down),
    SIGKILL for whatever is left after ``timeout`` seconds.

    Kernels run in sessions of their own (jupyter_client starts them so), which is why
    Voilà is asked, not forced, to stop first.  The launcher runs Voilà as its child, in
    the same group: the group is waited for, not only the process started.
    """
    group = process.pid
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=timeout)
    while _group_alive(group) and time.monotonic() < deadline:
        time.sleep(0.1)
    if _group_alive(group):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGKILL)
    process.wait()


def _group_alive(group: int) -> bool:
    """Checks if any process of the process group ``group`` is still running (zombies aside)."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A member that has exited but is not reaped yet still counts for killpg: look closer.
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            return True
    return False


# -- reading and drawing on canvases ---------------------------------------------------

_COUNT_PIXELS = """
([selector, region]) => {
  const result = {canvases: 0, opaque: 0, ink: 0, pixels: 0};
  for (const root of document.querySelectorAll(selector)) {
    const canvases = root.tagName === 'CANVAS' ? [root] : root.querySelectorAll('canvas');
    for (const canvas of canvases) {
      if (!canvas.width || !canvas.height) continue;
      const [x, y, w, h] = region || [0, 0, canvas.width, canvas.height];
      const data = canvas.getContext('2d').getImageData(x, y, w, h).data;
      result.canvases += 1;
      result.pixels += w * h;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] === 255) result.opaque += 1;
        // Ink: visible, and clearly darker or more coloured than white paper.
        if (data[i + 3] > 64 && Math.min(data[i], data[i + 1], data[i + 2]) < 230) result.ink += 1;
      }
    }
  }
  return result;
}
"""


#: The test servers' own host: every other one is the internet.
LOCAL = "http://127.0.0.1:"


def outside_requests(context, *, refused: bool = False) -> list[str]:
    """Keeps ``context``'s pages off the internet and returns the list of the requests they
    made to it (for the test to check it stays empty: a page asks only its own server).
    Such a request is held, never answered, as a school network that swallows outside
    traffic does; or, with ``refused``, refused at once, as on a device with no network.
    Requests to the test server are not routed at all."""
    asked: list[str] = []

    def answer(route) -> None:
        asked.append(route.request.url)
        if refused:
            route.abort()

    context.route(lambda url: not url.startswith(LOCAL), answer)
    return asked


class KernelGate:
    """Stands between a browser context's pages and their kernels' websockets: what a kernel
    sends can be held back (:meth:`hold`) and let through later in order (:meth:`release`),
    so that a test can act in the page "before the kernel answers" without a race.  What the
    page sends goes through at once.  Route a context (:meth:`route`) before its page opens."""

    def __init__(self) -> None:
        self.held: Optional[list] = None  # (socket, message) while holding

    def route(self, context) -> None:
        context.route_web_socket(lambda url: "/api/kernels/" in url and "/channels" in url, self._connect)

    def _connect(self, page_side) -> None:
        server_side = page_side.connect_to_server()
        server_side.on_message(lambda message: self._to_page(page_side, message))

    def _to_page(self, page_side, message) -> None:
        if self.held is None:
            page_side.send(message)
        else:
            self.held.append((page_side, message))

    def hold(self) -> None:
        self.held = []

    def release(self) -> None:
        held, self.held = self.held or [], None
        for page_side, message in held:
            page_side.send(message)


class OwnOrigin:
    """Records every request the pages of a browser context make, websockets included, and
    keeps those that go anywhere but ``origin`` (``http://127.0.0.1:PORT``: the server the
    pages came from) in :attr:`foreign`, for the test to check it stays empty: a student's
    address and the pages they open reach no third party.  Another port of the same host is
    another origin (another server) too.  ``data:`` URLs are the page's own bytes, and a
    ``blob:`` URL counts as the origin it names.  Nothing is held or refused: on a machine
    with internet access, a third-party request is answered, and recorded all the same."""

    def __init__(self, context, origin: str) -> None:
        self.origin = self._origin_of(origin)
        self.foreign: list[str] = []
        self.requests = 0
        self.sockets: list[str] = []
        context.on("request", lambda request: self._saw(request.url))
        for page in context.pages:
            self._watch(page)
        context.on("page", self._watch)

    @staticmethod
    def _origin_of(url: str) -> tuple[str, str]:
        parts = urllib.parse.urlsplit(url)
        scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
        return scheme, parts.netloc

    def _watch(self, page) -> None:
        page.on("websocket", lambda socket: (self.sockets.append(socket.url), self._saw(socket.url)))

    def _saw(self, url: str) -> None:
        if url.startswith("data:"):
            return
        self.requests += 1
        if self._origin_of(url.removeprefix("blob:")) != self.origin:
            self.foreign.append(url)


_ICON_FONT = """async (selector) => {
    await document.fonts.ready;
    const style = getComputedStyle(document.querySelector(selector), '::before');
    const family = style.fontFamily.replace(/"/g, '');
    const loaded = [...document.fonts].some(face => face.family.replace(/"/g, '') === family
                                             && face.weight === style.fontWeight && face.status === 'loaded');
    return {family, weight: style.fontWeight, loaded};
}"""


_STAGE_TYPE = """(skip) => {
    const sizes = [];
    for (const el of document.querySelectorAll('.inc-stage *')) {
        if (!el.getClientRects().length || el.closest(skip)) continue;
        if ([...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) {
            sizes.push(parseFloat(getComputedStyle(el).fontSize));
        }
    }
    sizes.sort((a, b) => a - b);
    return sizes[Math.floor(sizes.length / 2)];
}"""


#: What no one sees on the screen: a script's widget, and a screen reader's words (on the
#: projector and on table mode's find screen, a short form stands for them).
UNSEEN = ".inc-invisible, .inc-aria, .inc-projector .inc-aria-projected, .inc-table-mode .inc-find .inc-aria-projected"


def stage_type(page, skip: str = UNSEEN) -> float:
    """Returns the size of the page's stage's type: the median of every visible text's, in px
    (texts inside ``skip``, a selector, left out)."""
    return page.evaluate(_STAGE_TYPE, skip)


_BROKEN_WORDS = """([selector, unseen]) => {
    const broken = [];
    for (const el of document.querySelectorAll(selector)) {
        if (!el.getClientRects().length || el.closest(unseen)) continue;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const word of node.textContent.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                if (lines.size > 1) broken.push(word[0]);
            }
        }
    }
    return broken;
}"""


def broken_words(page, selector: str = ".inc-app .inc-token-word") -> list[str]:
    """Returns the words that break across lines in the elements ``selector`` finds, by
    default the tokens' ("Kühlschrankma|gnet"): a range over a word has one box a line it
    runs on."""
    return page.evaluate(_BROKEN_WORDS, [selector, UNSEEN])


_CUT_TEXTS = """(unseen) => {
    const cut = [];
    for (const el of document.querySelectorAll('.inc-app *')) {
        if (!el.getClientRects().length || el.closest(unseen)) continue;
        const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        if (!own || el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
        if (getComputedStyle(el).overflowX === 'visible') continue;  // runs past its box: not cut
        if (getComputedStyle(el).textOverflow !== 'ellipsis') {
            cut.push(`${el.className}: "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
        }
    }
    return cut;
}"""


def cut_texts(page) -> list[str]:
    """Returns the texts on the page cut off at their box's edge without an ellipsis (a
    clipped label reads "Eli's drawing — i": a word and a letter gone, nothing saying so)."""
    return page.evaluate(_CUT_TEXTS, UNSEEN)


_LOOSE_LINES = """([ratio, unseen]) => {
    const loose = [];
    const walker = document.createTreeWalker(document.querySelector('.inc-app') || document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!node.textContent.trim() || !el.getClientRects().length || el.closest(unseen)) continue;
        const style = getComputedStyle(el);
        if (!(parseFloat(style.lineHeight) >= ratio * parseFloat(style.fontSize))) continue;  // "normal" is NaN: tight
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (lines.size > 1) loose.push(`"${node.textContent.trim().slice(0, 40)}" ${style.lineHeight} for ${style.fontSize}`);
    }
    return loose;
}"""


def loose_lines(page, ratio: float = 1.65) -> list[str]:
    """Returns the texts on the page that wrap with their lines ``ratio`` times their type
    apart or more: an ipywidgets HTML's line is as tall as a control (28 px for 13-px type),
    which spaces a sentence on two lines as if a blank line stood between them."""
    return page.evaluate(_LOOSE_LINES, [ratio, UNSEEN])


def resize(page, size: Mapping[str, int], timeout: float = 30_000) -> None:
    """Sets the window to ``size`` (``{"width": …, "height": …}``) and waits until the page is
    laid out at it: the window reports the new size, and two frames are painted since."""
    page.set_viewport_size(dict(size))
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                           arg=[size["width"], size["height"]], timeout=timeout)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def icon_font(page, selector: str) -> dict:
    """Returns the face the icon at ``selector`` (an ``<i class="fa …">``) is drawn in:
    ``{family, weight, loaded}``, ``loaded`` true only if the page has loaded that face
    (else the icon is an empty box, or nothing)."""
    return page.evaluate(_ICON_FONT, selector)


def canvas_pixels(page, selector: str, region: Optional[Sequence[int]] = None) -> dict:
    """Returns pixel counts of the canvases in (or at) ``selector``: ``canvases``,
    ``pixels``, ``opaque`` and ``ink`` (non-white, non-transparent).

    ``region`` is ``(x, y, width, height)`` in canvas-buffer pixels (board units for a board).
    """
    return page.evaluate(_COUNT_PIXELS, [selector, list(region) if region else None])


def wait_for_ink(page, selector: str, timeout: float = 10_000, *, region=None, present: bool = True,
                 min_pixels: int = 1) -> None:
    """Waits until the canvases at ``selector`` show ink in ``region`` (or none, if not ``present``).

    :raises playwright.sync_api.TimeoutError: if that does not happen within ``timeout`` ms.
    """
    check = f"""(arg) => {{
        const count = ({_COUNT_PIXELS})(arg);
        return count.canvases > 0 && ({'count.ink >= ' + str(min_pixels) if present else 'count.ink === 0'});
    }}"""
    page.wait_for_function(check, arg=[selector, list(region) if region else None], timeout=timeout)


def wait_for_paper(page, selector: str, timeout: float = 30_000) -> None:
    """Waits until the canvases at ``selector`` are fully painted (the board is drawn)."""
    check = f"""(arg) => {{
        const count = ({_COUNT_PIXELS})(arg);
        return count.canvases > 0 && count.opaque === count.pixels;
    }}"""
    page.wait_for_function(check, arg=[selector, None], timeout=timeout)


def draw_stroke(page, selector: str, points: Sequence[tuple[float, float]], steps: int = 8) -> None:
    """Drags the mouse through ``points`` over the element at ``selector``, button down.

    Points are fractions of the element's box: ``(0, 0)`` is its top-left corner,
    ``(1, 1)`` its bottom-right one.
    """
    box = page.locator(selector).first.bounding_box()
    if box is None:
        raise RuntimeError(f"{selector} is not on screen")

    def at(point):
        return box["x"] + point[0] * box["width"], box["y"] + point[1] * box["height"]

    page.mouse.move(*at(points[0]))
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*at(point), steps=steps)
    page.mouse.up()


def show_drawing(page, seat: int, timeout: float = 20_000) -> None:
    """On a phone's find screen (one drawing at a time: ``PhoneFind``), goes to the drawing
    of the player in seat ``seat`` through the list of cards above Confirm, and waits until
    it is the one shown; on a screen with every card row in view, does nothing."""
    if page.locator(".inc-find-one").count() == 0:
        return
    page.click(f".inc-find-one .inc-find-go-{seat}", timeout=timeout)
    page.wait_for_selector(f".inc-find-one .inc-find-shown.inc-find-drawing-for-{seat}", timeout=timeout)
