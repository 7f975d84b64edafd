"""The teacher's bar: the few controls that must stay in reach whatever the screen shows.

A classroom game runs on one person's authority: the teacher pauses the timer, ends a
phase that drags on, saves, or abandons the game.  Two of those cannot be undone, so
they ask first, in place, in words that say what will happen.  The bar only reports the
teacher's decisions through its callbacks; it keeps no game state.  A callback that
fails is reported on the bar itself, because an error that reaches only the kernel log
is an error nobody in the classroom sees.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable, Optional

import ipywidgets as widgets
from traitlets import Bool, Unicode, observe

from incognito_nb.engine.errors import N_
from incognito_nb.ui.guard import Guard
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.aria import focus_at_once
from incognito_nb.ui.widgets.end_phase_question import Question
from incognito_nb.ui.widgets.text import markup, safe
from incognito_nb.ui.widgets.toggle import PressedState, projector_label
from incognito_nb.ui.sheets import read_sheet


CSS = read_sheet(__file__, "teacher_bar.css")


class TeacherBar(widgets.HBox):
    """Pause or resume the timer, end the phase, save, restart; and a line to say what happened.

    ``on_end_phase``, ``on_save`` and ``on_restart`` take no arguments;
    ``on_pause_toggle`` takes none and returns whether the timer is now paused.
    Ending the phase and restarting happen only after the teacher confirms.  The bar
    speaks ``lang`` (:meth:`relabel` changes it).
    """

    timer_running = Bool(False, help="Whether a timer runs, so that Pause has something to pause.")
    paused = Bool(False, help="Whether the timer is paused; the pause button's label follows it.")
    projector = Bool(False, help="Whether projector mode (large type, high contrast) is on.")
    end_phase_warning = Unicode(
        "",
        help="The question asked before ending the current phase; set it when the phase changes "
             "('' asks the general question).",
    )
    end_phase_yes = Unicode("", help="The answer that ends it, as the question asks ('' says \"Yes, end it\").")
    #: Hands the keyboard's focus on after a press: the page's ``PageAria.hand_focus``, on a page.
    hand_focus = staticmethod(focus_at_once)

    def __init__(
        self,
        *,
        on_end_phase: Callable[[], Any],
        on_save: Callable[[], Any],
        on_restart: Callable[[], Any],
        on_pause_toggle: Callable[[], bool],
        on_projector: Optional[Callable[[bool], Any]] = None,
        lang: Optional[Language] = None,
        **kwargs: Any,
    ) -> None:
        self.lang = lang or language()
        self.on_end_phase = on_end_phase
        self.on_save = on_save
        self.on_restart = on_restart
        self.on_pause_toggle = on_pause_toggle
        self.on_projector = on_projector
        self._pending: Optional[str] = None  # the action last asked about: "end_phase" or "restart"
        self._status_text = ""
        self._said = 0  # counts say() calls, to know if a callback spoke for itself

        self.pause_button = self._button("pause", "inc-pause")
        self.end_phase_button = self._button("forward", "inc-end-phase")
        self.save_button = self._button("save", "inc-save")
        self.restart_button = self._button("undo", "inc-restart")
        self.projector_button = self._button("television", "inc-projector-toggle")
        # The toggle's aria-pressed, and ?projector= in the page's address: a reload keeps it.
        self.projector_state = PressedState(address="projector", on_asked=lambda on: self._projector_asked(on))
        self.confirm_box = Question()
        self.confirm_text, self.confirm_yes, self.confirm_no = (
            self.confirm_box.text, self.confirm_box.yes_button, self.confirm_box.no_button)
        self.status = markup("", "inc-teacher-status")
        super().__init__(
            [self.pause_button, self.end_phase_button, self.save_button, self.restart_button,
             self.projector_button, self.projector_state, self.confirm_box, self.status],
            **kwargs,
        )
        self.add_class("inc-teacher")
        self.relabel()

        self.pause_button.on_click(lambda _: self.toggle_pause())
        self.end_phase_button.on_click(lambda _: self.ask_end_phase())
        self.save_button.on_click(lambda _: self.save())
        self.restart_button.on_click(lambda _: self.ask_restart())
        self.projector_button.on_click(lambda _: self.toggle_projector())

    def relabel(self, lang: Optional[Language] = None) -> None:
        """Writes the buttons' labels in ``lang`` (the bar's language until then), after a language change."""
        self.lang = lang = lang or self.lang
        self.end_phase_button.description = lang._("End phase now…")
        self.save_button.description = lang._("Save now")
        self.restart_button.description = lang._("Restart…")
        self._show_pause()
        self._show_projector()
        self.confirm_box.withdraw()  # a question asked in the other language

    @staticmethod
    def _button(icon: str, css_class: str, style: str = "") -> widgets.Button:
        button = widgets.Button(icon=icon, button_style=style,
                                layout=widgets.Layout(width="auto"))
        button.add_class(css_class)
        return button

    # ------------------------------------------------------------- reading
    @property
    def status_text(self) -> str:
        """The status line as plain text."""
        return self._status_text

    @property
    def asking(self) -> Optional[str]:
        """The action awaiting confirmation ("end_phase" or "restart"), or None."""
        return self._pending if self.confirm_box.asking else None

    # ------------------------------------------------------------ speaking
    def say(self, text: str) -> None:
        """Shows ``text`` (plain, escaped here) in the status line."""
        self._said += 1
        self._status_text = str(text)
        self.status.value = f'<span role="status">{safe(text)}</span>' if text else ""

    def enable_end_phase(self, enabled: bool) -> None:
        """Enables or disables "End phase now" (off when no phase can be ended: setup, game over),
        and shows it only when enabled: greyed out, it sat first on the bar with nothing to end."""
        self._offer(self.end_phase_button, enabled)
        if not enabled and self.asking == "end_phase":
            self.confirm_box.withdraw()

    def enable_game(self, playing: bool) -> None:
        """Shows "Save now" and "Restart…" only while there is a game: on the setup form they
        had nothing to save, and "Restart" built the form again, without the names typed."""
        for button in (self.save_button, self.restart_button):
            self._offer(button, playing)
        if not playing and self.asking == "restart":
            self.confirm_box.withdraw()

    @staticmethod
    def _offer(button: widgets.Button, offered: bool) -> None:
        """Shows and enables ``button``, or hides and disables it (its presses then refused)."""
        button.disabled = not offered
        button.layout.display = "" if offered else "none"  # not None: see setup._show

    # ---------------------------------------------------------------- timer
    @observe("timer_running", "paused")
    def _show_pause(self, change: Optional[dict] = None) -> None:
        self._offer(self.pause_button, self.timer_running)
        self.pause_button.description = self.lang._("Resume timer") if self.paused else self.lang._("Pause timer")
        self.pause_button.icon = "play" if self.paused else "pause"

    def toggle_pause(self) -> None:
        """Pauses a running timer, or resumes a paused one, through ``on_pause_toggle``."""
        if not self.timer_running:  # a hidden button can still be clicked from the browser
            return
        ok, paused = self._call(self.on_pause_toggle, N_("Could not pause or resume the timer: {error}"))
        if ok:
            self.paused = bool(paused) if isinstance(paused, bool) else not self.paused

    # ------------------------------------------------------------ projector
    @observe("projector")
    def _show_projector(self, change: Optional[dict] = None) -> None:
        # The words say the state, the same words as on the classroom's teacher page.
        self.projector_button.description = self.projector_button.tooltip = projector_label(self.projector, self.lang)
        self.projector_button.button_style = "info" if self.projector else ""
        self.projector_state.pressed = self.projector

    def _projector_asked(self, on: bool) -> None:
        if on != self.projector:  # the page's address asks for the other state (the static site)
            self.toggle_projector()

    def toggle_projector(self) -> None:
        """Switches projector mode (large type, high contrast) on or off, through ``on_projector``."""
        wanted = not self.projector
        if self.on_projector is not None:
            ok, _ = self._call(lambda: self.on_projector(wanted), N_("Could not switch projector mode: {error}"))
            if not ok:
                return
        self.projector = wanted

    # ------------------------------------------------------- confirmations
    def ask_end_phase(self) -> None:
        """Asks the teacher to confirm ending the current phase."""
        if self.end_phase_button.disabled:
            return
        self._ask("end_phase", self.end_phase_warning
                  or self.lang._("End this phase now? Unfinished work counts as it stands."),
                  self.end_phase_yes or self.lang._("Yes, end it"))

    def ask_restart(self) -> None:
        """Asks the teacher to confirm abandoning the game for the setup form."""
        if self.restart_button.disabled:  # a hidden button can still be clicked from the browser
            return
        self._ask("restart", self.lang._("Abandon this game and go back to setup? It stays in the saves folder."),
                  self.lang._("Yes, go to setup"))

    def _ask(self, action: str, question: str, yes: str) -> None:
        self._pending = action
        self.confirm_box.hand_focus = self.hand_focus  # the page's, given after the bar was made
        self.confirm_box.ask(question, yes, self.lang._("Cancel"), self._asking_button(),
                             lambda: self._carry_out(action))

    @observe("end_phase_warning")
    def _phase_changed(self, change: dict) -> None:
        # The question on screen is about a phase that is over: "Yes" must not end the next one.
        if self.asking == "end_phase":
            self.confirm_box.withdraw()
            self.say(self.lang._("The game moved on before you answered; no phase was ended."))

    def confirm(self) -> None:
        """Carries out the action being asked about (the twin of "Yes")."""
        self.confirm_box.confirm()

    def _carry_out(self, action: str) -> None:
        if action == "end_phase" and not self.end_phase_button.disabled:
            self._call(self.on_end_phase, N_("Could not end the phase: {error}"))
        elif action == "restart" and not self.restart_button.disabled:
            self._call(self.on_restart, N_("Could not go back to setup: {error}"))

    def cancel(self) -> None:
        """Closes the question without doing anything (the twin of "Cancel"); the keyboard's
        focus goes back to the button that asked it (Cancel goes with the question)."""
        self.confirm_box.cancel()

    def _asking_button(self) -> Optional[widgets.Button]:
        """Returns the button that asked the question on screen (End phase now, Restart), or None."""
        return {"end_phase": self.end_phase_button, "restart": self.restart_button}.get(self._pending)

    # ----------------------------------------------------------------- save
    def save(self) -> None:
        """Saves the game through ``on_save`` and says when, unless ``on_save`` said something itself."""
        if self.save_button.disabled:
            return
        said = self._said
        ok, _ = self._call(self.on_save, N_("Could not save the game: {error}"))
        if ok and self._said == said:
            self.say(self.lang._("Saved at {time}.", time=f"{datetime.now():%H:%M}"))

    # ------------------------------------------------------------- plumbing
    def _call(self, callback: Callable[[], Any], failed: str) -> tuple[bool, Any]:
        """Calls a callback; a failure is shown in the status line rather than raised.

        ``failed`` is the sentence said of a failure nobody foresaw (see :meth:`Guard.run`).
        """
        return Guard(self.say, lang=self.lang).run(callback, failed=failed)
