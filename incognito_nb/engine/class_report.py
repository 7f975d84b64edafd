"""The words the class keeps missing: a report across a class's games, a pure function of its record.

For each word (:func:`word_rows`):

- ``dealt``: how many times it was in a line-up (a player's secret object or a decoy);
- ``drawn``: how many times it was a player's secret object, and so drawn;
- ``could``: how many guessers could find it, over those drawings (the other players);
- ``found``: how many of them did; ``share`` is ``found`` in percent of ``could``;
- ``missed``: how many of its drawings the class missed (fewer than half found it,
  see :func:`~incognito_nb.engine.schedule.class_found`);
- ``trend``: its share in the latest lesson it was drawn in (at all that lesson's tables)
  minus its share over the lessons before, in percentage points (``None`` when it was drawn
  in one lesson only);
- ``language``: the language of its deck (of the latest game that dealt it);
- ``box`` and ``due``: where the spaced-repetition schedule has it, and whether the
  practice deal of the class's next table favours it (the schedule counts lessons, the
  days the class met, see ``schedule.py``; so ``due`` needs a
  :class:`~incognito_nb.engine.schedule.Calendar`, and is ``None`` without one).

The words the class keeps missing (:func:`missing_words`) are those the class missed at a
table of the latest lesson that drew them, the most often missed first.  A class may play
decks of several languages (a Spanish deck one week, a French one the next): a report lists
each language's words apart (:func:`by_language`).  For each student (:func:`student_rows`):
the words they found and missed as a guesser (on each drawing they could vote on) and, as
an artist, the words of their drawings that at least one classmate found or that nobody
found.  Counts are per drawing; the word lists name each word once, alphabetically.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Sequence

from .class_record import ClassRecord, DrawnWord, GameRecord
from .decks import DEFAULT_LANGUAGE
from .schedule import Calendar, boxes, class_found, due_words, utc_day


@dataclass
class WordRow:
    """One word's figures across the class's games (see the module docstring)."""

    word: str
    dealt: int = 0
    drawn: int = 0
    could: int = 0
    found: int = 0
    missed: int = 0
    trend: int | None = None
    box: int | None = None
    due: bool | None = None
    language: str = ""

    @property
    def share(self) -> int | None:
        """``found`` in percent of ``could``, rounded; ``None`` for a word never drawn."""
        return round(100 * self.found / self.could) if self.could else None


@dataclass
class StudentRow:
    """One student's words as guesser and as artist (see the module docstring)."""

    student: str
    found_as_guesser: list[str] = field(default_factory=list)
    missed_as_guesser: list[str] = field(default_factory=list)
    found_as_artist: list[str] = field(default_factory=list)
    missed_as_artist: list[str] = field(default_factory=list)


def _share(drawings: Sequence[DrawnWord]) -> float | None:
    could = sum(len(d.guessers) for d in drawings)
    return 100 * sum(len(d.found_by) for d in drawings) / could if could else None


def word_rows(record: ClassRecord, calendar: Calendar | None = None) -> list[WordRow]:
    """Returns each word's figures, the hardest first (lowest share, then most missed, then
    alphabetically); words only ever dealt as decoys come last.  ``calendar`` makes the
    class's games lessons for the ``due`` column (without it, ``due`` is ``None``)."""
    rows: dict[str, WordRow] = {}
    day = calendar.day if calendar is not None else utc_day
    by_lesson: dict[str, dict[date, list[DrawnWord]]] = {}
    for game in record.games:  # oldest first: a word's language is its latest game's deck's
        for line in game.lineups:
            for word in line:
                row = rows.setdefault(word, WordRow(word))
                row.dealt, row.language = row.dealt + 1, deck_language(game)
        for drawing in game.drawings:
            row = rows.setdefault(drawing.word, WordRow(drawing.word))
            row.language = deck_language(game)
            row.drawn += 1
            row.could += len(drawing.guessers)
            row.found += len(drawing.found_by)
            row.missed += not class_found(drawing)
            by_lesson.setdefault(drawing.word, {}).setdefault(day(game.finished), []).append(drawing)
    placed = boxes(record.games, day)
    due = due_words(record.games, calendar) if calendar is not None else None
    for word, row in rows.items():
        lessons = [drawings for _, drawings in sorted(by_lesson.get(word, {}).items())]
        if len(lessons) > 1:
            latest = _share(lessons[-1])
            before = _share([d for drawings in lessons[:-1] for d in drawings])
            if latest is not None and before is not None:
                row.trend = round(latest - before)
        row.box = placed.get(word)
        row.due = word in due if due is not None else None
    return sorted(rows.values(), key=lambda r: (r.share is None, r.share if r.share is not None else 0,
                                                 -r.missed, r.word.casefold()))


def missing_words(record: ClassRecord) -> list[WordRow]:
    """Returns the words the class keeps missing: missed at a table of the latest lesson
    that drew it (box 1), the most often missed first."""
    placed = boxes(record.games)
    rows = [row for row in word_rows(record) if placed.get(row.word) == 1]
    return sorted(rows, key=lambda r: (-r.missed, r.share or 0, r.word.casefold()))


def deck_language(game: GameRecord) -> str:
    """Returns the language of a game's deck: English for a record that says none, as for a
    deck file that says none (:data:`~incognito_nb.engine.decks.DEFAULT_LANGUAGE`)."""
    return game.language or DEFAULT_LANGUAGE


def deck_languages(record: ClassRecord) -> list[str]:
    """Returns the languages of the decks the class played (``GameRecord.language``, "es"),
    the language of its latest game first, then each other by its latest game."""
    latest = {deck_language(game): index for index, game in enumerate(record.games)}  # the games: oldest first
    return sorted(latest, key=latest.__getitem__, reverse=True)


def by_language(record: ClassRecord, rows: Sequence[WordRow]) -> list[tuple[str, list[WordRow]]]:
    """Returns ``rows`` grouped by their deck's language, in the order of
    :func:`deck_languages`, each group in the order given; a language with no row is left out.
    A class that played decks of one language gets one group: a report lists its words as
    before, and one that played a Spanish deck and a French one lists each language's apart
    (its Spanish "anillo" beside the French "bague" read as one list of two languages)."""
    return [(language, group) for language in deck_languages(record)
            if (group := [row for row in rows if row.language == language])]


def student_rows(record: ClassRecord) -> list[StudentRow]:
    """Returns each student's words as guesser and as artist: the class list's students in
    its order, then any other player of the class's games, alphabetically."""
    players = {p for game in record.games for p in game.players}
    names = list(record.students) + sorted(players - set(record.students), key=str.casefold)
    rows = {name: StudentRow(name) for name in names}
    for game in record.games:
        for drawing in game.drawings:
            found = set(drawing.found_by)
            for guesser in drawing.guessers:
                row = rows[guesser]
                (row.found_as_guesser if guesser in found else row.missed_as_guesser).append(drawing.word)
            artist = rows[drawing.artist]
            (artist.found_as_artist if found else artist.missed_as_artist).append(drawing.word)
    return [rows[name] for name in names]


def word_list(words: Sequence[str]) -> list[str]:
    """Returns the words once each, alphabetically (a student row's lists are shown so)."""
    return sorted(set(words), key=str.casefold)


def words_said(words: Sequence[str]) -> str:
    """Returns ``words`` as one cell of a CSV file: "champú; sal, pimienta".  A deck's word
    may hold a comma, so a list of them joined by commas reads as more words than it has.
    The cell is the same in every language, so that a script splits it on "; " alike; a page
    or a PDF says the list in its reader's language (``Language.words``: "champú ; sal,
    pimienta" in French, a no-break space before the semicolon)."""
    return "; ".join(words)
