"""The drawing timer: a visible countdown that ends a turn when it reaches zero.

It ticks on the kernel's own event loop (no thread, nothing to poll from the browser),
and can be paused by the teacher.  Without a running loop, as in tests, it only moves
when :meth:`DrawingTimer.tick` is called, which is also its programmatic twin.

In classroom mode the pause is the table's (:meth:`~incognito_nb.engine.game.Game.pause_timer`):
the projected page and the teacher's desk each show it with a :class:`PauseButton`.  So is
the time left (:mod:`incognito_nb.engine.drawing_time`): a countdown given ``table_left``
shows no more than the table says on each tick, so a page reloaded mid-drawing goes on
where the table stands, not from the full time.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any, Callable

import ipywidgets as widgets

from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.text import icon, safe

CSS = """
.inc-timer-bar { width: 100%; }
.inc-timer-text { font-variant-numeric: tabular-nums; font-size: 1.2em; min-width: 7em; }
"""


class DrawingTimer(widgets.HBox):
    """A countdown of ``seconds`` with a progress bar; calls ``on_zero()`` once when time is up.

    ``left`` (default: all of them) is where it starts: a countdown built again goes on
    where the one before stood.  ``table_left`` (classroom mode) returns the seconds the
    table has left now (``None``: none); each tick of the loop then shows no more than it
    (:meth:`follow`), and ends the turn when it says zero.
    """

    def __init__(self, seconds: int, *, on_zero: Callable[[], None], lang: Language | None = None,
                 left: float | None = None, table_left: Callable[[], float | None] | None = None) -> None:
        self.lang = lang or language()
        self.total = seconds
        self.left = seconds if left is None else max(0, min(math.ceil(left), seconds))
        self.paused = False
        self._on_zero, self._table_left = on_zero, table_left
        self._ended = False  # on_zero was called: once
        self._handle: asyncio.TimerHandle | None = None
        self.bar = widgets.IntProgress(value=self.left, min=0, max=max(seconds, 1))
        self.bar.add_class("inc-timer-bar")
        self.text = widgets.HTML()
        self.text.add_class("inc-timer-text")
        super().__init__([self.text, self.bar], layout=widgets.Layout(width="100%", align_items="center"))
        self.add_class("inc-timer")
        self._show()
        self._schedule()

    def tick(self, seconds: int = 1) -> None:
        """Counts ``seconds`` down (unless paused), ending the turn at zero."""
        if self.paused or self._ended:
            return
        self.left = max(0, self.left - seconds)
        self._show()
        self._end_at_zero()

    def follow(self, left: float | None) -> None:
        """Shows no more than the table's ``left`` seconds (the table's clock is the one that
        counts; this page's ticks only fill the second between reads); ``None`` changes nothing.
        It does not end the turn: the next tick does."""
        if left is not None and not self._ended and math.ceil(left) < self.left:
            self.left = max(0, math.ceil(left))
            self._show()

    def pause(self, paused: bool) -> None:
        """Stops or restarts the countdown where it stands."""
        self.paused = paused
        self._show()

    def stop(self) -> None:
        """Stops ticking for good."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def close(self) -> None:
        """Stops the countdown and closes its widgets."""
        self.stop()
        for part in (self.bar, self.text):
            part.close()
        super().close()

    def _show(self) -> None:
        self.bar.value = self.left
        minutes, seconds = divmod(self.left, 60)
        clock = f"{minutes}:{seconds:02d}"
        self.text.value = icon("stopwatch") + safe(self.lang._("{time} (paused)", time=clock) if self.paused
                                                   else self.lang._("{time} left", time=clock))

    def _end_at_zero(self) -> None:
        if self.left == 0 and not self.paused and not self._ended:
            self._ended = True
            self.stop()
            self._on_zero()

    def _schedule(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                return
            if not loop.is_running():
                return
        self._handle = loop.call_later(1.0, self._tick_and_reschedule)

    def _tick_and_reschedule(self) -> None:
        self._handle = None
        try:
            self.tick()
            if self._table_left is not None and not self.paused:
                self.follow(self._table_left())
                self._end_at_zero()
        finally:
            if not self._ended:
                self._schedule()


class PauseButton(widgets.HBox):
    """The teacher's *Pause timer* / *Resume timer* of a classroom page: it says the table's
    pause (:meth:`show`), and a press asks ``on_press(paused, at)`` for the other state, from
    the screen ``at`` it was shown on.

    Each state and screen has a button of its own, bound to them: the second click of a
    double click, sent before the browser showed the new button, reaches the old one
    (closed) and changes nothing, where one button would have resumed at once.
    """

    def __init__(self, on_press: Callable[[bool, Any], None],
                 hand_focus: Callable[[widgets.DOMWidget], None] | None = None) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class("inc-pause-box")
        self._on_press, self._hand_focus = on_press, hand_focus
        self._shown: tuple | None = None
        #: The button shown now (None before the first :meth:`show`).
        self.button: widgets.Button | None = None

    @property
    def paused(self) -> bool:
        """Whether the button says the timer is paused (its press resumes it)."""
        return self._shown is not None and self._shown[0]

    def show(self, paused: bool, lang: Language, at: Any = None) -> None:
        """Says ``paused`` in ``lang``; its press asks for the other state from the screen ``at``."""
        shown = (bool(paused), lang.code, at)
        if shown == self._shown:
            return
        same_screen = self._shown is not None and self._shown[2] == at
        self._shown = shown
        text = lang._("Resume timer") if paused else lang._("Pause timer")
        new = widgets.Button(description=text, tooltip=text, icon="play" if paused else "pause",
                             layout=widgets.Layout(width="auto"))
        new.add_class("inc-pause")
        new.on_click(lambda _=None: self._on_press(not paused, at))
        old, self.button = self.button, new
        self.children = (new,)
        if old is not None:
            old.close()
            if same_screen and self._hand_focus is not None and self.layout.display != "none":
                self._hand_focus(new)  # if the focus fell with the button pressed (or replaced)

    def click(self) -> None:
        """Presses the button shown (the programmatic twin)."""
        if self.button is not None:
            self.button.click()

    def close(self) -> None:
        """Closes the button shown and the box."""
        if self.button is not None:
            self.button.close()
        super().close()
