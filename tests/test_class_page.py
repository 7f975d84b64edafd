"""The teacher's class page: the report with its chart, the files, and a delete that asks twice."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from incognito_nb.app.class_page import ClassPage, class_page
from incognito_nb.engine.class_record import GameRecord
from incognito_nb.store.backends import open_class_book
from incognito_nb.store.class_book import finished_at
from incognito_nb.ui.i18n import language
from incognito_nb.ui.widgets.aria import Landmark
from incognito_nb.ui.widgets.text import png_of

from class_games import play_game
from test_table import one

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.usefixtures("close_new_widgets")
NAMES = ("Ana", "Ben", "<img src=x onerror=f()>")


@pytest.fixture
def book(tmp_path):
    opened = open_class_book(tmp_path / "classroom.sqlite")
    opened.add_class("3B Spanish", NAMES)
    opened.add_class("4C", ("Dev", "Eve", "Finn"))
    for seed in range(2):
        game = play_game(NAMES, random.Random(seed).choice, seed=seed)
        opened.add_game("3B Spanish", GameRecord.from_game(game, finished=finished_at(1_790_000_000 + seed)))
    yield opened
    opened.close()


def test_the_page_shows_the_chart_the_missed_words_and_each_students_words_escaped(book, tmp_path):
    page = ClassPage(book, lang=language("es"), folder=tmp_path / "out")
    assert page.picker.options == ("3B Spanish", "4C") and page.picker.value == "3B Spanish"
    # The chart is a picture with its words: ipywidgets' Image has no alt, and the notebook's
    # chart was a nameless image to a screen reader (axe-core: critical image-alt).
    assert png_of(page.chart).startswith(b"\x89PNG")
    assert page.chart.value.startswith('<img style="display: block; max-width: 100%; height: auto" '
                                       'alt="3B Spanish: cuántas veces se encontró cada palabra"'), page.chart.value[:120]
    # The page is the main landmark of the notebook's page (axe-core: nothing outside one).
    (landmark,) = [child for child in page.children if isinstance(child, Landmark)]
    assert (landmark.role, landmark.box) == ("main", ".inc-class-page") and "inc-class-page" in page._dom_classes
    assert "2 partidas" in page.summary.value and "Sigue sin encontrar" in page.summary.value
    assert "&lt;img src=x onerror=f()&gt;" in page.students.value and "<img" not in page.students.value
    page.choose("3B Spanish")
    written = page.write_files()
    assert [p.name for p in written] == ["3B Spanish palabras.csv", "3B Spanish alumnos.csv", "3B Spanish informe.pdf"]
    assert written[0].read_bytes().startswith("\ufeffpalabra;repartida;dibujada".encode()), "a BOM, as results.csv"
    assert written[2].read_bytes().startswith(b"%PDF")


def test_a_class_with_no_game_yet_says_so_and_what_to_do_and_writes_no_file(book, tmp_path):
    page = ClassPage(book, folder=tmp_path / "out")
    page.choose("4C")
    assert "4C has no finished game yet" in page.summary.value and "None:" not in page.summary.value
    assert page.chart.value == "" and page.students.value == "" and page.files_button.disabled
    assert page.write_files() == [] and not (tmp_path / "out").exists()


def test_a_page_without_a_class_says_how_to_add_one_as_a_command(tmp_path):
    page = ClassPage(open_class_book(tmp_path / "empty.sqlite"), folder=tmp_path)
    assert "There is no class yet" in page.summary.value and "`" not in page.summary.value
    command = page.summary.value.split("<code>")[1]
    assert "incognito-nb class add 3B --names &quot;Ana,Ben,Cleo&quot;</span></code>" in command
    assert page.delete_button.disabled and page.files_button.disabled


def test_the_class_notebooks_page_opened_with_no_store_makes_none(tmp_path, monkeypatch):
    """notebooks/classes.ipynb opened before any class was added wrote classroom.sqlite (with
    its -wal and -shm files) in the saves folder, just by reading it."""
    monkeypatch.setenv("INCOGNITO_NB_STORE", str(tmp_path / "saves" / "classroom.sqlite"))
    page = class_page()
    assert "There is no class yet" in page.summary.value and page.delete_button.disabled
    assert not (tmp_path / "saves").exists(), list((tmp_path / "saves").iterdir())
    with open_class_book(tmp_path / "saves" / "classroom.sqlite") as book:  # once a class is added ...
        book.add_class("3B", ["Ana", "Ben", "Cleo"])
    assert class_page().picker.value == "3B"  # ... the page reads it


def test_the_class_notebooks_page_speaks_the_pages_language(tmp_path, monkeypatch):
    """notebooks/classes.ipynb served by Voilà with ?lang=fr was English (class_page took 'en'),
    and its markdown cell said in English what the page says in French."""
    monkeypatch.setenv("INCOGNITO_NB_STORE", str(tmp_path / "classroom.sqlite"))
    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    assert "Il n’y a encore aucune classe" in class_page().summary.value
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv("INCOGNITO_NB_LANGUAGE", "de")
    assert class_page().lang.code == "de"
    assert class_page(lang="es").lang.code == "es"
    notebook = json.loads((REPO / "notebooks" / "classes.ipynb").read_text(encoding="utf-8"))
    assert [cell["cell_type"] for cell in notebook["cells"]] == ["code"]


def test_deleting_a_class_asks_once_more_then_removes_it(book, tmp_path):
    page = ClassPage(book, folder=tmp_path)
    page.delete_button.click()
    assert [e.name for e in book.classes()] == ["3B Spanish", "4C"], "the first click only asks"
    assert "again" in page.delete_button.description
    page.delete_button.click()
    assert [e.name for e in book.classes()] == ["4C"] and page.picker.value == "4C"
    assert "Deleted the class 3B Spanish" in page.said.value


def test_deleting_a_students_data_asks_once_more_then_removes_them_from_every_record(book, tmp_path):
    page = ClassPage(book, folder=tmp_path)
    assert page.student_picker.options == NAMES
    page.student_picker.value = "Ben"
    page.student_button.click()
    assert "Ben" in book.entry("3B Spanish").students, "the first click only asks"
    assert page.student_button.description == "Click again to delete Ben for good"
    page.student_button.click()
    assert book.entry("3B Spanish").students == ("Ana", NAMES[2])
    assert not any("Ben" in game.players for game in book.record("3B Spanish").games)
    assert "Deleted Ben from the class 3B Spanish" in page.said.value and "Ben" not in page.students.value
    assert page.student_picker.options == ("Ana", NAMES[2])


def test_the_files_the_page_wrote_are_written_again_without_a_deleted_student_and_go_with_the_class(book, tmp_path):
    """A teacher who wrote the report's files from this page, then deleted a student's data
    on it, had the student's words and name still in its folder."""
    page = ClassPage(book, folder=tmp_path / "reports")
    files = page.write_files()
    assert "Ben" in (tmp_path / "reports" / "3B Spanish students.csv").read_text(encoding="utf-8-sig")
    page.delete_student("Ben")
    page.delete_student("Ben")
    assert sorted(p.name for p in (tmp_path / "reports").iterdir()) == sorted(p.name for p in files)
    assert "Ben" not in (tmp_path / "reports" / "3B Spanish students.csv").read_text(encoding="utf-8-sig")
    assert "written again without Ben" in page.said.value
    page.delete()
    page.delete()
    assert list((tmp_path / "reports").iterdir()) == [] and "files in" in page.said.value


def test_the_files_a_page_wrote_in_one_language_go_with_the_class_deleted_in_another(book, tmp_path):
    """The files are named in the page's language (as the report page's downloads); a class
    deleted from the page opened in another language takes them too, its students' names in them."""
    ClassPage(book, lang=language("de"), folder=tmp_path / "reports").write_files()
    assert sorted(p.name for p in (tmp_path / "reports").iterdir()) == [
        "3B Spanish Bericht.pdf", "3B Spanish Lernende.csv", "3B Spanish Wörter.csv"]
    page = ClassPage(book, lang=language("fr"), folder=tmp_path / "reports")
    page.delete()
    page.delete()
    assert list((tmp_path / "reports").iterdir()) == [] and "3B Spanish" not in page.picker.options


def test_the_desk_of_a_classs_table_links_to_the_classs_report_on_the_classroom_server(book):
    """Only the desk (never projected) and only under the classroom server, whose door serves it."""
    from incognito_nb.app.classroom import teacher_page
    from incognito_nb.app.files.seat_cards import class_tables
    from incognito_nb.engine import Deck
    from incognito_nb.ui.pages.teacher_desk import TeacherDesk

    book.add_class("<b>5E</b>", ("Ana", "Ben", "Cleo"))
    (table,) = class_tables(book, "<b>5E</b>", Deck.builtin(), base_url="http://h", lang=language())
    environ = {"INCOGNITO_NB_STORE": book.store.url, "QUERY_STRING": f"code={table.code}&desk=1",
               "SCRIPT_NAME": "/voila/render/teacher.ipynb", "HTTP_X_INCOGNITO_TEACHER_KEY": table.teacher_key,
               "INCOGNITO_NB_SERVER_SECRET": "s3cret"}
    desk = teacher_page(environ)
    assert isinstance(desk, TeacherDesk) and desk.class_report == (
        "<b>5E</b>", "../../classroom/classes?name=%3Cb%3E5E%3C%2Fb%3E")
    said = one(desk, "inc-class-report-link").value  # shown on the desk
    assert said.startswith("The report of the class ") and "&lt;b&gt;5E&lt;/b&gt;" in said and "<b>" not in said
    assert 'href="../../classroom/classes?name=%3Cb%3E5E%3C%2Fb%3E"' in said
    projected = teacher_page({**environ, "QUERY_STRING": f"code={table.code}"})
    assert not isinstance(projected, TeacherDesk), "the projected page shows no student's words"
    other = book.store.create_table(Deck.builtin())
    plain = teacher_page({**environ, "QUERY_STRING": f"code={other.code}&desk=1",
                          "HTTP_X_INCOGNITO_TEACHER_KEY": other.teacher_key})
    assert plain.class_report is None and plain.class_report_link.value == ""


def test_a_classs_table_says_whom_it_is_for_on_the_projected_lobby(book):
    """A class of eight gets two tables, and the projected lobby of each showed only its code:
    a student of the other table scanned it and found no button with their name. It says whom
    the table is for (escaped); a table made for no class says nothing of it."""
    from incognito_nb.app.files.seat_cards import class_tables
    from incognito_nb.engine import Deck
    from incognito_nb.ui.pages.teacher import TeacherPage

    names = ("José", "Zoë", "<i>Zo</i>", "Núria", "François", "Åsa", "Björn", "O'Brien")
    book.add_class("5e Español", names)
    first, second = class_tables(book, "5e Español", Deck.builtin(), base_url="http://h", lang=language("fr"))
    projected = TeacherPage(book.store, code=second.code, teacher_key=second.teacher_key, language="fr")
    said = one(projected, "inc-table-names").value
    assert "Cette table est pour François, Åsa, Björn et O&#x27;Brien." in said, said
    onlooker = TeacherPage(book.store, code=first.code, language="fr")  # the projector, no key: said too
    assert "&lt;i&gt;Zo&lt;/i&gt;" in one(onlooker, "inc-table-names").value
    assert set(second.names) | set(first.names) == set(names) and not set(second.names) & set(first.names)
    other = book.store.create_table(Deck.builtin())
    plain = TeacherPage(book.store, code=other.code, teacher_key=other.teacher_key)
    assert [w for w in plain.children if "inc-table-names" in getattr(w, "_dom_classes", ())] == []
    for page in (projected, onlooker, plain):
        page.close()
