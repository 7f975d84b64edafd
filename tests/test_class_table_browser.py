"""Table mode for a class in Chromium: ``incognito-nb --store FILE``, the class chosen at setup,
three names ticked, the game ended phase by phase by the teacher, and the class's record
holding it at the game over — once, when a new page looks at the results again; and a
French class of long names, each whole and all in view, on a laptop and on a phone.

Screenshots of the setup form with the class chosen, at 1280×720, in English and in
Spanish, go to ``artifacts/class_table_setup_*.png``.
"""

from __future__ import annotations

import pytest

from incognito_nb import Game
from incognito_nb.engine.class_record import GameRecord
from incognito_nb.store.backends import open_class_book

from a11y import check_modes, check_page
from browser import ARTIFACTS, launcher_server, loose_lines, resize
from table_driver import STEP, Table

pytestmark = pytest.mark.browser

CLASS = "3B Spanish"
STUDENTS = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jon", "Kim", "Lea", "Max",
            "Nia", "Oli", "Pia", "Quim", "Rosa", "Sam", "Tom", "Uma", "Vic", "Wen", "Xia", "$x^2$"]
TODAY = ["Cleo", "Ana", "Ben"]
#: A French class whose names are as long as names get (24 characters), two sharing a first part.
LONG_CLASS = "5e B — Français langue seconde"
LONG_STUDENTS = ["Maximilian-Alexander", "Éloïse-Marguerite", "Zoë", "Ñandú", "Marie-Thérèse Dupont",
                 "Marie-Thérèse Durand", "Wolfgang-Maximiliano Kai", *STUDENTS[:18]]
LAPTOP = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}

#: Each class name cut at its box's edge, and the boxes of the class's parts of the form, top to bottom.
CLASS_FORM = """() => {
    const cut = [...document.querySelectorAll('.inc-class-name span')]
        .filter(s => s.scrollWidth > s.clientWidth + 1).map(s => s.textContent);
    const parts = ['.inc-class', '.inc-practice', '.inc-class-due', '.inc-class-hint', '.inc-class-names',
                   '.inc-start'].map(selector => {
        const r = document.querySelector(selector).getBoundingClientRect();
        return {selector, top: r.top, bottom: r.bottom};
    });
    const label = document.querySelector('.inc-practice span').getBoundingClientRect();
    return {cut, parts, label: {top: label.top, bottom: label.bottom}, height: innerHeight};
}"""


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
        again.page.wait_for_selector(".inc-resume-game", timeout=STEP)
        check_modes(again.page, "the setup form offering the saved game", modes=("light", "dark"))
        again.press(".inc-resume-game")
        again.page.wait_for_selector(".inc-class-record-there", timeout=STEP)
        with open_class_book(str(store)) as book:
            assert [g.game_id for g in book.record(CLASS).games] == [kept.game_id]  # still once
        again.watch.check()


def test_a_class_of_long_names_shows_each_name_whole_and_in_view_on_a_laptop_and_a_phone(page, tmp_path):
    """Two students sharing a first part told apart ("Marie-Thé…" twice in columns of 6rem), the
    names and Start on a laptop's first screen (the names began at y 680, under the deck), and
    on a French phone the practice switch's second line above the next sentence, not over it."""
    store = tmp_path / "classroom.sqlite"
    with open_class_book(str(store)) as book:
        book.add_class(LONG_CLASS, LONG_STUDENTS)
    page.set_viewport_size(LAPTOP)
    with launcher_server(tmp_path / "saves", extra_args=("--store", str(store), "--language", "fr")) as url:
        table = Table(page, url)
        table.open()
        page.select_option(".inc-class select", LONG_CLASS)
        names = page.locator(".inc-class-names .inc-class-name")
        names.nth(len(LONG_STUDENTS) - 1).wait_for(timeout=STEP)
        for name in ("Marie-Thérèse Dupont", "Maximilian-Alexander", "Wolfgang-Maximiliano Kai"):
            names.filter(has=page.get_by_text(name, exact=True)).locator("input").check(timeout=STEP)
        wait_for_players(page, ["Marie-Thérèse Dupont", "Maximilian-Alexander", "Wolfgang-Maximiliano Kai"])
        ARTIFACTS.mkdir(exist_ok=True)
        for where, size in (("1280", LAPTOP), ("phone", PHONE)):
            resize(page, size, timeout=STEP)
            page.screenshot(path=str(ARTIFACTS / f"class_table_long_names_fr_{where}.png"))
            form = page.evaluate(CLASS_FORM)
            assert form["cut"] == [], f"names cut at {where}: {form['cut']}"
            parts = form["parts"]
            for above, below in zip(parts, parts[1:]):
                assert above["bottom"] <= below["top"] + 0.5, f"{above['selector']} over {below['selector']} at {where}"
            practice = parts[1]
            assert form["label"]["bottom"] <= practice["bottom"] + 0.5, f"the switch's words run out of it at {where}"
            loose = loose_lines(page)
            assert loose == [], f"at {where}: sentences spaced as by a blank line: {loose}"
            if where == "1280":  # the names, the seats they fill and Start on the first screen
                assert parts[-1]["bottom"] <= form["height"], parts
        table.watch.check()
