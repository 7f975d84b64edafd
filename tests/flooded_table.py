"""A table of six at play while some of its students' scripts flood their own kernels with
messages the server allows, each at the socket's permitted rate: what the others wait for.

Every page is a :class:`~benchmarks.phones.SimulatedPhone` (the teacher's page too), so the
laptop carries only what a class puts on it: the server, the kernels, the store.  A flooding
student's script speaks to its kernel on a socket of its own (as a console script would, beside
the page's), alternating Undo and Clear clicks on its pad (each ~2–3 ms of the kernel) at
:data:`FLOOD_RATE` a second, just under the socket's 200, and reads what comes back.

:func:`play_table` opens a table, starts it, floods, and times two things the others wait for:
a Done pressed on a student's page until the chip turns on the teacher's page, and the last
Done until the find screen reaches the other students' pages; with the CPU the server and the
flooding kernels used meanwhile.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from dataclasses import dataclass, field

from classroom_server import children, kernel_socket, v1_message
from websockets.exceptions import ConnectionClosed

from benchmarks.class_pace import FIND_MODELS, _deck
from benchmarks.find_screen import _settle, drawing
from benchmarks.phones import SimulatedPhone
from incognito_nb.engine import Action, Rules

PLAYERS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")
#: The students who may flood, in turn (the first ``flooders`` of them).
FLOODERS = PLAYERS[:3]
#: Whose Done is timed to the teacher's chips (never a flooder), and whose find screen.
TIMED_DONE = ("Dev", "Eli")
FIND_WATCHERS = ("Dev", "Eli", "Fay")
#: A student who never floods, whose kernel's CPU is the flooders' yardstick.
CLASSMATE = "Dev"
#: Messages a second a flooding script sends: just under the socket's 200 (``KernelSocket``).
FLOOD_RATE = 190.0
#: The CSS class of the teacher page's widget that holds the players' chips.
CHIPS = "inc-who-chip"


def cpu_seconds(pid: int) -> float:
    """Returns the CPU seconds process ``pid`` has used, all its threads together."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def kernel_pid(room, kernel: str) -> int:
    return next(pid for pid, cmdline in children(room.server_pid) if f"kernel-{kernel}.json".encode() in cmdline)


def chip_done(phone: SimulatedPhone, seat: int) -> bool:
    """Whether the teacher's page shows seat ``seat``'s chip done."""
    mark = f'data-seat="{seat}" data-done="true"'
    return phone.holds(lambda state: isinstance(state.get("value"), str) and CHIPS in state["value"]
                       and mark in state["value"])


def wait(check, timeout: float = 120.0, every: float = 0.005) -> float:
    """Waits until ``check()``; returns when (wall-clock ms)."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise TimeoutError("not within the time")
        time.sleep(every)
    return time.time() * 1000


class Flood:
    """A student's console script: its own socket to the page's kernel, Undo and Clear clicks
    at ``rate`` a second, and a reader that drops what comes back."""

    def __init__(self, room, kernel: str, rate: float = FLOOD_RATE) -> None:
        self.room, self.kernel, self.rate = room, kernel, rate
        self.sent, self.closed, self._stop = 0, None, threading.Event()
        self._threads: list[threading.Thread] = []

    def __enter__(self) -> "Flood":
        from test_attacks import widget_states

        self._stack = contextlib.ExitStack()
        self._socket = self._stack.enter_context(kernel_socket(self.room, self.kernel, max_queue=None))
        states = widget_states(self._socket)
        self._buttons = [next(comm for comm, model in states.items() if css in model["state"].get("_dom_classes", ()))
                         for css in ("inc-tool-clear", "inc-tool-undo")]
        self._threads = [threading.Thread(target=self._send, daemon=True),
                         threading.Thread(target=self._read, daemon=True)]
        for thread in self._threads:
            thread.start()
        return self

    def _send(self) -> None:
        started = time.monotonic()
        with contextlib.suppress(ConnectionClosed):
            while not self._stop.is_set():
                due = started + self.sent / self.rate
                if due > time.monotonic():
                    time.sleep(due - time.monotonic())
                self._socket.send(v1_message("comm_msg", {"comm_id": self._buttons[self.sent % 2], "data": {
                    "method": "custom", "content": {"event": "click"}}}))
                self.sent += 1

    def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while not self._stop.is_set():
                with contextlib.suppress(TimeoutError):
                    self._socket.recv(timeout=0.5)

    def __exit__(self, *exc) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(10)
        self.closed = self._socket.close_code
        self._stack.close()


@dataclass
class Played:
    """One table's figures: ``done`` the Done → chip delays (s), ``find`` the last Done → find
    screen delay of each watcher (s), ``cpu`` each process's share of a core over the play
    (server, teacher, flooders, :data:`CLASSMATE`), ``load`` the load average as it began, ``sent`` the flooders'
    messages and ``closed`` their sockets' close codes (None: still open)."""

    flooders: int
    done: list[float] = field(default_factory=list)
    find: list[float] = field(default_factory=list)
    cpu: dict[str, float] = field(default_factory=dict)
    load: float = 0.0
    sent: int = 0
    closed: list = field(default_factory=list)


def play_table(room, store, flooders: int, *, seed: int = 1, ramp: float = 1.5, rate: float = FLOOD_RATE) -> Played:
    """Opens a table of six and its teacher's page, starts the game, has the first ``flooders``
    students flood their kernels (``rate`` messages a second each), and times the others' Dones
    and the find screen."""
    keys = store.create_table(_deck(), Rules(rounds=1), seed=seed)
    seats = {name: store.join(keys.code, name) for name in PLAYERS}
    phones: dict[str, SimulatedPhone] = {}
    played = Played(flooders)
    try:
        teacher = SimulatedPhone(f"{room.render}/teacher.ipynb?code={keys.code}&key={keys.teacher_key}").open()
        phones["teacher"] = teacher
        for name in PLAYERS:
            phones[name] = SimulatedPhone(f"{room.render}/student.ipynb?code={keys.code}&token={seats[name].token}").open()
        store.start(keys.code, keys.teacher_key)
        for seat, name in enumerate(PLAYERS):
            store.act(keys.code, Action.update_drawing(name, drawing(seat, 3)), seat_token=seats[name].token)
        for name in PLAYERS:
            phones[name].watch("pad", "inc-done")
            phones[name].wait("pad")
        wait(lambda: teacher.holds(lambda state: CHIPS in str(state.get("value"))))
        kernels = {who: kernel_pid(room, phone.kernel) for who, phone in phones.items()}
        _settle(kernels.values)  # every kernel quiet after the start
        pids = {"server": room.server_pid, **{who: kernels[who] for who in ("teacher", *FLOODERS[:flooders], CLASSMATE)}}
        with contextlib.ExitStack() as stack:
            floods = [stack.enter_context(Flood(room, phones[name].kernel, rate)) for name in FLOODERS[:flooders]]
            time.sleep(ramp)
            played.load = os.getloadavg()[0]
            before, started = {who: cpu_seconds(pid) for who, pid in pids.items()}, time.monotonic()
            for name in TIMED_DONE:
                seat = PLAYERS.index(name) + 1
                clicked = phones[name].click("inc-done")
                played.done.append((wait(lambda: chip_done(teacher, seat)) - clicked) / 1000)
                time.sleep(0.3)
            for name in PLAYERS[:-1]:
                if name not in TIMED_DONE:
                    store.act(keys.code, Action.mark_done(name), seat_token=seats[name].token)
            wait(lambda: all(chip_done(teacher, PLAYERS.index(name) + 1) for name in PLAYERS[:-1]))
            time.sleep(0.3)
            for name in FIND_WATCHERS:
                phones[name].watch("find", *FIND_MODELS)
            clicked = phones[PLAYERS[-1]].click("inc-done")
            played.find = [(phones[name].wait("find") - clicked) / 1000 for name in FIND_WATCHERS]
            took = time.monotonic() - started
            played.cpu = {who: (cpu_seconds(pid) - before[who]) / took for who, pid in pids.items()}
        played.sent = sum(flood.sent for flood in floods)
        played.closed = [flood.closed for flood in floods]
    finally:
        for phone in phones.values():
            with contextlib.suppress(Exception):
                phone.close()
    return played
