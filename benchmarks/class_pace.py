"""A class's phase changes, page by page: ``python -m benchmarks.class_pace [--tables N] [--out DIR]``.

Issue 16: the projector is the show and the phones follow it, so what a class waits for is
every page's next screen.  On the classroom server (SQLite), ``tables`` tables of six, each
a projector page (1280×720) and six phone pages (390×844) in one headless Chromium; the
drawings are set through the store (every board ``strokes`` strokes of 30 points), then:

- **the floor**: five students of each table press Done; each Done → their chip on the
  projector (the store's own floor, the reference for everything else);
- **the last Done → the find screen**: the last student of every table presses Done (all
  tables within a few milliseconds); on the projector, the time until its gallery shows six
  painted boards (each board says how many strokes it painted: ``data-painted``); on a
  phone, until the drawing it shows is painted beside its cards (``PHONE_FIND_SCREEN``);
- **the last Confirm → the first reveal**: every card but the last student's placed
  through the store; the last students press Confirm; on every page the time until the
  first drawing's reveal shows (the projector's, the phones' "look at the screen");
- **each Next**: the teacher presses Next through the reveal to the scoreboard, each time
  once the projector has replayed the drawing shown; the time until the projector shows
  that step, and until each phone does (how far it trails);
- each page kernel's CPU over each phase change.

With ``--phones simulated`` (or ``both``: the two one after the other, in one run) each
table's last student is still a Chromium page and the five others are
:class:`~benchmarks.phones.SimulatedPhone` clients: each phone on a device of its own, as in
a class, so the laptop carries the kernels, the server and the projectors, but not the
phones' rendering.  A simulated phone has a screen when its widget models show it (the
class and text the Chromium test looks for); the phones' figures count them with the
Chromium phone.

With ``--servers 2`` the same play runs on two classroom servers behind the school's nginx,
sharing one Redis (:mod:`benchmarks.school`: ``deploy/nginx/classroom.conf`` and
``deploy/redis/classroom.conf`` as the tests use them, append-only as shipped), every page at
the proxy's one address: each browser context, and each simulated phone, keeps the proxy's
cookie, so its page and its kernel socket stay on one server.  ``--servers both`` plays one
server on that Redis (``--store redis``, the same store), then two, in one run: the rows
side by side.  The kernel CPU then covers both servers' kernels, and each server's own CPU,
Redis's and nginx's are counted beside it; a last table gives what a student's phase
changes cost in each, what a school sizes its servers and its Redis from.

Everything is measured in one run with ``strokes``-stroke drawings, with 3-stroke ones (the
drawings' share is the ratio of the two), and (``capped``) with one student's drawing at
the engine's cap (``MAX_DRAWING_POINTS``) among full ones: one student must not slow the rest.  The load average is given beside each
figure: on a shared two-core machine the wall times are mostly waiting for a core.

With ``--plays N`` every drawing size is played N times, the sizes in turn, and the plays'
samples are pooled (:func:`pooled`): one table's projector gives one sample of each phase
change a play, and one sample moves a lot from minute to minute.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

from incognito_nb.engine import Action, Rules
from incognito_nb.engine.drawing import MAX_DRAWING_POINTS

from .find_screen import _settle, drawing
from .harness import CLICK_JS, cpu_seconds
from .phones import SimulatedPhone
from .probes import FIND_GALLERY, SEEN_POLL_MS, SEEN_WHEN, wait_seen

PLAYERS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")
SLOW = 240_000
STEP = 120_000
TARGET_FLOOR_RATIO = 5.0  # a phase change / the floor
TARGET_INK_RATIO = 1.5  # full drawings / 3-stroke drawings
TARGET_CLASS_P95_S = 3.0
TARGET_NEXT_S = 0.5
TARGET_TRAIL_S = 1.0


def _load() -> str:
    return " ".join(f"{v:.1f}" for v in os.getloadavg())


def _log(text: str) -> None:
    print(f"[benchmarks.class_pace] {text}", file=sys.stderr, flush=True)


FIND_SCREEN = """() => [...document.querySelectorAll('""" + FIND_GALLERY + """ .inc-painted-board')]
  .filter((b) => Number(b.dataset.painted) > 0).length >= 6"""
#: A phone's find screen: the one drawing it shows, painted, beside its cards (issue 18); a
#: phone that shows the whole gallery (as before) waits for it as the projector does.
PHONE_FIND_SCREEN = """() => document.querySelector('.inc-find-one') ?
  [...document.querySelectorAll('.inc-find-one .inc-find-shown .inc-painted-board')]
    .some((b) => Number(b.dataset.painted) > 0) && !!document.querySelector('.inc-find-one .inc-card-1')
  : (""" + FIND_SCREEN + """)()"""
FIRST_REVEAL = "() => !!document.querySelector('.inc-reveal')"
# The same screens in a simulated phone's widget models: (a widget's CSS class, text it holds).
FIND_MODELS = ("inc-votes", "")
REVEAL_MODELS = ("inc-reveal", "")


def step_models(name: str | None) -> tuple[str, str]:
    """Returns what a simulated phone's models hold once the reveal of ``name``'s drawing shows."""
    return ("inc-scoreboard", "") if name is None else ("inc-reveal-artist", name)


def step_shown(name: str | None) -> str:
    """Returns the test that the reveal of ``name``'s drawing shows (None: the scoreboard)."""
    if name is None:
        return "() => !!document.querySelector('.inc-scoreboard')"
    return ("() => [...document.querySelectorAll('.inc-reveal .inc-reveal-artist .inc-badge')]"
            f".some((b) => b.textContent.trim() === {json.dumps(name)})")


def replayed(strokes: int) -> str:
    """Returns the test that the projector's reveal has replayed its drawing to the end (all
    ``strokes`` of it painted: the board's ``data-painted``)."""
    return ("() => { const board = document.querySelector('.inc-reveal-board .inc-painted-board'); "
            f"return !!board && Number(board.dataset.painted) >= {int(strokes)}; }}")


def _deck():
    from .classroom import _deck as deck

    return deck()


class Table:
    """One table: its keys and seats, its projector page and its six phones: Chromium pages,
    or (``simulated``) the last student's page in Chromium and the others
    :class:`~benchmarks.phones.SimulatedPhone` clients, as if on devices of their own."""

    def __init__(self, browser, base: str, store, contexts: list, *, simulated: bool = False) -> None:
        self.store = store
        self.keys = store.create_table(_deck(), Rules(rounds=1), seed=1)
        self.seats = {name: store.join(self.keys.code, name) for name in PLAYERS}

        def page(url: str, selector: str, width: int, height: int):
            context = browser.new_context(viewport={"width": width, "height": height})
            contexts.append(context)
            opened = context.new_page()
            opened.goto(url, timeout=SLOW)
            opened.wait_for_selector(selector, timeout=SLOW)
            return opened

        code = self.keys.code
        links = {name: f"{base}/student.ipynb?code={code}&token={seat.token}" for name, seat in self.seats.items()}
        in_chromium = PLAYERS[-1:] if simulated else PLAYERS
        # The simulated phones open their pages while Chromium opens its own, as phones of a
        # class do (opening is not measured; the play starts once every kernel is quiet).
        with concurrent.futures.ThreadPoolExecutor(max_workers=len(PLAYERS)) as pool:
            opening = {name: pool.submit(SimulatedPhone(links[name]).open) for name in PLAYERS if name not in in_chromium}
            self.projector = page(f"{base}/teacher.ipynb?code={code}&key={self.keys.teacher_key}", ".inc-start",
                                  1280, 720)
            self.phones = {name: page(links[name], ".inc-lobby", 390, 844) for name in in_chromium}
            self.simulated = {name: future.result() for name, future in opening.items()}

    @property
    def pages(self) -> dict[str, Any]:
        return {"projector": self.projector, **self.phones}

    def act(self, name: str, action: Action) -> None:
        self.store.act(self.keys.code, action, seat_token=self.seats[name].token)

    def press_done(self, name: str) -> float:
        """Presses Done for ``name`` (on its page, or through the store as its page would);
        returns when, in wall-clock ms."""
        if name in self.phones:
            return self.phones[name].evaluate(CLICK_JS, ".inc-done")
        at = time.time() * 1000
        self.act(name, Action.mark_done(name))
        return at

    def close(self) -> None:
        for phone in self.simulated.values():
            phone.close()


class KernelClock:
    """Every kernel's CPU time from now on (every server's, with several), and that of the
    named ``processes`` (the servers themselves, Redis, the proxy)."""

    def __init__(self, kernels, processes: dict[str, int] | None = None, *, idle: float = 0.0) -> None:
        self.pids = sorted(kernels())
        self.started = time.monotonic()
        self.before = {pid: cpu_seconds(pid) for pid in self.pids}
        self.processes = PartsClock({name: [pid] for name, pid in (processes or {}).items()})
        #: Each kernel's idle share of a core (its watch's polling), left out of what it spent.
        self.idle = idle / len(self.pids) if self.pids else 0.0

    def spent_ms(self) -> list[float]:
        """Returns each kernel's CPU time (ms) since the clock started, above its idle rate."""
        after = {pid: cpu_seconds(pid) for pid in self.pids}
        idle = 1000 * self.idle * (time.monotonic() - self.started)
        return [max(0.0, 1000 * (after[p] - self.before[p]) - idle) for p in self.pids
                if after[p] is not None and self.before[p] is not None]

    def processes_ms(self) -> dict[str, int]:
        """Returns each named process's CPU time (ms) since the clock started (0: gone meanwhile)."""
        return self.processes.spent_ms()


def chromium_pids() -> set[int]:
    """Returns the pids of this machine's Chromium processes (the browser and its renderers)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() in ("chromium", "chrome", "headless_shell"):
                    found.add(int(entry.name))
            except OSError:
                continue
    return found


def chromium_kind(cmdline: bytes) -> str:
    """Returns what a Chromium process does, from its ``/proc/<pid>/cmdline``: ``renderer``,
    ``gpu-process``, ``zygote``, a utility's service (``NetworkService``), or ``browser``.

    Chromium rewrites its own command line as one string with spaces (not one argument per
    NUL), so the arguments are split on both."""
    args = cmdline.replace(b"\0", b" ").split()
    kind = next((arg[len(b"--type="):].decode() for arg in args if arg.startswith(b"--type=")), "browser")
    if kind == "utility":
        service = next((arg.split(b"=", 1)[1].decode() for arg in args if arg.startswith(b"--utility-sub-type=")), "")
        return service.rsplit(".", 1)[-1] or kind
    return kind


def chromium_kinds() -> dict[int, str]:
    """Returns this machine's Chromium processes, each pid with its :func:`chromium_kind`."""
    kinds = {}
    for pid in chromium_pids():
        try:
            kinds[pid] = chromium_kind(Path(f"/proc/{pid}/cmdline").read_bytes())
        except OSError:  # gone meanwhile
            continue
    return kinds


class PartsClock:
    """The CPU each named group of processes (``parts``: a name and its pids) spends from now on."""

    def __init__(self, parts: dict[str, list[int]]) -> None:
        self.parts = parts
        self.before = {pid: cpu_seconds(pid) for pids in parts.values() for pid in pids}

    def spent_s(self) -> dict[str, float]:
        """Returns each part's CPU seconds since the clock started (a process gone meanwhile left out)."""
        spent = {}
        for part, pids in self.parts.items():
            total = 0.0
            for pid in pids:
                after, before = cpu_seconds(pid), self.before.get(pid)
                if after is not None and before is not None:
                    total += after - before
            spent[part] = total
        return spent

    def spent_ms(self) -> dict[str, int]:
        return {part: round(1000 * seconds) for part, seconds in self.spent_s().items()}


class ChromiumClock(PartsClock):
    """The CPU this machine's Chromium spends from now on, by kind of process (see
    :func:`chromium_kind`): where a phase change's Chromium time goes."""

    def __init__(self) -> None:
        parts: dict[str, list[int]] = {}
        for pid, kind in sorted(chromium_kinds().items(), key=lambda item: item[1]):
            parts.setdefault(kind, []).append(pid)
        super().__init__(parts)


class LaptopClock(PartsClock):
    """The CPU each part of the laptop spends from now on: the page kernels, the Voilà
    servers, Chromium (the projectors and the phones it holds) and, of it, the pages'
    renderers (``renderers``: the rest is its browser, GPU and network processes), and this
    benchmark (whose simulated phones read every frame: work a class's own phones would do)."""

    def __init__(self, kernels, processes: dict[str, int] | None = None) -> None:
        servers = [pid for name, pid in (processes or {}).items() if name.startswith("server")]
        chromium = chromium_kinds()
        super().__init__({"kernels": sorted(kernels()), "voila": servers, "chromium": sorted(chromium),
                          "renderers": sorted(pid for pid, kind in chromium.items() if kind == "renderer"),
                          "benchmark": [os.getpid()]})

    def spent_s(self) -> dict[str, float]:
        return {part: round(seconds, 2) for part, seconds in super().spent_s().items()}


def _watch_all(tables: list[Table], key: str, test: str, models: tuple[str, str], phones: str | None = None) -> None:
    """Watches for ``test`` on every Chromium page (``phones`` instead on the phones, if
    given), and for ``models`` on every simulated phone."""
    for table in tables:
        for label, page in table.pages.items():
            page.evaluate(SEEN_WHEN, [key, test if label == "projector" or phones is None else phones])
        for phone in table.simulated.values():
            phone.watch(key, *models)


def _seen(tables: list[Table], key: str, clicked: list[float]) -> dict[str, list[float]]:
    """Waits for every page; returns the delays (s) from its table's click, projector and phones
    apart (``simulated``: the phones not in Chromium, also counted among the phones)."""
    delays: dict[str, list[float]] = {"projector": [], "phones": [], "trail": [], "simulated": []}
    projectors = []
    for table, at in zip(tables, clicked):
        shown = {label: wait_seen(page, key, STEP)
                 for label, page in table.pages.items()}
        projector = shown.pop("projector")
        projectors.append(projector)
        delays["projector"].append((projector - at) / 1000)
        delays["phones"] += [(t - at) / 1000 for t in shown.values()]
        delays["trail"] += [(t - projector) / 1000 for t in shown.values()]
    for table, at, projector in zip(tables, clicked, projectors):
        for phone in table.simulated.values():
            reached = phone.wait(key, STEP / 1000)
            delays["simulated"].append((reached - at) / 1000)
            delays["phones"].append((reached - at) / 1000)
            delays["trail"].append((reached - projector) / 1000)
    return delays


def _summary(values: list[float]) -> dict[str, Any] | None:
    """Returns the median, p95 and max of ``values`` (seconds), with the values themselves
    (``samples_s``: :func:`pooled` joins several plays' before it summarises them)."""
    if not values:
        return None
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]
    return {"n": len(ordered), "median_s": round(statistics.median(ordered), 3), "p95_s": round(p95, 3),
            "max_s": round(ordered[-1], 3), "samples_s": list(values)}


def _cpu(spent: list[float]) -> dict[str, Any]:
    return {"kernels": len(spent), "median_ms": round(statistics.median(spent)), "max_ms": round(max(spent)),
            "sum_ms": round(sum(spent)), "samples_ms": list(spent)}


#: The drawing at the cap: as many 30-point strokes as the cap holds.
CAPPED_STROKES = MAX_DRAWING_POINTS // 30


def play(browser, base: str, store, kernels, *, tables: int, strokes: int, capped: bool = False,
         simulated: bool = False, processes: dict[str, int] | None = None, spread=None) -> dict[str, Any]:
    """Plays one round at ``tables`` new tables with ``strokes``-stroke drawings (the first
    student's at the cap, if ``capped``; five phones of each table simulated, if
    ``simulated``); returns the figures, with the CPU of the named ``processes`` over each
    phase change and (``spread``: returns each server's kernels) how many of this play's
    kernels each server holds."""
    contexts: list = []
    room: list[Table] = []
    earlier = spread() if spread is not None else {}  # the kernels of the plays before this one
    # Only this play's kernels are clocked: the pages of the play before may still be ending.
    before = set(kernels())

    def mine() -> set[int]:
        return set(kernels()) - before

    def settle() -> float:
        """Waits until every kernel is quiet, those still ending too; returns this play's idle rate."""
        return _settle(kernels, counted=lambda pids: set(pids) - before)

    try:
        _log(f"{tables} table(s) of six, {strokes}-stroke drawings{' (one at the cap)' if capped else ''}: "
             f"opening {7 * tables} pages{' (5 phones a table simulated)' if simulated else ''}")
        for _ in range(tables):
            room.append(Table(browser, base, store, contexts, simulated=simulated))
        for table in room:
            store.start(table.keys.code, table.keys.teacher_key)
        for table in room:
            for phone in table.phones.values():
                phone.wait_for_selector(".inc-done:not(:disabled)", timeout=STEP)
            for seat, name in enumerate(PLAYERS):
                size = CAPPED_STROKES if capped and seat == 0 else strokes
                table.act(name, Action.update_drawing(name, drawing(seat, size)))
        settle()
        result: dict[str, Any] = {"tables": tables, "strokes": strokes, "capped": capped, "pages": 7 * tables,
                                  "phones": "simulated" if simulated else "chromium"}
        if spread is not None:
            result["kernels_per_server"] = {name: len(pids - earlier.get(name, set()))
                                            for name, pids in spread().items()}

        # The floor: each Done → its chip on the projector.
        floor = []
        for table in room:
            for name in PLAYERS[:-1]:
                key = f"done-{table.keys.code}-{name}"
                chip = ("() => [...document.querySelectorAll('.inc-who-chip')].some((c) => "
                        f"c.textContent.includes({json.dumps(name)}) && c.textContent.includes('done'))")
                table.projector.evaluate(SEEN_WHEN, [key, chip])
                clicked = table.press_done(name)
                floor.append((wait_seen(table.projector, key, STEP)
                              - clicked) / 1000)
        result["floor"] = dict(_summary(floor), load=_load())
        idle = settle()

        # The last Done → the find screen, every table at once.
        _watch_all(room, "find", FIND_SCREEN, FIND_MODELS, PHONE_FIND_SCREEN)
        clock, laptop, load = KernelClock(mine, processes, idle=idle), LaptopClock(mine, processes), _load()
        clicked = [table.press_done(PLAYERS[-1]) for table in room]
        result["find"] = {**{k: _summary(v) for k, v in _seen(room, "find", clicked).items()},
                          "load": load, "kernel_cpu": None, "laptop_cpu_s": laptop.spent_s()}
        settle()
        result["find"]["kernel_cpu"] = _cpu(clock.spent_ms())
        result["find"]["process_cpu_ms"] = clock.processes_ms()

        # The last Confirm → the first reveal.
        for table in room:
            for name in PLAYERS[:-1]:
                table.act(name, Action.confirm_votes(name))
            table.phones[PLAYERS[-1]].wait_for_selector(".inc-confirm-votes:not(:disabled)", timeout=STEP)
        idle = settle()
        _watch_all(room, "reveal", FIRST_REVEAL, REVEAL_MODELS)
        clock, laptop, load = KernelClock(mine, processes, idle=idle), LaptopClock(mine, processes), _load()
        clicked = [table.phones[PLAYERS[-1]].evaluate(CLICK_JS, ".inc-confirm-votes") for table in room]
        result["reveal"] = {**{k: _summary(v) for k, v in _seen(room, "reveal", clicked).items()}, "load": load,
                            "laptop_cpu_s": laptop.spent_s()}
        for table in room:
            table.projector.wait_for_function(step_shown(PLAYERS[0]), polling=SEEN_POLL_MS, timeout=STEP)
        idle = settle()
        result["reveal"]["kernel_cpu"] = _cpu(clock.spent_ms())
        result["reveal"]["process_cpu_ms"] = clock.processes_ms()

        # Each Next, through the reveal to the scoreboard.
        nexts: dict[str, list[float]] = {"projector": [], "phones": [], "trail": []}
        cpu: list[float] = []
        spent: dict[str, int] = {}
        loads = []
        parts: dict[str, float] = {}
        for step, name in enumerate([*PLAYERS[1:], None], start=1):
            key = f"next-{step}"
            # The teacher moves on once the class has watched the drawing shown: its replay on
            # the projector has painted every stroke (a class talks it over for longer still).
            shown = CAPPED_STROKES if capped and step == 1 else strokes
            for table in room:
                table.projector.wait_for_function(replayed(shown), polling=SEEN_POLL_MS, timeout=STEP)
            _watch_all(room, key, step_shown(name), step_models(name))
            clock, laptop = KernelClock(mine, processes, idle=idle), LaptopClock(mine, processes)
            loads.append(_load())
            clicked = [table.projector.evaluate(CLICK_JS, ".inc-next") for table in room]
            for label, values in _seen(room, key, clicked).items():
                nexts.setdefault(label, []).extend(values)
            for part, used in laptop.spent_s().items():  # until every page shows the step
                parts[part] = round(parts.get(part, 0.0) + used / len(PLAYERS), 2)  # a Next's mean
            idle = settle()
            cpu += clock.spent_ms()
            for name, ms in clock.processes_ms().items():
                spent[name] = spent.get(name, 0) + ms
        result["next"] = {**{k: _summary(v) for k, v in nexts.items()}, "load": f"{loads[0]} … {loads[-1]}",
                          "kernel_cpu": _cpu(cpu), "process_cpu_ms": spent, "laptop_cpu_s": parts}
        return result
    finally:
        for table in room:
            table.close()
        for context in contexts:
            context.close()


CHANGES = ("find", "reveal", "next")
#: A phase change's delays, each summarised over the pages (and the plays pooled).
SUMMARIES = ("projector", "phones", "trail", "simulated")


def _setting(row: dict[str, Any]) -> tuple:
    return (row["tables"], row.get("phones", "chromium"), row.get("servers", 1), row.get("store", "sqlite"),
            row["strokes"], row.get("capped", False))


def pooled(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Returns one row for each class and drawing size, in the order first played: the plays
    of it joined (:func:`_pool`), each row saying how many (``plays``), the samples left out.

    One table's projector gives one sample of each phase change a play, and one sample moves
    a lot from play to play on a shared two-core machine (``class_pace_1x6_spread.md``: the
    same find screen 4.5–8.6× the floor in four runs back to back); several plays, the drawing
    sizes taken in turn, put beside each other what the same minutes measured."""
    groups: dict[tuple, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(_setting(row), []).append(row)
    return [_pool(plays) for plays in groups.values()]


def _pool(plays: list[dict[str, Any]]) -> dict[str, Any]:
    """Returns the plays of one class and drawing size as one row: every delay's samples
    summarised together; a phase change's CPU (each kernel's median and max over all the
    plays, the sum and each process's the mean of the plays')."""
    first = plays[0]
    row = {key: value for key, value in first.items() if key not in ("floor", *CHANGES)}
    row["plays"] = len(plays)
    row["floor"] = dict(_joined([play["floor"] for play in plays]), load=_span([play["floor"]["load"] for play in plays]))
    for change in CHANGES:
        parts = [play[change] for play in plays]
        figures: dict[str, Any] = {name: _joined([part.get(name) for part in parts]) for name in SUMMARIES
                                   if name in first[change]}
        figures["load"] = _span([part["load"] for part in parts])
        spent = [ms for part in parts for ms in part["kernel_cpu"]["samples_ms"]]
        figures["kernel_cpu"] = {"kernels": first[change]["kernel_cpu"]["kernels"],
                                 "median_ms": round(statistics.median(spent)),
                                 "max_ms": max(part["kernel_cpu"]["max_ms"] for part in parts),
                                 "sum_ms": round(statistics.mean(part["kernel_cpu"]["sum_ms"] for part in parts))}
        for key, digits in (("process_cpu_ms", None), ("laptop_cpu_s", 2)):
            if first[change].get(key) is not None:
                figures[key] = _mean_each([part.get(key) or {} for part in parts], digits)
        row[change] = figures
    return row


def _joined(summaries: list[dict[str, Any] | None]) -> dict[str, Any] | None:
    """Returns the summary of every sample of ``summaries`` (None if none has any), samples left out."""
    samples = [value for summary in summaries if summary for value in summary["samples_s"]]
    if not samples:
        return None
    joined = _summary(samples)
    joined.pop("samples_s")
    return joined


def _span(loads: list[str]) -> str:
    """Returns the load averages of several plays as one: the first's … the last's."""
    if len(loads) == 1:
        return loads[0]
    return f"{loads[0].split(' … ')[0]} … {loads[-1].split(' … ')[-1]}"


def _mean_each(spent: list[dict[str, float]], digits: int | None) -> dict[str, float]:
    """Returns each key's mean over the plays' ``spent`` (rounded to ``digits``)."""
    keys = list(dict.fromkeys(key for part in spent for key in part))
    return {key: round(statistics.mean(part.get(key, 0) for part in spent), digits) for key in keys}


PHONES = {"chromium": (False,), "simulated": (True,), "both": (False, True)}
#: How many classroom servers play the class: one, two behind the school's proxy, or both in one run.
SERVERS = {"1": (1,), "2": (2,), "both": (1, 2)}
STORES = ("sqlite", "redis")


@contextlib.contextmanager
def _classroom(folder: Path, servers: int, store: str) -> Iterator[dict[str, Any]]:
    """Runs the class's servers: one ``incognito-nb classroom`` over SQLite as the README
    starts it, or (``store="redis"``) ``servers`` classroom servers on the school's Redis,
    two behind its nginx (:mod:`benchmarks.school`, the ``deploy/`` files); yields their
    address, store, kernels, each server's kernels and the processes whose CPU is counted."""
    from .classroom import ClassroomServer
    from .school import school

    if store == "sqlite":
        store_url = str(folder / "class.sqlite")
        with ClassroomServer(folder, store_url) as server:
            yield {"url": server.url, "store_url": store_url, "kernels": server.kernels,
                   "spread": lambda: {"a": server.kernels()}, "processes": {"server a": server.pid}}
        return
    with school(folder, servers) as at:
        processes = {f"server {name}": pid for name, pid in zip("ab", at.server_pids)}
        processes["redis"] = at.redis_pid
        if at.nginx_pid is not None:
            processes["nginx"] = at.nginx_pid
        yield {"url": at.url, "store_url": at.store_url, "kernels": at.kernels, "spread": at.kernels_of,
               "processes": processes}


def run(tables: int, strokes: int = 180, *, capped: bool = True, phones: str = "chromium", servers: str = "1",
        store: str = "sqlite", plays: int = 1) -> list[dict[str, Any]]:
    """Plays the class with ``strokes``-stroke drawings, (``capped``) the same with one
    drawing at the cap, then with 3-stroke ones, in one run, ``plays`` times in turn (their
    samples pooled: :func:`pooled`): with every phone in Chromium
    (``phones="chromium"``), with five phones of each table on devices of their own
    (``"simulated"``), or both one after the other; on one classroom server, on two behind
    the school's proxy sharing one Redis (``servers="2"``: Redis whatever ``store`` says), or
    on one then two (``"both"``, one on Redis too, for the same store)."""
    from playwright.sync_api import sync_playwright

    from incognito_nb.store import open_store

    from .harness import launch_chromium

    counts = SERVERS[servers]
    if counts != (1,):
        store = "redis"
    sizes = list(dict.fromkeys([(strokes, False), *([(strokes, True)] if capped else []), (3, False)]))
    rows = []
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            # A server of its own for each way of holding the phones: a class of 35 pages a play, the
            # closed pages' kernels still ending, would reach the server's kernel cap (503).
            for sim in PHONES[phones]:
                for count in counts:
                    _log(f"{count} classroom server(s) on {store}{' behind nginx' if count > 1 else ''}")
                    with tempfile.TemporaryDirectory(prefix="incognito-bench-pace-") as folder, \
                            _classroom(Path(folder), count, store) as room:
                        opened = open_store(room["store_url"])
                        try:
                            for _, (size, cap) in itertools.product(range(max(1, plays)), sizes):
                                row = play(browser, f"{room['url']}/voila/render", opened, room["kernels"],
                                           tables=tables, strokes=size, capped=cap, simulated=sim,
                                           processes=room["processes"], spread=room["spread"])
                                rows.append(dict(row, servers=count, store=store))
                                _log(json.dumps(_pool(rows[-1:])))
                        finally:
                            opened.close()
        finally:
            browser.close()
    return pooled(rows)


def _holds(value: float, limit: float) -> str:
    return "holds" if value <= limit else "missed"


def _servers(row: dict[str, Any]) -> str:
    """Returns the row's servers cell: how many, on which store, how many kernels each held."""
    count = row.get("servers", 1)
    store = "Redis (append-only)" if row.get("store") == "redis" else "SQLite"
    held = row.get("kernels_per_server") or {}
    spread = f", kernels {' + '.join(str(n) for n in held.values())}" if count > 1 and held else ""
    return f"{count}{' behind nginx' if count > 1 else ''}, {store}{spread}"


def _processes(figures: dict[str, Any], students: int) -> str:
    """Returns the servers' own CPU and Redis's over a change, and Redis's per student."""
    spent = figures.get("process_cpu_ms")
    if not spent:
        return ""
    servers = " + ".join(f"{ms}" for name, ms in spent.items() if name.startswith("server"))
    text = f"servers {servers} ms"
    if "nginx" in spent:
        text += f"; nginx {spent['nginx']} ms"
    if "redis" in spent:
        text += f"; Redis {spent['redis']} ms ({spent['redis'] / students:.1f} ms a student)"
    return text


def markdown(rows: list[dict[str, Any]]) -> str:
    """Returns the figures as a Markdown table, with the targets beside them (one server's
    rows beside two servers' when the run played both)."""
    lines = ["| class | servers | drawings | change | projector median / p95 | phones median / p95 | phones trail "
             "(p95) | ÷ floor (p95, all pages) | ÷ the same with fewer strokes | kernel CPU above idle, median / max / sum | "
             "servers' own / Redis CPU | laptop CPU until every page shows it: kernels / servers / Chromium (its "
             "renderers) / benchmark | load |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    by_class: dict[tuple, dict[tuple, dict]] = {}
    for row in rows:
        setting = (row["tables"], row.get("phones", "chromium"), row.get("servers", 1), row.get("store", "sqlite"))
        by_class.setdefault(setting, {})[(row["strokes"], row.get("capped", False))] = row
    for (tables, phones, _, _), sizes in by_class.items():
        plays = next(iter(sizes.values())).get("plays", 1)
        room = (f"{tables} × 6" + (" (5 phones a table on their own devices)" if phones == "simulated" else "")
                + (f", {plays} plays pooled" if plays > 1 else ""))
        small = sizes.get((3, False))
        for (strokes, capped), row in sizes.items():
            servers = _servers(row)
            # A table with one drawing at the cap is compared with the same table of ordinary
            # full drawings; full drawings with 3-stroke ones.
            against = sizes.get((strokes, False)) if capped else small if strokes != 3 else None
            drawn = f"{strokes} strokes" + (f", one at the cap ({CAPPED_STROKES})" if capped else "")
            floor = row["floor"]["median_s"]
            lines.append(f"| {room} | {servers} | {drawn} | the floor: Done → its chip | "
                         f"{floor * 1000:.0f} / {row['floor']['p95_s'] * 1000:.0f} ms | | | | | | | | "
                         f"{row['floor']['load']} |")
            for change, label in (("find", "last Done → find screen"), ("reveal", "last Confirm → first reveal"),
                                  ("next", "each Next")):
                figures = row[change]
                worst = max(figures["projector"]["p95_s"], figures["phones"]["p95_s"])
                ratio = worst / floor
                target = f"{ratio:.1f}× (≤ {TARGET_FLOOR_RATIO:.0f}×: {_holds(ratio, TARGET_FLOOR_RATIO)})"
                ink = ""
                if against is not None:
                    other = max(against[change]["projector"]["p95_s"], against[change]["phones"]["p95_s"])
                    ink = f"{worst / other:.2f}× {'capped ÷ full' if capped else 'full ÷ 3-stroke'} "
                    # The targets: full ÷ 3-stroke for the find screen and the first
                    # reveal; capped ÷ full for the find screen. The other ratios are shown bare.
                    if change == "find" or (change == "reveal" and not capped):
                        ink += f"(≤ {TARGET_INK_RATIO}×: {_holds(worst / other, TARGET_INK_RATIO)})"
                    else:
                        ink += "(no target)"
                if tables >= 5:
                    target += f"; {worst:.2f} s (≤ {TARGET_CLASS_P95_S:.0f} s: {_holds(worst, TARGET_CLASS_P95_S)})"
                if change == "next":
                    target += (f"; projector p95 {figures['projector']['p95_s']:.2f} s (≤ {TARGET_NEXT_S} s: "
                               f"{_holds(figures['projector']['p95_s'], TARGET_NEXT_S)})")
                trail = figures["trail"]["p95_s"]
                cpu = figures["kernel_cpu"]
                spent = figures.get("laptop_cpu_s") or {}
                laptop = " / ".join(f"{spent[part]:.2f}" + (f" ({spent['renderers']:.2f})" if part == "chromium"
                                                            and "renderers" in spent else "")
                                    for part in ("kernels", "voila", "chromium", "benchmark")
                                    if part in spent) + (" s" if spent else "")
                lines.append(
                    f"| {room} | {servers} | {drawn} | {label} | "
                    f"{figures['projector']['median_s']:.2f} / {figures['projector']['p95_s']:.2f} s | "
                    f"{figures['phones']['median_s']:.2f} / {figures['phones']['p95_s']:.2f} s | "
                    f"{figures['trail']['median_s']:.2f} ({trail:.2f}) s, ≤ {TARGET_TRAIL_S:.0f} s: "
                    f"{_holds(trail, TARGET_TRAIL_S)} | {target} | {ink} | "
                    f"{cpu['median_ms']} / {cpu['max_ms']} / {cpu['sum_ms']} ms over {cpu['kernels']} | "
                    f"{_processes(figures, 6 * tables)} | {laptop} | {figures['load']} |")
    return "\n".join(lines + sizing(rows)) + "\n"



def sizing(rows: list[dict[str, Any]]) -> list[str]:
    """Returns, for each run on the school's Redis, the CPU a student's round of phase
    changes costs (the find screen, the first reveal, every Next): in the kernels (the
    projector's shared by its table), in each server itself, in Redis and in the proxy:
    what a school sizes its servers and its Redis from."""
    rows = [row for row in rows if row.get("store") == "redis"]
    if not rows:
        return []
    lines = ["", "CPU a student's phase changes cost (find screen + first reveal + every Next), the table's "
             "projector kernel shared by its six students:", "",
             "| class | servers | drawings | kernels | servers' own (each) | Redis | nginx |",
             "|---|---|---|---|---|---|---|"]
    for row in rows:
        students = 6 * row["tables"]
        kernels = sum(row[change]["kernel_cpu"]["sum_ms"] for change in CHANGES)
        spent: dict[str, int] = {}
        for change in CHANGES:
            for name, ms in (row[change].get("process_cpu_ms") or {}).items():
                spent[name] = spent.get(name, 0) + ms
        each = " + ".join(f"{ms / students:.1f}" for name, ms in spent.items() if name.startswith("server"))
        phones = " (5 phones a table on their own devices)" if row.get("phones") == "simulated" else ""
        lines.append(f"| {row['tables']} × 6{phones} | {_servers(row)} | {row['strokes']} strokes"
                     f"{', one at the cap' if row.get('capped') else ''} | {kernels / students:.1f} ms | {each} ms | "
                     f"{spent.get('redis', 0) / students:.1f} ms | "
                     + (f"{spent['nginx'] / students:.1f} ms |" if "nginx" in spent else "— |"))
    return lines


def main(argv: list[str] | None = None) -> int:
    cli = argparse.ArgumentParser(prog="python -m benchmarks.class_pace", description=__doc__.splitlines()[0])
    cli.add_argument("--tables", type=int, default=1, help="tables of six (5: a class of 30)")
    cli.add_argument("--strokes", type=int, default=180, help="strokes a full drawing holds")
    cli.add_argument("--no-cap", action="store_true", help="leave out the table with one drawing at the cap")
    cli.add_argument("--phones", choices=sorted(PHONES), default="chromium",
                     help="every phone a page of this machine's Chromium, five a table simulated as on devices of "
                          "their own (the laptop's share), or both")
    cli.add_argument("--servers", choices=sorted(SERVERS), default="1",
                     help="one classroom server, two behind the school's nginx on one Redis (deploy/), or one then "
                          "two in one run (both on Redis)")
    cli.add_argument("--store", choices=STORES, default="sqlite",
                     help="one server's store: a SQLite file, or Redis with deploy/redis/classroom.conf "
                          "(two servers always share Redis)")
    cli.add_argument("--plays", type=int, default=1,
                     help="play each drawing size this many times, the sizes in turn, and pool the samples "
                          "(one table's projector gives one sample a play)")
    cli.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = cli.parse_args(argv)
    if args.plays < 1:
        cli.error("--plays: at least 1")
    rows = run(args.tables, args.strokes, capped=not args.no_cap, phones=args.phones, servers=args.servers,
               store=args.store, plays=args.plays)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "class_pace.json").write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
