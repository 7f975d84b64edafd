"""Drawings on screen: the one renderer every pad and board shares, and a read-only board.

A :class:`~incognito_nb.engine.drawing.Drawing` is a list of strokes, so the same
strokes must look the same on a player's pad, in the gallery and in the score reveal;
they all go through :func:`draw_strokes`.

The pad draws with ipycanvas, which keeps no picture in the kernel: a browser that
connects starts from a blank canvas, and a canvas drawn on before its browser view
connects is broken for good under Voilà (see ``PLATFORM.md``).  So the pad draws nothing
until its canvas reports ``client_ready``.  The read-only board, :class:`DrawingView`,
is painted by the browser from the strokes it holds
(:mod:`~incognito_nb.ui.widgets.painted_board`), the same way: :func:`draw_strokes`'s
look, ported to ``painted_board.js``.
"""

from __future__ import annotations

import html
from typing import Iterable

import ipywidgets as widgets
from incognito_nb.ui.widgets.lean_canvas import Canvas, MultiCanvas
from ipywidgets import Widget

from incognito_nb.engine.drawing import BOARD_HEIGHT, BOARD_WIDTH, Drawing, Stroke

from incognito_nb.ui.widgets.painted_board import PaintedBoard
from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.palette import BORDER_COLOR, PAPER_COLOR


def draw_paper(canvas: Canvas) -> None:
    """Paints ``canvas`` as a blank white sheet with a thin border.

    The border is painted, not set in CSS, so that the canvas's on-screen box stays
    the drawing area and pointer coordinates stay exact.
    """
    canvas.clear()
    canvas.fill_style = PAPER_COLOR
    canvas.fill_rect(0, 0, BOARD_WIDTH, BOARD_HEIGHT)
    canvas.line_width = 2
    canvas.stroke_style = BORDER_COLOR
    canvas.stroke_rect(1, 1, BOARD_WIDTH - 2, BOARD_HEIGHT - 2)


def draw_strokes(canvas: Canvas, strokes: Iterable[Stroke]) -> None:
    """Draws ``strokes`` on top of what ``canvas`` shows, in order.

    Call it inside the caller's ``hold_canvas()`` so the strokes travel as one message.
    Erasing strokes punch holes in ``canvas`` (``destination-out``), so draw them on an
    ink layer that lies over the paper, never on the paper itself.
    """
    canvas.line_cap = "round"
    canvas.line_join = "round"
    color = width = None
    for stroke in strokes:
        # Only changed styles are sent: each assignment is one more command.
        if stroke.erase:
            canvas.global_composite_operation = "destination-out"
        if stroke.color != color:
            color = stroke.color
            canvas.stroke_style = color
            canvas.fill_style = color
        if stroke.width != width:
            width = stroke.width
            canvas.line_width = width
        first = stroke.points[0]
        if all(point == first for point in stroke.points):
            canvas.fill_circle(first[0], first[1], stroke.width / 2)
        else:
            # A list, not the stroke's tuple: ipycanvas 0.14 sends only lists and
            # arrays as binary point buffers, and the browser rejects anything else.
            canvas.stroke_lines(list(stroke.points))
        if stroke.erase:
            canvas.global_composite_operation = "source-over"


def close_parts(widget: Widget) -> None:
    """Closes every widget ``widget`` owns: children, canvas layers, layout and style.

    ``Widget.close`` closes one widget only; the parts left open would stay in the
    kernel (and in every page's widget state) for as long as the kernel lives.  The
    canvas manager that all ipycanvas canvases share is left alone.
    """
    for part in list(getattr(widget, "children", ())) + list(getattr(widget, "_canvases", ())):
        if isinstance(part, Widget):
            close_parts(part)
            part.close()
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, Widget) and not shared.is_shared(part):  # the kernel's shared parts stay
            part.close()


def new_board_canvas(layers: int) -> MultiCanvas:
    """Returns a board-sized ``MultiCanvas`` that scales to the width of its container.

    Its buffer is the board itself (800 x 600), so the pointer coordinates ipycanvas
    reports are board units, however large the canvas is on screen.
    """
    return MultiCanvas(
        layers,
        width=BOARD_WIDTH,
        height=BOARD_HEIGHT,
        layout=widgets.Layout(width="100%", height="auto"),
    )


class DrawingView(widgets.VBox):
    """A read-only board that shows a drawing, for the gallery and the score reveal.

    ``show`` puts a drawing up at once, ``replay`` has the browser draw it stroke by
    stroke.  The board is a :class:`~incognito_nb.ui.widgets.painted_board.PaintedBoard`:
    its strokes travel to the browser once, packed, and the browser paints them whenever
    its view connects; a later ``show`` sends only what changed.  ``label`` is the
    drawing's accessible name (a screen reader reads the view as an image of that name):
    who drew it and where, never a secret.
    """

    def __init__(self, drawing: Drawing = Drawing(), caption: str = "", *, label: str = "", fit: bool = False,
                 replay_seconds: float | None = None, classes: tuple[str, ...] = (), **kwargs) -> None:
        self._drawing = drawing
        # Every part in its first message, and no part it does not need (a caption only
        # when there is one): a gallery of six boards is a burst of messages otherwise.
        # ``fit``: painted at the size shown (PaintedBoard.fit), not at the board's own.
        # ``replay_seconds``: the browser replays the drawing over that long once it shows it
        # (the replay asked for in the board's first message, not in an update after it).
        replay = {} if replay_seconds is None else {"replays": 1, "replay_seconds": max(float(replay_seconds), 0.0)}
        self._board = PaintedBoard(drawing.strokes, label=str(label), fit=fit, layout=shared.layout(width="100%"),
                                   **replay)
        self._caption: widgets.HTML | None = None
        self._caption_text = ""
        kwargs.setdefault("layout", shared.layout(width="100%"))
        super().__init__(children=(self._board,), _dom_classes=("inc-drawing-view", *classes), **kwargs)
        if caption:
            self.caption = caption

    @property
    def drawing(self) -> Drawing:
        """Returns the drawing this view shows (or is replaying)."""
        return self._drawing

    @property
    def label(self) -> str:
        """Returns the drawing's accessible name."""
        return self._board.label

    @label.setter
    def label(self, text: str) -> None:
        self._board.label = str(text)

    @property
    def caption(self) -> str:
        """Returns the caption under the board, as plain text."""
        return self._caption_text

    @caption.setter
    def caption(self, text: str) -> None:
        """Sets the caption under the board; it is shown as plain text, never as HTML."""
        self._caption_text = str(text)
        if self._caption is None:
            if not self._caption_text:
                return
            self._caption = widgets.HTML(_dom_classes=("inc-drawing-caption",))
            self.children = (*self.children, self._caption)
        self._caption.value = html.escape(self._caption_text)
        self._caption.layout.display = "" if self._caption_text else "none"

    def show(self, drawing: Drawing) -> None:
        """Shows ``drawing`` whole (a replay under way in the browser ends with it)."""
        self._drawing = drawing
        self._board.show(drawing.strokes)

    def replay(self, drawing: Drawing, seconds: float = 2.0, *, label: str | None = None) -> None:
        """Has the browser draw ``drawing`` stroke by stroke over about ``seconds`` (named
        ``label`` from now on, if given).

        The kernel sends one message: the strokes (if they are new to the board), the name
        and the request; the browser paints the rest, frame by frame.
        """
        with self._board.hold_sync():
            if label is not None:
                self.label = label
            self.show(drawing)
            self._board.replay(seconds)

    def close(self) -> None:
        """Closes the view and all its parts."""
        close_parts(self)
        super().close()
