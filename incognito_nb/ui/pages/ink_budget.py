"""How much ink one seat may send the game store: what a hand can draw, not what a script can send.

Every change a student page stores is read and applied by every other page at the table (each
classmate's kernel and the teacher's), so a seat that stores ink faster than a hand draws slows
and fills every kernel of its table.  A page's script did that within the kernel socket's rates:
600 strokes of 5,000 points and 150 clears in 19 s (the board's cap is for the ink on the board,
and a clear empties it) grew the store by 27 MB and each kernel of the table from 79 to about
250 MB; an Undo after a Clear stores the whole board again, so a loop of both does the same
without any ink.

:class:`InkBudget` is a token bucket of board points: each change costs its new points and
:data:`MOVE_COST`.  A lively drawing keeps at most a few hundred points a second (the ink layer
keeps a point every two board units), and the bucket holds two full boards, so a hand never
waits; a change past the budget waits on the page and goes, with every change after it, as one
change to the store once the budget allows (the page's retry, as for a store that is busy).
"""

from __future__ import annotations

import time
from typing import Callable

from incognito_nb.engine.drawing import MAX_DRAWING_POINTS

#: The points a seat may store per second, kept up.
POINTS_PER_SECOND = 2_000.0
#: The points a seat may store at once: two full boards (a Clear, then an Undo of it).
BURST_POINTS = 2.0 * MAX_DRAWING_POINTS
#: What a change costs beside its points (one row in the store, read by every kernel at the table).
MOVE_COST = 100.0


class InkBudget:
    """A token bucket of board points (see the module's docstring); full when made."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.tokens, self.at = BURST_POINTS, clock()

    def take(self, points: int) -> bool:
        """Takes the cost of a change of ``points`` new points if the budget allows it now;
        returns whether it did."""
        now = self.clock()
        self.tokens = min(BURST_POINTS, self.tokens + (now - self.at) * POINTS_PER_SECOND)
        self.at = now
        cost = MOVE_COST + points
        if cost > self.tokens:
            return False
        self.tokens -= cost
        return True
