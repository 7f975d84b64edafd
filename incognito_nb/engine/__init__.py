"""The rules of the game in pure Python: no widgets, no I/O beyond word decks and saves.

Everything else in incognito_nb builds on this package; it imports nothing from them.
"""

from .actions import Action, apply_action, position, position_of
from .decks import Deck, load_deck, parse_deck
from .drawing import BOARD_HEIGHT, BOARD_WIDTH, MAX_DRAWING_POINTS, MAX_DRAWING_STROKES, Drawing, Stroke
from .errors import DeckError, IllegalAction, SaveError
from .game import Game
from .rounds import RoundRecord
from .rules import MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, Phase, Rules

__all__ = [
    "Action",
    "BOARD_HEIGHT",
    "BOARD_WIDTH",
    "Deck",
    "DeckError",
    "Drawing",
    "Game",
    "IllegalAction",
    "MAX_DRAWING_POINTS",
    "MAX_DRAWING_STROKES",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Phase",
    "RoundRecord",
    "Rules",
    "SaveError",
    "Stroke",
    "apply_action",
    "position",
    "position_of",
    "load_deck",
    "parse_deck",
]
