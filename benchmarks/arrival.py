"""A class arrives at once: ``python -m benchmarks.arrival [--quick] [--out DIR]``.

Measured in one run, on this machine, against a floor taken in the same run:

- **The floor**: N pages of the one-button Voilà notebook (``benchmarks/one_button.ipynb``)
  served by plain standalone Voilà (``voila <folder>``, as every Voilà app is served),
  opened at the same moment, each in its own browser context (a device of its own).
  Each page's time is from the start of its navigation to its button being usable.
- **The class**: ``incognito-nb classroom`` as the README starts it.  Tables are created
  the way the teacher page does it — the new-table form posted by the teacher's browser,
  which warms the server's kernels for the students coming — each teacher page is opened
  (the projector), six seats per table are taken through the store (``store.join``) and
  the game started, then the N seat links (``student.ipynb?code=…&token=…``) are opened at
  the same moment.  Each page's time is from the start of its navigation to its pad's
  paper painted (the board canvases opaque).
- **Memory**: the resident memory of every kernel once the pages are in: the N floor
  kernels; the class's student kernels plus the warm kernels still waiting in the
  server's pools (counted against the students), and the teacher kernels, reported apart;
  the Voilà processes.  From the same figures, how many students this machine's memory
  serves.

Each page measures itself: a script added at document start checks its condition every
25 ms and keeps ``performance.now()`` when it first holds, so the harness's own polling
adds nothing.  Both the floor and the class run in the same headless Chromium, on this
same machine, which also runs every kernel.

:func:`measure` returns the figures as a dict (``python -m benchmarks.classroom`` calls
it); :func:`main` prints them and writes ``arrival.json`` and ``arrival.md``.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import http.cookiejar
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any, Iterator

from incognito_nb.store import open_store

from .measure import chromium_version
from .harness import HERE, child_pids, cpu_seconds, free_port, launch_chromium, rss_mb, serving, voila

PLAYERS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")
MODES = {
    "smoke": {"tables": 1, "seats": 3},  # 3 pages each side: proves the harness (the tests run it)
    "quick": {"tables": 2, "seats": 6},  # 12 pages each side: a few minutes
    "full": {"tables": 5, "seats": 6},   # 30 pages: the class of the issue
}
TARGETS = {"median_ratio": 1.0, "slowest_ratio": 1.0, "memory_ratio": 1.15}
PAGE_TIMEOUT_S = 300.0
#: How much memory the machine keeps for itself when the class's capacity is worked out.
RESERVE_MB = 1024.0

#: Added to every page at document start: checks ``window.__arrivalCheck`` every 25 ms and
#: records the first moment it holds (ms since the navigation started).
WATCH = r"""
(() => {
  const checks = {
    button: () => {
      const el = document.querySelector('.bench-start');
      if (!el || el.disabled) return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    },
    pad: () => {
      const canvases = [...document.querySelectorAll('.inc-pad canvas')].filter(c => c.width && c.height);
      if (!canvases.length) return false;
      return canvases.every(c => {
        const g = c.getContext('2d');
        const points = [[2, 2], [c.width - 3, 2], [2, c.height - 3], [c.width - 3, c.height - 3],
                        [c.width >> 1, c.height >> 1]];
        return points.every(([x, y]) => g.getImageData(x, y, 1, 1).data[3] === 255);
      });
    },
  };
  const watch = () => {
    const check = checks[window.name];
    if (check && check()) { window.__arrivedAt = performance.now(); return; }
    setTimeout(watch, 25);
  };
  if (!window.__arrivedAt && location.protocol.startsWith('http')) watch();
})();
"""


def _log(text: str) -> None:
    print(f"[benchmarks.arrival] {text}", file=sys.stderr, flush=True)


def arrive_at_once(browser, urls: list[str], check: str, *, missing_ok: bool = False) -> tuple[list, list]:
    """Opens every URL at the same moment, each in a browser context of its own, and returns
    the ms each page took (navigation start → ``check`` holds) and the open contexts.  A page
    that never gets there within :data:`PAGE_TIMEOUT_S` fails the run, or with ``missing_ok``
    counts as None (plain Voilà gives up on a kernel that has not answered in 60 s, and then
    shows its error, never the button)."""
    contexts, pages = [], []
    for _ in urls:
        context = browser.new_context(viewport={"width": 1000, "height": 800})
        context.add_init_script(WATCH)
        contexts.append(context)
        pages.append(context.new_page())
    for page, url in zip(pages, urls):  # a few ms apart: each navigation starts without waiting
        page.evaluate("([url, check]) => { window.name = check; location.href = url; }", [url, check])
    times: list[float | None] = [None] * len(pages)
    deadline = time.monotonic() + PAGE_TIMEOUT_S
    while None in times:
        if time.monotonic() > deadline:
            late = f"{times.count(None)} of {len(pages)} pages never showed their {check}"
            if not missing_ok:
                raise RuntimeError(late)
            _log(late)
            break
        for index, page in enumerate(pages):
            if times[index] is None:
                with contextlib.suppress(Exception):  # mid-navigation: no document to ask yet
                    times[index] = page.evaluate("() => window.__arrivedAt || null")
        time.sleep(0.25)
    return [None if t is None else round(t, 1) for t in times], contexts


def summary(times: list) -> dict[str, Any]:
    """Returns the pages' median, fastest and slowest (ms), over the pages that got there;
    ``missing`` counts the others."""
    shown = [t for t in times if t is not None]
    return {"n": len(shown), "missing": len(times) - len(shown), "median_ms": round(statistics.median(shown), 1),
            "min_ms": round(min(shown), 1), "max_ms": round(max(shown), 1)}


# ------------------------------------------------------------------ the floor
def floor(browser, count: int) -> dict[str, Any]:
    """Opens ``count`` one-button pages at once on plain Voilà; returns times and kernel memory."""
    with voila(HERE, timeout=120) as server:
        url = f"{server.url}/voila/render/one_button.ipynb"
        _log(f"floor: {count} one-button pages at once")
        times, contexts = arrive_at_once(browser, [url] * count, "button", missing_ok=True)
        time.sleep(3)
        kernels = [rss_mb(pid) for pid in server.kernels()]
        result = {"pages": summary(times), "times_ms": times,
                  "kernel_rss_mb": [round(m, 1) for m in kernels if m], "voila_rss_mb": round(rss_mb(server.pid) or 0, 1)}
        for context in contexts:
            context.close()
        return result


# ------------------------------------------------------------------ the class
def server_cpu(launcher_pid: int) -> dict[int, float]:
    """Returns the CPU seconds used so far by the classroom server and each of its kernels
    (the launcher's child Voilà, and Voilà's children)."""
    servers = child_pids(launcher_pid)
    pids = servers | {kernel for server in servers for kernel in child_pids(server)}
    return {pid: cpu_seconds(pid) or 0.0 for pid in pids}


def cpu_spent(before: dict[int, float], after: dict[int, float]) -> float:
    """Returns the CPU seconds the server and its kernels spent between two readings."""
    return round(sum(after[pid] - before.get(pid, 0.0) for pid in after), 1)


@contextlib.contextmanager
def classroom_server(folder: Path, store: str | None = None) -> Iterator[tuple[str, int]]:
    """Runs ``incognito-nb classroom`` (its defaults, the store ``store`` or a SQLite file in
    ``folder``); yields its URL and the launcher's pid."""
    port = free_port()
    command = [sys.executable, "-m", "incognito_nb.app.launcher", "classroom", "--no-browser",
               "--port", str(port), "--store", store or str(folder / "class.sqlite")]
    url = f"http://127.0.0.1:{port}"
    with serving(command, url, cwd=folder, name="classroom server", timeout=120, stop_timeout=30) as process:
        yield url, process.pid


class Teacher:
    """The teacher's browser as far as the server can tell: a cookie jar and forms."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar),
                                                _NoRedirect())

    def create_table(self, rounds: int = 1) -> tuple[str, str]:
        """Posts the new-table form as the teacher page does; returns the code and the key
        the server gave this browser in its cookie."""
        form = self.http.open(f"{self.base}/voila/render/teacher.ipynb", timeout=60).read().decode()
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form).group(1)
        data = urllib.parse.urlencode({"_xsrf": xsrf, "deck": "everyday", "rounds": rounds, "timer": 0}).encode()
        answer = self.http.open(f"{self.base}/classroom/tables", data=data, timeout=60)
        code = urllib.parse.parse_qs(urllib.parse.urlparse(answer.headers["Location"]).query)["code"][0]
        key = next(cookie.value for cookie in self.jar if cookie.name == f"incognito_teacher_{code}")
        return code, key

    def cookies_for(self, context) -> None:
        """Gives a browser context this browser's cookies (the teacher keys)."""
        context.add_cookies([{"name": c.name, "value": c.value, "url": self.base} for c in self.jar])

    def status(self, memory: bool = False) -> dict[str, Any]:
        with self.http.open(f"{self.base}/classroom/status{'?memory=1' if memory else ''}", timeout=60) as answer:
            return json.loads(answer.read())


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # keep the 303 and its Location
        return None

    def http_error_303(self, request, answer, code, message, headers):
        return answer


def the_class(browser, tables: int, folder: Path, seats: int = len(PLAYERS)) -> dict[str, Any]:
    """Creates ``tables`` tables as a teacher does, seats ``seats`` at each (six in a class),
    and opens every seat link at once; returns times, warm-up and memory."""
    with classroom_server(folder) as (base, launcher):
        teacher = Teacher(base)
        store = open_store(folder / "class.sqlite")
        started, cpu_start = time.monotonic(), server_cpu(launcher)
        links, teacher_contexts = [], []
        for number in range(tables):
            code, key = teacher.create_table()
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            teacher.cookies_for(context)
            page = context.new_page()
            page.goto(f"{base}/voila/render/teacher.ipynb?code={code}", wait_until="commit", timeout=120_000)
            teacher_contexts.append(context)
            seated = [store.join(code, name) for name in PLAYERS[:seats]]
            store.start(code, key)
            links += [f"{base}/voila/render/student.ipynb?code={code}&token={seat.token}" for seat in seated]
            _log(f"class: table {number + 1} of {tables} created ({code}), its teacher page opened, {seats} seated")
        for context in teacher_contexts:
            context.pages[0].wait_for_selector(".inc-teacher", state="attached", timeout=120_000)
        expected = len(links)
        while True:  # the class arrives once the server has warmed a kernel for each of them
            status = teacher.status()
            if status["warm"].get("student.ipynb", 0) >= expected or time.monotonic() - started > 600:
                break
            time.sleep(0.5)
        warm_s = time.monotonic() - started
        cpu_warm = server_cpu(launcher)
        _log(f"class: {status['warm'].get('student.ipynb', 0)} student kernels warm after {warm_s:.1f} s; "
             f"{expected} seat links open at once")
        times, contexts = arrive_at_once(browser, links, "pad")
        cpu_arrived = server_cpu(launcher)
        time.sleep(3)
        status = teacher.status(memory=True)
        memory = status["memory_mb"]
        result = {"tables": tables, "seats": seats, "pages": summary(times), "times_ms": times, "warm_up_s": round(warm_s, 1),
                  "student_rss_mb": memory["student"], "teacher_rss_mb": memory["teacher"],
                  "warm_rss_mb": memory["warm"], "server_rss_mb": status["server_mb"],
                  "kernels": status["kernels"],
                  # CPU seconds of the server and its kernels (the laptop's share: the browsers
                  # are on the students' devices in a class), from the first table to the warm
                  # pool (tables, teacher pages, warming), then for the class's arrival.
                  "server_cpu_s": {"tables_and_warming": cpu_spent(cpu_start, cpu_warm),
                                   "arrival": cpu_spent(cpu_warm, cpu_arrived)}}
        for context in contexts + teacher_contexts:
            context.close()
        store.close()
        return result


# ------------------------------------------------------------------ the figures
def _available_mb() -> float | None:
    with contextlib.suppress(OSError, ValueError, StopIteration):
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            line = next(line for line in meminfo if line.startswith("MemAvailable:"))
        return int(line.split()[1]) / 1024
    return None


def measure(mode: str = "full") -> dict[str, Any]:
    """Runs the floor and the class in ``mode`` ("quick" or "full"); returns every figure."""
    from playwright.sync_api import sync_playwright

    tables, seats = MODES[mode]["tables"], MODES[mode]["seats"]
    count = tables * seats
    started = time.monotonic()
    available = _available_mb()
    with tempfile.TemporaryDirectory(prefix="incognito-bench-arrival-") as folder, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        chromium = chromium_version(browser)
        base = floor(browser, count)
        room = the_class(browser, tables, Path(folder), seats)
        browser.close()
    base_mem, students, warm = sum(base["kernel_rss_mb"]), sum(room["student_rss_mb"]), sum(room["warm_rss_mb"])
    per_student = statistics.median(room["student_rss_mb"]) if room["student_rss_mb"] else None
    per_table = statistics.median(room["teacher_rss_mb"]) if room["teacher_rss_mb"] else 0.0
    ratios = {
        "median_ratio": round(room["pages"]["median_ms"] / base["pages"]["median_ms"], 2),
        "slowest_ratio": round(room["pages"]["max_ms"] / base["pages"]["max_ms"], 2),
        "memory_ratio": round((students + warm) / base_mem, 3) if base_mem else None,
    }
    capacity = None
    if available and per_student:
        usable = available - RESERVE_MB - room["server_rss_mb"]
        capacity = int(usable // (per_student + per_table / len(PLAYERS)))
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"), "mode": mode,
        "pages": count,
        "machine": {"platform": platform.platform(), "cpu_count": os.cpu_count(), "python": platform.python_version(),
                    "chromium": chromium, "mem_available_mb": round(available, 0) if available else None},
        "floor": base, "class": room, "ratios": ratios, "targets": TARGETS,
        "holds": {name: ratios[name] is not None and ratios[name] <= TARGETS[name] for name in TARGETS},
        "memory": {"floor_kernels_mb": round(base_mem, 1), "student_kernels_mb": round(students, 1),
                   "warm_kernels_mb": round(warm, 1), "warm_kernels": len(room["warm_rss_mb"]),
                   "teacher_kernels_mb": round(sum(room["teacher_rss_mb"]), 1),
                   "teacher_kernels": len(room["teacher_rss_mb"]),
                   "student_kernel_median_mb": round(per_student, 1) if per_student else None,
                   "floor_kernel_median_mb": round(statistics.median(base["kernel_rss_mb"]), 1),
                   "server_mb": room["server_rss_mb"]},
        "students_this_machine_serves": capacity,
        "server_cpu_s_per_student": {
            "warming": round(room["server_cpu_s"]["tables_and_warming"] / count, 2),
            "arrival": round(room["server_cpu_s"]["arrival"] / count, 2)},
        "seconds": round(time.monotonic() - started, 1),
    }


def markdown(results: dict[str, Any]) -> str:
    floor_pages, class_pages, memory, ratios = (results["floor"]["pages"], results["class"]["pages"],
                                                results["memory"], results["ratios"])
    holds = {name: "holds" if ok else "missed" for name, ok in results["holds"].items()}
    n = results["pages"]
    lines = [
        f"Class arrival ({results['mode']} mode, {n} pages at once), {results['date']}, "
        f"{results['machine']['platform']}, {results['machine']['cpu_count']} CPUs, Chromium {results['machine']['chromium']}",
        "",
        "| pages opened at once | median | slowest | fastest |",
        "|---|---|---|---|",
        f"| {n} one-button Voilà pages (the floor): button usable"
        + (f" ({floor_pages['missing']} never: plain Voilà gave up on its kernel)" if floor_pages.get("missing") else "")
        + f" | {floor_pages['median_ms'] / 1000:.1f} s | "
        f"{floor_pages['max_ms'] / 1000:.1f} s | {floor_pages['min_ms'] / 1000:.1f} s |",
        f"| {n} seat links (`incognito-nb classroom`, {results['class']['tables']} tables × {results['class'].get('seats', len(PLAYERS))}): pad painted | "
        f"{class_pages['median_ms'] / 1000:.1f} s | {class_pages['max_ms'] / 1000:.1f} s | {class_pages['min_ms'] / 1000:.1f} s |",
        "",
        "| target | this run | limit | |",
        "|---|---|---|---|",
        f"| median time to pad / one-button floor | {ratios['median_ratio']:.2f}× | ≤ {TARGETS['median_ratio']:.1f}× | {holds['median_ratio']} |",
        f"| slowest page / slowest floor page | {ratios['slowest_ratio']:.2f}× | ≤ {TARGETS['slowest_ratio']:.1f}× | {holds['slowest_ratio']} |",
        f"| kernel memory, {n} students + {memory['warm_kernels']} warm kernels waiting / {n} one-button kernels | "
        f"{memory['student_kernels_mb'] + memory['warm_kernels_mb']:.0f} MB / {memory['floor_kernels_mb']:.0f} MB = "
        f"{ratios['memory_ratio']:.3f}× | ≤ {TARGETS['memory_ratio']:.2f}× | {holds['memory_ratio']} |",
        "",
        f"Student kernel median {memory['student_kernel_median_mb']:.1f} MB, one-button kernel median "
        f"{memory['floor_kernel_median_mb']:.1f} MB; {memory['teacher_kernels']} teacher kernels "
        f"{memory['teacher_kernels_mb']:.0f} MB in all (apart); the classroom server {memory['server_mb']:.0f} MB. "
        f"Kernels warmed for the class in {results['class']['warm_up_s']:.0f} s after the first table was created.",
    ]
    cpu = results["class"]["server_cpu_s"]
    lines.append(f"The server and its kernels spent {cpu['tables_and_warming']:.0f} CPU-s creating the tables "
                 f"and warming the kernels, then {cpu['arrival']:.0f} CPU-s while the {n} pages arrived "
                 f"({results['server_cpu_s_per_student']['arrival']:.2f} CPU-s a student; the rest of the "
                 "machine's time went to the browsers).")
    if results.get("students_this_machine_serves"):
        lines.append(f"This machine's available memory ({results['machine']['mem_available_mb']:.0f} MB, "
                     f"{RESERVE_MB:.0f} MB kept aside) holds {results['students_this_machine_serves']} students "
                     "at the measured kernel sizes (a teacher kernel per six).")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    cli = argparse.ArgumentParser(prog="python -m benchmarks.arrival", description=__doc__.splitlines()[0])
    size = cli.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="two tables (12 pages each side): a few minutes")
    size.add_argument("--smoke", action="store_true", help="one table, three seated (3 pages each side): proves the harness")
    cli.add_argument("--out", type=Path, default=HERE / "results", help="where to write arrival.json and arrival.md")
    args = cli.parse_args(argv)
    results = measure("smoke" if args.smoke else "quick" if args.quick else "full")
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "arrival.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    text = markdown(results)
    (args.out / "arrival.md").write_text(text, encoding="utf-8")
    print(text)
    print(f"({results['seconds']:.0f} s; written to {args.out / 'arrival.json'} and arrival.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
