"""How cards turn into points (RULES.md, "Score Points").

A pure function of one round's deal and cards, so the rule book's arithmetic can be
read, tested and reused (the results export scores nothing twice) in one place.
"""

from __future__ import annotations

from typing import Mapping, Sequence

#: Points for a guesser whose card names the right token.
FINDER_POINTS = 1
#: Points for an artist found by at least one, but not all, of the other players.
ARTIST_POINTS = 2


def found_by(
    artist: str,
    players: Sequence[str],
    objects: Mapping[str, str],
    lineup: Sequence[str],
    votes: Mapping[str, Mapping[str, int]],
) -> tuple[str, ...]:
    """Returns, in seating order, the players whose card names the artist's object."""
    token = lineup.index(objects[artist]) + 1
    return tuple(
        voter for voter in players if voter != artist and votes.get(voter, {}).get(artist) == token
    )


def score_round(
    players: Sequence[str],
    objects: Mapping[str, str],
    lineup: Sequence[str],
    votes: Mapping[str, Mapping[str, int]],
) -> dict[str, int]:
    """Returns each player's points for a round: 1 per correct card, plus 2 as an artist
    found by some but not all of the others (a missing card counts as not found).

    >>> score_round(["Ana", "Ben", "Cleo"], {"Ana": "key", "Ben": "cup", "Cleo": "hat"},
    ...             ["cup", "hat", "key", "owl", "egg", "fan"],
    ...             {"Ana": {"Ben": 1, "Cleo": 4}, "Ben": {"Ana": 3}, "Cleo": {"Ana": 5, "Ben": 1}})
    {'Ana': 3, 'Ben': 1, 'Cleo': 1}
    """
    points = {player: 0 for player in players}
    others = len(players) - 1
    for artist in players:
        finders = found_by(artist, players, objects, lineup, votes)
        for voter in finders:
            points[voter] += FINDER_POINTS
        if 0 < len(finders) < others:
            points[artist] += ARTIST_POINTS
    return points
