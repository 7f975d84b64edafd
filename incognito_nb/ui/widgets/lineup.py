"""The six numbered tokens in the centre of the table, each with its object word.

Players name an object by its token number, so the line-up is the key every vote and
every reveal refers to.  It shows words only: which word belongs to whom stays in the
engine until scoring, when :meth:`LineupView.highlight` marks the answer.
"""

from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as widgets

from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.text import safe, words_lang
from incognito_nb.ui.sheets import read_sheet

CSS = read_sheet(__file__, "lineup.css")


def mark_words(lang: Language) -> str:
    """Returns the HTML of the true token's mark: its ✔ (not read aloud) and its words, for
    screen readers only, the reveal's answer saying them on the screen: "✔ der versteckte
    Gegenstand" took three lines of a 110-px token, its row of the line-up twice as tall."""
    words = lang._("✔ the hidden object")
    if not words.startswith("✔"):
        return safe(words)
    return (f'<span aria-hidden="true">✔</span><span class="inc-token-mark-words inc-aria"> '
            f'{safe(words[1:].strip())}</span>')


def token_card(number: int, word: str, lang: Language, *, true: bool = False, deck_language: str = "") -> str:
    """Returns the HTML of one token card: its number big, its word below (in ``deck_language``,
    the deck's, marked as such when it is not the page's)."""
    mark = f'<div class="inc-token-mark">{mark_words(lang)}</div>' if true else ""
    label = html.escape(lang._("token {number}", number=number), quote=True)
    classes = f"inc-token inc-token-{number}" + (" inc-token-true" if true else "")
    return (
        f'<div class="{classes}"><div class="inc-token-number" aria-label="{label}">{number}</div>'
        f'<div class="inc-token-word"{words_lang(deck_language, lang.code)}>{safe(word)}</div> {mark}</div>'
    )


class LineupView(widgets.HTML):
    """The line-up of tokens 1–6, one card per word, in token order.

    One HTML widget (its cards are markup inside it): six widgets with a layout and a
    style each were eighteen models, so eighteen messages, on every find screen.
    """

    def __init__(self, words: Sequence[str], *, lang: Language | None = None, highlight: int | None = None,
                 deck_language: str = "", **kwargs) -> None:
        self._words = tuple(words)
        self.deck_language = deck_language  # the words' language (a screen reader says them in it)
        self.lang = lang or language()
        self._check(highlight)
        self._highlighted = highlight  # in the first message: no update right after it
        kwargs.setdefault("layout", shared.layout())
        kwargs.setdefault("style", shared.style())
        super().__init__(value=self._cards(highlight), _dom_classes=("inc-lineup",), **kwargs)

    @property
    def highlighted(self) -> int | None:
        """Returns the token marked as the hidden object, if any."""
        return self._highlighted

    def card(self, token: int) -> str:
        """Returns the HTML of ``token``'s card (from 1), as shown."""
        return token_card(token, self._words[token - 1], self.lang, true=token == self._highlighted,
                          deck_language=self.deck_language)

    def highlight(self, token: int | None) -> None:
        """Marks ``token`` as the hidden object (with a ✔, not by colour alone); ``None`` clears it.

        :raises ValueError: if ``token`` is not on the line-up.
        """
        self._check(token)
        self._highlighted = token
        self.value = self._cards(token)

    def _check(self, token: int | None) -> None:
        if token is not None and not 1 <= token <= len(self._words):
            raise ValueError(f"the line-up has tokens 1 to {len(self._words)}, not {token!r}")

    def _cards(self, token: int | None) -> str:
        return "".join(token_card(number, word, self.lang, true=number == token, deck_language=self.deck_language)
                       for number, word in enumerate(self._words, start=1))
