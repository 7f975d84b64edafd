"""A student's page, the teacher's desk and a table's screen as a person who cannot use a
mouse, or cannot see well, uses them.

In Chromium, on ``incognito-nb classroom`` with a table dealt through the store (or on
``incognito-nb``, one screen passed round a table): the student (or the teacher) plays with the keyboard alone (Tab, Enter, Space), and the test
reads what a screen reader is given (roles, names, states, the live region, the focus) and
what a screen in forced colours (Windows' contrast themes, ``forced-colors: active``) or a
zoomed laptop shows.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from a11y import wait_for_announcement
from table_driver import SLOW, STEP
from test_classroom_browser import dealt_phone

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo"]
LAPTOP = {"width": 1280, "height": 720}


def to_find(page, store, keys, seats) -> None:
    """The others are done; Ana presses Done with the keyboard; waits for her cards."""
    from incognito_nb.engine import Action

    for name in NAMES[1:]:
        store.act(keys.code, Action.mark_done(name), seat_token=seats[name].token)
    page.focus(".inc-done")
    page.keyboard.press("Enter")
    page.wait_for_selector(".inc-confirm-votes:not(:disabled)", timeout=STEP)


def pressed_states(row) -> list:
    """Returns each card button's ``aria-pressed`` in the card row ``row`` (None: not said)."""
    return row.locator("button").evaluate_all("els => els.map(e => e.getAttribute('aria-pressed'))")


def test_a_screen_reader_hears_which_card_lies_on_the_drawing(browser, tmp_path):
    """A card placed is said as pressed, the others as not pressed: its look (a coloured,
    outlined button) was all that said it, and a screen reader heard "3, button" alike for
    the card placed and the cards beside it.  A student who, before the kernel has answered
    Confirm, goes on to their seat link keeps the focus there: the kernel took it to the heading."""
    from browser import KernelGate

    gate = KernelGate()
    with dealt_phone(browser, tmp_path, NAMES, LAPTOP, route=gate.route) as (page, store, keys, seats):
        to_find(page, store, keys, seats)
        row = page.locator(".inc-find-shown .inc-vote")
        assert pressed_states(row) == ["false"] * 6 + ["true"]  # "no card" lies there at first
        card = row.get_by_role("button", name="3", exact=True)
        card.focus()
        page.keyboard.press("Space")
        page.wait_for_selector(".inc-find-shown .inc-card-3.inc-card-selected", timeout=STEP)
        assert pressed_states(row) == ["false", "false", "true", "false", "false", "false", "false"]
        assert row.get_by_role("button", pressed=True).all_inner_texts() == ["3"]
        page.focus(".inc-confirm-votes")
        gate.hold()
        page.keyboard.press("Enter")
        link = page.get_by_role("link", name="your seat link")
        link.focus()
        gate.release()
        wait_for_announcement(page, "Round 1 of 1 · Find the hidden objects · you are Ana "
                                    "You placed 1 of 2 cards. Confirmed.")
        assert page.evaluate("el => document.activeElement === el", link.element_handle()), page.evaluate(
            "() => document.activeElement.outerHTML.slice(0, 120)")


# Each pad tool's background as the screen shows it: the swatches, then the brush sizes.
TOOL_BACKGROUNDS_JS = """() => ({
  swatches: [...document.querySelectorAll('.inc-pad .inc-tool-color')].map(b => getComputedStyle(b).backgroundColor),
  sizes: [...document.querySelectorAll('.inc-pad .inc-tool-size button')].map(
    b => [b.classList.contains('mod-active'), getComputedStyle(b).backgroundColor]),
})"""


def test_forced_colours_keep_the_pens_colours_and_show_the_brush_chosen(browser, tmp_path):
    """In forced colours (a contrast theme) the pad's eight pens keep their colours, and the
    brush size chosen stands apart from the others: the theme painted every swatch and
    every size button alike, so a student saw eight blank squares, the chosen one's ✓,
    and three sizes with nothing to say which one draws."""
    from incognito_nb.ui.widgets.palette import PEN_COLORS

    def rgb(color: str) -> str:
        return "rgb({}, {}, {})".format(*(int(color[i:i + 2], 16) for i in (1, 3, 5)))

    with dealt_phone(browser, tmp_path, NAMES, LAPTOP) as (page, store, keys, seats):
        page.emulate_media(forced_colors="active", color_scheme="dark")
        page.wait_for_function("() => matchMedia('(forced-colors: active)').matches", timeout=STEP)
        tools = page.evaluate(TOOL_BACKGROUNDS_JS)
        assert tools["swatches"] == [rgb(color) for _, color in PEN_COLORS], tools
        chosen = {background for active, background in tools["sizes"] if active}
        others = {background for active, background in tools["sizes"] if not active}
        assert len(chosen) == 1 and len(others) == 1 and chosen != others, tools["sizes"]


def test_a_screen_reader_reads_the_scoreboard_as_a_table(browser, tmp_path):
    """The round's scores are a table to a screen reader: a row per player headed by the
    name, a cell per round and the total, each under its column's header, so that a cell
    is heard with its round.  The scoreboard was lines of text: "Player R1 this round total
    Ana 0 0 Ben 0 0 Cleo 0 0", figures with nothing to say whose or which round."""
    from incognito_nb.engine import Action

    with dealt_phone(browser, tmp_path, NAMES, LAPTOP) as (page, store, keys, seats):
        to_find(page, store, keys, seats)  # the page moves the game on at the last Done
        for name in NAMES[1:]:
            store.act(keys.code, Action.confirm_votes(name), seat_token=seats[name].token)
        page.focus(".inc-confirm-votes")
        page.keyboard.press("Enter")
        page.wait_for_selector(".inc-look-up", timeout=STEP)  # and at the last Confirm
        for _ in NAMES:
            store.act(keys.code, Action.reveal_next(), teacher_key=keys.teacher_key)
        page.wait_for_selector(".inc-my-points", timeout=STEP)
        table = page.get_by_role("table")
        assert table.count() == 1, page.locator(".inc-stage").aria_snapshot()
        assert table.get_by_role("columnheader").all_inner_texts() == ["Player", "R1\nthis round", "total"]
        assert table.get_by_role("rowheader").all_inner_texts() == NAMES
        assert [row.get_by_role("cell").all_inner_texts() for row in table.get_by_role("row").all()[1:]] == [
            ["0", "0"]] * len(NAMES)



def test_a_student_who_confirms_keeps_the_focus_and_hears_it_done(browser, tmp_path):
    """Confirm, pressed before the others have confirmed, turns grey: the focus goes to the
    page's heading and the page says the cards' line ("You placed 1 of 2 cards. Confirmed.").
    The focus fell to the page's body, and nothing was said: the line under the cards
    changed in silence."""
    with dealt_phone(browser, tmp_path, NAMES, LAPTOP) as (page, store, keys, seats):
        to_find(page, store, keys, seats)
        page.locator(".inc-find-shown .inc-card-2").focus()
        page.keyboard.press("Space")
        page.wait_for_selector(".inc-find-shown .inc-card-2.inc-card-selected", timeout=STEP)
        page.focus(".inc-confirm-votes")
        page.keyboard.press("Enter")
        page.wait_for_selector(".inc-confirm-votes:disabled", timeout=STEP)
        focus_on(page, ".inc-header")
        wait_for_announcement(page, "Round 1 of 1 · Find the hidden objects · you are Ana "
                                    "You placed 1 of 2 cards. Confirmed.")
        # Then on to her seat link while the others confirm: the reveal their last Confirm
        # brings leaves the focus there (its heading took it, from wherever she was).
        from incognito_nb.engine import Action
        from incognito_nb.engine.actions import position_of

        link = page.get_by_role("link", name="your seat link")
        link.focus()
        for name in NAMES[1:]:
            store.act(keys.code, Action.confirm_votes(name), seat_token=seats[name].token)
        at = position_of(store.read(keys.code).game)  # the projected page moves on
        store.act(keys.code, Action.advance(at=at), teacher_key=keys.teacher_key)
        page.wait_for_selector(".inc-look-up", timeout=STEP)
        wait_for_announcement(page, "Score points")
        assert page.evaluate("el => document.activeElement === el", link.element_handle()), page.evaluate(
            "() => document.activeElement.outerHTML.slice(0, 120)")

# Each pad tool a screen reader is told of: its name and whether it is pressed.
TOOLS_HEARD_JS = """() => [...document.querySelectorAll(
    '.inc-pad :is(.inc-tool-color, .inc-tool-size button, .inc-tool-eraser)')].map(
  b => [b.getAttribute('aria-label') || b.textContent.trim() || b.title, b.getAttribute('aria-pressed')])"""


def test_a_screen_reader_hears_the_pen_the_brush_and_the_eraser_chosen(browser, tmp_path):
    """The pad's pens are named by their colours, the chosen one too, and the pen, the brush
    size and the eraser in use are said as pressed: the chosen pen was read "✓, button",
    the other pens by their colours, and nothing said which brush size or whether the
    eraser was on."""
    from incognito_nb.ui.widgets.palette import PEN_COLORS

    pens = [f"{name} pen" for name, _ in PEN_COLORS]
    with dealt_phone(browser, tmp_path, NAMES, LAPTOP) as (page, store, keys, seats):
        page.wait_for_function("() => document.querySelectorAll('.inc-pad .inc-tool-color[aria-label]').length === 8",
                               timeout=STEP)
        heard = page.evaluate(TOOLS_HEARD_JS)
        assert heard == [[pen, "true" if pen == "black pen" else "false"] for pen in pens] + [
            ["thin", "true"], ["medium", "false"], ["thick", "false"], ["Eraser", "false"]], heard
        page.get_by_role("button", name="blue pen", exact=True).focus()
        page.keyboard.press("Enter")
        page.get_by_role("button", name="thick", exact=True).focus()
        page.keyboard.press("Space")
        # One pen after the other changes: for a moment none is chosen.
        page.wait_for_function("""() => document.querySelector('.inc-tool-color[aria-pressed=true]')?.title
            === 'blue pen' && document.querySelectorAll('.inc-tool-size button')[2].ariaPressed === 'true'""",
                               timeout=STEP)
        heard = page.evaluate(TOOLS_HEARD_JS)
        assert [tool for tool, pressed in heard if pressed == "true"] == ["blue pen", "thick"], heard
        page.get_by_role("button", name="Eraser").focus()
        page.keyboard.press("Space")
        page.wait_for_function("""() => document.querySelector('.inc-tool-eraser').ariaPressed === 'true'
            && !document.querySelector('.inc-tool-color[aria-pressed=true]')""", timeout=STEP)
        assert [tool for tool, pressed in page.evaluate(TOOLS_HEARD_JS) if pressed == "true"] == ["thick", "Eraser"]


def test_a_screen_reader_hears_each_drawing_the_projector_reveals(browser, tmp_path):
    """At each Next of the reveal a student's page says which drawing the projector shows
    and the student's points for it, then the round's scores: it said "Round 1 of 1 · Score
    points · you are Ana" at every step, the same words, so a student who cannot see the
    screen heard nothing of the drawing shown nor of their points."""
    from incognito_nb.engine import Action

    with dealt_phone(browser, tmp_path, NAMES, LAPTOP) as (page, store, keys, seats):
        to_find(page, store, keys, seats)
        for name in NAMES[1:]:
            store.act(keys.code, Action.confirm_votes(name), seat_token=seats[name].token)
        page.focus(".inc-confirm-votes")
        page.keyboard.press("Enter")
        for step, artist in enumerate(NAMES, start=1):
            wait_for_announcement(page, f"On the projector: {artist}'s drawing ({step} of 3). "
                                        "You score 0 points with this drawing.")
            store.act(keys.code, Action.reveal_next(), teacher_key=keys.teacher_key)
        wait_for_announcement(page, "On the projector: the scores of round 1. You scored 0 points this round.")


# The drawing board and Done, where the window shows them.
BOARD_AND_DONE_JS = """() => {
  const board = document.querySelector('.inc-pad .inc-pad-board').getBoundingClientRect();
  const done = document.querySelector('.inc-done').getBoundingClientRect();
  return {board: Math.round(board.width), done: Math.round(done.bottom), window: innerHeight};
}"""


@pytest.mark.parametrize("zoomed", [
    {"width": 910, "height": 512},  # a 1366x768 laptop at 150 %
    {"width": 960, "height": 540},  # a 1920x1080 laptop at 200 %
])
def test_a_zoomed_laptop_keeps_a_board_to_draw_on_with_done_in_view(browser, tmp_path, zoomed):
    """A student who zooms the page on a laptop draws on a board at least 240 px across, as
    on the smallest phone, with Done still in view: the board kept the window's height less
    a phone's 440 px for the rest, and a 1366x768 laptop at 150 % (910x512) drew on a board
    96 px across, a 1920x1080 one at 200 % on 133 px, under a blank band as tall."""
    with dealt_phone(browser, tmp_path, NAMES, zoomed) as (page, store, keys, seats):
        page.wait_for_function("() => document.querySelector('.inc-pad .inc-pad-board canvas')", timeout=STEP)
        place = page.evaluate(BOARD_AND_DONE_JS)
        assert place["board"] >= 240 and place["done"] <= place["window"], place


def focus_on(page, selector: str) -> None:
    """Waits until the focus is on the element at ``selector``; says where it is if it never gets there."""
    try:
        page.locator(selector).wait_for(timeout=STEP)
        page.wait_for_function("(el) => document.activeElement === el",
                               arg=page.locator(selector).element_handle(), timeout=STEP)
    except PlaywrightTimeout:
        raise AssertionError(f"the focus is not on {selector} but on " + page.evaluate(
            "() => document.activeElement.outerHTML.slice(0, 120)")) from None


def test_the_desk_keeps_the_keyboards_place_when_a_player_is_removed(browser, tmp_path):
    """A teacher who removes a player from the lobby with the keyboard finds the focus on the
    next Remove button (on the one before, after the last; on the title once none is left):
    the button pressed left the page with its player and the focus fell to the page's body,
    where a screen reader loses its place and the next Tab starts again from the top.
    A teacher who, before the kernel has answered a Remove, moves on keeps the focus where
    they put it: the kernel's focus() took it to the next Remove button.
    A double click on "Remove Zed" removes Zed alone: once Zed's button left, Ana's moved
    under the pointer and the second click removed her too (a second Enter did, on the
    button handed the focus); a second click that reaches Zed's button still there is
    passed over, unsaid ("Nobody called Zed has joined" showed)."""
    from browser import KernelGate
    from classroom_server import Browser, classroom

    from incognito_nb.store import open_store

    gate = KernelGate()
    with classroom(tmp_path) as room, open_store(room.store) as store:
        teacher = Browser(room.url)
        teacher.say_passphrase()
        code, _ = teacher.create_table()
        for name in ["Zed", "Ana", "Ben", "Cleo", "Dev", "Fay"]:
            store.join(code, name)
        context = browser.new_context(viewport=LAPTOP)
        try:
            teacher.give_cookies_to(context)
            gate.route(context)
            desk = context.new_page()
            desk.goto(f"{room.render}/teacher.ipynb?code={code}&desk=1", timeout=SLOW)
            desk.wait_for_selector(".inc-remove-player", timeout=SLOW)
            settled = ".inc-remove-players:not([data-settling])"
            zed = desk.get_by_role("button", name="Remove Zed")
            gate.hold()  # both clicks before the kernel answers: both on Zed's button
            zed.dblclick()
            gate.release()
            zed.wait_for(state="detached", timeout=STEP)
            desk.wait_for_selector(settled, timeout=STEP)
            ana = desk.get_by_role("button", name="Remove Ana")
            box = ana.bounding_box()
            desk.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            ana.wait_for(state="detached", timeout=STEP)
            desk.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # now on Ben's
            desk.wait_for_selector(settled, timeout=STEP)
            fay = desk.get_by_role("button", name="Remove Fay")
            fay.click()  # reaches the kernel after what the click on Ben's button sent, if anything
            fay.wait_for(state="detached", timeout=STEP)
            assert list(store.read(code).players) == ["Ben", "Cleo", "Dev"]
            assert desk.locator(".inc-problem").count() == 0, desk.inner_text(".inc-problem")
            store.join(code, "Ana")  # back, with the join form her phone shows
            desk.get_by_role("button", name="Remove Ana").wait_for(timeout=STEP)
            desk.wait_for_selector(settled, timeout=STEP)
            for remove, then in [("Ben", "Cleo"), ("Cleo", "Dev")]:
                desk.get_by_role("button", name=f"Remove {remove}").focus()
                desk.keyboard.press("Enter")
                desk.get_by_role("button", name=f"Remove {remove}").wait_for(state="detached", timeout=STEP)
                focus_on(desk, f".inc-remove-player:text-is('Remove {then}')")
                if remove == "Ben":  # a second Enter at once, on the button handed the focus: passed over
                    desk.keyboard.press("Enter")
                desk.wait_for_selector(settled, timeout=STEP)
            desk.get_by_role("button", name="Remove Ana").focus()
            gate.hold()
            desk.keyboard.press("Enter")
            desk.keyboard.press("Tab")  # on to what comes after, before the kernel answers
            chosen = desk.evaluate_handle("() => document.activeElement")
            assert desk.evaluate("el => el !== document.body && !el.matches('.inc-remove-player')", chosen)
            gate.release()
            desk.get_by_role("button", name="Remove Ana").wait_for(state="detached", timeout=STEP)
            store.join(code, "Eve")  # the kernel's next news comes after its answer to the Remove
            desk.get_by_role("button", name="Remove Eve").wait_for(timeout=STEP)
            assert desk.evaluate("el => document.activeElement === el", chosen), desk.evaluate(
                "() => document.activeElement.outerHTML.slice(0, 120)")
            desk.wait_for_selector(settled, timeout=STEP)
            desk.get_by_role("button", name="Remove Dev").focus()
            desk.keyboard.press("Enter")
            desk.get_by_role("button", name="Remove Dev").wait_for(state="detached", timeout=STEP)
            focus_on(desk, ".inc-remove-player:text-is('Remove Eve')")  # Eve's button is built again
            desk.wait_for_selector(settled, timeout=STEP)
            desk.keyboard.press("Enter")  # Eve, the last
            focus_on(desk, ".inc-header")
        finally:
            context.close()


def test_a_table_says_each_drawing_its_reveal_shows(page, tmp_path):
    """At a table (``incognito-nb``, one screen passed round), each Next of the reveal says
    the drawing shown, named as its picture is, with its object, now public: it said "Round 1
    of 3 · Score points" at every step, the same words, and a player who cannot see the
    screen heard nothing of the drawing revealed."""
    from browser import launcher_server
    from table_driver import Table

    with launcher_server(tmp_path / "saves") as url:
        table = Table(page, url)
        table.open()
        table.start(NAMES)
        table.hand_in_blank()
        for voter in NAMES:
            table.vote(voter, {})
        for artist in NAMES:
            page.wait_for_selector(".inc-reveal", timeout=STEP)
            wait_for_announcement(page, f"Round 1 of 3 · Score points {artist}'s drawing of {table.secrets[artist]}, "
                                        f"hidden in: {table.locations[artist]}")
            table.press(".inc-next")
        page.wait_for_selector(".inc-scoreboard", timeout=STEP)
        table.watch.check()


def test_a_teacher_answers_the_end_phase_question_with_the_keyboard(page, tmp_path):
    """At a table, End phase now asks first: the focus goes to Cancel (the answer that
    changes nothing), which carries the question for a screen reader, and Cancel gives
    it back to End phase now.  The focus stayed on End phase now while the question
    appeared unsaid further along the bar, and Cancel, hidden with the question, let it
    fall to the page's body.  A teacher who, before the kernel has answered Cancel, goes on to
    Save now keeps the focus there: the kernel's focus() took it back to End phase now, and the
    Enter meant for Save asked the question again."""
    from browser import KernelGate, launcher_server
    from table_driver import Table

    gate = KernelGate()
    gate.route(page.context)
    with launcher_server(tmp_path / "saves") as url:
        table = Table(page, url)
        table.open()
        table.start(NAMES)
        table.wait_for_curtain("Ana")
        # The new screen puts the focus on its heading: on a loaded machine that came after the
        # question had put it on Cancel (seen once in a run of four browser files).
        focus_on(page, ".inc-header")
        page.focus(".inc-end-phase")
        page.keyboard.press("Enter")
        focus_on(page, ".inc-confirm-no")
        question = page.inner_text(".inc-confirm-text").strip()
        assert question and page.get_attribute(".inc-confirm-no", "title") == question
        page.keyboard.press("Enter")
        page.wait_for_selector(".inc-confirm", state="hidden", timeout=STEP)
        focus_on(page, ".inc-end-phase")
        page.keyboard.press("Enter")
        focus_on(page, ".inc-confirm-no")
        gate.hold()
        page.keyboard.press("Enter")  # Cancel ...
        page.focus(".inc-save")  # ... and on to Save now, before the kernel answers
        gate.release()
        page.wait_for_selector(".inc-confirm", state="hidden", timeout=STEP)
        page.keyboard.press("Enter")
        page.wait_for_selector(".inc-teacher-status:has-text('Saved at')", timeout=STEP)
        focus_on(page, ".inc-save")
        assert page.locator(".inc-confirm").is_hidden()
        table.watch.check()


#: Whether the focus is on the pad's board: the ink overlay's canvas, in its shadow root.
ON_THE_BOARD = """() => {
  const host = document.activeElement;
  return !!host && !!host.closest('.inc-pad-board') && !!host.shadowRoot
      && !!host.shadowRoot.activeElement && host.shadowRoot.activeElement.tagName === 'CANVAS';
}"""


def test_the_pads_tools_hand_the_focus_on_when_they_turn_grey_and_never_take_it_back(browser, tmp_path):
    """Clear, pressed with the keyboard, turns grey (nothing left to wipe): the focus goes to
    Undo, which brings the drawing back; the last Undo hands it to Redo.  A grey button let
    the focus fall to the page's body, and the next Tab started again from the top.
    And a student who Tabs on to the board before the kernel has answered Clear keeps the focus
    there, and the arrows and Space draw: the kernel's late focus() took it back to Undo, and
    the keys went there (Space pressed Undo, the arrows did nothing)."""
    from browser import KernelGate, draw_stroke, wait_for_ink, wait_for_paper

    gate = KernelGate()
    with dealt_phone(browser, tmp_path, NAMES, LAPTOP, route=gate.route) as (page, store, keys, seats):
        wait_for_paper(page, ".inc-pad canvas", timeout=STEP)
        draw_stroke(page, ".inc-pad canvas", [(0.2, 0.4), (0.5, 0.6)], steps=4)
        page.wait_for_selector(".inc-tool-clear:not(:disabled)", timeout=STEP)
        page.focus(".inc-tool-clear")
        page.keyboard.press("Enter")
        page.wait_for_selector(".inc-tool-clear:disabled", timeout=STEP)
        focus_on(page, ".inc-tool-undo")
        page.keyboard.press("Enter")  # the drawing is back
        page.wait_for_selector(".inc-tool-clear:not(:disabled)", timeout=STEP)
        focus_on(page, ".inc-tool-undo")
        page.keyboard.press("Enter")  # the stroke goes: nothing left to undo
        page.wait_for_selector(".inc-tool-undo:disabled", timeout=STEP)
        focus_on(page, ".inc-tool-redo")
        page.keyboard.press("Enter")  # the stroke is back, Clear usable again
        page.wait_for_selector(".inc-tool-clear:not(:disabled)", timeout=STEP)

        page.focus(".inc-tool-clear")
        gate.hold()  # what the kernel answers waits: the student is quicker than a loaded server
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")  # on to the board, to draw with the keys
        assert page.evaluate(ON_THE_BOARD), page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
        assert page.is_enabled(".inc-tool-clear")  # the kernel's answer has not come
        gate.release()
        page.wait_for_selector(".inc-tool-clear:disabled", timeout=STEP)
        page.keyboard.press("Space")  # the pen goes down in the board's middle (400, 300) ...
        for _ in range(20):
            page.keyboard.press("ArrowRight")  # ... and draws 200 units to the right
        page.keyboard.press("Space")
        wait_for_ink(page, ".inc-pad canvas", region=(420, 295, 160, 10), timeout=STEP, min_pixels=160)
        assert page.evaluate(ON_THE_BOARD), page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")


def test_a_screen_reader_hears_whose_drawing_as_one_word(page, tmp_path):
    """A drawing's title is read "Ben’s drawing", its name badge and the "’s" as one word,
    on a voter's card rows (projected too) and in the reveal: the badge, an inline-block, was a word of its
    own to the browser's accessibility tree, read "Ben ’s drawing"."""
    from browser import launcher_server
    from table_driver import Table

    with launcher_server(tmp_path / "saves") as url:
        table = Table(page, url)
        table.open()
        table.start(NAMES)
        table.hand_in_blank()
        table.open_card("Ana")
        page.wait_for_selector(".inc-votes .inc-confirm-votes", timeout=STEP)
        heard = page.locator(".inc-votes").aria_snapshot()
        for artist in NAMES[1:]:
            assert f"{artist}’s drawing — in: {table.locations[artist]}" in heard, heard
        # Projected too, where each row shows the drawing's caption (the badge, "in: park"): the
        # title was hidden there, and a screen reader heard "Ben in: park".
        page.click(".inc-projector-toggle")
        page.wait_for_selector(".inc-app.inc-projector", timeout=STEP)
        heard = page.locator(".inc-votes").aria_snapshot()
        for artist in NAMES[1:]:
            assert f"{artist}’s drawing — in: {table.locations[artist]}" in heard, heard
            assert f"{artist} in: {table.locations[artist]}" not in heard, heard  # said once
        table.press(".inc-confirm-votes")
        for voter in NAMES[1:]:
            table.vote(voter, {})
        page.wait_for_selector(".inc-reveal", timeout=STEP)
        heard = page.locator(".inc-reveal-artist").aria_snapshot()
        assert f"Ana’s drawing — in: {table.locations['Ana']}" in heard, heard
        table.watch.check()
