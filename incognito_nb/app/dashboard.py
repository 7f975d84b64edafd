"""Builds the table dashboard from the launcher's settings, for the play notebook.

The launcher passes its options to the Voilà kernel through environment variables
(a Voilà kernel inherits the server's environment): ``INCOGNITO_NB_DECK`` names a CSV
deck to preselect, ``INCOGNITO_NB_SAVES`` the folder games are saved in, and
``INCOGNITO_NB_PROJECTOR`` starts in projector mode and ``INCOGNITO_NB_LANGUAGE`` sets the
interface language (``en``, ``es`` or ``fr``).

In the browser (the static site, where the kernel is Pyodide) games are kept in the
browser's own storage and the downloads are made with the browser's canvas: see
``incognito-nb lite`` (``lite.py``) and ``lite_exports.py``.
"""

from __future__ import annotations

import os
import sys

from ..engine import DeckError, load_deck
from ..store import GameFolder
from incognito_nb.ui.i18n import DEFAULT_LANGUAGE, LANGUAGES, t
from incognito_nb.ui.pages.table import TableApp


def dashboard(*, deck_path: str | None = None, saves: str | None = None,
              projector: bool | None = None, language: str | None = None) -> TableApp:
    """Returns the table dashboard, ready to display.

    Arguments left out are read from ``INCOGNITO_NB_DECK``, ``INCOGNITO_NB_SAVES``,
    ``INCOGNITO_NB_PROJECTOR`` (``1``: start in projector mode) and ``INCOGNITO_NB_LANGUAGE``
    (the interface language; an unknown one falls back to English).
    A deck that cannot be read is reported on the setup screen; the built-in decks remain.
    """
    deck_path = deck_path or os.environ.get("INCOGNITO_NB_DECK") or None
    if in_browser():
        from ..store.browser import BrowserFolder

        folder = BrowserFolder()
    else:
        folder = GameFolder(saves or os.environ.get("INCOGNITO_NB_SAVES") or None)
    deck, problem = None, None
    if deck_path:
        try:
            deck = load_deck(deck_path)
        except DeckError as error:
            problem = error
    if projector is None:
        projector = os.environ.get("INCOGNITO_NB_PROJECTOR", "") not in ("", "0")
    language = (language or os.environ.get("INCOGNITO_NB_LANGUAGE") or DEFAULT_LANGUAGE).strip().lower()
    if language not in LANGUAGES:
        language = DEFAULT_LANGUAGE
    app = TableApp(folder=folder, deck=deck, projector=projector, language=language,
                   takeaway_files=_takeaway_files)
    if problem:
        app._report(t("error.deck_file", path=deck_path, error=problem))  # in the table's language
    return app


def in_browser() -> bool:
    """Checks if this kernel runs in the browser (Pyodide, on the static site)."""
    return sys.platform == "emscripten"


def _takeaway_files(game):
    """Makes the game-over downloads; the PDF and image code loads only when a game ends
    (importing it at start-up costs every kernel some 25 MB, measured by the benchmarks)."""
    if in_browser():
        from .lite_exports import takeaway_files
    else:
        from .exports import takeaway_files

    return takeaway_files(game)
