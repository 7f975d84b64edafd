"""The static site's pictures are drawn by the boards' own renderer on a browser canvas:
here the canvas is a recorder of 2D-context calls, so the mapping is checked without a
browser (the PNGs themselves are opened in ``test_lite_browser.py``)."""

from __future__ import annotations

import pytest

from incognito_nb import Drawing, Stroke
from incognito_nb.app.lite.exports import CanvasPen
from incognito_nb.ui.widgets.board import draw_paper, draw_strokes
from incognito_nb.ui.widgets.palette import BORDER_COLOR, PAPER_COLOR


class Context:
    """Records what is done to a CanvasRenderingContext2D: property writes and calls."""

    def __init__(self) -> None:
        self.log: list[tuple] = []

    def __setattr__(self, name, value):
        if name == "log":
            object.__setattr__(self, name, value)
        else:
            self.log.append(("set", name, value))

    def __getattr__(self, name):
        return lambda *args: self.log.append((name, *args))


def test_the_paper_is_painted_as_on_screen():
    context = Context()
    draw_paper(CanvasPen(context))
    assert ("set", "fillStyle", PAPER_COLOR) in context.log and ("fillRect", 0, 0, 800, 600) in context.log
    assert ("set", "strokeStyle", BORDER_COLOR) in context.log and ("strokeRect", 1, 1, 798, 598) in context.log


def test_strokes_dots_and_the_eraser_reach_the_canvas_in_order():
    context = Context()
    drawing = Drawing([
        Stroke([(10, 20), (30, 40), (50, 20)], color="#0072b2", width=8),
        Stroke([(100, 100)], color="#d55e00", width=6),  # a dot
        Stroke([(10, 20), (60, 20)], width=12, erase=True),
    ])
    draw_strokes(CanvasPen(context), drawing.strokes)
    log = context.log
    assert ("set", "lineCap", "round") in log and ("set", "lineJoin", "round") in log
    line = log.index(("moveTo", 10.0, 20.0))
    assert log[line + 1:line + 4] == [("lineTo", 30.0, 40.0), ("lineTo", 50.0, 20.0), ("stroke",)]
    assert ("arc", 100.0, 100.0, 3.0, 0, 6.283185307179586) in log  # the dot, as wide as the pen
    erase = log.index(("set", "globalCompositeOperation", "destination-out"))
    assert log.index(("moveTo", 10.0, 20.0), erase) > erase  # the eraser's line comes after
    assert log[-1] == ("set", "globalCompositeOperation", "source-over")


def test_a_property_the_renderer_does_not_use_is_refused():
    with pytest.raises(AttributeError):
        CanvasPen(Context()).shadow_blur = 3
