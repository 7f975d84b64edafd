"""One student's data deleted at a parent's request (``incognito-nb class delete-student``):
afterwards no report, export or byte of the store names them, and the others' figures are
the counts made from the saved games without them."""

from __future__ import annotations

import csv
import io
import os
import random
from pathlib import Path

from incognito_nb.app.class_cli import main as class_main

from class_games import play_game
from test_class_store import everything_in
from test_exports import pdf_text

GONE = "Éloïse-Marguerite"
CLASS = ("Ana", "Ben", GONE, "Dev", "Eve")
WEEK = 7 * 86400


def counts_without(games, student: str) -> dict[str, list[int]]:
    """Counts each drawn word's drawings, guessers who could find it and finders, from the
    games themselves, leaving out ``student``'s drawings and cards."""
    words: dict[str, list[int]] = {}
    for game in games:
        for record in game.history:
            for artist in record.players:
                if artist == student:
                    continue
                guessers = [p for p in record.players if p not in (artist, student)]
                found = [g for g in guessers if record.votes[g].get(artist) == record.token_of(artist)]
                row = words.setdefault(record.objects[artist], [0, 0, 0])
                row[0], row[1], row[2] = row[0] + 1, row[1] + len(guessers), row[2] + len(found)
    return words


def test_a_students_data_is_deleted_from_every_report_export_and_byte_of_the_store(tmp_path):
    store = str(tmp_path / "classroom.sqlite")
    out = io.StringIO()
    assert class_main(["add", "3B Spanish", "--names", ",".join(CLASS), "--store", store], out=out) == 0
    games, saves = [], []
    for index in range(3):
        players = random.Random(index).sample(CLASS, 4 if index else 3)
        players = players if GONE in players else [*players[:-1], GONE]
        games.append(play_game(players, random.Random(index).choice, seed=index))
        path = tmp_path / f"game{index}.json"
        path.write_text(games[-1].to_json(), encoding="utf-8")
        os.utime(path, (1_790_000_000 + index * WEEK,) * 2)
        saves.append(str(path))
    assert class_main(["import", "3B Spanish", *saves, "--store", store], out=out) == 0
    # Taken off the class list, she stays in its games' records: the deletion finds her there too.
    others = ",".join(n for n in CLASS if n != GONE)
    assert class_main(["add", "3B Spanish", "--names", others, "--store", store], out=out) == 0
    report = ["report", "3B Spanish", "--csv", str(tmp_path / "words.csv"), "--students-csv",
              str(tmp_path / "students.csv"), "--pdf", str(tmp_path / "report.pdf"), "--store", store]
    assert class_main(report, out=out) == 0
    assert GONE in (tmp_path / "students.csv").read_text(encoding="utf-8-sig")

    out, questions = io.StringIO(), []
    answer = lambda question: questions.append(question) or "y"  # noqa: E731 - the teacher at the terminal
    assert class_main(["delete-student", "3B Spanish", "éloïse-marguerite", "--store", store], out=out,
                      ask=answer) == 0
    assert questions == [f"Delete {GONE} from the class 3B Spanish: their first name, and their drawings, cards and "
                         "points in every record of its games? The tables that seat them are deleted too. This "
                         "cannot be undone. [y/N] "]
    assert f"Deleted {GONE} from the class 3B Spanish" in out.getvalue()
    assert class_main(report, out=out) == 0
    assert class_main(["export", "3B Spanish", "--out", str(tmp_path / "3b.json"), "--store", store], out=out) == 0
    texts = {name: (tmp_path / name).read_text(encoding="utf-8-sig") for name in ("words.csv", "students.csv", "3b.json")}
    texts["report.pdf"] = pdf_text((tmp_path / "report.pdf").read_bytes())
    texts["store"] = everything_in(store)
    for name, text in texts.items():
        assert "Marguerite" not in text and "\\u00c9lo" not in text, name
    raw = b"".join(p.read_bytes() for p in (Path(store), Path(store + "-wal")) if p.exists())
    assert b"Marguerite" not in raw, "no byte of the store's file keeps her name"

    students = list(csv.reader(io.StringIO(texts["students.csv"])))
    assert [row[0] for row in students[1:]] == [n for n in CLASS if n != GONE]
    words = {row[0]: row for row in csv.reader(io.StringIO(texts["words.csv"]))}
    expected = counts_without(games, GONE)
    assert {w for w, row in words.items() if row[2] not in ("", "0", "drawn")} == set(expected)
    for word, (drawn, could, found) in expected.items():
        assert words[word][2:5] == [str(drawn), str(could), str(found)], word

    out = io.StringIO()
    err = io.StringIO()
    assert class_main(["delete-student", "3B Spanish", GONE, "--store", store], out=out, err=err, ask=answer) == 1
    assert "has no student called" in err.getvalue() and not out.getvalue()
    assert len(questions) == 1, "a name the class does not hold is refused without a question"


def test_a_deletion_asks_the_teacher_first_and_deletes_nothing_without_a_yes(tmp_path):
    store = str(tmp_path / "classroom.sqlite")
    out, err = io.StringIO(), io.StringIO()
    assert class_main(["add", "3B Spanish", "--names", ",".join(CLASS), "--store", store], out=out) == 0
    path = tmp_path / "game.json"
    path.write_text(play_game(CLASS[:3], random.Random(1).choice, seed=1).to_json(), encoding="utf-8")
    assert class_main(["import", "3B Spanish", str(path), "--store", store], out=out) == 0
    export = ["export", "3B Spanish", "--store", store]
    before = io.StringIO()
    assert class_main(export, out=before) == 0

    questions: list[str] = []
    for command in (["delete", "3B Spanish"], ["delete-student", "3B Spanish", "ben"]):
        for answer in ("", "n", "no", "nein"):
            out = io.StringIO()
            assert class_main([*command, "--store", store], out=out,
                              ask=lambda question: questions.append(question) or answer) == 1, (command, answer)
            assert out.getvalue() == "Nothing was deleted.\n"
        out = io.StringIO()  # no terminal to ask at (a script, a pipe): refused, and told how to go on
        assert class_main([*command, "--store", store], out=out, err=err) == 1
        assert "Nothing was deleted: there is no one here to ask. Run the command again with --yes" in err.getvalue()
    assert questions[0] == ("Delete the class 3B Spanish, its first names, every record of its games and its tables? "
                            "This cannot be undone. [y/N] ")
    assert questions[-1].startswith("Delete Ben from the class 3B Spanish: their first name")
    after = io.StringIO()
    assert class_main(export, out=after) == 0
    assert after.getvalue() == before.getvalue(), "nothing was deleted"

    out = io.StringIO()
    assert class_main(["delete-student", "3B Spanish", "Ben", "--yes", "--store", store], out=out) == 0
    assert "Deleted Ben from the class 3B Spanish" in out.getvalue()
    spanish = []
    assert class_main(["delete", "3B Spanish", "--store", store, "--language", "es"], out=out,
                      ask=lambda question: spanish.append(question) or "s") == 0
    assert spanish[0].endswith("[s/N] ")
    assert class_main(["list", "--store", store], out=(listed := io.StringIO())) == 0
    assert "3B Spanish" not in listed.getvalue()
