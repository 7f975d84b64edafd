"""The projected picture holds no teacher's control at rest, and a clicker moves the show on.

The classroom's teacher page is projected: the class sees what it shows.  In Chromium at
1280x720, with a table of four: once no pointer has moved for a moment, every button, menu
and link of the teacher (Start, End phase now, the projector toggle, the desk's link, the
language menu, Next) is transparent and the pointer hidden; the pointer's first move brings
them back, a pointer resting on one holds them all, and a control reached with Tab stays in
sight while it has the focus.  A
presentation clicker's "next" (→, Page Down) moves the reveal on, in the store, without
waking them.  With projector mode off (the page on the laptop's own screen) nothing fades.
Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import incognito_nb

from browser import ARTIFACTS
from table_driver import SLOW, STEP
from test_classroom_browser import run_classroom, wait_ready

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo", "Dev"]

#: The teacher's controls the class could see: their selectors and how opaque they look
#: (the product of their own and their boxes' opacity), for those laid out on the page.
SEEN_CONTROLS = """() => {
    const seen = [];
    const controls = '.inc-app button, .inc-app select, .inc-app input, .inc-open-desk a';
    for (const el of document.querySelectorAll(controls)) {
        const box = el.getBoundingClientRect();
        if (!box.width || !box.height || el.closest('.inc-invisible, .inc-aria, .inc-projector .inc-aria-projected')) continue;
        if (getComputedStyle(el).visibility === 'hidden') continue;
        let opacity = 1;
        for (let at = el; at; at = at.parentElement) opacity *= Number(getComputedStyle(at).opacity);
        if (opacity > 0) seen.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}: ${opacity}`);
    }
    return seen;
}"""

#: How opaque the element in focus looks (its own opacity times its boxes').
FOCUSED_OPACITY = """() => {
    let opacity = 1;
    for (let at = document.activeElement; at; at = at.parentElement) opacity *= Number(getComputedStyle(at).opacity);
    return opacity;
}"""

AT_REST = "() => document.body.classList.contains('inc-at-rest')"
#: A control of the teacher's the pointer rests on (HELD in show_controls.js).
HELD = ":is(.inc-teacher-row, .inc-start, .inc-next, .inc-page-language):hover"
#: How long the page waits before its controls fade, as show_controls.js says.
REST_MS = int(re.search(r"export const REST_MS = (\d+);", (
    Path(incognito_nb.__file__).parent / "ui" / "widgets" / "show_controls.js").read_text()).group(1))


def rest(page, what: str) -> None:
    """Waits until the page rests and no control of the teacher can be seen (they fade)."""
    page.wait_for_function(AT_REST, timeout=STEP)
    page.wait_for_function(f"() => ({SEEN_CONTROLS})().length === 0", timeout=STEP)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"show_controls_at_rest_{what}.png"))


def test_the_projected_picture_holds_no_control_at_rest_and_a_clicker_moves_the_reveal(browser, tmp_path):
    from incognito_nb.engine import Action, Rules, Stroke, load_deck

    with run_classroom(tmp_path, str(tmp_path / "class.sqlite")) as (base, store):
        keys = store.create_table(load_deck(tmp_path / "secrets.csv"), Rules(rounds=1), seed=3)
        code = keys.code
        seats = {name: store.join(code, name) for name in NAMES}
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        try:
            show = context.new_page()
            show.goto(f"{base}/teacher.ipynb?code={code}&key={keys.teacher_key}", timeout=SLOW)
            wait_ready(show, ".inc-app.inc-projector .inc-start")
            # The lobby at rest: the join code and QR code, no Start, no bar, no menu.
            rest(show, "lobby")
            assert show.is_visible(".inc-join-code") and show.evaluate(
                "() => getComputedStyle(document.querySelector('.inc-app')).cursor") == "none"
            # The teacher moves the mouse: the controls are back at once, and Start works.
            show.mouse.move(200, 200)
            show.mouse.move(640, 400)
            show.wait_for_function(f"() => ({SEEN_CONTROLS})().some(c => c.startsWith('button.') && c.includes('inc-start'))",
                                   timeout=STEP)
            assert not show.evaluate(AT_REST)
            # A pointer resting on Start holds the controls in sight: the page does not rest
            # in twice the time it would (watched from the page, whatever the machine's load).
            show.hover(".inc-start")
            show.evaluate("""() => { window.restedWhileHeld = false; window.heldSince = performance.now();
                window.heldWatch = new MutationObserver(() => { window.restedWhileHeld ||=
                    document.body.classList.contains('inc-at-rest'); });
                window.heldWatch.observe(document.body, {attributes: true, attributeFilter: ['class']}); }""")
            show.wait_for_function("ms => performance.now() - window.heldSince > ms", arg=2 * REST_MS, timeout=STEP)
            assert not show.evaluate("() => { window.heldWatch.disconnect(); return window.restedWhileHeld; }")
            assert any("inc-start" in control for control in show.evaluate(SEEN_CONTROLS))
            show.click(".inc-start")
            show.wait_for_selector(".inc-room-seats", timeout=STEP)

            # Tab reaches a control of the bar: it stays in sight while it has the focus.
            rest(show, "hide")
            for _ in range(12):
                show.keyboard.press("Tab")
                if show.evaluate("() => !!document.activeElement.closest('.inc-teacher-row')"):
                    break
            else:
                pytest.fail("Tab never reached the teacher's bar")
            show.wait_for_function(AT_REST, timeout=STEP)  # resting again, with the focus kept
            assert show.evaluate(FOCUSED_OPACITY) == 1
            # The language menu, passed on the way, fades; the bar in focus stays.
            show.wait_for_function(f"() => !({SEEN_CONTROLS})().some(c => c.startsWith('select'))", timeout=STEP)
            assert show.evaluate(FOCUSED_OPACITY) == 1
            show.evaluate("() => document.activeElement.blur()")

            for seat, name in enumerate(NAMES):
                stroke = Stroke([(100 + 50 * seat, 100), (500, 400 - 40 * seat)], width=10)
                store.act(code, Action.edit_drawing(name, [stroke]), seat_token=seats[name].token)
                store.act(code, Action.mark_done(name), seat_token=seats[name].token)
            show.wait_for_selector(".inc-find .inc-gallery", timeout=STEP)
            for name in NAMES:
                store.act(code, Action.confirm_votes(name), seat_token=seats[name].token)
            show.wait_for_selector(".inc-reveal", timeout=STEP)
            rest(show, "reveal")

            # The clicker: → moves the reveal on in the store, Page Down too; the controls stay out of the picture.
            game = store.read(code).game
            for step, key in ((1, "ArrowRight"), (2, "PageDown")):
                show.keyboard.press(key)
                show.locator(".inc-reveal-artist", has_text=game.players[step]).wait_for(timeout=STEP)
                assert store.read(code).game.reveal_step == step
                assert show.evaluate(AT_REST) and show.evaluate(SEEN_CONTROLS) == [], "the clicker showed the controls"
                # The new screen's heading has the focus, and no ring on the projector.
                assert show.evaluate("() => getComputedStyle(document.activeElement).outlineColor") == "rgba(0, 0, 0, 0)"
            # A key with a modifier is someone else's shortcut (Alt+→ is the browser's Forward):
            # after it and one →, the reveal is one drawing on, not two.
            show.keyboard.press("Shift+ArrowRight")
            show.keyboard.press("ArrowRight")
            show.locator(".inc-reveal-artist", has_text=game.players[3]).wait_for(timeout=STEP)
            assert store.read(code).game.reveal_step == 3

            # On the laptop's own screen (projector mode off) nothing fades.
            show.mouse.move(300, 300)
            show.click(".inc-projector-toggle")
            show.wait_for_selector(".inc-app:not(.inc-projector)", timeout=STEP)
            show.mouse.move(640, 710)  # off the toggle, which would hold the controls in sight
            assert not show.evaluate(f"() => !!document.querySelector('{HELD}')")
            show.wait_for_function(AT_REST, timeout=STEP)
            seen = show.evaluate(SEEN_CONTROLS)
            assert any("inc-next" in control for control in seen) and any("inc-end-phase" in c for c in seen), seen
            assert show.evaluate("() => getComputedStyle(document.querySelector('.inc-app')).cursor") != "none"
        finally:
            context.close()
