"""Where a game lives between actions: a folder of saved games on disk.

The dashboard saves after every action, so a killed kernel or a closed laptop loses
nothing.  Writes are atomic (write a temporary file, flush, fsync, rename), and a save
is read back before it replaces the old one, so a good save is never overwritten by
a bad one.  A save this version cannot read (one written by a newer incognito_nb, or a
damaged one) is never overwritten either: the first save into its slot moves it aside
(``autosave.kept-20261130-101500.json``), where it waits for the version that reads it.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path, PurePath
from typing import Callable

from ..engine import Game, Phase, SaveError
from ..engine.errors import N_, detail

#: The slot the dashboard writes after every action.
AUTOSAVE = "autosave"
_SUFFIX = ".incognito.json"
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}\Z")


def default_folder() -> Path:
    """Returns the folder saves go to unless told otherwise: ``$INCOGNITO_NB_SAVES``,
    or ``incognito-saves`` in the user's home."""
    return Path(os.environ.get("INCOGNITO_NB_SAVES") or Path.home() / "incognito-saves")


def check_save_name(name: str) -> str:
    """Returns ``name`` if it may name a save slot.

    :raises SaveError: if it may not (it would be a file name, so it is kept plain).
    """
    if not isinstance(name, str) or not _SAFE_NAME.match(name):
        raise SaveError(N_("A save name uses letters, digits, spaces, '.', '_' or '-' (at most 64), not {name}."),
                        name=repr(name))
    return name


@dataclass(frozen=True)
class SavedGame:
    """One save in a folder, as listed for a "resume" choice."""

    name: str
    path: PurePath
    saved_at: datetime
    players: tuple[str, ...]
    round: int
    phase: Phase

    def describe(self) -> str:
        """Returns a one-line description a teacher can choose from."""
        when = self.saved_at.astimezone().strftime("%d %b %H:%M")
        if self.phase is Phase.OVER:
            stage = "game over"
        else:
            stage = f"round {self.round}, {self.phase.value} phase"
        return f"{', '.join(self.players)} — {stage} (saved {when})"


class GameFolder:
    """A folder of saved games, one JSON file per named slot."""

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path is not None else default_folder()
        self._ours: set[str] = set()  # slots this folder object wrote, or found readable

    def _keep_aside(self, name: str, target: Path) -> Path | None:
        """Moves a save in slot ``name`` that this version cannot read out of the slot's
        way; returns where it went (None if the slot holds a readable save, or nothing)."""
        if name in self._ours:
            return None
        try:
            Game.from_json(target.read_bytes())
        except FileNotFoundError:
            return None
        except SaveError:
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            kept = target.with_name(f"{name}.kept-{stamp}.json")
            serial = 1
            while kept.exists():
                serial += 1
                kept = target.with_name(f"{name}.kept-{stamp}-{serial}.json")
            os.replace(target, kept)
            return kept
        finally:
            self._ours.add(name)
        return None

    def _file(self, name: str) -> Path:
        return self.path / f"{check_save_name(name)}{_SUFFIX}"

    def on_loaded(self, callback) -> None:
        """Calls ``callback`` once the saves are known: at once, for a folder on disk
        (the browser's storage, :class:`~incognito_nb.store.browser.BrowserFolder`, takes a moment)."""
        callback()

    def on_elsewhere(self, callback) -> None:
        """Would call ``callback`` when another page writes these saves: a folder on disk is
        not told (the browser's storage is, :class:`~incognito_nb.store.browser.BrowserFolder`)."""

    def on_save_problem(self, callback) -> None:
        """Would call ``callback`` when a save is refused after :meth:`save` returned: a folder
        on disk refuses at once, by raising (the browser's storage answers later, and tells)."""

    def save(self, game: Game, name: str = AUTOSAVE, *,
             then: Callable[[SaveError | None], None] | None = None) -> Path:
        """Writes the game into the slot ``name`` atomically and returns the file; a save
        there that this version cannot read is moved aside first, never overwritten.
        ``then(None)`` is called once the file is written, before this returns (the browser's
        storage calls it later, or with the error that refused the save).

        :raises SaveError: if the folder cannot be written; the previous save is kept.
        """
        target = self._file(name)
        text = game.to_json()
        Game.from_json(text)  # never replace a good save with one that cannot be read
        try:
            self._keep_aside(name, target)  # nor one this version cannot read
            self.path.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.path)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as file:
                    file.write(text)
                    file.flush()
                    os.fsync(file.fileno())
                os.replace(temporary, target)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
            _fsync_folder(self.path)
        except OSError as error:
            raise SaveError(N_("Could not save the game in {folder}: {reason}."), folder=str(self.path),
                            reason=str(error.strerror or error)) from None
        if then is not None:
            then(None)
        return target

    def load(self, name: str = AUTOSAVE) -> Game:
        """Reads the game in slot ``name``.

        :raises SaveError: if there is no such save or it cannot be read.
        """
        target = self._file(name)
        try:
            text = target.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SaveError(N_("There is no saved game called {name} in {folder}."), name=repr(name),
                            folder=str(self.path)) from None
        except (OSError, UnicodeDecodeError) as error:
            raise SaveError(N_("Could not read {file}: {reason}."), file=target.name, reason=str(error)) from None
        try:
            return Game.from_json(text)
        except SaveError as error:
            raise SaveError(N_("{file}: {problem}"), file=target.name, problem=detail(error)) from None

    def delete(self, name: str = AUTOSAVE) -> None:
        """Removes the save in slot ``name``, if there is one."""
        self._file(name).unlink(missing_ok=True)

    def exists(self, name: str = AUTOSAVE) -> bool:
        """Checks if slot ``name`` holds a save."""
        return self._file(name).is_file()

    def list(self) -> list[SavedGame]:
        """Returns the readable saves, newest first; unreadable files are left out."""
        saves = []
        if not self.path.is_dir():
            return saves
        for file in self.path.glob(f"*{_SUFFIX}"):
            name = file.name[: -len(_SUFFIX)]
            try:
                game = self.load(name)
                stamp = datetime.fromtimestamp(file.stat().st_mtime, tz=timezone.utc)
            except (SaveError, OSError):
                continue
            saves.append(SavedGame(name, file, stamp, game.players, game.round, game.phase))
        return sorted(saves, key=lambda s: s.saved_at, reverse=True)


def _fsync_folder(path: Path) -> None:
    """Makes a rename durable: the folder's entry must reach the disk too (POSIX only)."""
    if os.name != "posix":
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
