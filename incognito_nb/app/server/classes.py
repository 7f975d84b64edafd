"""The classroom server's part of a teacher's classes: which classes the store holds, the
tables made for one from the new-table form, and which class a table was made for.

The tables are made as ``incognito-nb class tables`` makes them
(:func:`~incognito_nb.app.files.seat_cards.class_tables`): one to six students each, from the
class's first names, each student tapping their own name at the join door, the deal favouring
the words the class keeps missing unless the teacher turned practice off.  Both functions
blocks on the store: the doors run them on the desk's workers.
"""

from __future__ import annotations

from ...engine import Deck, Rules
from ...store import TableStore
from ...store.backends import class_book_of
from incognito_nb.ui.i18n import Language
from ..files.seat_cards import SeatTable, class_tables


def class_names(store: TableStore) -> list[str]:
    """Returns the names of the store's classes, alphabetically."""
    return [entry.name for entry in class_book_of(store).classes()]


def tables_for_class(store: TableStore, name: str, deck: Deck, *, rules: Rules, lang: Language, base_url: str,
                     practice: bool) -> list[SeatTable]:
    """Makes the tables of the class called ``name`` (see the module).

    :raises UnknownClass: if there is none (nothing is made).
    :raises Explained: for a class of fewer than three students or a deck too small (nothing is made).
    """
    return class_tables(class_book_of(store), name, deck, base_url=base_url, lang=lang, practice=practice,
                        rules=rules)
