"""The save file: a game's data (:meth:`Game.to_dict`) as versioned, deterministic JSON text.

A :class:`Game` owns its state and turns it into plain data and back, as python-chess's
``Board`` does with a FEN (:meth:`Game.to_dict` / :meth:`Game.from_dict`).  This module
adds only what makes that data a file: the format name and version around it, one text
for one state, the migration of older versions, and the refusal, as a
:class:`SaveError`, of text that is not a save this version can read.  It knows no field
of a game, so it imports nothing of one: ``game.py`` uses it for :meth:`Game.to_json` and
:meth:`Game.from_json`, never the other way round.

A save must survive a killed kernel and a teacher's text editor alike, so its readers
check everything; the sentence a damaged save is refused with, and the small checks
:meth:`Game.from_dict` and :meth:`RoundRecord.from_dict` refuse with, are here, once.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from .errors import N_, Message, SaveError, detail

FORMAT = "incognito-nb/game"
VERSION = 2
#: What every refusal of a damaged save says, around what is wrong with it.
DAMAGED = N_("This save is damaged: {problem}.")


def _reveal_kept(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 → 2: the game keeps where the reveal stands; a save from before starts
    its reveal at the first drawing (its pages kept the reveal's place to themselves)."""
    return {**data, "version": 2, "reveal": 0}


#: How a save of an older version becomes one of the next version, by the version it has.
#: Each takes and returns the whole file's data, its ``"version"`` included.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _reveal_kept}


def to_text(state: dict[str, Any]) -> str:
    """Returns the save text of a game's data: sorted keys, so the same state gives the same text."""
    return json.dumps({"format": FORMAT, "version": VERSION, **state},
                      sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def from_text(text: str | bytes) -> dict[str, Any]:
    """Returns the game's data in a save made by :func:`to_text`, older versions migrated,
    for :meth:`Game.from_dict` to read.

    :raises SaveError: if the text is empty, not UTF-8, not JSON, cut short, or of another
        format or of a version this one cannot read.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError(N_("This save is not UTF-8 text; it is not an Incognito save.")) from None
    if not isinstance(text, str) or not text.strip():
        raise SaveError(N_("This save is empty; there is no game in it."))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(N_("This save is not complete JSON (at character {position}); it may have been cut short."),
                        position=error.pos) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(N_("This file is not an Incognito saved game."))
    found = data.get("version")
    while type(data.get("version")) is int and data["version"] in MIGRATIONS:
        data = MIGRATIONS[data["version"]](data)
    if data.get("version") != VERSION:
        raise SaveError(
            N_("This save has version {found}; this version of incognito_nb reads "
               "version {version}. Open it with the version that wrote it."),
            found=repr(found), version=VERSION,
        )
    return {key: value for key, value in data.items() if key not in ("format", "version")}


def check(condition: bool, problem: str, **params: Any) -> None:
    """Refuses a damaged save unless ``condition`` holds; ``problem`` says what is wrong.

    :raises SaveError: if ``condition`` is false.
    """
    if not condition:
        raise SaveError(DAMAGED, problem=Message(problem, **params))


def words(value: Any, what: str) -> list[str]:
    """Returns ``value`` as a list of words; ``what`` names it in the refusal.

    :raises SaveError: if it is not a list of words.
    """
    check(isinstance(value, list) and all(isinstance(w, str) for w in value), N_("{what} is not a list of words"),
          what=Message(what))
    return list(value)


@contextmanager
def reading() -> Iterator[None]:
    """Refuses, as a damaged save, a slip while a save's data is read: a missing field, a
    value of the wrong type or out of range.

    :raises SaveError: in place of the ``KeyError``, ``TypeError``, ``ValueError``,
        ``AttributeError`` or ``IndexError`` raised inside.
    """
    try:
        yield
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        if isinstance(error, SaveError):
            raise
        problem = (Message(N_("missing field {field}"), field=str(error)) if isinstance(error, KeyError)
                   else detail(error))
        raise SaveError(DAMAGED, problem=problem) from None
