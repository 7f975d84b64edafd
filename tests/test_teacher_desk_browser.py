"""The teacher's desk in Chromium, as a teacher reads it on a laptop (1280×720) and on a phone
(390×844): a class of six long names at a table made for the class, through the lobby in
French, the game in German, and the game over.

Every button says its whole label and is as wide as it (the lobby's Start read "Commencer la
p…" in 148 px), the links of the teacher's sentences look alike and read as links in the light
and the dark theme, a new seat link follows the desk's language and comes with Copy and a QR
code, the reveal says where the show is, and at the game over the files and Play again come
first, within a phone's screen.  Screenshots go to ``artifacts/desk_*.png``.
"""

from __future__ import annotations

import time

import pytest

from a11y import set_theme, wait_for_announcement
from browser import ARTIFACTS, KernelGate, cut_texts, loose_lines, resize
from classroom_server import classroom as running_classroom
from incognito_nb.engine import Action, Deck, Phase, Rules
from incognito_nb.engine.actions import position_of
from incognito_nb.store import open_store
from incognito_nb.store.backends import class_book_of
from table_driver import SLOW, STEP
from test_assistive_browser import focus_on
from test_classroom_browser import wait_ready

pytestmark = pytest.mark.browser

NAMES = ["Maximilian-Alexander", "Éloïse-Marguerite", "Zoë", "Ñandú", "Marie-Thérèse Dupont", "Léa <3"]
CLASS = "5e Allemand"
LAPTOP = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}

#: The buttons and labels cut at their box's edge, the buttons past the window's right edge,
#: and the widest button as a share of the window.
CONTROLS = """() => {
    const shown = [...document.querySelectorAll('.inc-app button, .inc-app label')].filter(e => e.getClientRects().length);
    const buttons = shown.filter(e => e.tagName === 'BUTTON');
    return {
        cut: shown.filter(e => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 1)
                  .map(e => `${e.textContent.trim()}: ${e.scrollWidth} > ${e.clientWidth}`),
        past: buttons.filter(b => b.getBoundingClientRect().right > innerWidth + 0.5).map(b => b.textContent.trim()),
        start: (() => { const b = document.querySelector('.inc-start');
                        return b ? b.getBoundingClientRect().width / innerWidth : null; })(),
    };
}"""

#: Each link of the teacher's sentences: its colour, underline and size, and its contrast with
#: the colour behind it (the first ancestor with a background of its own).
LINKS = """() => {
    const rgb = (css) => css.match(/[\\d.]+/g).map(Number);
    const luminance = ([r, g, b]) => [r, g, b].map(v => v / 255)
        .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const behind = (el) => {
        for (let at = el; at; at = at.parentElement) {
            const colour = rgb(getComputedStyle(at).backgroundColor);
            if (colour.length < 4 || colour[3] > 0) return colour;
        }
        return [255, 255, 255];
    };
    return [...document.querySelectorAll(
        '.inc-stage :is(.inc-teacher-link, .inc-class-report-link, .inc-reissued-link) a')]
        .filter(a => a.getClientRects().length).map(a => {
            const style = getComputedStyle(a);
            const [l1, l2] = [luminance(rgb(style.color)), luminance(behind(a))].sort((x, y) => y - x);
            return {text: a.textContent.slice(0, 30), color: style.color, underline: style.textDecorationLine,
                    size: parseFloat(style.fontSize), contrast: (l1 + 0.05) / (l2 + 0.05)};
        });
}"""


def snap(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"desk_{name}.png"))


def reads_whole(desk, where: str, *, start: bool = False) -> None:
    """Asserts the desk's buttons and labels whole and within the window on a laptop and a
    phone, its sentences spaced as sentences; with ``start``, the lobby's Start as wide as its
    words (not the whole column)."""
    for size_name, size in (("1280", LAPTOP), ("phone", PHONE)):
        resize(desk, size, timeout=STEP)
        snap(desk, f"{where}_{size_name}")
        controls = desk.evaluate(CONTROLS)
        # The language menu's label is read by screen readers only on a phone (1 px wide).
        cut = [text for text in controls["cut"] if not text.startswith(("Langue", "Sprache"))]
        assert cut == [], f"{where} at {size_name}: cut {cut}"
        assert controls["past"] == [], f"{where} at {size_name}: past the window's edge {controls['past']}"
        assert cut_texts(desk) == [], f"{where} at {size_name}"
        assert loose_lines(desk) == [], f"{where} at {size_name}"
        if start and size_name == "1280":
            assert controls["start"] < 0.3, f"Start takes {controls['start']:.0%} of the window"


def links_alike(desk, where: str) -> None:
    """Asserts every link of the teacher's sentences looks as the come-back link does, reads
    as a link and stands out from the page at 4.5:1 at least, in the light and the dark theme."""
    for theme in ("light", "dark"):
        set_theme(desk, theme)
        links = desk.evaluate(LINKS)
        assert len(links) >= 3, links
        assert len({link["color"] for link in links}) == 1, f"{where} in the {theme} theme: {links}"
        for link in links:
            assert link["underline"] == "underline" and link["size"] >= 14, f"{where}, {theme}: {link}"
            assert link["contrast"] >= 4.5, f"{where}, {theme}: {link}"
        snap(desk, f"{where}_{theme}")
    set_theme(desk, "light")


#: The seconds the projected page's countdown shows (its "m:ss", whatever the language).
SECONDS_SHOWN = """() => { const [m, s] = document.querySelector('.inc-timer-text').innerText.match(/(\\d+):(\\d\\d)/).slice(1);
                     return 60 * Number(m) + Number(s); }"""


def still_on(page, locator) -> None:
    """Asserts the keyboard's focus is on ``locator``'s element."""
    assert page.evaluate("el => document.activeElement === el", locator.element_handle()), page.evaluate(
        "() => document.activeElement.outerHTML.slice(0, 120)")


def teacher_moves(store, code, key, action) -> None:
    store.act(code, action(position_of(store.read(code).game)), teacher_key=key)


def test_the_desk_reads_whole_hands_a_seat_link_over_and_puts_the_files_first(browser, tmp_path):
    with running_classroom(tmp_path) as room, open_store(room.store) as store:
        keys = store.create_table(Deck.builtin("everyday"), Rules(rounds=1), seed=3, language="fr")
        code, key = keys.code, keys.teacher_key
        book = class_book_of(store)
        book.add_class(CLASS, NAMES)
        book.add_tables(CLASS, {code: NAMES})  # the desk links to the class's report
        for name in NAMES:
            store.join(code, name)
        context = browser.new_context(viewport=LAPTOP)
        gate = KernelGate()
        gate.route(context)
        try:
            show = context.new_page()
            # The key's cookie, and the drawing timer, which the desk's link passes on (the desk pauses it).
            show.goto(f"{room.render}/teacher.ipynb?code={code}&key={key}&timer=180", timeout=SLOW)
            wait_ready(show, ".inc-open-desk a")
            desk = context.new_page()
            desk.goto(show.locator(".inc-open-desk a").get_attribute("href"), timeout=SLOW)
            wait_ready(desk, ".inc-start")

            # The lobby in French: "Commencer la partie" whole, in a button as wide as it.
            reads_whole(desk, "lobby_fr", start=True)
            resize(desk, LAPTOP, timeout=STEP)
            # Start pressed with the keyboard, then on to the language menu before the kernel
            # answers: the new screen's heading took the focus from the menu being opened.
            desk.focus(".inc-start")
            gate.hold()
            desk.keyboard.press("Enter")
            menu = desk.locator(".inc-page-language select")
            menu.focus()
            gate.release()
            desk.wait_for_selector(".inc-reissue-seat", timeout=STEP)
            wait_for_announcement(desk, "Cacher l'objet")
            still_on(desk, menu)
            # A pen broke: Pause timer, beside End phase, stops the projected page's countdown
            # (its own kernel), and both pages say so, until Resume.
            desk.click(".inc-pause")
            for page in (desk, show):
                page.wait_for_selector(".inc-pause:has-text('Reprendre le minuteur')", state="attached", timeout=STEP)
            show.wait_for_selector(".inc-timer-text:has-text('en pause')", state="attached", timeout=STEP)
            paused_at, stood = show.evaluate(SECONDS_SHOWN), time.monotonic()
            menu.focus()
            # End phase, the first Tab stop after the menu, asks first: a stray Enter ended the
            # drawing of the whole class.  The focus goes to Cancel, and Cancel gives it back.
            desk.keyboard.press("Tab")
            focus_on(desk, ".inc-end-phase")
            desk.keyboard.press("Enter")
            focus_on(desk, ".inc-confirm-no")
            question = " ".join(desk.inner_text(".inc-confirm-text").split())  # U+00A0 before "?"
            assert question == "Terminer maintenant la phase où l'on cache ? Les dessins inachevés comptent tels quels."
            desk.keyboard.press("Enter")
            desk.wait_for_selector(".inc-confirm", state="hidden", timeout=STEP)
            focus_on(desk, ".inc-end-phase")
            assert store.read(code).game.phase is Phase.HIDE, "the keyboard ended the drawing"

            # A new link for a student who lost theirs, then the desk in German: the sentence too.
            desk.locator(".inc-reissue-seat").first.click()
            desk.wait_for_selector(".inc-reissued-link a", timeout=STEP)
            given = desk.locator(".inc-reissued-link a").get_attribute("href")
            desk.select_option(".inc-page-language select", label="Deutsch")
            desk.wait_for_selector(".inc-reissued-link:has-text('Neuer Link von Maximilian-Alexander')", timeout=STEP)
            assert desk.locator(".inc-reissued-link a").get_attribute("href") == given
            desk.locator(".inc-copy-seat-link").wait_for(timeout=STEP)
            desk.click(".inc-show-seat-qr")
            desk.wait_for_selector(".inc-seat-qr-image[src^='data:image/svg+xml']", timeout=STEP)
            assert desk.locator(".inc-show-seat-qr").inner_text().strip() == "QR-Code ausblenden"
            links_alike(desk, "hide_de")
            reads_whole(desk, "hide_de")  # its bar on a phone too: End phase and Resume timer whole
            # Seconds later, the projected page having ticked since, its countdown has not moved;
            # Resume from the desk (the table in German now) and it counts again.
            # What is checked is time passing: past a tick's second since the pause, whatever the
            # steps above took (1.5 s measured on a busy machine, 0.95 s on an idle one).
            ticked = stood + 1.5 - time.monotonic()
            if ticked > 0:
                show.wait_for_timeout(ticked * 1000)
            assert time.monotonic() - stood > 1.0
            assert show.evaluate(SECONDS_SHOWN) == paused_at, "the projected countdown went on during the pause"
            for page in (desk, show):
                assert page.locator(".inc-pause").inner_text().strip() == "Timer fortsetzen"
            desk.click(".inc-pause")
            show.wait_for_function(f"() => ({SECONDS_SHOWN})() < {paused_at}", timeout=STEP)
            desk.wait_for_selector(".inc-pause:has-text('Timer anhalten')", timeout=STEP)
            assert not store.read(code).game.timer_paused
            # A crashed tab, a cable, a refresh: the projected page reloaded (a new kernel) goes on
            # with the table's time left, not from the full 3:00 (which a page just built shows
            # for its first second: the countdown is read once it has run 3 s since Resume).
            show.wait_for_function(f"() => ({SECONDS_SHOWN})() <= {paused_at - 3}", timeout=STEP)
            shown = show.evaluate(SECONDS_SHOWN)
            show.reload(timeout=SLOW)
            wait_ready(show, ".inc-timer-text:has-text(':')")
            assert show.evaluate(SECONDS_SHOWN) <= shown, "the reloaded countdown started again from the full time"

            # The reveal: where the show is, and no "End phase now" that would skip it unsaid.
            # The find screen, come from the projected page's move while the teacher is on Copy,
            # leaves the focus there (the heading took it).
            resize(desk, LAPTOP, timeout=STEP)
            copy = desk.locator(".inc-copy-seat-link")
            copy.focus()
            teacher_moves(store, code, key, lambda at: Action.advance(force=True, at=at))
            wait_for_announcement(desk, "Die versteckten Gegenstände finden")
            still_on(desk, copy)
            teacher_moves(store, code, key, lambda at: Action.advance(force=True, at=at))
            # Next pressed with the keyboard: the focus on the new Next, pressed again and again
            # (it went to the title, from which the Tabs back to Next pass "Skip to the scores").
            desk.focus(".inc-next")
            pressed = desk.locator(".inc-next").element_handle()
            desk.keyboard.press("Enter")
            second = store.read(code).game.players[1]
            desk.wait_for_selector(f".inc-on-projector:has-text('{second}')", timeout=STEP)
            desk.wait_for_function("(old) => document.activeElement.matches('.inc-next') "
                                   "&& document.activeElement !== old", arg=pressed, timeout=STEP)
            assert "2" in desk.inner_text(".inc-on-projector") and "6" in desk.inner_text(".inc-on-projector")
            assert "Phase beenden" not in desk.inner_text(".inc-teacher")
            reads_whole(desk, "reveal_de")

            # The game over: the files and Play again first, on a phone's first screen.
            while store.read(code).game.phase is Phase.SCORE:
                teacher_moves(store, code, key, lambda at: Action.advance(at=at))
            desk.wait_for_selector(".inc-play-again", timeout=STEP)
            reads_whole(desk, "over_de")  # the Play-again deck's label "Kartenstapel" whole (it read "Kartensta…")
            assert desk.locator(".inc-seat-help, .inc-reissue-seat, .inc-reissued-link a").filter(
                visible=True).count() == 0
            resize(desk, PHONE, timeout=STEP)
            desk.click(".inc-prepare-downloads")
            desk.wait_for_selector(".inc-download-poster", timeout=SLOW)
            snap(desk, "over_de_files_phone")
            for selector in (".inc-download-poster", ".inc-play-again"):
                bottom = desk.locator(selector).evaluate("e => e.getBoundingClientRect().bottom")
                assert bottom <= PHONE["height"], f"{selector} ends at {bottom:.0f} px of a {PHONE['height']}-px phone"
        finally:
            context.close()
