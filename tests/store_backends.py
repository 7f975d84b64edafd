"""Fixtures for the table-store tests: a SQLite file per test, and a real redis-server.

The Redis server is Debian's ``redis-server``, started once per test session on a free
port without persistence (``--save "" --appendonly no``) and stopped at the end.  Where
it is missing the Redis tests are skipped with the reason printed, and fail under CI.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from contextlib import contextmanager
from typing import Iterator

import pytest

from benchmarks.harness import stop_process, wait_for_redis
from incognito_nb.store.redis import RedisTableStore
from incognito_nb.store.sqlite import SqliteTableStore

REDIS_SERVER = shutil.which("redis-server")


def free_port() -> int:
    """Returns a TCP port on the loopback that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def running_redis() -> Iterator[str]:
    """Starts a throwaway redis-server on the loopback; yields its URL."""
    port = free_port()
    server = subprocess.Popen(
        [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--daemonize", "no", "--loglevel", "warning"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    url = f"redis://127.0.0.1:{port}/0"
    try:
        wait_for_redis(url, server, f"on port {port}", timeout=10)
        yield url
    finally:
        stop_process(server, timeout=5)


def _missing_redis() -> str | None:
    if REDIS_SERVER is None:
        return "redis-server is missing: install Debian's redis-server package to test the Redis store"
    try:
        import redis  # noqa: F401
    except ImportError:
        return "the redis package is missing: pip install 'incognito-nb[redis]' to test the Redis store"
    return None


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """Yields the URL of a redis-server that runs for the whole test session."""
    reason = _missing_redis()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(reason)
        print(reason)
        pytest.skip(reason)
    with running_redis() as url:
        yield url


class Clock:
    """The time a store sees: the real time plus ``offset`` seconds, to age tables in tests."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


@pytest.fixture(params=["sqlite", "redis"])
def store_url(request, tmp_path) -> str:
    """Returns the URL of an empty store, once for each backend."""
    if request.param == "sqlite":
        return str(tmp_path / "classroom.sqlite")
    url = request.getfixturevalue("redis_url")
    import redis

    redis.Redis.from_url(url).flushdb()
    return url


def make_store(url: str, clock: Clock | None = None, **options):
    """Opens the store at ``url`` with a test clock (``options``: ``compact_every=``)."""
    clock = clock or Clock()
    if url.startswith("redis://"):
        return RedisTableStore(url, clock=clock, **options)
    return SqliteTableStore(url, clock=clock, **options)


@pytest.fixture
def store(store_url):
    """Yields an open store of each backend; its clock is ``store.test_clock``."""
    clock = Clock()
    opened = make_store(store_url, clock)
    opened.test_clock = clock
    yield opened
    opened.close()
