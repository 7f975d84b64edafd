"""Builds the classroom pages from the request, for the teacher and student notebooks.

``incognito-nb classroom`` serves ``classroom/teacher.ipynb`` and
``classroom/student.ipynb`` with standalone Voilà.  Voilà gives each page's kernel the
request in CGI-style environment variables: ``QUERY_STRING`` (``code``, ``key``,
``token``, and ``lang``: the page's language), ``SCRIPT_NAME`` (the page's path),
``SERVER_NAME`` and ``SERVER_PORT``, from which the join and come-back links are made.
The store is ``$INCOGNITO_NB_STORE`` (default: ``classroom.sqlite`` in the saves
folder); ``$INCOGNITO_NB_DECK``, a CSV deck the teacher page offers first;
``$INCOGNITO_NB_LANGUAGE``, the language of a page that neither asks for one nor shows
a table that has one (``incognito-nb classroom --language``).
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path
from typing import Mapping
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..engine import DeckError, load_deck
from ..store import StoreError, open_store
from incognito_nb.ui.i18n import Language, first_language, language
from incognito_nb.ui.pages.classroom import StudentPage, TeacherPage
from incognito_nb.ui.widgets.text import markup, safe

TEACHER_NOTEBOOK = "teacher.ipynb"
STUDENT_NOTEBOOK = "student.ipynb"


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
        return f"http://{host}{':' + port if port else ''}{path}"
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
    """Returns the teacher page for this request: a new table, or ``?code=…&key=…``."""
    params = query(environ)
    languages = _languages(params, environ)
    try:
        store = _open(environ)
    except StoreError as error:
        return _problem(error, language(languages["language"] or languages["default_language"]))
    decks, problem = [], None
    deck_path = (os.environ if environ is None else environ).get("INCOGNITO_NB_DECK")
    if deck_path:
        try:
            decks.append(load_deck(deck_path))
        except DeckError as error:
            problem = error
    page = TeacherPage(store, code=params.get("code"), teacher_key=params.get("key"),
                       student_url=page_url(STUDENT_NOTEBOOK, environ),
                       teacher_url=page_url(TEACHER_NOTEBOOK, environ), decks=decks, **languages)
    if problem is not None:
        page.report(page.lang._("The deck {path} could not be used: {error}", path=deck_path,
                                error=" ".join(page.lang.problems(problem))))
    return page


def student_page(environ: Mapping[str, str] | None = None) -> widgets.Widget:
    """Returns the student page for this request: a join form (``?code=…`` fills it in),
    or the seat of ``?code=…&token=…``."""
    params = query(environ)
    languages = _languages(params, environ)
    try:
        store = _open(environ)
    except StoreError as error:
        return _problem(error, language(languages["language"] or languages["default_language"]))
    return StudentPage(store, code=params.get("code"), token=params.get("token"),
                       student_url=page_url(STUDENT_NOTEBOOK, environ), **languages)
