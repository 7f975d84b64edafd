"""The class's report page as a teacher reads it, on a laptop (1280x720) and a phone (390x844):
the files to download within the first screen, a chart that fits, tables whose word column
stays while their figures scroll, a class with no game that says what to do, a store with no
class that says how to add one, and one student's data deleted after asking once more.

One classroom server for the module, over a store that starts empty (the first test needs it
so), without warm kernels: no page here needs one.
"""

from __future__ import annotations

import random
import re
import urllib.parse

import pytest

from a11y import check_modes
from browser import ARTIFACTS
from class_games import play_game
from classroom_server import Browser, classroom
from incognito_nb.engine import Deck
from incognito_nb.engine.class_record import GameRecord
from incognito_nb.store import open_store
from incognito_nb.store.backends import class_book_of
from incognito_nb.store.class_book import finished_at
from test_class_store import everything_in

pytestmark = pytest.mark.browser

CLASS = "3B Español — grupo de los martes"
NAMES = ("Ana", "Benoît", "Chloé", "Maximilian-Alexander", "Zoë", "Ñandú")
LAPTOP, PHONE = {"width": 1280, "height": 720}, {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    with classroom(tmp_path_factory.mktemp("class-report"), "--ClassroomServer.max_warm=0") as running:
        yield running


def report_url(room, name: str, lang: str = "en") -> str:
    return f"{room.url}/classroom/classes?{urllib.parse.urlencode({'name': name, 'lang': lang})}"


def add_class_with_games(room, name: str, names=NAMES, games: int = 6) -> None:
    with open_store(room.store) as store:
        book = class_book_of(store)
        book.add_class(name, names)
        for seed in range(games):
            game = play_game(random.Random(seed).sample(names, 5), random.Random(seed).choice, seed=seed,
                             deck=Deck.builtin("es_everyday"))
            book.add_game(name, GameRecord.from_game(game, finished=finished_at(1_790_000_000 + seed * 604800)))


def test_the_classes_page_without_a_class_says_how_to_add_one_as_information_in_each_language(room, browser):
    status, _, html = Browser(room.url).get("/classroom/classes?lang=en")
    assert status == 200 and "There is no class yet" in html, "the module's store starts empty"
    main = html.split("<main", 1)[1]
    assert 'role="alert"' not in main and "inc-problem" not in main and "`" not in main, "not an error"
    command = re.search(r'<code class="inc-command">(.*?)</code>', html).group(1)
    assert re.sub("<[^>]+>", "", command) == "incognito-nb class add 3B --names &#34;Ana,Ben,Cleo&#34;"
    page = browser.new_page(viewport=PHONE)
    try:
        said = {}
        for lang in ("en", "es", "fr", "de"):
            page.goto(f"{room.url}/classroom/classes?lang={lang}")
            assert page.inner_text(".inc-command") == 'incognito-nb class add 3B --names "Ana,Ben,Cleo"'
            said[lang] = page.inner_text(".inc-no-class p")
            assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"], lang
            page.screenshot(path=str(ARTIFACTS / f"class_report_no_class_{lang}.png"))
        assert len(set(said.values())) == 4, f"said in each language: {said}"
        assert said["fr"].startswith("Il n’y a encore aucune classe.") and said["fr"].endswith("\u00a0:")
        check_modes(page, "the classes page without a class", modes=("light",))
    finally:
        page.close()


def test_a_class_with_no_game_says_what_to_do_and_offers_no_empty_file(room, browser):
    with open_store(room.store) as store:
        class_book_of(store).add_class("4C Français", ("Ana", "Ben", "Cleo"))
    page = browser.new_page(viewport=LAPTOP)
    try:
        page.goto(report_url(room, "4C Français"))
        said = page.inner_text(".inc-class-nothing")
        assert "has no finished game yet" in said and "play a game with this class" in said
        text = page.inner_text("main")
        assert "None:" not in text and "Keeps missing" not in text
        assert page.locator(".inc-class-words, .inc-class-students, .inc-class-chart").count() == 0
        files = page.eval_on_selector_all(".inc-class-file", "links => links.map(a => a.href)")
        assert len(files) == 1 and "file=export.json" in files[0], "only the class's list, to keep"
        assert page.is_visible(".inc-class-delete")
        page.screenshot(path=str(ARTIFACTS / "class_report_no_game.png"))
        check_modes(page, "a class's report without a game", modes=("light",))
    finally:
        page.close()
    status, _, html = Browser(room.url).get("/classroom/classes/file?name=4C+Fran%C3%A7ais&file=words.csv")
    assert status == 404 and "has no finished game yet" in html


def test_the_report_fits_a_laptop_and_a_phone_with_its_files_first(room, browser):
    add_class_with_games(room, CLASS)
    context = browser.new_context(viewport=LAPTOP, accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(report_url(room, CLASS, "es"))
        page.wait_for_function("() => document.querySelector('.inc-class-chart').complete")
        files = page.locator(".inc-class-files").bounding_box()
        chart = page.locator(".inc-class-chart").bounding_box()
        assert files["y"] + files["height"] <= LAPTOP["height"], "the downloads in the first screen"
        assert chart["height"] <= LAPTOP["height"], f"the page's chart fits a screen: {chart}"
        natural = page.eval_on_selector(".inc-class-chart", "img => [img.naturalWidth, img.naturalHeight]")
        assert natural[0] == 1400 and chart["width"] <= 52 * 17 + 1
        page.screenshot(path=str(ARTIFACTS / "class_report_laptop_es.png"))
        page.click(".inc-class-to-delete")
        page.wait_for_function("() => location.hash === '#inc-class-delete'")
        delete = page.locator(".inc-class-delete").bounding_box()
        assert 0 <= delete["y"] and delete["y"] + delete["height"] <= LAPTOP["height"], "one click to Delete"
        with page.expect_download() as download:
            page.click(".inc-class-file >> nth=0")
        assert download.value.suggested_filename == f"{CLASS} palabras.csv", "its letters kept, named in Spanish"
        assert open(download.value.path(), "rb").read().startswith("\ufeffpalabra;".encode()), "a BOM; Spain's ';'"
        check_modes(page, "a class's report", modes=("light",))

        page.set_viewport_size(PHONE)
        page.goto(report_url(room, CLASS, "fr"))
        page.wait_for_function("() => document.querySelector('.inc-class-chart').complete")
        phone = page.evaluate("""() => {
            const img = document.querySelector('.inc-class-chart'), box = img.getBoundingClientRect();
            return {page: document.documentElement.scrollWidth, chart: box.width, right: box.right,
                    natural: img.naturalWidth, files: document.querySelector('.inc-class-files').getBoundingClientRect().bottom};
        }""")
        assert phone["page"] <= PHONE["width"] and phone["right"] <= PHONE["width"], phone
        assert phone["natural"] == 700 and phone["chart"] >= 340, "the phone's own chart, as wide as the phone"
        assert phone["files"] <= PHONE["height"], phone
        page.screenshot(path=str(ARTIFACTS / "class_report_phone_fr.png"))
        # On a phone the tables scroll sideways: a keyboard reaches each, and axe-core finds nothing serious.
        check_modes(page, "a class's report on a phone", modes=("light",))
        for table in (".inc-class-words", ".inc-class-students"):
            # Scrolled to its last column, a table still shows each row's word or name.
            scroll = page.locator(f"{table} >> xpath=..")
            scroll.scroll_into_view_if_needed()
            scroll.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
            page.wait_for_function("box => box.scrollLeft > 0", arg=scroll.element_handle())
            seen = scroll.evaluate("""box => {
                const edge = box.getBoundingClientRect().left, first = box.querySelector('tbody th');
                const last = box.querySelector('tbody tr').lastElementChild.getBoundingClientRect();
                return {name: first.getBoundingClientRect().left - edge, last: last.right - box.getBoundingClientRect().right,
                        width: first.getBoundingClientRect().width, text: first.innerText};
            }""")
            assert abs(seen["name"]) <= 1 and seen["last"] <= 1 and seen["width"] <= 8 * 15 + 20, (table, seen)
            page.screenshot(path=str(ARTIFACTS / f"class_report_phone_fr_{table[1:]}.png"))
    finally:
        context.close()


def test_one_students_data_is_deleted_from_the_report_page_after_asking_once_more(room, browser):
    add_class_with_games(room, "5E", names=("Quentin", "Roxane", "Sigrid", "Tancrède", "Ulrike"), games=3)
    page = browser.new_page(viewport=LAPTOP)
    try:
        page.goto(report_url(room, "5E"))
        assert "Tancrède" in page.inner_text(".inc-class-students")
        page.select_option("#inc-student", "Tancrède")
        page.click(".inc-student-delete")
        page.wait_for_selector(".inc-class-delete-for-good")
        notice = page.inner_text(".inc-notice")
        assert "Delete Tancrède from the class 5E" in notice and "This cannot be undone" in notice
        with open_store(room.store) as store:
            assert "Tancrède" in class_book_of(store).entry("5E").students, "only asked"
        page.screenshot(path=str(ARTIFACTS / "class_report_delete_student.png"))
        page.click(".inc-class-delete-for-good")
        page.wait_for_selector("text=Deleted Tancrède from the class 5E")
        page.click("text=Back to the class's report")
        page.wait_for_selector(".inc-class-students")
        assert "Tancrède" not in page.inner_text("main")
        for kind in ("words.csv", "students.csv", "export.json"):
            status, _, body = Browser(room.url).get(f"/classroom/classes/file?name=5E&file={kind}")
            assert status == 200 and "Tancr" not in body, kind
        assert not re.search("Tancr(è|\\\\u00e8)de", everything_in(room.store))
    finally:
        page.close()


def _report_of_words_with_commas(room, name: str, lang: str) -> tuple[list[str], str]:
    """Adds the class ``name``, which missed words with commas, and returns the words it drew
    and its report page in ``lang``."""
    from test_class_files import a_class_that_missed_words_with_commas

    record, drawn = a_class_that_missed_words_with_commas()
    with open_store(room.store) as store:
        book = class_book_of(store)
        book.add_class(name, record.students)
        book.add_game(name, record.games[0])
    status, _, html = Browser(room.url).get(f"/classroom/classes?{urllib.parse.urlencode({'name': name, 'lang': lang})}")
    assert status == 200
    return drawn, html


def test_the_words_the_class_keeps_missing_are_listed_so_that_a_word_with_a_comma_stays_one(room):
    """"Keeps missing: champú, sal, pimienta" read as three words for two: the page puts "; "
    between the words, as its students' table and the CSV files do."""
    drawn, html = _report_of_words_with_commas(room, "Con comas", "es")
    missing = re.search(r'<span class="inc-class-missing" lang="es">(.*?)</span>', html).group(1)
    assert missing == "; ".join(drawn)


def test_a_french_report_page_writes_its_lists_of_words_with_a_no_break_space_before_each_semicolon(room):
    """French puts a no-break space before ";" (the catalogue's "Manque encore :" does before
    ":"): the page said "sal0, pimienta0; sal1, pimienta1", in its summary and its students'
    table. Both say the list as the French catalogue writes it."""
    drawn, html = _report_of_words_with_commas(room, "Avec virgules", "fr")
    missing = re.search(r'<span class="inc-class-missing" lang="es">(.*?)</span>', html).group(1)
    assert missing == "\u00a0; ".join(drawn)
    # Spanish words on a French page: the list says their language, as on a phone no column does.
    assert '<li><b>Espagnol\u00a0:</b> <span class="inc-class-missing" lang="es">' in html
    students = re.search(r'<table class="inc-class-students">(.*?)</table>', html, re.S).group(1)
    assert "\u00a0; " in students and not re.search(r"\S; ", students), students


def test_a_class_that_played_decks_of_two_languages_sees_each_languages_words_apart(room, browser):
    """A class that played the Spanish deck one week and the French deck the next read, on its
    report page, 'Keeps missing: anillo; bague; banane; …; bombilla' and a table of words mixing
    both languages. The page lists each language's missed words under its name (the latest
    game's first; a screen reader says each list in its language), its words table goes
    language by language, each row saying its deck's language, and each student's lists of
    words have a line a language."""
    from test_class_files import a_class_of_two_languages, deck_objects

    record = a_class_of_two_languages()
    with open_store(room.store) as store:
        book = class_book_of(store)
        book.add_class(record.name, record.students)
        for game in record.games:
            book.add_game(record.name, game)
    spanish, french = deck_objects("es_everyday"), deck_objects("fr_everyday")
    page = browser.new_page(viewport=LAPTOP)
    try:
        page.goto(report_url(room, record.name, "fr"))
        page.wait_for_function("() => document.querySelector('.inc-class-chart').complete")
        lines = page.eval_on_selector_all(".inc-class-missing-languages li", """items => items.map(li => ({
            label: li.querySelector('b').innerText, lang: li.querySelector('.inc-class-missing').lang,
            words: li.querySelector('.inc-class-missing').innerText}))""")
        assert [(line["label"], line["lang"]) for line in lines] == [("Français\u00a0:", "fr"), ("Espagnol\u00a0:", "es")]
        for line, deck in zip(lines, (french, spanish)):
            assert set(line["words"].split("\u00a0; ")) <= deck, line
        rows = page.eval_on_selector_all(".inc-class-words tbody tr", """rows => rows.map(tr => [
            tr.querySelector('th').lang, tr.querySelector('th').innerText, tr.lastElementChild.innerText])""")
        codes = [code for code, _, _ in rows]
        assert codes == sorted(codes, key=["fr", "es"].index), "language by language, the latest's first"
        assert {(code, said) for code, _, said in rows} == {("fr", "Français"), ("es", "Espagnol")}
        assert all(word in (french if code == "fr" else spanish) or word not in french | spanish
                   for code, word, _ in rows)
        # Each student's lists too: a line a language, its words in their language.
        said = page.eval_on_selector_all(".inc-class-students td span", """spans => spans.map(span => [
            span.lang, span.previousElementSibling ? span.previousElementSibling.innerText : '', span.innerText])""")
        assert {(code, label) for code, label, _ in said} == {("fr", "Français\u00a0:"), ("es", "Espagnol\u00a0:")}
        for code, _, words in said:
            assert set(words.split("\u00a0; ")) <= (french if code == "fr" else spanish), (code, words)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= LAPTOP["width"]
        page.screenshot(path=str(ARTIFACTS / "class_report_two_languages_fr.png"), full_page=True)
        check_modes(page, "the report of a class of two languages", modes=("light",))
    finally:
        page.close()
