"""Reading a file a person chose in a ``FileUpload``, whatever the browser sent.

The upload's value is synced state, so the browser can put anything in it: only a
name and bytes are taken from it, and the widget is emptied once read, so the content
leaves the widget state and the same file can be sent again.
"""

from __future__ import annotations

from typing import Optional

import ipywidgets as widgets


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
