"""The classroom passphrase: what a teacher types to create tables from another device.

Only the laptop that runs the classroom server creates tables (and warms kernels for
them).  A teacher on a tablet types, once, the passphrase the server printed when it
started (``/classroom/passphrase``); :mod:`.doors` then gives that browser a cookie that
proves it.  The passphrase is new at every start unless ``incognito-nb classroom`` hands
one over (``INCOGNITO_NB_PASSPHRASE``), and is made to be read off a terminal and typed on
a tablet: three groups of four letters and digits that are hard to mistake for one another.
"""

from __future__ import annotations

import secrets

#: The letters of a passphrase: no 0/o, 1/l/i, 5/s or 2/z to misread on a projector or a terminal.
LETTERS = "346789abcdefghjkmnpqrtuvwxy"


def new_passphrase(groups: int = 3, size: int = 4) -> str:
    """Returns a new classroom passphrase, in dash-separated groups (``k7qx-m3pa-9dtr``: 57 bits)."""
    return "-".join("".join(secrets.choice(LETTERS) for _ in range(size)) for _ in range(groups))


def normal_passphrase(text: str) -> str:
    """Returns a passphrase as typed, without spaces or dashes, in lower case."""
    return "".join(char for char in text.lower() if char.isalnum())
