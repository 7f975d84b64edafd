"""Incognito, the hidden-object drawing party game, for the classroom.

The engine's public facade is re-exported here, so a teacher can script a game with
``from incognito_nb import Game``; the widgets live in :mod:`incognito_nb.ui` and the
dashboard and launcher in :mod:`incognito_nb.app`.
"""

from .engine import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    Deck,
    DeckError,
    Drawing,
    Game,
    IllegalAction,
    Phase,
    RoundRecord,
    Rules,
    SaveError,
    Stroke,
    load_deck,
    parse_deck,
)

__version__ = "0.1.0"

__all__ = [
    "BOARD_HEIGHT",
    "BOARD_WIDTH",
    "Deck",
    "DeckError",
    "Drawing",
    "Game",
    "IllegalAction",
    "Phase",
    "RoundRecord",
    "Rules",
    "SaveError",
    "Stroke",
    "load_deck",
    "parse_deck",
]
