"""The drawing pad and the read-only board as a player sees them: Voilà, Chromium, a mouse.

The pad's live ink is drawn by its overlay, in a shadow root that the page's
``querySelectorAll('.inc-pad canvas')`` does not enter: ``canvas_pixels`` and
``wait_for_ink`` see the board of record (what Python committed), ``live_ink`` the overlay.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Iterator

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser import ARTIFACTS, canvas_pixels, draw_stroke, voila_server, wait_for_ink, wait_for_paper

pytestmark = pytest.mark.browser

PAD_CELL = """\
import time
import ipywidgets as widgets
from incognito_nb.ui.widgets.pad import DrawingPad

count = widgets.Label("0 strokes")
count.add_class("test-stroke-count")
pad = DrawingPad(location="kitchen", on_change=lambda drawing: setattr(count, "value", f"{len(drawing)} strokes"))
# Like the dashboard's Done: reads the pad's drawing when clicked.
submitted = widgets.Label("")
submitted.add_class("test-submitted")
done = widgets.Button(description="Done")
done.add_class("test-done")
done.on_click(lambda _: setattr(submitted, "value", submitted.value + f"{len(pad.drawing)} "))
busy = widgets.Button(description="Busy")
busy.add_class("test-busy")
# The kernel says it is asleep (its message leaves at once, on the iopub thread), then sleeps.
asleep = widgets.Label("")
asleep.add_class("test-asleep")
def sleep(_):
    asleep.value = "asleep"
    time.sleep(3)
    asleep.value = "awake"
busy.on_click(sleep)
widgets.VBox([pad, count, done, submitted, busy, asleep])
"""

def strokes_counted(page, n: int, timeout: float = 10_000) -> None:
    """Waits until the kernel's count under the pad says ``n`` strokes; if it does not, fails
    saying what the page showed (the count, the strokes the overlay still holds, its
    "not saved yet" badge) and keeps a screenshot: a stroke lost in the browser and a slow
    kernel look alike otherwise."""
    try:
        page.locator(".test-stroke-count").filter(has_text=f"{n} strokes").wait_for(timeout=timeout)
    except PlaywrightTimeout:
        page.screenshot(path=str(ARTIFACTS / f"pad_count_{n}_missed.png"))
        shown = page.evaluate("""() => ({
            count: document.querySelector('.test-stroke-count').textContent,
            waiting: [...document.querySelectorAll('.inc-pad *')].filter((h) => h.shadowRoot)
                .map((h) => h.shadowRoot.querySelector('.inc-ink-waiting')).filter((b) => b && !b.hidden)
                .map((b) => b.textContent),
            canvas: JSON.stringify(document.querySelector('.inc-pad canvas').getBoundingClientRect()),
        })""")
        raise AssertionError(f"the kernel did not count {n} strokes within {timeout / 1000:.0f} s: {shown}, "
                             f"live ink in the middle {page.evaluate(LIVE_INK, list(MIDDLE))} pixels") from None


#: Counts ink pixels on the pads' overlays (inside their shadow roots), in a board region.
LIVE_INK = """([x, y, w, h]) => {
  let ink = 0;
  for (const host of document.querySelectorAll('.inc-pad *')) {
    if (!host.shadowRoot) continue;
    for (const canvas of host.shadowRoot.querySelectorAll('canvas')) {
      const data = canvas.getContext('2d').getImageData(x, y, w, h).data;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] > 64 && Math.min(data[i], data[i + 1], data[i + 2]) < 230) ink += 1;
      }
    }
  }
  return ink;
}"""


#: Starts a per-frame watch of board point (x, y) in ``window.handover``: how many frames
#: showed no ink there on either the overlay or the board, until the overlay let go.
HANDOVER_WATCH = """([x, y]) => {
  const inked = (canvas) => {
    const d = canvas.getContext('2d').getImageData(x - 1, y - 1, 3, 3).data;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 64 && Math.min(d[i], d[i + 1], d[i + 2]) < 230) return true;
    return false;
  };
  const hosts = [...document.querySelectorAll('.inc-pad *')].filter((el) => el.shadowRoot);
  const live = hosts.flatMap((h) => [...h.shadowRoot.querySelectorAll('canvas')]);
  const board = [...document.querySelectorAll('.inc-pad canvas')];
  window.handover = {frames: 0, bare: 0, done: false};
  const tick = () => {
    const onLive = live.some(inked), onBoard = board.some(inked);
    window.handover.frames += 1;
    if (!onLive && !onBoard) window.handover.bare += 1;
    if (!onLive && onBoard) { window.handover.done = true; return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


#: The overlay's canvas's outline style.
MOUSE_FOCUS_RING = """() => {
  const host = [...document.querySelectorAll('.inc-pad *')].find((h) => h.shadowRoot);
  return getComputedStyle(host.shadowRoot.querySelector('canvas')).outlineStyle;
}"""


def live_ink(page, region=None) -> int:
    """Returns the ink pixels the pad's overlay shows in ``region`` (board units)."""
    return page.evaluate(LIVE_INK, list(region or (0, 0, 800, 600)))

VIEW_CELL = """\
import ipywidgets as widgets
from incognito_nb.engine.drawing import Drawing, Stroke
from incognito_nb.ui.widgets.board import DrawingView

drawing = Drawing(tuple(Stroke([(100 + 60 * i, 150), (130 + 60 * i, 450)], color="#0072b2", width=10)
                        for i in range(10)))
view = DrawingView(caption="Ana's drawing")
view.show(drawing)  # before any browser is connected: only remembered
replay = widgets.Button(description="Replay")
replay.add_class("test-replay")
replay.on_click(lambda _: view.replay(drawing, seconds=1.5))
widgets.VBox([view, replay])
"""

#: A band across the middle of the board, clear of the location text and the border.
MIDDLE = (40, 200, 720, 300)


def write_notebook(folder: Path, source: str) -> Path:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    path = folder / "board.ipynb"
    nbformat.write(notebook, path)
    return path


@contextlib.contextmanager
def pad_page(page, folder: Path, cell: str) -> Iterator[str]:
    """Serves ``cell`` with Voilà, opens it in ``page`` and yields the pad's canvas selector
    once its paper is drawn."""
    with voila_server(write_notebook(folder, cell)) as url:
        page.goto(url, timeout=60_000)
        page.wait_for_selector(".inc-pad canvas", timeout=60_000)
        wait_for_paper(page, ".inc-pad canvas")
        yield ".inc-pad canvas"


def test_a_mouse_stroke_inks_the_pad_and_undo_takes_it_back(tmp_path, page):
    with pad_page(page, tmp_path, PAD_CELL) as canvas:
        assert canvas_pixels(page, canvas, MIDDLE)["ink"] == 0
        assert canvas_pixels(page, canvas, (0, 0, 400, 60))["ink"] > 50  # "Location: kitchen"

        draw_stroke(page, canvas, [(0.2, 0.5), (0.5, 0.45), (0.8, 0.55)])
        wait_for_ink(page, canvas, region=MIDDLE)
        strokes_counted(page, 1)
        # The board is in the Tab order (keyboard drawing), but a mouse on it draws no focus ring.
        assert page.evaluate(MOUSE_FOCUS_RING) == "none"
        # Python committed the stroke to the board and the overlay let go of it: the ink stays.
        page.wait_for_function(f"() => ({LIVE_INK})({list(MIDDLE)}) === 0", timeout=10_000)
        committed = canvas_pixels(page, canvas, MIDDLE)["ink"]
        # Two frames painted after the overlay let go: the board kept the ink.
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        assert canvas_pixels(page, canvas, MIDDLE)["ink"] == committed > 100

        page.click(".inc-tool-undo")
        strokes_counted(page, 0)
        wait_for_ink(page, canvas, region=MIDDLE, present=False)

        page.click(".inc-tool-redo")
        wait_for_ink(page, canvas, region=MIDDLE)
        page.click(".inc-tool-eraser")
        draw_stroke(page, canvas, [(0.2, 0.5), (0.5, 0.45), (0.8, 0.55)])
        strokes_counted(page, 2)
        wait_for_ink(page, canvas, region=MIDDLE, present=False)
        rubbed = canvas_pixels(page, canvas, MIDDLE)
        assert rubbed["opaque"] == rubbed["pixels"]  # the eraser takes the ink, not the paper
        page.click(".inc-tool-clear")
        strokes_counted(page, 0)

        # A drawing a student might make, for the screenshot.
        page.click(".inc-tool-color[title='vermillion pen']")
        page.click(".inc-tool-size >> text=thick")
        draw_stroke(page, canvas, [(0.15, 0.85), (0.45, 0.82), (0.85, 0.86)])
        page.click(".inc-tool-color[title='blue pen']")
        page.click(".inc-tool-size >> text=medium")
        draw_stroke(page, canvas, [(0.3, 0.75), (0.3, 0.45), (0.5, 0.3), (0.7, 0.45), (0.7, 0.75), (0.3, 0.75)])
        page.click(".inc-tool-color[title='bluish green pen']")
        draw_stroke(page, canvas, [(0.45, 0.75), (0.45, 0.6), (0.55, 0.6), (0.55, 0.75)])
        strokes_counted(page, 3)
        marked = page.locator(".inc-tool-color", has_text="✓")
        assert marked.count() == 1 and marked.get_attribute("title") == "bluish green pen"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "pad.png"), full_page=True)
        assert not [line for line in page.console if "setAttr" in line], page.console


def _press_and_drag(page, selector, points):
    """Presses the mouse at the first point (fractions of the element's box), drags through the rest."""
    box = page.locator(selector).first.bounding_box()
    at = [(box["x"] + x * box["width"], box["y"] + y * box["height"]) for x, y in points]
    page.mouse.move(*at[0])
    page.mouse.down()
    for point in at[1:]:
        page.mouse.move(*point, steps=4)


def test_the_live_stroke_shows_at_once_even_while_the_kernel_is_busy(tmp_path, page):
    with pad_page(page, tmp_path, PAD_CELL) as canvas:
        page.click(".test-busy")  # the kernel sleeps for 3 s
        page.locator(".test-asleep").filter(has_text="asleep").wait_for(timeout=10_000)
        _press_and_drag(page, canvas, [(0.2, 0.5), (0.5, 0.45), (0.8, 0.55)])
        # Pen still down, kernel asleep: the overlay shows the stroke, the board has none of it yet.
        assert live_ink(page, MIDDLE) > 100
        assert canvas_pixels(page, canvas, MIDDLE)["ink"] == 0
        # Watch every frame of the hand-over from the overlay to the board: the stroke's
        # middle must be inked on one or the other at each of them.
        page.evaluate(HANDOVER_WATCH, [400, 270])
        page.mouse.up()
        strokes_counted(page, 1)
        wait_for_ink(page, canvas, region=MIDDLE)
        page.wait_for_function(f"() => ({LIVE_INK})({list(MIDDLE)}) === 0", timeout=10_000)
        watch = page.wait_for_function("() => window.handover.done && window.handover", timeout=10_000).json_value()
        assert watch["frames"] > 10 and watch["bare"] == 0, watch


def test_done_right_after_a_stroke_includes_it(tmp_path, page):
    # The overlay sends a stroke at pointer-up; a click on Done comes later over the same
    # websocket, so the kernel has the stroke before it reads the click.
    with pad_page(page, tmp_path, PAD_CELL) as canvas:
        for row in range(5):
            y = 0.3 + 0.1 * row
            draw_stroke(page, canvas, [(0.2, y), (0.5, y - 0.02), (0.8, y)], steps=3)
            page.click(".test-done")  # at once: no wait for the stroke's ink or count
        page.locator(".test-submitted").filter(has_text="1 2 3 4 5").wait_for(timeout=15_000)


def test_a_line_appearing_above_the_pad_mid_stroke_does_not_bend_the_stroke(tmp_path, page):
    # A message said above the pad while a student draws (the store cannot be reached) moves
    # the pad down under the pen: the stroke keeps the shape the hand drew, a straight line.
    with pad_page(page, tmp_path, PAD_CELL) as canvas:
        box = page.locator(canvas).first.bounding_box()
        y = box["y"] + 0.5 * box["height"]
        page.mouse.move(box["x"] + 0.2 * box["width"], y)
        page.mouse.down()
        page.mouse.move(box["x"] + 0.4 * box["width"], y, steps=4)
        page.evaluate("""() => {
            const line = document.createElement('div');
            line.style.height = '90px';
            document.querySelector('.inc-pad').before(line);
        }""")
        assert page.locator(canvas).first.bounding_box()["y"] == box["y"] + 90  # the pad moved under the pen
        page.mouse.move(box["x"] + 0.8 * box["width"], y, steps=4)
        page.mouse.up()
        strokes_counted(page, 1)
        # Board units (800 × 600): the stroke's second half on the line y = 300, where it began.
        wait_for_ink(page, canvas, region=(520, 285, 100, 30))
        assert canvas_pixels(page, canvas, (520, 100, 100, 170))["ink"] == 0  # not 90 px higher


def test_a_finger_and_a_pen_draw_too(tmp_path, browser):
    # Touch and pen input come as pointer events (a pen with its pressure), sent here
    # through the DevTools protocol as a touch screen and a stylus would send them.
    context = browser.new_context(viewport={"width": 1100, "height": 900}, has_touch=True)
    page = context.new_page()
    try:
        with voila_server(write_notebook(tmp_path, PAD_CELL)) as url:
            page.goto(url, timeout=60_000)
            canvas = ".inc-pad canvas"
            page.wait_for_selector(canvas, timeout=60_000)
            wait_for_paper(page, canvas)
            box = page.locator(canvas).first.bounding_box()
            at = lambda fx, fy: (box["x"] + fx * box["width"], box["y"] + fy * box["height"])  # noqa: E731
            cdp = page.context.new_cdp_session(page)
            path = [at(0.2 + 0.1 * i, 0.4) for i in range(7)]
            for kind, (x, y) in zip(["touchStart"] + ["touchMove"] * 5 + ["touchEnd"], path):
                points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
                cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
            strokes_counted(page, 1)
            path = [at(0.2 + 0.1 * i, 0.6) for i in range(7)]
            for kind, (x, y) in zip(["mousePressed"] + ["mouseMoved"] * 5 + ["mouseReleased"], path):
                cdp.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                      "buttons": 0 if kind == "mouseReleased" else 1,
                                                      "clickCount": 1, "pointerType": "pen", "force": 0.6})
            strokes_counted(page, 2)
            wait_for_ink(page, canvas, region=(40, 220, 720, 40))  # the finger's stroke, at 0.4
            wait_for_ink(page, canvas, region=(40, 340, 720, 40))  # the pen's, at 0.6
            assert "not kept" not in page.inner_text(".inc-pad")  # the pen's pressure passed the checks
    finally:
        context.close()


def test_a_board_shown_before_the_browser_connects_appears_and_replays(tmp_path, page):
    with voila_server(write_notebook(tmp_path, VIEW_CELL)) as url:
        page.goto(url, timeout=60_000)
        canvas = ".inc-drawing-view canvas"
        page.wait_for_selector(canvas, timeout=60_000)
        wait_for_ink(page, canvas, region=MIDDLE, timeout=30_000)
        whole = canvas_pixels(page, canvas, MIDDLE)["ink"]

        page.click(".test-replay")
        # Part-way through the replay only some of the strokes are up.
        partial = []
        for _ in range(40):
            partial.append(canvas_pixels(page, canvas, MIDDLE)["ink"])
            page.wait_for_timeout(50)
        assert any(0 < ink < whole for ink in partial), partial
        wait_for_ink(page, canvas, region=MIDDLE, min_pixels=whole)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "drawing_view.png"), full_page=True)


FULL_CELL = """\
import ipywidgets as widgets
from incognito_nb.engine.drawing import MAX_DRAWING_POINTS, Drawing, Stroke
from incognito_nb.ui.i18n import language
from incognito_nb.ui.widgets.pad import DrawingPad

# A board 30 points short of the cap: long strokes in a band at the top of the paper.
left, strokes = MAX_DRAWING_POINTS - 30, []
while left:
    strokes.append(Stroke([(20 + i % 760, 70 + i // 760 % 50) for i in range(min(5_000, left))], color="#0072b2"))
    left -= len(strokes[-1].points)
count = widgets.Label("")
count.add_class("test-points")
show = lambda drawing: setattr(count, "value", f"{drawing.points} points")
pad = DrawingPad(Drawing(strokes), location="cocina", lang=language("es"), on_change=show)
show(pad.drawing)
widgets.VBox([pad, count])
"""


def test_drawing_full_the_pen_stops_the_pad_says_so_in_spanish_and_the_drawing_stays(tmp_path, page):
    from incognito_nb.engine.drawing import MAX_DRAWING_POINTS

    with pad_page(page, tmp_path, FULL_CELL) as canvas:
        wait_for_ink(page, canvas, region=(20, 70, 760, 20))  # the drawing so far
        message = page.locator(".inc-pad-message")
        assert not message.is_visible()

        # A long line across the middle, in 80 moves of ~8 units: only its first 30 points fit.
        draw_stroke(page, canvas, [(0.1, 0.5), (0.9, 0.5)], steps=80)
        page.locator(".test-points").filter(has_text=f"{MAX_DRAWING_POINTS} points").wait_for(timeout=10_000)
        message.filter(has_text="El tablero está lleno: usa «Deshacer» o «Borrar todo» para dibujar más.").wait_for(
            timeout=10_000)
        page.wait_for_function(f"() => ({LIVE_INK})({list(MIDDLE)}) === 0", timeout=10_000)  # overlay let go
        kept = canvas_pixels(page, canvas, (80, 280, 160, 40))["ink"]
        assert kept > 100  # the part that fitted is on the board of record
        assert canvas_pixels(page, canvas, (480, 260, 300, 80))["ink"] == 0  # the pen stopped inking there
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "pad-full.png"), full_page=True)

        # On the full board the pen does not ink at all, and nothing reaches Python.
        _press_and_drag(page, canvas, [(0.2, 0.7), (0.5, 0.7), (0.8, 0.72)])
        assert live_ink(page, (40, 380, 720, 80)) == 0
        page.mouse.up()
        page.click(".inc-tool-undo")  # a click after the stroke: the kernel has read the stroke first
        page.locator(".test-points").filter(has_text=f"{MAX_DRAWING_POINTS - 30} points").wait_for(timeout=10_000)
        assert canvas_pixels(page, canvas, (40, 380, 720, 80))["ink"] == 0
        wait_for_ink(page, canvas, region=(80, 280, 160, 40), present=False)  # Undo took the last line back
        message.wait_for(state="hidden", timeout=10_000)

        # Undo made room: the pen inks again, and the rest of the drawing is still there.
        draw_stroke(page, canvas, [(0.2, 0.7), (0.3, 0.7)], steps=6)
        wait_for_ink(page, canvas, region=(140, 400, 120, 40))
        assert canvas_pixels(page, canvas, (20, 70, 760, 20))["ink"] > 1_000


EDIT_CELL = """\
import ipywidgets as widgets
from incognito_nb.engine.drawing import Drawing, Stroke
from incognito_nb.ui.widgets.board import DrawingView

blue = Stroke([(100, 300), (700, 300)], color="#0072b2", width=40)
rubber = Stroke([(400, 250), (400, 350)], width=40, erase=True)
red = Stroke([(100, 500), (700, 500)], color="#d55e00", width=20)
view = DrawingView(Drawing((blue, rubber)))
more = widgets.Button(description="More")
more.add_class("test-more")
more.on_click(lambda _: view.show(view.drawing.adding(red)))
undo = widgets.Button(description="Undo")
undo.add_class("test-undo")
undo.on_click(lambda _: view.show(view.drawing.edit(1)))
widgets.VBox([view, more, undo])
"""

#: The colour of one pixel of the board's canvas, as [r, g, b, a].
PIXEL = """([x, y]) => [...document.querySelector('.inc-drawing-view canvas')
                         .getContext('2d').getImageData(x, y, 1, 1).data]"""


def test_the_browser_paints_a_boards_colours_its_eraser_and_its_edits(tmp_path, page):
    with voila_server(write_notebook(tmp_path, EDIT_CELL)) as url:
        page.goto(url, timeout=60_000)
        canvas = ".inc-drawing-view canvas"
        page.wait_for_selector(canvas, timeout=60_000)
        wait_for_ink(page, canvas, region=(150, 290, 10, 20), timeout=30_000)
        assert page.evaluate(PIXEL, [150, 300]) == [0, 0x72, 0xB2, 255]   # the pen's colour
        assert page.evaluate(PIXEL, [400, 300]) == [255, 255, 255, 255]   # rubbed out to the paper
        assert page.evaluate(PIXEL, [1, 300])[:3] == [0xC8, 0xC8, 0xC8]   # the border
        assert canvas_pixels(page, canvas, (100, 490, 600, 20))["ink"] == 0
        page.click(".test-more")  # a stroke drawn on top: it comes as an edit, and is painted
        wait_for_ink(page, canvas, region=(100, 490, 600, 20))
        assert page.evaluate(PIXEL, [150, 500]) == [0xD5, 0x5E, 0x00, 255]
        page.click(".test-undo")  # back to the first stroke: the eraser's hole is filled again
        wait_for_ink(page, canvas, region=(395, 295, 10, 10))
        wait_for_ink(page, canvas, region=(100, 490, 600, 20), present=False)
        assert page.evaluate(PIXEL, [400, 300]) == [0, 0x72, 0xB2, 255]
        page.reload()  # a page opened again paints what the kernel holds (a new kernel under Voilà)
        page.wait_for_selector(canvas, timeout=60_000)
        wait_for_ink(page, canvas, region=(150, 290, 10, 20), timeout=30_000)
