"""The classroom server's two websockets: the kernels' channels, and the preheated kernels' query.

**Kernel channels** (``/api/kernels/<id>/channels``).  jupyter_server lets a browser open a
kernel's socket with the v1 subprotocol or, when it offers none, with the legacy JSON
protocol; Voilà 0.5 then reads every binary message written to the socket as v1 framing
(``read_header_from_binary_message``), so a legacy socket that receives a widget's binary
buffer makes the server read a huge offset count and loop on its only thread.  And in v1
the server itself trusts the frame's offset count (``deserialize_msg_from_ws_v1``): eight
crafted bytes make it build a list of 2**60 offsets.  :class:`KernelSocket` is the
smallest fix Voilà and jupyter_server allow: a *connection class*, set with Voilà's own
``kernel_websocket_connection_class`` option, which

- refuses the handshake (HTTP 400, before any socket exists) unless the browser offers
  ``v1.kernel.websocket.jupyter.org``: jupyter_server's ``kernel_ws_protocol`` only
  says which protocol to *prefer*, and still hands a client that offers none the legacy one;
- checks each incoming frame before jupyter_server parses it (a bounded number of parts,
  offsets in order and inside the frame, a small header, parts that are JSON objects, a
  comm message with its comm id, no comm opened but the widgets' control), refuses a
  message id the kernel was already sent (the kernel would refuse it with a "Duplicate
  Signature" traceback per copy), any ``shutdown_request`` (the kernel would exit and come
  back bare), more than :data:`CONTROL_ASKS` openings of the widgets' control comm or
  asks for every widget's state (each answer is the whole page) and a second ask for one
  widget whole (a canvas's ``client_ready``, a widget's ``request_state``), a widget state
  change larger than ``max_update_bytes`` (the kernel keeps every value it is given: a
  megabyte on each of a student page's 118 text traits grew its kernel by 206 MB in 32 s), and holds each
  socket to a message and byte rate (a token bucket) and each device to its budget of
  sockets, messages and bytes, all its sockets together (:mod:`.devices`); a socket that
  breaks a rule is closed with code 1008 (policy violation), which costs its device two
  socket openings;
- paces what each kernel is sent at a rate a page never comes near (``paced_messages_per_second``,
  10 a second after a burst of 100, all the kernel's sockets together): a page's script sending
  messages the socket allows, as fast as it allows, kept the server busy relaying the answers
  (0.4 of a core per such page) and its kernel a third of a core, and made a table's find screen
  3× slower with three such pages.  A message past the pace is held (at most
  ``max_held_messages``; past them the socket is closed with 1008) and sent on at the pace;
- holds at most ``max_unread_bytes`` (16 MB) for a browser that does not read its socket, and
  closes the socket past them;
- opens only for the kernel's own page (:mod:`.owners`), and answers a refused handshake
  in one line of text (:class:`KernelSocketDoor`);
- keeps kernel output meant for a developer away from the page: ``stream`` (stdout and
  stderr, where ipykernel logs a refused ``comm_open`` with its traceback) and ``error``
  messages go to the server's log, and a reply's ``traceback`` is emptied (jupyter_server's
  own replacement of an error's traceback raised, and left the socket deaf: see
  :meth:`KernelSocket._on_error`);
- tells the server's :class:`~incognito_nb.app.server.budget.KernelBudget` (if the server put
  one in the tornado settings) when a page connects and leaves, and refuses sockets to
  kernels that serve no page (a warm kernel waiting in a pool).

**Query** (``/voila/query/<kernel id>``).  In preheat mode Voilà hands a warm kernel its
page's request (query string, headers: seat tokens, the teacher key) on this socket, to
whoever connects first, and keeps every request it could not deliver in a class-level
cache forever.  :class:`QuerySocket` opens only to a client that proves it is a kernel of
this server (the per-server secret in an ``Authorization`` header, which a browser's
``WebSocket`` cannot send; and no ``Origin`` header, which a browser always sends), and
forgets each request once delivered.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import time
from collections import OrderedDict, deque
from http.client import responses
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado import web
from tornado.ioloop import IOLoop
from tornado.iostream import StreamBufferFullError
from traitlets import Float, Int
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from .devices import DEVICES_SETTING, REFUSED, SLOW
from .owners import OWNERS_SETTING

log = logging.getLogger(__name__)

V1 = "v1.kernel.websocket.jupyter.org"
#: The tornado setting under which the server puts its kernel budget.
BUDGET_SETTING = "incognito_nb_budget"
#: Closing code for a socket that broke the rules (RFC 6455: policy violation).
POLICY_VIOLATION = 1008
#: The kernel's output a page never shows (it goes to the server's log).
PRIVATE_OUTPUT = frozenset({"stream", "error"})
#: How many message ids of each kernel are remembered to refuse a repeat.
SEEN_PER_KERNEL = 1024
#: The one comm a page opens: ipywidgets' front end opens the widgets' control comm, asks it once
#: for every widget's state, and closes it (seen on both classroom pages).  A comm of another target
#: (``jupyter.widget``) would make the kernel build a widget of the browser's choosing and keep it
#: until the kernel ends.
CONTROL_TARGET = "jupyter.widget.control"
#: How many times one socket may open the control comm, and ask it for every widget's state (~130 kB
#: on a student page, for an ask of 300 bytes): a page does each once.
CONTROL_ASKS = 2
#: Asks that a page makes once per widget and that the kernel answers with the whole widget:
#: ipycanvas's front end says ``client_ready`` once for each canvas model, when the page builds it,
#: and the pad then draws its whole board again (~300 kB of point buffers for a 200-byte message);
#: ipywidgets' front end asks for one widget's state (``request_state``: the page's stylesheet is
#: 41 kB) only when the control comm failed, once per widget.  A socket may make each ask once per
#: widget, for at most this many widgets.
MAX_ASKED_WIDGETS = 1024


def frame_problem(frame: Any, *, max_parts: int, max_header: int) -> str | None:
    """Returns what is wrong with a v1 frame from a browser, or None if its framing is sound
    (:func:`read_frame` says more)."""
    return read_frame(frame, max_parts=max_parts, max_header=max_header)[0]


def read_frame(frame: Any, *, max_parts: int, max_header: int) -> tuple[str | None, dict | None, dict | None]:
    """Returns what is wrong with a v1 frame from a browser (None if nothing), its header and
    its content.

    A v1 frame is a little-endian 64-bit count ``n``, ``n`` 64-bit offsets, then the
    channel name and the message parts (header, parent header, metadata, content,
    buffers) that the offsets delimit.  The count, the offsets, the channel and the four
    JSON parts are looked at, never the buffers: jupyter_server signs the parts as they
    are and the kernel parses them, and a part that is not a JSON object, a header
    without ``msg_id``, ``msg_type`` and ``session``, or a comm message without its
    ``comm_id`` makes the kernel write a traceback to the server's terminal for every
    such message.  A page opens no comm but the widgets' control (:data:`CONTROL_TARGET`).
    """
    if not isinstance(frame, bytes):
        return "a text frame on a v1 socket", None, None
    if len(frame) < 8:
        return "a frame too short for v1", None, None
    count = int.from_bytes(frame[:8], "little")
    if not 6 <= count <= max_parts:
        return f"a v1 frame announcing {min(count, 10**6)} parts", None, None
    start = 8 * (count + 1)
    if len(frame) < start:
        return "a v1 frame shorter than its offsets", None, None
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] != start or any(b < a for a, b in zip(offsets, offsets[1:])) or offsets[-1] > len(frame):
        return "v1 offsets out of order or outside the frame", None, None
    if offsets[1] - offsets[0] > 16:
        return "a v1 channel name too long", None, None
    if offsets[2] - offsets[1] > max_header:
        return "a v1 header too large", None, None
    try:
        frame[offsets[0]:offsets[1]].decode("ascii")
        header = json.loads(frame[offsets[1]:offsets[2]])
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "a v1 header that is not JSON", None, None
    if not isinstance(header, dict) or not isinstance(header.get("msg_type"), str):
        return "a v1 header without a message type", None, None
    if not (isinstance(header.get("msg_id"), str) and isinstance(header.get("session"), str)):
        return "a v1 header without a message id or session", None, None
    parts = []
    for begin, end in zip(offsets[2:5], offsets[3:6]):
        try:
            part = json.loads(frame[begin:end])
        except (UnicodeDecodeError, ValueError, RecursionError):
            part = None
        if not isinstance(part, dict):
            return "a v1 message part that is not a JSON object", None, None
        parts.append(part)
    content = parts[2]
    if header["msg_type"].startswith("comm_") and header["msg_type"] != "comm_info_request":
        if not isinstance(content.get("comm_id"), str):
            return "a comm message without a comm id", None, None
        if header["msg_type"] == "comm_open" and not isinstance(content.get("target_name"), str):
            return "a comm opening without a target", None, None
        if header["msg_type"] == "comm_open" and content["target_name"] != CONTROL_TARGET:
            return "a comm opening of another target than the widgets' control", None, None
        if header["msg_type"] == "comm_msg" and not isinstance(content.get("data"), dict):
            return "a comm message without data", None, None
    return None, header, content


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``rate * burst_seconds`` saved."""

    def __init__(self, rate: float, burst_seconds: float, clock=time.monotonic) -> None:
        self.rate, self.capacity, self.clock = rate, rate * burst_seconds, clock
        self.tokens, self.at = self.capacity, clock()

    def take(self, amount: float = 1.0) -> bool:
        """Takes ``amount`` tokens if there are that many; returns whether it could."""
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < amount:
            return False
        self.tokens -= amount
        return True


class KernelSocket(ZMQChannelsWebsocketConnection):
    """A kernel websocket connection that speaks v1 only and checks what browsers send
    (see the module's docstring).  Use it with
    ``--Voila.kernel_websocket_connection_class=incognito_nb.app.server.sockets.KernelSocket``."""

    max_parts = Int(64, config=True, help="The most parts (offsets) a v1 frame from a browser may have.")
    max_header_bytes = Int(1 << 16, config=True, help="The largest message header a browser may send, in bytes.")
    messages_per_second = Float(200.0, config=True, help="The message rate a browser may keep up on one socket.")
    bytes_per_second = Float(4e6, config=True, help="The byte rate a browser may keep up on one socket.")
    burst_seconds = Float(5.0, config=True, help="How many seconds of each rate a socket may spend at once.")
    paced_messages_per_second = Float(10.0, config=True, help=(
        "The message rate each kernel is sent at, its sockets together, once a page has spent its "
        "burst (paced_burst_seconds); past it messages are held and sent on at this rate. A page at "
        "play sends 2-3 a second. 0: no pace."))
    paced_burst_seconds = Float(10.0, config=True, help="How many seconds of the pace a kernel's sockets may spend at once.")
    max_held_messages = Int(100, config=True, help="The most messages a socket may have held by the pace; past them "
                                                   "it is closed.")
    max_update_bytes = Int(16 << 10, config=True, help=(
        "The largest widget state change (a comm message 'update') a browser may send, in bytes: the "
        "kernel keeps each value it is given, and a page's own changes (an index, a switch, the names "
        "ticked) take a few hundred bytes."))
    max_sockets_per_kernel = Int(3, config=True, help="The most browser sockets one kernel may have open at once.")
    max_unread_bytes = Int(16 << 20, config=True, help="The most bytes the server keeps for a browser that does not "
                                                       "read its socket; past them the socket is closed.")

    _counted = False
    _refused = False
    _device: str | None = None
    #: The message ids each kernel has been sent lately (a kernel refuses a repeat, with a traceback).
    _seen: dict[str, OrderedDict] = {}
    #: Each kernel's pace (a bucket its sockets share: a script's three sockets get one page's pace).
    _paces: dict[str, Bucket] = {}

    @property
    def _budget(self):
        return self.websocket_handler.settings.get(BUDGET_SETTING)

    @property
    def _devices(self):
        return self.websocket_handler.settings.get(DEVICES_SETTING)

    async def prepare(self) -> None:
        """Refuses the handshake of a socket that does not offer v1, that comes from another
        page than the kernel's own, from a device past its budget of sockets, or for a
        kernel that serves no page (a warm kernel waiting in a pool), before the socket exists."""
        handler = self.websocket_handler
        offered = handler.request.headers.get("Sec-WebSocket-Protocol", "")
        if V1 not in (part.strip() for part in offered.split(",")):
            log.warning("refused a kernel socket without the %s subprotocol (offered: %r)", V1, offered[:200])
            raise web.HTTPError(400, f"This server speaks only the {V1} protocol on kernel sockets.")
        owners = handler.settings.get(OWNERS_SETTING)
        self._device = None if owners is None or owners.trusted(handler.request) else handler.request.remote_ip
        devices = self._devices
        if devices is not None and self._device is not None:
            verdict, delay = devices.ask(self._device, "socket")
            if verdict == SLOW:
                await asyncio.sleep(delay)
            elif verdict == REFUSED or devices.refused(self._device, "message"):
                log.warning("refused a kernel socket to a device past its budget (%s)", self._device)
                raise web.HTTPError(429, "This device opened too many kernel sockets: wait a minute.")
        if owners is not None and not owners.owns(handler, self.kernel_id):
            raise web.HTTPError(403, "This kernel serves another page.")
        if self.multi_kernel_manager._kernel_connections.get(self.kernel_id, 0) >= self.max_sockets_per_kernel:
            raise web.HTTPError(429, "This page's kernel already has as many sockets as it may.")
        budget = self._budget
        if budget is not None and self.kernel_id not in budget.pages:
            raise web.HTTPError(404, "No page is served by this kernel.")
        self._messages = Bucket(self.messages_per_second, self.burst_seconds)
        self._bytes = Bucket(self.bytes_per_second, self.burst_seconds)
        self._control_asks: dict[str, int] = {}
        self._asked_widgets: set[tuple[str, str]] = set()
        self._held: deque = deque()
        await super().prepare()

    def connect(self):
        budget = self._budget
        if budget is not None:
            self._counted = budget.connected(self.kernel_id)
        connection = self.websocket_handler.ws_connection
        if connection is not None and connection.stream is not None:
            # Tornado keeps all a socket has not sent yet, without a limit: a page's script that
            # asked for every widget's state on one socket and never read another held ~56 kB a
            # second of the server's memory on that other, per socket it kept (one device: eight).
            connection.stream.max_write_buffer_size = self.max_unread_bytes
        return super().connect()

    def disconnect(self):
        self._held.clear()
        if self._counted:
            self._counted = False
            self._budget.disconnected(self.kernel_id)
        return super().disconnect()

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        """Checks a browser's frame (framing, parts, a repeat, rates) before jupyter_server parses it."""
        if self._refused:
            return
        size = len(incoming_msg) if isinstance(incoming_msg, (bytes, str)) else 0
        problem, header, content = read_frame(incoming_msg, max_parts=self.max_parts, max_header=self.max_header_bytes)
        if problem is None and header["msg_type"] == "shutdown_request":
            problem = "a page may not end or restart its kernel"
        if problem is None and not self._asks_control_within_bounds(header["msg_type"], content):
            problem = "the widgets' control comm opened or asked for every state too often"
        if problem is None and not self._once_per_widget(header["msg_type"], content):
            problem = "a widget asked for whole again"
        allowed = self.multi_kernel_manager.allowed_message_types
        if problem is None and allowed and header["msg_type"] not in allowed:
            # jupyter_server would log the type itself, a line per message that a browser chooses.
            log.warning("ignored a message of a type no page may send, on a socket of kernel %s", self.kernel_id)
            return
        if problem is None and size > self.max_update_bytes and header["msg_type"] == "comm_msg" \
                and content["data"].get("method") == "update":
            problem = "a widget state change too large"
        if problem is None and not self._first_time(header["msg_id"]):
            problem = "a message sent twice"
        if problem is None and not (self._messages.take() and self._bytes.take(size)):
            problem = "too many messages"
        devices = self._devices
        if problem is None and devices is not None and self._device is not None:
            if devices.ask(self._device, "message")[0] == REFUSED:
                problem = "too many messages from this device"
            elif devices.ask(self._device, "bytes", size)[0] == REFUSED:
                problem = "too many bytes from this device"
        if problem is not None:
            self._refuse(problem)
            return
        if self._held or not self._paced():
            self._hold(incoming_msg)
            return
        super().handle_incoming_message(incoming_msg)

    def _paced(self) -> bool:
        """Takes a message's turn from the kernel's pace; returns whether it had one now."""
        if self.paced_messages_per_second <= 0:
            return True
        pace = KernelSocket._paces.get(self.kernel_id)
        if pace is None:
            pace = KernelSocket._paces[self.kernel_id] = Bucket(self.paced_messages_per_second, self.paced_burst_seconds)
        return pace.take()

    def _hold(self, incoming_msg: Any) -> None:
        """Keeps a message past the kernel's pace, to send it on at the pace; closes the socket
        past :attr:`max_held_messages`."""
        if len(self._held) >= self.max_held_messages:
            self._held.clear()
            self._refuse(f"too many messages held by its pace ({self.paced_messages_per_second:g} a second)",
                         said="too many messages")
            return
        if not self._held:
            log.warning("holding the messages of a socket of kernel %s: past its pace (%g a second)",
                        self.kernel_id, self.paced_messages_per_second)
            IOLoop.current().call_later(1 / self.paced_messages_per_second, self._send_held)
        self._held.append(incoming_msg)

    def _send_held(self) -> None:
        """Sends on the held messages the kernel's pace allows now; comes back for the rest."""
        while self._held and not self._refused and self._paced():
            super().handle_incoming_message(self._held.popleft())
        if self._refused:
            self._held.clear()
        if self._held:
            IOLoop.current().call_later(1 / self.paced_messages_per_second, self._send_held)

    def _refuse(self, problem: str, *, said: str | None = None) -> None:
        """Closes the socket for a broken rule: logs ``problem``, costs the device two socket
        openings, and tells the browser ``said`` (default: the problem) in the close frame."""
        log.warning("closed a socket of kernel %s: %s", self.kernel_id, problem)
        self._refused = True
        devices = self._devices
        if devices is not None and self._device is not None:
            devices.ask(self._device, "socket", 2.0)  # a broken rule costs the device two openings
        self._cut_off(problem if said is None else said)

    def _cut_off(self, problem: str = "", *, close_frame: bool = True) -> None:
        """Sends the browser the close frame (1008 and the problem) and closes the connection at
        once. Tornado would wait five seconds for the browser's own close frame, reading and
        dropping all it sends meanwhile: on a loaded laptop a refused device's nine sockets kept
        the server reading 2 GB in those seconds (``test_attacks_devices``). A browser that
        reads its socket still gets the close frame; one that floods it gets a reset. Without
        ``close_frame`` the connection is only closed (a backlog left unread has no room for one)."""
        connection = self.websocket_handler.ws_connection  # the handler forgets it at close()
        if close_frame:
            self.websocket_handler.close(POLICY_VIOLATION, problem[:100])
        if connection is not None and connection.stream is not None:
            connection.stream.close()

    def _asks_control_within_bounds(self, msg_type: str, content: dict) -> bool:
        """Counts the socket's openings of the control comm and its asks for every widget's
        state; returns whether each is still within :data:`CONTROL_ASKS`."""
        if msg_type == "comm_open":
            ask = "open"
        elif msg_type == "comm_msg" and content["data"].get("method") == "request_states":
            ask = "states"
        else:
            return True
        self._control_asks[ask] = self._control_asks.get(ask, 0) + 1
        return self._control_asks[ask] <= CONTROL_ASKS

    def _once_per_widget(self, msg_type: str, content: dict) -> bool:
        """Notes a canvas's ``client_ready`` and an ask for a widget's state; returns whether it is
        the widget's first of its kind on this socket."""
        if msg_type != "comm_msg":
            return True
        data = content["data"]
        said = data.get("content")
        if isinstance(said, dict) and said.get("event") == "client_ready":
            ask = (content["comm_id"], "client_ready")
        elif data.get("method") == "request_state":
            ask = (content["comm_id"], "request_state")
        else:
            return True
        if ask in self._asked_widgets or len(self._asked_widgets) >= MAX_ASKED_WIDGETS:
            return False
        self._asked_widgets.add(ask)
        return True

    def _first_time(self, msg_id: str) -> bool:
        seen = KernelSocket._seen.setdefault(self.kernel_id, OrderedDict())
        if msg_id in seen:
            return False
        seen[msg_id] = None
        while len(seen) > SEEN_PER_KERNEL:
            seen.popitem(last=False)
        return True

    @staticmethod
    def forget(kernel_id: str) -> None:
        """Drops the message ids and the pace of a kernel that has ended."""
        KernelSocket._seen.pop(kernel_id, None)
        KernelSocket._paces.pop(kernel_id, None)

    def _on_error(self, channel, msg, msg_list):
        """Leaves a kernel's ``error`` message as it is: :meth:`_on_zmq_reply` keeps it off the page.

        jupyter_server's own reads ``traceback_replacement_message`` from the kernel's own
        manager, which has none (the mapping kernel manager has it): the AttributeError, raised
        inside the zmq stream's callback, left the socket deaf to its kernel for good.  One value
        a widget refuses from the browser (ipywidgets shows the refusal as an ``error``) did it.
        """

    def _on_zmq_reply(self, stream, msg_list):
        """Keeps the kernel's console output and tracebacks off the page (they go to the log)."""
        if self._refused:
            return None
        if self.subprotocol == V1 and isinstance(msg_list, list) and len(msg_list) >= 4:
            channel = getattr(stream, "channel", None)
            if channel == "iopub":
                try:
                    msg_type = json.loads(msg_list[0]).get("msg_type")
                except (ValueError, AttributeError):
                    msg_type = None
                if msg_type in PRIVATE_OUTPUT:
                    log.warning("kernel %s %s (not sent to the page): %s", self.kernel_id, msg_type,
                                bytes(msg_list[3][:2000]).decode("utf-8", "replace"))
                    return
            elif b'"traceback"' in bytes(msg_list[3]):
                msg_list = list(msg_list)
                msg_list[3] = _without_traceback(msg_list[3], self.kernel_id)
        try:
            return super()._on_zmq_reply(stream, msg_list)
        except StreamBufferFullError:  # past max_unread_bytes (set at connect)
            log.warning("closed a socket of kernel %s: a page that does not read its socket", self.kernel_id)
            self._refused = True
            self._cut_off(close_frame=False)  # no room for one
            return None


def _without_traceback(content: bytes, kernel_id: str) -> bytes:
    try:
        reply = json.loads(content)
    except ValueError:
        return content
    if isinstance(reply, dict) and "traceback" in reply:
        log.warning("kernel %s replied with an error (not sent to the page): %s", kernel_id,
                    "\n".join(map(str, reply.get("traceback") or []))[:2000])
        reply.update(traceback=[], evalue="The server could not do that.")
        return json.dumps(reply).encode("utf-8")
    return content


class QuerySocket(RequestInfoSocketHandler):
    """Voilà's request-info socket, open only to this server's own kernels (see the module's
    docstring).  ``secret`` is the per-server secret; ``on_waiting(kernel_id)`` is called
    when a warm kernel starts waiting for its page."""

    def initialize(self, secret: str, on_waiting=None) -> None:
        self._secret = f"Bearer {secret}".encode("utf-8")
        self._on_waiting = on_waiting

    def prepare(self) -> None:
        offered = self.request.headers.get("Authorization", "").encode("utf-8", "replace")
        if "Origin" in self.request.headers or not hmac.compare_digest(offered, self._secret):
            raise web.HTTPError(404)

    def open(self, kernel_id: str) -> None:
        self._kernel_id = kernel_id
        RequestInfoSocketHandler._waiters[kernel_id] = self
        request = RequestInfoSocketHandler._cache.pop(kernel_id, None)
        if request is not None:
            self.write_message(request)
        elif self._on_waiting is not None:
            self._on_waiting(kernel_id)

    def on_close(self) -> None:
        kernel_id = getattr(self, "_kernel_id", None)
        if RequestInfoSocketHandler._waiters.get(kernel_id) is self:
            del RequestInfoSocketHandler._waiters[kernel_id]

    def _request_summary(self) -> str:
        return f"{self.request.method} /voila/query/… ({self.request.remote_ip})"

    @staticmethod
    def forget(kernel_id: str) -> None:
        """Drops whatever Voilà still holds for a kernel that has ended."""
        RequestInfoSocketHandler._cache.pop(kernel_id, None)
        RequestInfoSocketHandler._waiters.pop(kernel_id, None)


class KernelSocketDoor(VoilaKernelWebsocketHandler):
    """Voilà's kernel websocket handler, whose refusals (400, 403, 404, 429 before the socket
    exists) are one line of plain text: jupyter_server's own error page needs a template
    this server does not have, and each refusal wrote a traceback to the log."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = (kwargs.get("exc_info") or (None, None, None))[1]
        text = getattr(error, "log_message", None) or responses.get(status_code, "Refused")
        self.set_header("Content-Type", "text/plain; charset=UTF-8")
        self.finish(f"{status_code}: {text}\n")
