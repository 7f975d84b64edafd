"""The drawing pad and the read-only board as a player sees them: Voilà, Chromium, a mouse."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from browser import ARTIFACTS, canvas_pixels, draw_stroke, voila_server, wait_for_ink, wait_for_paper

pytestmark = pytest.mark.browser

PAD_CELL = """\
import ipywidgets as widgets
from incognito_nb.ui.pad import DrawingPad

count = widgets.Label("0 strokes")
count.add_class("test-stroke-count")
pad = DrawingPad(location="kitchen", on_change=lambda drawing: setattr(count, "value", f"{len(drawing)} strokes"))
widgets.VBox([pad, count])
"""

VIEW_CELL = """\
import ipywidgets as widgets
from incognito_nb.engine.drawing import Drawing, Stroke
from incognito_nb.ui.board import DrawingView

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


def test_a_mouse_stroke_inks_the_pad_and_undo_takes_it_back(tmp_path, page):
    with voila_server(write_notebook(tmp_path, PAD_CELL)) as url:
        page.goto(url, timeout=60_000)
        canvas = ".inc-pad canvas"
        page.wait_for_selector(canvas, timeout=60_000)
        wait_for_paper(page, canvas)
        assert canvas_pixels(page, canvas, MIDDLE)["ink"] == 0
        assert canvas_pixels(page, canvas, (0, 0, 400, 60))["ink"] > 50  # "Location: kitchen"

        draw_stroke(page, canvas, [(0.2, 0.5), (0.5, 0.45), (0.8, 0.55)])
        wait_for_ink(page, canvas, region=MIDDLE)
        page.locator(".test-stroke-count").filter(has_text="1 strokes").wait_for(timeout=10_000)

        page.click(".inc-tool-undo")
        page.locator(".test-stroke-count").filter(has_text="0 strokes").wait_for(timeout=10_000)
        wait_for_ink(page, canvas, region=MIDDLE, present=False)

        page.click(".inc-tool-redo")
        wait_for_ink(page, canvas, region=MIDDLE)
        page.click(".inc-tool-eraser")
        draw_stroke(page, canvas, [(0.2, 0.5), (0.5, 0.45), (0.8, 0.55)])
        page.locator(".test-stroke-count").filter(has_text="2 strokes").wait_for(timeout=10_000)
        wait_for_ink(page, canvas, region=MIDDLE, present=False)
        rubbed = canvas_pixels(page, canvas, MIDDLE)
        assert rubbed["opaque"] == rubbed["pixels"]  # the eraser takes the ink, not the paper
        page.click(".inc-tool-clear")
        page.locator(".test-stroke-count").filter(has_text="0 strokes").wait_for(timeout=10_000)

        # A drawing a student might make, for the screenshot.
        page.click(".inc-tool-color[title='vermillion pen']")
        page.click(".inc-tool-size >> text=thick")
        draw_stroke(page, canvas, [(0.15, 0.85), (0.45, 0.82), (0.85, 0.86)])
        page.click(".inc-tool-color[title='blue pen']")
        page.click(".inc-tool-size >> text=medium")
        draw_stroke(page, canvas, [(0.3, 0.75), (0.3, 0.45), (0.5, 0.3), (0.7, 0.45), (0.7, 0.75), (0.3, 0.75)])
        page.click(".inc-tool-color[title='bluish green pen']")
        draw_stroke(page, canvas, [(0.45, 0.75), (0.45, 0.6), (0.55, 0.6), (0.55, 0.75)])
        page.locator(".test-stroke-count").filter(has_text="3 strokes").wait_for(timeout=10_000)
        marked = page.locator(".inc-tool-color", has_text="✓")
        assert marked.count() == 1 and marked.get_attribute("title") == "bluish green pen"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "pad.png"), full_page=True)
        assert not [line for line in page.console if "setAttr" in line], page.console


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
