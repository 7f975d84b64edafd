"""The fixed vocabulary of a game: its phases, its table limits and its rule options."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from .errors import N_, Explained

#: Six numbered tokens and six voting cards per player cap the table at six; with two
#: players an artist could never score (RULES.md, "Components and setup").
MIN_PLAYERS = 3
MAX_PLAYERS = 6
#: Names are read aloud and shown on a projector: keep them short.
MAX_NAME_LENGTH = 24


class Phase(str, enum.Enum):
    """The four phases of a round, plus the end of the game."""

    HIDE = "hide"
    FIND = "find"
    SCORE = "score"
    PREPARE = "prepare"
    OVER = "over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


#: Each phase as a sentence names it ("...; the game is in the find phase.").
PHASE_NAMES = {
    Phase.HIDE: N_("the hide phase"),
    Phase.FIND: N_("the find phase"),
    Phase.SCORE: N_("the score phase"),
    Phase.PREPARE: N_("the prepare phase"),
    Phase.OVER: N_("the end of the game"),
}

#: The phases in which cards are on the table.
CARDS_IN_PLAY = (Phase.HIDE, Phase.FIND, Phase.SCORE)


@dataclass(frozen=True)
class Rules:
    """The options a table plays with.

    >>> Rules()
    Rules(rounds=3, lineup_size=6, distinct_votes=True)

    :raises ValueError: if an option is out of range.
    """

    rounds: int = 3
    lineup_size: int = 6
    distinct_votes: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int) or not 1 <= self.rounds <= 20:
            raise Explained(N_("A game lasts 1 to 20 rounds, not {rounds}."), rounds=repr(self.rounds))
        if (
            isinstance(self.lineup_size, bool)
            or not isinstance(self.lineup_size, int)
            or not MIN_PLAYERS <= self.lineup_size <= MAX_PLAYERS
        ):
            raise Explained(N_("The line-up has {low} to {high} tokens, not {size}."),
                            low=MIN_PLAYERS, high=MAX_PLAYERS, size=repr(self.lineup_size))
        if not isinstance(self.distinct_votes, bool):
            raise Explained(N_("distinct_votes is True or False, not {value}."), value=repr(self.distinct_votes))

    def to_dict(self) -> dict[str, Any]:
        """Returns the options as JSON-safe data (``Rules(**data)`` reads them back).

        >>> Rules(rounds=2).to_dict()
        {'rounds': 2, 'lineup_size': 6, 'distinct_votes': True}
        """
        return {"rounds": self.rounds, "lineup_size": self.lineup_size, "distinct_votes": self.distinct_votes}
