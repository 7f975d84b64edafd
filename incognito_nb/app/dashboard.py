"""Builds the table dashboard from the launcher's settings, for the play notebook.

The launcher passes its options to the Voilà kernel through environment variables
(a Voilà kernel inherits the server's environment): ``INCOGNITO_NB_DECK`` names a CSV
deck to preselect, ``INCOGNITO_NB_SAVES`` the folder games are saved in, and
``INCOGNITO_NB_PROJECTOR`` starts in projector mode.
"""

from __future__ import annotations

import os

from ..engine import DeckError, load_deck
from ..store import GameFolder
from ..ui.table import TableApp


def dashboard(*, deck_path: str | None = None, saves: str | None = None,
              projector: bool | None = None) -> TableApp:
    """Returns the table dashboard, ready to display.

    Arguments left out are read from ``INCOGNITO_NB_DECK``, ``INCOGNITO_NB_SAVES`` and
    ``INCOGNITO_NB_PROJECTOR`` (``1``: start in projector mode).
    A deck that cannot be read is reported on the setup screen; the built-in decks remain.
    """
    deck_path = deck_path or os.environ.get("INCOGNITO_NB_DECK") or None
    folder = GameFolder(saves or os.environ.get("INCOGNITO_NB_SAVES") or None)
    deck, problem = None, None
    if deck_path:
        try:
            deck = load_deck(deck_path)
        except DeckError as error:
            problem = f"The deck {deck_path} could not be used: {error}"
    if projector is None:
        projector = os.environ.get("INCOGNITO_NB_PROJECTOR", "") not in ("", "0")
    app = TableApp(folder=folder, deck=deck, projector=projector, takeaway_files=_takeaway_files)
    if problem:
        app._report(problem)
    return app


def _takeaway_files(game):
    """Makes the game-over downloads; the PDF and image code loads only when a game ends
    (importing it at start-up costs every kernel some 25 MB, measured by the benchmarks)."""
    from .exports import takeaway_files

    return takeaway_files(game)
