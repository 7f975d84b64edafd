"""How a class's report says its lists of words, in the teacher's language: the words the
class keeps missing, a line for each language of the decks it played.

The report page, the PDF and the notebook's class page say them alike; the figures are the
engine's (:mod:`incognito_nb.engine.class_report`).
"""

from __future__ import annotations

from ...engine.class_record import ClassRecord
from ...engine.class_report import by_language, deck_languages, missing_words
from incognito_nb.ui.i18n import Language


def missing_by_language(record: ClassRecord, lang: Language) -> list[tuple[str, str, str]]:
    """Returns what a report says of the words the class keeps missing, in ``lang``: a line
    for each language of its decks, as (label, the words' language, the words said). A class
    that played decks of one language gets one line without a label ("champú; sal"), one
    that played several a line per language ("Spanish:", "es", "anillo; reloj"), the
    language of its latest game first; a class that missed nothing, the sentence that says
    so (in ``lang``)."""
    groups = by_language(record, missing_words(record))
    if not groups:
        return [("", lang.code, lang._("None: the class found every word in its latest drawing."))]
    if len(deck_languages(record)) == 1:
        return [("", groups[0][0], lang.words([row.word for row in groups[0][1]]))]
    # Translators: before the words of a deck in one language, in a class's report ("Spanish: anillo; reloj").
    return [(lang._("{language}:", language=lang.language_name(code)), code, lang.words([row.word for row in rows]))
            for code, rows in groups]
