"""The names a game's files are saved under, in the page's language.

The files of a game over are known to the code by their English names (``poster.pdf``,
``drawings.zip``: the download links' CSS hooks say them), but a teacher on a French page
saves ``affiche.pdf`` and ``dessins.zip``, whose drawings are ``dessins/manche1_01_Ana.png``.
The server's dashboard, the classroom's teacher's desk and the static site all name their
files here, so the three say the same words; so do the results notebook's folder of files
and a class's files (``3B Español mots.csv``: the report page's downloads, the class page's).

>>> from incognito_nb.ui.i18n import language
>>> saved_name("poster.pdf", language("fr")), saved_name("drawings.zip", language("de"))
('affiche.pdf', 'Zeichnungen.zip')
>>> saved_name("notes.txt", language("es")), saved_name("words.csv", language("fr"))
('notes.txt', 'mots.csv')
"""

from __future__ import annotations

import re

from incognito_nb.ui.i18n import Language

def name_words(lang: Language) -> dict[str, str]:
    """Returns the word each of a game's files is named by, by its English name's stem (the
    catalogues' context says to translators: one word, no spaces)."""
    return {
        "poster": lang.pgettext("a file's name", "poster"),
        "results": lang.pgettext("a file's name", "results"),
        "vocabulary": lang.pgettext("a file's name", "vocabulary"),
        "drawings": lang.pgettext("a file's name", "drawings"),
        "round": lang.pgettext("a file's name", "round"),
        # A student's board, kept from a table gone from the store: "incognito-drawing.png".
        "drawing": lang.pgettext("a file's name", "drawing"),
        # A class's files, after the class's name: "3B Spanish words.csv".
        "words": lang.pgettext("a file's name", "words"),
        "students": lang.pgettext("a file's name", "students"),
        "report": lang.pgettext("a file's name", "report"),
        "export": lang.pgettext("a file's name", "export"),
    }


def _one_word(text: str, fallback: str) -> str:
    """Returns a translated word as a part of a file's name (letters of any language, digits
    and dashes; the rest becomes ``_``): a translator's space or slash cannot reach the disk."""
    return re.sub(r"[^\w-]+", "_", text).strip("_") or fallback


def saved_name(name: str, lang: Language) -> str:
    """Returns the name the file ``name`` (a game's file by its English name, or a folder:
    ``drawings``) is saved under in ``lang``; a name that is not a game's file stays as it is."""
    stem, dot, kind = name.partition(".")
    words = name_words(lang)
    if stem not in words or stem == "round":
        return name
    return _one_word(words[stem], stem) + dot + kind


def round_word(lang: Language) -> str:
    """Returns the word a drawing's file name starts with before its round's number
    (``round1_01_Ana.png``; ``manche1_01_Ana.png`` in French)."""
    return _one_word(name_words(lang)["round"], "round")
