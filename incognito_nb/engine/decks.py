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

from .errors import N_, DeckError, Message, Quoted, quoted

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
# A teacher may retype the header and the kinds in the class's language: 'type;mot', 'objet;clé'.
_HEADER_NAMES = {"type": "kind", "genre": "kind", "art": "kind", "typ": "kind", "tipo": "kind", "clase": "kind",
                 "mot": "word", "wort": "word", "palabra": "word"}
_KIND_NAMES = {"objet": "object", "objeto": "object", "gegenstand": "object", "objekt": "object",
               "lieu": "location", "lugar": "location", "ort": "location"}
_SETTING = re.compile(r"#\s*(name|language)\s*:(.*)\Z", re.IGNORECASE)
_LANGUAGE = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*\Z")
# A language in a file name is two letters (and perhaps a region) before ".csv", as in
# "animales.es.csv" or "words.en-GB.csv": three letters would read "deck.old.csv" as a language.
_LANGUAGE_IN_NAME = re.compile(r"(?P<stem>.+)\.(?P<code>[A-Za-z]{2}(?:[-_][A-Za-z]{2})?)\Z")
#: The language a deck is in when neither its file nor its file name says.
DEFAULT_LANGUAGE = "en"
# Not str.splitlines(): it also breaks lines on control characters, which words must not hide.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
#: A problem on one line of a deck file, and one of the file as a whole ("words.csv:4: ...").
AT_LINE = N_("{source}:{line}: {problem}")
IN_FILE = N_("{source}: {problem}")
#: The problem of a word that an earlier line already holds.
ALREADY_ON_LINE = N_("{word} is already on line {previous}; each word may appear only once.")


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
                _fail(Message(N_("A deck word must be a non-empty string, not {word}."), word=quoted(word)))
            if word.casefold() in seen:
                _fail(Message(N_("{word} appears twice in the deck; each word may appear only once."),
                              word=Quoted(word)))
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
            _fail(Message(N_("There is no built-in deck called {name}; choose one of {available}."),
                          name=repr(name), available=available))
        return _load_builtin(key)

    @staticmethod
    def builtin_names() -> tuple[str, ...]:
        """Returns the short ids of the built-in decks: the default deck first, then the
        other decks in its language, then the rest grouped by language."""
        return _builtin_ids()

    def check_fits(self, players: int, rounds: int, lineup_size: int = 6, *, rounds_chosen: bool = True) -> None:
        """Checks that the deck can deal a whole game without dealing any card twice.

        Every round lays out ``lineup_size`` objects (the players' own and decoys) and
        gives each player a location.  ``rounds_chosen`` says whether whoever reads the
        message can choose fewer rounds (a new classroom table can; table mode plays three,
        and Play again keeps the table's rounds): the message advises it only then, and else
        another deck.

        :raises DeckError: if the deck has too few objects or locations; the message names
            the counts needed and available.
        """
        needs_objects, needs_locations = rounds * lineup_size, rounds * players
        if len(self.objects) >= needs_objects and len(self.locations) >= needs_locations:
            return
        has_objects, has_locations = len(self.objects), len(self.locations)
        _fail(Message(
            N_("The deck '{name}' is too small for {players} and {rounds}: it needs {objects} and {locations}, "
               "and has {has_objects} and {has_locations}. Add words to the deck or play fewer rounds.")
            if rounds_chosen else
            N_("The deck '{name}' is too small for {players} and {rounds}: it needs {objects} and {locations}, "
               "and has {has_objects} and {has_locations}. Add words to the deck, or choose another deck."),
            name=self.name, players=players_count(players), rounds=rounds_count(rounds),
            objects=objects_count(needs_objects), locations=locations_count(needs_locations),
            has_objects=objects_count(has_objects), has_locations=locations_count(has_locations),
        ))

    def capacity(self, lineup_size: int = 6, max_players: int = 6) -> dict[int, int]:
        """Returns how many rounds the deck can deal for each player count, 3 to ``max_players``."""
        return {
            players: min(len(self.objects) // lineup_size, len(self.locations) // players)
            for players in range(MIN_PLAYERS, max_players + 1)
        }


def parse_deck(data: bytes | str, source: str = "deck.csv", *, language: str = DEFAULT_LANGUAGE) -> Deck:
    """Returns the deck a CSV file holds, given its contents; ``source`` names it in messages.
    ``language`` is the deck's language when neither the file nor its name says one (a French
    teacher's page reads a word list that says none as French).

    :raises DeckError: if the file is too big, not UTF-8 text, lacks the ``kind,word``
        header, has a faulty row, or has no objects or no locations. Its ``errors``
        attribute lists every problem found, one message each.
    """
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > MAX_DECK_BYTES:
        _fail(_too_big(source, size))
    text = data if isinstance(data, str) else _decode(data, source, language)
    text = text.removeprefix("\ufeff")

    settings = {"name": "", "language": ""}
    errors: list[Message] = []
    columns: dict[str, int] | None = None
    delimiter = ","
    words: dict[str, list[str]] = {kind: [] for kind in KINDS}
    first_line: dict[str, int] = {}  # casefolded word -> the line it first appears on
    notes: dict[str, dict[str, str]] = {}

    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        stripped = line.strip()
        comment = _comment(stripped)
        if comment is not None:
            _read_setting(comment, source, number, settings, errors)
            continue
        if not stripped.strip(",;"):
            continue  # an empty row, as a spreadsheet saves it (",," or ";;") before the header too
        if columns is None:
            columns, delimiter = _read_header(line, source, number)
            continue
        try:
            cells = next(csv.reader([line], delimiter=delimiter, strict=True))
        except csv.Error:
            errors.append(at_line(source, number, Message(N_(
                "the double quotes on this line do not pair up; put a word that contains a comma "
                'in double quotes, like "salt, pepper".'))))
            continue
        if not any(cell.strip() for cell in cells):
            continue  # spreadsheets save empty rows as ",,"
        row = _row(cells, columns, source, number, delimiter, errors)
        if row is None:
            continue
        kind, word, extra = row
        previous = first_line.setdefault(word.casefold(), number)
        if previous != number:
            errors.append(at_line(source, number, Message(ALREADY_ON_LINE, word=Quoted(word), previous=str(previous))))
            continue
        if kind is not None:
            words[kind].append(word)
            if extra:
                notes[word] = extra

    if columns is None:
        _fail(at_line(source, 1, Message(N_("the file has no rows; the first row must be the header kind,word "
                                           "followed by one row per word, like object,key."))))
    if not words["object"]:
        errors.append(in_file(source, Message(N_("the deck has no objects; add rows like object,key."))))
    if not words["location"]:
        errors.append(in_file(source, Message(N_("the deck has no locations; add rows like location,kitchen."))))
    if errors:
        summary = Message(N_("{source} has {problems}; fix them and try again:"), source=source,
                          problems=Message.ngettext("{n} problem", "{n} problems", len(errors)))
        _fail(summary, errors)
    stem, language_in_name = _split_file_name(source)
    return Deck(
        objects=tuple(words["object"]),
        locations=tuple(words["location"]),
        name=settings["name"] or _readable_stem(stem),
        language=settings["language"] or language_in_name or language,
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
        _fail(in_file(path.name, Message(N_("the file cannot be read ({reason}); check the path and try again."),
                                         reason=str(err.strerror or err))))
    return parse_deck(data, source=path.name)


def deck_folder() -> Path:
    """Returns the folder a teacher's decks are saved in (the deck editor's *Save deck*):
    ``$INCOGNITO_NB_DECKS``, or ``incognito-decks`` in the user's home."""
    return Path(os.environ.get("INCOGNITO_NB_DECKS") or Path.home() / "incognito-decks")


def saved_decks(folder: str | os.PathLike | None = None, *,
                besides: str | os.PathLike | None = None) -> dict[str, Deck]:
    """Returns the decks saved in ``folder`` (default :func:`deck_folder`), by file name in
    alphabetical order, ``besides`` (a deck already offered) left out.  A file that is not a
    good deck is passed over: the editor saves only good ones, and a form offers only decks."""
    folder = Path(folder) if folder is not None else deck_folder()
    skip = Path(besides).resolve() if besides else None
    try:
        files = sorted((path for path in folder.iterdir() if path.suffix.casefold() == ".csv"),
                       key=lambda path: path.name.casefold())
    except OSError:  # no folder yet: no deck saved
        return {}
    decks = {}
    for path in files:
        if path.resolve() == skip:
            continue
        try:
            decks[path.name] = load_deck(path)
        except DeckError:
            continue
    return decks


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


def _fail(message: Message, problems: list[Message] | None = None) -> NoReturn:
    # Every DeckError from this module carries the list of its problems, for the dashboard to show.
    raise DeckError(message, problems=problems)


def at_line(source: str, line: int, problem: Message) -> Message:
    """Returns ``problem`` said of line ``line`` of the file ``source`` ("words.csv:4: ...")."""
    return Message(AT_LINE, source=source, line=str(line), problem=problem)


def in_file(source: str, problem: Message) -> Message:
    """Returns ``problem`` said of the file ``source`` as a whole ("words.csv: ...")."""
    return Message(IN_FILE, source=source, problem=problem)


def players_count(n: int) -> Message:
    """Returns "3 players" (or "1 player"), to be said in any language."""
    return Message.ngettext("{n} player", "{n} players", n)


def rounds_count(n: int) -> Message:
    """Returns "3 rounds" (or "1 round"), to be said in any language."""
    return Message.ngettext("{n} round", "{n} rounds", n)


def objects_count(n: int) -> Message:
    """Returns "18 objects" (or "1 object"), to be said in any language."""
    return Message.ngettext("{n} object", "{n} objects", n)


def locations_count(n: int) -> Message:
    """Returns "18 locations" (or "1 location"), to be said in any language."""
    return Message.ngettext("{n} location", "{n} locations", n)


def _too_big(source: str, size: int) -> Message:
    return in_file(source, Message(N_("the file is {size} bytes; a deck may be at most {limit} bytes. "
                                      "Keep only the word list in it."), size=size, limit=MAX_DECK_BYTES))


#: How a spreadsheet's own file begins: a ZIP (.xlsx, .ods) or an OLE file (.xls).
WORKBOOK_STARTS = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")


def _decode(data: bytes, source: str, language: str = DEFAULT_LANGUAGE) -> str:
    if data.startswith(WORKBOOK_STARTS):
        _fail(in_file(source, Message(N_("the file is a spreadsheet's own file (.xlsx, .ods or .xls), not CSV "
                                         "text; in the spreadsheet, save it as 'CSV UTF-8 (comma delimited)' and "
                                         "upload that file."))))
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # Excel's "Unicode Text", LibreOffice's UTF-16 CSV
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    if b"\x00" in data:  # UTF-16 without its mark, or a cut one: no text file holds NUL bytes
        _fail(in_file(source, Message(N_("the file is UTF-16 text; save it as 'CSV UTF-8 (comma delimited)' "
                                         "and try again."))))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        windows = _windows_text(data, source, language)
        if windows is not None:
            return windows
        before = data[: err.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        line = before.count(b"\n") + 1
        _fail(at_line(source, line, Message(
            N_("line {line} is not UTF-8 text (byte {byte}); save the file as 'CSV UTF-8 (comma delimited)' "
               "and try again."), line=str(line), byte=f"0x{data[err.start]:02x}")))


def _comment(line: str) -> str | None:
    """Returns a comment line's text ('# name: Fruit'), else None.

    A spreadsheet keeps a comment as the first cell of its row and writes it back padded
    with empty cells ('# name: Fruit;;', Excel's first rows) or in double quotes when the
    cell holds a quote or the separator ('"# Save it as ""CSV UTF-8"", then…"')."""
    if line.startswith('"#'):
        delimiter = ";" if line.count(";") > line.count(",") else ","
        try:
            cells = next(csv.reader([line], delimiter=delimiter))
        except csv.Error:
            return None
        line = delimiter.join(cells)
    if not line.startswith("#"):
        return None
    return line.rstrip(" \t,;")


#: Languages whose Windows writes "ANSI" text as Windows-1252: Excel's plain "CSV" on their computers.
WINDOWS_1252_LANGUAGES = frozenset("af ca da de en es eu fi fr ga gl id it lb ms nb nl nn no pt rm sv sw".split())
# The letters such a file holds (Windows-1252's, less Icelandic ð þ ý and the Š ž Ÿ of loanwords):
# where a byte of another code page (Mac Roman, Turkish, Czech, Cyrillic) makes another sign, it is refused.
_WESTERN_LETTERS = frozenset("ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜßàáâãäåæçèéêëìíîïñòóôõöøùúûüÿŒœ")
_WORD_RUN = re.compile(r"[^\W\d_]+")


def _windows_text(data: bytes, source: str, language: str = DEFAULT_LANGUAGE) -> str | None:
    """Returns a deck file saved as Excel's plain "CSV" on Windows (Windows-1252, 'cuill\\xe8re'),
    or None when it is not that: another language's file, or signs no word of those languages holds.

    The deck's language is the one its file declares, else its file name's, else ``language``
    (the page's, as :func:`parse_deck` takes it).
    Only a deck in a language whose Windows writes Windows-1252 is read so, and only when each
    word reads as one of its words would: letters of :data:`_WESTERN_LETTERS`, the words with
    accents holding more plain Latin letters than accented ones ('ключ' from Windows-1251 would
    read 'êëþ÷', all accents)."""
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        return None
    declared = re.search(r"^[\s\"]*#\s*language\s*:\s*([A-Za-z]+)", text, re.IGNORECASE | re.MULTILINE)
    code = declared.group(1) if declared else _split_file_name(source)[1] or language
    if code.partition("-")[0].casefold() not in WINDOWS_1252_LANGUAGES:
        return None
    # Judged by what is read: the rows and the name, not the comments the reader skips (the
    # template's explain the format in the teacher's language, with its '’', '«' and '¿').
    read = "\n".join(line for line in text.splitlines()
                     if (comment := _comment(line)) is None or _SETTING.match(comment))
    accented = [run for run in _WORD_RUN.findall(read) if not run.isascii()]
    signs = "".join(ch for ch in "".join(accented) if not ch.isascii())
    if any(ch not in _WESTERN_LETTERS for ch in signs) or 2 * len(signs) > sum(map(len, accented)):
        return None
    if any(ord(ch) > 127 and not ch.isalpha() and ch != "\xa0" for ch in read):
        return None  # '’' or '–' from a Mac's í or ñ (a French no-break space is French's)
    return text


def _read_setting(comment: str, source: str, line: int, settings: dict[str, str], errors: list[Message]) -> None:
    match = _SETTING.match(comment)
    if not match:
        return
    key, value = match.group(1).casefold(), " ".join(match.group(2).split())
    if not value:
        return  # a blank setting, as in the template: the file name decides
    if key == "name" and len(value) > MAX_NAME_LENGTH:
        errors.append(at_line(source, line, Message(N_("the deck name is {length} characters long; keep it to {limit}."),
                                                    length=len(value), limit=MAX_NAME_LENGTH)))
    elif key == "language" and not _LANGUAGE.match(value):
        errors.append(at_line(source, line, Message(
            N_("{value} is not a language code; write a short code such as 'en' or 'es'."), value=Quoted(value))))
    elif key == "language":
        primary, _, rest = value.partition("-")
        settings[key] = primary.casefold() + ("-" + rest if rest else "")
    else:
        settings[key] = value


def _read_header(line: str, source: str, number: int) -> tuple[dict[str, int], str]:
    # Spreadsheets in countries that write decimal commas save CSV with semicolons; Excel's
    # "Unicode Text" (UTF-16) separates with tabs.
    for delimiter in (",", ";", "\t"):
        try:
            names = [c.strip().casefold() for c in next(csv.reader([line], delimiter=delimiter))]
        except csv.Error:
            continue
        names = [_HEADER_NAMES.get(name, name) if not {"kind", "word"} <= set(names) else name for name in names]
        if "kind" in names and "word" in names:
            columns: dict[str, int] = {}
            for index, name in enumerate(names):
                if name in columns:
                    _fail(at_line(source, number, Message(
                        N_("the header names the column {name} twice; give each column its own name."),
                        name=Quoted(name))))
                if name:
                    columns[name] = index
            return columns, delimiter
    _fail(at_line(source, number, Message(
        N_("the first row must be the header kind,word (more columns, like hint, may follow), not {row}. "
           "Add that row at the top of the file."), row=Quoted(line.strip()[:60], cut=len(line.strip()) > 60))))


def _row(cells: list[str], columns: dict[str, int], source: str, line: int, delimiter: str,
         errors: list[Message]) -> tuple[str | None, str, dict[str, str]] | None:
    """Returns the kind (None if unknown), word and notes of a row; None if the word is unusable."""
    width = max(columns.values()) + 1
    if any(cell.strip() for cell in cells[width:]):
        errors.append(at_line(source, line, Message(
            N_("the row has {count} values but the header only {width}; put a word that contains a comma "
               "in double quotes.") if delimiter == "," else
            N_("the row has {count} values but the header only {width}; put a word that contains a semicolon "
               "in double quotes."), count=len(cells), width=width)))
        return None

    def cell(name: str) -> str:
        return cells[columns[name]].strip() if columns[name] < len(cells) else ""

    kind_cell, raw = cell("kind"), cell("word")
    kind: str | None = _KIND_NAMES.get(kind_cell.casefold(), kind_cell.casefold())
    if kind not in KINDS:
        errors.append(at_line(source, line, Message(
            N_("unknown kind {kind}; the kind must be 'object' or 'location'."), kind=Quoted(kind_cell))))
        kind = None
    if not raw:
        errors.append(at_line(source, line, Message(N_("the word is empty; write a word or delete the row."))))
        return None
    control = [ch for ch in raw if unicodedata.category(ch) in ("Cc", "Cs")]
    if control:
        errors.append(at_line(source, line, Message(
            N_("the word {word} contains a control character ({character}); retype the word without it."),
            word=repr(raw), character=repr(control[0]))))
        return None
    word = " ".join(raw.split())
    if len(word) > MAX_WORD_LENGTH:
        errors.append(at_line(source, line, Message(
            N_("the word {word} is {length} characters long; keep words to {limit} characters."),
            word=Quoted(word[:20], cut=True), length=len(word), limit=MAX_WORD_LENGTH)))
        return None
    extra = {name: cell(name) for name in columns if name not in ("kind", "word") and cell(name)}
    return kind, word, extra


def language_in_file_name(source: str) -> str:
    """Returns the language code a deck file's name ends with, or '' (``animales.es.csv``: 'es')."""
    return _split_file_name(source)[1]


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
    """Returns the deck name a file name's stem makes: its underscores and dashes as spaces,
    and at most :data:`MAX_NAME_LENGTH` characters, a longer one ending on its last whole word
    and "…" (a name the deck editor and a ``# name:`` line refuse is never made up here)."""
    name = " ".join(re.sub(r"[_\-]+", " ", stem).split())
    if len(name) > MAX_NAME_LENGTH:
        kept = name[:MAX_NAME_LENGTH - 1]  # room for the ellipsis
        if name[len(kept)] != " " and " " in kept:
            kept = kept.rsplit(" ", 1)[0]  # the word cut in two goes
        name = kept.rstrip(" ,;:.([{") + "…"
    return name or "Custom deck"

