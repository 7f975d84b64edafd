"""Projector mode in Chromium: every phase of a six-player game screenshotted at 1280x720,
1920x1080 and 1024x768 (4:3), each shown whole, without scrolling, at every size.

The dashboard is started as a teacher starts it for a projector: ``incognito-nb --theme dark``
(dark theme, projector mode on).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser import ARTIFACTS, UNSEEN, broken_words, cut_texts, launcher_server, loose_lines, resize, stage_type
from table_driver import SLOW, STEP, STROKES, Table

pytestmark = pytest.mark.browser

#: A 720p and a 1080p projector, and a school's older 4:3 one (XGA).
SIZES = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080},
         "xga": {"width": 1024, "height": 768}}
SIX = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]


def overflow(page) -> dict:
    """Returns how far the dashboard reaches past the window's right and bottom edges (its
    stage's content too, where the stage scrolls within itself), the
    size of its stage's type (the median of every visible text's, in px; the drawing pad's
    tools, used at the screen, keep their size and are left out), the tokens' words broken
    across lines, the texts cut off without an ellipsis, the sentences whose lines are spaced
    as by a blank line, the buttons whose words are cut off
    ("Re…"), the seats' colours on two lines ("reddish / purple"), the narrowest name
    field in em of its type (Infinity where there is none) and the share of the window the
    gallery's drawings take."""
    return page.evaluate(
        """() => {
            const r = document.querySelector('.inc-app').getBoundingClientRect();
            const s = document.querySelector('.inc-stage').getBoundingClientRect();
            const shown = [...document.querySelectorAll('.inc-app button')].filter(b => b.getClientRects().length);
            // A stage that scrolls within itself holds what is below its bottom (the show's reveal
            // ran 140 px under a 720p screen, its Next with it, the page's own bottom in view).
            const stage = document.querySelector('.inc-stage');
            const hidden = stage.scrollHeight - stage.clientHeight;
            return {right: Math.max(r.right, s.right) - innerWidth,
                    bottom: Math.max(r.bottom, s.bottom + hidden) - innerHeight,
                    buttons: shown.filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.textContent.trim()),
                    colours: [...document.querySelectorAll('.inc-swatch-name')]
                        .filter(n => n.getClientRects().length > 1).map(n => n.textContent),
                    names: Math.min(...[...document.querySelectorAll('.inc-player-name input')]
                        .map(i => i.clientWidth / parseFloat(getComputedStyle(i).fontSize))),
                    drawings: [...document.querySelectorAll('.inc-gallery .inc-drawing-view')]
                        .map(v => v.getBoundingClientRect()).reduce((sum, b) => sum + b.width * b.height, 0)
                        / (innerWidth * innerHeight)};
        }""") | {"type": stage_type(page, skip=f"{UNSEEN}, .inc-pad"),
                 "broken": broken_words(page), "cut": cut_texts(page), "loose": loose_lines(page)}


def shoot(page, phase: str) -> dict[str, dict]:
    """Screenshots the window at every size; returns the overflow measured at each."""
    ARTIFACTS.mkdir(exist_ok=True)
    measured = {}
    for name, size in SIZES.items():
        resize(page, size, timeout=STEP)
        page.screenshot(path=str(ARTIFACTS / f"projector_{phase}_{name}.png"))
        measured[name] = overflow(page)
    return measured


def confirm_end_phase(page) -> None:
    page.click(".inc-end-phase")
    page.click(".inc-confirm-yes", timeout=STEP)


def end_round_early(page) -> None:
    """From the curtain of a dealt round, the teacher ends each phase: hide, find, and the
    reveal (the scores are recorded), to the next round's preparation or the podium."""
    page.wait_for_selector(".inc-curtain", timeout=STEP)
    confirm_end_phase(page)
    page.wait_for_selector(".inc-find", timeout=STEP)
    confirm_end_phase(page)
    page.wait_for_selector(".inc-reveal", timeout=STEP)
    confirm_end_phase(page)  # skip the reveal: the scores are recorded
    page.wait_for_selector(".inc-prepare, .inc-podium", timeout=STEP)


def fits(measured: dict[str, dict], phase: str) -> None:
    """Asserts ``phase`` fits every size, whole words and whole texts (or an ellipsis),
    and that its type grows with the screen as its
    boards do (a wall shows both pictures at the same size): 1.4 times or more at 1080p."""
    for size, past in measured.items():
        assert past["right"] <= 0 and past["bottom"] <= 0, f"{phase} scrolls at {size}: {past}"
        assert past["broken"] == [], f"{phase} at {size}: a token's word broken across lines: {past['broken']}"
        assert past["cut"] == [], f"{phase} at {size}: text cut off without an ellipsis: {past['cut']}"
        assert past["loose"] == [], f"{phase} at {size}: a sentence's lines spaced as by a blank line: {past['loose']}"
        assert past["buttons"] == [], f"{phase} at {size}: a button's words cut off: {past['buttons']}"
        assert past["colours"] == [], f"{phase} at {size}: a seat's colour on two lines: {past['colours']}"
        # A name field holds a name in sight (4.1 of its letters' size at 1080p, when the
        # players' column kept its 720p width in rem).
        assert past["names"] >= 7, f"{phase} at {size}: a name field {past['names']:.1f} em wide"
    assert measured["1080p"]["type"] >= 1.4 * measured["720p"]["type"], f"{phase}: type {measured}"


def test_projector_mode_shows_each_phase_on_one_screen(page, tmp_path):
    with launcher_server(tmp_path / "saves", extra_args=("--theme", "dark")) as url:
        table = Table(page, url)
        page.set_viewport_size(SIZES["720p"])
        table.open()
        page.wait_for_selector(".inc-app.inc-projector", timeout=SLOW)
        table.type_names(SIX)
        fits(shoot(page, "1_setup"), "setup")
        table.begin()
        fits(shoot(page, "2_curtain"), "the curtain")
        for seat, player in enumerate(SIX):
            table.open_pad(player)
            table.draw(STROKES[seat])
            if seat == 0:
                fits(shoot(page, "3_pad"), "the pad")
            table.done()
        page.wait_for_selector(".inc-find .inc-curtain", timeout=STEP)
        table.gallery_shows_every_drawing()
        fits(shoot(page, "4_find"), "the find phase")
        table.open_card("Ana")
        page.wait_for_selector(".inc-votes", timeout=STEP)
        fits(shoot(page, "5_votes"), "the cards of six players")
        confirm_end_phase(page)  # the teacher ends the find phase: cards lie as placed
        page.wait_for_selector(".inc-reveal", timeout=STEP)
        fits(shoot(page, "6_reveal"), "the reveal")
        for _ in SIX:
            table.press(".inc-next")
        page.wait_for_selector(".inc-scoreboard", timeout=STEP)
        fits(shoot(page, "7_scoreboard"), "the scoreboard")
        for _ in range(2):  # rounds 2 and 3, ended by the teacher
            table.press(".inc-next")  # score → prepare, prepare → hide
            if page.locator(".inc-prepare").count():
                fits(shoot(page, "7b_prepare"), "the next round's preparation")
                table.press(".inc-next")
            end_round_early(page)
        page.wait_for_selector(".inc-winners", timeout=STEP)
        fits(shoot(page, "8_podium"), "the podium")
        table.watch.check()


def test_a_spanish_class_sees_the_curtain_and_the_find_phase_in_spanish(page, tmp_path):
    """``incognito-nb --theme dark --language es`` with the Spanish deck, played with the mouse."""
    from incognito_nb import Deck
    from incognito_nb.engine.decks import locations_count, objects_count
    from incognito_nb.ui.i18n import language

    deck = Deck.builtin("es_everyday")
    spanish = language("es")
    deck_label = spanish._("{name} ({objects}, {locations})", name=deck.name, objects=objects_count(len(deck.objects)),
                           locations=locations_count(len(deck.locations)))
    players = ["Ana", "Ben", "Cleo"]
    with launcher_server(tmp_path / "saves", extra_args=("--theme", "dark", "--language", "es")) as url:
        table = Table(page, url)
        page.set_viewport_size(SIZES["720p"])
        table.open()
        page.wait_for_selector(".inc-app.inc-projector", timeout=SLOW)
        assert page.inner_text(".inc-start").strip() == "Empezar la partida"
        assert page.locator(".inc-language select").evaluate("s => s.options[s.selectedIndex].text") == "Español"
        page.select_option(".inc-deck select", label=deck_label)
        table.type_names(players)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "projector_es_1_setup.png"))
        table.begin()
        assert page.inner_text(".inc-curtain-call").strip() == "Pasa la pantalla a Ana — que los demás no miren."
        assert "Ronda 1 de 3 · Esconde el objeto" in page.inner_text(".inc-header")
        page.screenshot(path=str(ARTIFACTS / "projector_es_2_curtain.png"))
        for seat, player in enumerate(players):
            word = table.open_pad(player)
            assert word in deck.objects, word  # the deck's words, whatever the interface speaks
            if seat == 0:
                assert page.inner_text(".inc-secret").startswith("Tu objeto secreto:")
                page.screenshot(path=str(ARTIFACTS / "projector_es_3_pad.png"))
            table.draw(STROKES[seat])
            table.done()
        page.wait_for_selector(".inc-find .inc-curtain", timeout=STEP)
        table.gallery_shows_every_drawing()
        assert page.inner_text(".inc-find .inc-curtain-call").strip() == "Pasa la pantalla a Ana — que los demás no miren."
        assert "Encuentra los objetos escondidos" in page.inner_text(".inc-header")
        assert broken_words(page) == []  # "desperta|dor" in a third of the line-up's row
        page.screenshot(path=str(ARTIFACTS / "projector_es_4_find.png"))
        table.watch.check()


#: Six names a German class has, each long enough to push a caption or a chip onto a second line.
LONG_NAMES = ["Maximilian", "Charlotte", "Konstantin", "Friederike", "Bartholomäus", "Wilhelmina"]


def test_six_long_names_in_german_keep_the_find_phase_on_one_screen(page, tmp_path):
    """The table dashboard projected, six long German names: the find phase and the first
    player's cards fit every size (at 1280x720 the curtain's button was 105 px under the
    screen's bottom: the chips on two lines, the captions on two), the drawings take more of a
    4:3 screen two a row (three a row: 0.21 of it), and a caption cut short ends in an
    ellipsis one can see (drawn in the page's white on the tile's white under the dark theme)."""
    with launcher_server(tmp_path / "saves", extra_args=("--theme", "dark", "--language", "de")) as url:
        table = Table(page, url)
        page.set_viewport_size(SIZES["xga"])
        table.open()
        page.wait_for_selector(".inc-app.inc-projector", timeout=SLOW)
        table.type_names(LONG_NAMES)
        table.begin()
        for seat, player in enumerate(LONG_NAMES):
            table.open_pad(player)
            table.draw(STROKES[seat])
            table.done()
        page.wait_for_selector(".inc-find .inc-curtain", timeout=STEP)
        measured = shoot(page, "de_long_4_find")
        fits(measured, "the find phase with six long names")
        assert measured["xga"]["drawings"] >= 0.23, {size: got["drawings"] for size, got in measured.items()}
        assert page.locator(".inc-who-chip:visible").count() == 6
        assert set(page.eval_on_selector_all(".inc-find .inc-drawing-label > .widget-html-content",
                                             "cs => cs.map(c => getComputedStyle(c).color)")) == {"rgb(51, 51, 51)"}
        # A caption cuts its name or its location only when the two together fill its line: the
        # name kept two fifths of it, "Maximil…" beside "in: Café" and an empty fifth.
        for size in SIZES:
            resize(page, SIZES[size], timeout=STEP)
            wasted = page.eval_on_selector_all(".inc-find .inc-drawing-label > .widget-html-content", """cs => cs.map(c => {
                const [name, where] = [c.querySelector('.inc-badge'), c.querySelector('.inc-drawing-location')];
                const cut = [name, where].some(e => e.scrollWidth > e.clientWidth + 1);
                const used = name.getBoundingClientRect().width + where.getBoundingClientRect().width;
                return cut && used < c.clientWidth - 12 ? [name.innerText, where.innerText, used, c.clientWidth] : null;
            }).filter(Boolean)""")
            assert wasted == [], (size, wasted)
        table.open_card(LONG_NAMES[0])
        page.wait_for_selector(".inc-votes", timeout=STEP)
        fits(shoot(page, "de_long_5_votes"), "the cards of six long names")
        # Each card row says whose drawing it is for, the artist's name whole at every size
        # (every row read "Zeichnung von …" at 1280x720), and its location whole or not at all:
        # whole on the 4:3 screen wherever the name and the location fit its line together (the
        # deal is random: "Bartholomäus in: Geburtstagsparty" does not fit, and is hidden).
        for size in SIZES:
            resize(page, SIZES[size], timeout=STEP)
            rows = page.eval_on_selector_all(".inc-vote-row > .inc-vote-label", """labels => labels.map(l => {
                const line = l.getBoundingClientRect();
                const seen = el => el && el.getClientRects().length > 0;
                const badge = [...l.querySelectorAll('.inc-badge')].find(seen);
                const where = [...l.querySelectorAll('.inc-drawing-location')].find(seen)?.getBoundingClientRect();
                const shown = where && where.top >= line.top && where.bottom <= line.bottom + 1;
                const room = line.right - badge.getBoundingClientRect().right;
                return [badge.innerText, badge.scrollWidth <= badge.clientWidth + 1
                            && badge.getBoundingClientRect().right <= line.right + 1,
                        shown ? (where.right <= line.right + 1 ? 'whole' : 'cut') : 'hidden',
                        !!where && where.width <= room];
            })""")
            assert [name for name, whole, *_ in rows if whole] == LONG_NAMES[1:], (size, rows)
            assert all(where != "cut" for _, _, where, _ in rows), (size, rows)
            if size == "xga":
                assert all(where == "whole" for _, _, where, fits in rows if fits), (size, rows)
        table.watch.check()


def test_the_classroom_projector_shows_each_phase_of_six_students_on_one_screen(page, tmp_path):
    """The teacher page of ``incognito-nb classroom`` is what a class watches: projector mode
    is on by default, and each phase fits 1280x720 and 1920x1080 with six students."""
    from incognito_nb.engine import Action, Deck, Rules, Stroke
    from test_classroom_browser import run_classroom

    with run_classroom(tmp_path, str(tmp_path / "class.sqlite")) as (base, store):
        keys = store.create_table(Deck.builtin(), Rules(rounds=2), seed=4)
        seats = {name: store.join(keys.code, name) for name in SIX}
        page.set_viewport_size(SIZES["720p"])
        page.goto(f"{base}/teacher.ipynb?code={keys.code}&key={keys.teacher_key}", timeout=SLOW)
        page.wait_for_selector(".inc-app.inc-projector .inc-start", timeout=SLOW)
        fits(shoot(page, "classroom_1_lobby"), "the lobby")
        page.click(".inc-start")
        page.wait_for_selector(".inc-who-chip", timeout=STEP)
        for round_number in (1, 2):
            for seat, name in enumerate(SIX):
                points = [(120 + 40 * seat, 160), (420, 380 + 20 * seat), (680, 220)]
                store.act(keys.code, Action.edit_drawing(name, [Stroke(points, width=10)]), seat_token=seats[name].token)
            page.get_by_text("Fay ✎ drawing · 1 stroke").wait_for(timeout=STEP)
            for name in SIX[:2]:  # two tiles done, four drawing: both looks on one screen
                store.act(keys.code, Action.mark_done(name), seat_token=seats[name].token)
            page.get_by_text("Done: 2 of 6").wait_for(timeout=STEP)
            assert page.locator(".inc-room-seats .inc-who-chip[data-done=true]").all_inner_texts() == [
                f"{name}\n✔ done" for name in SIX[:2]]
            fits(shoot(page, f"classroom_2_hide_{round_number}"), "the hide phase")
            for name in SIX[2:]:
                store.act(keys.code, Action.mark_done(name), seat_token=seats[name].token)
            page.wait_for_selector(".inc-find .inc-gallery .inc-drawing", timeout=STEP)
            measured = shoot(page, f"classroom_3_find_{round_number}")
            fits(measured, "the find phase")
            # Six drawings take two fifths of the screen at least, on a 4:3 projector too (its
            # line-up beside them left them 0.31 of it at 1024x768; under them, 0.5).
            shares = {size: round(got["drawings"], 2) for size, got in measured.items()}
            assert min(shares.values()) >= 0.4, f"the six drawings' share of the screen: {shares}"
            for name in SIX:
                store.act(keys.code, Action.confirm_votes(name), seat_token=seats[name].token)
            page.wait_for_selector(".inc-reveal", timeout=STEP)
            fits(shoot(page, f"classroom_4_reveal_{round_number}"), "the reveal")
            for _ in SIX:
                button = page.locator(".inc-next").element_handle(timeout=STEP)
                button.click()
                button.wait_for_element_state("hidden", timeout=STEP)
            page.wait_for_selector(".inc-scoreboard", timeout=STEP)
            fits(shoot(page, f"classroom_5_scores_{round_number}"), "the scoreboard")
            page.click(".inc-next")
            if round_number == 1:
                page.wait_for_selector(".inc-scoreboard ~ .inc-next, .inc-next", timeout=STEP)
                fits(shoot(page, "classroom_6_prepare"), "the next round's preparation")
                page.click(".inc-next")
                # The heading's words: the live region says them too, 50 ms later (page_aria.js).
                page.get_by_role("heading", name="Round 2 of 2").wait_for(timeout=STEP)
        page.wait_for_selector(".inc-winners", timeout=STEP)
        fits(shoot(page, "classroom_7_podium"), "the podium")
        # On the 4:3 screen (shoot's last size) the words chart is drawn at 0.55 of its size at
        # least: in the podium's column alone it was 0.43, its width the limit.
        scale = page.eval_on_selector(".inc-over-chart img", """i => {
            const b = i.getBoundingClientRect();
            return Math.min(b.width / i.naturalWidth, b.height / i.naturalHeight); }""")
        assert scale >= 0.55, f"the chart at {scale:.2f} of its size"


def names_on_two_lines(page) -> dict[str, list[str]]:
    """Returns, for each projector size, the names of the game over's scoreboard that take
    more than one line (a class reads a name on two lines as two players)."""
    wrapped = {}
    for size_name, size in SIZES.items():
        resize(page, size, timeout=STEP)
        lines = page.eval_on_selector_all(".inc-over .inc-scoreboard .inc-badge", """badges => badges.map(b => {
            const range = document.createRange();
            range.selectNodeContents(b);
            return [b.textContent, new Set([...range.getClientRects()].map(r => Math.round(r.top))).size];
        })""")
        if names := [name for name, count in lines if count > 1]:
            wrapped[size_name] = names
    return wrapped


#: Six names as long as a class's get, on the classroom's projected reveal.
SIX_LONG = ["Anne-Charlotte Dupont", "Bartholomäus", "Maximiliane Schwarzer", "Jean-Baptiste Lefèvre",
            "Guadalupe Fernández", "Christoph Wojciechowski"]


def test_the_classroom_reveal_of_six_long_names_fits_every_screen_with_its_next(page, tmp_path):
    """The classroom's projected reveal in German, six long names, a drawing found by four of
    five: it ran 140 px below a 720p screen and 55 px below a 4:3 one inside its stage (the
    page's bottom in view, so no test saw it), the points line cut mid-name and Next out of
    reach. Each chip is short there (the name, the card's number, ✔ and the points it gained),
    the finders are not named twice, and the true token's mark is its ✔."""
    from incognito_nb.engine import Action, Deck, Rules, Stroke
    from test_classroom_browser import run_classroom

    with run_classroom(tmp_path, str(tmp_path / "class.sqlite")) as (base, store):
        keys = store.create_table(Deck.builtin(), Rules(rounds=1), seed=4, language="de")
        code = keys.code
        seats = {name: store.join(code, name) for name in SIX_LONG}
        page.set_viewport_size(SIZES["720p"])
        page.goto(f"{base}/teacher.ipynb?code={code}&key={keys.teacher_key}", timeout=SLOW)
        page.wait_for_selector(".inc-app.inc-projector .inc-start", timeout=SLOW)
        page.click(".inc-start")
        page.wait_for_selector(".inc-who-chip", timeout=STEP)
        for seat, name in enumerate(SIX_LONG):
            stroke = Stroke([(120 + 40 * seat, 160), (420, 380), (680, 220)], width=10)
            store.act(code, Action.edit_drawing(name, [stroke]), seat_token=seats[name].token)
            store.act(code, Action.mark_done(name), seat_token=seats[name].token)
        page.wait_for_selector(".inc-find .inc-gallery .inc-drawing", timeout=STEP)
        game = store.read(code).game
        token = {artist: game.lineup.index(game.secret_object(artist)) + 1 for artist in SIX_LONG}
        for voter in SIX_LONG:
            if voter != "Bartholomäus":  # places no card
                for artist in SIX_LONG:
                    if artist != voter:
                        store.act(code, Action.cast_vote(voter, artist, token[artist]), seat_token=seats[voter].token)
            store.act(code, Action.confirm_votes(voter), seat_token=seats[voter].token)
        page.wait_for_selector('.inc-reveal-board [data-painted="1"]', timeout=STEP)
        measured = shoot(page, "classroom_long_names_reveal")
        fits(measured, "the reveal of six long names")
        nxt = page.locator(".inc-next").bounding_box()
        assert nxt["y"] + nxt["height"] <= SIZES["xga"]["height"], f"Next on the 4:3 screen: {nxt}"
        first = token[SIX_LONG[0]]
        chips = page.locator(".inc-reveal .inc-vote-chip .inc-chip-short").all_inner_texts()
        assert [" ".join(chip.split()) for chip in chips] == ["Bartholomäus ✘"] + [
            f"{name} {first} ✔ +1" for name in SIX_LONG[2:]], chips
        assert page.locator(".inc-reveal-found").is_hidden()
        gained = page.locator(".inc-reveal-points .inc-points-gained").bounding_box()
        assert gained["width"] <= 1 and gained["height"] <= 1, f"the finders' points off the screen: {gained}"
        points = page.locator(".inc-reveal-points").bounding_box()
        assert points["height"] <= 70, f"the artist's points alone, on a line or two: {points}"
        # What the chips and the line-up no longer say in words on the screen, a screen reader
        # still hears.
        assert "Maximiliane Schwarzer: Karte" in page.text_content(".inc-reveal-cards")
        assert "+1 Maximiliane Schwarzer" in " ".join(page.text_content(".inc-reveal-points").split())

        # On to the game over: each name of the scoreboard beside the podium keeps to one line
        # at every size (on the 4:3 screen "Christoph Wojciechowski" took two, its column half
        # the scoreboard's width beside two columns of a single digit, each a quarter).
        for _ in SIX_LONG:
            button = page.locator(".inc-next").element_handle(timeout=STEP)
            button.click()
            button.wait_for_element_state("hidden", timeout=STEP)
        page.click(".inc-next", timeout=STEP)  # the scoreboard, then the podium
        page.wait_for_selector(".inc-winners", timeout=STEP)
        assert names_on_two_lines(page) == {}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_classroom_game_over_draws_its_chart_large_on_a_720p_screen(page, tmp_path, language):
    """The classroom's projected game over of six long names and three rounds: the words chart
    is drawn at half its size at least on a 1280x720 screen, and every size still fits. Under
    both columns it had the height the scoreboard left (its long names on two lines): 180 px,
    0.35 of its size, its words in 7-px type. Each name of the scoreboard keeps to one line at
    every size: beside three rounds' columns of 3.5 em, "Christoph Wojciechowski" took two at
    1920x1080, and four of the six names at 1280x720, five at 1024x768."""
    from incognito_nb.engine import Action, Deck, Phase, Rules
    from test_classroom_browser import run_classroom

    with run_classroom(tmp_path, str(tmp_path / "class.sqlite")) as (base, store):
        keys = store.create_table(Deck.builtin(), Rules(rounds=3), seed=4, language=language)
        seats = {name: store.join(keys.code, name) for name in SIX_LONG}
        store.start(keys.code, keys.teacher_key)
        while (game := store.read(keys.code).game).phase is not Phase.OVER:
            if game.phase is Phase.FIND:  # the first finds the second's object: one winner, one word found
                voter, artist = SIX_LONG[:2]
                token = game.lineup.index(game.secret_object(artist)) + 1
                store.act(keys.code, Action.cast_vote(voter, artist, token), seat_token=seats[voter].token)
            store.act(keys.code, Action.advance(force=True), teacher_key=keys.teacher_key)
        page.set_viewport_size(SIZES["720p"])
        page.goto(f"{base}/teacher.ipynb?code={keys.code}&key={keys.teacher_key}", timeout=SLOW)
        page.wait_for_selector(".inc-winners", timeout=SLOW)
        page.wait_for_function("() => document.querySelector('.inc-over-chart img')?.complete", timeout=STEP)
        measured = shoot(page, f"classroom_{language}_long_names_over")
        fits(measured, "the game over of six long names")
        resize(page, SIZES["720p"], timeout=STEP)
        scale = page.eval_on_selector(".inc-over-chart img", """i => {
            const b = i.getBoundingClientRect();
            return Math.min(b.width / i.naturalWidth, b.height / i.naturalHeight); }""")
        assert scale >= 0.45, f"the chart at {scale:.2f} of its size at 1280x720"
        assert names_on_two_lines(page) == {}


def test_the_classroom_projector_turned_off_stays_off_at_a_reload(page, tmp_path):
    """The classroom's projected page turned out of projector mode (a laptop's screen) stays
    so at a reload, and on again: the toggle keeps ``?projector=0`` in the page's address.
    A reload went back to projector mode, its large type on the teacher's laptop."""
    from incognito_nb.engine import Deck, Rules
    from table_driver import Watch
    from test_classroom_browser import run_classroom

    with run_classroom(tmp_path, str(tmp_path / "class.sqlite")) as (base, store):
        keys = store.create_table(Deck.builtin(), Rules(rounds=1), seed=4)
        watch = Watch(page)
        page.goto(f"{base}/teacher.ipynb?code={keys.code}&key={keys.teacher_key}", timeout=SLOW)
        for on in (False, True):
            page.wait_for_selector(".inc-app.inc-show .inc-projector-toggle", timeout=SLOW)
            page.click(".inc-projector-toggle")
            page.wait_for_selector(".inc-app.inc-projector" if on else ".inc-app:not(.inc-projector)", timeout=STEP)
            page.wait_for_url(f"**projector={int(on)}", timeout=STEP)
            watch.check()
            page.reload()
            page.wait_for_selector(".inc-app.inc-show .inc-projector-toggle", timeout=SLOW)
            watch.forget()  # the page that left asked Voilà to end its kernel: 403 (docs/platform-notes.md)
            assert page.locator(".inc-app.inc-projector").count() == int(on), f"projector mode {on} lost at a reload"
            # aria-pressed is set by the toggle's own widget, which may render after the app's class.
            expect(page.locator(".inc-projector-toggle")).to_have_attribute("aria-pressed", str(on).lower(), timeout=STEP)


def test_a_french_game_over_says_new_game_whole_on_a_projector(page, tmp_path):
    """Projected at 1280x720, a French table's game over shows "Nouvelle partie" whole, and
    fits every size: the button kept ipywidgets' 148 px in projector type, "Nouvelle p…"."""
    with launcher_server(tmp_path / "saves", extra_args=("--theme", "dark", "--language", "fr")) as url:
        table = Table(page, url)
        page.set_viewport_size(SIZES["720p"])
        table.open()
        table.start(SIX[:3])
        for round_number in (1, 2, 3):
            end_round_early(page)
            if round_number < 3:
                table.press(".inc-next")  # the next round's preparation → its curtain
        page.wait_for_selector(".inc-winners", timeout=STEP)
        fits(shoot(page, "fr_8_podium"), "the French podium")
        assert page.inner_text(".inc-new-game").strip() == "Nouvelle partie"
        table.watch.check()


def test_a_projected_table_sees_the_words_chart_at_its_game_over(page, tmp_path):
    """Table mode projected, a game of six played to its end: the words chart stands under the
    podium, on the screen at every size, before and after the files are made. The files' tall
    chart (1400x1588), shown under the download links once made, began under a 720p screen's
    bottom and ended 900 px below it."""
    with launcher_server(tmp_path / "saves", extra_args=("--theme", "dark")) as url:
        table = Table(page, url)
        page.set_viewport_size(SIZES["720p"])
        table.open()
        table.start(SIX)
        for round_number in (1, 2, 3):
            end_round_early(page)
            if round_number < 3:
                table.press(".inc-next")  # the next round's preparation → its curtain
        page.wait_for_selector(".inc-winners", timeout=STEP)
        table.press(".inc-prepare-downloads")
        page.wait_for_selector(".inc-downloads .inc-download", timeout=STEP)
        page.wait_for_function("() => [...document.querySelectorAll('.inc-app img')].every(i => i.complete)",
                               timeout=STEP)
        shown = page.locator(".inc-app img").filter(visible=True)
        assert shown.count() == 1, "one chart: the wall's, not the file's under it too"
        for size_name, size in SIZES.items():
            resize(page, size, timeout=STEP)
            chart = shown.evaluate("""i => {
                const b = i.getBoundingClientRect();
                return {bottom: b.bottom, scale: Math.min(b.width / i.naturalWidth, b.height / i.naturalHeight)}; }""")
            assert chart["bottom"] <= size["height"] and chart["scale"] >= 0.3, (size_name, chart)
        fits(shoot(page, "table_8_over_files"), "the game over with its files")
        table.watch.check()


def long_names_over(language: str):
    """Returns a game of six long names over after three rounds, dealt from ``language``'s
    built-in deck: the first finds the second's object each round, so every column holds a
    number and the podium a winner."""
    from incognito_nb import Deck, Game, Phase

    game = Game.new(SIX_LONG, Deck.builtin({"en": "everyday", "de": "de_everyday"}[language]), seed=3)
    while game.phase is not Phase.OVER:
        if game.phase is Phase.FIND:
            voter, artist = SIX_LONG[:2]
            game.cast_vote(voter, artist, game.lineup.index(game.secret_object(artist)) + 1)
        game.advance(force=True)
    return game


def test_a_projected_tables_game_over_keeps_each_long_name_on_one_line(page, tmp_path):
    """Table mode projected (``--theme dark``), a German game of six long names over after
    three rounds: each name of the scoreboard keeps to one line at every size, and the screen
    fits. Beside three rounds' columns of 3.5 em, in 1.15 times the projector's type, four names
    took two lines at 1280x720, "Christoph Wojciechowski" at 1920x1080 too, and the screen ran
    38 px under a 720p screen's bottom."""
    from incognito_nb.store import GameFolder

    GameFolder(tmp_path / "saves").save(long_names_over("de"))
    with launcher_server(tmp_path / "saves", extra_args=("--theme", "dark", "--language", "de")) as url:
        table = Table(page, url)
        page.set_viewport_size(SIZES["720p"])
        table.open()
        table.press(".inc-resume-game")
        page.wait_for_selector(".inc-winners", timeout=STEP)
        page.wait_for_function("() => document.querySelector('.inc-over-chart img')?.complete", timeout=STEP)
        fits(shoot(page, "table_de_long_names_over"), "the game over of six long names")
        assert names_on_two_lines(page) == {}
        table.watch.check()


def test_a_dark_projected_game_over_draws_its_chart_on_the_dark_page(page, tmp_path):
    """Table mode projected in the dark theme (``--theme dark``): the words chart under the
    podium is drawn on the page's own dark background, its type light, at every size. It was
    the printable chart, a white slab (a picture ~450x230 px at 1280x720) on the dark screen."""
    import io

    from PIL import Image

    from incognito_nb.store import GameFolder
    from incognito_nb.ui.widgets.palette import contrast_ratio

    GameFolder(tmp_path / "saves").save(long_names_over("en"))
    with launcher_server(tmp_path / "saves", extra_args=("--theme", "dark")) as url:
        table = Table(page, url)
        page.set_viewport_size(SIZES["720p"])
        table.open()
        table.press(".inc-resume-game")
        page.wait_for_selector(".inc-winners", timeout=STEP)
        page.wait_for_function("() => [...document.querySelectorAll('.inc-over-chart img')].every(i => i.complete)",
                               timeout=STEP)
        chart = page.locator(".inc-over-chart img").filter(visible=True)
        assert chart.count() == 1, "one chart, the page theme's"
        for size_name, size in SIZES.items():
            resize(page, size, timeout=STEP)
            shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
            page.screenshot(path=str(ARTIFACTS / f"projector_dark_chart_{size_name}.png"))
            box = chart.bounding_box()
            assert box["width"] >= 300, (size_name, box)
            inside = shot.crop((round(box["x"]), round(box["y"]), round(box["x"] + box["width"]),
                                round(box["y"] + box["height"])))
            colours = sorted(inside.getcolors(1 << 24), reverse=True)
            hexes = ["#%02x%02x%02x" % colour for _, colour in colours]
            # The chart's ground is the page's, beside it (its padding's left edge).
            page_ground = "#%02x%02x%02x" % shot.getpixel((round(box["x"]) - 4, round(box["y"] + box["height"] / 2)))
            assert hexes[0] == page_ground, (size_name, hexes[:3], page_ground)
            # Its lightest type reads on it as the page's own text does (7:1 and more).
            lightest = max(hexes[:40], key=lambda c: sum(bytes.fromhex(c[1:])))
            assert contrast_ratio(lightest, hexes[0]) >= 7, (size_name, lightest, hexes[0])
        table.watch.check()
