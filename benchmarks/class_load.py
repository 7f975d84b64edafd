"""A whole class drawing at once, on this machine: part of ``python -m benchmarks.classroom``.

Tables of six, every student drawing a 30-point stroke every second, then Done, cards and
the reveal, all served by one classroom server (the teacher's laptop):

- per table, the **teacher page** and one **student page** run in Chromium: the student
  draws each stroke with the mouse, and the teacher page, on every animation frame,
  reads each player's stroke count from its "who is done" chips;
- the **other five students** of each table are simulated: a small client opens each
  one's page as a browser does (its HTML, then its kernel's websocket with the v1
  protocol, whose messages it reads and drops), so the laptop carries their kernels and
  their traffic, and their strokes are made through the store, as their pages make them,
  from one process per table, each student on their own one-second beat.

Measured: the propagation of a stroke to the teacher page (Chromium student: from the
``pointerup`` in the student's page to the first animation frame of the teacher's page
that counts it, one clock for both pages; simulated students: from just before the
store call to that frame), the CPU of every kernel and of the server over the drawing
time, and how long Done and Confirm take to move the projector on.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import re
import statistics
import time
import urllib.request
from pathlib import Path
from typing import Any

from incognito_nb.engine import Action, Deck, Rules, Stroke
from incognito_nb.store import open_store

from .harness import cpu_seconds, machine_busy_seconds

PLAYERS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")
IN_CHROMIUM = "Ana"  # the student of each table whose page runs in Chromium
SLOW = 180_000  # ms: pages of a whole class loading at once on two cores
STEP = 60_000
POINTS = 30
KERNEL_ID = re.compile(rb'"kernelId": "([0-9a-f-]+)"')
V1 = "v1.kernel.websocket.jupyter.org"

# In a teacher page: whenever the page changes, read each seat's stroke count from the
# chips, and note each new count at the next animation frame (the one that shows it).  A
# MutationObserver, not a loop of animation frames: that loop cost each headless page about
# 6 % of a core for the three minutes of drawing (probes.SEEN_WHEN).
TEACHER_WATCH = """() => {
  window.__counts = {}; window.__seen = {};
  const pending = [];
  const stamp = () => {
    const now = performance.timeOrigin + performance.now();
    for (const key of pending.splice(0)) window.__seen[key] = now;
  };
  const look = () => {
    for (const chip of document.querySelectorAll('.inc-who-chip')) {
      const seat = chip.dataset.seat, found = /· (\\d+) stroke/.exec(chip.textContent);
      const count = found ? Number(found[1]) : 0, before = window.__counts[seat] || 0;
      for (let n = before + 1; n <= count; n++) {
        if (!pending.length) requestAnimationFrame(stamp);
        pending.push(seat + ':' + n);
      }
      if (count > before) window.__counts[seat] = count;
    }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  look();
}"""
# In a student page: the time of every pointer-up on the pad (a stroke ends there).
STUDENT_WATCH = """() => {
  window.__ups = [];
  document.addEventListener('pointerup', () => window.__ups.push(performance.timeOrigin + performance.now()), true);
}"""


def _deck() -> Deck:
    return Deck(tuple(f"object {i}" for i in range(24)), tuple(f"location {i}" for i in range(24)), name="bench")



def class_stroke(rng: random.Random) -> Stroke:
    """A 30-point stroke as a pad sends it, in board units scaled from screen pixels."""
    x, y = rng.uniform(60, 600), rng.uniform(80, 450)
    points = []
    for _ in range(POINTS):
        x, y = x + rng.uniform(-3, 8), y + rng.uniform(-5, 5)
        points.append((x * 1.3051, y * 1.3051))
    return Stroke(points, color=rng.choice(["#000000", "#0072b2", "#d55e00"]), width=rng.choice([4, 10]))


# ------------------------------------------------------------------ simulated students
def simulated_table(url: str, code: str, seats: dict[str, str], seconds: float, start_at: float, results) -> None:
    """Draws a stroke every second for each of ``seats`` (name -> token) from ``start_at``
    (wall clock) for ``seconds``; puts the (name, count, time before the call) of every
    stroke on ``results``.  Runs in a process of its own, as the students' kernels do."""
    store = open_store(url)
    rng = random.Random(code)
    beats = sorted((start_at + offset + i, name) for offset, name in
                   ((rng.uniform(0, 1), name) for name in seats) for i in range(int(seconds)))
    counts = dict.fromkeys(seats, 0)
    sent = []
    for due, name in beats:
        wait = due - time.time()
        if wait > 0:
            time.sleep(wait)
        stroke = Action.edit_drawing(name, [class_stroke(rng)])
        before = time.time()
        store.act(code, stroke, seat_token=seats[name])
        counts[name] += 1
        sent.append((name, counts[name], before))
    store.close()
    results.put((code, sent))


class PageClient:
    """A student's page opened without a browser: the HTML, then the kernel's websocket,
    whose messages are read and dropped, as a device that shows the page but draws nothing."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.kernel_id: str | None = None
        self._task: asyncio.Task | None = None
        self.received = 0

    async def open(self) -> None:
        html = await asyncio.get_running_loop().run_in_executor(None, self._get)
        found = KERNEL_ID.search(html)
        if not found:
            raise RuntimeError(f"no kernel in the page {self.url}")
        self.kernel_id = found.group(1).decode()
        self._task = asyncio.ensure_future(self._listen())

    def _get(self) -> bytes:
        with urllib.request.urlopen(self.url, timeout=SLOW / 1000) as response:
            return response.read()

    async def _listen(self) -> None:
        import websockets

        base = self.url.split("/voila/")[0].replace("http://", "ws://")
        socket_url = f"{base}/api/kernels/{self.kernel_id}/channels?session_id=load-{self.kernel_id[:8]}"
        async with websockets.connect(socket_url, subprotocols=[V1], max_size=None, open_timeout=60) as socket:
            async for _ in socket:
                self.received += 1

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)


# ------------------------------------------------------------------ the class
async def _draw(page, selector: str, rng: random.Random) -> None:
    # In view first, as a student would scroll: a pointer moved below the window reaches nothing.
    await page.locator(selector).first.scroll_into_view_if_needed()
    box = await page.locator(selector).first.bounding_box()
    x, y = box["x"] + box["width"] * rng.uniform(0.15, 0.5), box["y"] + box["height"] * rng.uniform(0.3, 0.7)
    await page.mouse.move(x, y)
    await page.mouse.down()
    for _ in range(POINTS - 1):
        x, y = x + rng.uniform(-2, 6) * box["width"] / 800, y + rng.uniform(-4, 4) * box["height"] / 600
        await page.mouse.move(x, y)
    await page.mouse.up()


async def _draw_every_second(page, seconds: float, start_at: float, seed: int) -> int:
    rng = random.Random(seed)
    drawn = 0
    while drawn < int(seconds):
        wait = start_at + drawn + 0.5 - time.time()
        if wait > 0:
            await asyncio.sleep(wait)
        await _draw(page, ".inc-pad-board", rng)
        drawn += 1
    return drawn


def _quantiles(values: list[float]) -> dict[str, Any]:
    ordered = sorted(values)
    if not ordered:
        return {"n": 0}

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {"n": len(ordered), "median_ms": round(statistics.median(ordered), 1), "p95_ms": at(0.95),
            "p99_ms": at(0.99), "max_ms": round(ordered[-1], 1)}


async def play_class(browser, base: str, store_url: str, kernels, server_pid: int, *, tables: int,
                     seconds: float) -> dict[str, Any]:
    """Plays a class of ``tables`` × 6 drawing for ``seconds``, then Done, cards and the
    reveal; returns the figures.  ``kernels()`` lists the server's kernel pids."""
    store = open_store(store_url)
    classes = []
    for _ in range(tables):
        keys = store.create_table(_deck(), Rules(rounds=1), seed=7)
        seats = {name: store.join(keys.code, name) for name in PLAYERS}
        classes.append((keys, seats))
    contexts, teachers, students, clients = [], [], [], []
    opened = time.monotonic()

    async def open_page(url: str, selector: str):
        context = await browser.new_context(viewport={"width": 1100, "height": 850})
        contexts.append(context)
        page = await context.new_page()
        await page.goto(url, timeout=SLOW)
        await page.wait_for_selector(selector, timeout=SLOW)
        return page

    for keys, seats in classes:
        teachers.append(await open_page(f"{base}/teacher.ipynb?code={keys.code}&key={keys.teacher_key}", ".inc-start"))
        students.append(await open_page(
            f"{base}/student.ipynb?code={keys.code}&token={seats[IN_CHROMIUM].token}", ".inc-lobby"))
        for name, seat in seats.items():
            if name != IN_CHROMIUM:
                clients.append(PageClient(f"{base}/student.ipynb?code={keys.code}&token={seat.token}"))
    await asyncio.gather(*(client.open() for client in clients))
    pages_ready = time.monotonic() - opened
    for keys, _ in classes:
        store.start(keys.code, keys.teacher_key)
    for teacher, student in zip(teachers, students):
        await student.wait_for_selector(".inc-pad-board canvas", timeout=STEP)
        await teacher.wait_for_selector(".inc-who-chip", timeout=STEP)
        await teacher.evaluate(TEACHER_WATCH)
        await student.evaluate(STUDENT_WATCH)

    # ---- everyone draws
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    start_at = time.time() + 3.0
    processes = [context.Process(target=simulated_table, args=(
        store_url, keys.code, {n: s.token for n, s in seats.items() if n != IN_CHROMIUM}, seconds, start_at, results))
        for keys, seats in classes]
    for process in processes:
        process.start()
    pids = sorted(kernels())
    await asyncio.sleep(max(0.0, start_at - time.time()))
    cpu_before = {pid: cpu_seconds(pid) for pid in [*pids, server_pid]}
    clock = time.monotonic()
    drawn = await asyncio.gather(*(_draw_every_second(page, seconds, start_at, seed)
                                   for seed, page in enumerate(students)))
    simulated = {}
    for _ in processes:
        code, sent = await asyncio.get_running_loop().run_in_executor(None, results.get, True, 120)
        simulated[code] = sent
    elapsed = time.monotonic() - clock
    cpu_after = {pid: cpu_seconds(pid) for pid in cpu_before}
    for process in processes:
        process.join(30)
    cpu = {pid: 100 * (cpu_after[pid] - cpu_before[pid]) / elapsed for pid in cpu_before
           if cpu_before[pid] is not None and cpu_after[pid] is not None}
    server_cpu = cpu.pop(server_pid, None)

    # ---- what the teacher pages saw
    chromium_delays, simulated_delays, missing = [], [], 0
    for (keys, seats), teacher, student, count in zip(classes, teachers, students, drawn):
        expected = {"1": count} | {str(PLAYERS.index(name) + 1): sum(1 for who, _, _ in simulated[keys.code] if who == name)
                                   for name in PLAYERS if name != IN_CHROMIUM}
        try:  # every stroke made reaches the teacher page: wait for the counts, then read the times
            await teacher.wait_for_function(
                "(expected) => Object.entries(expected).every(([seat, n]) => (window.__counts[seat] || 0) >= n)",
                arg=expected, timeout=STEP)
        except Exception:  # counted below as missing: the figures say so rather than stop
            pass
        seen = await teacher.evaluate("() => window.__seen")
        ups = await student.evaluate("() => window.__ups")
        for n, up in enumerate(ups[:count], start=1):
            shown = seen.get(f"1:{n}")
            if shown is None:
                missing += 1
            else:
                chromium_delays.append(shown - up)
        for name, n, before in simulated[keys.code]:
            shown = seen.get(f"{PLAYERS.index(name) + 1}:{n}")
            if shown is None:
                missing += 1
            else:
                simulated_delays.append(shown - before * 1000)

    # ---- Done, then cards, then the reveal on every projector
    def cpu_now() -> dict[str, float]:
        """CPU seconds so far of the server, its kernels, and everything else on the machine."""
        kernel_pids = kernels()
        server = cpu_seconds(server_pid) or 0.0
        in_kernels = sum(cpu_seconds(pid) or 0.0 for pid in kernel_pids)
        return {"server": server, "kernels": in_kernels, "machine": machine_busy_seconds()}

    before_done = cpu_now()
    done_started = time.time()
    for (keys, seats), student in zip(classes, students):
        for name, seat in seats.items():
            if name != IN_CHROMIUM:
                store.act(keys.code, Action.mark_done(name), seat_token=seat.token)
        await student.click(".inc-done")
    for teacher in teachers:
        await teacher.wait_for_selector(".inc-gallery .inc-drawing", timeout=STEP)
    done_to_find = time.time() - done_started
    confirm_started = time.time()
    for (keys, seats), student in zip(classes, students):
        for name, seat in seats.items():
            if name != IN_CHROMIUM:
                store.act(keys.code, Action.confirm_votes(name), seat_token=seat.token)
        await student.wait_for_selector(".inc-confirm-votes:not(:disabled)", timeout=STEP)
        await student.click(".inc-confirm-votes")
    for teacher in teachers:
        await teacher.wait_for_selector(".inc-reveal", timeout=STEP)
    confirm_to_reveal = time.time() - confirm_started
    after_reveal = cpu_now()
    spent = {name: round(after_reveal[name] - before_done[name], 1) for name in before_done}

    for client in clients:
        await client.close()
    for context in contexts:
        await context.close()
    size = sum(p.stat().st_size for p in Path(store_url).parent.glob(Path(store_url).name + "*")) \
        if "://" not in store_url else None
    store.close()
    busiest = max(cpu.values()) if cpu else None
    return {
        "tables": tables, "students": tables * len(PLAYERS), "seconds": seconds, "pages_ready_s": round(pages_ready, 1),
        "strokes": sum(drawn) + sum(len(sent) for sent in simulated.values()), "missing": missing,
        "propagation_chromium": _quantiles(chromium_delays), "propagation_simulated": _quantiles(simulated_delays),
        "kernel_cpu_pct": {"kernels": len(cpu), "busiest": round(busiest, 1) if busiest is not None else None,
                           "median": round(statistics.median(cpu.values()), 1) if cpu else None,
                           "sum": round(sum(cpu.values()), 1)},
        "server_cpu_pct": round(server_cpu, 1) if server_cpu is not None else None,
        "done_to_find_s": round(done_to_find, 2), "confirm_to_reveal_s": round(confirm_to_reveal, 2),
        "cpu_s_from_done_to_reveal": dict(spent, elsewhere=round(spent["machine"] - spent["server"] - spent["kernels"], 1)),
        "store_mb": round(size / 2**20, 2) if size is not None else None,
    }


def run(base: str, store_url: str, kernels, server_pid: int, *, tables: int, seconds: float) -> dict[str, Any]:
    """Runs :func:`play_class` in a Chromium of its own (Playwright's async API)."""
    from playwright.async_api import async_playwright

    from .harness import CHROMIUM, CHROMIUM_ARGS

    async def main() -> dict[str, Any]:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
            try:
                return await play_class(browser, base, store_url, kernels, server_pid, tables=tables, seconds=seconds)
            finally:
                await browser.close()

    return asyncio.run(main())


if __name__ == "__main__":  # a quick look: python -m benchmarks.class_load
    import sys
    import tempfile

    from incognito_nb.app.classroom import classroom_folder

    from .harness import voila

    with tempfile.TemporaryDirectory() as folder:
        url = str(Path(folder) / "class.sqlite")
        import os

        with voila(classroom_folder(), env=dict(os.environ, INCOGNITO_NB_STORE=url), timeout=120) as server:
            tables = int(sys.argv[1]) if len(sys.argv) > 1 else 1
            seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 20
            print(json.dumps(run(f"{server.url}/voila/render", url, server.kernels, server.pid,
                                 tables=tables, seconds=seconds), indent=2))
