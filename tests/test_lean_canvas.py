"""The boards' ipycanvas without numpy: the same bytes on the wire, and numpy left unloaded.

``incognito_nb.ui.widgets.lean_canvas`` replaces two ipycanvas functions (see its docstring);
these tests hold it to what ipycanvas itself sends, and prove that a page's kernel
draws without ever loading numpy or Pillow.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import ipycanvas.canvas
import ipycanvas.utils
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from incognito_nb.ui.widgets import lean_canvas  # noqa: F401 (applies the patch in this process)

coordinates = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)
whole = st.integers(min_value=-(2**31), max_value=2**31 - 1)


def packed(populate, arg):
    args, buffers = [], []
    populate(arg, args, buffers)
    return args, [bytes(buffer) for buffer in buffers]


def as_numpy_sends(arg):
    """Returns what ipycanvas's own populate_args sends for ``arg``, with shapes as tuples."""
    args, buffers = packed(ipycanvas.utils.populate_args, arg)
    return [dict(a, shape=tuple(a["shape"])) if isinstance(a, dict) else a for a in args], buffers


@given(st.lists(st.tuples(coordinates, coordinates), min_size=1, max_size=60))
def test_a_stroke_is_packed_as_numpy_packs_it(points):
    stroke = [list(point) for point in points]
    assert packed(ipycanvas.canvas.populate_args, stroke) == as_numpy_sends(stroke)


@given(st.lists(st.lists(whole, min_size=3, max_size=3), min_size=1, max_size=20))
def test_whole_numbers_go_as_int32_as_with_numpy(rows):
    assert packed(ipycanvas.canvas.populate_args, rows) == as_numpy_sends(rows)


@given(st.lists(st.one_of(coordinates, whole), min_size=1, max_size=20))
def test_a_flat_list_of_numbers_is_packed_as_numpy_packs_it(values):
    assert packed(ipycanvas.canvas.populate_args, values) == as_numpy_sends(values)


@pytest.mark.parametrize("arg", [3, 2.5, "#0072b2", None])
def test_a_single_value_goes_as_it_is(arg):
    assert packed(ipycanvas.canvas.populate_args, arg) == ([arg], [])


@pytest.mark.parametrize("arg", [np.array([[1.0, 2.0], [3.0, 4.0]]), [True, False], [2**40], [1.5, "x"]])
def test_what_the_patch_does_not_know_goes_to_ipycanvas_itself(arg):
    ours, theirs = packed(ipycanvas.canvas.populate_args, arg), as_numpy_sends(arg)
    assert ours[1] == theirs[1]
    assert [a.get("dtype") if isinstance(a, dict) else a for a in ours[0]] == \
           [a.get("dtype") if isinstance(a, dict) else a for a in theirs[0]]


def test_a_ragged_list_is_refused_as_ipycanvas_refuses_it():
    for populate in (ipycanvas.canvas.populate_args, ipycanvas.utils.populate_args):
        with pytest.raises(ValueError):
            packed(populate, [[1, 2], [3]])


def test_commands_travel_as_the_same_json():
    commands = [[3, [10.5, 20, 30, 40]], [42, ["#0072b2"]], [7, [{"idx": 0, "shape": [2, 2], "dtype": "float64"}]]]
    ours, theirs = ipycanvas.canvas.commands_to_buffer(commands), ipycanvas.utils.commands_to_buffer(commands)
    assert ours[0]["dtype"] == theirs[0]["dtype"] == "uint8"
    assert json.loads(bytes(ours[1])) == json.loads(bytes(theirs[1])) == commands


def test_a_page_draws_without_loading_numpy_or_pillow():
    script = textwrap.dedent("""
        import sys
        import ipywidgets
        from incognito_nb.ui.widgets.board import DrawingView
        from incognito_nb.ui.widgets.pad import DrawingPad
        from incognito_nb.engine import Drawing, Stroke
        drawing = Drawing([Stroke([(1, 2), (30, 40), (50, 10)]), Stroke([(5, 5)], width=8)])
        pad, view = DrawingPad(drawing, location="a treehouse"), DrawingView(drawing)
        pad._on_client_ready()       # what a browser's arrival does (the view waits for none)
        pad.pen_down(10, 10); pad.pen_move(60, 70); pad.pen_up()
        assert len(pad.drawing) == 3
        print(sorted(m for m in ("numpy", "PIL.Image") if m in sys.modules))
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_numpy_is_still_there_for_whoever_needs_it():
    script = textwrap.dedent("""
        import sys
        from incognito_nb.ui.widgets import lean_canvas
        import ipycanvas.canvas
        assert "numpy" not in sys.modules
        print(ipycanvas.canvas.np.zeros(3).tolist())        # the stand-in loads the real numpy
        import numpy
        print(numpy.zeros(2).tolist(), "numpy" in sys.modules)
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["[0.0, 0.0, 0.0]", "[0.0, 0.0] True"]
