"""The three ways the engine says no, each a ``ValueError`` a person can act on.

An :class:`IllegalAction` names the rule it breaks and leaves the game exactly as it
was; a :class:`DeckError` names the file and line of a bad word list; a
:class:`SaveError` says why a saved game cannot be read.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """Raised when a move breaks a rule of the game; the game is left unchanged.

    ``rule`` is a short name of the rule that was broken (``"distinct_votes"``,
    ``"phase"``, ``"own_drawing"``, ...), handy for tests and for translating messages.
    """

    def __init__(self, message: str, *, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class DeckError(ValueError):
    """Raised when a word deck cannot be used: a bad file, or too few words for the table."""


class SaveError(ValueError):
    """Raised when a saved game cannot be read or written."""
