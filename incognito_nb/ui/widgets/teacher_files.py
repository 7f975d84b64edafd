"""The teacher's part of the classroom's game over: the files to take home, and a new game.

The projected game over shows the class its podium and vocabulary chart; what only the
teacher does there — download the poster, the results, the vocabulary report and the
drawings, and deal another game to the same class — lives in this one box, so that a
page can put it wherever the teacher, and not the class, looks (it is built only on the
teacher's page, with the teacher's key).

The files are table mode's own (:class:`~incognito_nb.ui.widgets.takeaways.Takeaways`,
made by the application layer and handed in as a function); *Play again with this
class* deals a new game to the same seats (:meth:`TableStore.play_again
<incognito_nb.store.next_game.PlayAgain.play_again>`), with the table's deck or another.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

import ipywidgets as widgets

from incognito_nb.engine import Game
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.sheets import read_sheet
from incognito_nb.ui.widgets.board import close_parts
from incognito_nb.ui.widgets.takeaways import Takeaways
from incognito_nb.ui.widgets.text import markup, safe

CSS = read_sheet(__file__, "teacher_files.css")

#: The deck menu's value for "the deck this table played with".
SAME_DECK = ""


class TeacherFiles(widgets.VBox):
    """The files of ``game`` to download (``make_files(game, lang)``, None: none offered)
    and Play again: ``on_play_again(deck)`` gets the deck menu's value, :data:`SAME_DECK`
    or one of ``decks``' values (``decks``: label, value pairs; ``deck_name`` is the
    table's deck).  ``prefix`` comes before each file's name as it is saved: a teacher who
    downloads the files of every table, week after week, keeps them apart."""

    def __init__(self, game: Game, make_files: Callable[[Game, Language], Mapping[str, bytes]] | None, *,
                 deck_name: str, decks: Sequence[tuple[str, str]], on_play_again: Callable[[str], None],
                 lang: Language | None = None, prefix: str = "") -> None:
        self.lang = lang = lang or language()
        heading = lang._("For the teacher")
        title = markup(f"<b>{safe(heading)}</b>", "inc-teacher-files-title")
        parts: list[widgets.Widget] = [title]
        self.takeaways = None
        if make_files is not None:
            # The chart is projected with the podium already: here only the files.
            self.takeaways = Takeaways(game, make_files, lang=lang, chart=False, prefix=prefix,  # to the teacher
                                       title=lang.pgettext("the teacher's desk", "Take the game home:"))
            parts.append(self.takeaways)
        label = lang._("Deck")
        # The label as wide as its word (ipywidgets' 80 px cut "Kartenstapel" to "Kartensta…").
        self.deck_choice = widgets.Dropdown(
            options=[(lang._("The same deck ({deck})", deck=deck_name), SAME_DECK), *decks], value=SAME_DECK,
            description=label, tooltip=label, style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", max_width="100%"))
        self.deck_choice.add_class("inc-play-again-deck")
        text = lang._("Play again with this class")
        self.play_again_button = widgets.Button(description=text, tooltip=text, icon="refresh", button_style="primary",
                                                layout=widgets.Layout(width="auto"))
        self.play_again_button.add_class("inc-play-again")
        self._on_play_again = on_play_again
        self.play_again_button.on_click(lambda _=None: self.play_again())
        again = widgets.HBox([self.deck_choice, self.play_again_button])
        again.add_class("inc-play-again-row")
        parts.append(again)
        super().__init__(parts)
        self.add_class("inc-teacher-files")

    def play_again(self) -> None:
        """Deals a new game to the same seats with the chosen deck (the button's twin)."""
        self._on_play_again(self.deck_choice.value)

    def close(self) -> None:
        """Closes the box and everything in it."""
        close_parts(self)
        super().close()
