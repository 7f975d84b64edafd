"""Classes and their records in the classroom's Redis server, beside its tables.

Keys, all under ``incognito:class``::

    incognito:classes              hash: class key (the name case-folded) -> entry (JSON: name,
                                   first names, retention)
    incognito:class:<key>:games    hash: game id -> record (JSON: GameRecord.to_dict())
    incognito:class:<key>:finished sorted set: game id scored by when it finished (Unix time),
                                   for the retention limit

They have no time to live: a class's record lasts until it is deleted (``class delete``)
or its retention limit removes it.  Deleting a class removes its field and both its keys,
and the keys of the tables made for it (see ``redis.py``), in transactions (MULTI/EXEC).
Deleting one student rewrites the class's field and the records of their games, and
deletes the keys of the tables that seat them, in one transaction.
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import Callable, Mapping

from .class_book import ClassBook
from .redis import INDEX as TABLES
from .redis import RedisTableStore
from .redis import _keys as table_keys
from .redis import _pages as table_pages

CLASSES = "incognito:classes"


def _games(key: str) -> str:
    return f"incognito:class:{key}:games"


def _finished(key: str) -> str:
    return f"incognito:class:{key}:finished"


def _stamp(finished: str) -> float:
    return datetime.fromisoformat(finished).timestamp()


class RedisClassBook(ClassBook):
    """The classes of a Redis store."""

    def __init__(self, store: RedisTableStore, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__(store, clock=clock)
        self.client = store._client

    def _write_class(self, key: str, text: str) -> None:
        with self.store._guard():
            self.client.hset(CLASSES, key, text)

    def _read_classes(self) -> dict[str, str]:
        with self.store._guard():
            return dict(self.client.hgetall(CLASSES))

    def _read_games(self, key: str) -> list[str]:
        with self.store._guard():
            return list(self.client.hvals(_games(key)))

    def _write_game(self, key: str, game_id: str, finished: str, text: str) -> bool:
        with self.store._guard():
            added = self.client.hsetnx(_games(key), game_id, text)
            if added:
                self.client.zadd(_finished(key), {game_id: _stamp(finished)})
        return bool(added)

    def _delete_games_before(self, key: str, finished: str) -> int:
        with self.store._guard():
            old = self.client.zrangebyscore(_finished(key), "-inf", f"({_stamp(finished)}")
            if not old:
                return 0
            pipe = self.client.pipeline(transaction=True)
            pipe.hdel(_games(key), *old)
            pipe.zrem(_finished(key), *old)
            pipe.execute()
        return len(old)

    def _delete_tables(self, codes: tuple[str, ...]) -> None:
        if not codes:
            return
        with self.store._guard():
            pipe = self.client.pipeline(transaction=True)
            for code in codes:
                pipe.delete(*table_keys(code), table_pages(code))
                pipe.zrem(TABLES, code)
            pipe.execute()

    def _delete(self, key: str) -> None:
        with self.store._guard():
            pipe = self.client.pipeline(transaction=True)
            pipe.delete(_games(key), _finished(key))
            pipe.hdel(CLASSES, key)
            pipe.execute()

    def _forget(self, key: str, entry: str, games: Mapping[str, str], codes: tuple[str, ...]) -> None:
        with self.store._guard():
            pipe = self.client.pipeline(transaction=True)
            pipe.hset(CLASSES, key, entry)
            if games:
                pipe.hset(_games(key), mapping=dict(games))
            for code in codes:
                pipe.delete(*table_keys(code), table_pages(code))
                pipe.zrem(TABLES, code)
            pipe.execute()
