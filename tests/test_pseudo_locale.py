"""Every page and every phase of both modes in the pseudo-language: no text escaped the catalogue.

In ``en-XA`` every sentence of the catalogue is bracketed and written in accented
look-alikes ("[Šţàŕţ ţĥé ĝàɱé]"), so a Latin letter left on a screen that is not a name,
a deck word or a link is text that did not go through the catalogue (see ``pseudo.py``).
The tests play whole games (one round, then the next, then the end) on the table
dashboard, the classroom's teacher page and three student pages, and the deck editor,
refused actions and store problems included, and check every live widget after each step.
"""

from __future__ import annotations

import csv
import io

import ipywidgets as widgets
import pytest

from incognito_nb.app.files.exports import results_csv, vocabulary_csv
from incognito_nb.engine import Phase, Rules
from incognito_nb.store import GameFolder, StoreUnavailable, open_store
from incognito_nb.ui.i18n import PSEUDO, language, pseudo
from incognito_nb.ui.pages.student import StudentPage
from incognito_nb.ui.pages.teacher import TeacherPage
from incognito_nb.ui.pages.teacher_desk import TeacherDesk
from incognito_nb.ui.pages.deck_editor import DeckEditor
from incognito_nb.ui.pages.table import TableApp
from incognito_nb.ui.widgets.connection import ConnectionWatch

from pseudo import data_words, english_left
from test_table import find, one, plain, secret_deck

pytestmark = pytest.mark.usefixtures("close_new_widgets")  # each test closes what it built

NAMES = ["Ana", "Ben", "Cleo"]
DECK = secret_deck()



def all_in_catalogue(page: widgets.Widget, *extra: str, step: str = "") -> None:
    """Asserts that every text ``page`` shows went through the catalogue."""
    left = english_left(page, data_words(DECK, names=NAMES, more=extra))
    assert left == [], f"{step}: text that escaped the catalogue: {left}"


def test_the_pseudo_language_transforms_every_sentence_and_keeps_its_placeholders():
    lang = language(PSEUDO)
    assert lang._("Start the game") == "[Šţàŕţ ţĥé ĝàɱé]"
    assert lang._("Start round {next}", next=2) == "[Šţàŕţ ŕôûñđ 2]"
    assert lang.ngettext("{n} point", "{n} points", 3) == "[3 ƥôîñţš]"
    assert pseudo("<b>{x}</b> &amp; a") == "[<b>{x}</b> &amp; à]"
    assert lang.names(["Ana", "Ben"]) == "[Ana àñđ Ben]"


# ---------------------------------------------------------------------- the table dashboard
def vote_by_class(app_or_page, voter_panel_root, game, voter: str) -> None:
    """Places a card on every other drawing as its buttons do (no English label read)."""
    for number, artist in enumerate(p for p in game.players if p != voter):
        voter_panel_root.press(artist, number + 1)


def test_the_table_dashboard_speaks_only_the_catalogue_in_every_phase(tmp_path):
    app = TableApp(folder=GameFolder(tmp_path), language=PSEUDO, takeaway_files=lambda game, lang: {
        "poster.pdf": b"%PDF", "results.csv": results_csv(game, lang).encode(), "drawings.zip": b"PK"})
    all_in_catalogue(app, step="setup")
    form = one(app, "inc-setup")
    form.deck_choice.value = next(key for key in form._decks if key != "preset")
    form.timer_choice.value = 60
    form.name_fields[0].value = "Ana"
    form.name_fields[1].value = "ana"  # the same name: said in the form
    all_in_catalogue(app, "ana", step="setup, two names alike")
    form.name_fields[1].value = "Ben"
    form.name_fields[2].value = "Cleo"
    form.upload(b"kind,word\nanimal,cat\n", "bad.csv")  # a refused deck: every problem said
    all_in_catalogue(app, "bad.csv", "animal", step="setup, a refused deck")
    form.upload(b"kind,word\n" + b"".join(b"object,o%d\nlocation,l%d\n" % (i, i) for i in range(30)), "mine.csv")
    all_in_catalogue(app, "mine.csv", "mine", *(f"o{i}" for i in range(30)), *(f"l{i}" for i in range(30)),
                     step="setup, an uploaded deck")
    form.deck_choice.value = next(key for key in form._decks if key.startswith("builtin:"))
    form.start_button.click()
    game = app.game
    assert game is not None, form.error_text
    app.guarded(lambda: app.open_card("Cleo"))()  # not Cleo's turn: refused, in words of the catalogue
    assert plain(app.message.value).startswith("[")
    seen = set()
    while game.phase is not Phase.OVER:
        step = f"round {game.round}, {game.phase.value}"
        all_in_catalogue(app, step=step + ", curtain")
        if game.phase is Phase.HIDE:
            one(app, "inc-show-card").click()
            all_in_catalogue(app, step=step + ", the card behind the curtain")
            assert app.pad._location_prefix.startswith("[")  # written on the paper by the canvas
            app.pad.pen_down(100, 100)
            app.pad.pen_move(200, 150)
            app.pad.pen_up()
            one(app, "inc-done").click()
        elif game.phase is Phase.FIND:
            voter = app._waiting()
            one(app, "inc-show-card").click()
            vote_by_class(app, one(app, "inc-votes"), game, voter)
            all_in_catalogue(app, step=step + ", cards placed")
            one(app, "inc-votes").press_confirm()
        else:
            one(app, "inc-next").click()
        seen.add(game.phase)
    all_in_catalogue(app, step="game over")
    app.teacher.ask_end_phase()
    app.teacher.cancel()
    one(app, "inc-save").click()
    app.teacher.ask_restart()
    all_in_catalogue(app, str(tmp_path), step="the teacher bar asks before a restart")
    app.teacher.cancel()
    one(app, "inc-projector-toggle").click()
    takeaways = one(app, "inc-prepare-downloads")
    takeaways.click()
    all_in_catalogue(app, str(tmp_path), step="the files to take home")
    assert seen >= {Phase.HIDE, Phase.FIND, Phase.SCORE, Phase.PREPARE}
    header = next(csv.reader(io.StringIO(results_csv(game, language(PSEUDO)))))
    assert english_left_in(header, NAMES) == []
    header = next(csv.reader(io.StringIO(vocabulary_csv(game, language(PSEUDO)))))
    assert english_left_in(header, NAMES) == []
    one(app, "inc-new-game").click()
    all_in_catalogue(app, str(tmp_path), step="setup again, the finished game offered back")
    app.close()


def english_left_in(texts, names) -> list[str]:
    return [text for text in texts if any(ch.isascii() and ch.isalpha() for ch in
                                          text.replace("(%)", "").replace(next((n for n in names if n in text), "\0"), ""))]


# ---------------------------------------------------------------------- the classroom
def test_the_classroom_pages_speak_only_the_catalogue_in_every_phase(tmp_path, monkeypatch):
    with open_store(tmp_path / "class.sqlite") as store:
        teacher = TeacherPage(store, student_url="http://school/student.ipynb",
                              teacher_url="http://school/teacher.ipynb", language=PSEUDO)
        all_in_catalogue(teacher, step="the create form")
        one(teacher, "inc-timer").value = 60
        code = teacher.create(DECK, Rules(rounds=2), timer_seconds=60)
        all_in_catalogue(teacher, code, step="the lobby")
        desk = TeacherDesk(store, code=code, teacher_key=teacher.teacher_key, student_url="http://school/student.ipynb",
                           teacher_url="http://school/teacher.ipynb")
        all_in_catalogue(desk, code, step="the teacher's desk")
        students = {}
        for name in NAMES:
            page = StudentPage(store, code=code, student_url="http://school/student.ipynb")
            assert page.lang.code == PSEUDO  # the table's language: the teacher's
            all_in_catalogue(page, code, step="the join form")
            one(page, "inc-join-name").value = name
            one(page, "inc-join").click()
            students[name] = page
        spare = StudentPage(store, code=code)
        one(spare, "inc-join-name").value = "ana"  # a name taken: refused in the catalogue's words
        one(spare, "inc-join").click()
        all_in_catalogue(spare, code, step="a refused join")
        assert plain(spare.message.value).startswith("[")
        teacher.refresh()
        all_in_catalogue(teacher, code, step="the lobby, three joined")
        one(teacher, "inc-start").click()

        def everyone(step: str) -> None:
            teacher.refresh()
            desk.refresh()
            for page in students.values():
                page.refresh()
            for page in (teacher, desk, *students.values()):
                all_in_catalogue(page, code, step=f"{step}, {type(page).__name__} {getattr(page, 'name', '')}")

        for round_number in (1, 2):
            everyone(f"round {round_number}, hide")
            for page in students.values():
                page.pad.pen_down(100, 100)
                page.pad.pen_move(300, 200)
                page.pad.pen_up()
                all_in_catalogue(page, code, step="a stroke saved")
                one(page, "inc-done").click()
                all_in_catalogue(page, code, step="drawing done")
            everyone(f"round {round_number}, find")
            game = store.read(code).game
            for page in students.values():
                vote_by_class(page, page.votes, game, page.name)
                page.votes.press_confirm()
            everyone(f"round {round_number}, score")
            for _ in NAMES:
                one(teacher, "inc-next").click()
                all_in_catalogue(teacher, code, step="the reveal")
            one(teacher, "inc-next").click()
            everyone(f"round {round_number}, after the scores")
            if round_number == 1:
                one(teacher, "inc-next").click()
        assert store.read(code).game.phase is Phase.OVER
        everyone("game over")

        # What a class sees when things go wrong: a store that cannot be reached, a lost seat.
        find(desk, "inc-reissue-seat")[0].click()
        all_in_catalogue(desk, code, step="a new link for a student")
        ana = students["Ana"]

        def down(*args, **kwargs):
            raise StoreUnavailable("The game store at {url} cannot be reached: {error}. Check that Redis runs "
                                   "there; nothing already committed is lost.", url="redis://db", error="refused")

        monkeypatch.setattr(store, "read", down)
        ana._store_problem(StoreUnavailable("Table {code} is too busy: the change was tried {tries} times; try again.",
                                            code=code, tries=50))
        all_in_catalogue(ana, code, "redis://db", step="the store cannot be read")
        for page in (teacher, spare, *students.values()):
            page.close()


def test_a_student_page_waiting_for_the_store_says_so_in_the_catalogues_words(tmp_path, monkeypatch):
    with open_store(tmp_path / "class.sqlite") as store:
        teacher = TeacherPage(store, language=PSEUDO)
        code = teacher.create(DECK, Rules(rounds=1))
        students = [StudentPage(store, code=code) for _ in NAMES]
        for name, page in zip(NAMES, students):
            page.join(code, name)
        teacher.start()
        ana = students[0]
        ana.refresh()

        def down(*args, **kwargs):
            raise StoreUnavailable("The game store at {url} cannot be reached: {error}. Check that Redis runs "
                                   "there; nothing already committed is lost.", url="redis://db", error="refused")

        monkeypatch.setattr(store, "act", down)
        ana.pad.pen_down(10, 10)
        ana.pad.pen_up()
        one(ana, "inc-done").click()
        status = one(ana, "inc-save-status").value
        assert plain(status).startswith("[Ñôţ šàʋéđ ýéţ") and "fa-hourglass-half" in status
        all_in_catalogue(ana, code, step="strokes and Done waiting for the store")
        for page in (teacher, *students):
            page.close()


# ---------------------------------------------------------------------- the deck editor
def test_the_deck_editor_speaks_only_the_catalogue(tmp_path):
    editor = DeckEditor(folder=tmp_path / "decks", lang=language(PSEUDO))
    all_in_catalogue(editor, step="the empty editor")
    editor.paste(objects="lamp\n\nLAMP\n" + "x" * 41 + "\nkey\tcup\n", locations="", name="")
    editor.check()
    all_in_catalogue(editor, "lamp", "LAMP", "'xxxxxxxxxxxxxxxxxxxx'…", step="problems")
    assert editor.save() is None
    editor.paste(objects=[f"o{i}" for i in range(20)] + ["salt, pepper"], locations=[f"l{i}" for i in range(13)],
                 name="Small", language="es")
    editor.check()
    words = [f"o{i}" for i in range(20)] + [f"l{i}" for i in range(13)] + ["salt, pepper", "Small", "es"]
    all_in_catalogue(editor, *words, step="the preview")
    editor.save()
    all_in_catalogue(editor, *words, str(tmp_path / "decks" / "small.csv"), step="saved")
    editor.load(b"kind,word\nobject,key\n", "bad.csv")
    all_in_catalogue(editor, *words, str(tmp_path / "decks" / "small.csv"), "bad.csv", "key", step="a refused upload")
    editor.close()


# ---------------------------------------------------------------------- the check itself
def test_the_walk_finds_english_wherever_a_person_would_read_it(tmp_path):
    """The check can fail: English put in a title, an option, a tooltip or an anywidget's
    text on a pseudo-language page is found, and nothing else."""
    app = TableApp(folder=GameFolder(tmp_path), language=PSEUDO)
    assert english_left(app, data_words()) == []
    planted = [widgets.HTML('<span title="Hello there">[ẋ]</span>'), widgets.Dropdown(options=["Plain option"]),
               widgets.Button(description="[ẋ]", tooltip="A tip"), widgets.Label("Loose label")]
    app.add_footer(*planted)
    app.connection = ConnectionWatch()  # English: no language given
    found = {text for _, text in english_left(app, data_words())}
    assert {"Hello there", "Plain option", "A tip", "Loose label"} <= found
    assert any("connection to the class server is lost" in text for text in found)
    app.close()
