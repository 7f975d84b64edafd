"""Builds the table dashboard from the launcher's settings, for the play notebook.

The launcher passes its options to the Voilà kernel through environment variables
(a Voilà kernel inherits the server's environment): ``INCOGNITO_NB_DECK`` names a CSV
deck to preselect, ``INCOGNITO_NB_SAVES`` the folder games are saved in, and
``INCOGNITO_NB_PROJECTOR`` starts in projector mode (unless the page's address says,
``?projector=0`` or ``1``: the toggle keeps it there) and ``INCOGNITO_NB_LANGUAGE`` sets the
interface language (``en``, ``es``, ``fr`` or ``de``), unless the page asks for another
(``?lang=de``: Voilà passes the request's ``QUERY_STRING`` the same way; on the static site,
whose kernel never sees the page's address, the page tells it: ``TableApp.follow_page_language``).
The teacher's classes are read from the store ``incognito-nb class`` uses
(``INCOGNITO_NB_STORE``, else ``classroom.sqlite`` in the saves folder), so that the setup
form can take a class's names and its finished game joins the class's record.

In the browser (the static site, where the kernel is Pyodide) games are kept in the
browser's own storage and the downloads are made with the browser's canvas: see
``incognito-nb lite`` (``lite/build.py``) and ``lite/exports.py``.
"""

from __future__ import annotations

import os
import sys
from urllib.parse import parse_qs

from ..engine import DeckError, load_deck
from ..store import GameFolder, default_store_url
from ..store.backends import made_yet, open_class_book
from ..store.class_book import ClassBook
from incognito_nb.ui.i18n import first_language
from incognito_nb.ui.i18n import language as i18n_language
from incognito_nb.ui.pages.deck_editor import DeckEditor
from incognito_nb.ui.pages.table import TableApp
from .files import projected_chart


def dashboard(*, deck_path: str | None = None, saves: str | None = None,
              projector: bool | None = None, language: str | None = None) -> TableApp:
    """Returns the table dashboard, ready to display.

    Arguments left out are read from ``INCOGNITO_NB_DECK``, ``INCOGNITO_NB_SAVES``, the
    page's ``?projector=`` then ``INCOGNITO_NB_PROJECTOR`` (``1``: start in projector mode)
    and, for the interface language, the page's ``?lang=`` then ``INCOGNITO_NB_LANGUAGE``
    (an unknown one is passed over; English at last).
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
    query = parse_qs(os.environ.get("QUERY_STRING", ""))
    if projector is None:  # the page's ?projector= first: the toggle keeps it there for a reload
        asked_projector = query.get("projector", [""])[0]
        projector = (asked_projector == "1" if asked_projector in ("0", "1")
                     else os.environ.get("INCOGNITO_NB_PROJECTOR", "") not in ("", "0"))
    language = page_language(language)
    app = TableApp(folder=folder, deck=deck, projector=projector, language=language,
                   takeaway_files=_takeaway_files, classes=class_books(),
                   vocabulary_chart=None if in_browser() else projected_chart)  # a Pillow picture
    if in_browser():  # the kernel never sees the page's address: the page tells it its ?lang=
        app.follow_page_language()
    if problem:  # in the table's language
        app.report(app.lang._("The deck {path} could not be used: {error}", path=deck_path,
                              error=" ".join(app.lang.problems(problem))))
    return app


def page_language(language: str | None = None) -> str:
    """Returns the language a page speaks: ``language``, else the page's ``?lang=`` (Voilà
    passes the request's ``QUERY_STRING``), else ``INCOGNITO_NB_LANGUAGE``, else English."""
    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [None])[0]
    return first_language(language, asked, os.environ.get("INCOGNITO_NB_LANGUAGE"))


def deck_editor(*, folder: str | None = None, language: str | None = None) -> DeckEditor:
    """Returns the deck editor of ``notebooks/teacher_decks.ipynb``, speaking the page's language
    as :func:`dashboard` does (``?lang=fr``, else ``INCOGNITO_NB_LANGUAGE``), and so saving its
    decks as that teacher's spreadsheet opens them (``kind;word`` in French); its
    :meth:`~DeckEditor.table` speaks it too."""
    return DeckEditor(folder=folder, lang=i18n_language(page_language(language)))


def class_books(url: str | None = None):
    """Returns how the dashboard opens the teacher's class book in the store at ``url``
    (default: the one ``incognito-nb class`` uses), or None in the browser, where there is none.

    A SQLite store that does not exist yet holds no class: opening it is refused rather than
    have every table-mode dashboard create a classroom store.
    """
    if in_browser():
        return None
    url = url or default_store_url()

    def open_book() -> ClassBook:
        if not made_yet(url):
            raise FileNotFoundError(f"no class store at {url} yet (`incognito-nb class add` makes it)")
        return open_class_book(url)

    return open_book


def in_browser() -> bool:
    """Checks if this kernel runs in the browser (Pyodide, on the static site)."""
    return sys.platform == "emscripten"


def _takeaway_files(game, lang):
    """Makes the game-over downloads in ``lang``; the PDF and image code loads only when a
    game ends (importing it at start-up costs every kernel some 25 MB, measured by the benchmarks)."""
    if in_browser():
        from .lite.exports import takeaway_files
    else:
        from .files.exports import takeaway_files

    return takeaway_files(game, lang)
