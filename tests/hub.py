"""A real JupyterHub for the tests, from ``deploy/jupyterhub/jupyterhub_config.py``.

The hub (PyPI's ``jupyterhub``) runs with configurable-http-proxy (npm's, installed by
``.ci/run`` into ``.node/``), a local spawner and JupyterHub's DummyAuthenticator with a
password, and loads the shipped configuration as the README's "A school" section says a
school does: its own file sets the accounts and the addresses, then loads ours.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import os
import re
import shutil
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from browser import REPO, free_port, server
from school import school_redis

CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PASSWORD = "classroom-test-password"
TEACHER = "teacher"
STUDENTS = ("ana", "ben", "cleo")


def proxy_command() -> str | None:
    """Returns configurable-http-proxy: the one ``.ci/run`` installs in ``.node/``, else on PATH."""
    local = REPO / ".node" / "node_modules" / ".bin" / "configurable-http-proxy"
    return str(local) if local.exists() else shutil.which("configurable-http-proxy")


def _missing() -> str | None:
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        return "jupyterhub is missing: pip install 'incognito-nb[school]' to run the hub's tests"
    if proxy_command() is None:
        return "configurable-http-proxy is missing: npm install --prefix .node configurable-http-proxy"
    return None


@dataclass
class Hub:
    url: str
    store: str
    #: Where the classroom service is, for a page: ``…/services/classroom/voila/render``.
    @property
    def render(self) -> str:
        return f"{self.url}/services/classroom/voila/render"


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _service_answers(url: str) -> bool:
    """Checks if the classroom service answers ``url`` through the hub's proxy: it sends a
    browser without the hub's cookie to its own login door (the proxy's 404 is not an answer)."""
    try:
        with urllib.request.build_opener(_NoRedirects()).open(url, timeout=2):
            return False
    except urllib.error.HTTPError as error:
        return error.code == 302 and "/classroom/hub-login" in error.headers.get("Location", "")
    except OSError:
        return False


@contextlib.contextmanager
def hub(tmp_path: Path, users: tuple[str, ...] = ()) -> Iterator[Hub]:
    """Runs Redis (``deploy/redis``) and JupyterHub with the shipped configuration, for the
    teacher, the students and ``users``; yields the hub."""
    reason = _missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    folder = tmp_path / "hub"
    folder.mkdir()
    with school_redis(tmp_path / "redis") as redis:
        port, api, proxy_api, service = (free_port() for _ in range(4))
        config = folder / "school_config.py"
        config.write_text(f"""c = get_config()
load_subconfig({str(CONFIG)!r})
# What a school sets itself: its accounts and its addresses.
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allowed_users = {set((TEACHER, *STUDENTS, *users))!r}
c.JupyterHub.spawner_class = "simple"
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{api}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api}"
c.ConfigurableHTTPProxy.command = [{proxy_command()!r}]
c.JupyterHub.db_url = "sqlite:///{folder / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(folder / 'cookie_secret')!r}
""")
        env = dict(os.environ, INCOGNITO_NB_STORE=redis.url, INCOGNITO_NB_TEACHERS=TEACHER,
                   INCOGNITO_NB_SERVICE_PORT=str(service),
                   # Every test browser comes from 127.0.0.1: one "device" for the whole class.
                   INCOGNITO_NB_PAGES_PER_DEVICE="0")
        command = [sys.executable, "-m", "jupyterhub", "-f", str(config)]
        with server(command, f"http://127.0.0.1:{port}", cwd=folder, env=env, name="jupyterhub",
                    log_path=folder / "jupyterhub.log", timeout=120) as url:
            probe = f"{url}/services/classroom/voila/render/student.ipynb"
            deadline = time.monotonic() + 120
            while not _service_answers(probe):
                if time.monotonic() > deadline:
                    raise RuntimeError("the classroom service did not answer within 120 s")
                time.sleep(0.2)
            yield Hub(url, redis.url)


def log_in(page, name: str) -> None:
    """Types ``name`` and the password in the hub's login form shown on ``page``."""
    page.wait_for_selector("#username_input", timeout=60_000)
    page.fill("#username_input", name)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")


class HubClient:
    """A browser as the hub and the service see it, without a browser: a cookie jar, redirects
    followed one by one (so that a test sees where each one leads)."""

    def __init__(self, at: Hub) -> None:
        self.at = at
        self.jar = http.cookiejar.CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _NoRedirects())

    def fetch(self, url: str, data: dict | None = None, headers: dict | None = None):
        """GETs (or, with ``data``, POSTs) ``url`` once; returns (status, headers, body text)."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(url, data=body, headers=headers or {})
        try:
            with self.http.open(request, timeout=120) as answer:
                return answer.status, answer.headers, answer.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode("utf-8", "replace")

    def go(self, url: str, until=lambda location: False, hops: int = 12):
        """Follows ``url``'s redirects (the hub's login, OAuth) until an answer that is not one, or
        a redirect to a location ``until`` accepts; returns (status, headers, body, last URL)."""
        for _ in range(hops):
            status, headers, body = self.fetch(url)
            location = headers.get("Location")
            if status not in (301, 302, 303, 307) or not location:
                return status, headers, body, url
            location = urllib.parse.urljoin(url, location)
            if until(location):
                return status, headers, body, location
            url = location
        raise AssertionError(f"more than {hops} redirects from {url}")

    def log_in(self, name: str) -> None:
        """Logs in to the hub as ``name`` with the test's password."""
        login = f"{self.at.url}/hub/login"
        status, _, html = self.fetch(login)
        assert status == 200, status
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', html)
        fields = {"username": name, "password": PASSWORD, **({"_xsrf": xsrf.group(1)} if xsrf else {})}
        status, headers, _ = self.fetch(login, fields)
        assert status == 302, f"logging in as {name!r}: {status}"
