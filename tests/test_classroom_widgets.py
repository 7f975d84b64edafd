"""The classroom pages without a browser: a teacher page and three student pages, each
as its own kernel would build it, play whole games through one SQLite table store.

After every step the synced state of every live widget is searched, as a curious
student with the browser's developer tools would: all pages live in this one process,
so each page's own live widgets are walked (what its browser would receive): every
widget the page can reach, displayed or not.
"""

from __future__ import annotations

import logging
import importlib.util
import re

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from incognito_nb.app.classroom import page_url, query, student_page, teacher_page
from incognito_nb.engine import MAX_DRAWING_POINTS, Action, Phase, Rules, Stroke
from incognito_nb.engine.reveal import revealed
from incognito_nb.store import StoreUnavailable, open_store
from incognito_nb.ui.pages.student import StudentPage
from incognito_nb.ui.pages.teacher import TeacherPage
from incognito_nb.ui.pages.teacher_desk import TeacherDesk
from incognito_nb.ui.widgets import painted_board

from pseudo import live_widgets
from test_table import find, heard, one, plain, secret_deck
from widget_text import mentions, state_text

pytestmark = pytest.mark.usefixtures("close_new_widgets")  # each test closes what it built

NAMES = ["Ana", "Ben", "Cleo"]


def page_states(root: widgets.Widget) -> list[str]:
    """Returns the synced state of ``root`` and every open widget it holds, as JSON text."""
    return [state_text(widget) for widget in live_widgets(root)]


def check_reveal_secrets(game, pages: dict) -> None:
    """Asserts that in the reveal no page (``None``: the projector's) holds an answer, a
    card or a point the projector has not shown: every reveal on a page is of the drawing
    the projector shows, no widget pairs an artist still to come with their object, and
    the round's points wait for the scoreboard."""
    record = game.history[-1]
    shown = revealed(game.players, game.reveal_step)
    scoreboard = game.reveal_step == len(game.players)
    for viewer, page in pages.items():
        states = page_states(page)
        for artist in (a for a in game.players if a not in shown and a != viewer):
            word = record.objects[artist]
            assert not any(mentions(state, word) and mentions(state, artist) for state in states), \
                f"{viewer or 'the projector'}'s page pairs {artist} with their object before their drawing is shown"
        reveals = find(page, "inc-reveal")
        titles = [plain(one(r, "inc-reveal-artist").value) for r in reveals]  # "Ana's drawing — in: …"
        assert len(titles) == (0 if scoreboard else 1) and all(t.startswith(shown[-1]) for t in titles), titles
        assert bool(find(page, "inc-scoreboard")) == scoreboard, f"{viewer}'s page and the scoreboard"
        if viewer is not None:
            assert bool(find(page, "inc-my-points")) == scoreboard, f"{viewer}'s round points"


def test_the_projected_find_screen_is_built_unseen_while_the_class_draws_and_painted_as_each_finishes(store):
    """With the key, the projected page lays the find screen out over its stage from the hide
    phase on, hidden: no line-up, and on its gallery only the boards of the students who
    are done (a student still drawing has a blank tile). The last Done shows that very
    frame, every board in it, with the line-up; a page without the key builds none."""
    teacher, students = seat_class(store, rounds=1)
    onlooker = TeacherPage(store, code=teacher.code)  # the projector alone, no key
    ahead = teacher.stage.children[0]
    assert "inc-find-ahead" in ahead._dom_classes and ahead.layout.visibility == "hidden"
    assert find(ahead, "inc-lineup") == [] and ahead.gallery.boards == [b""] * len(NAMES)
    assert find(onlooker, "inc-gallery") == []
    ana, ben, cleo = (students[name] for name in NAMES)
    draw_and_finish(ana)
    ben.pad.pen_down(10, 10)  # Ben draws on, not done
    ben.pad.pen_move(50, 60)
    ben.pad.pen_up()
    refresh_all(teacher, students)
    game = store.read(teacher.code).game
    assert game.phase is Phase.HIDE and teacher.stage.children[0] is ahead
    assert ahead.gallery.boards[0] == painted_board.pack_strokes(game.drawing("Ana").strokes) != b""
    assert ahead.gallery.boards[1:] == [b"", b""] and len(game.drawing("Ben").strokes) == 1
    draw_and_finish(ben)
    draw_and_finish(cleo)
    refresh_all(teacher, students)
    onlooker.refresh()
    game = store.read(teacher.code).game
    assert game.phase is Phase.FIND and teacher.stage.children == (ahead,)
    assert "inc-find-ahead" not in ahead._dom_classes and ahead.layout.visibility is None
    assert ahead.gallery.boards == [painted_board.pack_strokes(game.drawing(p).strokes) for p in game.players]
    assert one(ahead, "inc-lineup") and len(find(teacher, "inc-gallery")) == 1
    assert one(onlooker, "inc-gallery").boards == ahead.gallery.boards  # built at the find phase, as before
    for page in (teacher, onlooker, *students.values()):
        page.close()


def check_secrets(teacher: TeacherPage, students: dict[str, StudentPage]) -> None:
    """Asserts that no page holds what its viewer may not see yet."""
    game = teacher.store.read(teacher.code).game
    if game is not None and game.phase is Phase.SCORE:
        check_reveal_secrets(game, {None: teacher, **students})
    if game is None or game.phase not in (Phase.HIDE, Phase.FIND):
        return
    objects = {p: game.secret_object(p) for p in game.players}
    for state in page_states(teacher):
        for player, word in objects.items():
            if game.phase is Phase.HIDE:
                assert not mentions(state, word), f"the teacher page shows {player}'s object during hide"
            else:
                assert not (mentions(state, word) and mentions(state, player)), f"the teacher page pairs {player} with their object"
    for viewer, page in students.items():
        states = page_states(page)
        for player, word in objects.items():
            if player == viewer:
                continue
            for state in states:
                if game.phase is Phase.HIDE:
                    assert not mentions(state, word), f"{viewer}'s page holds {player}'s object during hide"
                else:
                    assert not (mentions(state, word) and mentions(state, player)), \
                        f"{viewer}'s page pairs {player} with their object"
        if game.phase is Phase.FIND:  # the only cards on the page are the viewer's own
            placed = [card for panel in find(page, "inc-votes") for row in panel.rows for card in row["cards"]
                      if card["selected"] and card["number"] is not None]
            assert len(placed) == len(game.votes_of(viewer))


def refresh_all(teacher, students) -> None:
    """Does what the pages' watches do in a kernel: read the table again after a change."""
    teacher.refresh()
    for page in students.values():
        page.refresh()
    check_secrets(teacher, students)



@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "class.sqlite") as table_store:
        yield table_store


def desk_of(teacher: TeacherPage) -> TeacherDesk:
    """Opens the teacher's desk of ``teacher``'s table (the controls not to project)."""
    return TeacherDesk(store=teacher.store, code=teacher.code, teacher_key=teacher.teacher_key,
                       student_url=teacher.student_url, teacher_url=teacher.teacher_url)


def end_phase(page) -> None:
    """Ends the phase on a classroom teacher page: End phase now, then Yes to its question."""
    one(page, "inc-end-phase").click()
    one(page, "inc-confirm-yes").click()


def seat_class(store, rounds: int = 3):
    teacher = TeacherPage(store, student_url="http://school/student.ipynb", teacher_url="http://school/teacher.ipynb")
    code = teacher.create(secret_deck(), Rules(rounds=rounds))
    assert plain(one(teacher, "inc-join-code").value) == code
    assert f"http://school/student.ipynb?code={code}" in one(teacher, "inc-join-url").value
    # The come-back link holds the key: on the teacher's desk, never on the projected page.
    assert find(teacher, "inc-teacher-link") == []
    assert f"key={teacher.teacher_key}" in one(desk_of(teacher), "inc-teacher-link").value
    # A browser that keeps the key: the sentence names its links by what they open (it read
    # "open http://school/teacher.ipynb?code=… here").
    kept = TeacherDesk(store=teacher.store, code=code, teacher_key=teacher.teacher_key, key_in_browser=True,
                       student_url=teacher.student_url, teacher_url=teacher.teacher_url)
    sentence = one(kept, "inc-teacher-link").value
    assert plain(sentence) == (f"This browser keeps the key to table {code}: to come back, open the table's page in "
                               "it, or the teacher page, which lists your tables.")
    assert f'href="http://school/teacher.ipynb?code={code}"' in sentence and 'href="http://school/teacher.ipynb"' in sentence
    assert "key=" not in sentence
    assert one(teacher, "inc-start").disabled
    if importlib.util.find_spec("segno"):  # the QR code is optional: segno, pure Python
        assert one(teacher, "inc-qr").value.startswith('<img alt="QR code')
    students = {}
    for name in NAMES:
        page = StudentPage(store, code=code, student_url="http://school/student.ipynb")
        assert one(page, "inc-join-code-field").value == code
        one(page, "inc-join-name").value = name
        one(page, "inc-join").click()
        assert page.name == name, plain(page.message.value)
        assert "token=" in one(page, "inc-rejoin-link").value
        students[name] = page
        teacher.refresh()
        assert name in plain(one(teacher, "inc-lobby").value)
    assert not one(teacher, "inc-start").disabled
    one(teacher, "inc-start").click()
    refresh_all(teacher, students)
    return teacher, students


def draw_and_finish(page: StudentPage) -> None:
    pad = page.pad
    own = page.snapshot.game.secret_object(page.name)
    assert pad is not None and own in plain(one(page, "inc-secret").value) and one(page, "inc-location")
    assert any(own in state for state in page_states(page))  # the search looks where a secret would be
    pad.pen_down(100, 100)
    pad.pen_move(300, 200)
    pad.pen_up()
    one(page, "inc-done").click()
    assert page.message.value == "", plain(page.message.value)


def vote(page: StudentPage, choose) -> None:
    game = page.snapshot.game
    for artist in game.players:
        if artist == page.name:
            continue
        number = choose(page.name, artist)
        one(page, "inc-votes").press(artist, number)  # what the card's button sends
        assert page.votes.error == ""
    one(page, "inc-votes").press_confirm()


def test_a_whole_classroom_game_keeps_every_secret_on_every_page(store):
    teacher, students = seat_class(store, rounds=3)
    for round_number in (1, 2, 3):
        for page in students.values():
            draw_and_finish(page)
            refresh_all(teacher, students)  # the last Done lets the teacher page move on
        game = store.read(teacher.code).game
        assert game.phase is Phase.FIND and game.round == round_number
        assert len(find(teacher, "inc-gallery")) == 1 and len(find(teacher, "inc-lineup")) == 1
        truth = {p: game.lineup.index(game.secret_object(p)) + 1 for p in game.players}
        for page in students.values():
            vote(page, lambda v, a: truth[a] if a == "Ana" else None)  # everyone finds Ana only
            refresh_all(teacher, students)
        assert store.read(teacher.code).game.phase is Phase.SCORE
        for artist in NAMES:  # the reveal, drawing by drawing: the phones follow the projector
            assert game.secret_object(artist) in " ".join(page_states(one(teacher, "inc-reveal")))
            for page in students.values():
                assert game.secret_object(artist) in " ".join(page_states(one(page, "inc-reveal")))
            one(teacher, "inc-next").click()
            refresh_all(teacher, students)  # checks every page at every step
        assert one(teacher, "inc-scoreboard")
        for page in students.values():
            assert not find(page, "inc-reveal") and one(page, "inc-scoreboard") and one(page, "inc-my-points")
            assert plain(one(page, "inc-waiting").value) == (  # what the phone waits for, from whom
                f"Wait for your teacher to start round {round_number + 1}." if round_number < 3
                else "Wait for your teacher to show who won.")
        one(teacher, "inc-next").click()
        refresh_all(teacher, students)
        if round_number < 3:
            one(teacher, "inc-next").click()  # deal the next round
            refresh_all(teacher, students)
    game = store.read(teacher.code).game
    assert game.phase is Phase.OVER
    assert game.scores == {"Ana": 0, "Ben": 3, "Cleo": 3}
    assert "Ben and Cleo share the victory" in plain(one(teacher, "inc-winners").value)
    for page in students.values():
        assert "Ben and Cleo share the victory" in plain(one(page, "inc-winners").value)
    for page in (teacher, *students.values()):
        page.close()


def test_only_the_projected_page_fades_its_controls_and_hears_a_clicker(store):
    """The projected page holds one ShowControls (its controls leave the picture at rest,
    → presses Next: tests/test_show_controls_browser.py); the desk, read up close, none."""
    from incognito_nb.ui.widgets.keyboard import ShowControls

    def held(page):
        return [part for part in page.top.children if isinstance(part, ShowControls)]

    teacher = TeacherPage(store, student_url="http://school/student.ipynb", teacher_url="http://school/teacher.ipynb")
    teacher.create(secret_deck(), Rules(rounds=1))
    desk = desk_of(teacher)
    assert len(held(teacher)) == 1 and "inc-show" in teacher._dom_classes
    assert held(desk) == [] and desk.show_controls.comm is None  # closed: never sent to the desk's browser


def test_a_rejoin_link_returns_the_student_to_the_same_seat_and_drawing(store):
    teacher, students = seat_class(store, rounds=1)
    ben = students["Ben"]
    ben.pad.pen_down(50, 50)
    ben.pad.pen_move(250, 150)
    ben.pad.pen_up()
    token = ben.seat.token
    ben.close()
    again = StudentPage(store, code=teacher.code, token=token)
    assert again.name == "Ben"
    assert len(again.pad.drawing.strokes) == 1  # the stroke was stored as it was drawn
    one(again, "inc-done").click()
    assert "Ben" in store.read(teacher.code).game.done


def test_only_the_teacher_key_moves_the_game_on(store):
    teacher, students = seat_class(store, rounds=1)
    projector = TeacherPage(store, code=teacher.code)  # the code alone: a view, no buttons
    assert projector.teacher_bar.layout.display == "none"
    end_phase(teacher)
    projector.refresh()
    assert store.read(teacher.code).game.phase is Phase.FIND
    assert one(projector, "inc-gallery")



def test_the_last_done_and_the_last_confirm_move_the_table_on_from_the_students_page(store):
    """Every page hears of the next phase from the last student's own move, not a watch's
    read later, when the teacher page would move on by itself."""
    teacher, students = seat_class(store, rounds=1)
    *others, last = students.values()
    for page in others:
        draw_and_finish(page)
    assert store.read(teacher.code).game.phase is Phase.HIDE  # Ben and Cleo's Done: still drawing
    last.refresh()  # its page has read the others' Done
    before = store.version(teacher.code)
    draw_and_finish(last)
    assert store.read(teacher.code).game.phase is Phase.FIND  # the teacher page has read nothing
    assert [kind for version, kind in _kinds(store, teacher.code) if version > before] == \
        ["edit_drawing", "mark_done", "advance"]
    assert one(last, "inc-votes")  # its own cards, at once
    refresh_all(teacher, students)
    assert teacher.message.value == "" and one(teacher, "inc-gallery")  # the teacher page had nothing to do
    for page in students.values():
        vote(page, lambda v, a: None)
    game = store.read(teacher.code).game
    assert (game.phase, game.reveal_step) == (Phase.SCORE, 0)
    assert [kind for _, kind in _kinds(store, teacher.code)].count("advance") == 2


def test_two_last_students_finishing_at_the_same_moment_move_the_table_on_with_no_teacher_page(tmp_path):
    """Two students press Done, then Confirm, at the same moment, each page having last read
    the other still at it, and no teacher page reads anything (the projected page closed):
    the later move's own read sees both, and that student's page moves the table on.
    Each page has its own store, as each kernel has."""
    with open_store(tmp_path / "class.sqlite") as store:
        teacher, students = seat_class(store, rounds=1)
        code = teacher.code
        ana = students["Ana"]
        with open_store(tmp_path / "class.sqlite") as ben_store, open_store(tmp_path / "class.sqlite") as cleo_store:
            ben = StudentPage(ben_store, code=code, token=students["Ben"].seat.token)
            cleo = StudentPage(cleo_store, code=code, token=students["Cleo"].seat.token)
            draw_and_finish(ana)
            for page in (ben, cleo):  # both read the table with each other still drawing
                page.pad.pen_down(100, 100)
                page.pad.pen_move(300, 200)
                page.pad.pen_up()
                page.send_waiting()
            assert "Cleo" in ben.snapshot.game.waiting and "Ben" in cleo.snapshot.game.waiting
            one(ben, "inc-done").click()  # Ben's page: Cleo still drawing, it leaves the move
            assert store.read(code).game.phase is Phase.HIDE
            one(cleo, "inc-done").click()  # Cleo's page read Ben drawing before; its move's read: all done
            assert store.read(code).game.phase is Phase.FIND and one(cleo, "inc-votes")
            for page in (ana, ben, cleo):
                page.catch_up()
            vote(ana, lambda v, a: None)
            ben_cards, cleo_cards = one(ben, "inc-votes"), one(cleo, "inc-votes")
            for page, cards in ((ben, ben_cards), (cleo, cleo_cards)):
                for artist in (a for a in NAMES if a != page.name):
                    cards.press(artist, 1 + NAMES.index(artist))
            ben_cards.press_confirm()
            assert store.read(code).game.phase is Phase.FIND
            cleo_cards.press_confirm()
            game = store.read(code).game
            assert (game.phase, game.reveal_step) == (Phase.SCORE, 0)
            assert [kind for _, kind in _kinds(store, code)].count("advance") == 2


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=st.permutations(NAMES), reads=st.lists(st.booleans(), min_size=3, max_size=3))
def test_whatever_the_order_of_the_dones_and_the_pages_reads_the_last_one_moves_the_table_on(tmp_path_factory, order,
                                                                                          reads):
    """Three students, each page with its own store (as each kernel has), press Done in any
    order, each page having read the table just before or not since its first stroke; no
    teacher page reads anything. The table moves on once, at the last Done, never before."""
    path = tmp_path_factory.mktemp("class") / "class.sqlite"
    with open_store(path) as store:
        teacher, students = seat_class(store, rounds=1)
        stores = [open_store(path) for _ in NAMES]
        try:
            pages = {name: StudentPage(own, code=teacher.code, token=students[name].seat.token)
                     for name, own in zip(NAMES, stores)}
            for page in pages.values():
                scribble(page, 1)
            for n, (name, read) in enumerate(zip(order, reads)):
                if read:
                    pages[name].catch_up()
                one(pages[name], "inc-done").click()
                assert pages[name].message.value == "", plain(pages[name].message.value)
                assert store.read(teacher.code).game.phase is (Phase.FIND if n == len(NAMES) - 1 else Phase.HIDE)
            assert [kind for _, kind in _kinds(store, teacher.code)].count("advance") == 1
        finally:
            for own in stores:
                own.close()


def _kinds(store, code):
    return [(version, action.kind) for version, action in store.actions(code)]

def _play_to_the_reveal(teacher, students) -> None:
    for page in students.values():
        draw_and_finish(page)
    refresh_all(teacher, students)
    for page in students.values():
        vote(page, lambda v, a: None)
    refresh_all(teacher, students)
    assert teacher.snapshot.game.phase is Phase.SCORE


def test_every_page_follows_the_teachers_next_and_a_phone_that_comes_back_lands_where_the_projector_is(store):
    teacher, students = seat_class(store, rounds=1)
    projector = TeacherPage(store, code=teacher.code)  # a second screen, the code alone
    _play_to_the_reveal(teacher, students)
    projector.refresh()
    assert one(projector, "inc-next").disabled and not one(teacher, "inc-next").disabled
    for step, artist in enumerate([*NAMES, None]):
        if step:
            one(teacher, "inc-next").click()
            refresh_all(teacher, students)
            projector.refresh()
        pages = {None: teacher, "projector": projector, **students}
        for name, page in pages.items():
            titles = [plain(one(r, "inc-reveal-artist").value) for r in find(page, "inc-reveal")]
            assert titles == [] if artist is None else len(titles) == 1 and titles[0].startswith(artist), (name, titles)
        token = students["Cleo"].seat.token
        students["Cleo"].close()
        students["Cleo"] = again = StudentPage(store, code=teacher.code, token=token)  # a reload
        check_reveal_secrets(store.read(teacher.code).game, {"Cleo": again})
        if artist is None:
            assert "You scored 0 points this round." in plain(one(again, "inc-my-points").value)
            assert plain(one(again, "inc-waiting").value) == "Wait for your teacher to show who won."
            assert [plain(row.value).split()[0] for row in find(again, "inc-score-you")] == ["Cleo"]
        else:
            assert plain(one(again, "inc-look-up").value)
            assert plain(one(again, "inc-my-drawing-points").value) == "You score 0 points with this drawing."
    assert "See the winners" in one(teacher, "inc-next").description


def test_the_projector_replays_each_drawing_for_the_class_and_the_phones_show_it_whole(store):
    """The reveal is the projector's show: it asks its browser for a replay of each drawing;
    a phone shows the same drawing whole at once (a replay of no seconds), not ahead of it."""
    teacher, students = seat_class(store, rounds=1)
    _play_to_the_reveal(teacher, students)
    for step, artist in enumerate(NAMES):
        if step:
            one(teacher, "inc-next").click()
            refresh_all(teacher, students)
        drawing = store.read(teacher.code).game.history[-1].drawings[artist].strokes
        boards = {name: one(page, "inc-reveal").board._board for name, page in {"projector": teacher, **students}.items()}
        assert all(board.shown == drawing for board in boards.values()), artist
        asked = {name: (board.replays, board.replay_seconds) for name, board in boards.items()}
        assert asked.pop("projector") == (step + 1, 3.0)
        assert set(asked.values()) == {(step + 1, 0.0)}, asked


def test_the_projector_gets_its_new_screen_before_the_bars_new_end_phase_button(store, monkeypatch):
    """A page takes its messages one by one: the screen the class waits for goes first (the
    find screen's boards and its unveiling, a Next's drawing), the teacher bar's button
    renewed for it after."""
    teacher, students = seat_class(store, rounds=1)
    sent: list[str] = []
    opened, sending = widgets.Widget.open, widgets.Widget._send

    def open_(self):
        sent.append(f"open {' '.join(getattr(self, '_dom_classes', ()))}")
        return opened(self)

    def send(self, msg, buffers=None):
        sent.append(f"update {' '.join(sorted(msg.get('state', {})))}")
        return sending(self, msg, buffers)

    monkeypatch.setattr(widgets.Widget, "open", open_)
    monkeypatch.setattr(widgets.Widget, "_send", send)
    for page in students.values():
        draw_and_finish(page)
    sent.clear()
    teacher.catch_up()
    # The find screen was built in the hide phase, unseen: its last boards, then its unveiling.
    assert "open inc-gallery" not in sent, sent
    assert sent.index("update boards") < sent.index("update visibility") < sent.index("open inc-end-phase"), sent
    for page in students.values():
        page.catch_up()
        vote(page, lambda v, a: None)
    teacher.catch_up()
    sent.clear()
    one(teacher, "inc-next").click()
    drawing = next(n for n, m in enumerate(sent) if m.startswith("update") and "replays" in m)
    assert drawing < sent.index("open inc-end-phase"), sent


def test_a_wrong_code_or_link_is_said_on_the_page(store):
    page = StudentPage(store, code="ZZZZZ")
    one(page, "inc-join-name").value = "Ana"
    one(page, "inc-join").click()
    assert page.name is None and "ZZZZZ" in plain(page.message.value)
    lost = StudentPage(store, code="ZZZZZ", token="not-a-token")
    assert lost.name is None and plain(lost.message.value) and one(lost, "inc-join")
    teacher = TeacherPage(store, code="ZZZZZ")
    assert plain(teacher.message.value)


def test_the_pages_read_the_request_voila_passes_in_the_environment():
    environ = {"QUERY_STRING": "code=K7QXM&token=abc", "SCRIPT_NAME": "/voila/render/teacher.ipynb",
               "SERVER_NAME": "10.0.0.5", "SERVER_PORT": "8866"}
    assert query(environ) == {"code": "K7QXM", "token": "abc"}
    assert page_url("student.ipynb", environ) == "http://10.0.0.5:8866/voila/render/student.ipynb"
    assert page_url("student.ipynb", {}) == "student.ipynb"


def store_down(monkeypatch, store):
    """Makes every move fail as when Redis is stopped (reads still work, as from a kernel's copy)."""
    def down(*args, **kwargs):
        raise StoreUnavailable("The game store at redis://db:6379/0 cannot be reached: Connection refused. "
                               "Check that Redis runs there; nothing already committed is lost.")

    monkeypatch.setattr(store, "act", down)


def test_strokes_and_done_wait_while_the_store_is_down_and_are_sent_when_it_is_back(store, monkeypatch):
    teacher, students = seat_class(store, rounds=1)
    ana = students["Ana"]
    # A board not drawn on is not said to be saved: "✓ Every stroke is saved." stood under an empty pad.
    assert plain(one(ana, "inc-save-status").value) == "Each stroke is saved as soon as you draw it."
    scribble(ana, 1)
    assert plain(one(ana, "inc-save-status").value) == "✓ Every stroke is saved."
    store_down(monkeypatch, store)
    scribble(ana, 2, at=3)
    status = plain(one(ana, "inc-save-status").value)
    assert status.startswith("Not saved yet: 2 strokes wait for the game store") and "saved." not in status
    one(ana, "inc-done").click()
    assert plain(one(ana, "inc-save-status").value).startswith("Not saved yet: 2 strokes and your Done wait")
    assert ana.pad is not None and len(ana.pad.drawing) == 3  # still drawing: nothing looks handed in
    game = store.read(teacher.code).game
    assert len(game.drawing("Ana")) == 1 and "Ana" not in game.done
    monkeypatch.undo()
    ana.store_back()  # what the page's watch does when the store answers again
    game = store.read(teacher.code).game
    assert len(game.drawing("Ana")) == 3 and game.done == ("Ana",)
    assert "Your drawing is done" in " ".join(page_states(ana)) and ana.message.value == ""


def test_strokes_the_table_can_no_longer_take_are_said_plainly(store, monkeypatch):
    teacher, students = seat_class(store, rounds=1)
    ben = students["Ben"]
    store_down(monkeypatch, store)
    scribble(ben, 1)
    monkeypatch.undo()
    end_phase(teacher)  # the teacher's page reaches the store; Ben's did not
    ben.store_back()
    assert "could not be kept" in plain(ben.message.value)
    assert store.read(teacher.code).game.phase is Phase.FIND


def test_a_store_that_cannot_be_opened_is_said_on_the_page(tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_text("not a database " * 100)
    for build in (teacher_page, student_page):
        page = build({"INCOGNITO_NB_STORE": str(bad), "QUERY_STRING": "code=ABCDE&token=x"})
        assert "not a SQLite database" in plain(page.value)


def test_the_teacher_removes_a_player_from_the_lobby_with_the_key_only(store):
    teacher = TeacherPage(store, student_url="http://school/student.ipynb", teacher_url="http://school/teacher.ipynb")
    code = teacher.create(secret_deck(), Rules(rounds=1))
    for name in ["Ana", "Ben", "Cleo", "Dan"]:
        store.join(code, name)
    teacher.refresh()
    assert find(teacher, "inc-remove-player") == []  # not on the projected page: on the teacher's desk
    desk = desk_of(teacher)
    # Its title names the desk and the table, not the projected page's invitation to join.
    assert plain(desk.header.value) == f"Teacher's desk · table {code}"
    buttons = find(desk, "inc-remove-player")
    assert [b.description for b in buttons] == ["Remove Ana", "Remove Ben", "Remove Cleo", "Remove Dan"]
    buttons[1].click()
    assert desk.message.value == "", plain(desk.message.value)
    assert store.read(code).view(None)["players"] == ["Ana", "Cleo", "Dan"]
    teacher.refresh()
    assert "Ben" not in plain(one(teacher, "inc-lobby").value)
    assert "Ben" not in plain(one(desk, "inc-lobby").value)
    assert [b.description for b in find(desk, "inc-remove-player")] == ["Remove Ana", "Remove Cleo", "Remove Dan"]
    projector = TeacherDesk(store, code=code)  # the code alone: nobody can be removed
    assert find(projector, "inc-remove-player") == []
    one(desk, "inc-start").click()  # the desk starts the game too
    assert store.read(code).game.players == ("Ana", "Cleo", "Dan")
    desk.refresh()
    assert find(desk, "inc-remove-player") == []  # gone once the game has started


def test_during_play_the_teacher_gives_a_student_who_lost_their_link_a_new_one(store):
    teacher, students = seat_class(store, rounds=1)
    assert find(teacher, "inc-reissue-seat") == [] and find(teacher, "inc-seat-help") == []  # not projected
    desk = desk_of(teacher)
    assert plain(desk.header.value).startswith(f"Teacher's desk · table {teacher.code} · Round 1 of 1")
    assert "End phase" in plain(one(desk, "inc-seat-help").value)  # what to do about a student who left
    buttons = find(desk, "inc-reissue-seat")
    assert [b.description for b in buttons] == [f"Give {name} a new link" for name in NAMES]
    old_token = students["Ben"].seat.token
    buttons[1].click()
    assert desk.message.value == "", plain(desk.message.value)
    shown = one(desk, "inc-reissued-link").value
    assert not any(shown.split("token=", 1)[1].split('"', 1)[0] in state for state in page_states(teacher))
    assert "Ben" in plain(shown) and f"http://school/student.ipynb?code={teacher.code}&amp;token=" in shown
    token = shown.split("token=", 1)[1].split('"', 1)[0]
    assert token != old_token
    again = StudentPage(store, code=teacher.code, token=token)
    assert again.name == "Ben" and again.pad is not None
    lost = StudentPage(store, code=teacher.code, token=old_token)  # the old link stops working
    assert lost.name is None and plain(lost.message.value)
    # Without the key: no buttons, no new links.
    projector = TeacherPage(store, code=teacher.code)
    assert projector.teacher_bar.layout.display == "none"
    with pytest.raises(Exception):
        store.reissue_seat(teacher.code, "not-the-key", "Ben")
    # A student who left: the teacher ends the phase and the game goes on without them.
    for name in ("Ana", "Cleo"):
        draw_and_finish(students[name])
    end_phase(teacher)
    assert store.read(teacher.code).game.phase is Phase.FIND


def test_the_teacher_pages_timer_ends_the_hide_phase_and_can_be_paused(store):
    teacher = TeacherPage(store, student_url="http://school/student.ipynb")
    one(teacher, "inc-timer").value = 60
    one(teacher, "inc-create").click()
    code = teacher.code
    pages = {}
    for name in NAMES:
        page = StudentPage(store, code=code)
        page.join(code, name)
        pages[name] = page
    teacher.refresh()
    one(teacher, "inc-start").click()
    teacher.refresh()
    timer = teacher.countdown
    assert timer is not None and one(teacher, "inc-timer-bar").max == 60
    pages["Ana"].refresh()
    pad = pages["Ana"].pad
    pad.pen_down(10, 10)
    pad.pen_move(60, 60)
    pad.pen_up()  # Ana has drawn but not pressed Done
    timer.tick(30)
    one(teacher, "inc-pause").click()
    timer.tick(30)  # paused: time stands still
    assert store.read(code).game.phase is Phase.HIDE
    one(teacher, "inc-pause").click()
    timer.tick(30)  # time is up: the phase ends, boards count as they stand
    game = store.read(code).game
    assert game.phase is Phase.FIND and len(game.drawing("Ana")) == 1
    assert teacher.countdown is None


def scribble(page: StudentPage, strokes: int, at: int = 0) -> None:
    for n in range(strokes):
        page.pad.pen_down(40 + 10 * (n + at), 60)
        page.pad.pen_move(200, 120 + 5 * (n + at))
        page.pad.pen_up()


def test_while_the_class_draws_the_projector_shows_who_is_done_large_on_its_stage(store):
    teacher, students = seat_class(store, rounds=1)
    room = one(teacher, "inc-room-box")
    assert teacher.progress.value == ""  # once: the top bar holds no chips while the stage does
    assert plain(room.value).startswith("Done: 0 of 3")
    scribble(students["Ben"], 2)
    draw_and_finish(students["Cleo"])
    teacher.catch_up()
    assert one(teacher, "inc-room-box") is room  # the same tiles with new words: no screen built again
    shown = plain(room.value)
    assert shown.startswith("Done: 1 of 3") and "Cleo ✔ done" in shown and "Ben ✎ drawing · 2 strokes" in shown
    # Each tile says whether its player is done, for the finished tile's green edge (its words say it too).
    assert 'data-seat="3" data-done="true"' in room.value and 'data-seat="2" data-done="false"' in room.value
    teacher.choose_language("es")
    spanish = one(teacher, "inc-room-box")
    assert plain(spanish.value).startswith("Han terminado: 1 de 3") and "Cleo ✔ listo" in plain(spanish.value)
    for name in ("Ana", "Ben"):
        draw_and_finish(students[name])
    teacher.catch_up()
    # The find phase: the gallery fills the stage, the chips of who placed cards are back in the top bar.
    assert find(teacher, "inc-room-box") == [] and teacher.room is None
    # Short chips, one line over the boards: the name and a mark, the words for screen readers.
    assert plain(teacher.progress.value) == "Ana✎ Ben✎ Cleo✎"
    assert heard(teacher.progress.value) == "Ana ✎ colocando cartas Ben ✎ colocando cartas Cleo ✎ colocando cartas"


def test_the_desk_counts_strokes_and_on_a_phone_in_short_chips(store):
    """The teacher's desk counts each student's strokes (who has not begun?). On a phone it
    shows short chips that still count them ("Ben ✎ 2"): the long ones took a line each in
    German; a wider screen keeps the long ones (the CSS chooses by the screen's width)."""
    teacher, students = seat_class(store, rounds=1)
    desk = desk_of(teacher)
    scribble(students["Ben"], 2)
    draw_and_finish(students["Cleo"])
    desk.catch_up()
    wide, narrow = re.fullmatch(r'<span class="inc-who inc-who-wide">(.*)</span>'
                                r'<span class="inc-who inc-who-narrow">(.*)</span>', desk.progress.value).groups()
    assert plain(wide) == "Ana ✎ drawing Ben ✎ drawing · 2 strokes Cleo ✔ done"
    assert plain(narrow) == "Ana✎ Ben✎ 2 Cleo✔"
    assert heard(narrow) == "Ana ✎ drawing Ben ✎ drawing · 2 strokes Cleo ✔ done"
    assert 'data-other="✎ 1"' in narrow  # Cleo's chip keeps the room of her count: a Done moves no chip
    for name in ("Ana", "Ben"):
        draw_and_finish(students[name])
    students["Ana"].catch_up()
    vote(students["Ana"], lambda v, a: None)
    desk.catch_up()  # the find phase: placing cards, nothing to count
    narrow = desk.progress.value.split('<span class="inc-who inc-who-narrow">')[1]
    assert plain(narrow) == "Ana✔ Ben✎ Cleo✎" and heard(narrow) == "Ana ✔ done Ben ✎ placing cards Cleo ✎ placing cards"


def test_a_stroke_is_stored_as_one_small_move(store):
    teacher, students = seat_class(store, rounds=1)
    scribble(students["Ana"], 3)
    students["Ana"].pad.undo()
    log = store.actions(teacher.code)[-4:]
    assert [a.kind for _, a in log] == ["edit_drawing"] * 4
    assert [len(a.args["strokes"]) for _, a in log] == [1, 1, 1, 0] and log[-1][1].args["keep"] == 2
    assert len(store.read(teacher.code).game.drawing("Ana")) == 2
    one(students["Ana"], "inc-done").click()
    assert store.actions(teacher.code)[-1][1] == Action.mark_done("Ana")


def _big_strokes(points: int) -> list[Stroke]:
    return [Stroke([(i % 800, 300 + i // 800) for i in range(min(5_000, points - k))]) for k in range(0, points, 5_000)]


def test_drawing_full_a_students_full_board_sends_nothing_more_and_says_so(store):
    teacher, students = seat_class(store, rounds=1)
    ana = students["Ana"]
    for stroke in _big_strokes(MAX_DRAWING_POINTS - 2):
        ana.pad._add_strokes([stroke])  # as the overlay hands on finished strokes
    scribble(ana, 1)  # 2 points: the board is full
    moves = len(store.actions(teacher.code))
    scribble(ana, 1, at=3)  # does not fit: dropped on the pad, never sent
    assert len(store.actions(teacher.code)) == moves
    assert store.read(teacher.code).game.drawing("Ana") == ana.pad.drawing
    assert ana.pad.drawing.points == MAX_DRAWING_POINTS
    assert "The board is full" in one(ana, "inc-pad-message").value
    assert plain(one(ana, "inc-save-status").value) == "✓ Every stroke is saved."


def test_drawing_full_a_stroke_the_store_refuses_is_said_on_the_pad_and_never_sent_again(store):
    teacher, students = seat_class(store, rounds=1)
    laptop = students["Ana"]
    scribble(laptop, 1)
    # Another device of the seat fills the board; the laptop has not caught up yet.
    for stroke in _big_strokes(MAX_DRAWING_POINTS - 2):
        store.act(teacher.code, Action.edit_drawing("Ana", [stroke]), seat_token=laptop.seat.token)
    stored = store.read(teacher.code).game.drawing("Ana")
    scribble(laptop, 1, at=3)  # fits on the laptop's board, not on the store's
    assert store.read(teacher.code).game.drawing("Ana") == stored
    assert "The board is full" in one(laptop, "inc-pad-message").value
    assert laptop.message.value == ""  # the pad says it, not an error
    assert laptop.waiting() == (0, False)  # not "not saved yet", nothing left to send
    moves = len(store.actions(teacher.code))
    laptop.send_waiting()
    assert len(store.actions(teacher.code)) == moves
    laptop.catch_up()
    assert laptop.pad.drawing == stored and laptop.pad._ink.room == 0
    one(laptop, "inc-done").click()
    game = store.read(teacher.code).game
    assert game.done == ("Ana",) and game.drawing("Ana") == stored


def test_classmates_strokes_move_only_the_chips_on_every_other_page(store, monkeypatch):
    teacher, students = seat_class(store, rounds=1)
    screens = {name: page.stage.children for name, page in students.items()}
    projected = teacher.stage.children
    built = []
    monkeypatch.setattr(TeacherPage, "render", lambda page: built.append("teacher"))
    monkeypatch.setattr(StudentPage, "render", lambda page: built.append(page.name))
    scribble(students["Ben"], 2)
    for page in (teacher, students["Ana"], students["Cleo"]):
        page.catch_up()
    assert built == []  # no screen was built again for two strokes
    assert teacher.stage.children == projected and all(students[n].stage.children == screens[n] for n in NAMES)
    chips = plain(teacher.room.value)  # the projected page's who is done, large on its stage
    assert "Ben ✎ drawing · 2 strokes" in chips and "Ana ✎ drawing" in chips
    # A student's chips say who is done, not how much others drew: they do not change
    # (nor move the pad below them) while classmates draw.
    # (Short chips, so that six take one line of a phone: the name and a mark, the words
    # for screen readers.)
    assert plain(students["Ana"].progress.value) == "Ana✎ Ben✎ Cleo✎"
    assert heard(students["Ana"].progress.value) == "Ana ✎ drawing Ben ✎ drawing Cleo ✎ drawing"
    assert len(students["Ana"].pad.drawing) == 0


def test_the_find_screen_packs_none_of_the_strokes_its_page_read_while_the_class_drew(store, monkeypatch):
    """Every page of a class builds the find screen at the same moment, each sending the
    boards it may show, packed: the strokes were packed as the page read them during the
    hide phase (TablePage.pack_ahead), so at the phase change they are only joined."""
    teacher, students = seat_class(store, rounds=1)
    for n, page in enumerate(students.values()):
        scribble(page, 3, at=n)
    for page in (teacher, *students.values()):
        page.catch_up()
    packed = []
    pack_stroke = painted_board.pack_stroke
    monkeypatch.setattr(painted_board, "pack_stroke", lambda stroke: packed.append(stroke) or pack_stroke(stroke))
    for page in students.values():
        one(page, "inc-done").click()
    for page in (teacher, *students.values()):
        page.catch_up()
    game = store.read(teacher.code).game
    assert game.phase is Phase.FIND and packed == []
    gallery = one(teacher, "inc-gallery")
    assert gallery.boards == [pack_stroke_all(game.drawing(p).strokes) for p in game.players]
    assert all(len(game.drawing(p)) == 3 for p in game.players)
    ana = one(students["Ana"], "inc-votes")
    assert ana.boards == [pack_stroke_all(game.drawing(p).strokes) for p in game.players if p != "Ana"]


def pack_stroke_all(strokes) -> bytes:
    """Returns ``strokes`` packed afresh, each stroke on its own (no stroke kept from before)."""
    return b"".join(painted_board.pack_stroke(stroke) for stroke in strokes)


def test_a_seat_open_on_two_devices_shows_each_devices_strokes_on_the_other(store, monkeypatch):
    teacher, students = seat_class(store, rounds=1)
    laptop = students["Ana"]
    scribble(laptop, 2)
    phone = StudentPage(store, code=teacher.code, token=laptop.seat.token)
    assert phone.pad.drawing == laptop.pad.drawing
    drawn = []
    monkeypatch.setattr("incognito_nb.ui.widgets.pad.draw_strokes", lambda canvas, strokes: drawn.append(list(strokes)))
    laptop.pad._client_ready = True  # a browser shows this pad
    scribble(phone, 1, at=5)
    drawn.clear()
    laptop.catch_up()
    assert laptop.pad.drawing == phone.pad.drawing == store.read(teacher.code).game.drawing("Ana")
    assert [len(batch) for batch in drawn] == [1]  # the new stroke only, not the board again
    scribble(laptop, 1, at=9)  # the laptop goes on drawing after the phone's stroke
    phone.catch_up()
    assert phone.pad.drawing == laptop.pad.drawing and len(phone.pad.drawing) == 4
    phone.pad.undo()
    laptop.catch_up()
    assert len(laptop.pad.drawing) == 3 == len(store.read(teacher.code).game.drawing("Ana"))
    phone.close()


def test_a_page_that_missed_many_moves_catches_up_exactly(tmp_path):
    path = tmp_path / "class.sqlite"
    with open_store(path, compact_every=5) as store, open_store(path, compact_every=5) as its_own:
        teacher, students = seat_class(store, rounds=1)
        projector = TeacherPage(its_own, code=teacher.code)  # a kernel of its own
        shown = projector.snapshot.version
        for name in NAMES:
            scribble(students[name], 12)
        one(students["Cleo"], "inc-done").click()
        projector.catch_up()
        assert projector.snapshot.version > shown + 30 and projector.snapshot.changes is None  # too far: rebuilt
        fresh = TeacherPage(open_store(path), code=teacher.code)
        assert plain(projector.room.value) == plain(fresh.room.value)
        assert "Cleo ✔ done" in plain(projector.room.value)
        assert "Ana ✎ drawing · 12 strokes" in plain(projector.room.value)
        scribble(students["Ben"], 1, at=20)
        projector.catch_up()
        assert [a.player for _, a in projector.snapshot.changes] == ["Ben"]  # near again: only the news
        assert "Ben ✎ drawing · 13 strokes" in plain(projector.room.value)
        again = StudentPage(open_store(path), code=teacher.code, token=students["Ana"].seat.token)
        assert again.pad.drawing == students["Ana"].pad.drawing and len(again.pad.drawing) == 12
        for page in (fresh, again, projector):
            page.store.close()
            page.close()


def test_every_classroom_page_carries_a_connection_watch_that_beats(store, monkeypatch):
    teacher, students = seat_class(store, rounds=1)
    for page in (teacher, *students.values()):
        watch = one(page, "inc-connection-watch")
        sent = []
        monkeypatch.setattr(watch, "send", sent.append)
        watch.beat()
        watch.beat()
        assert sent == [{"beat": watch.beats - 1}, {"beat": watch.beats}]
        assert "connection to the class server is lost" in watch.lost_text


def test_the_lost_connection_banner_tells_the_teacher_of_the_table_and_a_student_of_their_seat(store):
    """The teacher's page said, as a student's does, "your link brings you back to your seat"
    ("ton lien te ramène à ta place" in French, under the page's "vous"): the teacher has no
    seat, and the page's own address opens the table again."""
    teacher = TeacherPage(store, language="fr")
    code = teacher.create(secret_deck(), Rules(rounds=1))
    student = StudentPage(store, code=code, language="fr")
    said = {who: one(page, "inc-connection-watch").lost_text
            for who, page in (("teacher", teacher), ("student", student))}
    assert "vous" in said["teacher"] and "rouvre la table" in said["teacher"] and "ta place" not in said["teacher"]
    assert "ton lien te ramène à ta place" in said["student"]
    teacher.choose_language("de")
    assert "laden Sie die Seite neu" in one(teacher, "inc-connection-watch").lost_text
    teacher.close()
    student.close()


def made_table(store) -> tuple[str, str]:
    keys = store.create_table(secret_deck(), Rules(rounds=1))
    return keys.code, keys.teacher_key


def request(store, query: str, **environ: str) -> dict[str, str]:
    """The environment Voilà gives a page's kernel for ``?query``."""
    return {"INCOGNITO_NB_STORE": store.url, "QUERY_STRING": query, "SCRIPT_NAME": "/voila/render/teacher.ipynb",
            "SERVER_NAME": "10.0.0.5", "SERVER_PORT": "8866", **environ}


def test_a_wrong_teacher_key_shows_no_teacher_bar(store):
    code, key = made_table(store)
    wrong = teacher_page(request(store, f"code={code}&key=guess"))
    assert wrong.teacher_key is None and wrong.teacher_bar.layout.display == "none"
    assert not find(wrong, "inc-start") and "not valid" in plain(wrong.message.value)
    right = teacher_page(request(store, f"code={code}&key={key}"))
    assert right.teacher_bar.layout.display == "" and one(right, "inc-start")


def test_the_projected_page_opens_in_the_projector_mode_its_address_keeps(store):
    """``?projector=0`` (the toggle writes it there) opens the projected page out of projector
    mode; without it, or with the browser's twin saying 1, it is on; the desk is never in it."""
    code, key = made_table(store)
    assert teacher_page(request(store, f"code={code}&key={key}")).projector
    laptop = teacher_page(request(store, f"code={code}&key={key}&projector=0"))
    assert not laptop.projector and not laptop.projector_state.pressed
    laptop.projector_state.ask(True)  # what the page's address says, heard from the browser
    assert laptop.projector and laptop.projector_button.value
    assert not teacher_page(request(store, f"code={code}&key={key}&desk=1&projector=1")).projector


def test_under_the_classroom_server_the_key_comes_from_the_server_and_never_shows(store):
    code, key = made_table(store)
    served = {"INCOGNITO_NB_SERVER_SECRET": "s3cret"}
    # A key in the link is not taken: under the server only the teacher's browser holds it.
    linked = teacher_page(request(store, f"code={code}&key={key}", **served))
    assert linked.teacher_key is None and linked.teacher_bar.layout.display == "none"
    page = teacher_page(request(store, f"code={code}", HTTP_X_INCOGNITO_TEACHER_KEY=key, **served))
    assert page.teacher_key == key and one(page, "inc-start")
    desk_link = one(page, "inc-open-desk").value
    assert f"http://10.0.0.5:8866/voila/render/teacher.ipynb?code={code}&amp;desk=1" in desk_link
    assert not any(key in state for state in page_states(page))
    desk = teacher_page(request(store, f"code={code}&desk=1", HTTP_X_INCOGNITO_TEACHER_KEY=key, **served))
    assert isinstance(desk, TeacherDesk) and desk.teacher_key == key
    link = one(desk, "inc-teacher-link").value
    assert f"http://10.0.0.5:8866/voila/render/teacher.ipynb?code={code}" in link
    assert not any(key in state for state in page_states(desk))


def test_a_seat_link_without_a_table_code_asks_for_the_code(store):
    page = student_page(request(store, "token=abc"))
    assert page.name is None and one(page, "inc-join")
    message = plain(page.message.value)
    assert message.startswith("This link to a seat has no table code") and "is not a table code" not in message


def test_the_teacher_page_link_carries_the_tables_timer(store):
    code, key = made_table(store)
    assert teacher_page(request(store, f"code={code}&key={key}&timer=90")).timer_seconds == 90
    assert teacher_page(request(store, f"code={code}&key={key}&timer=77")).timer_seconds == 0
    assert teacher_page(request(store, f"code={code}&key={key}&timer=x")).timer_seconds == 0


def test_the_pages_log_lines_name_no_student(store, monkeypatch, caplog):
    """A server's log is kept on disk (``--log-file``) and read by whoever runs the laptop:
    a page's log lines say the table, the seat and what was refused, never a student's name
    (the store's or the rules' refusal is logged as its sentence with the values left out)."""
    caplog.set_level(logging.DEBUG)
    teacher, students = seat_class(store, rounds=1)
    ana = students["Ana"]
    store_down(monkeypatch, store)
    one(ana, "inc-done").click()  # the Done waits: "the store cannot take a move now"
    monkeypatch.undo()
    ana.store_back()
    game = store.read(teacher.code).game
    ana.move_on(game)  # not everyone is done: refused, left to the teacher page
    teacher.snapshot = store.read(teacher.code)
    teacher._auto_advance()  # refused the same way
    said = [record.getMessage() for record in caplog.records if record.name.startswith("incognito_nb.ui.pages")]
    assert len(said) >= 3, said
    assert not [line for line in said if any(name in line for name in game.players)], said
    assert any(f"table {teacher.code}, seat 1:" in line for line in said), said
