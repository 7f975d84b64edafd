"""The reveal: the score phase shown drawing by drawing, at one pace for the whole table.

Scoring makes the round public, but not all at once: the projector shows one drawing
after another, in seating order, then the round's scoreboard (the Kahoot!/Jackbox
show, where the big screen leads and every phone follows).  Where the reveal stands is
part of the game, so a phone that reloads or joins late lands where the projector is.

The reveal's step is a number: at step ``k`` below the number of players, the drawings
of the first ``k + 1`` players in seating order are shown (the first one as soon as the
round is scored); at the step equal to the number of players the round's scoreboard is
shown too.  The teacher's Next (:meth:`Game.reveal_next`) moves it on by one.

What a viewer sees follows the step (:func:`cut_record`): the answer, the cards and the
points of a drawing not yet shown, and the round's points before the scoreboard, are in
no view.
"""

from __future__ import annotations

from typing import Any, Sequence

from .errors import N_, IllegalAction
from .rounds import RoundRecord
from .scoring import ARTIST_POINTS, FINDER_POINTS


def scoreboard_step(players: Sequence[str]) -> int:
    """Returns the step at which the round's scoreboard is shown: one past the last drawing."""
    return len(players)


def next_step(step: int, players: Sequence[str]) -> int:
    """Returns the step after ``step``.

    :raises IllegalAction: (``rule="reveal_over"``) once the scoreboard is shown: the
        teacher moves the game on instead.
    """
    if step >= scoreboard_step(players):
        raise IllegalAction(N_("Every drawing and the round's scoreboard are shown; move the game on to the "
                               "next round."), rule="reveal_over")
    return step + 1


def revealed(players: Sequence[str], step: int) -> tuple[str, ...]:
    """Returns the artists whose drawings are shown at ``step``, in seating order."""
    return tuple(players[:step + 1])


def drawing_points(record: RoundRecord, artist: str) -> dict[str, int]:
    """Returns the points one drawing gave, per player who scored with it (RULES.md, "Score Points")."""
    finders = record.found_by(artist)
    points = {finder: FINDER_POINTS for finder in finders}
    if 0 < len(finders) < len(record.players) - 1:
        points[artist] = ARTIST_POINTS
    return points


def cut_record(record: RoundRecord, step: int) -> dict[str, Any]:
    """Returns the round being revealed as anyone may know it at ``step``: the objects,
    cards, finders and points of the drawings shown so far, and the round's points from
    the scoreboard step on (``None`` before)."""
    shown = revealed(record.players, step)
    return {
        "round": record.number,
        "step": step,
        "revealed": list(shown),
        "scoreboard": step >= scoreboard_step(record.players),
        "objects": {artist: record.objects[artist] for artist in shown},
        "locations": dict(record.locations),
        "lineup": list(record.lineup),
        "votes": {voter: {artist: card for artist, card in cards.items() if artist in shown}
                  for voter, cards in record.votes.items()},
        "found_by": {artist: list(record.found_by(artist)) for artist in shown},
        "drawing_points": {artist: drawing_points(record, artist) for artist in shown},
        "points": dict(record.points) if step >= scoreboard_step(record.players) else None,
    }
