"""A deck's words are marked with the deck's language where the page speaks another, so
that a screen reader says them as words of that language: the line-up's tokens, the secret
object and the location on a player's card, on the table dashboard, the projected page and a
student's phone.

An English page playing the Spanish deck said nothing of the words' language: a screen
reader read "cuchara" and "biblioteca" with English sounds (axe-core cannot see it; the
class's report pages already marked their words).  Then the sentences that hold a word were
still English through and through: the reveal's "The hidden object was: trofeo (token 5)",
the drawing's title over it, the gallery's captions and the card rows' titles ("in: museo").
Every screen is now read through: each deck word in a page's markup lies in an element of
the deck's language, and the sentence around it in the page's.

What cannot carry it: a drawing's accessible name ("Ben's drawing, hidden in: museo", an
``aria-label``), a flat string of one language for a screen reader (an accessible object has
a single locale: w3c/aria#1782); the caption and title beside each drawing say the word marked.
"""

from __future__ import annotations

import re

from html.parser import HTMLParser

import pytest

from incognito_nb.engine import Action, Deck, Game, Rules
from incognito_nb.engine.errors import IllegalAction
from incognito_nb.store import open_store
from incognito_nb.ui.pages.student import StudentPage
from incognito_nb.ui.pages.teacher import TeacherPage

from test_table import app, draw_turn, find, one, vote_turn  # noqa: F401 (app: the dashboard fixture)

NAMES = ("Ana", "Ben", "Cleo")
TOKEN_WORD = re.compile(r'<div class="inc-token-word"([^>]*)>')

pytestmark = pytest.mark.usefixtures("close_new_widgets")


def token_langs(root) -> list[str]:
    """Returns the attributes of every token word the line-ups under ``root`` show."""
    return [attrs for lineup in find(root, "inc-lineup") for attrs in TOKEN_WORD.findall(lineup.value)]


def card_langs(root) -> list[str]:
    """Returns the ``lang`` of the secret object and the location on the card under ``root``."""
    return [re.search(r"<b( lang=\"[^\"]+\")?>", one(root, part).value).group(1) or ""
            for part in ("inc-secret", "inc-location")]


class _Reader(HTMLParser):
    """Reads markup as a screen reader would hear its language: each text with the ``lang``
    of the closest element that has one (``page`` where none has)."""

    VOID = {"br", "img", "input", "hr", "meta", "link", "source", "wbr"}

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.langs, self.texts, self.skip = [page], [], 0

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        self.langs.append(dict(attrs).get("lang", self.langs[-1]))
        self.skip += tag in ("style", "script")

    def handle_endtag(self, tag):
        if tag not in self.VOID and len(self.langs) > 1:
            self.langs.pop()
            self.skip -= tag in ("style", "script") and self.skip > 0

    def handle_data(self, data):
        if not self.skip:
            self.texts.append((self.langs[-1], data))


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def _widgets(root, seen=None):
    seen = set() if seen is None else seen
    if id(root) not in seen:
        seen.add(id(root))
        yield root
        for child in getattr(root, "children", ()) or ():
            yield from _widgets(child, seen)


#: The traits that hold plain text a screen reader hears in one language: a drawing's name and
#: the live region's news (set as text by page_aria.js from some fifty sentences of the pages).
NAMES_TRAITS = {"label", "names", "announcement"}


def unmarked_words(root, words, page: str = "en", deck: str = "es") -> list[str]:
    """Returns where a deck's ``words`` show under ``root`` not marked as the ``deck``'s
    language ("PhoneFind.rows: ...in: museo"), read from every widget's synced state as the
    browser gets it; the accessible names (:data:`NAMES_TRAITS`) are left out."""
    pattern = re.compile("|".join(rf"(?<![\w-]){re.escape(w)}(?![\w-])" for w in sorted(words, key=len, reverse=True)))
    found = []
    for widget in _widgets(root):
        for trait, value in widget.get_state().items():
            if trait in NAMES_TRAITS or trait.startswith("_"):
                continue
            for text in _strings(value):
                reader = _Reader(page)
                reader.feed(text)
                found += [f"{type(widget).__name__}.{trait}: {said.strip()}" for lang, said in reader.texts
                          if lang != deck and pattern.search(said)]
    return found


def test_a_spanish_decks_words_are_spanish_on_an_english_classrooms_pages(tmp_path):
    with open_store(tmp_path / "class.sqlite") as store:
        keys = store.create_table(Deck.builtin("es_everyday"), Rules(rounds=1), seed=4, language="en")
        seats = {name: store.join(keys.code, name) for name in NAMES}
        store.start(keys.code, keys.teacher_key)
        ana = StudentPage(store, code=keys.code, token=seats["Ana"].token)
        assert card_langs(ana) == [' lang="es"'] * 2, "the phone's card"
        store.act(keys.code, Action.advance(force=True), teacher_key=keys.teacher_key)  # to the find phase
        ana.refresh()
        teacher = TeacherPage(store, code=keys.code)
        teacher.refresh()
        assert token_langs(ana) == [' lang="es"'] * 6, "the phone's line-up"
        assert token_langs(teacher) == [' lang="es"'] * 6, "the projected line-up"
        store.act(keys.code, Action.advance(force=True), teacher_key=keys.teacher_key)  # to the reveal
        ana.refresh()
        teacher.refresh()
        assert find(ana, "inc-reveal") and find(teacher, "inc-reveal")
        assert token_langs(ana) == [' lang="es"'] * 6, "the phone's reveal"
        assert token_langs(teacher) == [' lang="es"'] * 6, "the projected reveal"
        # A Spanish page says them as the page does: no attribute.
        same = StudentPage(store, code=keys.code, token=seats["Ben"].token, language="es")
        assert token_langs(same) == [""] * 6


def test_a_spanish_decks_words_are_spanish_on_an_english_dashboard(app):
    assert app.lang.code == "en"
    app.start(Game.new(NAMES, Deck.builtin("es_everyday"), seed=2), 0)
    one(app, "inc-show-card").click()
    assert card_langs(app) == [' lang="es"'] * 2, "the card behind the curtain"
    one(app, "inc-done").click()
    for _ in NAMES[1:]:
        draw_turn(app)
    assert token_langs(app) == [' lang="es"'] * 6, "the find screen's line-up"
    for _ in NAMES:
        vote_turn(app, lambda voter, artist: None)
    assert find(app, "inc-reveal") and token_langs(app) == [' lang="es"'] * 6, "the reveal's line-up"


def spanish_words() -> set[str]:
    deck = Deck.builtin("es_everyday")
    return set(deck.objects) | set(deck.locations)


def test_every_deck_word_on_an_english_classrooms_screens_is_marked_spanish(tmp_path):
    words = spanish_words()
    with open_store(tmp_path / "class.sqlite") as store:
        keys = store.create_table(Deck.builtin("es_everyday"), Rules(rounds=1), seed=4, language="en")
        seats = {name: store.join(keys.code, name) for name in NAMES}
        store.start(keys.code, keys.teacher_key)
        ana = StudentPage(store, code=keys.code, token=seats["Ana"].token)
        teacher = TeacherPage(store, code=keys.code)
        seen = set()
        over = False
        while not over:  # hide, find, each drawing's reveal, the scores, the game over
            ana.refresh()
            teacher.refresh()
            seen |= {cls for page in (ana, teacher) for cls in ("inc-reveal", "inc-votes", "inc-gallery")
                     if find(page, cls)}
            assert unmarked_words(ana, words) == []
            assert unmarked_words(teacher, words) == []
            try:
                store.act(keys.code, Action.advance(force=True), teacher_key=keys.teacher_key)
            except IllegalAction:  # the game is over
                over = True
        assert seen == {"inc-reveal", "inc-votes", "inc-gallery"}


def test_every_deck_word_on_an_english_dashboards_screens_is_marked_spanish(app):
    words = spanish_words()
    app.start(Game.new(NAMES, Deck.builtin("es_everyday"), seed=2), 0)
    one(app, "inc-show-card").click()
    assert unmarked_words(app, words) == [], "the card behind the curtain"
    one(app, "inc-done").click()
    for _ in NAMES[1:]:
        draw_turn(app)
    assert find(app, "inc-gallery") and unmarked_words(app, words) == [], "the find screen"
    one(app, "inc-show-card").click()
    assert find(app, "inc-votes") and unmarked_words(app, words) == [], "a player's cards"
    one(app, "inc-votes").press_confirm()
    for _ in NAMES[1:]:
        vote_turn(app, lambda voter, artist: None)
    for _ in NAMES:
        assert find(app, "inc-reveal") and unmarked_words(app, words) == [], "the reveal"
        one(app, "inc-next").click()
    assert unmarked_words(app, words) == [], "the scores"


def test_a_french_page_marks_a_german_decks_words_german(app):
    app.choose_language("fr")
    assert app.lang.code == "fr"
    deck = Deck.builtin("de_everyday")
    app.start(Game.new(NAMES, deck, seed=2), 0)
    for _ in NAMES:
        draw_turn(app)
    words = set(deck.objects) | set(deck.locations)
    assert unmarked_words(app, words, page="fr", deck="de") == []
    assert 'lang="de"' in one(app, "inc-gallery").captions[0]
