"""The player's drawing pad: a board to draw on with a mouse, a finger or a pen, and its tools.

The pad keeps the player's :class:`~incognito_nb.engine.drawing.Drawing`, with its undo
and redo history; whoever owns the game hears of every change through ``on_change``.

Two layers share one grid cell.  Underneath, an ipycanvas ``MultiCanvas`` is the board of
record: the paper (white, with the location written on it) and the committed ink, all
drawn from Python.  On top, an :class:`~incognito_nb.ui.widgets.ink.InkLayer` takes the pointer
and draws the stroke under it in the browser at once; the finished stroke comes to Python
as a batch of points, is checked, added to the drawing, drawn on the ink layer, and only
then wiped from the overlay.  So the pen costs no kernel round trip per move, and a stroke
is on the pad's drawing before any later click (the Done button) reaches the kernel: the
overlay sends it at pointer-up, and the kernel reads messages in order.

As with every board, nothing is drawn on the canvas before it reports ``client_ready``
(see :mod:`incognito_nb.ui.widgets.board`); the pen methods still record strokes before that, so
the pad can be scripted and tested without a browser.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Optional

import ipywidgets as widgets
from incognito_nb.ui.widgets.lean_canvas import Canvas, hold_canvas

from incognito_nb.engine.drawing import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    Drawing,
    Stroke,
    room_left,
)

from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.aria import BoardName
from incognito_nb.ui.widgets.board import close_parts, draw_paper, draw_strokes, new_board_canvas
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.ink import InkLayer
from incognito_nb.ui.widgets.keyboard import SkipLink
from incognito_nb.ui.widgets.palette import BRUSH_SIZES, ERASER_WIDTH, PEN_COLORS, color_name, size_name, text_color_on

#: How many steps Undo can go back; older steps are forgotten.
MAX_UNDO = 200
#: How many cleared boards Undo can bring back; steps before older ones are forgotten.  Each holds
#: up to a board of ink the board no longer shows, in the kernel: a page's script drawing full
#: boards of 5,000-point strokes and clearing them kept 200 steps of them (its kernel 79 → 217 MB).
MAX_CLEARED_BOARDS = 3
LOCATION_COLOR = "#444444"
MAX_LOCATION_LENGTH = 60
#: The pen twins send their points in batches of this many, as the browser does in time.
TWIN_BATCH_POINTS = 64


def _board_point(x: Any, y: Any) -> Optional[tuple[float, float]]:
    """Returns ``(x, y)`` as a point clamped to the board, or None if it is not a point."""
    try:
        x, y = float(x), float(y)
    except (TypeError, ValueError):
        return None
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    return (min(max(x, 0.0), float(BOARD_WIDTH)), min(max(y, 0.0), float(BOARD_HEIGHT)))


class DrawingPad(widgets.VBox):
    """A drawing pad: a board with its location, a row of tools, and undo/redo.

    ``on_change(drawing)`` is called after every change the player makes (a stroke,
    undo, redo, clear); :meth:`load` replaces the content quietly.  A stroke is in
    :attr:`drawing` once its last batch has come from the browser, which is before any
    click made after it.  With a ``recovery_key`` (one seat in one round), strokes the
    browser drew for an earlier page of that seat and never saw saved come back to this
    one (see :mod:`incognito_nb.ui.widgets.ink`), those the board already holds left out;
    such a pad's browser keeps each stroke until the owner says its record has the board
    (:meth:`saved`), not merely until the pad has it.
    The board is an image named "Your drawing, hidden in: …" for a screen reader, and a
    skip button (seen only when focused) before the tools moves the focus to ``skip_to``
    (a CSS selector: the page's Done button).
    """

    def __init__(
        self,
        drawing: Drawing = Drawing(),
        *,
        location: str = "",
        on_change: Optional[Callable[[Drawing], Any]] = None,
        recovery_key: str = "",
        lang: Optional[Language] = None,
        skip_to: str = ".inc-done",
        **kwargs: Any,
    ) -> None:
        self.lang = lang = lang or language()
        self.on_change = on_change
        self._drawing = self._checked(drawing)
        self._undo: list[Drawing] = []
        self._redo: list[Drawing] = []
        self._twin: Optional[dict[str, Any]] = None  # the stroke the pen twins are drawing
        self._client_ready = False
        self._location = ""
        self._location_prefix = lang._("Location: ")  # written on the paper, before the location
        self._color = PEN_COLORS[0][1]
        self._width = BRUSH_SIZES[0][1]
        self._erasing = False

        self._canvas = new_board_canvas(2)  # paper, ink
        self._canvas.on_client_ready(self._on_client_ready)
        self._ink = InkLayer(
            colors=dict(PEN_COLORS).values(),
            widths=dict(BRUSH_SIZES).values(),
            eraser_width=ERASER_WIDTH,
            on_strokes=self._add_strokes,
            on_problem=self._say,
            on_recovered=self._recover,
            recovery_key=recovery_key,
            until_saved=bool(recovery_key),  # a seat's record is the game store: see saved()
            lang=lang,
        )
        # One grid cell for both: the overlay lies exactly over the board and takes the pointer.
        for layer in (self._canvas, self._ink):
            layer.layout.grid_area = "pad"
        self._ink.layout.width = "100%"
        board = widgets.GridBox([self._canvas, self._ink], layout=widgets.Layout(
            grid_template_areas='"pad"', grid_template_columns="100%", width="100%"))
        board.add_class("inc-pad-board")
        self._name = BoardName(box=".inc-pad-board")
        board.children = (self._name, *board.children)
        # The tools are a dozen stops for the Tab key: a keyboard user may jump to Done.  A tool
        # pressed that turns grey (Clear, the last Undo or Redo) lets the focus fall to the page's
        # body: the link's script hands it to Undo (which brings a cleared drawing back), or Redo.
        self.skip = SkipLink(label=lang._("Skip the drawing pad"), target=skip_to,
                             hand_to=[".inc-tool-undo", ".inc-tool-redo"])

        self._message = widgets.Label()
        self._message.add_class("inc-pad-message")
        self._message.layout.display = "none"
        super().__init__([self.skip, self._build_tools(), board, self._message], **kwargs)
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

    def saved(self) -> None:
        """Hears from the owner that its record (the game store) has the board as the pad
        shows it: the browser may forget its own copies of the strokes drawn so far."""
        self._ink.saved()

    def load(self, drawing: Drawing) -> None:
        """Replaces the pad's content with ``drawing`` and forgets the undo history.

        :raises ValueError: if ``drawing`` is not a :class:`Drawing`.
        """
        self._drawing = self._checked(drawing)
        self._undo.clear()
        self._redo.clear()
        self._twin = None
        self._ink.drop_open()
        self._say("")
        self._redraw()
        self._show_tools()

    def show_edit(self, drawing: Drawing) -> None:
        """Shows ``drawing``, changed elsewhere (the same player's board on another
        device), drawing only what changed: new strokes on top, or the board again after
        an undo or a clear.  Undo takes the change back like one of the player's own.

        :raises ValueError: if ``drawing`` is not a :class:`Drawing`.
        """
        drawing = self._checked(drawing)
        keep, added = self._drawing.changes_to(drawing)
        if keep == len(self._drawing) and not added:
            return
        appended = keep == len(self._drawing)
        self._remember()
        self._drawing = drawing
        if not appended:
            self._redraw()
        elif self._client_ready:
            with hold_canvas():
                draw_strokes(self._canvas[1], added)
        self._show_tools()

    def take_back(self, drawing: Drawing) -> None:
        """Goes back to ``drawing`` after the pad's owner refused the last change because the
        board is full (the drawing's cap, rule ``drawing_full``): the change leaves the
        board and the undo history, what was kept stays, and the pad says the board is full.

        :raises ValueError: if ``drawing`` is not a :class:`Drawing`.
        """
        drawing = self._checked(drawing)
        if self._undo and self._undo[-1] == drawing:
            self._undo.pop()
        self._redo.clear()
        self._drawing = drawing
        self._redraw()
        self._show_tools()
        self._say(self._full_text())

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
            states = [*self._undo, self._drawing]
            cleared = [step for step in range(len(self._undo)) if states[step] and not states[step + 1]]
            if len(cleared) > MAX_CLEARED_BOARDS:
                del self._undo[:cleared[-MAX_CLEARED_BOARDS - 1] + 1]

    # -- the location ----------------------------------------------------------------

    @property
    def location(self) -> str:
        """Returns the location written on the board."""
        return self._location

    @location.setter
    def location(self, text: str) -> None:
        """Writes ``text`` on the board as the place to hide the object (plain text)."""
        self._location = " ".join(str(text).split())[:MAX_LOCATION_LENGTH]
        self._name.label = (self.lang._("Your drawing, hidden in: {location}", location=self._location)
                            if self._location else self.lang._("Your drawing"))
        if self._client_ready:
            with hold_canvas():
                self._draw_paper()

    def set_location(self, text: str) -> None:
        """Writes ``text`` on the board as the place to hide the object (plain text)."""
        self.location = text

    # -- the pen: strokes from the overlay, and their programmatic twins --------------

    def pen_down(self, x: Any, y: Any) -> None:
        """Starts a stroke at ``(x, y)``, in board units; a point that is not one is ignored.

        The pen methods are the overlay's twins: they send their points through the same
        batches and checks as the browser, with the pad's current pen.
        """
        point = _board_point(x, y)
        if point is None:
            return
        if self._twin is not None:  # a lost "up": keep the stroke it would have ended
            self.pen_up()
        self._say("")
        self._twin = {"stroke": self._ink.next_stroke_id(), "seq": 0, "points": [point], "sent": 0}

    def pen_move(self, x: Any, y: Any) -> None:
        """Extends the stroke to ``(x, y)`` while the pen is down; otherwise does nothing."""
        point = _board_point(x, y)
        twin = self._twin
        if twin is None or point is None or point == twin["points"][-1]:
            return
        twin["points"].append(point)
        if len(twin["points"]) - twin["sent"] >= TWIN_BATCH_POINTS:
            self._send_twin(end=False)

    def pen_up(self) -> None:
        """Ends the stroke and adds it to the drawing; a stroke the board refuses is dropped."""
        if self._twin is not None:
            self._send_twin(end=True)
            self._twin = None

    def _send_twin(self, end: bool) -> None:
        """Sends the twin stroke's new points to the overlay's message path, as the browser would."""
        twin = self._twin
        batch: dict[str, Any] = {
            "stroke": twin["stroke"], "seq": twin["seq"], "end": end,
            "points": [v for point in twin["points"][twin["sent"]:] for v in point],
        }
        if twin["seq"] == 0:
            batch.update(color=self._color, width=self._pen_width(), erase=self._erasing)  # the claim
        twin["seq"] += 1
        twin["sent"] = len(twin["points"])
        self._ink.receive(batch)

    def _add_strokes(self, strokes: list[Stroke]) -> None:
        """Adds finished strokes (from the overlay or the twins) to the drawing and the board."""
        added = []
        for stroke in strokes:
            if len(stroke.points) > room_left(self._drawing):  # the engine's cap: the line goes, the board stays
                self._say(self._full_text())
                break
            try:
                drawing = self._drawing.adding(stroke)
            except ValueError as error:
                self._say(self.lang._("That line was not kept ({error}).", error=self.lang.error(error)))
                break
            self._remember()
            self._drawing = drawing
            added.append(stroke)
        if not added:
            return
        if len(added) == len(strokes) and room_left(self._drawing):
            self._say("")
        if self._client_ready:
            with hold_canvas():
                draw_strokes(self._canvas[1], added)
        self._show_tools()
        self._notify()

    def _recover(self, strokes: list[Stroke]) -> None:
        """Adds strokes kept by the browser for an earlier page, but not those already on the
        board (a stroke saved whose "saved" never reached the browser)."""
        drawn = {stroke.points for stroke in self._drawing.strokes}
        missing = [stroke for stroke in strokes if stroke.points not in drawn]
        before = self._drawing
        if missing:
            self._add_strokes(missing)
        if self._drawing is before:
            self._notify()  # nothing new: the owner still says whether its record has the board

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
        lang = self.lang
        self._color_buttons: dict[str, widgets.Button] = {}
        # Each part whole in its first message, sizes shared (ui/widgets/shared.py): the pad
        # opens on every phone at once when a round starts.
        for name, color in PEN_COLORS:
            chosen = color == self._color and not self._erasing
            # Named by its tooltip and pressed when chosen (``inc-tool-chosen``) for a screen
            # reader, in the browser (page_aria.js): a button's name is its caption, the ✓.
            button = widgets.Button(
                description="✓" if chosen else "\u00a0",
                tooltip=lang._("{color} pen", color=color_name(name, lang)),
                layout=shared.layout(width="34px", height="34px", padding="0", margin="2px"),
                style={"button_color": color, "text_color": text_color_on(color), "font_weight": "bold"},
                _dom_classes=("inc-tool-color", *(("inc-tool-chosen",) if chosen else ())),
            )
            button.on_click(lambda _button, color=color: self.choose_color(color))
            self._color_buttons[color] = button
        self._sizes = widgets.ToggleButtons(
            options=[(size_name(name, lang), width) for name, width in BRUSH_SIZES],
            value=self._width,
            tooltips=[lang._("{size} brush", size=size_name(name, lang)) for name, _ in BRUSH_SIZES],
            style={"button_width": "72px"},
            _dom_classes=("inc-tool-size",), layout=shared.layout(),
        )
        self._sizes.observe(self._on_size, "value")
        self._eraser = widgets.ToggleButton(description=lang._("Eraser"), icon="eraser",
                                            tooltip=lang._("Rub out ink"), layout=shared.layout(width="auto"),
                                            _dom_classes=("inc-tool-eraser",))
        self._eraser.observe(self._on_eraser, "value")
        self._undo_button = self._action("undo", "undo", self.undo, lang._("Undo"),
                                         lang._("Take back the last change"))
        self._redo_button = self._action("redo", "repeat", self.redo, lang._("Redo"), lang._("Put back what Undo took"))
        self._clear_button = self._action("clear", "trash", self.clear, lang._("Clear"),
                                          lang._("Wipe the board (Undo brings it back)"))
        # Wraps between swatches, sizes and eraser too: beside the secret card, the pad is narrow.
        pen = shared.box(widgets.HBox, [shared.box(widgets.HBox, self._color_buttons.values()), self._sizes,
                                        self._eraser],
                         layout=shared.layout(flex_flow="row wrap", align_items="center", grid_gap="8px"))
        actions = shared.box(widgets.HBox, [self._undo_button, self._redo_button, self._clear_button],
                             layout=shared.layout(align_items="center", grid_gap="4px"))
        # Two groups, so that a narrow screen wraps the row between them, not inside one.
        return shared.box(widgets.HBox, [pen, actions], "inc-pad-tools", layout=shared.layout(
            flex_flow="row wrap", align_items="center", justify_content="space-between", grid_gap="8px"))

    def _action(self, name: str, icon: str, act: Callable[[], None], label: str, tooltip: str) -> widgets.Button:
        """Returns the tool button ``name`` ("undo") that calls ``act``, with its ``inc-tool-…`` class."""
        button = shared.button(label, f"inc-tool-{name}", icon=icon, tooltip=tooltip,
                               layout=shared.layout(width="auto"))
        button.on_click(lambda _pressed: act())
        return button

    def _on_size(self, change: dict) -> None:
        # The browser can set any value: keep the last good size if it sends a strange one.
        if change["new"] in dict(BRUSH_SIZES).values():
            self._width = change["new"]
            self._eraser.value = False
            self._show_tools()

    def _on_eraser(self, change: dict) -> None:
        self._erasing = bool(change["new"])
        self._show_tools()

    def _show_tools(self) -> None:
        """Makes the tools show the current pen and which actions are possible."""
        for color, button in self._color_buttons.items():
            chosen = color == self._color and not self._erasing
            # Not "": ipywidgets 8 leaves a button's old text on screen when both its
            # description and its icon are empty.
            button.description = "✓" if chosen else "\u00a0"
            (button.add_class if chosen else button.remove_class)("inc-tool-chosen")
        # The overlay draws with the same pen (the eraser's live trail is paper-coloured:
        # it looks like the rubbing it will do once committed).
        self._ink.set_pen(self._color, self._pen_width(), self._erasing)
        self._undo_button.disabled = not self._undo
        self._redo_button.disabled = not self._redo
        self._clear_button.disabled = not self._drawing
        # The overlay stops inking where the drawing is full, and the pad says so.
        self._ink.room = room = room_left(self._drawing)
        if not room:
            self._say(self._full_text())
        elif self._message.value == self._full_text():
            self._say("")

    def _full_text(self) -> str:
        return self.lang._("The board is full: Undo or Clear to draw more.")

    # -- helpers ---------------------------------------------------------------------

    @staticmethod
    def _checked(drawing: Drawing) -> Drawing:
        if not isinstance(drawing, Drawing):
            raise ValueError(f"a pad holds a Drawing, not {drawing!r:.80}")
        return drawing

    def _pen_width(self) -> int:
        return ERASER_WIDTH if self._erasing else self._width

    def _remember(self) -> None:
        """Pushes the current drawing on the undo history; a new change forgets the redo."""
        self._undo.append(self._drawing)
        del self._undo[:-MAX_UNDO]
        self._redo.clear()

    def _edit(self, drawing: Drawing) -> None:
        """Shows ``drawing`` after undo, redo or clear, and tells the owner."""
        self._drawing = drawing
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
            paper.fill_text(self._location_prefix + self._location, 16, 14, BOARD_WIDTH - 32)

    def _redraw(self, paper: bool = False) -> None:
        """Redraws the ink (and the paper if asked) from the drawing, if a browser is there."""
        if not self._client_ready:
            return
        ink = self._canvas[1]
        with hold_canvas():
            if paper:
                self._draw_paper()
            ink.clear()
            draw_strokes(ink, self._drawing.strokes)
