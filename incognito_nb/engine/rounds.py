"""A scored round as a value: what was dealt, drawn and guessed, and the points it gave.

From its scoring on, everything in a round is public, so the record is what the score
screens, the results export and the history of a save are made from.  Like
:class:`Game`, it turns itself into plain data and back, and reads a save's round as
strictly as the game reads its table: the points must follow from the cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from . import saves
from .drawing import Drawing
from .errors import N_
from .rules import Rules
from .scoring import found_by, score_round


@dataclass(frozen=True)
class RoundRecord:
    """Everything that happened in one scored round; all of it is public from its scoring on."""

    number: int
    objects: Mapping[str, str]
    locations: Mapping[str, str]
    lineup: tuple[str, ...]
    drawings: Mapping[str, Drawing]
    votes: Mapping[str, Mapping[str, int]]
    points: Mapping[str, int]
    players: tuple[str, ...] = field(default=())

    def token_of(self, artist: str) -> int:
        """Returns the token (1-based) of the artist's object in this round's line-up."""
        return self.lineup.index(self.objects[artist]) + 1

    def found_by(self, artist: str) -> tuple[str, ...]:
        """Returns the players who found the artist's object, in seating order."""
        return found_by(artist, self.players, self.objects, self.lineup, self.votes)

    def to_dict(self) -> dict[str, Any]:
        """Returns the round as JSON-safe data, as a save holds it (its players are the game's)."""
        return {
            "round": self.number,
            "objects": dict(self.objects),
            "locations": dict(self.locations),
            "lineup": list(self.lineup),
            "drawings": {p: d.to_list() for p, d in self.drawings.items()},
            "votes": {v: dict(c) for v, c in self.votes.items()},
            "points": dict(self.points),
        }

    @classmethod
    def from_dict(cls, data: Any, *, number: int, players: tuple[str, ...], rules: Rules) -> "RoundRecord":
        """Returns round ``number`` of a game of ``players`` under ``rules``, from :meth:`to_dict` data.

        :raises SaveError: if the round is out of order, does not match the players, holds
            cards the rules forbid, or gives points that do not follow from its cards.
        """
        with saves.reading():
            saves.check(data["round"] == number, N_("the rounds played are out of order"))
            record = cls(
                number=number,
                objects=dict(data["objects"]),
                locations=dict(data["locations"]),
                lineup=tuple(saves.words(data["lineup"], N_("a past line-up"))),
                drawings={p: Drawing.from_list(d) for p, d in data["drawings"].items()},
                votes={v: dict(c) for v, c in data["votes"].items()},
                points=dict(data["points"]),
                players=players,
            )
            saves.check(set(record.objects) == set(players) and set(record.votes) == set(players),
                        N_("round {number} does not match the players"), number=number)
            saves.check(set(record.objects.values()) <= set(record.lineup),
                        N_("round {number}'s line-up misses an object"), number=number)
            for voter, cards in record.votes.items():
                check_cards(voter, cards, players, rules)
            saves.check(record.points == score_round(players, record.objects, record.lineup, record.votes),
                        N_("round {number}'s points do not follow from its cards"), number=number)
        return record


def check_cards(voter: str, cards: dict[str, Any], players: tuple[str, ...], rules: Rules) -> None:
    """Refuses, as a damaged save, cards the rules would not have let ``voter`` place.

    :raises SaveError: for a card on the voter's own drawing or a stranger's, a number
        off the line-up, or a number used twice where the rules forbid it.
    """
    for artist, number in cards.items():
        saves.check(artist in players and artist != voter,
                    N_("{voter} holds a card on a drawing they cannot vote on"), voter=voter)
        saves.check(type(number) is int and 1 <= number <= rules.lineup_size,
                    N_("{voter} holds a card off the line-up"), voter=voter)
    if rules.distinct_votes:
        saves.check(len(set(cards.values())) == len(cards), N_("{voter} used one number twice"), voter=voter)
