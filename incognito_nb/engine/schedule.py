"""The class's spaced-repetition schedule: Leitner boxes, a pure function of its record.

Each word a class has drawn sits in a Leitner box (:func:`schedule`).  The class *found*
a word in a drawing when at least half of those who could find it did
(:func:`class_found`).  A word's first drawing puts it in box 2 if it was found and in
box 1 if it was missed; every later drawing moves it up one box (at most
:data:`TOP_BOX`) when found and back to box 1 when missed.  A word in box ``b`` comes
back after :data:`INTERVALS` ``[b]`` games: box 1 (missed) in the very next game, box 2
after two games, box 3 after four, box 4 after eight, box 5 after sixteen.  Such a word
is *due* (:func:`due_words`), and the next game's deal favours it (``practice.py``
says how, and with which probabilities).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .class_record import DrawnWord, GameRecord
from .practice import PRACTICE_SHARE, Practice

#: The top Leitner box.
TOP_BOX = 5
#: After how many games a word in each box comes back.
INTERVALS = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}


@dataclass(frozen=True)
class WordBox:
    """Where a word stands in a class's schedule: its box, the game (from 0) it was last
    drawn in, and the game it is due in."""

    word: str
    box: int
    last_game: int

    @property
    def due_game(self) -> int:
        """The index of the game (from 0, counting the class's games) the word comes back in."""
        return self.last_game + INTERVALS[self.box]


def class_found(drawing: DrawnWord) -> bool:
    """Checks if the class found the word of a drawing: at least half of those who could did."""
    return 2 * len(drawing.found_by) >= len(drawing.guessers)


def schedule(games: Sequence[GameRecord]) -> dict[str, WordBox]:
    """Returns each drawn word's box after the class's ``games`` (oldest first), by word."""
    boxes: dict[str, WordBox] = {}
    for index, game in enumerate(games):
        for drawing in sorted(game.drawings, key=lambda d: d.round):
            before = boxes.get(drawing.word)
            if class_found(drawing):
                box = 2 if before is None else min(TOP_BOX, before.box + 1)
            else:
                box = 1
            boxes[drawing.word] = WordBox(drawing.word, box, index)
    return boxes


def due_words(games: Sequence[GameRecord]) -> frozenset[str]:
    """Returns the words due in the class's next game (the game after ``games``)."""
    upcoming = len(games)
    return frozenset(w for w, place in schedule(games).items() if place.due_game <= upcoming)


def practice_for(games: Sequence[GameRecord], share: float = PRACTICE_SHARE) -> Practice:
    """Returns the practice deal of the class's next game (after ``games``, oldest first)."""
    return Practice(due_words(games), share)
