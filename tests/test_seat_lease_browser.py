"""One live page per seat across every server that shares a store (issue 17, item 6).

A school runs two ``incognito-nb classroom`` servers on one store (one SQLite file, or one
Redis).  A student opens their seat link on the first, then on the second: the older page,
on the first server, must close, saying so in its own language, and the newer one plays on
with the board as the store has it, while the older page's kernel ends.  A server ends the
older page's kernel itself only when both pages are its own, so the store has to carry the
seat's lease between them.
"""

from __future__ import annotations

import pytest

from browser import draw_stroke, wait_for_paper
from classroom_server import classroom
from table_driver import SLOW, STEP
from test_outages import running
from test_outages_browser import LINES, PAD, seated, strokes_in_store, wait_until

pytestmark = pytest.mark.browser


def seat_page(browser, base: str, code: str, seat, language: str = ""):
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    lang = f"&lang={language}" if language else ""
    page.goto(f"{base}/voila/render/student.ipynb?code={code}&token={seat.token}{lang}", timeout=SLOW)
    page.wait_for_selector(f"{PAD} canvas", timeout=SLOW)
    wait_for_paper(page, ".inc-pad canvas")
    return context, page


def two_servers_take_one_seat(browser, tmp_path, store: str) -> None:
    code, seats = seated(store)
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    with classroom(tmp_path / "one", store=store) as one, classroom(tmp_path / "two", store=store) as two:
        old_context, old = seat_page(browser, one.url, code, seats["Ana"], language="de")
        draw_stroke(old, PAD, LINES[0], steps=4)
        wait_until(lambda: strokes_in_store(store, code, "Ana") == 1, what="the first stroke in the store")
        new_context, new = seat_page(browser, two.url, code, seats["Ana"])
        closed = old.locator(".inc-seat-elsewhere")
        closed.wait_for(timeout=STEP)
        assert "auf einer anderen Seite geöffnet" in closed.inner_text()  # in the older page's language
        assert old.locator(PAD).count() == 0, "the older page no longer draws"
        # It ends its own kernel on its server, on purpose: no "connection lost" banner.
        old.wait_for_selector('[data-goodbye="said"]', state="attached", timeout=STEP)
        one.wait_for(lambda status: status["pages"].get("student.ipynb", 0) == 0, "the older page's kernel to end")
        assert old.locator(".inc-connection-lost").is_hidden() and closed.is_visible(), "the note stays, alone"
        draw_stroke(new, PAD, LINES[1], steps=4)
        wait_until(lambda: strokes_in_store(store, code, "Ana") == 2, what="the newer page's stroke in the store")
        new.wait_for_selector(".inc-saved", timeout=STEP)
        assert new.locator(".inc-seat-elsewhere").count() == 0
        assert old.locator(".inc-seat-elsewhere").count() == 1 and old.locator(PAD).count() == 0
        old_context.close()
        new_context.close()


def test_a_seat_opened_on_another_server_closes_the_older_page_over_one_sqlite_file(browser, tmp_path):
    two_servers_take_one_seat(browser, tmp_path, str(tmp_path / "class.sqlite"))


def test_a_seat_opened_on_another_server_closes_the_older_page_over_one_redis(browser, tmp_path):
    with running(tmp_path, "--appendonly", "no", "--save", "") as redis:
        two_servers_take_one_seat(browser, tmp_path, redis.url)
