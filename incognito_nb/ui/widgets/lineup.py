"""The six numbered tokens in the centre of the table, each with its object word.

Players name an object by its token number, so the line-up is the key every vote and
every reveal refers to.  It shows words only: which word belongs to whom stays in the
engine until scoring, when :meth:`LineupView.highlight` marks the answer.
"""

from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as widgets

from incognito_nb.ui.widgets.board import close_parts
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.text import markup, safe
from incognito_nb.ui.sheets import read_sheet

CSS = read_sheet(__file__, "lineup.css")


def token_card(number: int, word: str, lang: Language, *, true: bool = False) -> str:
    """Returns the HTML of one token card: its number big, its word below."""
    mark = '<div class="inc-token-mark">' + safe(lang._("✔ the hidden object")) + "</div>" if true else ""
    label = html.escape(lang._("token {number}", number=number), quote=True)
    return (
        f'<div class="inc-token-number" aria-label="{label}">{number}</div>'
        f'<div class="inc-token-word">{safe(word)}</div>{mark}'
    )


class LineupView(widgets.HBox):
    """The line-up of tokens 1–6, one card per word, in token order."""

    def __init__(self, words: Sequence[str], *, lang: Language | None = None, **kwargs) -> None:
        self._words = tuple(words)
        self.lang = lang or language()
        cards = [
            markup(token_card(number, word, self.lang), "inc-token", f"inc-token-{number}")
            for number, word in enumerate(self._words, start=1)
        ]
        super().__init__(cards, **kwargs)
        self.add_class("inc-lineup")
        self._highlighted: int | None = None

    @property
    def highlighted(self) -> int | None:
        """Returns the token marked as the hidden object, if any."""
        return self._highlighted

    def card(self, token: int) -> widgets.HTML:
        """Returns the card widget of ``token`` (from 1)."""
        return self.children[token - 1]

    def highlight(self, token: int | None) -> None:
        """Marks ``token`` as the hidden object (with a ✔, not by colour alone); ``None`` clears it.

        :raises ValueError: if ``token`` is not on the line-up.
        """
        if token is not None and not 1 <= token <= len(self._words):
            raise ValueError(f"the line-up has tokens 1 to {len(self._words)}, not {token!r}")
        for number, (card, word) in enumerate(zip(self.children, self._words), start=1):
            true = number == token
            card.value = token_card(number, word, self.lang, true=true)
            if true:
                card.add_class("inc-token-true")
            else:
                card.remove_class("inc-token-true")
        self._highlighted = token

    def close(self) -> None:
        """Closes the line-up and all its cards."""
        close_parts(self)
        super().close()
