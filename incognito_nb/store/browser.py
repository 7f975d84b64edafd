"""Saved games in the browser's own storage, for the static site (no server, no disk).

On the static site the kernel is Pyodide, running in a Web Worker: its files vanish with
the page, and a worker cannot reach ``localStorage``.  The page can, so the saves go
through a small widget whose front end (``browser.js``, beside this module) lives in the
page: at start it reads every save under :data:`KEY_PREFIX` from ``localStorage`` and
sends them to Python; each :meth:`BrowserFolder.save` sends the game to the page, which
writes it and answers: kept, or refused (the storage full, or switched off).  A save sent
is not a save kept: only the page's answer says which it was (:meth:`BrowserFolder.save`'s
``then``, :meth:`BrowserFolder.on_save_problem`).  A reload, a closed tab or a browser restart on the same computer finds the
saves again.

JupyterLite's own drive (``/drive``) would keep files too, but only where a service
worker runs, which browsers allow on ``https`` and ``localhost`` only: a folder copied
onto a school intranet served over plain ``http`` would lose every game.  ``localStorage``
works on any origin.

:class:`BrowserFolder` has :class:`~incognito_nb.store.GameFolder`'s interface.  Its saves
arrive a moment after it is made (once the page has read them): :meth:`on_loaded` calls
back then.  The widget library is imported only when a ``BrowserFolder`` is made, so
``import incognito_nb.store`` still loads none.  Its widget (:attr:`BrowserFolder.widget`)
must be displayed, invisibly, with the page: the dashboard does so.
"""

from __future__ import annotations

import functools
import json
import pathlib
from datetime import datetime, timezone
from typing import Any, Callable

from ..engine import Game, SaveError
from ..engine.errors import N_, detail
from .folder import AUTOSAVE, SavedGame, check_save_name

#: Every save is one ``localStorage`` entry: this prefix, then the save's name.
KEY_PREFIX = "incognito-nb:save:"
#: What :attr:`BrowserFolder.problem` holds when the browser's storage refused a save for want of room.
FULL = "the browser's storage is full"
#: Where the saves are, in words (``save_now`` says "saved in ...").
PLACE = pathlib.PurePosixPath("this browser's storage")
#: How many saves may wait for the page's answer: a page that never answers (its widget
#: not shown) must not grow the kernel with every move.  The oldest is forgotten first.
WAITING_AT_MOST = 64
#: How much of the browser's own error a refusal keeps: a page may send any text, any size.
ERROR_LENGTH = 300


class StorageFull(SaveError):
    """The browser's storage for the site is full: its sentence says what happens now (the game
    goes on in the tab) and what to do, so a page says it alone, not inside its own
    "Autosave failed" sentence (which said "the game goes on" twice, and to use Save now)."""


@functools.cache
def _bridge_class():
    import anywidget
    import traitlets

    class StorageBridge(anywidget.AnyWidget):
        """The page's side of :class:`BrowserFolder`: reads and writes ``localStorage``."""

        _esm = pathlib.Path(__file__).parent / "browser.js"
        prefix = traitlets.Unicode(KEY_PREFIX, help="What every save's key in the browser's storage begins "
                                                    "with (KEY_PREFIX).").tag(sync=True)

    return StorageBridge


class BrowserFolder:
    """Saved games in the browser's ``localStorage``, one entry per named slot."""

    def __init__(self) -> None:
        self.path = PLACE
        self._entries: dict[str, dict[str, str]] = {}  # each slot's last save sent (and not refused)
        self._kept: dict[str, dict[str, str]] = {}  # each slot's save the browser's storage holds
        self._loaded = False
        self._waiting: list[Callable[[], None]] = []
        self._elsewhere: list[Callable[[], None]] = []
        self._problems: list[Callable[[SaveError | None], None]] = []
        # Saves sent and not yet answered, by id: their slot, who waits for the answer, the entry.
        self._waiting_answer: dict[int, tuple[str, Callable[[SaveError | None], None] | None, dict[str, str]]] = {}
        self._sent = 0  # the id of the last save sent
        self._refused = 0  # the id of the save that made `problem`
        self.problem: str | None = None  # what the browser refused, in its words, until a later save is kept
        self.widget = _bridge_class()()
        self.widget.on_msg(self._heard)

    # ------------------------------------------------------------- the page's side
    def _heard(self, _widget: Any, message: Any, _buffers: Any = None) -> None:
        if not isinstance(message, dict):
            return
        kind = message.get("kind")
        if kind == "saves" and not self._loaded:
            # The browser can send anything: keep only entries that look like ours.
            saves = message.get("saves")
            for name, raw in (saves.items() if isinstance(saves, dict) else ()):
                entry = _entry(raw)
                if isinstance(name, str) and entry is not None and name not in self._entries:
                    self._entries[name] = self._kept[name] = entry
            self._loaded = True
            waiting, self._waiting = self._waiting, []
            for callback in waiting:
                callback()
        elif kind == "elsewhere":  # another tab of this site wrote a save: it plays too
            for callback in list(self._elsewhere):
                callback()
        elif kind in ("saved", "failed"):
            self._answered(message)

    def _answered(self, message: dict[str, Any]) -> None:
        """Hears the page's answer to one save: kept, or refused.  Anything but the answer to a
        save sent and not yet answered (an unknown id, another slot's name) is passed over."""
        sent = message.get("id")
        if type(sent) is not int or sent not in self._waiting_answer:  # not True, not 1.0, not "1"
            return
        name, then, entry = self._waiting_answer[sent]
        if message.get("name") != name:
            return
        del self._waiting_answer[sent]
        if message.get("kind") == "saved":
            if name in self._entries:  # not deleted since it was sent
                self._kept[name] = entry
            if self.problem is not None and sent > self._refused:  # a later save is kept: nothing is lost
                self.problem = None
                for callback in list(self._problems):
                    callback(None)
            if then is not None:
                then(None)
            return
        error = message.get("error")  # the browser's words: any text, any size, from the page
        self.problem = FULL if message.get("full") is True else error[:ERROR_LENGTH] if isinstance(error, str) else ""
        self._refused = sent
        if not any(slot == name for slot, _, _ in self._waiting_answer.values()):
            self._forget_unkept(name)  # no later save of this slot is on its way
        refusal = _refusal(self.problem)
        for callback in [then] if then is not None else list(self._problems):
            callback(refusal)

    def _forget_unkept(self, name: str) -> None:
        """Makes slot ``name`` read as the browser's storage holds it: a save it refused is
        not offered (to resume, with the time it was sent) as if it were kept."""
        if name in self._kept:
            self._entries[name] = self._kept[name]
        else:
            self._entries.pop(name, None)

    def on_loaded(self, callback: Callable[[], None]) -> None:
        """Calls ``callback`` once the saves kept in the browser are known (at once if they are)."""
        if self._loaded:
            callback()
        else:
            self._waiting.append(callback)

    def on_elsewhere(self, callback: Callable[[], None]) -> None:
        """Calls ``callback`` whenever another tab of this site, in this browser, writes a save:
        both play, and each one's saves replace the other's."""
        self._elsewhere.append(callback)

    def on_save_problem(self, callback: Callable[[SaveError | None], None]) -> None:
        """Calls ``callback(error)`` as soon as the browser refuses a save sent without ``then``
        (:class:`StorageFull` when its storage is full), and ``callback(None)`` once a later save
        is kept after a refusal: nothing is lost then."""
        self._problems.append(callback)

    @property
    def loaded(self) -> bool:
        """Whether the saves kept in the browser have arrived."""
        return self._loaded

    # ------------------------------------------------------------- GameFolder's interface
    def save(self, game: Game, name: str = AUTOSAVE, *,
             then: Callable[[SaveError | None], None] | None = None) -> pathlib.PurePosixPath:
        """Keeps the game in slot ``name`` and sends it to the browser's storage, which answers
        a moment later: ``then(None)`` once it holds the save, ``then(error)`` if it refused it
        (:class:`StorageFull` when it is full).  Without ``then``, a refusal goes to
        :meth:`on_save_problem`'s callbacks.  Every save is sent, whatever the last one met.

        :raises SaveError: if the name is not allowed or the game cannot be read back.
        """
        check_save_name(name)
        text = game.to_json()
        Game.from_json(text)  # never replace a good save with one that cannot be read
        entry = {"saved_at": datetime.now(timezone.utc).isoformat(), "game": text}
        self._entries[name] = entry
        self._sent += 1
        self._waiting_answer[self._sent] = (name, then, entry)
        while len(self._waiting_answer) > WAITING_AT_MOST:
            del self._waiting_answer[next(iter(self._waiting_answer))]
        self.widget.send({"kind": "save", "name": name, "entry": json.dumps(entry), "id": self._sent})
        return self.path / name

    def load(self, name: str = AUTOSAVE) -> Game:
        """Reads the game in slot ``name``.

        :raises SaveError: if there is no such save or it cannot be read.
        """
        check_save_name(name)
        entry = self._entries.get(name)
        if entry is None:
            raise SaveError(N_("There is no saved game called {name} in {folder}."), name=repr(name),
                            folder=str(self.path))
        try:
            return Game.from_json(entry["game"])
        except SaveError as error:
            raise SaveError(N_("{file}: {problem}"), file=name, problem=detail(error)) from None

    def delete(self, name: str = AUTOSAVE) -> None:
        """Removes the save in slot ``name``, if there is one."""
        check_save_name(name)
        self._kept.pop(name, None)
        if self._entries.pop(name, None) is not None:
            self.widget.send({"kind": "delete", "name": name})

    def exists(self, name: str = AUTOSAVE) -> bool:
        """Checks if slot ``name`` holds a save."""
        check_save_name(name)
        return name in self._entries

    def list(self) -> list[SavedGame]:
        """Returns the readable saves, newest first; unreadable ones are left out."""
        saves = []
        for name, entry in self._entries.items():
            try:
                game = Game.from_json(entry["game"])
                stamp = datetime.fromisoformat(entry["saved_at"])
            except (SaveError, ValueError):
                continue
            if stamp.tzinfo is None:
                stamp = stamp.replace(tzinfo=timezone.utc)
            saves.append(SavedGame(name, self.path / name, stamp, game.players, game.round, game.phase))
        return sorted(saves, key=lambda s: s.saved_at, reverse=True)

    def close(self) -> None:
        """Closes the widget that talks to the page."""
        self.widget.close()


def _refusal(problem: str) -> SaveError:
    """Returns the error a save the browser refused is said with (``problem``: its words, or :data:`FULL`)."""
    if problem is FULL:  # said in the page's words, not the browser's QuotaExceededError
        return StorageFull(N_("This browser's storage for this site is full: it did not keep the last save. "
                              "The game goes on in this tab: keep it open to the game's end, as a reload "
                              "would go back to the last move kept."))
    return SaveError(N_("The browser did not keep the last save: {problem}"), problem=problem)


def _entry(raw: Any) -> dict[str, str] | None:
    """Returns a stored entry ({"saved_at", "game"}) read from the page, or None if it is not one."""
    try:
        entry = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    if isinstance(entry, dict) and isinstance(entry.get("game"), str) and isinstance(entry.get("saved_at"), str):
        return {"saved_at": entry["saved_at"], "game": entry["game"]}
    return None
