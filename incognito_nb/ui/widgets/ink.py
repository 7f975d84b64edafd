"""Local ink: the pen drawn in the browser at once, the stroke sent to Python in batches.

An ipycanvas pad that draws from Python costs a kernel round trip per pointer move
(several frames on localhost, more on Binder) and ~2 KB of websocket traffic.  The
:class:`InkLayer` is a transparent canvas laid over the pad's board: a small ES module
(anywidget: ``ink.js``, beside this module) draws the stroke under the pointer in the
browser, with pointer events (mouse, touch, pen), and sends its points to Python as
custom messages: one batch at the end of the stroke and, during a long stroke, one
every :data:`HOLD_MS` (never more often than every :data:`BATCH_MS`).

Python is the one record.  Every batch carries its stroke's id and its sequence number
within the stroke, so strokes are assembled exactly once whatever the browser repeats
or reorders; everything in a batch is checked (types, finite numbers, sizes, the pad's
own colours and widths) and a batch that fails is refused with a message, never
half-used.  A stroke takes Python's pen (:meth:`InkLayer.set_pen`) as it is when the
stroke reaches Python: a tool clicked just before a stroke is read before it.  A pen's
pressure is sent and checked but not kept yet: a ``Stroke`` has one width.  When a stroke is complete its owner stores and draws it (on the ipycanvas
ink layer), and only then is the stroke *settled*: the ``settled`` trait tells the
browser that every stroke with an id up to it is on the board of record, and the
overlay wipes those strokes, and only those, from its own canvas.

A student who cannot hold a mouse or a pen draws with the keyboard: the overlay's canvas is
in the Tab order, and on it the arrow keys move a cursor (further with Shift) and Space or Enter
puts the pen down or lifts it (``KeyPen`` in ``ink.js``); such a stroke is batched, checked and
kept like any other, and a screen reader hears the board's keys and the pen going down and up
(``key_texts``).

The overlay keeps its canvas in a shadow root: page scripts that look for the board's
canvases (``querySelectorAll('.inc-pad canvas')``) see the board of record, not the
transient live ink; the benchmark reads the shadow root on purpose.

The overlay keeps a point only :data:`MIN_STEP` board units from the last one it kept (a
drawing's size follows its ink, not the device's pointer rate), and inks no more than the
``room`` its owner leaves on the board (the drawing's cap, see
:data:`incognito_nb.engine.drawing.MAX_DRAWING_POINTS`): on a full board a stroke does not
begin, and Python refuses what a browser sends past the cap all the same.

A stroke the kernel has not settled is not saved, so it must not look saved: after
:data:`WAIT_MS` the overlay shows how many strokes wait (``waiting_texts``: one sentence
per plural category of the page's language, chosen in the browser by ``Intl.PluralRules``).  Where the
pad has a ``recovery_key`` (a classroom seat in a round), the overlay also keeps each
finished stroke in the browser's ``localStorage`` until it is *kept* (the ``kept`` trait:
every stroke with an id up to it is in its owner's record); a page opened again after
the class server came back (a new kernel) sends what is left there to Python as a
``recover`` message, whose strokes are checked like any batch, and clears them once
Python says it took them.  Settled and kept are one moment for a pad whose record is
the kernel (the table dashboard); a layer made ``until_saved`` (a classroom seat, whose
record is the game store) keeps its strokes in the browser until its owner says the store
has them (:meth:`InkLayer.saved`), so a page reloaded while the store is down still has
them, though the kernel drew them and the overlay wiped its live ink.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Optional

import anywidget
import traitlets

from incognito_nb.engine.drawing import MAX_POINTS_PER_STROKE, MAX_WIDTH, MIN_WIDTH, Stroke
from incognito_nb.engine.errors import Message
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.shared import front_end

log = logging.getLogger(__name__)

#: The shortest time between two batches of one stroke, in milliseconds; the browser
#: sends a batch at most this often while the pen is down, and always one at the end.
BATCH_MS = 100
#: The longest time the browser holds points of a stroke in progress, in milliseconds.
#: Each batch costs ~1.3 KB of Jupyter envelope and kernel status messages whatever it
#: carries, so a stroke is sent in few batches: see ``benchmarks/``.
HOLD_MS = 500
#: The browser sends early (after BATCH_MS still) once this many points wait.
EARLY_FLUSH_POINTS = 1_000
#: After this many milliseconds unsettled, a stroke is shown as waiting to be saved.
WAIT_MS = 2500
#: The browser keeps a point of a stroke only this far (board units) from the last one it
#: kept.  No one sees the difference: pens are at least 4 units wide, and a curve drawn
#: in chords of 2 units strays from itself by 2²/8r units, under 0.5 for any curve wider
#: than a pen.  It keeps a drawing's size to its ink (a point per 2 units of line at
#: most), not to the device's pointer rate: a lively three-minute drawing (the pen down
#: 60 % of the time at 300 units/s) keeps 6,700 points at 60 Hz, 13,200 at 120 and
#: 240 Hz, 15,600 at 1,000 Hz, where the earlier half-unit step kept 26,100 at 240 Hz
#: and 51,400 at 1,000 Hz (docs/platform-notes.md, "A drawing's cap").
MIN_STEP = 2.0
#: At most this many strokes come back in one ``recover`` message.
MAX_RECOVERED = 500
#: Limits on what one message may carry and what one pad keeps waiting.
MAX_BATCH_POINTS = MAX_POINTS_PER_STROKE
MAX_OPEN_STROKES = 4
MAX_EARLY_BATCHES = 32
MAX_SEQ = 1_000_000
#: How far ahead of the last settled stroke a stroke id may be: the browser numbers its
#: strokes from there, one by one, so a jump this large is not a browser of ours.
MAX_ID_AHEAD = 1_000
BATCH_KEYS = frozenset({"stroke", "seq", "points", "pressure", "end", "color", "width", "erase"})

StrokesCallback = Callable[[list[Stroke]], Any]
ProblemCallback = Callable[[str], Any]


class BatchError(ValueError):
    """A batch of points from the browser that cannot be used."""


@dataclass(frozen=True)
class Batch:
    """One checked message from the overlay: part of a stroke."""

    stroke: int
    seq: int
    points: tuple[tuple[float, float], ...]
    end: bool
    style: Optional[tuple[str, int, bool]] = None  # the (color, width, erase) the overlay drew with


@dataclass
class _OpenStroke:
    """A stroke whose batches are still arriving."""

    next_seq: int = 0
    style: tuple[str, int, bool] = ("#000000", 4, False)  # Python's pen when the stroke began
    points: list[tuple[float, float]] = field(default_factory=list)
    early: dict[int, Batch] = field(default_factory=dict)  # batches that came before their turn


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BatchError(f"{name} is a whole number from {low} to {high}, not {value!r:.40}")
    return value


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BatchError(f"a coordinate is a finite number, not {value!r:.40}")
    return float(value)


def parse_batch(
    content: Any,
    *,
    colors: Optional[Collection[str]] = None,
    widths: Optional[Collection[int]] = None,
    eraser_width: Optional[int] = None,
) -> Batch:
    """Returns the checked batch that ``content`` (a message from the browser) describes.

    ``colors`` and ``widths`` are the pen's allowed colours and widths, ``eraser_width``
    the only width of an erasing stroke (``None``: any that a :class:`Stroke` accepts).

    :raises BatchError: if anything in it is missing, of the wrong type or out of range.
    """
    if not isinstance(content, dict):
        raise BatchError(f"a batch is a mapping, not {type(content).__name__}")
    unknown = set(content) - BATCH_KEYS
    if unknown:
        raise BatchError(f"a batch has no field {sorted(map(str, unknown))[0]!r:.40}")
    stroke = _int(content.get("stroke"), "a stroke id", 1, 2**53)
    seq = _int(content.get("seq"), "a batch number", 0, MAX_SEQ)
    flat = content.get("points")
    if not isinstance(flat, list) or len(flat) % 2 or len(flat) > 2 * MAX_BATCH_POINTS:
        raise BatchError(f"points are a flat list of x, y numbers, at most {MAX_BATCH_POINTS} points")
    numbers = [_number(v) for v in flat]
    points = tuple(zip(numbers[0::2], numbers[1::2]))
    pressure = content.get("pressure")
    if pressure is not None:
        # Read but not kept: a Stroke has no pressure yet (one width per stroke).
        if not isinstance(pressure, list) or len(pressure) != len(points):
            raise BatchError("pressure is a list with one number per point")
        if not all(0.0 <= _number(p) <= 1.0 for p in pressure):
            raise BatchError("pressure is between 0 and 1")
    end = content.get("end")
    if not isinstance(end, bool):
        raise BatchError(f"end is true or false, not {end!r:.40}")
    if seq == 0 and not points:
        raise BatchError("a stroke starts with a point")
    style = None
    if seq == 0:
        color, width, erase = content.get("color"), content.get("width"), content.get("erase")
        if not isinstance(erase, bool):
            raise BatchError(f"erase is true or false, not {erase!r:.40}")
        if not isinstance(color, str) or (colors is not None and color.lower() not in colors):
            raise BatchError(f"{color!r:.40} is not one of the pen's colours")
        width = _int(width, "a width", MIN_WIDTH, MAX_WIDTH)
        allowed = ({eraser_width} if eraser_width is not None else None) if erase else widths
        if allowed is not None and width not in allowed:
            raise BatchError(f"{width} is not a width of the {'eraser' if erase else 'pen'}")
        style = (color.lower(), width, erase)
    elif any(key in content for key in ("color", "width", "erase")):
        raise BatchError("only a stroke's first batch says its colour and width")
    return Batch(stroke, seq, points, end, style)


def _stroke_id(content: Any) -> Optional[int]:
    """Returns the stroke id a message claims, if it is a plausible one."""
    value = content.get("stroke") if isinstance(content, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None



class InkLayer(anywidget.AnyWidget):
    """A transparent canvas over a board that draws the pen locally and hands strokes to Python.

    ``on_strokes(strokes)`` receives each finished stroke as a list of :class:`Stroke`
    values (one, or several for a stroke longer than a Stroke may be); ``on_problem(text)``
    hears of a batch that was refused.  The colour, width and erase traits are the pen the
    overlay draws live; strokes take the pen set by :meth:`set_pen` when they reach Python.
    """

    _esm = front_end(__file__, "ink.js")
    color = traitlets.Unicode("#000000", help="The pen colour the overlay draws with.").tag(sync=True)
    width = traitlets.Int(4, help="The pen width in board units.").tag(sync=True)
    erase = traitlets.Bool(False, help="Whether the pen erases (drawn in paper colour live).").tag(sync=True)
    settled = traitlets.Int(0, help="Strokes with an id up to this are on the board of record.").tag(sync=True)
    kept = traitlets.Int(0, help="Strokes with an id up to this are in the owner's record (the kernel, or the "
                                 "game store): the browser forgets its own copies of them.").tag(sync=True)
    hold_ms = traitlets.Int(HOLD_MS, help="How long the browser holds points of a stroke in progress.").tag(sync=True)
    batch_ms = traitlets.Int(BATCH_MS, help="The shortest time between two batches of one stroke "
                                            "(BATCH_MS).").tag(sync=True)
    early_flush_points = traitlets.Int(EARLY_FLUSH_POINTS, help="How many waiting points make the browser send "
                                                                "early (EARLY_FLUSH_POINTS).").tag(sync=True)
    wait_ms = traitlets.Int(WAIT_MS, help="How long a stroke is unsettled before it is shown as waiting "
                                          "(WAIT_MS).").tag(sync=True)
    max_recovered = traitlets.Int(MAX_RECOVERED, help="At most how many kept strokes one recover message "
                                                      "carries (MAX_RECOVERED).").tag(sync=True)
    min_step = traitlets.Float(MIN_STEP, help="How far from the last point kept a stroke's next point is kept, "
                                              "in board units (MIN_STEP).").tag(sync=True)
    room = traitlets.Int(-1, help="How many more points the board takes (the drawing's cap): the overlay "
                                  "stops inking there; -1: no cap.").tag(sync=True)
    recovery_key = traitlets.Unicode("", help="Where the browser keeps strokes until they are settled "
                                              "('' keeps none): one seat in one round.").tag(sync=True)
    waiting_texts = traitlets.Dict(
        {}, help="What the overlay says of strokes not saved yet ({n}: how many), per plural category "
                 "(CLDR's 'one', 'other', ...) of the page's language.").tag(sync=True)
    key_texts = traitlets.Dict(
        {}, help="What a screen reader hears of the board and the keyboard's pen, in the page's language: "
                 "'board' (its name, saying the keys), 'down', 'up' and 'full'.").tag(sync=True)
    locale = traitlets.Unicode("en", help="The page's language as a BCP 47 tag, for the browser's plural "
                                          "rules and number format.").tag(sync=True)

    def __init__(
        self,
        *,
        colors: Optional[Collection[str]] = None,
        widths: Optional[Collection[int]] = None,
        eraser_width: Optional[int] = None,
        on_strokes: Optional[StrokesCallback] = None,
        on_problem: Optional[ProblemCallback] = None,
        on_recovered: Optional[StrokesCallback] = None,
        lang: Optional[Language] = None,
        until_saved: bool = False,
        **kwargs: Any,
    ) -> None:
        self.lang = lang = lang or language()
        kwargs.setdefault("waiting_texts", lang.plural_forms(Message.ngettext(
            "✎ {n} stroke not saved yet: waiting for the class server…",
            "✎ {n} strokes not saved yet: waiting for the class server…", 0)))
        kwargs.setdefault("locale", str(lang.locale).replace("_", "-"))
        kwargs.setdefault("key_texts", {
            "board": lang._("Drawing board: the arrow keys move the pen, further with Shift; "
                            "Space puts the pen down or lifts it."),
            "down": lang._("Pen down"),
            "up": lang._("Pen up"),
            "full": lang._("The board is full: Undo or Clear to draw more."),
        })
        super().__init__(**kwargs)
        self._colors = None if colors is None else frozenset(c.lower() for c in colors)
        self._widths = None if widths is None else frozenset(widths)
        self._eraser_width = eraser_width
        self.on_strokes = on_strokes
        self.on_problem = on_problem
        self.on_recovered = on_recovered
        self._settled = 0  # Python's own count: the trait can be set by the browser
        self._until_saved = until_saved
        self._handed = 0  # the last stroke handed on: kept once the owner has saved it
        self._kept = 0  # likewise Python's own
        self._unsaved_sessions: list[str] = []  # recovered strokes' pages, forgotten once saved
        self._pen = (self.color, self.width, self.erase)  # likewise
        self._open: dict[int, _OpenStroke] = {}
        self.on_msg(self._on_browser_message)

    # -- what the browser sends --------------------------------------------------------

    def _on_browser_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and "recover" in content:
            self.take_back(content)
        else:
            self.receive(content)

    def take_back(self, content: Any) -> None:
        """Takes the strokes an earlier page of this seat drew and never saw settled (kept in
        the browser), checked as any batch is, and hands them to ``on_recovered``; then tells
        the browser it may forget them."""
        strokes, sessions = content.get("recover"), content.get("sessions")
        if (not isinstance(strokes, list) or len(strokes) > MAX_RECOVERED or not isinstance(sessions, list)
                or not all(isinstance(s, str) and len(s) < 40 for s in sessions[:MAX_RECOVERED])):
            log.warning("ink: a recover message from the browser was refused")
            return
        taken = []
        for number, kept in enumerate(strokes, start=1):
            try:
                if not isinstance(kept, dict) or set(kept) != {"points", "color", "width", "erase"}:
                    raise BatchError("a kept stroke has points, colour, width and erase")
                batch = parse_batch(dict(kept, stroke=number, seq=0, end=True), colors=self._colors,
                                    widths=self._widths, eraser_width=self._eraser_width)
                taken.append(self._stroke(list(batch.points), batch.style))
            except (BatchError, ValueError) as error:
                log.warning("ink: a kept stroke from the browser was refused: %s", error)
        # A browser names the few pages its strokes came from; a script could name any number, and
        # the kernel would keep them all until the store has the board: the newest are kept.
        named = dict.fromkeys([*self._unsaved_sessions, *sessions[:MAX_RECOVERED]])
        self._unsaved_sessions = list(named)[-MAX_RECOVERED:]
        if taken and self.on_recovered is not None:
            self.on_recovered(taken)
        if not self._until_saved:
            self._forget_recovered()

    def saved(self) -> None:
        """Hears from the owner that its record (the game store) has every stroke handed on so
        far: the browser may forget its copies of them, and of the strokes it sent back."""
        if self._handed > self._kept:
            self._kept = self.kept = self._handed
        self._forget_recovered()

    def _forget_recovered(self) -> None:
        if self._unsaved_sessions:
            sessions, self._unsaved_sessions = self._unsaved_sessions, []
            self.send({"recovered": sessions})

    def receive(self, content: Any) -> None:
        """Takes one batch as the browser sends it; a stroke is handed on when complete.

        A repeated batch, or one for a stroke already settled, changes nothing; a batch
        that comes before its turn waits for the missing ones.  A batch that cannot be
        used is refused with a message, and its whole stroke with it.
        """
        claimed = _stroke_id(content)
        if claimed is not None and claimed <= self._settled:
            return  # late or repeated: that stroke is already dealt with
        try:
            if claimed is not None and claimed > self._settled + MAX_ID_AHEAD:
                raise BatchError(f"stroke {claimed} is too far ahead of stroke {self._settled}")
            batch = parse_batch(content, colors=self._colors, widths=self._widths,
                                eraser_width=self._eraser_width)
        except BatchError as error:
            self._refuse(claimed, error)
            return
        stroke = self._open.get(batch.stroke)
        if stroke is None:
            if len(self._open) >= MAX_OPEN_STROKES:
                oldest = min(self._open)
                log.warning("ink: stroke %s never ended; dropped", oldest)
                del self._open[oldest]
            stroke = self._open[batch.stroke] = _OpenStroke()
        if batch.seq < stroke.next_seq or batch.seq in stroke.early:
            return  # a repeated batch
        if len(stroke.early) >= MAX_EARLY_BATCHES:
            self._refuse(batch.stroke, BatchError("too many batches arrived out of order"))
            return
        stroke.early[batch.seq] = batch
        while stroke.next_seq in stroke.early:
            part = stroke.early.pop(stroke.next_seq)
            stroke.next_seq += 1
            if part.seq == 0:
                # Python's pen, not the overlay's claim: a tool clicked just before the
                # stroke reaches the kernel before the stroke does, but may not have
                # reached the overlay yet.  The live ink then differs until the commit.
                stroke.style = self._pen
            stroke.points.extend(part.points)
            if part.end:
                self._finish(batch.stroke, stroke)
                return
            if len(stroke.points) >= MAX_POINTS_PER_STROKE:
                # A very long stroke is cut, not refused: hand on the part so far.
                piece, stroke.points = stroke.points[:MAX_POINTS_PER_STROKE], stroke.points[MAX_POINTS_PER_STROKE - 1:]
                self._hand_on([piece], stroke.style)

    def set_pen(self, color: str, width: int, erase: bool) -> None:
        """Sets the pen that strokes are drawn with, here and in the overlay.

        The overlay gets the three in one message: a stroke begun between a width and an
        erase that came apart would claim the eraser's width for a pen (or a pen's for the
        eraser), and Python refuses a claim that is no tool of the pad.
        """
        self._pen = (color, width, erase)
        with self.hold_sync():
            self.color, self.width, self.erase = color, width, erase

    def drop_open(self) -> None:
        """Forgets the strokes still arriving, and tells the browser to wipe them."""
        if self._open:
            self._settle(max(self._open))

    def next_stroke_id(self) -> int:
        """Returns an id for a stroke drawn from Python (the pen twins): past every known one."""
        return max([self._settled, *self._open]) + 1

    # -- helpers -----------------------------------------------------------------------

    def _finish(self, stroke_id: int, stroke: _OpenStroke) -> None:
        del self._open[stroke_id]
        self._handed = max(self._handed, stroke_id)
        try:
            pieces, points = [], stroke.points
            while len(points) > MAX_POINTS_PER_STROKE:
                pieces.append(points[:MAX_POINTS_PER_STROKE])
                points = points[MAX_POINTS_PER_STROKE - 1:]
            pieces.append(points)
            self._hand_on(pieces, stroke.style)
        finally:
            self._settle(stroke_id)  # after the owner drew it: the overlay may wipe it now

    @staticmethod
    def _stroke(points: list[tuple[float, float]], style: tuple[str, int, bool]) -> Stroke:
        color, width, erase = style
        return Stroke(points, color=color, width=width, erase=erase)

    def _hand_on(self, pieces: list[list[tuple[float, float]]], style: tuple[str, int, bool]) -> None:
        """Hands the pieces of a stroke to the owner as :class:`Stroke` values."""
        try:
            strokes = [self._stroke(piece, style) for piece in pieces]
        except ValueError as error:  # a pen given to set_pen that a Stroke refuses
            self._refuse(None, error)
            return
        if self.on_strokes is not None:
            self.on_strokes(strokes)

    def _refuse(self, stroke_id: Optional[int], error: Exception) -> None:
        log.warning("ink: a batch from the browser was refused: %s", error)
        if stroke_id is not None and self._settled < stroke_id <= self._settled + MAX_ID_AHEAD:
            self._open.pop(stroke_id, None)
            self._settle(stroke_id)
        if self.on_problem is not None:
            self.on_problem(self.lang._("That line could not be read and was not kept."))

    def _settle(self, stroke_id: int) -> None:
        """Marks every stroke up to ``stroke_id`` as dealt with; the browser wipes them."""
        if stroke_id <= self._settled:
            return
        for lost in [i for i in self._open if i <= stroke_id]:
            log.warning("ink: stroke %s never ended; dropped", lost)
            del self._open[lost]
        self._settled = stroke_id
        self.settled = stroke_id
        self._handed = max(self._handed, stroke_id)  # handed on, or given up: nothing more comes of it
        if not self._until_saved and stroke_id > self._kept:
            self._kept = self.kept = stroke_id  # the kernel is the record: drawn is kept
