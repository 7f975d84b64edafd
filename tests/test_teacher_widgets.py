"""The teacher's bar, clicked through without a browser.

Ending a phase and restarting happen only after "Yes"; a failing callback is shown on
the bar, escaped, instead of vanishing into the kernel log.
"""

from __future__ import annotations

import re

import pytest

from incognito_nb.ui.i18n import language
from incognito_nb.ui.widgets.teacher_bar import CSS, TeacherBar

pytestmark = pytest.mark.usefixtures("callback_errors_fail_the_test")


class Calls:
    """The bar's four callbacks, counting their calls; ``fail`` makes them raise."""

    def __init__(self) -> None:
        self.count = {"end_phase": 0, "save": 0, "restart": 0, "pause": 0}
        self.paused = False
        self.fail: Exception | None = None

    def _hit(self, name: str) -> None:
        self.count[name] += 1
        if self.fail is not None:
            raise self.fail

    def end_phase(self):
        self._hit("end_phase")

    def save(self):
        self._hit("save")

    def restart(self):
        self._hit("restart")

    def pause(self):
        self._hit("pause")
        self.paused = not self.paused
        return self.paused


@pytest.fixture
def calls():
    return Calls()


@pytest.fixture
def bar(calls):
    return TeacherBar(on_end_phase=calls.end_phase, on_save=calls.save,
                      on_restart=calls.restart, on_pause_toggle=calls.pause)


def visible(widget) -> bool:
    return widget.layout.display != "none"


def test_every_control_carries_its_class(bar):
    assert "inc-teacher" in bar._dom_classes
    for widget, name in [
        (bar.pause_button, "inc-pause"), (bar.end_phase_button, "inc-end-phase"),
        (bar.save_button, "inc-save"), (bar.restart_button, "inc-restart"),
        (bar.confirm_box, "inc-confirm"), (bar.confirm_yes, "inc-confirm-yes"),
        (bar.confirm_no, "inc-confirm-no"), (bar.status, "inc-teacher-status"),
    ]:
        assert name in widget._dom_classes
    assert ".inc-teacher" in CSS and ".inc-confirm" in CSS


def test_the_labels_say_what_each_button_does(bar):
    assert bar.end_phase_button.description == "End phase now…"
    assert bar.save_button.description == "Save now"
    assert bar.restart_button.description == "Restart…"
    assert not visible(bar.confirm_box)


# ------------------------------------------------------------------------- timer
def test_pause_is_hidden_and_disabled_while_no_timer_runs(bar, calls):
    assert not visible(bar.pause_button) and bar.pause_button.disabled
    bar.pause_button.click()  # a hidden button can still be clicked from the browser
    assert calls.count["pause"] == 0


def test_pause_and_resume_follow_the_callbacks_answer(bar, calls):
    bar.timer_running = True
    assert visible(bar.pause_button) and not bar.pause_button.disabled
    assert bar.pause_button.description == "Pause timer"
    bar.pause_button.click()
    assert bar.paused and bar.pause_button.description == "Resume timer"
    bar.pause_button.click()
    assert not bar.paused and bar.pause_button.description == "Pause timer"
    assert calls.count["pause"] == 2
    bar.timer_running = False
    assert not visible(bar.pause_button)


# --------------------------------------------------------------------- end phase
def test_end_phase_asks_first_and_ends_only_after_yes(bar, calls):
    bar.end_phase_warning = "End the hide phase now? Unfinished drawings count as they stand."
    bar.end_phase_button.click()
    assert calls.count["end_phase"] == 0
    assert visible(bar.confirm_box)
    assert "End the hide phase now? Unfinished drawings count as they stand." in bar.confirm_text.value
    assert bar.confirm_yes.description == "Yes, end it"
    bar.confirm_yes.click()
    assert calls.count["end_phase"] == 1
    assert not visible(bar.confirm_box)
    bar.confirm_yes.click()  # a second, late click on "Yes" ends nothing more
    assert calls.count["end_phase"] == 1


def test_cancel_ends_nothing(bar, calls):
    bar.end_phase_button.click()
    bar.confirm_no.click()
    assert calls.count["end_phase"] == 0
    assert not visible(bar.confirm_box)
    bar.confirm_yes.click()
    assert calls.count["end_phase"] == 0


def test_a_blank_warning_falls_back_to_a_plain_question(bar):
    bar.end_phase_warning = ""
    bar.end_phase_button.click()
    assert "End this phase now? Unfinished work counts as it stands." in bar.confirm_text.value


def test_the_warning_is_escaped(bar):
    bar.end_phase_warning = "End <b>now</b>?"
    bar.end_phase_button.click()
    assert "&lt;b&gt;now&lt;/b&gt;" in bar.confirm_text.value


def test_a_question_about_a_phase_that_is_over_is_withdrawn(bar, calls):
    bar.end_phase_warning = "End the hide phase now?"
    bar.end_phase_button.click()
    bar.end_phase_warning = "End the find phase now?"  # every player finished meanwhile
    assert not visible(bar.confirm_box)
    bar.confirm_yes.click()
    assert calls.count["end_phase"] == 0
    assert "no phase was ended" in bar.status_text


def test_end_phase_can_be_disabled(bar, calls):
    bar.end_phase_button.click()
    bar.enable_end_phase(False)
    assert bar.end_phase_button.disabled and not visible(bar.confirm_box)
    bar.confirm_yes.click()
    bar.end_phase_button.click()  # clicked from the browser although disabled
    bar.confirm_yes.click()
    assert calls.count["end_phase"] == 0
    bar.enable_end_phase(True)
    bar.end_phase_button.click()
    bar.confirm_yes.click()
    assert calls.count["end_phase"] == 1


# ----------------------------------------------------------------- save, restart
def test_save_now_saves_and_says_when(bar, calls):
    bar.save_button.click()
    assert calls.count["save"] == 1
    assert re.fullmatch(r"Saved at \d\d:\d\d\.", bar.status_text)


def test_save_keeps_what_the_callback_said(calls):
    holder = {}

    def save():
        holder["bar"].say("Nothing to save yet: start a game first.")

    bar = TeacherBar(on_end_phase=calls.end_phase, on_save=save,
                     on_restart=calls.restart, on_pause_toggle=calls.pause)
    holder["bar"] = bar
    bar.save_button.click()
    assert bar.status_text == "Nothing to save yet: start a game first."


def test_restart_asks_first(bar, calls):
    bar.restart_button.click()
    assert calls.count["restart"] == 0
    assert "Abandon this game and go back to setup?" in bar.confirm_text.value
    bar.confirm_no.click()
    assert calls.count["restart"] == 0
    bar.restart_button.click()
    bar.confirm_yes.click()
    assert calls.count["restart"] == 1


def test_save_and_restart_show_only_while_there_is_a_game(bar, calls):
    bar.restart_button.click()  # the question is open when the game leaves
    bar.enable_game(False)
    assert not visible(bar.save_button) and not visible(bar.restart_button) and not visible(bar.confirm_box)
    bar.confirm_yes.click()
    bar.save_button.click()  # clicked from the browser although hidden
    bar.restart_button.click()
    bar.confirm_yes.click()
    assert calls.count["save"] == 0 and calls.count["restart"] == 0
    bar.enable_game(True)
    assert visible(bar.save_button) and visible(bar.restart_button)
    bar.save_button.click()
    bar.restart_button.click()
    bar.confirm_yes.click()
    assert calls.count["save"] == 1 and calls.count["restart"] == 1


def test_say_writes_the_status_line_escaped(bar):
    bar.say("Ana <script>alert(1)</script> joined")
    assert bar.status_text == "Ana <script>alert(1)</script> joined"
    assert "<script>" not in bar.status.value and "&lt;script&gt;" in bar.status.value


# ------------------------------------------------------------------------ errors
FRENCH = {"save the game": "Impossible d'enregistrer la partie", "end the phase": "Impossible de terminer la phase",
          "go back to setup": "Impossible de revenir", "pause or resume the timer": "Impossible de mettre en pause"}


@pytest.mark.parametrize("press, doing", [
    (lambda bar: bar.save_button.click(), "save the game"),
    (lambda bar: (bar.end_phase_button.click(), bar.confirm_yes.click()), "end the phase"),
    (lambda bar: (bar.restart_button.click(), bar.confirm_yes.click()), "go back to setup"),
    (lambda bar: (setattr(bar, "timer_running", True), bar.pause_button.click()),
     "pause or resume the timer"),
])
def test_a_failing_callback_is_shown_in_the_status_line(bar, calls, press, doing):
    calls.fail = OSError("the <b>disk</b> is full")
    press(bar)
    assert bar.status_text == f"Could not {doing}: the <b>disk</b> is full"
    assert "&lt;b&gt;disk&lt;/b&gt;" in bar.status.value and "<b>" not in bar.status.value
    bar.relabel(language("fr"))  # French elides "de" before the verb: one sentence a failure, not a verb put in
    press(bar)
    assert bar.status_text.startswith(FRENCH[doing]) and bar.status_text.endswith("\u00a0: the <b>disk</b> is full")


def test_a_failing_pause_leaves_the_label_alone(bar, calls):
    bar.timer_running = True
    calls.fail = RuntimeError("no timer")
    bar.pause_button.click()
    assert not bar.paused and bar.pause_button.description == "Pause timer"
