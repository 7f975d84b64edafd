"""The class's spaced-repetition schedule: Leitner boxes, a pure function of its record.

Each word a class has drawn sits in a Leitner box (:func:`schedule`).  The class *found*
a word in a drawing when at least half of those who could find it did
(:func:`class_found`).  A word's first lesson puts it in box 2 if it was found and in
box 1 if it was missed; every later lesson that draws it moves it up one box (at most
:data:`TOP_BOX`) when found and back to box 1 when missed.  A lesson is one step, however
many of its tables drew the word: found at five tables, the word moves up one box, not
five; missed at any of them, it goes back to box 1 (some of the class did not know it).

The schedule counts *lessons*, the times the class meets, not games: a class of thirty
plays at five tables at once, five games a lesson.  A lesson is the games the class
finished on one calendar day, the day of the place it meets (a :class:`Calendar` says
which day a game's ``finished`` time falls on; the store gives the server's local day,
so a lesson at 16:30 in UTC−8 is not cut in two at midnight UTC).  A word in box ``b``
comes back :data:`INTERVALS` ``[b]`` lessons after the lesson it was last drawn in: box 1
(missed) in the very next lesson, box 2 two lessons later, box 3 four, box 4 eight, box 5
sixteen.  Such a word is *due* (:func:`due_words`), and the next tables' deal favours it
(``practice.py`` says how, and with which probabilities).  A table dealt later on a day
the class already played belongs to that day's lesson: a word missed an hour ago at
another table is due in the next lesson, not at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Callable, Sequence

from .class_record import DrawnWord, GameRecord
from .practice import PRACTICE_SHARE, Practice

#: The top Leitner box.
TOP_BOX = 5
#: After how many lessons a word in each box comes back.
INTERVALS = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}


def utc_day(finished: str) -> date:
    """Returns the UTC calendar day of a record's ``finished`` time (ISO 8601)."""
    return datetime.fromisoformat(finished).astimezone(timezone.utc).date()


@dataclass(frozen=True)
class Calendar:
    """What makes a class's games lessons: ``day`` turns a record's ``finished`` time into
    the calendar day of the place the class meets, and ``today`` is that day now (a table
    dealt today belongs to today's lesson, if the class has played today)."""

    day: Callable[[str], date]
    today: date


@dataclass(frozen=True)
class WordBox:
    """Where a word stands in a class's schedule: its box, the lesson (from 0) it was last
    drawn in, and the lesson it is due in."""

    word: str
    box: int
    last_lesson: int

    @property
    def due_lesson(self) -> int:
        """The index of the lesson (from 0, counting the class's lessons) the word comes back in."""
        return self.last_lesson + INTERVALS[self.box]


def class_found(drawing: DrawnWord) -> bool:
    """Checks if the class found the word of a drawing: at least half of those who could did."""
    return 2 * len(drawing.found_by) >= len(drawing.guessers)


def lesson_days(games: Sequence[GameRecord], day: Callable[[str], date]) -> list[date]:
    """Returns the days the class met, oldest first: one lesson each, however many tables played."""
    return sorted({day(game.finished) for game in games})


def schedule(games: Sequence[GameRecord], day: Callable[[str], date]) -> dict[str, WordBox]:
    """Returns each drawn word's box after the class's ``games``, by word; ``day`` gives a
    game's lesson day (:attr:`Calendar.day`).  A lesson moves a word one box at most."""
    lesson = {d: index for index, d in enumerate(lesson_days(games, day))}
    drawn: dict[str, dict[int, list[DrawnWord]]] = {}
    for game in games:
        for drawing in game.drawings:
            drawn.setdefault(drawing.word, {}).setdefault(lesson[day(game.finished)], []).append(drawing)
    placed: dict[str, WordBox] = {}
    for word, lessons in drawn.items():
        box = None
        for index in sorted(lessons):
            if all(class_found(drawing) for drawing in lessons[index]):
                box = 2 if box is None else min(TOP_BOX, box + 1)
            else:
                box = 1
        placed[word] = WordBox(word, box, max(lessons))
    return placed


def boxes(games: Sequence[GameRecord], day: Callable[[str], date] = utc_day) -> dict[str, int]:
    """Returns each drawn word's box after the class's ``games``, by word; ``day`` gives a
    game's lesson day (UTC's unless told: a lesson across midnight UTC counts as two)."""
    return {word: place.box for word, place in schedule(games, day).items()}


def next_lesson(games: Sequence[GameRecord], calendar: Calendar) -> int:
    """Returns the index of the lesson the class's next table belongs to: today's, if the
    class already played today, else the one after its latest."""
    days = lesson_days(games, calendar.day)
    return len(days) - 1 if days and days[-1] >= calendar.today else len(days)


def due_words(games: Sequence[GameRecord], calendar: Calendar) -> frozenset[str]:
    """Returns the words due at the class's next table (dealt on ``calendar.today``)."""
    upcoming = next_lesson(games, calendar)
    return frozenset(w for w, place in schedule(games, calendar.day).items() if place.due_lesson <= upcoming)


def practice_for(games: Sequence[GameRecord], calendar: Calendar, share: float = PRACTICE_SHARE) -> Practice:
    """Returns the practice deal of the class's next table (after ``games``, oldest first,
    dealt on ``calendar.today``)."""
    return Practice(due_words(games, calendar), share)
