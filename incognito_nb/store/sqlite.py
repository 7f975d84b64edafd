"""Tables in a SQLite file: the classroom store on one machine, with nothing to install.

Every kernel is its own process, and a sqlite3 connection cannot cross processes, so
each process (and each thread in it) opens its own connection.  The file runs in WAL
mode, where readers never wait for the writer: a kernel polling :meth:`version` costs
one primary-key read.  Every change is one ``BEGIN IMMEDIATE`` transaction: it takes
the write lock, reads the table, lets the engine decide, writes the new record only if
its version is still the one read, and appends the log entry, all or nothing.  Writers
queue on the lock (``busy_timeout``), so concurrent kernels never conflict.

A game's snapshot lives in a table of its own: SQLite rewrites a whole row on every
update, so a snapshot kept beside the version would be copied again by every move.

A file that is not a SQLite database, another program's database, one from a newer
incognito_nb, or a damaged one is refused with :class:`StoreUnavailable`: the file is
never written over or recreated, so nothing committed in it is lost.  A file written by
an older incognito_nb (layout 1, where each table kept its whole game; layout 2, without
the table's interface language) is brought to the current layout when it is opened, its
games kept.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from ..engine.errors import N_, Message
from .errors import StoreError, StoreUnavailable, too_busy, unknown_table
from .records import COMPACT_EVERY, NO_GAME, Change, TableRecord, TableState, entry_json, lobby_from_json, lobby_json
from .table_store import MAX_TRIES, TableStore

#: The layout of the file; a file with a higher number was written by a newer incognito_nb.
SCHEMA_VERSION = 3
#: How long a writer waits for another kernel's transaction before giving up, in seconds.
BUSY_TIMEOUT = 10.0
#: The write-ahead log is folded into the file every this many pages, and cut back to
#: :data:`WAL_LIMIT` bytes after that, so that it stays small beside the tables.
WAL_CHECKPOINT_PAGES = 200
WAL_LIMIT = 1 << 20
_HEADER = b"SQLite format 3\x00"
_TABLES = """CREATE TABLE tables (
        code TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        teacher TEXT NOT NULL,      -- SHA-256 of the teacher key
        deck TEXT NOT NULL,         -- JSON: name, language, objects, locations
        rules TEXT NOT NULL,        -- JSON: Rules fields
        seed TEXT NOT NULL,
        lobby TEXT NOT NULL,        -- JSON: [[name, SHA-256 of the seat token], ...] in seat order
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        language TEXT NOT NULL DEFAULT 'en'  -- the interface language the teacher chose
    )"""
_SNAPSHOTS = """CREATE TABLE snapshots (
        code TEXT PRIMARY KEY,
        version INTEGER NOT NULL,   -- the table's version this game is at
        log_floor INTEGER NOT NULL, -- the log holds every action after this version
        game TEXT NOT NULL          -- Game.to_json()
    )"""
_ACTIONS = """CREATE TABLE actions (
        code TEXT NOT NULL,
        version INTEGER NOT NULL,   -- the table's version this action made
        action TEXT NOT NULL,       -- JSON: Action.to_dict()
        at REAL NOT NULL,
        PRIMARY KEY (code, version)
    )"""
#: Each seat's lease (its one live page, see :mod:`incognito_nb.store.leases`): added to
#: files of layout 3 when they are opened, which older releases read as before.
_LEASES = """CREATE TABLE IF NOT EXISTS leases (
        code TEXT NOT NULL,
        seat TEXT NOT NULL,         -- the player's name
        lease TEXT NOT NULL,        -- the newest page's random id
        PRIMARY KEY (code, seat)
    )"""
_SCHEMA = (
    "CREATE TABLE schema_version (version INTEGER NOT NULL)",
    _TABLES,
    "CREATE INDEX tables_by_update ON tables (updated_at)",
    _SNAPSHOTS,
    _ACTIONS,
)
#: From layout 1 (the whole game in each table's row, every action logged since the deal).
_FROM_LAYOUT_1 = (
    _SNAPSHOTS,
    "INSERT INTO snapshots (code, version, log_floor, game) "
    "SELECT code, version, version, game FROM tables WHERE game IS NOT NULL",
    _TABLES.replace("CREATE TABLE tables", "CREATE TABLE tables_2"),
    "INSERT INTO tables_2 (code, version, teacher, deck, rules, seed, lobby, created_at, updated_at) "
    "SELECT code, version, teacher, deck, rules, seed, lobby, created_at, updated_at FROM tables",
    "DROP TABLE tables",
    "ALTER TABLE tables_2 RENAME TO tables",
    "CREATE INDEX tables_by_update ON tables (updated_at)",
    "DROP TABLE actions",  # every entry lies before the snapshot just taken
    _ACTIONS,
    "UPDATE schema_version SET version = 3",  # the new tables table has layout 3's language column
)
#: From layout 2 (no interface language kept with a table): every table speaks English.
_FROM_LAYOUT_2 = (
    "ALTER TABLE tables ADD COLUMN language TEXT NOT NULL DEFAULT 'en'",
    "UPDATE schema_version SET version = 3",
)
_COLUMNS = "t.code, t.version, t.teacher, t.deck, t.rules, t.seed, t.lobby, t.created_at, t.updated_at, " \
           "s.version, s.log_floor, t.language"


class SqliteTableStore(TableStore):
    """Shared tables in one SQLite file; safe for many kernels on one machine."""

    is_local = True
    pushes_changes = False

    def __init__(self, path: str | os.PathLike, *, clock: Callable[[], float] = time.time,
                 busy_timeout: float = BUSY_TIMEOUT, compact_every: int = COMPACT_EVERY) -> None:
        self.path = Path(path)
        super().__init__(str(self.path), clock=clock, compact_every=compact_every)
        self._busy_timeout = busy_timeout
        self._local = threading.local()
        self._opened: list[tuple[int, sqlite3.Connection]] = []
        self._opened_lock = threading.Lock()
        self._check_file()
        with self._guard():
            self._prepare(self._connection())

    # ------------------------------------------------------------ opening
    def _check_file(self) -> None:
        if self.path.is_dir():
            raise StoreError(N_("The game store {path} is a folder; give a file name, like {example}."),
                             path=str(self.path), example=str(self.path / "classroom.sqlite"))
        try:
            if self.path.exists() and self.path.stat().st_size > 0:
                with open(self.path, "rb") as file:
                    header = file.read(len(_HEADER))
                if header != _HEADER:
                    raise StoreUnavailable(
                        N_("The game store {path} is not a SQLite database, so nothing was changed in "
                           "it. Check the --store path, or give the classroom a new file (--store classroom.sqlite)."),
                        path=str(self.path),
                    )
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreUnavailable(N_("The game store {path} cannot be opened: {reason}; nothing was changed in it."),
                                   path=str(self.path), reason=str(error.strerror or error)) from None

    def _prepare(self, conn: sqlite3.Connection) -> None:
        """Checks the file is an incognito_nb store (creating the schema in an empty one)."""
        conn.execute("BEGIN IMMEDIATE")  # two kernels opening a new file create the schema once
        try:
            names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not names:
                for statement in _SCHEMA:
                    conn.execute(statement)
                conn.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            elif "schema_version" not in names or not {"tables", "actions"} <= names:
                raise StoreUnavailable(
                    N_("{path} is a SQLite database, but not an incognito_nb game store; nothing "
                       "was changed in it. Give the classroom another file name (--store classroom.sqlite)."),
                    path=str(self.path),
                )
            else:
                found = conn.execute("SELECT max(version) FROM schema_version").fetchone()[0]
                if found == 1:
                    for statement in _FROM_LAYOUT_1:
                        conn.execute(statement)
                    found = SCHEMA_VERSION
                if found == 2:
                    for statement in _FROM_LAYOUT_2:
                        conn.execute(statement)
                    found = SCHEMA_VERSION
                if found != SCHEMA_VERSION:
                    raise StoreUnavailable(
                        N_("The game store {path} has layout version {found}; this incognito_nb "
                           "reads version {version}, so nothing was changed in it. Use the "
                           "incognito_nb that wrote it, or a new store file."),
                        path=str(self.path), found=str(found), version=str(SCHEMA_VERSION),
                    )
            conn.execute(_LEASES)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        # WAL is a property of the file, kept once set; readers then never wait for the writer.
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreUnavailable(N_("The game store {path} cannot use WAL mode (it reports {mode}); "
                                      "put it on a local disk, not a network share."),
                                   path=str(self.path), mode=repr(mode))

    def _connection(self) -> sqlite3.Connection:
        """Returns this thread's connection, opening one (again after a fork)."""
        conn = getattr(self._local, "conn", None)
        if conn is not None and self._local.pid == os.getpid():
            return conn
        conn = sqlite3.connect(self.path, timeout=self._busy_timeout, isolation_level=None,
                               check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout * 1000)}")
        conn.execute("PRAGMA synchronous = FULL")  # a committed action survives a power cut too
        # Deleted and rewritten rows are overwritten, not left in free pages: a table removed
        # idle, or a student deleted, leaves no name or drawing in the file (SQLite's own
        # default is off; Debian's build turns it on, so the figures measured here hold).
        conn.execute("PRAGMA secure_delete = ON")
        conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
        conn.execute(f"PRAGMA journal_size_limit = {WAL_LIMIT}")
        self._local.conn, self._local.pid = conn, os.getpid()
        with self._opened_lock:
            self._opened.append((os.getpid(), conn))
        return conn

    def close(self) -> None:
        with self._opened_lock:
            opened, self._opened = self._opened, []
        for pid, conn in opened:
            if pid == os.getpid():  # a connection inherited through fork is the parent's to close
                conn.close()
        self._local = threading.local()

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turns sqlite3's errors into messages a teacher can act on."""
        try:
            yield
        except sqlite3.OperationalError as error:
            if _is_busy(error):
                raise StoreUnavailable(
                    N_("The game store {path} stayed busy for {seconds} s; try again. "
                       "(Another program may hold it open: close it.)"),
                    path=str(self.path), seconds=round(self._busy_timeout),
                ) from None
            raise StoreUnavailable(N_("The game store {path} cannot be used: {error}."),
                                   path=str(self.path), error=str(error)) from None
        except sqlite3.DatabaseError as error:  # not a database, or a damaged one
            raise StoreUnavailable(self._damaged(str(error))) from None

    def _damaged(self, problem: str) -> Message:
        return Message(
            N_("The game store {path} cannot be read: {problem}; nothing was changed in it. "
               "Keep a copy of the file, and start the classroom with a new store file "
               "(--store another.sqlite); `sqlite3 {file} .recover` may rescue its tables."),
            path=str(self.path), problem=problem, file=self.path.name,
        )

    # ------------------------------------------------------------ the backend's part
    def _insert(self, record: TableRecord) -> bool:
        with self._guard():
            try:
                self._connection().execute(
                    "INSERT INTO tables (code, version, teacher, deck, rules, seed, lobby, created_at, updated_at, "
                    "language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (record.code, record.version, record.teacher, json.dumps(record.deck),
                     json.dumps(record.rules), record.seed, lobby_json(record.lobby),
                     record.created_at, record.updated_at, record.language),
                )
            except sqlite3.IntegrityError:
                return False
        return True

    def _read(self, code: str, after: Any) -> TableState | None:
        with self._guard():
            conn = self._connection()
            if after is NO_GAME:
                return _state(conn, code, after)
            conn.execute("BEGIN")  # the record, snapshot and log read at one instant
            try:
                return _state(conn, code, after)
            finally:
                conn.execute("COMMIT")

    def _swap(self, code: str, change: Change, *, after: Any) -> tuple[int, Any]:
        with self._guard():
            conn = self._connection()
            for attempt in range(MAX_TRIES):
                _begin(conn)
                try:
                    state = _state(conn, code, after)
                    if state is None:
                        raise unknown_table(code)
                    record = state.record
                    try:
                        write = change(state)
                    except LookupError:  # this kernel's game is not one the log continues: read it whole
                        conn.execute("ROLLBACK")
                        after = None
                        continue
                    version, now = record.version + 1, self._clock()
                    lobby = record.lobby if write.lobby is None else write.lobby
                    language = record.language if write.language is None else write.language
                    if write.lobby is None and write.language is None:
                        cursor = conn.execute(
                            "UPDATE tables SET version = ?, updated_at = ? WHERE code = ? AND version = ?",
                            (version, now, code, record.version))
                    else:
                        cursor = conn.execute(
                            "UPDATE tables SET version = ?, lobby = ?, language = ?, updated_at = ? "
                            "WHERE code = ? AND version = ?",
                            (version, lobby_json(lobby), language, now, code, record.version))
                    if cursor.rowcount != 1:  # cannot happen under the write lock; kept as the guard
                        conn.execute("ROLLBACK")
                        time.sleep(random.uniform(0, 0.002 * (attempt + 1)))
                        continue
                    if write.deck is not None or write.seed is not None:  # a new game (play again)
                        conn.execute("UPDATE tables SET deck = ?, seed = ? WHERE code = ?",
                                     (json.dumps(record.deck if write.deck is None else write.deck),
                                      record.seed if write.seed is None else write.seed, code))
                    if write.action is not None:
                        conn.execute("INSERT INTO actions (code, version, action, at) VALUES (?, ?, ?, ?)",
                                     (code, version, entry_json(write.action), now))
                    if write.snapshot is not None:
                        conn.execute("INSERT OR REPLACE INTO snapshots (code, version, log_floor, game) "
                                     "VALUES (?, ?, ?, ?)", (code, version, write.log_floor, write.snapshot))
                        conn.execute("DELETE FROM actions WHERE code = ? AND version <= ?", (code, write.log_floor))
                    conn.execute("COMMIT")
                    return version, write.result
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
        raise too_busy(code, MAX_TRIES)

    def _read_version(self, code: str) -> int | None:
        with self._guard():
            row = self._connection().execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()
        return None if row is None else row[0]

    def _created_since(self, cutoff: float, limit: int) -> list[str]:
        with self._guard():
            return [row[0] for row in self._connection().execute(
                "SELECT code FROM tables WHERE created_at >= ? ORDER BY created_at DESC LIMIT ?", (cutoff, limit))]

    def _read_log(self, code: str) -> list[tuple[int, str, float]]:
        with self._guard():
            return list(self._connection().execute(
                "SELECT version, action, at FROM actions WHERE code = ? ORDER BY version", (code,)))

    def _write_lease(self, code: str, name: str, lease: str) -> bool:
        with self._guard():
            conn = self._connection()
            _begin(conn)
            try:
                if conn.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is None:
                    conn.execute("ROLLBACK")
                    return False
                conn.execute("INSERT OR REPLACE INTO leases (code, seat, lease) VALUES (?, ?, ?)", (code, name, lease))
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        return True

    def _read_lease(self, code: str, name: str) -> str | None:
        with self._guard():
            row = self._connection().execute("SELECT lease FROM leases WHERE code = ? AND seat = ?",
                                             (code, name)).fetchone()
        return None if row is None else row[0]

    def _purge(self, cutoff: float) -> int:
        with self._guard():
            conn = self._connection()
            _begin(conn)
            try:
                for table in ("actions", "snapshots", "leases"):
                    conn.execute(f"DELETE FROM {table} WHERE code IN "
                                 "(SELECT code FROM tables WHERE updated_at < ?)", (cutoff,))
                removed = conn.execute("DELETE FROM tables WHERE updated_at < ?", (cutoff,)).rowcount
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        return removed


def _begin(conn: sqlite3.Connection) -> None:
    """Takes the write lock, waiting (busy_timeout) for another kernel's transaction, three times."""
    for attempt in range(3):
        try:
            conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as error:
            if not _is_busy(error) or attempt == 2:
                raise


def _is_busy(error: sqlite3.OperationalError) -> bool:
    text = str(error).lower()
    return "locked" in text or "busy" in text


def _state(conn: sqlite3.Connection, code: str, after: Any) -> TableState | None:
    """Reads the table as :meth:`TableStore._read` says, on ``conn`` (inside a transaction
    when it reads more than the record)."""
    row = conn.execute(f"SELECT {_COLUMNS} FROM tables t LEFT JOIN snapshots s ON s.code = t.code "
                       "WHERE t.code = ?", (code,)).fetchone()
    if row is None:
        return None
    code, version, teacher, deck, rules, seed, lobby, created_at, updated_at, snapshot_version, log_floor, language = row
    record = TableRecord(code=code, version=version, teacher=teacher, deck=json.loads(deck),
                         rules=json.loads(rules), seed=seed,
                         lobby=lobby_from_json(lobby),
                         created_at=created_at, updated_at=updated_at,
                         snapshot_version=snapshot_version, log_floor=log_floor, language=language)
    if after is NO_GAME or not record.started:
        return TableState(record, after=after)
    snapshot = None
    since = after
    if record.needs_snapshot(after):
        snapshot = conn.execute("SELECT game FROM snapshots WHERE code = ?", (code,)).fetchone()[0]
        since = snapshot_version
    entries = tuple(conn.execute("SELECT version, action FROM actions WHERE code = ? AND version > ? "
                                 "ORDER BY version", (code, since)))
    return TableState(record, after=after, snapshot=snapshot, entries=entries)
