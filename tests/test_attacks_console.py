"""A curious student at their phone's console, against a running ``incognito-nb classroom``:
what a page's script can set or send on the widgets its page already has (issue 10 and 17's
attacks are in tests/test_attacks.py and tests/test_attacks_devices.py).

- A trait set to a value its widget refuses (``model.set('title', {})`` on the page's tab
  title, a size button's index out of range): ipywidgets shows the refusal as an ``error``
  message, jupyter_server's socket tripped over it (its ``_on_error`` reads an attribute its
  kernel manager lacks), and the page heard nothing more from its kernel: the next phase, the
  reveal, the language the teacher chose, never reached it.
- Traits set to large values (a megabyte on each of a page's 118 text traits, its buttons'
  words, its lines of HTML): the kernel keeps every value it is given, and one student's
  script grew its kernel from 79 to 285 MB in 32 s (120 MB sent, within the socket's and the
  device's rates), as widgets of the page's own making once did.
"""

from __future__ import annotations

import contextlib
import time
import uuid

import pytest
from websockets.exceptions import ConnectionClosed

from classroom_server import Browser, classroom, kernel_socket, v1_message, v1_read
from incognito_nb.store import open_store

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    with classroom(tmp_path_factory.mktemp("console")) as running:
        yield running


#: How the server ends a socket that broke a rule (tests/test_attacks.py's CUT_OFF).
CUT_OFF = (1008, 1006)


def game(room, names=("Ana", "Ben", "Cleo")):
    """A table created by the teacher's browser on the laptop, ``names`` seated, the game started."""
    teacher = Browser(room.url)
    code, key = teacher.create_table()
    with open_store(room.store) as store:
        seats = {name: store.join(code, name) for name in names}
        store.start(code, key)
    return code, key, seats


def every_widget(socket) -> dict:
    """Asks the kernel for every widget's state, as a page does once when it opens; returns
    each comm's state."""
    control, asked = uuid.uuid4().hex, uuid.uuid4().hex
    socket.send(v1_message("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                           metadata={"version": "1.0.0"}))
    socket.send(v1_message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, msg_id=asked))
    while True:
        _, header, content = v1_read(socket.recv(timeout=60))
        if header["msg_type"] == "comm_msg" and content["data"].get("method") == "update_states":
            return {comm: model["state"] for comm, model in content["data"]["states"].items()}


def next_update_of(socket, comm: str, timeout: float) -> dict | None:
    """Returns the next change the kernel sends of widget ``comm`` (not an echo of the
    browser's own), or None if none comes within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    with contextlib.suppress(TimeoutError, ConnectionClosed):
        while (left := deadline - time.monotonic()) > 0:
            _, header, content = v1_read(socket.recv(timeout=left))
            if header["msg_type"] == "comm_msg" and content["comm_id"] == comm \
                    and content["data"].get("method") == "update":
                return content["data"]["state"]
    return None


@pytest.mark.parametrize("refused", ["tab title", "pen size"])
def test_a_value_a_widget_refuses_leaves_the_page_following_the_game(room, refused):
    code, key, seats = game(room)
    kernel = Browser(room.url).open_seat(code, seats["Ben"])
    with kernel_socket(room, kernel) as socket:
        states = every_widget(socket)
        title = next(comm for comm, state in states.items() if {"title", "language"} <= set(state))
        if refused == "tab title":  # a Unicode trait given an object
            socket.send(v1_message("comm_msg", {"comm_id": title, "data": {
                "method": "update", "state": {"title": {"not": "a title"}}, "buffer_paths": []}}))
        else:  # the pad's sizes: an index past its three buttons
            sizes = next(comm for comm, state in states.items() if "inc-tool-size" in state.get("_dom_classes", ()))
            socket.send(v1_message("comm_msg", {"comm_id": sizes, "data": {
                "method": "update", "state": {"index": 99}, "buffer_paths": []}}))
        # The teacher chooses French for the table: Ben's page follows, its tab title with it.
        with open_store(room.store) as store:
            store.set_language(code, key, "fr")
        changed = next_update_of(socket, title, timeout=30)
    assert changed is not None and changed.get("language") == "fr", \
        f"after a refused {refused}, Ben's page no longer hears its kernel: {changed}"


def test_a_page_cannot_make_its_kernel_keep_large_values_in_its_widgets(room):
    code, _, seats = game(room)
    kernel = Browser(room.url).open_seat(code, seats["Cleo"])
    with kernel_socket(room, kernel) as socket:
        states = every_widget(socket)
        texts = [(comm, name) for comm, state in states.items() if state.get("_model_name") == "HTMLModel"
                 for name in ("value", "placeholder")][:4]
        with contextlib.suppress(ConnectionClosed):
            for number, (comm, name) in enumerate(texts):
                socket.send(v1_message("comm_msg", {"comm_id": comm, "data": {
                    "method": "update", "state": {name: str(number) * 1_000_000}, "buffer_paths": []}}))
            socket.send(v1_message("comm_info_request", {}))
            while True:  # until the server cuts the socket off, or the kernel's answer (not cut off)
                if v1_read(socket.recv(timeout=60))[1]["msg_type"] == "comm_info_reply":
                    break
        closed = socket.close_code
    with kernel_socket(room, kernel) as socket:  # the page, opened again
        now = every_widget(socket)
    kept = [(comm, name) for comm, name in texts if len(str(now[comm].get(name))) >= 1_000_000]
    assert not kept and closed in CUT_OFF, f"the kernel kept {len(kept)} megabytes a page's script sent ({closed})"
