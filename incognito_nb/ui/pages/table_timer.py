"""The drawing timer of the classroom's teacher pages: its pause and its time left are the table's.

The projected page counts each hide phase down for the class (its ``?timer=``); the
teacher's desk can pause it.  Neither lives in one kernel: a reload (a crashed tab, a
cable, a refresh) builds the page again in a new kernel, and the countdown must go on
where it stood, paused or not.  So the first projected page to show a hide phase starts
the table's timer (:meth:`~incognito_nb.engine.game.Game.start_timer`, at the store's
clock); from then on every page shows no more than the table's time left
(:class:`~incognito_nb.engine.drawing_time.DrawingTime`), the pause moves it, and at zero
End phase is sent from the screen shown, so that of two projected pages only the first
ends the phase (the second's is refused, ``moved_on``).
"""

from __future__ import annotations

import logging

from incognito_nb.engine import Action, Game, IllegalAction, Phase, position_of
from incognito_nb.engine.errors import unfilled
from incognito_nb.ui.i18n import Language
from incognito_nb.ui.widgets.timer import DrawingTimer

log = logging.getLogger(__name__)


class TableTimer:
    """The teacher page's part that runs the table's drawing timer (mixed into
    :class:`~incognito_nb.ui.pages.teacher.TeacherPage`, whose attributes it uses:
    ``countdown``, ``pause_button``, ``timer_seconds``, ``teacher_key``, the store)."""

    def _countdown(self, game: Game, left: float | None, lang: Language) -> tuple[Game, DrawingTimer]:
        """Starts the table's timer of this hide phase if no page did, and returns the game then
        read and a countdown of it, showing no more than the table's time left (nor than ``left``)."""
        game = self._start_timer(game)
        countdown = DrawingTimer(game.drawing_time.seconds or self.timer_seconds, on_zero=self.guarded(self.end_phase),
                                 lang=lang, left=left, table_left=self._table_left)
        countdown.follow(self._table_left())
        return game, countdown

    def _start_timer(self, game: Game) -> Game:
        """Starts the table's drawing timer at the store's clock, unless a page did (this one before
        a reload, another projected page); returns the game as it then stands."""
        if game.drawing_time.started:
            return game
        try:
            self.store.act(self.code, Action.start_timer(self.timer_seconds, now=self.store.now(),
                                                         at=position_of(game)), teacher_key=self.teacher_key)
        except IllegalAction as error:  # another page started it first, or the game moved on
            log.info("table %s: the drawing timer was not started here: %s", self.code, unfilled(error))
        self.snapshot = self.store.read(self.code)
        return self.snapshot.game

    def _table_left(self) -> float | None:
        """Returns the table's drawing time left now, by the store's clock (``None``: no timer)."""
        game = self.snapshot.game if self.snapshot is not None else None
        return game.drawing_time.left_at(self.store.now()) if game is not None and game.phase is Phase.HIDE else None

    def toggle_pause(self) -> bool:
        """Pauses or resumes the table's drawing timer; returns whether it is now paused."""
        return self.pause_timer(not self.pause_button.paused)

    def pause_timer(self, paused: bool, at: dict | None = None) -> bool:
        """Pauses (``paused``) or resumes the table's drawing timer from the screen ``at`` (by
        default the one shown), where this page offers it (the key, a timer, the hide phase):
        the time left stands still from now (the store's clock), and every teacher's page says so.
        Returns whether it is now paused."""
        if self._pause_offered:  # not a synced trait: a browser's console sets those
            self._move_on(Action.pause_timer(paused, now=self.store.now(), at=at or self.shown_at()))
        return self.pause_button.paused

    def _show_pause(self, game: Game) -> None:
        """Shows the table's pause and time left on the countdown, and Pause/Resume where this
        page offers it."""
        offered = self._pause_offered = (self.teacher_key is not None and bool(self.timer_seconds)
                                         and game.phase is Phase.HIDE)
        self.pause_button.layout.display = "" if offered else "none"
        if self.countdown is not None:
            self.countdown.pause(game.timer_paused)
            self.countdown.follow(self._table_left())
        if offered:
            self.pause_button.show(game.timer_paused, self.lang, self.shown_at())

    def _stop_timer(self) -> None:
        if self.countdown is not None:
            self.countdown.stop()
            self.countdown = None
        self.pause_button.layout.display = "none"
