"""A table-mode game played for a class: the classes on offer, and its record at game over.

The dashboard (:class:`~incognito_nb.ui.pages.table.TableApp`) opens the teacher's class
book only when it needs it, and closes it after: to list the classes for the setup form,
and once the game is over, to add it to the class's record through
:meth:`~incognito_nb.store.class_book.ClassBook.add_game`.  The store keeps a game once
(a record's id is a digest of the finished game), so the game-over screen drawn again — a
new language, the page reloaded and the finished game looked at again — never counts it
twice; this page also asks the store only once per game.  A class book that cannot be
read offers no class; a record that cannot be written is said on the game-over screen,
and the game stays saved for ``incognito-nb class import``.
"""

from __future__ import annotations

import logging
import time
from typing import Callable

import ipywidgets as widgets

from incognito_nb.engine import Game, Phase
from incognito_nb.engine.class_record import GameRecord
from incognito_nb.store import StoreError
from incognito_nb.store.class_book import ClassBook, ClassEntry, UnknownClass, finished_at
from incognito_nb.ui.i18n import Language
from incognito_nb.ui.widgets.text import markup, safe

log = logging.getLogger(__name__)

#: What became of a game's record: added now, there already, its class gone, or a failure.
ADDED, THERE, GONE, FAILED = "added", "there", "gone", "failed"


def classes_in(classes: Callable[[], ClassBook] | None) -> list[ClassEntry]:
    """Returns the classes of the book ``classes()`` opens; none if there is no book or it
    cannot be read (logged: the form then offers no class menu, and the game goes on). A
    store not made yet is no failure, but the usual case: it is not logged."""
    if classes is None:
        return []
    try:
        with classes() as book:
            return book.classes()
    except FileNotFoundError:
        return []
    except (StoreError, OSError) as error:
        log.warning("the class book could not be read: %s", error)
        return []


class ClassRecordNote:
    """Adds a finished game to its class's record once, and says what became of it."""

    def __init__(self, classes: Callable[[], ClassBook] | None) -> None:
        self.classes = classes
        self._outcome: tuple | None = None  # the game's id, its class, the outcome, the error (or None)

    def join(self, game: Game, class_name: str | None, lang: Language) -> list[widgets.Widget]:
        """Adds ``game`` (over) to the record of ``class_name`` unless this page already did;
        returns the line that says so, in ``lang`` (none for a game played for no class)."""
        if class_name is None or self.classes is None or game.phase is not Phase.OVER:
            return []
        record = GameRecord.from_game(game, finished=finished_at(time.time()))
        if self._outcome is None or self._outcome[:2] != (record.game_id, class_name):
            self._outcome = (record.game_id, class_name, *self._add(class_name, record))
        _, _, outcome, error = self._outcome
        return [markup(f'<p role="status">{safe(self.say(outcome, class_name, error, lang))}</p>',
                       "inc-class-record", f"inc-class-record-{outcome}")]

    def _add(self, class_name: str, record: GameRecord) -> tuple[str, BaseException | None]:
        try:
            with self.classes() as book:
                return (ADDED if book.add_game(class_name, record) else THERE), None
        except (UnknownClass, FileNotFoundError):  # the class, or its whole store, deleted meanwhile
            return GONE, None
        except (StoreError, OSError) as error:
            log.warning("the game could not join the record of %r: %s", class_name, error)
            return FAILED, error

    @staticmethod
    def say(outcome: str, class_name: str, error: BaseException | None, lang: Language) -> str:
        """Returns what the game-over screen says about the class's record."""
        if outcome == ADDED:
            return lang._("This game has joined the record of the class {name}.", name=class_name)
        if outcome == THERE:
            return lang._("This game is in the record of the class {name}.", name=class_name)
        if outcome == GONE:
            return lang._("The class {name} is no longer in the class book, so this game joined no record; "
                          "it stays saved, and `incognito-nb class import` can add it to a class.", name=class_name)
        return lang._("This game could not join the record of the class {name}: {error} It stays saved; "
                      "`incognito-nb class import` can add it later.", name=class_name, error=lang.error(error))
