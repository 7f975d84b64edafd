"""Classroom network play in real browsers: ``python -m benchmarks.classroom [--quick] [--out DIR]``.

Serves the classroom's teacher and student pages with ``incognito-nb classroom`` (the
classroom server, as the README starts it) over SQLite, and over Redis when Debian's
``redis-server`` and the ``redis`` package are there; one headless Chromium holds every
page, each in its own context (so its own kernel).  Tables and seats are made through the store, and the pages
opened with their links (``?code=…&key=…`` for the teacher, ``?code=…&token=…`` for a
student), so that only the pages' own behaviour is measured.

- **Propagation**: a student page acts (presses Done in hide, Confirm in find) and the
  teacher page, another kernel, shows it (the student's chip turns "done", or the next
  phase appears for the last one).  The teacher page watches its DOM on every animation
  frame from before the click; the time is taken in the student page right before its
  click.  Both pages live in one Chromium, so ``performance.timeOrigin + performance.now()``
  compares across them.  Median over every change (12 per round of six students).
- **Idle CPU**: six student pages and the teacher page wait in a lobby; each kernel's CPU
  time (utime + stime in ``/proc/<pid>/stat``) over 10 s, as % of one core.
- **Memory**: tables × 6 students (2 tables in quick mode, 5 in full mode), each with its
  teacher page; the resident memory of every kernel (what the server machine carries,
  not the browsers), summed, with a projection to 5 tables × 6 students from the median
  kernel when fewer were measured.
- **Strokes in the store** (``benchmarks.store.stroke_costs``): six players draw 200
  strokes of 30 points each through the store; a move's write time, and another
  kernel's catch-up, at the first strokes and at the last; the store's size against the
  raw ink as JSON.
- **A class drawing at once** (``benchmarks.class_load``): 5 tables × 6 students (2 in
  quick mode) each drawing a stroke a second for 3 minutes (30 s in quick mode), one
  student page and the teacher page of each table in Chromium; the propagation of a
  stroke to the teacher page, every kernel's CPU, then Done, cards and the reveal.
- **The class's pace** (``benchmarks.class_pace``): one table of six (and in full mode a
  class of 5 × 6), projector and phones in Chromium, drawings of 180 strokes, the same with
  one drawing at the cap, and 3-stroke drawings: on every page the last Done → the find
  screen, the last Confirm → the first reveal, each Next, how far the phones trail the
  projector, each kernel's CPU, against the store's floor (a Done → its chip); in quick and
  full mode again with five phones a table simulated (``benchmarks.phones``: their pages'
  widget messages, not rendered), as phones on devices of their own: the laptop's share.
  In full mode one table plays three times, the drawing sizes in turn, its samples pooled;
  smoke mode leaves it out (its own module's test plays it).
- **A class arriving at once** (``benchmarks.arrival``): 30 seat links (3 in smoke mode, 12
  in quick mode) opened at the same moment, against as many one-button Voilà pages opened
  the same way in the same run (the floor); the kernels' memory against the floor's.

Writes ``classroom.json`` and ``classroom.md`` to ``benchmarks/results`` (or ``--out``)
and prints the table.  No thresholds are enforced: the targets (median ≤ 300 ms, ≤ 1 % of
a core) are printed next to the figures.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from incognito_nb.engine import Action, Deck, Rules
from incognito_nb.store import open_store

from . import arrival, class_load, class_pace, measure
from .probes import FIND_GALLERY, SEEN_WHEN, wait_seen
from .harness import CLICK_JS, HERE, child_pids, cpu_seconds, kernel_pids, launch_chromium, rss_mb
from .store import _redis, stroke_costs

PLAYERS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")
MODES = {  # proves the harness, for the tests
    # No class pace in smoke mode: its plays are the suite's costliest minute, and the test of
    # benchmarks.class_pace plays the same pages end to end (on two servers behind the proxy).
    "smoke": {"rounds": 1, "tables": 1, "idle_s": 3.0, "redis": False, "strokes": 20,
              "load_tables": 1, "load_s": 8.0, "pace_tables": (), "pace_cap": False,
              "pace_phones": "simulated", "pace_plays": 1},
    "quick": {"rounds": 1, "tables": 2, "idle_s": 10.0, "redis": True, "strokes": 200,
              "load_tables": 2, "load_s": 30.0, "pace_tables": (1,), "pace_cap": True,
              "pace_phones": "both", "pace_plays": 1},
    "full": {"rounds": 3, "tables": 5, "idle_s": 10.0, "redis": True, "strokes": 200,
             "load_tables": 5, "load_s": 180.0, "pace_tables": (1, 5), "pace_cap": True,
             "pace_phones": "both", "pace_plays": 3},  # one table's plays pooled: one sample a play
}
TARGET_PROPAGATION_MS = 300.0
TARGET_IDLE_CPU = 1.0
TARGET_STROKE_RATIO = 1.5  # a store write at stroke 200 / at stroke 1
TARGET_SIZE_RATIO = 3.0  # the store's size / the raw ink as JSON
TARGET_LOAD_P95_MS, TARGET_LOAD_P99_MS = 300.0, 500.0
TARGET_BUSIEST_KERNEL = 50.0  # % of a core
SLOW = 120_000  # ms: a page load on a busy two-core machine
STEP = 30_000


def _log(text: str) -> None:
    print(f"[benchmarks.classroom] {text}", file=sys.stderr, flush=True)


def _deck() -> Deck:
    return Deck(tuple(f"object {i}" for i in range(24)), tuple(f"location {i}" for i in range(24)), name="bench")



def done_shows(name: str, next_phase: str) -> str:
    """Returns the test (for :data:`~benchmarks.probes.SEEN_WHEN`) that the teacher page shows
    ``name`` done, or the next phase's screen (``next_phase``, a selector)."""
    return ("() => [...document.querySelectorAll('.inc-who-chip')].some((c) => c.textContent.includes("
            f"{json.dumps(name)}) && c.textContent.includes('done')) || !!document.querySelector({json.dumps(next_phase)})")



class Classroom:
    """One Voilà serving the classroom notebooks over ``store_url``, and a browser's pages."""

    def __init__(self, browser, server, store_url: str) -> None:
        self.browser, self.server = browser, server
        self.store = open_store(store_url)
        self.base = f"{server.url}/voila/render"
        self.contexts: list = []

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        self.store.close()

    def page(self, url: str, selector: str):
        context = self.browser.new_context(viewport={"width": 1000, "height": 800})
        self.contexts.append(context)
        page = context.new_page()
        page.goto(url, timeout=SLOW)
        page.wait_for_selector(selector, timeout=SLOW)
        page.wait_for_selector("#loading", state="hidden", timeout=SLOW)
        return page

    def table(self, rounds: int) -> tuple[Any, Any, dict[str, Any]]:
        """Makes a table of six seated students; opens its teacher page and six student pages."""
        keys = self.store.create_table(_deck(), Rules(rounds=rounds), seed=1)
        seats = {name: self.store.join(keys.code, name) for name in PLAYERS}
        teacher = self.page(f"{self.base}/teacher.ipynb?code={keys.code}&key={keys.teacher_key}", ".inc-start")
        students = {name: self.page(f"{self.base}/student.ipynb?code={keys.code}&token={seat.token}", ".inc-lobby")
                    for name, seat in seats.items()}
        return keys, teacher, students


def idle_cpu(server, seconds: float) -> dict[str, Any]:
    """Samples the CPU time of every kernel of ``server`` over ``seconds``."""
    pids = sorted(server.kernels())
    before = {pid: cpu_seconds(pid) for pid in pids}
    time.sleep(seconds)
    after = {pid: cpu_seconds(pid) for pid in pids}
    percents = [100 * (after[p] - before[p]) / seconds for p in pids if before[p] is not None and after[p] is not None]
    return {"kernels": len(percents), "seconds": seconds, "per_kernel_pct": [round(p, 3) for p in percents],
            "mean_pct": round(statistics.mean(percents), 3) if percents else None,
            "max_pct": round(max(percents), 3) if percents else None}


def propagation(room: Classroom, keys, teacher, students: dict[str, Any], rounds: int) -> list[float]:
    """Plays ``rounds`` rounds; returns the delays (ms) from a student's click to the teacher's screen."""
    delays: list[float] = []
    teacher.click(".inc-start")
    for round_number in range(1, rounds + 1):
        for selector, next_phase in ((".inc-done", FIND_GALLERY), (".inc-confirm-votes", ".inc-reveal")):
            for name, page in students.items():
                page.wait_for_selector(f"{selector}:not(:disabled)", timeout=STEP)
            teacher.wait_for_function(
                "([sel, n]) => !document.querySelector(sel) && document.querySelectorAll('.inc-who-chip').length == n",
                arg=[next_phase, len(students)], timeout=STEP)
            for name, page in students.items():
                key = f"{round_number}-{selector}-{name}"
                if not teacher.evaluate(SEEN_WHEN, [key, done_shows(name, next_phase)]):
                    raise RuntimeError(f"the teacher page showed {key} before the click")
                clicked = page.evaluate(CLICK_JS, selector)
                seen = wait_seen(teacher, key, STEP)
                delays.append(seen - clicked)
        teacher.wait_for_selector(".inc-reveal", timeout=STEP)
        if round_number < rounds:  # to the next round's hide, through the store (not measured)
            room.store.act(keys.code, Action.advance(), teacher_key=keys.teacher_key)
            room.store.act(keys.code, Action.advance(), teacher_key=keys.teacher_key)
            teacher.wait_for_selector(".inc-reveal", state="detached", timeout=STEP)
    return delays


def summary(delays: list[float]) -> dict[str, Any]:
    ordered = sorted(delays)
    return {"n": len(ordered), "median_ms": round(statistics.median(ordered), 1),
            "p90_ms": round(ordered[max(0, int(len(ordered) * 0.9) - 1)], 1),
            "min_ms": round(ordered[0], 1), "max_ms": round(ordered[-1], 1)}


class ClassroomServer:
    """``incognito-nb classroom`` as the README starts it, over ``store_url``: its URL, its
    Voilà process (the launcher's child) and that process's kernels."""

    def __init__(self, folder: Path, store_url: str) -> None:
        self._running = arrival.classroom_server(folder, store_url)

    def __enter__(self) -> "ClassroomServer":
        self.url, self.launcher = self._running.__enter__()
        return self

    def __exit__(self, *failure) -> None:
        self._running.__exit__(*failure)

    @property
    def pid(self) -> int:
        servers = child_pids(self.launcher)
        return max(servers) if servers else self.launcher

    def kernels(self) -> set[int]:
        return kernel_pids(self.pid)


def memory(room: Classroom, tables: int) -> dict[str, Any]:
    """Opens ``tables`` − 1 more tables (the first is already open); returns the kernels' memory."""
    for number in range(2, tables + 1):
        _log(f"memory: opening table {number} of {tables} (a teacher and six students)")
        room.table(rounds=1)
    time.sleep(2)
    pids = sorted(room.server.kernels())
    rss = [r for r in (rss_mb(pid) for pid in pids) if r is not None]
    per_kernel = statistics.median(rss)
    full = 5 * (len(PLAYERS) + 1)
    result = {"tables": tables, "students": tables * len(PLAYERS), "kernels": len(rss),
              "kernel_rss_median_mb": round(per_kernel, 1), "kernel_rss_sum_mb": round(sum(rss), 1),
              "voila_rss_mb": round(rss_mb(room.server.pid) or 0, 1)}
    if len(rss) < full:
        result["projected_5x6_mb"] = round(per_kernel * full + result["voila_rss_mb"], 1)
        result["projection"] = (f"median kernel × {full} kernels (5 teacher pages + 30 students) + Voilà, "
                                f"from {len(rss)} kernels measured")
    return result


def measure_backend(browser, label: str, store_url: str, settings: dict, with_memory: bool,
                    folder: Path) -> dict[str, Any]:
    with ClassroomServer(folder, store_url) as server:
        room = Classroom(browser, server, store_url)
        try:
            _log(f"{label}: opening a teacher page and six student pages")
            first = room.table(settings["rounds"])
            _log(f"{label}: idle CPU of the waiting kernels over {settings['idle_s']:.0f} s")
            idle = idle_cpu(server, settings["idle_s"])
            _log(f"{label}: propagation over {settings['rounds']} round(s)")
            result = {"store": label, "idle_cpu": idle,
                      "propagation": summary(propagation(room, *first, settings["rounds"]))}
            if with_memory:
                result["memory"] = memory(room, settings["tables"])
            return result
        finally:
            room.close()


def _holds(value: float | None, limit: float) -> str:
    return "not measured" if value is None else "holds" if value <= limit else "missed"


def markdown(results: dict[str, Any]) -> str:
    lines = [f"Classroom benchmarks ({results['mode']} mode), {results['date']}, "
             f"{results['machine']['platform']}, {results['machine']['cpu_count']} CPUs, "
             f"Chromium {results['machine']['chromium']}", ""]
    strokes = results.get("strokes", [])
    if strokes:
        lines += ["| store | write at stroke 1 → 200 (median, ms) | ratio | target | catch-up read 1 → 200 (ms) | "
                  "size / raw ink | target |", "|---|---|---|---|---|---|---|"]
        for row in strokes:
            ratio, size = row["write_last_ms"] / row["write_first_ms"], row["store_kb"] / row["raw_ink_kb"]
            lines.append(
                f"| {row['store']} | {row['write_first_ms']:.2f} → {row['write_last_ms']:.2f} | {ratio:.2f}× | "
                f"≤ {TARGET_STROKE_RATIO}×: {_holds(ratio, TARGET_STROKE_RATIO)} | "
                f"{row['read_first_ms']:.2f} → {row['read_last_ms']:.2f} | "
                f"{row['store_kb'] / 1024:.1f} MB / {row['raw_ink_kb'] / 1024:.1f} MB = {size:.2f}× | "
                f"≤ {TARGET_SIZE_RATIO:.0f}×: {_holds(size, TARGET_SIZE_RATIO)} |")
        lines.append("")
    loads = results.get("class_load", [])
    if loads:
        lines += ["| class drawing load | students, seconds, strokes | propagation to the teacher page: Chromium "
                  "student median / p95 / p99 (n) | simulated students p95 / p99 (n) | target p95 (p99) | "
                  "busiest kernel | all kernels | server | Done → projector's find | Confirm → reveal |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for row in loads:
            c, sim, cpu = row["propagation_chromium"], row["propagation_simulated"], row["kernel_cpu_pct"]
            lines.append(
                f"| {row['store']} | {row['students']}, {row['seconds']:.0f} s, {row['strokes']} | "
                f"{c['median_ms']:.0f} / {c['p95_ms']:.0f} / {c['p99_ms']:.0f} ms ({c['n']}) | "
                f"{sim['p95_ms']:.0f} / {sim['p99_ms']:.0f} ms ({sim['n']}) | "
                f"≤ {TARGET_LOAD_P95_MS:.0f} ({TARGET_LOAD_P99_MS:.0f}) ms: "
                f"{'holds' if c['p95_ms'] <= TARGET_LOAD_P95_MS and c['p99_ms'] <= TARGET_LOAD_P99_MS else 'missed'} | "
                f"{cpu['busiest']:.1f} % of a core (≤ {TARGET_BUSIEST_KERNEL:.0f} %: "
                f"{_holds(cpu['busiest'], TARGET_BUSIEST_KERNEL)}) | {cpu['sum']:.0f} % over {cpu['kernels']} | "
                f"{row['server_cpu_pct']:.0f} % | {row['done_to_find_s']:.1f} s | {row['confirm_to_reveal_s']:.1f} s |")
        lines.append("")
    lines += ["| store | propagation median (p90, max), n | target | idle CPU per waiting kernel: mean (max) | target |",
              "|---|---|---|---|---|"]
    for row in results["backends"]:
        p, idle = row["propagation"], row["idle_cpu"]
        lines.append(f"| {row['store']} | {p['median_ms']:.0f} ms ({p['p90_ms']:.0f}, {p['max_ms']:.0f}), n={p['n']} | "
                     f"≤ {TARGET_PROPAGATION_MS:.0f} ms: {'holds' if p['median_ms'] <= TARGET_PROPAGATION_MS else 'missed'} "
                     f"({p['median_ms'] / TARGET_PROPAGATION_MS:.2f}× the target) | "
                     f"{idle['mean_pct']:.2f} % ({idle['max_pct']:.2f} %) of a core, {idle['kernels']} kernels | "
                     f"≤ {TARGET_IDLE_CPU:.0f} %: {'holds' if idle['max_pct'] <= TARGET_IDLE_CPU else 'missed'} |")
    mem = results.get("memory")
    if mem:
        lines += ["", "| memory | tables × students | kernels | kernel RSS median | kernel RSS sum | Voilà | 5 × 6 |",
                  "|---|---|---|---|---|---|---|",
                  f"| {mem['store']} | {mem['tables']} × 6 | {mem['kernels']} | {mem['kernel_rss_median_mb']:.0f} MB | "
                  f"{mem['kernel_rss_sum_mb']:.0f} MB | {mem['voila_rss_mb']:.0f} MB | "
                  + (f"≈ {mem['projected_5x6_mb'] / 1024:.1f} GB projected ({mem['projection']})"
                     if "projected_5x6_mb" in mem else
                     f"{(mem['kernel_rss_sum_mb'] + mem['voila_rss_mb']) / 1024:.1f} GB measured") + " |"]
    if results.get("class_pace"):
        lines += ["", class_pace.markdown(results["class_pace"]).rstrip("\n")]
    if results.get("arrival"):
        lines += ["", arrival.markdown(results["arrival"]).rstrip("\n")]
    elif results.get("arrival_failed"):
        lines += ["", f"The class's arrival could not be measured: {results['arrival_failed']}"]
    return "\n".join(lines) + "\n"


def load_backend(label: str, store_url: str, settings: dict, folder: Path) -> dict[str, Any]:
    """Plays a class drawing at once against a classroom server of its own over ``store_url``."""
    with ClassroomServer(folder, store_url) as server:
        _log(f"{label}: a class of {settings['load_tables']} × 6 drawing for {settings['load_s']:.0f} s")
        row = class_load.run(f"{server.url}/voila/render", store_url, server.kernels, server.pid,
                             tables=settings["load_tables"], seconds=settings["load_s"])
    return dict(row, store=label)


def run(mode: str, out: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    settings = MODES[mode]
    started = time.monotonic()
    results: dict[str, Any] = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"), "mode": mode,
        "settings": settings,
        "machine": {"platform": platform.platform(), "machine": platform.machine(),
                    "cpu_count": os.cpu_count(), "python": platform.python_version()},
        "targets": {"propagation_median_ms": TARGET_PROPAGATION_MS, "idle_cpu_pct": TARGET_IDLE_CPU,
                    "stroke_write_ratio": TARGET_STROKE_RATIO, "store_size_ratio": TARGET_SIZE_RATIO,
                    "load_p95_ms": TARGET_LOAD_P95_MS, "load_p99_ms": TARGET_LOAD_P99_MS,
                    "busiest_kernel_pct": TARGET_BUSIEST_KERNEL},
        "backends": [],
    }
    with tempfile.TemporaryDirectory(prefix="incognito-bench-classroom-") as folder, _redis() as redis_url:
        backends = [("SQLite (WAL)", str(Path(folder) / "class.sqlite"))]
        if not settings["redis"]:
            results["redis"] = f"Redis is not measured in {mode} mode"
        elif redis_url:
            backends.append(("Redis", redis_url))
        else:
            results["redis"] = "redis-server or the redis package is missing: Redis is not measured"
            _log(results["redis"])
        results["strokes"] = []
        for label, url in backends:
            _log(f"{label}: six players draw {settings['strokes']} strokes each through the store")
            store_url = url if "://" in url else str(Path(folder) / "strokes.sqlite")
            results["strokes"].append(dict(stroke_costs(store_url, strokes=settings["strokes"]), store=label))
        results["class_load"] = [load_backend(label, url if "://" in url else str(Path(folder) / "load.sqlite"),
                                              settings, Path(folder)) for label, url in backends[:1 if mode != "full" else 2]]
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            results["machine"]["chromium"] = measure.chromium_version(browser)
            for index, (label, url) in enumerate(backends):
                row = measure_backend(browser, label, url, settings, with_memory=index == 0, folder=Path(folder))
                if "memory" in row:
                    results["memory"] = dict(row.pop("memory"), store=label)
                results["backends"].append(row)
            browser.close()
    results["class_pace"] = []
    for tables in settings["pace_tables"]:
        _log(f"the class's pace: {tables} table(s) of six, every page")
        # A class of 30 gives 35 pages' samples a play; one table's projector gives one.
        plays = settings["pace_plays"] if tables == 1 else 1
        results["class_pace"] += class_pace.run(tables, capped=settings["pace_cap"], phones=settings["pace_phones"],
                                                plays=plays)
    _log(f"a class arriving at once: {arrival.MODES[mode]['tables'] * arrival.MODES[mode]['seats']} seat links and as many "
         "one-button pages")
    write(results, out, started)  # what is measured so far is kept, whatever the arrival does
    try:
        results["arrival"] = arrival.measure(mode)
    except Exception as error:  # noqa: BLE001 - said in the results, with the figures before it
        results["arrival_failed"] = f"{type(error).__name__}: {error}"
        _log(f"the class's arrival could not be measured: {results['arrival_failed']}")
    write(results, out, started)
    return results


def write(results: dict[str, Any], out: Path, started: float) -> None:
    """Writes ``classroom.json`` and ``classroom.md`` to ``out`` as the results stand."""
    results["seconds"] = round(time.monotonic() - started, 1)
    out.mkdir(parents=True, exist_ok=True)
    (out / "classroom.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    (out / "classroom.md").write_text(markdown(results), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    cli = argparse.ArgumentParser(prog="python -m benchmarks.classroom", description=__doc__.splitlines()[0])
    size = cli.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="one round, 2 tables for memory (a few minutes)")
    size.add_argument("--smoke", action="store_true",
                      help="one round, one table, SQLite only: proves the harness (about a minute), rough figures")
    cli.add_argument("--out", type=Path, default=HERE / "results", help="where to write classroom.json and .md")
    args = cli.parse_args(argv)
    results = run("smoke" if args.smoke else "quick" if args.quick else "full", args.out)
    print(markdown(results))
    print(f"({results['seconds']:.0f} s; written to {args.out / 'classroom.json'} and classroom.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
