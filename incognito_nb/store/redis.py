"""Tables in Redis: the classroom store for more than one server process or machine.

A JupyterHub, or several Voilà servers behind one address, cannot share a SQLite file
safely, so they share a Redis server instead (``--store redis://host:6379/0``; the
``redis`` client comes with ``pip install "incognito-nb[redis]"`` and is imported only
when such a store is opened).

Keys, all under ``incognito:``::

    incognito:table:<code>:state     hash: version, teacher, deck, rules, seed, lobby, created, updated,
                                     language (absent in tables older than it: English),
                                     snapshot_version, log_floor (the last two once the game starts)
    incognito:table:<code>:snapshot  string: the game's JSON at snapshot_version
    incognito:table:<code>:actions   sorted set: one entry per accepted action, scored by the version it made
                                     ("<version>|<time>|<action JSON>")
    incognito:table:<code>:pages     hash: seat (the player's name) -> its lease, the newest page's id
    incognito:table:<code>:changes   pub/sub channel: the new version, on every change (and the
                                     version again when a seat's lease changes)
    incognito:tables                 sorted set: code -> last change (for purge_idle)

Every change runs as one Lua script that checks the version it was computed from and,
only if it still holds, writes the record, adds the log entry (and, now and then, a new
snapshot), refreshes the keys' time to live and publishes the new version: atomic, so
no action is lost or applied twice.  Reading a table is one script too, so that the
record, the snapshot and the log entries it returns belong to one instant.  A table
written by an older incognito_nb (its whole game in a ``game`` field, a ``:log`` list) is
moved to these keys by the first read.  A change computed from an old version is computed again after a short jittered
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

from ..engine.errors import N_
from .errors import StoreError, StoreUnavailable, too_busy, unknown_table
from .records import COMPACT_EVERY, NO_GAME, Change, TableRecord, TableState, entry_json, lobby_from_json, lobby_json
from .table_store import IDLE_LIMIT, MAX_TRIES, TableStore
from .tables import normalise_code

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
# KEYS: state, snapshot, actions, old log, index. ARGV: code, expected version, ttl, now,
# lobby or '', action JSON or '', channel, snapshot or '', log floor, language or '', deck JSON
# or '', seed or ''.
_SWAP = """
local v = redis.call('HGET', KEYS[1], 'version')
if not v then return -1 end
if v ~= ARGV[2] then return 0 end
local nv = tonumber(v) + 1
redis.call('HSET', KEYS[1], 'version', nv, 'updated', ARGV[4])
if ARGV[5] ~= '' then redis.call('HSET', KEYS[1], 'lobby', ARGV[5]) end
if ARGV[10] ~= '' then redis.call('HSET', KEYS[1], 'language', ARGV[10]) end
if ARGV[11] ~= '' then redis.call('HSET', KEYS[1], 'deck', ARGV[11]) end
if ARGV[12] ~= '' then redis.call('HSET', KEYS[1], 'seed', ARGV[12]) end
if ARGV[6] ~= '' then redis.call('ZADD', KEYS[3], nv, nv .. '|' .. ARGV[4] .. '|' .. ARGV[6]) end
if ARGV[8] ~= '' then
  redis.call('SET', KEYS[2], ARGV[8])
  redis.call('HSET', KEYS[1], 'snapshot_version', nv, 'log_floor', ARGV[9])
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[9])
end
for i = 1, 3 do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('EXPIRE', KEYS[i], ARGV[3]) end
end
redis.call('ZADD', KEYS[5], ARGV[4], ARGV[1])
redis.call('PUBLISH', ARGV[7], nv)
return nv
"""
# KEYS: state, snapshot, actions, old log. ARGV: '-' (the record only), '' (the game whole)
# or the version the reader holds.  Returns the record's fields, the snapshot (or false)
# and the log entries the reader needs, read at one instant.
_READ = """
local old = redis.call('HGET', KEYS[1], 'game')
if old then
  -- a table written before snapshots and log entries: its game becomes the snapshot
  if old ~= '' then
    local v = redis.call('HGET', KEYS[1], 'version')
    redis.call('SET', KEYS[2], old)
    local ttl = redis.call('TTL', KEYS[1])
    if ttl > 0 then redis.call('EXPIRE', KEYS[2], ttl) end
    redis.call('HSET', KEYS[1], 'snapshot_version', v, 'log_floor', v)
  end
  redis.call('HDEL', KEYS[1], 'game')
  redis.call('DEL', KEYS[4])
end
local f = redis.call('HMGET', KEYS[1], 'version', 'teacher', 'deck', 'rules', 'seed', 'lobby', 'created',
                      'updated', 'snapshot_version', 'log_floor', 'language')
if not f[1] then return false end
if ARGV[1] == '-' or not f[9] then return {f, false, {}} end
local snapshot = false
local since = ARGV[1]
if since == '' or tonumber(since) < tonumber(f[10]) then
  snapshot = redis.call('GET', KEYS[2])
  since = f[9]
end
return {f, snapshot, redis.call('ZRANGEBYSCORE', KEYS[3], '(' .. since, '+inf')}
"""
# KEYS: state, pages. ARGV: seat, lease, ttl, channel.
_LEASE = """
local v = redis.call('HGET', KEYS[1], 'version')
if not v then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[3])
redis.call('PUBLISH', ARGV[4], v)
return 1
"""
# KEYS: state, snapshot, actions, old log, index, pages. ARGV: code, cutoff.
_PURGE = """
local u = redis.call('HGET', KEYS[1], 'updated')
if u and tonumber(u) >= tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[5], u, ARGV[1])
  return 0
end
redis.call('ZREM', KEYS[5], ARGV[1])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[6])
if u then return 1 end
return 0
"""


#: The fields of a table's record, in the order the read script returns them.
_RECORD = ("version", "teacher", "deck", "rules", "seed", "lobby", "created", "updated", "snapshot_version", "log_floor",
           "language")


def _keys(code: str) -> list[str]:
    """Returns the table's keys: state, snapshot, actions, and the log of older versions."""
    return [f"{PREFIX}{code}:{part}" for part in ("state", "snapshot", "actions", "log")]


def _pages(code: str) -> str:
    """Returns the key of the table's seat leases."""
    return f"{PREFIX}{code}:pages"


def _channel(code: str) -> str:
    return f"{PREFIX}{code}:changes"


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
                 connect_timeout: float = 3.0, timeout: float = 10.0, compact_every: int = COMPACT_EVERY) -> None:
        super().__init__(shown_url(url), clock=clock, compact_every=compact_every)
        try:
            import redis
        except ImportError:
            raise StoreError(N_('A Redis store needs the redis package: pip install "incognito-nb[redis]".')) from None
        self._redis = redis
        self._ttl = max(1, int(ttl.total_seconds()))
        try:
            self._client = redis.Redis.from_url(url, decode_responses=True, socket_connect_timeout=connect_timeout,
                                                socket_timeout=timeout, health_check_interval=30)
        except ValueError as error:
            raise StoreError(N_("{url} is not a Redis URL: {error}."), url=self.url, error=str(error)) from None
        with self._guard():
            self._client.ping()
            self._create = self._client.register_script(_CREATE)
            self._swap_script = self._client.register_script(_SWAP)
            self._read_script = self._client.register_script(_READ)
            self._purge_script = self._client.register_script(_PURGE)
            self._lease_script = self._client.register_script(_LEASE)
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
            # A Redis that comes back may have come back older (restarted from its last
            # save): read every table whole next time.
            self._games.forget_all()
            raise StoreUnavailable(
                N_("The game store at {url} cannot be reached: {error}. Check that Redis runs "
                   "there; nothing already committed is lost."),
                url=self.url, error=str(error).rstrip("."),
            ) from None
        except errors.RedisError as error:
            raise StoreUnavailable(N_("The game store at {url} refused a command: {error}."),
                                   url=self.url, error=str(error).rstrip(".")) from None

    def close(self) -> None:
        self._stop_listener(wait=True)
        self._client.close()

    # ------------------------------------------------------------ the backend's part
    def _insert(self, record: TableRecord) -> bool:
        fields = _fields(record)
        flat = [item for pair in fields.items() for item in pair]
        with self._guard():
            created = self._create(keys=[_keys(record.code)[0], INDEX],
                                   args=[record.code, self._ttl, repr(record.updated_at), *flat])
        return bool(created)

    def _read(self, code: str, after: Any) -> TableState | None:
        asked = "-" if after is NO_GAME else "" if after is None else str(after)
        with self._guard():
            found = self._read_script(keys=_keys(code), args=[asked])
        if not found:
            return None
        fields, snapshot, entries = found
        try:
            values = dict(zip(_RECORD, fields))
            record = TableRecord(
                code=code, version=int(values["version"]), teacher=values["teacher"],
                deck=json.loads(values["deck"]), rules=json.loads(values["rules"]), seed=values["seed"],
                lobby=lobby_from_json(values["lobby"]),
                created_at=float(values["created"]), updated_at=float(values["updated"]),
                snapshot_version=_count(values["snapshot_version"]), log_floor=_count(values["log_floor"]),
                language=values.get("language") or "en",
            )
            log = tuple((int(version), text) for version, _, text in (entry.split("|", 2) for entry in entries))
        except (KeyError, ValueError, TypeError, AttributeError) as error:
            raise StoreUnavailable(
                N_("Table {code} in the game store at {url} is damaged ({error}); start a new table for this group."),
                code=code, url=self.url, error=repr(error),
            ) from None
        return TableState(record, after=after, snapshot=snapshot or None, entries=log)

    def _swap(self, code: str, change: Change, *, after: Any) -> tuple[int, Any]:
        keys = _keys(code)
        for attempt in range(MAX_TRIES):
            state = self._read(code, after)
            if state is None:
                raise unknown_table(code)
            record = state.record
            try:
                write = change(state)
            except LookupError:  # read before another thread's move, or Redis came back older: read it whole
                after = None
                continue
            lobby = "" if write.lobby is None else lobby_json(write.lobby)
            with self._guard():
                version = self._swap_script(
                    keys=[*keys[:4], INDEX],
                    args=[code, str(record.version), self._ttl, repr(self._clock()), lobby,
                          "" if write.action is None else entry_json(write.action), _channel(code),
                          write.snapshot or "", "" if write.log_floor is None else str(write.log_floor),
                          write.language or "", "" if write.deck is None else json.dumps(write.deck),
                          write.seed or ""],
                )
            if version == -1:
                raise unknown_table(code)
            if version > 0:
                return version, write.result
            # Another kernel changed the table first: compute the change again on its state.
            if after is not NO_GAME:
                after = self._held_version(code)
            time.sleep(random.uniform(0, min(0.05, 0.001 * 2 ** min(attempt, 6))))
        raise too_busy(code, MAX_TRIES)

    def _read_version(self, code: str) -> int | None:
        with self._guard():
            version = self._client.hget(_keys(code)[0], "version")
        return None if version is None else int(version)

    def _read_log(self, code: str) -> list[tuple[int, str, float]]:
        with self._guard():
            entries = self._client.zrange(_keys(code)[2], 0, -1)
        log = []
        for entry in entries:
            version, at, text = entry.split("|", 2)
            log.append((int(version), text, float(at)))
        return log

    def _purge(self, cutoff: float) -> int:
        removed = 0
        with self._guard():
            for code in self._client.zrangebyscore(INDEX, "-inf", f"({cutoff!r}"):
                removed += self._purge_script(keys=[*_keys(code), INDEX, _pages(code)], args=[code, repr(cutoff)])
        return removed

    def _created_since(self, cutoff: float, limit: int) -> list[str]:
        # The index is by last change: a table created since ``cutoff`` changed since then too.
        with self._guard():
            codes = self._client.zrevrangebyscore(INDEX, "+inf", repr(cutoff))
            pipe = self._client.pipeline(transaction=False)
            for code in codes:
                pipe.hget(_keys(code)[0], "created")
            created = pipe.execute()
        found = [(float(at), code) for code, at in zip(codes, created) if at is not None and float(at) >= cutoff]
        return [code for _, code in sorted(found, reverse=True)[:limit]]

    def _write_lease(self, code: str, name: str, lease: str) -> bool:
        # A lease lives a day past its last page, like the table's keys.
        with self._guard():
            return bool(self._lease_script(keys=[_keys(code)[0], _pages(code)],
                                           args=[name, lease, self._ttl, _channel(code)]))

    def _read_lease(self, code: str, name: str) -> str | None:
        with self._guard():
            return self._client.hget(_pages(code), name)

    # ------------------------------------------------------------ durability
    def durability(self) -> str:
        """Returns :meth:`persistence` (said in English only, for now)."""
        return self.persistence()

    def persistence(self) -> str:
        """Says, for a teacher, what this Redis keeps on disk and so what a crash of Redis
        (or of its machine) would lose: with ``appendonly yes`` at most a second of moves
        (``appendfsync everysec``, Redis's default) or none (``always``); with RDB
        snapshots only, every move since the last snapshot; with neither, every table."""
        try:
            with self._guard():
                config = {**self._client.config_get("appendonly"), **self._client.config_get("appendfsync"),
                          **self._client.config_get("save")}
        except StoreError:
            return (f"The Redis at {self.url} does not say how it keeps data (CONFIG GET is refused), so what a "
                    "crash of Redis would lose is not known: run it with appendonly yes.")
        if config.get("appendonly") == "yes":
            if config.get("appendfsync") == "always":
                return f"The Redis at {self.url} writes every move to disk (appendonly, fsync always): a crash loses nothing."
            if config.get("appendfsync") == "no":
                return (f"The Redis at {self.url} keeps an append-only file but leaves flushing it to the system "
                        "(appendfsync no): a crash of its machine can lose the last ~30 seconds of moves.")
            return (f"The Redis at {self.url} keeps an append-only file (appendonly yes, fsync every second): "
                    "a crash of Redis or of its machine loses at most the last second of moves.")
        rules = config.get("save", "").split()
        if len(rules) >= 2:
            shortest = min(int(rules[i]) for i in range(0, len(rules) - 1, 2))
            return (f"The Redis at {self.url} only saves snapshots (save {config['save']}): a crash of Redis loses "
                    f"every move made since its last snapshot, which it takes at most every {shortest} seconds and "
                    "only once enough has changed. Run it with appendonly yes (redis-server --appendonly yes) to "
                    "lose at most a second.")
        return (f"The Redis at {self.url} keeps nothing on disk (no appendonly, no save): a restart of Redis loses "
                "every table. Run it with appendonly yes (redis-server --appendonly yes).")

    # ------------------------------------------------------------ notification
    def watch(self, code: str, callback: Callable[[int], None]) -> None:
        """Calls ``callback(version)`` on every change of the table, from this store's
        listener thread (started on the first watch): UI code must hop to its event
        loop, e.g. ``loop.call_soon_threadsafe``.  Pub/sub delivers at most once, so a
        message can be lost while the connection drops: poll :meth:`version` now and
        then as well (:func:`~incognito_nb.store.watch.watch_async` does)."""
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
        "lobby": lobby_json(record.lobby),
        "created": repr(record.created_at), "updated": repr(record.updated_at), "language": record.language,
    }


def _count(value: str | None) -> int | None:
    return None if value is None else int(value)
