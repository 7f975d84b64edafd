"""Finished games for a class's tests: played through the public API, every choice made
by a ``pick(options)`` function (a hypothesis draw, or a seeded ``random.Random().choice``)."""

from __future__ import annotations

from typing import Callable, Sequence

from incognito_nb import Drawing, Game, Phase, Stroke
from incognito_nb.engine.practice import Practice

Pick = Callable[[Sequence], object]


def play_game(players: Sequence[str], pick: Pick, *, seed: int | str, practice: Practice | None = None,
              deck=None) -> Game:
    """Plays a whole game: each board gets 0 to 2 strokes, each voter a card (or none) on
    each drawing, distinct numbers as the rules want."""
    game = Game.new(players, deck, seed=seed, practice=practice)
    while game.phase is not Phase.OVER:
        if game.phase is Phase.HIDE:
            for player in game.players:
                strokes = tuple(Stroke([(10.0 * i, 20.0), (10.0 * i + 5, 40.0)]) for i in range(pick((0, 1, 2))))
                game.submit_drawing(player, Drawing(strokes))
        elif game.phase is Phase.FIND:
            size = len(game.lineup)
            for voter in game.players:
                free = list(range(1, size + 1))
                for artist in game.players:
                    if artist == voter:
                        continue
                    card = pick([None, *free])
                    if card is not None:
                        free.remove(card)
                        game.cast_vote(voter, artist, card)
                game.confirm_votes(voter)
        game.advance(force=True)
    return game
