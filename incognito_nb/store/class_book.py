"""A teacher's classes and their records, kept in the store the classroom's games use.

A class is a name ("3B Spanish") and its students' first names; its record is every
finished game it played (:class:`~incognito_nb.engine.class_record.GameRecord`).  Both
live beside the tables, in the same SQLite file or Redis server (``class_sqlite.py``,
``class_redis.py``; :func:`~incognito_nb.store.backends.open_class_book` opens the one a
URL names).  Nothing else about a student is kept: no surname, no account, no device.

A game played at a table made for the class (its seat cards' tables, or one made from the
classroom's new-table form) joins its record by itself, at once: the move that ends it calls
:meth:`ClassBook.add_table_game` (the store's ``game_over``, set by ``open_store``), and
:meth:`ClassBook.record` collects again every finished game of those tables still in the
store.  Both add a game once (its id is a digest of the game), so Play again, or a game
seen both ways, counts it once.

A class may have a retention limit (``keep_days``): its game records older than that are
deleted whenever the class book is opened (every ``incognito-nb class`` command, and the
classroom when a class's game ends), and :meth:`ClassBook.delete_class` removes the class
and every record of it at once.  :meth:`ClassBook.delete_student` removes one student's
first name, drawings, cards and points from the class's list and every record (a parent's
request), and the class's tables that seat them.

A class's practice schedule counts lessons, the days it met (``engine/schedule.py``): the
book says which day a game was played on and which day it is (:meth:`ClassBook.calendar`)
on the server's local calendar (:func:`local_day`), so the games of a lesson that runs past
midnight UTC are still one lesson.
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any, Callable, Mapping

from ..engine.class_record import ClassRecord, GameRecord, check_class_name, check_students
from ..engine.errors import N_, Quoted
from ..engine.game import Game
from ..engine.players import name_key
from ..engine.practice import Practice
from ..engine.rules import Phase
from ..engine.schedule import Calendar, practice_for
from .errors import StoreError, UnknownTable
from .table_store import TableStore


@dataclass(frozen=True)
class ClassEntry:
    """A class as the book lists it: its name, first names and retention limit (days, or ``None``)."""

    name: str
    students: tuple[str, ...]
    keep_days: int | None = None
    #: The tables made for the class, by join code: the first names each seats (their
    #: lobbies hold the names, so they are deleted with the class).
    tables: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


class UnknownClass(StoreError):
    """Raised for a class name the book does not hold."""


class UnknownStudent(StoreError):
    """Raised for a first name that neither a class's list nor its games nor its tables hold."""


class ErasureDelayed(StoreError):
    """Raised after a deletion that is done, when the store could not yet erase the deleted
    names from its files (SQLite's write-ahead log, while a page kept reading the store):
    the message says when they go and what to do.  ``student`` is the deleted student's
    first name as it was kept (``None`` after a class's deletion)."""

    student: str | None = None


def class_key(name: str) -> str:
    """Returns the form in which two class names are the same class ("3b spanish" is "3B Spanish")."""
    return name_key(check_class_name(name))


def finished_at(stamp: float) -> str:
    """Returns a time as a record's ``finished`` text (ISO 8601, UTC, to the microsecond, so
    that texts sort as their times do)."""
    return datetime.fromtimestamp(stamp, tz=timezone.utc).isoformat(timespec="microseconds")


def local_day(finished: str) -> date:
    """Returns the server's local calendar day of a record's ``finished`` time (ISO 8601):
    the day of the lesson it was played in."""
    return datetime.fromisoformat(finished).astimezone().date()


class ClassBook(ABC):
    """The classes of one store and their records; each backend keeps them its own way."""

    def __init__(self, store: TableStore, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def __enter__(self) -> "ClassBook":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Closes the store the book is kept in."""
        self.store.close()

    # ------------------------------------------------------------ classes
    def add_class(self, name: str, students: Any, *, keep_days: int | None = None) -> ClassEntry:
        """Adds a class, or gives an existing one (the same name) these students and limit.

        :raises Explained: for a blank or long name, or no students.
        :raises IllegalAction: for a blank, long or look-alike first name.
        """
        try:
            tables = self.entry(name).tables
        except UnknownClass:
            tables = {}
        entry = ClassEntry(check_class_name(name), check_students(students), _days(keep_days), tables)
        self._save(entry)
        return entry

    def _save(self, entry: ClassEntry) -> None:
        self._write_class(class_key(entry.name), _text(entry))

    def add_tables(self, name: str, tables: Mapping[str, Any]) -> None:
        """Notes tables made for the class, by code, with the first names each seats (their
        lobbies will hold them): students tap their name at the join door, and the tables
        are deleted with the class.

        :raises UnknownClass: if there is no such class.
        """
        entry = self.entry(name)
        self._save(ClassEntry(entry.name, entry.students, entry.keep_days,
                              {**entry.tables, **{code: tuple(names) for code, names in tables.items()}}))

    def names_at(self, code: str) -> tuple[str, ...] | None:
        """Returns the first names a table made for a class seats, or None for any other table."""
        for text in self._read_classes().values():
            names = _entry(text).tables.get(code)
            if names is not None:
                return names
        return None

    def class_of(self, code: str) -> str | None:
        """Returns the name of the class table ``code`` was made for, or None for any other table."""
        for text in self._read_classes().values():
            entry = _entry(text)
            if code in entry.tables:
                return entry.name
        return None

    def classes(self) -> list[ClassEntry]:
        """Returns every class, alphabetically."""
        entries = [_entry(text) for text in self._read_classes().values()]
        return sorted(entries, key=lambda e: e.name.casefold())

    def entry(self, name: str) -> ClassEntry:
        """Returns the class called ``name``.

        :raises UnknownClass: if there is none.
        """
        text = self._read_classes().get(class_key(name))
        if text is None:
            raise UnknownClass(N_("There is no class called {name}; `incognito-nb class list` lists them."),
                               name=Quoted(name))
        return _entry(text)

    def record(self, name: str) -> ClassRecord:
        """Returns the class and its games, oldest first, after adding the finished games of
        the tables made for it (:meth:`collect_tables`) and applying its retention limit.

        :raises UnknownClass: if there is no such class.
        """
        entry = self.entry(name)
        self.collect_tables(entry.name)
        self.apply_retention()
        games = sorted((GameRecord.from_dict(json.loads(t)) for t in self._read_games(class_key(entry.name))),
                       key=lambda g: (g.finished, g.game_id))
        return ClassRecord(entry.name, entry.students, tuple(games))

    def calendar(self) -> Calendar:
        """Returns what makes a class's games lessons: the server's local day of each game
        (:func:`local_day`), and today's, by the book's clock."""
        return Calendar(local_day, local_day(finished_at(self.clock())))

    def practice(self, name: str) -> Practice:
        """Returns the practice deal of the class's next table, dealt now: its due words,
        from its record (:meth:`record`, so the finished games of its tables count).  A
        table dealt on a day the class already played belongs to that day's lesson.

        :raises UnknownClass: if there is no such class.
        """
        return practice_for(self.record(name).games, self.calendar())

    def add_game(self, name: str, game: GameRecord) -> bool:
        """Adds a finished game to the class's record; returns False if it was there already.

        :raises UnknownClass: if there is no such class.
        """
        entry = self.entry(name)
        return self._write_game(class_key(entry.name), game.game_id, game.finished, json.dumps(game.to_dict()))

    def collect_tables(self, name: str) -> int:
        """Adds to the class's record every finished game of the tables made for it that is not
        there yet; returns how many were added (a table already removed is passed over).

        :raises UnknownClass: if there is no such class.
        """
        entry, added = self.entry(name), 0
        for code in entry.tables:
            try:
                table = self.store.read(code)
            except UnknownTable:
                continue
            if table.game is not None and table.game.phase is Phase.OVER:
                record = GameRecord.from_game(table.game, finished=finished_at(table.updated_at.timestamp()))
                added += self.add_game(entry.name, record)
        return added

    def add_table_game(self, code: str, game: Game, finished: str) -> bool:
        """Adds the game just finished at table ``code`` to the record of the class it was made
        for (none: nothing), then applies the retention limits; returns whether it was added."""
        for text in self._read_classes().values():
            entry = _entry(text)
            if code in entry.tables:
                added = self.add_game(entry.name, GameRecord.from_game(game, finished=finished))
                self.apply_retention()
                return added
        return False

    def delete_class(self, name: str) -> None:
        """Deletes the class, its first names, every record of its games and the tables made for it.

        :raises UnknownClass: if there is no such class.
        :raises ErasureDelayed: after the deletion, if the names stay in the store's log for now.
        """
        entry = self.entry(name)
        self._delete_tables(tuple(entry.tables))
        self._delete(class_key(entry.name))

    def students_of(self, name: str) -> list[str]:
        """Returns every first name the class holds: its list's in their order, then any
        other player of its games or its tables (say, one since taken off the list),
        alphabetically.

        :raises UnknownClass: if there is no such class.
        """
        return _everyone(self.entry(name), self.record(name))

    def delete_student(self, name: str, student: str) -> str:
        """Deletes one student's data from the class, in one step: their first name from its
        list, and from every record of its games their drawings, their cards on the others'
        drawings and their points (:meth:`GameRecord.without`: the words dealt and the
        others' finds stay), and the tables made for the class that seat them (their
        finished games are collected first).  Returns the name as it was kept.

        :raises UnknownClass: if there is no such class.
        :raises UnknownStudent: if the class holds no such first name.
        :raises StoreError: if they are the only name on the class's list (delete the class instead).
        :raises ErasureDelayed: after the deletion, if the name stays in the store's log for now.
        """
        entry, record = self.entry(name), self.record(name)  # record(): the tables' games collected
        key = name_key(student)
        found = next((s for s in _everyone(entry, record) if name_key(s) == key), None)
        if found is None:
            raise UnknownStudent(N_("The class {name} has no student called {student}; its report lists its "
                                    "students."), name=entry.name, student=Quoted(student))
        students = tuple(s for s in entry.students if name_key(s) != key)
        if not students:
            raise StoreError(N_("{student} is the only student of the class {name}: delete the class instead."),
                             student=found, name=entry.name)
        seating = tuple(code for code, names in entry.tables.items() if any(name_key(n) == key for n in names))
        kept = ClassEntry(entry.name, students, entry.keep_days,
                          {code: names for code, names in entry.tables.items() if code not in seating})
        games = {game.game_id: json.dumps(game.without(found).to_dict()) for game in record.games
                 if any(name_key(p) == key for p in game.players)}
        try:
            self._forget(class_key(entry.name), _text(kept), games, seating)
        except ErasureDelayed as delayed:
            delayed.student = found
            raise
        return found

    def apply_retention(self) -> int:
        """Deletes every game record older than its class's limit; returns how many went."""
        removed = 0
        now = self.clock()
        for key, text in self._read_classes().items():
            days = _entry(text).keep_days
            if days is not None:
                removed += self._delete_games_before(key, finished_at(now - days * 86400))
        return removed

    # ------------------------------------------------------------ the backend's part
    @abstractmethod
    def _write_class(self, key: str, text: str) -> None:
        """Writes a class's entry (JSON) under its key."""

    @abstractmethod
    def _read_classes(self) -> dict[str, str]:
        """Returns every class's entry (JSON), by key."""

    @abstractmethod
    def _read_games(self, key: str) -> list[str]:
        """Returns the class's game records (JSON)."""

    @abstractmethod
    def _write_game(self, key: str, game_id: str, finished: str, text: str) -> bool:
        """Adds a game record unless one with this id is there; returns whether it was added."""

    @abstractmethod
    def _delete_games_before(self, key: str, finished: str) -> int:
        """Deletes the class's game records that finished before ``finished``; returns how many."""

    @abstractmethod
    def _delete(self, key: str) -> None:
        """Deletes the class's entry and all its game records."""

    @abstractmethod
    def _delete_tables(self, codes: tuple[str, ...]) -> None:
        """Deletes these tables, their games, logs and seat leases."""

    @abstractmethod
    def _forget(self, key: str, entry: str, games: Mapping[str, str], codes: tuple[str, ...]) -> None:
        """Rewrites the class's entry and these game records (by id) and deletes these tables,
        in one step, leaving no copy of what was overwritten."""


def _everyone(entry: ClassEntry, record: ClassRecord) -> list[str]:
    listed = {name_key(s) for s in entry.students}
    played = [*(p for game in record.games for p in game.players), *(n for t in entry.tables.values() for n in t)]
    others = {name_key(p): p for p in played if name_key(p) not in listed}
    return [*entry.students, *sorted(others.values(), key=str.casefold)]


def _text(entry: ClassEntry) -> str:
    return json.dumps({"name": entry.name, "students": list(entry.students), "keep_days": entry.keep_days,
                       "tables": {code: list(names) for code, names in entry.tables.items()}})


def _entry(text: str) -> ClassEntry:
    data = json.loads(text)
    tables = {code: tuple(names) for code, names in data.get("tables", {}).items()}
    return ClassEntry(data["name"], tuple(data["students"]), data.get("keep_days"), tables)


def _days(value: int | None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise StoreError(N_("A retention limit is a number of days, at least 1, not {value}."), value=repr(value))
    return value
