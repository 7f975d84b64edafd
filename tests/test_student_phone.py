"""The student's page as a phone shows it, without a browser: Done turns the hide card in
place, the seat link is a short control, and a student removed in the lobby is told.

The browser half (tests/test_student_phone_browser.py) measures the same screens at 390×844.
"""

from __future__ import annotations

import pytest

from incognito_nb.engine import Rules
from incognito_nb.store import open_store
from incognito_nb.ui.pages.student import StudentPage
from incognito_nb.ui.pages.teacher import TeacherPage

from test_table import find, one, plain, secret_deck

pytestmark = pytest.mark.usefixtures("close_new_widgets")

URL = "http://school/student.ipynb"


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "class.sqlite") as table_store:
        yield table_store


def lobby(store, names=("Ana", "Ben", "Cleo")):
    teacher = TeacherPage(store, student_url=URL, teacher_url="http://school/teacher.ipynb")
    code = teacher.create(secret_deck(), Rules(rounds=1))
    pages = {}
    for name in names:
        page = StudentPage(store, code=code, student_url=URL)
        one(page, "inc-join-name").value = name
        one(page, "inc-join").click()
        assert page.name == name, plain(page.message.value)
        pages[name] = page
    teacher.refresh()
    return teacher, code, pages


def test_done_turns_the_hide_card_into_the_waiting_note_in_place(store):
    teacher, code, pages = lobby(store)
    one(teacher, "inc-start").click()
    ana = pages["Ana"]
    ana.refresh()
    card = one(ana, "inc-hide-card")
    note = one(card, "inc-done-note")
    assert card.children[0] is note and "inc-handed-in" not in card._dom_classes  # hidden by the stylesheet
    pad = ana.pad
    assert card.children.index(pad) < card.children.index(one(card, "inc-hand-in"))  # Done under the pad
    ana.pad.pen_down(100, 100)
    ana.pad.pen_move(300, 200)
    ana.pad.pen_up()
    one(ana, "inc-done").click()
    assert ana.message.value == "", plain(ana.message.value)
    # The same card, the note its one child: the browser builds no new view.
    assert ana.stage.children == (card,) and card.children == (note,)
    assert "inc-handed-in" in card._dom_classes
    assert plain(note.value) == "Your drawing is done. Wait for the others."
    assert pad.comm is None and find(ana, "inc-done") == [] and ana.pad is None
    assert store.read(code).game.drawing("Ana").strokes
    ana.refresh()  # the watch reads the table again: the screen stays
    assert ana.stage.children == (card,)
    ana.choose_language("es")  # another language: the screen is built again, in it
    assert plain(one(ana, "inc-waiting").value) == "Tu dibujo está terminado. Espera a los demás."
