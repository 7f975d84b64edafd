"""How often each word hidden in a game was found: the figures of the game over's vocabulary
chart, of its report (``vocabulary.csv``) and of what a screen reader says of the chart.

One function, so that the picture, the file and the chart's description list the same words
in the same order: the words the class does not know yet first.

>>> from incognito_nb.engine import Game
>>> words_found(Game.new(("Ana", "Ben", "Cleo"), seed=1))
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .game import Game

#: The most words the game over's projected chart shows, found least (the ones to go over
#: together): legible from the back of a classroom at 1280 × 720 (a game of three rounds at
#: a table of six hides eighteen).
PROJECTED_WORDS = 6


class WordFound(NamedTuple):
    """One drawing's hidden word and how many of the other players found it."""

    word: str
    round: int
    artist: str
    location: str
    found: int
    could: int  #: the other players at the table

    @property
    def share(self) -> int:
        """Returns how many found it in percent of how many could, rounded."""
        return round(100 * self.found / self.could)


def words_found(game: Game) -> list[WordFound]:
    """Returns each word drawn in the game's scored rounds with how many found it, hardest
    first (the smallest share found), then by round and seat."""
    words = []
    for record in game.history:
        could = len(record.players) - 1
        for seat, artist in enumerate(record.players):
            found = len(record.found_by(artist))
            words.append(((found / could, record.number, seat), WordFound(
                record.objects[artist], record.number, artist, record.locations[artist], found, could)))
    return [word for _order, word in sorted(words, key=lambda pair: pair[0])]
