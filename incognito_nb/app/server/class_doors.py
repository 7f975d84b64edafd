"""A class's report as a page of the classroom server: for the teacher only, without a kernel.

``/classroom/classes`` lists the store's classes; ``?name=…`` shows one class's report, as
the class page of ``notebooks/classes.ipynb`` (:mod:`incognito_nb.app.class_page`) shows it
and from the same figures (:mod:`incognito_nb.engine.class_report`, laid out by
:mod:`incognito_nb.app.files.class_files`): its chart, the words it keeps missing, every
word's figures, each student's words, its files to download (``/classroom/classes/file``:
the words CSV, the students CSV, the PDF, the class and its record as JSON) and a Delete
button, which asks once more (``/classroom/classes/delete`` without, then with, ``confirm``)
before it removes the class, its first names, every record of its games and its tables.
The same door, given a ``student``, deletes one student's data from the class (a parent's
request), as ``incognito-nb class delete-student`` does, after asking once more too.

It shows each student's words, so it opens only for the teacher: the laptop that runs the
server (while it is trusted), a browser that typed the classroom's passphrase, a hub user
who teaches, or a browser holding the teacher's key of one of the class's tables (the
teacher's desk of a class's table links here).  Any other device gets a 403 door, as for the
new-table form.  Every name reaching the page is escaped by the template (jinja2's autoescape).
"""

from __future__ import annotations

import unicodedata
from typing import Any
from urllib.parse import quote, urlencode

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado import web

from ...engine.class_report import by_language, deck_languages, student_rows, word_rows
from ...store import StoreError, TableStore
from ...store.backends import class_book_of
from ...store.class_book import ErasureDelayed, UnknownClass
from incognito_nb.ui.i18n import Language
from ..files.class_files import (ADD_A_CLASS, NO_CLASS_YET, NoGameYet, check_games, class_chart_png, record_json,
                                 report_pdf, student_header, students_csv, word_cells, word_header,
                                 words_csv)
from ..files.exports import file_name
from incognito_nb.ui.file_names import saved_name
from ..files.word_lists import StudentWords, missing_by_language
from .doors import MAX_NAME, STUDENT, TEACHER, TEACHER_COOKIE, Doorway

#: The files of a class's report: their name's ending and media type (the charts are the page's).
FILES = {"words.csv": "text/csv; charset=UTF-8", "students.csv": "text/csv; charset=UTF-8",
         "report.pdf": "application/pdf", "export.json": "application/json; charset=UTF-8",
         "chart.png": "image/png", "chart-phone.png": "image/png"}
#: How many words the page's chart shows, those found least: its table below has every word.
CHART_WORDS = 10


def report_of(store: TableStore, name: str, lang: Language) -> dict[str, Any]:
    """Returns what the report page shows of the class called ``name`` (its record read, with
    the finished games of its tables collected first); ``nothing`` says what to do for a
    class with no game yet, whose page has no figures.

    :raises UnknownClass: if there is none.
    """
    book = class_book_of(store)
    record = book.record(name)
    report = {"name": record.name, "games": len(record.games), "everyone": book.students_of(record.name),
              "missing": [], "words": [], "students": [], "nothing": ""}
    try:
        check_games(record)
    except NoGameYet as error:
        return {**report, "nothing": lang.error(error)}
    rows, said = word_rows(record, book.calendar()), StudentWords(record, lang)
    several = len(deck_languages(record)) > 1  # then the table goes language by language, each named
    return {**report, "missing": missing_by_language(record, lang),
            "word_header": word_header(lang),
            "words": [(row.language, [*word_cells(row, lang)[:-1], lang.language_name(row.language)])
                      for _, group in (by_language(record, rows) if several else [("", rows)]) for row in group],
            "student_header": [student_header(lang)[0], *student_header(lang)[5:]],
            "students": [[row.student, *map(said, (row.found_as_guesser, row.missed_as_guesser, row.found_as_artist,
                                                    row.missed_as_artist))] for row in student_rows(record)]}


def report_file(store: TableStore, name: str, kind: str, lang: Language) -> tuple[str, str | bytes]:
    """Returns the class's file ``kind`` (a key of :data:`FILES`) and its download name (the
    class's name, its letters kept, then the kind in ``lang``: ``3B Español words.csv``,
    ``3B Español mots.csv`` in French).  The CSV files
    start with a byte-order mark, as the game's results do, so that spreadsheets read their
    accents.

    :raises UnknownClass: if there is no such class.
    :raises NoGameYet: for any file but the export of a class with no finished game.
    """
    book = class_book_of(store)
    record = book.record(name)
    content = {"words.csv": lambda r, l: words_csv(r, l, calendar=book.calendar()).encode("utf-8-sig"),
               "students.csv": lambda r, l: students_csv(r, l).encode("utf-8-sig"),
               "chart.png": lambda r, l: class_chart_png(r, l, most=CHART_WORDS),
               "chart-phone.png": lambda r, l: class_chart_png(r, l, most=CHART_WORDS, phone=True),
               "report.pdf": lambda r, l: report_pdf(r, lang=l), "export.json": lambda r, _l: record_json(r)}[kind]
    return f"{file_name(record.name)} {saved_name(kind, lang)}", content(record, lang)


def attachment(filename: str) -> str:
    """Returns the Content-Disposition of a download called ``filename``: its letters as
    they are for browsers (RFC 6266's ``filename*``), and a plain-ASCII name for any other."""
    plain = unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode("ascii")
    plain = "".join(ch if ch.isprintable() and ch not in '"\\' else "_" for ch in plain)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"


def delete_class(store: TableStore, name: str) -> tuple[str, ErasureDelayed | None]:
    """Deletes the class called ``name`` and every record of it; returns its name as kept,
    and what says that its names stay in the store's log for now (None once erased)."""
    book = class_book_of(store)
    entry = book.entry(name)
    try:
        book.delete_class(entry.name)
    except ErasureDelayed as delayed:
        return entry.name, delayed
    return entry.name, None


def delete_student(store: TableStore, name: str, student: str) -> tuple[str, str, ErasureDelayed | None]:
    """Deletes one student's data from the class called ``name``; returns the class's name
    and the student's, as kept, and what says that the name stays in the store's log for
    now (None once erased)."""
    book = class_book_of(store)
    entry = book.entry(name)
    try:
        return entry.name, book.delete_student(entry.name, student), None
    except ErasureDelayed as delayed:
        return entry.name, delayed.student or student, delayed


def table_codes(store: TableStore, name: str) -> tuple[str, ...]:
    """Returns the codes of the tables made for the class called ``name`` (none for no class)."""
    try:
        return tuple(class_book_of(store).entry(name).tables)
    except UnknownClass:
        return ()


class ClassDoorway(Doorway):
    """What the class's doors share: who may open them, and the class's address."""

    def class_name(self) -> str:
        arguments = self.request.body_arguments if self.request.method == "POST" else self.request.query_arguments
        return (arguments.get("name") or [b""])[0].decode("utf-8", "replace")[:MAX_NAME].strip()

    def class_url(self, path: str = "", lang: Language | None = None, **query: str) -> str:
        url = url_path_join(self.base_url, "classroom/classes", path)
        query = {**query, **({"lang": lang.code} if lang is not None else {})}
        return f"{url}?{urlencode(query)}" if query else url

    async def may_see(self, name: str = "") -> bool:
        """Checks if this browser may see the class called ``name`` (see the module); a
        device that may not is answered with a 403 door."""
        if self.teacher:
            return True
        desk = self.desk
        for code in (await desk.run(table_codes, desk.store, name)) if name else ():
            key = self.get_cookie(TEACHER_COOKIE + code)
            if key and await self.teacher_problem(code, key) is None:
                return True
        if not await self.within_budget("page"):
            return False
        lang = await self.speaking()
        self.notice(lang, lang._("Incognito · only the teacher sees a class's report"),
                    lang._("A class's report shows each student's words: it opens only on the teacher's computer, "
                           "or in a browser that typed the classroom's passphrase."), status=403,
                    links=[(lang._("Open the student page"), self.page_url(STUDENT)),
                           (lang._("I am the teacher: type the classroom's passphrase"),
                            url_path_join(self.base_url, "classroom/passphrase"))])
        return False

    async def classes_door(self, lang: Language, *, problem: str = "", status: int = 200) -> None:
        from .classes import class_names

        try:
            names = await self.desk.run(class_names, self.desk.store)
        except StoreError as error:
            names, problem, status = [], lang.error(error), 503
        none_yet = lang._(NO_CLASS_YET) if not names and not problem else ""  # information, not a problem
        self.door("classes", lang._("Incognito · the class's report"), lang, status=status, problem=problem,
                  none_yet=none_yet, command=ADD_A_CLASS if none_yet else "",
                  classes=[(name, self.class_url(lang=lang, name=name)) for name in names],
                  links=[(lang._("Create a new table"), self.page_url(TEACHER, lang=lang.code))])


class ClassReportDoor(ClassDoorway, JupyterHandler):
    """``GET /classroom/classes[?name=…]``: the classes, or one class's report (the teacher's only)."""

    @web.authenticated
    async def get(self) -> None:
        name = self.class_name()
        if not await self.may_see(name):
            return
        lang = await self.speaking()
        if not name:
            return await self.classes_door(lang)
        try:
            report = await self.desk.run(report_of, self.desk.store, name, lang)
        except UnknownClass:
            return await self.classes_door(lang, status=404, problem=lang._(
                "There is no class called {name}: choose a class from the list.", name=name))
        except StoreError as error:
            return self.notice(lang, lang._("Incognito · the class's report"), lang.error(error), status=503)
        name = report["name"]
        files = [(lang._("Every word's figures (CSV)"), "words.csv"), (lang._("Each student's words (CSV)"),
                 "students.csv"), (lang._("The report to print (PDF)"), "report.pdf")] if report["games"] else []
        files.append((lang._("The class and its record, to keep (JSON)"), "export.json"))
        self.door("report", lang._("Incognito · the class's report"), lang, report=report,
                  missing=report["missing"],
                  games=lang.ngettext("{n} game", "{n} games", report["games"]), nothing=report["nothing"],
                  chart=self.class_url("file", name=name, file="chart.png", lang=lang),
                  chart_phone=self.class_url("file", name=name, file="chart-phone.png", lang=lang),
                  chart_text=lang._("{name}: how often each word was found", name=name),
                  files=[(text, self.class_url("file", name=name, file=kind, lang=lang)) for text, kind in files],
                  delete=url_path_join(self.base_url, "classroom/classes/delete"), class_name=name,
                  links=[(lang._("The classes' reports"), self.class_url(lang=lang)),
                         (lang._("Create a new table"), self.page_url(TEACHER, lang=lang.code))])


class ClassFileDoor(ClassDoorway, JupyterHandler):
    """``GET /classroom/classes/file?name=…&file=…``: one of the class's files (the teacher's only)."""

    @web.authenticated
    async def get(self) -> None:
        name, kind = self.class_name(), self.get_query_argument("file", "")[:16]
        if not await self.may_see(name):
            return
        if kind not in FILES:
            raise web.HTTPError(404)
        lang = await self.speaking()
        try:
            filename, content = await self.desk.run(report_file, self.desk.store, name, kind, lang)
        except UnknownClass:
            return await self.classes_door(lang, status=404, problem=lang._(
                "There is no class called {name}: choose a class from the list.", name=name))
        except NoGameYet as error:  # a file with nothing in it is not offered
            return self.notice(lang, lang._("Incognito · the class's report"), lang.error(error), status=404,
                               links=[(lang._("The classes' reports"), self.class_url(lang=lang))])
        self.set_header("Content-Type", FILES[kind])
        self.set_header("Cache-Control", "no-store")
        if not kind.endswith(".png"):
            self.set_header("Content-Disposition", attachment(filename))
        self.finish(content)


class ClassDeleteDoor(ClassDoorway, JupyterHandler):
    """``POST /classroom/classes/delete``: asks once more (a page with one button), then, with
    ``confirm=1``, deletes the class and every record of it, or, given ``student``, that
    student's data from the class (the teacher's only)."""

    @web.authenticated
    async def post(self) -> None:
        name = self.class_name()
        if not await self.may_see(name):
            return
        lang = await self.speaking()
        student = self.get_body_argument("student", "")[:MAX_NAME].strip()
        if student:
            return await self.delete_student(lang, name, student)
        if self.get_body_argument("confirm", "") != "1":
            return self.door("confirm", lang._("Incognito · delete a class"), lang, class_name=name,
                             delete=url_path_join(self.base_url, "classroom/classes/delete"),
                             notice=lang._("Delete the class {name}, its first names, every record of its games "
                                           "and its tables? This cannot be undone.", name=name),
                             links=[(lang._("Keep the class"), self.class_url(lang=lang, name=name))])
        try:
            name, late = await self.desk.run(delete_class, self.desk.store, name)
        except UnknownClass:
            return await self.classes_door(lang, status=404, problem=lang._(
                "There is no class called {name}: choose a class from the list.", name=name))
        self.door("notice", lang._("Incognito · delete a class"), lang, notice=_with(lang, late, lang._(
            "Deleted the class {name}, its first names and every record of its games.", name=name)),
            links=[(lang._("The classes' reports"), self.class_url(lang=lang)),
                   (lang._("Create a new table"), self.page_url(TEACHER, lang=lang.code))])

    async def delete_student(self, lang: Language, name: str, student: str) -> None:
        title = lang._("Incognito · delete a student's data")
        back = [(lang._("Back to the class's report"), self.class_url(lang=lang, name=name))]
        if self.get_body_argument("confirm", "") != "1":
            return self.door("confirm", title, lang, class_name=name, student=student,
                             delete=url_path_join(self.base_url, "classroom/classes/delete"),
                             notice=lang._("Delete {student} from the class {name}: their first name, and their "
                                           "drawings, cards and points in every record of its games? The tables "
                                           "that seat them are deleted too. This cannot be undone.",
                                           student=student, name=name), links=back)
        try:
            name, student, late = await self.desk.run(delete_student, self.desk.store, name, student)
        except UnknownClass:
            return await self.classes_door(lang, status=404, problem=lang._(
                "There is no class called {name}: choose a class from the list.", name=name))
        except StoreError as error:  # no such student, or the class's only one
            return self.notice(lang, title, lang.error(error), status=400, links=back)
        self.door("notice", title, lang, notice=_with(lang, late, lang._(
            "Deleted {student} from the class {name}: their first name, and their drawings, cards and points "
            "in every record of its games; the tables that seated them are gone too.", student=student, name=name)),
            links=[(lang._("Back to the class's report"), self.class_url(lang=lang, name=name)),
                   (lang._("The classes' reports"), self.class_url(lang=lang))])


def _with(lang: Language, late: ErasureDelayed | None, said: str) -> str:
    """Returns what a deletion's page says: ``said``, then, if the names stay in the store's
    log for now, that and what to do."""
    return said if late is None else f"{said} {lang.error(late)}"
