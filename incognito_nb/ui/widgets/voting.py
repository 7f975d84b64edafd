"""One player's voting cards: a card for each other player's drawing, then confirm.

Cards are secret until scoring, so a panel holds only its own voter's cards (fixed in
Python when it is built: nothing from the browser says who votes) and the dashboard
closes it when that voter steps away.  Every click goes to the engine, which decides;
a refusal is shown in the panel and changes nothing.
"""

from __future__ import annotations

from typing import Callable

import anywidget
import traitlets

from incognito_nb.engine import Game

from incognito_nb.ui.widgets.board import close_parts
from incognito_nb.ui.guard import Guard
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.gallery import tile_label
from incognito_nb.ui.widgets.shared import front_end
from incognito_nb.ui.widgets.text import deck_word, player_badge
from incognito_nb.ui.sheets import read_sheet

CSS = read_sheet(__file__, "voting.css")

Callback = Callable[[], None]


def drawing_title(badge: str, location: str | None, lang: Language, deck_language: str = "") -> str:
    """Returns the title of a player's drawing (HTML): "Ana’s drawing — in: park" (``badge``
    is the artist's badge, already HTML; the location, a word of the deck in ``deck_language``,
    is escaped here)."""
    if location:
        return lang._("{artist}’s drawing — in: {location}", artist=badge,
                      location=deck_word(location, deck_language, lang.code))
    return lang._("{artist}’s drawing", artist=badge)


def row_title(artist: str, seat: int, location: str | None, lang: Language, deck_language: str = "") -> str:
    """Returns the title of a card row (HTML) in two forms, one shown at a time by the page's
    sheets: the drawing's title ("Ana’s drawing — in: park"), and on the projector the caption
    under the drawing's tile (the artist's badge, then "in: park"). In a projected row, beside
    seven cards, the title was cut before the name ("Zeichnung von …" on every row, in
    German, at 1280x720), so that no row said whose drawing it was for. Where the caption
    shows, a screen reader still hears the title (and not the caption)."""
    badge = player_badge(artist, seat)
    return (f'<span class="inc-vote-caption" aria-hidden="true">{tile_label(artist, seat, location, lang, deck_language)}'
            f'</span><span class="inc-vote-title inc-aria-projected">{drawing_title(badge, location, lang, deck_language)}'
            '</span>')


class VotePanel(anywidget.AnyWidget):
    """The voting cards of ``voter``: a row of tokens per other player's drawing.

    One widget, drawn by the browser (``voting.js``) from its state: a find screen's cards
    were 36 buttons, each with a layout and a style (over 150 models, so as many messages
    at every phase change); they are now one model, changed in one message per move.  A
    press arrives as ``{"press": "card", "seat": s, "number": n}`` or ``{"press":
    "confirm"}``; it is checked here (a seat at the table, a token on the line-up) and then
    by the engine, whatever the browser shows or sends.
    """

    _esm = front_end(__file__, "voting.js")
    #: The panel's CSS classes, in its first message.
    CLASSES: tuple[str, ...] = ("inc-votes",)
    heading = traitlets.Unicode("", help="The panel's heading (markup built here).").tag(sync=True)
    rows = traitlets.List(traitlets.Dict(), help=(
        "A row per other player's drawing: its artist's seat, its title (markup built here) and its "
        "cards: number (null: no card), label, tip, selected, disabled.")).tag(sync=True)
    summary = traitlets.Unicode("", help="How many cards are placed (plain text).").tag(sync=True)
    reminder = traitlets.Unicode("", help="What a drawing without a card counts as (plain text).").tag(sync=True)
    error = traitlets.Unicode("", help="Why the last press was refused (plain text; '' if it was not).").tag(sync=True)
    confirm_label = traitlets.Unicode("", help="The confirm button's words.").tag(sync=True)
    confirm_disabled = traitlets.Bool(False, help="Whether the cards can no longer be confirmed.").tag(sync=True)

    def __init__(
        self,
        game: Game,
        voter: str,
        *,
        on_change: Callback | None = None,
        on_confirm: Callback | None = None,
        lang: Language | None = None,
        **kwargs,
    ) -> None:
        game.seat(voter)  # refuses a voter who is not at the table
        self.lang = lang = lang or language()
        self._game, self._voter = game, voter
        self._on_change, self._on_confirm = on_change, on_confirm
        self._artists = tuple(p for p in game.players if p != voter)
        kwargs.setdefault("layout", shared.layout())
        super().__init__(_dom_classes=self.CLASSES, **self._state(), **kwargs)
        self.on_msg(self._pressed)

    @property
    def voter(self) -> str:
        """Returns the player whose cards this panel places."""
        return self._voter

    def cards_for(self, artist: str) -> dict[int | None, dict]:
        """Returns the cards in front of ``artist``'s drawing as the browser draws them
        (``None`` is "no card"): each a dict of ``label``, ``tip``, ``selected``, ``disabled``.

        :raises KeyError: if ``artist`` has no drawing in this panel (the voter's own).
        """
        seat = self._game.seat(artist) if artist in self._artists else None
        for row in self.rows:
            if row["seat"] == seat:
                return {card["number"]: card for card in row["cards"]}
        raise KeyError(artist)

    def press(self, artist: str, number: int | None) -> None:
        """Does what the browser's press of card ``number`` in front of ``artist``'s drawing does."""
        self._pressed(self, {"press": "card", "seat": self._game.seat(artist), "number": number}, [])

    def press_confirm(self) -> None:
        """Does what the browser's press of the confirm button does."""
        self._pressed(self, {"press": "confirm"}, [])

    def render(self) -> None:
        """Shows the voter's cards as the game has them now (one message, if anything changed)."""
        with self.hold_sync():
            for name, value in self._state().items():
                if getattr(self, name) != value:
                    setattr(self, name, value)

    def _state(self) -> dict:
        lang = self.lang
        view = self._game.player_view(self._voter, drawings=False)
        cards: dict[str, int] = view["my_votes"]
        open_ = view["phase"] == "find" and self._voter not in view["confirmed"]
        size = self._game.rules.lineup_size
        rows = []
        for artist in self._artists:
            seat = self._game.seat(artist)
            used = {n for other, n in cards.items() if other != artist}
            row = []
            for number in [*range(1, size + 1), None]:
                taken = number is not None and view["rules"]["distinct_votes"] and number in used
                row.append({"number": number, "label": str(number) if number is not None else lang._("no card"),
                            "tip": self._tooltip(artist, number, taken), "selected": cards.get(artist) == number,
                            "disabled": not open_ or taken})
            rows.append({"seat": seat, "title": row_title(artist, seat, view["locations"].get(artist), lang,
                                                          view["deck"]["language"]),
                         "cards": row})
        placed = sum(1 for artist in self._artists if artist in cards)
        summary = lang.ngettext("You placed {placed} of {n} card.", "You placed {placed} of {n} cards.",
                                len(self._artists), placed=placed)
        if self._voter in view["confirmed"]:
            summary += " " + lang._("Confirmed.")
        heading = lang._("{voter} — your cards: which token is hidden in each drawing?",
                         voter=player_badge(self._voter, self._game.seat(self._voter)))
        return {"heading": heading, "rows": rows, "summary": summary,
                "reminder": lang._("A drawing without a card counts as not found."),
                "error": getattr(self, "_error_text", ""), "confirm_label": lang._("Confirm my cards"),
                "confirm_disabled": not open_}

    def close(self) -> None:
        """Closes the panel, so its cards leave the widget state."""
        close_parts(self)
        super().close()

    def set_state(self, sync_data: dict) -> None:
        """Ignores the browser: the cards shown are the game's, and a press is a message."""

    # ------------------------------------------------------------ actions
    def _pressed(self, _widget, content, _buffers) -> None:
        """Takes a press from the browser: checks what it names, then plays it."""
        if not isinstance(content, dict):
            return
        if content.get("press") == "confirm":
            self._confirm()
            return
        seat, number = content.get("seat"), content.get("number")
        size = self._game.rules.lineup_size
        if content.get("press") != "card" or "number" not in content or type(seat) is not int or not (
                number is None or (type(number) is int and 1 <= number <= size)):
            return  # not something this panel's page sends
        artist = next((p for p in self._artists if self._game.seat(p) == seat), None)
        if artist is not None:
            self._place(artist, number)

    def _tooltip(self, artist: str, number: int | None, taken: bool) -> str:
        if number is None:
            return self.lang._("Take your card back from {artist}'s drawing", artist=artist)
        if taken:
            return self.lang._("Card {number} already lies on another drawing", number=number)
        return self.lang._("Place card {number} on {artist}'s drawing", number=number, artist=artist)

    def _place(self, artist: str, number: int | None) -> None:
        """Places (or, for ``None``, takes back) a card, then tells the caller."""
        if self._act(lambda: self._game.cast_vote(self._voter, artist, number)) and self._on_change:
            self._on_change()

    def _confirm(self) -> None:
        """Confirms the voter's cards, then tells the caller."""
        if self._act(lambda: self._game.confirm_votes(self._voter)) and self._on_confirm:
            self._on_confirm()

    def _act(self, action: Callable[[], None]) -> bool:
        """Runs an engine action; shows its refusal instead of raising. Returns if it succeeded."""
        ok, _ = Guard(self._show_error, lang=self.lang, clear=lambda: self._show_error("")).run(action)
        self.render()
        return ok

    def _show_error(self, text: str) -> None:
        self._error_text = text
