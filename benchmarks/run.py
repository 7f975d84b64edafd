"""A whole benchmark run: start the servers and the browser, measure, write the results."""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from . import lite, measure, report
from .harness import HERE, REPO, SlowLink, launch_chromium, static_files, voila

#: Moves per pad and repetitions of the page-load measurements, per mode.
MODES = {
    "smoke": {"moves": 20, "loads": 1, "gallery": 1, "lite_loads": 1},  # proves the harness, for the tests
    "quick": {"moves": 40, "loads": 2, "gallery": 1, "lite_loads": 1},
    "full": {"moves": 200, "loads": 5, "gallery": 3, "lite_loads": 3},
}
PLAY = REPO / "incognito_nb" / "app" / "play.ipynb"


def _log(text: str) -> None:
    print(f"[benchmarks] {text}", file=sys.stderr, flush=True)


def _median(values: list) -> Any:
    got = [v for v in values if v is not None]
    return round(statistics.median(got), 1) if got else None


def run(mode: str, out: Path) -> tuple[list[Path], dict[str, Any]]:
    """Runs every benchmark in ``mode`` ("smoke", "quick" or "full"); writes and returns the results."""
    from playwright.sync_api import sync_playwright

    settings = MODES[mode]
    moves = settings["moves"]
    started = time.monotonic()
    saves = tempfile.TemporaryDirectory(prefix="incognito-bench-saves-")  # never the teacher's saves
    env = dict(os.environ, INCOGNITO_NB_SAVES=saves.name)
    results: dict[str, Any] = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "mode": mode,
        "moves": moves,
        "machine": {"platform": platform.platform(), "machine": platform.machine(),
                    "cpu_count": os.cpu_count(), "python": platform.python_version()},
        "method": measure_method(),
    }
    with voila(REPO, env=env) as server, static_files(HERE) as static_url, \
            SlowLink(int(server.url.rsplit(":", 1)[1])) as slow_voila, \
            SlowLink(int(static_url.rsplit(":", 1)[1])) as slow_static, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        results["machine"]["chromium"] = measure.chromium_version(browser)
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        try:
            links = {"localhost": (server.url, static_url),
                     "rtt80": (f"http://127.0.0.1:{slow_voila.port}", f"http://127.0.0.1:{slow_static.port}")}
            results["latency"] = {}
            for link, (base, static) in links.items():
                pages = {
                    "bare": f"{static}/bare_canvas.html",
                    "docs": server.render_url(HERE / "ipycanvas_docs_pad.ipynb", base),
                    "pad": server.render_url(HERE / "pad.ipynb", base),
                }
                results["latency"][link] = {}
                for key, url in pages.items():
                    _log(f"ink latency: {key} pad, {link}")
                    results["latency"][link][key] = measure.pad_latency(context, server, url, moves)
            tti: dict[str, list] = {"one_button": [], "dashboard": []}
            for _ in range(settings["loads"]):
                for key, path, selector in (("one_button", HERE / "one_button.ipynb", ".bench-start"),
                                            ("dashboard", PLAY, ".inc-start")):
                    _log(f"time to interactive: {key}")
                    tti[key].append(measure.time_to_interactive(context, server, server.render_url(path), selector))
            results["time_to_interactive"] = {
                key: {"median_ms": _median([r["ms"] for r in runs]), "runs": [r["ms"] for r in runs]}
                for key, runs in tti.items()}
            results["kernel_rss"] = {
                key: {"median_mb": _median([r["kernel_rss_mb"] for r in runs]),
                      "runs": [r["kernel_rss_mb"] for r in runs]}
                for key, runs in tti.items()}
            gallery_runs = []
            for _ in range(settings["gallery"]):
                _log("find-phase gallery")
                gallery_runs.append(measure.gallery(context, server, server.render_url(HERE / "find_gallery.ipynb")))
            results["gallery"] = {"median_ms": _median(gallery_runs), "runs": gallery_runs}
            results["lite"] = lite.run(browser, moves=moves, repeats=settings["lite_loads"])
        finally:
            context.close()
            browser.close()
    saves.cleanup()
    results["targets"] = report.targets(results)
    results["seconds"] = round(time.monotonic() - started, 1)
    return report.write(results, out), results


def measure_method() -> str:
    return (
        "Ink latency: inside a requestAnimationFrame callback (frame time T0) a pointermove and a "
        "mousemove are dispatched at the pen's next spot; each later frame reads that spot with "
        "getImageData on every canvas of the pad (shadow roots included); latency = time of the first "
        "frame showing ink - T0. Websocket traffic: every frame of the page's websockets (Playwright "
        "framesent/framereceived) from the first timed move until the page is quiet, divided by the moves. "
        "80 ms round trip: a loopback TCP proxy delaying each chunk 40 ms each way. Time to interactive: "
        "performance.now() when the button is visible and enabled. Kernel RSS: VmRSS of the kernel the page "
        "started, one second later. Gallery: from the click to the frame where all six boards show ink. "
        "Static site: built by incognito-nb lite build with the one-button and pad notebooks beside the "
        "dashboard (the same in-browser kernel), served on 127.0.0.1 with every other host aborted; cold = a "
        "new browser context, warm = the same page again in that context; size without the two extra pages."
    )
