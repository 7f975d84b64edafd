"""A Next in the reveal moves the screen on in place, on every kind of page (issue 16).

The projector, each phone and table mode keep the reveal they show and put the next
drawing into it: the browser builds no new view (its canvas, module and layout stay),
and the words and points are still the next drawing's. The Next button is new for each
step, bound to it, so a double click's second click still moves nothing.
"""

from __future__ import annotations

import pytest

from incognito_nb.engine import Action, Phase, Rules
from incognito_nb.store import open_store
from incognito_nb.ui.pages.student import StudentPage
from incognito_nb.ui.pages.teacher import TeacherPage

from test_student_phone import URL, lobby
from test_table import app, draw_turn, find, one, plain, start, vote_turn  # noqa: F401 - app is a fixture

pytestmark = pytest.mark.usefixtures("close_new_widgets")


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "class.sqlite") as table_store:
        yield table_store


def scored_classroom(store):
    teacher, code, pages = lobby(store)
    one(teacher, "inc-start").click()
    seats = {name: page.seat.token for name, page in pages.items()}
    for name in pages:
        store.act(code, Action.mark_done(name), seat_token=seats[name])
    teacher.catch_up()
    for name in pages:
        store.act(code, Action.confirm_votes(name), seat_token=seats[name])
    teacher.catch_up()
    for page in pages.values():
        page.catch_up()
    assert store.read(code).game.phase is Phase.SCORE
    return teacher, code, pages


def test_each_next_moves_the_projectors_and_the_phones_reveal_on_in_place(store):
    teacher, code, pages = scored_classroom(store)
    game = store.read(code).game
    reveal = one(teacher, "inc-reveal")
    phone = {name: one(page, "inc-reveal") for name, page in pages.items()}
    for step, artist in enumerate(game.players[1:], start=1):
        old_next = one(teacher, "inc-next")
        old_next.click()
        for page in pages.values():
            page.catch_up()
        assert one(teacher, "inc-reveal") is reveal and reveal.artist == artist
        assert one(teacher, "inc-next") is not old_next and old_next.comm is None  # bound to its step, closed
        badge = plain(one(teacher, "inc-reveal-artist").value)
        assert artist in badge
        record = store.read(code).game.history[-1]
        for name, page in pages.items():
            assert one(page, "inc-reveal") is phone[name] and phone[name].artist == artist
            mine = record.points and page.snapshot.view(name)["game"]["reveal"]["drawing_points"][artist].get(name, 0)
            said = plain(one(page, "inc-my-drawing-points").value)
            assert said == (f"You score {mine} point with this drawing." if mine == 1 else
                            f"You score {mine} points with this drawing."), said
        old_next.click()  # the second click of a double click: bound to the step left, it moves nothing
        assert store.read(code).game.reveal_step == step
    one(teacher, "inc-next").click()  # the scoreboard: another screen
    for page in pages.values():
        page.catch_up()
        assert find(page, "inc-reveal") == [] and find(page, "inc-scoreboard")
    assert reveal.comm is None


def test_a_phone_in_another_language_builds_the_reveal_again_in_it(store):
    teacher, code, pages = scored_classroom(store)
    ana = pages["Ana"]
    before = one(ana, "inc-reveal")
    ana.choose_language("es")
    after = one(ana, "inc-reveal")
    assert after is not before and "Mira la pantalla" in plain(one(ana, "inc-look-up").value)
    one(teacher, "inc-next").click()
    ana.catch_up()
    assert one(ana, "inc-reveal") is after  # moved on in place, in Spanish
    assert "Mira la pantalla" in plain(one(ana, "inc-look-up").value)


def test_table_modes_next_moves_its_reveal_on_in_place(app):
    game = start(app, names=("Ana", "Ben", "Cleo"))
    for _ in game.players:
        draw_turn(app)
    for _ in game.players:
        vote_turn(app, lambda voter, artist: None)
    reveal = one(app, "inc-reveal")
    for artist in game.players[1:]:
        one(app, "inc-next").click()
        assert one(app, "inc-reveal") is reveal and reveal.artist == artist
    one(app, "inc-next").click()
    assert find(app, "inc-reveal") == [] and reveal.comm is None
