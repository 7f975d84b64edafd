"""What each Next of the reveal costs the pages' main threads: ``python -m benchmarks.next_profile``.

Issue 16: a Next moves every page of a table on at once, the projector first.  One table of
six as ``benchmarks.class_pace`` opens it (the projector 1280×720 and six phones 390×844 in
one headless Chromium, ``--strokes``-stroke drawings set through the store), played to the
first reveal; then, for each Next, a CDP session on every page reads
``Performance.getMetrics`` before the click and one idle second after every page shows the
step (what a page does right after it, a replay, counts).  Printed, per step: when each
page showed it (ms after the click) and its task, script and layout time; then the totals
over the drawings' steps (the scoreboard left out) for the projector and the six phones.

``TaskDuration`` is the main thread's busy time by the clock: on a loaded machine it
includes waiting for a core, so compare runs made one after the other (A, B, A, B).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from incognito_nb.engine import Action

from .class_pace import PLAYERS, STEP, step_shown
from .find_profile import METRICS, _metrics, drawn_table
from .find_screen import _settle
from .harness import CLICK_JS
from .probes import SEEN_POLL_MS, SEEN_WHEN, wait_seen


def run(strokes: int) -> dict:
    with drawn_table(strokes) as (_, table, kernels):
        for name in PLAYERS:
            table.act(name, Action.mark_done(name))
        table.projector.wait_for_selector(".inc-gallery", timeout=STEP)
        for name in PLAYERS:
            table.act(name, Action.confirm_votes(name))
        table.projector.wait_for_function(step_shown(PLAYERS[0]), polling=SEEN_POLL_MS, timeout=STEP)
        _settle(kernels)
        steps = []
        for step, name in enumerate([*PLAYERS[1:], None], start=1):
            key = f"next-{step}"
            sessions = {}
            for label, page in table.pages.items():
                page.evaluate(SEEN_WHEN, [key, step_shown(name)])
                session = page.context.new_cdp_session(page)
                session.send("Performance.enable")
                sessions[label] = (session, _metrics(session))
            clicked = table.projector.evaluate(CLICK_JS, ".inc-next")
            shown = {label: wait_seen(page, key, STEP) - clicked for label, page in table.pages.items()}
            time.sleep(1.0)  # what a page does right after the step (a replay) counts too
            pages = {}
            for label, (session, before) in sessions.items():
                after = _metrics(session)
                pages[label] = {"shown_ms": round(shown[label]),
                                **{k: round(1000 * (after[k] - before[k])) for k in METRICS[:3]}}
                session.detach()
            steps.append({"step": step, "artist": name, "pages": pages})
            _settle(kernels)
    drawings = [s["pages"] for s in steps if s["artist"] is not None]
    phones = [page for pages in drawings for label, page in pages.items() if label != "projector"]
    return {"strokes": strokes, "steps": steps, "totals": {
        "projector_task_ms": sum(pages["projector"]["TaskDuration"] for pages in drawings),
        "phones_task_ms": sum(page["TaskDuration"] for page in phones),
        "phones_shown_median_ms": statistics.median(page["shown_ms"] for page in phones),
        "projector_shown_median_ms": statistics.median(pages["projector"]["shown_ms"] for pages in drawings),
    }}


def main(argv: list[str] | None = None) -> int:
    cli = argparse.ArgumentParser(prog="python -m benchmarks.next_profile", description=__doc__.splitlines()[0])
    cli.add_argument("--strokes", type=int, default=180)
    args = cli.parse_args(argv)
    print(json.dumps(run(args.strokes), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
