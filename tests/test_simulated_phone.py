"""The class benchmark's simulated phones (``benchmarks.phones``) see what a phone's page shows.

``benchmarks.class_pace`` times a phase change on a phone it does not render by following
that page's widget models over its kernel's socket; these tests hold that client to what a
real page would show, against a real ``incognito-nb classroom``: it knows the lobby as
soon as it connects (the kernel's ``request_states`` answer), learns of the hide screen only
when the game starts, and of the waiting message (on the screen from the start, hidden) only
when the student is done.
"""

from __future__ import annotations

import pytest

from classroom_server import classroom

from benchmarks.class_pace import _deck
from benchmarks.phones import SimulatedPhone, read
from incognito_nb.engine import Action, Rules
from incognito_nb.store import open_store

pytestmark = pytest.mark.browser


def test_a_simulated_phone_follows_its_pages_screens(tmp_path):
    with classroom(tmp_path) as room:
        store = open_store(room.store)
        try:
            keys = store.create_table(_deck(), Rules(rounds=1), seed=2)
            seats = {name: store.join(keys.code, name) for name in ("Ana", "Ben", "Cleo")}
            phone = SimulatedPhone(f"{room.render}/student.ipynb?code={keys.code}&token={seats['Ana'].token}").open()
            try:
                phone.watch("lobby", "inc-lobby")
                phone.wait("lobby", 60)  # shown when it connected, or as its first screen
                phone.watch("hide", "inc-hide-card")
                phone.watch("waiting", "inc-waiting", "Wait for the others")
                phone.watch("find", "inc-votes")
                assert {"hide", "waiting", "find"}.isdisjoint(phone.seen)  # the lobby has none of them
                store.start(keys.code, keys.teacher_key)
                started = phone.wait("hide", 60)
                assert "waiting" not in phone.seen and "find" not in phone.seen
                store.act(keys.code, Action.mark_done("Ana"), seat_token=seats["Ana"].token)
                assert phone.wait("waiting", 60) > started  # the note held hidden until Done is shown
                phone.wait_gone("inc-hide-card", 60)  # then the drawing's card goes (a message later)
                assert "find" not in phone.seen  # two others still draw
            finally:
                phone.close()
        finally:
            store.close()


def test_frames_from_the_kernel_are_read_as_the_server_writes_them():
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    frame = serialize_msg_to_ws_v1([b'{"msg_type": "comm_msg"}', b"{}", b"{}", b'{"comm_id": "x", "data": {}}',
                                    b"\x00\x01"], "iopub")
    assert read(frame) == ("iopub", {"msg_type": "comm_msg"}, {"comm_id": "x", "data": {}})
    assert read(b"short") is None and read("text frame") is None
