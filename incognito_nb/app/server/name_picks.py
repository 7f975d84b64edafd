"""Tap your name: the join door of a table made for a class offers the class's names.

A table made with ``incognito-nb class tables`` (see :mod:`incognito_nb.store.class_book`)
seats the first names the class book lists for it, so its join door shows them as buttons
— a student taps their own name instead of typing one, and no unsuitable or look-alike
name can reach the table — and the join door refuses any other name.  Other tables keep
the typed name.  :func:`table_picks` blocks on the store: the doors run it on the desk's
workers.
"""

from __future__ import annotations

from ...engine.players import name_key
from ...store import StoreError, TableStore
from ...store.backends import class_book_of


def table_picks(store: TableStore, code: str) -> list[tuple[str, bool]] | None:
    """Returns the names a class's table seats, each with whether it is taken already, or
    ``None`` for a table made for no class (or no table)."""
    try:
        names = class_book_of(store).names_at(code)
        if names is None:
            return None
        taken = {name_key(player) for player in store.read(code).players}
    except StoreError:
        return None
    return [(name, name_key(name) in taken) for name in names]

