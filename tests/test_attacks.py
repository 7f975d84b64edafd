"""A curious student against a running ``incognito-nb classroom``: each attack of issue 10,
tried the way a student would, on a game in progress.

- A kernel socket opened without the v1 subprotocol (one line in the browser console), then
  a stroke drawn: on plain Voilà the server parses the pad's binary buffers as v1 framing
  and loops; here the socket is refused, the server answers HTTP within a second all along,
  its memory stays put, and the game goes on for everyone.
- Crafted frames on a v1 socket (a count of 2**60 offsets, text, a flood), crafted comm
  messages (a ``comm_open`` the kernel refuses): the socket is closed, nothing loops, and no
  traceback reaches the browser.  Widgets of the page's own making (``comm_open`` of
  ``jupyter.widget``), which its kernel would keep until it ends, and asks for every widget's
  state again and again (each answer the whole page): refused.  A recover message naming any
  number of earlier pages: the kernel keeps the newest 500 names.  Full boards drawn and
  cleared in a loop: the store takes a seat's ink no faster than a hand draws, and the board
  as it was left reaches the store.  A canvas said ready again and again (each time the pad
  draws its board again), or one widget asked for whole again and again (request_state):
  once per widget and socket.
- Loops of anonymous page requests: no kernel, bounded memory.  A closed tab: its kernel
  ends within a minute.  Pages beyond a device's share, or the server's: refused, and said.
- The preheated kernels' query socket (seat tokens and teacher keys travel on it), and a
  warm kernel's socket: no browser opens them.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from browser import draw_stroke, wait_for_ink, wait_for_paper
from classroom_server import (
    STALLED,
    Browser,
    Probe,
    children,
    classroom,
    kernel_id_in,
    kernel_socket,
    v1_message,
    v1_parent,
    v1_read,
)
from incognito_nb.store import open_store
from incognito_nb.ui.pages.ink_budget import BURST_POINTS, POINTS_PER_SECOND
from table_driver import MIDDLE, SLOW, STEP

pytestmark = pytest.mark.browser

PAD = ".inc-pad canvas"


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    with classroom(tmp_path_factory.mktemp("attacks")) as running:
        yield running


def game(room, names=("Ana", "Ben", "Cleo"), *, laptop: bool = True):
    """A table created by a teacher's browser, ``names`` seated and the game started; the teacher
    is on the laptop, or (``laptop=False``) on another device and types the classroom passphrase."""
    teacher = Browser(room.url)
    if not laptop:
        assert teacher.say_passphrase()[0] == 303
    code, key = teacher.create_table()
    with open_store(room.store) as store:
        seats = {name: store.join(code, name) for name in names}
        store.start(code, key)
    return teacher, code, seats


def seat_page(room, context, code, seat):
    page = context.new_page()
    page.goto(f"{room.render}/student.ipynb?code={code}&token={seat.token}", timeout=SLOW)
    page.wait_for_selector(PAD, timeout=SLOW)
    wait_for_paper(page, PAD, timeout=STEP)
    return page


def raw_seat_kernel(room, code, seat) -> str:
    """Opens a seat's page as a script would (no browser) and returns its kernel id."""
    status, _, html = Browser(room.url).get(f"/voila/render/student.ipynb?code={code}&token={seat.token}")
    assert status == 200
    return kernel_id_in(html)


LEGACY_SOCKET = """async () => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const url = `ws://${location.host}/api/kernels/${config.kernelId}/channels?session_id=attack`;
  return await new Promise(done => {
    const socket = new WebSocket(url);
    socket.onopen = () => done('open');
    socket.onerror = () => done('refused');
    socket.onclose = () => done('refused');
    setTimeout(() => done('no answer'), 20000);
  });
}"""


def test_a_legacy_kernel_socket_is_refused_and_the_game_goes_on(room, browser):
    teacher, code, seats = game(room)
    contexts = [browser.new_context() for _ in range(3)]
    try:
        projector = contexts[0].new_page()
        teacher.give_cookies_to(contexts[0])
        projector.goto(f"{room.render}/teacher.ipynb?code={code}", timeout=SLOW)
        projector.wait_for_selector(".inc-who-chip", timeout=SLOW)
        ana, ben = (seat_page(room, context, code, seats[name]) for context, name in zip(contexts[1:], ("Ana", "Ben")))
        before = room.server_rss_mb()
        with Probe(room.url) as probe:
            # One line in Ana's console: a kernel socket without a subprotocol.
            assert ana.evaluate(LEGACY_SOCKET) == "refused"
            with pytest.raises(InvalidStatus) as refused:  # the same from a script, answered 400
                kernel_socket(room, kernel_of(ana), protocols=())
            assert refused.value.response.status_code == 400
            # The trigger on plain Voilà: a stroke, whose board update carries binary buffers.
            draw_stroke(ana, PAD, [(0.2, 0.4), (0.5, 0.6), (0.7, 0.5)], steps=4)
            wait_for_ink(ana, PAD, region=MIDDLE, timeout=STEP)
            # The game goes on for everyone: Ben draws and is done, the projector shows it.
            draw_stroke(ben, PAD, [(0.3, 0.4), (0.6, 0.5)], steps=4)
            wait_for_ink(ben, PAD, region=MIDDLE, timeout=STEP)
            ben.click(".inc-done")
            projector.wait_for_function(
                "() => [...document.querySelectorAll('.inc-who-chip')].some(c => c.textContent.includes('Ben') "
                "&& c.textContent.includes('done'))", timeout=STEP)
            probe.wait_for_answers(5)  # and the server goes on answering the others
        assert not probe.failures and probe.slowest < STALLED, (probe.slowest, probe.failures)
        assert room.server_rss_mb() - before < 50
    finally:
        for context in contexts:
            context.close()


def test_crafted_frames_close_the_socket_and_nothing_loops(room):
    _, code, seats = game(room)
    kernel = raw_seat_kernel(room, code, seats["Cleo"])
    before = room.server_rss_mb()
    crafted = {
        "a count of 2**60 offsets": (2**60).to_bytes(8, "little") + b"\x00" * 64,
        "a text frame": '{"header": {"msg_type": "comm_msg"}, "channel": "shell"}',
        "offsets beyond the frame": (6).to_bytes(8, "little") + (56).to_bytes(8, "little") + (10**9).to_bytes(8, "little") * 5,
    }
    with Probe(room.url) as probe:
        for what, frame in crafted.items():
            with kernel_socket(room, kernel) as socket:
                socket.send(frame)
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        socket.recv(timeout=20)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008, what
        floods = room.log.read_text().count("too many messages")
        with kernel_socket(room, kernel) as socket:  # a flood: closed once past the rate
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(5000):
                    socket.send(v1_message("comm_info_request", {}))
                while True:
                    socket.recv(timeout=20)
            # A flood is cut off at once: its close frame may be lost in the reset.
            assert closed.value.rcvd is None or closed.value.rcvd.code == 1008
        assert room.log.read_text().count("too many messages") == floods + 1
    assert not probe.failures and probe.slowest < STALLED, (probe.slowest, probe.failures)
    assert room.server_rss_mb() - before < 50


def test_a_refused_comm_open_sends_no_traceback_to_the_browser(room):
    _, code, seats = game(room)
    kernel = raw_seat_kernel(room, code, seats["Ana"])
    for opening in ({"comm_id": "a1", "target_name": "no.such.target", "data": {}},
                    {"comm_id": "a2", "target_name": "jupyter.widget", "data": {"state": {"_model_name": "Nothing"}}}):
        with kernel_socket(room, kernel) as socket:  # refused by the server: a page opens only the control comm
            socket.send(v1_message("comm_open", opening))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    socket.recv(timeout=20)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    seen = []
    with kernel_socket(room, kernel) as socket:
        # The control comm without its protocol's version: the kernel refuses it, with a traceback.
        socket.send(v1_message("comm_open", {"comm_id": "a3", "target_name": "jupyter.widget.control", "data": {}}))
        socket.send(v1_message("comm_msg", {"comm_id": "no-such-comm", "data": {"method": "update"}}))
        socket.send(v1_message("execute_request", {"code": "import os; os.getcwd()", "silent": False}))
        last = uuid.uuid4().hex
        socket.send(v1_message("comm_info_request", {}, msg_id=last))
        deadline = time.monotonic() + 60
        while True:
            frame = socket.recv(timeout=max(0.1, deadline - time.monotonic()))
            seen.append(v1_read(frame))
            channel, header, content = seen[-1]
            # The kernel idle after the last request: what it says of the earlier ones (in the
            # order they came) has come before, on the same channel.
            if (channel, header["msg_type"], content.get("execution_state")) == ("iopub", "status", "idle") \
                    and v1_parent(frame).get("msg_id") == last:
                break
    kinds = [header["msg_type"] for _, header, _ in seen]
    assert "comm_info_reply" in kinds  # the socket still works
    assert "comm_close" in kinds  # the refusals did happen
    assert "execute_reply" not in kinds and "execute_result" not in kinds  # code is still refused
    text = repr(seen)
    assert "Traceback" not in text and "site-packages" not in text and "stream" not in kinds and "error" not in kinds


def test_loops_of_anonymous_requests_hold_no_kernel_and_no_memory(room):
    _, code, _ = game(room)
    room.wait_for(lambda s: not s["warming"].get("student.ipynb"), "the new table's kernels warm", timeout=120)
    pages, kernels, before = room.status()["pages"], len(room.kernel_ids()), room.server_rss_mb()
    anonymous = ["/voila/render/student.ipynb", f"/voila/render/student.ipynb?code={code}",
                 f"/voila/render/student.ipynb?code={code}&token=guess", f"/voila/render/teacher.ipynb?code={code}",
                 "/voila/render/teacher.ipynb?code=ZZZZZ&key=guess", "/"]
    started = time.monotonic()
    for number in range(100):
        status, _, _ = Browser(room.url).get(anonymous[number % len(anonymous)])
        assert status in (200, 302, 403), status
    took = time.monotonic() - started
    status = room.status()
    # No request made a page; a page of an earlier test may end meanwhile (its browser went
    # away 20 s before: a suite run's log showed one end during the loop), so the count may only fall.
    assert all(count <= pages.get(notebook, 0) for notebook, count in status["pages"].items()), (pages, status)
    assert len(room.kernel_ids()) <= kernels + 1  # (the new-table form warms one teacher kernel)
    assert room.server_rss_mb() - before < 30
    print(f"100 anonymous requests in {took:.1f} s; kernels {kernels} → {len(room.kernel_ids())}")


def test_a_closed_tab_ends_its_kernel_within_a_minute(room, browser):
    _, code, seats = game(room)
    context = browser.new_context()
    page = seat_page(room, context, code, seats["Ana"])
    kernel = kernel_of(page)
    assert kernel in room.kernel_ids()
    context.close()  # the tab is gone without a word (no beforeunload): a phone put away, a crash
    closed = time.monotonic()
    while kernel in room.kernel_ids():
        assert time.monotonic() - closed < 60, "the closed tab's kernel is still running after 60 s"
        time.sleep(0.5)
    print(f"a closed tab's kernel ended {time.monotonic() - closed:.1f} s after the tab")


def test_no_browser_opens_the_query_socket_or_a_warm_kernels_socket(room):
    from websockets.sync.client import connect

    before = room.kernel_ids()
    Browser(room.url).create_table()
    room.wait_for(lambda s: s["warm"].get("student.ipynb", 0) >= 1, "a warm student kernel")
    warm = sorted(room.kernel_ids() - before)[0]
    for headers in ({"Origin": room.url}, {}, {"Authorization": "Bearer guess"}):
        with pytest.raises(InvalidStatus) as refused:
            connect(f"{room.ws}/voila/query/{warm}", additional_headers=headers, open_timeout=30)
        assert refused.value.response.status_code == 404
    secret = _server_secret(room)
    with pytest.raises(InvalidStatus):  # even with the secret, a browser (which sends Origin) is refused
        connect(f"{room.ws}/voila/query/{warm}", additional_headers={"Authorization": f"Bearer {secret}",
                                                                    "Origin": room.url}, open_timeout=30)
    with pytest.raises(InvalidStatus) as refused:
        kernel_socket(room, warm)
    assert refused.value.response.status_code == 404


def _server_secret(room) -> str:
    """Reads the server's secret where its kernels have it: in their environment."""
    for entry in Path("/proc").iterdir():
        try:  # a process listed may end before it is read (the server ends kernels all the time)
            if not entry.name.isdigit() or int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) != room.server_pid:
                continue
            environment = (entry / "environ").read_bytes().split(b"\0")
        except (OSError, ValueError, IndexError):
            continue
        for item in environment:
            if item.startswith(b"INCOGNITO_NB_SERVER_SECRET="):
                return item.split(b"=", 1)[1].decode()
    raise AssertionError("no kernel of the server holds its secret")


def test_pages_beyond_a_devices_share_or_the_servers_are_refused_and_said(tmp_path):
    options = ("--ClassroomServer.trust_this_machine=False", "--ClassroomServer.max_pages_per_device=2",
               "--ClassroomServer.max_kernels=4")
    with classroom(tmp_path, *options) as small:
        _, code, seats = game(small, ("Ana", "Ben", "Cleo", "Dev"), laptop=False)
        device = Browser(small.url)
        for name in ("Ana", "Ben"):
            status, _, html = device.get(f"/voila/render/student.ipynb?code={code}&token={seats[name].token}")
            assert status == 200 and "kernelId" in html
        status, _, html = device.get(f"/voila/render/student.ipynb?code={code}&token={seats['Cleo'].token}")
        assert status == 503 and "This device already has 2 Incognito pages open" in html
        # Reopening one's own seat is fine: its old page makes room.
        status, _, html = device.get(f"/voila/render/student.ipynb?code={code}&token={seats['Ana'].token}")
        assert status == 200 and "kernelId" in html
        # Reloading in a loop is slowed down, and said. The reloads go at once: one after the
        # other, on a loaded machine each page took longer than the device's allowance takes to
        # give a page back (one every 10 s), and none was refused.
        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(lambda _: device.get(
                f"/voila/render/student.ipynb?code={code}&token={seats['Ana'].token}")[0], range(8)))
        assert 429 in answers
        assert len(small.kernel_ids()) <= 4


def test_a_loop_of_seat_reloads_keeps_one_kernel_per_seat(room):
    _, code, seats = game(room)
    pages = room.status()["pages"].get("student.ipynb", 0)
    kernels = [raw_seat_kernel(room, code, seats["Ben"]) for _ in range(6)]
    alive = room.kernel_ids()
    assert kernels[-1] in alive and not set(kernels[:-1]) & alive
    assert room.status()["pages"].get("student.ipynb", 0) == pages + 1


#: A widget as ipywidgets' front end would ask the kernel to build it (an HTML line of 20 kB).
HTML_WIDGET = {"_model_name": "HTMLModel", "_model_module": "@jupyter-widgets/controls",
               "_model_module_version": "2.0.0", "_view_name": "HTMLView",
               "_view_module": "@jupyter-widgets/controls", "_view_module_version": "2.0.0", "value": "x" * 20_000}


def until_idle_after(socket, last: str, seen: list) -> None:
    """Reads the socket into ``seen`` until the kernel is idle after the request ``last``
    (what it says of earlier requests has come before), or until the server closes the socket."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            frame = socket.recv(timeout=60)
            seen.append(v1_read(frame))
            if seen[-1][1]["msg_type"] == "status" and seen[-1][2].get("execution_state") == "idle" \
                    and v1_parent(frame).get("msg_id") == last:
                return


def send_until_closed(socket, frames) -> None:
    """Sends ``frames`` in turn; stops, without a word, once the server has closed the socket."""
    with contextlib.suppress(ConnectionClosed):
        for frame in frames:
            socket.send(frame)


def comms_of(room, kernel) -> dict:
    """Returns the comms the kernel holds (``comm_info_request`` on a socket of its own)."""
    with kernel_socket(room, kernel) as socket:
        asked = uuid.uuid4().hex
        socket.send(v1_message("comm_info_request", {}, msg_id=asked))
        while True:
            frame = socket.recv(timeout=60)
            if v1_parent(frame).get("msg_id") == asked and v1_read(frame)[1]["msg_type"] == "comm_info_reply":
                return v1_read(frame)[2]["comms"]


def test_a_page_cannot_make_its_kernel_build_widgets_and_keep_them(room):
    # Each widget a page opens stays in its kernel until the kernel ends: one student's script
    # opening 20-kB widgets at the socket's allowed rate grew its kernel by 98 MB in 31 s.
    _, code, seats = game(room)
    kernel = raw_seat_kernel(room, code, seats["Ben"])
    opened, seen = [uuid.uuid4().hex for _ in range(20)], []
    with kernel_socket(room, kernel) as socket:
        last = uuid.uuid4().hex
        send_until_closed(socket, [*(v1_message("comm_open", {"comm_id": comm, "target_name": "jupyter.widget",
                                                              "data": {"state": HTML_WIDGET, "buffer_paths": []}},
                                                metadata={"version": "2.1.0"}) for comm in opened),
                                   v1_message("comm_info_request", {}, msg_id=last)])
        until_idle_after(socket, last, seen)
        closed = socket.close_code
    built = set(opened) & set(comms_of(room, kernel))
    assert not built, f"the kernel built {len(built)} widgets of the browser's choosing"
    assert closed in CUT_OFF, "the socket that opened widgets is still open"


def test_a_page_asks_its_kernel_for_every_widgets_state_only_once(room):
    # ~130 kB of every widget's state for a 200-byte ask: a loop of asks sent 371 MB through
    # the server in 46 s.  A page asks once, as it opens.
    _, code, seats = game(room)
    kernel = raw_seat_kernel(room, code, seats["Cleo"])
    control, seen = uuid.uuid4().hex, []
    with kernel_socket(room, kernel) as socket:
        socket.send(v1_message("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                               metadata={"version": "1.0.0"}))
        first = uuid.uuid4().hex
        socket.send(v1_message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, msg_id=first))
        until_idle_after(socket, first, seen)  # answered, as a page's one ask is
        flooded, closed = flood(socket, [v1_message("comm_msg", {"comm_id": control, "data": {
            "method": "request_states"}}) for _ in range(10)])
    answers = [content for _, header, content in seen + flooded
               if header["msg_type"] == "comm_msg" and content["data"].get("method") == "update_states"]
    assert answers, "the first ask was not answered"
    assert len(answers) <= 2 and closed in CUT_OFF, (len(answers), closed)


def test_a_page_cannot_make_its_kernel_keep_any_number_of_earlier_pages(room, browser):
    # A page brings back the strokes of the seat's earlier pages in a recover message, naming those
    # pages; the kernel keeps the names until the store has the board.  4,000 messages of 500 made-up
    # names each, from a page's script within the socket's rates, grew its kernel from 79 to 200 MB.
    _, code, seats = game(room)
    context = browser.new_context()
    try:
        ana = seat_page(room, context, code, seats["Ana"])
        seen = []
        with ink_socket(room, ana) as (socket, _, ink):
            for batch in range(4):
                names = [f"{batch}-{number}-{uuid.uuid4().hex[:20]}" for number in range(500)]
                socket.send(v1_message("comm_msg", {"comm_id": ink, "data": {
                    "method": "custom", "content": {"recover": [], "sessions": names}}}))
            last = uuid.uuid4().hex
            socket.send(v1_message("comm_info_request", {}, msg_id=last))
            until_idle_after(socket, last, seen)
            # Ana draws: the store has her board, and the kernel tells the browser which pages' strokes
            # it may forget: every name it kept.
            draw_stroke(ana, PAD, [(0.2, 0.4), (0.5, 0.6), (0.7, 0.5)], steps=4)
            while True:
                _, header, content = v1_read(socket.recv(timeout=60))
                said = content.get("data", {}).get("content", {}) if header["msg_type"] == "comm_msg" else {}
                if "recovered" in said:
                    break
        assert len(said["recovered"]) <= 500, f"the kernel kept {len(said['recovered'])} pages' names"
    finally:
        context.close()


def kernel_of(page) -> str:
    """Returns the id of the kernel behind ``page``, as its console reads it."""
    return page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


#: How the server ends a socket that broke a rule: its close frame (1008, policy violation), or
#: a reset (1006) when the socket still had unread frames as it was cut off.
CUT_OFF = (1008, 1006)


def flood(socket, frames: list) -> tuple[list, int | None]:
    """Sends ``frames`` until the server closes the socket, then asks the kernel something;
    returns every message that came back and the socket's close code (None: still open)."""
    last, seen = uuid.uuid4().hex, []
    send_until_closed(socket, [*frames, v1_message("comm_info_request", {}, msg_id=last)])
    until_idle_after(socket, last, seen)
    return seen, socket.close_code


@contextlib.contextmanager
def ink_socket(room, page):
    """Opens a socket to ``page``'s kernel as a script in its console would; yields it, every
    widget's state, and the comm id of the pad's ink layer."""
    with kernel_socket(room, kernel_of(page)) as socket:
        states = widget_states(socket)
        yield socket, states, next(comm for comm, model in states.items() if "recovery_key" in model["state"])


def widget_states(socket) -> dict:
    """Asks the kernel for every widget's state, as a page does once when it opens."""
    control, asked, seen = uuid.uuid4().hex, uuid.uuid4().hex, []
    socket.send(v1_message("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                           metadata={"version": "1.0.0"}))
    socket.send(v1_message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, msg_id=asked))
    until_idle_after(socket, asked, seen)
    return next(content["data"]["states"] for _, header, content in seen
                if header["msg_type"] == "comm_msg" and content["data"].get("method") == "update_states")


def stored_points(store: str, code: str, after: int = 0) -> int:
    """Returns how many board points the table's log took in drawing moves after version ``after``."""
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT action FROM actions WHERE code = ? AND version > ?", (code, after)).fetchall()
    moves = [json.loads(action) for action, in rows]
    return sum(len(stroke["points"]) for move in moves if move["kind"] == "edit_drawing"
               for stroke in move["args"]["strokes"])


def test_a_seat_stores_ink_no_faster_than_a_hand_draws_and_keeps_its_board(room, browser):
    # Each move is read by every kernel at the table: a page's script storing 600 strokes of 5,000
    # points and 150 clears in 19 s (the board's cap counts only the ink on it) grew the store by
    # 27 MB and each kernel of the table, the teacher's too, from 79 to about 250 MB.
    _, code, seats = game(room)
    context = browser.new_context()
    try:
        ana = seat_page(room, context, code, seats["Ana"])
        with sqlite3.connect(room.store) as db:
            before = db.execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()[0]
        with ink_socket(room, ana) as (socket, states, ink):
            clear = next(comm for comm, model in states.items()
                         if "inc-tool-clear" in model["state"].get("_dom_classes", ()))
            pen = {key: states[ink]["state"][key] for key in ("color", "width")}
            points = [number for i in range(5000) for number in (10 + i % 500, 10 + i // 500 * 20 + i % 7)]
            started, stroke = time.monotonic(), 0
            for cycle in range(13):
                if cycle:  # 12 full boards, each cleared; the last one stays
                    socket.send(v1_message("comm_msg", {"comm_id": clear, "data": {
                        "method": "custom", "content": {"event": "click"}}}))
                for _ in range(4):
                    stroke += 1
                    socket.send(v1_message("comm_msg", {"comm_id": ink, "data": {"method": "custom", "content": {
                        "stroke": stroke, "seq": 0, "points": points, "end": True, "erase": False, **pen}}}))
            last = uuid.uuid4().hex
            socket.send(v1_message("comm_info_request", {}, msg_id=last))
            until_idle_after(socket, last, [])
            took = time.monotonic() - started
        stored = stored_points(room.store, code, before)
        allowed = BURST_POINTS + POINTS_PER_SECOND * took
        assert stored <= allowed, f"the store took {stored} points in {took:.1f} s; a hand's budget is {allowed:.0f}"
        # Nothing of Ana's is lost: her board as she left it (the last full board) reaches the store.
        with open_store(room.store) as store:
            deadline = time.monotonic() + 120
            while sum(len(s.points) for s in store.read(code).game.drawing("Ana").strokes) < 20_000:
                assert time.monotonic() < deadline, "Ana's last board never reached the store"
                time.sleep(0.5)
    finally:
        context.close()


def test_a_canvas_says_it_is_ready_once(room):
    # ipycanvas's client_ready makes the pad draw its board again: 3,000 of them from a page's
    # script (200 bytes each, within the socket's rates) brought 574 MB back through the server.
    _, code, seats = game(room)
    kernel = raw_seat_kernel(room, code, seats["Ben"])
    with kernel_socket(room, kernel) as socket:
        states = widget_states(socket)
        manager = next(comm for comm, model in states.items() if model["state"]["_model_name"] == "CanvasManagerModel")
        canvases = [comm for comm, model in states.items() if model["state"]["_model_name"] == "CanvasModel"]
        seen, closed = flood(socket, [v1_message("comm_msg", {"comm_id": canvas, "data": {
            "method": "custom", "content": {"event": "client_ready"}}}) for _ in range(10) for canvas in canvases])
    drawn = [content for _, header, content in seen if header["msg_type"] == "comm_msg"
             and content["comm_id"] == manager]
    assert len(drawn) <= len(canvases) and closed in CUT_OFF, (len(drawn), closed)


def test_a_page_asks_for_one_widgets_state_once(room):
    # request_state brings a widget back whole: the student page's stylesheet is 41 kB, for a
    # 200-byte ask.  A page asks it once per widget, and only when the control comm failed.
    _, code, seats = game(room)
    kernel = raw_seat_kernel(room, code, seats["Cleo"])
    with kernel_socket(room, kernel) as socket:
        states = widget_states(socket)
        largest = max(states, key=lambda comm: len(json.dumps(states[comm]["state"])))
        seen, closed = flood(socket, [v1_message("comm_msg", {"comm_id": largest, "data": {"method": "request_state"}})
                                      for _ in range(10)])
    answers = [content for _, header, content in seen if header["msg_type"] == "comm_msg"
               and content["comm_id"] == largest and content["data"].get("method") == "update"]
    assert len(answers) <= 1 and closed in CUT_OFF, (len(answers), closed)


def cpu_seconds(pid: int) -> float:
    """Returns the CPU seconds process ``pid`` has used, all its threads together."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pin(pid: int, cpus: set[int]) -> None:
    """Runs every thread of process ``pid`` on ``cpus`` only (Linux keeps an affinity per thread)."""
    for thread in os.listdir(f"/proc/{pid}/task"):
        with contextlib.suppress(ProcessLookupError):
            os.sched_setaffinity(int(thread), cpus)


def busy_while(pids: dict, working: str, before: dict) -> dict:
    """Returns the CPU seconds each process of ``pids`` has used since ``before``, until the process
    ``working`` stops using any (nothing for three looks in a row, 50 ms apart)."""
    last, still, deadline = dict(before), 0, time.monotonic() + 120
    while still < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
        now = {who: cpu_seconds(pid) for who, pid in pids.items()}
        still = still + 1 if now[working] == last[working] else 0
        if not still:
            last = now
    return {who: last[who] - before[who] for who in pids}


def test_a_page_that_keeps_its_kernel_busy_yields_the_cpu_to_the_projector(tmp_path):
    # The scheduler's weights, on a server without the kernels' pace (which holds a script to 10
    # messages a second, tests/test_attacks_busy.py): both kernels kept at work as fast as they go.
    with classroom(tmp_path, "--ClassroomServer.student_nice=5", "--KernelSocket.paced_messages_per_second=0") as room:
        _yields_the_cpu(room)


def _yields_the_cpu(room):
    # A page may send 200 messages a second, and each costs its kernel some CPU: a Clear or an Undo
    # ~3 ms for 400 bytes, a list of its comms ~1 ms (a language change, 25 ms, is taken once a
    # second, the QR code made once). A page's script sending them in a loop keeps its kernel busy.
    # Student kernels run below the server and the teacher's kernels (nice 5), but Linux weighs a
    # nice value only within a scheduling group, and where it groups processes by session
    # (autogroup, as on this VM) each kernel is a group of its own: the busy student kernel took as
    # much of a core as the projector's.
    teacher, code, seats = game(room)
    status, _, html = teacher.get(f"/voila/render/teacher.ipynb?code={code}")
    assert status == 200
    kernels = {"projector": kernel_id_in(html), "Ana": raw_seat_kernel(room, code, seats["Ana"])}
    pids = {who: next(pid for pid, cmdline in children(room.server_pid) if f"kernel-{kernel}.json".encode() in cmdline)
            for who, kernel in kernels.items()}
    one_core = {min(os.sched_getaffinity(0))}  # a class's kernels keep both cores busy: here two share one
    with contextlib.ExitStack() as stack:
        sockets = {who: stack.enter_context(kernel_socket(room, kernel, max_queue=None))
                   for who, kernel in kernels.items()}
        for pid in pids.values():
            pin(pid, one_core)
        try:
            with Probe(room.url) as probe:
                # Ana's script asks her kernel for its comms again and again (within the socket's rates);
                # meanwhile the projector's kernel is kept at work as at a phase change (the same asks,
                # fewer: a language change, its screen built again, goes once a second).
                send_until_closed(sockets["Ana"], [v1_message("comm_info_request", {}) for _ in range(950)])
                time.sleep(0.3)  # Ana's kernel at work
                before = {who: cpu_seconds(pid) for who, pid in pids.items()}
                send_until_closed(sockets["projector"], [v1_message("comm_info_request", {}) for _ in range(500)])
                spent = busy_while(pids, "projector", before)
            print(f"on one core while the projector's kernel worked: its {spent['projector']:.2f} s, Ana's "
                  f"{spent['Ana']:.2f} s; slowest probe {probe.slowest:.3f} s")
        finally:
            for pid in pids.values():
                with contextlib.suppress(ProcessLookupError):
                    pin(pid, os.sched_getaffinity(0))
    assert spent["projector"] > 0.2, "the projector's kernel hardly worked: nothing was measured"
    # Nice 5 weighs a third of nice 0: Ana's kernel gets about a third of what the projector's does,
    # and got as much before its group was lowered.
    assert spent["Ana"] < 0.75 * spent["projector"], spent
    assert not probe.failures and probe.slowest < STALLED


def test_a_page_choosing_languages_in_a_loop_builds_its_screen_once_a_second(room):
    # A language change builds the page's whole screen again: ~25 ms of its kernel's CPU and ~120 kB
    # through the server for a 400-byte message. A page's script choosing languages 100 times a
    # second (within the socket's rates) kept its kernel busy and the server relaying its screens,
    # 0.64 of a core on a two-core machine, more than the kernel itself.
    _, code, seats = game(room)
    kernel = raw_seat_kernel(room, code, seats["Cleo"])
    with kernel_socket(room, kernel, max_queue=None) as socket:
        states = widget_states(socket)
        menu = next(comm for comm, model in states.items()
                    if "inc-page-language" in model["state"].get("_dom_classes", ()))
        labels = states[menu]["state"]["_options_labels"]

        def choose(label: str) -> bytes:
            return v1_message("comm_msg", {"comm_id": menu, "data": {
                "method": "update", "state": {"index": labels.index(label)}, "buffer_paths": []}})

        def built(seen: list) -> int:
            return sum(1 for _, header, _ in seen if header["msg_type"] == "comm_open")

        # One choice, as a person makes it: the screen built once, the reference.
        one, last = [], uuid.uuid4().hex
        socket.send(choose("Français"))
        socket.send(v1_message("comm_info_request", {}, msg_id=last))
        until_idle_after(socket, last, one)
        # A hundred choices from a script, the last one German; the page ends up speaking it.
        flooded = []
        for number in range(99):
            socket.send(choose(("Español", "English")[number % 2]))
        socket.send(choose("Deutsch"))
        while True:
            flooded.append(v1_read(socket.recv(timeout=60)))
            _, header, content = flooded[-1]
            if header["msg_type"] == "comm_msg" and content["data"].get("state", {}).get("language") == "de":
                break
        last = uuid.uuid4().hex
        socket.send(v1_message("comm_info_request", {}, msg_id=last))
        until_idle_after(socket, last, flooded)
    print(f"one choice: {built(one)} widgets made; 100 choices: {built(flooded)}")
    assert built(one) > 10
    assert built(flooded) <= 3 * built(one), (built(one), built(flooded))
