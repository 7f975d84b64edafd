"""The drawing timer's time left, kept by the game, so that every teacher's page shows the same.

In classroom mode the projected page counts each hide phase down.  A page reloaded (a
crashed tab, a cable, a refresh) must not give the class its full time again, nor a
paused timer its full time: the game keeps, for the hide phase it is in, how long the
timer is (``seconds``), when drawing ends while it runs (``ends``) and the seconds
``left`` while the teacher paused it.  The engine reads no clock: the moves that start,
pause and resume the timer say what time it is (``now``, on the table's clock, which the
store gives), and a page asks :meth:`DrawingTime.left_at` with the same clock.

>>> timer = DrawingTime().start(90, now=1000.0)
>>> timer.left_at(1030.0)
60.0
>>> timer.pause(True, now=1030.0).left_at(5000.0)
60.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from . import saves
from .errors import N_, IllegalAction

#: The longest drawing timer a game keeps: an hour (the menus offer up to three minutes).
MAX_SECONDS = 3600


@dataclass(frozen=True)
class DrawingTime:
    """The drawing timer of one hide phase: not started (``seconds`` 0), running until
    ``ends`` or paused with ``left`` seconds.  ``paused`` may be set before it starts
    (a save from before the timer was the game's)."""

    seconds: int = 0
    paused: bool = False
    ends: float | None = None
    left: float | None = None

    @property
    def started(self) -> bool:
        """Whether a page started this hide phase's timer."""
        return self.seconds > 0

    def start(self, seconds: int, now: float) -> "DrawingTime":
        """Returns this timer started at ``now`` for ``seconds`` (paused, if it was).

        :raises IllegalAction: for seconds that are not 1 to :data:`MAX_SECONDS`, or a
            ``now`` that is not a time (``rule="action"``)."""
        if isinstance(seconds, bool) or not isinstance(seconds, int) or not 1 <= seconds <= MAX_SECONDS:
            raise IllegalAction(N_("A drawing timer lasts a whole number of seconds from 1 to {most}, not {value}."),
                                rule="action", most=MAX_SECONDS, value=f"{seconds!r:.40}")
        now = _time(now)
        if self.paused:
            return replace(self, seconds=seconds, left=float(seconds))
        return replace(self, seconds=seconds, ends=now + seconds)

    def pause(self, paused: bool, now: float | None) -> "DrawingTime":
        """Returns this timer paused (``paused``) or resumed at ``now``: the time left stands
        still while it is paused.  Asked for the state it is in, it stays as it is; without
        ``now`` (a move logged before the timer was the game's) only the pause changes."""
        if paused == self.paused or not self.started or now is None:
            return replace(self, paused=paused)
        now = _time(now)
        if paused:
            return replace(self, paused=True, ends=None, left=self.left_at(now))
        return replace(self, paused=False, ends=now + self.left, left=None)

    def left_at(self, now: float) -> float | None:
        """Returns the seconds left at ``now`` (never below 0); ``None`` before the timer starts."""
        if not self.started:
            return None
        if self.paused:
            return self.left
        return max(0.0, self.ends - _time(now))

    def to_dict(self) -> dict[str, Any]:
        """Returns the fields a game's data holds for it: none for a timer never started nor paused."""
        kept: dict[str, Any] = {"paused": True} if self.paused else {}
        if self.started:
            kept["timer"] = {"seconds": self.seconds, **({"left": self.left} if self.paused else {"ends": self.ends})}
        return kept

    @classmethod
    def read(cls, data: dict[str, Any], *, hide: bool) -> "DrawingTime":
        """Returns the timer a game's ``data`` holds (none in a save from before it), in the
        hide phase (``hide``) or not.

        :raises SaveError: for a timer out of place, or that is not a timer."""
        check = saves.check
        paused, timer = data.get("paused", False), data.get("timer")
        check(paused is False or (paused is True and hide), N_("the timer's pause is out of place"))
        if timer is None:
            return cls(paused=paused)
        check(hide and isinstance(timer, dict), N_("the drawing timer is out of place"))
        seconds, when = timer.get("seconds"), timer.get("left" if paused else "ends")
        check(set(timer) == {"seconds", "left" if paused else "ends"} and type(seconds) is int
              and 1 <= seconds <= MAX_SECONDS and is_time(when) and (not paused or when <= seconds),
              N_("the drawing timer is not a timer"))
        return cls(seconds, paused, None if paused else when, when if paused else None)


def is_time(value: Any) -> bool:
    """Checks if ``value`` is a time on the table's clock: a finite number of seconds, not below 0."""
    return type(value) in (int, float) and math.isfinite(value) and value >= 0


def _time(now: Any) -> float:
    if not is_time(now):
        raise IllegalAction(N_("The time is a number of seconds on the table's clock, not {value}."), rule="action",
                            value=f"{now!r:.40}")
    return now
