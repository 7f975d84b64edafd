"""Every player's drawing side by side, as the whole table sees them while finding.

The gallery is the projector's view of the boards: it reads ``game.player_view(None)``,
which holds the drawings and the public locations from the find phase on and nothing
secret, so it is safe on any screen.
"""

from __future__ import annotations

import ipywidgets as widgets

from incognito_nb.engine import Drawing, Game

from incognito_nb.ui.widgets.board import DrawingView, close_parts
from incognito_nb.ui.widgets.lineup import LineupView
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.text import markup, player_badge, safe
from incognito_nb.ui.sheets import read_sheet

CSS = read_sheet(__file__, "gallery.css")

#: Tiles at least 240 px wide, at most three to a row: 4 x 30 % never fits, 3 x 30 % does.
GRID_COLUMNS = "repeat(auto-fill, minmax(max(240px, 30%), 1fr))"


def tile_label(name: str, seat: int, location: str | None, lang: Language) -> str:
    """Returns the HTML caption of a tile: the artist's badge and where the object hides."""
    if not location:
        return player_badge(name, seat)
    where = lang._("in: {location}", location=safe(location))
    return f'{player_badge(name, seat)} <span class="inc-drawing-location">{where}</span>'


def drawing_name(name: str, location: str | None, lang: Language) -> str:
    """Returns a drawing's accessible name: "Ana's drawing, hidden in: treehouse" (plain
    text; the location only, never the object: the gallery shows before the reveal)."""
    if not location:
        return lang._("{artist}'s drawing", artist=name)
    return lang._("{artist}'s drawing, hidden in: {location}", artist=name, location=location)


class Gallery(widgets.GridBox):
    """One tile per player, in seating order: the drawing, the artist and the location.

    ``fit``: the browser paints each board at the size it is shown (the projector's six
    boards at a third of the screen, not six canvases of 800 x 600)."""

    def __init__(self, game: Game, *, lang: Language | None = None, fit: bool = False, **kwargs) -> None:
        self._game = game
        self.lang = lang or language()
        self._views: list[DrawingView] = []
        self._labels: list[widgets.HTML] = []
        tiles = []
        for seat, (drawing, caption, name) in enumerate(self._tiles(), start=1):
            # Each part whole in its first message: the screen is one message per widget.
            board = DrawingView(drawing, label=name, fit=fit)
            label = markup(caption, "inc-drawing-label")
            self._views.append(board)
            self._labels.append(label)
            tiles.append(shared.box(widgets.VBox, [board, label], "inc-drawing", f"inc-drawing-for-{seat}"))
        kwargs.setdefault("layout", shared.layout(grid_template_columns=GRID_COLUMNS))
        super().__init__(children=tuple(tiles), _dom_classes=("inc-gallery",), **kwargs)

    def view_of(self, seat: int) -> DrawingView:
        """Returns the board of the player in seat ``seat`` (from 1)."""
        return self._views[seat - 1]

    def refresh(self) -> None:
        """Shows the boards and locations as the game has them now."""
        for board, label, (drawing, caption, name) in zip(self._views, self._labels, self._tiles()):
            if board.drawing != drawing:
                board.show(drawing)
            label.value = caption
            board.label = name

    def _tiles(self) -> list[tuple[Drawing, str, str]]:
        """Returns each tile as the public view has it, in seating order: the drawing (blank
        unless the view shows it: the game's own ``Drawing``, not rebuilt from the view's
        lists), the caption (HTML) and the drawing's accessible name."""
        view = self._game.player_view(None, drawings=False)
        tiles = []
        for seat, player in enumerate(view["players"], start=1):
            location = view["locations"].get(player)
            drawing = self._game.drawing(player) if player in view["drawings"] else Drawing()
            tiles.append((drawing, tile_label(player, seat, location, self.lang),
                          drawing_name(player, location, self.lang)))
        return tiles

    def close(self) -> None:
        """Closes the gallery and every tile in it."""
        close_parts(self)
        super().close()


class FindLayout(widgets.HBox):
    """The find screen's frame, on every page: the gallery on the left; the line-up, and
    below it whatever the page shows there (a curtain, the cards to place), on the right.
    ``fit``: the gallery's boards are painted at the size they are shown (:class:`Gallery`)."""

    def __init__(self, game: Game, *, lang: Language | None = None, fit: bool = False) -> None:
        self.round = game.round
        self.gallery = Gallery(game, lang=lang, fit=fit)
        self.lineup = LineupView(game.lineup, lang=lang)
        self.side = shared.box(widgets.VBox, [self.lineup], "inc-find-side")
        super().__init__(children=(self.gallery, self.side), _dom_classes=("inc-find",), layout=shared.layout())

    def show_turn(self, turn: widgets.Widget) -> None:
        """Puts ``turn`` (a curtain or a vote panel) under the line-up, closing the one before."""
        old = self.side.children[1:]
        self.side.children = [self.lineup, turn]
        for widget in old:
            close_parts(widget)
            widget.close()
