"""The player's drawing pad: a board to draw on with a mouse or a finger, and its tools.

The pad turns pointer events into :class:`~incognito_nb.engine.drawing.Stroke` values
and keeps the player's :class:`~incognito_nb.engine.drawing.Drawing`, with its undo and
redo history; whoever owns the game hears of every change through ``on_change``.

It is drawn on three canvas layers so that each pointer move costs one short segment:
the paper (white, with the location written on it), the committed ink, and a live layer
for the stroke under the pointer, which is wiped when the stroke is committed.  As with
every board, nothing is drawn before the canvas reports ``client_ready`` (see
:mod:`incognito_nb.ui.board`); the pen methods still record strokes before that, so the
pad can be scripted and tested without a browser.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Optional

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from incognito_nb.engine.drawing import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    MAX_POINTS_PER_STROKE,
    MAX_STROKES,
    Drawing,
    Stroke,
)

from .board import close_parts, draw_paper, draw_strokes, new_board_canvas
from .palette import BRUSH_SIZES, ERASER_WIDTH, PAPER_COLOR, PEN_COLORS, text_color_on

#: How many steps Undo can go back; older steps are forgotten.
MAX_UNDO = 200
LOCATION_PREFIX = "Location: "
LOCATION_COLOR = "#444444"
MAX_LOCATION_LENGTH = 60


def _board_point(x: Any, y: Any) -> Optional[tuple[float, float]]:
    """Returns ``(x, y)`` as a point clamped to the board, or None if it is not a point."""
    try:
        x, y = float(x), float(y)
    except (TypeError, ValueError):
        return None
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    return (min(max(x, 0.0), float(BOARD_WIDTH)), min(max(y, 0.0), float(BOARD_HEIGHT)))


def _first_touch(touches: Any) -> Optional[tuple[Any, Any]]:
    """Returns the first finger of an ipycanvas touch event, or None if there is none."""
    try:
        x, y = touches[0]
    except (TypeError, ValueError, IndexError, KeyError):
        return None
    return x, y


class DrawingPad(widgets.VBox):
    """A drawing pad: a board with its location, a row of tools, and undo/redo.

    ``on_change(drawing)`` is called after every change the player makes (a stroke,
    undo, redo, clear); :meth:`load` replaces the content quietly.
    """

    def __init__(
        self,
        drawing: Drawing = Drawing(),
        *,
        location: str = "",
        on_change: Optional[Callable[[Drawing], Any]] = None,
        **kwargs: Any,
    ) -> None:
        self.on_change = on_change
        self._drawing = self._checked(drawing)
        self._undo: list[Drawing] = []
        self._redo: list[Drawing] = []
        self._points: Optional[list[tuple[float, float]]] = None  # the stroke being drawn
        self._client_ready = False
        self._location = ""
        self._color = PEN_COLORS[0][1]
        self._width = BRUSH_SIZES[0][1]
        self._erasing = False

        self._canvas = new_board_canvas(3)
        self._canvas.on_client_ready(self._on_client_ready)
        self._canvas.on_mouse_down(self.pen_down)
        self._canvas.on_mouse_move(self.pen_move)
        self._canvas.on_mouse_up(self._on_mouse_leaves)
        self._canvas.on_mouse_out(self._on_mouse_leaves)
        self._canvas.on_touch_start(self._on_touch_start)
        self._canvas.on_touch_move(self._on_touch_move)
        self._canvas.on_touch_end(self._on_touch_end)
        self._canvas.on_touch_cancel(self._on_touch_end)

        self._message = widgets.Label()
        self._message.add_class("inc-pad-message")
        self._message.layout.display = "none"
        super().__init__([self._build_tools(), self._canvas, self._message], **kwargs)
        self.add_class("inc-pad")
        self.layout.width = "100%"
        self.layout.max_width = "860px"
        self.location = location
        self._show_tools()

    # -- the drawing -----------------------------------------------------------------

    @property
    def drawing(self) -> Drawing:
        """Returns what is on the pad now."""
        return self._drawing

    def load(self, drawing: Drawing) -> None:
        """Replaces the pad's content with ``drawing`` and forgets the undo history.

        :raises ValueError: if ``drawing`` is not a :class:`Drawing`.
        """
        self._drawing = self._checked(drawing)
        self._undo.clear()
        self._redo.clear()
        self._points = None
        self._say("")
        self._redraw()
        self._show_tools()

    def undo(self) -> None:
        """Takes back the last change (a stroke or a clear), if there is one."""
        if self._undo:
            self._redo.append(self._drawing)
            self._edit(self._undo.pop())

    def redo(self) -> None:
        """Puts back the last change undone, if nothing was drawn since."""
        if self._redo:
            self._undo.append(self._drawing)
            self._edit(self._redo.pop())

    def clear(self) -> None:
        """Wipes the board; Undo brings the drawing back."""
        if self._drawing:
            self._remember()
            self._edit(Drawing())

    # -- the location ----------------------------------------------------------------

    @property
    def location(self) -> str:
        """Returns the location written on the board."""
        return self._location

    @location.setter
    def location(self, text: str) -> None:
        """Writes ``text`` on the board as the place to hide the object (plain text)."""
        self._location = " ".join(str(text).split())[:MAX_LOCATION_LENGTH]
        if self._client_ready:
            with hold_canvas():
                self._draw_paper()

    def set_location(self, text: str) -> None:
        """Writes ``text`` on the board as the place to hide the object (plain text)."""
        self.location = text

    # -- the pen: what the mouse and touch handlers call -----------------------------

    def pen_down(self, x: Any, y: Any) -> None:
        """Starts a stroke at ``(x, y)``, in board units; a point that is not one is ignored."""
        point = _board_point(x, y)
        if point is None:
            return
        if self._points is not None:  # a lost "up": keep the stroke it would have ended
            self.pen_up()
        self._points = [point]
        self._say("")
        if self._client_ready:
            live = self._canvas[2]
            with hold_canvas():
                live.clear()
                live.line_cap = live.line_join = "round"
                live.stroke_style = live.fill_style = self._live_color()
                live.line_width = self._pen_width()
                live.fill_circle(point[0], point[1], self._pen_width() / 2)

    def pen_move(self, x: Any, y: Any) -> None:
        """Extends the stroke to ``(x, y)`` while the pen is down; otherwise does nothing."""
        point = _board_point(x, y)
        if self._points is None or point is None or point == self._points[-1]:
            return
        if len(self._points) >= MAX_POINTS_PER_STROKE:
            # A very long stroke is cut in two rather than refused.
            last = self._points[-1]
            self.pen_up()
            self.pen_down(*last)
        last = self._points[-1]
        self._points.append(point)
        if self._client_ready:
            with hold_canvas():
                self._canvas[2].stroke_line(last[0], last[1], point[0], point[1])

    def pen_up(self) -> None:
        """Ends the stroke and adds it to the drawing; a stroke the board refuses is dropped."""
        points, self._points = self._points, None
        if points is None:
            return
        try:
            stroke = Stroke(points, color=self._color, width=self._pen_width(), erase=self._erasing)
            drawing = self._drawing.adding(stroke)
        except ValueError as error:
            full = len(self._drawing) >= MAX_STROKES
            self._say("The board is full: Undo or Clear to draw more." if full
                      else f"That line was not kept ({error}).")
            if self._client_ready:
                with hold_canvas():
                    self._canvas[2].clear()
            return
        self._remember()
        self._drawing = drawing
        if self._client_ready:
            with hold_canvas():
                draw_strokes(self._canvas[1], [stroke])
                self._canvas[2].clear()
        self._show_tools()
        self._notify()

    # -- tools -----------------------------------------------------------------------

    def choose_color(self, color: str) -> None:
        """Picks the pen colour ``color`` (one of :data:`PEN_COLORS`) and puts the eraser down."""
        if color not in dict(PEN_COLORS).values():
            raise ValueError(f"{color!r} is not one of the pad's colours")
        self._color = color
        self._eraser.value = False
        self._show_tools()

    def close(self) -> None:
        """Closes the pad and every widget in it, canvas layers included."""
        self._client_ready = False
        self.on_change = None
        close_parts(self)
        super().close()

    def _build_tools(self) -> widgets.Box:
        """Returns the tools row: colours, sizes, eraser, undo, redo, clear."""
        self._color_buttons: dict[str, widgets.Button] = {}
        for name, color in PEN_COLORS:
            button = widgets.Button(
                tooltip=f"{name} pen",
                layout=widgets.Layout(width="34px", height="34px", padding="0", margin="2px"),
                style={"button_color": color, "text_color": text_color_on(color), "font_weight": "bold"},
            )
            button.add_class("inc-tool-color")
            button.on_click(lambda _button, color=color: self.choose_color(color))
            self._color_buttons[color] = button
        self._sizes = widgets.ToggleButtons(
            options=list(BRUSH_SIZES),
            value=self._width,
            tooltips=[f"{name} brush" for name, _ in BRUSH_SIZES],
            style={"button_width": "72px"},
        )
        self._sizes.add_class("inc-tool-size")
        self._sizes.observe(self._on_size, "value")
        self._eraser = widgets.ToggleButton(description="Eraser", icon="eraser", tooltip="Rub out ink",
                                            layout=widgets.Layout(width="auto"))
        self._eraser.add_class("inc-tool-eraser")
        self._eraser.observe(self._on_eraser, "value")
        self._undo_button = self._action("Undo", "undo", "Take back the last change", self.undo)
        self._redo_button = self._action("Redo", "repeat", "Put back what Undo took", self.redo)
        self._clear_button = self._action("Clear", "trash", "Wipe the board (Undo brings it back)", self.clear)
        pen = widgets.HBox([widgets.HBox(list(self._color_buttons.values())), self._sizes, self._eraser],
                           layout=widgets.Layout(align_items="center", grid_gap="8px"))
        actions = widgets.HBox([self._undo_button, self._redo_button, self._clear_button],
                               layout=widgets.Layout(align_items="center", grid_gap="4px"))
        # Two groups, so that a narrow screen wraps the row between them, not inside one.
        row = widgets.HBox([pen, actions], layout=widgets.Layout(
            flex_flow="row wrap", align_items="center", justify_content="space-between", grid_gap="8px"))
        row.add_class("inc-pad-tools")
        return row

    @staticmethod
    def _action(description: str, icon: str, tooltip: str, act: Callable[[], None]) -> widgets.Button:
        """Returns a tool button that calls ``act``, with its ``inc-tool-…`` class."""
        button = widgets.Button(description=description, icon=icon, tooltip=tooltip,
                                layout=widgets.Layout(width="auto"))
        button.add_class(f"inc-tool-{description.lower()}")
        button.on_click(lambda _button: act())
        return button

    def _on_size(self, change: dict) -> None:
        # The browser can set any value: keep the last good size if it sends a strange one.
        if change["new"] in dict(BRUSH_SIZES).values():
            self._width = change["new"]
            self._eraser.value = False

    def _on_eraser(self, change: dict) -> None:
        self._erasing = bool(change["new"])
        self._show_tools()

    def _show_tools(self) -> None:
        """Makes the tools show the current pen and which actions are possible."""
        for color, button in self._color_buttons.items():
            # Not "": ipywidgets 8 leaves a button's old text on screen when both its
            # description and its icon are empty.
            button.description = "✓" if color == self._color and not self._erasing else "\u00a0"
        self._undo_button.disabled = not self._undo
        self._redo_button.disabled = not self._redo
        self._clear_button.disabled = not self._drawing

    # -- helpers ---------------------------------------------------------------------

    @staticmethod
    def _checked(drawing: Drawing) -> Drawing:
        if not isinstance(drawing, Drawing):
            raise ValueError(f"a pad holds a Drawing, not {drawing!r:.80}")
        return drawing

    def _pen_width(self) -> int:
        return ERASER_WIDTH if self._erasing else self._width

    def _live_color(self) -> str:
        # The eraser's live trail is paper-coloured: it looks like the rubbing it will do.
        return PAPER_COLOR if self._erasing else self._color

    def _remember(self) -> None:
        """Pushes the current drawing on the undo history; a new change forgets the redo."""
        self._undo.append(self._drawing)
        del self._undo[:-MAX_UNDO]
        self._redo.clear()

    def _edit(self, drawing: Drawing) -> None:
        """Shows ``drawing`` after undo, redo or clear, and tells the owner."""
        self._drawing = drawing
        self._points = None
        self._redraw()
        self._show_tools()
        self._notify()

    def _notify(self) -> None:
        if self.on_change is not None:
            self.on_change(self._drawing)

    def _say(self, text: str) -> None:
        """Shows a short message under the board; an empty one hides the line."""
        if self._message.value != text:
            self._message.value = text
            self._message.layout.display = "" if text else "none"

    def _on_mouse_leaves(self, x: Any, y: Any) -> None:
        """Ends the stroke where the button is released or the pointer leaves the board."""
        self.pen_move(x, y)
        self.pen_up()

    def _on_touch_start(self, touches: Any) -> None:
        touch = _first_touch(touches)
        if touch is not None:
            self.pen_down(*touch)

    def _on_touch_move(self, touches: Any) -> None:
        touch = _first_touch(touches)
        if touch is not None:
            self.pen_move(*touch)

    def _on_touch_end(self, touches: Any) -> None:
        self.pen_up()

    # -- drawing on the canvas (only once a browser is there) ------------------------

    def _on_client_ready(self) -> None:
        self._client_ready = True
        self._redraw(paper=True)

    def _draw_paper(self) -> None:
        paper: Canvas = self._canvas[0]
        draw_paper(paper)
        if self._location:
            paper.font = "bold 24px sans-serif"
            paper.text_baseline = "top"
            paper.fill_style = LOCATION_COLOR
            paper.fill_text(LOCATION_PREFIX + self._location, 16, 14, BOARD_WIDTH - 32)

    def _redraw(self, paper: bool = False) -> None:
        """Redraws the ink (and the paper if asked) from the drawing, if a browser is there."""
        if not self._client_ready:
            return
        ink, live = self._canvas[1], self._canvas[2]
        with hold_canvas():
            if paper:
                self._draw_paper()
            ink.clear()
            draw_strokes(ink, self._drawing.strokes)
            live.clear()
