"""The class's report laid out for print (portrait A4): what ``class report --pdf`` writes.

The first page names the class and its games, lists the words the class keeps missing,
and shows every drawn word's share as a bar, hardest first; the pages after it, for the
teacher only, give each student's words found and missed as guesser and as artist.
"""

from __future__ import annotations

import datetime as dt

from babel.dates import format_date

from ...engine.class_record import ClassRecord
from ...engine.class_report import WordRow, by_language, deck_languages, student_rows, word_rows
from incognito_nb.ui.i18n import Language
from incognito_nb.ui.widgets.palette import FOUND_COLOR
from .lines import largest_size, width_of
from .word_lists import StudentWords, missing_by_language
from .sheet import MARGIN, MUTED, PAGE_HEIGHT, PAGE_WIDTH, Sheet, rgb

#: The chart's rows, mm apart; as close as ROW_CLOSEST where that keeps the chart on one page.
ROW, ROW_CLOSEST = 6.0, 5.0
WIDTH = PAGE_WIDTH - 2 * MARGIN
#: The labels of a student's words ("Missed as guesser:"): one size for all of them, whole, in a
#: column as wide as the longest needs; LABEL_SIZE, or smaller only where the longest would
#: pass LABEL_COLUMN mm (down to LABEL_SMALLEST).
LABEL_SIZE, LABEL_SMALLEST, LABEL_COLUMN = 9.5, 7.0, 70.0


def render_report(record: ClassRecord, *, lang: Language, date: dt.date) -> bytes:
    """Returns the report's PDF bytes (see the module docstring)."""
    pdf = Sheet()
    pdf.set_title(pdf.say(record.name))
    pdf.set_lang(lang.code)  # its sentences' language; each deck's words are marked in theirs
    pdf.add_page()
    y = MARGIN
    pdf.text_at(MARGIN, y, lang._("{name}: the words the class keeps missing", name=record.name),
                size=18, bold=True, width=WIDTH)
    y += 10
    pdf.text_at(MARGIN, y, lang.ngettext("{n} game, report of {date}", "{n} games, report of {date}",
                                         len(record.games), date=format_date(date, "long", locale=lang.code)),
                size=10, color=MUTED, width=WIDTH)
    y += 9
    pdf.text_at(MARGIN, y, lang._("Keeps missing:"), size=12, bold=True, width=WIDTH)
    y += 7
    for label, code, text in missing_by_language(record, lang):  # a line for each language of its decks
        if label:
            pdf.text_at(MARGIN, y, label, size=11, bold=True, width=WIDTH)
            y += 5.5
        pdf.set_xy(MARGIN, y)
        pdf.set_font(pdf.family, "", 11)
        with pdf.in_language(code):
            pdf.multi_cell(WIDTH, 5.5, pdf.say(text), align="L")  # a list: not stretched to the margin
        y = pdf.get_y() + 1.5
    y += 4.5
    pdf.text_at(MARGIN, y, lang._("Share of those who could find each word who found it, hardest first"),
                size=12, bold=True, width=WIDTH)
    y += 8
    word_width, count_width = 52.0, 34.0
    bar_width = WIDTH - word_width - count_width
    rows: list[WordRow | str] = [row for row in word_rows(record) if row.share is not None]
    if len(deck_languages(record)) > 1:  # each language's words together, under its name
        rows = [item for code, group in by_language(record, rows)
                for item in (lang.language_name(code), *group)]
    # A chart a few rows too long for the first page closes its rows up to stay on it: at
    # ROW apart, a class's 40 words put two of them alone on a page of their own.
    room = PAGE_HEIGHT - MARGIN - y
    step = room / len(rows) if rows and ROW_CLOSEST * len(rows) <= room < ROW * len(rows) else ROW
    for row in rows:
        if y + step > PAGE_HEIGHT - MARGIN + 0.01:
            pdf.add_page()
            y = MARGIN
        if isinstance(row, str):  # a language's name, above its words
            pdf.text_at(MARGIN, y + 0.8, row, size=10.5, bold=True, color=MUTED, width=WIDTH)
            y += step
            continue
        pdf.text_at(MARGIN, y + 0.8, row.word, size=10, bold=True, width=word_width - 2, language=row.language)
        pdf.set_fill_color(228, 228, 228)
        pdf.rect(MARGIN + word_width, y + 1, bar_width, step - 2, style="F")
        pdf.set_fill_color(*rgb(FOUND_COLOR))
        if row.share:
            pdf.rect(MARGIN + word_width, y + 1, bar_width * row.share / 100, step - 2, style="F")
        pdf.text_at(MARGIN + word_width + bar_width + 2, y + 0.8,
                    lang._("{found} of {could}", found=row.found, could=row.could), size=9.5,
                    width=count_width - 2)
        y += step
    _students(pdf, record, lang)
    return bytes(pdf.output())


def _students(pdf: Sheet, record: ClassRecord, lang: Language) -> None:
    pdf.add_page()
    y = MARGIN
    pdf.text_at(MARGIN, y, lang._("Each student's words (for the teacher only)"), size=15, bold=True, width=WIDTH)
    y += 10
    labels = (lang._("Found as guesser:"), lang._("Missed as guesser:"), lang._("Found as artist:"),
              lang._("Missed as artist:"))

    def widest(size: float) -> float:
        return max(width_of(pdf, label, size=size, bold=True) for label in labels)

    size = largest_size(widest, LABEL_COLUMN, largest=LABEL_SIZE, smallest=LABEL_SMALLEST)
    say = StudentWords(record, lang)
    column = max(40.0, widest(size) + 1)
    for row in student_rows(record):
        lines = list(zip(labels, (row.found_as_guesser, row.missed_as_guesser, row.found_as_artist,
                                  row.missed_as_artist)))
        if y > PAGE_HEIGHT - MARGIN - 30:
            pdf.add_page()
            y = MARGIN
        pdf.text_at(MARGIN, y, row.student, size=12, bold=True, width=WIDTH)
        y += 6.5
        for label, words in lines:
            pdf.text_at(MARGIN + 2, y, label, size=size, bold=True, width=column, min_size=size)
            pdf.set_xy(MARGIN + column + 4, y)
            pdf.set_font(pdf.family, "", 9.5)
            _words_lines(pdf, say(words), left=MARGIN + column + 4)
            y = max(pdf.get_y(), y + 4.6) + 0.6
        y += 3


def _words_lines(pdf: Sheet, lines, *, left: float, height: float = 4.6) -> None:
    """Writes a student's list of words from the cursor, a line a language ("Spanish: anillo;
    reloj"), wrapping under ``left``: each label in the report's language, each language's words
    marked in theirs (:meth:`~.sheet.Sheet.in_language`); "—" for none."""
    margin = pdf.l_margin
    pdf.set_left_margin(left)
    try:
        for number, (label, code, text) in enumerate(lines or [("", "", "—")]):
            if number:
                pdf.ln(height)
            if label:
                pdf.write(height, pdf.say(f"{label} "))
            with pdf.in_language(code):
                pdf.write(height, pdf.say(text))
        pdf.ln(height)
    finally:
        pdf.set_left_margin(margin)
