"""How a table is kept: a record, a snapshot of its game, and a log of small actions.

A stroke must cost what the first stroke cost, however much ink is on the table, so
the store never rewrites a whole game for one move.  A table in a store is:

- its **record**: the join code, version, teacher key digest, deck, rules, seed and
  lobby, a few kilobytes whatever the game;
- a **snapshot**: the whole :class:`~incognito_nb.engine.game.Game` as JSON, at
  ``snapshot_version`` (written when the game starts, then again at each compaction);
- an append-only **log**: one entry per accepted
  :class:`~incognito_nb.engine.actions.Action`, each the size of what a person did
  (one stroke, one card), at the version it made.

The game at any version is the snapshot with the log entries after it applied in
order.  Every :data:`COMPACT_EVERY` versions an action also writes a new snapshot;
the log keeps the entries after the *previous* snapshot (``log_floor``), so a kernel
that is a little behind still catches up from the log, and only one that is far behind
reads the snapshot again.

Each process keeps the games it has read in a :class:`GameCache`: to learn of a change
it reads only the log entries after the version it holds, applies them, and remembers
the most recent ones, so that a page can ask what changed since the version it shows
(:attr:`~incognito_nb.store.tables.TableSnapshot.changes`) and redraw only that.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine import MAX_DRAWING_POINTS, Action, Deck, Game, Rules, apply_action
from ..engine.practice import Practice

#: How many versions a snapshot may lag behind before an action writes a new one.
COMPACT_EVERY = 500
#: How many recent actions a kernel remembers per table, for pages to redraw only what changed.
RECENT_ACTIONS = 256
#: And at most this many board points in them (the newest action always): an action holds its
#: strokes (~145 bytes a point in a kernel), and every kernel at the table holds the table's.
#: A seat that drew full boards and cleared them would otherwise have 256 moves of 5,000 points,
#: 190 MB, held in each of them.  A page redraws from what changed since its last read, a few
#: moves ago; one further behind redraws everything, as after a gap in the log.
RECENT_POINTS = 2 * MAX_DRAWING_POINTS


@dataclass(frozen=True)
class TableRecord:
    """A table as the backends keep it, without its game: digests, not secrets."""

    code: str
    version: int
    teacher: str
    deck: dict[str, Any]
    rules: dict[str, Any]
    seed: str
    lobby: tuple[tuple[str, str], ...]  # (name, token digest) in seat order
    created_at: float
    updated_at: float
    #: The version the stored snapshot is at (None before the game starts).
    snapshot_version: int | None = None
    #: The log holds every action after this version (None before the game starts).
    log_floor: int | None = None
    #: The interface language the teacher chose for the table (its students' pages open in it).
    language: str = "en"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.lobby)

    @property
    def started(self) -> bool:
        return self.snapshot_version is not None

    def make_deck(self) -> Deck:
        return Deck(objects=tuple(self.deck["objects"]), locations=tuple(self.deck["locations"]),
                    name=self.deck["name"], language=self.deck["language"])

    def make_rules(self) -> Rules:
        return Rules(**self.rules)

    def make_practice(self) -> Practice | None:
        """Returns the practice deal a table made for a class keeps with its deck (None: plain)."""
        due = self.deck.get("practice")
        return Practice(frozenset(due)) if due is not None else None

    def needs_snapshot(self, after: int | None) -> bool:
        """Checks if a kernel holding the game at version ``after`` must read the snapshot
        (it holds none, or the log no longer reaches back to it)."""
        return self.started and (after is None or after < self.log_floor)


class _NoGame:
    def __repr__(self) -> str:
        return "NO_GAME"


#: Read a table's record only, not its game (for changes to the lobby).
NO_GAME: Any = _NoGame()


@dataclass(frozen=True)
class TableState:
    """What a backend read of a table at one instant: its record and, for a game in play,
    what brings a kernel's copy of the game up to ``record.version``."""

    record: TableRecord
    #: The version of the game the reader held when it read (None: none), or :data:`NO_GAME`.
    after: Any = NO_GAME
    #: The game's JSON at ``record.snapshot_version``, when the reader needed it.
    snapshot: str | None = None
    #: The log entries (version, action JSON) after the reader's version, or after the
    #: snapshot when it was read, oldest first.
    entries: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class Write:
    """What one change writes: a new lobby, an action for the log, a new snapshot of the
    game at the new version (``log_floor``: the log keeps what follows it)."""

    lobby: tuple[tuple[str, str], ...] | None = None
    #: A new interface language for the table (None: unchanged).
    language: str | None = None
    #: A new deck and seed for the table's next game (None: unchanged; see ``play_again``).
    deck: dict[str, Any] | None = None
    seed: str | None = None
    action: Action | None = None
    snapshot: str | None = None
    log_floor: int | None = None
    result: Any = None


#: A change: from the table as read to what to write.  It may run several times (Redis
#: retries) and must have no effect but its result.
Change = Callable[[TableState], Write]


def lobby_json(lobby: tuple[tuple[str, str], ...]) -> str:
    """Returns a lobby as stored: ``[[name, token digest], ...]`` in seat order."""
    return json.dumps([list(entry) for entry in lobby], ensure_ascii=False)


def lobby_from_json(text: str) -> tuple[tuple[str, str], ...]:
    """Returns the lobby :func:`lobby_json` stored."""
    return tuple((name, token) for name, token in json.loads(text))


def entry_json(action: Action) -> str:
    """Returns an action as stored in the log."""
    return json.dumps(action.to_dict(), ensure_ascii=False, separators=(",", ":"))


def entry_action(text: str) -> Action:
    """Reads an action from the log."""
    return Action.from_dict(json.loads(text))


@dataclass
class CachedGame:
    """One table's game as this process holds it, at ``version``, with the actions that
    made its most recent versions."""

    created_at: float
    version: int
    game: Game
    recent: list[tuple[int, Action]] = field(default_factory=list)
    #: ``recent`` holds every action after this version.
    known_from: int = 0
    #: When the store last changed the table, as read with ``version`` (None: not read).
    updated_at: float | None = None

    def changes_since(self, version: int) -> tuple[tuple[int, Action], ...] | None:
        """Returns the actions after ``version`` up to this one, or None if they are no
        longer remembered (or ``version`` is not one this game went through)."""
        if version < self.known_from or version > self.version:
            return None
        return tuple(entry for entry in self.recent if entry[0] > version)

    def record(self, version: int, action: Action) -> None:
        self.recent.append((version, action))
        drop = max(0, len(self.recent) - RECENT_ACTIONS)
        points = sum(_ink(kept) for _, kept in self.recent[drop:])
        while points > RECENT_POINTS and drop < len(self.recent) - 1:
            points -= _ink(self.recent[drop][1])
            drop += 1
        if drop:
            self.known_from = self.recent[drop - 1][0]
            del self.recent[:drop]


def _ink(action: Action) -> int:
    """Returns how many board points an action carries (its strokes, or the board it stores)."""
    strokes = action.args.get("strokes") or action.args.get("drawing") or ()
    return sum(len(stroke.get("points", ())) for stroke in strokes if isinstance(stroke, dict))


class GameCache:
    """The games of the tables this process has read, kept current from the log."""

    def __init__(self) -> None:
        self._games: dict[str, CachedGame] = {}
        self._lock = threading.RLock()

    def version(self, code: str) -> int | None:
        """Returns the version at which this process holds the table's game (None: it does not)."""
        with self._lock:
            cached = self._games.get(code)
            return None if cached is None else cached.version

    def forget(self, code: str) -> None:
        with self._lock:
            self._games.pop(code, None)

    def forget_all(self) -> None:
        """Lets go of every game held (the store may have come back older than they are)."""
        with self._lock:
            self._games.clear()

    def bring_up(self, state: TableState, after: int | None) -> CachedGame | None:
        """Returns the table's game at ``state.record.version``, brought there from the
        snapshot or from the game already held; None before the game starts.

        ``after`` is the version this process held when ``state`` was read (what
        :meth:`version` said): ``state`` holds the log entries after it, or the snapshot.

        :raises LookupError: if the state holds no snapshot and the game this process holds
            is not one its log entries continue (let go of meanwhile, ahead of the state
            because another thread moved after it was read, or a store that came back
            older): read again with ``after=None``, which always succeeds.
        :raises ValueError: (a ``SaveError`` or ``IllegalAction``) if the stored snapshot
            or log cannot be read back into a game; the game held is forgotten.
        """
        record = state.record
        if not record.started:
            self.forget(record.code)
            return None
        with self._lock:
            cached = self._games.get(record.code)
            if cached is not None and (
                    cached.created_at != record.created_at  # a table removed, its code given to a new one
                    or cached.version > record.version  # a store that lost its last moves
                    or (cached.version == record.version and cached.updated_at not in (None, record.updated_at))):
                cached = None
                if state.snapshot is None:
                    self._games.pop(record.code, None)
                    raise LookupError(record.code)
            try:
                if state.snapshot is not None and (cached is None or cached.version < record.snapshot_version):
                    cached = CachedGame(record.created_at, record.snapshot_version, Game.from_json(state.snapshot),
                                        known_from=record.snapshot_version)
                elif state.snapshot is None and (cached is None or after is None or cached.version < after):
                    raise LookupError(record.code)
                for version, text in state.entries:
                    if version > cached.version:
                        action = entry_action(text)
                        apply_action(cached.game, action)
                        cached.version = version
                        cached.record(version, action)
            except (ValueError, LookupError):
                self._games.pop(record.code, None)
                raise
            cached.version = max(cached.version, record.version)  # lobby changes log nothing
            cached.updated_at = record.updated_at
            self._games[record.code] = cached
            return cached

    def keep(self, code: str, cached: CachedGame) -> None:
        """Holds ``cached`` as the table's game unless a later one is already held."""
        with self._lock:
            held = self._games.get(code)
            if held is None or held.created_at != cached.created_at or held.version <= cached.version:
                self._games[code] = cached


