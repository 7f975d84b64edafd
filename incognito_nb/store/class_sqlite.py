"""Classes and their records in the classroom's SQLite file, beside its tables.

Two tables, created in a file the first time a class book opens it (a file without them
is read by older releases as before)::

    classes       key (the class name case-folded), entry (JSON: name, first names, retention)
    class_games   key, game_id, finished (ISO 8601 UTC), record (JSON: GameRecord.to_dict())

Deleting a class deletes its rows from both, and the rows of the tables made for it
(``tables``, ``snapshots``, ``actions``, ``leases``: see ``sqlite.py``), with SQLite's
``secure_delete`` on, so that the deleted bytes are overwritten, not left in free pages.
Deleting one student rewrites the class's entry and the records of their games the same
way, and deletes the rows of the tables that seat them.

Both end with a checkpoint that empties the write-ahead log, where the rows written before
stay otherwise.  A page's kernel reading the store at that moment holds the log: the
checkpoint waits for it a moment (:data:`CHECKPOINT_WAIT_MS`) and is tried again, for
:data:`ERASE_PATIENCE` seconds, before the deletion says that the names stay in the
log until no page has the store open (:class:`~.class_book.ErasureDelayed`).
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Callable, Iterator, Mapping
import sqlite3

from ..engine.errors import N_
from .class_book import ClassBook, ErasureDelayed
from .sqlite import SqliteTableStore

#: Seconds a deletion keeps trying to empty the write-ahead log while pages read the store
#: (a page's read takes milliseconds).
ERASE_PATIENCE = 15.0
#: How long one try of that checkpoint waits for the readers, holding back the writers.
CHECKPOINT_WAIT_MS = 100

_CLASSES = """CREATE TABLE IF NOT EXISTS classes (
        key TEXT PRIMARY KEY,
        entry TEXT NOT NULL
    )"""
_GAMES = """CREATE TABLE IF NOT EXISTS class_games (
        key TEXT NOT NULL,
        game_id TEXT NOT NULL,
        finished TEXT NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (key, game_id)
    )"""


class SqliteClassBook(ClassBook):
    """The classes of a SQLite store."""

    def __init__(self, store: SqliteTableStore, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__(store, clock=clock)
        with self.store._guard():
            present = {row[0] for row in self.store._connection().execute(
                "SELECT name FROM sqlite_master WHERE name IN ('classes', 'class_games')")}
        if len(present) < 2:  # a join door asks on every page: no write lock unless the tables are missing
            with self._transaction() as conn:
                conn.execute(_CLASSES)
                conn.execute(_GAMES)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """Runs one ``BEGIN IMMEDIATE`` transaction on the store's connection, its errors
        said as the store says them."""
        with self.store._guard():
            conn = self.store._connection()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def _write_class(self, key: str, text: str) -> None:
        with self._transaction() as conn:
            conn.execute("INSERT INTO classes (key, entry) VALUES (?, ?) "
                         "ON CONFLICT (key) DO UPDATE SET entry = excluded.entry", (key, text))

    def _read_classes(self) -> dict[str, str]:
        with self._transaction() as conn:
            return dict(conn.execute("SELECT key, entry FROM classes").fetchall())

    def _read_games(self, key: str) -> list[str]:
        with self._transaction() as conn:
            return [row[0] for row in conn.execute("SELECT record FROM class_games WHERE key = ?", (key,))]

    def _write_game(self, key: str, game_id: str, finished: str, text: str) -> bool:
        with self._transaction() as conn:
            cursor = conn.execute("INSERT OR IGNORE INTO class_games (key, game_id, finished, record) "
                                  "VALUES (?, ?, ?, ?)", (key, game_id, finished, text))
            return cursor.rowcount == 1

    def _delete_games_before(self, key: str, finished: str) -> int:
        with self._transaction() as conn:
            return conn.execute("DELETE FROM class_games WHERE key = ? AND finished < ?", (key, finished)).rowcount

    def _delete_tables(self, codes: tuple[str, ...]) -> None:
        with self._transaction() as conn:
            for code in codes:
                for table in ("actions", "snapshots", "leases", "tables"):
                    conn.execute(f"DELETE FROM {table} WHERE code = ?", (code,))

    @contextmanager
    def _secure_transaction(self) -> Iterator[sqlite3.Connection]:
        """Runs one transaction after which no copy of what it deleted or overwrote stays in
        the file: ``secure_delete`` overwrites the freed bytes, and the checkpoint empties
        the write-ahead log, so no first name stays in the file's free pages.

        :raises ErasureDelayed: after the transaction, if pages kept the log busy throughout.
        """
        with self.store._guard():
            self.store._connection().execute("PRAGMA secure_delete = ON")
        with self._transaction() as conn:
            yield conn
        if not self._empty_log():
            raise ErasureDelayed(N_(
                "A page was reading the classroom's store the whole time, so the deleted names stay in its "
                "log file {path} for now. They are erased when no page has the store open: stop the "
                "classroom server, then run `incognito-nb class list`."), path=f"{self.store.path}-wal")

    def _empty_log(self) -> bool:
        """Checkpoints the write-ahead log and truncates it, trying again while readers hold it;
        returns whether the log is empty.  A waiting checkpoint holds the store's writer lock
        (SQLite blocks new writers while a FULL, RESTART or TRUNCATE one is pending), so each
        try waits :data:`CHECKPOINT_WAIT_MS` only, not the store's ``busy_timeout``: the
        students' strokes keep being written between the tries."""
        deadline = time.monotonic() + ERASE_PATIENCE
        while True:
            with self.store._guard():
                conn = self.store._connection()
                (waited,) = conn.execute("PRAGMA busy_timeout").fetchone()
                conn.execute(f"PRAGMA busy_timeout = {CHECKPOINT_WAIT_MS}")
                try:
                    busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
                finally:
                    conn.execute(f"PRAGMA busy_timeout = {int(waited)}")
            if not busy:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.2)  # the writers' turn

    def _delete(self, key: str) -> None:
        with self._secure_transaction() as conn:
            conn.execute("DELETE FROM class_games WHERE key = ?", (key,))
            conn.execute("DELETE FROM classes WHERE key = ?", (key,))

    def _forget(self, key: str, entry: str, games: Mapping[str, str], codes: tuple[str, ...]) -> None:
        with self._secure_transaction() as conn:
            conn.execute("UPDATE classes SET entry = ? WHERE key = ?", (entry, key))
            for game_id, text in games.items():
                conn.execute("UPDATE class_games SET record = ? WHERE key = ? AND game_id = ?", (text, key, game_id))
            for code in codes:
                for table in ("actions", "snapshots", "leases", "tables"):
                    conn.execute(f"DELETE FROM {table} WHERE code = ?", (code,))
