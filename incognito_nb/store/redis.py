"""Tables in Redis: the classroom store for more than one server process or machine.

A JupyterHub, or several Voilà servers behind one address, cannot share a SQLite file
safely, so they share a Redis server instead (``--store redis://host:6379/0``; the
``redis`` client comes with ``pip install "incognito-nb[redis]"`` and is imported only
when such a store is opened).

Keys, all under ``incognito:``::

    incognito:table:<code>:state    hash: version, teacher, deck, rules, seed, lobby, game, created, updated
    incognito:table:<code>:log      list: one JSON entry per accepted action
    incognito:table:<code>:changes  pub/sub channel: the new version, on every change
    incognito:tables                sorted set: code -> last change (for purge_idle)

Every change runs as one Lua script that checks the version it was computed from and,
only if it still holds, writes the record, appends the log entry, refreshes the keys'
time to live and publishes the new version: atomic, so no action is lost or applied
twice.  A change computed from an old version is computed again after a short jittered
pause.  The time to live (a day by default) is a second line of idle cleanup behind
:meth:`purge_idle`.  One Redis server (with replicas if wanted) is supported, not
Redis Cluster: a change touches the table's keys and the index together.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections import defaultdict
from contextlib import contextmanager
from datetime import timedelta
from typing import Any, Callable, Iterator
from urllib.parse import urlsplit, urlunsplit

from .tables import (
    IDLE_LIMIT,
    MAX_TRIES,
    Change,
    StoreError,
    StoreUnavailable,
    TableRecord,
    TableStore,
    entry_json,
)

PREFIX = "incognito:table:"
INDEX = "incognito:tables"

# KEYS: state, index. ARGV: code, ttl, updated, then field/value pairs.
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
return 1
"""
# KEYS: state, log, index. ARGV: code, expected version, ttl, now, lobby, game, log entry or '', channel.
_SWAP = """
local v = redis.call('HGET', KEYS[1], 'version')
if not v then return -1 end
if v ~= ARGV[2] then return 0 end
local nv = tonumber(v) + 1
redis.call('HSET', KEYS[1], 'version', nv, 'lobby', ARGV[5], 'game', ARGV[6], 'updated', ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[3])
if ARGV[7] ~= '' then
  redis.call('RPUSH', KEYS[2], ARGV[7])
end
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('EXPIRE', KEYS[2], ARGV[3]) end
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[1])
redis.call('PUBLISH', ARGV[8], nv)
return nv
"""
# KEYS: state, log, index. ARGV: code, cutoff.
_PURGE = """
local u = redis.call('HGET', KEYS[1], 'updated')
if u and tonumber(u) >= tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[3], u, ARGV[1])
  return 0
end
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('DEL', KEYS[1], KEYS[2])
if u then return 1 end
return 0
"""


def _keys(code: str) -> tuple[str, str, str]:
    return f"{PREFIX}{code}:state", f"{PREFIX}{code}:log", f"{PREFIX}{code}:changes"


def shown_url(url: str) -> str:
    """Returns the URL without its password, for messages.

    >>> shown_url("redis://:hunter2@db.school:6379/0")
    'redis://db.school:6379/0'
    """
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


class RedisTableStore(TableStore):
    """Shared tables in a Redis server; safe for many processes on many machines."""

    is_local = False
    pushes_changes = True

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time, ttl: timedelta = IDLE_LIMIT,
                 connect_timeout: float = 3.0, timeout: float = 10.0) -> None:
        super().__init__(shown_url(url), clock=clock)
        try:
            import redis
        except ImportError:
            raise StoreError(
                "A Redis store needs the redis package: pip install \"incognito-nb[redis]\"."
            ) from None
        self._redis = redis
        self._ttl = max(1, int(ttl.total_seconds()))
        try:
            self._client = redis.Redis.from_url(url, decode_responses=True, socket_connect_timeout=connect_timeout,
                                                socket_timeout=timeout, health_check_interval=30)
        except ValueError as error:
            raise StoreError(f"{self.url} is not a Redis URL: {error}.") from None
        with self._guard():
            self._client.ping()
            self._create = self._client.register_script(_CREATE)
            self._swap_script = self._client.register_script(_SWAP)
            self._purge_script = self._client.register_script(_PURGE)
        self._callbacks: dict[str, list[Callable[[int], None]]] = defaultdict(list)
        self._callbacks_lock = threading.Lock()
        self._listener: Any = None

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turns the client's errors into messages a teacher can act on."""
        errors = self._redis.exceptions
        try:
            yield
        except (errors.ConnectionError, errors.TimeoutError) as error:
            raise StoreUnavailable(
                f"The game store at {self.url} cannot be reached: {str(error).rstrip('.')}. Check that Redis runs "
                "there; nothing already committed is lost."
            ) from None
        except errors.RedisError as error:
            raise StoreUnavailable(f"The game store at {self.url} refused a command: {str(error).rstrip('.')}.") from None

    def close(self) -> None:
        self._stop_listener(wait=True)
        self._client.close()

    # ------------------------------------------------------------ the backend's part
    def _insert(self, record: TableRecord) -> bool:
        state, _, _ = _keys(record.code)
        fields = _fields(record)
        flat = [item for pair in fields.items() for item in pair]
        with self._guard():
            created = self._create(keys=[state, INDEX],
                                   args=[record.code, self._ttl, repr(record.updated_at), *flat])
        return bool(created)

    def _load(self, code: str) -> TableRecord | None:
        state, _, _ = _keys(code)
        with self._guard():
            fields = self._client.hgetall(state)  # one command: the record at one instant
        if not fields or "version" not in fields:
            return None
        try:
            return TableRecord(
                code=code, version=int(fields["version"]), teacher=fields["teacher"],
                deck=json.loads(fields["deck"]), rules=json.loads(fields["rules"]), seed=fields["seed"],
                lobby=tuple((name, token) for name, token in json.loads(fields["lobby"])),
                game=fields.get("game") or None,
                created_at=float(fields["created"]), updated_at=float(fields["updated"]),
            )
        except (KeyError, ValueError, TypeError) as error:
            raise StoreUnavailable(
                f"Table {code} in the game store at {self.url} is damaged ({error!r}); "
                "start a new table for this group."
            ) from None

    def _swap(self, code: str, change: Change) -> tuple[int, Any]:
        state, log, channel = _keys(code)
        for attempt in range(MAX_TRIES):
            record = self._load(code)
            if record is None:
                raise self._unknown(code)
            new, action, result = change(record)
            entry = ""
            if action is not None:
                entry = json.dumps({"version": record.version + 1, "action": json.loads(entry_json(action)),
                                    "at": self._clock()}, ensure_ascii=False, separators=(",", ":"))
            with self._guard():
                version = self._swap_script(
                    keys=[state, log, INDEX],
                    args=[code, str(record.version), self._ttl, repr(self._clock()),
                          json.dumps([list(e) for e in new.lobby], ensure_ascii=False), new.game or "",
                          entry, channel],
                )
            if version == -1:
                raise self._unknown(code)
            if version > 0:
                return version, result
            # Another kernel changed the table first: compute the change again on its state.
            time.sleep(random.uniform(0, min(0.05, 0.001 * 2 ** min(attempt, 6))))
        raise StoreUnavailable(f"Table {code} is too busy: the change was tried {MAX_TRIES} times; try again.")

    def _read_version(self, code: str) -> int | None:
        with self._guard():
            version = self._client.hget(_keys(code)[0], "version")
        return None if version is None else int(version)

    def _read_log(self, code: str) -> list[tuple[int, str, float]]:
        with self._guard():
            entries = self._client.lrange(_keys(code)[1], 0, -1)
        log = []
        for text in entries:
            entry = json.loads(text)
            log.append((entry["version"], json.dumps(entry["action"]), entry["at"]))
        return log

    def _purge(self, cutoff: float) -> int:
        removed = 0
        with self._guard():
            for code in self._client.zrangebyscore(INDEX, "-inf", f"({cutoff!r}"):
                state, log, _ = _keys(code)
                removed += self._purge_script(keys=[state, log, INDEX], args=[code, repr(cutoff)])
        return removed

    # ------------------------------------------------------------ notification
    def watch(self, code: str, callback: Callable[[int], None]) -> None:
        """Calls ``callback(version)`` on every change of the table, from this store's
        listener thread (started on the first watch): UI code must hop to its event
        loop, e.g. ``loop.call_soon_threadsafe``.  Pub/sub delivers at most once, so a
        message can be lost while the connection drops: poll :meth:`version` now and
        then as well (:func:`~incognito_nb.store.watch.watch_async` does)."""
        from .tables import normalise_code

        code = normalise_code(code)
        with self._callbacks_lock:
            self._callbacks[code].append(callback)
            if self._listener is None:
                pubsub = self._client.pubsub(ignore_subscribe_messages=True)
                with self._guard():
                    # One pattern for every table: no subscribe calls later, while the thread reads.
                    pubsub.psubscribe(**{f"{PREFIX}*:changes": self._on_message})
                self._listener = pubsub.run_in_thread(sleep_time=1.0, daemon=True,
                                                      exception_handler=self._on_listener_error)

    def unwatch(self, code: str, callback: Callable[[int], None] | None = None) -> None:
        from .tables import normalise_code

        code = normalise_code(code)
        with self._callbacks_lock:
            if callback is None:
                self._callbacks.pop(code, None)
            elif callback in self._callbacks.get(code, ()):
                self._callbacks[code].remove(callback)
                if not self._callbacks[code]:
                    del self._callbacks[code]
            idle = not self._callbacks
        if idle:
            self._stop_listener()

    def _on_message(self, message: dict[str, Any]) -> None:
        channel = message.get("channel") or ""
        code = channel[len(PREFIX):-len(":changes")]
        with self._callbacks_lock:
            callbacks = list(self._callbacks.get(code, ()))
        for callback in callbacks:
            try:
                callback(int(message["data"]))
            except Exception:  # a UI bug must not stop every other table's notices
                import logging

                logging.getLogger(__name__).exception("a watch callback for table %s failed", code)

    def _on_listener_error(self, error: BaseException, pubsub: Any, thread: Any) -> None:
        # The connection dropped: wait a moment, and the next read reconnects and subscribes again.
        time.sleep(0.5)

    def _stop_listener(self, wait: bool = False) -> None:
        with self._callbacks_lock:
            listener, self._listener = self._listener, None
        if listener is not None:
            listener.stop()  # the thread closes its connection within its 1 s read timeout
            if wait and listener is not threading.current_thread():
                listener.join(timeout=2)


def _fields(record: TableRecord) -> dict[str, str]:
    return {
        "version": str(record.version), "teacher": record.teacher, "deck": json.dumps(record.deck),
        "rules": json.dumps(record.rules), "seed": record.seed,
        "lobby": json.dumps([list(e) for e in record.lobby], ensure_ascii=False),
        "game": record.game or "", "created": repr(record.created_at), "updated": repr(record.updated_at),
    }
