"""The teacher's desk without a browser, phase by phase: what it says of the show, what it
offers to press, the new seat link it hands over, and what it puts first at the game over.

The desk is built as the classroom's kernel builds it for the teacher's browser (the key,
the file makers); the class plays through one SQLite store, the teacher's moves made from
the projected page or the store.  What a person sees in Chromium (the buttons' widths, the
links' look, a phone's fold) is measured in ``tests/test_teacher_desk_browser.py``.
"""

from __future__ import annotations

import pytest

from incognito_nb.app.classroom import _takeaway_files, teacher_page
from incognito_nb.app.files import projected_chart as _vocabulary_chart
from incognito_nb.engine import Action, Phase, Rules
from incognito_nb.engine.actions import position_of
from incognito_nb.store import open_store
from incognito_nb.ui.pages.teacher import TeacherPage
from incognito_nb.ui.pages.teacher_desk import TeacherDesk
from incognito_nb.ui.widgets import seat_link
from incognito_nb.ui.widgets.seat_link import SeatLink

from test_classroom_widgets import NAMES, request, seat_class
from test_table import find, one, plain, secret_deck

pytestmark = pytest.mark.usefixtures("close_new_widgets")


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "class.sqlite") as table_store:
        yield table_store


def desk_of(teacher) -> TeacherDesk:
    """The teacher's desk of ``teacher``'s table, as the teacher's browser opens it."""
    return TeacherDesk(store=teacher.store, code=teacher.code, teacher_key=teacher.teacher_key,
                       student_url=teacher.student_url, teacher_url=teacher.teacher_url,
                       takeaway_files=_takeaway_files, vocabulary_chart=_vocabulary_chart)


def teacher_moves(teacher, action) -> None:
    """The teacher's move ``action(at)`` made from the table as it stands (another page's press)."""
    game = teacher.store.read(teacher.code).game
    teacher.store.act(teacher.code, action(position_of(game)), teacher_key=teacher.teacher_key)


def to_the_reveal(teacher) -> None:
    for _ in (Phase.HIDE, Phase.FIND):
        teacher_moves(teacher, lambda at: Action.advance(force=True, at=at))


def seat_links(desk) -> list[SeatLink]:
    return [widget for widget in find(desk.stage, "inc-seat-link") if isinstance(widget, SeatLink)]


def test_the_desk_pauses_and_resumes_the_projected_pages_timer_and_both_say_the_tables_state(store):
    """A pen breaks, the bell rings: the teacher with the desk on a phone pauses the timer that
    the projected page counts down in its own kernel, without walking to the laptop.  The
    pause is the table's: both pages say it, and a page built again (a reload) keeps it."""
    teacher, students = seat_class(store, rounds=1)
    code, key = teacher.code, teacher.teacher_key
    show = TeacherPage(store, code=code, teacher_key=key, timer_seconds=60)  # the projected page, a timer
    assert "timer=60" in show.desk_url  # the desk learns there is a timer from its link
    desk = teacher_page(request(store, show.desk_url.split("?", 1)[1]))
    assert isinstance(desk, TeacherDesk)
    assert [child for child in desk.teacher_bar.children if child.layout.display != "none"] == [
        desk.end_phase_button, desk.pause_button]  # Pause timer next to End phase
    show.countdown.tick(5)
    one(desk, "inc-pause").click()
    assert desk.message.value == "", plain(desk.message.value)
    assert store.read(code).game.timer_paused
    assert one(desk, "inc-pause").description == "Resume timer"
    show.catch_up()  # what the projected page's watch does on the change
    assert show.countdown.paused and one(show, "inc-pause").description == "Resume timer"
    show.countdown.tick(30)  # the next ticks: time stands still
    assert show.countdown.left == 55 and "0:55 (paused)" in plain(one(show, "inc-timer-text").value)
    again = TeacherPage(store, code=code, teacher_key=key, timer_seconds=60)  # the projected page reloaded
    assert again.countdown.paused and one(again, "inc-pause").description == "Resume timer"
    reopened = teacher_page(request(store, show.desk_url.split("?", 1)[1]))  # and a desk opened again
    assert one(reopened, "inc-pause").description == "Resume timer"
    again.close()
    reopened.close()
    one(show, "inc-pause").click()  # resumed on the projected page: the desk follows
    desk.catch_up()
    assert not store.read(code).game.timer_paused and one(desk, "inc-pause").description == "Pause timer"
    show.countdown.tick(5)
    assert show.countdown.left == 50
    # A page without the key pauses nothing: no Pause shown, and none made to show from the
    # browser's console (a synced trait) and pressed; a student's page has none.
    version = store.version(code)
    for page in [TeacherPage(store, code=code, timer_seconds=60), TeacherDesk(store, code=code, timer_seconds=60)]:
        assert page.pause_button.layout.display == "none" and not find(page, "inc-pause")
        page.pause_button.layout.display = ""  # the console
        page.toggle_pause()  # what a press would ask
        assert page.message.value == "" and store.version(code) == version
    assert not any(find(page, "inc-pause") for page in students.values())
    # Past the hide phase the desk offers no Pause, and its button, pressed late, pauses nothing.
    late = one(desk, "inc-pause")
    teacher_moves(teacher, lambda at: Action.advance(force=True, at=at))
    desk.catch_up()
    assert desk.pause_button.layout.display == "none"
    late.click()
    desk.toggle_pause()
    assert store.version(code) == version + 1 and desk.message.value == "", plain(desk.message.value)


def test_a_projected_page_reloaded_mid_drawing_goes_on_with_the_tables_time_left(tmp_path):
    """A teacher's laptop reloads the projected page mid-drawing (a crashed tab, a cable): the
    countdown goes on with the table's time left, by the store's clock, paused or not, not
    from the full time; at zero two projected pages end the phase once."""
    now = [1_000_000.0]
    with open_store(tmp_path / "class.sqlite", clock=lambda: now[0]) as store:
        teacher, students = seat_class(store, rounds=1)
        code, key = teacher.code, teacher.teacher_key
        show = TeacherPage(store, code=code, teacher_key=key, timer_seconds=60)  # starts the table's timer
        assert store.read(code).game.drawing_time.seconds == 60
        now[0] += 20
        again = TeacherPage(store, code=code, teacher_key=key, timer_seconds=60)  # reloaded 20 s later
        assert again.countdown.left == 40 and "0:40 left" in plain(one(again, "inc-timer-text").value)
        version = store.version(code)
        desk = TeacherDesk(store, code=code, teacher_key=key, timer_seconds=60)
        one(desk, "inc-pause").click()  # paused at 0:40 from the desk
        now[0] += 300  # a long pause, then a reload
        paused = TeacherPage(store, code=code, teacher_key=key, timer_seconds=60)
        assert paused.countdown.paused and "0:40 (paused)" in plain(one(paused, "inc-timer-text").value)
        assert store.version(code) == version + 1  # pages built again started no second timer
        one(paused, "inc-pause").click()  # resumed
        now[0] += 15
        for page in (show, again):
            page.catch_up()  # what the watch does on the change
            assert not page.countdown.paused
        assert show.countdown.left == 25  # the table's time left, not its own 60
        for page in (show, again):
            page.countdown.tick(60)  # zero on both projected pages
        game = store.read(code).game
        assert game.phase is Phase.FIND and store.version(code) == version + 3  # pause, resume, one end
        for page in (show, again, desk, paused):
            page.close()


def test_a_desk_pause_pressed_twice_pauses_once(store):
    """A double click's second press reaches the button it was meant for, closed once the
    pause was taken: it does not resume the timer at once."""
    teacher, _ = seat_class(store, rounds=1)
    desk = TeacherDesk(store, code=teacher.code, teacher_key=teacher.teacher_key, timer_seconds=60)
    pressed = one(desk, "inc-pause")
    pressed.click()
    pressed.click()
    assert store.read(teacher.code).game.timer_paused and one(desk, "inc-pause") is not pressed


def test_a_new_seat_link_comes_with_copy_and_a_qr_code_for_the_student_to_scan(store):
    """It was a 90-character address in plain text: nothing to copy it with, no code to scan."""
    teacher, _ = seat_class(store, rounds=1)
    desk = desk_of(teacher)
    assert [link.url for link in seat_links(desk)] == [""]  # nothing shown before a link is given
    url = desk.new_link("Ben")
    (handed,) = seat_links(desk)
    assert handed.url == url and "token=" in url
    assert handed.labels["copy"] == "Copy the link"
    assert handed.labels["copied"] == "✓ Link copied: give it to Ben."
    assert handed.labels["qr_alt"] == "QR code of Ben's seat link"
    if handed.has_qr:
        handed.show_qr()  # what its "Show QR code" button asks for
        assert handed.qr.startswith("data:image/svg+xml")
    assert f'href="{url}"'.replace("&", "&amp;") in one(desk, "inc-reissued-link").value


def test_a_remove_pressed_twice_removes_once_and_says_nothing_of_the_second(store):
    """A double click on a slow link sends the Remove twice before its button leaves the page:
    the second found the student gone, and the desk said "Nobody called Ana has joined" in
    red.  The row is guarded in the browser against the press meant for the next button
    (settled_row.js, measured in tests/test_assistive_browser.py)."""
    from incognito_nb.ui.widgets.settled_row import SettledRow

    teacher = TeacherPage(store, student_url="http://school/student.ipynb", teacher_url="http://school/teacher.ipynb")
    code = teacher.create(secret_deck(), Rules(rounds=1))
    for name in ["Ana", "Ben", "Cleo"]:
        store.join(code, name)
    desk = desk_of(teacher)
    ana = next(b for b in find(desk.stage, "inc-remove-player") if b.description == "Remove Ana")
    ana.click()
    ana.click()  # the second click, sent before the first's answer
    assert desk.message.value == ""
    assert store.read(code).players == ("Ben", "Cleo")
    assert [b.description for b in find(desk.stage, "inc-remove-player")] == ["Remove Ben", "Remove Cleo"]
    assert [w.row for w in find(desk.stage, "inc-invisible") if isinstance(w, SettledRow)] == [".inc-remove-players"]


def test_a_seat_links_qr_code_is_made_once_per_link(monkeypatch):
    """A code takes segno ~7 ms of the kernel: a page's script asked for it 200 times a second."""
    made = []
    monkeypatch.setattr(seat_link, "qr_data_uri", lambda url: made.append(url) or f"data:{url}")
    link = SeatLink("http://laptop/seat?token=1")
    for _ in range(50):
        link._heard(link, {"ask": "qr"}, [])  # what the page's "Show QR code" sends, again and again
    assert made == ["http://laptop/seat?token=1"] and link.qr == "data:http://laptop/seat?token=1"
    link.url = "http://laptop/seat?token=2"  # a new link shown: its own code
    assert made == ["http://laptop/seat?token=1", "http://laptop/seat?token=2"] and link.qr.endswith("token=2")
    link.close()


def test_a_new_seat_link_is_said_again_in_the_language_the_desk_is_switched_to(store):
    """"Ana's new link to their seat: …" stayed English on a desk switched to German."""
    teacher, _ = seat_class(store, rounds=1)
    desk = desk_of(teacher)
    url = desk.new_link("Ana")
    desk.choose_language("de")
    sentence = one(desk, "inc-reissued-link").value
    assert plain(sentence).startswith("Neuer Link von Ana zum eigenen Platz: "), plain(sentence)
    assert url.replace("&", "&amp;") in sentence
    (handed,) = seat_links(desk)
    assert handed.url == url and handed.labels["show_qr"] == "QR-Code zeigen"
    desk.choose_language("fr")
    assert plain(one(desk, "inc-reissued-link").value).startswith("Le nouveau lien vers la place attribuée à Ana")


def test_in_the_reveal_the_desk_says_which_drawing_the_projector_shows_and_offers_to_skip_to_the_scores(store):
    """The desk showed no progress in the reveal, and "End phase now", which there skips every
    drawing not yet shown: it says which drawing is on the projector, and calls that button by
    what it does while there are drawings to skip; at the scoreboard, Next does the rest."""
    teacher, _ = seat_class(store, rounds=2)
    desk = desk_of(teacher)
    to_the_reveal(teacher)
    desk.refresh()
    players = store.read(teacher.code).game.players
    assert plain(desk.progress.value) == f"On the projector: {players[0]}'s drawing (1 of {len(players)})."
    teacher_moves(teacher, lambda at: Action.reveal_next(at=at))
    desk.refresh()
    assert plain(desk.progress.value) == f"On the projector: {players[1]}'s drawing (2 of {len(players)})."
    # Said as well as shown: the desk's heading is the same at each Next, and a teacher who
    # listens heard nothing of where the projector stood.
    assert desk.aria.announcement.endswith(f"On the projector: {players[1]}'s drawing (2 of {len(players)}).")
    skip = desk.end_phase_button
    assert skip.layout.display == "" and skip.description == "Skip to the scores…"
    assert "End phase" not in plain(one(desk, "inc-seat-help").value)  # no such button to press here
    teacher.refresh()  # the projected page's bar, when the teacher drives from there, says the same
    assert teacher.end_phase_button.description == "Skip to the scores…"
    teacher.choose_language("es")
    assert teacher.end_phase_button.description == "Saltar a los puntos…"
    teacher.choose_language("en")
    for _ in players[1:]:  # the drawings left, then the scoreboard
        teacher_moves(teacher, lambda at: Action.reveal_next(at=at))
    desk.refresh()
    assert plain(desk.progress.value) == "On the projector: the scores of round 1."
    assert desk.end_phase_button.layout.display == "none"  # Next ("Prepare the next round") does it
    teacher.refresh()
    assert teacher.end_phase_button.layout.display == "none"  # the projected page's bar too
    assert plain(one(desk, "inc-next").description) == "Prepare the next round"
    teacher_moves(teacher, lambda at: Action.advance(at=at))
    desk.refresh()
    assert desk.end_phase_button.layout.display == "none" and desk.progress.value == ""
    assert one(desk, "inc-next").description == "Start round 2"
    teacher_moves(teacher, lambda at: Action.advance(at=at))
    desk.refresh()
    assert desk.end_phase_button.description == "End phase now…" and desk.end_phase_button.layout.display == ""
    assert "End phase now…" in plain(one(desk, "inc-seat-help").value)


def test_skip_to_the_scores_shows_the_scores_with_the_drawings_left_unrevealed(store):
    teacher, _ = seat_class(store, rounds=2)
    desk = desk_of(teacher)
    to_the_reveal(teacher)
    desk.refresh()
    desk.end_phase_button.click()
    assert plain(one(desk, "inc-confirm-text").value) == "Skip the rest of the reveal and record the scores?"
    assert store.read(teacher.code).game.phase is Phase.SCORE  # asked, not skipped
    yes = one(desk, "inc-confirm-yes")
    assert yes.description == "Yes, skip it"
    yes.click()
    game = store.read(teacher.code).game
    assert game.phase is Phase.PREPARE and len(game.history) == 1  # the round's scores stand
    assert one(desk, "inc-next").description == "Start round 2"


def test_at_the_game_over_the_desk_puts_the_files_and_play_again_first_and_nothing_of_the_play(store):
    """At the game over the desk still said to press End phase now (gone), held a new-link button
    per student and the last new seat link, all above the files: on a phone Play again was 230 px
    below the screen's foot."""
    teacher, _ = seat_class(store, rounds=1)
    desk = desk_of(teacher)
    desk.new_link("Cleo")
    while store.read(teacher.code).game.phase is not Phase.OVER:
        teacher_moves(teacher, lambda at: Action.advance(force=True, at=at))
    desk.refresh()
    first = desk.stage.children[0]
    assert first is desk.files_box and first.layout.display != "none"
    assert one(first, "inc-play-again") and one(first, "inc-prepare-downloads")
    assert desk.seat_box.layout.display == "none"  # the seat help, the new-link buttons, the last link
    assert one(desk, "inc-reissued-link").value == "" and [link.url for link in seat_links(desk)] == [""]
    assert desk.bottom.layout.display == "none"  # the files are not in the footer too
    # Play again: the game's seats again, and the new-link buttons with them.
    one(first, "inc-play-again").click()
    desk.refresh()
    assert desk.seat_box.layout.display == "" and desk.files_box.layout.display == "none"
    assert [b.description for b in find(desk, "inc-reissue-seat")] == [f"Give {name} a new link" for name in NAMES]
    assert desk.files_box.comm is not None  # kept open for the next game over
