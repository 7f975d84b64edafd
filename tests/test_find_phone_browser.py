"""The find phase on a phone, in Chromium at 390x844 (issue 18): one drawing at a time.

A Spanish class of six on ``incognito-nb classroom`` (SQLite); the drawings are set through
the store, and Ana's phone plays the find phase: each other player's drawing, painted,
with its card row in view at the same time; Previous and Next through every one of them;
the cards placed listed above Confirm; Confirm's words whole ("Confirmar mis cartas", once
cut to "Confirmar mis c…"); what is confirmed is what the store holds.
"""

from __future__ import annotations

import pytest

from browser import ARTIFACTS, resize
from table_driver import STEP
from test_classroom_browser import dealt_phone

pytestmark = pytest.mark.browser

PLAYERS = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]  # six: the most "who is done" lines above the drawing
PHONE = {"width": 390, "height": 844}

# Where the drawing shown and its card row are in the window, and whether both are in it.
IN_VIEW_JS = """() => {
  const board = document.querySelector('.inc-find-one .inc-find-shown .inc-painted-board');
  const cards = document.querySelector('.inc-find-one .inc-find-shown .inc-vote');
  const a = board.getBoundingClientRect(), b = cards.getBoundingClientRect();
  const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0;
  return {board: [a.top, a.bottom, a.width], cards: [b.top, b.bottom], both: inside(a) && inside(b),
          scrolled: scrollY, shown: [...document.querySelectorAll('.inc-find-one .inc-find-shown')].length};
}"""

# Every button and text line of the find screen whose words are wider than its box.
CUT_JS = """() => [...document.querySelectorAll('.inc-find-phone button, .inc-find-phone .widget-html-content')]
  .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth)
  .map((el) => `${el.className}: ${el.textContent.trim()} (${el.scrollWidth} > ${el.clientWidth})`)"""

# Counts every painting of the phone's board (each one writes its data-painted).
PAINTS_JS = """() => { window.__paints = [];
  new MutationObserver((changes) => { for (const c of changes) window.__paints.push(c.target.dataset.painted); })
    .observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-painted']}); }"""
# Each "who is done" chip: its top, its name, its mark and its words for screen readers.
CHIPS_JS = """() => [...document.querySelectorAll('.inc-who-chip')].map((c) => [
  Math.round(c.getBoundingClientRect().top), c.querySelector('.inc-badge').textContent,
  c.querySelector('.inc-who-state').textContent, c.querySelector('.inc-aria').textContent.trim()])"""
TWO_FRAMES_JS = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def drawing(seat: int):
    """Returns a drawing of ``seat`` + 2 strokes (each drawing says whose it is by its count)."""
    from incognito_nb.engine import Drawing, Stroke

    return Drawing(tuple(Stroke([(100 + 60 * s, 100 + 40 * seat), (300 + 50 * s, 400), (700, 120 + 30 * s)],
                                color="#0072b2", width=8) for s in range(seat + 2)))


def test_a_phone_finds_one_drawing_at_a_time_with_its_cards_beside_it(browser, tmp_path):
    from incognito_nb.engine import Action, Phase

    with dealt_phone(browser, tmp_path, PLAYERS, PHONE, language="es") as (page, store, keys, seats):
        for seat, name in enumerate(PLAYERS):
            store.act(keys.code, Action.update_drawing(name, drawing(seat)), seat_token=seats[name].token)
            store.act(keys.code, Action.mark_done(name), seat_token=seats[name].token)
        page.evaluate(PAINTS_JS)
        store.act(keys.code, Action.advance(), teacher_key=keys.teacher_key)  # as the teacher page does
        game = store.read(keys.code).game
        assert game.phase is Phase.FIND
        others = [(game.seat(name), name) for name in game.players if name != "Ana"]
        lineup = game.lineup
        page.wait_for_selector(".inc-find-one .inc-find-shown .inc-painted-board[data-painted]", timeout=STEP)
        page.evaluate(TWO_FRAMES_JS)  # the board laid out and its size observed: any second painting is done
        first = str(others[0][0] + 1)  # the first drawing shown: its strokes, as below
        assert page.evaluate("() => window.__paints") == [first]  # painted once, at the size it has
        assert page.locator(".inc-gallery").count() == 0  # the projector's gallery is not the phone's
        assert page.locator(".inc-find-phone .inc-lineup .inc-token").count() == len(lineup)
        # The six players' chips above it take one line of the phone: each a name and a
        # mark, its words for screen readers only.
        chips = page.evaluate(CHIPS_JS)
        assert len({top for top, *_ in chips}) == 1, chips
        assert [(name, mark, words) for _, name, mark, words in chips] == [
            (name, "✎", "✎ colocando cartas") for name in PLAYERS]

        placed = {}
        for step, (seat, name) in enumerate(others):
            shown = f".inc-find-one .inc-find-shown.inc-find-drawing-for-{seat}"
            board = f"{shown} .inc-painted-board[data-painted='{seat + 1}'][data-seat='{seat}']"
            page.wait_for_selector(board, timeout=STEP)  # this artist's strokes, painted
            assert page.get_attribute(board, "aria-label").startswith(f"Dibujo de {name}, escondido en: ")
            assert page.inner_text(".inc-find-position").strip() == f"Dibujo {step + 1} de {len(others)}"
            if step == 0:
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "find_phone_es_390x844.png"))
            place = page.evaluate(IN_VIEW_JS)
            assert place["shown"] == 1 and place["both"], place  # the drawing and its cards, together
            assert place["board"][2] < PHONE["width"]  # painted at the size shown, as wide as the phone lets it
            if step == 0:
                assert place["scrolled"] == 0, place  # the first drawing and its cards: in view as the screen opens
                assert page.is_disabled(".inc-find-previous")
            number = step + 2
            page.click(f"{shown} .inc-card-{number}")
            page.wait_for_selector(f"{shown} .inc-card-{number}.inc-card-selected", timeout=STEP)
            placed[name] = number
            if step < len(others) - 1:
                page.click(".inc-find-next")
        assert page.is_disabled(".inc-find-next")  # the last drawing: no further
        page.click(".inc-find-previous")
        page.wait_for_selector(f".inc-find-shown.inc-find-drawing-for-{others[-2][0]}", timeout=STEP)
        page.click(f".inc-find-go-{others[0][0]}")  # a card in the list leads back to its drawing
        page.wait_for_selector(f".inc-find-shown.inc-find-drawing-for-{others[0][0]}", timeout=STEP)
        # On its side (844x390) the drawing and its card row fit the window's height together:
        # 480 px tall, the drawing left its cards out of view while it was whole.
        resize(page, {"width": PHONE["height"], "height": PHONE["width"]}, timeout=STEP)
        place = page.evaluate(IN_VIEW_JS)
        assert place["cards"][1] - place["board"][0] <= PHONE["width"], place
        resize(page, PHONE, timeout=STEP)

        summary = page.inner_text(".inc-find-summary")
        assert "Tus cartas:" in summary
        for name, number in placed.items():
            assert f"{name}: carta {number}" in summary, summary
        page.wait_for_function("() => !!document.querySelector('.inc-vote-summary')"
                               " && document.querySelector('.inc-vote-summary').textContent.includes('5 de 5')",
                               timeout=STEP)
        confirm = page.locator(".inc-confirm-votes")
        assert confirm.inner_text().strip() == "Confirmar mis cartas"
        assert confirm.evaluate("b => b.scrollWidth <= b.clientWidth"), confirm.evaluate(
            "b => [b.scrollWidth, b.clientWidth]")
        assert page.evaluate(CUT_JS) == []
        page.screenshot(path=str(ARTIFACTS / "find_phone_es_390x844_cards.png"), full_page=True)
        confirm.click()
        page.wait_for_selector(".inc-vote-summary:has-text('Confirmadas.')", timeout=STEP)
        # Under the grey Confirm, what the phone now waits for (no longer the rule on cards).
        page.wait_for_selector(".inc-vote-reminder:has-text('Espera a los demás: las respuestas saldrán en la "
                               "pantalla del proyector.')", timeout=STEP)
        game = store.read(keys.code).game
        assert "Ana" in game.confirmed and game.votes_of("Ana") == placed
