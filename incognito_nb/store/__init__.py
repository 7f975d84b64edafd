"""Where a game lives between actions.

- :class:`GameFolder` (``folder.py``): saved games in a folder on disk, for play at one
  screen; the dashboard autosaves after every action.
- :func:`open_store` (``tables.py``, with ``sqlite.py`` and ``redis.py``): shared
  tables for classroom network play, where the teacher's page and every student's page
  run in different kernels; :func:`watch_async` (``watch.py``) tells a page when its
  table changes.

Importing this package loads neither a widget library nor the ``redis`` client: the
Redis backend imports it only when a ``redis://`` store is opened.
"""

from .folder import AUTOSAVE, GameFolder, SavedGame, default_folder
from .tables import (
    CODE_ALPHABET,
    IDLE_LIMIT,
    NotAllowed,
    Seat,
    StoreError,
    StoreUnavailable,
    TableKeys,
    TableSnapshot,
    TableStore,
    UnknownTable,
    default_store_url,
    normalise_code,
    open_store,
)
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
