"""What six boards cost the projector to paint: ``python -m benchmarks.board_paint [--runs N] [--out DIR]``.

Issue 16: at a class's scale, what the find screen spends on the ink is the laptop's
browsers painting boards (docs/platform-notes.md), the projector's six tiles above all.
This paints six boards in headless Chromium with the shipped painter (``painted_board.js``:
``decode`` then ``paintBoard``) at a projected tile's size (305 × 229, the projector's tiles
at 1280 × 720), each forced to its pixels (``getImageData``), and times the six in the page
(``performance.now``).  Against the same six boards of 3 strokes, in the same run:

- **180 strokes as a hand draws them** (30-point strokes that wander, three colours, two
  widths: ``benchmarks.class_load.class_stroke``);
- **the same, thinned**: each stroke's points simplified (Ramer-Douglas-Peucker) to within
  half a board unit — what "points may be thinned on the way" could save;
- **one colour and width, a path a stroke** (as shipped) and **one path for all**: whether
  stroking a board's same-looking strokes as one path would save the per-stroke cost.

Each figure is the median of ``--runs`` pages, each a new page (a fresh canvas).  Writes
``board_paint.json`` and ``board_paint.md`` to ``--out`` (``benchmarks/results`` by
default) and prints the Markdown.  The load average is beside the figures.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import statistics
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

from incognito_nb.engine import Stroke
from incognito_nb.ui.widgets.painted_board import SCALE, pack_strokes

from .class_load import class_stroke
from .find_screen import drawing
from .harness import launch_chromium

RESULTS = Path(__file__).resolve().parent / "results"
PAINTER = Path(__file__).resolve().parents[1] / "incognito_nb" / "ui" / "widgets" / "painted_board.js"
TILE = (305, 229)  # a projected tile at 1280 x 720 (find_profile's canvases)
BOARD = {"width": 800, "height": 600, "paper": "#ffffff", "border": "#999999"}
SEATS = 6

# The shipped painter, as a module whose functions the timing below reaches.
MODULE = PAINTER.read_text() + "\nwindow.painter = { decode, paintBoard, fittedSize };\n"

# Six packed boards (base64) painted as the gallery paints a fitted tile; the ms of the six.
PAINT_PACKED = """([boards, width, board, scale]) => {
  const { decode, paintBoard, fittedSize } = window.painter;
  const bytes = boards.map((b) => Uint8Array.from(atob(b), (c) => c.charCodeAt(0)));
  const started = performance.now();
  for (const buffer of bytes) {
    const canvas = document.createElement("canvas"), size = fittedSize(width, 1, board);
    canvas.width = size.width; canvas.height = size.height; document.body.append(canvas);
    const ctx = canvas.getContext("2d");
    paintBoard(ctx, decode(buffer, scale), board, size);
    ctx.getImageData(0, 0, 1, 1);
  }
  return performance.now() - started;
}"""

# Six boards of plain point lists in one colour and width: a path a stroke, or one for all.
PAINT_PATHS = """([boards, width, board, onePath]) => {
  const { fittedSize } = window.painter;
  const started = performance.now();
  for (const strokes of boards) {
    const canvas = document.createElement("canvas"), size = fittedSize(width, 1, board);
    canvas.width = size.width; canvas.height = size.height; document.body.append(canvas);
    const ctx = canvas.getContext("2d");
    ctx.setTransform(size.scale, 0, 0, size.scale, 0, 0);
    ctx.fillStyle = board.paper; ctx.fillRect(0, 0, board.width, board.height);
    ctx.lineCap = "round"; ctx.lineJoin = "round"; ctx.strokeStyle = "#0072b2"; ctx.lineWidth = 4;
    if (onePath) ctx.beginPath();
    for (const p of strokes) {
      if (!onePath) ctx.beginPath();
      ctx.moveTo(p[0], p[1]);
      for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
      if (!onePath) ctx.stroke();
    }
    if (onePath) ctx.stroke();
    ctx.getImageData(0, 0, 1, 1);
  }
  return performance.now() - started;
}"""


def thinned(points: Sequence[tuple[float, float]], tolerance: float) -> list[tuple[float, float]]:
    """Returns ``points`` simplified (Ramer-Douglas-Peucker): no point left out lies farther
    than ``tolerance`` from the line that stands for it; the ends are kept."""
    if len(points) < 3:
        return list(points)
    (x0, y0), (x1, y1) = points[0], points[-1]
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5
    farthest, at = -1.0, 0
    for index in range(1, len(points) - 1):
        x, y = points[index]
        away = abs(dy * x - dx * y + x1 * y0 - y1 * x0) / length if length else ((x - x0) ** 2 + (y - y0) ** 2) ** 0.5
        if away > farthest:
            farthest, at = away, index
    if farthest <= tolerance:
        return [points[0], points[-1]]
    return thinned(points[:at + 1], tolerance)[:-1] + thinned(points[at:], tolerance)


def hand_boards(strokes: int = 180) -> list[list[Stroke]]:
    """Returns six boards of ``strokes`` strokes as a hand draws them (the same every run)."""
    return [[class_stroke(random.Random(seat * 10_000 + n)) for n in range(strokes)] for seat in range(SEATS)]


def packed(boards: list[list[Stroke]]) -> list[str]:
    """Returns each board packed as the gallery receives it, in base64 for the page."""
    return [base64.b64encode(pack_strokes(board)).decode() for board in boards]


def measure(runs: int = 7) -> dict[str, Any]:
    """Paints each kind of six boards on ``runs`` fresh pages; returns the medians and ratios."""
    from playwright.sync_api import sync_playwright

    hand = hand_boards()
    thin = [[Stroke(thinned([tuple(p) for p in s.points], 0.5), color=s.color, width=s.width) for s in board]
            for board in hand]
    lines = [[[v for p in s.points for v in p] for s in board] for board in hand]
    # Each case: the script, its boards, and its last argument (the packing's scale, or one path).
    cases: dict[str, tuple[str, list, Any]] = {
        "3 strokes (the reference)":
            (PAINT_PACKED, packed([list(drawing(seat, 3).strokes) for seat in range(SEATS)]), SCALE),
        "180 strokes as a hand draws them": (PAINT_PACKED, packed(hand), SCALE),
        "the same, thinned to half a board unit": (PAINT_PACKED, packed(thin), SCALE),
        "one colour and width: a path a stroke (shipped)": (PAINT_PATHS, lines, False),
        "one colour and width: one path for all": (PAINT_PATHS, lines, True),
    }
    points = {"180 strokes as a hand draws them": sum(len(s.points) for b in hand for s in b),
              "the same, thinned to half a board unit": sum(len(s.points) for b in thin for s in b)}
    times: dict[str, list[float]] = {name: [] for name in cases}
    load_before = os.getloadavg()
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for _ in range(runs):  # interleaved, so that a busy moment costs every case alike
                for name, (script, boards, last) in cases.items():
                    page = browser.new_page()
                    try:
                        page.set_content("<body></body>")
                        page.add_script_tag(content=MODULE, type="module")
                        page.wait_for_function("() => window.painter !== undefined")
                        times[name].append(page.evaluate(script, [boards, TILE[0], BOARD, last]))
                    finally:
                        page.close()
        finally:
            browser.close()
    medians = {name: statistics.median(values) for name, values in times.items()}
    reference = medians["3 strokes (the reference)"]
    shipped = medians["one colour and width: a path a stroke (shipped)"]
    rows = []
    for name, value in medians.items():
        row = {"case": name, "median_ms": round(value, 1), "runs": [round(v, 1) for v in times[name]],
               "over_3_strokes": round(value / reference, 2) if reference else None}
        if name in points:
            row["points"] = points[name]
        if name == "one colour and width: one path for all":
            row["over_a_path_a_stroke"] = round(value / shipped, 2) if shipped else None
        if name == "the same, thinned to half a board unit":
            full = medians["180 strokes as a hand draws them"]
            row["over_unthinned"] = round(value / full, 2) if full else None
        rows.append(row)
    return {"date": datetime.now(timezone.utc).isoformat(timespec="seconds"), "tile": list(TILE), "boards": SEATS,
            "runs": runs, "rows": rows, "load": [[round(x, 1) for x in load_before],
                                                 [round(x, 1) for x in os.getloadavg()]]}


def markdown(results: dict[str, Any]) -> str:
    """Returns the results as a Markdown table."""
    width, height = results["tile"]
    load = " … ".join(" ".join(str(x) for x in triple) for triple in results["load"])
    lines = [f"Six boards painted at a projected tile's size ({width} × {height}), headless Chromium, "
             f"{results['date']}, median of {results['runs']} pages each, load {load}", "",
             "| six boards | points | ms (median) | ÷ 3 strokes | ÷ its comparison |", "|---|---|---|---|---|"]
    for row in results["rows"]:
        other = row.get("over_unthinned") or row.get("over_a_path_a_stroke")
        label = (f"{other}× unthinned" if "over_unthinned" in row
                 else f"{other}× a path a stroke" if "over_a_path_a_stroke" in row else "")
        lines.append(f"| {row['case']} | {row.get('points', '')} | {row['median_ms']} | "
                     f"{row['over_3_strokes']}× | {label} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    cli = argparse.ArgumentParser(prog="python -m benchmarks.board_paint", description=__doc__.split("\n\n")[0])
    cli.add_argument("--runs", type=int, default=7, help="fresh pages painted for each case (the median is told)")
    cli.add_argument("--out", type=Path, default=RESULTS, help="folder for board_paint.json and board_paint.md")
    args = cli.parse_args(argv)
    results = measure(max(1, args.runs))
    text = markdown(results)
    sys.stdout.write(text)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "board_paint.json").write_text(json.dumps(results, indent=1))
    (args.out / "board_paint.md").write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
