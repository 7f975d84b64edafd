"""What the classroom server accepts on a kernel socket, frame by frame, before jupyter_server
parses it (``incognito_nb/app/server/sockets.py``).  The same frames are sent to a running server
in ``tests/test_attacks.py``."""

from __future__ import annotations

import json
import struct

from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1

from incognito_nb.app.server.sockets import Bucket, frame_problem, read_frame

LIMITS = {"max_parts": 64, "max_header": 1 << 16}


def frame(msg_type: str = "comm_msg", channel: str = "shell", buffers: tuple[bytes, ...] = ()) -> bytes:
    header = {"msg_id": "1", "msg_type": msg_type, "session": "s", "username": "", "version": "5.3", "date": ""}
    parts = [json.dumps(part).encode() for part in (header, {}, {}, {"comm_id": "c", "data": {}})]
    return serialize_msg_to_ws_v1(parts + list(buffers), channel)


def test_a_frame_the_browser_front_end_would_send_passes():
    assert frame_problem(frame(), **LIMITS) is None
    assert frame_problem(frame(buffers=(b"\x00" * 4096, b"\x01" * 8)), **LIMITS) is None
    channel, parts = deserialize_msg_from_ws_v1(frame())
    assert channel == "shell" and len(parts) == 4


def test_a_count_of_two_to_the_sixtieth_parts_is_refused_at_once():
    crafted = (2**60).to_bytes(8, "little") + b"\x00" * 64
    assert "announcing" in frame_problem(crafted, **LIMITS)


def test_a_legacy_binary_message_is_not_read_as_v1():
    # jupyter_server's legacy framing: a big-endian 32-bit count, then 32-bit offsets.
    legacy = struct.pack("!III", 2, 12, 40) + json.dumps({"header": {}}).encode() + b"\x00" * 16
    assert frame_problem(legacy, **LIMITS) is not None


def test_offsets_out_of_order_or_outside_the_frame_are_refused():
    good = bytearray(frame())
    backwards = bytearray(good)
    backwards[16:24] = (10**6).to_bytes(8, "little")
    assert "offsets" in frame_problem(bytes(backwards), **LIMITS)
    assert "offsets" in frame_problem(bytes(good[:-3]), **LIMITS)


def test_text_frames_and_headers_that_are_not_a_json_object_are_refused():
    assert frame_problem('{"header": {}}', **LIMITS) == "a text frame on a v1 socket"
    not_json = serialize_msg_to_ws_v1([b"[[[[", b"{}", b"{}", b"{}"], "shell")
    assert frame_problem(not_json, **LIMITS) == "a v1 header that is not JSON"
    no_type = serialize_msg_to_ws_v1([b"[1, 2]", b"{}", b"{}", b"{}"], "shell")
    assert frame_problem(no_type, **LIMITS) == "a v1 header without a message type"


def test_a_header_too_large_to_parse_on_the_event_loop_is_refused():
    big = serialize_msg_to_ws_v1([json.dumps({"msg_type": "comm_msg", "x": "y" * 70_000}).encode(), b"{}", b"{}", b"{}"],
                                 "shell")
    assert frame_problem(big, **LIMITS) == "a v1 header too large"


def test_a_bucket_allows_a_burst_then_the_rate():
    now = [0.0]
    bucket = Bucket(rate=10, burst_seconds=2, clock=lambda: now[0])
    assert all(bucket.take() for _ in range(20))
    assert not bucket.take()
    now[0] += 0.5
    assert sum(bucket.take() for _ in range(10)) == 5


def parts_frame(header: dict, content, *, parent=b"{}", metadata=b"{}") -> bytes:
    content = content if isinstance(content, bytes) else json.dumps(content).encode()
    return serialize_msg_to_ws_v1([json.dumps(header).encode(), parent, metadata, content], "shell")


HEADER = {"msg_id": "1", "msg_type": "comm_msg", "session": "s", "username": "", "version": "5.3", "date": ""}


def test_parts_that_the_kernel_could_not_read_are_refused_before_they_reach_it():
    # Each of these made the kernel write a traceback to the server's terminal, once per message.
    assert frame_problem(parts_frame(HEADER, b"not json"), **LIMITS) == "a v1 message part that is not a JSON object"
    assert frame_problem(parts_frame(HEADER, [1, 2]), **LIMITS) == "a v1 message part that is not a JSON object"
    assert frame_problem(parts_frame(HEADER, {"comm_id": "c", "data": {}}, parent=b"[]"), **LIMITS) is not None
    no_id = {key: value for key, value in HEADER.items() if key != "msg_id"}
    assert frame_problem(parts_frame(no_id, {"comm_id": "c", "data": {}}), **LIMITS) == \
        "a v1 header without a message id or session"


def test_a_comm_message_must_name_its_comm_and_carry_data():
    assert frame_problem(parts_frame(HEADER, {"data": {}}), **LIMITS) == "a comm message without a comm id"
    assert frame_problem(parts_frame(HEADER, {"comm_id": "c", "data": "x"}), **LIMITS) == "a comm message without data"
    opening = dict(HEADER, msg_type="comm_open")
    assert frame_problem(parts_frame(opening, {"comm_id": "c", "data": {}}), **LIMITS) == "a comm opening without a target"
    info = dict(HEADER, msg_type="comm_info_request")
    assert frame_problem(parts_frame(info, {}), **LIMITS) is None


def test_the_header_is_read_for_the_socket_to_check_its_type_and_id():
    problem, header, _ = read_frame(frame("shutdown_request"), **LIMITS)
    assert problem is None and header["msg_type"] == "shutdown_request" and header["msg_id"] == "1"


def test_a_page_opens_no_comm_but_the_widgets_control():
    opening = dict(HEADER, msg_type="comm_open")
    widget = {"comm_id": "c", "target_name": "jupyter.widget", "data": {"state": {"_model_name": "HTMLModel"}}}
    assert frame_problem(parts_frame(opening, widget), **LIMITS) == \
        "a comm opening of another target than the widgets' control"
    control = {"comm_id": "c", "target_name": "jupyter.widget.control", "data": {}}
    assert frame_problem(parts_frame(opening, control), **LIMITS) is None
