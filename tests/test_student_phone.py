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
from incognito_nb.ui.pages.teacher_desk import TeacherDesk

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
    note, card = ana.stage.children
    assert "inc-hide-card" in card._dom_classes and "inc-later" in note._dom_classes  # hidden by the stylesheet
    assert plain(note.value) == "Your drawing is done. Wait for the others."
    pad = ana.pad
    assert card.children.index(pad) < card.children.index(one(card, "inc-hand-in"))  # Done under the pad
    ana.pad.pen_down(100, 100)
    ana.pad.pen_move(300, 200)
    ana.pad.pen_up()
    one(ana, "inc-done").click()
    assert ana.message.value == "", plain(ana.message.value)
    # The note already in the page is shown, the card goes: the browser builds no new view.
    assert ana.stage.children == (note,) and "inc-later" not in note._dom_classes
    assert card.comm is None and pad.comm is None and find(ana, "inc-done") == [] and ana.pad is None
    assert store.read(code).game.drawing("Ana").strokes
    ana.refresh()  # the watch reads the table again: the screen stays
    assert ana.stage.children == (note,)
    ana.choose_language("es")  # another language: the screen is built again, in it
    assert plain(one(ana, "inc-waiting").value) == "Tu dibujo está terminado. Espera a los demás."


def test_a_student_removed_in_the_lobby_is_told_and_can_join_again(store):
    teacher, code, pages = lobby(store, ("Ana", "Ben", "Cleo", "Pablo"))
    pablo = pages["Pablo"]
    assert "Pablo" in plain(one(pablo, "inc-lobby").value)
    desk = TeacherDesk(store, code=code, teacher_key=teacher.teacher_key)  # where the Remove buttons are
    next(b for b in find(desk, "inc-remove-player") if b.description == "Remove Pablo").click()
    pablo.catch_up()  # what the page's watch does when the table changes
    said = plain(one(pablo, "inc-removed").value)
    assert said == ("Your teacher removed you (Pablo) from table " + code + ", so this page no longer follows the "
                    "game. If that was a mistake, ask your teacher, then join again with the table's code below.")
    assert find(pablo, "inc-lobby") == [] and find(pablo, "inc-waiting") == []
    assert "Pablo" not in plain(pablo.header.value) and pablo.name is None
    assert pablo.rejoin.value == "" and pablo.seat_link.url == ""  # the old link leads nowhere
    assert one(pablo, "inc-join-code-field").value == code and one(pablo, "inc-join-name").value == "Pablo"
    pablo.choose_language("de")  # said again in the page's new language
    assert plain(one(pablo, "inc-removed").value).startswith("Deine Lehrkraft hat dich (Pablo) vom Tisch")
    one(pablo, "inc-join").click()  # the teacher agreed: Pablo joins again
    assert pablo.name == "Pablo" and find(pablo, "inc-removed") == []
    assert find(pablo, "inc-lobby") and "Pablo" in plain(one(pablo, "inc-lobby").value)
    assert "token=" in pablo.seat_link.url


def test_a_student_removed_just_before_the_start_is_told_too(store):
    teacher, code, pages = lobby(store, ("Ana", "Ben", "Cleo", "Pablo"))
    teacher.remove("Pablo")
    one(teacher, "inc-start").click()
    pages["Pablo"].catch_up()  # the page hears of both at once
    assert find(pages["Pablo"], "inc-removed") and pages["Pablo"].message.value == ""


def test_the_seat_link_is_a_short_control_not_the_raw_address(store):
    _, code, pages = lobby(store)
    ana = pages["Ana"]
    shown = plain(ana.rejoin.value)
    assert "token=" not in shown and "http" not in shown  # the address is under two words
    assert shown.startswith("Keep your seat link: it brings you back")
    url = ana.seat_link.url
    assert url.startswith(f"{URL}?code={code}&token=") and f'href="{url.replace("&", "&amp;")}"' in ana.rejoin.value
    assert ana.seat_link.labels["copy"] == "Copy my link" and ana.seat_link.qr == ""  # made when asked for
    ana.seat_link._heard(ana.seat_link, {"ask": "something else"}, [])
    assert ana.seat_link.qr == ""
    ana.seat_link._heard(ana.seat_link, {"ask": "qr"}, [])  # what the "Show QR code" button sends
    if ana.seat_link.has_qr:
        assert ana.seat_link.qr.startswith("data:image/svg+xml")
    ana.choose_language("fr")
    assert ana.seat_link.labels["copy"] == "Copier mon lien" and "lang=fr" in ana.seat_link.url


def test_the_browsers_kept_strokes_belong_to_this_game_not_to_the_one_before_play_again(store):
    """Play again deals round 1 at the same table to the same seat tokens: the key under
    which the student's browser keeps unconfirmed strokes differs from the old game's round 1
    (a deal where the student's object differs), and stays the same on a reload in the round."""
    from incognito_nb.engine import Action, Game, Phase

    teacher, code, pages = lobby(store)
    one(teacher, "inc-start").click()
    ana = pages["Ana"]
    ana.refresh()
    first = ana.pad._ink.recovery_key
    assert first
    reloaded = StudentPage(store, code=code, token=ana.seat.token, student_url=URL)  # the same seat, a new kernel
    assert reloaded.name == "Ana" and reloaded.pad._ink.recovery_key == first
    old = store.read(code).game
    while store.read(code).game.phase is not Phase.OVER:
        store.act(code, Action.advance(force=True), teacher_key=teacher.teacher_key)
    ana.refresh()  # the podium, as the page's watch shows it
    assert ana.pad is None
    # A new deal in which Ana hides another object in round 1.
    seed = next(s for s in range(100) if Game.new(old.players, secret_deck(), seed=s, rules=Rules(rounds=1))
                .secret_object("Ana") != old.secret_object("Ana"))
    store.play_again(code, teacher.teacher_key, seed=seed)
    ana.refresh()
    game = store.read(code).game
    assert game.round == 1 and game.secret_object("Ana") != old.secret_object("Ana")
    assert ana.pad is not None and ana.seat.token == reloaded.seat.token
    again = ana.pad._ink.recovery_key
    assert again and again != first
    assert StudentPage(store, code=code, token=ana.seat.token, student_url=URL).pad._ink.recovery_key == again
    assert "Zobj" not in first + again  # a hash, not the card in clear
