"""A class through JupyterHub, in Chromium (issue 20): the classroom as a Hub-managed service.

A real ``jupyterhub`` runs the shipped ``deploy/jupyterhub/jupyterhub_config.py`` with
configurable-http-proxy, a local spawner and a password (DummyAuthenticator), the tables in
Redis (``deploy/redis``) — :mod:`hub`.  The teacher (in the hub group ``teachers``) and three
students log in with their hub accounts; the students open the join link the teacher page
shows, log in, and sit under their hub names without typing one; the class plays a round.
"""

from __future__ import annotations

import pytest

from browser import draw_stroke, show_drawing, wait_for_ink, wait_for_paper
from hub import STUDENTS, TEACHER, hub, log_in
from incognito_nb.engine import Phase
from incognito_nb.store import open_store
from table_driver import MIDDLE, SLOW, STEP, Watch
from test_classroom_browser import CARDS_IN, check_consoles, press, wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.school]


def test_a_teacher_and_three_students_play_a_round_through_jupyterhub(browser, tmp_path):
    with hub(tmp_path) as at, open_store(at.store) as store:
        contexts = [browser.new_context(viewport={"width": 1100, "height": 900}) for _ in range(4)]
        teacher, *pupils = [context.new_page() for context in contexts]
        students = dict(zip(STUDENTS, pupils))
        watches = [Watch(page) for page in (teacher, *pupils)]
        try:
            # The teacher opens the hub, logs in, and lands on the classroom's new-table form.
            teacher.goto(at.url, timeout=SLOW)
            log_in(teacher, TEACHER)
            wait_ready(teacher, ".inc-create")
            teacher.click(".inc-create")
            code = teacher.locator(".inc-join-code").inner_text(timeout=SLOW).strip()
            join_url = teacher.locator(".inc-join-url a").get_attribute("href")
            assert join_url == f"{at.render}/student.ipynb?code={code}", join_url
            assert teacher.locator(".inc-qr").count() == 1
            # Each student opens the join link (as the QR code does), logs in with the hub, and sits
            # under their hub name: no form, no name typed.
            for name, page in students.items():
                page.goto(join_url, timeout=SLOW)
                log_in(page, name)
                page.wait_for_selector(".inc-rejoin-link a", timeout=SLOW)
                assert f"code={code}" in page.url and "token=" in page.url
                teacher.locator(".inc-lobby").get_by_text(name, exact=True).wait_for(timeout=STEP)
            assert sorted(store.read(code).players) == sorted(STUDENTS)
            # The join link again, in the same browser: the same seat, not a second one.
            ana = students["ana"]
            seat_url = ana.url
            ana.goto(join_url, timeout=SLOW)
            ana.wait_for_selector(".inc-rejoin-link a", timeout=SLOW)
            assert ana.url == seat_url and len(store.read(code).players) == 3
            # A student is not the teacher: the new-table form is refused, saying so.
            cleo = contexts[3].new_page()
            cleo.goto(f"{at.render}/teacher.ipynb", timeout=SLOW)
            assert "Only the teacher can create a table" in cleo.inner_text("body", timeout=STEP)
            # Nor does ana's seat link open for cleo: it is ana's seat, not hers.
            cleo.goto(seat_url, timeout=SLOW)
            assert "This link opens another student's seat." in cleo.inner_text("body", timeout=STEP)
            assert cleo.locator(".inc-pad").count() == 0
            cleo.close()

            teacher.wait_for_selector(".inc-start:not(:disabled)", timeout=STEP)
            teacher.click(".inc-start")
            # Hide: each draws a stroke and is done.
            game = _wait_phase(store, code, Phase.HIDE)
            for seat, (name, page) in enumerate(students.items()):
                page.wait_for_selector(".inc-pad canvas", timeout=STEP)
                wait_for_paper(page, ".inc-pad canvas", timeout=STEP)
                assert page.inner_text(".inc-secret b").strip() == game.secret_object(name)
                draw_stroke(page, ".inc-pad canvas", [(0.2 + 0.1 * seat, 0.4), (0.5, 0.6), (0.7, 0.5)], steps=4)
                wait_for_ink(page, ".inc-pad canvas", region=MIDDLE, timeout=STEP)
                page.click(".inc-done")
                page.wait_for_selector(".inc-done", state="detached", timeout=STEP)
            # Find: ben and cleo find ana's object (found by all: ana scores 0); no card on the others.
            game = _wait_phase(store, code, Phase.FIND)
            ana_token = game.lineup.index(game.secret_object("ana")) + 1
            for name, page in students.items():
                page.wait_for_selector(".inc-confirm-votes:not(:disabled)", timeout=STEP)
                # One drawing at a time on a phone: go to ana's; "no card" is where every card starts.
                if name != "ana":
                    show_drawing(page, game.seat("ana"))
                    page.click(f".inc-vote-for-{game.seat('ana')} .inc-card-{ana_token}")
                page.click(".inc-confirm-votes")
                page.wait_for_selector(CARDS_IN, timeout=STEP)
            # Score: the teacher steps through the reveal to the scoreboard.
            for _ in game.players:
                teacher.wait_for_selector(".inc-reveal", timeout=STEP)
                press(teacher, ".inc-next")
            teacher.wait_for_selector(".inc-scoreboard", timeout=STEP)
            assert store.read(code).game.scores == {"ana": 0, "ben": 1, "cleo": 1}
            rows = teacher.locator(".inc-scoreboard .inc-score-row").all_inner_texts()
            assert any(row.split()[0] == "ben" and row.split()[-1] == "1" for row in rows), rows
            students["ben"].wait_for_selector(".inc-my-points", timeout=STEP)
            assert "You scored 1 point " in students["ben"].inner_text(".inc-my-points")
            check_consoles(watches)
        finally:
            for context in contexts:
                context.close()


def _wait_phase(store, code: str, phase: Phase, timeout: float = STEP / 1000):
    import time

    deadline = time.monotonic() + timeout
    while True:
        game = store.read(code).game
        if game is not None and game.phase is phase:
            return game
        if time.monotonic() > deadline:
            raise AssertionError(f"the table never reached {phase}: {game and game.phase}")
        time.sleep(0.1)
