"""Shared tables: one game played from many kernels, kept in a store outside them all.

Voilà starts one kernel per page load, so in classroom network play the teacher's page
and each student's page run in different kernels (and, on a JupyterHub, on different
machines).  The table they share lives here, in a SQLite file or a Redis server.

Design note
-----------
*What a table is.*  One record per group in a class: a five-character join code
(unambiguous letters and digits, unique among live tables), the deck and rules chosen
at creation, the seed of the deal, the lobby of joined players in seat order, a version
number that grows by one with every change, and times of creation and last change.
Once started, the :class:`~incognito_nb.engine.game.Game` is kept as a snapshot and a
log of the :class:`~incognito_nb.engine.actions.Action` s accepted after it, each the
size of one move (:mod:`incognito_nb.store.records`): a stroke costs the same at the
first stroke and at the two-hundredth, and a kernel reads only the moves it has not
seen.  Every :attr:`TableStore.compact_every` versions a move also writes a new snapshot.

*Every change is one compare-and-swap on the version.*  A change (join, remove, start,
a move) reads the record, lets the engine compute the move in Python, and writes its
log entry, only if the version is still the one read.  SQLite takes the
file's write lock first (``BEGIN IMMEDIATE``), so its swaps never conflict and writers
queue on the lock; Redis runs the check-and-write as one Lua script and, on a
conflict, reads again after a short jittered pause (at most :data:`MAX_TRIES` times).
Either way an action is applied exactly once, on the state it was checked against, and
a refused action (:class:`~incognito_nb.engine.errors.IllegalAction`) writes nothing.

*Who may do what.*  Creating a table returns a teacher key; joining returns a seat
token.  Both are random (``secrets.token_urlsafe``), shown once, and stored only as
SHA-256 digests, so a copy of the store gives no one a seat.  A seat token acts only
as its own player; ``advance`` (ending a phase), ``pause_timer``, ``start``, ``remove_player``,
``reissue_seat`` and ``play_again`` (:mod:`incognito_nb.store.next_game`) need the
teacher key.  One ``advance`` is anyone's at the table: moving on from drawing or
finding once every player is finished (no ``force``, and not in the reveal, which the
teacher's Next paces), which the teacher page does by itself; the student whose Done or
Confirm was the last makes it at once (:meth:`TableStore.act`).  Late joiners are
refused once the game has started: a player who lost their link gets a new one from the
teacher (:meth:`TableStore.reissue_seat`).

*Trust.*  :meth:`TableStore.read` returns the whole game, secrets included: a page
must render only ``snapshot.game.player_view(viewer)`` from it.

*Hearing about changes.*  :meth:`TableStore.version` is one indexed read, cheap enough
to poll every 100 ms on a kernel's event loop; :func:`~incognito_nb.store.watch.watch_async`
does that for both backends (and uses Redis pub/sub to wake up at once).  A page then
calls ``read(code, since=its version)``, whose ``changes`` say which moves were made.

*Errors are for people.*  Every refusal is a ``ValueError`` whose message can be shown
as it is: :class:`~incognito_nb.engine.errors.IllegalAction` when the rules say no
(``.rule`` names the rule: ``player_names``, ``player_count``, ``started``,
``not_started``, ``action``, the engine's own), and :class:`StoreError` otherwise —
:class:`UnknownTable` (no such code), :class:`NotAllowed` (a wrong key or link) and
:class:`StoreUnavailable` (damaged, unreachable or too busy: show it and try again).

The calls a page makes.  The teacher's: ``create_table(deck, rules, seed=)`` (a
:class:`TableKeys`), ``start(code, teacher_key)``, ``act(code, Action.advance(force=True),
teacher_key=...)``, ``remove_player`` and ``reissue_seat(code, teacher_key, name)``, and
``read(code).view(None)`` for the projector.  A student's: ``join(code, name)`` (a
:class:`Seat`), ``rejoin(code, token)``, ``act(code, action, seat_token=...)`` and
``read(code).view(seat.name)``, and ``lease_seat(code, token)`` for the seat's one live
page (:mod:`incognito_nb.store.leases`).  Both: ``watch_async(store, code, on_change, since=)``.

Usage, from the teacher's kernel and three students' kernels alike:

>>> import tempfile, pathlib
>>> from incognito_nb.engine import Action, Deck
>>> from incognito_nb.store import open_store
>>> folder = tempfile.TemporaryDirectory()
>>> store = open_store(pathlib.Path(folder.name) / "class.sqlite")
>>> keys = store.create_table(Deck.builtin(), seed=1)
>>> len(keys.code)
5
>>> ana, ben, cleo = (store.join(keys.code, name) for name in ("Ana", "Ben", "Cleo"))
>>> store.start(keys.code, keys.teacher_key)
5
>>> store.act(keys.code, Action.submit_drawing("Ana", []), seat_token=ana.token)
6
>>> store.act(keys.code, Action.submit_drawing("Ben", []), seat_token=ana.token)
Traceback (most recent call last):
...
incognito_nb.store.errors.NotAllowed: Ana's seat cannot act for Ben.
>>> snapshot = store.read(keys.code)
>>> snapshot.version, snapshot.players, snapshot.game.done
(6, ('Ana', 'Ben', 'Cleo'), ('Ana',))
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import logging
import secrets
import time
from abc import ABC, abstractmethod
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

from ..engine import Action, Deck, Game, IllegalAction, Rules, apply_action
from ..engine.errors import N_, Message, Quoted, detail
from ..engine.players import clean_name, name_key
from ..engine.practice import Practice
from ..engine.rules import MAX_PLAYERS, MIN_PLAYERS, Phase
from .errors import NotAllowed, StoreError, StoreUnavailable, unknown_table
from .leases import SeatLeases
from .next_game import PlayAgain
from .seats import TeacherSeats
from .names import same_name
from .records import (
    COMPACT_EVERY,
    NO_GAME,
    CachedGame,
    Change,
    GameCache,
    TableRecord,
    TableState,
    Write,
    entry_action,
)
from .tables import (
    Seat,
    TableKeys,
    TableSnapshot,
    check_language_code,
    check_teacher_key,
    digest,
    new_code,
    new_secret,
    normalise_code,
    seat_of,
)

log = logging.getLogger(__name__)

#: How many times a change is tried against concurrent writers before giving up.
MAX_TRIES = 50
#: How long a table may sit unchanged before :meth:`TableStore.purge_idle` removes it.
IDLE_LIMIT = timedelta(hours=24)


# ------------------------------------------------------------------ the interface
class TableStore(SeatLeases, TeacherSeats, PlayAgain, ABC):
    """Where shared tables live.  Both backends give the same answers to the same calls.

    Build one with :func:`~incognito_nb.store.backends.open_store`.  Every method may raise
    :class:`StoreUnavailable` when the store cannot be reached or read.
    ``compact_every`` is how many versions the log may grow past the last snapshot
    before an action writes a new one (see :mod:`incognito_nb.store.records`).
    """

    #: True where calls are local and fast (a file), so they may run on a kernel's event loop.
    is_local: bool = True
    #: True where :meth:`watch` delivers changes as they happen.
    pushes_changes: bool = False
    #: Called as ``game_over(code, game, when)`` once a move of :meth:`act` ends the game at
    #: table ``code`` (``when``: the store's clock): :func:`~incognito_nb.store.backends.open_store`
    #: sets it so that a class's table adds its game to the class's record at once.
    game_over: Callable[[str, Game, float], None] | None = None

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time,
                 compact_every: int = COMPACT_EVERY) -> None:
        if isinstance(compact_every, bool) or not isinstance(compact_every, int) or compact_every < 1:
            raise ValueError(f"compact_every is a number of versions, at least 1, not {compact_every!r}")
        self.url = url
        self.compact_every = compact_every
        self._clock = clock
        self._games = GameCache()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.url}>"

    def now(self) -> float:
        """Returns the time on the store's clock, the table's: the drawing timer starts, pauses and is read by it."""
        return self._clock()

    def __enter__(self) -> "TableStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Lets go of connections and listener threads; the tables stay in the store."""

    # ------------------------------------------------------------ the lobby
    def create_table(self, deck: Deck, rules: Rules | None = None, *, seed: int | str | None = None,
                     language: str = "en", practice: Practice | None = None) -> TableKeys:
        """Creates an empty table dealing from ``deck`` with ``rules``; returns its code
        and teacher key.  The same lobby and seed always give the same deal.  ``language``
        is the interface language of the teacher's page, which the students' pages open in;
        ``practice`` (a class's due words) favours them in the deal (``engine/practice.py``).

        Tables idle for a day (:data:`IDLE_LIMIT`) are removed first, so a store
        in daily use cleans itself.

        :raises DeckError: if the deck cannot deal a game for even three players.
        :raises StoreError: if ``language`` is not a language code.
        """
        rules = rules if rules is not None else Rules()
        language = check_language_code(language)
        if not isinstance(deck, Deck):
            raise TypeError(f"deck must be a Deck, not {type(deck).__name__}")
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        deck.check_fits(players=MIN_PLAYERS, rounds=rules.rounds, lineup_size=rules.lineup_size)
        if seed is None:
            seed = secrets.token_hex(8)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")
        self.purge_idle()
        key, now = new_secret(), self._clock()
        for _ in range(100):
            record = TableRecord(
                code=new_code(), version=1, teacher=digest(key),
                deck={"name": deck.name, "language": deck.language,
                      "objects": list(deck.objects), "locations": list(deck.locations),
                      **({"practice": sorted(practice.due)} if practice is not None else {})},
                rules=rules.to_dict(),
                seed=str(seed), lobby=(), created_at=now, updated_at=now, language=language,
            )
            if self._insert(record):
                return TableKeys(record.code, key)
        raise StoreUnavailable(N_("No free table code was found after 100 tries; remove idle tables and try again."))

    def join(self, code: str, name: str) -> Seat:
        """Seats ``name`` at the table; returns the seat, whose token is the player's rejoin link.

        :raises UnknownTable: for a code no table has.
        :raises IllegalAction: for a blank or overlong name (``rule="player_names"``), a
            name already taken (``"player_names"``), a full table (``"player_count"``),
            or a game already started (``"started"``).
        """
        code = normalise_code(code)
        name = clean_name(name)

        def seat(state: TableState) -> Write:
            record = state.record
            if record.started:
                raise IllegalAction(
                    N_("The game at table {code} has already started, so no one can join it now. "
                       "If you were playing, open your rejoin link, or ask the teacher for a new one."),
                    rule="started", code=code,
                )
            for taken in record.names:
                if name_key(taken) == name_key(name):
                    raise IllegalAction(
                        N_("Someone called {name} has already joined table {code}; choose another "
                           "name, or add an initial. If that was you, open your rejoin link instead."),
                        rule="player_names", name=Quoted(taken), code=code,
                    )
                if same_name(taken, name):
                    raise IllegalAction(
                        N_("{name} looks just like {taken}, who has already joined table {code}: choose a "
                           "name the class can tell apart, or add an initial. If that was you, open your "
                           "rejoin link instead."),
                        rule="player_names", name=repr(name), taken=repr(taken), code=code,
                    )
            limit = min(MAX_PLAYERS, record.rules["lineup_size"])
            if len(record.lobby) >= limit:
                raise IllegalAction(
                    N_("Table {code} is full: {limit} players have joined. Ask the teacher which table to join."),
                    rule="player_count", code=code, limit=limit,
                )
            token = new_secret()
            return Write(lobby=record.lobby + ((name, digest(token)),), result=Seat(code, name, token))

        return self._swap(code, seat, after=NO_GAME)[1]

    def rejoin(self, code: str, token: str) -> Seat:
        """Returns the seat a rejoin link's token belongs to.

        :raises NotAllowed: if the token holds no seat at this table.
        """
        record = self._record(code)
        return Seat(record.code, seat_of(record, token), token)

    def check_teacher(self, code: str, teacher_key: str) -> None:
        """Checks that ``teacher_key`` is table ``code``'s teacher key, changing nothing
        (a page shows the teacher's buttons only then).

        :raises UnknownTable: for a code no table has.
        :raises NotAllowed: if the key is not the table's.
        """
        check_teacher_key(self._record(code), teacher_key)

    def set_language(self, code: str, teacher_key: str, language: str) -> int:
        """Makes ``language`` the table's interface language (the teacher chose another);
        returns the version.  Students' pages that did not choose their own follow it.

        :raises NotAllowed: without the teacher's key.
        :raises StoreError: if ``language`` is not a language code.
        """
        code = normalise_code(code)
        language = check_language_code(language)

        def choose(state: TableState) -> Write:
            check_teacher_key(state.record, teacher_key)
            return Write(language=language)

        return self._swap(code, choose, after=NO_GAME)[0]

    def start(self, code: str, teacher_key: str) -> int:
        """Deals the game to the lobby in seat order; returns the version.

        :raises NotAllowed: without the teacher's key.
        :raises IllegalAction: if the game has started (``rule="started"``), or for fewer
            than 3 players (the engine's ``"player_count"``).
        """
        code = normalise_code(code)

        def deal(state: TableState) -> Write:
            record = state.record
            check_teacher_key(record, teacher_key)
            if record.started:
                raise IllegalAction(N_("The game at table {code} has already started."), rule="started", code=code)
            game = Game.new(record.names, record.make_deck(), seed=record.seed, rules=record.make_rules(),
                            practice=record.make_practice())
            return Write(snapshot=game.to_json(), log_floor=record.version + 1)

        return self._swap(code, deal, after=NO_GAME)[0]

    # ------------------------------------------------------------ play
    def act(self, code: str, action: Action, *, teacher_key: str | None = None,
            seat_token: str | None = None) -> int:
        """Makes a move at the table; returns the new version.

        A player's move needs that player's ``seat_token``; ``advance`` needs the
        ``teacher_key``, but for the one that ends drawing or finding once every player
        is finished, which any seat may make (the rules refuse it before).  The move is
        applied exactly once, to the game as it stands, even when other kernels act at
        the same moment.  It costs the size of the move:
        the log gains one entry, and the game this kernel holds is brought up to date
        from the log entries it has not seen (every :attr:`compact_every` versions, the
        move also writes the whole game as a new snapshot).

        :raises NotAllowed: if the credential does not allow this move.
        :raises IllegalAction: if the game has not started (``rule="not_started"``) or
            the rules refuse the move; nothing is written.
        """
        code = normalise_code(code)
        if not isinstance(action, Action):
            raise IllegalAction(N_("act takes an Action, not {kind}."), rule="action", kind=type(action).__name__)

        def move(state: TableState) -> Write:
            record = state.record
            finishing = False  # a seat moving on from a phase everyone has finished
            if action.player is None:
                if teacher_key is not None:
                    check_teacher_key(record, teacher_key)
                elif seat_token is not None and action.kind == "advance" and not action.args.get("force"):
                    seat_of(record, seat_token)  # a seat of this table, whoever it is
                    finishing = True
                else:
                    raise NotAllowed(N_("Only the teacher can move the game on ({kind}) at table {code}."),
                                     kind=action.kind, code=code)
            else:
                if seat_token is None:
                    raise NotAllowed(
                        N_("{player}'s move needs {player}'s own seat: the teacher's key "
                           "moves the game on but does not play for a student."),
                        player=action.player,
                    )
                name = seat_of(record, seat_token)
                if name != action.player:
                    raise NotAllowed(N_("{name}'s seat cannot act for {player}."), name=name, player=action.player)
            if not record.started:
                raise IllegalAction(N_("The game at table {code} has not started yet."), rule="not_started", code=code)
            held = self._bring_up(state)
            if finishing and held.game.phase not in (Phase.HIDE, Phase.FIND):
                raise NotAllowed(N_("Only the teacher can move the game on ({kind}) at table {code}."),
                                 kind=action.kind, code=code)
            game = held.game.copy()  # the held game changes only once the move is written
            apply_action(game, action)  # a seat's advance: refused unless every player is finished
            version = record.version + 1
            moved = CachedGame(held.created_at, version, game, recent=list(held.recent), known_from=held.known_from)
            moved.record(version, action)
            if version - record.snapshot_version >= self.compact_every:
                return Write(action=action, snapshot=game.to_json(), log_floor=record.snapshot_version, result=moved)
            return Write(action=action, result=moved)

        version, moved = self._swap_game(code, move)
        self._games.keep(code, moved)
        if moved.game.phase is Phase.OVER and self.game_over is not None:  # a move at the game over is refused
            try:
                self.game_over(code, moved.game.copy(), self._clock())
            except Exception:  # noqa: BLE001 - the move stands; reading the class's record collects it later
                log.exception("the finished game of table %s did not join its class's record", code)
        return version

    # ------------------------------------------------------------ reading
    def read(self, code: str, since: int | None = None) -> TableSnapshot:
        """Returns the table as it stands.  Trusted: render only ``game.player_view(viewer)``.

        With ``since`` (the version a page shows), the snapshot's :attr:`~TableSnapshot.changes`
        lists the actions made after it, when this kernel still knows them: a page then
        redraws only what they touch.  Reading costs the log entries this kernel has not
        seen yet, not the whole game.
        """
        code = normalise_code(code)
        try:
            state = self._read_state(code, self._held_version(code))
            held = self._bring_up(state)
        except LookupError:  # read before another thread's move, or a store come back older: read it whole
            state = self._read_state(code, None)
            held = self._bring_up(state)
        record = state.record
        changes = held.changes_since(since) if held is not None and since is not None else None
        return TableSnapshot(
            code=record.code, version=record.version, players=record.names,
            game=held.game.copy() if held is not None else None,
            deck_name=record.deck["name"], deck_language=record.deck["language"],
            created_at=_datetime(record.created_at), updated_at=_datetime(record.updated_at),
            rules=record.make_rules(), changes=changes, language=record.language,
        )

    def language(self, code: str) -> str:
        """Returns the table's interface language (cheaply: the record only, not the game).

        :raises UnknownTable: if no live table has this code.
        """
        return self._record(code).language

    def version(self, code: str) -> int:
        """Returns the table's version, cheaply (one indexed read): poll it to learn of changes.

        :raises UnknownTable: if no live table has this code.
        """
        code = normalise_code(code)
        version = self._read_version(code)
        if version is None:
            raise unknown_table(code)
        return version

    def changed_since(self, code: str, version: int) -> bool:
        """Checks if the table has changed since ``version``."""
        return self.version(code) != version

    def actions(self, code: str) -> list[tuple[int, Action]]:
        """Returns the actions the log holds, oldest first, each with the version it made:
        every action since the snapshot before the last one (see :meth:`compact`)."""
        code = normalise_code(code)
        if self._read_version(code) is None:
            raise unknown_table(code)
        return [(version, entry_action(text)) for version, text, _ in self._read_log(code)]

    def replay(self, code: str) -> Game:
        """Returns the game rebuilt from the stored snapshot and the log entries after it,
        without this kernel's copy: for audits and tests.

        :raises IllegalAction: if the game has not started.
        """
        code = normalise_code(code)
        state = self._read_state(code, None)
        if not state.record.started:
            raise IllegalAction(N_("The game at table {code} has not started yet."), rule="not_started", code=code)
        try:
            game = Game.from_json(state.snapshot)
            for _, text in state.entries:
                apply_action(game, entry_action(text))
        except ValueError as error:
            raise self._damaged(code, error) from None
        return game

    def compact(self, code: str) -> int:
        """Writes the game as it stands as the table's snapshot; returns the version (a
        change of its own, which logs nothing).  The log then keeps the moves after the
        snapshot before this one, so that kernels a little behind still catch up from it.

        :raises IllegalAction: if the game has not started.
        """
        code = normalise_code(code)

        def fold(state: TableState) -> Write:
            record = state.record
            if not record.started:
                raise IllegalAction(N_("The game at table {code} has not started yet."), rule="not_started", code=code)
            held = self._bring_up(state)
            return Write(snapshot=held.game.to_json(), log_floor=record.snapshot_version)

        return self._swap_game(code, fold)[0]

    def purge_idle(self, older_than: timedelta = IDLE_LIMIT) -> int:
        """Removes the tables unchanged for ``older_than``, with their logs; returns how many."""
        return self._purge(self._clock() - older_than.total_seconds())

    def created_since(self, within: timedelta, limit: int = 64) -> list[str]:
        """Returns the codes of the tables created within the last ``within``, newest first, at
        most ``limit``: the tables whose students a classroom server sharing this store with
        others keeps kernels warm for, wherever the teacher created them."""
        return self._created_since(self._clock() - within.total_seconds(), limit)

    # ------------------------------------------------------------ durability
    def persistence(self) -> str:
        """Says, for a teacher, what this store keeps on disk and so what a crash would lose."""
        return str(self.durability())

    def durability(self) -> Message | str:
        """Returns :meth:`persistence` as a :class:`~incognito_nb.engine.errors.Message`, to be said
        in the teacher's language (a store that only has English returns its string)."""
        return Message(N_("Tables are kept in {url}, a file written before each move is taken: a crash loses "
                          "nothing."), url=str(self.url))

    # ------------------------------------------------------------ notification
    def watch(self, code: str, callback: Callable[[int], None]) -> None:
        """Calls ``callback(version)`` on every change of the table, from a listener
        thread (UI code must hop to its event loop: ``loop.call_soon_threadsafe``).

        Only stores that push changes (Redis) have it; elsewhere poll :meth:`version`,
        or use :func:`~incognito_nb.store.watch.watch_async` with any store.
        """
        raise StoreError(N_("{store} cannot push changes: poll version() or use watch_async()."),
                         store=type(self).__name__)

    def unwatch(self, code: str, callback: Callable[[int], None] | None = None) -> None:
        """Stops calling ``callback`` (every callback of the table when ``None``)."""

    # ------------------------------------------------------------ helpers
    def _record(self, code: str) -> TableRecord:
        code = normalise_code(code)
        state = self._read(code, NO_GAME)
        if state is None:
            raise unknown_table(code)
        return state.record

    def _read_state(self, code: str, after: int | None) -> TableState:
        state = self._read(code, after)
        if state is None:
            self._games.forget(code)
            raise unknown_table(code)
        return state

    def _held_version(self, code: str) -> int | None:
        return self._games.version(code)

    def _bring_up(self, state: TableState) -> CachedGame | None:
        """Returns the game at the state's version (see :meth:`GameCache.bring_up`).

        :raises LookupError: if this kernel let go of the game the state was read for.
        """
        try:
            return self._games.bring_up(state, state.after)
        except ValueError as error:
            raise self._damaged(state.record.code, error) from None

    def _swap_game(self, code: str, change: Change) -> tuple[int, Any]:
        """Runs a change that needs the game, from the version this kernel holds (the
        backend reads the game whole when the log does not continue it)."""
        return self._swap(code, change, after=self._held_version(code))

    @staticmethod
    def _damaged(code: str, error: Exception) -> StoreUnavailable:
        return StoreUnavailable(
            N_("The game stored for table {code} cannot be read ({error}). "
               "Nothing was changed; start a new table for this group."),
            code=code, error=detail(error),
        )

    # ------------------------------------------------------------ what a backend provides
    @abstractmethod
    def _insert(self, record: TableRecord) -> bool:
        """Stores a new table; returns False (writing nothing) if its code is taken."""

    @abstractmethod
    def _read(self, code: str, after: int | None | object) -> TableState | None:
        """Returns the table read at one instant, or None.  ``after`` says what else to
        read: :data:`NO_GAME` the record only; for a game in play, the snapshot and the
        log entries after it when :meth:`TableRecord.needs_snapshot` says so, else the log
        entries after version ``after``."""

    @abstractmethod
    def _swap(self, code: str, change: Change, *, after: int | None | object) -> tuple[int, Any]:
        """Applies ``change`` to the table read at one instant (as :meth:`_read` with
        ``after``) and writes what it returns, with the version one higher, only if the
        version has not moved meanwhile; returns the new version and the change's result.

        A write with a snapshot stores it at the new version with its ``log_floor`` and
        drops the log entries up to that floor.

        :raises UnknownTable: if there is no such table.
        """

    @abstractmethod
    def _read_version(self, code: str) -> int | None:
        """Returns the table's version, or None."""

    @abstractmethod
    def _read_log(self, code: str) -> list[tuple[int, str, float]]:
        """Returns the table's log: (version, action JSON, time), oldest first."""

    @abstractmethod
    def _purge(self, cutoff: float) -> int:
        """Removes tables last changed before ``cutoff``; returns how many."""

    @abstractmethod
    def _created_since(self, cutoff: float, limit: int) -> list[str]:
        """Returns the codes of at most ``limit`` tables created at ``cutoff`` or after, newest first."""


def _datetime(stamp: float) -> datetime:
    return datetime.fromtimestamp(stamp, tz=timezone.utc)
