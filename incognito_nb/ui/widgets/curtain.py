"""The privacy curtain of hot-seat play, and the secret card behind it.

On one shared screen, a secret can only be shown while everyone else looks away.  The
curtain names whose turn it is and holds nothing secret; the card behind it shows one
player's object and is closed (its widgets destroyed, so the word leaves every widget's
state) as soon as that player is done.
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets

from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.text import markup, plain_text, player_badge, safe, words_lang
from incognito_nb.ui.sheets import read_sheet

CSS = read_sheet(__file__, "curtain.css")


class Curtain(widgets.VBox):
    """The screen between two players' turns: "Pass the screen to Ana — everyone else look away"."""

    def __init__(self, player: str, seat: int, *, task: str, button: str, on_open: Callable[[], None],
                 lang: Language | None = None) -> None:
        self.player = player
        lang = lang or language()
        call = markup(
            lang._("Pass the screen to {player} — everyone else look away.", player=player_badge(player, seat)),
            "inc-curtain-call",
        )
        #: What the page's live region says when the curtain comes up (plain text).
        self.said = plain_text(call.value)
        hint = markup(safe(task), "inc-curtain-hint")
        # Sized to its label, which holds a name of up to 24 characters: a fixed width would cut it.
        self.show_button = widgets.Button(
            description=button, button_style="primary", icon="eye", tooltip=button,
            layout=widgets.Layout(width="auto"),
        )
        self.show_button.add_class("inc-show-card")
        self.show_button.on_click(lambda _: on_open())
        super().__init__([call, hint, self.show_button])
        self.add_class("inc-curtain")


def secret_card_header(obj: str, location: str, lang: Language | None = None, deck_language: str = "") -> widgets.VBox:
    """Returns the head of a player's card: the secret object and the public location (words
    of the deck, in ``deck_language``, marked as such when it is not the page's)."""
    lang = lang or language()
    secret_label, place_label = lang._("Your secret object:"), lang._("Hide it in:")
    words = words_lang(deck_language, lang.code)
    secret = markup(f"{safe(secret_label)} <br><b{words}>{safe(obj)}</b>", "inc-secret")
    place = markup(f"{safe(place_label)} <br><b{words}>{safe(location)}</b>", "inc-location")
    head = widgets.VBox([secret, place])
    head.add_class("inc-card-head")
    return head
