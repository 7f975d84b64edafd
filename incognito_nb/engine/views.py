"""What each person at the table may know: the only door from the game to a screen.

One pure function, after boardgame.io's ``playerView``: given a game and a viewer (a
player, or ``None`` for the projector and spectators) it returns JSON-safe data with
every secret that viewer may not know left out.  Before scoring that means: other
players' objects, which line-up word belongs to whom, and other players' cards.  In
the score phase it means what the projector has not shown yet (:mod:`.reveal`): the
answers, cards and points of the drawings still to come, and the round's points and
scoreboard before their step.

A view reads a game through its public members only, never its private state, so this
module does not import :class:`Game`: ``game.py`` imports it (for
:meth:`Game.player_view` and :meth:`Game.progress`), and the game a view takes is typed
by :class:`ViewedGame`, the members it reads.  Dependencies run one way.
"""

from __future__ import annotations

from typing import Any, Protocol

from . import reveal
from .drawing import Drawing
from .rounds import RoundRecord
from .rules import CARDS_IN_PLAY, Phase, Rules


class ViewedGame(Protocol):
    """What a view reads of a game: public members of :class:`Game`, documented there
    (the attributes are its read-only properties)."""

    players: tuple[str, ...]
    rules: Rules
    round: int
    phase: Phase
    deck_name: str
    deck_language: str
    moves: int
    reveal_step: int
    done: tuple[str, ...]
    confirmed: tuple[str, ...]
    lineup: tuple[str, ...]
    history: tuple[RoundRecord, ...]
    scores: dict[str, int]
    winners: tuple[str, ...]

    def seat(self, player: str) -> int: ...
    def location(self, player: str) -> str | None: ...
    def secret_object(self, player: str) -> str | None: ...
    def drawing(self, player: str) -> Drawing: ...
    def votes_of(self, voter: str) -> dict[str, int]: ...


def _record(record: RoundRecord) -> dict[str, Any]:
    return {
        "round": record.number,
        "objects": dict(record.objects),
        "locations": dict(record.locations),
        "lineup": list(record.lineup),
        "votes": {voter: dict(cards) for voter, cards in record.votes.items()},
        "found_by": {artist: list(record.found_by(artist)) for artist in record.players},
        "points": dict(record.points),
    }


def progress_view(game: ViewedGame) -> dict[str, Any]:
    """Returns how far everyone at the table has got, as anyone may know it: the round
    and phase, who is done or has confirmed, and in the hide phase how many strokes each
    board holds (not what they show).

    It costs the same whatever the ink, so a page can follow every stroke of a class
    with it; :func:`player_view` holds the same entries.
    """
    phase = game.phase
    return {
        "round": game.round,
        "phase": phase.value,
        "players": list(game.players),
        "done": list(game.done),
        "confirmed": list(game.confirmed),
        "strokes": {p: len(game.drawing(p)) for p in game.players} if phase is Phase.HIDE else {},
    }


def player_view(game: ViewedGame, viewer: str | None, *, drawings: bool = True) -> dict[str, Any]:
    """Returns the game as ``viewer`` may see it (``None``: the projector).

    With ``drawings=False``, ``view["drawings"]`` names the boards the viewer may see,
    each ``None`` instead of its strokes: for a screen that shows them from the game's own
    drawings, at a cost that does not grow with the ink (six full boards as lists are
    ~30 ms, at every render of every page).

    :raises IllegalAction: if the viewer is not at the table.
    """
    if viewer is not None:
        game.seat(viewer)  # refuses strangers
    phase = game.phase
    cards_in_play = phase in CARDS_IN_PLAY
    view: dict[str, Any] = {
        "viewer": viewer,
        "players": list(game.players),
        "rules": game.rules.to_dict(),
        "deck": {"name": game.deck_name, "language": game.deck_language},
        "round": game.round,
        "phase": phase.value,
        "moves": game.moves,
        "locations": {p: game.location(p) for p in game.players} if cards_in_play else {},
        "object": game.secret_object(viewer) if viewer is not None and cards_in_play else None,
        "done": list(game.done),
        "confirmed": list(game.confirmed),
        "strokes": progress_view(game)["strokes"],
        "lineup": list(game.lineup),
        "drawings": {},
        "my_votes": {},
        "reveal": None,
        "scores": game.scores,
        "history": [_record(r) for r in game.history],
        "winners": list(game.winners),
    }
    def ink(player: str) -> list[dict[str, Any]] | None:
        return game.drawing(player).to_list() if drawings else None

    if phase is Phase.HIDE:
        if viewer is not None:  # boards in progress stay with their artist
            view["drawings"] = {viewer: ink(viewer)}
    elif cards_in_play:
        view["drawings"] = {p: ink(p) for p in game.players}
    if viewer is not None and phase is Phase.FIND:
        view["my_votes"] = game.votes_of(viewer)
    if phase is Phase.SCORE:
        step = game.reveal_step
        cut = view["reveal"] = reveal.cut_record(game.history[-1], step)
        view["my_votes"] = dict(cut["votes"][viewer]) if viewer is not None else {}
        if not cut["scoreboard"]:  # the round's points wait for the scoreboard
            view["history"] = view["history"][:-1]
            view["scores"] = {p: total - game.history[-1].points[p] for p, total in game.scores.items()}
    return view
