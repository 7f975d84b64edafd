"""The words the class keeps missing: every figure of a class's report, checked against
counts made directly from the saved games (their JSON, not the record the report reads),
for three games whose deals and cards hypothesis draws, and the same through the
command line (``class import`` then ``class report --csv``) in each language's headers."""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from incognito_nb import Game
from incognito_nb.app.class_cli import main as class_main
from incognito_nb.app.files.class_files import STUDENT_COLUMNS, WORD_COLUMNS
from incognito_nb.engine.class_record import ClassRecord, GameRecord
from incognito_nb.engine.class_report import missing_words, student_rows, word_rows
from incognito_nb.engine.schedule import Calendar, utc_day
from incognito_nb.ui.i18n import LANGUAGES, language

from class_games import play_game

CLASS = ("Ana", "Ben", "Cleo", "Dev", "Eve", "Finn")
WEEK = 7 * 86400


def three_games(data) -> list[str]:
    """Returns the saves of three finished games of the class, as hypothesis deals and plays them."""
    saves = []
    for index in range(3):
        count = data.draw(st.integers(3, 6), label="players")
        players = data.draw(st.permutations(CLASS), label="seating")[:count]
        seed = 3 * data.draw(st.integers(0, 10**9), label="seed") + index  # three games, never one game thrice
        game = play_game(players, lambda options: data.draw(st.sampled_from(list(options))), seed=seed)
        saves.append(game.to_json())
    return saves


def direct_counts(saves: list[str]) -> tuple[dict, dict]:
    """Counts, from the saves' JSON alone, each word's figures and each player's words."""
    words: dict[str, dict] = {}
    people: dict[str, dict] = {name: {"fg": [], "mg": [], "fa": [], "ma": []} for name in CLASS}
    box: dict[str, tuple[int, int]] = {}  # word -> (Leitner box, lesson last drawn: a game a lesson here)
    for index, text in enumerate(saves):
        data = json.loads(text)
        for past in data["history"]:
            for word in past["lineup"]:
                words.setdefault(word, {"dealt": 0, "drawn": 0, "could": 0, "found": 0, "missed": 0,
                                        "games": {}})["dealt"] += 1
            for artist, word in past["objects"].items():
                token = past["lineup"].index(word) + 1
                guessers = [p for p in data["players"] if p != artist]
                finders = [g for g in guessers if past["votes"][g].get(artist) == token]
                entry = words[word]
                entry["drawn"] += 1
                entry["could"] += len(guessers)
                entry["found"] += len(finders)
                entry["missed"] += 2 * len(finders) < len(guessers)
                game = entry["games"].setdefault(index, [0, 0])
                game[0] += len(finders)
                game[1] += len(guessers)
                for g in guessers:
                    people[g]["fg" if g in finders else "mg"].append(word)
                people[artist]["fa" if finders else "ma"].append(word)
                found = 2 * len(finders) >= len(guessers)
                before = box.get(word)
                box[word] = ((2 if before is None else min(5, before[0] + 1)) if found else 1, index)
    intervals = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}
    for word, entry in words.items():
        entry["share"] = round(100 * entry["found"] / entry["could"]) if entry["could"] else None
        games = [entry["games"][i] for i in sorted(entry["games"])]
        entry["trend"] = None
        if len(games) > 1:
            before = [sum(g[0] for g in games[:-1]), sum(g[1] for g in games[:-1])]
            entry["trend"] = round(100 * games[-1][0] / games[-1][1] - 100 * before[0] / before[1])
        entry["box"] = box[word][0] if word in box else None
        entry["due"] = word in box and box[word][1] + intervals[box[word][0]] <= len(saves)
    return words, people


def record_of(saves: list[str]) -> ClassRecord:
    games = tuple(GameRecord.from_game(Game.from_json(text), finished=f"2026-11-{10 + i:02d}T09:00:00+00:00")
                  for i, text in enumerate(saves))
    return ClassRecord("3B Spanish", CLASS, games)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_figure_of_the_report_is_the_count_made_from_the_saved_games(data):
    saves = three_games(data)
    words, people = direct_counts(saves)
    record = record_of(saves)
    rows = word_rows(record, Calendar(utc_day, date(2026, 12, 7)))  # weeks after the games: the next lesson
    assert {row.word for row in rows} == set(words)
    for row in rows:
        expected = words[row.word]
        assert (row.dealt, row.drawn, row.could, row.found, row.missed, row.share, row.trend, row.box, row.due) == (
            expected["dealt"], expected["drawn"], expected["could"], expected["found"], expected["missed"],
            expected["share"], expected["trend"], expected["box"], expected["due"]), row.word
    shares = [(-1 if r.share is None else 0, r.share or 0) for r in rows]
    assert [s for s in shares if s[0] == 0] == sorted(s for s in shares if s[0] == 0), "hardest first"
    assert {row.word for row in missing_words(record)} == {w for w, e in words.items() if e["box"] == 1}
    for row in student_rows(record):
        counts = people[row.student]
        assert sorted(row.found_as_guesser) == sorted(counts["fg"])
        assert sorted(row.missed_as_guesser) == sorted(counts["mg"])
        assert sorted(row.found_as_artist) == sorted(counts["fa"])
        assert sorted(row.missed_as_artist) == sorted(counts["ma"])


def _cell(value) -> str:
    return "" if value is None else str(value)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_the_command_line_reports_the_same_figures_in_each_languages_headers(data):
    saves = three_games(data)
    words, people = direct_counts(saves)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        store = str(root / "classroom.sqlite")
        files = []
        for index, text in enumerate(saves):
            path = root / f"game{index}.json"
            path.write_text(text, encoding="utf-8")
            os.utime(path, (1_790_000_000 + index * WEEK,) * 2)  # a game a week, as a class plays
            files.append(str(path))
        out = io.StringIO()
        assert class_main(["add", "3B Spanish", "--names", ",".join(CLASS), "--store", store], out=out) == 0
        assert class_main(["import", "3B Spanish", *files, "--store", store], out=out) == 0
        for code in LANGUAGES:
            lang = language(code)
            words_file, students_file = root / f"words.{code}.csv", root / f"students.{code}.csv"
            assert class_main(["report", "3B Spanish", "--csv", str(words_file), "--students-csv",
                               str(students_file), "--store", store, "--language", code], out=out) == 0
            columns = "," if code == "en" else ";"  # what Excel splits at in the language's countries
            table = list(csv.reader(io.StringIO(words_file.read_text(encoding="utf-8-sig")), delimiter=columns))
            assert table[0] == [lang.pgettext("CSV column", c) for c in WORD_COLUMNS]
            yes, no = lang._("yes"), lang._("no")
            by_word = {row[0]: row for row in table[1:]}
            assert set(by_word) == set(words)
            for word, expected in words.items():
                assert by_word[word][1:] == [_cell(expected[k]) for k in ("dealt", "drawn", "could", "found")] + [
                    _cell(expected["share"]), _cell(expected["missed"]), _cell(expected["trend"]),
                    _cell(expected["box"]), yes if expected["due"] else no, "en"], word  # the deck's language
            table = list(csv.reader(io.StringIO(students_file.read_text(encoding="utf-8-sig")), delimiter=columns))
            assert table[0] == [lang.pgettext("CSV column", c) for c in STUDENT_COLUMNS]
            for row in table[1:]:
                counts = people[row[0]]
                assert row[1:5] == [str(len(counts[k])) for k in ("fg", "mg", "fa", "ma")]
                assert row[5:] == ["; ".join(sorted(set(counts[k]), key=str.casefold)) for k in ("fg", "mg", "fa", "ma")]
        english = (root / "words.en.csv").read_text(encoding="utf-8-sig").splitlines()[0]
        for code in LANGUAGES[1:]:
            assert (root / f"words.{code}.csv").read_text(encoding="utf-8-sig").splitlines()[0] != english, code


def test_import_passes_over_a_game_in_play_and_a_stranger_needs_add_names(tmp_path):
    from incognito_nb import Game as NewGame

    store = str(tmp_path / "classroom.sqlite")
    finished = play_game(["Ana", "Ben", "Cleo"], lambda options: list(options)[-1], seed=1)
    (tmp_path / "done.json").write_text(finished.to_json(), encoding="utf-8")
    (tmp_path / "playing.json").write_text(NewGame.new(["Ana", "Ben", "Cleo"], seed=2).to_json(), encoding="utf-8")
    (tmp_path / "stranger.json").write_text(
        play_game(["Ana", "Ben", "Mallory"], lambda options: list(options)[0], seed=3).to_json(), encoding="utf-8")
    out = io.StringIO()
    class_main(["add", "3B", "--names", "Ana,Ben,Cleo", "--store", store], out=out)
    code = class_main(["import", "3B", str(tmp_path / "playing.json"), str(tmp_path / "done.json"),
                       "--store", store], out=out)
    assert code == 0 and "playing.json was not added" in out.getvalue() and "1 game added" in out.getvalue()
    assert class_main(["import", "3B", str(tmp_path / "stranger.json"), "--store", store], out=out) == 1
    assert "Mallory" in out.getvalue()
    assert class_main(["import", "3B", str(tmp_path / "stranger.json"), "--add-names", "--store", store],
                      out=out) == 0
    out = io.StringIO()
    class_main(["list", "--store", store], out=out)
    assert out.getvalue().strip() == "3B: 4 students, 2 games"


def test_a_class_list_is_read_from_a_spreadsheets_csv_and_keeps_its_retention_limit(tmp_path):
    store = str(tmp_path / "classroom.sqlite")
    (tmp_path / "one.csv").write_text("Prénom\nAna\nBen\n\nZoë\n", encoding="utf-8-sig")
    # a spreadsheet's semicolons, with a row of spaces left between two students
    (tmp_path / "two.csv").write_text("name;class\nAna;3B\nBen;3B\n   \nCleo;3B\n", encoding="utf-8")
    out = io.StringIO()
    assert class_main(["add", "3B", "--csv", str(tmp_path / "one.csv"), "--keep-days", "30", "--store", store],
                      out=out) == 0
    assert "Ana, Ben and Zoë" in out.getvalue()
    assert class_main(["add", "3b", "--csv", str(tmp_path / "two.csv"), "--store", store], out=out) == 0
    from incognito_nb.store.backends import open_class_book

    with open_class_book(store) as book:
        entry = book.entry("3B")
    assert entry.students == ("Ana", "Ben", "Cleo") and entry.keep_days == 30


@pytest.mark.parametrize("content, said", [
    ("Zoë\nÑandú\n".encode("cp1252"), "names.csv is not UTF-8 text: save the list from the spreadsheet as "
                                         "'CSV UTF-8 (comma delimited)'"),
    (b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\xb5U", "names.csv is not UTF-8 text"),  # an .xlsx renamed
    (None, "There is no file"),
])
def test_a_names_file_that_cannot_be_read_is_said_and_adds_nothing(tmp_path, content, said):
    """A names CSV saved by an older spreadsheet (Windows-1252) stopped the command with a
    UnicodeDecodeError traceback; a missing one said "[Errno 2] No such file or directory"."""
    store, names = str(tmp_path / "classroom.sqlite"), tmp_path / "names.csv"
    if content is not None:
        names.write_bytes(content)
    out, err = io.StringIO(), io.StringIO()
    assert class_main(["add", "3B", "--csv", str(names), "--store", store], out=out, err=err) == 1
    assert said in err.getvalue() and "Errno" not in err.getvalue() and out.getvalue() == ""
    assert class_main(["list", "--store", store], out=out) == 0 and "3B" not in out.getvalue()


def test_a_classs_retention_limit_is_set_without_typing_its_names_again(tmp_path):
    """`class add 3B --keep-days 30` said "one of the arguments --names --csv is required": to
    set a class's limit, a teacher had to give its whole list of names again (and a list
    retyped with a name missing takes that student off it). The class keeps its names, and
    the command says the limit; a new class still needs its names."""
    store = str(tmp_path / "classroom.sqlite")
    assert class_main(["add", "3B", "--names", "Ana,Ben,Cleo", "--store", store], out=io.StringIO()) == 0
    out, err = io.StringIO(), io.StringIO()
    assert class_main(["add", "3B", "--keep-days", "30", "--store", store, "--language", "fr"], out=out, err=err) == 0
    assert out.getvalue() == ("La classe 3B compte 3 élèves\u00a0: Ana, Ben et Cleo.\n"
                              "Ses relevés de parties sont supprimés quand ils ont 30 jours.\n"), err.getvalue()
    from incognito_nb.store.backends import open_class_book

    with open_class_book(store) as book:
        entry = book.entry("3B")
    assert entry.students == ("Ana", "Ben", "Cleo") and entry.keep_days == 30
    out, err = io.StringIO(), io.StringIO()
    assert class_main(["add", "4C", "--keep-days", "30", "--store", store], out=out, err=err) == 1
    assert err.getvalue() == ('incognito-nb class: 4C is a new class: give its first names with --names '
                              '"Ana,Ben,Cleo" or --csv FILE.\n') and out.getvalue() == ""
