"""How a class's report says its lists of words, in the teacher's language: the words the
class keeps missing and each student's words, a line for each language of the decks it played.

A line is (label, the words' language, the words said): a class that played decks of one
language gets one line without a label ("champú; sal"), one that played several a line per
language ("Spanish:", "es", "anillo; reloj"), the language of its latest game first.  What the
class keeps missing is labelled too where its one language is not the teacher's: a phone's
report said "Keeps missing: botella; campana" to an English teacher, the words' language in a
column of the table far off the phone's screen.  A page
puts each line's words in their language (``lang="es"``), so that a screen reader says them so.

The report page, the PDF and the notebook's class page say them alike; the figures are the
engine's (:mod:`incognito_nb.engine.class_report`).
"""

from __future__ import annotations

from typing import Iterable

from ...engine.class_record import ClassRecord
from ...engine.class_report import WordRow, by_language, deck_languages, missing_words, word_list, word_rows
from incognito_nb.ui.i18n import Language, same_language

#: A line of a list of words: its label ("" for a class of one language), the words' language, the words.
Line = tuple[str, str, str]


def missing_by_language(record: ClassRecord, lang: Language) -> list[Line]:
    """Returns what a report says of the words the class keeps missing, in ``lang``, a line
    for each language (see the module docstring); for a class that missed nothing, the
    sentence that says so (in ``lang``)."""
    lines = _lines(record, missing_words(record), lang, label_other=True)
    return lines or [("", lang.code, lang._("None: the class found every word in its latest drawing."))]


class StudentWords:
    """Says a student's list of words (``StudentRow.missed_as_guesser``...) as lines: each
    word once, alphabetically, under its deck's language (see the module docstring); no line
    for an empty list."""

    def __init__(self, record: ClassRecord, lang: Language) -> None:
        self.record, self.lang = record, lang
        self.rows = {row.word: row for row in word_rows(record)}

    def __call__(self, words: Iterable[str]) -> list[Line]:
        return _lines(self.record, [self.rows[word] for word in word_list(list(words))], self.lang)


def _lines(record: ClassRecord, rows: list[WordRow], lang: Language, *, label_other: bool = False) -> list[Line]:
    languages = deck_languages(record)
    labelled = len(languages) > 1 or (label_other and bool(languages) and not same_language(languages[0], lang.code))
    lines = []
    for code, group in by_language(record, rows):
        # Translators: before the words of a deck in one language, in a class's report ("Spanish: anillo; reloj").
        label = lang._("{language}:", language=lang.language_name(code)) if labelled else ""
        lines.append((label, code, lang.words([row.word for row in group])))
    return lines
