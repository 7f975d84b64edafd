"""Every player's drawing side by side, as the whole table sees them while finding.

The gallery is the projector's view of the boards: it reads ``game.player_view(None)``,
which holds the drawings and the public locations from the find phase on and nothing
secret, so it is safe on any screen.
"""

from __future__ import annotations

import anywidget
import ipywidgets as widgets
import traitlets

from incognito_nb.engine import Drawing, Game, Phase
from incognito_nb.engine.drawing import BOARD_HEIGHT, BOARD_WIDTH

from incognito_nb.ui.widgets.board import close_parts
from incognito_nb.ui.widgets.painted_board import SCALE, pack_strokes
from incognito_nb.ui.widgets.palette import BORDER_COLOR, PAPER_COLOR
from incognito_nb.ui.widgets.shared import front_end
from incognito_nb.ui.widgets.lineup import LineupView
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.text import deck_word, player_badge
from incognito_nb.ui.sheets import read_sheet

CSS = read_sheet(__file__, "gallery.css")

#: Tiles at least 220 px wide, at most three to a row: 4 x 30 % never fits, 3 x 30 % does.
#: (At 240 px a laptop's 1280x720 gallery, 728 px wide, held two a row: a third drawing
#: ended under the screen's edge.)
GRID_COLUMNS = "repeat(auto-fill, minmax(max(220px, 30%), 1fr))"


def tile_label(name: str, seat: int, location: str | None, lang: Language, deck_language: str = "") -> str:
    """Returns the HTML caption of a tile: the artist's badge and where the object hides (a
    word of the deck, in ``deck_language``)."""
    if not location:
        return player_badge(name, seat)
    where = lang._("in: {location}", location=deck_word(location, deck_language, lang.code))
    return f'{player_badge(name, seat)} <span class="inc-drawing-location">{where}</span>'


def drawing_name(name: str, location: str | None, lang: Language) -> str:
    """Returns a drawing's accessible name: "Ana's drawing, hidden in: treehouse" (plain
    text; the location only, never the object: the gallery shows before the reveal)."""
    if not location:
        return lang._("{artist}'s drawing", artist=name)
    return lang._("{artist}'s drawing, hidden in: {location}", artist=name, location=location)


class Gallery(anywidget.AnyWidget):
    """One tile per player, in seating order: the drawing, the artist and the location.

    One widget holds the whole gallery (``gallery.js`` lays out the tiles and paints the
    boards): at the find phase a page builds it at once on every screen of the class, and
    six boards, captions and boxes were thirty widgets, each a model and a view for the
    browser to make (issue 16, measured in docs/platform-notes.md).  Each drawing travels
    once, packed by :func:`~incognito_nb.ui.widgets.painted_board.pack_strokes`.

    ``fit``: the browser paints each board at the size it is shown (the projector's six
    boards at a third of the screen, not six canvases of 800 x 600).  Nothing the browser
    sends changes what the gallery shows (:meth:`set_state`)."""

    #: The JavaScript files the browser side is made of, in order (:func:`~incognito_nb.ui.widgets.shared.bundle`).
    FRONT_END = ("painted_board.js", "gallery.js")
    _esm = front_end(__file__, FRONT_END[-1], uses=FRONT_END[:-1])
    boards = traitlets.List(traitlets.Bytes(), help=(
        "Each tile's drawing, packed by pack_strokes, in seating order.")).tag(sync=True)
    captions = traitlets.List(traitlets.Unicode(), help=(
        "Each tile's caption, HTML made by tile_label (every name and word in it escaped).")).tag(sync=True)
    names = traitlets.List(traitlets.Unicode(), help="Each drawing's accessible name (plain text).").tag(sync=True)
    fit = traitlets.Bool(False, help="Whether each board is painted at the size it is shown.").tag(sync=True)
    scale = traitlets.Int(SCALE, help="How many buffer units make one board unit.").tag(sync=True)
    board_width = traitlets.Int(BOARD_WIDTH, help="A board's width in board units.").tag(sync=True)
    board_height = traitlets.Int(BOARD_HEIGHT, help="A board's height in board units.").tag(sync=True)
    paper = traitlets.Unicode(PAPER_COLOR, help="The paper's colour.").tag(sync=True)
    border = traitlets.Unicode(BORDER_COLOR, help="The border's colour.").tag(sync=True)

    def __init__(self, game: Game, *, lang: Language | None = None, fit: bool = False, early: bool = False,
                 **kwargs) -> None:
        self._game = game
        self.lang = lang or language()
        self.early = early
        self._drawings: list[Drawing] = []
        kwargs.setdefault("layout", shared.layout(grid_template_columns=GRID_COLUMNS))
        super().__init__(fit=fit, _dom_classes=("inc-gallery",), **self._tiles(), **kwargs)

    def drawing_of(self, seat: int) -> Drawing:
        """Returns the drawing the tile of the player in seat ``seat`` (from 1) shows."""
        return self._drawings[seat - 1]

    def refresh(self, game: Game | None = None) -> None:
        """Shows the boards and locations as ``game`` (else the game it shows) has them now
        (one message, of what changed; none when nothing did)."""
        if game is not None:
            self._game = game
        with self.hold_sync():
            for name, value in self._tiles().items():
                setattr(self, name, value)

    def set_state(self, sync_data: dict) -> None:
        """Ignores the browser: what the gallery shows is the game's to say."""

    def _tiles(self) -> dict[str, list]:
        """Returns the tiles as the public view has them, in seating order: each drawing
        (blank unless the view shows it: the game's own ``Drawing``, not rebuilt from the
        view's lists) packed, each caption (HTML) and each drawing's accessible name.  An
        ``early`` gallery also holds, in the hide phase, the drawings of the players who are
        done (the teacher's projected page paints them ahead, unseen: :class:`FindLayout`)."""
        view = self._game.player_view(None, drawings=False)
        early = set(self._game.done) if self.early and self._game.phase is Phase.HIDE else set()
        self._drawings, boards, captions, names = [], [], [], []
        for seat, player in enumerate(view["players"], start=1):
            location = view["locations"].get(player)
            shown = player in view["drawings"] or player in early
            drawing = self._game.drawing(player) if shown else Drawing()
            self._drawings.append(drawing)
            boards.append(pack_strokes(drawing.strokes))
            captions.append(tile_label(player, seat, location, self.lang, view["deck"]["language"]))
            names.append(drawing_name(player, location, self.lang))
        return {"boards": boards, "captions": captions, "names": names}


class FindLayout(widgets.HBox):
    """The find screen's frame, on every page: the gallery on the left; the line-up, and
    below it whatever the page shows there (a curtain, the cards to place), on the right.
    ``fit``: the gallery's boards are painted at the size they are shown (:class:`Gallery`).

    ``ahead``: the frame is built before the find phase, unseen (its layout's ``visibility``
    hidden, and ``inc-find-ahead`` lays it over the stage at the size it will have), with no
    line-up and, on its gallery, the boards of the players who are done (``early``): the
    teacher's projected page builds it at the start of the hide phase and paints each board
    as its student finishes (:meth:`paint_ahead`); at the find phase it is filled and
    unveiled (:meth:`fill`, :meth:`unveil`) with no board painted but those that changed
    since, at the moment the class waits for it (issue 16: six full boards were a
    projector's largest cost at the find screen, docs/platform-notes.md)."""

    def __init__(self, game: Game, *, lang: Language | None = None, fit: bool = False, ahead: bool = False) -> None:
        self.round = game.round
        self.lang = lang
        self.gallery = Gallery(game, lang=lang, fit=fit, early=ahead)
        self.lineup = None if ahead else LineupView(game.lineup, lang=lang, deck_language=game.deck_language)
        self.side = shared.box(widgets.VBox, [self.lineup] if self.lineup else [], "inc-find-side")
        classes = ("inc-find", "inc-find-ahead") if ahead else ("inc-find",)
        layout = widgets.Layout(visibility="hidden") if ahead else shared.layout()
        super().__init__(children=(self.gallery, self.side), _dom_classes=classes, layout=layout)

    @property
    def ahead(self) -> bool:
        """Whether the frame is still built ahead, unseen."""
        return self.lineup is None

    def paint_ahead(self, game: Game) -> None:
        """Sends the boards as they stand with the players now done in ``game`` (no message
        when none changed; the browser paints only the boards whose bytes changed)."""
        if self.ahead:
            self.gallery.refresh(game)

    def fill(self, game: Game) -> None:
        """Makes the frame built ahead the find screen of ``game``, still unseen: every board
        as the game has it (the browser paints again only those that changed) and the
        line-up.  :meth:`unveil` shows it, once the stage holds nothing else."""
        if not self.ahead:
            return
        self.gallery.refresh(game)  # out of the hide phase, the view's drawings only: every board
        self.lineup = LineupView(game.lineup, lang=self.lang, deck_language=game.deck_language)
        self.side.children = (self.lineup,)

    def unveil(self) -> None:
        """Shows the frame where it was laid out (no longer over the stage, no longer hidden)."""
        self.remove_class("inc-find-ahead")
        self.layout.visibility = None

    def show_turn(self, turn: widgets.Widget) -> None:
        """Puts ``turn`` (a curtain or a vote panel) under the line-up, closing the one before."""
        old = self.side.children[1:]
        self.side.children = [self.lineup, turn]
        for widget in old:
            close_parts(widget)
            widget.close()
