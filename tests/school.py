"""A school's setup for the tests, from the files in ``deploy/``: Redis with
``deploy/redis/classroom.conf``, classroom servers behind nginx with
``deploy/nginx/classroom.conf``, each file used as shipped with only its ports (and
Redis's folder) replaced, as the README's "A school" section says an administrator does.
The files are written by :mod:`benchmarks.school`, which the class benchmark's two servers
(``python -m benchmarks.class_pace --servers 2``) use too.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from benchmarks.school import NAMES, NGINX, REDIS_SERVER, nginx_command
from benchmarks.school import redis as shared_redis
from benchmarks.school import nginx_conf as _nginx_conf
from browser import free_port, server
from classroom_server import Classroom, classroom

__all__ = ["NAMES", "School", "SchoolRedis", "need", "nginx_conf", "place", "placed", "proxy", "school",
           "school_redis"]

OPENSSL = shutil.which("openssl")


def need(program: str | None, package: str) -> None:
    """Skips the test where ``program`` is missing (saying which Debian package has it), fails under CI."""
    if program is None:
        reason = f"{package} is missing: apt-get install {package} to run the school's tests"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


@dataclass
class SchoolRedis:
    url: str
    pid: int
    folder: Path


@contextlib.contextmanager
def school_redis(folder: Path) -> Iterator[SchoolRedis]:
    """Runs redis-server with ``deploy/redis/classroom.conf`` (its port and folder replaced),
    as the class benchmark does (:func:`benchmarks.school.redis`)."""
    need(REDIS_SERVER, "redis-server")
    with shared_redis(folder) as (url, pid):
        yield SchoolRedis(url, pid, folder)


def certificate(folder: Path) -> tuple[Path, Path]:
    """Makes a self-signed certificate for 127.0.0.1 in ``folder``; returns it and its key."""
    need(OPENSSL, "openssl")
    cert, key = folder / "classroom.pem", folder / "classroom.key"
    subprocess.run([OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


def nginx_conf(folder: Path, proxy_port: int, ports: tuple[int, int], tls_port: int | None = None) -> Path:
    """Writes an nginx main file that includes ``deploy/nginx/classroom.conf`` with the
    test's ports (:func:`benchmarks.school.nginx_conf`); with ``tls_port``, the file's TLS
    lines uncommented as a school does, with a certificate made for the test."""
    tls = (tls_port, *certificate(folder)) if tls_port is not None else None
    return _nginx_conf(folder, proxy_port, ports, tls)


@dataclass
class School:
    """Two classroom servers (``servers[0]`` is "a", ``servers[1]`` "b") behind nginx at ``url``, on one Redis."""

    url: str
    servers: tuple[Classroom, Classroom]
    redis: SchoolRedis
    #: The proxy's TLS address (``https://127.0.0.1:…``), when the school runs it.
    tls_url: str = ""

    @property
    def render(self) -> str:
        return f"{self.url}/voila/render"

    def holding(self, kernel_id: str) -> str:
        """Returns the name ("a" or "b") of the server that runs ``kernel_id``."""
        for name, room in zip(NAMES, self.servers):
            if kernel_id in room.kernel_ids():
                return name
        raise AssertionError(f"no server runs kernel {kernel_id}")


@contextlib.contextmanager
def proxy(folder: Path, ports: tuple[int, int], tls: bool = False) -> Iterator[tuple[str, str]]:
    """Runs nginx with the shipped file in front of the servers at ``ports``; yields its URL
    and, with ``tls``, its TLS URL (else "")."""
    need(NGINX, "nginx")
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    tls_port = free_port() if tls else None
    main = nginx_conf(folder, port, ports, tls_port)
    command = nginx_command(folder, main)
    with server(command, f"http://127.0.0.1:{port}", name="nginx", log_path=folder / "nginx.log") as url:
        yield url, f"https://127.0.0.1:{tls_port}" if tls else ""


@contextlib.contextmanager
def school(tmp_path: Path, *options: str, tls: bool = False) -> Iterator[School]:
    """Redis, two classroom servers (``--ClassroomServer.behind_proxy=True`` and
    ``--ClassroomServer.servers=2``, as the README runs them) and nginx in front (with ``tls``, on its TLS port too), all from ``deploy/``."""
    with contextlib.ExitStack() as stack:
        redis = stack.enter_context(school_redis(tmp_path / "redis"))
        rooms = []
        for name in NAMES:
            (tmp_path / name).mkdir()
            rooms.append(stack.enter_context(classroom(tmp_path / name, "--ClassroomServer.behind_proxy=True",
                                                       f"--ClassroomServer.servers={len(NAMES)}", *options,
                                                       store=redis.url)))
        ports = tuple(int(room.url.rsplit(":", 1)[1]) for room in rooms)
        url, tls_url = stack.enter_context(proxy(tmp_path / "nginx", ports, tls))
        yield School(url, (rooms[0], rooms[1]), redis, tls_url)


def place(context, school: School, name: str) -> None:
    """Puts a browser on server ``name`` ("a" or "b"), as the proxy does after its first answer."""
    context.add_cookies([{"name": "incognito_server", "value": name, "url": school.url}])


def placed(context) -> str:
    """Returns the server the proxy last put this browser on (its ``incognito_server`` cookie)."""
    return next((c["value"] for c in context.cookies() if c["name"] == "incognito_server"), "")
