"""A student's page on a phone (390×844) in real Chromium, in Spanish and German.

Two students hold phones (Pablo, and Marta, whose browser has no clipboard API: a page
served over plain ``http`` to a classroom's devices has none); two more sit at the table
through the store.  The test measures what a student sees: the pad and Done in view
together at the hide phase, the seat link copied (read back from the clipboard) and its QR
code, no text wider than its box, and Marta told she was removed.  Each screen is saved in
``artifacts/phone_<language>_<n>_<screen>.png`` for a person to look at.

The teacher's moves (remove a student, start) go through the store with the teacher's key,
as the teacher page does.
"""

from __future__ import annotations

import urllib.parse

import pytest

from a11y import check_page
from browser import ARTIFACTS, draw_stroke, resize, wait_for_ink, wait_for_paper
from classroom_server import Browser, classroom
from incognito_nb.engine import Action
from incognito_nb.store import open_store
from incognito_nb.ui.widgets.seat_link import qr_data_uri
from table_driver import MIDDLE, SLOW, STEP, Watch

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SHORT_PHONE = {"width": 375, "height": 667}

#: Every element that shows text of its own, checked at its nearest box that is not inline:
#: its content must fit its box (scrollWidth ≤ clientWidth), and the page must not scroll sideways.
#: A live region (1×1 px, read aloud only) shows nothing.  No box may cut words anywhere
#: (``word-break: break-all``): words break between syllables or, if longer than a line, at its end.
_OVERFLOWS = """
() => {
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const boxes = new Set();
  for (const el of document.querySelectorAll('.inc-app *')) {
    if (!visible(el) || ['STYLE', 'SCRIPT', 'OPTION', 'SELECT'].includes(el.tagName)) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (!own) continue;
    let box = el;
    while (box.parentElement && getComputedStyle(box).display === 'inline') box = box.parentElement;
    boxes.add(box);
  }
  const wide = [];
  for (const box of boxes) {
    if (box.getBoundingClientRect().width <= 1) continue;  // read aloud only (a live region)
    // A word cut anywhere ("compart|as"): only an address may be (the selected link's field).
    const style = getComputedStyle(box);
    if (style.wordBreak === 'break-all' || (style.overflowWrap === 'anywhere' && box.tagName !== 'INPUT')) {
      wide.push(`${box.tagName}.${[...box.classList].join('.')} breaks words anywhere: ` + box.innerText.slice(0, 60));
    }
    if (box.scrollWidth > box.clientWidth + 1) {
      wide.push(`${box.tagName}.${[...box.classList].join('.')}: ${box.scrollWidth} > ${box.clientWidth}: `
                + box.innerText.slice(0, 60));
    }
  }
  const scroller = document.querySelector('#rendered_cells') || document.scrollingElement;
  if (scroller.scrollWidth > scroller.clientWidth + 1) wide.push(`the page: ${scroller.scrollWidth} wide`);
  return wide;
}
"""

#: From the click on Done until the note shows, what each frame painted: the pad, the note, or neither.
_WATCH_FRAMES = """
() => {
  window.__frames = [];
  const shown = (selector) => [...document.querySelectorAll(selector)].some((el) => el.offsetHeight > 0);
  const tick = () => {
    const pad = shown('.inc-pad-board'), note = shown('.inc-done-note');
    window.__frames.push([pad, note]);
    if (!note && window.__frames.length < 3000) requestAnimationFrame(tick);
  };
  document.querySelector('.inc-done').addEventListener('click', () => requestAnimationFrame(tick), { once: true });
}
"""


def snap(page, code: str, name: str) -> None:
    """Saves what the phone shows as ``artifacts/phone_<code>_<name>.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"phone_{code}_{name}.png"))


def no_overflow(page, where: str) -> None:
    wide = page.evaluate(_OVERFLOWS)
    assert wide == [], f"{where}: text wider than its box, or cut mid-word: {wide}"


def in_view(page, selector: str) -> dict:
    """Returns the box of ``selector``, asserting it lies inside the phone's screen as it is (unscrolled)."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= PHONE["width"] and box["y"] + box["height"] <= PHONE["height"], (selector, box)
    return box


def beside_the_title(page, label: str) -> None:
    """Asserts the language menu sits on the title line, beside the title and inside the
    phone's width (not on a row of its own), and is still named ``label`` for a screen reader."""
    title = page.locator(".inc-title-line > .inc-header").bounding_box()
    menu = in_view(page, ".inc-title-line select")
    assert menu["y"] < title["y"] + title["height"] and menu["x"] >= title["x"] + title["width"], (title, menu)
    assert page.get_by_label(label, exact=True).count() == 1


def ready(page, selector: str) -> None:
    page.wait_for_selector(selector, timeout=SLOW)
    page.wait_for_selector("#loading", state="hidden", timeout=SLOW)


@pytest.mark.parametrize("code", ["es", "de"])
def test_a_students_phone_pages_fit_the_phone_and_keep_the_seat_link_short(browser, tmp_path, code):
    said = {
        "es": {"removed": "Tu docente te ha quitado (Marta) de la mesa", "copied": "✓ Enlace copiado.",
               "done": "Tu dibujo está terminado. Espera a los demás.", "copy": "Copiar mi enlace",
               "finished": "✔ listo", "language": "Idioma"},
        "de": {"removed": "Deine Lehrkraft hat dich (Marta) vom Tisch", "copied": "✓ Link kopiert.",
               "done": "Deine Zeichnung ist fertig. Warte auf die anderen.", "copy": "Meinen Link kopieren",
               "finished": "✔ fertig", "language": "Sprache"},
    }[code]
    with classroom(tmp_path, "--language", code) as room, open_store(room.store) as store:
        teacher = Browser(room.url)
        teacher.say_passphrase()
        status, headers, _ = teacher.post("/classroom/tables", "/voila/render/teacher.ipynb",
                                          {"deck": f"{code}_everyday", "rounds": 1, "timer": 0})
        assert status == 303, status
        table = urllib.parse.parse_qs(urllib.parse.urlparse(headers["Location"]).query)["code"][0]
        key = teacher.cookie(f"incognito_teacher_{table}")
        seats = {name: store.join(table, name) for name in ("Ana", "Benedikt")}
        pablo_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                            permissions=["clipboard-read", "clipboard-write"])
        marta_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        # Marta's browser has no clipboard API, as a phone on the classroom's plain-http address.
        marta_context.add_init_script("Object.defineProperty(navigator, 'clipboard', { value: undefined });")
        try:
            pablo, marta = pablo_context.new_page(), marta_context.new_page()
            watches = [Watch(pablo), Watch(marta)]
            for name, page in (("Pablo", pablo), ("Marta", marta)):
                page.goto(f"{room.render}/student.ipynb?code={table}", timeout=SLOW)
                ready(page, ".inc-join")
                page.locator(".inc-join-name input").fill(name)
                page.click(".inc-join")
                # A join moves the kernel and the store: seconds on a loaded machine.
                page.wait_for_selector(".inc-copy-seat-link", timeout=SLOW)
            assert pablo.evaluate("() => document.documentElement.lang") == code
            # A new screen gives its title the focus (for a screen reader); on a touch screen no ring shows it.
            ring = pablo.evaluate("""() => { const h = document.querySelector('.inc-header'); h.blur(); h.focus();
                const style = getComputedStyle(h);
                return [h.matches(':focus-visible'), style.outlineStyle, style.outlineColor]; }""")
            assert ring[0] and (ring[1] == "none" or ring[2] == "rgba(0, 0, 0, 0)"), f"a ring round the title: {ring}"
            pablo.wait_for_selector(".inc-lobby .inc-badge:has-text('Marta')", timeout=STEP)

            # The lobby: the seat link is a sentence and two buttons, not the address.
            link = pablo.locator(".inc-rejoin-link a").get_attribute("href")
            assert f"code={table}&token=" in link
            footer = pablo.inner_text(".inc-bottom")
            assert "token=" not in footer and "http" not in footer and said["copy"] in footer
            snap(pablo, code, "1_lobby")
            no_overflow(pablo, "the lobby")
            beside_the_title(pablo, said["language"])
            pablo.click(".inc-copy-seat-link")
            pablo.wait_for_selector(f".inc-seat-link-status:has-text('{said['copied']}')", timeout=STEP)
            assert pablo.evaluate("() => navigator.clipboard.readText()") == link
            pablo.click(".inc-show-seat-qr")
            qr = pablo.locator(".inc-seat-qr-image")
            qr.wait_for(state="visible", timeout=STEP)
            pablo.wait_for_function("() => document.querySelector('.inc-seat-qr-image').naturalWidth > 0",
                                    timeout=STEP)
            assert qr.get_attribute("src") == qr_data_uri(link)  # the QR code of this very link
            qr.scroll_into_view_if_needed()
            snap(pablo, code, "2_seat_link_qr")
            no_overflow(pablo, "the seat link's QR code")
            pablo.click(".inc-show-seat-qr")  # folded again
            qr.wait_for(state="hidden", timeout=STEP)

            # Without a clipboard API, Copy shows the link selected, ready to copy.
            marta_link = marta.locator(".inc-rejoin-link a").get_attribute("href")
            marta.click(".inc-copy-seat-link")
            marta.wait_for_selector(".inc-seat-link-field", state="visible", timeout=STEP)
            marta.wait_for_selector(".inc-seat-link-status:not(:empty)", timeout=STEP)
            selected = marta.evaluate("""() => { const f = document.activeElement;
                return f.classList.contains('inc-seat-link-field') ? f.value.slice(f.selectionStart, f.selectionEnd) : ''; }""")
            assert selected == marta_link
            no_overflow(marta, "the seat link, selected")

            # The teacher removes Marta in the lobby: her phone says so, in the class's language.
            store.remove_player(table, key, "Marta")
            marta.wait_for_selector(".inc-removed", timeout=STEP)
            assert said["removed"] in marta.inner_text(".inc-removed")
            assert marta.locator(".inc-lobby").count() == 0 and marta.locator(".inc-copy-seat-link").is_hidden()
            assert marta.locator(".inc-join-code-field input").input_value() == table
            snap(marta, code, "3_removed")
            no_overflow(marta, "the removed student's page")

            # The hide phase: the tools, the pad and Done in view together, unscrolled.
            store.start(table, key)
            wait_for_paper(pablo, ".inc-pad canvas", timeout=STEP)
            pablo.wait_for_selector(".inc-saved", timeout=STEP)
            board = in_view(pablo, ".inc-pad-board")
            done = in_view(pablo, ".inc-done")
            in_view(pablo, ".inc-pad-tools")
            assert 0 <= done["y"] - (board["y"] + board["height"]) < 40, "Done sits right under the pad"
            assert board["width"] >= 300, board
            snap(pablo, code, "4_hide")
            no_overflow(pablo, "the hide phase")
            beside_the_title(pablo, said["language"])
            # The phone's own layout (the menu's label hidden, Undo, Redo and Clear by their
            # icons) keeps every control named: axe-core finds nothing serious.
            check_page(pablo, f"a phone's hide phase in {code}")
            for tool in ("undo", "redo", "clear"):
                assert pablo.locator(f".inc-tool-{tool}").inner_text().strip(), tool
            # A short phone (an iPhone SE, 375x667): a pad still large enough to draw on, and Done in view.
            resize(pablo, SHORT_PHONE, timeout=STEP)
            snap(pablo, code, "4_hide_short_phone")
            short_board = pablo.locator(".inc-pad-board").bounding_box()
            short_done = pablo.locator(".inc-done").bounding_box()
            assert short_board["width"] >= 300, short_board
            assert short_done["y"] + short_done["height"] <= SHORT_PHONE["height"], short_done
            # The phone on its side (844x390): the tools, a board to draw on and Done fit the
            # window's height together, a scroll down (the board was 0 px wide).
            resize(pablo, {"width": PHONE["height"], "height": PHONE["width"]}, timeout=STEP)
            snap(pablo, code, "4_hide_on_its_side")
            side_board = pablo.locator(".inc-pad-board").bounding_box()
            tools, side_done = pablo.locator(".inc-pad-tools").bounding_box(), pablo.locator(".inc-done").bounding_box()
            assert side_board["width"] >= 300, side_board
            assert side_done["y"] + side_done["height"] - tools["y"] <= PHONE["width"], (tools, side_board, side_done)
            resize(pablo, PHONE, timeout=STEP)
            draw_stroke(pablo, ".inc-pad canvas", [(0.2, 0.45), (0.5, 0.6), (0.75, 0.45)], steps=4)
            wait_for_ink(pablo, ".inc-pad canvas", region=MIDDLE, timeout=STEP)
            pablo.wait_for_selector(".inc-saved", timeout=STEP)

            # A classmate's Done changes their chip above the pad, never its width: no line of
            # chips wraps anew, and the pad stays where Pablo's pen is.
            ana = pablo.locator(".inc-who-chip", has_text="Ana")
            chip, pad = ana.bounding_box(), pablo.locator(".inc-pad-board").bounding_box()
            store.act(table, Action.mark_done("Ana"), seat_token=seats["Ana"].token)
            ana.filter(has_text=said["finished"]).wait_for(timeout=STEP)
            assert ana.bounding_box()["width"] == pytest.approx(chip["width"], abs=0.5), (chip, ana.bounding_box())
            assert pablo.locator(".inc-pad-board").bounding_box()["y"] == pytest.approx(pad["y"], abs=0.5)

            # Done: every frame shows the pad or the note, never an empty stage.
            pablo.evaluate(_WATCH_FRAMES)
            pablo.click(".inc-done")
            pablo.wait_for_selector(".inc-done-note", state="visible", timeout=STEP)
            pablo.wait_for_selector(".inc-done", state="detached", timeout=STEP)
            frames = pablo.evaluate("() => window.__frames")
            assert frames and all(pad or note for pad, note in frames), frames
            assert pablo.inner_text(".inc-done-note") == said["done"]
            assert set(store.read(table).game.done) == {"Ana", "Pablo"}
            snap(pablo, code, "5_waiting")
            no_overflow(pablo, "the waiting page")
            for watch in watches:
                watch.failed[:] = [url for url in watch.failed if "/voila/api/shutdown/" not in url]
                watch.check()
        finally:
            pablo_context.close()
            marta_context.close()


#: Six names as long as a class's get, for a small phone's page.
LONG_NAMES = ["Anne-Charlotte Dupont", "Bartholomäus", "Maximiliane Schwarzer", "Jean-Baptiste Lefèvre",
              "Guadalupe Fernández", "Christoph Wojciechowski"]
SMALL_PHONE = {"width": 360, "height": 640}


def test_six_long_names_leave_a_small_phone_its_done_and_its_cards_in_view(browser, tmp_path):
    """A 360x640 phone at a table of six long names: their chips took five lines (one a name),
    Done fell under the screen's bottom at the hide phase and the first drawing's cards under
    it at the find phase. A long name's chip is a third of the line at most, ending in "…"."""
    from browser import cut_texts
    from test_classroom_browser import dealt_phone

    with dealt_phone(browser, tmp_path, LONG_NAMES, SMALL_PHONE) as (page, store, keys, seats):
        wait_for_paper(page, ".inc-pad canvas", timeout=STEP)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "phone_long_names_hide_360x640.png"))
        lines = page.locator(".inc-who-chip").evaluate_all(
            "cs => new Set(cs.map(c => Math.round(c.getBoundingClientRect().top))).size")
        assert lines <= 3, f"six chips on {lines} lines"
        done = page.locator(".inc-done").bounding_box()
        assert done["y"] + done["height"] <= SMALL_PHONE["height"], f"Done under the screen's bottom: {done}"
        assert cut_texts(page) == []
        for name in LONG_NAMES:
            store.act(keys.code, Action.mark_done(name), seat_token=seats[name].token)
        store.act(keys.code, Action.advance(), teacher_key=keys.teacher_key)  # as the teacher page does
        page.wait_for_selector(".inc-find-one .inc-find-shown .inc-painted-board[data-painted]", timeout=STEP)
        page.screenshot(path=str(ARTIFACTS / "phone_long_names_find_360x640.png"))
        cards = page.locator(".inc-find-one .inc-find-shown .inc-vote").bounding_box()
        assert cards["y"] + cards["height"] <= SMALL_PHONE["height"], f"the cards under the bottom: {cards}"


@pytest.mark.parametrize("window", [{"width": 1280, "height": 720}, {"width": 1366, "height": 657}],
                         ids=["1280x720", "1366x768-browser"])
def test_a_laptops_student_sees_the_board_done_and_the_cards_in_the_window(browser, tmp_path, window):
    """A student at a school laptop (the second window is a 1366x768 screen less the browser's
    bar), in German with six long names: by the phone's budget the board was 373x280 at 1280x720,
    a third of the window across, with Done half-way down; at the find phase the drawing was
    640x480 and its cards under the window's bottom. The board takes the window's height, with
    Done in view, and the find screen shows the drawing, its cards and Next in the window."""
    from test_classroom_browser import dealt_phone

    with dealt_phone(browser, tmp_path, LONG_NAMES, window, language="de") as (page, store, keys, seats):
        wait_for_paper(page, ".inc-pad canvas", timeout=STEP)
        board = page.locator(".inc-pad canvas").first.bounding_box()
        done = page.locator(".inc-done").bounding_box()
        page.screenshot(path=str(ARTIFACTS / f"laptop_student_pad_de_{window['width']}x{window['height']}.png"))
        assert done["y"] + done["height"] <= window["height"], f"Done under the window's bottom: {done}"
        assert board["height"] >= window["height"] - 370, f"the board leaves the window's height unused: {board}"
        # The find screen: the drawing shown, its cards and the way to the next drawing, all in view.
        for name in LONG_NAMES:
            store.act(keys.code, Action.mark_done(name), seat_token=seats[name].token)
        store.act(keys.code, Action.advance(), teacher_key=keys.teacher_key)  # as the teacher page does
        page.wait_for_selector(".inc-find-one .inc-find-shown .inc-painted-board[data-painted]", timeout=STEP)
        page.screenshot(path=str(ARTIFACTS / f"laptop_student_find_de_{window['width']}x{window['height']}.png"))
        for part in (".inc-find-one .inc-find-shown .inc-vote", ".inc-find-one .inc-find-nav"):
            box = page.locator(part).bounding_box()
            assert box["y"] + box["height"] <= window["height"], f"{part} under the window's bottom: {box}"
        assert page.locator(".inc-find-one .inc-find-shown .inc-painted-board").bounding_box()["width"] >= 320
