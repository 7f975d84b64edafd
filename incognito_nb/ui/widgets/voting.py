"""One player's voting cards: a card for each other player's drawing, then confirm.

Cards are secret until scoring, so a panel holds only its own voter's cards (fixed in
Python when it is built: nothing from the browser says who votes) and the dashboard
closes it when that voter steps away.  Every click goes to the engine, which decides;
a refusal is shown in the panel and changes nothing.
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets

from incognito_nb.engine import Game

from incognito_nb.ui.widgets.board import close_parts
from incognito_nb.ui.guard import Guard
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.text import markup, player_badge, safe
from incognito_nb.ui.sheets import read_sheet

CSS = read_sheet(__file__, "voting.css")

Callback = Callable[[], None]


def drawing_title(badge: str, location: str | None, lang: Language) -> str:
    """Returns the title of a player's drawing (HTML): "Ana’s drawing — in: park" (``badge``
    is the artist's badge, already HTML; the location is escaped here)."""
    if location:
        return lang._("{artist}’s drawing — in: {location}", artist=badge, location=safe(location))
    return lang._("{artist}’s drawing", artist=badge)


class VotePanel(widgets.VBox):
    """The voting cards of ``voter``: a row of tokens per other player's drawing."""

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
        size = game.rules.lineup_size
        self._artists = tuple(p for p in game.players if p != voter)
        self._buttons: dict[str, list[widgets.Button]] = {}
        self._labels: dict[str, widgets.HTML] = {}
        rows: list[widgets.Widget] = [
            markup(lang._("{voter} — your cards: which token is hidden in each drawing?",
                          voter=player_badge(voter, game.seat(voter))), "inc-vote-heading")
        ]
        for artist in self._artists:
            seat = game.seat(artist)
            buttons = [self._card_button(str(n), artist, n, "inc-card", f"inc-card-{n}") for n in range(1, size + 1)]
            buttons.append(self._card_button(lang._("no card"), artist, None, "inc-card-none"))
            control = widgets.HBox(buttons)
            control.add_class("inc-vote")
            control.add_class(f"inc-vote-for-{seat}")
            self._buttons[artist] = buttons
            self._labels[artist] = markup("", "inc-vote-label")
            # The drawing's label, then its cards: one line each on a laptop, one line for
            # both on a projector, so that five drawings' cards fit under the line-up.
            row = widgets.HBox([self._labels[artist], control])
            row.add_class("inc-vote-row")
            rows.append(row)
        self._summary = markup("", "inc-vote-summary")
        self._reminder = markup(safe(lang._("A drawing without a card counts as not found.")), "inc-vote-reminder")
        self._error = markup("", "inc-vote-error")
        self.confirm_button = widgets.Button(description=lang._("Confirm my cards"), icon="check",
                                             button_style="success")
        self.confirm_button.add_class("inc-confirm-votes")
        self.confirm_button.on_click(lambda _: self._confirm())
        super().__init__(rows + [self._summary, self._reminder, self._error, self.confirm_button], **kwargs)
        self.add_class("inc-votes")
        self._show_error("")
        self.render()

    @property
    def voter(self) -> str:
        """Returns the player whose cards this panel places."""
        return self._voter

    @property
    def error(self) -> str:
        """Returns the message of the last refused action, as plain text ('' if none)."""
        return self._error_text

    def buttons_for(self, artist: str) -> dict[int | None, widgets.Button]:
        """Returns the card buttons in front of ``artist``'s drawing: ``None`` is "no card"."""
        *numbered, no_card = self._buttons[artist]
        return {**{n: b for n, b in enumerate(numbered, start=1)}, None: no_card}

    def render(self) -> None:
        """Shows the voter's cards as the game has them now."""
        view = self._game.player_view(self._voter)
        cards: dict[str, int] = view["my_votes"]
        open_ = view["phase"] == "find" and self._voter not in view["confirmed"]
        for artist in self._artists:
            location = view["locations"].get(artist)
            badge = player_badge(artist, self._game.seat(artist))
            self._labels[artist].value = drawing_title(badge, location, self.lang)
            used = {n for other, n in cards.items() if other != artist}
            for number, button in self.buttons_for(artist).items():
                selected = cards.get(artist) == number
                button.button_style = "primary" if selected else ""
                (button.add_class if selected else button.remove_class)("inc-card-selected")
                taken = number is not None and view["rules"]["distinct_votes"] and number in used
                button.disabled = not open_ or taken
                button.tooltip = self._tooltip(artist, number, taken)
        placed = sum(1 for artist in self._artists if artist in cards)
        summary = self.lang.ngettext("You placed {placed} of {n} card.", "You placed {placed} of {n} cards.",
                                     len(self._artists), placed=placed)
        if self._voter in view["confirmed"]:
            summary += " " + self.lang._("Confirmed.")
        self._summary.value = safe(summary)
        self.confirm_button.disabled = not open_

    def close(self) -> None:
        """Closes the panel and every widget in it, so its cards leave the widget state."""
        close_parts(self)
        super().close()

    # ------------------------------------------------------------ actions
    def _card_button(self, label: str, artist: str, number: int | None, *classes: str) -> widgets.Button:
        button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
        for name in classes:
            button.add_class(name)
        button.on_click(lambda _: self._place(artist, number))
        return button

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
        self._error.value = safe(text) if text else ""
        self._error.layout.display = "" if text else "none"
