"""The store's refusals: what went wrong with a table, said so a page can show it as it is.

A refusal by the rules is the engine's :class:`~incognito_nb.engine.errors.IllegalAction`;
everything else a store refuses is a :class:`StoreError`, a ``ValueError`` whose message
(``message``: a template and values) a page says in its own language.
"""

from __future__ import annotations

from ..engine.errors import N_, Explained


class StoreError(Explained):
    """Raised when the table store cannot do what was asked; the message says why and what to do
    (``message`` holds it as a template and values, for a page to say in its own language)."""


class UnknownTable(StoreError):
    """Raised for a join code no live table has (mistyped, or removed after a day idle)."""


class NotAllowed(StoreError):
    """Raised when a key or seat token does not allow the change: a wrong or old link,
    or a seat acting for another player."""


class StoreUnavailable(StoreError):
    """Raised when the store cannot be used at all: unreachable, damaged or too busy.
    Nothing already committed is lost; the page can show the message and try again."""


def unknown_table(code: str) -> UnknownTable:
    """Returns the refusal for a join code no live table has."""
    return UnknownTable(
        N_("There is no table {code}: check the code on the projector. "
           "(A table is removed after a day without play.)"),
        code=code,
    )


def too_busy(code: str, tries: int) -> StoreUnavailable:
    """Returns the refusal for a change that lost to other writers ``tries`` times."""
    return StoreUnavailable(N_("Table {code} is too busy: the change was tried {tries} times; try again."),
                            code=code, tries=tries)
