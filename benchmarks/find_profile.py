"""Where a page's Chromium time goes as the find screen arrives: ``python -m benchmarks.find_profile``.

Issue 16: once a screen is a few dozen messages and the kernels spend ~50 ms on it, the
last Done → find screen is mostly the browsers' work.  One table of six (as
``benchmarks.class_pace`` opens it: the projector and six phones in one headless
Chromium, 180-stroke drawings set through the store); before the last Done, on every page
a CDP session reads ``Performance.getMetrics`` and, on one phone only (the profiler slows
a page several times over at 100 µs), starts the V8 sampling profiler (``--interval`` µs);
after every page shows its find screen (and one idle second) both are read again.  Printed, for one phone and
for the projector: the page's task, script, layout and style times (the metrics' deltas)
and the profile's self time grouped by what it is (the widget manager and models, each
anywidget module's import, stroke decoding, canvas painting, JSON, garbage collection).
With ``--frames``, also the projector's websocket frames of the change: when its kernel
made each message (the message's ``header.date``) and when Chromium received it (CDP's
``Network.webSocketFrameReceived``), both in ms after the last Done's click.  With
``--cpu`` (best with ``--profile none``: a profiler adds to its page's CPU), also the CPU ms
from the click until every page shows its screen: the page kernels', and Chromium's by kind
of process (the pages' renderers, the GPU process, the browser, the network service).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import re
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any, Iterator

from incognito_nb.engine import Action

from .class_pace import FIND_SCREEN, PHONE_FIND_SCREEN, PLAYERS, STEP, ChromiumClock, PartsClock, Table
from .find_screen import _settle, drawing
from .harness import CLICK_JS
from .probes import SEEN_WHEN, wait_seen

#: The pixel size of every board's canvas on a page, as painted.
CANVASES_JS = "() => [...document.querySelectorAll('.inc-painted-board canvas')].map((c) => `${c.width}x${c.height}`)"
METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "JSHeapUsedSize")


def _metrics(session) -> dict[str, float]:
    found = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    return {name: found.get(name, 0.0) for name in METRICS}


def _kind(frame: dict) -> str:
    """Returns what a profile node's self time is spent on."""
    name, url = frame.get("functionName", ""), frame.get("url", "")
    if name in ("(garbage collector)", "(idle)", "(program)"):
        return name
    if url.startswith("blob:") or url.startswith("data:"):
        if name in ("decode", "asView"):
            return "strokes: decode the buffer"
        if name in ("paintStrokes", "paintPaper", "paintBorder", "paint", "blank"):
            return "strokes: canvas painting (2D calls)"
        if name in ("fillRect", "stroke", "lineTo", "moveTo", "arc", "fill", "strokeRect", "beginPath", "setTransform"):
            return "strokes: canvas painting (2D calls)"
        if name == "":
            return "anywidget module: evaluate (per view import)"
        return "anywidget module: other"
    if name in ("fillRect", "stroke", "lineTo", "moveTo", "arc", "fill", "strokeRect", "beginPath", "drawImage",
                "clearRect", "getContext", "setTransform"):
        return "strokes: canvas painting (2D calls)"
    if name in ("Blob", "createObjectURL", "revokeObjectURL"):
        return "anywidget module: a blob URL per view's import"
    if name in ("parse", "stringify") or "JSON" in name:
        return "JSON"
    if name in ("deserialize", "_deserialize_state", "put_buffers", "_put_buffers", "set_state",
                "_handle_comm_msg", "new_model", "_make_model", "create_view", "render"):
        return f"widget manager: {name}"
    if "lab" in url or "voila" in url or "jupyter" in url or "static" in url:
        return "widget manager / Voilà bundle (other)"
    return f"other ({name or '?'})"


#: A kernel message's header date and type, read from the start of a frame (JSON text, or
#: the binary frame of a message with buffers, whose header is JSON too).
HEADER_DATE = re.compile(rb'"date":\s*"([0-9T:.+\-Z]+)"')
HEADER_TYPE = re.compile(rb'"msg_type":\s*"([a-z_]+)"')


def frame_times(events: list[dict], clicked_ms: float) -> list[dict[str, Any]]:
    """Returns, for each CDP ``Network.webSocketFrameReceived`` event in ``events``, when the
    kernel made its message and when the browser received it (ms after ``clicked_ms``, a
    wall-clock time), its size and its type.  CDP's timestamps are the monotonic clock
    Python's :func:`time.monotonic` reads (Linux's CLOCK_MONOTONIC)."""
    to_wall = time.time() - time.monotonic()
    frames = []
    for event in events:
        response = event["response"]
        data = response["payloadData"]
        raw = base64.b64decode(data) if response["opcode"] == 2 else data.encode()
        date, kind = HEADER_DATE.search(raw[:8000]), HEADER_TYPE.search(raw[:8000])
        made = (datetime.fromisoformat(date.group(1).decode().replace("Z", "+00:00")).timestamp() * 1000 - clicked_ms
                if date else None)
        frames.append({"made_ms": None if made is None else round(made),
                       "received_ms": round((event["timestamp"] + to_wall) * 1000 - clicked_ms),
                       "bytes": len(raw), "type": kind.group(1).decode() if kind else "?"})
    return frames


def summarise(profile: dict) -> dict[str, float]:
    """Returns the profile's self time in ms, grouped by :func:`_kind`."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    ticks = Counter(profile.get("samples", []))
    deltas = profile.get("timeDeltas", [])
    per_sample = (sum(deltas) / len(deltas) / 1000) if deltas else 0.1
    spent: Counter = Counter()
    for node_id, count in ticks.items():
        spent[_kind(nodes[node_id]["callFrame"])] += count * per_sample
    return {k: round(v, 1) for k, v in spent.most_common()}


def trace_self_ms(events: list[dict]) -> dict[str, dict[str, float]]:
    """Returns a Chromium trace's self time (ms: an event's duration less its children's),
    summed by event name, per kind of thread (renderer main, compositor, raster, …)."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    by_thread: dict[tuple, list[dict]] = {}
    for e in events:
        if e.get("ph") == "X" and "dur" in e:
            by_thread.setdefault((e["pid"], e["tid"]), []).append(e)
    spent: dict[str, Counter] = {}
    for key, complete in by_thread.items():
        thread = names.get(key, "?").rstrip("0123456789/")
        tally = spent.setdefault(thread, Counter())
        stack: list[list] = []  # [end, name, child time]
        for e in sorted(complete, key=lambda e: (e["ts"], -e["dur"])):
            while stack and stack[-1][0] <= e["ts"]:
                end, name, inner, dur = stack.pop()
                tally[name] += dur - inner
            if stack:
                stack[-1][2] += e["dur"]
            stack.append([e["ts"] + e["dur"], e["name"], 0, e["dur"]])
        while stack:
            end, name, inner, dur = stack.pop()
            tally[name] += dur - inner
    return {thread: {name: round(us / 1000, 1) for name, us in tally.most_common(12)}
            for thread, tally in spent.items() if sum(tally.values()) > 20_000}


@contextlib.contextmanager
def drawn_table(strokes: int) -> Iterator[tuple[Any, Table, Any]]:
    """Yields ``(browser, table, kernels)``: one table of six as ``benchmarks.class_pace``
    opens it, on a classroom server of its own (SQLite), started, every board holding
    ``strokes`` strokes set through the store; closes it all afterwards."""
    from playwright.sync_api import sync_playwright

    from incognito_nb.store import open_store

    from .classroom import ClassroomServer
    from .harness import launch_chromium

    with tempfile.TemporaryDirectory(prefix="incognito-bench-profile-") as folder:
        store_url = str(Path(folder) / "class.sqlite")
        with ClassroomServer(Path(folder), store_url) as server, sync_playwright() as playwright:
            store = open_store(store_url)
            browser = launch_chromium(playwright)
            contexts: list = []
            try:
                table = Table(browser, f"{server.url}/voila/render", store, contexts)
                store.start(table.keys.code, table.keys.teacher_key)
                for phone in table.phones.values():
                    phone.wait_for_selector(".inc-done:not(:disabled)", timeout=STEP)
                for seat, name in enumerate(PLAYERS):
                    table.act(name, Action.update_drawing(name, drawing(seat, strokes)))
                yield browser, table, server.kernels
            finally:
                for context in contexts:
                    context.close()
                browser.close()
                store.close()


def run(strokes: int, interval: int = 500, trace: Path | None = None, page_profiled: str = PLAYERS[0],
        frames: bool = False, cpu: bool = False) -> dict:
    with drawn_table(strokes) as (browser, table, kernels):
        for name in PLAYERS[:-1]:
            table.act(name, Action.mark_done(name))
        _settle(kernels)
        sessions = {}
        for label, page in table.pages.items():
            page.evaluate(SEEN_WHEN, ["find", FIND_SCREEN if label == "projector" else PHONE_FIND_SCREEN])
            session = page.context.new_cdp_session(page)
            session.send("Performance.enable")
            sessions[label] = (session, _metrics(session))
        received: list[dict] = []
        if frames:
            projector = sessions["projector"][0]
            projector.send("Network.enable")
            projector.on("Network.webSocketFrameReceived", lambda event: received.append(event))
        profiled = sessions[page_profiled][0] if page_profiled in sessions else None  # "none": no profiler
        if profiled is not None:
            profiled.send("Profiler.enable")
            profiled.send("Profiler.setSamplingInterval", {"interval": interval})
            profiled.send("Profiler.start")
        if trace is not None:  # the whole browser: every page's main, compositor and raster threads
            browser.start_tracing(path=str(trace), categories=[
                "devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "cc", "v8", "toplevel"])
        clocks = (PartsClock({"kernels": sorted(kernels())}), ChromiumClock()) if cpu else None
        clicked = table.phones[PLAYERS[-1]].evaluate(CLICK_JS, ".inc-done")
        shown = {label: (wait_seen(page, "find", STEP) - clicked)
                 for label, page in table.pages.items()}
        result = {}
        if clocks is not None:  # until every page shows its screen: the idle second after it left out
            result["cpu_ms"] = {"kernels": clocks[0].spent_ms()["kernels"], "chromium": clocks[1].spent_ms()}
        time.sleep(1.0)  # what a page does in idle time after its screen shows, counted too
        if frames:
            result["projector_frames"] = [f for f in frame_times(received, clicked) if f["received_ms"] >= 0]
        if trace is not None:
            browser.stop_tracing()
            data = json.loads(trace.read_text(encoding="utf-8"))
            result["trace_self_ms"] = trace_self_ms(data["traceEvents"] if isinstance(data, dict) else data)
        for label, (session, before) in sessions.items():
            after = _metrics(session)
            result[label] = {
                "shown_ms": round(shown[label]),
                "canvases": table.pages[label].evaluate(CANVASES_JS),
                "metrics_ms": {k: round(1000 * (after[k] - before[k])) for k in METRICS[:-1]}}
            if session is profiled:
                result[label]["profile_self_ms"] = summarise(session.send("Profiler.stop")["profile"])
        return result


def main(argv: list[str] | None = None) -> int:
    cli = argparse.ArgumentParser(prog="python -m benchmarks.find_profile", description=__doc__.splitlines()[0])
    cli.add_argument("--strokes", type=int, default=180)
    cli.add_argument("--interval", type=int, default=500, help="the profiler's sampling interval, µs")
    cli.add_argument("--trace", type=Path, help="also record a Chromium trace of the change to this file")
    cli.add_argument("--profile", default=PLAYERS[0], choices=["projector", *PLAYERS, "none"],
                     help="the page profiled (none: no profiler, which would add to its page's CPU)")
    cli.add_argument("--frames", action="store_true",
                     help="also list the projector's frames: when its kernel made each and when Chromium received it")
    cli.add_argument("--cpu", action="store_true",
                     help="also the CPU ms, from the click until every page shows its screen, of the page kernels "
                          "and of each kind of Chromium process (renderers, GPU process, browser, network service)")
    args = cli.parse_args(argv)
    print(json.dumps(run(args.strokes, args.interval, args.trace, args.profile, args.frames, args.cpu), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
