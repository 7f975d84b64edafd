"""One measurement each: ink latency and websocket traffic of a pad, time to interactive
and kernel memory of a notebook, and the find-phase gallery.  Each opens its own page."""

from __future__ import annotations

import re
import statistics
import time
from typing import Any, Optional

from . import probes
from .harness import Voila, rss_mb

#: Board rows the latency strokes follow: clear of the pad's location text and border.
ROWS = [140, 190, 240, 290, 340, 390, 440, 490]
WARM_ROW = [560]
STEP = 12  # board units between two moves: each move inks fresh pixels
X0 = 60


def summary(values: list[Optional[float]]) -> dict[str, Any]:
    """Returns median, p90, count and the number of misses (None) of ``values`` (ms)."""
    got = sorted(v for v in values if v is not None)
    if not got:
        return {"median_ms": None, "p90_ms": None, "n": 0, "missed": len(values)}
    p90 = got[min(len(got) - 1, int(round(0.9 * (len(got) - 1))))]
    return {"median_ms": round(statistics.median(got), 1), "p90_ms": round(p90, 1), "n": len(got),
            "missed": len(values) - len(got)}


class Traffic:
    """Counts the websocket frames of a page while ``recording`` is on."""

    def __init__(self, page) -> None:
        self.recording = False
        self.frames: list[tuple[str, int, float]] = []
        page.on("websocket", self._watch)

    def _watch(self, ws) -> None:
        ws.on("framesent", lambda payload: self._add("out", payload))
        ws.on("framereceived", lambda payload: self._add("in", payload))

    def _add(self, direction: str, payload) -> None:
        if self.recording:
            size = len(payload.encode("utf-8")) if isinstance(payload, str) else len(payload)
            self.frames.append((direction, size, time.monotonic()))

    def wait_quiet(self, page, quiet: float = 0.6, limit: float = 8.0) -> None:
        """Waits until no frame has come for ``quiet`` seconds (at most ``limit``)."""
        start = time.monotonic()
        while time.monotonic() - start < limit:
            page.wait_for_timeout(100)
            last = self.frames[-1][2] if self.frames else start
            if time.monotonic() - max(last, start) >= quiet:
                return


def _ink_on_board(page, selector: str, x: float, y: float) -> bool:
    """Checks if a canvas of the page proper (not a shadow root) shows ink at (x, y)."""
    return page.evaluate(probes.INK_AT, {"selector": selector, "x": x, "y": y, "deep": False}) > 0


def _wait_for_board_ink(page, selector: str, x: float, y: float, seconds: float) -> bool:
    """Waits up to ``seconds`` for ink at (x, y) on the board of record; says if it came."""
    deadline = time.monotonic() + seconds
    while not _ink_on_board(page, selector, x, y):
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(50)
    return True


def pad_latency(context, server: Voila, url: str, moves: int, *, selector: str = ".bench-pad",
                timeout_ms: float = 3000) -> dict[str, Any]:
    """Measures one pad: ink latency per move, and websocket bytes and frames per move.

    A warm-up stroke first proves the whole path works (ink on the board of record,
    after the kernel if there is one); then ``moves`` moves are timed, and the traffic
    is counted until the page is quiet again, so a pad's last batch and commit count too.
    """
    before = server.kernels()
    page = context.new_page()
    traffic = Traffic(page)
    try:
        page.goto(url, wait_until="commit", timeout=120_000)
        page.wait_for_selector(f"{selector} canvas", state="attached", timeout=120_000)
        deadline = time.monotonic() + 90
        warm_x = X0 + 5 * STEP
        while True:
            page.evaluate(probes.LATENCY, {"selector": selector, "moves": 5, "step": STEP, "rows": WARM_ROW,
                                           "x0": X0, "timeout": 5000})
            if _wait_for_board_ink(page, selector, warm_x, WARM_ROW[0], seconds=5):
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"no ink on {url} after the warm-up")
        traffic.wait_quiet(page)
        traffic.recording = True
        latencies = page.evaluate(probes.LATENCY, {"selector": selector, "moves": moves, "step": STEP,
                                                   "rows": ROWS, "x0": X0, "timeout": timeout_ms})
        traffic.wait_quiet(page)
        traffic.recording = False
        result = summary(latencies)
        sent = [size for d, size, _ in traffic.frames if d == "out"]
        received = [size for d, size, _ in traffic.frames if d == "in"]
        result.update({
            "moves": moves,
            "ws_bytes_per_move": round((sum(sent) + sum(received)) / moves, 1),
            "ws_frames_per_move": round(len(traffic.frames) / moves, 2),
            "ws_bytes_sent": sum(sent), "ws_bytes_received": sum(received),
            "ws_frames_sent": len(sent), "ws_frames_received": len(received),
        })
        return result
    finally:
        _close(page, server, before)


def _close(page, server: Voila, before: set[int]) -> None:
    """Closes the page and shuts down the kernels it started, so that none piles up."""
    page.close()
    server.shut_down(server.kernels() - before)


def time_to_interactive(context, server: Voila, url: str, selector: str) -> dict[str, Any]:
    """Loads ``url`` and returns the ms from navigation until ``selector`` is usable, and the
    resident memory of the kernel the page started (MB), one second later."""
    before = server.kernels()
    page = context.new_page()
    try:
        page.goto(url, wait_until="commit", timeout=120_000)
        handle = page.wait_for_function(probes.INTERACTIVE, arg=selector, polling="raf", timeout=120_000)
        ms = handle.json_value()
        page.wait_for_timeout(1000)
        kernels = server.kernels() - before
        memory = [rss_mb(pid) for pid in kernels]
        return {"ms": round(ms, 1), "kernel_rss_mb": round(sum(m for m in memory if m), 1) if memory else None,
                "kernels": len(kernels)}
    finally:
        _close(page, server, before)


def gallery(context, server: Voila, url: str, timeout_ms: float = 30_000) -> Optional[float]:
    """Returns the ms from the click that starts the find phase until all six gallery
    boards show ink (None if they did not within ``timeout_ms``)."""
    before = server.kernels()
    page = context.new_page()
    try:
        page.goto(url, wait_until="commit", timeout=120_000)
        page.wait_for_function(probes.INTERACTIVE, arg=".bench-find", polling="raf", timeout=120_000)
        page.wait_for_timeout(500)
        ms = page.evaluate(probes.CLICK_UNTIL_INKED, {"button": ".bench-find", "boards": ".inc-gallery",
                                                      "count": 6, "timeout": timeout_ms})
        return None if ms is None else round(ms, 1)
    finally:
        _close(page, server, before)


def chromium_version(browser) -> str:
    """Returns the browser's version on one line."""
    return re.sub(r"\s+", " ", browser.version)
