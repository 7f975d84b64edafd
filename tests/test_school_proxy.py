"""Several classroom servers behind one address (issue 20): nginx with ``deploy/nginx/classroom.conf``
in front of two servers on one Redis started with ``deploy/redis/classroom.conf``, seen by a
script (no browser): where the proxy sends a browser, what the servers take for its address,
and what the shared Redis keeps on disk.
"""

from __future__ import annotations

import os
import signal

import pytest

from classroom_server import Browser, classroom, kernel_id_in
from incognito_nb.store import open_store
from school import NAMES, school, school_redis
from test_outages_browser import seated

pytestmark = pytest.mark.school


def test_the_shipped_redis_settings_keep_an_append_only_file_that_the_store_reports(tmp_path):
    with school_redis(tmp_path / "redis") as redis, open_store(redis.url) as store:
        assert "appendonly yes, fsync every second" in store.persistence()
        code, _ = seated(redis.url)
        assert store.read(code).started
        assert (tmp_path / "redis" / "appendonlydir").is_dir() or (tmp_path / "redis" / "classroom.aof").exists()


def test_a_server_behind_the_proxy_reads_the_students_address_from_the_proxy(tmp_path):
    with school_redis(tmp_path / "redis") as redis, \
            classroom(tmp_path, "--ClassroomServer.behind_proxy=True", store=redis.url) as room:
        teacher, student = Browser(room.url), Browser(room.url)
        assert teacher.get("/classroom/status")[0] == 200  # this machine, as before
        other = {"X-Real-IP": "203.0.113.7"}  # what nginx says of a student's phone
        assert student.get("/classroom/status", other)[0] == 404
        status, headers, _ = student.get("/", other)
        assert status == 302 and headers["Location"].endswith("/voila/render/student.ipynb")
        status, headers, _ = teacher.get("/")
        assert status == 302 and headers["Location"].endswith("/voila/render/teacher.ipynb")


def test_the_proxy_keeps_each_browser_on_its_server_and_moves_it_when_that_server_is_gone(tmp_path):
    with school(tmp_path) as place:
        code, seats = seated(place.redis.url)
        browsers = {name: Browser(place.url) for name in seats}
        held = {}
        for name, browser in browsers.items():
            kernel = browser.open_seat(code, seats[name])
            held[name] = place.holding(kernel)
            assert browser.cookie("incognito_server") == held[name], "the cookie names the server holding the kernel"
            # The same browser comes back to the same server: its page's socket reaches its kernel.
            again = browser.open_seat(code, seats[name])
            assert place.holding(again) == held[name]
        assert set(held.values()) == set(NAMES), f"round robin put every first visit on one server: {held}"
        gone = held["Ana"]
        room = place.servers[NAMES.index(gone)]
        os.kill(room.server_pid, signal.SIGKILL)
        kernel = browsers["Ana"].open_seat(code, seats["Ana"])  # a reload, onto the other server
        other = next(name for name in NAMES if name != gone)
        assert place.holding(kernel) == other
        assert browsers["Ana"].cookie("incognito_server") == other


def test_every_server_behind_the_proxy_keeps_warm_its_share_of_a_new_tables_students(tmp_path):
    with school(tmp_path) as place:
        a, b = place.servers
        # The teacher creates a table on server a (a laptop's own browser, say): six seats to come.
        code, _ = Browser(a.url).create_table()
        a.wait_for(lambda s: s["targets"]["student.ipynb"] == 3, "server a expecting its half of the six")
        # Server b learns of the table from Redis, and warms its half too.
        b.wait_for(lambda s: s["warm"].get("student.ipynb", 0) >= 3, "three student kernels warm on server b")
        assert b.status()["targets"]["student.ipynb"] == 3
        warm_on_b = b.kernel_ids()  # b serves no page yet: every kernel it runs is a warm one
        with open_store(place.redis.url) as store:
            seat = store.join(code, "Ana")
        # Ana's phone, placed on server b by the proxy, opens her seat on one of b's warm kernels.
        status, _, html = Browser(place.url).get(f"/voila/render/student.ipynb?code={code}&token={seat.token}",
                                                 {"Cookie": "incognito_server=b"})
        assert status == 200
        kernel = kernel_id_in(html)
        assert place.holding(kernel) == "b" and kernel in warm_on_b
        b.wait_for(lambda s: s["targets"]["student.ipynb"] == 2, "server b expecting one fewer")
