"""The classroom's game over without a browser: the podium and the vocabulary chart for the
class, and for the teacher alone the files and Play again with this class.

The pages are built as the classroom's kernels build them (``teacher_page``/``student_page``
pass the application's file makers); a whole short game is played through one SQLite store.
"""

from __future__ import annotations

import pytest

from incognito_nb.app.classroom import _takeaway_files
from incognito_nb.app.files import projected_chart as _vocabulary_chart
from incognito_nb.engine import Game, Phase, Rules
from incognito_nb.store import NotAllowed, open_store
from incognito_nb.ui.pages.student import StudentPage
from incognito_nb.ui.pages.teacher import TeacherPage
from incognito_nb.ui.pages.teacher_desk import TeacherDesk
from incognito_nb.ui.widgets.teacher_files import SAME_DECK
from incognito_nb.ui.widgets.text import png_of

from test_classroom_widgets import NAMES, draw_and_finish, end_phase, refresh_all, vote
from test_table import find, one, plain, secret_deck

pytestmark = pytest.mark.usefixtures("close_new_widgets")


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "class.sqlite") as table_store:
        yield table_store


def finished_class(store, rounds: int = 1):
    """A teacher page (with the key and the file makers) and three students, at the podium."""
    teacher = TeacherPage(store, takeaway_files=_takeaway_files, vocabulary_chart=_vocabulary_chart)
    code = teacher.create(secret_deck(), Rules(rounds=rounds))
    students = {}
    for name in NAMES:
        page = StudentPage(store, code=code)
        page.join(code, name)
        students[name] = page
    teacher.refresh()
    one(teacher, "inc-start").click()
    refresh_all(teacher, students)
    for _ in range(rounds):
        for page in students.values():
            draw_and_finish(page)
            refresh_all(teacher, students)
        game = store.read(code).game
        truth = {p: game.lineup.index(game.secret_object(p)) + 1 for p in game.players}
        for page in students.values():
            vote(page, lambda v, a: truth[a] if a == "Ana" else None)
            refresh_all(teacher, students)
        while store.read(code).game.phase in (Phase.SCORE, Phase.PREPARE):
            one(teacher, "inc-next").click()
            refresh_all(teacher, students)
    assert store.read(code).game.phase is Phase.OVER
    return teacher, students


def desk_of(teacher: TeacherPage) -> TeacherDesk:
    """The teacher's desk of ``teacher``'s table, as the teacher's browser opens it."""
    return TeacherDesk(store=teacher.store, code=teacher.code, teacher_key=teacher.teacher_key,
                       takeaway_files=_takeaway_files, vocabulary_chart=_vocabulary_chart)


def test_the_projected_game_over_shows_the_podium_and_the_vocabulary_chart(store):
    teacher, students = finished_class(store)
    stage = teacher.stage
    assert one(stage, "inc-podium") and one(stage, "inc-scoreboard")
    chart = one(one(stage, "inc-over-main"), "inc-over-chart")  # in the podium's column
    assert png_of(chart).startswith(b"\x89PNG")
    assert 'alt="Which words did the class find?"' in chart.value  # a named picture, as the chart's own title
    assert not find(stage, "inc-teacher-files")  # the teacher's box is not on the stage
    assert teacher.files_box.children == ()  # nor anywhere on the projected page: it is on the desk
    assert not find(teacher, "inc-play-again") and not find(teacher, "inc-prepare-downloads")
    assert teacher.end_phase_button.layout.display == "none"  # nothing left to end: not shown
    assert desk_of(teacher).end_phase_button.layout.display == "none"


def test_the_teacher_downloads_the_four_files_of_table_mode_from_the_desk(store):
    teacher, _ = finished_class(store)
    box = one(desk_of(teacher).files_box, "inc-teacher-files")
    one(box, "inc-prepare-downloads").click()
    links = one(box, "inc-downloads").value
    for stem in ("poster", "results", "vocabulary", "drawings"):
        assert f"inc-download-{stem}" in links, stem
    assert not find(box, "inc-chart")  # projected already, not twice
    assert one(box, "inc-play-again") and one(box, "inc-play-again-deck").value == SAME_DECK


def test_a_student_page_offers_no_download_and_no_play_again(store):
    teacher, students = finished_class(store)
    for name, page in students.items():
        assert one(page, "inc-winners")
        assert [plain(row.value).split()[0] for row in find(page, "inc-score-you")] == [name]  # their own row
        for css in ("inc-teacher-files", "inc-prepare-downloads", "inc-downloads", "inc-play-again"):
            assert not find(page, css), css
        assert "inc-download" not in " ".join(str(w.get_state().get("value", "")) for w in find(page, "inc-over"))


def test_a_teacher_page_without_the_key_projects_the_game_over_without_the_teachers_box(store):
    teacher, _ = finished_class(store)
    projector = TeacherPage(store, code=teacher.code, takeaway_files=_takeaway_files,
                            vocabulary_chart=_vocabulary_chart)
    assert one(projector, "inc-podium") and one(projector, "inc-over-chart")
    assert projector.files_box.children == ()
    with pytest.raises(NotAllowed):  # nor can a page without the key play again
        store.play_again(teacher.code, None)


def test_play_again_moves_every_page_to_the_new_games_hide_phase_with_the_same_seats(store):
    teacher, students = finished_class(store)
    tokens = {name: page.seat.token for name, page in students.items()}
    old = store.read(teacher.code).game
    desk = desk_of(teacher)
    one(desk.files_box, "inc-play-again").click()
    assert desk.message.value == "", plain(desk.message.value)
    assert desk.files_box.children == ()
    refresh_all(teacher, students)  # what each page's watch does
    game = store.read(teacher.code).game
    assert game.phase is Phase.HIDE and game.round == 1 and game.players == old.players
    assert "Students are drawing" in plain(one(teacher, "inc-waiting").value)
    for name, page in students.items():
        assert page.seat.token == tokens[name] and page.pad is not None
        assert game.secret_object(name) in plain(one(page, "inc-secret").value)
    draw_and_finish(students["Ana"])  # the seats play the new game
    assert store.read(teacher.code).game.done == ("Ana",)


def test_play_again_with_another_deck_deals_from_it(store):
    teacher, students = finished_class(store)
    box = one(desk_of(teacher).files_box, "inc-teacher-files")
    menu = one(box, "inc-play-again-deck")
    builtin = next(value for _, value in menu.options if value != SAME_DECK)
    menu.value = builtin
    box.play_again()
    snapshot = store.read(teacher.code)
    assert snapshot.game.phase is Phase.HIDE and snapshot.deck_name != "Secrets"


def test_a_phone_that_missed_the_podium_shows_the_new_games_card_after_play_again(store):
    """A phone offline from its drawing to after Play again reads the new game at round 1,
    hide phase, as before: it must show the new deal's card, not keep the last game's."""
    teacher = TeacherPage(store, takeaway_files=_takeaway_files, vocabulary_chart=_vocabulary_chart)
    code = teacher.create(secret_deck(), Rules(rounds=1))
    students = {}
    for name in NAMES:
        students[name] = StudentPage(store, code=code)
        students[name].join(code, name)
    teacher.refresh()
    one(teacher, "inc-start").click()
    refresh_all(teacher, students)
    away = students.pop(NAMES[0])  # this phone hears nothing from now on
    old = store.read(code).game.secret_object(away.name)
    assert old in plain(one(away, "inc-secret").value)
    for page in students.values():
        draw_and_finish(page)
        refresh_all(teacher, students)
    end_phase(teacher)  # the absent student's board counts as it lies
    refresh_all(teacher, students)
    while store.read(code).game.phase is Phase.FIND:
        end_phase(teacher)
        refresh_all(teacher, students)
    while store.read(code).game.phase is not Phase.OVER:
        one(teacher, "inc-next").click()
        refresh_all(teacher, students)
    # A deal in which the absent student holds another card than before.
    seed = next(s for s in range(100) if Game.new(store.read(code).players, secret_deck(), seed=s,
                                                  rules=Rules(rounds=1)).secret_object(away.name) != old)
    store.play_again(code, teacher.teacher_key, seed=seed)
    away.refresh()  # back online: the table's round 1, hide phase, as when it left
    new = store.read(code).game.secret_object(away.name)
    assert new != old
    assert new in plain(one(away, "inc-secret").value) and old not in plain(one(away, "inc-secret").value)


def test_the_desks_files_are_saved_under_the_day_and_the_table_so_that_weeks_of_them_stay_apart(store):
    """Every table of every week saved its files as poster.pdf, results.csv…: a teacher with two
    tables a lesson had 'poster (7).pdf' by the fourth week, and no way to tell whose it was."""
    import datetime as dt
    import re

    teacher, _ = finished_class(store)
    box = one(desk_of(teacher).files_box, "inc-teacher-files")
    one(box, "inc-prepare-downloads").click()
    saved = re.findall(r'download="([^"]+)"', one(box, "inc-downloads").value)
    day = dt.date.today().isoformat()
    assert saved == [f"{day} {teacher.code} {name}" for name in
                     ("poster.pdf", "results.csv", "vocabulary.csv", "vocabulary.png", "drawings.zip")], saved
    assert 'class="inc-download inc-download-poster"' in one(box, "inc-downloads").value  # the hooks stay


def test_the_projected_chart_tells_a_screen_reader_its_words_and_how_many_found_each():
    """The chart's alt named none of its words: a screen reader heard "Which words did the class
    find?" and nothing of which word was found how often. Its figcaption says them, as the
    picture has them, each word in the deck's language, escaped."""
    import html
    import random

    from class_games import play_game
    from incognito_nb.app.files.exports import vocabulary_report
    from incognito_nb.engine import Deck
    from incognito_nb.engine.words_found import PROJECTED_WORDS, words_found
    from incognito_nb.ui.i18n import language
    from incognito_nb.ui.widgets.takeaways import projected_chart

    deck = Deck(objects=("<b>llave</b>", *(f"cosa {n}" for n in range(17))),
                locations=tuple(f"sitio {n}" for n in range(9)), name="<i>Mis</i> palabras", language="es")
    game = play_game(("Ana", "Ben", "Cleo"), random.Random(3).choice, seed=3, deck=deck)
    drawn = {}

    def chart(game, lang, dark=False):  # the picture itself is tested with the files
        drawn[dark] = True
        return b"PNG"

    (english,) = projected_chart(game, chart, language("en"))
    caption = english.value.split("<figcaption", 1)[1]
    words = words_found(game)[:PROJECTED_WORDS]
    assert [w.word for w in words] == [row["word"] for row in vocabulary_report(game)[:PROJECTED_WORDS]]
    for word in words:
        assert f'lang="es">{html.escape(word.word)}</span>: found by {word.found} of {word.could}</li>' in caption
    assert "the 6 words found least, of 9" in caption and "&lt;i&gt;Mis&lt;/i&gt; palabras" in caption
    assert "<b>" not in english.value and "<i>" not in english.value
    assert english.value.count('alt="Which words did the class find?"') == 2 and drawn == {False: True, True: True}
    (spanish,) = projected_chart(game, chart, language("es"))
    assert 'lang="es"' not in spanish.value, "the page speaks the deck's language"
    assert f": acertaron {words[0].found} de {words[0].could}</li>" in spanish.value
