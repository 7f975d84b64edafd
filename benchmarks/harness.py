"""The machinery a benchmark run needs: Voilà, a static page server, a slow link, Chromium.

Everything runs on 127.0.0.1 and is stopped when the run ends.  Voilà serves the whole
repository (``/voila/render/<path>.ipynb``), so one server holds every notebook and its
kernels are its children, where :func:`kernel_pids` finds them.  The tests have their
own copy of the few lines that start a server: benchmarks must not import from tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import http.cookiejar
import http.server
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional

REPO = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
CHROMIUM = Path("/usr/bin/chromium")
#: The features Playwright (1.65) turns off in every Chromium it launches.  Chromium reads only
#: the last ``--disable-features`` of its command line, so a list of our own must repeat these;
#: ``tests/test_browser_flags.py`` fails, naming them, when a Playwright update adds one.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin",
    "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
    "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
)
#: Every window of a headless Chromium 156 (one per browser context) otherwise loads two hidden
#: address-bar pop-ups (``chrome://omnibox-popup.top-chrome/``), a renderer of ~1 CPU-s each
#: window: 40% of Chromium's CPU in the classroom's browser tests (docs/platform-notes.md).
HIDDEN_POPUPS = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
#: Flags that keep a headless Chromium from background traffic and hidden work (see PLATFORM.md).
CHROMIUM_ARGS = (
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + HIDDEN_POPUPS),
)
#: A path nothing serves: probing it costs a 404, where "/" might start a kernel.
PROBE_PATH = "/incognito-nb-benchmark-probe"


def free_port() -> int:
    """Returns a TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


@functools.lru_cache(maxsize=None)
def _package_is_installed() -> bool:
    probe = subprocess.run([sys.executable, "-c", "import incognito_nb"], cwd=tempfile.gettempdir(),
                           env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, capture_output=True)
    return probe.returncode == 0


@dataclass(frozen=True)
class Voila:
    """A running Voilà that serves a folder: its base URL and its process id."""

    url: str
    pid: int

    def render_url(self, notebook: Path, base: Optional[str] = None) -> str:
        """Returns the page of ``notebook`` (a path inside the served folder), at ``base`` if given."""
        return f"{base or self.url}/voila/render/{notebook.relative_to(REPO).as_posix()}"

    def kernels(self) -> set[int]:
        """Returns the pids of the kernels this Voilà runs now."""
        return kernel_pids(self.pid)

    def shut_down(self, pids: set[int]) -> None:
        """Asks Voilà to shut down the kernels ``pids``, as a page does when it is closed.

        A page's own request (a beacon on ``beforeunload``) is refused here with a 403: the
        rendered page sets no ``_xsrf`` cookie.  The folder listing does, so it is read first.
        """
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        with opener.open(self.url + "/voila/tree", timeout=10):
            pass
        xsrf = next((c.value for c in jar if c.name == "_xsrf"), "")
        for pid in pids:
            try:
                found = re.search(rb"kernel-([0-9a-f-]+)\.json", Path(f"/proc/{pid}/cmdline").read_bytes())
            except OSError:
                continue
            if found:
                request = urllib.request.Request(f"{self.url}/voila/api/shutdown/{found.group(1).decode()}",
                                                 data=b"", method="POST", headers={"X-XSRFToken": xsrf})
                with contextlib.suppress(OSError), opener.open(request, timeout=10):
                    pass
        deadline = time.monotonic() + 10
        while pids & self.kernels() and time.monotonic() < deadline:
            time.sleep(0.1)


@contextlib.contextmanager
def serving(command: list[str], url: str, *, cwd: Path, name: str, env: Optional[dict] = None,
            timeout: float = 60.0, stop_timeout: float = 15.0) -> Iterator[subprocess.Popen]:
    """Runs ``command`` (a server that will answer at ``url``) in a process group of its own,
    from a checkout too (this repository on ``PYTHONPATH`` when the package is not
    installed); yields its process once it answers, and stops it on exit.

    If it does not start, or the body of the ``with`` raises, the end of its log is printed
    and the whole log kept in the temporary folder.

    :raises RuntimeError: if the server exits or does not answer within ``timeout`` seconds.
    """
    child_env = dict(os.environ if env is None else env)
    if not _package_is_installed():
        child_env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), child_env.get("PYTHONPATH")]))
    with tempfile.TemporaryFile("w+") as log:
        process = subprocess.Popen(command, cwd=str(cwd), env=child_env, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        try:
            deadline = time.monotonic() + timeout
            while not _answers(url + PROBE_PATH):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{name} did not start ({process.returncode})")
                time.sleep(0.2)
            yield process
        except BaseException:
            log.seek(0)
            text = log.read()
            kept = Path(tempfile.gettempdir()) / f"incognito-bench-{name.replace(' ', '-')}.log"
            kept.write_text(text, encoding="utf-8")
            print(f"--- {name} log (all of it in {kept})\n{text[-5000:]}--- end of {name} log", file=sys.stderr)
            raise
        finally:
            _stop(process, stop_timeout)


@contextlib.contextmanager
def voila(root: Path = REPO, *, env: Optional[dict] = None, timeout: float = 60.0) -> Iterator[Voila]:
    """Serves the folder ``root`` with Voilà and yields it."""
    port = free_port()
    command = [sys.executable, "-m", "voila", str(root), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]
    url = f"http://127.0.0.1:{port}"
    with serving(command, url, cwd=root, name="voila", env=env, timeout=timeout) as process:
        yield Voila(url, process.pid)


def _stop(process: subprocess.Popen, timeout: float = 15.0) -> None:
    """Asks Voilà to stop (it shuts its kernels down), then forces its process group."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def wait_for_redis(url: str, server: subprocess.Popen, where: str, timeout: float) -> None:
    """Waits until the Redis at ``url`` answers a ping; raises, with its output, if
    ``server`` ends or ``timeout`` seconds pass first."""
    import redis

    deadline = time.monotonic() + timeout
    while True:
        try:
            redis.Redis.from_url(url, socket_connect_timeout=0.2).ping()
            return
        except redis.exceptions.ConnectionError:
            if server.poll() is not None or time.monotonic() > deadline:
                output = server.stdout.read().decode(errors="replace") if server.stdout else ""
                raise RuntimeError(f"redis-server did not start {where}: {output}") from None
            time.sleep(0.02)


def stop_process(process: subprocess.Popen, timeout: float = 10.0) -> None:
    """Ends ``process`` (a server started for a run): asks, then forces after ``timeout``
    seconds, and closes its output pipe."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if process.stdout:
        process.stdout.close()


def child_pids(parent: int, command: bytes = b"") -> set[int]:
    """Returns the pids of the processes whose parent is ``parent`` and whose command line
    holds ``command`` (any command by default)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            cmdline = (entry / "cmdline").read_bytes() if command else b""
        except (OSError, ValueError, IndexError):
            continue
        if ppid == parent and command in cmdline:
            found.add(int(entry.name))
    return found


def kernel_pids(parent: int) -> set[int]:
    """Returns the pids of the ipykernel processes whose parent is ``parent`` (Voilà)."""
    return child_pids(parent, b"ipykernel")


def cpu_seconds(pid: int) -> Optional[float]:
    """Returns the CPU time process ``pid`` has used so far (user + system, in seconds), or
    None if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy_seconds() -> float:
    """Returns the CPU time the whole machine has spent busy so far (every core; idle and
    waiting on I/O left out), in seconds."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    return (sum(int(f) for f in fields) - int(fields[3]) - int(fields[4])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> Optional[float]:
    """Returns the resident memory of process ``pid`` in MB (VmRSS), or None if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


@contextlib.contextmanager
def static_files(folder: Path) -> Iterator[str]:
    """Serves ``folder`` over HTTP on 127.0.0.1 from a thread; yields the base URL."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, *args):  # no access log on the console
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


class SlowLink:
    """A loopback TCP proxy that delays every chunk by ``delay`` seconds in each direction.

    With 0.040 s each way it is an 80 ms round trip between the browser and the server,
    order kept: each direction is a queue of chunks released at their due time.
    """

    def __init__(self, target_port: int, delay: float = 0.040) -> None:
        self.target_port, self.delay = target_port, delay
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "SlowLink":
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the slow link did not start")
        return self

    def __exit__(self, *exc) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._connect, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()
        server.close()
        for task in asyncio.all_tasks(self._loop):
            task.cancel()
        with contextlib.suppress(Exception):
            self._loop.run_until_complete(asyncio.sleep(0))
        self._loop.close()

    async def _connect(self, client_reader, client_writer) -> None:
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(self._pipe(client_reader, server_writer), self._pipe(server_reader, client_writer),
                             return_exceptions=True)

    async def _pipe(self, reader, writer) -> None:
        queue: asyncio.Queue = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, chunk = await queue.get()
                wait = due - self._loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                if chunk is None:
                    break
                writer.write(chunk)
                await writer.drain()
            with contextlib.suppress(Exception):
                writer.close()

        sender = asyncio.ensure_future(deliver())
        try:
            while True:
                chunk = await reader.read(65536)
                await queue.put((self._loop.time() + self.delay, chunk or None))
                if not chunk:
                    break
        finally:
            await asyncio.wait([sender], timeout=5)


def launch_chromium(playwright):
    """Returns a headless Chromium (Debian's package) driven by ``playwright``."""
    if not CHROMIUM.exists():
        raise SystemExit(f"{CHROMIUM} is missing: install Debian's chromium package")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))


# JavaScript run in a page: the time, then the click (compared across pages of one Chromium).
CLICK_JS = """(selector) => {
  const button = document.querySelector(selector);
  const now = performance.timeOrigin + performance.now();
  button.click();
  return now;
}"""
