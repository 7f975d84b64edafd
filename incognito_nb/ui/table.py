"""The table-mode dashboard: one screen, one kernel, one :class:`Game`, a whole game.

A laptop passed around a group or a classroom projector plays every phase here: setup,
hiding behind a privacy curtain, finding, the reveal, the scoreboard and the podium.
The screen is re-rendered from the game after every action; the only state kept here is
what no rule cares about: whose card is open, which drawing the reveal is at, and the
timer.  Every action is saved at once, so a dead kernel loses nothing.
"""

from __future__ import annotations

import logging
from datetime import datetime
import traceback
from typing import Callable, Mapping

import ipywidgets as widgets

from ..engine import Deck, Drawing, Game, IllegalAction, Phase, SaveError
from ..store import GameFolder
from . import curtain, gallery, lineup, reveal, scoreboard, setup, takeaways, teacher, timer, voting
from .board import close_parts
from .curtain import Curtain, secret_card_header
from .gallery import Gallery
from .i18n import DEFAULT_LANGUAGE, check_language, refusal, set_language, t
from .keyboard import FocusGuard
from .lineup import LineupView
from .pad import DrawingPad
from .reveal import Reveal
from .scoreboard import Podium, Scoreboard
from .setup import SetupForm
from .takeaways import Takeaways
from .teacher import TeacherBar
from .text import markup, player_badge, safe
from .timer import DrawingTimer
from .voting import VotePanel

log = logging.getLogger(__name__)

#: The catalogue key of each phase's title (see :mod:`.i18n`).
PHASE_TITLES = {phase: f"phase.{phase.value}" for phase in Phase}
#: The catalogue key of the question asked before the teacher ends each phase.
END_PHASE_WARNINGS = {phase: f"end.{phase.value}"
                      for phase in (Phase.HIDE, Phase.FIND, Phase.SCORE, Phase.PREPARE)}

APP_CSS = """
.inc-app { max-width: 1400px; margin: 0 auto; gap: 0.6em; font-size: 15px; }
.inc-header { font-size: 1.6em; font-weight: 600; }
.inc-progress { font-size: 1.05em; }
.inc-who-chip { white-space: nowrap; margin-right: 0.4em; }
.inc-badge { display: inline-block; padding: 0 0.45em; border-radius: 0.4em; font-weight: 600; }
.inc-message:empty { display: none; }
.inc-message .inc-problem { display: block; padding: 0.5em 0.8em; border-radius: 6px;
  background: #fde8e1; color: #7a2600; border: 1px solid #d55e00; }
.inc-stage { gap: 0.8em; }
.inc-find { gap: 16px; align-items: flex-start; flex-wrap: wrap; }
.inc-find > .inc-gallery { flex: 3 1 480px; }
.inc-find-side { flex: 2 1 340px; gap: 12px; }
.inc-find-side .inc-lineup { flex-wrap: wrap; justify-content: flex-start; }
.inc-find-side .inc-curtain { padding: 1.2em 1em; }
.inc-find-side .inc-curtain-call { font-size: 1.4em; }
.inc-hide-card .inc-pad { flex: 1 1 auto; max-width: min(860px, calc((100vh - 220px) * 4 / 3)) !important; }
.inc-pad-tools { flex-wrap: wrap; }
.inc-pad-tools > * { max-width: 100%; }
.inc-pad-tools button { flex-shrink: 0; }
.inc-next { height: 2.6em; min-width: 14em; font-size: 1.1em; }
.inc-app button:focus-visible, .inc-app input:focus-visible, .inc-app select:focus-visible,
.inc-app textarea:focus-visible, .inc-app a:focus-visible {
  outline: 3px solid #0072b2 !important; outline-offset: 2px; }
"""


#: Projector mode: type readable across a classroom, strong borders, and every phase on
#: one 1280x720 or 1920x1080 screen without scrolling (boards are sized by the window's height).
PROJECTOR_CSS = """
.inc-projector { max-width: none; font-size: 20px; gap: 0.4em;
  --jp-widgets-font-size: 18px; --jp-widgets-inline-height: 34px; }
.inc-projector .inc-header { font-size: 1.4em; }
.inc-projector .inc-teacher { --jp-widgets-font-size: 13px; --jp-widgets-inline-height: 28px; }
.inc-projector .inc-progress { font-size: 0.85em; }
.inc-projector .inc-token { min-width: 96px; border: 3px solid #000000; }
.inc-projector .inc-token .inc-token-number { font-size: 1.9em; }
.inc-projector .inc-token .inc-token-word { font-size: 1.15em; font-weight: 600; }
.inc-projector .inc-token-true { border-width: 5px; }
.inc-projector .inc-find { flex-wrap: nowrap; }
.inc-projector .inc-find > .inc-gallery { grid-template-columns: repeat(3, minmax(0, 1fr)) !important;
  flex: 3 1 0; gap: 8px; }
.inc-projector .inc-find-side { flex: 2 1 0; min-width: 340px; }
.inc-projector .inc-gallery .inc-drawing { border: 2px solid #000000; padding: 4px; }
.inc-projector .inc-gallery .inc-drawing-view { max-width: calc((100vh - 320px) / 2 * 4 / 3); margin: 0 auto; }
.inc-projector .inc-votes { --jp-widgets-font-size: 16px; --jp-widgets-inline-height: 30px; gap: 2px; }
.inc-projector .inc-secret, .inc-projector .inc-location { font-size: 1.6em; }
.inc-projector .inc-hide-card .inc-pad { max-width: min(1100px, calc((100vh - 340px) * 4 / 3)) !important;
  --jp-widgets-font-size: 14px; --jp-widgets-inline-height: 30px; }
.inc-projector .inc-reveal-board { max-width: calc((100vh - 300px) * 4 / 3); }
.inc-projector .inc-reveal-artist { font-size: 1.3em; }
.inc-projector .inc-scoreboard, .inc-projector .inc-podium { max-width: 1000px; --jp-widgets-font-size: 26px; }
"""


def stylesheet() -> str:
    """Returns the dashboard's CSS, gathered from every widget module."""
    parts = [APP_CSS, PROJECTOR_CSS] + [m.CSS for m in (curtain, gallery, lineup, reveal, scoreboard, setup, takeaways, teacher, timer, voting)]
    return "<style>" + "\n".join(parts) + "</style>"


class FindLayout(widgets.HBox):
    """The find screen's frame: the gallery on the left; the line-up and the turn on the right."""

    def __init__(self, game: Game) -> None:
        self.round = game.round
        self.gallery = Gallery(game)
        self.lineup = LineupView(game.lineup)
        self.side = widgets.VBox([self.lineup])
        self.side.add_class("inc-find-side")
        super().__init__([self.gallery, self.side])
        self.add_class("inc-find")

    def show_turn(self, turn: widgets.Widget) -> None:
        """Puts ``turn`` (a curtain or a vote panel) under the line-up, closing the one before."""
        old = self.side.children[1:]
        self.side.children = [self.lineup, turn]
        for widget in old:
            close_parts(widget)
            widget.close()


class TableApp(widgets.VBox):
    """The whole dashboard for one table: build it and display it.

    ``folder`` is where the game is autosaved after every action (``None``: the default
    saves folder); ``deck`` preselects a deck in the setup form; ``takeaway_files``
    makes the files offered for download after the game (file name to content).
    """

    def __init__(self, *, folder: GameFolder | None = None, deck: Deck | None = None,
                 projector: bool = False, language: str = DEFAULT_LANGUAGE,
                 takeaway_files: Callable[[Game], Mapping[str, bytes]] | None = None) -> None:
        language = check_language(language)  # refused before anything is built
        self.folder = folder if folder is not None else GameFolder()
        self.deck = deck
        self.takeaway_files = takeaway_files
        self.language = language  # the interface's, chosen at setup; not the deck's
        set_language(self.language)
        self.game: Game | None = None
        self.timer_seconds = 0
        self.open_for: str | None = None  # the player whose card is open behind the curtain
        self.reveal_at = 0  # the drawing the reveal shows; len(players) means the scoreboard
        self.pad: DrawingPad | None = None
        self.countdown: DrawingTimer | None = None
        self.timer_paused = False
        self._find_layout: FindLayout | None = None

        self.header = markup("", "inc-header")
        self.progress = markup("", "inc-progress")
        self.message = markup("", "inc-message")
        self.teacher = TeacherBar(
            on_end_phase=self._guarded(self.end_phase),
            on_save=self._guarded(self.save_now),
            on_restart=self._guarded(self.restart),
            on_pause_toggle=self.toggle_pause,
            on_projector=self.set_projector,
        )
        self.stage = widgets.VBox()
        self.stage.add_class("inc-stage")
        parts = [markup(stylesheet()), FocusGuard(), self.header, self.teacher, self.progress,
                 self.message, self.stage]
        # A store in the browser's storage talks to the page through a widget of its own.
        store_widget = getattr(self.folder, "widget", None)
        if isinstance(store_widget, widgets.Widget):
            parts.append(store_widget)
        super().__init__(parts)
        self.add_class("inc-app")
        self.set_projector(projector)
        self.show_setup()

    # ---------------------------------------------------------------- screens
    def show_setup(self) -> None:
        """Shows the setup form (with the saved game on offer, if there is one)."""
        self._stop_timer()
        self.game = None
        self.open_for = None
        set_language(self.language)
        form = SetupForm(on_start=self._guarded(self.start), folder=self.folder,
                         on_resume=self._guarded(self.resume), deck=self.deck,
                         on_language=self._guarded(self.choose_language))
        self._set_stage([form])
        self.header.value = t("app.title")
        self.progress.value = ""
        self.teacher.enable_end_phase(False)
        self.teacher.timer_running = False

    def choose_language(self, code: str) -> None:
        """Switches the interface language (kept for the whole game and the next) and shows setup again.

        :raises ValueError: if ``code`` is not one of :data:`~incognito_nb.ui.i18n.LANGUAGES`.
        """
        self.language = check_language(code)
        set_language(self.language)
        self.teacher.relabel()
        if self.game is None:
            earlier = next((w for w in self.stage.children if isinstance(w, SetupForm)), None)
            self.show_setup()
            if earlier is not None:
                self.stage.children[0].carry_over(earlier)
        else:
            self.render()

    def start(self, game: Game, timer_seconds: int = 0) -> None:
        """Starts playing ``game`` with a drawing timer of ``timer_seconds`` (0: none)."""
        self.game, self.timer_seconds = game, timer_seconds
        self.open_for, self.reveal_at = None, 0
        self.render()
        self._save()  # after the screen: a large save must not delay what the table sees

    def resume(self, game: Game) -> None:
        """Carries on with a saved game, at the curtain of whoever's turn it is."""
        self.start(game, self.timer_seconds)

    def render(self) -> None:
        """Rebuilds the screen from the game."""
        set_language(self.language)
        game = self.game
        if game is None:
            self.show_setup()
            return
        phase = game.phase
        self.header.value = (
            t("table.header", round=game.round, rounds=game.rules.rounds, phase=t(PHASE_TITLES[phase]))
            if phase is not Phase.OVER else t("phase.over")
        )
        self.teacher.enable_end_phase(phase is not Phase.OVER)
        self.teacher.end_phase_warning = t(END_PHASE_WARNINGS[phase]) if phase in END_PHASE_WARNINGS else ""
        self.progress.value = self._progress_markup()
        self._stop_timer()
        self.pad = None
        screens: dict[Phase, Callable[[], list[widgets.Widget]]] = {
            Phase.HIDE: self._hide_screen,
            Phase.FIND: self._find_screen,
            Phase.SCORE: self._score_screen,
            Phase.PREPARE: self._prepare_screen,
            Phase.OVER: self._over_screen,
        }
        self._set_stage(screens[phase]())

    def _progress_markup(self) -> str:
        game = self.game
        if game.phase is Phase.HIDE:
            finished, doing = set(game.done), t("progress.drawing")
        elif game.phase is Phase.FIND:
            finished, doing = set(game.confirmed), t("progress.voting")
        else:
            return ""
        # One unbreakable chip per player: a wrapped line never splits "placing" from "cards".
        chips = " ".join(
            f'<span class="inc-who-chip">{player_badge(p, game.seat(p))} '
            f"{t('progress.done') if p in finished else doing}</span>"
            for p in game.players
        )
        return f'<span class="inc-who">{chips}</span>'

    def _waiting(self) -> str | None:
        """Returns the next player, in seating order, still to draw or vote."""
        game = self.game
        finished = set(game.done if game.phase is Phase.HIDE else game.confirmed)
        return next((p for p in game.players if p not in finished), None)

    # ---------------------------------------------------------------- hide
    def _hide_screen(self) -> list[widgets.Widget]:
        game = self.game
        if self.open_for is None:
            player = self._waiting()
            return [Curtain(player, game.seat(player),
                            task=t("hide.task"), button=t("hide.button", player=player),
                            on_open=self._guarded(lambda: self.open_card(player)))]
        player = self.open_for
        self.pad = DrawingPad(game.drawing(player), location=game.location(player),
                              on_change=self._guarded_change(player))
        # As wide as the card column: the default width (148 px) cuts it to "Done — hide my…".
        done = widgets.Button(description=t("hide.done"), button_style="success", icon="check",
                              layout=widgets.Layout(width="100%"))
        done.add_class("inc-done")
        done.on_click(self._guarded(lambda _=None: self.finish_drawing(player)))
        parts = [secret_card_header(game.secret_object(player), game.location(player))]
        if self.timer_seconds:
            self.countdown = DrawingTimer(self.timer_seconds, on_zero=self._guarded(lambda: self.finish_drawing(player)))
            self.countdown.pause(self.timer_paused)
            self.teacher.timer_running = True
            parts.append(self.countdown)
        # The card beside the pad: the word and Done stay in view however tall the board is.
        info = widgets.VBox(parts + [done])
        info.add_class("inc-hide-info")
        card = widgets.HBox([info, self.pad])
        card.add_class("inc-hide-card")
        return [card]

    def open_card(self, player: str) -> None:
        """Opens the card of the player whose turn it is (hide: the pad; find: the cards)."""
        if player != self._waiting():
            raise IllegalAction(t("error.turn", player=player), rule="turn")
        self.open_for = player
        self.render()

    def _guarded_change(self, player: str) -> Callable[[Drawing], None]:
        def changed(drawing: Drawing) -> None:
            self.game.update_drawing(player, drawing)
            self._save()
        return self._guarded(changed)

    def finish_drawing(self, player: str) -> None:
        """Submits the open pad's drawing as it stands and closes the curtain."""
        game = self.game
        if game is None or game.phase is not Phase.HIDE or self.open_for != player:
            return  # the turn already ended (a late timer, a double click)
        game.submit_drawing(player, self.pad.drawing)
        self.open_for = None
        self._stop_timer()
        if not self._waiting():
            game.advance()
        self.render()
        self._save()  # after the screen: a large save must not delay what the table sees

    # ---------------------------------------------------------------- find
    def _find_screen(self) -> list[widgets.Widget]:
        """Returns the find screen: the gallery beside the line-up and whoever's turn it is.

        The gallery and line-up are built once a round: redrawing six boards after every
        voter's turn would only make the projector flicker.
        """
        game = self.game
        if self._find_layout is None or self._find_layout.round != game.round:
            self._find_layout = FindLayout(game)
        if self.open_for is None:
            player = self._waiting()
            turn = Curtain(player, game.seat(player),
                           task=t("find.task"), button=t("find.button", player=player),
                           on_open=self._guarded(lambda: self.open_card(player)))
        else:
            turn = VotePanel(game, self.open_for, on_change=self._save,
                             on_confirm=self._guarded(self.finish_voting))
        self._find_layout.show_turn(turn)
        return [self._find_layout]

    def finish_voting(self) -> None:
        """Closes the voter's cards once confirmed, and scores when everyone has."""
        self.open_for = None
        if not self._waiting():
            self.game.advance()
            self.reveal_at = 0
        self.render()
        self._save()  # after the screen: a large save must not delay what the table sees

    # ---------------------------------------------------------------- score and after
    def _next_button(self, text: str, action: Callable[[], None]) -> widgets.Button:
        button = widgets.Button(description=text, button_style="primary", icon="arrow-right")
        button.add_class("inc-next")
        button.on_click(self._guarded(lambda _=None: action()))
        return button

    def _score_screen(self) -> list[widgets.Widget]:
        game = self.game
        record = game.history[-1]
        if self.reveal_at < len(game.players):
            artist = game.players[self.reveal_at]
            last = self.reveal_at == len(game.players) - 1
            return [Reveal(record, artist, seat_of=game.seat),
                    self._next_button(t("score.show_scores" if last else "score.next_drawing"), self.next_reveal)]
        final = game.round >= game.rules.rounds
        return [Scoreboard(game),
                self._next_button(t("score.winners" if final else "score.prepare"), self.advance)]

    def next_reveal(self) -> None:
        """Moves the reveal on to the next drawing, then to the scoreboard."""
        self.reveal_at += 1
        self.render()

    def advance(self) -> None:
        """Moves the game on to its next phase (the table's own "next" button)."""
        self.game.advance()
        self.open_for, self.reveal_at = None, 0
        self.render()
        self._save()  # after the screen: a large save must not delay what the table sees

    def _prepare_screen(self) -> list[widgets.Widget]:
        game = self.game
        note = markup(t("prepare.note", round=game.round, next=game.round + 1), "inc-prepare")
        return [note, Scoreboard(game), self._next_button(t("prepare.start", next=game.round + 1), self.advance)]

    def _over_screen(self) -> list[widgets.Widget]:
        again = widgets.Button(description=t("over.new_game"), button_style="primary", icon="refresh")
        again.add_class("inc-new-game")
        again.on_click(self._guarded(lambda _=None: self.show_setup()))
        screen = [Podium(self.game), Scoreboard(self.game)]
        if self.takeaway_files is not None:
            screen.append(Takeaways(self.game, self.takeaway_files))
        return screen + [again]

    # ---------------------------------------------------------------- teacher
    def end_phase(self) -> None:
        """Ends the current phase now (the teacher's call): boards and cards count as they lie."""
        game = self.game
        if game is None or game.phase is Phase.OVER:
            return
        if game.phase is Phase.HIDE and self.open_for is not None and self.pad is not None:
            game.update_drawing(self.open_for, self.pad.drawing)
        self._stop_timer()
        game.advance(force=True)
        self.open_for, self.reveal_at = None, 0
        self.render()
        self._save()  # after the screen: a large save must not delay what the table sees

    def save_now(self) -> None:
        """Saves the game now and says so."""
        if self.game is None:
            self.teacher.say(t("save.nothing"))
            return
        path = self.folder.save(self.game)
        self.teacher.say(t("save.saved_in", time=f"{datetime.now():%H:%M}", folder=path.parent))

    def restart(self) -> None:
        """Leaves this game (it stays saved) and goes back to setup."""
        self._save()
        self.show_setup()

    def set_projector(self, on: bool) -> None:
        """Switches projector mode: large type, high contrast, each phase on one screen."""
        (self.add_class if on else self.remove_class)("inc-projector")
        self.teacher.projector = on

    @property
    def projector(self) -> bool:
        """Whether projector mode is on."""
        return "inc-projector" in self._dom_classes

    def toggle_pause(self) -> bool:
        """Pauses or resumes the drawing timer; returns whether it is now paused."""
        self.timer_paused = not self.timer_paused
        if self.countdown is not None:
            self.countdown.pause(self.timer_paused)
        return self.timer_paused

    def close(self) -> None:
        """Stops the timer and closes every widget of the dashboard."""
        if hasattr(self, "teacher"):  # not when __init__ refused its arguments
            self._stop_timer()
        close_parts(self)
        super().close()

    # ---------------------------------------------------------------- plumbing
    def _stop_timer(self) -> None:
        if self.countdown is not None:
            self.countdown.stop()
            self.countdown = None
        self.teacher.timer_running = False

    def _set_stage(self, children: list[widgets.Widget]) -> None:
        """Shows ``children``, closing every widget that leaves the screen (and its secrets)."""
        keep = set(map(id, children))
        if self._find_layout is not None and id(self._find_layout) not in keep:
            self._find_layout = None  # closed below with the rest of the old screen
        for old in self.stage.children:
            if id(old) not in keep:
                close_parts(old)
                old.close()
        self.stage.children = children

    def _save(self) -> None:
        if self.game is None:
            return
        try:
            self.folder.save(self.game)
        except SaveError as error:
            self._report(t("save.failed", error=error))

    def _report(self, text: str) -> None:
        self.message.value = f'<span class="inc-problem" role="alert">{safe(text)}</span>'

    def _guarded(self, action: Callable) -> Callable:
        """Wraps a callback so that a refusal or a failure shows on screen, not only in the log."""
        def run(*args, **kwargs):
            self.message.value = ""
            set_language(self.language)  # every widget built by the action speaks the table's language
            try:
                return action(*args, **kwargs)
            except IllegalAction as refused:
                self._report(refusal(refused))
            except Exception as error:  # the dashboard must survive and say what happened
                log.error("dashboard action failed:\n%s", traceback.format_exc())
                self._report(t("error.unexpected", error=error))
        return run
