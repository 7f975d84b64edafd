"""Actions as plain data, so a move can be stored, sent between kernels and replayed.

At one screen the dashboard calls the :class:`~incognito_nb.engine.game.Game` methods
directly.  When a table lives in a shared store, a student's kernel instead hands the
store an :class:`Action`: a small JSON-safe value that names the method, the player
making the move and its arguments.  The store logs every accepted action, and
:func:`apply_action` turns one back into the method call, so replaying the log from
the first deal rebuilds the game exactly.

>>> action = Action.cast_vote("Ben", "Ana", 3)
>>> action
Action(kind='cast_vote', player='Ben', args={'artist': 'Ana', 'number': 3})
>>> Action.from_dict(action.to_dict()) == action
True
>>> Action.advance(force=True).to_dict()
{'kind': 'advance', 'player': None, 'args': {'force': True}}

The teacher's moves name where the game stood on the screen they were made from
(``at``: the round, the phase and the reveal's step, see :func:`position`), so that two
teacher pages, or a page that had not caught up, never move the game on twice: a move
made from a position the game has left is refused (``rule="moved_on"``) and changes
nothing.  A move without ``at`` (a log written before it existed) applies as it always did.

>>> Action.reveal_next(at=position(1, Phase.SCORE, 0)).args
{'at': {'round': 1, 'phase': 'score', 'step': 0}}

Everything that comes from outside the engine is checked: an unknown kind, a missing
or extra argument, or a value of the wrong type raises
:class:`~incognito_nb.engine.errors.IllegalAction` with ``rule="action"``, and a
drawing that is not a valid drawing raises it with ``rule="drawing"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .drawing import Drawing, Stroke
from .drawing_time import is_time
from .errors import N_, IllegalAction, Message, detail
from .game import Game
from .rules import PHASE_NAMES, Phase

#: The actions a game accepts, each with the arguments it takes.
KINDS: Mapping[str, tuple[str, ...]] = {
    "edit_drawing": ("keep", "strokes"),
    "mark_done": (),
    "update_drawing": ("drawing",),
    "submit_drawing": ("drawing",),
    "cast_vote": ("artist", "number"),
    "confirm_votes": (),
    "advance": ("force",),
    "reveal_next": (),
    "pause_timer": ("paused",),
    "start_timer": ("seconds", "now"),
}
#: Actions made by the table as a whole (the teacher), not by one player.
TABLE_KINDS = frozenset({"advance", "reveal_next", "pause_timer", "start_timer"})
#: The arguments an action may leave out: its log entries written before they existed still replay.
OPTIONAL: Mapping[str, tuple[str, ...]] = {"advance": ("at",), "reveal_next": ("at",), "pause_timer": ("at", "now"),
                                            "start_timer": ("at",)}
#: The fields of a position (``at``): where the game stands.
POSITION = ("round", "phase", "step")


def position(round: int, phase: Phase | str, step: int = 0) -> dict[str, Any]:
    """Returns a position as a teacher's move names it (``at``): the round, the phase and
    the reveal's step (0 outside the score phase), as JSON-safe data."""
    return {"round": round, "phase": Phase(phase).value, "step": step}


def position_of(game: Game) -> dict[str, Any]:
    """Returns where ``game`` stands, as a teacher's move made now names it (``at``)."""
    return position(game.round, game.phase, game.reveal_step)


@dataclass(frozen=True)
class Action:
    """One move at the table: ``kind`` names the :class:`Game` method, ``player`` who makes it
    (``None`` for the teacher's ``advance``, ``reveal_next`` and ``pause_timer``), ``args`` its
    JSON-safe arguments.

    Build one with the constructors named after the moves (:meth:`cast_vote`, ...) or
    with :meth:`from_dict`.  Actions compare equal when their data is equal.

    :raises IllegalAction: (``rule="action"``) if the kind, player or arguments do not
        have the right shape.
    """

    kind: str
    player: str | None = None
    args: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if not isinstance(self.args, Mapping):
            _refuse(N_("An action's arguments are a mapping of names to values, not {value}."), value=f"{self.args!r:.60}")
        object.__setattr__(self, "args", dict(self.args))
        _check_shape(self)

    # ------------------------------------------------------------ constructors
    @classmethod
    def edit_drawing(cls, player: str, strokes: "list[Stroke] | tuple[Stroke, ...] | list[dict]" = (),
                     *, keep: int | None = None) -> "Action":
        """Returns the action that keeps the first ``keep`` strokes of ``player``'s board
        (all of them when ``None``) and adds ``strokes``: one pen stroke, an undo, a clear
        (see :meth:`Game.edit_drawing`).  Its size is the size of what the player did."""
        return cls("edit_drawing", player, {"keep": keep, "strokes": [
            stroke.to_dict() if isinstance(stroke, Stroke) else stroke for stroke in strokes]})

    @classmethod
    def mark_done(cls, player: str) -> "Action":
        """Returns the action that marks ``player``'s drawing done as it stands."""
        return cls("mark_done", player, {})

    @classmethod
    def update_drawing(cls, player: str, drawing: Drawing | list) -> "Action":
        """Returns the action that stores ``player``'s board as it stands."""
        return cls("update_drawing", player, {"drawing": _drawing_data(drawing)})

    @classmethod
    def submit_drawing(cls, player: str, drawing: Drawing | list) -> "Action":
        """Returns the action that stores ``player``'s board and marks it done."""
        return cls("submit_drawing", player, {"drawing": _drawing_data(drawing)})

    @classmethod
    def cast_vote(cls, voter: str, artist: str, number: int | None) -> "Action":
        """Returns the action that places ``voter``'s card ``number`` on ``artist``'s
        drawing (``None`` takes the card back)."""
        return cls("cast_vote", voter, {"artist": artist, "number": number})

    @classmethod
    def confirm_votes(cls, voter: str) -> "Action":
        """Returns the action that confirms ``voter``'s cards as they lie."""
        return cls("confirm_votes", voter, {})

    @classmethod
    def advance(cls, *, force: bool = False, at: Mapping[str, Any] | None = None) -> "Action":
        """Returns the action that moves the game to its next phase (the teacher's); with
        ``at`` (:func:`position`), only from that position."""
        return cls("advance", None, {"force": force} if at is None else {"force": force, "at": dict(at)})

    @classmethod
    def reveal_next(cls, *, at: Mapping[str, Any] | None = None) -> "Action":
        """Returns the action that shows the reveal's next drawing, then the scoreboard (the
        teacher's); with ``at`` (:func:`position`), only from that position."""
        return cls("reveal_next", None, {} if at is None else {"at": dict(at)})

    @classmethod
    def pause_timer(cls, paused: bool, *, now: float | None = None, at: Mapping[str, Any] | None = None) -> "Action":
        """Returns the action that pauses (``paused=True``) or resumes the drawing timer (the
        teacher's, from the projected page or the desk) at ``now`` (the table's clock: the time
        left stands still from then); with ``at`` (:func:`position`), only from that position.
        It says the state wanted, not "the other one": two pages pressing Pause at once leave
        the timer paused."""
        args: dict[str, Any] = {"paused": paused, **({} if now is None else {"now": now})}
        return cls("pause_timer", None, args if at is None else {**args, "at": dict(at)})

    @classmethod
    def start_timer(cls, seconds: int, *, now: float, at: Mapping[str, Any] | None = None) -> "Action":
        """Returns the action that starts this hide phase's drawing timer of ``seconds`` at ``now``
        (the table's clock), made by the projected page; with ``at``, only from that position."""
        args = {"seconds": seconds, "now": now}
        return cls("start_timer", None, args if at is None else {**args, "at": dict(at)})

    # ------------------------------------------------------------ data
    def to_dict(self) -> dict[str, Any]:
        """Returns the action as JSON-safe data."""
        return {"kind": self.kind, "player": self.player, "args": dict(self.args)}

    @classmethod
    def from_dict(cls, data: Any) -> "Action":
        """Builds an action from :meth:`to_dict` data.

        :raises IllegalAction: (``rule="action"``) if the data is not an action.
        """
        if not isinstance(data, Mapping) or not {"kind"} <= set(data) <= {"kind", "player", "args"}:
            _refuse(N_("An action is a mapping with 'kind', 'player' and 'args', not {value}."), value=f"{data!r:.80}")
        return cls(data["kind"], data.get("player"), data.get("args", {}))


def apply_action(game: Game, action: Action) -> Phase | int | None:
    """Makes the move ``action`` describes on ``game``; returns what the method returns
    (the new phase for ``advance``, the reveal's step for ``reveal_next``, the pause for
    ``pause_timer``, the seconds left for ``start_timer``, else ``None``).

    The action's shape is checked again (its ``args`` dict could have been changed
    since it was built) and its data turned into engine values before the game is
    touched, so a refused action leaves the game exactly as it was.

    :raises IllegalAction: for a badly shaped action (``rule="action"``), an invalid
        drawing (``rule="drawing"``), a teacher's move made from a position the game has
        left (``rule="moved_on"``), or a move the rules refuse (the engine's rule).
    """
    if not isinstance(action, Action):
        _refuse(N_("apply_action takes an Action, not {kind}."), kind=type(action).__name__)
    _check_shape(action)
    kind, player, args = action.kind, action.player, action.args
    if "at" in args:
        _require_position(game, args["at"])
    if kind == "edit_drawing":
        try:
            strokes = [Stroke.from_dict(stroke) for stroke in args["strokes"]]
        except ValueError as error:
            raise IllegalAction(N_("{player}'s drawing cannot be used: {error}."), rule="drawing",
                                player=player, error=detail(error)) from None
        return game.edit_drawing(player, strokes, keep=args["keep"])
    if kind == "mark_done":
        return game.mark_done(player)
    if kind in ("update_drawing", "submit_drawing"):
        try:
            drawing = Drawing.from_list(args["drawing"])
        except ValueError as error:
            raise IllegalAction(N_("{player}'s drawing cannot be used: {error}."), rule="drawing",
                                player=player, error=detail(error)) from None
        return getattr(game, kind)(player, drawing)
    if kind == "cast_vote":
        return game.cast_vote(player, args["artist"], args["number"])
    if kind == "confirm_votes":
        return game.confirm_votes(player)
    if kind == "reveal_next":
        return game.reveal_next()
    if kind == "pause_timer":
        return game.pause_timer(args["paused"], args.get("now"))
    if kind == "start_timer":
        return game.start_timer(args["seconds"], args["now"])
    return game.advance(force=args["force"])


def _require_position(game: Game, at: Mapping[str, Any]) -> None:
    """Refuses a teacher's move made from a screen the game has left (another page made it first)."""
    if (at["round"], at["phase"]) != (game.round, game.phase.value):
        raise IllegalAction(N_("The game has already moved on from {phase} of round {round}, where this move was "
                               "made; nothing was changed."), rule="moved_on", round=at["round"],
                            phase=Message(PHASE_NAMES[Phase(at["phase"])]))
    if at["step"] != game.reveal_step:
        raise IllegalAction(N_("The reveal has already moved on from step {step}, where this move was made; nothing "
                               "was changed."), rule="moved_on", step=at["step"])


def _check_shape(action: Action) -> None:
    kind, player, args = action.kind, action.player, action.args
    if not isinstance(kind, str) or kind not in KINDS:
        _refuse(N_("There is no action called {kind}; the actions are {kinds}."), kind=repr(kind), kinds=", ".join(KINDS))
    if kind in TABLE_KINDS:
        if player is not None:
            _refuse(N_("'{kind}' is made by the table (the teacher), not by {player}: its player is None."),
                    kind=kind, player=repr(player))
    elif not isinstance(player, str):
        _refuse(N_("'{kind}' is made by a player, named by their name, not {player}."), kind=kind, player=f"{player!r:.40}")
    if not isinstance(args, Mapping):
        _refuse(N_("An action's arguments are a mapping of names to values, not {value}."), value=f"{args!r:.60}")
    expected = KINDS[kind]
    if not set(expected) <= set(args) <= set(expected) | set(OPTIONAL.get(kind, ())):
        _refuse(N_("'{kind}' takes the arguments ({wanted}); it was given ({given})."), kind=kind,
                wanted=", ".join(expected), given=", ".join(map(str, args)))
    if "drawing" in args and not isinstance(args["drawing"], list):
        _refuse(N_("A drawing is sent as a list of strokes (Drawing.to_list())."))
    if "strokes" in args and not isinstance(args["strokes"], list):
        _refuse(N_("Strokes are sent as a list (Stroke.to_dict() each)."))
    if "keep" in args:
        keep = args["keep"]
        if keep is not None and (isinstance(keep, bool) or not isinstance(keep, int) or keep < 0):
            _refuse(N_("'keep' counts the strokes kept on the board, or is None for all, not {value}."),
                    value=f"{keep!r:.40}")
    if "artist" in args and not isinstance(args["artist"], str):
        _refuse(N_("A card is placed on an artist's drawing, named by the artist, not {value}."),
                value=f"{args['artist']!r:.40}")
    if "number" in args:
        number = args["number"]
        if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
            _refuse(N_("A card's number is a whole number or None (no card), not {value}."), value=f"{number!r:.40}")
    if "force" in args and not isinstance(args["force"], bool):
        _refuse(N_("'force' is true or false, not {value}."), value=f"{args['force']!r:.40}")
    if "paused" in args and not isinstance(args["paused"], bool):
        _refuse(N_("'paused' is true or false, not {value}."), value=f"{args['paused']!r:.40}")
    if "now" in args and not is_time(args["now"]):
        _refuse(N_("The time is a number of seconds on the table's clock, not {value}."), value=f"{args['now']!r:.40}")
    if "at" in args and not _is_position(args["at"]):
        _refuse(N_("'at' names where the game stood when the move was made (its round, phase and reveal step), "
                   "not {value}."), value=f"{args['at']!r:.60}")


def _is_position(at: Any) -> bool:
    def count(value: Any, least: int) -> bool:
        return type(value) is int and value >= least
    return (isinstance(at, Mapping) and set(at) == set(POSITION) and count(at["round"], 1)
            and isinstance(at["phase"], str)
            and at["phase"] in {phase.value for phase in Phase} and count(at["step"], 0))


def _drawing_data(drawing: Drawing | list) -> list:
    return drawing.to_list() if isinstance(drawing, Drawing) else drawing


def _refuse(template: str, **params: Any) -> None:
    raise IllegalAction(template, rule="action", **params)
