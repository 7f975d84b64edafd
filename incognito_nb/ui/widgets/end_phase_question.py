"""End phase's question: asked in place before a phase is ended for the whole class.

Ending a phase cannot be undone: the drawings (or the cards) count as they stand, for every
player.  Table mode's teacher bar (:mod:`.teacher_bar`) asks first; on the classroom's
teacher pages (the projected page and the desk) "End phase now" acted at once, so a stray
Enter or click ended the drawing of a class of 30.  :class:`EndPhaseQuestion` asks there
too, in the same words (:func:`end_phase_warning`, :func:`end_phase_yes`) and the same
:class:`Question` (the focus handed to Cancel, the answer that changes nothing).  A question is bound to the screen its
button was pressed on: its Yes ends that screen's phase only (the engine refuses a move from
a screen the table has left), and the page withdraws it when the screen changes.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import ipywidgets as widgets

from incognito_nb.engine import Phase
from incognito_nb.ui.i18n import Language
from incognito_nb.ui.widgets.aria import focus_at_once
from incognito_nb.ui.widgets.text import markup, safe

#: The question's box on a classroom page (table mode's bar has its own sheet, teacher_bar.css).
CSS = """
.inc-end-phase-question {
  align-items: center; gap: 0.3rem; padding: 0.2rem 0.6rem; flex-wrap: wrap; min-width: 0; max-width: 100%;
  border: 2px solid var(--jp-warn-color1, #e69f00); border-radius: 6px; box-sizing: border-box;
}
.inc-end-phase-question .inc-confirm-text { font-weight: bold; min-width: 0; }
.inc-end-phase-question .jupyter-button { width: auto; max-width: none; flex: 0 0 auto; }
/* The bar no wider than the page, so that the question wraps in it (the projected page's bar
   kept its one line's width, 1078 px in a 360-px phone's window). */
.inc-teacher-row { max-width: 100%; min-width: 0; }
/* On a phone the question takes the bar's width, its answers under it: on one line it ran
   600 px past a 390-px window ("Die Versteck-Phase jetzt beenden? Unfertige Zeichnungen…"). */
@media (max-width: 600px) {
  .inc-end-phase-question { flex: 1 1 100%; }
  .inc-end-phase-question .inc-confirm-text { flex: 1 0 100%; }
  .inc-end-phase-question .inc-confirm-text > .widget-html-content { white-space: normal; }
}
"""


def end_phase_warning(phase: Phase, lang: Language) -> str:
    """Returns the question asked before the teacher ends ``phase`` ('' for the end of the game)."""
    if phase is Phase.HIDE:
        return lang._("End the hide phase now? Unfinished drawings count as they stand.")
    if phase is Phase.FIND:
        return lang._("End the find phase now? Cards already placed count, confirmed or not.")
    if phase is Phase.SCORE:
        return lang._("Skip the rest of the reveal and record the scores?")
    if phase is Phase.PREPARE:
        return lang._("Deal the next round now?")
    return ""


def end_phase_yes(phase: Phase, lang: Language) -> str:
    """Returns the answer to :func:`end_phase_warning`'s question that ends ``phase``, in its
    words ('' for "Yes, end it"): "Deal the next round now?" was answered "Yes, end it"."""
    if phase is Phase.SCORE:
        return lang._("Yes, skip it")
    if phase is Phase.PREPARE:
        return lang._("Yes, deal it")
    return ""


class Question(widgets.HBox):
    """A question asked in place before a move that cannot be undone, hidden until
    :meth:`ask`: its words, Yes in the question's own words and Cancel, the focus handed to
    Cancel (the answer that changes nothing).  Table mode's teacher bar asks End phase and
    Restart with one; :class:`EndPhaseQuestion` asks End phase on the classroom's pages."""

    #: Hands the keyboard's focus on after a press: the page's ``PageAria.hand_focus``, on a page.
    hand_focus = staticmethod(focus_at_once)

    def __init__(self) -> None:
        self.text = markup("", "inc-confirm-text")
        self.yes_button = self._button("check", "inc-confirm-yes", "warning")
        self.no_button = self._button("times", "inc-confirm-no", "")
        super().__init__([self.text, self.yes_button, self.no_button])
        self.add_class("inc-confirm")
        self._on_yes: Optional[Callable[[], Any]] = None
        self._asked_by: Optional[widgets.Button] = None
        self.withdraw()
        self.yes_button.on_click(lambda _: self.confirm())
        self.no_button.on_click(lambda _: self.cancel())

    @staticmethod
    def _button(icon: str, css_class: str, style: str) -> widgets.Button:
        button = widgets.Button(icon=icon, button_style=style, layout=widgets.Layout(width="auto"))
        button.add_class(css_class)
        return button

    @property
    def asking(self) -> bool:
        """Whether the question is on screen, awaiting an answer."""
        return self._asked_by is not None

    def ask(self, question: str, yes: str, cancel: str, asked_by: widgets.Button,
            on_yes: Callable[[], Any]) -> None:
        """Asks ``question`` (plain text), answered ``yes`` (which calls ``on_yes``) or
        ``cancel``, for the button ``asked_by``; the focus goes to Cancel."""
        self._on_yes, self._asked_by = on_yes, asked_by
        self.text.value = safe(question)
        self.yes_button.description = yes
        self.no_button.description = cancel
        # Each answer carries the question: what a screen reader says with it.
        self.yes_button.tooltip = self.no_button.tooltip = question
        self.layout.display = ""
        self.hand_focus(self.no_button, asked_by)

    def confirm(self) -> None:
        """Makes the move asked about (the twin of Yes); nothing once the question is withdrawn:
        the second click of a double click on Yes, or a Yes after the screen changed."""
        on_yes = self._on_yes
        if not self.asking or on_yes is None:
            return
        self.withdraw()
        on_yes()

    def cancel(self) -> None:
        """Withdraws the question, changing nothing (the twin of Cancel); the focus goes back to
        the button that asked it, if it is still on the page (Cancel goes with the question)."""
        asked = self._asked_by
        self.withdraw()
        if asked is not None and asked.comm is not None:
            self.hand_focus(asked, self.no_button)

    def withdraw(self) -> None:
        """Takes the question off the screen, unanswered (the screen changed, or the language)."""
        self._on_yes = self._asked_by = None
        self.layout.display = "none"  # not None: see setup._show


class EndPhaseQuestion(Question):
    """End phase's question on a classroom page; ``on_yes(at)`` ends the phase of the screen
    ``at`` the question was asked on."""

    def __init__(self, on_yes: Callable[[Optional[dict]], Any]) -> None:
        super().__init__()
        self.on_yes = on_yes
        self.add_class("inc-end-phase-question")

    def ask_end(self, phase: Phase, at: Optional[dict], asked_by: widgets.Button, lang: Language) -> None:
        """Asks, in ``lang``, whether to end ``phase``, the phase of the screen ``at`` that
        ``asked_by`` (End phase now) was pressed on; the focus goes to Cancel."""
        question = end_phase_warning(phase, lang) or lang._("End this phase now? Unfinished work counts as it stands.")
        self.ask(question, end_phase_yes(phase, lang) or lang._("Yes, end it"), lang._("Cancel"), asked_by,
                 lambda: self.on_yes(at))
