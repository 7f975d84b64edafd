"""A school's setup from the files in ``deploy/``, for the benchmarks and the tests.

Redis with ``deploy/redis/classroom.conf`` and nginx with ``deploy/nginx/classroom.conf``,
each file used as shipped with only its ports (and Redis's folder) replaced, as the
README's "A school" section says an administrator does; then classroom servers on that
Redis behind that nginx.  The tests (``tests/school.py``) write their files with
:func:`redis_conf` and :func:`nginx_conf`, so the benchmark's school and the tested one
are the same files; :func:`school` runs one for :mod:`benchmarks.class_pace`
(``--servers 2``).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from .harness import REPO, child_pids, free_port, kernel_pids, serving, stop_process, wait_for_redis

DEPLOY = REPO / "deploy"
NGINX_CONF = DEPLOY / "nginx" / "classroom.conf"
REDIS_CONF = DEPLOY / "redis" / "classroom.conf"
#: The ports the shipped nginx file names: the proxy, then the classroom servers a and b; its TLS port.
PROXY_PORT, SERVER_PORTS, TLS_PORT = 8870, (8871, 8872), 8443
#: The shipped nginx file's TLS lines, commented out (a school uncomments them with its certificate).
TLS_LINES = ("# listen 8443 ssl;", "# ssl_certificate /etc/ssl/certs/ssl-cert-snakeoil.pem;",
             "# ssl_certificate_key /etc/ssl/private/ssl-cert-snakeoil.key;")
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
REDIS_SERVER = shutil.which("redis-server")
#: How the proxy names each server in its cookie (``incognito_server``), in the order of SERVER_PORTS.
NAMES = ("a", "b")


def redis_conf(folder: Path, port: int) -> Path:
    """Writes ``deploy/redis/classroom.conf`` with ``port`` and the folder ``folder``; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    text = REDIS_CONF.read_text()
    text = re.sub(r"(?m)^port 6379$", f"port {port}", text)
    text = re.sub(r"(?m)^dir /var/lib/redis$", f"dir {folder}", text)
    assert f"port {port}" in text and f"dir {folder}" in text, "deploy/redis/classroom.conf changed shape"
    conf = folder / "redis.conf"
    conf.write_text(text)
    return conf


def nginx_conf(folder: Path, proxy_port: int, ports: tuple[int, int],
               tls: tuple[int, Path, Path] | None = None) -> Path:
    """Writes an nginx main file that includes ``deploy/nginx/classroom.conf`` with these
    ports, its pid, logs and buffers in ``folder``; returns its path.  With ``tls`` (a port,
    a certificate and its key), the file's TLS lines are uncommented as a school does."""
    text = NGINX_CONF.read_text()
    if tls is not None:
        assert all(line in text for line in TLS_LINES), "deploy/nginx/classroom.conf's TLS lines changed shape"
        tls_port, cert, key = tls
        listen, certificate_line, key_line = TLS_LINES
        text = text.replace(listen, f"listen 127.0.0.1:{tls_port} ssl;").replace(
            certificate_line, f"ssl_certificate {cert};").replace(key_line, f"ssl_certificate_key {key};")
    for shipped, port in zip(SERVER_PORTS, ports):
        text = text.replace(f"127.0.0.1:{shipped}", f"127.0.0.1:{port}").replace(
            rf"127\.0\.0\.1:{shipped}$", rf"127\.0\.0\.1:{port}$")
    text = text.replace(f"listen {PROXY_PORT};", f"listen 127.0.0.1:{proxy_port};")
    settings = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    assert all(str(port) not in settings for port in (PROXY_PORT, TLS_PORT, *SERVER_PORTS)), "a shipped port was left"
    (folder / "conf.d").mkdir(parents=True, exist_ok=True)
    (folder / "conf.d" / "classroom.conf").write_text(text)
    user = "user root root;\n" if os.geteuid() == 0 else ""  # the workers read this folder
    temp = "".join(f"    {kind}_temp_path {folder / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    main = folder / "nginx.conf"
    main.write_text(f"""{user}worker_processes 1;
pid {folder / 'nginx.pid'};
error_log {folder / 'error.log'} warn;
events {{ worker_connections 1024; }}
http {{
    access_log {folder / 'access.log'};
{temp}    include {folder / 'conf.d' / 'classroom.conf'};
}}
""")
    return main


def nginx_command(folder: Path, main: Path) -> list[str]:
    """Returns the command that runs nginx in the foreground with ``main`` (from :func:`nginx_conf`)."""
    return [str(NGINX), "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(main), "-g", "daemon off;"]


def server_command(port: int, count: int) -> list[str]:
    """Returns the command of one of ``count`` classroom servers as the README runs them
    (behind the proxy, when there are several), on ``port``; the store is ``$INCOGNITO_NB_STORE``."""
    from incognito_nb.app.classroom import classroom_folder

    behind = ["--ClassroomServer.behind_proxy=True"] if count > 1 else []
    return [sys.executable, "-m", "incognito_nb.app.server", str(classroom_folder()), f"--port={port}",
            "--Voila.ip=127.0.0.1", "--no-browser", *behind, f"--ClassroomServer.servers={count}"]


@dataclass
class BenchSchool:
    """Classroom servers on one Redis, at one address (nginx's, or the one server's own)."""

    url: str
    store_url: str
    #: The classroom servers' pids (each its kernels' parent), in the order of NAMES.
    server_pids: tuple[int, ...]
    redis_pid: int
    #: nginx's worker (the shipped setup runs one), the process that carries the traffic.
    nginx_pid: int | None = None

    def kernels(self) -> set[int]:
        """Returns every server's kernels."""
        return {pid for server in self.server_pids for pid in kernel_pids(server)}

    def kernels_of(self) -> dict[str, set[int]]:
        """Returns each server's kernels, by its name in the proxy's cookie."""
        return {name: kernel_pids(server) for name, server in zip(NAMES, self.server_pids)}


@contextlib.contextmanager
def redis(folder: Path) -> Iterator[tuple[str, int]]:
    """Runs redis-server with ``deploy/redis/classroom.conf``; yields its URL and pid."""
    if REDIS_SERVER is None:
        raise RuntimeError("redis-server is missing: apt-get install redis-server")
    port = free_port()
    conf = redis_conf(folder, port)
    process = subprocess.Popen([REDIS_SERVER, str(conf)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        wait_for_redis(url, process, f"with {conf}", timeout=20)
        yield url, process.pid
    finally:
        stop_process(process)


@contextlib.contextmanager
def school(folder: Path, servers: int) -> Iterator[BenchSchool]:
    """Redis, ``servers`` classroom servers on it (1 or 2) and, for two, nginx in front, all
    from ``deploy/``; yields where they are."""
    if servers not in (1, 2):
        raise ValueError(f"the shipped nginx file names two servers, not {servers}")
    if servers > 1 and NGINX is None:
        raise RuntimeError("nginx is missing: apt-get install nginx")
    with contextlib.ExitStack() as stack:
        store_url, redis_pid = stack.enter_context(redis(folder / "redis"))
        env = dict(os.environ, INCOGNITO_NB_STORE=store_url)
        urls, pids = [], []
        for name in NAMES[:servers]:
            (folder / name).mkdir(parents=True, exist_ok=True)
            port = free_port()
            url = f"http://127.0.0.1:{port}"
            process = stack.enter_context(serving(server_command(port, servers), url, cwd=folder / name, env=env,
                                                  name=f"classroom server {name}", timeout=120, stop_timeout=30))
            urls.append(url)
            pids.append(process.pid)
        if servers == 1:
            yield BenchSchool(urls[0], store_url, tuple(pids), redis_pid)
            return
        proxy_folder = folder / "nginx"
        proxy_folder.mkdir(parents=True, exist_ok=True)
        port = free_port()
        ports = tuple(int(url.rsplit(":", 1)[1]) for url in urls)
        main = nginx_conf(proxy_folder, port, ports)
        process = stack.enter_context(serving(nginx_command(proxy_folder, main), f"http://127.0.0.1:{port}",
                                              cwd=proxy_folder, name="nginx"))
        workers = child_pids(process.pid)
        yield BenchSchool(f"http://127.0.0.1:{port}", store_url, tuple(pids), redis_pid,
                          max(workers) if workers else process.pid)

