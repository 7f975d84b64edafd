"""The classes' pages as a teacher reads them: a store with no class says how to add one.

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
        for lang in ("en", "es", "fr", "de"):
            page.goto(f"{room.url}/classroom/classes?lang={lang}")
            assert page.inner_text(".inc-command") == 'incognito-nb class add 3B --names "Ana,Ben,Cleo"'
            assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"], lang
            page.screenshot(path=str(ARTIFACTS / f"class_report_no_class_{lang}.png"))
        check_modes(page, "the classes page without a class", modes=("light",))
    finally:
        page.close()
