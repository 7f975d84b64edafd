"""Table mode for a class in Chromium: ``incognito-nb --store FILE``, the class chosen at setup,
three names ticked, the game ended phase by phase by the teacher, and the class's record
holding it at the game over — once, when a new page looks at the results again.

Screenshots of the setup form with the class chosen, at 1280×720, in English and in
Spanish, go to ``artifacts/class_table_setup_*.png``.
"""

from __future__ import annotations

import pytest

from incognito_nb import Game
from incognito_nb.engine.class_record import GameRecord
from incognito_nb.store.backends import open_class_book

from a11y import check_page
from browser import ARTIFACTS, launcher_server
from table_driver import STEP, Table

pytestmark = pytest.mark.browser

CLASS = "3B Spanish"
STUDENTS = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jon", "Kim", "Lea", "Max",
            "Nia", "Oli", "Pia", "Quim", "Rosa", "Sam", "Tom", "Uma", "Vic", "Wen", "Xia", "$x^2$"]
TODAY = ["Cleo", "Ana", "Ben"]


def player_names(page) -> list[str]:
    return page.locator(".inc-player-name input").evaluate_all("els => els.map(e => e.value)")


def wait_for_players(page, names: list[str]) -> None:
    page.wait_for_function("names => JSON.stringify([...document.querySelectorAll('.inc-player-name input')]"
                           ".map(e => e.value)) === JSON.stringify(names)", arg=names, timeout=STEP)


def end_every_phase(page) -> None:
    """The teacher ends each phase, round after round, up to the podium: hide, find and the
    reveal of three rounds and the two preparations between them."""
    for _ in range(3 * 3 + 2):
        page.click(".inc-end-phase", timeout=STEP)
        page.click(".inc-confirm-yes", timeout=STEP)
        page.wait_for_function("() => document.querySelector('.inc-confirm').offsetParent === null", timeout=STEP)
    page.wait_for_selector(".inc-winners", timeout=STEP)


def test_a_class_chosen_at_setup_plays_and_its_game_joins_the_record_once(page, tmp_path):
    store = tmp_path / "classroom.sqlite"
    with open_class_book(str(store)) as book:
        book.add_class(CLASS, STUDENTS)
    saves = tmp_path / "saves"
    page.set_viewport_size({"width": 1280, "height": 720})
    with launcher_server(saves, extra_args=("--store", str(store))) as url:
        table = Table(page, url)
        table.open()
        page.select_option(".inc-class select", CLASS)  # its value is its label (with plain spaces)
        names = page.locator(".inc-class-names .inc-class-name")
        names.nth(len(STUDENTS) - 1).wait_for(timeout=STEP)
        for name in TODAY:
            names.filter(has=page.get_by_text(name, exact=True)).locator("input").check(timeout=STEP)
            wait_for_players(page, TODAY[:TODAY.index(name) + 1])  # seated in the order ticked
        page.wait_for_function("() => [...document.querySelectorAll('.inc-player-name input')]"
                               ".every(e => e.disabled)", timeout=STEP)  # the class's names, not typed
        assert page.locator(".inc-practice input").is_checked()
        check_page(page, "the setup form with a class chosen")  # axe-core: every checkbox named
        odd = names.filter(has=page.get_by_text("$x^2$", exact=True))
        assert odd.inner_text().strip() == "$x^2$" and odd.locator("mjx-container").count() == 0  # not typeset
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "class_table_setup_en.png"))

        page.select_option(".inc-language select", label="Español")  # the form is built again, in Spanish
        page.wait_for_selector(".inc-app.inc-lang-es", timeout=STEP)
        wait_for_players(page, TODAY)
        assert page.locator(".inc-class select").input_value() == CLASS
        page.screenshot(path=str(ARTIFACTS / "class_table_setup_es.png"))

        table.begin()
        end_every_phase(page)
        page.wait_for_selector(".inc-class-record-added", timeout=STEP)
        finished = Game.from_json((saves / "autosave.incognito.json").read_text(encoding="utf-8"))
        with open_class_book(str(store)) as book:
            (kept,) = book.record(CLASS).games
        expected = GameRecord.from_game(finished, finished=kept.finished)
        assert kept == expected and kept.players == tuple(TODAY)

        table.watch.check()

        # The results looked at again in a new tab (a reload, without the old page's unload,
        # whose kernel shutdown standalone Voilà refuses: docs/platform-notes.md).
        again = Table(page.context.new_page(), url)
        again.open()
        again.press(".inc-resume-game")
        again.page.wait_for_selector(".inc-class-record-there", timeout=STEP)
        with open_class_book(str(store)) as book:
            assert [g.game_id for g in book.record(CLASS).games] == [kept.game_id]  # still once
        again.watch.check()
