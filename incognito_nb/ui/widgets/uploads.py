"""Reading a file a person chose in a ``FileUpload``, whatever the browser sent.

The upload's value is synced state, so the browser can put anything in it: only a
name and bytes are taken from it, and the widget is emptied once read, so the content
leaves the widget state and the same file can be sent again.
"""

from __future__ import annotations

from typing import Optional

import ipywidgets as widgets

#: An uploaded file's name is shown in messages; a longer one is cut (:func:`short_file_name`).
MAX_FILE_NAME = 80


def take_upload(upload: widgets.FileUpload, files, default_name: str = "deck.csv") -> tuple[str, Optional[bytes]]:
    """Returns the name and bytes of the last file in ``files`` (``None`` bytes when the
    browser sent no usable content) and empties ``upload``."""
    upload.value = ()
    entry = files[-1]
    try:
        name = str(entry.get("name") or default_name)
        content = entry.get("content")
        data = bytes(content) if isinstance(content, (bytes, bytearray, memoryview)) else None
    except (AttributeError, TypeError, ValueError):
        name, data = default_name, None
    return name, data


def short_file_name(name: str, limit: int = MAX_FILE_NAME) -> str:
    """Returns the file name ``name`` as messages show it: whole up to ``limit`` characters,
    else cut before its extension with "…" ("Vocabulaire_de_la_sem….csv"), so that what is
    left is seen to be cut, and a deck named after its file keeps its extension out."""
    if len(name) <= limit:
        return name
    stem, dot, extension = name.rpartition(".")
    if not dot or not stem or len(extension) > 8:
        return name[:limit - 1] + "…"
    return f"{stem[:limit - len(extension) - 2]}….{extension}"
