"""A class's report as files and pictures: nothing written for a class with no game, CSV files
that spreadsheets read as the game's results, file names that keep their letters, a chart whose
title is whole and whose page version stays short (the PDF's labels: test_class_report_pdf.py)."""

from __future__ import annotations

import csv
import dataclasses
import io
import random
import urllib.parse
from datetime import date

import pytest
from PIL import Image

from incognito_nb.app.class_cli import main as class_main
from incognito_nb.app.files.class_files import (NoGameYet, class_chart_png, report_pdf, students_csv, trend_note,
                                               words_csv)
from incognito_nb.app.files.exports import file_name, takeaway_files
from incognito_nb.app.files.pictures import PHONE_CHART, Lettering, chart_png
from incognito_nb.app.server.class_doors import attachment
from incognito_nb.engine.class_record import ClassRecord, GameRecord
from incognito_nb.engine.class_report import student_rows, word_list
from incognito_nb.engine.schedule import Calendar, utc_day
from incognito_nb.store.class_book import finished_at
from incognito_nb.ui.i18n import language

from class_games import play_game

NAMES = ("Ana", "Benoît", "Chloé", "Maximilian-Alexander", "Zoë", "Ñandú")


def a_class(games: int = 6, name: str = "3B Español — grupo de los martes") -> ClassRecord:
    records = []
    for seed in range(games):
        game = play_game(random.Random(seed).sample(NAMES, 5), random.Random(seed).choice, seed=seed)
        records.append(GameRecord.from_game(game, finished=finished_at(1_790_000_000 + seed * 604800)))
    return ClassRecord(name, NAMES, tuple(records))


def png_size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_a_class_with_no_game_has_no_report_file_but_says_what_to_do(tmp_path):
    empty = ClassRecord("4C Français", ("Ana", "Ben", "Cleo"))
    today = Calendar(utc_day, date(2026, 12, 7))
    for make in (lambda r: words_csv(r, calendar=today), students_csv, class_chart_png, lambda r: report_pdf(r)):
        with pytest.raises(NoGameYet, match="play a game with this class"):
            make(empty)
    store = str(tmp_path / "classroom.sqlite")
    assert class_main(["add", "4C Français", "--names", "Ana,Ben,Cleo", "--store", store], out=io.StringIO()) == 0
    out, err = io.StringIO(), io.StringIO()
    files = [tmp_path / "words.csv", tmp_path / "students.csv", tmp_path / "report.pdf"]
    code = class_main(["report", "4C Français", "--csv", str(files[0]), "--students-csv", str(files[1]),
                       "--pdf", str(files[2]), "--store", store], out=out, err=err)
    assert code == 1 and "has no finished game yet" in err.getvalue() and "None:" not in err.getvalue()
    err = io.StringIO()
    assert class_main(["report", "4C Français", "--csv", str(files[0]), "--store", store, "--language", "fr"],
                      out=out, err=err) == 1
    assert "n’a encore terminé aucune partie" in err.getvalue() and "Jouez une partie avec cette classe" in err.getvalue()
    assert not any(path.exists() for path in files), "no empty file"


def test_the_class_csv_files_start_with_a_byte_order_mark_as_the_games_results_do(tmp_path):
    game = play_game(NAMES[:3], random.Random(3).choice, seed=3)
    assert takeaway_files(game)["results.csv"].startswith(b"\xef\xbb\xbf")
    store = str(tmp_path / "classroom.sqlite")
    (tmp_path / "game.json").write_text(game.to_json(), encoding="utf-8")
    out = io.StringIO()
    assert class_main(["add", "3B", "--names", ",".join(NAMES[:3]), "--store", store], out=out) == 0
    assert class_main(["import", "3B", str(tmp_path / "game.json"), "--store", store], out=out) == 0
    assert class_main(["report", "3B", "--csv", str(tmp_path / "w.csv"), "--students-csv", str(tmp_path / "s.csv"),
                       "--store", store, "--language", "fr"], out=out) == 0
    for name in ("w.csv", "s.csv"):
        data = (tmp_path / name).read_bytes()
        assert data.startswith(b"\xef\xbb\xbf"), name
        assert data.decode("utf-8-sig").startswith(("mot;distribué", "élève;")), name


def test_a_files_name_keeps_its_letters_and_loses_only_what_a_name_cannot_hold():
    assert file_name("3B Español — grupo de los martes") == "3B Español — grupo de los martes"
    assert file_name('Klasse 5/6: "Äpfel" <neu>?') == "Klasse 5_6_ _Äpfel_ _neu__"
    assert file_name("Zoë\x00\t.") == "Zoë__" and file_name(" .. ") == "file"
    header = attachment("3B Español — grupo de los martes words.csv")
    plain, utf8 = header.split("; ")[1:]
    assert plain == 'filename="3B Espanol  grupo de los martes words.csv"', "an ASCII name for old clients"
    assert urllib.parse.unquote(utf8.removeprefix("filename*=UTF-8''")) == "3B Español — grupo de los martes words.csv"
    assert header.isascii()


def test_a_class_files_download_is_named_in_the_pages_language(tmp_path):
    """The report page downloaded "3B Español words.csv" from a French page, where a game's
    files are affiche.pdf and dessins.zip."""
    from incognito_nb.app.server.class_doors import report_file
    from incognito_nb.store.backends import open_class_book

    with open_class_book(str(tmp_path / "class.sqlite")) as book:
        book.add_class("3B Español", ("Zephyrine", "Bartholomew", "Clementine"))
        book.add_game("3B Español", GameRecord.from_game(play_game(("Zephyrine", "Bartholomew", "Clementine"),
                                                                   random.Random(1).choice, seed=1),
                                                         finished=finished_at(1_790_000_000.0)))
        names = {code: [report_file(book.store, "3B Español", kind, language(code))[0]
                        for kind in ("words.csv", "students.csv", "report.pdf", "export.json")]
                 for code in ("en", "fr", "de", "es")}
    assert names == {
        "en": ["3B Español words.csv", "3B Español students.csv", "3B Español report.pdf", "3B Español export.json"],
        "fr": ["3B Español mots.csv", "3B Español élèves.csv", "3B Español rapport.pdf", "3B Español export.json"],
        "de": ["3B Español Wörter.csv", "3B Español Lernende.csv", "3B Español Bericht.pdf",
               "3B Español Export.json"],
        "es": ["3B Español palabras.csv", "3B Español alumnos.csv", "3B Español informe.pdf",
               "3B Español exportación.json"]}


def test_a_long_chart_title_takes_more_lines_and_is_never_cut():
    title = "3B Español — grupo de los martes: cuántas veces se encontró cada palabra"
    lines = Lettering(40, bold=True).wrap(title, 1400 - 96, 3)
    assert len(lines) == 2 and " ".join(lines) == title and "…" not in title
    rows = [{"word": "lámpara", "could": 4, "found": 1, "share": 25}]
    short, long = chart_png(rows, title="Short", notes=[""]), chart_png(rows, title=title, notes=[""])
    assert png_size(long)[1] == png_size(short)[1] + 52, "a second line, the rows below it"
    assert png_size(chart_png(rows, title=title, notes=[""], layout=PHONE_CHART))[0] == 700


def test_the_report_pages_chart_shows_the_words_found_least_and_a_phones_chart_is_narrow():
    record = a_class()
    full, page = class_chart_png(record), class_chart_png(record, most=10)
    phone = class_chart_png(record, most=10, phone=True)
    assert len({d.word for game in record.games for d in game.drawings}) > 30
    assert png_size(page)[0] == 1400 and png_size(page)[1] < 1100 < png_size(full)[1]
    assert png_size(phone)[0] == 700 and png_size(phone)[1] < 1300


def test_a_words_trend_is_said_as_the_latest_lesson_against_the_lessons_before(monkeypatch):
    lang = language()
    assert trend_note(None, lang) == ""
    assert trend_note(0, lang) == "latest lesson: as before"
    assert trend_note(1, lang) == "latest lesson: 1 point better"
    assert trend_note(-12, lang) == "latest lesson: 12 points worse"
    french = language("fr")
    assert trend_note(0, french) == "dernière séance\u00a0: comme avant"
    assert trend_note(1, french) == "dernière séance\u00a0: 1 point de mieux"
    assert trend_note(-12, french) == "dernière séance\u00a0: 12 points de moins"
    seen = {}
    monkeypatch.setattr("incognito_nb.app.files.pictures.chart_png", lambda rows, **kw: seen.update(kw) or b"")
    class_chart_png(a_class())
    assert not any("+0" in note or "trend" in note for note in seen["notes"]), seen["notes"]


def a_class_that_missed_words_with_commas() -> tuple[ClassRecord, list[str]]:
    """A class whose deck's objects each hold a comma ("sal, pimienta"), and which found none
    of its drawings: every word drawn is missed, by every student."""
    from incognito_nb.engine import Deck

    deck = Deck(tuple(f"sal{i}, pimienta{i}" for i in range(20)), tuple(f"cocina{i}" for i in range(20)),
                name="Con comas", language="es")
    game = play_game(NAMES[:3], lambda options: options[0], seed=1, deck=deck)
    record = ClassRecord("5e Español", NAMES[:3], (GameRecord.from_game(game, finished=finished_at(1_790_000_000)),))
    return record, sorted({drawing.word for drawing in record.games[0].drawings}, key=str.casefold)


@pytest.mark.usefixtures("close_new_widgets")
def test_a_word_that_holds_a_comma_stays_one_word_in_every_list_of_the_report(tmp_path):
    """The PDF listed Élodie's missed words as "champú, sal, pimienta": three words, for the
    deck's two ("sal, pimienta" is one, as the template allows). Every list of words in the
    report, the PDF, the students' CSV and the notebook's page, puts "; " between them."""
    from incognito_nb.app.class_page import ClassPage
    from incognito_nb.store.backends import open_class_book
    from printed import need_poppler, words

    need_poppler()
    record, drawn = a_class_that_missed_words_with_commas()
    listed = "; ".join(drawn)
    printed = " ".join(word.text for word in words(report_pdf(record, lang=language("fr"))))
    assert printed.count(" ; ".join(drawn)) == 1, printed  # the words the class keeps missing (French's " ;")
    for student in NAMES[:3]:  # each student missed the two others' words as a guesser
        theirs = [word for word in drawn if all(d.word != word or d.artist != student
                                                for d in record.games[0].drawings)]
        assert " ; ".join(theirs) in printed, (student, printed)
        assert "; ".join(theirs) in students_csv(record)
    book = open_class_book(tmp_path / "classroom.sqlite")
    book.add_class(record.name, record.students)
    book.add_game(record.name, record.games[0])
    page = ClassPage(book, folder=tmp_path / "out")
    assert listed in page.summary.value
    book.close()


def test_a_spanish_classs_practice_deck_comes_with_spanish_locations_and_says_its_language(tmp_path):
    """`class practice-deck` without --deck wrote a Spanish class's missed words with the English
    deck's locations ("kitchen", "bathroom"…) and no language, so it played as an English deck;
    its docstring promised the built-in deck of the class's last game's language."""
    from incognito_nb.engine import Deck, load_deck

    store = str(tmp_path / "classroom.sqlite")
    assert class_main(["add", "3B Español", "--names", "Ana,Ben,Cleo", "--store", store], out=io.StringIO()) == 0
    game = play_game(("Ana", "Ben", "Cleo"), lambda options: options[0], seed=3, deck=Deck.builtin("es_everyday"))
    save = tmp_path / "game.json"
    save.write_text(game.to_json(), encoding="utf-8")
    assert class_main(["import", "3B Español", str(save), "--store", store], out=io.StringIO()) == 0
    practice = tmp_path / "practice.csv"
    assert class_main(["practice-deck", "3B Español", "--csv", str(practice), "--store", store],
                      out=io.StringIO()) == 0
    deck = load_deck(practice)
    assert deck.language == "es" and deck.locations == Deck.builtin("es_everyday").locations
    drawn = {drawing.word for drawing in GameRecord.from_game(game, finished=finished_at(0)).drawings}
    assert set(deck.objects) == drawn  # no card placed: every drawing missed
    english = tmp_path / "english.csv"
    assert class_main(["practice-deck", "3B Español", "--csv", str(english), "--deck", "town", "--store", store],
                      out=io.StringIO()) == 0
    assert load_deck(english).locations == Deck.builtin("town").locations  # --deck still chooses


@pytest.mark.usefixtures("close_new_widgets")
def test_a_french_report_writes_its_lists_of_words_with_a_no_break_space_before_each_semicolon(tmp_path):
    """French typography puts a no-break space before ";", as the catalogue does before ":":
    the French PDF and notebook page listed "sal0, pimienta0; sal1, pimienta1". They say the
    list as the language's catalogue writes it; the students' CSV keeps "; " in every language,
    so that a script splits its cells alike."""
    import subprocess

    from incognito_nb.app.class_page import ClassPage
    from incognito_nb.store.backends import open_class_book
    from printed import need_poppler

    need_poppler()
    record, drawn = a_class_that_missed_words_with_commas()
    french = language("fr")
    assert french.words(drawn) == "\u00a0; ".join(drawn)
    assert language("de").words(drawn) == language("es").words(drawn) == "; ".join(drawn)
    pdf = report_pdf(record, lang=french)
    printed = subprocess.run(["pdftotext", "-raw", "-", "-"], input=pdf, capture_output=True, check=True).stdout
    printed = printed.decode("utf-8")  # poppler reads a no-break space as a space
    assert " ; ".join(drawn) in printed.replace("\n", " "), printed
    assert "0; " not in printed and "\n;" not in printed, printed  # nor a semicolon alone at a line's start
    cells = students_csv(record, french)
    assert cells.count("; ") > len(drawn) and "\u00a0" not in cells, cells
    book = open_class_book(tmp_path / "classroom.sqlite")
    book.add_class(record.name, record.students)
    book.add_game(record.name, record.games[0])
    page = ClassPage(book, folder=tmp_path / "out", lang=french)
    assert "\u00a0; ".join(drawn) in page.summary.value
    assert "0; " not in page.summary.value + page.students.value
    book.close()


@pytest.mark.parametrize("code, columns", [("en", ","), ("es", ";"), ("fr", ";"), ("de", ";")])
def test_every_csv_a_teacher_takes_away_opens_in_columns_with_its_accents_in_their_languages_spreadsheet(
        tmp_path, code, columns):
    """Excel splits a double-clicked CSV at Windows' list separator: ';' in Spain, France and
    Germany, where the decimal sign is ','. The files were comma-separated in every language,
    so a French, German or Spanish teacher saw each row in one cell. A file in those languages
    separates its columns with ';' (English keeps ','), every file starts with a byte-order
    mark (Excel then reads "Zoë", not "ZoÃ«"), and Python's csv module reads each back, cell
    for cell, as its Sniffer finds the separator; a word holding a comma or a ';' stays whole."""
    from incognito_nb.app.class_cli import read_names
    from incognito_nb.app.files.exports import export_all

    lang, players = language(code), ("Zoë", "Ana", "Ñandú", "Chloé")
    game = play_game(players, random.Random(5).choice, seed=5)
    store = str(tmp_path / "classroom.sqlite")
    (tmp_path / "game.json").write_text(game.to_json(), encoding="utf-8")
    out = io.StringIO()
    assert class_main(["add", "3B", "--names", ",".join(players), "--store", store], out=out) == 0
    assert class_main(["import", "3B", str(tmp_path / "game.json"), "--store", store], out=out) == 0
    assert class_main(["report", "3B", "--csv", str(tmp_path / "words.csv"), "--students-csv",
                       str(tmp_path / "students.csv"), "--store", store, "--language", code], out=out) == 0
    written = {name: data for name, data in takeaway_files(game, lang).items() if name.endswith(".csv")}
    written |= {f"export {path.name}": path.read_bytes() for path in export_all(game, tmp_path / "files", lang)
                if path.suffix == ".csv"}
    written |= {name: (tmp_path / name).read_bytes() for name in ("words.csv", "students.csv")}
    assert len(written) == 6
    for name, data in written.items():
        assert data.startswith(b"\xef\xbb\xbf"), name
        text = data.decode("utf-8-sig")
        header = text.splitlines()[0]
        assert header.count(columns) >= 6 and csv.Sniffer().sniff(header, ",;").delimiter == columns, (name, header)
        table = list(csv.reader(io.StringIO(text), delimiter=columns))
        assert {len(row) for row in table} == {len(table[0])}, name
    results = list(csv.reader(io.StringIO(written["results.csv"].decode("utf-8-sig")), delimiter=columns))
    assert {row[1] for row in results[1:]} == set(players)  # Zoë, Ñandú: as they are
    assert "Zoë".encode() in written["results.csv"]
    students = list(csv.reader(io.StringIO(written["students.csv"].decode("utf-8-sig")), delimiter=columns))
    rows = {row.student: row for row in student_rows(ClassRecord("3B", players, (
        GameRecord.from_game(game, finished=finished_at(1_790_000_000)),)))}
    for cells in students[1:]:
        assert cells[6] == "; ".join(word_list(rows[cells[0]].missed_as_guesser)), cells
    assert read_names(tmp_path / "students.csv") == list(players)  # class add --csv reads it back


def a_class_of_two_languages() -> ClassRecord:
    """A class that played the Spanish deck one week and the French deck the next, missing
    words of both."""
    from incognito_nb.engine import Deck

    games = [play_game(NAMES[:4], random.Random(seed).choice, seed=seed, deck=Deck.builtin(deck))
             for seed, deck in ((1, "es_everyday"), (2, "fr_everyday"))]
    return ClassRecord("5A Idiomas", NAMES[:4], tuple(
        GameRecord.from_game(game, finished=finished_at(1_790_000_000 + week * 604800)) for week, game in enumerate(games)))


def deck_objects(name: str) -> set[str]:
    from incognito_nb.engine import Deck

    return set(Deck.builtin(name).objects)


@pytest.mark.usefixtures("close_new_widgets")
def test_a_class_that_played_decks_of_two_languages_keeps_missing_each_languages_words_apart(tmp_path):
    """A class that played a Spanish deck and a French one read 'Keeps missing: anillo, bague,
    banane, …, bombilla', the two languages' words in one list (Spanish's 'anillo' beside
    French's 'bague', the same ring), in the PDF and its chart alike. Each language's words now
    stand apart under its name, the latest game's language first, in the teacher's language."""
    import subprocess

    from incognito_nb.app.class_page import ClassPage
    from incognito_nb.app.files.word_lists import missing_by_language
    from incognito_nb.engine.class_report import missing_words
    from incognito_nb.store.backends import open_class_book
    from incognito_nb.ui.widgets.text import safe
    from printed import need_poppler

    need_poppler()
    record = a_class_of_two_languages()
    spanish, french = deck_objects("es_everyday"), deck_objects("fr_everyday")
    missed = [row.word for row in missing_words(record)]
    assert set(missed) & spanish and set(missed) & french, "the class keeps missing words of both"
    lines = missing_by_language(record, language("fr"))
    assert [(label, code) for label, code, _ in lines] == [("Français\u00a0:", "fr"), ("Espagnol\u00a0:", "es")]
    for (_, code, text), deck in zip(lines, (french, spanish)):
        said = text.split("\u00a0; ")
        assert set(said) <= deck and set(said) == {w for w in missed if w in deck}, (code, said)
    assert [label for label, _, _ in missing_by_language(record, language("de"))] == ["Französisch:", "Spanisch:"]
    printed = subprocess.run(["pdftotext", "-layout", "-", "-"], input=report_pdf(record, lang=language("es")),
                             capture_output=True, check=True).stdout.decode("utf-8").split("\f")[0]
    at = {line.split()[0]: number for number, line in enumerate(printed.splitlines()) if line.split()}
    assert at["Francés:"] < at["Español:"] < at["Francés"] < at["Español"], printed  # the lists, then the chart's
    chart = [line.split()[0] for line in printed.splitlines()[at["Francés"] + 1:] if line.split()]
    assert set(chart[:chart.index("Español")]) <= french and set(chart[chart.index("Español") + 1:]) <= spanish
    english = missing_by_language(ClassRecord("3B", NAMES, a_class().games), language("en"))
    assert len(english) == 1 and english[0][0] == "" and english[0][1] == "en", "one language: one list, unlabelled"
    book = open_class_book(tmp_path / "classroom.sqlite")  # the notebook's class page says the same
    book.add_class(record.name, record.students)
    for game in record.games:
        book.add_game(record.name, game)
    page = ClassPage(book, folder=tmp_path / "out", lang=language("fr"))
    for label, code, words in lines:
        assert f'<b>{safe(label)}</b> <span lang="{code}">{safe(words)}</span>' in page.summary.value
    for label in ("Français\u00a0:", "Espagnol\u00a0:"):  # each student's lists: a line a language
        assert page.students.value.count(f"<b>{safe(label)}</b>") >= 4
    book.close()
    students = subprocess.run(["pdftotext", "-layout", "-", "-"], input=report_pdf(record, lang=language("fr")),
                              capture_output=True, check=True).stdout.decode("utf-8").split("\f")[1]
    for line in students.splitlines():
        for name, deck in (("Français :", french), ("Espagnol :", spanish)):
            if name in line:
                assert set(line.split(name)[1].strip().rstrip(" ;").split(" ; ")) <= deck, line


def test_the_words_csv_says_each_words_deck_language(tmp_path):
    """The words CSV of a class of two languages gave no way to tell a Spanish word from a
    French one; its last column now says each word's deck's language ("es", "fr")."""
    record = a_class_of_two_languages()
    table = list(csv.reader(io.StringIO(words_csv(record, language("de"), calendar=Calendar(utc_day, date(2026, 12, 7)))),
                            delimiter=";"))
    assert table[0][-1] == "Sprache"
    spanish, french = deck_objects("es_everyday"), deck_objects("fr_everyday")
    assert {row[-1] for row in table[1:] if row[0] in spanish} == {"es"}
    assert {row[-1] for row in table[1:] if row[0] in french} == {"fr"}


def stored_class_of_two_languages(tmp_path):
    """Returns a_class_of_two_languages() and the classroom store (a path) that holds it."""
    from incognito_nb.store.backends import open_class_book

    record = a_class_of_two_languages()
    store = str(tmp_path / "classroom.sqlite")
    with open_class_book(store) as book:
        book.add_class(record.name, record.students)
        for game in record.games:
            book.add_game(record.name, game)
    return record, store


def test_class_practice_deck_writes_a_deck_for_each_language_never_one_of_both(tmp_path):
    """`class practice-deck` wrote one deck of both languages' missed words, 'anillo' and
    'bague' as objects of a deck said to be French ('# language: fr', the last game's), with
    French locations. It now writes the latest language's deck to --csv and, beside it, a deck
    for each other language the class keeps missing words of, its code in the file's name."""
    from incognito_nb.engine import Deck, load_deck
    from incognito_nb.engine.class_report import missing_words

    record, store = stored_class_of_two_languages(tmp_path)
    out = io.StringIO()
    assert class_main(["practice-deck", record.name, "--csv", str(tmp_path / "practice.csv"), "--store", store],
                      out=out) == 0
    assert sorted(p.name for p in tmp_path.glob("practice*")) == ["practice.csv", "practice.es.csv"], out.getvalue()
    missed = {row.word for row in missing_words(record)}
    for name, code, deck in (("practice.csv", "fr", "fr_everyday"), ("practice.es.csv", "es", "es_everyday")):
        practice = load_deck(str(tmp_path / name))
        assert practice.language == code and practice.name == f"5A Idiomas: practice ({code})", name
        assert set(practice.objects) == missed & deck_objects(deck), name
        assert set(practice.locations) == set(Deck.builtin(deck).locations), name
    assert str(tmp_path / "practice.es.csv") in out.getvalue()


@pytest.mark.parametrize("code, columns", [("en", ","), ("es", ";"), ("fr", ";"), ("de", ";")])
def test_a_practice_deck_opens_in_columns_with_its_accents_and_plays_as_written(tmp_path, code, columns):
    """`class practice-deck` wrote plain UTF-8 with commas: a French teacher's Excel showed
    'object,cuillÃ¨re' in one cell. It starts with a byte-order mark and separates its columns
    as the teacher's spreadsheet does (';' in Spanish, French and German), and the game reads
    it back word for word (a deck's header may be 'kind;word')."""
    from incognito_nb.engine import Deck, load_deck
    from incognito_nb.engine.class_report import missing_words

    record, store = stored_class_of_two_languages(tmp_path)
    assert class_main(["practice-deck", record.name, "--csv", str(tmp_path / "p.csv"), "--store", store,
                       "--language", code], out=io.StringIO()) == 0
    data = (tmp_path / "p.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf# name: 5A Idiomas: practice (fr)\n# language: fr\n"
                           + f"kind{columns}word\nobject{columns}".encode()), data[:80]
    assert "cuillère".encode() in data or "chaussure".encode() in data
    deck = load_deck(str(tmp_path / "p.csv"))
    assert set(deck.objects) == {row.word for row in missing_words(record) if row.language == "fr"}
    assert deck.locations == Deck.builtin("fr_everyday").locations


def test_a_game_recorded_without_its_decks_language_counts_as_english():
    """A record whose game said no deck language ('') made a language of its own: a class of
    one such game and an English one was 'two languages', one named ''. A deck that says no
    language is English (parse_deck), and so is such a record."""
    from incognito_nb.app.files.word_lists import missing_by_language
    from incognito_nb.engine.class_report import deck_languages

    games = a_class(games=2).games
    record = ClassRecord("3B", NAMES, (dataclasses.replace(games[0], language=""), games[1]))
    assert deck_languages(record) == ["en"]
    assert [label for label, _, _ in missing_by_language(record, language("en"))] == [""]


def test_the_words_a_class_keeps_missing_say_their_language_where_it_is_not_the_teachers():
    """A phone's report said "Keeps missing: botella; campana" to an English teacher: the
    words' language stood in the last column of the table, far off a phone's screen. The
    list says it where it is not the page's, as it does for a class of several languages."""
    from incognito_nb.app.files.word_lists import missing_by_language
    from incognito_nb.engine import Deck

    spanish = [GameRecord.from_game(play_game(NAMES[:4], random.Random(seed).choice, seed=seed,
                                              deck=Deck.builtin("es_everyday")),
                                    finished=finished_at(1_790_000_000 + seed * 604800)) for seed in range(2)]
    record = ClassRecord("3B", NAMES, tuple(spanish))
    ((label, code, words),) = missing_by_language(record, language("en"))
    assert (label, code) == ("Spanish:", "es") and words
    assert [line[0] for line in missing_by_language(record, language("es"))] == [""]
    assert [line[0] for line in missing_by_language(record, language("fr"))] == ["Espagnol\u00a0:"]
