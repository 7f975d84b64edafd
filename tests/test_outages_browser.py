"""Outages in real browsers: the class server killed mid-drawing, Redis stopped and killed.

A student draws with the mouse on their own page, served by ``incognito-nb classroom``
as the README says.  What the page shows must match what the store holds: a stroke the
store has is there after any restart; a stroke it does not have is shown as waiting,
never as saved, and reaches the store when the outage ends (or the page says plainly
that it could not).  The test reads the store itself only to know the truth.
"""

from __future__ import annotations

import base64
import contextlib
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from browser import ARTIFACTS, _answers, _child_env, draw_stroke, free_port, icon_font, resize, wait_for_paper
from classroom_server import Browser
from incognito_nb.engine import Deck, Rules
from incognito_nb.store import open_store
from table_driver import SLOW, STEP
from test_outages import running

pytestmark = pytest.mark.browser

PAD = ".inc-pad-board"
#: Strokes clear of one another and of the location line, as fractions of the board.
LINES = [[(0.1 + 0.15 * n, 0.35), (0.15 + 0.15 * n, 0.75)] for n in range(6)]


class Classroom:
    """``incognito-nb classroom`` on a fixed port, which the test can kill and start again."""

    def __init__(self, folder: Path, store: str) -> None:
        self.folder, self.store, self.port = folder, store, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.log = folder / "classroom.log"

    def start(self) -> None:
        command = [sys.executable, "-m", "incognito_nb.app.launcher", "classroom", "--no-browser",
                   "--port", str(self.port), "--store", self.store]
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(command, cwd=self.folder, env=_child_env(None), stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 90
        while not _answers(self.url + "/incognito-nb-test-probe"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the classroom did not start:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.2)

    def kill(self) -> None:
        """Kills the server and every kernel it started, at once, as a crash or a pulled plug does."""
        group = self.process.pid
        kernels = [pid for pid in _descendants(group)]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGKILL)
        for pid in kernels:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


@contextlib.contextmanager
def classroom(folder: Path, store: str):
    server = Classroom(folder, store)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def seated(store_url: str) -> tuple[str, dict]:
    """A started table of three made through the store; returns its code and seats."""
    with open_store(store_url) as store:
        deck = Deck(tuple(f"object {i}" for i in range(18)), tuple(f"location {i}" for i in range(18)), name="d")
        keys = store.create_table(deck, Rules(rounds=1), seed=5)
        seats = {name: store.join(keys.code, name) for name in ("Ana", "Ben", "Cleo")}
        store.start(keys.code, keys.teacher_key)
    return keys.code, seats


def open_seat(browser, base: str, code: str, seat):
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.goto(f"{base}/voila/render/student.ipynb?code={code}&token={seat.token}", timeout=SLOW)
    page.wait_for_selector(f"{PAD} canvas", timeout=SLOW)
    wait_for_paper(page, ".inc-pad canvas")
    return context, page


def strokes_in_store(store_url: str, code: str, name: str) -> int:
    with open_store(store_url) as store:
        return len(store.read(code).game.drawing(name))


def wait_until(check, timeout: float = STEP / 1000, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.1)


def test_a_server_killed_mid_drawing_loses_no_stroke_and_shows_what_was_not_saved(browser, tmp_path):
    store = str(tmp_path / "class.sqlite")
    code, seats = seated(store)
    with classroom(tmp_path, store) as server:
        context, page = open_seat(browser, server.url, code, seats["Ana"])
        for line in LINES[:2]:
            draw_stroke(page, PAD, line, steps=4)
        wait_until(lambda: strokes_in_store(store, code, "Ana") == 2, what="two strokes in the store")
        page.wait_for_selector(".inc-saved", timeout=STEP)

        server.kill()
        draw_stroke(page, PAD, LINES[2], steps=4)  # into a page whose server is gone
        page.locator(".inc-ink-waiting").wait_for(state="visible", timeout=STEP)
        assert "not saved yet" in page.locator(".inc-ink-waiting").inner_text()
        page.locator(".inc-connection-lost").wait_for(state="visible", timeout=30_000)
        assert strokes_in_store(store, code, "Ana") == 2

        server.start()
        page.reload(timeout=SLOW)  # the seat link brings Ana back; her browser kept the third stroke
        page.wait_for_selector(f"{PAD} canvas", timeout=SLOW)
        wait_until(lambda: strokes_in_store(store, code, "Ana") == 3, what="the kept stroke in the store")
        page.wait_for_selector(".inc-saved", timeout=STEP)
        assert page.locator(".inc-ink-waiting").is_hidden()
        page.reload(timeout=SLOW)  # once taken, it is not sent again
        page.wait_for_selector(".inc-saved", timeout=SLOW)
        assert strokes_in_store(store, code, "Ana") == 3
        context.close()


def test_strokes_and_done_wait_while_redis_is_stopped_and_reach_it_when_it_is_back(browser, tmp_path):
    with running(tmp_path, "--appendonly", "yes") as redis:
        code, seats = seated(redis.url)
        with classroom(tmp_path, redis.url) as server:
            context, page = open_seat(browser, server.url, code, seats["Ben"])
            draw_stroke(page, PAD, LINES[0], steps=4)
            # The store has the first stroke (the page says "saved" from the start, with none).
            wait_until(lambda: strokes_in_store(redis.url, code, "Ben") == 1, what="one stroke in Redis")
            page.wait_for_selector(".inc-saved", timeout=STEP)
            redis.stop()
            draw_stroke(page, PAD, LINES[1], steps=4)
            waiting = page.locator(".inc-waiting-to-save")
            waiting.wait_for(timeout=STEP)
            assert waiting.inner_text().startswith("Not saved yet: 1 stroke waits for the game store")
            hourglass = icon_font(page, ".inc-waiting-to-save i.fa-hourglass-half")
            assert hourglass["loaded"] and "Font Awesome" in hourglass["family"], hourglass
            page.screenshot(path=str(ARTIFACTS / "phone_not_saved_yet.png"))
            # On a phone the one-line status is cut with "…": it does not widen Done's row
            # past the screen (it did, to 1,048 px, and Done's label was off the screen).
            resize(page, {"width": 390, "height": 844}, timeout=STEP)  # laid out at it before it is measured
            row = page.evaluate("""() => { const row = document.querySelector('.inc-hand-in');
                return {row: row.getBoundingClientRect().width, card: row.parentElement.getBoundingClientRect().width,
                        done: document.querySelector('.inc-done').getBoundingClientRect().right}; }""")
            assert row["row"] <= row["card"] and row["done"] <= 390, f"Done's row is wider than the phone: {row}"
            resize(page, {"width": 1000, "height": 900}, timeout=STEP)
            page.click(".inc-done")
            page.get_by_text("1 stroke and your Done wait").wait_for(timeout=STEP)
            assert page.locator(".inc-saved").count() == 0
            redis.start()
            page.get_by_text("Your drawing is done").wait_for(timeout=30_000)
            with open_store(redis.url) as store:
                game = store.read(code).game
                assert len(game.drawing("Ben")) == 2 and game.done == ("Ben",)
            page.wait_for_function("() => !document.querySelector('.inc-problem')", timeout=STEP)
            context.close()


def test_a_redis_killed_comes_back_older_and_the_students_page_sends_its_board_again(browser, tmp_path):
    with running(tmp_path, "--appendonly", "no", "--save", "") as redis:
        code, seats = seated(redis.url)
        with classroom(tmp_path, redis.url) as server:
            context, page = open_seat(browser, server.url, code, seats["Cleo"])
            draw_stroke(page, PAD, LINES[0], steps=4)
            wait_until(lambda: strokes_in_store(redis.url, code, "Cleo") == 1, what="one stroke in Redis")
            with open_store(redis.url) as store:
                store._client.save()  # Redis's last snapshot before the crash
            for line in LINES[1:3]:
                draw_stroke(page, PAD, line, steps=4)
            wait_until(lambda: strokes_in_store(redis.url, code, "Cleo") == 3, what="three strokes in Redis")
            redis.kill()
            redis.start()  # from its snapshot: one stroke
            page.get_by_text("came back without its last moves").wait_for(timeout=30_000)
            wait_until(lambda: strokes_in_store(redis.url, code, "Cleo") == 3, timeout=30,
                       what="the page to send its board again")
            page.wait_for_selector(".inc-saved", timeout=STEP)
            context.close()


KEPT_IN_BROWSER = """() => Object.keys(localStorage).filter((key) => key.startsWith('incognito-nb:ink:'))
  .reduce((count, key) => count + JSON.parse(localStorage.getItem(key)).length, 0)"""


def test_a_stroke_drawn_while_redis_is_down_stays_in_the_browser_and_a_reload_brings_it_back(browser, tmp_path):
    with running(tmp_path, "--appendonly", "yes") as redis:
        code, seats = seated(redis.url)
        with classroom(tmp_path, redis.url) as server:
            context, page = open_seat(browser, server.url, code, seats["Ben"])
            draw_stroke(page, PAD, LINES[0], steps=4)
            wait_until(lambda: strokes_in_store(redis.url, code, "Ben") == 1, what="one stroke in Redis")
            page.wait_for_selector(".inc-saved", timeout=STEP)
            page.wait_for_function(f"() => ({KEPT_IN_BROWSER})() === 0", timeout=STEP)  # the page heard so
            redis.stop()
            draw_stroke(page, PAD, LINES[1], steps=4)
            page.locator(".inc-waiting-to-save").wait_for(timeout=STEP)
            # The kernel drew the stroke on the board of record (the overlay's live ink is
            # wiped); the store does not have it, so the browser keeps its own copy.
            page.wait_for_function("""() => { const pad = document.querySelector('.inc-pad-board');
                const overlay = [...pad.querySelectorAll('*')].find((e) => e.shadowRoot);
                const live = overlay.shadowRoot.querySelector('canvas');
                const pixels = live.getContext('2d').getImageData(0, 0, live.width, live.height).data;
                return pixels.every((value, i) => i % 4 !== 3 || value === 0); }""", timeout=STEP)
            assert page.evaluate(KEPT_IN_BROWSER) == 1
            page.reload(timeout=SLOW)  # the page's kernel ends with it, and its board
            page.get_by_text("cannot be reached").wait_for(timeout=SLOW)
            assert page.evaluate(KEPT_IN_BROWSER) == 1
            redis.start()
            page.reload(timeout=SLOW)  # the seat link again, the store back: the kept stroke goes in
            page.wait_for_selector(f"{PAD} canvas", timeout=SLOW)
            wait_until(lambda: strokes_in_store(redis.url, code, "Ben") == 2, what="the kept stroke in the store")
            page.wait_for_selector(".inc-saved", timeout=STEP)
            page.wait_for_function(f"() => ({KEPT_IN_BROWSER})() === 0", timeout=STEP)
            context.close()


def teacher_table(base: str, store_url: str) -> tuple[str, dict, Browser]:
    """A table made by the teacher's browser (which keeps its key), three seated, started."""
    teacher = Browser(base)
    code, key = teacher.create_table()
    with open_store(store_url) as store:
        seats = {name: store.join(code, name) for name in ("Ana", "Ben", "Cleo")}
        store.start(code, key)
    return code, seats, teacher


def test_a_table_gone_with_its_redis_is_said_on_every_page_and_the_drawing_offered(browser, tmp_path):
    from PIL import Image

    with running(tmp_path, "--appendonly", "no", "--save", "") as redis:
        with classroom(tmp_path, redis.url) as server:
            code, seats, teacher = teacher_table(server.url, redis.url)
            context, page = open_seat(browser, server.url, code, seats["Cleo"])
            projector_context = browser.new_context(viewport={"width": 1280, "height": 720})
            teacher.give_cookies_to(projector_context)
            projector = projector_context.new_page()
            projector.goto(f"{server.url}/voila/render/teacher.ipynb?code={code}", timeout=SLOW)
            projector.wait_for_selector(".inc-end-phase", timeout=SLOW)
            draw_stroke(page, PAD, LINES[0], steps=4)
            wait_until(lambda: strokes_in_store(redis.url, code, "Cleo") == 1, what="one stroke in Redis")
            redis.kill()
            # The page says so above the pad, which moves down: the stroke is drawn where the
            # pad then is, as a student's finger would (a stroke aimed at where the pad was
            # before the line appeared landed ~90 px off, and missed the picture's check).
            page.get_by_text("The table cannot be read right now").wait_for(timeout=30_000)
            draw_stroke(page, PAD, LINES[1], steps=4)
            page.locator(".inc-waiting-to-save").wait_for(timeout=STEP)
            redis.start()  # with nothing: it kept no file, so the table is gone
            page.get_by_text("This table no longer exists in the game store").wait_for(timeout=30_000)
            assert "Ask your teacher for a new table." in page.locator(".inc-problem").inner_text()
            assert page.locator(".inc-waiting-to-save").count() == 0, "nothing waits for a table that is gone"
            href = page.locator(".inc-keep-drawing").get_attribute("href")
            picture = Image.open(io.BytesIO(base64.b64decode(href.split(",", 1)[1]))).convert("RGB")
            assert picture.size == (800, 600)
            for (x0, y0), (x1, y1) in LINES[:2]:  # both strokes, the one the store never had too
                assert picture.getpixel((round(400 * (x0 + x1)), round(300 * (y0 + y1)))) != (255, 255, 255)
            projector.get_by_text("This table no longer exists in the game store").wait_for(timeout=30_000)
            assert "Create a new table" in projector.locator(".inc-problem").inner_text()
            assert projector.locator(".inc-new-table a").get_attribute("href").endswith("/teacher.ipynb")
            assert projector.locator(".inc-end-phase").is_hidden()
            projector_context.close()
            context.close()
