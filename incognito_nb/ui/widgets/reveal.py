"""The score phase told drawing by drawing: the drawing again, the answer, the cards, the points.

Scoring is the moment the table learns what it got right, so each drawing gets its own
reveal, built from the round's :class:`~incognito_nb.engine.RoundRecord` (all of it public
once the round is scored).  The points shown are worked out per drawing and add up to
the record's points over all drawings.
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets

from incognito_nb.engine import RoundRecord
from incognito_nb.engine.reveal import drawing_points

from incognito_nb.ui.widgets.board import DrawingView, close_parts
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.lineup import LineupView
from incognito_nb.ui.widgets.palette import text_color_on
from incognito_nb.ui.widgets.text import markup, player_badge, player_color, safe
from incognito_nb.ui.widgets.voting import drawing_title
from incognito_nb.ui.sheets import read_sheet

CSS = read_sheet(__file__, "reveal.css")


def vote_chip(voter: str, seat: int, card: int | None, right: bool, lang: Language) -> str:
    """Returns a voter's card as a chip in their colour, saying name, number and ✔/✘ in words too."""
    color = player_color(seat)
    kind = "right" if right else ("none" if card is None else "wrong")
    what = lang._("no card") if card is None else lang._("card {number}", number=card)
    mark = "✔" if right else "✘"
    return (
        f'<span class="inc-vote-chip inc-vote-chip-{kind}" '
        f'style="background:{color};color:{text_color_on(color)}">'
        f"{safe(voter)}: {what} {mark}</span>"
    )


class Reveal(widgets.VBox):
    """One drawing's reveal: replayed drawing, answer on the line-up, every card, the points."""

    def __init__(
        self,
        record: RoundRecord,
        artist: str,
        *,
        seat_of: Callable[[str], int],
        replay_seconds: float = 3.0,
        lang: Language | None = None,
        **kwargs,
    ) -> None:
        self._record, self._artist = record, artist
        self.lang = lang = lang or language()
        token = record.token_of(artist)
        location = record.locations.get(artist)
        # Named with its object: the reveal is where the object stops being a secret.
        self.board = DrawingView(label=(
            lang._("{artist}'s drawing of {object}, hidden in: {location}", artist=artist,
                   object=record.objects[artist], location=location) if location else
            lang._("{artist}'s drawing of {object}", artist=artist, object=record.objects[artist])))
        self.lineup = LineupView(record.lineup, lang=lang)
        self.lineup.highlight(token)
        others = [p for p in record.players if p != artist]
        chips = " ".join(
            vote_chip(voter, seat_of(voter), card, card == token, lang)
            for voter in others
            for card in [record.votes.get(voter, {}).get(artist)]
        )
        finders = record.found_by(artist)
        found = (lang._("Found by {names}", names=lang.names([safe(f) for f in finders])) if finders
                 else safe(lang._("Found by no one")))
        self.board.add_class("inc-reveal-board")
        facts = widgets.VBox([
            self.lineup,
            markup(lang._("The hidden object was: {object} (token {token})",
                          object=f"<b>{safe(record.objects[artist])}</b>", token=token), "inc-reveal-answer"),
            markup(chips, "inc-reveal-cards"),
            markup(found, "inc-reveal-found"),
            markup(self._points_text(finders, len(others)), "inc-reveal-points"),
        ])
        facts.add_class("inc-reveal-facts")
        # The drawing beside the answer, so a projector shows both without scrolling.
        body = widgets.HBox([self.board, facts])
        body.add_class("inc-reveal-body")
        badge = player_badge(artist, seat_of(artist))
        title = drawing_title(badge, location, lang)
        super().__init__(
            [markup(title, "inc-reveal-artist"), body],
            **kwargs,
        )
        self.add_class("inc-reveal")
        self.replay(replay_seconds)

    @property
    def points(self) -> dict[str, int]:
        """Returns the points this drawing gave, per player who scored with it."""
        return drawing_points(self._record, self._artist)

    def replay(self, seconds: float = 3.0) -> None:
        """Draws the artist's drawing again, stroke by stroke, over about ``seconds``."""
        self.board.replay(self._record.drawings[self._artist], seconds)

    def close(self) -> None:
        """Closes the reveal and everything in it, stopping the replay."""
        close_parts(self)
        super().close()

    def _points_text(self, finders: tuple[str, ...], others: int) -> str:
        """Returns the points line, e.g. "+1 Ana, +1 Ben; Cleo (artist) +2".

        It says each thing once: that nobody found the drawing is the line above's
        ("Found by no one"), so here the artist's +0 stands alone; that everybody found
        it is said only here (the line above names them), as the reason for the +0.
        """
        points = self.points
        lang = self.lang
        artist = lang._("{artist} (artist) +{points}", artist=safe(self._artist), points=points.get(self._artist, 0))
        if not finders:
            return artist
        if len(finders) == others:
            artist += safe(lang._(": found by everyone"))
        gained = ", ".join(f"+{lang.number(points[f])} {safe(f)}" for f in finders)
        return f"{gained}; {artist}"
