"""Which store a URL names: a SQLite file for one machine, a Redis server for many.

The classroom server, the teacher's page and every student's kernel are given one
store URL (``--store``, ``$INCOGNITO_NB_STORE``), and :func:`open_store` opens the
backend it names.  It stands beside the backends, like the standard library's
``dbm.open``: :class:`~incognito_nb.store.table_store.TableStore` knows none of them,
and each backend (with the ``redis`` client) is imported only when a store of its kind
is opened.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.errors import N_
from .errors import StoreError
from .folder import default_folder
from .table_store import TableStore

if TYPE_CHECKING:
    from .class_book import ClassBook


def default_store_url() -> str:
    """Returns the store the classroom uses unless told otherwise: ``$INCOGNITO_NB_STORE``,
    or ``classroom.sqlite`` in the saves folder."""
    return os.environ.get("INCOGNITO_NB_STORE") or str(default_folder() / "classroom.sqlite")


def open_store(url: str | os.PathLike | None = None, **options: Any) -> TableStore:
    """Returns the table store at ``url``, chosen by its form:

    - a file path, or ``sqlite:///relative/path`` or ``sqlite:////absolute/path``
      (SQLAlchemy's spelling): a SQLite file, created with its folder if absent;
    - ``redis://host:port/db`` (or ``rediss://`` for TLS): a Redis server;
    - ``None``: :func:`default_store_url`.

    ``options`` go to the backend (``compact_every=``, for one).

    :raises StoreError: for any other URL; :class:`StoreUnavailable` if the store is
        damaged or cannot be reached.
    """
    if url is None:
        url = default_store_url()
    if isinstance(url, os.PathLike):
        url = os.fspath(url)
    if not isinstance(url, str) or not url.strip():
        raise StoreError(N_("A store is a file path, sqlite:///path or redis://host:port/db, not {url}."),
                         url=repr(url))
    if url.startswith(("redis://", "rediss://")):
        from .redis import RedisTableStore

        return _with_classes(RedisTableStore(url, **options))
    path = _sqlite_path(url)
    if path is None:
        raise StoreError(
            N_("incognito_nb cannot keep tables at {scheme}://…: use a file path "
               "(a SQLite file), sqlite:///path or redis://host:port/db."),
            scheme=url.split("://")[0],
        )
    if not path or path.strip() == ":memory:":
        raise StoreError(N_("A SQLite store must be a file that every kernel can open, not memory."))
    from .sqlite import SqliteTableStore

    return _with_classes(SqliteTableStore(Path(path).expanduser(), **options))


def _with_classes(store: TableStore) -> TableStore:
    """Returns ``store``, whose games, once over, join the record of the class their table
    was made for (:meth:`~incognito_nb.store.class_book.ClassBook.add_table_game`)."""
    from .class_book import finished_at

    def game_over(code: str, game, when: float) -> None:
        class_book_of(store).add_table_game(code, game, finished_at(when))

    store.game_over = game_over
    return store


def made_yet(url: str) -> bool:
    """Checks if the store at ``url`` holds anything yet: a SQLite store is a file made at
    its first opening (a page that only reads it must not make one), a Redis store is there."""
    path = _sqlite_path(url)
    return path is None or Path(path).expanduser().is_file()


def _sqlite_path(url: str) -> str | None:
    """Returns the file a SQLite store's ``url`` names (a path, or ``sqlite:///path``); None
    for a URL of another kind (``redis://``)."""
    if url.startswith("sqlite:///"):
        return url[len("sqlite:///"):]
    return None if "://" in url else url


def open_class_book(url: str | os.PathLike | None = None, **options: Any) -> "ClassBook":
    """Returns the teacher's classes kept in the store at ``url`` (see :func:`open_store`),
    beside its tables; ``options`` go to the book (``clock=``).

    :raises StoreError: as :func:`open_store` does.
    """
    return class_book_of(open_store(url), **options)


def class_book_of(store: TableStore, **options: Any) -> "ClassBook":
    """Returns the classes kept beside the tables of an open ``store`` (closing the book
    closes the store)."""
    if store.is_local:
        from .class_sqlite import SqliteClassBook

        return SqliteClassBook(store, **options)
    from .class_redis import RedisClassBook

    return RedisClassBook(store, **options)
