"""The score phase told drawing by drawing: the drawing again, the answer, the cards, the points.

Scoring is the moment the table learns what it got right, so each drawing gets its own
reveal, built from the round's :class:`~incognito_nb.engine.RoundRecord` (all of it public
once the round is scored).  The points shown are worked out per drawing and add up to
the record's points over all drawings.
"""

from __future__ import annotations

import html
import re

from typing import Callable, Sequence

import ipywidgets as widgets

from incognito_nb.engine import RoundRecord
from incognito_nb.engine.reveal import drawing_points

from incognito_nb.ui.widgets.board import DrawingView, close_parts
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.lineup import LineupView
from incognito_nb.ui.widgets.palette import text_color_on
from incognito_nb.ui.widgets.text import deck_word, markup, player_badge, player_color, safe
from incognito_nb.ui.widgets.voting import drawing_title
from incognito_nb.ui.sheets import read_sheet

CSS = read_sheet(__file__, "reveal.css")


def vote_chip(voter: str, seat: int, card: int | None, right: bool, lang: Language, points: int = 0) -> str:
    """Returns a voter's card as a chip in their colour, saying name, number and ✔/✘ in words too
    (and, projected, the ``points`` it gained)."""
    color = player_color(seat)
    kind = "right" if right else ("none" if card is None else "wrong")
    # The language's own words and punctuation ("Léa : carte 3" in French), the mark kept beside them.
    what = (lang._("{artist}: no card", artist=safe(voter)) if card is None
            else lang._("{artist}: card {number}", artist=safe(voter), number=card))
    mark = "✔" if right else "✘"
    # Projected, the chip is short, the name and the card's number (its words for screen readers):
    # six long names' chips took a row each, and the reveal ran below a 720p screen.
    number = f'<span class="inc-chip-card">{card}</span>\u00a0' if card is not None else ""
    gained = f"\u00a0+{lang.number(points)}" if points else ""
    return (
        f'<span class="inc-vote-chip inc-vote-chip-{kind}" '
        f'style="background:{color};color:{text_color_on(color)}">'
        f'<span class="inc-chip-words inc-aria-projected">{what}\u00a0{mark}</span>'
        f'<span class="inc-chip-short" aria-hidden="true">{safe(voter)}\u00a0{number}{mark}{gained}</span></span>'
    )


def keep_last_brackets(text: str) -> str:
    """Returns ``text`` (HTML) with its closing bracketed words kept on one line: "(token 5)"
    ended one line with "(Plättchen" and began the next with "5)"."""
    start = text.rfind("(")
    if start < 0 or not text.endswith(")") or "<" in text[start:]:
        return text
    return f'{text[:start]}<span class="inc-together">{text[start:]}</span>'


class Reveal(widgets.VBox):
    """One drawing's reveal: replayed drawing, answer on the line-up, every card, the points.

    The next drawing's reveal is the same screen with other words in it: :meth:`show`
    puts ``artist``'s drawing up in place (its strokes, once, and a replay; the answer,
    the cards and the points as new values), so a Next costs each page a handful of
    updates and no new view (issue 16), whatever the drawings hold.
    """

    def __init__(
        self,
        record: RoundRecord,
        artist: str,
        *,
        seat_of: Callable[[str], int],
        replay_seconds: float = 3.0,
        lang: Language | None = None,
        deck_language: str = "",
        **kwargs,
    ) -> None:
        self._record, self._seat_of, self._artist = record, seat_of, artist
        self._deck_language = deck_language  # the words' language (a screen reader says them in it)
        self.lang = lang or language()
        # Every part whole in its first message, the board with its strokes and its replay
        # asked for: a page takes a screen's messages one by one, each a few milliseconds on
        # a busy laptop, so a part sent and then changed costs twice (docs/platform-notes.md).
        self.board = DrawingView(record.drawings[artist], label=self._label(artist), fit=True,  # painted at the size shown
                                 replay_seconds=replay_seconds, classes=("inc-reveal-board",))
        self.lineup = LineupView(record.lineup, lang=self.lang, highlight=record.token_of(artist),
                                 deck_language=deck_language)
        told = self._told(artist)
        self._lines = {part: markup(told[part], f"inc-reveal-{part}") for part in told}
        facts = shared.box(widgets.VBox, [self.lineup, *(self._lines[part] for part in ("answer", "cards", "found",
                                                                                          "points"))],
                           "inc-reveal-facts")
        # The drawing beside the answer, so a projector shows both without scrolling.
        body = shared.box(widgets.HBox, [self.board, facts], "inc-reveal-body")
        kwargs.setdefault("layout", shared.layout())
        super().__init__(children=(self._lines["artist"], body), _dom_classes=("inc-reveal",), **kwargs)

    @property
    def artist(self) -> str:
        """Returns whose drawing this reveal shows."""
        return self._artist

    @property
    def record(self) -> RoundRecord:
        """Returns the round this reveal tells."""
        return self._record

    @property
    def label(self) -> str:
        """Returns the name of the drawing shown, with its object (plain text): what its picture is called."""
        return self._label(self._artist)

    def show(self, artist: str, replay_seconds: float = 3.0) -> None:
        """Reveals ``artist``'s drawing of this round in place, replayed over ``replay_seconds``."""
        self._artist = artist
        told = self._told(artist)
        title = told.pop("artist")
        self.board.replay(self._record.drawings[artist], replay_seconds, label=self._label(artist))
        self.lineup.highlight(self._record.token_of(artist))
        for part, text in told.items():
            self._lines[part].value = text
        self._lines["artist"].value = title  # the last: once it names the artist, the rest is theirs

    def _told(self, artist: str) -> dict[str, str]:
        """Returns the HTML of each line of ``artist``'s reveal: who drew it and where, the
        answer, every other player's card, who found it and the points."""
        record, lang, seat_of = self._record, self.lang, self._seat_of
        token = record.token_of(artist)
        others = [p for p in record.players if p != artist]
        finders = record.found_by(artist)
        points = drawing_points(record, artist)
        return {
            "artist": drawing_title(player_badge(artist, seat_of(artist)), record.locations.get(artist), lang,
                                    self._deck_language),
            "answer": keep_last_brackets(lang._("The hidden object was: {object} (token {token})", token=token,
                                                object=f"<b>{deck_word(record.objects[artist], self._deck_language, lang.code)}</b>")),
            "cards": " ".join(vote_chip(voter, seat_of(voter), card, card == token, lang, points.get(voter, 0))
                              for voter in others for card in [record.votes.get(voter, {}).get(artist)]),
            "found": self._found_text(finders),
            "points": self._points_text(artist, finders, len(others), points),
        }

    def _label(self, artist: str) -> str:
        """Returns the drawing's accessible name: named with its object, since the reveal is
        where the object stops being a secret."""
        record, lang = self._record, self.lang
        location = record.locations.get(artist)
        if location:
            return lang._("{artist}'s drawing of {object}, hidden in: {location}", artist=artist,
                          object=record.objects[artist], location=location)
        return lang._("{artist}'s drawing of {object}", artist=artist, object=record.objects[artist])

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

    def _found_text(self, finders: tuple[str, ...]) -> str:
        """Returns the line of who found the drawing. Named, the finders are the points line's
        too, and the projector leaves this line out (``reveal.css``)."""
        if not finders:
            return safe(self.lang._("Found by no one"))
        named = self.lang._("Found by {names}", names=self.lang.names([safe(f) for f in finders]))
        return f'<span class="inc-found-named">{named}</span>'

    def _points_text(self, artist: str, finders: tuple[str, ...], others: int, points: dict[str, int]) -> str:
        """Returns the points line, e.g. "+1 Ana, +1 Ben; Cleo (artist) +2".

        It says each thing once: that nobody found the drawing is the line above's
        ("Found by no one"), so here the artist's +0 stands alone; that everybody found
        it is said only here (the line above names them), as the reason for the +0.
        """
        lang = self.lang
        artist = lang._("{artist} (artist) +{points}", artist=safe(artist), points=points.get(artist, 0))
        artist = re.sub(r" (\+\d+)$", "\u00a0\\1", artist)  # "+2" not alone on a line of its own
        if not finders:
            return artist
        if len(finders) == others:
            artist += safe(lang._(": found by everyone"))
        gained = ", ".join(f"+{lang.number(points[f])}\u00a0{safe(f)}" for f in finders)  # "+1" not alone at a line's end
        # Projected, each finder's points are on their chip: this part is for screen readers there.
        # The language's own separator ("\u00a0; " in French).
        between = html.escape(lang.pgettext("the points line, between the finders' points and the artist's", "; "))
        return f'<span class="inc-points-gained inc-aria-projected">{gained}{between}</span>{artist}'


def _same_round(a: RoundRecord, b: RoundRecord) -> bool:
    """Checks if two records tell the same round of the same deal (without comparing drawings)."""
    return a is b or (a.number, a.players, a.lineup, dict(a.objects), dict(a.votes)) == (
        b.number, b.players, b.lineup, dict(b.objects), dict(b.votes))


def shown_reveal(screen: Sequence[widgets.Widget], record: RoundRecord, lang: Language) -> Reveal | None:
    """Returns the reveal ``screen`` shows if it tells ``record``'s round in ``lang``: the
    next drawing goes into it (:meth:`Reveal.show`), a Next then being a few updates to views
    the browser has, not a new screen to build (issue 16)."""
    for widget in screen:
        if isinstance(widget, Reveal) and widget.lang.code == lang.code and _same_round(widget.record, record):
            return widget
    return None


def reveal_in(screen: Sequence[widgets.Widget], record: RoundRecord, artist: str, *,
              seat_of: Callable[[str], int], replay_seconds: float = 3.0, lang: Language,
              deck_language: str = "") -> Reveal:
    """Returns the reveal of ``artist``'s drawing: the one ``screen`` shows, moved on in place
    (:func:`shown_reveal`), else a new one."""
    reveal = shown_reveal(screen, record, lang)
    if reveal is None:
        return Reveal(record, artist, seat_of=seat_of, replay_seconds=replay_seconds, lang=lang,
                      deck_language=deck_language)
    if reveal.artist != artist:
        reveal.show(artist, replay_seconds)
    return reveal
