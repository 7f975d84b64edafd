"""The teacher's class page: a class's report with its chart, its files, and its delete button.

For ``notebooks/classes.ipynb`` (JupyterLab, or Voilà on the teacher's own machine: it
shows every student's words, so it is never served to students).  It reads the class
book of the classroom's store (``$INCOGNITO_NB_STORE`` or the default), like the
``incognito-nb class`` commands it stands beside.  Every control has a programmatic twin
(:meth:`ClassPage.choose`, :meth:`ClassPage.write_files`, :meth:`ClassPage.delete`,
:meth:`ClassPage.delete_student`), and deleting asks once more before it removes the class
and every record of it, or one student's data (``class delete-student``).  A class with no
finished game says so, and what to do, and writes no file.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as widgets

from ..engine.class_report import student_rows
from ..store import StoreError
from ..store.class_book import ClassBook, ErasureDelayed
from incognito_nb.ui.file_names import saved_name
from incognito_nb.ui.i18n import LANGUAGES, Language, language
from incognito_nb.ui.widgets.aria import Landmark
from incognito_nb.ui.widgets.text import markup, picture_html, safe
from .files.class_files import (ADD_A_CLASS, NO_CLASS_YET, NoGameYet, check_games, class_chart_png, report_pdf,
                                 students_csv, words_csv)
from .files.exports import file_name
from .files.word_lists import StudentWords, missing_by_language


class ClassPage(widgets.VBox):
    """One class at a time: its chart, the words it keeps missing, each student's words."""

    def __init__(self, book: ClassBook | None, *, lang: Language | None = None,
                 folder: str | Path = "class_reports") -> None:
        self.book, self.lang, self.folder = book, lang or language(), Path(folder)
        _ = self.lang._
        names = [entry.name for entry in book.classes()] if book is not None else []  # None: no store yet
        self.picker = widgets.Dropdown(options=names, description=_("Class"), value=names[0] if names else None)
        # A picture with its text alternative (ipywidgets' Image has none: a screen reader met a nameless image).
        self.chart = markup("", "inc-class-chart")
        self.summary = markup("", "inc-class-summary")
        self.students = markup("", "inc-class-students")
        self.files_button = widgets.Button(description=_("Write the CSV and PDF files"))
        self.delete_button = widgets.Button(description=_("Delete this class"), button_style="danger")
        self.student_picker = widgets.Dropdown(options=[], description=_("Student"))
        self.student_button = widgets.Button(description=_("Delete this student's data"), button_style="danger")
        self.said = markup("", "inc-class-said")
        self._confirming: str | None = None  # what the next click deletes: "class", or a student's name
        self.picker.observe(lambda change: self.choose(change["new"]), names="value")
        self.files_button.on_click(lambda _button: self.write_files())
        self.delete_button.on_click(lambda _button: self.delete())
        self.student_button.on_click(lambda _button: self.delete_student(self.student_picker.value))
        # The page's main landmark: the notebook's page holds nothing else, and nothing is left outside one.
        super().__init__([Landmark(role="main", box=".inc-class-page"), self.picker, self.summary, self.chart,
                          self.students,
                          widgets.HBox([self.files_button, self.delete_button]),
                          widgets.HBox([self.student_picker, self.student_button]), self.said])
        self.add_class("inc-class-page")
        if names:
            self.choose(names[0])
        else:
            self._no_class()

    def _no_class(self) -> None:
        self.chart.value, self.students.value = "", ""
        none_yet = self.lang._(NO_CLASS_YET)
        self.summary.value = f"<p>{safe(none_yet)}</p><code>{safe(ADD_A_CLASS)}</code>"
        for control in (self.files_button, self.delete_button, self.student_picker, self.student_button):
            control.disabled = True

    def choose(self, name: str | None) -> None:
        """Shows the class called ``name``."""
        self._confirming = None
        self.delete_button.description = self.lang._("Delete this class")
        self.student_button.description = self.lang._("Delete this student's data")
        if name is None:
            return
        if self.picker.value != name:
            self.picker.value = name  # observed: comes back here once
            return
        lang, record = self.lang, self.book.record(name)
        self.student_picker.options = self.book.students_of(name)
        try:
            check_games(record)
        except NoGameYet as error:  # nothing to report yet: say what to do, and offer no empty file
            self.summary.value = f"<p>{safe(lang.error(error))}</p>"
            self.chart.value, self.students.value, self.files_button.disabled = "", "", True
            return
        self.files_button.disabled = False
        games, keeps = lang.ngettext("{n} game", "{n} games", len(record.games)), lang._("Keeps missing:")
        lines = [_line(*line) for line in missing_by_language(record, lang)]
        said = "".join(f"<br>{line}" for line in lines) if len(lines) > 1 else f" {lines[0]}"  # a line a language
        self.summary.value = f"<h3>{safe(games)}</h3><p><b>{safe(keeps)}</b>{said}</p>"
        self.chart.value = picture_html(class_chart_png(record, lang), lang._(
            "{name}: how often each word was found", name=record.name),  # the chart's own title
            style="display: block; max-width: 100%; height: auto")
        said = StudentWords(record, lang)
        rows = "".join(
            "<tr>" + f"<th>{safe(row.student)}</th>" + "".join(
                "<td>" + "<br>".join(_line(*line) for line in said(words)) + "</td>" for words in (
                row.found_as_guesser, row.missed_as_guesser, row.found_as_artist, row.missed_as_artist)) + "</tr>"
            for row in student_rows(record))
        labels = ("", lang._("Found as guesser:"), lang._("Missed as guesser:"), lang._("Found as artist:"),
                  lang._("Missed as artist:"))
        heads = "".join(f"<th>{safe(text)}</th>" for text in labels)
        heading = lang._("Each student's words (for the teacher only)")
        self.students.value = f"<h3>{safe(heading)}</h3><table><tr>{heads}</tr>{rows}</table>"

    def write_files(self) -> list[Path]:
        """Writes the chosen class's words CSV, students CSV and PDF in the page's folder; returns them."""
        name = self.picker.value
        if name is None:
            return []
        record = self.book.record(name)
        if not record.games:
            return []
        self.folder.mkdir(parents=True, exist_ok=True)
        words, students, pdf = self._files(record.name)
        files = {words: words_csv(record, self.lang, calendar=self.book.calendar()).encode("utf-8-sig"),
                 students: students_csv(record, self.lang).encode("utf-8-sig"),
                 pdf: report_pdf(record, lang=self.lang)}
        for path, content in files.items():
            path.write_bytes(content)
            self.said.value = safe(self.lang._("Wrote {path}.", path=str(path)))
        return list(files)

    def _files(self, name: str, lang: Language | None = None) -> tuple[Path, Path, Path]:
        """Returns the paths :meth:`write_files` writes the class called ``name`` to, named
        in ``lang`` (default: the page's), as the report page's downloads."""
        stem, lang = file_name(name), lang or self.lang  # the class's name: its letters kept
        return tuple(self.folder / f"{stem} {saved_name(kind, lang)}"  # type: ignore[return-value]
                     for kind in ("words.csv", "students.csv", "report.pdf"))

    def _forget_files(self, name: str) -> list[Path]:
        """Deletes the files this page's folder holds for the class called ``name``, named in
        any language (the page may have been opened in another before); returns them."""
        named = dict.fromkeys(path for code in (self.lang.code, *LANGUAGES)
                              for path in self._files(name, language(code)))
        gone = [path for path in named if path.exists()]
        for path in gone:
            path.unlink()
        return gone

    def delete(self) -> bool:
        """Asks to confirm, then (on the second call) deletes the chosen class; returns whether it did."""
        name = self.picker.value
        if name is None:
            return False
        if self._confirming != "class":
            self.choose(name)
            self._confirming = "class"
            self.delete_button.description = self.lang._("Click again to delete {name} for good", name=name)
            return False
        late = None
        try:
            self.book.delete_class(name)
        except ErasureDelayed as delayed:  # done, but a page kept the names in the store's log
            late = delayed
        said = self.lang._("Deleted the class {name}, its first names and every record of its games.", name=name)
        if late is not None:
            said += " " + self.lang.error(late)
        if self._forget_files(name):  # the files written here name every student
            said += " " + self.lang._("Its files in {folder} are deleted too.", folder=str(self.folder))
        self.said.value = safe(said)
        options = [entry.name for entry in self.book.classes()]
        self.picker.options = options
        self.choose(options[0] if options else None)
        if not options:
            self._no_class()
        return True

    def delete_student(self, student: str | None) -> bool:
        """Asks to confirm, then (on the second call for the same student) deletes their data
        from the chosen class, as ``incognito-nb class delete-student`` does; returns whether it did."""
        name = self.picker.value
        if name is None or not student:
            return False
        if self._confirming != student:
            self.choose(name)
            self._confirming = student
            self.student_button.description = self.lang._("Click again to delete {name} for good", name=student)
            return False
        late = None
        try:
            student = self.book.delete_student(name, student)
        except ErasureDelayed as delayed:  # done, but a page kept the name in the store's log
            student, late = delayed.student or student, delayed
        except StoreError as error:  # the class's only student
            self.said.value = safe(self.lang.error(error))
            return False
        said = self.lang._(
            "Deleted {student} from the class {name}: their first name, and their drawings, cards and points "
            "in every record of its games; the tables that seated them are gone too.", student=student, name=name)
        if late is not None:
            said += " " + self.lang.error(late)
        if self._forget_files(name):  # written here before, they name the student: written again without
            self.write_files()
            said += " " + self.lang._("Its files in {folder} are written again without {student}.",
                                      folder=str(self.folder), student=student)
        self.said.value = safe(said)
        self.choose(name)
        return True


def class_page(store: str | None = None, *, lang: str | None = None) -> ClassPage:
    """Returns the class page for the classroom's store (``$INCOGNITO_NB_STORE`` or the default),
    in ``lang``, else the page's language as the dashboard finds it (``?lang=fr``, else
    ``$INCOGNITO_NB_LANGUAGE``). A store not made yet holds no class, and the page says so
    without making one."""
    from ..store.backends import default_store_url, made_yet, open_class_book
    from .dashboard import page_language

    url = store or default_store_url()
    return ClassPage(open_class_book(url) if made_yet(url) else None, lang=language(page_language(lang)))


def _line(label: str, code: str, words: str) -> str:
    """Returns a line of a list of words as HTML, the words in their language (for screen readers)."""
    return (f"<b>{safe(label)}</b> " if label else "") + f'<span lang="{html.escape(code)}">{safe(words)}</span>'
