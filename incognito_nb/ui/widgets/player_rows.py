"""The players' part of the table's setup form: a row a seat, and the names' problems.

The engine judges each name (:func:`clean_name`, :func:`~incognito_nb.store.names.same_name`);
this module says which field a problem belongs to, in the page's language, while the
teacher types.
"""

from __future__ import annotations

import html
from typing import Iterable

import ipywidgets as widgets

from incognito_nb.engine import IllegalAction
from incognito_nb.engine.errors import Quoted
from incognito_nb.engine.players import clean_name
from incognito_nb.store.names import same_name
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.palette import PLAYER_COLORS, color_name, text_color_on
from incognito_nb.ui.widgets.text import player_color


def name_problems(names: Iterable[str], *, blank_too: bool, lang: Language | None = None,
                  ) -> tuple[dict[int, str], list[str]]:
    """Returns the fields (by index) whose names the engine would refuse, and why, in words.

    Duplicates ignore case, spacing and the way accents were typed, as in
    :func:`check_players`, and names that look alike count as one (a Cyrillic "А" in
    "Аna" beside "Ana": :func:`~incognito_nb.store.names.same_name`); blank names count
    only when ``blank_too``, so that a field being typed into is not flagged.
    """
    names, lang = list(names), lang or language()
    bad: dict[int, str] = {}
    messages: list[str] = []
    first_seen: dict[str, int] = {}
    for index, name in enumerate(names):
        if not name.strip() and not blank_too:
            continue
        try:
            cleaned = clean_name(name)
        except IllegalAction as error:
            bad[index] = lang.error(error)
            if bad[index] not in messages:
                messages.append(bad[index])
            continue
        other = next((earlier for key, earlier in first_seen.items() if same_name(key, cleaned)), None)
        if other is not None:
            earlier = clean_name(names[other])
            if earlier == cleaned:
                message = lang._("Players {first} and {second} are both called {name}; give each player a "
                                 "different name.", first=other + 1, second=index + 1, name=Quoted(cleaned))
            else:
                message = lang._("Players {first} and {second} are called {earlier} and {name}, the same name; "
                                 "give each player a different name.", first=other + 1, second=index + 1,
                                 earlier=Quoted(earlier), name=Quoted(cleaned))
            bad[other] = bad[index] = message
            messages.append(message)
        else:
            first_seen[cleaned] = index
    return bad, messages


class PlayerRow(widgets.HBox):
    """One seat at the table: its colour, a name field and a remove button."""

    def __init__(self, seat: int, name: str = "", *, lang: Language | None = None) -> None:
        self.lang = lang or language()
        self.swatch = widgets.HTML(_dom_classes=("inc-seat-colour",))
        # Sent when the field is left, not per key: ipywidgets holds back a widget's further
        # updates until the kernel has answered the first, so a click on Start could
        # overtake the last letters typed (docs/platform-notes.md).
        self.name_field = widgets.Text(value=name, continuous_update=False,
                                       layout=widgets.Layout(width="16rem"))
        self.name_field.add_class("inc-player-name")
        self.name_field.add_class("inc-unseen-label")  # its label a screen reader's (set_seat)
        self.remove_button = widgets.Button(description=self.lang._("Remove"), icon="times",
                                            layout=widgets.Layout(width="auto"))
        self.remove_button.add_class("inc-remove-player")
        super().__init__([self.swatch, self.name_field, self.remove_button])
        self.add_class("inc-player-row")
        self.set_seat(seat)

    def set_seat(self, seat: int) -> None:
        """Shows this row as seat ``seat`` (from 1): its colour, placeholder and tooltips."""
        self.seat, lang = seat, self.lang
        name = color_name(PLAYER_COLORS[(seat - 1) % len(PLAYER_COLORS)][0], lang)
        color = player_color(seat)
        title = lang._("Player {seat} plays in {color}", seat=seat, color=name)
        # The seat number and the colour's name say what the colour alone cannot.
        self.swatch.value = (
            f'<span class="inc-swatch" style="background:{color};color:{text_color_on(color)}" '
            f'title="{html.escape(title, quote=True)}">'
            f'{html.escape(lang.number(seat))}</span><span class="inc-swatch-name">{html.escape(name)}</span>'
        )
        self.name_field.description = self.name_field.placeholder = lang._("Player {seat} name", seat=seat)
        self.remove_button.tooltip = lang._("Remove player {seat}", seat=seat)
