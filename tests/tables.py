"""Small helpers for tests that play games through the engine's public API."""

from __future__ import annotations

from incognito_nb import Deck, Drawing, Game, Phase, Stroke

ANA_BEN_CLEO = ("Ana", "Ben", "Cleo")
SIX = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


def word_deck(objects: int = 18, locations: int = 18) -> Deck:
    """Returns a plain deck with numbered words, enough for 6 players and 3 rounds by default."""
    return Deck(
        objects=tuple(f"object {i}" for i in range(1, objects + 1)),
        locations=tuple(f"location {i}" for i in range(1, locations + 1)),
        name="Numbered words",
    )


def doodle(seed: int = 0) -> Drawing:
    """Returns a small drawing that differs with ``seed``."""
    return Drawing((Stroke([(10 + seed, 10), (50, 40 + seed)], color="#0072b2", width=6),))


def token(game: Game, artist: str) -> int:
    """Returns the token number of the artist's object in the line-up."""
    return game.lineup.index(game.secret_object(artist)) + 1


def decoy_tokens(game: Game) -> list[int]:
    """Returns the tokens of line-up words that belong to no player."""
    objects = {game.secret_object(p) for p in game.players}
    return [i for i, word in enumerate(game.lineup, start=1) if word not in objects]


def to_find(game: Game) -> Game:
    """Has every player submit a doodle and moves to the find phase."""
    assert game.phase is Phase.HIDE
    for seat, player in enumerate(game.players):
        game.submit_drawing(player, doodle(seat))
    game.advance()
    return game


def confirm_all(game: Game) -> Game:
    """Confirms every player's cards as they lie and moves to scoring."""
    for player in game.players:
        game.confirm_votes(player)
    game.advance()
    return game
