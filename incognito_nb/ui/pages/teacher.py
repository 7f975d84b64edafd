"""The classroom's teacher page: the table projected for the class, and the teacher's buttons.

The teacher page creates the table, shows its join code, join link and QR code, lists
the players as they join and starts the game; then it projects who is done, the gallery
and line-up, the reveal and the scores, with the teacher's buttons (end phase, next)
working only with the teacher's key.  Each student plays on a page of their own
(:mod:`incognito_nb.ui.pages.student`).

The page renders only the projector's ``player_view`` (``None``): the trusted snapshot
never reaches a widget whole.  One thing more, with the teacher's key only: in the hide
phase the find screen is laid out ahead, unseen, and each finished drawing is painted on it
as its student presses Done (FindLayout's ``ahead``), so that the find screen shows without
painting six boards at the moment the class waits for it.  See
:mod:`incognito_nb.ui.pages.shared_table` for the plumbing both classroom pages share.
"""

from __future__ import annotations

import datetime as dt
import html
import logging
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as widgets

from incognito_nb.engine import Action, Deck, Game, IllegalAction, Phase, Rules, position, position_of
from incognito_nb.engine.errors import N_, Message, unfilled
from incognito_nb.engine.rules import MAX_PLAYERS, MIN_PLAYERS
from incognito_nb.store import StoreError, TableStore
from incognito_nb.store.backends import class_book_of
from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.end_phase_question import CSS as QUESTION_CSS, EndPhaseQuestion
from incognito_nb.ui.widgets.gallery import FindLayout
from incognito_nb.ui.widgets.keyboard import ShowControls
from incognito_nb.ui.widgets.reveal import reveal_in
from incognito_nb.ui.widgets.scoreboard import GameOver, Scoreboard
from incognito_nb.ui.pages.shared_table import TablePage, link, lobby_list, qr_code, with_query
from incognito_nb.ui.widgets.progress import (after_scores_label, drawing_room, next_reveal_label, start_round_label,
                                              title_line, who_is_done)
from incognito_nb.ui.widgets.takeaways import projected_chart
from incognito_nb.ui.widgets.teacher_files import CSS as TEACHER_FILES_CSS, SAME_DECK, TeacherFiles
from incognito_nb.ui.widgets.text import markup, safe
from incognito_nb.ui.choices import timer_choices
from incognito_nb.ui.i18n import Language
from incognito_nb.ui.widgets.timer import DrawingTimer, PauseButton
from incognito_nb.ui.pages.table_timer import TableTimer
from incognito_nb.ui.widgets.toggle import PressedState, projector_label

log = logging.getLogger(__name__)


def offers_end_phase(game: Game | None) -> bool:
    """Checks if the teacher is offered End phase now: while the class draws or finds, and in
    the reveal, where it skips the drawings not yet shown (:func:`end_phase_label`).  At the
    scoreboard and between rounds Next does what it would; at the game over nothing is left."""
    if game is None:
        return False
    if game.phase is Phase.SCORE:
        return game.reveal_step < len(game.players)
    return game.phase in (Phase.HIDE, Phase.FIND)


def end_phase_label(game: Game | None, lang: Language) -> str:
    """Returns End phase's words: in the reveal it skips every drawing not yet shown.  It asks
    first (:class:`EndPhaseQuestion`): its words end in "…"."""
    return lang._("Skip to the scores…") if game is not None and game.phase is Phase.SCORE else lang._("End phase now…")


class TeacherPage(TableTimer, TablePage):
    """The teacher's page: create a table (without ``code``) or show table ``code``.

    ``teacher_key`` enables the teacher's buttons; without it the page only projects.
    ``student_url`` and ``teacher_url`` are the pages' addresses, used for the join and
    come-back links; ``decks`` are offered before the built-in decks; ``timer_seconds``
    is the drawing timer of table ``code`` (0: none).  With ``key_in_browser`` the
    browser keeps the key (the classroom server's cookie), so the come-back link holds
    none.  Everything shown is the projector's view (``player_view(None)``) plus the
    rounds already scored.  The page speaks ``language`` when it is given (``?lang=``),
    else the table's, else ``default_language``; a table created here remembers the
    page's language.  At the game over the projector shows the podium and the vocabulary
    chart (``vocabulary_chart(game, lang)`` makes it, a PNG; with ``dark=True``, for the dark
    theme); the teacher's desk (with the key; :mod:`.teacher_desk`) offers the files to
    download (``takeaway_files(game, lang)``, as in table mode) and Play again with this
    class, in one box of its own, :attr:`files_box` — never the projected page
    (:attr:`offers_files`).
    """

    #: Whether this page offers the teacher's files and Play again at the game over: the
    #: teacher's desk does; the projected page is only the show.
    offers_files = False

    def __init__(self, store: TableStore, *, code: str | None = None, teacher_key: str | None = None,
                 student_url: str = "student.ipynb", teacher_url: str = "teacher.ipynb",
                 decks: Sequence[Deck] = (), timer_seconds: int = 0, key_in_browser: bool = False,
                 language: str | None = None, default_language: str | None = None, projector: bool = True,
                 takeaway_files: Callable[[Game, Language], Mapping[str, bytes]] | None = None,
                 vocabulary_chart: Callable[..., bytes] | None = None,
                 this_computer_only: bool = False) -> None:
        super().__init__(store, TEACHER_FILES_CSS + QUESTION_CSS, language=language, default_language=default_language)
        self.takeaway_files, self.vocabulary_chart = takeaway_files, vocabulary_chart
        #: The teacher's box at the game over (files, Play again): under the stage, movable as one.
        self.files_box = widgets.VBox()
        self.files_box.add_class("inc-teacher-files-box")
        self.add_footer(self.files_box)
        self.decks = {f"own:{i}": deck for i, deck in enumerate(decks)}  # offered before the built-in ones
        self.teacher_key = teacher_key
        self.student_url, self.teacher_url = student_url, teacher_url
        #: The join link opens on this computer only (a server on 127.0.0.1): the lobby says how
        #: to let the class's devices in (app/addresses.py).
        self.this_computer_only = this_computer_only
        self.key_in_browser = key_in_browser
        self._shown: tuple | None = None  # which screen the stage holds: (round, phase, the reveal's step)
        self.room: widgets.HTML | None = None  # who is done, large, on the hide phase's screen (None on others)
        # The find screen built ahead in the hide phase, unseen, each board painted as its
        # student finishes (with the key only; None on other screens): FindLayout's ``ahead``.
        self.find_ahead: FindLayout | None = None
        self._again = False  # build the screen again though it shows the same (the language changed)
        # The drawing timer runs on this page (the one the class sees on the projector) and
        # ends the hide phase at zero; boards count as they stand, each stroke being saved.
        self.timer_seconds = max(0, int(timer_seconds))
        self.countdown: DrawingTimer | None = None
        # Pause timer / Resume timer: the table's pause (the desk has one too), shown in render.
        self._pause_offered = False  # the key, a timer and the hide phase (see _show_pause)
        self.pause_button = PauseButton(self.guarded(lambda paused, at: self.pause_timer(paused, at)),
                                        hand_focus=self.aria.hand_focus)
        self.end_phase_button = widgets.Button(icon="forward", button_style="warning")
        self.end_phase_button.add_class("inc-end-phase")
        self.end_phase_button.on_click(self.guarded(lambda _=None: self.ask_end_phase(self.end_phase_button)))
        # Ending a phase cannot be undone, for the whole class: End phase asks first, in place.
        self.end_question = EndPhaseQuestion(self.guarded(lambda at: self.end_phase(at=at)))
        self.end_question.hand_focus = self.aria.hand_focus
        # What must not be projected (the come-back link, new seat links: they hold a key or a
        # token; the Remove buttons) lives on the teacher's desk (teacher_desk.py), a second
        # page the projected one links to: the projected page holds none of it.
        self.desk_link = markup("", "inc-open-desk")
        # The projected page is read by a whole class: large type, strong contrast, every
        # phase on one screen (the dashboard's projector mode). On by default; off for a laptop.
        self.projector_button = widgets.ToggleButton(value=projector, icon="television",
                                                     layout=widgets.Layout(width="auto"))
        self.projector_button.add_class("inc-projector-toggle")
        self.projector_button.observe(lambda change: self.set_projector(bool(change["new"])), "value")
        # aria-pressed on the toggle, and ?projector=0 in the page's address once turned off: a reload keeps it.
        self.projector_state = PressedState(pressed=projector, address="projector",
                                            on_asked=lambda on: setattr(self.projector_button, "value", on))
        # One row: the page shows as much of the game as the screen holds.
        self.teacher_bar = widgets.HBox([self.end_phase_button, self.end_question, self.pause_button,
                                         self.projector_button, self.projector_state, self.desk_link])
        self.teacher_bar.add_class("inc-teacher")
        self.teacher_bar.add_class("inc-teacher-row")
        self.teacher_bar.layout.display = "none"
        self.progress = markup("", "inc-progress")
        # The projected picture holds no control at rest, and a clicker's "next" moves the show on.
        self.show_controls = ShowControls()
        self.add_bars(self.show_controls, self.teacher_bar, self.progress)
        self.add_class("inc-show")  # the projected page: projector.css sizes each phase to the screen
        self._label_bar()
        self.set_projector(projector)
        if code is None:
            self.show_create_form()
        else:
            self.guarded(self.follow)(code)

    # ---------------------------------------------------------------- the page's language
    def choose_language(self, code: str) -> None:
        """Shows the page in the language ``code``; with the teacher's key, the table keeps
        it too, for the students' pages that did not choose their own."""
        super().choose_language(code)
        if self.teacher_key is not None and self.code is not None:
            self.store.set_language(self.code, self.teacher_key, self.lang.code)

    def relabel(self, *, render: bool = True) -> None:
        """Builds the page again in its language, keeping what the create form holds."""
        self._label_bar()
        self._again = True
        if not render:
            return
        if self.snapshot is not None:
            self.render()
        elif hasattr(self, "deck_choice"):
            chosen = (self.deck_choice.value, self.rounds_choice.value, self.timer_choice.value)
            self.show_create_form()
            self.deck_choice.value, self.rounds_choice.value, self.timer_choice.value = chosen

    def show_projector(self, on: bool) -> None:
        """Shows projector mode on the teacher's toggle: its words say on or off, and so
        does its ``aria-pressed``."""
        self.projector_button.value = on
        self.projector_button.description = self.projector_button.tooltip = projector_label(on, self.lang)
        self.projector_state.pressed = on

    # ---------------------------------------------------------------- creating
    def _label_bar(self) -> None:
        """Writes the teacher's bar in the page's language."""
        lang = self.lang
        self.end_question.withdraw()  # asked in the other language
        self.end_phase_button.description = end_phase_label(self.snapshot.game if self.snapshot else None, lang)
        # A toggle with no tooltip is titled "null" by ipywidgets (docs/platform-notes.md).
        self.projector_button.description = self.projector_button.tooltip = projector_label(
            self.projector_button.value, lang)

    def show_create_form(self) -> None:
        """Shows the form that creates a table: a deck and a number of rounds."""
        lang = self.lang
        self.header.value = safe(lang._("Incognito · a new table for your class"))
        own = [(deck.name, key) for key, deck in self.decks.items()]
        # Each label with a tooltip of its own: without one, ipywidgets titles it "null" (docs/platform-notes.md).
        self.deck_choice = widgets.Dropdown(options=own + [(Deck.builtin(n).name, n) for n in Deck.builtin_names()],
                                            description=lang._("Deck"), tooltip=lang._("Deck"))
        self.deck_choice.add_class("inc-deck")
        self.rounds_choice = widgets.BoundedIntText(value=3, min=1, max=20, description=lang._("Rounds"),
                                                    tooltip=lang._("Rounds"))
        self.rounds_choice.add_class("inc-rounds")
        self.timer_choice = widgets.Dropdown(options=timer_choices(lang), value=0, description=lang._("Drawing timer"),
                                             tooltip=lang._("Drawing timer"))
        self.timer_choice.add_class("inc-timer")
        create = widgets.Button(description=lang._("Create a table"), button_style="primary", icon="plus")
        create.add_class("inc-create")
        create.on_click(self.guarded(lambda _=None: self.create(
            self.decks.get(self.deck_choice.value) or Deck.builtin(self.deck_choice.value),
            Rules(rounds=int(self.rounds_choice.value)), timer_seconds=int(self.timer_choice.value))))
        form = widgets.VBox([self.deck_choice, self.rounds_choice, self.timer_choice, create])
        form.add_class("inc-create-form")
        self.set_stage([form])

    def create(self, deck: Deck, rules: Rules | None = None, *, timer_seconds: int = 0) -> str:
        """Creates a table with ``deck`` and ``rules``, shows it and returns its join code.

        ``timer_seconds`` (0: none) is the drawing time this page counts down in each hide phase.
        """
        self.timer_seconds = max(0, int(timer_seconds))
        keys = self.store.create_table(deck, rules, language=self.lang.code)
        self.teacher_key = keys.teacher_key
        self.follow(keys.code)
        return keys.code

    @property
    def join_url(self) -> str:
        """Returns the link students open to join this table."""
        return with_query(self.student_url, code=self.code)

    @property
    def teacher_link(self) -> str:
        """Returns the link that brings the teacher back to this table: with the key, unless
        the browser keeps it (``key_in_browser``)."""
        if self.key_in_browser:
            return with_query(self.teacher_url, code=self.code)
        return with_query(self.teacher_url, code=self.code, key=self.teacher_key or "")

    # ---------------------------------------------------------------- showing
    def update(self, changes) -> None:
        """Shows the moves since the last screen: strokes only move the "who is done"
        chips (the boards stay with their artists until the find phase)."""
        game = self.snapshot.game
        if game is not None and self.strokes_only(changes) and (self._shown or ())[:2] == (game.round, game.phase):
            self._show_who_is_done(game.progress())
            return
        self.render()

    def _show_who_is_done(self, view: dict[str, Any]) -> None:
        """Shows who is done: while the class draws, large on the stage (the room); else as
        chips in the top bar."""
        drawing = view["phase"] == Phase.HIDE.value
        self.progress.value = "" if drawing else who_is_done(view, self.lang, short=True)
        if drawing and self.room is not None:
            self.room.value = drawing_room(view, self.lang)

    def render(self) -> None:
        """Shows the table as the projector may see it."""
        self.follow_table_language()
        snapshot = self.snapshot
        lang = self.lang
        view = snapshot.view(None, drawings=False)
        teacher = self.teacher_key is not None
        self.teacher_bar.layout.display = "" if teacher else "none"
        self.end_phase_button.layout.display = "" if offers_end_phase(snapshot.game) else "none"
        if teacher:
            # Short on the bar (a projected page keeps its top to one row); the title says where to open it.
            tip = html.escape(lang._("Open it in another window, on your own screen, not on the projector"), quote=True)
            self.desk_link.value = link(self.desk_url, lang._("Teacher's desk")).replace("<a ", f'<a title="{tip}" ', 1)
        if not view["started"]:
            self._render_lobby(view)
            return
        game, public = snapshot.game, view["game"]
        phase = game.phase
        self.header.value = safe(lang._("{title} · table {code}", title=title_line(public, lang), code=snapshot.code))
        self._show_who_is_done(public)
        self.end_phase_button.disabled = phase is Phase.OVER
        if teacher and phase in (Phase.HIDE, Phase.FIND) and not game.waiting:  # everyone finished
            self._auto_advance()
            return
        shown = (game.round, phase, game.reveal_step)
        if shown == self._shown and not self._again:
            self._show_pause(game)  # the table's pause, pressed here or on the desk
            if self.find_ahead is not None:
                self.find_ahead.paint_ahead(game)  # a student who finished: their board, painted unseen
            return  # nothing the projector shows has changed (a student drew a stroke)
        # In another language, the same screen again: its countdown goes on where it stood.
        again = self._again and shown == self._shown and self.countdown is not None
        left = self.countdown.left if again else None
        renew = shown != self._shown
        self._shown, self._again = shown, False
        self._stop_timer()
        self.room = None  # closed with the screen it is on
        ahead, self.find_ahead = self.find_ahead, None  # kept only if this screen is its find screen
        unveil = None
        if phase is Phase.HIDE:
            self.room = markup(drawing_room(public, lang), "inc-room-box")
            screen = [markup(safe(lang._("Students are drawing on their own devices.")), "inc-waiting")]
            if teacher and self.timer_seconds:
                game, self.countdown = self._countdown(game, left, lang)  # the table's time left
                screen.append(self.countdown)
            screen.append(self.room)  # a Done or a stroke changes its text only
            if teacher:
                # The find screen, first in the stage (a box keeps the views of its first
                # children that stay), laid out over it unseen: each finished board is painted
                # now, not when the whole class waits for the find screen.
                self.find_ahead = FindLayout(game, lang=lang, fit=True, ahead=True)
                screen.insert(0, self.find_ahead)
        elif phase is Phase.FIND:
            if ahead is not None and ahead.round == game.round:  # laid out in this round's hide phase
                ahead.fill(game)  # the boards that changed since, the line-up: still unseen
                screen, unveil = [ahead], ahead.unveil
            else:
                screen = [FindLayout(game, lang=lang, fit=True)]  # the projector's boards: painted at the size shown
        elif phase is Phase.SCORE:
            screen = self._score_screen()
        elif phase is Phase.PREPARE:
            screen = [Scoreboard(game, lang=lang), self._next_button(start_round_label(game.round + 1, lang), self.next)]
        else:
            screen = [GameOver(game, lang=lang, under_podium=projected_chart(game, self.vocabulary_chart, self.lang))]
        self._show_pause(game)
        self.set_stage(screen)
        if unveil is not None:  # the stage holds the find screen alone: show it where it was laid out
            unveil()
        if renew:  # after the screen: its messages reach the projector first, the bar's button after them
            self._renew_end_phase(shown)

    # ---------------------------------------------------------------- the game over
    def _show_teacher_files(self, game: Game | None) -> None:
        """Shows the teacher's files and Play again for the finished ``game`` (None: none),
        on a page that offers them (:attr:`offers_files`) with the teacher's key."""
        if game is None or not self.offers_files or self.teacher_key is None:
            self._replace_children(self.files_box, [])
            return
        decks = [(deck.name, key) for key, deck in self.decks.items()]
        decks += [(Deck.builtin(name).name, name) for name in Deck.builtin_names()]
        box = TeacherFiles(game, self.takeaway_files, deck_name=self.snapshot.deck_name, decks=decks,
                           on_play_again=self.guarded(self.play_again), lang=self.lang,
                           prefix=f"{dt.date.today().isoformat()} {self.code} ")  # this week's, this table's
        self._replace_children(self.files_box, [box])

    def play_again(self, deck: str = SAME_DECK) -> None:
        """Deals a new game to the same seats (every phone follows by itself): with the
        table's deck (:data:`SAME_DECK`), or one this page offers (an own deck's key or a
        built-in deck's name)."""
        chosen = None if deck == SAME_DECK else self.decks.get(deck) or Deck.builtin(deck)
        self.store.play_again(self.code, self.teacher_key, chosen)
        self.refresh()

    def _render_lobby(self, view: dict[str, Any]) -> None:
        lang = self.lang
        self.header.value = safe(lang._("Incognito · join the table"))
        self.progress.value = ""
        count = len(view["players"])
        if self._shown != ("lobby",) or self._again:
            self._shown, self._again = ("lobby",), False
            code = markup(safe(self.code), "inc-join-code")
            join = markup(lang._("Join at {link}", link=link(self.join_url)), "inc-join-url")
            qr = markup(qr_code(self.join_url, lang), "inc-qr")
            facts = [code, join, markup(self.table_facts(), "inc-table-facts")]
            seated = self.class_names()
            if seated:  # a class's table: its students see whether the code on the screen is theirs
                facts.insert(2, markup(safe(lang._("This table is for {names}.", names=lang.names(seated))),
                                       "inc-table-names"))
            if self.this_computer_only:
                # The catalogue's sentence (trusted markup, as "Join at {link}"), the option whole on its line.
                facts.insert(2, markup(lang._(
                    "This link opens on this computer only: on a student's phone it would mean the phone "
                    "itself. Start the classroom server with {option} to let the class's devices in.",
                    option='<code class="inc-option">--host 0.0.0.0</code>'), "inc-join-local"))
            panel = widgets.HBox([widgets.VBox(facts), qr])
            panel.add_class("inc-join-panel")
            self.lobby = markup("", "inc-lobby")
            parts: list[widgets.Widget] = [panel, self.lobby]
            if self.teacher_key is not None:
                self.start_button = widgets.Button(description=lang._("Start the game"), button_style="success",
                                                   icon="play")
                self.start_button.add_class("inc-start")
                self.start_button.on_click(self.guarded(lambda _=None: self.start()))
                parts.append(self.start_button)
            self.set_stage(parts)
        self.lobby.value = lobby_list(view["players"], lang)
        if self.teacher_key is not None:
            self.start_button.disabled = not MIN_PLAYERS <= count <= MAX_PLAYERS

    def class_names(self) -> tuple[str, ...]:
        """Returns the first names a table made for a class seats (none for any other table)."""
        try:
            return class_book_of(self.store).names_at(self.code) or ()
        except StoreError:  # the lobby shows the rest; the join door offers the names anyway
            return ()

    def table_facts(self) -> str:
        """Returns the table's deck, rounds and drawing timer, as the lobby shows them (HTML)."""
        lang, snapshot = self.lang, self.snapshot
        timer = dict((seconds, label) for label, seconds in timer_choices(lang)).get(self.timer_seconds,
                                                                                      str(self.timer_seconds))
        return safe(lang._("Deck: {deck} · rounds: {rounds} · drawing timer: {timer}", deck=snapshot.deck_name,
                           rounds=lang.number(snapshot.rules.rounds), timer=timer))

    @property
    def desk_url(self) -> str:
        """Returns the address of this table's teacher's desk (the controls not to project):
        with the key, unless the browser keeps it (``key_in_browser``)."""
        timer = {"timer": str(self.timer_seconds)} if self.timer_seconds else {}  # the desk pauses it
        if self.key_in_browser:
            return with_query(self.teacher_url, code=self.code, desk="1", **timer)
        return with_query(self.teacher_url, code=self.code, key=self.teacher_key or "", desk="1", **timer)

    def _player_button(self, text: str, icon: str, css: str, action) -> widgets.Button:
        button = widgets.Button(description=text, icon=icon, tooltip=text,
                                layout=widgets.Layout(width="auto"))
        button.add_class(css)
        button.on_click(self.guarded(lambda _=None: action()))
        return button

    @staticmethod
    def _replace_children(box: widgets.Box, children: list[widgets.Widget]) -> None:
        """Shows ``children`` in ``box``, closing the widgets it held but those in ``children``."""
        old = box.children
        box.children = children
        for widget in old:
            if widget not in children:
                widget.close()

    def _score_screen(self) -> list[widgets.Widget]:
        game, lang = self.snapshot.game, self.lang
        step = game.reveal_step  # the table's: every phone follows it
        if step < len(game.players):
            last = step == len(game.players) - 1
            # The drawing before's reveal, moved on in place (a Next builds no new screen); its
            # Next button is new, bound to this step, as a double click's second click must not move on twice.
            reveal = reveal_in(self.stage.children, game.history[-1], game.players[step],
                               seat_of=game.seat, lang=lang, deck_language=game.deck_language)
            return [reveal, self._next_button(next_reveal_label(last, lang), self.next_reveal)]
        final = game.round >= game.rules.rounds
        return [Scoreboard(game, lang=lang), self._next_button(after_scores_label(final, lang), self.next)]

    def _next_button(self, text: str, action) -> widgets.Button:
        """Returns a Next button: it moves the table on, so it needs the key."""
        button = shared.button(text, "inc-next", button_style="primary", icon="arrow-right",
                               disabled=self.teacher_key is None)
        at = self.shown_at()  # the screen it is on: a click that comes after the screen left it moves nothing
        button.on_click(self.guarded(lambda _=None: action(at=at)))
        return button

    # ---------------------------------------------------------------- the teacher's moves
    def start(self) -> None:
        """Deals the first round to the players who have joined (another teacher page may have done it first)."""
        try:
            self.store.start(self.code, self.teacher_key)
        except IllegalAction as error:
            if error.rule != "started":
                raise
            log.info("table %s: the game had already been started by another teacher page", self.code)
        self.refresh()

    def remove(self, name: str) -> None:
        """Removes ``name`` from the lobby (joined by mistake, or left before the start); a
        second press that reaches the kernel after the first (a double click on a slow link,
        before the button left the page) finds them gone, and changes nothing, unsaid."""
        try:
            self.store.remove_player(self.code, self.teacher_key, name)
        except IllegalAction as error:
            if error.rule != "unknown_player":
                raise
            log.info("table %s: %s was already removed", self.code, name)
        self.refresh()

    def next_reveal(self, at: dict | None = None) -> None:
        """Shows the reveal's next drawing, then the scoreboard, on the projector and every phone:
        from the screen ``at`` (:func:`~incognito_nb.engine.actions.position`), by default the one shown."""
        self._move_on(Action.reveal_next(at=at or self.shown_at()))

    def next(self, at: dict | None = None) -> None:
        """Moves the game on to its next phase, from the screen ``at``, by default the one shown."""
        self._move_on(Action.advance(at=at or self.shown_at()))

    def shown_at(self) -> dict | None:
        """Returns where the game stands on the screen this page shows (round, phase, the reveal's
        step), as the teacher's moves name it; ``None`` before the game."""
        shown = self._screen()
        return position(*shown) if shown is not None and len(shown) == 3 else None

    def _screen(self) -> tuple | None:
        return self._shown

    def _move_on(self, action: Action) -> None:
        """Sends a teacher's move made from the screen shown.  When another teacher page (or this
        one, clicked twice over a slow link) made it first, the engine refuses it (``moved_on``)
        and nothing changed: the page shows the table as it is, with no word to the class."""
        try:
            self.act(action, teacher_key=self.teacher_key)
        except IllegalAction as error:
            if error.rule != "moved_on":
                raise
            log.info("table %s: a move from a screen already left was refused: %s", self.code, unfilled(error))
            self.refresh()
            return
        self.render()

    def ask_end_phase(self, pressed: widgets.Button, at: dict | None = None) -> None:
        """Asks whether to end the phase of the screen ``at`` (by default the one shown), where
        End phase (``pressed``) was pressed; its Yes ends it (:class:`EndPhaseQuestion`)."""
        shown = self.shown_at()
        at = at or shown
        # A press on the button of a screen already left (a double click's second) asks nothing.
        if at is not None and at == shown and not pressed.disabled:
            self.end_question.ask_end(Phase(at["phase"]), at, pressed, self.lang)

    def end_phase(self, at: dict | None = None) -> None:
        """Ends the phase shown now (or the one ``at`` names): boards and cards count as they lie."""
        self._move_on(Action.advance(force=True, at=at or self.shown_at()))

    def _renew_end_phase(self, shown: tuple) -> None:
        """Puts a new End phase button in the bar for the new screen ``shown``, bound to it: the
        second click of a double click, sent before the browser showed the new screen, reaches
        the old button (closed, and bound to the screen left) and moves nothing."""
        old = self.end_phase_button
        # Whole in its first message (its own layout: it is shown and hidden), no update after it.
        new = shared.button(end_phase_label(self.snapshot.game, self.lang), "inc-end-phase", icon="forward",
                            button_style="warning", disabled=old.disabled,
                            layout=widgets.Layout(display=old.layout.display))
        at = position(*shown)
        new.on_click(self.guarded(lambda _=None: self.ask_end_phase(new, at=at)))
        self.end_question.withdraw()  # asked of the screen left: its Yes must not end this one
        self.teacher_bar.children = tuple(new if child is old else child for child in self.teacher_bar.children)
        self.end_phase_button = new
        old.close()

    def _auto_advance(self) -> None:
        """Moves on once every student is done, from the table as this page read it; another
        teacher page may have done it first (the engine then refuses this one: ``moved_on``)."""
        try:
            self.act(Action.advance(at=position_of(self.snapshot.game)), teacher_key=self.teacher_key)
        except IllegalAction as error:
            log.info("table %s: moving on by itself was refused: %s", self.code, unfilled(error))
            self.snapshot = self.store.read(self.code)
        self.render()

    # ---------------------------------------------------------------- the table's end
    def gone_message(self) -> Message:
        return Message(N_("This table no longer exists in the game store: it was deleted, or the store was restarted "
                          "without keeping its "
                          "games. Create a new table and give the class its new code; each student's page offers "
                          "their drawing as a picture to download."))

    def table_gone(self) -> None:
        """Says the table is gone and links to the new-table form; the teacher's buttons go."""
        if self.closed_because is not None:
            return
        super().table_gone()
        self._stop_timer()
        self.teacher_bar.layout.display = "none"
        self._show_teacher_files(None)
        new = markup(link(self.teacher_url, self.lang._("Create a new table")), "inc-new-table")
        self.stage.children = (new, *self.stage.children)
