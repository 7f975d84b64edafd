"""Where a game lives between actions.

- :class:`GameFolder` (``folder.py``): saved games in a folder on disk, for play at one
  screen; the dashboard autosaves after every action.
- Shared tables for classroom network play, where the teacher's page and every
  student's page run in different kernels:

  - ``tables.py``: what a table is to the people at it: its join code
    (:func:`normalise_code`), the teacher's key and the students' seats
    (:class:`TableKeys`, :class:`Seat`), and a :class:`TableSnapshot` to render;
  - ``table_store.py``: :class:`TableStore`, the calls every store answers alike, and
    the design note on how a change is made exactly once;
  - ``records.py``: how a store keeps a table: a record, a snapshot and a log of actions;
  - ``sqlite.py`` and ``redis.py``: the two backends;
  - ``backends.py``: :func:`open_store`, which opens the backend a URL names;
  - ``errors.py``: the refusals (:class:`StoreError` and its kinds);
  - ``watch.py``: :func:`watch_async`, which tells a page when its table changes;
  - ``leases.py``: a seat's one live page, kept in the store for every server that shares it.

Importing this package loads neither a widget library nor the ``redis`` client: the
Redis backend imports it only when a ``redis://`` store is opened.
"""

from .backends import default_store_url, open_store
from .errors import NotAllowed, StoreError, StoreUnavailable, UnknownTable
from .folder import AUTOSAVE, GameFolder, SavedGame, default_folder
from .table_store import IDLE_LIMIT, TableStore
from .tables import CODE_ALPHABET, Seat, TableKeys, TableSnapshot, normalise_code
from .watch import POLL_INTERVAL, TableWatch, watch_async

__all__ = [
    "AUTOSAVE",
    "CODE_ALPHABET",
    "GameFolder",
    "IDLE_LIMIT",
    "NotAllowed",
    "POLL_INTERVAL",
    "SavedGame",
    "Seat",
    "StoreError",
    "StoreUnavailable",
    "TableKeys",
    "TableSnapshot",
    "TableStore",
    "TableWatch",
    "UnknownTable",
    "default_folder",
    "default_store_url",
    "normalise_code",
    "open_store",
    "watch_async",
]
