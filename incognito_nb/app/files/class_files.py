"""A class's report as files a teacher takes away: two CSV tables and a PDF to print.

The figures are the engine's (:mod:`incognito_nb.engine.class_report`, where each is
defined); this module only lays them out, its headings in the teacher's language.  The
words table (:func:`words_csv`) holds no student's name; the students table
(:func:`students_csv`) and the PDF's last pages are for the teacher only.  A class with
no finished game has no report yet: each of its files is refused (:class:`NoGameYet`)
rather than written empty.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from typing import Callable, Sequence

from ...engine.class_record import ClassRecord
from ...engine.class_report import (StudentRow, WordRow, deck_language, deck_languages, missing_words, student_rows,
                                    word_list, word_rows, words_said)
from ...engine.decks import Deck
from ...engine.errors import N_, Explained
from ...engine.schedule import Calendar
from incognito_nb.ui.choices import deck_for_language
from incognito_nb.ui.i18n import Language, language
from .exports import _csv, csv_delimiter

WORD_COLUMNS = ("word", "dealt", "drawn", "could", "found", "share (%)", "missed", "trend (points)", "box", "due",
                "language")
STUDENT_COLUMNS = ("student", "found as guesser", "missed as guesser", "found as artist", "missed as artist",
                   "words found as guesser", "words missed as guesser", "words found as artist",
                   "words missed as artist")


#: What a page of the classes says when the store holds none, above :data:`ADD_A_CLASS`.
NO_CLASS_YET = N_("There is no class yet. To add one, type this command on the computer that runs the classroom "
                  "(with your class's name and its students' first names):")
#: The command that adds a class, as it can be typed.
ADD_A_CLASS = 'incognito-nb class add 3B --names "Ana,Ben,Cleo"'


class NoGameYet(Explained):
    """Raised for the report of a class with no finished game: there is nothing to report yet."""


def check_games(record: ClassRecord) -> ClassRecord:
    """Returns ``record`` if it holds a finished game.

    :raises NoGameYet: if it holds none (what to do is in the message).
    """
    if not record.games:
        raise NoGameYet(N_("The class {name} has no finished game yet, so there is nothing to report: play a game "
                           "with this class (choose it in the Class menu when you create a table), and its report "
                           "fills in at the game's end."), name=record.name)
    return record


def _blank(value: object) -> object:
    return "" if value is None else value


def word_cells(row: WordRow, lang: Language) -> list[object]:
    """Returns a word's figures as the cells of its CSV row."""
    return [row.word, row.dealt, row.drawn, row.could, row.found, _blank(row.share), row.missed,
            _blank(row.trend), _blank(row.box),
            "" if row.due is None else lang._("yes") if row.due else lang._("no"), row.language]


def word_header(lang: Language) -> list[str]:
    """Returns the headings of a word's figures (the words CSV's header), in ``lang``."""
    return [lang.pgettext("CSV column", "word"), lang.pgettext("CSV column", "dealt"),
            lang.pgettext("CSV column", "drawn"), lang.pgettext("CSV column", "could"),
            lang.pgettext("CSV column", "found"), lang.pgettext("CSV column", "share (%)"),
            lang.pgettext("CSV column", "missed"), lang.pgettext("CSV column", "trend (points)"),
            lang.pgettext("CSV column", "box"), lang.pgettext("CSV column", "due"),
            lang.pgettext("CSV column", "language")]


def words_csv(record: ClassRecord, lang: Language | None = None, *, calendar: Calendar) -> str:
    """Returns each word's figures across the class's games as CSV, hardest first, its
    header in ``lang`` (default English); ``calendar`` makes the games lessons, for the
    *due* column (:meth:`~incognito_nb.store.class_book.ClassBook.calendar`).

    :raises NoGameYet: for a class with no finished game.
    """
    lang = lang or language()
    return _csv(word_header(lang), (word_cells(row, lang) for row in word_rows(check_games(record), calendar)), lang)


def student_header(lang: Language) -> list[str]:
    """Returns the headings of a student's words (the students CSV's header), in ``lang``."""
    return [lang.pgettext("CSV column", "student"), lang.pgettext("CSV column", "found as guesser"),
            lang.pgettext("CSV column", "missed as guesser"), lang.pgettext("CSV column", "found as artist"),
            lang.pgettext("CSV column", "missed as artist"), lang.pgettext("CSV column", "words found as guesser"),
            lang.pgettext("CSV column", "words missed as guesser"),
            lang.pgettext("CSV column", "words found as artist"),
            lang.pgettext("CSV column", "words missed as artist")]


def student_cells(row: StudentRow, say: Callable[[Sequence[str]], str] = words_said) -> list[object]:
    """Returns a student's counts and words as the cells of their CSV row; ``say`` joins a
    list of words (the CSV's "; " in every language; a page passes ``Language.words``)."""
    lists = (row.found_as_guesser, row.missed_as_guesser, row.found_as_artist, row.missed_as_artist)
    return [row.student, *(len(words) for words in lists), *(say(word_list(w)) for w in lists)]


def students_csv(record: ClassRecord, lang: Language | None = None) -> str:
    """Returns each student's words found and missed as guesser and as artist as CSV (for
    the teacher only), its header in ``lang`` (default English).

    :raises NoGameYet: for a class with no finished game.
    """
    lang = lang or language()
    return _csv(student_header(lang), (student_cells(row) for row in student_rows(check_games(record))), lang)


def record_json(record: ClassRecord) -> str:
    """Returns the class and its record as JSON (``incognito-nb class export``)."""
    return json.dumps(record.to_dict(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def practice_deck_csv(record: ClassRecord, deck: Deck | None = None, words_in: str | None = None, *,
                      lang: Language | None = None) -> str:
    """Returns the words the class keeps missing in the language ``words_in`` as a deck CSV
    (``kind,word``), readable by :func:`~incognito_nb.engine.parse_deck` and by any tool that
    takes a word list; the locations of ``deck`` (default: the built-in deck of that language)
    come with them, so the file plays as it is when it holds enough words.  ``words_in``
    defaults to the language of the class's last game: a class that played a Spanish deck and
    a French one has a practice deck in each
    (:func:`~incognito_nb.engine.class_report.deck_languages`), never one of both.  Its columns
    are separated as a teacher reading ``lang`` opens them in a spreadsheet (``kind;word`` in
    Spanish, French and German, :func:`~.exports.csv_delimiter`; a deck reads either)."""
    if words_in is None:
        words_in = deck_language(record.games[-1]) if record.games else None
    missed = [row.word for row in missing_words(record) if words_in is None or row.language == words_in]
    if deck is None:
        builtin = {name: Deck.builtin(name) for name in Deck.builtin_names()}
        deck = builtin.get(deck_for_language(builtin, words_in or "")) or Deck.builtin()
    name = f"{record.name}: practice"
    if len(deck_languages(record)) > 1:  # a practice deck for each language: each its own name
        name += f" ({words_in})"
    between = csv_delimiter(lang or language())
    lines = [f"# name: {name}", f"# language: {words_in or deck.language}", f"kind{between}word"]
    lines += [f"object{between}{_cell(word, between)}" for word in missed]
    lines += [f"location{between}{_cell(word, between)}" for word in deck.locations]
    return "\n".join(lines) + "\n"


def _cell(word: str, between: str) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=between, lineterminator="").writerow([word])
    return buffer.getvalue()


def report_pdf(record: ClassRecord, *, lang: Language | None = None, date: dt.date | None = None) -> bytes:
    """Returns the class's report as a PDF to print, in ``lang`` (default English): the words
    the class keeps missing, every word's share as a bar, then (for the teacher) each
    student's words.

    :raises NoGameYet: for a class with no finished game.
    """
    from .class_report_pdf import render_report

    return render_report(check_games(record), lang=lang or language(), date=date or dt.date.today())


def shares(rows: Sequence[WordRow]) -> list[tuple[str, int]]:
    """Returns the drawn words and their shares, for a chart."""
    return [(row.word, row.share) for row in rows if row.share is not None]


def trend_note(trend: int | None, lang: Language) -> str:
    """Returns a word's trend said for a teacher (the latest lesson against the lessons before),
    or "" for a word drawn in one lesson only."""
    if trend is None:
        return ""
    if trend > 0:
        return lang.ngettext("latest lesson: {n} point better", "latest lesson: {n} points better", trend)
    if trend < 0:
        return lang.ngettext("latest lesson: {n} point worse", "latest lesson: {n} points worse", -trend)
    return lang._("latest lesson: as before")


def class_chart_png(record: ClassRecord, lang: Language | None = None, *, most: int | None = None,
                    phone: bool = False) -> bytes:
    """Returns each drawn word's share as a bar chart (PNG), hardest first, in ``lang``
    (default English): one cell per guesser who could find it, filled for each who did.
    ``most``: only that many words, those found least (the report page's chart; its table
    has them all); ``phone``: the narrow chart of a phone's page, its type twice as large.

    :raises NoGameYet: for a class with no finished game.
    """
    from .pictures import FILE_CHART, PHONE_CHART, chart_png

    lang = lang or language()
    rows = [row for row in word_rows(check_games(record)) if row.share is not None]
    games = lang.ngettext("{n} game", "{n} games", len(record.games))
    subtitle = games
    if most is not None and len(rows) > most:
        subtitle = lang._("{games}: the {count} words found least, of {words}", games=games, count=most,
                          words=len(rows))
        rows = rows[:most]
    several = len(deck_languages(record)) > 1  # then each word says its deck's language
    notes = [" · ".join(filter(None, (lang.language_name(row.language) if several else "",
                                      lang.ngettext("drawn {n} time", "drawn {n} times", row.drawn),
                                      trend_note(row.trend, lang)))) for row in rows]
    return chart_png([{"word": r.word, "could": r.could, "found": r.found, "share": r.share} for r in rows],
                     title=lang._("{name}: how often each word was found", name=record.name), subtitle=subtitle,
                     lang=lang, notes=notes, layout=PHONE_CHART if phone else FILE_CHART)
