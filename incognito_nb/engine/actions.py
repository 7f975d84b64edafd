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

Everything that comes from outside the engine is checked: an unknown kind, a missing
or extra argument, or a value of the wrong type raises
:class:`~incognito_nb.engine.errors.IllegalAction` with ``rule="action"``, and a
drawing that is not a valid drawing raises it with ``rule="drawing"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .drawing import Drawing, Stroke
from .errors import IllegalAction
from .game import Game
from .rules import Phase

#: The actions a game accepts, each with the arguments it takes.
KINDS: Mapping[str, tuple[str, ...]] = {
    "edit_drawing": ("keep", "strokes"),
    "mark_done": (),
    "update_drawing": ("drawing",),
    "submit_drawing": ("drawing",),
    "cast_vote": ("artist", "number"),
    "confirm_votes": (),
    "advance": ("force",),
}
#: Actions made by the table as a whole (the teacher), not by one player.
TABLE_KINDS = frozenset({"advance"})


@dataclass(frozen=True)
class Action:
    """One move at the table: ``kind`` names the :class:`Game` method, ``player`` who
    makes it (``None`` for the teacher's ``advance``), ``args`` its JSON-safe arguments.

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
            _refuse(f"An action's arguments are a mapping of names to values, not {self.args!r:.60}.")
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
    def advance(cls, *, force: bool = False) -> "Action":
        """Returns the action that moves the game to its next phase (the teacher's)."""
        return cls("advance", None, {"force": force})

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
            _refuse(f"An action is a mapping with 'kind', 'player' and 'args', not {data!r:.80}.")
        return cls(data["kind"], data.get("player"), data.get("args", {}))


def apply_action(game: Game, action: Action) -> Phase | None:
    """Makes the move ``action`` describes on ``game``; returns what the method returns
    (the new phase for ``advance``, else ``None``).

    The action's shape is checked again (its ``args`` dict could have been changed
    since it was built) and its data turned into engine values before the game is
    touched, so a refused action leaves the game exactly as it was.

    :raises IllegalAction: for a badly shaped action (``rule="action"``), an invalid
        drawing (``rule="drawing"``), or a move the rules refuse (the engine's rule).
    """
    if not isinstance(action, Action):
        _refuse(f"apply_action takes an Action, not {type(action).__name__}.")
    _check_shape(action)
    kind, player, args = action.kind, action.player, action.args
    if kind == "edit_drawing":
        try:
            strokes = [Stroke.from_dict(stroke) for stroke in args["strokes"]]
        except ValueError as error:
            raise IllegalAction(f"{player}'s drawing cannot be used: {error}.", rule="drawing") from None
        return game.edit_drawing(player, strokes, keep=args["keep"])
    if kind == "mark_done":
        return game.mark_done(player)
    if kind in ("update_drawing", "submit_drawing"):
        try:
            drawing = Drawing.from_list(args["drawing"])
        except ValueError as error:
            raise IllegalAction(f"{player}'s drawing cannot be used: {error}.", rule="drawing") from None
        return getattr(game, kind)(player, drawing)
    if kind == "cast_vote":
        return game.cast_vote(player, args["artist"], args["number"])
    if kind == "confirm_votes":
        return game.confirm_votes(player)
    return game.advance(force=args["force"])


def _check_shape(action: Action) -> None:
    kind, player, args = action.kind, action.player, action.args
    if not isinstance(kind, str) or kind not in KINDS:
        _refuse(f"There is no action called {kind!r}; the actions are {', '.join(KINDS)}.")
    if kind in TABLE_KINDS:
        if player is not None:
            _refuse(f"'{kind}' is made by the table (the teacher), not by {player!r}: its player is None.")
    elif not isinstance(player, str):
        _refuse(f"'{kind}' is made by a player, named by their name, not {player!r:.40}.")
    if not isinstance(args, Mapping):
        _refuse(f"An action's arguments are a mapping of names to values, not {args!r:.60}.")
    expected = KINDS[kind]
    if set(args) != set(expected):
        wanted = ", ".join(expected) or "no arguments"
        _refuse(f"'{kind}' takes {wanted}; it was given {', '.join(map(str, args)) or 'none'}.")
    if "drawing" in args and not isinstance(args["drawing"], list):
        _refuse("A drawing is sent as a list of strokes (Drawing.to_list()).")
    if "strokes" in args and not isinstance(args["strokes"], list):
        _refuse("Strokes are sent as a list (Stroke.to_dict() each).")
    if "keep" in args:
        keep = args["keep"]
        if keep is not None and (isinstance(keep, bool) or not isinstance(keep, int) or keep < 0):
            _refuse(f"'keep' counts the strokes kept on the board, or is None for all, not {keep!r:.40}.")
    if "artist" in args and not isinstance(args["artist"], str):
        _refuse(f"A card is placed on an artist's drawing, named by the artist, not {args['artist']!r:.40}.")
    if "number" in args:
        number = args["number"]
        if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
            _refuse(f"A card's number is a whole number or None (no card), not {number!r:.40}.")
    if "force" in args and not isinstance(args["force"], bool):
        _refuse(f"'force' is true or false, not {args['force']!r:.40}.")


def _drawing_data(drawing: Drawing | list) -> list:
    return drawing.to_list() if isinstance(drawing, Drawing) else drawing


def _refuse(message: str) -> None:
    raise IllegalAction(message, rule="action")
