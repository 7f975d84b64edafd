"""Two teacher pages of one table never move the game on twice.

A teacher's move names where the game stood on the screen it was made from; the engine
refuses it once the game has left that position (``rule="moved_on"``), and the store
applies it atomically, as every move.  So two projected pages moving on by themselves, a
projected page and the teacher's desk pressing Next or End phase, or a page that had not
caught up, never skip the find phase or the reveal: the second move changes nothing, and
its page just shows the table as it stands.
"""

from __future__ import annotations

import threading

import pytest

from incognito_nb import IllegalAction, Phase, Rules
from incognito_nb.engine import Action, position, position_of
from incognito_nb.store import open_store
from incognito_nb.ui.pages.teacher import TeacherPage
from store_backends import make_store, redis_url, store, store_url  # noqa: F401 (fixtures)
from tables import ANA_BEN_CLEO, word_deck
from test_classroom_widgets import desk_of, draw_and_finish, end_phase, seat_class, vote
from test_table import one, plain

pytestmark = pytest.mark.usefixtures("close_new_widgets")  # each test closes what it built


# ------------------------------------------------------------------ the store, on both backends
def _race(stores, code: str, teacher_key: str, action: Action) -> list[str]:
    """Sends ``action`` from every store at once, each from its own thread; returns each outcome."""
    start, outcomes = threading.Barrier(len(stores)), []

    def send(one_store):
        start.wait()
        try:
            one_store.act(code, action, teacher_key=teacher_key)
            outcomes.append("made")
        except IllegalAction as error:
            outcomes.append(error.rule)

    threads = [threading.Thread(target=send, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(outcomes)


def test_two_kernels_moving_on_from_one_screen_at_once_never_skip_the_reveal(store, store_url):
    keys = store.create_table(word_deck(), Rules(rounds=1), seed=5)
    seats = {name: store.join(keys.code, name) for name in ANA_BEN_CLEO}
    store.start(keys.code, keys.teacher_key)
    other = make_store(store_url)  # a second teacher page, in a kernel of its own
    try:
        pages = [store, other, store, other]
        at_hide = position_of(store.read(keys.code).game)
        assert _race(pages, keys.code, keys.teacher_key, Action.advance(force=True, at=at_hide)) \
            == ["made", "moved_on", "moved_on", "moved_on"]
        assert store.read(keys.code).game.phase is Phase.FIND
        for name, seat in seats.items():
            store.act(keys.code, Action.confirm_votes(name), seat_token=seat.token)
        at_find = position(1, Phase.FIND)  # every page sees everyone done, and moves on by itself
        assert _race(pages, keys.code, keys.teacher_key, Action.advance(at=at_find)) \
            == ["made", "moved_on", "moved_on", "moved_on"]
        for step in range(len(ANA_BEN_CLEO) + 1):
            game = other.read(keys.code).game
            assert (game.phase, game.reveal_step) == (Phase.SCORE, step)  # the reveal, one step at a time
            move = Action.reveal_next if step < len(ANA_BEN_CLEO) else Action.advance
            assert _race(pages, keys.code, keys.teacher_key, move(at=position(1, Phase.SCORE, step))) \
                == ["made", "moved_on", "moved_on", "moved_on"]
        assert store.read(keys.code).game.phase is Phase.OVER
        assert other.replay(keys.code).to_json() == store.read(keys.code).game.to_json()  # the log replays
    finally:
        other.close()


# ------------------------------------------------------------------ the pages
@pytest.fixture
def page_store(tmp_path):
    with open_store(tmp_path / "class.sqlite") as table_store:
        yield table_store


def _second_teacher_page(teacher: TeacherPage) -> TeacherPage:
    """Opens a second projected page of ``teacher``'s table, with the key (a second screen)."""
    return TeacherPage(teacher.store, code=teacher.code, teacher_key=teacher.teacher_key,
                       student_url=teacher.student_url, teacher_url=teacher.teacher_url)


def test_a_second_projected_page_moving_on_from_a_stale_view_does_not_skip_the_reveal(page_store):
    teacher, students = seat_class(page_store, rounds=1)
    second = _second_teacher_page(teacher)
    for page in students.values():
        draw_and_finish(page)
    teacher.refresh()
    second.refresh()
    assert page_store.read(teacher.code).game.phase is Phase.FIND
    for page in students.values():
        page.refresh()
        vote(page, lambda voter, artist: None)
    stale = page_store.read(teacher.code)  # the second page's watch read the table: everyone confirmed
    teacher.refresh()  # the first page moves on by itself: find → score
    second.snapshot = stale
    second.render()  # and the second, from what it read just before, moves on too
    game = page_store.read(teacher.code).game
    assert (game.phase, game.reveal_step) == (Phase.SCORE, 0), "the reveal was skipped"
    assert second.message.value == "" and teacher.message.value == ""
    assert plain(one(second, "inc-reveal-artist").value).startswith("Ana")


def test_next_on_a_page_that_has_not_caught_up_does_not_skip_a_drawing_of_the_reveal(page_store):
    teacher, students = seat_class(page_store, rounds=1)
    desk = desk_of(teacher)
    second = _second_teacher_page(teacher)
    for page in students.values():
        draw_and_finish(page)
    teacher.refresh()
    for page in students.values():
        page.refresh()
        vote(page, lambda voter, artist: None)
    teacher.refresh()
    desk.refresh()
    second.refresh()
    one(teacher, "inc-next").click()  # the projected page shows Ben's drawing
    one(second, "inc-next").click()  # the second page still showed Ana's: its Next moves nothing
    one(desk, "inc-next").click()  # and so does the desk's
    game = page_store.read(teacher.code).game
    assert (game.phase, game.reveal_step) == (Phase.SCORE, 1), "a drawing of the reveal was skipped"
    for page in (second, desk):
        assert page.message.value == "", plain(page.message.value)
    assert plain(one(second, "inc-reveal-artist").value).startswith("Ben")  # shown as the table stands
    assert desk.shown_at() == position(1, Phase.SCORE, 1)


def test_end_phase_on_a_desk_that_has_not_caught_up_does_not_skip_the_find_phase(page_store):
    teacher, students = seat_class(page_store, rounds=1)
    desk = desk_of(teacher)
    end_phase(teacher)  # the projected page ends the hide phase
    end_phase(desk)  # the desk, still in the hide phase, ends it too
    assert page_store.read(teacher.code).game.phase is Phase.FIND, "the find phase was skipped"
    assert desk.message.value == "", plain(desk.message.value)
    assert one(desk, "inc-end-phase") and desk.shown_at() == position(1, Phase.FIND)


def test_a_double_click_on_end_phase_ends_one_phase_only(page_store):
    teacher, students = seat_class(page_store, rounds=1)
    desk = desk_of(teacher)
    for page, after in ((teacher, Phase.FIND), (desk, Phase.SCORE)):
        page.refresh()  # the page shows the table as it stands (the desk: the find phase)
        before = page_store.read(teacher.code).game.phase
        clicked = one(page, "inc-end-phase")
        clicked.click()
        clicked.click()  # End phase asks first: a double click asks, once, and ends nothing
        assert page_store.read(teacher.code).game.phase is before and page.end_question.asking
        yes = one(page, "inc-confirm-yes")
        yes.click()
        yes.click()  # the second click of a double click, sent before the new screen showed
        clicked.click()  # the old End phase, bound to the screen left, asks nothing more
        assert page_store.read(teacher.code).game.phase is after, "a double click ended two phases"
        assert not page.end_question.asking
        assert page.message.value == "", plain(page.message.value)
        assert one(page, "inc-end-phase") is not clicked  # each screen has its own button


def test_end_phase_asks_first_and_cancel_or_a_screen_change_ends_nothing(page_store, monkeypatch):
    """A stray Enter on End phase ended the drawing of the whole class at once: it asks first,
    in words that say what will happen, the focus handed to Cancel; Cancel ends nothing and
    gives the focus back; a question left open when the game moves on by itself goes, and
    its Yes, pressed after, does not end the next phase."""
    teacher, students = seat_class(page_store, rounds=1)
    desk = desk_of(teacher)
    handed = []
    monkeypatch.setattr(desk.end_question, "hand_focus", lambda widget, pressed=None: handed.append((widget, pressed)))
    pressed = one(desk, "inc-end-phase")
    assert pressed.description == "End phase now…"
    pressed.click()
    assert page_store.read(teacher.code).game.phase is Phase.HIDE, "one press ended the drawing"
    assert plain(one(desk, "inc-confirm-text").value) == \
        "End the hide phase now? Unfinished drawings count as they stand."
    assert one(desk, "inc-confirm-yes").description == "Yes, end it"
    no = one(desk, "inc-confirm-no")
    assert handed == [(no, pressed)]  # the focus goes to the answer that changes nothing
    no.click()
    assert page_store.read(teacher.code).game.phase is Phase.HIDE and not desk.end_question.asking
    assert desk.end_question.layout.display == "none" and handed[-1] == (pressed, no)
    pressed.click()  # asked again; meanwhile every student finishes, and the game moves on by itself
    for page in students.values():
        draw_and_finish(page)
    assert page_store.read(teacher.code).game.phase is Phase.FIND
    desk.refresh()
    assert not desk.end_question.asking and desk.end_question.layout.display == "none"
    one(desk, "inc-confirm-yes").click()  # pressed before the browser hid it
    assert page_store.read(teacher.code).game.phase is Phase.FIND, "a Yes from the hide phase ended the find phase"
    one(desk, "inc-end-phase").click()  # the find phase's question, in its words
    assert plain(one(desk, "inc-confirm-text").value).startswith("End the find phase now?")
    desk.choose_language("fr")  # asked in the other language: withdrawn, and nothing ended
    assert not desk.end_question.asking and page_store.read(teacher.code).game.phase is Phase.FIND
