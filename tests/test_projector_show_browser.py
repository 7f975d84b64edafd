"""The classroom's projected page is only the show, measured in Chromium as a class sees it.

A Spanish and a German class of four, with decks of long words in their language
("despertador", "Wäscheklammer"), on the projector at 1280x720 and 1920x1080: in every phase —
lobby, hide, find, reveal, scores, game over — the projected page does not scroll, no
text runs past its box, the drawings take a large share of the screen, and neither the
page nor its widgets' synced state holds a seat token or the teacher key.  The teacher
runs what must not be projected (a new link for a student, removing one) from the
teacher's desk, a second page of the same browser.  Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import json
import time
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from a11y import check_modes
from browser import ARTIFACTS, broken_words, icon_font, loose_lines, resize, stage_type
from table_driver import SLOW, STEP
from test_classroom_browser import Frames, run_classroom, wait_ready

pytestmark = pytest.mark.browser

#: A 720p and a 1080p projector, and a school's older 4:3 one (XGA).
SIZES = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080},
         "xga": {"width": 1024, "height": 768}}
NAMES = {"es": ["Lucía", "Mateo", "Valentina", "Sebastián"], "de": ["Lukas", "Mia", "Maximilian", "Johanna"]}
#: Decks of long words only, so that every token and caption is as long as a class's words get.
LONG_WORDS = {
    "es": ("Palabras largas", ["despertador", "escondido", "sacapuntas", "paraguas abierto", "calcetines",
                               "destornillador"],
           ["biblioteca municipal", "supermercado", "aparcamiento", "polideportivo"]),
    "de": ("Lange Wörter", ["Staubsauger", "Taschenlampe", "Wäscheklammer", "Regenschirm", "Zahnbürste",
                            "Kühlschrankmagnet"],
           ["Stadtbibliothek", "Supermarktkasse", "Schwimmbadumkleide", "Fahrradwerkstatt"]),
}


def long_deck(language: str, folder):
    from incognito_nb.engine import load_deck

    name, objects, locations = LONG_WORDS[language]
    path = folder / f"long_{language}.csv"
    path.write_text(f"# name: {name}\n# language: {language}\nkind,word\n"
                    + "".join(f"object,{word}\n" for word in objects)
                    + "".join(f"location,{word}\n" for word in locations), encoding="utf-8")
    return load_deck(path)
#: The share of the screen the drawings take at least: four in the find phase, one in the reveal.
DRAWINGS_SHARE = {"find": 0.28, "reveal": 0.25}  # measured: 0.31 and 0.28 at 1280x720

#: The share of the screen the drawings took, by language, phase and size (written to artifacts/).
SHARES: dict[str, float] = {}

MEASURE = """() => {
    const root = document.documentElement;
    const texts = [];
    for (const el of document.querySelectorAll('.inc-app *')) {
        if (!el.getClientRects().length || el.closest('.inc-invisible, .inc-aria, .inc-projector .inc-aria-projected')) continue;
        const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        if (!own || el.clientWidth === 0) continue;
        if (el.scrollWidth > el.clientWidth + 1) {
            texts.push(`${el.className}: "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
        }
    }
    const past = [];
    for (const el of document.querySelectorAll('.inc-app, .inc-app *')) {
        if (!el.getClientRects().length || el.closest('.inc-invisible, .inc-aria, .inc-projector .inc-aria-projected')) continue;
        const box = el.getBoundingClientRect();
        if (box.width && box.height && (box.bottom > innerHeight + 1 || box.right > innerWidth + 1)) {
            past.push(`${el.className}: ${Math.round(box.right)}x${Math.round(box.bottom)}`);
        }
    }
    let drawings = 0;
    for (const view of document.querySelectorAll('.inc-stage .inc-drawing-view, .inc-stage .inc-reveal-board')) {
        const canvas = view.querySelector('canvas');
        const r = (canvas || view).getBoundingClientRect();
        const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
        const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
        drawings += w * h;
    }
    return {scrollHeight: root.scrollHeight, scrollWidth: root.scrollWidth, innerHeight, innerWidth,
            overflowing: texts, past: past.slice(0, 5), drawings: drawings / (innerWidth * innerHeight)};
}"""


def measure(page, language: str, phase: str, *, drawings: str | None = None, projected: bool = True) -> None:
    """Screenshots ``phase`` at every size and asserts that it fits, that no text overflows
    its box, that no token's word breaks across lines and (``drawings``: "find" or
    "reveal") that the drawings fill their share; ``projected`` (projector mode on), that
    its type grows with the screen as its drawings do: at 1920x1080 the stage's type is 1.4
    times that at 1280x720 or more (a wall shows both pictures at the same size)."""
    ARTIFACTS.mkdir(exist_ok=True)
    type_size = {}
    for size, viewport in SIZES.items():
        resize(page, viewport, timeout=STEP)
        page.screenshot(path=str(ARTIFACTS / f"show_{language}_{phase}_{size}.png"))
        got = page.evaluate(MEASURE)
        SHARES[f"{language} {phase} {size}"] = round(got["drawings"], 3)
        where = f"{phase} in {language} at {size}"
        assert got["scrollHeight"] <= got["innerHeight"], f"{where} scrolls: {got}"
        assert got["scrollWidth"] <= got["innerWidth"], f"{where} scrolls sideways: {got}"
        assert got["past"] == [], f"{where}: past the window's edge (cut off): {got['past']}"
        assert got["overflowing"] == [], f"{where}: text past its box: {got['overflowing']}"
        broken = broken_words(page)
        assert broken == [], f"{where}: a token's word broken across lines: {broken}"
        loose = loose_lines(page)
        assert loose == [], f"{where}: a sentence's lines spaced as by a blank line: {loose}"
        if drawings:
            assert got["drawings"] >= DRAWINGS_SHARE[drawings], f"{where}: drawings take {got['drawings']:.2f}"
        type_size[size] = stage_type(page)
    if projected:
        assert type_size["1080p"] >= 1.4 * type_size["720p"], f"{phase} in {language}: type {type_size}"


#: A small phone (many Android phones): the line-ups' words whole, every button within its width.
SMALL_PHONE = {"width": 360, "height": 740}


def phone_fits(page, language: str, phase: str) -> None:
    """Screenshots a student's phone at ``phase`` and asserts that no token's word breaks
    across lines (a grid of thirds broke "Kühlschrank|magnet" at 360 px) and no button runs
    past the stage's edge, where it is cut off ("keine Karte" was, by a pixel)."""
    page.screenshot(path=str(ARTIFACTS / f"show_{language}_{phase}_phone360.png"), full_page=True)
    broken = broken_words(page)
    assert broken == [], f"{phase} in {language} on a 360-px phone: a token's word broken across lines: {broken}"
    loose = loose_lines(page)
    assert loose == [], f"{phase} in {language} on a 360-px phone: a sentence's lines spaced as by a blank line: {loose}"
    past = page.evaluate("""() => { const edge = document.querySelector('.inc-stage').getBoundingClientRect().right;
        return [...document.querySelectorAll('.inc-stage button')]
            .filter(b => b.getClientRects().length && b.getBoundingClientRect().right > edge + 0.5)
            .map(b => `${b.textContent.trim()}: ${Math.round(b.getBoundingClientRect().right)} > ${Math.round(edge)}`); }""")
    assert past == [], f"{phase} in {language} on a 360-px phone: buttons cut at the stage's edge: {past}"


#: A teacher's phone: the desk in hand while the class watches the wall.
TEACHER_PHONE = {"width": 390, "height": 844}

#: How many lines the page's title takes, the room between the top's last line and the stage,
#: and how many lines the chips of who is done take.
DESK_TOP = """() => { const title = document.querySelector('.inc-header > .widget-html-content');
    const lines = [...document.querySelectorAll('.inc-top > *')].filter(line => line.getBoundingClientRect().height > 1);
    const above = Math.max(...lines.map(line => line.getBoundingClientRect().bottom));
    const chips = [...document.querySelectorAll('.inc-who-chip')].filter(chip => chip.getClientRects().length);
    return {lines: title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight),
            room: document.querySelector('.inc-stage').getBoundingClientRect().top - above,
            chips: chips.length, chip_lines: new Set(chips.map(chip => Math.round(chip.getBoundingClientRect().top))).size,
            bar: [...document.querySelectorAll('.inc-teacher button')].filter(b => b.getClientRects().length)
                 .map(b => ({text: b.textContent.trim(), cut: b.scrollWidth > b.clientWidth + 1,
                             past: b.getBoundingClientRect().right > innerWidth + 0.5}))}; }"""


def desk_reads(desk, language: str, phase: str) -> None:
    """Screenshots the teacher's desk at ``phase`` on the laptop's screen and on a phone, and
    asserts that its sentences are spaced as sentences (its notes and links were 28 px apart
    for 13-px type), that on the phone its title takes three lines at most (five in German),
    that no empty line of its top takes room above the stage (44 px did in the lobby) and that
    its chips of who is done take two lines at most (a line each in German, four), and that
    its bar's buttons (End phase, and Pause timer beside it in the hide phase) are whole and
    within the phone's width."""
    for where, size in (("720p", SIZES["720p"]), ("phone", TEACHER_PHONE)):
        resize(desk, size, timeout=STEP)
        desk.screenshot(path=str(ARTIFACTS / f"show_{language}_desk_{phase}_{where}.png"), full_page=True)
        loose = loose_lines(desk)
        assert loose == [], f"the desk at {phase} in {language} at {where}: lines spaced as by a blank line: {loose}"
    top = desk.evaluate(DESK_TOP)
    assert top["lines"] < 3.5, f"the desk's title at {phase} in {language} on a phone: {top['lines']:.1f} lines"
    # Two gaps at most (the top's and the page's): an empty line of the top took one more each.
    assert top["room"] <= 20, f"the desk at {phase} in {language}: {top['room']:.0f} px above the stage"
    assert top["chip_lines"] <= 2, f"the desk's {top['chips']} chips at {phase} in {language} on a phone: {top['chip_lines']} lines"
    # Its bar on the phone: End phase and, with a timer in the hide phase, Pause timer beside it, whole.
    assert not any(button["cut"] or button["past"] for button in top["bar"]), f"the desk's bar at {phase}: {top['bar']}"
    assert ("hide" in phase) == (len(top["bar"]) == 2), f"the desk's bar at {phase} in {language}: {top['bar']}"


def no_secret(page, frames: Frames, secrets: list[str], where: str) -> None:
    assert len(frames.seen) > 10, "the page's widget messages were not recorded"
    html = page.content()
    for secret in secrets:
        assert secret not in html, f"{where}: a secret on the projected page"
        assert not any(secret in text for _, text in frames.seen), f"{where}: a secret in the page's widget state"


@pytest.mark.parametrize("language", ["es", "de"])
def test_every_projected_phase_is_only_the_show_and_fits_the_screen(browser, tmp_path, language):
    from incognito_nb.engine import Action, Rules, Stroke

    names = NAMES[language]
    with run_classroom(tmp_path, str(tmp_path / "class.sqlite")) as (base, store):
        deck = long_deck(language, tmp_path)
        keys = store.create_table(deck, Rules(rounds=1), seed=7, language=language)
        code = keys.code
        seats = {name: store.join(code, name) for name in [*names, "Extra"]}
        context = browser.new_context(viewport=SIZES["720p"])
        # A student's phone, a small one, in the same class: its line-ups keep the words whole too.
        phone_context = browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True)
        try:
            show = context.new_page()
            frames = Frames(show)
            show.goto(f"{base}/teacher.ipynb?code={code}&key={keys.teacher_key}&timer=120", timeout=SLOW)
            wait_ready(show, ".inc-app.inc-projector .inc-start")
            # The toggle says its state, in words and to a screen reader.
            toggle = show.locator(".inc-projector-toggle")
            expect(toggle).to_have_attribute("aria-pressed", "true", timeout=STEP)  # set by its own widget, maybe later
            assert show.locator(".inc-remove-player, .inc-teacher-link, .inc-reissue-seat").count() == 0
            # The teacher's desk: the same browser, another window (on the laptop's own screen).
            desk_url = show.locator(".inc-open-desk a").get_attribute("href")
            assert desk_url.endswith(f"teacher.ipynb?code={code}&desk=1&timer=120")  # the desk pauses it
            desk = context.new_page()
            desk.goto(desk_url, timeout=SLOW)
            wait_ready(desk, ".inc-remove-player")
            desk.locator(".inc-remove-player").last.click()  # Extra joined by mistake
            show.locator(".inc-lobby", has_not_text="Extra").wait_for(timeout=STEP)
            assert "Extra" not in show.inner_text(".inc-lobby")
            assert keys.teacher_key not in desk.content()  # the browser keeps it in its cookie
            desk_reads(desk, language, "1_lobby")
            started = time.monotonic()
            check_modes(desk, f"the teacher's desk, lobby ({language})", modes=("light", "dark"))
            print(f"axe-core on the desk's lobby: {time.monotonic() - started:.1f} s")
            facts = show.inner_text(".inc-table-facts")
            assert deck.name in facts
            measure(show, language, "1_lobby")
            phone = phone_context.new_page()
            phone.goto(f"{base}/student.ipynb?code={code}&token={seats[names[1]].token}", timeout=SLOW)
            wait_ready(phone, ".inc-lobby")
            show.click(".inc-start")
            show.wait_for_selector(".inc-timer, .inc-waiting", timeout=STEP)
            for seat, name in enumerate(names):
                points = [(100 + 60 * seat, 120), (400, 420 - 30 * seat), (700, 180 + 40 * seat)]
                store.act(code, Action.edit_drawing(name, [Stroke(points, width=12)]), seat_token=seats[name].token)
            show.wait_for_function("n => document.querySelectorAll('.inc-room-seats .inc-who-chip').length === n",
                                   arg=len(names), timeout=STEP)
            measure(show, language, "2_hide")
            # The same tiles on a laptop's screen (projector mode off): smaller, and still whole.
            show.locator(".inc-projector-toggle").click()
            show.wait_for_selector(".inc-app:not(.inc-projector) .inc-room-seats", timeout=STEP)
            measure(show, language, "2_hide_projector_off", projected=False)
            show.locator(".inc-projector-toggle").click()
            show.wait_for_selector(".inc-app.inc-projector .inc-room-seats", timeout=STEP)
            # The countdown's stopwatch is Font Awesome's, loaded by the page: never a symbol
            # left to the machine's fonts (an empty box on a laptop without an emoji font).
            stopwatch = icon_font(show, ".inc-timer-text i.fa-stopwatch")
            assert stopwatch["loaded"] and "Font Awesome" in stopwatch["family"], stopwatch
            # A student lost their link: the desk gives a new one, never the projector.
            desk.locator(".inc-reissue-seat").first.click()
            desk.wait_for_selector(".inc-reissued-link a", timeout=STEP)
            given = desk.locator(".inc-reissued-link a").get_attribute("href")
            new_token = parse_qs(urlsplit(given).query)["token"][0]
            assert names[0] in desk.inner_text(".inc-reissued-link") and store.rejoin(code, new_token).name == names[0]
            desk_reads(desk, language, "2_hide")
            tokens = {name: seats[name].token for name in names} | {names[0]: new_token}  # the old link stopped
            for name in names:
                store.act(code, Action.mark_done(name), seat_token=tokens[name])
            show.wait_for_selector(".inc-find .inc-gallery .inc-drawing canvas", timeout=STEP)
            measure(show, language, "3_find", drawings="find")
            phone.wait_for_selector(".inc-find-one .inc-find-shown .inc-painted-board[data-painted]", timeout=STEP)
            phone_fits(phone, language, "3_find")
            # Projector mode off (a laptop's screen): the toggle says so, and the drawings still fit.
            toggle.click()
            show.wait_for_selector(".inc-app:not(.inc-projector) .inc-projector-toggle[aria-pressed=false]", timeout=STEP)
            # The words come in the button's own message, which the page may apply after aria-pressed's.
            expect(toggle).to_have_text({"es": "Modo proyector: desactivado", "de": "Beamer-Modus: aus"}[language],
                                        timeout=STEP)
            measure(show, language, "3_find_projector_off", drawings="find", projected=False)
            toggle.click()
            show.wait_for_selector(".inc-app.inc-projector .inc-projector-toggle[aria-pressed=true]", timeout=STEP)
            for name in names:
                store.act(code, Action.confirm_votes(name), seat_token=tokens[name])
            show.wait_for_selector(".inc-reveal", timeout=STEP)
            show.wait_for_selector('.inc-reveal-board [data-painted="1"]', timeout=STEP)  # replayed: as the class sees it
            measure(show, language, "4_reveal", drawings="reveal")
            phone.wait_for_selector(".inc-reveal .inc-lineup .inc-token", timeout=STEP)
            phone_fits(phone, language, "4_reveal")
            for _ in names:
                button = show.locator(".inc-next").element_handle(timeout=STEP)
                button.click()
                button.wait_for_element_state("hidden", timeout=STEP)
            show.wait_for_selector(".inc-scoreboard", timeout=STEP)
            measure(show, language, "5_scores")
            show.click(".inc-next")
            show.wait_for_selector(".inc-winners", timeout=STEP)
            measure(show, language, "6_game_over")
            secrets = [keys.teacher_key, new_token, *(seat.token for seat in seats.values())]
            no_secret(show, frames, secrets, f"the projected page in {language}")
            shares = {key: share for key, share in SHARES.items() if key.startswith(language)}
            (ARTIFACTS / f"show_{language}_drawing_shares.json").write_text(json.dumps(shares, indent=1))
        finally:
            context.close()
            phone_context.close()
