"""A Spanish class's whole game in real browsers, to the files the teacher takes home and
a second game: four phones (390×844) and the projected teacher page (1280×720, then
1920×1080), served by ``incognito-nb classroom --language es``.

At the podium the projector shows the vocabulary chart; the teacher page alone offers the
poster, results, vocabulary report and drawings, downloaded here and opened (``pdftotext``,
``csv``, Pillow); no phone offers a file or Play again.  Then *Play again with this class*
deals a new game, and every phone reaches its hide phase by itself, on the same page (no
code or name typed again).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import subprocess
import time
import zipfile

import pytest
from PIL import Image

from a11y import check_modes
from browser import ARTIFACTS, draw_stroke, wait_for_ink, wait_for_paper
from classroom_server import classroom as running_classroom
from incognito_nb.engine import Phase
from incognito_nb.store import open_store
from table_driver import MIDDLE, SLOW, STEP, Watch, download_takeaways
from test_classroom_browser import CARDS_IN, DECK, check_consoles, create_table, join_students, press

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo", "Dani"]
ROUNDS = 2
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 720}


def snap(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"classroom_game_over_{name}.png"))


def hide(students, store, code) -> None:
    """Each phone draws one stroke and presses Done."""
    canvas = ".inc-pad canvas"
    for seat, (name, page) in enumerate(students.items()):
        page.wait_for_selector(canvas, timeout=STEP)
        wait_for_paper(page, canvas, timeout=STEP)
        page.locator(canvas).first.scroll_into_view_if_needed(timeout=STEP)
        draw_stroke(page, canvas, [(0.2 + 0.1 * seat, 0.4), (0.5, 0.6), (0.7, 0.5)], steps=4)
        wait_for_ink(page, canvas, region=MIDDLE, timeout=STEP)
        page.wait_for_selector(".inc-saved", timeout=STEP)
        page.click(".inc-done")
        page.wait_for_selector(".inc-done", state="detached", timeout=STEP)


def find(students, store, code) -> None:
    """Every phone finds Ana's object, leaves the other drawings without a card (the
    default: a "no card" press would only re-render the panel under the next click), and
    confirms."""
    for page in students.values():
        page.wait_for_selector(".inc-confirm-votes:not(:disabled)", timeout=STEP)
    game = store.read(code).game
    assert game.phase is Phase.FIND
    ana = game.lineup.index(game.secret_object("Ana")) + 1
    for name, page in students.items():
        for artist in game.players:
            if artist == name:
                continue
            cell = f".inc-vote-for-{game.seat(artist)}"
            assert page.locator(f"{cell} .inc-card-none.inc-card-selected").count() == 1  # no card yet
            if artist == "Ana":
                page.click(f"{cell} .inc-card-{ana}")
                try:
                    page.wait_for_selector(f"{cell} .inc-card-{ana}.inc-card-selected", timeout=STEP)
                except Exception:
                    snap(page, f"failed_{name}")
                    raise AssertionError(f"{name}'s card: {page.inner_text('body')!r}") from None
        page.click(".inc-confirm-votes")
        try:
            page.wait_for_selector(CARDS_IN, timeout=STEP)
        except Exception:
            snap(page, f"failed_confirm_{name}")
            raise AssertionError(f"{name}'s cards: {page.inner_text('body')!r}") from None


def score(teacher) -> None:
    """The teacher steps through the reveal to the scoreboard, then on."""
    for _ in NAMES:
        teacher.wait_for_selector(".inc-reveal", timeout=STEP)
        press(teacher, ".inc-next")
    teacher.wait_for_selector(".inc-scoreboard", timeout=STEP)
    press(teacher, ".inc-next")  # to the next round's preparation, or the podium


def fits_on_screen(page) -> float:
    """Asserts the podium, the scoreboard and the whole chart are on screen together, the
    chart shown at half its size or more: its words (30 px in the picture) 15 px high or more.
    Returns the size of the podium's type (its rows'), in px."""
    page.evaluate("() => window.scrollTo(0, 0)")
    height = page.viewport_size["height"]
    for selector in (".inc-winners", ".inc-scoreboard", ".inc-over-chart img"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
    scale = page.evaluate("""() => { const img = document.querySelector('.inc-over-chart img');
        return Math.min(img.clientWidth / img.naturalWidth, img.clientHeight / img.naturalHeight); }""")
    assert scale >= 0.5, scale
    return page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.inc-podium-row')).fontSize)")


def test_a_spanish_class_ends_with_the_teachers_four_files_and_plays_again_without_retyping(browser, tmp_path):
    deck = tmp_path / "secrets.csv"
    deck.write_text(DECK, encoding="utf-8")
    contexts = [browser.new_context(viewport=PROJECTOR, accept_downloads=True)]
    contexts += [browser.new_context(viewport=PHONE) for _ in NAMES]
    with running_classroom(tmp_path, "--deck", str(deck), "--language", "es") as room, \
            open_store(room.store) as store:
        try:
            teacher, *phones = [context.new_page() for context in contexts]
            watches = [Watch(page) for page in (teacher, *phones)]
            students = dict(zip(NAMES, phones))
            code = create_table(teacher, room.render, ROUNDS)
            join_students(teacher, students, room.render, code)
            links = {name: page.url for name, page in students.items()}
            teacher.click(".inc-start")
            for round_number in range(1, ROUNDS + 1):
                hide(students, store, code)
                teacher.wait_for_selector(".inc-gallery .inc-drawing", timeout=STEP)
                find(students, store, code)
                score(teacher)
                if round_number < ROUNDS:
                    press(teacher, ".inc-next")  # deal the next round
            finished = store.read(code).game
            assert finished.phase is Phase.OVER and finished.scores["Ana"] == 0

            # The projector: the podium and the vocabulary chart, in Spanish.
            teacher.wait_for_selector(".inc-winners", timeout=STEP)
            teacher.wait_for_selector(".inc-over-chart", timeout=STEP)
            assert "comparten la victoria" in teacher.inner_text(".inc-winners")
            # A screen reader hears the chart's words and figures, which the eye reads on the picture.
            caption = teacher.locator(".inc-over-chart figcaption")
            box = caption.bounding_box()
            assert box is not None and box["width"] <= 1 and box["height"] <= 1, box
            assert caption.text_content().count(": acertaron ") == 6  # the 6 found least, of 8
            assert teacher.locator('.inc-over-chart figcaption li [lang="en"]').count() == 6, "the deck's words"
            at_720 = fits_on_screen(teacher)
            snap(teacher, "1280x720")
            teacher.set_viewport_size({"width": 1920, "height": 1080})
            at_1080 = fits_on_screen(teacher)
            snap(teacher, "1920x1080")
            # The podium grows with the screen, as the scoreboard beside it does (it stayed 21 px).
            assert at_1080 >= 1.4 * at_720, (at_720, at_1080)
            teacher.set_viewport_size(PROJECTOR)

            # No phone offers a file or Play again.
            for page in students.values():
                page.wait_for_selector(".inc-winners", timeout=STEP)
                for selector in (".inc-download", ".inc-prepare-downloads", ".inc-teacher-files", ".inc-play-again"):
                    assert page.locator(selector).count() == 0, selector
            snap(students["Cleo"], "phone")

            # The projected page offers no file and no Play again: they are on the teacher's desk,
            # a second page of the teacher's browser, on the laptop's own screen.
            for selector in (".inc-prepare-downloads", ".inc-teacher-files", ".inc-play-again"):
                assert teacher.locator(selector).count() == 0, selector
            projected = teacher
            desk = contexts[0].new_page()
            desk.goto(projected.locator(".inc-open-desk a").get_attribute("href"), timeout=SLOW)
            desk.wait_for_selector(".inc-play-again", timeout=SLOW)
            teacher = desk

            # The teacher's four files, downloaded and opened.
            assert "Jugar otra vez con esta clase" in teacher.inner_text(".inc-play-again")
            teacher.click(".inc-prepare-downloads")
            teacher.wait_for_selector(".inc-download-poster", timeout=SLOW)
            started = time.monotonic()
            check_modes(teacher, "the teacher's desk at the game over, its files", modes=("light", "dark"))
            print(f"axe-core on the desk at the game over: {time.monotonic() - started:.1f} s")
            saved = download_takeaways(teacher, tmp_path)  # saved under the day and the table
            prefix = f"{dt.date.today().isoformat()} {code} "
            assert all(name.startswith(prefix) for name in saved), list(saved)
            received = {name.removeprefix(prefix): path for name, path in saved.items()}
            assert {"póster.pdf", "resultados.csv", "vocabulario.csv", "dibujos.zip"} <= set(received)  # in Spanish
            poster = subprocess.run(["pdftotext", str(received["póster.pdf"]), "-"], capture_output=True, text=True,
                                    check=True).stdout
            assert all(name in poster for name in NAMES) and "comparten la victoria" in poster
            with received["resultados.csv"].open(encoding="utf-8-sig", newline="") as file:
                results = list(csv.reader(file, delimiter=";"))  # Spanish: Excel's columns in Spain
            assert len(results) == 1 + ROUNDS * len(NAMES)
            objects = {(row[0], row[1]): row[2] for row in results[1:]}
            for record in finished.history:
                for artist in NAMES:
                    assert objects[(str(record.number), artist)] == record.objects[artist]
            with received["vocabulario.csv"].open(encoding="utf-8-sig", newline="") as file:
                assert len(list(csv.reader(file, delimiter=";"))) == 1 + ROUNDS * len(NAMES)
            with zipfile.ZipFile(received["dibujos.zip"]) as archive:
                drawings = [name for name in archive.namelist() if name.endswith(".png")]
                assert len(drawings) == ROUNDS * len(NAMES)
                for name in drawings:
                    with Image.open(io.BytesIO(archive.read(name))) as picture:
                        assert picture.format == "PNG" and picture.width > 100
            if "vocabulario.png" in received:
                with Image.open(received["vocabulario.png"]) as chart:
                    assert chart.format == "PNG"
            snap(teacher, "files")

            # Play again: a new deal at the same table; every phone follows by itself.
            version = store.version(code)
            teacher.click(".inc-play-again")
            projected.wait_for_selector(".inc-waiting", timeout=STEP)  # the projector shows the new game
            teacher.wait_for_function("() => !document.querySelector('.inc-play-again')", timeout=STEP)
            again = store.read(code)
            assert again.version == version + 1 and again.players == tuple(NAMES)
            assert again.game.phase is Phase.HIDE and again.game.round == 1 and again.game.history == ()
            for name, page in students.items():
                page.wait_for_selector(".inc-pad canvas", timeout=SLOW)
                assert page.url == links[name]  # the same page: nothing typed, nothing reloaded
                assert page.inner_text(".inc-secret b").strip() == again.game.secret_object(name)
            hide(students, store, code)  # and the seats play the new game
            projected.wait_for_selector(".inc-gallery .inc-drawing", timeout=STEP)
            assert store.read(code).game.phase is Phase.FIND
            check_consoles(watches)
        finally:
            for context in contexts:
                context.close()
