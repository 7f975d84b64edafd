"""Classroom network play in real browsers: a teacher and three students, each in their
own Chromium context (so their own cookies and kernels), joined to one table by its code.

Started as the README says (``incognito-nb classroom``), over a SQLite store in a
temporary folder.  The test reads the store itself only to know the truth (who drew
what), never to play.  Every websocket frame one student's page receives is recorded
and searched for the other players' secrets.
"""

from __future__ import annotations

import time
from contextlib import contextmanager

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser import ARTIFACTS, draw_stroke, outside_requests, show_drawing, wait_for_ink, wait_for_paper
from classroom_server import classroom as running_classroom
from incognito_nb.engine import Phase
from incognito_nb.store import open_store
from table_driver import MIDDLE, SLOW, STEP, Watch

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo"]
ROUNDS = 3
DECK = "# name: Secrets\n# language: en\nkind,word\n" + "".join(
    f"object,Zobj{i:02d}q\n" for i in range(24)) + "".join(f"location,Zloc{i:02d}q\n" for i in range(24))


class Frames:
    """Every websocket frame a page receives, labelled with the phase the test was in."""

    def __init__(self, page) -> None:
        self.phase = ("lobby", 1)
        self.seen: list[tuple[str, str]] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._received))

    def _received(self, payload) -> None:
        text = payload.decode("utf-8", "replace") if isinstance(payload, (bytes, bytearray)) else str(payload)
        self.seen.append((self.phase, text))


def snap(page, name: str) -> None:
    """Saves a screenshot of the page as ``artifacts/classroom_<name>.png``, for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"classroom_{name}.png"))


def wait_ready(page, selector: str) -> None:
    page.wait_for_selector(selector, timeout=SLOW)
    page.wait_for_selector("#loading", state="hidden", timeout=SLOW)


def press(page, selector: str) -> None:
    """Clicks the button at ``selector`` and waits until it is gone (its screen moved on)."""
    button = page.locator(selector).first.element_handle(timeout=STEP)
    button.click(timeout=STEP)
    button.wait_for_element_state("hidden", timeout=STEP)


def play_hide(students, store, code, round_number, frames, rejoin=None) -> dict[str, str]:
    """Each student draws a stroke with the mouse and presses Done; with ``rejoin``, Ben
    first reloads his page with that link and finds his seat, card and stroke again."""
    canvas = ".inc-pad canvas"
    students["Ana"].wait_for_selector(canvas, timeout=STEP)
    game = store.read(code).game
    assert game.round == round_number and game.phase is Phase.HIDE
    secrets = {p: game.secret_object(p) for p in game.players}
    for seat, (name, page) in enumerate(students.items()):
        page.wait_for_selector(canvas, timeout=STEP)
        wait_for_paper(page, canvas, timeout=STEP)
        assert page.inner_text(".inc-secret b").strip() == secrets[name]
        draw_stroke(page, canvas, [(0.2 + 0.1 * seat, 0.4), (0.5, 0.6), (0.7, 0.5)], steps=4)
        wait_for_ink(page, canvas, region=MIDDLE, timeout=STEP)
        if name == "Ben" and rejoin:
            deadline = time.monotonic() + 10  # the stroke reaches the store at pointer-up
            while not store.read(code).game.drawing("Ben").strokes and time.monotonic() < deadline:
                time.sleep(0.1)
            page.goto(rejoin, timeout=SLOW)
            wait_ready(page, canvas)
            wait_for_ink(page, canvas, region=MIDDLE, timeout=STEP)
            assert page.inner_text(".inc-secret b").strip() == secrets["Ben"]
        if seat == 0 and round_number == 1:
            snap(page, "0_student_pad")
        if seat == len(students) - 1:
            frames.phase = ("find", round_number)
        page.click(".inc-done")
        page.wait_for_selector(".inc-done", state="detached", timeout=STEP)
    return secrets


#: A page whose cards are confirmed: it says so (in English), or it has already moved on to
#: the reveal.  The last student's confirmation ends the phase, the teacher page moves the
#: table on at once, and on a busy machine that student's page may show the reveal before
#: "Confirmed" is ever painted.  ``CARDS_IN`` says the same in any language.
CONFIRMED = '.inc-vote-summary:has-text("Confirmed"), .inc-look-up'
CARDS_IN = ".inc-confirm-votes:disabled, .inc-look-up"


def play_find(students, store, code, secrets, frames, round_number) -> None:
    """Every student finds Ana's object, places no card on the others, and confirms."""
    students["Ana"].wait_for_selector(".inc-confirm-votes", timeout=STEP)
    game = store.read(code).game
    assert game.phase is Phase.FIND
    truth = {p: game.lineup.index(secrets[p]) + 1 for p in game.players}
    for number, (name, page) in enumerate(students.items()):
        page.wait_for_selector(".inc-find-one .inc-painted-board[data-painted]", timeout=STEP)  # one drawing at a time
        page.wait_for_selector(".inc-confirm-votes:not(:disabled)", timeout=STEP)
        for artist in game.players:
            if artist == name:
                continue
            card = truth[artist] if artist == "Ana" else None
            show_drawing(page, game.seat(artist))
            cell = f".inc-vote-for-{game.seat(artist)}"
            selector = f"{cell} .inc-card-{card}" if card else f"{cell} .inc-card-none"
            page.click(selector)
            if card:
                page.wait_for_selector(f"{selector}.inc-card-selected", timeout=STEP)
        if number == len(students) - 1:
            if round_number == 1:
                snap(page, "3_student_cards")
            frames.phase = ("score", round_number)
        page.click(".inc-confirm-votes")
        try:
            page.wait_for_selector(CONFIRMED, timeout=STEP)
        except PlaywrightTimeout:
            raise AssertionError(f"{name}'s cards were never confirmed; the page shows: "
                                 f"{page.inner_text('body', timeout=STEP)!r}") from None


def create_table(teacher, base: str, rounds: int) -> str:
    """The teacher creates a table with the class's own deck; returns the join code shown."""
    teacher.goto(f"{base}/teacher.ipynb", timeout=SLOW)
    wait_ready(teacher, ".inc-create")
    teacher.locator(".inc-rounds input").fill(str(rounds))
    teacher.locator(".inc-rounds input").press("Tab")
    teacher.click(".inc-create")
    code = teacher.locator(".inc-join-code").inner_text(timeout=STEP).strip()
    assert len(code) == 5
    join_url = teacher.locator(".inc-join-url a").get_attribute("href")
    assert join_url.endswith(f"/voila/render/student.ipynb?code={code}")
    # The browser keeps the teacher key (an HttpOnly cookie): not in the page, nor its address.
    key = next(c["value"] for c in teacher.context.cookies() if c["name"] == f"incognito_teacher_{code}")
    assert key not in teacher.content() and key not in teacher.url
    # The come-back link is on the teacher's desk (the same browser, not projected).
    assert teacher.locator(".inc-teacher-link").count() == 0
    desk = teacher.context.new_page()
    desk.goto(teacher.locator(".inc-open-desk a").get_attribute("href"), timeout=SLOW)
    wait_ready(desk, ".inc-teacher-link a")
    # Its two links by what they open: this table's page, and the teacher page of every table.
    back = desk.locator(".inc-teacher-link a")
    assert back.count() == 2 and not any("http" in link.inner_text() for link in back.all())
    assert back.first.get_attribute("href").endswith(f"teacher.ipynb?code={code}")
    assert back.last.get_attribute("href").endswith("/voila/render/teacher.ipynb")
    assert key not in desk.content() and key not in desk.url
    desk.close()
    assert teacher.locator(".inc-start").is_disabled()
    return code


def join_students(teacher, students, base: str, code: str) -> dict[str, str]:
    """Students join by code and name, on their own devices; returns their rejoin links."""
    rejoin = {}
    for name, page in students.items():
        page.goto(f"{base}/student.ipynb", timeout=SLOW)
        wait_ready(page, ".inc-join")
        page.locator(".inc-join-code-field input").fill(code.lower())
        page.locator(".inc-join-name input").fill(name)
        page.click(".inc-join")
        rejoin[name] = page.locator(".inc-rejoin-link a").get_attribute("href", timeout=STEP)
        assert "token=" in rejoin[name]
        teacher.locator(".inc-lobby").get_by_text(name, exact=True).wait_for(timeout=STEP)
    teacher.wait_for_selector(".inc-start:not(:disabled)", timeout=STEP)
    return rejoin


def play_score(teacher, students, store, code, round_number: int, *, snaps: bool = False) -> None:
    """The teacher steps through the reveal, drawing by drawing, to the scoreboard, which
    every page shows: Ben and Cleo found Ana's object each round."""
    for artist in NAMES:
        teacher.wait_for_selector(".inc-reveal", timeout=STEP)
        if snaps and artist == NAMES[0]:
            snap(teacher, "4_teacher_reveal")
            students["Cleo"].wait_for_selector(".inc-look-up", timeout=STEP)  # the phone follows the projector
            snap(students["Cleo"], "5_student_reveal")
        press(teacher, ".inc-next")
    teacher.wait_for_selector(".inc-scoreboard", timeout=STEP)
    expected = {"Ana": 0, "Ben": round_number, "Cleo": round_number}
    assert store.read(code).game.scores == expected
    rows = teacher.locator(".inc-scoreboard .inc-score-row").all_inner_texts()
    for name, total in expected.items():
        assert any(row.split()[0] == name and row.split()[-1] == str(total) for row in rows), rows
    students["Cleo"].wait_for_selector(".inc-my-points", timeout=STEP)
    assert "You scored 1 point " in students["Cleo"].inner_text(".inc-my-points")


def place_no_cards(students: dict, game) -> None:
    """Each student places "none" in front of every other drawing and confirms."""
    for name, page in students.items():
        for artist in game.players:
            if artist != name:
                show_drawing(page, game.seat(artist))
                page.click(f".inc-vote-for-{game.seat(artist)} .inc-card-none")
        page.click(".inc-confirm-votes")
        page.wait_for_selector(CARDS_IN, timeout=STEP)


def check_consoles(watches) -> None:
    for watch in watches:
        # Leaving a page, Voilà's front end asks the server to shut its kernel down (a beacon
        # that the classroom server accepts); the page that sent it is gone before the answer,
        # so Chromium may report Ben's reload's beacon as failed.
        watch.errors[:] = [e for e in watch.errors if "/voila/api/shutdown/" not in e]
        watch.failed[:] = [url for url in watch.failed if "/voila/api/shutdown/" not in url]
        watch.check()


@contextmanager
def run_classroom(tmp_path, store: str):
    """Runs ``incognito-nb classroom --store STORE`` as the README says; yields the pages'
    base URL and the store, opened by the test to know the truth."""
    deck = tmp_path / "secrets.csv"
    deck.write_text(DECK, encoding="utf-8")
    with running_classroom(tmp_path, "--deck", str(deck), store=store) as room, open_store(store) as opened:
        yield room.render, opened


@contextmanager
def dealt_phone(browser, tmp_path, names, viewport: dict, *, language: str = "en", route=None):
    """Runs a classroom with a table of ``names`` (one round, the built-in deck) and opens the
    first one's page on a phone of ``viewport``; deals the round once the page is in the lobby
    and yields (page, store, keys, seats) when its Done is there.  ``route(context)``, if given,
    is called before the page opens (:class:`browser.KernelGate`'s ``route``)."""
    from incognito_nb.engine import Deck, Rules

    with run_classroom(tmp_path, str(tmp_path / "class.sqlite")) as (base, store):
        keys = store.create_table(Deck.builtin(), Rules(rounds=1), seed=5, language=language)
        seats = {name: store.join(keys.code, name) for name in names}
        context = browser.new_context(viewport=viewport)
        try:
            if route is not None:
                route(context)
            page = context.new_page()
            page.goto(f"{base}/student.ipynb?code={keys.code}&token={seats[names[0]].token}", timeout=SLOW)
            page.wait_for_selector(".inc-lobby", timeout=SLOW)
            store.start(keys.code, keys.teacher_key)
            page.wait_for_selector(".inc-done", timeout=STEP)
            yield page, store, keys, seats
        finally:
            context.close()


@contextmanager
def class_in_browsers(browser):
    """Yields a teacher page and the students' pages, each in its own browser context (as on
    separate devices, on a network that swallows requests to the internet), with a watch on
    every page and Cleo's websocket frames recorded."""
    contexts = [browser.new_context(viewport={"width": 1100, "height": 900}) for _ in range(4)]
    held = [outside_requests(context) for context in contexts]  # a page asks only the laptop
    try:
        teacher, *pupils = [context.new_page() for context in contexts]
        watches = [Watch(page) for page in (teacher, *pupils)]
        students = dict(zip(NAMES, pupils))
        yield teacher, students, watches, Frames(students["Cleo"])
        assert held == [[]] * len(contexts), f"pages asked other hosts: {held}"
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def classroom(tmp_path):
    with run_classroom(tmp_path, str(tmp_path / "class.sqlite")) as running:
        yield running


def test_a_teacher_and_three_students_play_a_whole_game_joined_by_code(browser, classroom):
    base, store = classroom
    started = time.monotonic()
    with class_in_browsers(browser) as (teacher, students, watches, frames):
        # The teacher creates a table with the class's own deck and reads the code.
        code = create_table(teacher, base, ROUNDS)
        # Students join by code and name, on their own devices.
        rejoin = join_students(teacher, students, base, code)
        snap(teacher, "1_teacher_lobby")
        frames.phase = ("hide", 1)
        teacher.click(".inc-start")

        secrets: dict[int, dict[str, str]] = {}
        for round_number in range(1, ROUNDS + 1):
            secrets[round_number] = play_hide(students, store, code, round_number, frames,
                                              rejoin=rejoin["Ben"] if round_number == 2 else None)
            teacher.wait_for_selector(".inc-gallery .inc-drawing", timeout=STEP)
            if round_number == 1:
                snap(teacher, "2_teacher_find")
            play_find(students, store, code, secrets[round_number], frames, round_number)
            # Score: the teacher steps through the reveal, drawing by drawing, to the scoreboard.
            play_score(teacher, students, store, code, round_number, snaps=round_number == 1)
            press(teacher, ".inc-next")  # to the next round's preparation, or the podium
            if round_number < ROUNDS:
                frames.phase = ("hide", round_number + 1)
                press(teacher, ".inc-next")  # deal the next round
        teacher.wait_for_selector(".inc-winners", timeout=STEP)
        for page in students.values():
            page.wait_for_selector(".inc-winners", timeout=STEP)
            assert "Ben and Cleo share the victory" in page.inner_text(".inc-winners")
        assert "Ben and Cleo share the victory" in teacher.inner_text(".inc-winners")

        # No frame that reached Cleo's page before SCORE held another player's object of that
        # round, nor (in find, when the line-up shows every word) paired it with its artist.
        assert len(frames.seen) > 50
        for (phase, round_number), text in frames.seen:
            for player, word in secrets[round_number].items():
                if player == "Cleo":
                    continue
                if phase in ("lobby", "hide"):
                    assert word not in text, f"{player}'s object reached Cleo's page during {phase}"
                elif phase == "find":
                    assert not (word in text and player in text), f"{player}'s object and name in one frame"
        # The search looks where the words would be: Cleo's own object in hide, Ana's at scoring.
        assert any(secrets[1]["Cleo"] in text for (phase, _), text in frames.seen if phase == "hide")
        assert any(secrets[1]["Ana"] in text for (phase, _), text in frames.seen if phase == "score")
        check_consoles(watches)
    print(f"classroom game of {ROUNDS} rounds in the browser: {time.monotonic() - started:.1f} s")


#: On the projected page: each tile's canvas marked, and each painting counted on it from now on
#: (``paintBoard`` sets its canvas's transform once a painting).
COUNT_PAINTS = """() => {
  document.querySelectorAll('.inc-gallery .inc-painted-board canvas').forEach((c, i) => {
    c.dataset.mark = String(i); c.dataset.paints = '0'; });
  const set = CanvasRenderingContext2D.prototype.setTransform;
  CanvasRenderingContext2D.prototype.setTransform = function (...args) {
    if (this.canvas.dataset.paints !== undefined) this.canvas.dataset.paints = String(Number(this.canvas.dataset.paints) + 1);
    return set.apply(this, args);
  };
}"""
#: Each tile of the gallery as the find screen shows it: its mark, its paintings since, its strokes.
TILES = """() => [...document.querySelectorAll('.inc-find:not(.inc-find-ahead) .inc-gallery .inc-painted-board')].map(
  (b) => [b.querySelector('canvas').dataset.mark ?? null, Number(b.querySelector('canvas').dataset.paints ?? -1),
          Number(b.dataset.painted)])"""


def test_the_projector_paints_each_finished_drawing_unseen_and_shows_them_at_the_find_phase_unrepainted(
        browser, classroom):
    """Issue 16: the projected page paints a student's board when they press Done, on a find
    screen laid out unseen over the hide phase's stage; the last Done shows that very screen,
    painting only the last board. Nothing of it can be seen or reached before."""
    base, store = classroom
    with class_in_browsers(browser) as (teacher, students, watches, frames):
        code = create_table(teacher, base, 1)
        join_students(teacher, students, base, code)
        teacher.click(".inc-start")
        canvas = ".inc-pad canvas"
        for seat, name in enumerate(NAMES[:2]):
            page = students[name]
            wait_ready(page, canvas)
            wait_for_paper(page, canvas, timeout=STEP)
            draw_stroke(page, canvas, [(0.2 + 0.1 * seat, 0.4), (0.5, 0.6), (0.7, 0.5)], steps=4)
            wait_for_ink(page, canvas, region=MIDDLE, timeout=STEP)
            page.click(".inc-done")
            page.wait_for_selector(".inc-done", state="detached", timeout=STEP)
        # Ana's and Ben's boards are painted, unseen, on the projected page; Cleo's is blank.
        teacher.wait_for_function("""() => [...document.querySelectorAll('.inc-find-ahead .inc-painted-board')]
            .map((b) => Number(b.dataset.painted) > 0).join() === 'true,true,false'""", timeout=STEP)
        ahead = teacher.locator(".inc-find-ahead")
        assert not ahead.is_visible() and not teacher.locator(".inc-gallery .inc-drawing").first.is_visible()
        assert teacher.evaluate("""() => {
            const tile = document.querySelector('.inc-find-ahead .inc-drawing canvas').getBoundingClientRect();
            const hit = document.elementFromPoint(tile.x + tile.width / 2, tile.y + tile.height / 2);
            return getComputedStyle(document.querySelector('.inc-find-ahead')).visibility === 'hidden'
                && tile.width > 100 && !(hit && hit.closest('.inc-find-ahead'));
        }""")
        assert teacher.locator(".inc-find-ahead .inc-lineup").count() == 0  # no word of the line-up yet
        teacher.evaluate(COUNT_PAINTS)
        page = students["Cleo"]
        wait_ready(page, canvas)
        wait_for_paper(page, canvas, timeout=STEP)
        draw_stroke(page, canvas, [(0.4, 0.4), (0.5, 0.6), (0.7, 0.5)], steps=4)
        wait_for_ink(page, canvas, region=MIDDLE, timeout=STEP)
        page.click(".inc-done")
        teacher.wait_for_selector(".inc-gallery .inc-drawing", timeout=STEP)  # shown: the find phase
        teacher.wait_for_function(f"() => ({TILES})().every(([, , strokes]) => strokes > 0)", timeout=STEP)
        assert teacher.locator(".inc-find-ahead").count() == 0 and teacher.locator(".inc-find .inc-lineup").is_visible()
        # The very canvases painted in the hide phase, Ana's and Ben's not painted again.
        assert [(mark, paints) for mark, paints, _ in teacher.evaluate(TILES)] == [("0", 0), ("1", 0), ("2", 1)]
        check_consoles(watches)


def test_a_table_of_six_on_a_720p_projector_keeps_the_boards_painted_ahead(browser, classroom):
    """Issue 16, at a school projector's size: with six students of long names the chips
    above the find screen wrap onto a second line (short names keep to one), and its tiles
    come out ~1 % smaller than they were laid out in the hide phase. The boards painted ahead
    stay as painted (a browser scales a picture by that little with no change anyone can
    see): the last Done paints the last board only, and every canvas is within REFIT_SHARE
    (3 %) of the size it is shown at."""
    from incognito_nb.engine import Action, Deck, Rules, Stroke

    base, store = classroom
    six = ["Alessandra", "Bartholomew", "Christabel", "Demetrius", "Evangeline", "Florentina"]
    keys = store.create_table(Deck.builtin(), Rules(rounds=1), seed=4)
    seats = {name: store.join(keys.code, name) for name in six}
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        teacher = context.new_page()
        watch = Watch(teacher)
        teacher.goto(f"{base}/teacher.ipynb?code={keys.code}&key={keys.teacher_key}", timeout=SLOW)
        wait_ready(teacher, ".inc-start")
        store.start(keys.code, keys.teacher_key)
        for seat, name in enumerate(six):
            strokes = [Stroke([(40 + 15 * i, 60 + 10 * seat), (760 - 10 * i, 540 - 8 * i)], width=8) for i in range(40)]
            store.act(keys.code, Action.edit_drawing(name, strokes), seat_token=seats[name].token)
        for name in six[:-1]:
            store.act(keys.code, Action.mark_done(name), seat_token=seats[name].token)
        teacher.wait_for_function("""() => [...document.querySelectorAll('.inc-find-ahead .inc-painted-board')]
            .filter((b) => Number(b.dataset.painted) === 40).length === 5""", timeout=STEP)
        laid_out = teacher.evaluate("() => document.querySelector('.inc-find-ahead canvas').clientWidth")
        teacher.evaluate(COUNT_PAINTS)
        store.act(keys.code, Action.mark_done(six[-1]), seat_token=seats[six[-1]].token)
        teacher.wait_for_function(f"() => ({TILES})().length === 6 && ({TILES})().every(([, , n]) => n === 40)",
                                  timeout=STEP)
        assert [(mark, paints) for mark, paints, _ in teacher.evaluate(TILES)] == [
            ("0", 0), ("1", 0), ("2", 0), ("3", 0), ("4", 0), ("5", 1)]
        shown = teacher.evaluate("""() => [...document.querySelectorAll('.inc-find .inc-gallery canvas')]
            .map((c) => [c.width, c.clientWidth * devicePixelRatio])""")
        assert all(abs(width - at) <= 0.03 * at for width, at in shown), (laid_out, shown)
        # What this test is about: the chips wrapped and the tiles moved (not painted again).
        lines = teacher.evaluate("() => new Set([...document.querySelectorAll('.inc-who-chip')]"
                                 ".map((c) => Math.round(c.getBoundingClientRect().top))).size")
        moved = teacher.evaluate("() => document.querySelector('.inc-find .inc-gallery canvas').clientWidth")
        assert lines == 2 and moved != laid_out, (lines, laid_out, moved)
        check_consoles([watch])
    finally:
        context.close()


# -- the class's language --------------------------------------------------------------------
def no_foreign_text(pages: dict, code: str, step: str, data=()) -> None:
    """Asserts no page shows English of the catalogue (in en-XA: no untranslated text at all)."""
    from languages import english_in, latin_in, shown_texts

    for who, page in pages.items():
        texts = [text.replace("\u00a0", " ") for text in shown_texts(page)]
        left = latin_in(texts, [*NAMES, *data]) if code == "en-XA" else english_in(texts, code)
        assert left == [], f"{code}, {step}, {who}'s page: {left}"


@pytest.mark.parametrize("code, how", [("de", "?lang="), ("en-XA", "--language")])
def test_a_class_plays_a_round_in_its_own_language_on_every_page(browser, tmp_path, code, how):
    """A German class (the teacher opens ``teacher.ipynb?lang=de``) and one in the
    pseudo-language (``incognito-nb classroom --language en-XA``, where any text left out of
    the catalogue shows): the teacher's table keeps the language, the students' join links
    open in it, and no page shows English in any phase.  (A Spanish class, ``--language es``:
    test_class_language.py, test_projector_show_browser.py, test_student_phone_browser.py.)"""
    deck = tmp_path / "secrets.csv"
    deck.write_text(DECK, encoding="utf-8")
    options = ["--deck", str(deck), *(["--language", code] if how == "--language" else [])]
    from incognito_nb import Deck

    builtin = [Deck.builtin(name) for name in Deck.builtin_names()]
    data = ([word for line in DECK.splitlines() for word in line.split(",")[1:]] + ["Secrets"]
            + ["English", "Español", "Français", "Deutsch"] + [deck.name for deck in builtin]
            + ["--host 0.0.0.0"])  # the lobby's option to let the class in: a command, not words
    with running_classroom(tmp_path, *options) as room, open_store(room.store) as store, \
            class_in_browsers(browser) as (teacher, students, watches, _):
        base = room.render
        teacher.goto(f"{base}/teacher.ipynb" + (f"?lang={code}" if how == "?lang=" else ""), timeout=SLOW)
        wait_ready(teacher, ".inc-create")
        no_foreign_text({"teacher": teacher}, code, "the create form", data)
        teacher.locator(".inc-rounds input").fill("1")
        teacher.locator(".inc-rounds input").press("Tab")
        teacher.click(".inc-create")
        code_shown = teacher.locator(".inc-join-code").inner_text(timeout=STEP).strip()
        assert store.read(code_shown).language == code  # the table keeps the teacher's language
        join_url = teacher.locator(".inc-join-url a").get_attribute("href")
        data.append(code_shown)
        for name, page in students.items():
            page.goto(join_url, timeout=SLOW)  # the join link: no language in it
            wait_ready(page, ".inc-join")
            no_foreign_text({name: page}, code, "the join form", data)
            page.locator(".inc-join-name input").fill(name)
            page.click(".inc-join")
            page.wait_for_selector(".inc-rejoin-link a", timeout=STEP)
            teacher.locator(".inc-lobby").get_by_text(name, exact=True).wait_for(timeout=STEP)
        pages = {"teacher": teacher, **students}
        no_foreign_text(pages, code, "the lobby", data)
        teacher.click(".inc-start")
        for name, page in students.items():
            page.wait_for_selector(".inc-pad canvas", timeout=STEP)
        no_foreign_text(pages, code, "hide", data)
        for seat, (name, page) in enumerate(students.items()):
            wait_for_paper(page, ".inc-pad canvas", timeout=STEP)
            draw_stroke(page, ".inc-pad canvas", [(0.2 + 0.1 * seat, 0.4), (0.5, 0.6)], steps=4)
            page.wait_for_selector(".inc-saved", timeout=STEP)
            page.click(".inc-done")
            page.wait_for_selector(".inc-done", state="detached", timeout=STEP)
        teacher.wait_for_selector(".inc-gallery .inc-drawing", timeout=STEP)
        for page in students.values():
            page.wait_for_selector(".inc-confirm-votes:not(:disabled)", timeout=STEP)
        no_foreign_text(pages, code, "find", data)
        game = store.read(code_shown).game
        place_no_cards(students, game)
        teacher.wait_for_selector(".inc-reveal", timeout=STEP)
        for page in students.values():
            page.wait_for_selector(".inc-look-up", timeout=STEP)
        no_foreign_text(pages, code, "score", data)
        for _ in NAMES:
            press(teacher, ".inc-next")
        teacher.wait_for_selector(".inc-scoreboard", timeout=STEP)
        for page in students.values():
            page.wait_for_selector(".inc-my-points", timeout=STEP)
        no_foreign_text(pages, code, "the scoreboard", data)
        press(teacher, ".inc-next")
        for page in pages.values():
            page.wait_for_selector(".inc-winners", timeout=STEP)
        no_foreign_text(pages, code, "game over", data)
        snap(students["Cleo"], f"language_{code}_student_podium")
        check_consoles(watches)
