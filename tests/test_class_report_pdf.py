"""The class's report in print (``class report --pdf``), read back as the teacher reads it:
each student's page labels their words ("Missed as guesser:") whole, at one size, in every language."""

from __future__ import annotations

import datetime as dt
import random
import re

import pytest

from incognito_nb.app.files.class_report_pdf import render_report
from incognito_nb.engine import Deck
from incognito_nb.engine.class_record import ClassRecord, GameRecord
from incognito_nb.engine.class_report import word_rows
from incognito_nb.ui.i18n import LANGUAGES, language
from class_games import play_game
from printed import lines, pdf_contents, words

CLASS = ("Ana", "Benoît", "Chloé", "Maximilian-Alexander", "Zoë", "Ñandú")


@pytest.fixture(scope="module")
def record() -> ClassRecord:
    pick = random.Random(4).choice
    games = tuple(GameRecord.from_game(play_game(CLASS, pick, seed=index), finished=f"2026-11-1{index}T09:00:00+00:00")
                  for index in range(3))
    return ClassRecord("3B Español", CLASS, games)


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_students_words_are_labelled_whole_at_one_size(record, code):
    """Before, Spanish 'No encontradas al adivinar:' shrank to 7 pt beside its 8-pt neighbour, and
    French 'Manqués comme artiste :' was smaller than the labels above it."""
    lang = language(code)
    labels = [" ".join(lang._(label).split()) for label in
              ("Found as guesser:", "Missed as guesser:", "Found as artist:", "Missed as artist:")]
    sizes: dict[str, set[float]] = {label: set() for label in labels}
    for line in lines(words(render_report(record, lang=lang, date=dt.date(2026, 12, 7)))):
        said = ""
        for count, word in enumerate(line, start=1):
            said = " ".join(f"{said} {word.text}".split())
            if said in sizes:
                sizes[said] |= {w.size for w in line[:count]}
                break
    assert all(sizes.values()), f"labels missing or cut: {[label for label, found in sizes.items() if not found]}"
    every = set().union(*sizes.values())
    assert len(every) == 1 and min(every) >= 9, {label: sorted(found) for label, found in sizes.items()}


def test_the_words_chart_never_leaves_a_few_rows_alone_on_a_page():
    """A class's 40 words put two rows of the chart alone on the second page, and the
    students' words on the third: a chart a few rows too long for the first page closes its
    rows up to stay on it."""
    lang = language("en")
    names = (*CLASS, "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus")
    games: list[GameRecord] = []
    alone = {}
    for index in range(8):
        players = random.Random(index).sample(names, 6)
        game = play_game(players, random.Random(index).choice, seed=index)
        games.append(GameRecord.from_game(game, finished=f"2026-11-{10 + index}T09:00:00+00:00"))
        printed = lines(words(render_report(ClassRecord("3B", names, tuple(games)), lang=lang,
                                            date=dt.date(2026, 12, 7))))
        chart_rows: dict[int, int] = {}
        for line in printed:
            said = " ".join(word.text for word in line)
            if said.startswith("Each student's words"):
                break
            if re.fullmatch(r".+ \d+ of \d+", said):
                chart_rows[line[0].page] = chart_rows.get(line[0].page, 0) + 1
        alone[len(games)] = chart_rows
    assert all(min(rows.values()) >= 8 for rows in alone.values()), alone
    assert any(len(rows) == 1 and rows[1] > 37 for rows in alone.values()), f"no chart closed up: {alone}"


def test_the_reports_words_speak_their_decks_language_and_its_sentences_the_reports():
    """The report had no language at all: a reader guessed one for "Keeps missing:" and
    "anillo" alike. Its language is the teacher's; each deck word (the missing list, the
    chart's rows, each student's lists) is a span marked in its deck's language."""
    spanish = [GameRecord.from_game(play_game(CLASS, random.Random(index).choice, seed=index, deck=Deck.builtin("es_everyday")),
                                    finished=f"2026-11-1{index}T09:00:00+00:00") for index in range(2)]
    record = ClassRecord("3B", CLASS, tuple(spanish))
    english = render_report(record, lang=language("en"), date=dt.date(2026, 12, 7))
    assert b"/Lang (en)" in english
    contents = pdf_contents(english)
    spans = contents.count("/Span <</Lang (es)>> BDC")
    rows = [row for row in word_rows(record) if row.share is not None]
    # The missing list, every row of the chart, and the lists of each student who has words.
    assert spans >= 1 + len(rows) + len(CLASS), (spans, len(rows))
    assert contents.count("EMC") >= spans
    same = render_report(record, lang=language("es"), date=dt.date(2026, 12, 7))
    assert b"/Lang (es)" in same and "/Span <</Lang" not in pdf_contents(same)
