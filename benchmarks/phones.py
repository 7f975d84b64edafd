"""Phones that are not in this machine's Chromium: the laptop's share of a class's pace.

In a class every phone renders its own page on its own processor; the laptop serves the
pages, runs their kernels and sends what changes.  :class:`SimulatedPhone` opens a seat
link as a phone's browser does (the HTML, then the kernel's websocket with the v1
protocol), asks the kernel for every widget's state as ipywidgets' front end does
(``request_states`` on ``jupyter.widget.control``), then keeps the widget models up to
date from ``comm_open``, ``comm_msg`` and ``comm_close`` — without rendering anything.
A screen has reached a simulated phone when a widget the page displays (its root, from
the page's HTML, and what the root holds, hidden ones left out) carries the screen's CSS class, and the text the
screen must show (:meth:`SimulatedPhone.watch`): the moment the phone's own browser could
start to draw it.

Used by :mod:`benchmarks.class_pace` (``--phones simulated``) beside the run where every
phone is a Chromium page on the same two cores.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import threading
import time
import urllib.request
import uuid
from typing import Any, Optional

from ipywidgets.widgets.widget import __control_protocol_version__
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1

KERNEL_ID = re.compile(rb'"kernelId": "([0-9a-f-]+)"')
ROOT = re.compile(rb'"model_id": "([0-9a-f]+)"')
MODEL = re.compile(r"IPY_MODEL_([0-9a-f]+)")
V1 = "v1.kernel.websocket.jupyter.org"
#: The class with which a page keeps a widget hidden until its moment (student.css).
HIDDEN = "inc-later"
#: ipywidgets' control protocol (1.0.0 in ipywidgets 8, whose widget protocol is 2.1.0): a
#: ``jupyter.widget.control`` comm opened without this version in its metadata is closed
#: by the kernel at once (its traceback goes to the kernel's stderr).
CONTROL_PROTOCOL = __control_protocol_version__


def message(channel: str, msg_type: str, content: dict, session: str, metadata: dict | None = None) -> bytes:
    """Returns a v1 websocket frame of a message to the kernel."""
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "phone",
              "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "version": "5.3"}
    parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
    return serialize_msg_to_ws_v1(parts, channel)


def read(frame: bytes) -> tuple[str, dict, dict] | None:
    """Returns the channel, header and content of a v1 frame from the kernel (None: not one)."""
    if not isinstance(frame, (bytes, bytearray)) or len(frame) < 8:
        return None
    try:
        channel, parts = deserialize_msg_from_ws_v1(frame)
        return channel, json.loads(parts[0]), json.loads(parts[3])
    except (ValueError, IndexError):
        return None


def _children(state: dict) -> list[str]:
    """The widgets a box holds (its ``children``)."""
    held = state.get("children")
    return [m for child in held if isinstance(child, str) for m in MODEL.findall(child)] if isinstance(held, list) else []


def _holds(state: dict, text: str) -> bool:
    """Whether one of a widget's text traits (its value, description, ...) holds ``text``."""
    return not text or any(isinstance(value, str) and text in value for value in state.values())


class SimulatedPhone:
    """A seat link's page held open without a browser; remembers when widget messages came."""

    def __init__(self, url: str, timeout: float = 240.0) -> None:
        self.url = url
        self.timeout = timeout
        self.models: dict[str, dict[str, Any]] = {}  # model id → state
        self.roots: list[str] = []
        self.received_bytes = 0
        self._watches: dict[str, tuple[str, str]] = {}  # key → (CSS class, text)
        self.seen: dict[str, float] = {}  # key → wall-clock ms when first shown
        self._lock = threading.Lock()
        self._socket = None
        self._thread: Optional[threading.Thread] = None
        #: The page's cookies, as a browser keeps them and sends them with its socket: a
        #: teacher's key moved into its cookie by a redirect, the page marks and ``_xsrf`` for
        #: the page's goodbye, and behind the school's proxy (deploy/nginx) the one naming the
        #: server that holds the page's kernel.
        self.cookies = http.cookiejar.CookieJar()
        self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.kernel: Optional[str] = None

    def open(self) -> "SimulatedPhone":
        """Loads the page, connects to its kernel and asks for its widgets; returns once connected."""
        with self._opener.open(self.url, timeout=self.timeout) as response:
            html = response.read()
        found = KERNEL_ID.search(html)
        if not found:
            raise RuntimeError(f"no kernel in the page {self.url}")
        self.kernel = kernel = found.group(1).decode()
        self.roots = [m.decode() for m in ROOT.findall(html)]
        base = self.url.split("/voila/")[0].replace("http://", "ws://")
        session = f"phone-{uuid.uuid4().hex[:12]}"
        connected, failed = threading.Event(), []
        self._thread = threading.Thread(target=self._listen, name=session, daemon=True, args=(
            f"{base}/api/kernels/{kernel}/channels?session_id={session}", session, connected, failed))
        self._thread.start()
        if not connected.wait(self.timeout) or failed:
            raise RuntimeError(f"{self.url}: its kernel's socket did not open ({failed or 'timed out'})")
        return self

    def _listen(self, url: str, session: str, connected: threading.Event, failed: list) -> None:
        from websockets.sync.client import connect

        try:
            cookie = "; ".join(f"{c.name}={c.value}" for c in self.cookies)
            with connect(url, subprotocols=[V1], max_size=None, open_timeout=self.timeout,
                         additional_headers={"Cookie": cookie} if cookie else None) as socket:
                self._socket = socket
                control = uuid.uuid4().hex
                socket.send(message("shell", "comm_open", {"comm_id": control, "data": {},
                                                           "target_name": "jupyter.widget.control"},
                                    session, {"version": CONTROL_PROTOCOL}))
                socket.send(message("shell", "comm_msg", {"comm_id": control, "data": {"method": "request_states"}},
                                    session))
                connected.set()
                for frame in socket:
                    self._take(frame, time.time() * 1000)
        except Exception as error:  # the socket closed: the benchmark is over, or the server went away
            failed.append(repr(error))
        finally:
            connected.set()

    def _take(self, frame: bytes, now: float) -> None:
        parsed = read(frame)
        if parsed is None or parsed[0] != "iopub":
            return
        _, header, content = parsed
        kind, data = header.get("msg_type"), content.get("data") or {}
        with self._lock:
            self.received_bytes += len(frame)
            if kind == "comm_open":
                self.models[content["comm_id"]] = dict(data.get("state") or {})
            elif kind == "comm_msg" and data.get("method") in ("update", "echo_update"):
                self.models.setdefault(content["comm_id"], {}).update(data.get("state") or {})
            elif kind == "comm_msg" and data.get("method") == "update_states":
                for model, held in (data.get("states") or {}).items():
                    self.models[model] = dict(held.get("state") or {})
            elif kind == "comm_close":
                self.models.pop(content.get("comm_id"), None)
            else:
                return
            for key, (css, text) in self._watches.items():
                if key not in self.seen and self._shows(css, text):
                    self.seen[key] = now
            self._watches = {key: watch for key, watch in self._watches.items() if key not in self.seen}

    def _shows(self, css: str, text: str) -> bool:
        """Whether a model the page displays has class ``css`` and holds ``text``."""
        stack, visited = list(self.roots), set()
        while stack:
            model = stack.pop()
            if model in visited or model not in self.models:
                continue
            visited.add(model)
            state = self.models[model]
            if self._hidden(state):
                continue  # nor anything inside it
            if css in (state.get("_dom_classes") or ()) and _holds(state, text):
                return True
            stack += _children(state)
        return False

    def _hidden(self, state: dict) -> bool:
        """Whether a widget is not shown: its layout says ``display: none``, or it carries
        the class the pages hide a widget with until its moment (``inc-later``)."""
        if HIDDEN in (state.get("_dom_classes") or ()):
            return True
        layout = MODEL.findall(state.get("layout") or "") if isinstance(state.get("layout"), str) else []
        return any(self.models.get(model, {}).get("display") == "none" for model in layout)

    def shows(self, css: str, text: str = "") -> bool:
        """Whether the page shows a widget of class ``css`` holding ``text`` now."""
        with self._lock:
            return self._shows(css, text)

    def holds(self, check) -> bool:
        """Whether one of the page's widget models (its state) passes ``check``."""
        with self._lock:
            return any(check(state) for state in self.models.values())

    def click(self, css: str) -> float:
        """Clicks the page's button of class ``css`` as its browser would; returns when (wall-clock ms)."""
        with self._lock:
            comm = next(model for model, state in self.models.items() if css in (state.get("_dom_classes") or ()))
        at = time.time() * 1000
        self._socket.send(message("shell", "comm_msg", {"comm_id": comm, "data": {
            "method": "custom", "content": {"event": "click"}}}, f"phone-{uuid.uuid4().hex[:12]}"))
        return at

    def watch(self, key: str, css: str, text: str = "") -> None:
        """From now on, notes when the page first shows a widget of class ``css`` holding ``text``."""
        with self._lock:
            if self._shows(css, text):
                self.seen[key] = -1.0  # already shown
            else:
                self._watches[key] = (css, text)

    def wait(self, key: str, timeout: float = 120.0) -> float:
        """Returns when ``key`` was first shown (wall-clock ms), waiting for it."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                if key in self.seen:
                    return self.seen[key]
            time.sleep(0.02)
        raise TimeoutError(f"{self.url}: {key} never showed ({len(self.models)} models)")

    def wait_gone(self, css: str, timeout: float = 120.0) -> None:
        """Waits until the page no longer shows a widget of class ``css``."""
        end = time.monotonic() + timeout
        while self.shows(css):
            if time.monotonic() > end:
                raise TimeoutError(f"{self.url}: {css} still shown after {timeout} s")
            time.sleep(0.02)

    def close(self) -> None:
        """Closes the page as a browser tab does: its socket, then its goodbye, which ends its
        kernel at once (``/voila/api/shutdown/<id>``, with the page's cookies and ``_xsrf``);
        without it the kernel would hold one of the server's kernels until the culler came."""
        if self._socket is not None:
            self._socket.close()
        if self._thread is not None:
            self._thread.join(5)
        if self.kernel is not None:
            xsrf = next((c.value for c in self.cookies if c.name == "_xsrf"), "")
            goodbye = urllib.request.Request(f"{self.url.split('/voila/')[0]}/voila/api/shutdown/{self.kernel}",
                                             data=b"", method="POST", headers={"X-XSRFToken": xsrf})
            try:
                self._opener.open(goodbye, timeout=30).close()
            except OSError:  # the server is gone already: its kernels with it
                pass
            self.kernel = None
