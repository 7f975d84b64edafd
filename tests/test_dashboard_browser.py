"""The whole dashboard as a table plays it: ``incognito-nb --no-browser``, Chromium, a mouse.

Each test starts the launcher the way the README says, opens the page and plays through
the stable CSS hooks only (README, "Stable CSS hooks").  The secrets are read off the
screen the way a player reads them, the votes are chosen from them, and the expected
points are worked out from the rule book (``table_driver.expected_points``), so the
scoreboard is checked against the rules, not against the engine's own arithmetic.
Screenshots of every phase go to ``artifacts/dashboard_*.png``, to be looked at.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from PIL import Image

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

from browser import ARTIFACTS, icon_font, loose_lines, outside_requests, launcher_server, wait_for_ink
from table_driver import (FIND, MIDDLE, NONE, STEP, STROKES, WRONG, Plan, Table, Watch, check_reports,
                          download_takeaways)

pytestmark = pytest.mark.browser


@pytest.fixture
def table(page, tmp_path):
    """Yields a :class:`Table` on a fresh dashboard (launched as the README says), and checks
    at the end that the browser reported no error.

    The page is on a school network that swallows requests to the internet: a request to
    any other host is held, never answered.  A page that asked one in its head (Voilà's
    template links Font Awesome from a CDN) stayed blank for minutes there, so every test
    here also checks that the page asks no other host, and shows its icons all the same.
    """
    held = outside_requests(page.context)
    with launcher_server(tmp_path / "saves") as url:
        table = Table(page, url)
        try:
            table.open()
        except PlaywrightTimeout as error:
            raise AssertionError(f"the dashboard did not show while requests to other hosts went unanswered: "
                                 f"{held}") from error
        icon = icon_font(page, ".inc-start i.fa")
        assert icon["loaded"], f"the Start button's icon is not drawn in a font the page has: {icon}"
        yield table
        table.watch.check()  # while the server is up: its end is no error of the page
    assert held == [], f"the page asked other hosts: {held}"


ANA_BEN_CLEO = ["Ana", "Ben", "Cleo"]


def test_a_whole_three_player_game_in_the_browser(table, tmp_path):
    """Three rounds from setup to podium, the scoreboard checked against the rule book after each."""
    page = table.page
    table.snap("game_1_setup")
    table.start(ANA_BEN_CLEO)
    table.snap("game_2_curtain")
    plans: list[Plan] = [
        # Round 1: everyone finds Ana's object (so Ana scores 0); nobody finds the others.
        {"Ana": {"Ben": WRONG, "Cleo": NONE}, "Ben": {"Ana": FIND, "Cleo": WRONG}, "Cleo": {"Ana": FIND, "Ben": WRONG}},
        # Round 2: Ana and Ben find Cleo's (everyone: 0 for Cleo); only Cleo finds Ben's (2 for Ben).
        {"Ana": {"Ben": WRONG, "Cleo": FIND}, "Ben": {"Ana": NONE, "Cleo": FIND}, "Cleo": {"Ana": WRONG, "Ben": FIND}},
        # Round 3: no cards at all (each voter puts one down and takes it back): nobody scores.
        {"Ana": {}, "Ben": {}, "Cleo": {}},
    ]
    totals = dict.fromkeys(ANA_BEN_CLEO, 0)
    for number, plan in enumerate(plans, start=1):
        first = number == 1
        page.locator(".inc-header", has_text=f"Round {number} of 3").wait_for(timeout=STEP)
        table.hide_round(snap="game_" if first else "")
        points = table.play_find_and_score(plan, snap="game_" if first else "", change_mind=number == 3)
        totals = {player: totals[player] + points[player] for player in ANA_BEN_CLEO}
        assert table.scores() == totals, f"after round {number}"
        if first:
            table.snap("game_7_scoreboard")
        table.press(".inc-next")  # the scoreboard's "next"
        if number < 3:
            assert table.scores() == totals  # the prepare screen shows them again
            table.press(".inc-next")  # deal the next round
            table.wait_for_curtain("Ana")

    assert totals == {"Ana": 1, "Ben": 4, "Cleo": 2}  # the arithmetic above, as the rule book has it
    winners = page.locator(".inc-winners")
    winners.wait_for(timeout=STEP)
    assert winners.inner_text().strip() == "Ben wins!"
    assert table.scores() == totals
    table.snap("game_8_podium")
    take_the_game_home(table, tmp_path)


def take_the_game_home(table: Table, folder: Path) -> None:
    """Downloads every file the game-over screen offers, and opens each one."""
    page = table.page
    table.press(".inc-prepare-downloads")
    page.wait_for_selector(".inc-downloads .inc-download", timeout=STEP)
    page.wait_for_selector(".inc-over-chart img[alt]", timeout=STEP)  # under the podium, in sight
    table.snap("game_9_takeaways")
    received = download_takeaways(page, folder)
    assert set(received) == {"poster.pdf", "results.csv", "vocabulary.csv", "vocabulary.png", "drawings.zip"}
    drawings = check_reports(received, table, ANA_BEN_CLEO)
    assert Image.open(received["vocabulary.png"]).format == "PNG"
    with zipfile.ZipFile(received["drawings.zip"]) as archive:
        assert Image.open(io.BytesIO(archive.read(drawings[0]))).size[0] >= 800


def test_the_projector_mode_chosen_survives_a_reload(table):
    """A teacher who turns projector mode on (or off) and reloads the page finds it as it was:
    the page's address keeps it (``?projector=1``). A reload went back to the laptop's small
    type, on the projector, in the middle of a lesson."""
    page = table.page
    for on in (True, False):
        page.click(".inc-projector-toggle")
        page.wait_for_selector(".inc-app.inc-projector" if on else ".inc-app:not(.inc-projector)", timeout=STEP)
        page.wait_for_url(f"**?projector={int(on)}", timeout=STEP)
        table.watch.check()
        page.reload()
        table.open_again()
        table.watch.forget()  # the page that left asked Voilà to end its kernel: 403 (docs/platform-notes.md)
        assert page.locator(".inc-app.inc-projector").count() == int(on), f"projector mode {on} lost at a reload"
        # aria-pressed is set by the toggle's own widget, which may render after the app's class.
        expect(page.locator(".inc-projector-toggle")).to_have_attribute("aria-pressed", str(on).lower(), timeout=STEP)


def test_the_chips_count_the_strokes_as_they_are_drawn(table):
    """While a player draws, their chip counts the strokes on the board ("✎ drawing · 2
    strokes"): it said "✎ drawing" until Done, and the count appeared only after a reload."""
    table.start(ANA_BEN_CLEO)
    table.open_pad("Ana")
    chip = table.page.locator(".inc-progress .inc-who-wide .inc-who-chip[data-seat='1']")
    for count, words in ((1, "1 stroke"), (2, "2 strokes")):
        table.draw(STROKES[count])
        chip.get_by_text(words).wait_for(timeout=STEP)
    table.page.set_viewport_size({"width": 390, "height": 800})  # a phone passed round: the short chip
    table.page.locator(".inc-progress .inc-who-narrow .inc-who-chip[data-seat='1']").get_by_text(
        "✎ 2").wait_for(timeout=STEP)


def test_a_six_player_round_in_the_browser(table):
    """A full table: six names (three added), no decoys in the line-up, one round to the scoreboard."""
    six = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]
    table.type_names(six)
    assert table.page.locator(".inc-add-player").is_disabled()  # six is a full table
    table.begin()
    table.hide_round(snap="six_")
    plan: Plan = {voter: {artist: NONE for artist in six if artist != voter} for voter in six}
    plan["Ben"]["Ana"] = FIND                                 # Ana: found by Ben alone → Ana 2, Ben 1
    for voter in six[:1] + six[2:]:
        plan[voter]["Ben"] = FIND                             # Ben: found by all five → Ben 0, each 1
    plan["Ana"]["Dev"] = plan["Eli"]["Dev"] = FIND            # Dev: found by two → Dev 2, Ana 1, Eli 1
    plan["Ana"]["Cleo"] = plan["Fay"]["Cleo"] = WRONG         # Cleo: wrong cards only → nobody
    plan["Dev"]["Eli"] = WRONG                                # Eli and Fay: not found
    tokens = table.tokens()
    assert sorted(tokens.values()) == [1, 2, 3, 4, 5, 6]  # six players: no decoys in the line-up
    points = table.play_find_and_score(plan, snap="six_")
    assert points == {"Ana": 4, "Ben": 1, "Cleo": 1, "Dev": 3, "Eli": 2, "Fay": 1}  # worked by hand
    assert table.scores() == points
    table.snap("six_7_scoreboard")


def test_a_kernel_restart_mid_round_resumes_with_nothing_lost(browser, page, tmp_path):
    """The server is stopped mid-drawing and started again on the same saves: nothing is lost."""
    saves = tmp_path / "saves"
    autosave = saves / "autosave.incognito.json"
    with launcher_server(saves) as url:
        table = Table(page, url)
        table.open()
        table.start(ANA_BEN_CLEO)
        table.open_pad("Ana")
        table.draw(STROKES[0])
        table.done()
        ben_secret = table.open_pad("Ben")
        table.draw(STROKES[1])  # ... and the server dies before Ben presses Done
        assert _wait_for_save(autosave, lambda game: len(game.drawing("Ben")) == 1), \
            "Ben's stroke never reached the autosave"
        table.watch.check()  # what follows is the page losing its server, on purpose
        port = int(url.rstrip("/").rsplit(":", 1)[1])
    # The whole server is gone, kernels included; the teacher runs the command again and
    # reloads (a new page, as a new browser tab would be).
    context = browser.new_context(viewport=page.viewport_size)
    try:
        with launcher_server(saves, port=port) as url:
            again = context.new_page()
            table.page, table.url, table.watch = again, url, Watch(again)
            table.open()
            offer = again.locator(".inc-resume")
            offer.wait_for(state="visible", timeout=STEP)
            assert all(name in offer.inner_text() for name in ANA_BEN_CLEO), offer.inner_text()
            assert "round 1, hide phase" in offer.inner_text()
            table.snap("resume_offer")
            table.press(".inc-resume-game")
            table.wait_for_curtain("Ben")  # Ana is done; Ben is still drawing
            assert table.open_pad("Ben") == ben_secret
            # His stroke is back on the pad, all of it.
            wait_for_ink(again, ".inc-pad canvas", region=MIDDLE, timeout=STEP, min_pixels=table.whole_drawing("Ben"))
            table.snap("resume_pad")
            table.done()
            table.open_pad("Cleo")
            table.draw(STROKES[2])
            table.done()

            words = table.lineup()
            assert set(table.secrets.values()) <= set(words), (table.secrets, words)  # Ana's from before too
            # The table sees its screen first, then the game is saved (a large save must not delay it).
            assert _wait_for_save(autosave, lambda game: list(game.lineup) == words), "the line-up was never saved"
            wait_for_ink(again, ".inc-gallery .inc-drawing-for-1 canvas", region=MIDDLE, timeout=STEP,
                         min_pixels=table.whole_drawing("Ana"))  # Ana's drawing, drawn before the restart
            table.snap("resume_find")
            # Ben finds Ana's object, nobody else finds anything: Ana 2, Ben 1.
            points = table.play_find_and_score({"Ana": {}, "Ben": {"Ana": FIND}, "Cleo": {}})
            assert points == {"Ana": 2, "Ben": 1, "Cleo": 0}
            assert table.scores() == points
            table.watch.check()
    finally:
        context.close()


def _wait_for_save(path: Path, ready, timeout: float = 20.0) -> bool:
    """Waits until the autosave at ``path`` holds a game for which ``ready(game)`` is true."""
    import time

    from incognito_nb import Game

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if ready(Game.from_json(path.read_text(encoding="utf-8"))):
                return True
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    return False


#: The classic payload: set as HTML, it runs ``alert``.  At 28 characters it is too long
#: for a name (at most 24), so the setup form refuses it, quoting its first 24 characters.
IMG_PAYLOAD = "<img src=x onerror=alert(1)>"
#: A payload that fits in a name (24 characters) and also runs when set as HTML in a page.
#: (``<svg onload=…>`` would not do: Chromium does not fire it for HTML set this way.)
FRAME_PAYLOAD = "<iframe onload=alert(1)>"
#: Sets HTML in the page the way ``widgets.HTML`` does: ``innerHTML`` of an element on screen.
SET_AS_HTML = """html => {
  const box = document.createElement('div');
  document.body.append(box);
  box.innerHTML = html;
  setTimeout(() => box.remove(), 1000);
}"""


def test_a_name_made_of_html_shows_as_typed_and_runs_nothing(table):
    """Names that are HTML reach the screen as text (PLATFORM.md, "ipywidgets and secrets")."""
    page = table.page
    # The control: in this browser, both payloads do run when set as HTML.
    for payload in (IMG_PAYLOAD, FRAME_PAYLOAD):
        with page.expect_event("dialog", timeout=STEP):
            page.evaluate(SET_AS_HTML, payload)
    page.wait_for_function("() => !document.querySelector('body > div > iframe, body > div > img')", timeout=STEP)
    table.watch.forget()  # the control's dialogs and its 404 for "x" are not the dashboard's

    # Too long for a name: the refusal, shown while typing, quotes its start as typed.
    table.type_names([IMG_PAYLOAD, "Ben", "Cleo"])
    page.locator(".inc-setup .inc-error").get_by_text(IMG_PAYLOAD[:24] + "'…").first.wait_for(
        state="visible", timeout=STEP)
    table.snap("xss_refused")

    table.start([FRAME_PAYLOAD, "Ben", "Cleo"])
    assert FRAME_PAYLOAD in page.locator(".inc-curtain").inner_text()
    assert page.locator(".inc-curtain").get_by_text(FRAME_PAYLOAD, exact=True).first.is_visible()
    table.snap("xss_curtain")
    table.open_pad(FRAME_PAYLOAD)
    assert FRAME_PAYLOAD in page.locator(".inc-progress").inner_text()
    assert page.locator(".inc-app img, .inc-app iframe").count() == 0
    assert not table.watch.dialogs, table.watch.dialogs


# -- every language ------------------------------------------------------------------------
#: The languages the dashboard is played in below (English: the games above): French, asked
#: by the page (``?lang=fr``), and the pseudo-language, where any Latin letter that is not a
#: name or a deck word escaped the catalogue (asked by ``--language``).  The pseudo-language
#: is the stricter check: it finds a sentence left out of the catalogue, which Spanish or
#: German would find only for their own words, while every catalogue is checked whole in
#: test_i18n.py; Spanish and German pages are played in the browser by the classroom's tests
#: (test_projector_show_browser.py, test_student_phone_browser.py, test_classroom_browser.py).
LANGUAGES = ["fr", "en-XA"]


def no_foreign_text(page, code: str, step: str) -> None:
    """Asserts the page shows no English of the catalogue (in en-XA: no untranslated text at all)."""
    from incognito_nb import Deck
    from languages import english_in, latin_in, shown_texts

    texts = [text.replace("\u00a0", " ") for text in shown_texts(page)]
    if code == "en-XA":
        decks = [Deck.builtin(name) for name in Deck.builtin_names()]
        data = [*ANA_BEN_CLEO, "English", "Español", "Français", "Deutsch",
                *(word for deck in decks for word in (deck.name, *deck.objects, *deck.locations))]
        left = latin_in(texts, data)
    else:
        left = english_in(texts, code)
    assert left == [], f"{code}, {step}: {left}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_game_in_french_or_the_pseudo_language_shows_no_english(page, tmp_path, code):
    """``incognito-nb --language CODE`` (French: the page's own ``?lang=fr``): a round played
    with the mouse, then the end of the game and its downloads, every screen read the way
    the browser shows it."""
    asked_by_page = code == "fr"
    with launcher_server(tmp_path / "saves", extra_args=() if asked_by_page else ("--language", code)) as url:
        table = Table(page, url + "?lang=fr" if asked_by_page else url)
        table.open()
        no_foreign_text(page, code, "setup")
        table.start(ANA_BEN_CLEO)
        no_foreign_text(page, code, "the curtain")
        for seat, player in enumerate(ANA_BEN_CLEO):
            table.open_pad(player)
            if seat == 0:
                no_foreign_text(page, code, "the card and the pad")
            table.draw(STROKES[seat])
            table.done()
        tokens = table.tokens()
        no_foreign_text(page, code, "the find curtain")
        for seat, voter in enumerate(ANA_BEN_CLEO):
            table.open_card(voter)
            page.wait_for_selector(".inc-votes .inc-confirm-votes", timeout=STEP)
            for artist in ANA_BEN_CLEO:
                if artist != voter:
                    table.place(artist, tokens[artist] if artist == "Ana" else None)
            if seat == 0:
                no_foreign_text(page, code, "the cards")
            table.press(".inc-confirm-votes")
        page.wait_for_selector(".inc-reveal", timeout=STEP)
        no_foreign_text(page, code, "the reveal")
        table.reveal_round(tokens)
        page.wait_for_selector(".inc-scoreboard", timeout=STEP)
        no_foreign_text(page, code, "the scoreboard")
        table.press(".inc-next")
        page.wait_for_selector(".inc-prepare", timeout=STEP)
        no_foreign_text(page, code, "prepare")
        page.click(".inc-end-phase")  # the teacher bar asks before it ends a phase
        page.wait_for_selector(".inc-confirm-yes", timeout=STEP)
        no_foreign_text(page, code, "the teacher bar asks")
        for _ in range(8):  # the teacher ends every phase of rounds 2 and 3
            if page.locator(".inc-winners").count():
                break
            page.click(".inc-end-phase")
            page.click(".inc-confirm-yes", timeout=STEP)
            page.wait_for_function("() => !document.querySelector('.inc-confirm-yes') || "
                                   "document.querySelector('.inc-confirm').offsetParent === null", timeout=STEP)
        page.wait_for_selector(".inc-winners", timeout=STEP)
        no_foreign_text(page, code, "the podium")
        page.click(".inc-prepare-downloads")
        page.wait_for_selector(".inc-download", timeout=60_000)
        no_foreign_text(page, code, "the downloads")
        table.snap(f"language_{code}_podium")
        table.watch.check()


#: What of the setup reaches past the window's right edge, which labels and buttons show
#: their words cut, and the seats' Remove buttons' accessible names.
SETUP_ON_A_PHONE = """() => {
    const shown = (el) => el.getClientRects().length > 0;
    const past = [...document.querySelectorAll('.inc-setup *')].filter(shown)
        .filter(el => el.getBoundingClientRect().right > innerWidth + 1)
        .map(el => `${el.tagName}.${el.className}`);
    const seen = (el) => el.getBoundingClientRect().width > 1;  // not a screen reader's alone
    const cut = [...document.querySelectorAll('.inc-setup label, .inc-setup button')].filter(shown).filter(seen)
        .filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.textContent.trim());
    return {past, cut};
}"""


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_setup_fits_a_phone(page, tmp_path, code):
    """The dashboard opened on a phone (a Binder link, 360x740): the setup's menus, the
    seats' rows and their Remove buttons within the screen, every label whole (in German
    "Sprache der Oberfläche" read "Sprache der Oberfl…", "Entfernen" ran 16 px past the
    edge, the timer's menu 16 px at 390), and each Remove still named for a screen reader."""
    from incognito_nb.ui.i18n import language

    words = language(code)
    with launcher_server(tmp_path / "saves", extra_args=("--language", code)) as url:
        page.set_viewport_size({"width": 360, "height": 740})
        table = Table(page, url)
        table.open()
        page.wait_for_selector(".inc-setup .inc-remove-player", timeout=STEP)
        table.type_names(["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"])  # six seats: every colour's name
        # Each colour's name beside its seat's name field, on two lines if need be ("pourpre
        # rougeâtre" ran under the field).
        rows = page.locator(".inc-setup .inc-player-row").evaluate_all(
            "rows => rows.map(r => [r.querySelector('.inc-seat-colour .inc-swatch-name'),"
            " r.querySelector('.inc-player-name')].map(e => e.getBoundingClientRect()))"
            ".filter(([colour, field]) => colour.right > field.left)")
        assert rows == [], rows
        # Every menu within its column, whose overflow hides what runs past it (the language's
        # and the timer's lost their right border, 2 px past).
        menus = page.locator(".inc-setup .widget-dropdown").evaluate_all(
            "ms => ms.filter(m => m.getBoundingClientRect().right > m.parentElement.getBoundingClientRect().right + 0.5)"
            ".map(m => m.textContent.trim().slice(0, 30))")
        assert menus == [], menus
        got = page.evaluate(SETUP_ON_A_PHONE)
        assert got["past"] == [], f"past a 360-px phone's edge: {got['past']}"
        assert got["cut"] == [], f"words cut on a 360-px phone: {got['cut']}"
        assert loose_lines(page) == [], "a sentence's lines spaced as by a blank line"
        remove = page.get_by_role("button", name=words._("Remove"))  # after its icon's glyph
        assert remove.count() == page.locator(".inc-setup .inc-player-row").count() >= 3
        # Each name field has a label of its own (hidden on the screen), not its placeholder alone.
        for seat in (1, 2, 3):
            assert page.get_by_label(words._("Player {seat} name", seat=seat), exact=True).count() == 1, seat
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"dashboard_setup_phone_{code}.png"), full_page=True)


@pytest.mark.parametrize("finished", [True, False], ids=["game-over", "mid-game"])
def test_the_saved_game_offer_fits_a_phone(page, tmp_path, finished):
    """A phone that opens the dashboard with a game saved (after Play again, or a reload
    mid-round): the offer's sentence spaced as a sentence and its two buttons whole. In
    Spanish at 390 px the game-over offer read "Ver sus resulta…" and "Empezar una partida
    nu…", and its sentence's two lines stood 28 px apart for 13-px type."""
    from incognito_nb.engine import Deck, Game, Phase
    from incognito_nb.store import GameFolder

    saves = tmp_path / "saves"
    game = Game.new(["Ana", "Ben", "Cleo"], Deck.builtin(Deck.builtin_names()[0]), seed=1)
    while finished and game.phase is not Phase.OVER:
        game.advance(force=True)
    GameFolder(saves).save(game, "autosave")
    with launcher_server(saves, extra_args=("--language", "es")) as url:
        page.set_viewport_size({"width": 390, "height": 844})
        table = Table(page, url)
        table.open()
        page.locator(".inc-resume").wait_for(state="visible", timeout=STEP)
        got = page.evaluate(SETUP_ON_A_PHONE)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"dashboard_resume_offer_phone_{'over' if finished else 'mid'}.png"))
        assert got["past"] == [], f"past a 390-px phone's edge: {got['past']}"
        assert got["cut"] == [], f"words cut on a 390-px phone: {got['cut']}"
        assert loose_lines(page) == [], "a sentence's lines spaced as by a blank line"
        table.watch.check()


@pytest.mark.parametrize("projector", [False, True], ids=["laptop", "projector"])
def test_the_german_setup_labels_are_whole_on_a_laptop(page, tmp_path, projector):
    """German's longest label, "Sprache der Oberfläche", whole beside its menu at 1280x720,
    with and without projector mode: it read "Sprache der Oberfl…" in an 11-em label."""
    with launcher_server(tmp_path / "saves", extra_args=("--language", "de", *(("--projector",) if projector else ()))) as url:
        page.set_viewport_size({"width": 1280, "height": 720})
        table = Table(page, url)
        table.open()
        page.wait_for_selector(".inc-setup .inc-language label", timeout=STEP)
        got = page.evaluate(SETUP_ON_A_PHONE)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"dashboard_setup_de_1280x720_{'projector' if projector else 'laptop'}.png"))
        assert got["cut"] == [], f"words cut at 1280x720: {got['cut']}"
        assert got["past"] == [], got["past"]
        table.watch.check()
