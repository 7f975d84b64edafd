"""``incognito-nb classroom --theme dark`` in Chromium: a class in a darkened room sees dark
pages everywhere, the projected one and the phones, with text that reads, and a QR code
that still scans.

Kept short (one server, the lobby and the countdown): every screen of a class is checked in
the dark theme by ``test_accessibility_browser.py``, the theme switched on its pages.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from a11y import check_modes, check_page
from browser import ARTIFACTS
from classroom_server import classroom as running_classroom
from incognito_nb.engine import Action, Deck, Rules
from incognito_nb.store import open_store
from incognito_nb.ui.widgets.palette import contrast_ratio
from table_driver import SLOW, STEP

pytestmark = [pytest.mark.browser,
              # Under CI (.ci/run installs zbar-tools) a missing reader fails the test instead.
              pytest.mark.skipif(not shutil.which("zbarimg") and not os.environ.get("CI"),
                                 reason="zbarimg (zbar-tools) reads the QR code back")]

#: The colour a page's title line is drawn on (the first ancestor with a colour of its own),
#: and the title's own colour, as ``#rrggbb``.
_GROUND = """() => {
    const hex = c => '#' + c.match(/\\d+/g).slice(0, 3).map(n => (+n).toString(16).padStart(2, '0')).join('');
    const title = document.querySelector('.inc-header');
    let el = title;
    while (el && getComputedStyle(el).backgroundColor.match(/rgba\\(.*, 0\\)$|transparent/)) el = el.parentElement;
    return [hex(getComputedStyle(el || document.documentElement).backgroundColor), hex(getComputedStyle(title).color)];
}"""


#: The first colour in the CSS property ``prop`` of ``selector``, as ``#rrggbb``.
_COLOUR = """([selector, prop]) => {
    const hex = c => '#' + c.match(/\\d+/g).slice(0, 3).map(n => (+n).toString(16).padStart(2, '0')).join('');
    const found = getComputedStyle(document.querySelector(selector))[prop].match(/rgba?\\([^)]*\\)/);
    return found ? hex(found[0]) : null;
}"""


def colour(page, selector: str, prop: str) -> str:
    """Returns :data:`_COLOUR`'s colour, ``#000000`` where the property has none (``box-shadow: none``)."""
    return page.evaluate(_COLOUR, [selector, prop]) or "#000000"


def dark_and_readable(page, where: str) -> None:
    """Fails unless ``page``'s title line is light type on a dark ground (JupyterLab Dark's)."""
    ground, text = page.evaluate(_GROUND)
    assert contrast_ratio(ground, "#000000") < 2, f"{where}: the page's ground is {ground}, not dark"
    assert contrast_ratio(text, ground) >= 7, f"{where}: its title {text} on {ground}"


def test_a_dark_classroom_is_dark_on_the_projector_and_the_phones_and_its_qr_code_scans(browser, tmp_path):
    """The new-table form, the projected lobby and countdown, the join form the QR code opens on
    a phone and the student's page after it: dark, every text at 4.5:1 at least (axe-core), and the lobby's QR
    code decodes to the join link. The teacher page and the phones were light (Voilà's theme is
    the server's, and the classroom had no ``--theme``), and so was the join form; the
    countdown's box, in the projector's 2-em type, was a scrolled region no keyboard reaches.
    What was black or pale on the dark page reads there: the black pen's swatch, a finished
    student's tile and ✔, the phone's mark of the drawing it shows."""
    with running_classroom(tmp_path, "--theme", "dark") as room, open_store(room.store) as store:
        keys = store.create_table(Deck.builtin(), Rules(rounds=1), seed=4)
        seats = {name: store.join(keys.code, name) for name in ("Ben", "Cleo")}
        teacher = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        teacher.goto(f"{room.render}/teacher.ipynb", timeout=SLOW)  # what a projector shows first
        teacher.wait_for_selector(".inc-create", timeout=SLOW)
        dark_and_readable(teacher, "the new-table form")
        check_page(teacher, "the new-table form")
        teacher.goto(f"{room.render}/teacher.ipynb?code={keys.code}&key={keys.teacher_key}&timer=90", timeout=SLOW)
        teacher.wait_for_selector(".inc-app.inc-projector .inc-start", timeout=SLOW)
        qr = teacher.locator(".inc-qr img")
        qr.wait_for(timeout=STEP)
        dark_and_readable(teacher, "the projected lobby")
        check_modes(teacher, "the projected lobby", modes=("projector",))
        # The lobby's warning (the server on 127.0.0.1 here) is a dark box too, not a pale one.
        warning = colour(teacher, ".inc-join-local", "backgroundColor")
        assert contrast_ratio(warning, "#000000") < 2, f"the lobby's warning on {warning}"
        ARTIFACTS.mkdir(exist_ok=True)
        qr.screenshot(path=str(ARTIFACTS / "classroom_dark_qr.png"))
        teacher.screenshot(path=str(ARTIFACTS / "classroom_dark_lobby.png"))
        join_link = subprocess.run(["zbarimg", "-q", "--raw", str(ARTIFACTS / "classroom_dark_qr.png")],
                                   capture_output=True, text=True).stdout.strip()
        assert join_link == f"{room.render}/student.ipynb?code={keys.code}"

        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
        phone.goto(join_link, timeout=SLOW)  # as the phone's camera does
        phone.wait_for_selector(".inc-join", timeout=SLOW)
        dark_and_readable(phone, "the join form")
        check_page(phone, "the join form")
        phone.fill("#inc-name", "Ana")
        phone.click(".inc-join")
        phone.wait_for_selector(".inc-lobby", timeout=SLOW)
        dark_and_readable(phone, "the student's page")
        check_modes(phone, "the student's lobby", modes=("dark",))

        teacher.get_by_text("Ana", exact=True).wait_for(timeout=STEP)
        teacher.click(".inc-start")
        teacher.wait_for_selector(".inc-timer", timeout=STEP)
        check_modes(teacher, "the projected countdown", modes=("projector",))
        phone.wait_for_selector(".inc-pad canvas", timeout=STEP)
        ground = phone.evaluate(_GROUND)[0]
        # The black pen is framed: a black square on the dark page was lost (1.3:1).
        frame = colour(phone, ".inc-tool-color", "boxShadow")
        assert contrast_ratio(frame, ground) >= 3, f"the black pen's frame {frame} on {ground}"
        # Ben is done: a dark tile on the projector (it was a pale slab), a ✔ that reads on it
        # and on the phone's bar (its dark green read 2.4:1 there).
        store.act(keys.code, Action.mark_done("Ben"), seat_token=seats["Ben"].token)
        tile = '.inc-room-seats .inc-who-chip[data-done="true"]'
        teacher.wait_for_selector(tile, timeout=STEP)
        phone.wait_for_selector('.inc-who-short[data-done="true"]', timeout=STEP)
        tile_ground = colour(teacher, tile, "backgroundColor")
        assert contrast_ratio(tile_ground, "#000000") < 2, f"Ben's done tile is {tile_ground}, not dark"
        for page, chip, on in ((teacher, tile, tile_ground), (phone, '.inc-who-short[data-done="true"]', ground)):
            tick = colour(page, f"{chip} .inc-who-state", "color")
            assert contrast_ratio(tick, on) >= 4.5, f"Ben's ✔ {tick} on {on}"
        teacher.screenshot(path=str(ARTIFACTS / "classroom_dark_countdown.png"))
        phone.screenshot(path=str(ARTIFACTS / "classroom_dark_phone_pad.png"))
        check_modes(phone, "the student's pad", modes=("dark",))
        # The phone's find screen: the drawing shown is marked in its row of cards by a frame
        # that reads on the dark page (it was black).
        store.act(keys.code, Action.advance(force=True), teacher_key=keys.teacher_key)
        step = '.inc-find-go[aria-current="step"]'
        phone.wait_for_selector(step, timeout=STEP)
        marked = colour(phone, step, "outlineColor")
        assert contrast_ratio(marked, ground) >= 3, f"the drawing shown's frame {marked} on {ground}"
