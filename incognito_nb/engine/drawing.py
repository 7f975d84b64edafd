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

#: The board every drawing lives on, in board units (pads scale it to the screen).
BOARD_WIDTH = 800
BOARD_HEIGHT = 600
#: Limits that keep one drawing a reasonable size whatever a browser sends.
MAX_POINTS_PER_STROKE = 5_000
MAX_STROKES = 2_000
MIN_WIDTH, MAX_WIDTH = 1, 80

_COLOR = re.compile(r"#[0-9a-fA-F]{6}\Z")


def _point(value: Any) -> tuple[float, float]:
    try:
        x, y = value
        x, y = float(x), float(y)
    except (TypeError, ValueError):
        raise ValueError(f"a point is a pair of numbers, not {value!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"a point must be finite, not {value!r}")
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
            raise ValueError("a stroke's points are a list of (x, y) pairs")
        try:
            raw = list(self.points)
        except TypeError:
            raise ValueError("a stroke's points are a list of (x, y) pairs") from None
        if not raw:
            raise ValueError("a stroke needs at least one point")
        if len(raw) > MAX_POINTS_PER_STROKE:
            raise ValueError(f"a stroke has at most {MAX_POINTS_PER_STROKE} points, not {len(raw)}")
        object.__setattr__(self, "points", tuple(_point(p) for p in raw))
        if not isinstance(self.color, str) or not _COLOR.match(self.color):
            raise ValueError(f"a stroke's colour is written #rrggbb, not {self.color!r}")
        object.__setattr__(self, "color", self.color.lower())
        if isinstance(self.width, bool) or not isinstance(self.width, (int, float)):
            raise ValueError(f"a stroke's width is a number, not {self.width!r}")
        if not (math.isfinite(self.width) and MIN_WIDTH <= self.width <= MAX_WIDTH):
            raise ValueError(f"a stroke's width is between {MIN_WIDTH} and {MAX_WIDTH}, not {self.width!r}")
        object.__setattr__(self, "width", int(round(self.width)))
        if not isinstance(self.erase, bool):
            raise ValueError(f"a stroke's erase flag is true or false, not {self.erase!r}")

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
            raise ValueError(f"not a stroke: {data!r:.80}")
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
            raise ValueError("a drawing is a list of strokes") from None
        if len(strokes) > MAX_STROKES:
            raise ValueError(f"a drawing has at most {MAX_STROKES} strokes, not {len(strokes)}")
        for stroke in strokes:
            if not isinstance(stroke, Stroke):
                raise ValueError(f"a drawing holds strokes, not {stroke!r:.80}")
        object.__setattr__(self, "strokes", strokes)

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
            raise ValueError("a drawing is a list of strokes")
        return cls(tuple(Stroke.from_dict(s) for s in data))
