"""Drawings as plain values: strokes of points on a fixed-size board.

Every pad, gallery view, replay and exported image is rendered from these values,
so they are the one record of what a player drew.  They also guard the game against
whatever a browser sends: a stroke that is not a finite list of points on the board,
in a ``#rrggbb`` colour and a sane width, is refused with a ``ValueError``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from .errors import N_, Explained, IllegalAction

#: The board every drawing lives on, in board units (pads scale it to the screen).
BOARD_WIDTH = 800
BOARD_HEIGHT = 600
#: What a Drawing value may hold at most, whatever a browser or a file sends: a save
#: written before the cap below (which allowed up to this) still loads.
MAX_POINTS_PER_STROKE = 5_000
MAX_STROKES = 2_000
#: The cap on one player's drawing, enforced by the engine on every change
#: (:func:`check_room`): a change that would take a board past it is refused, and a
#: board already past it (an older save) may only shrink.  Chosen from measurements
#: (docs/platform-notes.md, "A drawing's cap"): the class benchmark's drawings (a
#: stroke a second for three minutes) hold ~180 strokes of 30 points, 5,400 points; a
#: livelier one, the pen down 60 % of the three minutes at 300 board units a second,
#: holds 6,700 points at a 60 Hz pointer rate and 13,200 at 120 Hz and 240 Hz (the
#: pad keeps a point only 2 units from the last one, ``ink.MIN_STEP``; 15,600 at
#: 1,000 Hz).  20,000 points is 3.7x the benchmark's drawing and 1.5x the livelier
#: one on a fast screen; 1,000 strokes is 5.5x the benchmark's.  The limits before
#: let one board hold 10 million points.
MAX_DRAWING_POINTS = 20_000
MAX_DRAWING_STROKES = 1_000
MIN_WIDTH, MAX_WIDTH = 1, 80

_COLOR = re.compile(r"#[0-9a-fA-F]{6}\Z")


def _shown(value: Any) -> str:
    """Returns a value as a message quotes it: its ``repr``, cut to 80 characters."""
    return f"{value!r:.80}"


def _point(value: Any) -> tuple[float, float]:
    try:
        x, y = value
        x, y = float(x), float(y)
    except (TypeError, ValueError):
        raise Explained(N_("a point is a pair of numbers, not {value}"), value=_shown(value)) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise Explained(N_("a point must be finite, not {value}"), value=_shown(value))
    # Clamp to the board: a stroke that leaves the paper keeps its on-paper part.
    return (min(max(x, 0.0), float(BOARD_WIDTH)), min(max(y, 0.0), float(BOARD_HEIGHT)))


@dataclass(frozen=True)
class Stroke:
    """One line drawn without lifting the pen.

    >>> Stroke([(0, 0), (10, 5)], color="#0072B2", width=8)
    Stroke(points=((0.0, 0.0), (10.0, 5.0)), color='#0072b2', width=8, erase=False)
    """

    points: tuple[tuple[float, float], ...]
    color: str = "#000000"
    width: int = 4
    erase: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.points, (str, bytes)):
            raise Explained(N_("a stroke's points are a list of (x, y) pairs"))
        try:
            raw = list(self.points)
        except TypeError:
            raise Explained(N_("a stroke's points are a list of (x, y) pairs")) from None
        if not raw:
            raise Explained(N_("a stroke needs at least one point"))
        if len(raw) > MAX_POINTS_PER_STROKE:
            raise Explained(N_("a stroke has at most {limit} points, not {count}"),
                            limit=MAX_POINTS_PER_STROKE, count=len(raw))
        object.__setattr__(self, "points", tuple(_point(p) for p in raw))
        if not isinstance(self.color, str) or not _COLOR.match(self.color):
            raise Explained(N_("a stroke's colour is written #rrggbb, not {value}"), value=_shown(self.color))
        object.__setattr__(self, "color", self.color.lower())
        if isinstance(self.width, bool) or not isinstance(self.width, (int, float)):
            raise Explained(N_("a stroke's width is a number, not {value}"), value=_shown(self.width))
        if not (math.isfinite(self.width) and MIN_WIDTH <= self.width <= MAX_WIDTH):
            raise Explained(N_("a stroke's width is between {low} and {high}, not {value}"),
                            low=MIN_WIDTH, high=MAX_WIDTH, value=_shown(self.width))
        object.__setattr__(self, "width", int(round(self.width)))
        if not isinstance(self.erase, bool):
            raise Explained(N_("a stroke's erase flag is true or false, not {value}"), value=_shown(self.erase))

    def to_dict(self) -> dict[str, Any]:
        """Returns the stroke as JSON-safe data."""
        return {
            "points": [[x, y] for x, y in self.points],
            "color": self.color,
            "width": self.width,
            "erase": self.erase,
        }

    @classmethod
    def from_dict(cls, data: Any) -> "Stroke":
        """Builds a stroke from :meth:`to_dict` data.

        :raises ValueError: if the data is not a valid stroke.
        """
        if not isinstance(data, dict) or set(data) - {"points", "color", "width", "erase"}:
            raise Explained(N_("not a stroke: {value}"), value=_shown(data))
        return cls(
            data.get("points", ()),
            color=data.get("color", "#000000"),
            width=data.get("width", 4),
            erase=data.get("erase", False),
        )


@dataclass(frozen=True)
class Drawing:
    """Everything on one board, as strokes in the order they were drawn.

    >>> Drawing() == Drawing(())
    True
    """

    strokes: tuple[Stroke, ...] = field(default=())

    def __post_init__(self) -> None:
        try:
            strokes = tuple(self.strokes)
        except TypeError:
            raise Explained(N_("a drawing is a list of strokes")) from None
        if len(strokes) > MAX_STROKES:
            raise Explained(N_("a drawing has at most {limit} strokes, not {count}"),
                            limit=MAX_STROKES, count=len(strokes))
        for stroke in strokes:
            if not isinstance(stroke, Stroke):
                raise Explained(N_("a drawing holds strokes, not {value}"), value=_shown(stroke))
        object.__setattr__(self, "strokes", strokes)
        object.__setattr__(self, "_points", sum(len(stroke.points) for stroke in strokes))

    @property
    def points(self) -> int:
        """How many points the drawing's strokes hold together."""
        return self._points

    def __len__(self) -> int:
        return len(self.strokes)

    def __bool__(self) -> bool:  # an empty board is still a drawing, but a falsy one
        return bool(self.strokes)

    def __iter__(self):
        return iter(self.strokes)

    def adding(self, stroke: Stroke) -> "Drawing":
        """Returns this drawing with ``stroke`` drawn on top."""
        return Drawing(self.strokes + (stroke,))

    def edit(self, keep: int, strokes: Iterable[Stroke] = ()) -> "Drawing":
        """Returns this drawing's first ``keep`` strokes with ``strokes`` drawn after them.

        :raises ValueError: if the result holds more than :data:`MAX_STROKES` strokes.
        """
        return Drawing(self.strokes[:keep] + tuple(strokes))

    def changes_to(self, other: "Drawing") -> tuple[int, tuple[Stroke, ...]]:
        """Returns ``(keep, strokes)`` such that ``self.edit(keep, strokes) == other``,
        keeping as many strokes as the two drawings share from the start.

        >>> a, b = Stroke([(0, 0)]), Stroke([(5, 5)])
        >>> Drawing([a]).changes_to(Drawing([a, b]))
        (1, (Stroke(points=((5.0, 5.0),), color='#000000', width=4, erase=False),))
        >>> Drawing([a, b]).changes_to(Drawing([a]))
        (1, ())
        """
        keep = 0
        for mine, theirs in zip(self.strokes, other.strokes):
            if mine is not theirs and mine != theirs:
                break
            keep += 1
        return keep, other.strokes[keep:]

    def to_list(self) -> list[dict[str, Any]]:
        """Returns the drawing as JSON-safe data."""
        return [s.to_dict() for s in self.strokes]

    @classmethod
    def from_list(cls, data: Iterable[Any]) -> "Drawing":
        """Builds a drawing from :meth:`to_list` data.

        :raises ValueError: if any stroke is invalid.
        """
        if not isinstance(data, list):
            raise Explained(N_("a drawing is a list of strokes"))
        return cls(tuple(Stroke.from_dict(s) for s in data))


def room_left(drawing: Drawing) -> int:
    """Returns how many more points ``drawing`` may take under the cap (0: it is full).

    >>> room_left(Drawing([Stroke([(0, 0), (1, 1)])])) == MAX_DRAWING_POINTS - 2
    True
    """
    if len(drawing) >= MAX_DRAWING_STROKES:
        return 0
    return max(0, MAX_DRAWING_POINTS - drawing.points)


def fits(before: Drawing, after: Drawing) -> bool:
    """Whether ``after`` may replace ``before`` under the cap: it is within the cap, or it
    grows neither past it (a board from an older save, already over, may only shrink)."""
    return ((after.points <= MAX_DRAWING_POINTS or after.points <= before.points)
            and (len(after) <= MAX_DRAWING_STROKES or len(after) <= len(before)))


def check_room(player: str, before: Drawing, after: Drawing) -> Drawing:
    """Returns ``after`` if it may replace ``player``'s board ``before`` (see :func:`fits`).

    :raises IllegalAction: (rule ``"drawing_full"``) if it would take the board past the cap.
    """
    if not fits(before, after):
        raise IllegalAction(N_("{player}'s drawing is full: a drawing holds at most {points} points and "
                               "{strokes} strokes. Undo or clear some strokes to make room; what is "
                               "drawn is kept."), rule="drawing_full", player=player,
                            points=MAX_DRAWING_POINTS, strokes=MAX_DRAWING_STROKES)
    return after
