"""A class arriving over one Wi-Fi: ``python -m benchmarks.wifi [--rate MBIT] [--tables N] [--seats N] [--rounds N]``.

Thirty phones share the classroom's Wi-Fi and the laptop's one radio, and a phone's first
visit asks for ~5.2 MB of Voilà's scripts and the widgets' extensions.  This measures what
gzipping those files (``ClassroomServer.gzip_front_end``, :mod:`incognito_nb.app.server.gzip`)
changes, against the same arrival without it in the same run:

- **bytes**: what one phone's first visit of its seat link transfers (CDP's
  ``encodedDataLength`` of every response), and how much of it is the front end's files;
- **the arrival**: ``seats × tables`` seat links (six a table by default) opened at once (``benchmarks.arrival``'s way:
  tables made with the new-table form, the kernels warmed, each page a browser context of
  its own), each page's time from its navigation to its pad painted; the classroom server's
  own CPU over the arrival (its kernels apart).

With ``--rate`` (Mbit/s, and root) every byte between the browser and the server crosses a
link of that rate: the loopback is shaped with ``tc qdisc … tbf`` for the arrival only, and
put back as it was afterwards (also when the run fails).  Its burst is 512 kB, above the
loopback's 64 kB MTU (a smaller one never sends a full-size packet: the pages stall).  With
``--rate 0`` the loopback is left as it is: what the compression costs where the network
is not the limit.  Each round runs the server once with gzip and once without, alternating.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

from incognito_nb.app.server.gzip import FRONT_END  # what the server gzips: the front end's files
from incognito_nb.store import open_store

from .arrival import PLAYERS, Teacher, arrive_at_once, summary
from .harness import cpu_seconds, free_port, launch_chromium, serving

#: The passphrase the benchmark's servers are started with (no teacher types it here).
PASSPHRASE = "wifi-bench-pass"


def _log(text: str) -> None:
    print(f"[benchmarks.wifi] {text}", file=sys.stderr, flush=True)


@contextlib.contextmanager
def shaped(rate_mbit: float) -> Iterator[None]:
    """Shapes the loopback to ``rate_mbit`` Mbit/s while the block runs (0: left as it is)."""
    if not rate_mbit:
        yield
        return
    clear = ["tc", "qdisc", "del", "dev", "lo", "root"]
    subprocess.run(clear, capture_output=True)
    subprocess.run(["tc", "qdisc", "add", "dev", "lo", "root", "tbf", "rate", f"{rate_mbit}mbit", "burst", "512kb",
                    "latency", "2000ms"], check=True, capture_output=True)
    try:
        yield
    finally:
        subprocess.run(clear, capture_output=True)


@contextlib.contextmanager
def classroom(folder: Path, gzip: bool) -> Iterator[tuple[str, Any, Any]]:
    """Runs the classroom server on a SQLite store in ``folder``, its front end gzipped or not;
    yields its URL, its process and the store."""
    from incognito_nb.app.classroom import classroom_folder

    port, store = free_port(), str(folder / "class.sqlite")
    env = dict(os.environ, INCOGNITO_NB_STORE=store, INCOGNITO_NB_PASSPHRASE=PASSPHRASE)
    command = [sys.executable, "-m", "incognito_nb.app.server", str(classroom_folder()), f"--port={port}",
               "--Voila.ip=127.0.0.1", "--no-browser", f"--ClassroomServer.gzip_front_end={gzip}"]
    with serving(command, f"http://127.0.0.1:{port}", cwd=folder, name="classroom server", env=env,
                 timeout=120, stop_timeout=30) as process, contextlib.closing(open_store(store)) as opened:
        yield f"http://127.0.0.1:{port}", process, opened


def seat_links(base: str, store, tables: int, seats: int = len(PLAYERS)) -> list[str]:
    """Creates ``tables`` tables as a teacher does, seats ``seats`` at each (six in a class),
    starts them, and waits for a warm kernel per seat; returns the seat links."""
    teacher, links = Teacher(base), []
    for _ in range(tables):
        code, key = teacher.create_table()
        seated = [store.join(code, name) for name in PLAYERS[:seats]]
        store.start(code, key)
        links += [f"{base}/voila/render/student.ipynb?code={code}&token={seat.token}" for seat in seated]
    started = time.monotonic()
    while teacher.status()["warm"].get("student.ipynb", 0) < len(links) and time.monotonic() - started < 600:
        time.sleep(0.5)
    return links


def first_visit(browser, url: str) -> dict[str, float]:
    """Opens ``url`` in a fresh browser context; returns the MB its responses took on the wire,
    in all and for the front end's files."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        urls: dict[str, str] = {}
        sizes: dict[str, float] = {}
        session.on("Network.responseReceived", lambda e: urls.__setitem__(e["requestId"], e["response"]["url"]))
        session.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
        page.goto(url, timeout=180_000)
        page.wait_for_selector(".inc-pad canvas", timeout=180_000)
        front = sum(size for key, size in sizes.items() if FRONT_END.search(urls.get(key, "")))
        return {"total_mb": round(sum(sizes.values()) / 1e6, 2), "front_end_mb": round(front / 1e6, 2),
                "responses": len(sizes)}
    finally:
        context.close()


def arm(browser, gzip: bool, tables: int, rate_mbit: float, seats: int = len(PLAYERS)) -> dict[str, Any]:
    """One arrival on a server of its own, gzipping its front end or not."""
    with tempfile.TemporaryDirectory(prefix="incognito-bench-wifi-") as folder, \
            classroom(Path(folder), gzip) as (base, process, store):
        links = seat_links(base, store, tables, seats)
        visit = first_visit(browser, links.pop())  # one seat measured alone, unshaped: its bytes
        cpu = cpu_seconds(process.pid) or 0.0
        with shaped(rate_mbit):
            times, contexts = arrive_at_once(browser, links, "pad")
        spent = (cpu_seconds(process.pid) or 0.0) - cpu
        for context in contexts:
            context.close()
        return {"gzip": gzip, "first_visit": visit, "pages": summary(times), "server_cpu_s": round(spent, 2),
                "load": [round(x, 1) for x in os.getloadavg()]}


def measure(rate_mbit: float = 20, tables: int = 2, rounds: int = 2, seats: int = len(PLAYERS)) -> dict[str, Any]:
    """Runs ``rounds`` rounds of the arrival with and without gzip; returns every arm and the
    ratios of the medians (without ÷ with)."""
    from playwright.sync_api import sync_playwright

    if rate_mbit and os.geteuid() != 0:
        raise SystemExit("--rate needs root (tc shapes the loopback); --rate 0 measures without shaping")
    arms: list[dict[str, Any]] = []
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for number in range(rounds):
                for gzip in (True, False):
                    _log(f"round {number + 1} of {rounds}, gzip {'on' if gzip else 'off'}: "
                         f"{seats * tables - 1} seat links at once over {rate_mbit or 'an unshaped'} Mbit/s")
                    arms.append(arm(browser, gzip, tables, rate_mbit, seats))
        finally:
            browser.close()

    def median(gzip: bool, key: str) -> float:
        return statistics.median_high(a["pages"][key] for a in arms if a["gzip"] is gzip)

    return {"rate_mbit": rate_mbit, "tables": tables, "seats": seats, "pages": seats * tables - 1, "arms": arms,
            "ratios": {"median_without_over_with": round(median(False, "median_ms") / median(True, "median_ms"), 2),
                       "slowest_without_over_with": round(median(False, "max_ms") / median(True, "max_ms"), 2)}}


def markdown(results: dict[str, Any]) -> str:
    rate = f"{results['rate_mbit']} Mbit/s shared" if results["rate_mbit"] else "an unshaped loopback"
    lines = [f"A class arriving over {rate}: {results['pages']} seat links at once, the front end gzipped or not", "",
             "| gzip | a phone's first visit (front end) | median to pad | slowest | server CPU | load |",
             "|---|---|---|---|---|---|"]
    for a in results["arms"]:
        v, p = a["first_visit"], a["pages"]
        lines.append(f"| {'on' if a['gzip'] else 'off'} | {v['total_mb']} MB ({v['front_end_mb']} MB) | "
                     f"{p['median_ms'] / 1000:.1f} s | {p['max_ms'] / 1000:.1f} s | {a['server_cpu_s']} s | "
                     f"{' '.join(map(str, a['load']))} |")
    r = results["ratios"]
    lines += ["", f"Without ÷ with gzip: median {r['median_without_over_with']}×, slowest {r['slowest_without_over_with']}×."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    cli = argparse.ArgumentParser(prog="python -m benchmarks.wifi", description=__doc__.split("\n\n")[0])
    cli.add_argument("--rate", type=float, default=20, help="the shared link's Mbit/s (0: the loopback unshaped)")
    cli.add_argument("--tables", type=int, default=2, help="tables whose seat links open at once")
    cli.add_argument("--rounds", type=int, default=2, help="rounds, each with gzip then without")
    cli.add_argument("--seats", type=int, choices=range(2, len(PLAYERS) + 1), default=len(PLAYERS),
                     help="students seated at each table (six in a class; fewer proves the harness sooner)")
    cli.add_argument("--out", type=Path, help="folder for wifi.json and wifi.md")
    args = cli.parse_args(argv)
    results = measure(args.rate, args.tables, args.rounds, args.seats)
    text = markdown(results)
    sys.stdout.write(text)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "wifi.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
        (args.out / "wifi.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
