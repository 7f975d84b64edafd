"""Every step of a round with the keyboard alone (Tab, Enter, Space), focus always visible.

No mouse here: names are typed into focused fields, buttons are reached with Tab and
pressed with Enter or Space, and each focused control must show a visible outline.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from browser import canvas_pixels, launcher_server, wait_for_ink, wait_for_paper
from table_driver import MIDDLE, SLOW, STEP, Table

pytestmark = pytest.mark.browser

ANA_BEN_CLEO = ["Ana", "Ben", "Cleo"]


#: The focused element's outline: the element inside a widget's shadow root (the board's
#: canvas) where the focus is there, not its host.
FOCUSED_OUTLINE = """() => {
  let focused = document.activeElement;
  while (focused.shadowRoot && focused.shadowRoot.activeElement) focused = focused.shadowRoot.activeElement;
  const s = getComputedStyle(focused);
  return [s.outlineStyle, parseFloat(s.outlineWidth)];
}"""


def tab_to(page, selector: str, *, limit: int = 80) -> None:
    """Presses Tab until the focused element is (inside) ``selector``, and checks its outline."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!(document.activeElement && document.activeElement.closest(s))", selector):
            outline = page.evaluate(FOCUSED_OUTLINE)
            assert outline[0] != "none" and outline[1] >= 2, f"focus on {selector} is not visible: {outline}"
            return
    seen = page.evaluate("() => document.activeElement && document.activeElement.outerHTML.slice(0, 200)")
    raise AssertionError(f"Tab never reached {selector}; focus is on {seen}")


def press(page, selector: str, key: str = "Enter") -> None:
    """Tabs to the button at ``selector`` and presses ``key`` on it, waiting for its screen to go
    and for the focus to reach the next screen's heading, where every new screen puts it: a Tab
    sent before that focus move would be overtaken by it (seen on a loaded machine)."""
    tab_to(page, selector)
    handle = page.evaluate_handle("() => document.activeElement")
    page.keyboard.press(key)
    handle.as_element().wait_for_element_state("hidden", timeout=STEP)
    page.wait_for_function("() => !!document.activeElement && document.activeElement.matches('.inc-header')",
                           timeout=STEP)


def heading_ring_shows_whole(page) -> None:
    """Asserts the focused heading's ring is drawn on all four sides of its box: ipywidgets'
    boxes around the title clip what overflows them, and a ring drawn outside showed only its
    right edge (a blue bar beside the language menu)."""
    box = page.locator(".inc-header").bounding_box()
    picture = Image.open(io.BytesIO(page.screenshot(clip=box))).convert("RGB")
    width, height = picture.size
    ring = (0x00, 0x72, 0xB2)

    def share(points) -> float:
        points = list(points)
        near = [p for p in points if all(abs(a - b) < 40 for a, b in zip(picture.getpixel(p), ring))]
        return len(near) / len(points)

    edges = {"left": ((1, y) for y in range(height)), "right": ((width - 2, y) for y in range(height)),
             "top": ((x, 1) for x in range(width)), "bottom": ((x, height - 2) for x in range(width))}
    shares = {edge: round(share(points), 2) for edge, points in edges.items()}
    assert all(value > 0.8 for value in shares.values()), f"the heading's ring on each side: {shares}"


def type_names(page, names) -> None:
    """Types ``names`` into the setup's name fields, reaching each with Tab alone."""
    for name in names:
        tab_to(page, ".inc-player-name")
        page.keyboard.type(name)


def test_a_round_played_with_the_keyboard_alone(page, tmp_path):
    with launcher_server(tmp_path / "saves") as url:
        table = Table(page, url)
        table.open()
        type_names(page, ANA_BEN_CLEO)
        typed = page.locator(".inc-player-name input").evaluate_all("els => els.map(e => e.value)")
        assert typed == ANA_BEN_CLEO, f"typed names arrived as {typed}"
        press(page, ".inc-start")
        heading_ring_shows_whole(page)  # the new screen's heading, focused by the page
        for player in ANA_BEN_CLEO:  # hide: open the card, leave the board empty, Done
            table.wait_for_curtain(player)
            press(page, ".inc-show-card")
            page.wait_for_selector(".inc-secret", timeout=STEP)
            press(page, ".inc-done", key="Space")
        page.wait_for_selector(".inc-find", timeout=STEP)
        for voter in ANA_BEN_CLEO:  # find: each voter puts card 6 on the next drawing, confirms
            table.wait_for_curtain(voter)
            press(page, ".inc-show-card")
            page.wait_for_selector(".inc-votes", timeout=STEP)
            tab_to(page, ".inc-card-6")
            page.keyboard.press("Space")
            page.wait_for_selector(".inc-card-6.inc-card-selected", timeout=STEP)
            press(page, ".inc-confirm-votes")
        for _ in ANA_BEN_CLEO:  # the reveal, drawing by drawing
            page.wait_for_selector(".inc-reveal", timeout=STEP)
            press(page, ".inc-next")
        page.wait_for_selector(".inc-scoreboard", timeout=STEP)
        votes = page.locator(".inc-vote-chip").count()
        assert votes == 0  # the reveal is gone; the scoreboard shows the round
        press(page, ".inc-next")
        page.wait_for_selector(".inc-prepare", timeout=SLOW)
        table.watch.check()


def test_add_player_hands_the_keyboard_to_the_new_name(page, tmp_path):
    """At setup, Enter on Add player puts the focus in the new name field, where the teacher
    types next, and Remove puts it in the name now in that seat: the focus stayed on Add player
    (the name typed next went nowhere), and fell to the page's body at Remove.  A teacher who,
    before the kernel has answered Add player, goes back to a name to finish it keeps typing
    there: the kernel's focus() took them to the new field, and the letters went into it."""
    from browser import KernelGate

    focused_field = ("n => document.activeElement === document.querySelectorAll('.inc-player-name input')[n]"
                     " && document.querySelectorAll('.inc-player-name input').length === {count}")
    gate = KernelGate()
    gate.route(page.context)
    with launcher_server(tmp_path / "saves") as url:
        table = Table(page, url)
        table.open()
        type_names(page, ANA_BEN_CLEO)
        tab_to(page, ".inc-add-player")
        page.keyboard.press("Enter")
        page.wait_for_function(focused_field.format(count=4), arg=3, timeout=STEP)
        page.keyboard.type("Dev")
        typed = page.locator(".inc-player-name input").evaluate_all("els => els.map(e => e.value)")
        assert typed == [*ANA_BEN_CLEO, "Dev"], f"typed names arrived as {typed}"
        page.focus(".inc-player-row:nth-child(2) .inc-remove-player")  # Ben leaves
        page.keyboard.press("Enter")
        page.wait_for_function(focused_field.format(count=3), arg=1, timeout=STEP)
        assert page.evaluate("() => document.activeElement.value") == "Cleo"
        page.focus(".inc-add-player")
        gate.hold()
        page.keyboard.press("Enter")
        page.locator(".inc-player-name input").first.focus()  # back to Ana's name, before the answer
        page.keyboard.press("End")
        gate.release()
        page.wait_for_function("() => document.querySelectorAll('.inc-player-name input').length === 4",
                               timeout=STEP)
        page.keyboard.type("belle")
        typed = page.locator(".inc-player-name input").evaluate_all("els => els.map(e => e.value)")
        assert typed == ["Anabelle", "Cleo", "Dev", ""], f"typed names arrived as {typed}"
        table.watch.check()


#: What a screen reader last heard of the keyboard's pen, and whether its cursor shows.
KEY_PEN = """() => {
  const host = [...document.querySelectorAll('.inc-pad-board *')].find((el) => el.shadowRoot
      && el.shadowRoot.querySelector('.inc-key-cursor'));
  const root = host.shadowRoot;
  return { said: root.querySelector('[role=status]:not(.inc-ink-waiting)').textContent,
           cursor: !root.querySelector('.inc-key-cursor').hidden,
           label: root.querySelector('canvas').getAttribute('aria-label') };
}"""


def test_a_student_draws_with_the_keyboard_alone(page, tmp_path):
    """A student who cannot hold a mouse or a pen Tabs to the board, draws with the arrow keys
    and Space, and Tabs on to Done; the stroke is on the board of record and in the gallery.
    Before, the board was out of the Tab order and a keyboard could only hand in a blank one."""
    with launcher_server(tmp_path / "saves") as url:
        table = Table(page, url)
        table.open()
        type_names(page, ANA_BEN_CLEO)
        press(page, ".inc-start")
        table.wait_for_curtain("Ana")
        press(page, ".inc-show-card")
        page.wait_for_selector(".inc-pad canvas", timeout=STEP)
        wait_for_paper(page, ".inc-pad canvas", timeout=STEP)
        tab_to(page, ".inc-pad-board")
        assert "arrow keys" in page.evaluate(KEY_PEN)["label"]
        page.keyboard.press("Space")  # the pen goes down in the board's middle (400, 300) ...
        for _ in range(20):
            page.keyboard.press("ArrowRight")  # ... 200 units to the right ...
        page.keyboard.press("Shift+ArrowDown")  # ... 80 down, in two long steps
        page.keyboard.press("Shift+ArrowDown")
        page.keyboard.press("Space")
        shown = page.evaluate(KEY_PEN)
        assert shown["said"] == "Pen up" and shown["cursor"], shown
        # On the board of record (drawn from Python): ink along the path, none where it never went.
        wait_for_ink(page, ".inc-pad canvas", region=(420, 295, 160, 10), timeout=STEP, min_pixels=160)
        wait_for_ink(page, ".inc-pad canvas", region=(595, 320, 10, 40), timeout=STEP, min_pixels=40)
        assert canvas_pixels(page, ".inc-pad canvas", (100, 200, 250, 90))["ink"] == 0
        table.snap("keyboard_pen")
        press(page, ".inc-done", key="Space")  # Tab leaves the board: no keyboard trap
        for player in ANA_BEN_CLEO[1:]:
            table.wait_for_curtain(player)
            press(page, ".inc-show-card")
            page.wait_for_selector(".inc-secret", timeout=STEP)
            press(page, ".inc-done", key="Space")
        page.wait_for_selector(".inc-find", timeout=STEP)
        wait_for_ink(page, ".inc-gallery .inc-drawing-for-1 canvas", region=MIDDLE, timeout=STEP, min_pixels=100)
        table.watch.check()
