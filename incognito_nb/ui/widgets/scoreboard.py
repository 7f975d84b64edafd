"""The points on the table: a running scoreboard between rounds and the podium at the end.

Both read the engine's tallies (``game.scores``, ``game.round_points``, ``game.winners``)
and add nothing up themselves, so what the class sees is exactly what the rules scored.
"""

from __future__ import annotations

import ipywidgets as widgets

from incognito_nb.engine import Game, Phase

from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.board import close_parts
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.text import markup, player_badge, safe
from incognito_nb.ui.sheets import read_sheet

CSS = read_sheet(__file__, "scoreboard.css")

NOT_YET = "–"


def round_width(label: str) -> str:
    """Returns the width of a round's column headed ``label`` ("R1", in plain text) that is
    not the round being played: its heading's bold letters, or one digit (a round gives 7
    points at most), never wider than a column that says "this round"."""
    return f"min(var(--inc-score-round, 3.5em), {0.7 * len(label) + 0.5:.1f}em)"


def cells(parts: list[str], columns: int, now: int | None = None, *, you: bool = False,
          header: bool = False, widths: list[str] | None = None) -> str:
    """Returns one scoreboard line: a name cell, then ``columns`` number cells, on one grid;
    the number cell at index ``now`` (the round being played) is marked, and the line is
    ``aria-current`` when it is the viewer's own (``you``).  For a screen reader the line
    is a table's row (the scoreboard is the table: page_aria.js): the ``header`` line's
    cells head the columns, another line is headed by its name.  ``widths``: each round's
    column (every line of a scoreboard the same), else each as wide as one that says
    "this round"."""
    # The numbers' columns have fixed widths, which keep each line's grid (one a line) in
    # columns, and the name's takes the rest: with a share of it (2fr to the numbers' 1fr) a
    # long name wrapped on a 4:3 projector beside numbers' columns five times too wide.  The
    # total's column a little wider: on a 390-px phone "gesamt" fell to "gesam|t" in 3.5 em.
    # A phone's are smaller (scoreboard.css), or the total ran off a 360-px screen.
    rounds = " ".join(widths) if widths else f"repeat({columns - 1}, var(--inc-score-round, 3.5em))"
    template = f"minmax(var(--inc-score-name, 8em), 1fr) {rounds} var(--inc-score-total, 4.5em)"
    name, *numbers, total = parts
    cell, head = ("columnheader", "columnheader") if header else ("cell", "rowheader")
    spans = [f'<span class="inc-score-number{" inc-score-now" if i == now else ""}" role="{cell}">{n}</span>'
             for i, n in enumerate(numbers)]
    spans.append(f'<span class="inc-score-number inc-score-total" role="{cell}">{total}</span>')
    # Spaces between the cells: the grid ignores them, a screen reader or a copy needs them.
    current = ' aria-current="true"' if you else ""
    return (f'<div class="inc-score-cells" role="row" style="grid-template-columns:{template}"{current}>'
            f'<span role="{head}">{name}</span> {" ".join(spans)}</div>')


class Scoreboard(widgets.VBox):
    """Every player's points per round (the round being played marked) and in total, in
    seating order; on a player's own page (``you``: their name) their row stands out."""

    def __init__(self, game: Game, *, lang: Language | None = None, you: str | None = None, **kwargs) -> None:
        self._game = game
        self.lang = lang or language()
        self._you = you
        # Each line whole in its first message: the scoreboard is a Next's screen on every page.
        header, rows = self._lines()
        self._header = markup(header, "inc-score-header")
        self._rows = [markup(row, "inc-score-row", f"inc-score-row-{seat}",
                             *(("inc-score-you",) if player == you else ()))
                      for seat, (player, row) in enumerate(zip(game.players, rows), start=1)]
        kwargs.setdefault("layout", shared.layout())
        super().__init__(children=(self._header, *self._rows), _dom_classes=("inc-scoreboard",), **kwargs)

    def refresh(self) -> None:
        """Shows the points as the game has scored them now."""
        header, rows = self._lines()
        self._header.value = header
        for line, row in zip(self._rows, rows):
            line.value = row

    def _lines(self) -> tuple[str, list[str]]:
        """Returns the header and each player's row (HTML), in seating order.  The round
        being played is its own column, marked "this round" (until the game is over); it
        is not repeated in a column of its own, so a row's rounds add up to its total."""
        game, lang = self._game, self.lang
        rounds = range(1, game.rules.rounds + 1)
        scored = {record.number: game.round_points(record.number) for record in game.history}
        now = None if game.phase is Phase.OVER or game.round not in rounds else game.round - 1
        columns = len(rounds) + 1
        labels = [safe(lang.pgettext("scoreboard: round N", "R{round}", round=r)) for r in rounds]
        # Only the round being played needs room for its "this round": the others hold a digit
        # under "R1". At 3.5 em each, three rounds' columns left a long name ("Christoph
        # Wojciechowski") two lines in the game over's scoreboard, projected at 720p and 1080p.
        widths = [round_width(lang.pgettext("scoreboard: round N", "R{round}", round=r)) for r in rounds]
        if now is not None:
            widths[now] = "var(--inc-score-round, 3.5em)"
            this_round = safe(lang.pgettext("scoreboard", "this round"))
            labels[now] += f' <span class="inc-score-now-label">{this_round}</span>'
        header = cells([safe(lang.pgettext("scoreboard", "Player")), *labels,
                        safe(lang.pgettext("scoreboard", "total"))], columns, now, header=True, widths=widths)
        totals = game.scores
        rows = []
        for seat, player in enumerate(game.players, start=1):
            per_round = [lang.number(scored[r][player]) if r in scored else NOT_YET for r in rounds]
            rows.append(cells([player_badge(player, seat), *per_round, lang.number(totals[player])], columns, now,
                              you=player == self._you, widths=widths))
        return header, rows

    def close(self) -> None:
        """Closes the scoreboard and all its rows."""
        close_parts(self)
        super().close()


def winners_text(winners: tuple[str, ...], lang: Language) -> str:
    """Returns the winners said in words, as HTML: "Ana wins!" or "Ana and Ben share the victory!"."""
    if not winners:
        return safe(lang._("The game is not over yet."))
    names = lang.names([safe(w) for w in winners])
    if len(winners) == 1:
        return lang._("{names} wins!", names=names)
    return lang._("{names} share the victory!", names=names)


class Podium(widgets.VBox):
    """The end of the game: who won, in words, then everyone's place and total."""

    def __init__(self, game: Game, *, lang: Language | None = None, **kwargs) -> None:
        self.lang = lang = lang or language()
        totals = game.scores
        ranking = sorted(game.players, key=lambda p: -totals[p])  # stable: ties keep seating order
        rows = []
        for player in ranking:
            place = 1 + sum(1 for other in game.players if totals[other] > totals[player])
            points = lang.ngettext("{n} point", "{n} points", totals[player])
            rows.append(markup(
                f'<span class="inc-together"><b>{safe(lang.place(place))}</b> '
                f'{player_badge(player, game.seat(player))}</span> <span class="inc-together">{safe(points)}</span>',
                "inc-podium-row", f"inc-place-{place}",
            ))
        self.winners = markup(winners_text(game.winners, lang), "inc-winners")
        kwargs.setdefault("layout", shared.layout())
        super().__init__(children=(self.winners, *rows), _dom_classes=("inc-podium",), **kwargs)

    def close(self) -> None:
        """Closes the podium and all its lines."""
        close_parts(self)
        super().close()


class GameOver(widgets.HBox):
    """The last screen of a game, on every page: the podium beside the scoreboard, with what
    the page adds (downloads, a new game) under the scoreboard, so that it fits one screen."""

    def __init__(self, game: Game, extras: list[widgets.Widget] = (), *, lang: Language | None = None,
                 under_podium: list[widgets.Widget] = (), you: str | None = None) -> None:
        self.podium, self.scoreboard = Podium(game, lang=lang), Scoreboard(game, lang=lang, you=you)
        side = widgets.VBox([self.scoreboard, *extras])
        side.add_class("inc-over-side")
        main: widgets.Widget = self.podium
        if under_podium:  # the classroom's projected chart: in the podium's column, which has room
            main = widgets.VBox([self.podium, *under_podium])
            main.add_class("inc-over-main")
        super().__init__([main, side])
        self.add_class("inc-over")

    def close(self) -> None:
        """Closes the podium, the scoreboard and the extras."""
        close_parts(self)
        super().close()
