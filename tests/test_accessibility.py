"""What the page says to assistive technology, without a browser: the live region's words,
in the page's language, and the drawings' names, which never hold a secret before the reveal.
(The browser side — landmarks, focus, the skip button, axe-core — is in
``test_accessibility_browser.py``.)"""

from __future__ import annotations

from incognito_nb import Deck, Game, Phase
from incognito_nb.store import GameFolder
from incognito_nb.ui.i18n import language
from incognito_nb.ui.pages.table import TableApp
from incognito_nb.ui.widgets.aria import BoardName
from incognito_nb.ui.widgets.board import DrawingView
from incognito_nb.ui.widgets.gallery import Gallery
from incognito_nb.ui.widgets.painted_board import PaintedBoard
from pseudo import live_widgets


def names_on(app) -> list[str]:
    """Every drawing's accessible name on ``app``: each board's, and each tile's of the gallery."""
    widgets = list(live_widgets(app))
    names = [w.label for w in widgets if isinstance(w, (BoardName, PaintedBoard)) and w.label]
    return sorted(names + [name for w in widgets if isinstance(w, Gallery) for name in w.names if name])


def test_the_live_region_says_the_phase_and_whose_turn_in_the_pages_language(tmp_path):
    spanish = language("es")
    app = TableApp(folder=GameFolder(tmp_path), language="es")
    said = app.aria.said
    game = Game.new(["Ana", "Ben", "Cleo"], Deck.builtin("es_everyday"), seed=3)
    app.start(game)
    assert app.aria.said > said  # said again, even if the words were the same
    title = spanish._("Round {round} of {rounds} · {phase}", round=1, rounds=3, phase=spanish._("Hide the object"))
    assert app.aria.announcement.startswith(title)
    assert "Ana" in app.aria.announcement and "Pass the screen" not in app.aria.announcement
    screens = app.aria.screens
    app.open_card("Ana")
    assert app.aria.screens == screens + 1  # the focus goes to the heading of the new screen
    assert names_on(app) == [spanish._("Your drawing, hidden in: {location}", location=game.location("Ana"))]
    app.close()


def test_no_drawing_is_named_by_its_object_before_the_reveal(tmp_path):
    app = TableApp(folder=GameFolder(tmp_path))
    game = Game.new(["Ana", "Ben", "Cleo"], Deck.builtin("everyday"), seed=5)
    app.start(game)
    secrets = [game.secret_object(p) for p in game.players]
    for player in game.players:
        app.open_card(player)
        assert not any(word in name for name in names_on(app) for word in secrets)
        app.finish_drawing(player)
    assert game.phase is Phase.FIND
    assert names_on(app) == sorted(f"{p}'s drawing, hidden in: {game.location(p)}" for p in game.players)
    for voter in game.players:
        app.open_card(voter)
        game.confirm_votes(voter)
        app.finish_voting()
    assert game.phase is Phase.SCORE
    assert names_on(app) == [f"Ana's drawing of {game.history[-1].objects['Ana']}, hidden in: {game.location('Ana')}"]
    app.close()


def test_a_board_is_named_as_it_is_built():
    assert DrawingView(label="Ana's drawing").label == "Ana's drawing"
