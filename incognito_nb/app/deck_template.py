"""The template deck a teacher starts from (``incognito-nb deck template``), in their language.

Its comments explain the format in the language the teacher reads, and its sample words
come from the built-in deck of the deck's own language (the file name's, ``comida.es.csv``,
else the teacher's), so that the file, its words replaced, is a deck of that language; a
language with no built-in deck gets the English words, to replace.  The header row and the
kinds stay ``kind``, ``word``, ``hint``, ``object``, ``location``: every reader of a deck
knows them.  ``deck_template.csv`` beside this module is the English template, as written
here (a test keeps the two the same), for a teacher who opens the package's folder.
"""

from __future__ import annotations

import csv
import io
import re
import textwrap
from importlib import resources
from pathlib import Path

from ..engine import Deck
from ..engine.errors import N_
from incognito_nb.ui.i18n import LANGUAGES, Language, csv_delimiter, language, same_language

#: Words of each kind in the template: a full game for six players, no more.
SAMPLES = 18
#: How wide its comment lines are, "# " included.
WIDTH = 92

_ABOUT = N_("Incognito word deck: a template. Copy this file, give the deck a name and a language, replace the "
            "words with your own, and keep the header row (kind, word, hint). Save it as CSV UTF-8, then check it "
            "before class:")
_FIRST_LINES = N_("The next two lines give the deck's name and the language of its words (a short code: en, es, "
                  "fr, de, it, ...). Left out, the file name decides: animales.es.csv is Spanish.")
_NAME = N_("My class deck")
_ROWS = N_("One row per word. An \"object\" is a small thing a player hides in a drawing; a \"location\" is a "
           "scene big enough to hide it in. The hint column is optional: fill it, leave it empty, or delete it.")
_QUOTES = {",": N_("A word that contains a comma goes in double quotes: {example}."),
           ";": N_("A word that contains a semicolon goes in double quotes: {example}.")}
# Translators: two words that make one, in a deck's template: 'object,"salt, pepper"'.
_SALT, _PEPPER = N_("salt"), N_("pepper")
_SKIPPED = N_("Lines that start with # and empty lines are skipped. Each word may appear only once.")
_HOW_MANY = N_("How many words? A game has 3 rounds and lays out 6 objects each round, so it needs 18 objects; "
               "every player gets a location each round, so 6 players need 18 locations (3 players need 9). More "
               "words make each game different.")
# Translators: a hint in a deck's template, for its first object ("key"), in the deck's language.
_KEY_HINT = N_("small and made of metal")
# Translators: a hint in a deck's template, for its first location ("kitchen"), in the deck's language.
_KITCHEN_HINT = N_("where food is cooked")


def template_path() -> Path:
    """Returns the path of the English template deck that ships with the package."""
    return Path(str(resources.files("incognito_nb.app") / "deck_template.csv"))


def sample_deck(code: str) -> Deck:
    """Returns the built-in deck whose words the template of a deck in language ``code``
    shows: the first of that language (the default deck for English), else the default."""
    for deck_id in Deck.builtin_names():
        deck = Deck.builtin(deck_id)
        if same_language(deck.language, code):
            return deck
    return Deck.builtin()


def template_text(lang: Language | None = None, deck_language: str | None = None, *,
                  command: str = "incognito-nb deck check my_deck.csv") -> str:
    """Returns the template deck as a teacher reading ``lang`` opens it in a spreadsheet: its
    comments in ``lang``, its words those of :func:`sample_deck` for ``deck_language``
    (default: ``lang``'s), its columns separated by
    :func:`~incognito_nb.ui.i18n.csv_delimiter` (``kind;word;hint`` in Spanish, French and
    German), as the class's exports.  ``command`` is the check it tells the teacher to run."""
    lang = lang or language()
    code = deck_language or (lang.code if lang.code in LANGUAGES else "en")
    between = csv_delimiter(lang)
    example = 'object{0}"{1}{0} {2}"'.format(between, lang._(_SALT), lang._(_PEPPER))
    rows_and_quotes = " ".join((lang._(_ROWS), lang._(_QUOTES[between], example=example)))
    lines = [*_comment(lang._(_ABOUT)), "#     " + command, "#", *_comment(lang._(_FIRST_LINES)),
             "# name: " + lang._(_NAME), "# language: " + code, "#",
             *_comment(rows_and_quotes), *_comment(lang._(_SKIPPED)), "#", *_comment(lang._(_HOW_MANY))]
    deck = sample_deck(code)
    hints = language(deck.language) if deck.language in LANGUAGES else language()
    rows = [("kind", "word", "hint")]
    for kind, words, hint in (("object", deck.objects, _KEY_HINT), ("location", deck.locations, _KITCHEN_HINT)):
        rows += [(kind, word, hints._(hint) if n == 0 else "") for n, word in enumerate(words[:SAMPLES])]
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=between, lineterminator="\n").writerows(rows)
    return "\n".join(lines) + "\n" + buffer.getvalue()


def _comment(paragraph: str) -> list[str]:
    """Returns a paragraph as comment lines, never broken inside a word, at a no-break space
    or inside double quotes: a spreadsheet would read a line that opens a quote and the next
    as one cell, and write them back as one line."""
    glued = re.sub(r'"[^"]*"', lambda quoted: quoted.group().replace(" ", "\0"), paragraph)
    return ["# " + line.replace("\0", " ")
            for line in textwrap.wrap(glued, WIDTH - 2, break_long_words=False, break_on_hyphens=False)]
