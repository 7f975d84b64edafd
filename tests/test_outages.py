"""Outages of the game store, played against the pages as their kernels run them.

A real redis-server is stopped, killed and restarted under the pages: strokes and Done
made meanwhile wait on the page, said to be waiting, and are sent when Redis is back;
a Redis killed without an append-only file comes back from its last snapshot, older than
the pages saw it, and the students' pages send their boards and Done again.  The pages
here run in this process, each with a store of its own (its own kernel's copy of the game).
"""

from __future__ import annotations

import base64
import os
import signal
import subprocess
import time
from contextlib import contextmanager

import pytest

from incognito_nb.engine import Rules
from incognito_nb.store import open_store
from incognito_nb.store.redis import RedisTableStore
from incognito_nb.ui.pages.student import StudentPage
from incognito_nb.ui.pages.teacher import TeacherPage
from store_backends import REDIS_SERVER, _missing_redis, free_port
from test_classroom_widgets import NAMES, end_phase, plain, scribble
from test_table import one, secret_deck


class Redis:
    """A redis-server of the test's own, with its data in ``folder``, that can be killed."""

    def __init__(self, folder, *options: str) -> None:
        self.folder, self.options, self.port = folder, options, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        import redis

        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--daemonize", "no", "--loglevel", "warning", *self.options],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while True:
            try:
                if redis.Redis.from_url(self.url, socket_connect_timeout=0.2).ping():
                    return
            except redis.exceptions.BusyLoadingError:
                pass
            except redis.exceptions.ConnectionError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start") from None
            time.sleep(0.02)

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@contextmanager
def running(folder, *options: str):
    reason = _missing_redis()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    server = Redis(folder, *options)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def seat_class(url: str):
    """A teacher page and three student pages, each with its own store (its own kernel)."""
    teacher = TeacherPage(open_store(url))
    code = teacher.create(secret_deck(), Rules(rounds=1))
    students = {}
    for name in NAMES:
        page = StudentPage(open_store(url), code=code)
        page.join(code, name)
        students[name] = page
    one(teacher, "inc-start").click()
    for page in students.values():
        page.refresh()
    return teacher, students


def close(teacher, students) -> None:
    for page in (teacher, *students.values()):
        page.store.close()
        page.close()


def test_strokes_and_done_wait_while_redis_is_stopped_and_go_in_when_it_is_back(tmp_path):
    with running(tmp_path, "--appendonly", "yes") as redis:
        teacher, students = seat_class(redis.url)
        ana = students["Ana"]
        scribble(ana, 1)
        redis.stop()
        scribble(ana, 2, at=4)
        one(ana, "inc-done").click()
        assert plain(one(ana, "inc-save-status").value).startswith("Not saved yet: 2 strokes and your Done wait")
        redis.start()  # the same data: an append-only file
        ana.store_back()  # what the page's watch does when the store answers again
        with open_store(redis.url) as store:
            game = store.read(teacher.code).game
            assert len(game.drawing("Ana")) == 3 and game.done == ("Ana",)
        assert "Your drawing is done" in " ".join(plain(w.value) for w in ana.stage.children)
        close(teacher, students)


def test_a_redis_killed_without_an_append_only_file_comes_back_older_and_students_send_again(tmp_path):
    with running(tmp_path, "--appendonly", "no", "--save", "") as redis:
        teacher, students = seat_class(redis.url)
        for page in students.values():
            scribble(page, 2)
        with open_store(redis.url) as store:
            assert "only saves snapshots" not in store.persistence()
            store._client.save()  # the last snapshot Redis takes before the crash
            saved = store.version(teacher.code)
        scribble(students["Ana"], 3, at=5)
        one(students["Ana"], "inc-done").click()
        scribble(students["Ben"], 1, at=9)
        redis.kill()
        redis.start()  # back from dump.rdb: without Ana's three strokes, her Done and Ben's stroke
        with open_store(redis.url) as store:
            assert store.version(teacher.code) == saved
        for page in (teacher, *students.values()):
            page.store_back()
        for name in ("Ana", "Ben"):
            assert "came back without its last moves" in plain(students[name].message.value)
        with open_store(redis.url) as store:
            game = store.read(teacher.code).game
            assert [len(game.drawing(name)) for name in NAMES] == [5, 3, 2]
            assert game.done == ("Ana",)
        teacher.catch_up()
        assert "Ana ✔ done" in plain(teacher.room.value) and "Ben ✎ drawing · 3 strokes" in plain(teacher.room.value)
        close(teacher, students)


def test_the_classroom_says_at_start_what_a_crash_of_its_redis_would_lose(tmp_path):
    with running(tmp_path, "--appendonly", "no", "--save", "") as redis:
        assert "keeps nothing on disk" in RedisTableStore(redis.url).persistence()
    with running(tmp_path, "--appendonly", "no", "--save", "300 100") as redis:
        assert "every move made since its last snapshot" in RedisTableStore(redis.url).persistence()
    with running(tmp_path, "--appendonly", "yes") as redis:
        assert "at most the last second" in RedisTableStore(redis.url).persistence()
    assert "a crash loses nothing" in open_store(tmp_path / "class.sqlite").persistence()


def test_a_table_gone_with_its_redis_is_said_plainly_and_the_students_board_is_offered(tmp_path):
    with running(tmp_path, "--appendonly", "no", "--save", "") as redis:
        teacher, students = seat_class(redis.url)
        ana = students["Ana"]
        made = []
        ana.picture = lambda drawing: made.append(len(drawing)) or b"PNG picture"
        scribble(ana, 2)
        redis.kill()
        scribble(ana, 1, at=4)
        assert plain(one(ana, "inc-save-status").value).startswith("Not saved yet: 1 stroke waits")
        redis.start()  # it kept nothing: the table is gone
        ana.guarded(ana.send_waiting, keeps_message=True)()  # what the page's retry does
        said = plain(ana.message.value)
        assert said == ("This table no longer exists in the game store: it was deleted, or the store was restarted "
                        "without keeping its games. Ask your teacher for a new table.")
        assert plain(one(ana, "inc-save-status").value) == "", "nothing waits for a table that is gone"
        assert made == [3], "the board as the page holds it, the stroke the store never had included"
        offer = one(ana, "inc-keepsake").value
        assert 'download="incognito-drawing.png"' in offer and f"data:image/png;base64,{base64.b64encode(b'PNG picture').decode()}" in offer
        ana.guarded(ana.send_waiting, keeps_message=True)()
        assert plain(ana.message.value) == said and made == [3], "said once, offered once"
        scribble(ana, 1, at=8)  # drawn after: the picture offered follows the board
        assert made == [3, 4] and len([w for w in ana.stage.children if "inc-keepsake" in w._dom_classes]) == 1
        ana.choose_language("fr")  # said again in the page's new language; the offer stays
        assert plain(ana.message.value).startswith("Cette table n'existe plus dans le stockage des parties")
        assert one(ana, "inc-keepsake") is not None and one(ana, "inc-pad") is not None
        end_phase(teacher)
        assert "Create a new table and give the class its new code" in plain(teacher.message.value)
        assert 'href="teacher.ipynb"' in one(teacher, "inc-new-table").value
        assert teacher.teacher_bar.layout.display == "none"
        close(teacher, students)
