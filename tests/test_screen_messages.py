"""What a screen costs a page on the wire: how many messages its kernel sends the browser.

At a phase change every page of a class builds its next screen at once, and each widget
model is a message from its kernel, relayed by the one Voilà server every page shares and
built by the browser (issue 16: 267 models and 245 updates for one find screen).  These
tests count the messages a screen sends, with full drawings and with 3-stroke ones: the
count is the cost that must not grow with the ink, nor creep back up with a new widget.
"""

from __future__ import annotations

import ipywidgets
import pytest

from incognito_nb import Drawing, Game, Stroke
from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.find_phone import PhoneFind, phone_find_screen as phone_screen
from incognito_nb.ui.widgets.gallery import FindLayout
from incognito_nb.ui.widgets.voting import VotePanel

PLAYERS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


def lively(seat: int, strokes: int) -> Drawing:
    return Drawing(tuple(Stroke([(10 + (7 * s + 13 * p + 31 * seat) % 780, 10 + (11 * s + 5 * p) % 580)
                                 for p in range(30)], color="#0072b2", width=4) for s in range(strokes)))


def find_game(strokes: int) -> Game:
    game = Game.new(PLAYERS, seed=1)
    for seat, player in enumerate(game.players):
        game.submit_drawing(player, lively(seat, strokes))
    game.advance()
    return game


def messages(build, monkeypatch, *, warm: bool = True) -> list[dict]:
    """Returns the messages (opens and updates) the widgets ``build()`` makes send, once
    the kernel's shared parts exist (``warm``: ``build()`` once before counting)."""
    if warm:
        build()
    sent: list[dict] = []
    opened = ipywidgets.Widget.open

    def open_(self):
        sent.append({"method": "open", "model": type(self).__name__})
        return opened(self)

    with monkeypatch.context() as patch:
        patch.setattr(ipywidgets.Widget, "open", open_)
        patch.setattr(ipywidgets.Widget, "_send", lambda self, msg, buffers=None: sent.append(msg))
        build()
    return sent


def phone_find_screen(game: Game):
    """The find screen as a student's page builds it (one drawing at a time, issue 18)."""
    return phone_screen(game, "Ana", game.lineup)[0]


def table_find_screen(game: Game):
    """The find screen of table mode: the gallery, the line-up and one player's cards."""
    screen = FindLayout(game)
    screen.show_turn(VotePanel(game, "Ana"))
    return screen


@pytest.mark.parametrize("build", [phone_find_screen, table_find_screen, FindLayout],
                         ids=["phone", "table", "projector"])
def test_a_find_screen_is_a_few_dozen_messages_whatever_the_drawings_hold(build, monkeypatch):
    full = messages(lambda: build(find_game(180)), monkeypatch)
    small = messages(lambda: build(find_game(3)), monkeypatch)
    assert len(full) == len(small) <= 40, [m.get("model") or list(m.get("state", {})) for m in full]
    updates = [m for m in full if m.get("method") == "update"]
    # What is left after the first messages: anywidget's own id, set as each instance opens.
    assert all(set(m["state"]) <= {"_anywidget_id", "children"} for m in updates), updates


def test_a_phones_find_screen_is_one_widget_for_its_drawings_and_cards(monkeypatch):
    full = messages(lambda: phone_find_screen(find_game(180)), monkeypatch)
    opened = [m["model"] for m in full if m.get("method") == "open"]
    assert sorted(opened) == ["LineupView", "PhoneFind", "VBox"] and len(full) <= 5, full


@pytest.mark.parametrize("panel", [VotePanel, PhoneFind], ids=["table", "phone"])
def test_a_card_placed_is_one_message(panel, monkeypatch):
    game = find_game(180)
    cards = panel(game, "Ana")
    sent = messages(lambda: cards.press("Ben", 2), monkeypatch, warm=False)
    assert len(sent) == 1 and sent[0]["method"] == "update"
    assert "boards" not in sent[0]["state"] and not sent[0].get("buffer_paths")  # the drawings travelled once


def test_the_shared_layout_cannot_change_and_ignores_the_browser():
    layout = shared.layout()
    with pytest.raises(AttributeError, match="give this widget its own"):
        layout.display = "none"
    layout.set_state({"display": "none"})
    assert layout.display is None
    line = shared.html("x", "inc-x")
    assert line.layout is layout and shared.own_layout(line) is not layout
    line.layout.display = "none"
    assert layout.display is None
    line.close()


def scored_game(strokes: int) -> Game:
    game = find_game(strokes)
    for voter in game.players:
        game.confirm_votes(voter)
    game.advance()
    return game  # scored: the reveal shows its first drawing


@pytest.mark.parametrize("strokes", [180, 3])
def test_a_next_in_the_reveal_moves_the_same_screen_on_in_a_few_updates(strokes, monkeypatch):
    """Each Next shows the next drawing in the widgets the page has (issue 16): no new view for
    the browser to build, the drawing's strokes once, whatever they hold."""
    from incognito_nb.ui.widgets.reveal import Reveal, reveal_in

    game = scored_game(strokes)
    record = game.history[-1]
    first = Reveal(record, game.players[0], seat_of=game.seat)
    board = first.board._board
    for artist in game.players[1:]:
        sent = messages(lambda: reveal_in([first], record, artist, seat_of=game.seat, lang=first.lang),
                        monkeypatch, warm=False)
        assert [m for m in sent if m.get("method") == "open"] == [], sent
        assert len(sent) <= 8, [list(m.get("state", {})) for m in sent]
        boards = [m for m in sent if ["strokes"] in m.get("buffer_paths", [])]  # the strokes travel as bytes
        assert len(boards) == 1 and set(boards[0]["state"]) >= {"replays", "label"}, sent  # in one message
        assert first.artist == artist and board.shown == record.drawings[artist].strokes
    assert reveal_in([first], record, game.players[-1], seat_of=game.seat, lang=first.lang) is first
    first.close()


def first_reveal(game: Game):
    from incognito_nb.ui.widgets.reveal import Reveal

    return Reveal(game.history[-1], game.players[0], seat_of=game.seat)


def scoreboard(game: Game):
    from incognito_nb.ui.widgets.scoreboard import Scoreboard

    return Scoreboard(game)


def podium(game: Game):
    from incognito_nb.ui.widgets.scoreboard import Podium

    return Podium(game)


@pytest.mark.parametrize("build", [first_reveal, scoreboard, podium], ids=["first reveal", "scoreboard", "podium"])
def test_the_score_phases_screens_are_whole_in_their_first_messages(build, monkeypatch):
    """A page takes a screen's messages one by one, each a few milliseconds on a busy laptop
    (docs/platform-notes.md): a part opened and then changed (a class added, the line-up's
    token marked, the board's replay asked for) is a message for nothing."""
    game = scored_game(180)
    sent = messages(lambda: build(game), monkeypatch)
    updates = [m for m in sent if m.get("method") == "update"]
    # What is left after the first messages: anywidget's own id, set as each instance opens.
    assert all(set(m["state"]) <= {"_anywidget_id"} for m in updates), updates
    assert "Layout" not in [m.get("model") for m in sent], sent  # the boxes share the kernel's layout
    if build is first_reveal:
        assert len(sent) <= 12, [m.get("model") or list(m.get("state", {})) for m in sent]


def test_the_first_reveal_replays_its_drawing_from_its_first_message():
    game = scored_game(180)
    reveal = first_reveal(game)
    state = reveal.board._board.get_state()
    assert state["replays"] == 1 and state["replay_seconds"] == 3.0 and state["strokes"]
    reveal.close()


def test_a_page_says_its_new_screen_in_one_message(monkeypatch):
    """Every page of a class changes screen at once: the live region's words, its count and
    the focus's count go together, in one update, not one each."""
    from incognito_nb.ui.shell import PageShell

    page = PageShell()
    page.header.value = "Round 1 of 3 · Find the hidden objects"
    sent = messages(lambda: page.set_stage([ipywidgets.HTML("the find screen")]), monkeypatch, warm=False)
    said = [m for m in sent if m.get("method") == "update" and "screens" in m.get("state", {})]
    assert len(said) == 1 and {"announcement", "said", "screens"} <= set(said[0]["state"]), sent
