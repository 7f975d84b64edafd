"""Helpers for tests against a running ``incognito-nb classroom``: the server, a teacher's
browser without a browser (a cookie jar that posts the forms), the server's books, and raw
kernel sockets spoken as a curious student's script would.

The server is started as the README says (``python -m incognito_nb.app.launcher classroom``)
and runs Voilà as its child: :attr:`Classroom.server_pid` is that child, whose memory the
attack tests watch.
"""

from __future__ import annotations

import contextlib
import datetime
import http.cookiejar
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from browser import PROBE_PATH, on_a_free_port, server

V1 = "v1.kernel.websocket.jupyter.org"
#: The classroom passphrase the test servers are given (``INCOGNITO_NB_PASSPHRASE``).
PASSPHRASE = "test-pass-4u7k"


def children(parent: int) -> Iterator[tuple[int, bytes]]:
    """Yields the pid and command line of every process whose parent is ``parent``."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) != parent:
                continue
            cmdline = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):  # a process that ended meanwhile
            continue
        yield int(entry.name), cmdline


@dataclass
class Classroom:
    """A running classroom server: its base URL, its store's location and its process
    (``launcher_pid`` is the ``incognito-nb classroom`` process, or the server itself)."""

    url: str
    store: str
    launcher_pid: int
    direct: bool = False
    #: The file that holds the server's output (its log, and its kernels' stderr).
    log: Path | None = None
    #: The classroom passphrase the server was given.
    passphrase: str = PASSPHRASE

    @property
    def render(self) -> str:
        return f"{self.url}/voila/render"

    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://")

    @property
    def server_pid(self) -> int:
        """The Voilà process (the launcher's child)."""
        if self.direct:
            return self.launcher_pid
        for pid, cmdline in children(self.launcher_pid):
            if b"incognito_nb.app.server" in cmdline:
                return pid
        raise RuntimeError("the classroom server process is gone")

    def kernel_ids(self) -> set[str]:
        """Returns the ids of the kernels the server runs now (from their connection files)."""
        found = set()
        for _, cmdline in children(self.server_pid):
            match = re.search(rb"kernel-([0-9a-f-]{36})\.json", cmdline)
            if match:
                found.add(match.group(1).decode())
        return found

    def server_rss_mb(self) -> float:
        for line in Path(f"/proc/{self.server_pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS")

    def status(self) -> dict:
        with urllib.request.urlopen(f"{self.url}/classroom/status", timeout=30) as answer:
            return json.loads(answer.read())

    def wait_for(self, check, what: str, timeout: float = 90.0, every: float = 0.25):
        """Waits until ``check(status)`` is truthy; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            status = self.status()
            result = check(status)
            if result:
                return result
            if time.monotonic() > deadline:
                raise AssertionError(f"{what}: not within {timeout:.0f} s; last status {status}")
            time.sleep(every)


@contextlib.contextmanager
def classroom(tmp_path: Path, *options: str, store: str | None = None) -> Iterator[Classroom]:
    """Runs ``incognito-nb classroom`` with ``options`` over a SQLite store in ``tmp_path``;
    options of the server itself (``--ClassroomServer.…``) run the server module directly."""
    store = store or str(tmp_path / "class.sqlite")
    direct = any(option.startswith("--ClassroomServer.") for option in options)
    env = dict(os.environ, INCOGNITO_NB_STORE=store, INCOGNITO_NB_PASSPHRASE=PASSPHRASE)

    @contextlib.contextmanager
    def start(port: int) -> Iterator[Classroom]:
        if direct:
            from incognito_nb.app.classroom import classroom_folder

            command = [sys.executable, "-m", "incognito_nb.app.server", str(classroom_folder()), f"--port={port}",
                       "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--no-browser", *options]
        else:
            command = [sys.executable, "-m", "incognito_nb.app.launcher", "classroom", "--no-browser",
                       "--port", str(port), "--store", store, *options]
        log = tmp_path / f"server-{port}.log"
        with server(command, f"http://127.0.0.1:{port}", cwd=tmp_path, env=env, name="incognito-nb classroom",
                    log_path=log) as url:
            yield Classroom(url, store,
                            _pid_serving(port, "incognito_nb.app.server" if direct else "incognito_nb.app.launcher"),
                            direct, log)

    with on_a_free_port(start) as room:
        yield room


def _pid_serving(port: int, module: str) -> int:
    """Returns the pid of the process running ``module`` for ``port``."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                cmdline = (entry / "cmdline").read_bytes()
                if module.encode() in cmdline and str(port).encode() in cmdline:
                    return int(entry.name)
    raise RuntimeError(f"no {module} serves port {port}")


class _KeepRedirects(urllib.request.HTTPRedirectHandler):
    def http_error_303(self, request, answer, code, message, headers):
        return answer

    http_error_302 = http_error_303


class Browser:
    """A browser as the server sees it: a cookie jar, forms posted, redirects not followed."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _KeepRedirects())

    def get(self, path: str, headers: dict | None = None):
        """GETs ``path``; returns (status, headers, body text)."""
        status, answered, body = self.get_bytes(path, headers)
        return status, answered, body.decode("utf-8", "replace")

    def get_bytes(self, path: str, headers: dict | None = None):
        """GETs ``path``; returns (status, headers, the body's bytes as sent: gzipped, say)."""
        request = urllib.request.Request(self.base + path, headers=headers or {})
        try:
            with self.http.open(request, timeout=120) as answer:
                return answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def post(self, path: str, form_page: str, fields: dict):
        """Reads the door at ``form_page`` for its ``_xsrf`` field, then posts ``fields`` to ``path``."""
        _, _, html = self.get(form_page)
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', html).group(1)
        data = urllib.parse.urlencode({"_xsrf": xsrf, **fields}).encode()
        try:
            with self.http.open(self.base + path, data=data, timeout=120) as answer:
                return answer.status, answer.headers, answer.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode("utf-8", "replace")

    def create_table(self, rounds: int = 1, timer: int = 0) -> tuple[str, str]:
        """Posts the new-table form; returns the code and the key this browser was given."""
        status, headers, _ = self.post("/classroom/tables", "/voila/render/teacher.ipynb",
                                       {"deck": "everyday", "rounds": rounds, "timer": timer})
        assert status == 303, status
        code = urllib.parse.parse_qs(urllib.parse.urlparse(headers["Location"]).query)["code"][0]
        return code, self.cookie(f"incognito_teacher_{code}")

    def say_passphrase(self, passphrase: str = PASSPHRASE):
        """Types the classroom passphrase in the passphrase door, as a teacher on a tablet would."""
        return self.post("/classroom/passphrase", "/classroom/passphrase", {"passphrase": passphrase})

    def cookie(self, name: str) -> str:
        return next(cookie.value for cookie in self.jar if cookie.name == name)

    def cookies_for(self, path: str) -> str:
        """Returns the ``Cookie`` header this browser sends to ``path`` (a kernel's socket, say)."""
        return "; ".join(f"{c.name}={c.value}" for c in self.jar
                         if path == c.path or path.startswith(c.path.rstrip("/") + "/"))

    def open_seat(self, code: str, seat) -> str:
        """Opens a seat's page as a script would (no browser); returns its kernel id."""
        status, _, html = self.get(f"/voila/render/student.ipynb?code={code}&token={seat.token}")
        assert status == 200, (status, html[-500:])
        return kernel_id_in(html)

    def give_cookies_to(self, context) -> None:
        """Copies this browser's cookies into a Playwright context (the same teacher's browser)."""
        context.add_cookies([{"name": c.name, "value": c.value, "url": self.base} for c in self.jar])


#: The longest a probe's answer may take while the server is attacked: beyond it, the attack
#: stalled the server (its event loop, or a kernel's) for the class.  A liveness bound, not a
#: performance figure: a healthy server's slowest probe answer was 0.1–0.3 s on an idle two-core
#: machine and 1.28 s with the suite's other worker busy on the same two cores.
STALLED = 3.0


#: The probe's own loop, in a process of its own: in a thread of the test it shared the GIL
#: with the test's flood (5,000 frames sent from Python), so its timings could include its
#: own waits for the GIL (CI once read 3.19 s on a loaded two-core VM). One JSON line an answer.
PROBE_LOOP = r"""
import json, sys, time, urllib.error, urllib.request
url, headers = sys.argv[1], json.loads(sys.argv[2])
while True:
    started = time.monotonic()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10):
            pass
        line = {"seconds": time.monotonic() - started}
    except urllib.error.HTTPError:
        line = {"seconds": time.monotonic() - started}
    except OSError as error:
        line = {"failure": str(error)}
    print(json.dumps(line), flush=True)
    time.sleep(0.2)
"""


class Probe:
    """Asks the server for ``path`` every 0.2 s from a process of its own (with ``headers``);
    keeps the slowest answer (compare it with :data:`STALLED`) and counts the answers.
    Entering waits for the first answer, so the probe is running when the attack starts."""

    def __init__(self, url: str, path: str = PROBE_PATH, headers: dict | None = None) -> None:
        self.url, self.headers, self.slowest, self.failures, self.answers = url + path, headers or {}, 0.0, [], 0
        self._heard = threading.Condition()
        self._process: subprocess.Popen | None = None
        self._reader = threading.Thread(target=self._read, daemon=True)

    def _read(self) -> None:
        for line in self._process.stdout:
            heard = json.loads(line)
            with self._heard:
                if "failure" in heard:
                    self.failures.append(heard["failure"])
                else:
                    self.slowest = max(self.slowest, heard["seconds"])
                    self.answers += 1
                self._heard.notify_all()

    def wait_for_answers(self, more: int, timeout: float = 60) -> None:
        """Waits until the server has answered the probe ``more`` more times."""
        with self._heard:
            wanted = self.answers + len(self.failures) + more
            assert self._heard.wait_for(lambda: self.answers + len(self.failures) >= wanted, timeout), \
                f"the probe heard {self.answers} answers and {len(self.failures)} failures, not {wanted}, in {timeout} s"

    def __enter__(self) -> "Probe":
        self._process = subprocess.Popen([sys.executable, "-c", PROBE_LOOP, self.url, json.dumps(self.headers)],
                                         stdout=subprocess.PIPE, text=True)
        self._reader.start()
        self.wait_for_answers(1)
        return self

    def __exit__(self, *exc) -> None:
        self._process.kill()
        self._process.wait(15)
        self._reader.join(15)
        self._process.stdout.close()


def kernel_id_in(html: str) -> str:
    """Returns the kernel id a Voilà page was rendered with."""
    return re.search(r'"kernelId": "([0-9a-f-]{36})"', html).group(1)


def v1_message(msg_type: str, content: dict, channel: str = "shell", msg_id: str = "",
               metadata: dict | None = None) -> bytes:
    """Returns a v1 kernel-socket frame, as the browser's front end builds them (``msg_id``
    its header's, a new one unless given)."""
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    header = {"msg_id": msg_id or uuid.uuid4().hex, "msg_type": msg_type, "username": "student", "session": uuid.uuid4().hex,
              "date": datetime.datetime.now(datetime.timezone.utc).isoformat(), "version": "5.3"}
    parts = (header, {}, metadata or {}, content)
    return serialize_msg_to_ws_v1([json.dumps(part).encode() for part in parts], channel)


def v1_read(frame: bytes) -> tuple[str, dict, dict]:
    """Returns a v1 frame's channel, header and content."""
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    channel, parts = deserialize_msg_from_ws_v1(frame)
    return channel, json.loads(parts[0]), json.loads(parts[3])


def v1_parent(frame: bytes) -> dict:
    """Returns a v1 frame's parent header: the request it answers ({} for none)."""
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    return json.loads(deserialize_msg_from_ws_v1(frame)[1][1])


def kernel_socket(classroom: Classroom, kernel_id: str, protocols: Sequence[str] = (V1,), **options):
    """Opens a kernel socket as a script would (``websockets``); raises if the server refuses."""
    from websockets.sync.client import connect

    options = {"open_timeout": 60, **options}
    return connect(f"{classroom.ws}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4().hex}",
                   subprotocols=list(protocols) or None, max_size=None, **options)
