"""A class split across two classroom servers behind one address, in Chromium (issue 20).

nginx runs ``deploy/nginx/classroom.conf`` in front of two servers that share one Redis
started with ``deploy/redis/classroom.conf`` (:mod:`school`).  Every page is opened at
the proxy's address; the proxy keeps each browser on the server its cookie names, and
the test puts each device on a server as the proxy's first answer would.  What a person
sees is asserted on the pages; the store (read by the test only to know the truth) and
the servers' own kernels say where each page lives.
"""

from __future__ import annotations

import os
import signal

import pytest

from browser import draw_stroke
from classroom_server import kernel_id_in
from incognito_nb.store import open_store
from incognito_nb.ui.widgets.seat_link import qr_data_uri
from school import place, placed, school
from table_driver import SLOW, STEP
from test_classroom_browser import class_in_browsers, check_consoles, create_table, join_students, play_find, \
    play_hide, play_score, wait_ready
from test_outages_browser import LINES, PAD, seated, strokes_in_store, wait_until
from test_seat_lease_browser import seat_page

pytestmark = [pytest.mark.browser, pytest.mark.school]

#: Where the class sits: the teacher and Ben on server a, Ana and Cleo on server b.
SPLIT = {"teacher": "a", "Ana": "b", "Ben": "a", "Cleo": "b"}


def kernel_of(page) -> str:
    return kernel_id_in(page.content())


def test_a_class_split_across_two_servers_plays_a_round_at_one_address(browser, tmp_path):
    with school(tmp_path) as at, open_store(at.redis.url) as store, \
            class_in_browsers(browser) as (teacher, students, watches, frames):
        for who, page in {"teacher": teacher, **students}.items():
            place(page.context, at, SPLIT[who])
        code = create_table(teacher, at.render, 1)
        join_students(teacher, students, at.render, code)
        for who, page in {"teacher": teacher, **students}.items():
            assert at.holding(kernel_of(page)) == SPLIT[who] == placed(page.context), who
        frames.phase = ("hide", 1)
        teacher.click(".inc-start")
        secrets = play_hide(students, store, code, 1, frames)
        teacher.wait_for_selector(".inc-gallery .inc-drawing", timeout=STEP)
        play_find(students, store, code, secrets, frames, 1)
        play_score(teacher, students, store, code, 1)
        for name, page in students.items():  # every page saw the round end, on either server
            page.wait_for_selector(".inc-my-points", timeout=STEP)
        # The teacher's desk that create_table opened and closed ends its kernel (Voilà's
        # shutdown beacon): wait for it, then every page's kernel is where its browser sits.
        wait_until(lambda: at.servers[0].status()["pages"].get("teacher.ipynb") == 1, STEP / 1000,
                   "the closed teacher's desk to end its kernel")
        one, two = (room.status()["pages"] for room in at.servers)
        assert one.get("student.ipynb") == 1 and one.get("teacher.ipynb") == 1, one
        assert two.get("student.ipynb") == 2 and not two.get("teacher.ipynb"), two
        check_consoles(watches)


def test_a_seat_opened_on_both_servers_behind_the_proxy_closes_the_older_page(browser, tmp_path):
    with school(tmp_path) as at:
        code, seats = seated(at.redis.url)
        # The phone on server a, then the tablet on server b, both at the proxy's address.
        old_context, old = seat_page(_placed_browser(browser, at, "a"), at.url, code, seats["Ana"], language="fr")
        assert at.holding(kernel_of(old)) == "a"
        draw_stroke(old, PAD, LINES[0], steps=4)
        wait_until(lambda: strokes_in_store(at.redis.url, code, "Ana") == 1, what="the first stroke in Redis")
        new_context, new = seat_page(_placed_browser(browser, at, "b"), at.url, code, seats["Ana"])
        assert at.holding(kernel_of(new)) == "b"
        closed = old.locator(".inc-seat-elsewhere")
        closed.wait_for(timeout=STEP)
        assert old.locator(PAD).count() == 0, "the older page no longer draws"
        at.servers[0].wait_for(lambda status: status["pages"].get("student.ipynb", 0) == 0,
                               "the older page's kernel to end on server a")
        draw_stroke(new, PAD, LINES[1], steps=4)
        wait_until(lambda: strokes_in_store(at.redis.url, code, "Ana") == 2, what="the newer page's stroke")
        new.wait_for_selector(".inc-saved", timeout=STEP)
        assert closed.is_visible() and new.locator(".inc-seat-elsewhere").count() == 0
        old_context.close()
        new_context.close()


class _placed_browser:
    """A browser whose next context is placed on one server (``seat_page`` makes the context)."""

    def __init__(self, browser, at, name: str) -> None:
        self.browser, self.at, self.name = browser, at, name

    def new_context(self, **options):
        context = self.browser.new_context(**options)
        place(context, self.at, self.name)
        return context


def test_a_server_killed_mid_round_its_students_reload_onto_the_other_and_lose_nothing_saved(browser, tmp_path):
    with school(tmp_path) as at:
        url = at.redis.url
        code, seats = seated(url)
        ana_context, ana = seat_page(_placed_browser(browser, at, "a"), at.url, code, seats["Ana"])
        ben_context, ben = seat_page(_placed_browser(browser, at, "b"), at.url, code, seats["Ben"])
        assert (at.holding(kernel_of(ana)), at.holding(kernel_of(ben))) == ("a", "b")
        for line in LINES[:2]:
            draw_stroke(ana, PAD, line, steps=4)
        draw_stroke(ben, PAD, LINES[0], steps=4)
        wait_until(lambda: strokes_in_store(url, code, "Ana") == 2, what="Ana's two strokes in Redis")
        ana.wait_for_selector(".inc-saved", timeout=STEP)

        os.kill(at.servers[0].server_pid, signal.SIGKILL)  # server a dies mid-round
        draw_stroke(ana, PAD, LINES[2], steps=4)  # into a page whose server is gone
        ana.locator(".inc-ink-waiting").wait_for(state="visible", timeout=STEP)
        ana.locator(".inc-connection-lost").wait_for(state="visible", timeout=30_000)
        assert strokes_in_store(url, code, "Ana") == 2

        ana.reload(timeout=SLOW)  # the same address: the proxy sends her to server b
        ana.wait_for_selector(f"{PAD} canvas", timeout=SLOW)
        assert at.holding(kernel_of(ana)) == "b" == placed(ana_context)
        wait_until(lambda: strokes_in_store(url, code, "Ana") == 3, what="the stroke her browser kept, in Redis")
        ana.wait_for_selector(".inc-saved", timeout=STEP)
        assert ana.locator(".inc-ink-waiting").is_hidden()
        # Ben, on the server that lives, never noticed; both finish their drawings.
        assert ben.locator(".inc-connection-lost").is_hidden()
        for page in (ana, ben):
            page.click(".inc-done")
            page.wait_for_selector(".inc-done", state="detached", timeout=STEP)
        with open_store(url) as store:
            game = store.read(code).game
            assert len(game.drawing("Ana")) == 3 and len(game.drawing("Ben")) == 1
            assert set(game.done) == {"Ana", "Ben"}
        ana_context.close()
        ben_context.close()


#: What a browser might send to pass itself off as coming through a TLS proxy of another name.
FORGED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"}


def test_behind_tls_the_join_and_seat_links_and_the_qr_code_use_the_address_the_browser_used(browser, tmp_path):
    with school(tmp_path, tls=True) as at:
        contexts = [browser.new_context(viewport={"width": 1100, "height": 900}, ignore_https_errors=True)
                    for _ in range(2)]
        # The teacher and Ana open the class's https:// address, through the proxy's TLS lines.
        teacher, ana = (context.new_page() for context in contexts)
        place(contexts[0], at, "a")
        place(contexts[1], at, "b")
        tls_render = f"{at.tls_url}/voila/render"
        code = create_table(teacher, tls_render, 1)
        join_url = teacher.locator(".inc-join-url a").get_attribute("href")
        assert join_url == f"{tls_render}/student.ipynb?code={code}", join_url
        assert teacher.locator(".inc-qr img").get_attribute("src") == qr_data_uri(join_url)
        ana.goto(join_url, timeout=SLOW)  # as the QR code does
        wait_ready(ana, ".inc-join")
        ana.locator(".inc-join-name input").fill("Ana")
        ana.click(".inc-join")
        rejoin = ana.locator(".inc-rejoin-link a").get_attribute("href", timeout=STEP)
        assert rejoin.startswith(f"{tls_render}/student.ipynb?code={code}&token="), rejoin
        assert at.holding(kernel_of(ana)) == "b"  # the seat link was made on the other server
        for context in contexts:
            context.close()
        # A browser that sends the proxy's headers itself (plain http) gets nothing from them:
        # the proxy sets its own, and the links name the address this browser used.
        forger = browser.new_context(viewport={"width": 1100, "height": 900}, extra_http_headers=FORGED)
        page = forger.new_page()
        code = create_table(page, at.render, 1)
        join_url = page.locator(".inc-join-url a").get_attribute("href")
        assert join_url == f"{at.render}/student.ipynb?code={code}", join_url
        assert page.locator(".inc-qr img").get_attribute("src") == qr_data_uri(join_url)
        forger.close()
