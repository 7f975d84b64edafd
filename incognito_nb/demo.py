"""A short game played by the computer and told in words: ``python -m incognito_nb demo``.

It shows the engine's public API at work with no screen at all, and serves as a quick
check that an installation can deal, draw, vote and score.
"""

from __future__ import annotations

import random

from .engine import Drawing, Game, Phase, Stroke


def play_demo(players=("Ana", "Ben", "Cleo", "Dev"), *, seed: int = 7, out=print) -> Game:
    """Plays a whole game with random scribbles and guesses, telling each step through ``out``."""
    game = Game.new(players, seed=seed)
    luck = random.Random(seed)
    out(f"A game of Incognito for {', '.join(game.players)} with the deck {game.deck_name!r}.")
    while game.phase is not Phase.OVER:
        if game.phase is Phase.HIDE:
            out(f"\nRound {game.round}: everyone hides their object.")
            for player in game.players:
                scribble = Stroke([(luck.uniform(0, 800), luck.uniform(0, 600)) for _ in range(5)])
                game.submit_drawing(player, Drawing((scribble,)))
                out(f"  {player} hides the {game.secret_object(player)} in a drawing of: {game.location(player)}.")
            game.advance()
        elif game.phase is Phase.FIND:
            out("  Line-up: " + "  ".join(f"{n}={w}" for n, w in enumerate(game.lineup, start=1)))
            for voter in game.players:
                numbers = luck.sample(range(1, len(game.lineup) + 1), len(game.players) - 1)
                for artist, number in zip((p for p in game.players if p != voter), numbers):
                    game.cast_vote(voter, artist, number)
                game.confirm_votes(voter)
            game.advance()
        elif game.phase is Phase.SCORE:
            record = game.history[-1]
            for artist in game.players:
                finders = ", ".join(record.found_by(artist)) or "no one"
                out(f"  {artist}'s {record.objects[artist]} was found by {finders}.")
            out("  Points: " + ", ".join(f"{p} {n}" for p, n in record.points.items()))
            game.advance()
        else:  # PREPARE
            game.advance()
    out("\nFinal scores: " + ", ".join(f"{p} {n}" for p, n in game.scores.items()))
    winners = game.winners
    if len(winners) == 1:
        out(f"{winners[0]} wins!")
    else:
        out(f"{', '.join(winners[:-1])} and {winners[-1]} share the victory!")
    return game
