"""Builds the classroom pages from the request, for the teacher and student notebooks.

``incognito-nb classroom`` serves ``classroom/teacher.ipynb`` and
``classroom/student.ipynb`` (see :mod:`incognito_nb.app.server`).  Voilà gives each
page's kernel the request in CGI-style environment variables: ``QUERY_STRING`` (``code``,
``token``, ``timer``, ``lang``: the page's language; ``key`` outside the classroom server),
``SCRIPT_NAME`` (the page's path), ``SERVER_NAME`` and ``SERVER_PORT``, from which the
join and come-back links are made (``https`` when the classroom server says the browser used
it, in ``HTTP_X_INCOGNITO_SCHEME``: :mod:`.server.forwarded`).  A preheated kernel gets them when its page is
requested: the notebooks call :func:`wait_for_request` first.  Under the classroom server
the teacher key comes from the teacher's cookie, checked by the server, in
``HTTP_X_INCOGNITO_TEACHER_KEY``.  The store is ``$INCOGNITO_NB_STORE`` (default:
``classroom.sqlite`` in the saves folder); ``$INCOGNITO_NB_DECK``, a CSV deck the
teacher page offers first; ``$INCOGNITO_NB_LANGUAGE``, the language of a page that
neither asks for one nor shows a table that has one (``incognito-nb classroom --language``).
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path
from typing import Mapping
from urllib.parse import parse_qs, urlencode

import ipywidgets as widgets

from ..engine import DeckError, load_deck
from ..engine.decks import saved_decks
from ..store import StoreError, normalise_code, open_store
from ..store.backends import class_book_of
from incognito_nb.ui.choices import TIMER_SECONDS, language_options
from incognito_nb.ui.i18n import Language, first_language, language
from incognito_nb.ui.pages.student import StudentPage
from incognito_nb.ui.pages.teacher import TeacherPage
from incognito_nb.ui.pages.teacher_desk import TeacherDesk
from incognito_nb.ui.widgets.text import markup, safe
from .addresses import for_the_class, this_computer_only
from .files import projected_chart
from .server.forwarded import link_scheme
from .server import preheat
from .server.preheat import TEACHER_KEY_ENV, release_memory, under_classroom_server

__all__ = ["student_page", "teacher_page", "wait_for_request"]

TEACHER_NOTEBOOK = "teacher.ipynb"
STUDENT_NOTEBOOK = "student.ipynb"


def wait_for_request() -> None:
    """Waits, in a kernel warmed ahead of its page, until the server hands it the page's
    request (:func:`.server.preheat.wait_for_request`); returns at once elsewhere.

    A warm kernel first reads what every page needs whatever its request: the interface
    languages, which each page's language menu names in their own words (their catalogues
    and Babel's locale data: ~70 ms of a page's build, spent as thirty pages open at once).
    """
    if preheat.is_preheated():
        language_options(language())
    preheat.wait_for_request()


def classroom_folder() -> Path:
    """Returns the packaged folder that holds the teacher and student notebooks."""
    return Path(str(resources.files("incognito_nb.app") / "classroom"))


def query(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """Returns the page's query parameters (the first value of each) from ``QUERY_STRING``."""
    environ = os.environ if environ is None else environ
    return {k: v[0] for k, v in parse_qs(environ.get("QUERY_STRING", "")).items() if v}


def page_url(notebook: str, environ: Mapping[str, str] | None = None) -> str:
    """Returns the address of the sibling page ``notebook``, absolute when Voilà says where
    the page was served from (so that it works on another device), else relative."""
    environ = os.environ if environ is None else environ
    script = environ.get("SCRIPT_NAME", "")
    path = script.rsplit("/", 1)[0] + "/" + notebook if "/" in script else notebook
    host, port = environ.get("SERVER_NAME"), environ.get("SERVER_PORT")
    if host and path.startswith("/"):
        return f"{link_scheme(environ)}://{host}{':' + port if port else ''}{path}"
    return path


def _open(environ: Mapping[str, str] | None):
    environ = os.environ if environ is None else environ
    return open_store(environ.get("INCOGNITO_NB_STORE") or None)


def _languages(params: Mapping[str, str], environ: Mapping[str, str] | None) -> dict[str, str | None]:
    """Returns the page's language arguments: the one asked for (``?lang=``, if known) and
    the server's default (``$INCOGNITO_NB_LANGUAGE``)."""
    environ = os.environ if environ is None else environ
    asked = first_language(params.get("lang"), default="") or None
    return {"language": asked, "default_language": first_language(environ.get("INCOGNITO_NB_LANGUAGE"))}


def _problem(error: StoreError, lang: Language) -> widgets.Widget:
    text = lang._("The classroom store cannot be opened: {error}", error=lang.error(error))
    return markup(f'<span class="inc-problem" role="alert">{safe(text)}</span>', "inc-message")


def teacher_page(environ: Mapping[str, str] | None = None) -> widgets.Widget:
    """Returns the teacher page for this request: a new table, or table ``?code=…``
    (with ``&desk=1``, that table's teacher's desk: the controls not to project).

    The teacher key comes from the classroom server (which found it in the teacher's
    cookie) or, outside it, from ``?key=…``; a key that is not the table's shows no
    teacher's buttons.  ``?timer=…`` is the table's drawing timer in seconds; ``?projector=0``
    (kept there by the page's toggle) opens the projected page out of projector mode.
    """
    environ = os.environ if environ is None else environ
    params = query(environ)
    languages = _languages(params, environ)
    try:
        store = _open(environ)
    except StoreError as error:
        return _problem(error, language(languages["language"] or languages["default_language"]))
    problems, decks = [], []
    deck_path = environ.get("INCOGNITO_NB_DECK")
    if deck_path:
        try:
            decks.append(load_deck(deck_path))
        except DeckError as error:
            problems.append(error)
    decks.extend(saved_decks(besides=deck_path or None).values())  # the deck editor's, as the new-table form
    served = under_classroom_server(environ)
    code = params.get("code") or None
    key = environ.get(TEACHER_KEY_ENV) if served else params.get("key")
    if code and key:
        try:
            store.check_teacher(code, key)
        except StoreError as error:  # a wrong or old key, or no such table: project only
            key = None
            problems.append(error)
    timer = int(params["timer"]) if params.get("timer", "").isdigit() and int(params["timer"]) in TIMER_SECONDS else 0
    # ``?desk=1``: the teacher's desk, the controls not to project (ui/pages/teacher_desk.py).
    desk = {"class_report": _class_report(store, code, environ)} if code and params.get("desk") == "1" else {}
    page_class = TeacherDesk if desk else TeacherPage
    student_url = page_url(STUDENT_NOTEBOOK, environ)
    page = page_class(store, code=code, teacher_key=key if code else None, **desk,
                       student_url=for_the_class(student_url, environ),
                       this_computer_only=this_computer_only(student_url, environ),
                       teacher_url=page_url(TEACHER_NOTEBOOK, environ), decks=decks,
                       timer_seconds=timer, key_in_browser=served, takeaway_files=_takeaway_files,
                       vocabulary_chart=projected_chart, projector=params.get("projector") != "0", **languages)
    said = [page.lang._("The deck {path} could not be used: {error}", path=deck_path,
                        error=" ".join(page.lang.problems(problem))) if isinstance(problem, DeckError)
            else page.lang.error(problem) for problem in problems]
    if said:
        page.report(" ".join(said))
    release_memory()
    return page


def _class_report(store, code: str, environ: Mapping[str, str]) -> tuple[str, str] | None:
    """Returns the class table ``code`` was made for and its report's address on the classroom
    server (:mod:`.server.class_doors`), or None for another table or outside the server."""
    if not under_classroom_server(environ):
        return None
    try:
        name = class_book_of(store).class_of(normalise_code(code))
    except StoreError:
        return None
    if name is None:
        return None
    # The report's door sits beside the server's /voila/render/ pages: two folders up from this page.
    return name, "../../classroom/classes?" + urlencode({"name": name})


def _takeaway_files(game, lang) -> dict[str, bytes]:
    """Makes the teacher's game-over files in ``lang`` (table mode's: poster, results,
    vocabulary report and chart, drawings); the PDF and image code loads only then."""
    from .files.exports import takeaway_files

    return takeaway_files(game, lang)


def _drawing_png(drawing) -> bytes:
    """Returns ``drawing`` as a PNG; Pillow is imported only then (a student's page rarely needs it)."""
    from .files.pictures import drawing_png

    return drawing_png(drawing)


def student_page(environ: Mapping[str, str] | None = None) -> widgets.Widget:
    """Returns the student page for this request: a join form (``?code=…`` fills it in),
    or the seat of ``?code=…&token=…``."""
    params = query(environ)
    languages = _languages(params, environ)
    try:
        store = _open(environ)
    except StoreError as error:
        return _problem(error, language(languages["language"] or languages["default_language"]))
    code, token = params.get("code"), params.get("token")
    page = StudentPage(store, code=code, token=token if code else None,
                       student_url=page_url(STUDENT_NOTEBOOK, environ), picture=_drawing_png, **languages)
    if token and not code:
        page.report(page.lang._("This link to a seat has no table code. Type the code shown on the projector and "
                                "your name."))
    release_memory()  # a class holds thirty of these kernels
    return page
