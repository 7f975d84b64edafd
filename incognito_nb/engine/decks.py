"""Word decks: the secret objects and public locations a game deals from.

A teacher can play with a built-in deck or upload their own word list, so this module
turns a small CSV file into an immutable :class:`Deck` and refuses a bad file with a
:class:`~incognito_nb.engine.errors.DeckError` that names every faulty line at once.
It also checks, before a game starts, that a deck holds enough words: no card is dealt
twice in one game, so a game needs ``rounds x 6`` objects and ``rounds x players``
locations.

The file format, one word per row after a ``kind,word`` header::

    # name: Around the house
    # language: en
    kind,word,hint
    object,key,small and made of metal
    location,kitchen,

A deck without those comment lines takes its name from the file name, and its language
from a two-letter code just before ``.csv`` if there is one (``animales.es.csv`` is the
Spanish deck "animales"); otherwise the language is English.

>>> deck = parse_deck(b"kind,word\\nobject,Key\\nlocation,  Living   room\\n", "my_words.csv")
>>> deck.objects, deck.locations, deck.name, deck.language
(('Key',), ('Living room',), 'my words', 'en')
>>> deck = parse_deck("kind,word\\nobject,llave\\nlocation,cocina\\n", "en_casa.es.csv")
>>> deck.name, deck.language
('en casa', 'es')
"""

from __future__ import annotations

import csv
import functools
import os
import re
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Mapping, NoReturn

from .errors import DeckError

#: Largest deck file accepted, in bytes: far more than any word list needs.
MAX_DECK_BYTES = 1_000_000
#: Longest word accepted, in characters, so that it fits on a card and a voting button.
MAX_WORD_LENGTH = 40
#: Longest deck name accepted from a ``# name:`` line.
MAX_NAME_LENGTH = 60
#: The built-in deck dealt when the teacher picks none.
DEFAULT_DECK = "everyday"
#: Player counts a deck's capacity is reported for (the table holds 3 to 6 players).
MIN_PLAYERS = 3

KINDS = ("object", "location")
_SETTING = re.compile(r"#\s*(name|language)\s*:(.*)\Z", re.IGNORECASE)
_LANGUAGE = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*\Z")
# A language in a file name is two letters (and perhaps a region) before ".csv", as in
# "animales.es.csv" or "words.en-GB.csv": three letters would read "deck.old.csv" as a language.
_LANGUAGE_IN_NAME = re.compile(r"(?P<stem>.+)\.(?P<code>[A-Za-z]{2}(?:[-_][A-Za-z]{2})?)\Z")
#: The language a deck is in when neither its file nor its file name says.
DEFAULT_LANGUAGE = "en"
# Not str.splitlines(): it also breaks lines on control characters, which words must not hide.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_MAX_LISTED_ERRORS = 25


@dataclass(frozen=True)
class Deck:
    """A deck of object and location words; equal decks hold the same words, name and language.

    ``notes`` maps a word to the further columns of its CSV row (``{"hint": ...}``); it
    and ``source``, the file the deck was read from, are kept but not compared.
    """

    objects: tuple[str, ...]
    locations: tuple[str, ...]
    name: str = "Custom deck"
    language: str = "en"
    notes: Mapping[str, Mapping[str, str]] = field(default_factory=dict, compare=False)
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        """Freezes the word lists and notes, and refuses a word dealt twice.

        :raises DeckError: if a word is not a non-empty string or appears twice.
        """
        objects, locations = tuple(self.objects), tuple(self.locations)
        seen: set[str] = set()
        for word in objects + locations:
            if not isinstance(word, str) or not word.strip():
                _fail(f"A deck word must be a non-empty string, not {word!r}.")
            if word.casefold() in seen:
                _fail(f"{word!r} appears twice in the deck; each word may appear only once.")
            seen.add(word.casefold())
        notes = {word: MappingProxyType(dict(n)) for word, n in dict(self.notes).items()}
        object.__setattr__(self, "objects", objects)
        object.__setattr__(self, "locations", locations)
        object.__setattr__(self, "notes", MappingProxyType(notes))

    def __repr__(self) -> str:
        """Returns a ``Deck(...)`` expression that evaluates to an equal deck, notes included."""
        fields = [f"objects={self.objects!r}", f"locations={self.locations!r}",
                  f"name={self.name!r}", f"language={self.language!r}"]
        if self.notes:
            fields.append(f"notes={ {word: dict(n) for word, n in self.notes.items()} !r}")
        if self.source:
            fields.append(f"source={self.source!r}")
        return f"Deck({', '.join(fields)})"

    @classmethod
    def builtin(cls, name: str | None = None) -> Deck:
        """Returns the built-in deck with this short id (see :meth:`builtin_names`), or the default.

        :raises DeckError: if no built-in deck has that id; the message lists the ids there are.
        """
        key = DEFAULT_DECK if name is None else name.strip().casefold()
        if key not in Deck.builtin_names():
            available = ", ".join(repr(n) for n in Deck.builtin_names())
            _fail(f"There is no built-in deck called {name!r}; choose one of {available}.")
        return _load_builtin(key)

    @staticmethod
    def builtin_names() -> tuple[str, ...]:
        """Returns the short ids of the built-in decks: the default deck first, then the
        other decks in its language, then the rest grouped by language."""
        return _builtin_ids()

    def check_fits(self, players: int, rounds: int, lineup_size: int = 6) -> None:
        """Checks that the deck can deal a whole game without dealing any card twice.

        Every round lays out ``lineup_size`` objects (the players' own and decoys) and
        gives each player a location.

        :raises DeckError: if the deck has too few objects or locations; the message names
            the counts needed and available.
        """
        needs_objects, needs_locations = rounds * lineup_size, rounds * players
        if len(self.objects) >= needs_objects and len(self.locations) >= needs_locations:
            return
        has_objects, has_locations = len(self.objects), len(self.locations)
        _fail(
            f"The deck {self.name!r} is too small for {_count(players, 'player')} "
            f"and {_count(rounds, 'round')}: it needs {_count(needs_objects, 'object')} "
            f"and {_count(needs_locations, 'location')}, and has {_count(has_objects, 'object')} "
            f"and {_count(has_locations, 'location')}. Add words to the deck or play fewer rounds."
        )

    def capacity(self, lineup_size: int = 6, max_players: int = 6) -> dict[int, int]:
        """Returns how many rounds the deck can deal for each player count, 3 to ``max_players``."""
        return {
            players: min(len(self.objects) // lineup_size, len(self.locations) // players)
            for players in range(MIN_PLAYERS, max_players + 1)
        }


def parse_deck(data: bytes | str, source: str = "deck.csv") -> Deck:
    """Returns the deck a CSV file holds, given its contents; ``source`` names it in messages.

    :raises DeckError: if the file is too big, not UTF-8 text, lacks the ``kind,word``
        header, has a faulty row, or has no objects or no locations. Its ``errors``
        attribute lists every problem found, one message each.
    """
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > MAX_DECK_BYTES:
        _fail(_too_big(source, size))
    text = data if isinstance(data, str) else _decode(data, source)
    text = text.removeprefix("\ufeff")

    settings = {"name": "", "language": ""}
    errors: list[str] = []
    columns: dict[str, int] | None = None
    delimiter = ","
    words: dict[str, list[str]] = {kind: [] for kind in KINDS}
    first_line: dict[str, int] = {}  # casefolded word -> the line it first appears on
    notes: dict[str, dict[str, str]] = {}

    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        stripped = line.strip()
        if stripped.startswith("#"):
            _read_setting(stripped, f"{source}:{number}", settings, errors)
            continue
        if not stripped:
            continue
        if columns is None:
            columns, delimiter = _read_header(line, f"{source}:{number}")
            continue
        try:
            cells = next(csv.reader([line], delimiter=delimiter, strict=True))
        except csv.Error:
            errors.append(f"{source}:{number}: the double quotes on this line do not pair up; "
                          'put a word that contains a comma in double quotes, like "salt, pepper".')
            continue
        if not any(cell.strip() for cell in cells):
            continue  # spreadsheets save empty rows as ",,"
        row = _row(cells, columns, f"{source}:{number}", delimiter, errors)
        if row is None:
            continue
        kind, word, extra = row
        previous = first_line.setdefault(word.casefold(), number)
        if previous != number:
            errors.append(f"{source}:{number}: {word!r} is already on line {previous}; "
                          "each word may appear only once.")
            continue
        if kind is not None:
            words[kind].append(word)
            if extra:
                notes[word] = extra

    if columns is None:
        _fail(f"{source}:1: the file has no rows; the first row must be the header kind,word "
              "followed by one row per word, like object,key.")
    for kind, example in (("object", "object,key"), ("location", "location,kitchen")):
        if not words[kind]:
            errors.append(f"{source}: the deck has no {kind}s; add rows like {example}.")
    if errors:
        summary = f"{source} has {_count(len(errors), 'problem')}; fix them and try again:"
        listed = errors[:_MAX_LISTED_ERRORS]
        more = [f"... and {len(errors) - len(listed)} more."] if len(errors) > len(listed) else []
        _fail("\n".join([summary, *listed, *more]), errors)
    stem, language_in_name = _split_file_name(source)
    return Deck(
        objects=tuple(words["object"]),
        locations=tuple(words["location"]),
        name=settings["name"] or _readable_stem(stem),
        language=settings["language"] or language_in_name or DEFAULT_LANGUAGE,
        notes=notes,
        source=source,
    )


def load_deck(path: str | os.PathLike) -> Deck:
    """Returns the deck read from a CSV file, named in messages by its file name.

    :raises DeckError: if the file cannot be read, is too big, or is not a valid deck
        (see :func:`parse_deck`).
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_DECK_BYTES:
            _fail(_too_big(path.name, size))
        with path.open("rb") as file:
            data = file.read(MAX_DECK_BYTES + 1)  # the file may have grown since stat()
    except OSError as err:
        _fail(f"{path.name}: the file cannot be read ({err.strerror or err}); "
              "check the path and try again.")
    return parse_deck(data, source=path.name)


def _builtin_folder():
    return resources.files(__package__) / "word_decks"


@functools.lru_cache(maxsize=None)
def _builtin_ids() -> tuple[str, ...]:
    stems = sorted(p.name.removesuffix(".csv") for p in _builtin_folder().iterdir()
                   if p.name.endswith(".csv"))
    home = _load_builtin(DEFAULT_DECK).language

    def order(stem: str) -> tuple[bool, bool, str, str]:
        language = _load_builtin(stem).language
        return stem != DEFAULT_DECK, language != home, language, stem

    return tuple(sorted(stems, key=order))


@functools.lru_cache(maxsize=None)
def _load_builtin(key: str) -> Deck:
    resource = _builtin_folder() / f"{key}.csv"
    return parse_deck(resource.read_bytes(), source=resource.name)


def _fail(message: str, errors: list[str] | None = None) -> NoReturn:
    # Every DeckError from this module carries the list of its problems, for the dashboard to show.
    err = DeckError(message)
    err.errors = list(errors) if errors is not None else [message]
    raise err


def _too_big(source: str, size: int) -> str:
    return (f"{source}: the file is {size:,} bytes; a deck may be at most {MAX_DECK_BYTES:,} "
            "bytes. Keep only the word list in it.")


def _decode(data: bytes, source: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        _fail(f"{source}: the file is UTF-16 text; save it as 'CSV UTF-8 (comma delimited)' "
              "and try again.")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[: err.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        line = before.count(b"\n") + 1
        _fail(f"{source}:{line}: line {line} is not UTF-8 text (byte 0x{data[err.start]:02x}); "
              "save the file as 'CSV UTF-8 (comma delimited)' and try again.")


def _read_setting(comment: str, where: str, settings: dict[str, str], errors: list[str]) -> None:
    match = _SETTING.match(comment)
    if not match:
        return
    key, value = match.group(1).casefold(), " ".join(match.group(2).split())
    if not value:
        return  # a blank setting, as in the template: the file name decides
    if key == "name" and len(value) > MAX_NAME_LENGTH:
        errors.append(f"{where}: the deck name is {len(value)} characters long; "
                      f"keep it to {MAX_NAME_LENGTH}.")
    elif key == "language" and not _LANGUAGE.match(value):
        errors.append(f"{where}: {value!r} is not a language code; "
                      "write a short code such as 'en' or 'es'.")
    elif key == "language":
        primary, _, rest = value.partition("-")
        settings[key] = primary.casefold() + ("-" + rest if rest else "")
    else:
        settings[key] = value


def _read_header(line: str, where: str) -> tuple[dict[str, int], str]:
    # Spreadsheets in countries that write decimal commas save CSV with semicolons.
    for delimiter in (",", ";"):
        try:
            names = [c.strip().casefold() for c in next(csv.reader([line], delimiter=delimiter))]
        except csv.Error:
            continue
        if "kind" in names and "word" in names:
            columns: dict[str, int] = {}
            for index, name in enumerate(names):
                if name in columns:
                    _fail(f"{where}: the header names the column {name!r} twice; "
                          "give each column its own name.")
                if name:
                    columns[name] = index
            return columns, delimiter
    _fail(f"{where}: the first row must be the header kind,word (more columns, like hint, "
          f"may follow), not {line.strip()[:60]!r}. Add that row at the top of the file.")


def _row(cells: list[str], columns: dict[str, int], where: str, delimiter: str,
         errors: list[str]) -> tuple[str | None, str, dict[str, str]] | None:
    """Returns the kind (None if unknown), word and notes of a row; None if the word is unusable."""
    width = max(columns.values()) + 1
    if any(cell.strip() for cell in cells[width:]):
        separator = "comma" if delimiter == "," else "semicolon"
        errors.append(f"{where}: the row has {len(cells)} values but the header only {width}; "
                      f"put a word that contains a {separator} in double quotes.")
        return None

    def cell(name: str) -> str:
        return cells[columns[name]].strip() if columns[name] < len(cells) else ""

    kind_cell, raw = cell("kind"), cell("word")
    kind: str | None = kind_cell.casefold()
    if kind not in KINDS:
        errors.append(f"{where}: unknown kind {kind_cell!r}; "
                      "the kind must be 'object' or 'location'.")
        kind = None
    if not raw:
        errors.append(f"{where}: the word is empty; write a word or delete the row.")
        return None
    control = [ch for ch in raw if unicodedata.category(ch) in ("Cc", "Cs")]
    if control:
        errors.append(f"{where}: the word {raw!r} contains a control character ({control[0]!r}); "
                      "retype the word without it.")
        return None
    word = " ".join(raw.split())
    if len(word) > MAX_WORD_LENGTH:
        errors.append(f"{where}: the word {word[:20] + '...'!r} is {len(word)} characters long; "
                      f"keep words to {MAX_WORD_LENGTH} characters.")
        return None
    extra = {name: cell(name) for name in columns if name not in ("kind", "word") and cell(name)}
    return kind, word, extra


def _split_file_name(source: str) -> tuple[str, str]:
    """Returns a file name's stem and the language code at its end ('' if none)."""
    stem = Path(source).stem
    match = _LANGUAGE_IN_NAME.match(stem)
    if not match:
        return stem, ""
    code = match.group("code").replace("_", "-")
    primary, _, region = code.partition("-")
    return match.group("stem"), primary.casefold() + ("-" + region.upper() if region else "")


def _readable_stem(stem: str) -> str:
    return " ".join(re.sub(r"[_\-]+", " ", stem).split()) or "Custom deck"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
