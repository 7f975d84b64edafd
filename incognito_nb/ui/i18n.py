"""The dashboard's words in English, Spanish and French, chosen at setup.

A language class plays the game in the language it is learning, but the instructions
should be in one everybody reads: the interface language is therefore independent of
the deck's.  Every sentence the widgets show is a template here, looked up with
:func:`t` in the current language; English is the reference, and a test checks that
each catalogue has exactly its keys and placeholders.  Values put into a template that
ends up in HTML are escaped by the caller (:func:`~incognito_nb.ui.widgets.text.safe`) first.

>>> with speaking("es"):
...     t("podium.wins", names="Ana")
'¡Ana gana!'
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from incognito_nb.ui._catalogue_en import EN
from incognito_nb.ui._catalogue_es import ES
from incognito_nb.ui._catalogue_fr import FR

#: The interface languages, each named in its own language (as the setup dropdown shows them).
LANGUAGES = {"en": "English", "es": "Español", "fr": "Français"}
CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "es": ES, "fr": FR}
DEFAULT_LANGUAGE = "en"

_current = DEFAULT_LANGUAGE


def check_language(code: object) -> str:
    """Returns ``code`` as a known language code (case and spaces ignored).

    :raises ValueError: if it is not one of :data:`LANGUAGES`.
    """
    cleaned = str(code or "").strip().lower()
    if cleaned not in LANGUAGES:
        raise ValueError(f"the interface speaks {', '.join(LANGUAGES)}, not {str(code)!r:.20}")
    return cleaned


def set_language(code: str) -> None:
    """Makes ``code`` ("en", "es" or "fr") the language of every widget built from now on.

    :raises ValueError: if the language is not one of :data:`LANGUAGES`.
    """
    global _current
    _current = check_language(code)


def language() -> str:
    """Returns the current interface language code."""
    return _current


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speaks ``code`` inside the ``with`` block, then the language spoken before."""
    before = _current
    set_language(code)
    try:
        yield
    finally:
        set_language(before)


def t(key: str, **values: object) -> str:
    """Returns the sentence ``key`` in the current language, with ``values`` filled in.

    A key missing from a catalogue falls back to English (the tests keep none missing).

    :raises KeyError: if no catalogue knows ``key``.
    """
    template = CATALOGUES[_current].get(key)
    if template is None:
        template = EN[key]
    return template.format(**values) if values else template


def count(n: int, noun: str) -> str:
    """Returns ``n`` with its noun in the right number: "1 point", "2 points", "0 point" in French.

    ``noun`` names a pair of keys ``count.<noun>.one`` and ``count.<noun>.other``.
    """
    one = n == 1 or (_current == "fr" and n == 0)
    return t(f"count.{noun}.{'one' if one else 'other'}", n=n)


def ordinal(place: int) -> str:
    """Returns a place said as a rank: 1st, 2nd (English); 1.º, 2.º (Spanish); 1er, 2e (French)."""
    if _current == "es":
        return f"{place}.º"
    if _current == "fr":
        return "1er" if place == 1 else f"{place}e"
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def said_together(names: list[str] | tuple[str, ...]) -> str:
    """Returns names joined as a sentence says them: "Ana", "Ana and Ben", "Ana, Ben and Cleo".

    The names are joined as given: escape them first when the result goes into HTML.
    """
    names = list(names)
    if len(names) == 1:
        return names[0]
    return t("join.and", first=", ".join(names[:-1]), last=names[-1])


def refusal(error: Exception) -> str:
    """Returns an engine refusal in the current language.

    In English the engine's own precise message; otherwise one sentence per broken rule
    (``error.rule``), since the engine speaks only English.
    """
    rule = getattr(error, "rule", None)
    if _current == DEFAULT_LANGUAGE or f"rule.{rule}" not in EN:
        return str(error)
    return t(f"rule.{rule}")
