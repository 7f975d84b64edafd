"""A board the browser paints: a drawing's strokes travel once, compactly, as one buffer.

A read-only board drawn from Python with ipycanvas sends every stroke as canvas commands
each time a screen shows it, and replays a drawing stroke by stroke from the kernel: six
boards of 180 strokes cost a page's kernel seconds at every phase change (issue 16).
:class:`PaintedBoard` is an anywidget (``painted_board.js``, beside this module) whose
synced state is the drawing itself, packed by :func:`pack_strokes` into one binary buffer
(4 bytes a point, 8 a stroke); the browser decodes it and paints it on a ``<canvas>``
with the same look as :func:`~incognito_nb.ui.widgets.board.draw_strokes`.  Because the
picture is state, a view paints whenever it connects, and a page opened again repaints.

After the first buffer only edits travel: strokes drawn on top go as a custom message
with a buffer of just those strokes, an undo or a clear as ``{"keep": n}``; the browser
applies the edit to its copy of the state, and the kernel's copy is changed to match
without sending it again.  A replay is the browser's too: ``replays`` counts the requests
and ``replay_seconds`` says how long each takes.

A board holds only what its owner gives it: the gallery gives it the drawings its
viewer may see.  Nothing the browser sends changes it (:meth:`PaintedBoard.set_state`).
"""

from __future__ import annotations

import struct
import sys
import weakref
from array import array
from typing import Callable, Iterable, Sequence

import anywidget
import traitlets

from incognito_nb.engine.drawing import BOARD_HEIGHT, BOARD_WIDTH, Stroke

from incognito_nb.ui.widgets.palette import BORDER_COLOR, PAPER_COLOR
from incognito_nb.ui.widgets.shared import front_end

#: Coordinates travel as whole numbers of 1/SCALE board units (an eighth of a unit: no
#: one sees it on an 800 x 600 board), in unsigned 16 bits: 800 * 8 fits with room.
SCALE = 8
#: A stroke's header: red, green, blue, flags (1: eraser), width, number of points.
HEADER = struct.Struct("<BBBBHH")
ERASE = 1


def pack_stroke(stroke: Stroke) -> bytes:
    """Returns one stroke as the board's buffer holds it: its :data:`HEADER`, then its
    points as little-endian ``uint16`` pairs in 1/:data:`SCALE` board units."""
    rgb = bytes.fromhex(stroke.color[1:])
    points = array("H", [round(v * SCALE) for point in stroke.points for v in point])
    if sys.byteorder != "little":  # the browser reads little-endian
        points.byteswap()
    return HEADER.pack(rgb[0], rgb[1], rgb[2], ERASE if stroke.erase else 0, stroke.width,
                       len(stroke.points)) + points.tobytes()


class _PackedStrokes:
    """Each live stroke's :func:`pack_stroke`, kept while the stroke lives.

    Strokes are immutable values and a kernel's game keeps the very same ones from read to
    read (:meth:`~incognito_nb.engine.Game.copy`), so a stroke is packed once, as it
    arrives, and a screen that sends six boards at the phase change only joins bytes:
    packing them there was most of what a class's 35 kernels spent on the find screen at
    once (docs/platform-notes.md).  Kept by identity (a stroke's hash reads all its
    points), and forgotten when the stroke is.
    """

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[weakref.ref, bytes]] = {}

    def __call__(self, stroke: Stroke) -> bytes:
        packed = self._kept(stroke)
        if packed is None:
            key = id(stroke)
            packed = pack_stroke(stroke)
            self._by_id[key] = (weakref.ref(stroke, self._forget(key)), packed)
        return packed

    def ahead(self, strokes: Sequence[Stroke]) -> None:
        """Packs the strokes at the end of ``strokes`` that are not packed yet, from the last
        back to the first one already kept: a board grows at its end, so a stroke drawn costs
        its own packing, whatever the board holds (an undo or a clear packs nothing)."""
        for stroke in reversed(strokes):
            if self._kept(stroke) is not None:
                return
            self(stroke)

    def _kept(self, stroke: Stroke) -> bytes | None:
        """Returns ``stroke``'s packing if it is kept (this very stroke, not an equal one)."""
        kept = self._by_id.get(id(stroke))
        return kept[1] if kept is not None and kept[0]() is stroke else None

    def _forget(self, key: int) -> Callable[[weakref.ref], None]:
        def forget(gone: weakref.ref) -> None:
            kept = self._by_id.get(key)
            if kept is not None and kept[0] is gone:
                del self._by_id[key]
        return forget

    def __len__(self) -> int:
        return len(self._by_id)


#: The kernel's packed strokes (:class:`_PackedStrokes`).
packed_strokes = _PackedStrokes()


def pack_strokes(strokes: Iterable[Stroke]) -> bytes:
    """Returns ``strokes`` as the board's buffer: each stroke as :func:`pack_stroke` packs
    it, one after the other (each packed once while it lives: :data:`packed_strokes`)."""
    return b"".join(packed_strokes(stroke) for stroke in strokes)


class PaintedBoard(anywidget.AnyWidget):
    """A board-sized canvas that the browser paints from the strokes it is given."""

    _esm = front_end(__file__, "painted_board.js")
    strokes = traitlets.Bytes(b"", help="The strokes shown, packed by pack_strokes.").tag(sync=True)
    scale = traitlets.Int(SCALE, help="How many buffer units make one board unit.").tag(sync=True)
    width = traitlets.Int(BOARD_WIDTH, help="The board's width in board units.").tag(sync=True)
    height = traitlets.Int(BOARD_HEIGHT, help="The board's height in board units.").tag(sync=True)
    paper = traitlets.Unicode(PAPER_COLOR, help="The paper's colour.").tag(sync=True)
    border = traitlets.Unicode(BORDER_COLOR, help="The border's colour.").tag(sync=True)
    replays = traitlets.Int(0, help="How many replays were asked for: each change plays one.").tag(sync=True)
    replay_seconds = traitlets.Float(2.0, help="How long a replay takes, in seconds.").tag(sync=True)
    label = traitlets.Unicode("", help="The drawing's accessible name (plain text): the board is an image "
                                       "of that name for a screen reader.").tag(sync=True)
    fit = traitlets.Bool(False, help="Whether the browser paints the board at the size it is shown (a "
                                     "projected gallery), not at the board's own size.").tag(sync=True)

    def __init__(self, strokes: Sequence[Stroke] = (), **kwargs) -> None:
        self._shown: tuple[Stroke, ...] = tuple(strokes)
        self._ends = self._offsets(self._shown, 0)
        super().__init__(strokes=pack_strokes(self._shown), **kwargs)

    @property
    def shown(self) -> tuple[Stroke, ...]:
        """Returns the strokes the board shows."""
        return self._shown

    def show(self, strokes: Sequence[Stroke]) -> None:
        """Shows ``strokes``, sending the browser only what changed since the last call."""
        strokes = tuple(strokes)
        old = self._shown
        keep = 0
        for mine, theirs in zip(old, strokes):
            if mine is not theirs and mine != theirs:
                break
            keep += 1
        if keep == len(old) == len(strokes):
            return
        added = strokes[keep:]
        if keep == len(old) and old:  # drawn on top
            extra = pack_strokes(added)
            self.send({"append": len(added)}, buffers=[extra])
            self._quietly(self.strokes + extra)
            self._ends += self._offsets(added, self._ends[-1])
        elif not added and keep:  # an undo
            self.send({"keep": keep})
            self._quietly(self.strokes[: self._ends[keep - 1]])
            del self._ends[keep:]
        else:  # cleared, or another drawing: the whole buffer, once
            self._ends = self._offsets(strokes, 0)
            self.strokes = pack_strokes(strokes)
        self._shown = strokes

    def replay(self, seconds: float) -> None:
        """Asks every view of the board to paint its strokes again, one by one, over ``seconds``."""
        with self.hold_sync():
            self.replay_seconds = max(float(seconds), 0.0)
            self.replays += 1

    def set_state(self, sync_data: dict) -> None:
        """Ignores the browser: what a board shows is the kernel's to say."""

    def _quietly(self, packed: bytes) -> None:
        """Sets ``strokes`` to what the browser already made of the edit, without sending it."""
        with self._lock_property(strokes=packed):
            self.strokes = packed

    @staticmethod
    def _offsets(strokes: Iterable[Stroke], start: int) -> list[int]:
        """Returns where each stroke ends in the buffer, from ``start``."""
        ends = []
        for stroke in strokes:
            start += HEADER.size + 4 * len(stroke.points)
            ends.append(start)
        return ends
