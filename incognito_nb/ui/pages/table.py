"""The table-mode dashboard: one screen, one kernel, one :class:`Game`, a whole game.

A laptop passed around a group or a classroom projector plays every phase here: setup,
hiding behind a privacy curtain, finding, the reveal, the scoreboard and the podium.
The screen is re-rendered from the game after every action; the only state kept here is
what no rule cares about: whose card is open and the timer (where the reveal stands is
the game's).  Every action is saved at once, so a dead kernel loses nothing.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Callable, Mapping, Sequence

import ipywidgets as widgets

from incognito_nb.engine import Deck, Drawing, Game, IllegalAction, Phase, SaveError
from incognito_nb.engine.errors import N_
from incognito_nb.store import GameFolder
from incognito_nb.store.browser import PLACE as BROWSER_STORAGE, StorageFull
from incognito_nb.store.class_book import ClassBook
from incognito_nb.store.class_note import note_class, noted_class
from incognito_nb.ui import i18n
from incognito_nb.ui.i18n import DEFAULT_LANGUAGE, Language
from incognito_nb.ui.shell import PageShell
from incognito_nb.ui.pages.class_game import ClassRecordNote, classes_in
from incognito_nb.ui.widgets.class_setup import ClassSetupForm
from incognito_nb.ui.widgets.curtain import Curtain, secret_card_header
from incognito_nb.ui.widgets.find_phone import phone_find_screen
from incognito_nb.ui.widgets.gallery import FindLayout
from incognito_nb.ui.widgets.page_language import PageLanguage
from incognito_nb.ui.widgets.pad import DrawingPad
from incognito_nb.ui.widgets.progress import (after_scores_label, next_reveal_label, start_round_label, title_line,
                                              who_is_done)
from incognito_nb.ui.widgets.reveal import reveal_in
from incognito_nb.ui.widgets.scoreboard import GameOver, Scoreboard
from incognito_nb.ui.widgets.screen_size import ScreenSize
from incognito_nb.ui.widgets.setup_form import SetupForm
from incognito_nb.ui.widgets.takeaways import Takeaways, projected_chart
from incognito_nb.ui.widgets.end_phase_question import end_phase_warning, end_phase_yes
from incognito_nb.ui.widgets.teacher_bar import TeacherBar
from incognito_nb.ui.widgets.text import markup
from incognito_nb.ui.widgets.timer import DrawingTimer
from incognito_nb.ui.widgets.voting import VotePanel

log = logging.getLogger(__name__)


def language_class(code: str) -> str:
    """Returns the dashboard's CSS class for the language it speaks (``inc-lang-es``): the
    static site's loading screen stays until the dashboard speaks the page's ``?lang=``."""
    return f"inc-lang-{code.lower()}"


class TableApp(PageShell):
    """The whole dashboard for one table: build it and display it.

    ``folder`` is where the game is autosaved after every action (``None``: the default
    saves folder); ``deck`` preselects a deck in the setup form; ``language`` is the
    interface's (a code of :data:`~incognito_nb.ui.i18n.LANGUAGES`; the setup form changes
    it; it is independent of the deck's); ``takeaway_files(game, lang)`` makes the files
    offered for download after the game (file name to content); ``classes()`` opens the
    teacher's class book (``None``: there is none, and the setup form has no class menu):
    a game played for a class joins its record when it ends; ``vocabulary_chart(game, lang)``
    makes the chart shown under the podium at the game over (a PNG; with ``dark=True``, for
    the dark theme; ``None``: none), as the classroom's projected page shows it.
    """

    def __init__(self, *, folder: GameFolder | None = None, deck: Deck | None = None,
                 projector: bool = False, language: str = DEFAULT_LANGUAGE,
                 takeaway_files: Callable[[Game, Language], Mapping[str, bytes]] | None = None,
                 classes: Callable[[], ClassBook] | None = None,
                 vocabulary_chart: Callable[..., bytes] | None = None) -> None:
        lang = i18n.language(language)  # refused before anything is built
        self.folder = folder if folder is not None else GameFolder()
        self.deck = deck
        self.takeaway_files = takeaway_files
        self.vocabulary_chart = vocabulary_chart
        self.classes = classes
        self.class_name: str | None = None  # the class the game is played for
        self.class_record = ClassRecordNote(classes)
        self.game: Game | None = None
        self.timer_seconds = 0
        self.open_for: str | None = None  # the player whose card is open behind the curtain
        self.pad: DrawingPad | None = None
        self.countdown: DrawingTimer | None = None
        self.timer_paused = False
        self._find_layout: FindLayout | None = None
        self._said = ""
        self._refusal_said = ""  # the message line's refused autosave, taken back once a later save is kept
        self._save_now_pressed = 0  # only the last press of Save now says how its save went
        self._language_chosen = False  # by the setup form's menu: the page's ?lang= no longer counts

        super().__init__(lang=lang)
        self.add_class("inc-table-mode")  # table mode's own sizes (curtain.css)
        self.add_class(language_class(lang.code))
        self.progress = markup("", "inc-progress")
        self.teacher = TeacherBar(
            lang=lang,
            on_end_phase=self.guarded(self.end_phase),
            on_save=self.guarded(self.save_now),
            on_restart=self.guarded(self.restart),
            on_pause_toggle=self.toggle_pause,
            on_projector=self.set_projector,
        )
        self.teacher.hand_focus = self.aria.hand_focus
        self.folder.on_elsewhere(self._played_elsewhere)
        self.folder.on_save_problem(self.guarded(self._save_problem, keeps_message=True))
        self.add_bars(self.teacher, self.progress)
        # A phone passed round the table gets the find phase a student's phone has.
        self.screen = ScreenSize()
        self.screen.observe(self.guarded(self._screen_changed, keeps_message=True), "narrow")
        self.children = (*self.children[:2], self.screen, *self.children[2:])  # beside the page's title
        # A store in the browser's storage talks to the page through a widget of its own.
        store_widget = getattr(self.folder, "widget", None)
        if isinstance(store_widget, widgets.Widget):
            self.add_footer(store_widget)
        self.set_projector(projector)
        self.show_setup()

    # ---------------------------------------------------------------- screens
    def show_setup(self, *, players: Sequence[str] = ()) -> None:
        """Shows the setup form (with the saved game on offer, if there is one); ``players``
        (the game just over's, for New game) are seated again in their order, the drawing
        timer kept, and for a class's game its class chosen with them ticked."""
        self._stop_timer()
        self.game = None
        self.open_for = None
        options = dict(on_start=self.guarded(self.start), folder=self.folder, on_resume=self.guarded(self.resume),
                       deck=self.deck, on_language=self.guarded(self.choose_language), lang=self.lang)
        entries = classes_in(self.classes)
        form = ClassSetupForm(classes=self.classes, entries=entries, **options) if entries else SetupForm(**options)
        form.hand_focus = self.aria.hand_focus
        if players:
            if any(seconds == self.timer_seconds for _, seconds in form.timer_choice.options):
                form.timer_choice.value = self.timer_seconds
            if isinstance(form, ClassSetupForm) and any(entry.name == self.class_name for entry in entries):
                form.choose_class(self.class_name)
                for player in players:
                    form.tick(player, True)
            else:
                form.set_names(players)
        self.header.value = self.lang._("Incognito")
        self.set_stage([form])
        self.progress.value = ""
        self.teacher.enable_end_phase(False)
        self.teacher.enable_game(False)
        self.teacher.timer_running = False

    def use_deck(self, deck: Deck) -> None:
        """Preselects ``deck`` at setup from now on, in the setup form shown now too (the deck
        editor's table: a deck checked after the page opened)."""
        self.deck = deck
        form = next((w for w in self.stage.children if isinstance(w, SetupForm)), None)
        if self.game is None and form is not None:
            form.list_decks(deck)

    def choose_language(self, code: str) -> None:
        """Switches the interface language (kept for the whole game and the next) and shows setup again.

        :raises ValueError: if ``code`` is not one of :data:`~incognito_nb.ui.i18n.LANGUAGES`.
        """
        self._language_chosen = True
        self._switch_language(code)

    def follow_page_language(self) -> PageLanguage:
        """Makes the page speak the language its address asks for (``?lang=es``), heard from
        the browser, and returns the widget that listens (for the static site, whose kernel
        never sees the page's address: see :mod:`~incognito_nb.ui.widgets.page_language`).

        A language chosen in the menu before the page's is heard wins, and the page's own is
        taken once: a game under way is redrawn in it, never dealt again.
        """
        listener = PageLanguage(on_asked=self.guarded(self.follow_asked_language))
        self.children = (*self.children[:2], listener, *self.children[2:])  # beside the page's title
        return listener

    def follow_asked_language(self, code: str) -> None:
        """Switches to ``code``, the language the page's address asks for, unless the menu chose one."""
        if self._language_chosen or i18n.check_language(code) == self.lang.code:
            return
        self._switch_language(code)

    def _switch_language(self, code: str) -> None:
        said = language_class(self.lang.code)
        self.lang = i18n.language(code)
        self._find_layout = None  # built in the other language
        self.teacher.relabel(self.lang)
        if self.game is None:
            earlier = next((w for w in self.stage.children if isinstance(w, SetupForm)), None)
            self.show_setup()
            if earlier is not None:
                self.stage.children[0].carry_over(earlier)
        else:
            self.render()
        # Last: the static site's loading screen goes once the class says the new language.
        self.remove_class(said)
        self.add_class(language_class(self.lang.code))

    def start(self, game: Game, timer_seconds: int = 0, class_name: str | None = None) -> None:
        """Starts playing ``game`` with a drawing timer of ``timer_seconds`` (0: none), for the
        class ``class_name`` (``None``: for no class), whose record it joins when it ends."""
        self.game, self.timer_seconds = game, timer_seconds
        self.class_name = class_name
        if self.classes is not None:  # kept beside the autosave, for a resumed game
            note_class(self.folder, game, class_name)
        self.open_for = None
        self.render()
        self._save()  # after the screen: a large save must not delay what the table sees

    def resume(self, game: Game) -> None:
        """Carries on with a saved game, at the curtain of whoever's turn it is (for the class
        it was dealt for, if one is noted beside it)."""
        class_name = noted_class(self.folder, game) if self.classes is not None else None
        self.start(game, self.timer_seconds, class_name)

    def render(self) -> None:
        """Rebuilds the screen from the game."""
        game = self.game
        if game is None:
            self.show_setup()
            return
        phase = game.phase
        self.header.value = title_line(game.player_view(None), self.lang)
        self.teacher.enable_end_phase(phase is not Phase.OVER)
        self.teacher.enable_game(True)
        self.teacher.end_phase_yes = end_phase_yes(phase, self.lang)
        self.teacher.end_phase_warning = end_phase_warning(phase, self.lang)
        self.progress.value = who_is_done(self.game.progress(), self.lang, narrow=True)
        self._stop_timer()
        self.pad = None
        self._said = ""  # whose turn it is, said after the title (a curtain sets it)
        screens: dict[Phase, Callable[[], list[widgets.Widget]]] = {
            Phase.HIDE: self._hide_screen,
            Phase.FIND: self._find_screen,
            Phase.SCORE: self._score_screen,
            Phase.PREPARE: self._prepare_screen,
            Phase.OVER: self._over_screen,
        }
        self.set_stage(screens[phase](), said=self._said)

    def _waiting(self) -> str | None:
        """Returns the next player, in seating order, still to draw or vote."""
        return next(iter(self.game.waiting), None)

    def _curtain(self, player: str, task: str, button: str) -> Curtain:
        """Returns the curtain that waits for ``player``'s turn, saying ``task`` above
        ``button``; the page's live region says whose turn it is after the title."""
        curtain = Curtain(player, self.game.seat(player), task=task, button=button,
                          on_open=self.guarded(lambda: self.open_card(player)), lang=self.lang)
        self._said = curtain.said
        return curtain

    # ---------------------------------------------------------------- hide
    def _hide_screen(self) -> list[widgets.Widget]:
        game = self.game
        if self.open_for is None:
            player = self._waiting()
            return [self._curtain(player, self.lang._("Draw your secret object hidden in your location, so that "
                                                      "some — but not all — of the others can find it."),
                                  self.lang._("I am {player}: show my card", player=player))]
        player = self.open_for
        self.pad = DrawingPad(game.drawing(player), location=game.location(player),
                              on_change=self._guarded_change(player), lang=self.lang)
        # As wide as the card column: the default width (148 px) cuts it to "Done — hide my…".
        done = widgets.Button(description=self.lang._("Done — hide my card"), button_style="success", icon="check",
                              layout=widgets.Layout(width="100%"))
        done.add_class("inc-done")
        done.on_click(self.guarded(lambda _=None: self.finish_drawing(player)))
        parts = [secret_card_header(game.secret_object(player), game.location(player), self.lang,
                                    deck_language=game.deck_language)]
        if self.timer_seconds:
            self.countdown = DrawingTimer(self.timer_seconds, on_zero=self.guarded(lambda: self.finish_drawing(player)),
                                          lang=self.lang)
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
            raise IllegalAction(N_("It is not {player}'s turn."), rule="turn", player=player)
        self.open_for = player
        self.render()

    def _guarded_change(self, player: str) -> Callable[[Drawing], None]:
        def changed(drawing: Drawing) -> None:
            self.game.update_drawing(player, drawing)
            # The chips count each stroke as it is drawn (they said "✎ drawing" until Done or a reload).
            self.progress.value = who_is_done(self.game.progress(), self.lang, narrow=True)
            self._save()
        return self.guarded(changed)

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
        if self.screen.narrow:
            self._find_layout = None  # closed as it leaves the stage
            return self._phone_find_screen()
        if self._find_layout is None or self._find_layout.round != game.round:
            self._find_layout = FindLayout(game, lang=self.lang)
        if self.open_for is None:
            turn = self._find_curtain()
        else:
            turn = VotePanel(game, self.open_for, on_change=self._save,
                             on_confirm=self.guarded(self.finish_voting), lang=self.lang)
        self._find_layout.show_turn(turn)
        return [self._find_layout]

    def _find_curtain(self) -> Curtain:
        player = self._waiting()
        return self._curtain(player, self.lang._("Place a card in front of every other drawing: the number of "
                                                 "the object you think is hidden in it."),
                             self.lang._("I am {player}: show my cards", player=player))

    def _phone_find_screen(self) -> list[widgets.Widget]:
        """Returns the find screen of one phone passed round: the curtain alone, then the
        voter's line-up and the other drawings one at a time, each with its card row, as on
        a student's phone (:class:`~incognito_nb.ui.widgets.find_phone.PhoneFind`)."""
        if self.open_for is None:
            return [self._find_curtain()]
        screen, _cards = phone_find_screen(self.game, self.open_for, self.game.lineup, on_change=self._save,
                                           on_confirm=self.guarded(self.finish_voting), lang=self.lang)
        return [screen]

    def _screen_changed(self, change: dict) -> None:
        """Lays the page out again for the window the browser now has (a phone turned).

        A phone's window leaves projector mode (``--theme dark`` starts in it): sized for a
        projected screen, the pad was 74 px wide on a 360-px phone.  (The bar's toggle is
        not shown on a phone; a wider window can turn it on again.)"""
        if change["new"] and self.projector:
            self.set_projector(False)
        if self.game is not None and self.game.phase is Phase.FIND:
            self.render()

    def finish_voting(self) -> None:
        """Closes the voter's cards once confirmed, and scores when everyone has."""
        self.open_for = None
        if not self._waiting():
            self.game.advance()
        self.render()
        self._save()  # after the screen: a large save must not delay what the table sees

    # ---------------------------------------------------------------- score and after
    def _next_button(self, text: str, action: Callable[[], None]) -> widgets.Button:
        button = widgets.Button(description=text, button_style="primary", icon="arrow-right")
        button.add_class("inc-next")
        button.on_click(self.guarded(lambda _=None: action()))
        return button

    def _score_screen(self) -> list[widgets.Widget]:
        game = self.game
        record = game.history[-1]
        step = game.reveal_step  # the game's own: a saved game resumes at its drawing
        if step < len(game.players):
            artist = game.players[step]
            last = step == len(game.players) - 1
            # The drawing before's reveal, moved on in place: a Next builds no new screen, and
            # the title stays: the page says the drawing shown.
            reveal = reveal_in(self.stage.children, record, artist, seat_of=game.seat, lang=self.lang,
                               deck_language=game.deck_language)
            self._said = reveal.label
            return [reveal, self._next_button(next_reveal_label(last, self.lang), self.next_reveal)]
        final = game.round >= game.rules.rounds
        return [Scoreboard(game, lang=self.lang), self._next_button(after_scores_label(final, self.lang), self.advance)]

    def next_reveal(self) -> None:
        """Moves the reveal on to the next drawing, then to the scoreboard."""
        self.game.reveal_next()
        self.render()
        self._save()  # where the reveal stands is the game's: a reload comes back to it

    def advance(self) -> None:
        """Moves the game on to its next phase (the table's own "next" button)."""
        self.game.advance()
        self.open_for = None
        self.render()
        self._save()  # after the screen: a large save must not delay what the table sees

    def _prepare_screen(self) -> list[widgets.Widget]:
        game = self.game
        note = markup(self.lang._("Round {round} is scored. Boards are cleared and the used cards discarded; "
                                  "round {next} deals new objects and locations.", round=game.round,
                                  next=game.round + 1), "inc-prepare")
        return [note, Scoreboard(game, lang=self.lang),
                self._next_button(start_round_label(game.round + 1, self.lang), self.advance)]

    def _over_screen(self) -> list[widgets.Widget]:
        # As wide as its words: ipywidgets' 148 px read "Nouvelle p…" in projector type.
        again = widgets.Button(description=self.lang._("New game"), button_style="primary", icon="refresh",
                               layout=widgets.Layout(width="auto"))
        again.add_class("inc-new-game")
        again.on_click(self.guarded(lambda _=None, players=self.game.players: self.show_setup(players=players)))
        # The chart under the podium, in sight on a projected screen: the files' tall chart, shown
        # under the downloads, stood 900 px under a 720p screen's bottom.
        chart = projected_chart(self.game, self.vocabulary_chart, self.lang)
        extras = ([Takeaways(self.game, self.takeaway_files, lang=self.lang, chart=not chart)]
                  if self.takeaway_files is not None else [])
        joined = self.class_record.join(self.game, self.class_name, self.lang)  # once: the store keeps a game once
        return [GameOver(self.game, joined + extras + [again], lang=self.lang, under_podium=chart)]

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
        self.open_for = None
        self.render()
        self._save()  # after the screen: a large save must not delay what the table sees

    def save_now(self) -> None:
        """Saves the game now and says so once the save is kept: the browser's storage answers a
        moment later, and until then the teacher reads that it is saving, never "Saved"."""
        if self.game is None:
            self.teacher.say(self.lang._("Nothing to save yet: start a game first."))
            return
        self._save_now_pressed += 1
        press, answered = self._save_now_pressed, []

        def kept(problem: SaveError | None) -> None:
            answered.append(problem)
            if press == self._save_now_pressed:  # a later press speaks for itself
                self._say_save_now(problem)

        self.folder.save(self.game, then=self.guarded(kept, keeps_message=True))
        if not answered:  # the static site's storage: its answer comes later (a folder on disk answers at once)
            self.teacher.say(self.lang._("Saving in this browser's storage…"))

    def _say_save_now(self, problem: SaveError | None) -> None:
        if problem is not None:
            self.teacher.say(self.lang.error(problem))
            return
        time, where = f"{datetime.now():%H:%M}", self.folder.path
        if where == BROWSER_STORAGE:  # the static site's saves: a place said in words, not a folder
            self.teacher.say(self.lang._("Saved at {time} in this browser's storage.", time=time))
            return
        self.teacher.say(self.lang._("Saved at {time} in {folder}.", time=time, folder=str(where)))

    def restart(self) -> None:
        """Leaves this game (it stays saved) and goes back to setup."""
        self._save()
        self.show_setup()

    def show_projector(self, on: bool) -> None:
        """Shows projector mode on the teacher's bar's toggle."""
        self.teacher.projector = on

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
        super().close()

    # ---------------------------------------------------------------- plumbing
    def _stop_timer(self) -> None:
        if self.countdown is not None:
            self.countdown.stop()
            self.countdown = None
        self.teacher.timer_running = False

    def set_stage(self, children: list[widgets.Widget], *, said: str = "") -> None:
        """Shows ``children``, closing every widget that leaves the screen (and its secrets)."""
        if self._find_layout is not None and id(self._find_layout) not in set(map(id, children)):
            self._find_layout = None  # closed with the rest of the old screen
        super().set_stage(children, said=said)

    def _played_elsewhere(self) -> None:
        self.report(self.lang._("This site is open in another tab of this browser, which saves a game too: "
                                "play in one tab only and close the others, or each tab's saves replace the other's."))

    def _save(self) -> None:
        if self.game is None:
            return
        try:
            self.folder.save(self.game)
        except SaveError as error:
            self._save_problem(error)

    def _save_problem(self, error: SaveError | None) -> None:
        """Says an autosave refused, when it is refused (the browser's storage says so a moment
        after the save), and takes it back once a later save is kept (``error`` None)."""
        if error is None:
            if self._refusal_said and self.message.value == self._refusal_said:
                self.report("")
            return
        if isinstance(error, StorageFull):  # its sentence says the game goes on, and what to do
            self.report(self.lang.error(error))
        else:
            self.report(self.lang._("Autosave failed: {error} The game goes on; use “Save now” once fixed.",
                                    error=self.lang.error(error)))
        self._refusal_said = self.message.value

    @property
    def language(self) -> str:
        """The code of the interface language (``"es"``)."""
        return self.lang.code
