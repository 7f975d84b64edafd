"""A deck's words are marked with the deck's language where the page speaks another, so
that a screen reader says them as words of that language: the line-up's tokens, the secret
object and the location on a player's card, on the table dashboard, the projected page and a
student's phone.

An English page playing the Spanish deck said nothing of the words' language: a screen
reader read "cuchara" and "biblioteca" with English sounds (axe-core cannot see it; the
class's report pages already marked their words)."""

from __future__ import annotations

import re

import pytest

from incognito_nb.engine import Action, Deck, Game, Rules
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
