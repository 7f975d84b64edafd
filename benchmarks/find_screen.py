"""The find screen with full drawings: ``python -m benchmarks.find_screen [--kernel-only] [--out DIR]``.

Issue 16: the last Done → the find screen took seconds with six 180-stroke drawings, because
every page's kernel drew six boards with canvas commands.  Two measures, each with full
drawings (180 strokes of 30 points) and, in the same run, 3-stroke drawings:

- **Kernel**: in this process, what a page's kernel spends (``time.process_time``) to build
  the find screen (:class:`~incognito_nb.ui.widgets.gallery.FindLayout`) for six drawings and
  paint it for a browser that connects, and the bytes its widgets send (JSON + buffers).
  Run it with ``PYTHONPATH`` on another checkout to compare (``--kernel-only``).
- **Pages**: the classroom server over SQLite, a teacher page (the projector) and six
  student pages in Chromium; drawings set through the store; five students press Done
  (the reference: each Done → the teacher's "who is done" chip), then the last one: the
  time until the projector's gallery and one phone's gallery show ink on all six boards
  (polled every 25 ms), and every kernel's CPU over that change.

Writes ``find_screen.json`` to ``benchmarks/results`` (or ``--out``) and prints ratios
against the reference.  The load average is printed beside every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from incognito_nb.engine import Action, Drawing, Game, Rules, Stroke

from .probes import FIND_GALLERY

PLAYERS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")
SIZES = {"full": 180, "small": 3}
POINTS = 30
SLOW = 180_000
STEP = 60_000


def drawing(seat: int, strokes: int, points: int = POINTS) -> Drawing:
    """Returns a lively drawing: ``strokes`` strokes of ``points`` points across the board."""
    return Drawing(tuple(
        Stroke([(10 + (7 * s + 13 * p + 31 * seat) % 780, 10 + (11 * s + 5 * p) % 580) for p in range(points)],
               color=("#000000", "#0072b2", "#d55e00")[s % 3], width=4 + 6 * (s % 2), erase=s % 23 == 22)
        for s in range(strokes)))


def _load() -> str:
    return "load " + " ".join(f"{v:.1f}" for v in os.getloadavg())


def kernel_cost(strokes: int, repeat: int = 3) -> dict[str, Any]:
    """Builds and paints the find screen of six ``strokes``-stroke drawings; returns the CPU
    ms (median of ``repeat``) and the bytes sent."""
    import ipywidgets

    from incognito_nb.ui.widgets.gallery import FindLayout

    game = Game.new(PLAYERS, seed=1)
    for seat, player in enumerate(game.players):
        game.submit_drawing(player, drawing(seat, strokes))
    game.advance()
    sent = [0]
    original, opened = ipywidgets.Widget._send, ipywidgets.Widget.open

    def count(self, msg, buffers=None):
        sent[0] += len(json.dumps(msg, default=str)) + sum(memoryview(b).nbytes for b in buffers or [])

    def count_open(self):  # a widget's first message holds its whole state, strokes included
        opened(self)
        state, _, buffers = ipywidgets.widgets.widget._remove_buffers(self.get_state())
        sent[0] += len(json.dumps(state, default=str)) + sum(memoryview(b).nbytes for b in buffers)

    ipywidgets.Widget._send, ipywidgets.Widget.open = count, count_open
    try:
        times = []
        for _ in range(repeat):
            sent[0] = 0
            start = time.process_time()
            layout = FindLayout(game)
            times.append(1000 * (time.process_time() - start))
            states = sum(len(json.dumps(w.get_state(), default=lambda b: "x" * len(b))) for w in _all(layout))
            layout.close()
    finally:
        ipywidgets.Widget._send, ipywidgets.Widget.open = original, opened
    return {"strokes": strokes, "cpu_ms": round(statistics.median(times), 1), "sent_bytes": sent[0],
            "state_bytes": states}


def _all(widget) -> list:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _all(child)
    return found


# The gallery shows ink on all six boards.  A board says how many strokes it painted
# (data-painted): reading its pixels back instead (getImageData, every 25 ms, on seven
# pages) cost Chromium more than the pages themselves.
PAINTED = """() => [...document.querySelectorAll('""" + FIND_GALLERY + """ .inc-painted-board')].filter(
    (b) => Number(b.dataset.painted) > 0).length >= 6"""


def pages_run(browser, base: str, store, kernels, strokes: int) -> dict[str, Any]:
    """Plays one hide phase with ``strokes``-stroke drawings at a new table; returns the delays."""
    from .classroom import CLICK_JS, _deck, done_shows
    from .probes import SEEN_WHEN, wait_seen

    keys = store.create_table(_deck(), Rules(rounds=1), seed=1)
    seats = {name: store.join(keys.code, name) for name in PLAYERS}
    contexts = []

    def page(url: str, selector: str, width: int, height: int):
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        opened = context.new_page()
        opened.goto(url, timeout=SLOW)
        opened.wait_for_selector(selector, timeout=SLOW)
        return opened

    try:
        teacher = page(f"{base}/teacher.ipynb?code={keys.code}&key={keys.teacher_key}", ".inc-start", 1280, 720)
        phones = {name: page(f"{base}/student.ipynb?code={keys.code}&token={seat.token}", ".inc-lobby", 390, 844)
                  for name, seat in seats.items()}
        teacher.click(".inc-start")
        for phone in phones.values():
            phone.wait_for_selector(".inc-done:not(:disabled)", timeout=STEP)
        for seat, (name, token) in enumerate((n, s.token) for n, s in seats.items()):
            store.act(keys.code, Action.update_drawing(name, drawing(seat, strokes)), seat_token=token)
        _settle(kernels)
        reference = []
        names = list(phones)
        for name in names[:-1]:
            key = f"{strokes}-{name}"
            teacher.evaluate(SEEN_WHEN, [key, done_shows(name, FIND_GALLERY)])
            clicked = phones[name].evaluate(CLICK_JS, ".inc-done")
            seen = wait_seen(teacher, key, STEP)
            reference.append(seen - clicked)
        _settle(kernels)
        watched = {"projector": teacher, "phone": phones[names[0]]}
        for label, watched_page in watched.items():
            watched_page.evaluate(SEEN_WHEN, [f"painted-{strokes}", PAINTED])
        pids = sorted(kernels())
        before = {pid: _cpu(pid) for pid in pids}
        load = _load()
        clicked = phones[names[-1]].evaluate(CLICK_JS, ".inc-done")
        shown = {label: wait_seen(watched_page, f"painted-{strokes}", STEP) - clicked
                 for label, watched_page in watched.items()}
        _settle(kernels)
        spent = [1000 * (_cpu(p) - before[p]) for p in pids if _cpu(p) is not None and before[p] is not None]
        return {"strokes": strokes, "reference_ms": round(statistics.median(reference), 1),
                "projector_ms": round(shown["projector"], 1), "phone_ms": round(shown["phone"], 1),
                "kernels": len(spent), "kernel_cpu_ms_sum": round(sum(spent)), "kernel_cpu_ms_max": round(max(spent)),
                "load": load}
    finally:
        for context in contexts:
            context.close()


def _cpu(pid: int) -> float | None:
    from .harness import cpu_seconds

    return cpu_seconds(pid)


#: A kernel's share of a core while it only waits: a page's watch reads the store every
#: 100 ms (0.6-1.6 % of a core each, measured with 35 kernels in a class round; 0.26 % in
#: a lobby), so 35 idle kernels are never under a fixed 5 % together.
IDLE_SHARE = 0.03


def _settle(kernels, quiet: float = 0.05, longest: float = 60.0, counted=None) -> float:
    """Waits until the kernels are back to idle: together under ``quiet`` of a core over half
    a second, or each under :data:`IDLE_SHARE` of a core (a kernel still starting, or still
    building a screen, is well over it) and together no busier than the half second before
    (their watches' polling is all that is left).  Returns their idle rate then (cores): with
    ``counted``, that of the kernels it keeps of theirs (``counted(pids)``, the same half second)."""
    end = time.monotonic() + longest
    before_rate = None
    idle = 0.0
    while time.monotonic() < end:
        pids = sorted(kernels())
        before = [_cpu(p) or 0 for p in pids]
        time.sleep(0.5)
        each = [((_cpu(p) or 0) - b) / 0.5 for p, b in zip(pids, before)]
        rate = sum(each)
        mine = set(pids) if counted is None else counted(pids)
        idle = sum(used for pid, used in zip(pids, each) if pid in mine)
        if rate < quiet:
            return idle
        if before_rate is not None and max(each, default=0.0) < IDLE_SHARE and rate <= before_rate * 1.1 + 0.01:
            return idle
        before_rate = rate
    return idle


def pages(folder: Path) -> list[dict[str, Any]]:
    from playwright.sync_api import sync_playwright

    from incognito_nb.store import open_store

    from .classroom import ClassroomServer
    from .harness import launch_chromium

    store_url = str(folder / "class.sqlite")
    rows = []
    with ClassroomServer(folder, store_url) as server, sync_playwright() as playwright:
        store = open_store(store_url)
        browser = launch_chromium(playwright)
        try:
            for strokes in SIZES.values():
                print(f"[benchmarks.find_screen] a table of six, {strokes}-stroke drawings", file=sys.stderr, flush=True)
                rows.append(pages_run(browser, f"{server.url}/voila/render", store, server.kernels, strokes))
                print(f"[benchmarks.find_screen] {rows[-1]}", file=sys.stderr, flush=True)
        finally:
            browser.close()
            store.close()
    return rows


def report(results: dict[str, Any]) -> str:
    lines = []
    for row in results["kernel"]:
        lines.append(f"kernel: find screen, six {row['strokes']}-stroke drawings: {row['cpu_ms']:.1f} CPU ms, "
                     f"{row['sent_bytes']:,} bytes sent, {row['state_bytes']:,} bytes of state ({results['kernel_load']})")
    for row in results.get("pages", []):
        ref = row["reference_ms"]
        lines.append(f"pages: {row['strokes']}-stroke drawings: Done → chips {ref:.0f} ms (reference); last Done → "
                     f"projector's find screen {row['projector_ms']:.0f} ms ({row['projector_ms'] / ref:.1f}×), "
                     f"phone's {row['phone_ms']:.0f} ms ({row['phone_ms'] / ref:.1f}×); {row['kernels']} kernels' "
                     f"CPU {row['kernel_cpu_ms_sum']} ms (max {row['kernel_cpu_ms_max']} ms) ({row['load']})")
    rows = results.get("pages", [])
    if len(rows) == 2:
        full, small = rows
        lines.append(f"pages: full / 3-stroke drawings: projector {full['projector_ms'] / small['projector_ms']:.2f}×, "
                     f"phone {full['phone_ms'] / small['phone_ms']:.2f}×")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    cli = argparse.ArgumentParser(prog="python -m benchmarks.find_screen", description=__doc__.splitlines()[0])
    cli.add_argument("--kernel-only", action="store_true", help="only the in-process kernel cost (seconds)")
    cli.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = cli.parse_args(argv)
    results: dict[str, Any] = {"kernel_load": _load(), "kernel": [kernel_cost(n) for n in SIZES.values()]}
    if not args.kernel_only:
        with tempfile.TemporaryDirectory(prefix="incognito-bench-find-") as folder:
            results["pages"] = pages(Path(folder))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "find_screen.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
