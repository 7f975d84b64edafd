"""The drawing pad and the read-only board, driven without a browser.

Pointer input arrives the way the pad's ink overlay delivers it (custom comm messages
carrying batches of points, as the browser sends them) or through the pad's pen methods;
what would be drawn is read from the commands ipycanvas would send to the browser.
"""

from __future__ import annotations

import asyncio

import ipywidgets
import pytest
from ipycanvas import canvas as ipycanvas_canvas
from ipycanvas.canvas import COMMANDS, _CanvasManager
from ipywidgets.widgets import widget as widget_module

from incognito_nb.engine.drawing import MAX_DRAWING_POINTS, MAX_POINTS_PER_STROKE, MAX_STROKES, Drawing, Stroke
from incognito_nb.ui.widgets import ink as ink_module
from incognito_nb.ui.widgets.board import DrawingView, draw_strokes
from incognito_nb.ui.widgets.palette import (
    BRUSH_SIZES,
    ERASER_WIDTH,
    PEN_COLORS,
    PLAYER_COLORS,
    contrast_ratio,
    text_color_on,
)
from incognito_nb.ui.widgets.pad import DrawingPad

pytestmark = pytest.mark.usefixtures("callback_errors_fail_the_test")

COMMAND_NAMES = {number: name for name, number in COMMANDS.items()}


@pytest.fixture
def sent(monkeypatch):
    """Returns the list of canvas commands sent to the browser, as (name, args) pairs."""
    commands: list[tuple[str, list]] = []

    def record(self, command, buffers=[]):
        batch = command if command and isinstance(command[0], list) else [command]
        for number, args, *_ in batch:
            commands.append((COMMAND_NAMES[number], args))

    monkeypatch.setattr(_CanvasManager, "_send_custom", record)
    return commands


def browser_sends(widget, content):
    """Delivers ``content`` to ``widget`` as the browser's custom comm message would."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def connect(pad_or_view):
    """Fires ``client_ready`` as a freshly connected browser does (from the top layer);
    a read-only board waits for no browser (the browser paints it from its state)."""
    if isinstance(pad_or_view, DrawingPad):
        browser_sends(pad_or_view._canvas[-1], {"event": "client_ready"})


def overlay_sends(pad, **batch):
    """Delivers one batch of points to the pad as its ink overlay sends it from the browser."""
    browser_sends(pad._ink, batch)


def stroke_batch(stroke, seq, points, end, **more):
    """Returns a batch as the overlay builds it; the first one says what pen it drew with."""
    batch = {"stroke": stroke, "seq": seq, "points": [v for point in points for v in point], "end": end}
    if seq == 0:
        batch.update(color="#000000", width=4, erase=False)
    batch.update(more)
    return batch


def overlay_draws(pad, stroke, *points):
    """Sends a whole stroke from the overlay in one batch, as at pointer-up."""
    overlay_sends(pad, **stroke_batch(stroke, 0, points, True))


def tool(pad, css_class):
    """Returns the widgets of ``pad`` that carry ``css_class``, in screen order."""
    found = [pad] if css_class in getattr(pad, "_dom_classes", ()) else []
    for child in getattr(pad, "children", ()):
        found += tool(child, css_class)
    return found


def scribble(pad, *points):
    pad.pen_down(*points[0])
    for point in points[1:]:
        pad.pen_move(*point)
    pad.pen_up()


# -- strokes ---------------------------------------------------------------------------


def test_an_overlay_stroke_becomes_one_stroke():
    pad = DrawingPad()
    overlay_sends(pad, **stroke_batch(1, 0, [(10, 20), (30, 40)], False))
    assert pad.drawing == Drawing()  # not finished yet
    overlay_sends(pad, **stroke_batch(1, 1, [(50, 60)], True))
    assert pad.drawing == Drawing((Stroke([(10, 20), (30, 40), (50, 60)]),))


def test_a_repeated_batch_is_used_once():
    pad = DrawingPad()
    first = stroke_batch(1, 0, [(10, 10), (20, 20)], False)
    overlay_sends(pad, **first)
    overlay_sends(pad, **first)
    last = stroke_batch(1, 1, [(30, 30)], True)
    overlay_sends(pad, **last)
    overlay_sends(pad, **last)  # the stroke is settled: nothing more comes of it
    overlay_sends(pad, **first)
    assert [s.points for s in pad.drawing] == [((10, 10), (20, 20), (30, 30))]


def test_batches_that_arrive_out_of_order_are_put_back_in_order():
    pad = DrawingPad()
    overlay_sends(pad, **stroke_batch(1, 2, [(50, 50)], True))
    overlay_sends(pad, **stroke_batch(1, 1, [(30, 30)], False))
    assert pad.drawing == Drawing()  # still waiting for the first batch
    overlay_sends(pad, **stroke_batch(1, 0, [(10, 10)], False))
    assert [s.points for s in pad.drawing] == [((10, 10), (30, 30), (50, 50))]


def test_strokes_are_settled_only_after_they_are_drawn(sent):
    pad = DrawingPad()
    connect(pad)
    sent.clear()
    seen = []
    pad._ink.observe(lambda change: seen.append((change["new"], [name for name, _ in sent])), "settled")
    overlay_sends(pad, **stroke_batch(1, 0, [(10, 10), (20, 20)], False))
    assert sent == [] and seen == []  # a batch in the middle of a stroke draws nothing
    overlay_sends(pad, **stroke_batch(1, 1, [(30, 30)], True))
    # The overlay may wipe stroke 1 only once the board of record has it.
    assert seen == [(1, ["set", "set", "set", "set", "set", "strokeLines"])]


def test_a_stroke_id_already_settled_adds_nothing():
    pad = DrawingPad()
    overlay_draws(pad, 2, (10, 10))
    overlay_draws(pad, 1, (20, 20))  # a straggler from before stroke 2 settled
    overlay_draws(pad, 2, (30, 30))
    assert [s.points for s in pad.drawing] == [((10, 10),)]


def test_points_off_the_board_are_kept_on_its_edge():
    pad = DrawingPad()
    overlay_draws(pad, 1, (700, 300), (790, 300), (805, -3))
    assert [s.points for s in pad.drawing] == [((700, 300), (790, 300), (800, 0))]


def test_the_pen_twins_match_the_overlay():
    by_overlay, by_pen = DrawingPad(), DrawingPad()
    overlay_draws(by_overlay, 1, (1, 2), (3, 4))
    scribble(by_pen, (1, 2), (3, 4))
    assert by_overlay.drawing == by_pen.drawing


def test_a_second_press_without_a_release_keeps_the_first_stroke():
    pad = DrawingPad()
    pad.pen_down(10, 10)
    pad.pen_move(20, 20)
    pad.pen_down(50, 50)
    pad.pen_up()
    assert [s.points for s in pad.drawing] == [((10, 10), (20, 20)), ((50, 50),)]


def test_a_tool_chosen_just_before_a_stroke_is_the_one_it_is_drawn_with():
    # The click reaches the kernel before the stroke, but perhaps not the overlay: the
    # overlay drew in black, the player had picked vermillion.
    pad = DrawingPad()
    pad.choose_color("#d55e00")
    overlay_draws(pad, 1, (1, 1), (9, 9))
    assert pad.drawing.strokes[-1].color == "#d55e00"


def test_the_overlay_draws_with_the_pads_pen():
    pad = DrawingPad()
    [eraser] = tool(pad, "inc-tool-eraser")
    [sizes] = tool(pad, "inc-tool-size")
    pad.choose_color("#0072b2")
    sizes.value = dict(BRUSH_SIZES)["thick"]
    assert (pad._ink.color, pad._ink.width, pad._ink.erase) == ("#0072b2", 22, False)
    eraser.value = True
    assert (pad._ink.width, pad._ink.erase) == (ERASER_WIDTH, True)


NAN = float("nan")


@pytest.mark.parametrize("forged", [
    {"points": [NAN, 1]},
    {"points": [float("inf"), 1]},
    {"points": ["10", "20"]},
    {"points": [None, 1]},
    {"points": [True, 1]},
    {"points": [[1, 2]]},
    {"points": [1, 2, 3]},
    {"points": "1,2"},
    {"points": [1.0] * (2 * MAX_POINTS_PER_STROKE + 2)},
    {"points": []},
    {"color": "red"},
    {"color": "#123456"},
    {"color": None},
    {"width": 1e9},
    {"width": "4"},
    {"width": 30},
    {"erase": True},  # the eraser has its own width
    {"erase": "yes"},
    {"end": "yes"},
    {"seq": -1},
    {"seq": 1.5},
    {"pressure": [2.0]},
    {"pressure": [0.5, 0.5]},
    {"secret": 1},
])
def test_a_forged_batch_is_refused_with_a_message(forged):
    changes = []
    pad = DrawingPad(on_change=changes.append)
    batch = stroke_batch(1, 0, [(10, 10)], True)
    batch.update(forged)
    overlay_sends(pad, **batch)
    assert (pad.drawing, changes) == (Drawing(), [])
    assert "not kept" in tool(pad, "inc-pad-message")[0].value
    assert pad._ink.settled == 1  # the overlay wipes the refused line
    overlay_draws(pad, 2, (5, 5))  # and the pad goes on
    assert len(pad.drawing) == 1


@pytest.mark.parametrize("forged", [None, "stroke", 7, [], {"stroke": "1"}, {"stroke": True},
                                    {"stroke": 0}, {"stroke": 10**6}, {"stroke": 2**80}])
def test_a_message_that_is_not_a_batch_changes_nothing(forged):
    pad = DrawingPad()
    browser_sends(pad._ink, forged)
    assert (pad.drawing, pad._ink.settled) == (Drawing(), 0)
    overlay_draws(pad, 1, (5, 5))
    assert len(pad.drawing) == 1


def test_what_waits_for_missing_batches_is_bounded():
    pad = DrawingPad()
    for stroke in range(1, 3 * ink_module.MAX_OPEN_STROKES):
        overlay_sends(pad, **stroke_batch(stroke, 1, [(1, 1)], False))  # the first batches never come
    assert len(pad._ink._open) <= ink_module.MAX_OPEN_STROKES
    for seq in range(1, 3 * ink_module.MAX_EARLY_BATCHES):
        overlay_sends(pad, **stroke_batch(99, seq, [(1, 1)], False))
    assert all(len(s.early) <= ink_module.MAX_EARLY_BATCHES for s in pad._ink._open.values())
    overlay_draws(pad, 100, (5, 5))
    assert len(pad.drawing) == 1 and pad._ink._open == {}


def test_a_very_long_overlay_stroke_is_cut_not_lost():
    pad = DrawingPad()
    points = [(i % 800, i // 10) for i in range(6001)]
    for seq, start in enumerate(range(0, 6001, 1000)):
        chunk = points[start:start + 1000]
        overlay_sends(pad, **stroke_batch(1, seq, chunk, start + 1000 >= 6001))
    assert len(pad.drawing) == 2
    assert sum(len(s.points) for s in pad.drawing) == 6001 + 1  # the cut point is shared


def test_the_last_stroke_is_in_the_drawing_as_soon_as_its_last_batch_is_read():
    # In the browser the overlay sends the last batch at pointer-up, before a click on
    # Done can be sent; the kernel reads them in that order (see test_pad_browser.py).
    submitted = []
    pad = DrawingPad()
    done = ipywidgets.Button()
    done.on_click(lambda _button: submitted.append(pad.drawing))
    overlay_sends(pad, **stroke_batch(1, 0, [(10, 10), (20, 20)], False))
    overlay_sends(pad, **stroke_batch(1, 1, [(30, 30)], True))
    done.click()
    assert [len(d) for d in submitted] == [1]


def test_load_forgets_a_stroke_still_arriving():
    pad = DrawingPad()
    overlay_sends(pad, **stroke_batch(1, 0, [(10, 10)], False))
    pad.load(Drawing())
    overlay_sends(pad, **stroke_batch(1, 1, [(20, 20)], True))
    assert pad.drawing == Drawing() and pad._ink.settled == 1


def test_a_tap_is_a_dot():
    pad = DrawingPad()
    scribble(pad, (50, 50))
    assert pad.drawing.strokes[0].points == ((50.0, 50.0),)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), None, "left"])
def test_a_point_that_is_not_a_point_adds_nothing(bad):
    pad = DrawingPad()
    pad.pen_down(bad, 10)
    pad.pen_move(20, bad)
    pad.pen_up()
    pad.pen_down(bad, bad)
    pad.pen_up()
    assert pad.drawing == Drawing()


def test_a_bad_point_inside_a_stroke_is_skipped():
    pad = DrawingPad()
    scribble(pad, (10, 10), (float("nan"), 5), (20, 20))
    assert pad.drawing.strokes[0].points == ((10, 10), (20, 20))


def test_a_stroke_the_board_refuses_is_dropped_with_a_message():
    full = Drawing((Stroke([(1, 1)]),) * MAX_STROKES)
    changes = []
    pad = DrawingPad(full, on_change=changes.append)
    scribble(pad, (10, 10), (20, 20))
    assert pad.drawing == full
    assert changes == []
    assert "full" in tool(pad, "inc-pad-message")[0].value
    pad.undo()  # nothing to undo: the refused stroke left no trace


def _nearly_full(left: int) -> Drawing:
    """A drawing with ``left`` points of room under the cap."""
    points = MAX_DRAWING_POINTS - left
    return Drawing([Stroke([(i % 800, i // 800 % 600) for i in range(min(5_000, points - k))])
                    for k in range(0, points, 5_000)])


def test_drawing_full_a_stroke_past_the_cap_is_dropped_settled_and_said_and_the_board_is_kept():
    changes = []
    pad = DrawingPad(_nearly_full(2), on_change=changes.append)
    board = pad.drawing
    assert pad._ink.room == 2
    overlay_draws(pad, 1, (10, 10), (20, 20), (30, 30))  # 3 points: one too many
    assert pad.drawing == board and changes == []
    assert pad._ink.settled == 1  # wiped from the overlay, never retried nor "not saved yet"
    assert tool(pad, "inc-pad-message")[0].value == "The board is full: Undo or Clear to draw more."
    overlay_draws(pad, 2, (10, 10), (20, 20))  # what fits is kept
    assert len(pad.drawing) == len(board) + 1 and changes == [pad.drawing]
    assert pad._ink.room == 0
    assert "full" in tool(pad, "inc-pad-message")[0].value


def test_drawing_full_undo_and_clear_make_room_again_and_the_message_goes():
    pad = DrawingPad(_nearly_full(2))
    message = tool(pad, "inc-pad-message")[0]
    assert message.layout.display == "none"
    scribble(pad, (10, 10), (20, 20))  # fills the board
    assert pad._ink.room == 0 and "full" in message.value and message.layout.display != "none"
    full = pad.drawing
    scribble(pad, (30, 30), (40, 40))
    assert pad.drawing == full
    pad.undo()  # the stroke that filled it: room again, and the message goes
    assert pad._ink.room == 2 and message.layout.display == "none"
    pad.redo()
    pad.clear()
    assert pad._ink.room == MAX_DRAWING_POINTS and message.layout.display == "none"
    pad.undo()
    assert pad.drawing == full and pad._ink.room == 0 and "full" in message.value


def test_drawing_full_a_pad_opened_on_a_full_board_says_so_at_once():
    pad = DrawingPad(_nearly_full(0))
    assert pad._ink.room == 0 and "full" in tool(pad, "inc-pad-message")[0].value


def test_drawing_full_the_pad_says_it_in_the_pages_language():
    from incognito_nb.ui.i18n import language

    pad = DrawingPad(_nearly_full(0), lang=language("es"))
    assert tool(pad, "inc-pad-message")[0].value == ("El tablero está lleno: usa «Deshacer» o «Borrar todo» "
                                                     "para dibujar más.")


def test_a_very_long_pen_stroke_is_cut_not_lost():
    pad = DrawingPad()
    pad.pen_down(0, 0)
    for i in range(1, 6001):
        pad.pen_move(i % 800, i // 10)
    pad.pen_up()
    assert len(pad.drawing) == 2
    assert sum(len(s.points) for s in pad.drawing) == 6001 + 1  # the cut point is shared


def test_on_change_gets_the_new_drawing_after_every_change():
    changes = []
    pad = DrawingPad(on_change=changes.append)
    scribble(pad, (1, 1), (2, 2))
    one = pad.drawing
    pad.clear()
    pad.undo()
    pad.redo()
    assert changes == [one, Drawing(), one, Drawing()]
    pad.load(one)  # a load is not the player's change
    assert len(changes) == 4


# -- tools -----------------------------------------------------------------------------


def test_the_chosen_colour_and_size_go_into_the_stroke():
    pad = DrawingPad()
    [vermillion] = [b for b in tool(pad, "inc-tool-color") if b.tooltip.startswith("vermillion")]
    vermillion.click()
    [sizes] = tool(pad, "inc-tool-size")
    sizes.value = dict(BRUSH_SIZES)["thick"]
    scribble(pad, (1, 1), (9, 9))
    assert pad.drawing.strokes[-1] == Stroke([(1, 1), (9, 9)], color="#d55e00", width=22)
    marks = [b.description for b in tool(pad, "inc-tool-color")]
    assert vermillion.description == "✓" and marks.count("✓") == 1
    # An empty description would leave the old mark on screen (ipywidgets 8 ButtonView).
    assert all(mark for mark in marks)


def test_every_colour_button_names_its_colour():
    pad = DrawingPad()
    buttons = tool(pad, "inc-tool-color")
    assert [(b.tooltip, b.style.button_color) for b in buttons] == [
        (f"{name} pen", color) for name, color in PEN_COLORS
    ]


def test_eraser_strokes_erase_with_the_eraser_width():
    pad = DrawingPad()
    [eraser] = tool(pad, "inc-tool-eraser")
    eraser.value = True
    scribble(pad, (1, 1), (9, 9))
    stroke = pad.drawing.strokes[-1]
    assert (stroke.erase, stroke.width) == (True, ERASER_WIDTH)


def test_picking_a_colour_puts_the_eraser_down():
    pad = DrawingPad()
    [eraser] = tool(pad, "inc-tool-eraser")
    eraser.value = True
    pad.choose_color("#0072b2")
    scribble(pad, (1, 1))
    assert not eraser.value
    assert pad.drawing.strokes[-1].erase is False
    with pytest.raises(ValueError):
        pad.choose_color("#123456")


def test_a_size_the_browser_should_not_send_is_refused():
    pad = DrawingPad()
    [sizes] = tool(pad, "inc-tool-size")
    # ipywidgets refuses the index and logs it; the pad keeps its size.
    sizes._handle_msg({"content": {"data": {"method": "update", "state": {"index": 7}}}, "buffers": []})
    scribble(pad, (1, 1))
    assert pad.drawing.strokes[-1].width == BRUSH_SIZES[0][1]


def test_the_tools_have_stable_css_classes():
    pad = DrawingPad()
    assert "inc-pad" in pad._dom_classes
    for name in ("undo", "redo", "clear", "eraser", "size"):
        assert len(tool(pad, f"inc-tool-{name}")) == 1, name
    assert len(tool(pad, "inc-tool-color")) == len(PEN_COLORS) == 8


# -- undo, redo, clear -----------------------------------------------------------------


def test_undo_takes_back_the_last_stroke_and_redo_puts_it_back():
    pad = DrawingPad()
    scribble(pad, (1, 1))
    scribble(pad, (2, 2))
    two = pad.drawing
    pad.undo()
    assert len(pad.drawing) == 1
    pad.redo()
    assert pad.drawing == two


def test_clear_then_undo_brings_the_drawing_back():
    pad = DrawingPad()
    scribble(pad, (1, 1), (5, 5))
    before = pad.drawing
    tool(pad, "inc-tool-clear")[0].click()
    assert pad.drawing == Drawing()
    tool(pad, "inc-tool-undo")[0].click()
    assert pad.drawing == before


def test_undo_brings_back_the_last_three_cleared_boards_and_no_more():
    # Every step Undo can take back keeps its ink in the kernel: a page's script drawing full
    # boards and clearing them kept 200 steps of them there (its kernel 79 -> 217 MB).
    pad = DrawingPad()
    boards = []
    for board in range(10):
        scribble(pad, (board + 1, 1), (board + 1, 5))
        scribble(pad, (board + 1, 9))
        boards.append(pad.drawing)
        tool(pad, "inc-tool-clear")[0].click()
    seen = []
    for _ in range(100):
        pad.undo()
        seen.append(pad.drawing)
    assert [board for board in boards if board in seen] == boards[-3:]
    assert pad.drawing == Drawing()  # the oldest step left: the blank board the first of them was drawn on


def test_a_new_stroke_empties_the_redo():
    pad = DrawingPad()
    scribble(pad, (1, 1))
    pad.undo()
    scribble(pad, (2, 2))
    [redo] = tool(pad, "inc-tool-redo")
    assert redo.disabled
    pad.redo()
    assert [s.points for s in pad.drawing] == [((2, 2),)]


def test_undo_and_redo_with_no_history_change_nothing():
    changes = []
    pad = DrawingPad(on_change=changes.append)
    pad.undo()
    pad.redo()
    pad.clear()  # clearing a blank board is not a change either
    assert (pad.drawing, changes) == (Drawing(), [])
    assert tool(pad, "inc-tool-undo")[0].disabled and tool(pad, "inc-tool-clear")[0].disabled


def test_load_replaces_the_drawing_and_forgets_the_history():
    pad = DrawingPad()
    scribble(pad, (1, 1))
    saved = Drawing((Stroke([(3, 3)], color="#009e73"),))
    pad.load(saved)
    pad.undo()
    assert pad.drawing == saved
    with pytest.raises(ValueError):
        pad.load([])


def test_the_location_is_kept_as_one_line_of_plain_text():
    pad = DrawingPad(location="kitchen")
    assert pad.location == "kitchen"
    pad.set_location("  <b>under\nthe</b>   bridge ")
    assert pad.location == "<b>under the</b> bridge"


# -- what reaches the browser ----------------------------------------------------------


def test_nothing_is_drawn_before_the_browser_is_ready(sent):
    pad = DrawingPad(Drawing((Stroke([(1, 1)]),)), location="kitchen")
    overlay_draws(pad, 1, (10, 10), (20, 20))
    pad.undo()
    pad.clear()
    pad.location = "garden"
    pad.load(Drawing())
    assert sent == []


def test_the_browser_gets_paper_location_and_all_ink_when_ready(sent):
    pad = DrawingPad(location="kitchen")
    scribble(pad, (1, 1), (5, 5))
    scribble(pad, (7, 7))
    connect(pad)
    names = [name for name, _ in sent]
    assert [args[0] for name, args in sent if name == "fillText"] == ["Location: kitchen"]
    assert names.count("strokeLines") == 1 and names.count("fillCircle") == 1
    sent.clear()
    connect(pad)  # a second view starts blank: everything is sent again
    assert [name for name, _ in sent] == names


def test_a_finished_stroke_is_drawn_in_one_message(sent, monkeypatch):
    pad = DrawingPad()
    connect(pad)
    messages = []
    flush = ipycanvas_canvas._CanvasManager._send_custom
    monkeypatch.setattr(ipycanvas_canvas._CanvasManager, "_send_custom",
                        lambda self, command, buffers=[]: (messages.append(command), flush(self, command, buffers)))
    sent.clear()
    overlay_sends(pad, **stroke_batch(1, 0, [(10, 10), (20, 30)], False))
    overlay_sends(pad, **stroke_batch(1, 1, [(40, 50)], True))
    assert len(messages) == 1 and [name for name, _ in sent].count("strokeLines") == 1


def test_the_pad_has_no_ipycanvas_pointer_handlers():
    # Every mouse move over a canvas with handlers is a kernel round trip: the overlay takes the pointer.
    pad = DrawingPad()
    top = pad._canvas[-1]  # a MultiCanvas reports events from its top layer
    handlers = [getattr(top, f"_{kind}_callbacks").callbacks
                for kind in ("mouse_move", "mouse_down", "mouse_up", "touch_move", "touch_start")]
    assert handlers == [[]] * 5


def test_erase_strokes_punch_through_the_ink_and_restore_the_mode(sent):
    pad = DrawingPad(Drawing((Stroke([(1, 1), (2, 2)], erase=True), Stroke([(3, 3)]))))
    connect(pad)
    modes = [args[1] for name, args in sent if name == "set" and args[0] == 7]
    assert modes == ["destination-out", "source-over"]


def test_draw_strokes_rounds_caps_and_joins(sent):
    pad = DrawingPad()
    connect(pad)
    sent.clear()
    from ipycanvas import hold_canvas

    with hold_canvas():
        draw_strokes(pad._canvas[1], [Stroke([(1, 1), (5, 5)])])
    settings = {args[0]: args[1] for name, args in sent if name == "set"}
    assert settings[9] == "round" and settings[10] == "round"  # line_cap, line_join


# -- the read-only board ---------------------------------------------------------------
# The browser paints it from its state (tests/test_painted_board.py, tests/js/painted_board.test.mjs):
# the kernel sends no canvas command for it, before a browser connects or after.


def test_a_view_sends_no_canvas_command_its_strokes_are_its_state(sent):
    drawing = Drawing((Stroke([(1, 1), (5, 5)]), Stroke([(9, 9)])))
    view = DrawingView(drawing, caption="Ana's <kitchen>")
    view.show(drawing)
    assert sent == []
    assert view._board.shown == drawing.strokes
    assert view._caption.value == "Ana&#x27;s &lt;kitchen&gt;"


def test_replay_is_asked_of_the_browser_not_drawn_from_python(sent):
    drawing = Drawing((Stroke([(1, 1), (5, 5)]), Stroke([(9, 9), (1, 1)])))
    view = DrawingView()

    async def watch():
        view.replay(drawing, seconds=0.2)
        await asyncio.sleep(0.3)

    asyncio.run(watch())
    assert sent == []
    assert (view._board.replays, view._board.replay_seconds, view._board.shown) == (1, 0.2, drawing.strokes)


# -- palette ---------------------------------------------------------------------------


def test_every_player_colour_carries_readable_text():
    assert len(PLAYER_COLORS) == 6 == len({color for _, color in PLAYER_COLORS})
    for _, color in PLAYER_COLORS:
        assert contrast_ratio(color, text_color_on(color)) >= 4.5


# -- closing ---------------------------------------------------------------------------


@pytest.mark.parametrize("make", [lambda: DrawingPad(location="kitchen"), lambda: DrawingView(caption="x")])
def test_close_leaves_no_widget_behind(make):
    # ``Widget.widgets`` is this same registry, under a deprecated name.
    before = set(widget_module._instances)
    board = make()
    connect(board)
    # A pad has more than ten parts; a read-only board with a caption five (its box and
    # board share the kernel's full-width layout, which is not the board's to close).
    assert len(set(widget_module._instances) - before) > (10 if isinstance(board, DrawingPad) else 3)
    board.close()
    assert set(widget_module._instances) - before == set()


def test_strokes_an_earlier_page_kept_in_the_browser_come_back_once(monkeypatch):
    saved = Stroke([(10.0, 10.0), (50.0, 60.5)], color="#000000", width=4)
    pad = DrawingPad(Drawing([saved]), recovery_key="seat-round")
    changes, acks = [], []
    pad.on_change = changes.append
    monkeypatch.setattr(pad._ink, "send", acks.append)
    kept = [
        {"points": [10, 10, 50, 60.5], "color": "#000000", "width": 4, "erase": False},  # saved, its ack lost
        {"points": [100, 100, 200, 150.5, 210, 160], "color": "#000000", "width": 4, "erase": False},
        {"points": [1, 2], "color": "#123456", "width": 4, "erase": False},  # not a pen of this pad
    ]
    browser_sends(pad._ink, {"recover": kept, "sessions": ["a1b2"]})
    assert [s.points for s in pad.drawing.strokes] == [saved.points, ((100.0, 100.0), (200.0, 150.5), (210.0, 160.0))]
    # The browser forgets them once the pad's owner has them in its record (the store), not before.
    assert len(changes) == 1 and acks == []
    pad.saved()
    assert acks == [{"recovered": ["a1b2"]}]
    assert pad._ink.recovery_key == "seat-round" and "{n}" in pad._ink.waiting_texts["other"]


def test_a_seats_strokes_stay_in_the_browser_until_the_owner_has_saved_them(monkeypatch):
    pad = DrawingPad(recovery_key="seat-round")
    pad.pen_down(10, 10), pad.pen_move(60, 60), pad.pen_up()
    assert pad._ink.settled == 1 and pad._ink.kept == 0, "drawn on the board, not yet in the store"
    pad.pen_down(100, 10), pad.pen_move(160, 60), pad.pen_up()
    pad.saved()
    assert pad._ink.settled == 2 and pad._ink.kept == 2
    plain = DrawingPad()  # no seat: the kernel is the record, kept as soon as drawn
    plain.pen_down(10, 10), plain.pen_move(60, 60), plain.pen_up()
    assert plain._ink.settled == plain._ink.kept == 1


def test_recovered_strokes_already_on_the_board_still_wait_for_the_owners_word(monkeypatch):
    saved = Stroke([(10.0, 10.0), (50.0, 60.5)], color="#000000", width=4)
    pad = DrawingPad(Drawing([saved]), recovery_key="seat-round")
    changes, acks = [], []
    pad.on_change = lambda drawing: (changes.append(drawing), pad.saved())
    monkeypatch.setattr(pad._ink, "send", acks.append)
    browser_sends(pad._ink, {"recover": [{"points": [10, 10, 50, 60.5], "color": "#000000", "width": 4,
                                          "erase": False}], "sessions": ["a1b2"]})
    assert changes == [pad.drawing] and acks == [{"recovered": ["a1b2"]}]


@pytest.mark.parametrize("message", [
    {"recover": "strokes", "sessions": []},
    {"recover": [{"points": [1, 2]}] * 3, "sessions": "a"},
    {"recover": [{"points": [1, 2], "color": "#000000", "width": 4, "erase": False}] * 501, "sessions": ["a"]},
])
def test_a_recover_message_that_is_not_one_changes_nothing(message):
    pad = DrawingPad()
    browser_sends(pad._ink, message)
    assert len(pad.drawing) == 0


def test_a_stroke_begun_at_any_moment_of_a_tool_change_is_kept(monkeypatch):
    """The overlay's pen as the browser holds it after each message of a tool change (Eraser,
    then a colour) is a pen the pad keeps a stroke of.  Set trait by trait, a stroke begun
    between the eraser's width and its erase claimed a pen no tool of the pad has, and
    Python refused the line (seen under load: "That line could not be read and was not
    kept." after Eraser)."""
    pad = DrawingPad()
    ink = pad._ink
    overlay = {"color": ink.color, "width": ink.width, "erase": ink.erase}  # the browser's model
    claims = []

    def send_state(self, key=None):
        if self is ink:
            overlay.update((name, value) for name, value in self.get_state(key).items() if name in overlay)
            claims.append(dict(overlay))

    monkeypatch.setattr(ipywidgets.Widget, "send_state", send_state)
    [eraser] = tool(pad, "inc-tool-eraser")
    eraser.value = True
    pad.choose_color("#0072b2")
    monkeypatch.undo()
    assert claims
    for n, claim in enumerate(claims, start=1):
        browser_sends(ink, {"stroke": ink.settled + 1, "seq": 0, "points": [10.0, 10.0 * n], "end": True, **claim})
    assert len(pad.drawing) == len(claims), claims
