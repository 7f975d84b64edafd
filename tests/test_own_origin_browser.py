"""A student's browser talks only to the school's machine: every page the project serves asks
nothing of any other host, in Chromium, every request and websocket recorded.

A request to a third party (a CDN's stylesheet, a font, a script) gives that party the
student's address and the page they opened, and on a school network that swallows outside
traffic it can hold a page blank for minutes.  Each test opens one kind of page the way a
person does, waits until it has drawn its first screen and gone quiet, and checks that every
request went to the origin the page came from (:class:`browser.OwnOrigin`; the kernel's
websocket included, and seen):

- the table dashboard of ``incognito-nb``, into a game's first pad;
- the classroom (``incognito-nb classroom``): the passphrase door, the teacher page making a
  table, the teacher's desk, the classes' page, and a student's phone joining by code, into
  the first round's pad;
- the page the README's Binder badge opens: ``notebooks/incognito.ipynb`` in Voilà's server
  extension under ``jupyter server`` (Binder's Voilà; here this environment's, the page
  template found on ``JUPYTER_PATH`` where Binder's ``pip install .`` puts it in
  ``share/jupyter``).  ``tests/test_binder.py`` runs the same page from a fresh environment.

The static site's game (``tests/test_lite_browser.py``) makes the same check on its pages.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from browser import REPO, OwnOrigin, launcher_server
from classroom_server import classroom as running_classroom
from incognito_nb.app.loading import template_root
from incognito_nb.store import open_store
from table_driver import SLOW, STEP, Table
from test_binder import PLAY_NOTEBOOK, jupyter_server
from test_classroom_browser import wait_ready

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def quiet(page) -> None:
    """Waits until the page has drawn its first screen and asks nothing more."""
    page.wait_for_selector("#loading", state="hidden", timeout=SLOW)
    page.wait_for_load_state("networkidle", timeout=SLOW)


def only_own(origin: OwnOrigin, *, socket: bool = True) -> None:
    assert origin.requests > 10, "the recorder saw the page's requests"
    assert origin.foreign == [], f"pages asked other hosts than {origin.origin}: {origin.foreign}"
    if socket:
        assert origin.sockets, "the kernel's websocket was recorded"


def test_the_dashboard_asks_only_its_own_server(page, tmp_path):
    with launcher_server(tmp_path / "saves") as url:
        origin = OwnOrigin(page.context, url)
        table = Table(page, url)
        table.open()
        quiet(page)
        table.start(["Ana", "Ben", "Cleo"])
        table.open_pad("Ana")
        page.wait_for_selector(".inc-pad canvas", timeout=STEP)
        page.wait_for_load_state("networkidle", timeout=SLOW)
        table.watch.check()
    only_own(origin)


def test_every_classroom_page_asks_only_the_classroom_server(browser, tmp_path):
    with running_classroom(tmp_path) as room:
        laptop = browser.new_context(viewport={"width": 1280, "height": 720})
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        teacher_side, student_side = OwnOrigin(laptop, room.url), OwnOrigin(phone, room.url)
        try:
            door = laptop.new_page()
            door.goto(f"{room.url}/classroom/passphrase", timeout=SLOW)
            door.wait_for_selector("input[name=passphrase]", timeout=STEP)
            door.goto(f"{room.url}/classroom/classes?lang=en", timeout=SLOW)
            door.wait_for_load_state("networkidle", timeout=SLOW)

            teacher = laptop.new_page()
            teacher.goto(f"{room.render}/teacher.ipynb", timeout=SLOW)
            wait_ready(teacher, ".inc-create")
            teacher.click(".inc-create")
            code = teacher.locator(".inc-join-code").inner_text(timeout=STEP).strip()
            desk = laptop.new_page()
            desk.goto(teacher.locator(".inc-open-desk a").get_attribute("href"), timeout=SLOW)
            wait_ready(desk, ".inc-teacher-link a")

            student = phone.new_page()
            student.goto(f"{room.render}/student.ipynb", timeout=SLOW)
            wait_ready(student, ".inc-join")
            student.locator(".inc-join-code-field input").fill(code)
            student.locator(".inc-join-name input").fill("Ana")
            student.click(".inc-join")
            student.wait_for_selector(".inc-lobby", timeout=STEP)
            # Ana's phone asks for a second seat: it is told it sits as Ana, with the way back.
            again = phone.new_page()
            again.goto(f"{room.render}/student.ipynb?code={code}", timeout=SLOW)
            wait_ready(again, ".inc-join")
            again.locator(".inc-join-name input").fill("Ben")
            again.click(".inc-join")
            back = again.locator(".inc-join-own-seat a")
            assert "token=" in student.url and back.get_attribute("href", timeout=STEP).endswith(
                student.url.split("/voila/render/", 1)[1])
            assert "already seated at table" in again.inner_text(".inc-problem") and "as Ana" in back.inner_text()
            again.close()
            with open_store(room.store) as store:  # Ben and Cleo, seated on their own phones
                for name in ("Ben", "Cleo"):
                    store.join(code, name)
            teacher.wait_for_selector(".inc-start:not(:disabled)", timeout=STEP)
            teacher.click(".inc-start")
            student.wait_for_selector(".inc-pad canvas", timeout=STEP)
            for page in (teacher, desk, student):
                quiet(page)
        finally:
            laptop.close()
            phone.close()
    only_own(teacher_side)
    only_own(student_side)


def test_the_binder_badges_page_asks_only_its_own_server(page, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    env = {"PYTHONPATH": str(REPO), "JUPYTER_PATH": str(template_root())}
    with jupyter_server(Path(sys.prefix), home, env=env) as (url, _):
        origin = OwnOrigin(page.context, url)
        page.goto(f"{url}/voila/render/{PLAY_NOTEBOOK}", timeout=SLOW)
        page.wait_for_selector(".inc-setup", timeout=SLOW)
        # A player sees the game, not the notebook's prose: its markdown cell told a player on
        # this page to "Run the cell below (or open this notebook with Voilà)".
        assert "notebook" not in page.inner_text("body").lower()
        quiet(page)
        # Typing a name typesets the widgets' labels again: Voilà's server extension had the
        # page load MathJax from a CDN at the first typesetting.
        page.locator(".inc-player-name input").first.fill("Ana $x^2$")
        page.wait_for_load_state("networkidle", timeout=SLOW)
    only_own(origin)
