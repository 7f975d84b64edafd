"""The static site (``incognito-nb lite build``) measured: its size, its time to interactive
cold and warm, and the pad's ink latency, each against a reference of the same run.

One site is built with the dashboard and, beside it, the one-button notebook and the pad
notebook, so the three pages share the very same in-browser kernel (Pyodide and the same
wheels).  The site is served by a static file server on 127.0.0.1; every request to
another host is aborted, as on a school network with no internet.

- Cold: a new browser context (empty cache, no service worker), from navigation until the
  page's control is visible and enabled.
- Warm: the same page loaded again in the same context (the browser's cache is full).
- Ink: the pad alone on a page, against the bare canvas page served by the same server.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any, Optional

from . import probes
from .harness import HERE, static_files
from .measure import ROWS, STEP, WARM_ROW, X0, summary

PAGES = {"one_button": ("voici/render/one_button.html", ".bench-start"),
         "dashboard": ("voici/render/play.html", ".inc-start")}
#: The reference page for ink: the bare canvas, copied into the site.
BARE = "bare_canvas.html"
COLD_TIMEOUT_MS = 240_000


def _log(text: str) -> None:
    print(f"[benchmarks] lite: {text}", file=sys.stderr, flush=True)


def build(folder: Path) -> dict[str, Any]:
    """Builds the site with the two reference notebooks beside the dashboard; returns the
    build's summary with the size of the site without them."""
    from incognito_nb.app.lite.build import build_site

    summary = build_site(folder, log=_log, extra_notebooks=[HERE / "one_button.ipynb", HERE / "pad.ipynb"])
    shutil.copy(HERE / BARE, folder / BARE)
    extras = [folder / "voici/render/one_button.html", folder / "voici/render/pad.html", folder / BARE]
    summary["size_bytes"] -= sum(path.stat().st_size for path in extras)
    return summary


def _offline(context, outside: list[str]) -> None:
    def route(request_route) -> None:
        if request_route.request.url.startswith("http://127.0.0.1:"):
            request_route.continue_()
        else:
            outside.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)


def time_to_interactive(page, url: str, selector: str) -> float:
    """Loads ``url`` and returns the ms from navigation until ``selector`` is usable."""
    page.goto(url, wait_until="commit", timeout=COLD_TIMEOUT_MS)
    handle = page.wait_for_function(probes.INTERACTIVE, arg=selector, polling="raf", timeout=COLD_TIMEOUT_MS)
    return round(handle.json_value(), 1)


def loads(browser, base: str, repeats: int, outside: list[str]) -> dict[str, dict[str, list[float]]]:
    """Returns, for each page, the cold and warm times to interactive of ``repeats`` loads
    (each repeat: a fresh context, a cold load, then a warm one)."""
    times: dict[str, dict[str, list[float]]] = {key: {"cold": [], "warm": []} for key in PAGES}
    for _ in range(repeats):
        for key, (path, selector) in PAGES.items():
            context = browser.new_context(viewport={"width": 1100, "height": 900})
            _offline(context, outside)
            try:
                page = context.new_page()
                _log(f"{key}, cold")
                times[key]["cold"].append(time_to_interactive(page, base + path, selector))
                page.close()
                page = context.new_page()
                _log(f"{key}, warm")
                times[key]["warm"].append(time_to_interactive(page, base + path, selector))
            finally:
                context.close()
    return times


def _ink_latency(context, url: str, selector: str, moves: int, *, kernel: bool) -> dict[str, Any]:
    page = context.new_page()
    try:
        page.goto(url, wait_until="commit", timeout=COLD_TIMEOUT_MS)
        page.wait_for_selector(f"{selector} canvas", state="attached", timeout=COLD_TIMEOUT_MS)
        if kernel:  # a warm-up stroke: ink reaches the board of record only once the kernel answers
            for _ in range(60):
                page.evaluate(probes.LATENCY, {"selector": selector, "moves": 5, "step": STEP, "rows": WARM_ROW,
                                               "x0": X0, "timeout": 5000})
                if page.evaluate(probes.INK_AT, {"selector": selector, "x": X0 + 5 * STEP, "y": WARM_ROW[0],
                                                 "deep": False}):
                    break
                page.wait_for_timeout(500)
            else:
                raise RuntimeError(f"no ink on the board of record at {url}")
        latencies = page.evaluate(probes.LATENCY, {"selector": selector, "moves": moves, "step": STEP,
                                                   "rows": ROWS, "x0": X0, "timeout": 3000})
        return summary(latencies)
    finally:
        page.close()


def _median(values: list[float]) -> Optional[float]:
    return round(statistics.median(values), 1) if values else None


def run(browser, *, moves: int, repeats: int) -> dict[str, Any]:
    """Builds, serves and measures the site; returns the lite section of the results."""
    with tempfile.TemporaryDirectory(prefix="incognito-bench-lite-") as scratch:
        site = Path(scratch) / "site"
        _log("building the site")
        built = build(site)
        outside: list[str] = []
        with static_files(site) as base:
            times = loads(browser, base + "/", repeats, outside)
            context = browser.new_context(viewport={"width": 1100, "height": 900})
            _offline(context, outside)
            try:
                _log("ink latency: bare canvas")
                bare = _ink_latency(context, f"{base}/{BARE}", ".bench-pad", moves, kernel=False)
                _log("ink latency: the pad on the static site")
                pad = _ink_latency(context, f"{base}/voici/render/pad.html", ".bench-pad", moves, kernel=True)
            finally:
                context.close()
    return {
        "site_mb": round(built["size_bytes"] / 1e6, 1),
        "build_seconds": built["seconds"],
        "time_to_interactive": {
            key: {kind: {"median_ms": _median(runs), "runs": runs} for kind, runs in kinds.items()}
            for key, kinds in times.items()},
        "latency": {"bare": bare, "pad": pad},
        "outside_requests": sorted(set(outside)),
    }
