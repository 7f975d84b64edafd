"""The drawing pad and the read-only board, driven without a browser.

Pointer input arrives the way ipycanvas delivers it (a custom comm message on the
MultiCanvas, turned into mouse or touch callbacks) or through the pad's pen methods;
what would be drawn is read from the commands ipycanvas would send to the browser.
"""

from __future__ import annotations

import asyncio

import ipywidgets
import pytest
from ipycanvas.canvas import COMMANDS, _CanvasManager
from ipywidgets.widgets import widget as widget_module

from incognito_nb.engine.drawing import MAX_STROKES, Drawing, Stroke
from incognito_nb.ui.board import DrawingView, draw_strokes
from incognito_nb.ui.palette import (
    BRUSH_SIZES,
    ERASER_WIDTH,
    PEN_COLORS,
    PLAYER_COLORS,
    contrast_ratio,
    text_color_on,
)
from incognito_nb.ui.pad import DrawingPad

COMMAND_NAMES = {number: name for name, number in COMMANDS.items()}


@pytest.fixture(autouse=True)
def callback_errors_fail_the_test(monkeypatch):
    """Lets an exception in a widget callback reach the test instead of a log line."""

    def call_all(self, *args, **kwargs):
        value = None
        for callback in self.callbacks:
            result = callback(*args, **kwargs)
            value = result if result is not None else value
        return value

    monkeypatch.setattr(ipywidgets.CallbackDispatcher, "__call__", call_all)


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
    """Fires ``client_ready`` as a freshly connected browser does (from the top layer)."""
    browser_sends(pad_or_view._canvas[-1], {"event": "client_ready"})


def mouse(pad, event, x, y):
    browser_sends(pad._canvas, {"event": f"mouse_{event}", "x": x, "y": y})


def touch(pad, event, *points):
    browser_sends(pad._canvas, {"event": f"touch_{event}", "touches": [{"x": x, "y": y} for x, y in points]})


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


def test_a_mouse_drag_becomes_one_stroke():
    pad = DrawingPad()
    mouse(pad, "move", 5, 5)  # hovering draws nothing
    mouse(pad, "down", 10, 20)
    mouse(pad, "move", 30, 40)
    mouse(pad, "move", 50, 60)
    mouse(pad, "up", 50, 60)
    mouse(pad, "move", 70, 80)
    assert pad.drawing == Drawing((Stroke([(10, 20), (30, 40), (50, 60)]),))


def test_leaving_the_board_ends_the_stroke():
    pad = DrawingPad()
    mouse(pad, "down", 700, 300)
    mouse(pad, "move", 790, 300)
    mouse(pad, "out", 805, 300)
    mouse(pad, "move", 600, 300)
    assert [s.points for s in pad.drawing] == [((700, 300), (790, 300), (800, 300))]


def test_a_finger_drag_becomes_one_stroke():
    pad = DrawingPad()
    touch(pad, "start", (100, 100))
    touch(pad, "move", (110, 105), (400, 400))  # a second finger is ignored
    touch(pad, "end")
    touch(pad, "start", (200, 200))
    touch(pad, "cancel")
    assert [s.points for s in pad.drawing] == [((100, 100), (110, 105)), ((200, 200),)]


def test_a_second_press_without_a_release_keeps_the_first_stroke():
    pad = DrawingPad()
    mouse(pad, "down", 10, 10)
    mouse(pad, "move", 20, 20)
    mouse(pad, "down", 50, 50)
    mouse(pad, "up", 50, 50)
    assert [s.points for s in pad.drawing] == [((10, 10), (20, 20)), ((50, 50),)]


def test_a_tap_is_a_dot():
    pad = DrawingPad()
    scribble(pad, (50, 50))
    assert pad.drawing.strokes[0].points == ((50.0, 50.0),)


def test_the_pen_twins_match_the_pointer():
    by_mouse, by_pen = DrawingPad(), DrawingPad()
    mouse(by_mouse, "down", 1, 2)
    mouse(by_mouse, "move", 3, 4)
    mouse(by_mouse, "up", 3, 4)
    scribble(by_pen, (1, 2), (3, 4))
    assert by_mouse.drawing == by_pen.drawing


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), None, "left"])
def test_a_point_that_is_not_a_point_adds_nothing(bad):
    pad = DrawingPad()
    mouse(pad, "down", bad, 10)
    mouse(pad, "move", 20, bad)
    mouse(pad, "up", 20, 20)
    pad.pen_down(bad, bad)
    pad.pen_up()
    touch(pad, "start", (bad, 3))
    touch(pad, "end")
    browser_sends(pad._canvas, {"event": "touch_start", "touches": []})
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


def test_a_very_long_stroke_is_cut_not_lost():
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
    mouse(pad, "down", 10, 10)
    mouse(pad, "move", 20, 20)
    mouse(pad, "up", 20, 20)
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


def test_a_pointer_move_sends_only_the_new_segment(sent):
    pad = DrawingPad()
    connect(pad)
    mouse(pad, "down", 10, 10)
    sent.clear()
    mouse(pad, "move", 20, 30)
    assert [name for name, _ in sent] == ["strokeLine"]
    assert sent[0][1] == [10.0, 10.0, 20.0, 30.0]


def test_erase_strokes_punch_through_the_ink_and_restore_the_mode(sent):
    view = DrawingView(Drawing((Stroke([(1, 1), (2, 2)], erase=True), Stroke([(3, 3)]))))
    connect(view)
    modes = [args[1] for name, args in sent if name == "set" and args[0] == 7]
    assert modes == ["destination-out", "source-over"]


def test_draw_strokes_rounds_caps_and_joins(sent):
    view = DrawingView()
    connect(view)
    sent.clear()
    from ipycanvas import hold_canvas

    with hold_canvas():
        draw_strokes(view._canvas[1], [Stroke([(1, 1), (5, 5)])])
    settings = {args[0]: args[1] for name, args in sent if name == "set"}
    assert settings[9] == "round" and settings[10] == "round"  # line_cap, line_join


# -- the read-only board ---------------------------------------------------------------


def test_a_view_draws_nothing_until_ready_then_everything(sent):
    drawing = Drawing((Stroke([(1, 1), (5, 5)]), Stroke([(9, 9)])))
    view = DrawingView(drawing, caption="Ana's <kitchen>")
    view.show(drawing)
    assert sent == []
    connect(view)
    names = [name for name, _ in sent]
    assert names.count("strokeLines") == 1 and names.count("fillCircle") == 1
    assert view._caption.value == "Ana&#x27;s &lt;kitchen&gt;"


def test_replay_without_a_running_loop_draws_everything_at_once(sent):
    drawing = Drawing((Stroke([(1, 1), (5, 5)]), Stroke([(9, 9), (1, 1)])))
    view = DrawingView()
    connect(view)
    sent.clear()
    view.replay(drawing, seconds=5)
    assert [name for name, _ in sent].count("strokeLines") == 2


def test_replay_on_a_running_loop_draws_stroke_by_stroke(sent):
    drawing = Drawing(tuple(Stroke([(i, i), (i + 5, i)]) for i in range(4)))
    view = DrawingView()
    connect(view)

    async def watch():
        sent.clear()
        view.replay(drawing, seconds=0.2)
        await asyncio.sleep(0)
        during = [name for name, _ in sent].count("strokeLines")
        await asyncio.sleep(0.4)
        return during, [name for name, _ in sent].count("strokeLines")

    during, after = asyncio.run(watch())
    assert (during, after) == (0, 4)


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
    assert len(set(widget_module._instances) - before) > 10
    board.close()
    assert set(widget_module._instances) - before == set()
