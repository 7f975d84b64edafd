"""Which class a table-mode game is played for: a note beside the dashboard's autosave.

A game dealt at the table-mode setup form for a class joins the class's record when it
ends (:class:`~incognito_nb.ui.pages.table.TableApp`).  The game itself names no class, so
a game resumed after its kernel or its laptop stopped would not know whose it is: the
dashboard writes the class's name beside the autosave, with the game's seed, and reads it
back when it resumes a game.  A note written for another game (another seed) is no note,
so a stale one never sends a game to the wrong class.  The note holds the class's name
only, never a student's: the save beside it already holds the players' first names.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from ..engine import Game

log = logging.getLogger(__name__)

#: The note's file, in the saves folder beside ``autosave.incognito.json``.
NOTE = "autosave.class.json"


def _note_file(folder: Any) -> Path | None:
    path = getattr(folder, "path", None)
    return Path(path) / NOTE if isinstance(path, Path) else None  # the browser's storage keeps none


def note_class(folder: Any, game: Game, class_name: str | None) -> None:
    """Notes that ``game`` is played for ``class_name`` (``None``: for no class, the note goes).

    A note that cannot be written is logged and passed over: the game goes on, and the page
    that dealt it still knows its class.
    """
    target = _note_file(folder)
    if target is None:
        return
    try:
        if class_name is None:
            target.unlink(missing_ok=True)
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_suffix(".tmp")
        temporary.write_text(json.dumps({"seed": game.to_dict()["seed"], "class": class_name}), encoding="utf-8")
        temporary.replace(target)
    except OSError as error:
        log.warning("could not note the class of the game in %s: %s", target, error)


def noted_class(folder: Any, game: Game) -> str | None:
    """Returns the class ``game`` is played for, as noted by :func:`note_class`; ``None`` if
    there is no note, an unreadable one, or one for another game."""
    target = _note_file(folder)
    if target is None:
        return None
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("seed") != game.to_dict()["seed"]:
        return None
    name = data.get("class")
    return name if isinstance(name, str) and name.strip() else None
