"""The find phase on a phone: one drawing at a time, its cards right under it.

On a phone the gallery of every drawing, then the line-up, then all the card rows made a
page 2,317 px tall, each row far from its drawing (issue 18), and building six boards of
800 x 600 at once was most of a phone's work at the phase change (issue 16, measured in
docs/platform-notes.md).  :class:`PhoneFind` is a :class:`~incognito_nb.ui.widgets.voting.VotePanel`
(the same rows, presses checked the same way in Python, then by the engine, the same CSS
hooks) whose browser side (``find_phone.js``) shows one other player's drawing at a
time with its card row, Previous and Next, and under them the list of the cards placed
(each one a way back to its drawing) right above Confirm.  The drawings travel once, as
the packed buffers of :mod:`~incognito_nb.ui.widgets.painted_board`, in the same one
widget; the browser paints only the drawing shown, at the size it is shown.

What the widget holds is what the phone is shown anyway: the other players' drawings and
locations (public from the find phase on) and the voter's own cards.  The line-up's words
stay in their own widget (:class:`~incognito_nb.ui.widgets.lineup.LineupView`), so that no
one widget's state holds both a player's name and the words.
"""

from __future__ import annotations

from typing import Callable, Sequence

import ipywidgets as widgets
import traitlets

from incognito_nb.engine import Game
from incognito_nb.engine.drawing import BOARD_HEIGHT, BOARD_WIDTH

from incognito_nb.ui.i18n import Language
from incognito_nb.ui.sheets import read_sheet
from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.gallery import drawing_name
from incognito_nb.ui.widgets.lineup import LineupView
from incognito_nb.ui.widgets.painted_board import SCALE, pack_strokes
from incognito_nb.ui.widgets.palette import BORDER_COLOR, PAPER_COLOR
from incognito_nb.ui.widgets.shared import front_end
from incognito_nb.ui.widgets.voting import VotePanel

CSS = read_sheet(__file__, "find_phone.css")


class PhoneFind(VotePanel):
    """``voter``'s cards, one other player's drawing at a time (see the module's docstring)."""

    #: The JavaScript files the browser side is made of, in order (:func:`~incognito_nb.ui.widgets.shared.bundle`).
    FRONT_END = ("painted_board.js", "voting.js", "find_phone.js")
    _esm = front_end(__file__, FRONT_END[-1], uses=FRONT_END[:-1])
    CLASSES = ("inc-votes", "inc-find-one")
    boards = traitlets.List(traitlets.Bytes(), help=(
        "Each row's drawing, packed by pack_strokes, in the order of rows.")).tag(sync=True)
    names = traitlets.List(traitlets.Unicode(), help="Each row's drawing's accessible name (plain text).").tag(sync=True)
    positions = traitlets.List(traitlets.Unicode(), help='Each row\'s place, "Drawing 2 of 5" (plain text).').tag(
        sync=True)
    previous_label = traitlets.Unicode("", help="The Previous button's words.").tag(sync=True)
    next_label = traitlets.Unicode("", help="The Next button's words.").tag(sync=True)
    cards_heading = traitlets.Unicode("", help="The heading of the cards placed, above Confirm.").tag(sync=True)
    scale = traitlets.Int(SCALE, help="How many buffer units make one board unit.").tag(sync=True)
    board_width = traitlets.Int(BOARD_WIDTH, help="A board's width in board units.").tag(sync=True)
    board_height = traitlets.Int(BOARD_HEIGHT, help="A board's height in board units.").tag(sync=True)
    paper = traitlets.Unicode(PAPER_COLOR, help="The paper's colour.").tag(sync=True)
    border = traitlets.Unicode(BORDER_COLOR, help="The border's colour.").tag(sync=True)

    def _state(self) -> dict:
        state = super()._state()
        lang = self.lang
        view = self._game.player_view(self._voter, drawings=False)
        artists = [a for a in self._game.players if a != self._voter]
        cards: dict[str, int] = view["my_votes"]
        for row, artist in zip(state["rows"], artists):
            number = cards.get(artist)
            row["placed"] = (lang._("{artist}: card {number}", artist=artist, number=number) if number is not None
                             else lang._("{artist}: no card", artist=artist))
        state["boards"] = [self._board(artist, view) for artist in artists]
        state["names"] = [drawing_name(artist, view["locations"].get(artist), lang) for artist in artists]
        state["positions"] = [lang._("Drawing {n} of {total}", n=n, total=len(artists))
                              for n in range(1, len(artists) + 1)]
        state.update(previous_label=lang._("Previous"), next_label=lang._("Next"),
                     cards_heading=lang._("Your cards:"))
        if self._voter in view["confirmed"]:  # under a grey Confirm: what the phone waits for, not a rule
            state["reminder"] = lang._("Wait for the others: the answers come on the projector's screen.")
        return state

    def _board(self, artist: str, view: dict) -> bytes:
        """Returns ``artist``'s drawing packed, if the viewer may see it (blank otherwise):
        its strokes were packed as the page read them (:data:`~.painted_board.packed_strokes`)."""
        return pack_strokes(self._game.drawing(artist).strokes) if artist in view["drawings"] else b""


def phone_find_screen(game: Game, voter: str, lineup: Sequence[str], *, on_confirm: Callable[[], None] | None = None,
                      on_change: Callable[[], None] | None = None,
                      lang: Language | None = None) -> tuple[widgets.VBox, PhoneFind]:
    """Returns a phone's find screen (the line-up, in the deck's language, then :class:`PhoneFind`)
    and its cards (``on_change`` after each card placed, as :class:`~incognito_nb.ui.widgets.voting.VotePanel`'s)."""
    cards = PhoneFind(game, voter, on_change=on_change, on_confirm=on_confirm, lang=lang)
    words = LineupView(lineup, lang=lang, deck_language=game.deck_language)
    return shared.box(widgets.VBox, [words, cards], "inc-find-phone"), cards
