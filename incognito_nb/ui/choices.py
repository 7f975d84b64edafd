"""The choices a form offers, said in a page's language: the drawing timers, the languages, the decks.

The table dashboard's setup form, the classroom's teacher page and the classroom server's
new-table door (plain HTML, served without a kernel, so this module imports no widget
library) offer the same choices, worded the same way.
"""

from __future__ import annotations

from typing import Mapping, Optional

from incognito_nb.engine import Deck, DeckError, Rules
from incognito_nb.ui.i18n import LANGUAGES, Language, language

#: The timer choices, in seconds per phase; 0 means no timer.
TIMER_SECONDS: tuple[int, ...] = (0, 60, 90, 120, 180)


def timer_choices(lang: Language) -> tuple[tuple[str, int], ...]:
    """Returns the timer choices as (label in ``lang``, seconds per phase), for a menu."""
    def label(seconds: int) -> str:
        if not seconds:
            return lang._("Off (no time limit)")
        if seconds % 60 or seconds == 60:
            return lang.ngettext("{n} second", "{n} seconds", seconds)
        return lang.ngettext("{n} minute", "{n} minutes", seconds // 60)
    return tuple((label(seconds), seconds) for seconds in TIMER_SECONDS)


def language_options(lang: Language) -> list[tuple[str, str]]:
    """Returns the interface languages as a menu offers them, (name in its own words, code):
    whoever cannot read the page's language still finds theirs.  A page shown in the
    pseudo-language offers it too."""
    codes = LANGUAGES if lang.code in LANGUAGES else (*LANGUAGES, lang.code)
    return [(language(code).name, code) for code in codes]


def deck_for_language(decks: Mapping[str, Deck], code: str) -> Optional[str]:
    """Returns the key of the first of ``decks`` whose words are in language ``code``
    (``"es"``; a regional deck, ``"es-MX"``, counts for ``"es"``), or None if none is:
    a form preselects it, so that a Spanish class draws Spanish words unless it chooses."""
    wanted = str(code or "").split("-")[0].lower()
    return next((key for key, deck in decks.items() if deck.language.split("-")[0].lower() == wanted), None)


def table_deck_problems(deck: Deck, players: int, lang: Language) -> list[str]:
    """Returns why ``deck`` cannot deal a game of table mode to ``players`` players, in
    ``lang`` ([] if it can).  Table mode plays :class:`Rules`' rounds and its form has no
    rounds to choose, so the advice is to add words or choose another deck, never to play
    fewer rounds."""
    try:
        deck.check_fits(players=players, rounds=Rules().rounds, rounds_chosen=False)
    except DeckError as error:
        return lang.problems(error)
    return []
